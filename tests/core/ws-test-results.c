/* ws-test-results.c: a benchmark run's files made by hand (see
 * ws-test-util.h) — samples chosen so that what compare says of two runs
 * is known by construction. */
#define _GNU_SOURCE /* mkfifo under -std=c17 */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <sys/stat.h>

#include "ws-bench-json.h"
#include "ws-csv.h"
#include "ws-test-util.h"

#define SAMPLES 30

/* Sample i of c. */
static double
sample (const WsTestConfig *c, double i)
{
  return c->seconds * (1 + (c->step > 0 ? c->step : 0.001) * i);
}

char *
ws_test_config_key (const WsTestConfig *c)
{
  return g_strdup_printf ("%s|%s|float32|uniform|%" G_GUINT64_FORMAT "||0|1|end-to-end",
                          c->algorithm, c->variant, c->n);
}

static void
add_string (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, value);
}

static void
add_number (JsonBuilder *b, const char *name, double value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_double_value (b, value);
}

/* The row result.csv would hold: what the table and the charts read. */
static void
add_row (JsonBuilder *b, const WsTestConfig *c)
{
  gboolean ran = c->seconds > 0;

  json_builder_set_member_name (b, "row");
  json_builder_begin_object (b);
  add_string (b, "algorithm", c->algorithm);
  add_string (b, "variant", c->variant);
  add_string (b, "type", "float32");
  add_string (b, "distribution", "uniform");
  add_number (b, "n", (double) c->n);
  add_string (b, "params", "");
  add_number (b, "instance", 0);
  add_string (b, "seed", "1");
  add_string (b, "timing", "end-to-end");
  add_string (b, "status", ran ? "ok" : "unavailable");
  add_number (b, "samples", ran ? SAMPLES : 0);
  if (ran)
    {
      add_number (b, "median_s", sample (c, SAMPLES / 2 - 0.5));
      add_number (b, "ci_lo_s", sample (c, 9));
      add_number (b, "ci_hi_s", sample (c, 20));
      add_number (b, "ci_level", 0.95);
    }
  json_builder_end_object (b);
}

/* Thirty samples, none alike. */
static void
add_config (JsonBuilder *b, const WsTestConfig *c)
{
  g_autofree char *key = ws_test_config_key (c);

  json_builder_begin_object (b);
  add_string (b, "key", key);
  add_row (b, c);
  json_builder_set_member_name (b, "samples");
  json_builder_begin_array (b);
  for (guint i = 0; c->seconds > 0 && i < SAMPLES; i++)
    json_builder_add_double_value (b, sample (c, i));
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static void
write_json (const char *path, const WsTestConfig *configs, guint n)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  add_string (b, "format", WS_BENCH_JSON_FORMAT);
  add_number (b, "version", WS_BENCH_JSON_VERSION);
  json_builder_set_member_name (b, "configurations");
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    add_config (b, &configs[i]);
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  text = json_generator_to_data (gen, NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

char *
ws_test_write_run (const char *dir, const WsTestConfig *configs, guint n)
{
  g_autofree char *json = g_build_filename (dir, WS_BENCH_JSON_FILE, NULL);
  g_autofree char *csv = g_build_filename (dir, "result.csv", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsBenchJson) read = NULL;
  g_autoptr (WsCsvTable) table = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  write_json (json, configs, n);
  /* result.csv from what the reader makes of it: the two files agree. */
  read = ws_bench_json_load (json, &error);
  g_assert_no_error (error);
  table = ws_bench_json_table (read);
  g_assert_true (ws_csv_table_write (table, csv, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&json);
}

GStrv
ws_test_make_not_runs (const char *dir)
{
  const char bytes[] = { 'P', 'K', 3, 4, 0, (char) 0xff, (char) 0xfe, '\n', 0, 1, 2, 3 };
  const char *const names[] = { "empty.json", "binary.csv", "fifo.json", "folder", "missing.json" };
  GStrv paths = g_new0 (char *, G_N_ELEMENTS (names) + 1);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    paths[i] = g_build_filename (dir, names[i], NULL);
  g_assert_true (g_file_set_contents (paths[0], "", 0, NULL));
  g_assert_true (g_file_set_contents (paths[1], bytes, sizeof bytes, NULL));
  g_assert_cmpint (mkfifo (paths[2], 0600), ==, 0);
  g_assert_cmpint (g_mkdir (paths[3], 0700), ==, 0);
  return paths;
}
