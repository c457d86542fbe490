/* test-bench-json.c: result.json — a real plan's rows and samples written
 * and read back field for field and sample for sample, the context with
 * them; a resumed run's configurations kept in place; and files that are
 * damaged, cut short, of another kind or holding a wrong type refused with
 * an error naming the file and the member. */
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "ws-bench-csv.h"
#include "ws-bench-devices.h"
#include "ws-bench-json.h"
#include "ws-bench-record.h"
#include "ws-error.h"
#include "ws-test-util.h"

#define PLAN                                                                                   \
  "[preset]\nname = Json\nalgorithms = bitonic, reduce\nvariants = cpu-seq, cpu-par, gpu\n"   \
  "sizes = 256, 1000\nrepetitions = 4\nseed = 18446744073709551615\n"

typedef struct
{
  WsBenchJson *json;
  WsPreset    *preset;
} Collect;

static gboolean
on_finished (const WsBenchRow *row, gpointer data, GError **error)
{
  Collect *c = data;
  g_auto (GStrv) fields = ws_bench_csv_fields (c->preset, row);

  ws_bench_json_add_row (c->json, row, (const char *const *) fields);
  return TRUE;
}

/* The plan run, every row in a result. */
static WsBenchJson *
run_plan (WsBenchPlan *plan)
{
  g_autoptr (GArray) gpus = ws_bench_query_gpus (plan->preset, NULL);
  g_autoptr (WsBenchRecord) record = ws_bench_record_new (plan->preset, gpus);
  Collect c = { ws_bench_json_new (ws_bench_context_new (plan->preset, record, gpus)), plan->preset };
  const WsBenchCallbacks cb = { NULL, on_finished, NULL };
  g_autoptr (GError) error = NULL;

  g_assert_true (ws_bench_run (plan, &cb, &c, NULL, &error));
  g_assert_no_error (error);
  return c.json;
}

static void
assert_same_configs (const WsBenchJson *a, const WsBenchJson *b)
{
  g_assert_cmpuint (ws_bench_json_n_configs (a), ==, ws_bench_json_n_configs (b));
  for (guint i = 0; i < ws_bench_json_n_configs (a); i++)
    {
      const WsBenchJsonConfig *x = ws_bench_json_config (a, i), *y = ws_bench_json_config (b, i);
      g_assert_cmpstr (x->key, ==, y->key);
      g_assert_cmpuint (g_strv_length (x->fields), ==, g_strv_length (y->fields));
      for (guint f = 0; x->fields[f] != NULL; f++)
        g_assert_cmpstr (x->fields[f], ==, y->fields[f]);
      g_assert_cmpuint (x->samples->len, ==, y->samples->len);
      /* JSON-GLib writes doubles with 17 digits: the samples come back exactly. */
      for (guint s = 0; s < x->samples->len; s++)
        g_assert_cmpfloat (g_array_index (x->samples, double, s), ==,
                           g_array_index (y->samples, double, s));
    }
}

/* Written and read back: the same rows as result.csv's fields, the same
 * samples, the same context. */
static void
test_round_trip (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (PLAN);
  g_autoptr (WsBenchJson) json = run_plan (plan);
  g_autofree char *path = ws_test_tmp_path ("result.json");
  g_autoptr (WsBenchJson) back = NULL;
  g_autoptr (GError) error = NULL;
  const WsBenchContext *c, *w = ws_bench_json_context (json);
  const WsBenchJsonConfig *ok = NULL;

  g_assert_true (ws_bench_json_write (json, path, &error));
  g_assert_no_error (error);
  back = ws_bench_json_load (path, &error);
  g_assert_no_error (error);
  assert_same_configs (json, back);
  /* 2 algorithms × 3 variants × 2 sizes, GPU rows unavailable without one. */
  g_assert_cmpuint (ws_bench_json_n_configs (back), ==, 12);
  for (guint i = 0; i < ws_bench_json_n_configs (back) && ok == NULL; i++)
    if (strstr (ws_bench_json_config (back, i)->key, "cpu-seq") != NULL)
      ok = ws_bench_json_config (back, i);
  g_assert_nonnull (ok);
  g_assert_cmpuint (ok->samples->len, ==, 4);
  c = ws_bench_json_context (back);
  g_assert_cmpstr (c->host, ==, g_get_host_name ());
  g_assert_cmpstr (c->cpu, ==, w->cpu);
  g_assert_cmpuint (c->logical_cpus, ==, w->logical_cpus);
  g_assert_cmpuint (c->logical_cpus, >, 0);
  g_assert_cmpuint (c->threads, ==, w->threads);
  g_assert_cmpstr (c->plan_hash, ==, w->plan_hash);
  g_assert_cmpuint (strlen (c->plan_hash), ==, 16);
  g_assert_cmpstr (c->build, ==, w->build);
  g_assert_cmpstr (c->gpu, ==, w->gpu);
  g_assert_cmpstr (c->cuda, ==, w->cuda);
  g_assert_cmpstr (c->driver, ==, w->driver);
  g_assert_nonnull (c->cuda); /* the plan has a GPU variant: the backend said what it is */
  g_assert_cmpstr (c->preset, ==, "Json");
  g_assert_cmpuint (g_strv_length (c->settings), ==, g_strv_length (w->settings));
  for (guint i = 0; c->settings[i] != NULL; i++)
    g_assert_cmpstr (c->values[i], ==, w->values[i]);
  g_remove (path);
}

/* The rows read back as a table are what result.csv would hold, and the
 * samples what compare reads. */
static void
test_table_and_samples (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (PLAN);
  g_autoptr (WsBenchJson) json = run_plan (plan);
  g_autoptr (WsCsvTable) t = ws_bench_json_table (json);
  g_autoptr (WsBenchSamples) s = ws_bench_json_samples (json);
  guint with_samples = 0;

  g_assert_cmpuint (t->rows->len, ==, ws_bench_json_n_configs (json));
  for (guint i = 0; i < ws_bench_json_n_configs (json); i++)
    {
      const WsBenchJsonConfig *c = ws_bench_json_config (json, i);
      g_assert_cmpstr (ws_csv_table_get (t, i, WS_BENCH_CSV_KEY), ==, c->key);
      g_assert_cmpstr (ws_csv_table_get (t, i, "seed"), ==, "18446744073709551615");
      if (c->samples->len > 0)
        {
          GArray *a = ws_bench_samples_get (s, c->key);
          with_samples++;
          g_assert_nonnull (a);
          g_assert_cmpuint (a->len, ==, c->samples->len);
          g_assert_cmpstr (ws_csv_table_get (t, i, "status"), ==, "ok");
        }
      else
        g_assert_null (ws_bench_samples_get (s, c->key));
    }
  g_assert_cmpuint (s->keys->len, ==, with_samples);
  g_assert_cmpuint (with_samples, >=, 8); /* the CPU rows */
}

/* A resumed run keeps an earlier configuration in its place and replaces
 * one measured again. */
static void
test_add_config (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (PLAN);
  g_autoptr (WsBenchJson) a = run_plan (plan);
  g_autoptr (WsBenchJson) b = ws_bench_json_new (NULL);
  g_autoptr (WsBenchJsonConfig) changed = NULL;
  const WsBenchJsonConfig *first = ws_bench_json_config (a, 0);

  for (guint i = 0; i < ws_bench_json_n_configs (a); i++)
    ws_bench_json_add_config (b, ws_bench_json_config (a, i));
  assert_same_configs (a, b);
  changed = g_new0 (WsBenchJsonConfig, 1);
  changed->key = g_strdup (first->key);
  changed->fields = g_strdupv (first->fields);
  changed->samples = g_array_new (FALSE, FALSE, sizeof (double));
  ws_bench_json_add_config (b, changed);
  g_assert_cmpuint (ws_bench_json_n_configs (b), ==, ws_bench_json_n_configs (a));
  g_assert_cmpuint (ws_bench_json_config (b, 0)->samples->len, ==, 0);
  g_assert_true (ws_bench_json_lookup (b, first->key) == ws_bench_json_config (b, 0));
}

/* A write that is not due leaves the file as it was. */
static void
test_write_due (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (PLAN);
  g_autoptr (WsBenchJson) json = run_plan (plan);
  g_autoptr (WsBenchJson) empty = ws_bench_json_new (NULL);
  g_autofree char *path = ws_test_tmp_path ("due.json");
  g_autoptr (WsBenchJson) back = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (ws_bench_json_write_due (empty, path, &error)); /* the first is always due */
  for (guint i = 0; i < ws_bench_json_n_configs (json); i++)
    ws_bench_json_add_config (empty, ws_bench_json_config (json, i));
  g_assert_true (ws_bench_json_write_due (empty, path, &error)); /* within a second: not */
  back = ws_bench_json_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ws_bench_json_n_configs (back), ==, 0);
  g_clear_pointer (&back, ws_bench_json_free);
  g_assert_true (ws_bench_json_write (empty, path, &error));
  back = ws_bench_json_load (path, &error);
  g_assert_cmpuint (ws_bench_json_n_configs (back), ==, ws_bench_json_n_configs (json));
  g_remove (path);
}

/* text in a file; its load fails with WS_ERROR_PARSE (or IO) naming the
 * file and saying want. */
static void
assert_refused (const char *text, gssize length, const char *want)
{
  g_autofree char *path = ws_test_tmp_path ("bad.json");
  g_autoptr (GError) error = NULL;
  g_autoptr (WsBenchJson) json = NULL;

  g_assert_true (g_file_set_contents (path, text, length, NULL));
  json = ws_bench_json_load (path, &error);
  g_assert_null (json);
  g_assert_nonnull (error);
  if (g_test_verbose ())
    g_printerr ("%s\n", error->message);
  g_assert_true (g_str_has_prefix (error->message, path));
  if (strstr (error->message, want) == NULL)
    g_error ("“%s” does not say “%s”", error->message, want);
  g_remove (path);
}

#define HEAD "{\"format\": \"warpscope-result\", \"version\": 1, "
#define ROW "\"row\": {\"algorithm\": \"bitonic\", \"median_s\": 0.5, \"status\": \"ok\"}"

static void
test_refused (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (PLAN);
  g_autoptr (WsBenchJson) json = run_plan (plan);
  g_autofree char *path = ws_test_tmp_path ("whole.json");
  g_autofree char *text = NULL;
  gsize length;

  /* A real file cut short, and one with a byte damaged. */
  g_assert_true (ws_bench_json_write (json, path, NULL));
  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  assert_refused (text, length / 2, "not valid JSON");
  assert_refused ("{\n  \"format\": x", -1, ":2:13: Parse error");
  /* A member's colon damaged (a byte inside a string would still be JSON). */
  *strchr (text + length / 3, ':') = '}';
  assert_refused (text, length, "not valid JSON");
  g_remove (path);

  assert_refused ("", 0, "empty");
  assert_refused ("{\"format\": \"warpscope-result\xff\"}", -1, "not UTF-8 text");
  assert_refused ("{\"format\": \"x\\ud800\"}", -1, ":1:"); /* a lone surrogate: JSON-GLib's words */
  assert_refused ("[1, 2]", -1, "an array, not a Warpscope result");
  assert_refused ("{\"format\": \"other\"}", -1, "not a Warpscope result");
  assert_refused ("{\"format\": \"warpscope-result\", \"version\": 7, \"configurations\": []}", -1,
                  "newer Warpscope");
  assert_refused (HEAD "\"configurations\": {}}", -1, "no \"configurations\" array");
  assert_refused (HEAD "\"configurations\": [3]}", -1, "configurations[0] is a number, not an object");
  assert_refused (HEAD "\"configurations\": [{\"key\": \"a\", " ROW ", \"samples\": [1e-3, \"x\"]}]}",
                  -1, "configurations[0].samples[1] is a string, not a time in seconds");
  assert_refused (HEAD "\"configurations\": [{\"key\": \"a\", " ROW ", \"samples\": [1e-3, -2]}]}",
                  -1, "configurations[0].samples[1] is -2, not a time in seconds");
  assert_refused (HEAD "\"configurations\": [{\"key\": \"a\", " ROW ", \"samples\": 5}]}", -1,
                  "has no samples array: it is a number");
  assert_refused (HEAD "\"configurations\": [{\"key\": \"a\", \"row\": {\"median_s\": \"fast\"}, "
                  "\"samples\": []}]}", -1, "configurations[0].row.median_s is a string, not a number");
  assert_refused (HEAD "\"configurations\": [{\"key\": \"a\", \"row\": {\"n\": 2.5}, "
                  "\"samples\": []}]}", -1, "configurations[0].row.n is 2.5, not a count");
  assert_refused (HEAD "\"configurations\": [{\"key\": \"a\", \"row\": {\"status\": 1}, "
                  "\"samples\": []}]}", -1, "configurations[0].row.status is a number, not a string");
  assert_refused (HEAD "\"configurations\": [{\"key\": 4, " ROW ", \"samples\": []}]}", -1,
                  "configurations[0].key is a number, not a string");
  assert_refused (HEAD "\"configurations\": [{\"key\": \"a\", " ROW ", \"samples\": []}, "
                  "{\"key\": \"a\", " ROW ", \"samples\": []}]}", -1, "“a” appears twice");
  assert_refused (HEAD "\"context\": {\"cpu\": {\"threads\": \"8\"}}, \"configurations\": []}", -1,
                  "context.cpu.threads is a string, not a count");
  assert_refused (HEAD "\"context\": [], \"configurations\": []}", -1,
                  "context is an array, not an object");
}

/* A missing file and a folder: WS_ERROR_IO from the safe reader. */
static void
test_not_a_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *missing = g_build_filename (dir, "none.json", NULL);

  g_assert_null (ws_bench_json_load (missing, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, missing));
  g_clear_error (&error);
  g_assert_null (ws_bench_json_load (dir, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, dir));
  ws_test_remove_dir (dir);
}

/* A file with only the required members reads, its row's missing columns
 * empty and its numbers as result.csv writes them. */
static void
test_minimal (void)
{
  g_autofree char *path = ws_test_tmp_path ("min.json");
  g_autoptr (GError) error = NULL;
  g_autoptr (WsBenchJson) json = NULL;
  g_autoptr (WsCsvTable) t = NULL;

  g_assert_true (g_file_set_contents (path, HEAD "\"configurations\": [{\"key\": \"k\", "
                                      "\"row\": {\"n\": 1024, \"median_s\": 0.00012345678912, "
                                      "\"speedup\": null, \"future\": [1]}, \"samples\": [2]}]}",
                                      -1, NULL));
  json = ws_bench_json_load (path, &error);
  g_assert_no_error (error);
  t = ws_bench_json_table (json);
  g_assert_cmpstr (ws_csv_table_get (t, 0, "key"), ==, "k");
  g_assert_cmpstr (ws_csv_table_get (t, 0, "n"), ==, "1024");
  g_assert_cmpstr (ws_csv_table_get (t, 0, "median_s"), ==, "0.000123456789");
  g_assert_cmpstr (ws_csv_table_get (t, 0, "speedup"), ==, "");
  g_assert_cmpstr (ws_csv_table_get (t, 0, "algorithm"), ==, "");
  g_assert_cmpfloat (g_array_index (ws_bench_json_config (json, 0)->samples, double, 0), ==, 2.0);
  g_assert_null (ws_bench_json_context (json)->host);
  g_remove (path);
}

/* One shard's machine, as its result.json would say it. */
static WsBenchContext *
machine (const char *shard, const char *host, guint cpus, const char *gpu, guint64 memory)
{
  WsBenchContext *c = g_new0 (WsBenchContext, 1);

  c->shard = g_strdup (shard);
  c->host = g_strdup (host);
  c->cpu = g_strdup ("Xeon");
  c->logical_cpus = cpus;
  c->threads = 8;
  c->gpu = g_strdup (gpu);
  c->gpu_memory = memory;
  c->device = g_strdup_printf ("%s on %s", gpu, host);
  c->preset = g_strdup ("Json");
  return c;
}

/* A merged run's context: what its shards share, the texts they differ in
 * each once joined, numbers they differ in unknown, the plan from run.ini,
 * and every shard's own machine — read back the same once written. */
static void
test_merged_context (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (PLAN);
  g_autoptr (WsBenchRecord) record = ws_bench_record_new (plan->preset, NULL);
  g_autoptr (GPtrArray) shards = g_ptr_array_new_with_free_func ((GDestroyNotify) ws_bench_context_free);
  g_autoptr (WsBenchJson) json = NULL, back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = ws_test_tmp_path ("merged.json");
  const WsBenchContext *c;

  g_ptr_array_add (shards, machine ("1/3", "node1", 32, "H100", 80));
  g_ptr_array_add (shards, machine ("2/3", "node2", 64, "H100", 80));
  g_ptr_array_add (shards, machine ("3/3", "node1", 32, "H200", 0)); /* memory not read */
  ws_bench_record_set_device (record, "H100 on node1 | H100 on node2 | H200 on node1");
  json = ws_bench_json_new (ws_bench_context_merge (g_steal_pointer (&shards), record));
  g_assert_true (ws_bench_json_write (json, path, &error));
  g_assert_no_error (error);
  back = ws_bench_json_load (path, &error);
  g_assert_no_error (error);
  c = ws_bench_json_context (back);
  g_assert_null (c->shard);
  g_assert_cmpstr (c->host, ==, "node1 | node2");
  g_assert_cmpstr (c->cpu, ==, "Xeon");
  g_assert_cmpstr (c->gpu, ==, "H100 | H200");
  g_assert_cmpuint (c->logical_cpus, ==, 0); /* 32 and 64: neither */
  g_assert_cmpuint (c->threads, ==, 8);
  g_assert_cmpuint (c->gpu_memory, ==, 80); /* the shards that know agree */
  g_assert_cmpstr (c->device, ==, ws_bench_record_get (record, "device"));
  g_assert_cmpstr (c->plan_hash, ==, ws_bench_record_get (record, "hash"));
  g_assert_cmpstr (c->build, ==, ws_bench_record_get (record, "build"));
  g_assert_cmpstr (c->preset, ==, "Json");
  g_assert_true (g_strv_contains ((const char *const *) c->settings, "algorithms"));
  g_assert_cmpuint (c->shards->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      const WsBenchContext *was = ws_bench_json_context (json)->shards->pdata[i];
      const WsBenchContext *now = c->shards->pdata[i];
      g_assert_cmpstr (now->shard, ==, was->shard);
      g_assert_cmpstr (now->host, ==, was->host);
      g_assert_cmpuint (now->logical_cpus, ==, was->logical_cpus);
      g_assert_cmpstr (now->gpu, ==, was->gpu);
      g_assert_cmpuint (now->gpu_memory, ==, was->gpu_memory);
      g_assert_cmpstr (now->device, ==, was->device);
      g_assert_null (now->shards);
    }
  /* A copy holds its own shards. */
  g_autoptr (WsBenchContext) copy = ws_bench_context_copy (c);
  g_assert_cmpuint (copy->shards->len, ==, 3);
  g_assert_true (copy->shards->pdata[1] != c->shards->pdata[1]);
  g_assert_cmpstr (((WsBenchContext *) copy->shards->pdata[1])->host, ==, "node2");
  /* A damaged "shards" is named. */
  assert_refused (HEAD "\"context\": {\"shards\": 3}, \"configurations\": []}", -1,
                  "context.shards is a number, not an array");
  assert_refused (HEAD "\"context\": {\"shards\": [{\"cpu\": {\"threads\": \"x\"}}]}, "
                  "\"configurations\": []}", -1, "context.shards[0].cpu.threads is a string");
  g_remove (path);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bench-json/round-trip", test_round_trip);
  g_test_add_func ("/bench-json/table-and-samples", test_table_and_samples);
  g_test_add_func ("/bench-json/add-config", test_add_config);
  g_test_add_func ("/bench-json/write-due", test_write_due);
  g_test_add_func ("/bench-json/refused", test_refused);
  g_test_add_func ("/bench-json/not-a-file", test_not_a_file);
  g_test_add_func ("/bench-json/minimal", test_minimal);
  g_test_add_func ("/bench-json/merged-context", test_merged_context);
  return g_test_run ();
}
