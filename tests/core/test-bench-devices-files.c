/* test-bench-devices-files.c: the files of a plan run on several GPUs
 * (issue 21's devices), on the GPU double of two GPUs (fake-gpus.h) — the
 * device_index column of result.csv and result.json written and read back,
 * the context's GPUs, files from before the column, the keys compare pairs,
 * shards merged, and the charts and the console table with a series or a
 * column a GPU only where the results have several. */
#include <stdio.h>
#include <string.h>

#include "fake-gpus.h"
#include "ws-bench-csv.h"
#include "ws-bench-devices.h"
#include "ws-bench-json.h"
#include "ws-bench-merge.h"
#include "ws-bench-record.h"
#include "ws-bench-report.h"
#include "ws-bench-rows.h"
#include "ws-bench-samples.h"
#include "ws-bench-shard.h"
#include "ws-bench.h"
#include "ws-compare.h"
#include "ws-error.h"
#include "ws-test-util.h"

#define PLAN(more)                                                                              \
  "[preset]\nname = devices\nalgorithms = radix-sort\nvariants = cpu-seq, gpu, gpu-lib\n"        \
  "baseline = cpu-seq\nsizes = 1000, 2000\nrepetitions = 3\nwarmup = 1\nverify = false\n" more

/* ---- a run, as bench writes it ---- */

typedef struct
{
  const WsPreset *preset;
  WsBenchCsv     *csv;     /* or NULL */
  FILE           *samples; /* or NULL */
  WsBenchJson    *json;
  WsCsvTable     *table;   /* the rows, as result.csv holds them */
} Run;

static gboolean
on_finished (const WsBenchRow *row, gpointer data, GError **error)
{
  Run *r = data;

  GStrv fields = ws_bench_csv_fields (r->preset, row);

  ws_bench_json_add_row (r->json, row, (const char *const *) fields);
  ws_csv_table_append (r->table, fields);
  return (r->csv == NULL || ws_bench_csv_append_fields (r->csv, (const char *const *) fields, error))
         && (r->samples == NULL || ws_bench_samples_append (r->samples, row, error));
}

static WsBenchPlan *
plan_of (const char *text, WsBenchRecord **record)
{
  g_autoptr (GError) error = NULL;
  WsPreset *p = ws_preset_load_data ("x.ini", text, strlen (text), &error);
  WsBenchPlan *plan;

  g_assert_no_error (error);
  {
    g_autoptr (GArray) gpus = ws_bench_query_gpus (p, NULL);
    g_assert_true (ws_bench_devices_resolve (p, gpus, NULL, "devices", &error));
    if (record != NULL)
      *record = ws_bench_record_new (p, gpus);
    plan = ws_bench_plan_new (p, &error);
    g_assert_no_error (error);
    plan->gpus = g_steal_pointer (&gpus);
  }
  return plan;
}

/* Runs plan (its record: context and run.ini) into r; into dir's files too
 * where dir is given. */
static void
run_into (WsBenchPlan *plan, const WsBenchRecord *record, const char *dir, Run *r)
{
  const WsBenchCallbacks cb = { NULL, on_finished, NULL };
  g_autoptr (GError) error = NULL;

  *r = (Run) { plan->preset };
  r->json = ws_bench_json_new (ws_bench_context_new (plan->preset, record, plan->gpus));
  r->table = ws_csv_table_new (ws_bench_csv_columns ());
  if (dir != NULL)
    {
      g_autofree char *csv = g_build_filename (dir, "result.csv", NULL);
      g_autofree char *samples = g_build_filename (dir, "samples.csv", NULL);
      r->csv = ws_bench_csv_open (csv, &error);
      g_assert_no_error (error);
      r->samples = fopen (samples, "w");
      fputs (WS_BENCH_SAMPLES_HEADER, r->samples);
    }
  fake_gpus_reset ();
  g_assert_true (ws_bench_run (plan, &cb, r, NULL, &error));
  g_assert_no_error (error);
  g_clear_pointer (&r->csv, ws_bench_csv_close);
  g_clear_pointer (&r->samples, fclose);
}

static void
run_clear (Run *r)
{
  g_clear_pointer (&r->json, ws_bench_json_free);
  g_clear_pointer (&r->table, ws_csv_table_free);
}

/* A whole run of text's plan, kept in memory. */
static void
run_text (const char *text, Run *r, WsBenchPlan **plan)
{
  g_autoptr (WsBenchRecord) record = NULL;

  *plan = plan_of (text, &record);
  run_into (*plan, record, NULL, r);
}

/* text's plan run into a new folder (*dir) as bench writes it there
 * (result.csv, samples.csv); r keeps the rows too. */
static WsBenchPlan *
run_in_dir (const char *text, char **dir, Run *r)
{
  g_autoptr (WsBenchRecord) record = NULL;
  WsBenchPlan *plan = plan_of (text, &record);

  *dir = ws_test_make_dir ();
  run_into (plan, record, *dir, r);
  return plan;
}

/* The row of variant at n = 1000 on device ("" for the CPU), or -1. */
static int
row_of (const WsCsvTable *t, const char *variant, const char *device)
{
  for (guint r = 0; r < t->rows->len; r++)
    if (g_str_equal (ws_csv_table_get (t, r, "variant"), variant)
        && g_str_equal (ws_csv_table_get (t, r, "n"), "1000")
        && g_str_equal (ws_csv_table_get (t, r, "device_index"), device))
      return (int) r;
  return -1;
}

/* ---- result.csv ---- */

/* The column written and read back: the GPU's number, empty for the CPU. */
static void
test_csv (void)
{
  g_autofree char *dir = NULL, *path = NULL;
  g_autoptr (WsCsvTable) back = NULL;
  g_autoptr (GError) error = NULL;
  WsBenchRow row = { 0 };
  Run r;
  g_autoptr (WsBenchPlan) plan = run_in_dir (PLAN ("devices = all\n"), &dir, &r);
  int gpu1, cpu;

  path = g_build_filename (dir, "result.csv", NULL);
  back = ws_csv_table_read (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->rows->len, ==, plan->configs->len);
  gpu1 = row_of (back, "gpu", "1"), cpu = row_of (back, "cpu-seq", "");
  g_assert_cmpint (gpu1, >=, 0);
  g_assert_cmpint (cpu, >=, 0);
  g_assert_cmpint (row_of (back, "gpu", "0"), >=, 0);
  g_assert_true (g_str_has_suffix (ws_csv_table_get (back, gpu1, "key"), "|gpu1"));
  g_assert_true (ws_bench_csv_row (back, gpu1, &row, &error));
  g_assert_cmpint (row.device_index, ==, 1);
  g_assert_cmpstr (row.device, ==, "Fake GPU 1");
  g_assert_true (ws_bench_csv_row (back, cpu, &row, &error));
  g_assert_cmpint (row.device_index, ==, -1);
  ws_bench_row_clear (&row);
  run_clear (&r);
  ws_test_remove_dir (dir);
}

/* t written to path without the columns `drop` names: a result.csv of a
 * version before they were added. */
static void
write_without (const WsCsvTable *t, const char *path, const char *const *drop)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint l = 0; l <= t->rows->len; l++)
    {
      const char *const *f = l == 0 ? (const char *const *) t->header : ws_csv_table_row (t, l - 1);
      gboolean first = TRUE;
      for (guint c = 0; f[c] != NULL; c++)
        if (!g_strv_contains (drop, t->header[c]))
          {
            g_autofree char *q = ws_csv_quote (f[c]);
            g_string_append_printf (text, "%s%s", first ? "" : ",", q);
            first = FALSE;
          }
      g_string_append_c (text, '\n');
    }
  g_assert_true (g_file_set_contents (path, text->str, -1, NULL));
}

/* A result.csv from before the column: read, its rows of no GPU number,
 * charted with the series of one GPU; appending to it is refused, as its
 * header is another. */
static void
test_csv_without_column (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "result.csv", NULL);
  static const char *const drop[] = { "device_index", NULL };
  g_autoptr (WsCsvTable) table = NULL;
  g_autoptr (WsPlot) plot = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *warning = NULL;
  WsBenchLeftOut left = { 0 };
  WsBenchRow row = { 0 };
  WsBenchPlan *plan;
  Run r;

  run_text (PLAN (""), &r, &plan);
  write_without (r.table, path, drop);
  table = ws_bench_results_read (path, NULL, NULL, NULL, &left, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (left.count, ==, 0);
  g_assert_null (ws_csv_table_get (table, 1, "device_index"));
  g_assert_true (ws_bench_csv_row (table, 1, &row, &error));
  g_assert_cmpint (row.device_index, ==, -1);
  plot = ws_bench_chart_read (path, "radix-sort", WS_CHART_TIME, NULL, &warning, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ws_plot_n_series (plot), ==, 3);
  g_assert_cmpstr (ws_plot_series_name (plot, 1), ==, "radix-sort gpu");
  g_assert_null (ws_bench_csv_open (path, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  ws_bench_row_clear (&row);
  ws_bench_left_out_clear (&left);
  run_clear (&r);
  ws_bench_plan_free (plan);
  ws_test_remove_dir (dir);
}

/* ---- result.json ---- */

/* r's result.json written into dir: its path, and *text what it holds. */
static char *
write_json (const Run *r, const char *dir, char **text)
{
  g_autoptr (GError) error = NULL;
  char *path = g_build_filename (dir, WS_BENCH_JSON_FILE, NULL);

  g_assert_true (ws_bench_json_write (r->json, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, text, NULL, NULL));
  return path;
}

/* The context names each GPU used (with what tells them apart), a row its
 * GPU's number as a JSON number; both read back. */
static void
test_json (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *path = NULL, *text = NULL;
  g_autoptr (WsBenchJson) back = NULL;
  g_autoptr (WsCsvTable) table = NULL;
  g_autoptr (GError) error = NULL;
  const WsBenchContext *c;
  const WsBenchContextGpu *g;
  WsBenchPlan *plan;
  Run r;

  run_text (PLAN ("devices = 1, 0\n"), &r, &plan);
  path = write_json (&r, dir, &text);
  g_assert_nonnull (strstr (text, "\"device_index\" : 1,"));
  g_assert_nonnull (strstr (text, "\"device_index\" : null,"));
  g_assert_nonnull (strstr (text, "\"devices\" : ["));
  back = ws_bench_json_load (path, &error);
  g_assert_no_error (error);
  c = ws_bench_json_context (back);
  g_assert_cmpstr (c->gpu, ==, "Fake GPU 1"); /* the first named */
  g_assert_nonnull (c->devices);
  g_assert_cmpuint (c->devices->len, ==, 2);
  g = c->devices->pdata[0];
  g_assert_cmpint (g->index, ==, 1);
  g_assert_cmpstr (g->name, ==, "Fake GPU 1");
  g_assert_cmpstr (g->capability, ==, "9.0");
  g_assert_cmpuint (g->memory, ==, (guint64) 80 << 30);
  g_assert_cmpstr (g->uuid, ==, "GPU-00000000-0000-0000-0000-000000000001");
  g_assert_cmpstr (g->pci_bus_id, ==, "0000:02:00.0");
  g_assert_cmpint (((WsBenchContextGpu *) c->devices->pdata[1])->index, ==, 0);
  g_assert_cmpstr (c->plan_hash, !=, NULL);
  table = ws_bench_json_table (back);
  g_assert_cmpint (row_of (table, "gpu", "1"), >=, 0);
  g_assert_cmpint (row_of (table, "gpu-lib", "0"), >=, 0);
  g_assert_cmpint (row_of (table, "cpu-seq", ""), >=, 0);
  run_clear (&r);
  ws_bench_plan_free (plan);
  ws_test_remove_dir (dir);
}

/* Without devices the context has no "devices", and a file without the
 * row's member reads as an empty field; a member of the wrong type is
 * named. */
static void
test_json_old (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *path = NULL, *text = NULL;
  g_autoptr (WsBenchJson) back = NULL, bad = NULL;
  g_autoptr (WsCsvTable) table = NULL;
  g_autoptr (GRegex) member = g_regex_new ("\\s*\"device_index\" : [0-9a-z]+,", 0, 0, NULL);
  g_autofree char *old = NULL;
  g_autoptr (GString) wrong = NULL;
  g_autoptr (GError) error = NULL;
  WsBenchPlan *plan;
  Run r;

  run_text (PLAN (""), &r, &plan);
  path = write_json (&r, dir, &text);
  g_assert_null (strstr (text, "\"devices\" : ["));
  old = g_regex_replace_literal (member, text, -1, 0, "", 0, NULL);
  g_assert_null (strstr (old, "device_index"));
  g_assert_true (g_file_set_contents (path, old, -1, NULL));
  back = ws_bench_json_load (path, &error);
  g_assert_no_error (error);
  g_assert_null (ws_bench_json_context (back)->devices);
  table = ws_bench_json_table (back);
  for (guint i = 0; i < table->rows->len; i++)
    g_assert_cmpstr (ws_csv_table_get (table, i, "device_index"), ==, "");
  wrong = g_string_new (text);
  g_string_replace (wrong, "\"device_index\" : 0", "\"device_index\" : \"zero\"", 1);
  g_assert_true (g_file_set_contents (path, wrong->str, -1, NULL));
  bad = ws_bench_json_load (path, &error);
  g_assert_null (bad);
  g_assert_nonnull (strstr (error->message, "configurations[1].row.device_index is a string, not a number"));
  run_clear (&r);
  ws_bench_plan_free (plan);
  ws_test_remove_dir (dir);
}

/* ---- compare's keys ---- */

/* GPU 0's rows pair with a run on one GPU; GPU 1's are a key each of their
 * own, none shared with GPU 0's, and compare with themselves. */
static void
test_compare_keys (void)
{
  WsBenchPlan *two_plan, *one_plan;
  Run two, one;
  g_autoptr (WsBenchSamples) a = NULL, b = NULL;
  guint shared = 0, gpu1 = 0;

  run_text (PLAN ("devices = all\n"), &two, &two_plan);
  run_text (PLAN (""), &one, &one_plan);
  a = ws_bench_json_samples (two.json), b = ws_bench_json_samples (one.json);
  g_assert_cmpuint (a->keys->len, ==, 10);
  g_assert_cmpuint (g_hash_table_size (a->samples), ==, 10);
  for (guint i = 0; i < a->keys->len; i++)
    {
      const char *key = a->keys->pdata[i];
      GArray *mine = ws_bench_samples_get (a, key), *theirs = ws_bench_samples_get (b, key);
      if (g_str_has_suffix (key, "|gpu1"))
        {
          WsComparison same;
          g_autoptr (GError) error = NULL;
          gpu1++;
          g_assert_null (theirs);
          g_assert_true (ws_compare_samples ((double *) mine->data, mine->len,
                                             (double *) mine->data, mine->len, 0.05, &same, &error));
          g_assert_cmpint (same.verdict, ==, WS_VERDICT_SAME);
          /* GPU 1 of the double is twice as slow as GPU 0. */
          g_assert_cmpfloat (g_array_index (mine, double, 0), ==, 2e-3);
          continue;
        }
      g_assert_nonnull (theirs);
      shared++;
    }
  g_assert_cmpuint (gpu1, ==, 4);
  g_assert_cmpuint (shared, ==, b->keys->len);
  run_clear (&two), run_clear (&one);
  ws_bench_plan_free (two_plan), ws_bench_plan_free (one_plan);
}

/* ---- merge ---- */

/* Shard `index` of 2 of the plan, run into dir as bench --shard writes it. */
static void
run_shard (const char *text, guint index, const char *dir)
{
  g_autoptr (WsBenchRecord) record = NULL;
  g_autoptr (WsBenchPlan) plan = plan_of (text, &record);
  g_autoptr (WsBenchPlanKeys) keys = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *shard_text = NULL, *json = g_build_filename (dir, WS_BENCH_JSON_FILE, NULL);
  WsBenchShard shard = { index, 2 };
  Run r;

  g_assert_true (ws_bench_plan_shard (plan, &shard, &keys, &error));
  shard_text = ws_bench_shard_text (&shard);
  ws_bench_record_set_shard (record, shard_text);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  run_into (plan, record, dir, &r);
  g_assert_true (ws_bench_record_write (record, dir, &error));
  g_assert_true (ws_bench_plan_keys_write (dir, keys, &error));
  g_assert_true (ws_bench_json_write (r.json, json, &error));
  g_assert_no_error (error);
  run_clear (&r);
}

/* Two shards of a plan on two GPUs merge into the whole plan's rows, in
 * its order, every GPU row with its number, every sample in samples.csv
 * (read by its one reader) and each shard's GPUs in result.json. */
static void
test_merge (void)
{
  g_autofree char *top = ws_test_make_dir ();
  g_autofree char *s1 = g_build_filename (top, "shard-1", NULL);
  g_autofree char *s2 = g_build_filename (top, "shard-2", NULL);
  g_autofree char *out = g_build_filename (top, "merged", NULL);
  g_autofree char *csv = g_build_filename (out, "result.csv", NULL);
  g_autofree char *samples = g_build_filename (out, "samples.csv", NULL);
  g_autofree char *json = g_build_filename (out, WS_BENCH_JSON_FILE, NULL);
  const char *dirs[] = { s2, s1, NULL };
  g_autoptr (WsBenchPlan) whole = plan_of (PLAN ("devices = all\n"), NULL);
  g_autoptr (WsCsvTable) rows = NULL;
  g_autoptr (WsBenchSamples) merged = NULL;
  g_autoptr (WsBenchJson) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *summary = NULL;
  const WsBenchContext *c;

  run_shard (PLAN ("devices = all\n"), 1, s1);
  run_shard (PLAN ("devices = all\n"), 2, s2);
  g_assert_true (ws_bench_merge (dirs, out, &summary, &error));
  g_assert_no_error (error);
  rows = ws_csv_table_read (csv, &error);
  g_assert_no_error (error);
  merged = ws_bench_samples_load (samples, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rows->rows->len, ==, whole->configs->len);
  for (guint i = 0; i < whole->configs->len; i++)
    {
      const WsBenchConfig *cfg = whole->configs->pdata[i];
      g_autofree char *device = cfg->device >= 0 ? g_strdup_printf ("%d", cfg->device) : g_strdup ("");
      g_assert_cmpstr (ws_csv_table_get (rows, i, "key"), ==, cfg->key);
      g_assert_cmpstr (ws_csv_table_get (rows, i, "device_index"), ==, device);
      g_assert_cmpstr (merged->keys->pdata[i], ==, cfg->key);
      g_assert_cmpuint (ws_bench_samples_get (merged, cfg->key)->len, ==, 3);
    }
  back = ws_bench_json_load (json, &error);
  g_assert_no_error (error);
  c = ws_bench_json_context (back);
  g_assert_cmpuint (c->shards->len, ==, 2);
  for (guint s = 0; s < 2; s++)
    {
      const WsBenchContext *shard = c->shards->pdata[s];
      g_assert_nonnull (shard->devices);
      g_assert_cmpuint (shard->devices->len, ==, 2);
    }
  ws_test_remove_dir (top);
}

/* Shards of a version before the cold and device_index columns merge: their
 * rows in this version's columns, those empty, as every reader takes them. */
static void
test_merge_older (void)
{
  static const char *const drop[] = { "cold", "device_index", NULL };
  g_autofree char *top = ws_test_make_dir ();
  g_autofree char *out = g_build_filename (top, "merged", NULL);
  g_autofree char *csv = g_build_filename (out, "result.csv", NULL);
  g_auto (GStrv) dirs = g_new0 (char *, 3);
  g_autoptr (WsCsvTable) merged = NULL;
  g_autoptr (GError) error = NULL;
  guint rows = 0;

  dirs[0] = g_build_filename (top, "shard-1", NULL), dirs[1] = g_build_filename (top, "shard-2", NULL);
  for (guint s = 0; s < 2; s++)
    {
      g_autofree char *path = g_build_filename (dirs[s], "result.csv", NULL);
      g_autoptr (WsCsvTable) t = NULL;
      run_shard (PLAN (""), s + 1, dirs[s]);
      t = ws_csv_table_read (path, &error);
      g_assert_no_error (error);
      rows += t->rows->len;
      write_without (t, path, drop);
    }
  g_assert_true (ws_bench_merge ((const char *const *) dirs, out, NULL, &error));
  g_assert_no_error (error);
  merged = ws_csv_table_read (csv, &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (merged->header, ws_bench_csv_columns ());
  g_assert_cmpuint (merged->rows->len, ==, rows);
  for (guint r = 0; r < rows; r++)
    {
      g_assert_cmpstr (ws_csv_table_get (merged, r, "device_index"), ==, "");
      g_assert_cmpstr (ws_csv_table_get (merged, r, "cold"), ==, "");
      g_assert_cmpstr (ws_csv_table_get (merged, r, "status"), ==, "ok");
    }
  /* Columns of no version of Warpscope: refused, as before. */
  {
    g_autofree char *path = g_build_filename (dirs[0], "result.csv", NULL);
    g_autofree char *again = g_build_filename (top, "again", NULL);
    static const char *const more[] = { "cold", "device_index", "median_s", NULL };
    g_autoptr (WsCsvTable) t = ws_csv_table_read (path, &error);
    write_without (t, path, more);
    g_assert_false (ws_bench_merge ((const char *const *) dirs, again, NULL, &error));
    g_assert_nonnull (strstr (error->message, "its columns differ"));
  }
  ws_test_remove_dir (top);
}

/* ---- charts and the console table ---- */

static int
by_text (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* The chart's series, sorted: they come in the order the rows finished,
 * which the GPUs' threads decide. */
static GStrv
series_of (const WsCsvTable *t)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsPlot) plot = ws_bench_chart (t, "radix-sort", WS_CHART_TIME, NULL, &error);
  GPtrArray *names = g_ptr_array_new ();

  g_assert_no_error (error);
  for (guint s = 0; s < ws_plot_n_series (plot); s++)
    g_ptr_array_add (names, g_strdup (ws_plot_series_name (plot, s)));
  g_ptr_array_sort (names, by_text);
  g_ptr_array_add (names, NULL);
  return (GStrv) g_ptr_array_free (names, FALSE);
}

/* A series a GPU where the rows have several; as before where one. */
static void
test_chart (void)
{
  static const char *const several[] = { "radix-sort cpu-seq", "radix-sort gpu · GPU 0",
                                         "radix-sort gpu · GPU 1", "radix-sort gpu-lib · GPU 0",
                                         "radix-sort gpu-lib · GPU 1", NULL };
  static const char *const one[] = { "radix-sort cpu-seq", "radix-sort gpu", "radix-sort gpu-lib",
                                     NULL };
  static const char *const texts[] = { PLAN ("devices = all\n"), PLAN ("devices = 1\n"), PLAN ("") };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      WsBenchPlan *plan;
      Run r;
      g_auto (GStrv) names = NULL;

      run_text (texts[i], &r, &plan);
      names = series_of (r.table);
      g_assert_cmpstrv (names, i == 0 ? several : one);
      run_clear (&r);
      ws_bench_plan_free (plan);
    }
}

/* plot reads a file row by row: the series are named once all are read. */
static void
test_chart_file (void)
{
  g_autofree char *dir = NULL, *path = NULL;
  g_autoptr (WsPlot) plot = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *warning = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  static const char *const speedups[] = { "radix-sort gpu · GPU 0", "radix-sort gpu · GPU 1",
                                          "radix-sort gpu-lib · GPU 0",
                                          "radix-sort gpu-lib · GPU 1", NULL };
  Run r;
  g_autoptr (WsBenchPlan) plan = run_in_dir (PLAN ("devices = all\n"), &dir, &r);

  path = g_build_filename (dir, "result.csv", NULL);
  plot = ws_bench_chart_read (path, "radix-sort", WS_CHART_SPEEDUP, NULL, &warning, &error);
  g_assert_no_error (error);
  /* In the order the rows finished, which the GPUs' threads decide. */
  g_assert_cmpuint (ws_plot_n_series (plot), ==, 4);
  for (guint s = 0; s < 4; s++)
    g_ptr_array_add (names, (gpointer) ws_plot_series_name (plot, s));
  g_ptr_array_sort (names, by_text);
  g_ptr_array_add (names, NULL);
  g_assert_cmpstrv ((GStrv) names->pdata, speedups);
  run_clear (&r);
  ws_test_remove_dir (dir);
}

static char *
table_text (const WsCsvTable *t)
{
  FILE *out = tmpfile ();
  char buf[8192];
  char *text;

  ws_bench_report_table (t, out);
  rewind (out);
  text = g_strndup (buf, fread (buf, 1, sizeof buf - 1, out));
  fclose (out);
  return text;
}

/* The console table's columns: a GPU each only where there are several. */
static void
test_report_table (void)
{
  WsBenchPlan *two_plan, *one_plan;
  Run two, one;
  g_autofree char *two_text = NULL, *one_text = NULL;

  run_text (PLAN ("devices = all\n"), &two, &two_plan);
  run_text (PLAN ("devices = 1\n"), &one, &one_plan);
  two_text = table_text (two.table), one_text = table_text (one.table);
  g_assert_nonnull (strstr (two_text, "gpu · GPU 0"));
  g_assert_nonnull (strstr (two_text, "gpu-lib · GPU 1"));
  g_assert_null (strstr (two_text, "cpu-seq · GPU"));
  g_assert_null (strstr (one_text, "· GPU"));
  g_assert_nonnull (strstr (one_text, "gpu-lib"));
  run_clear (&two), run_clear (&one);
  ws_bench_plan_free (two_plan), ws_bench_plan_free (one_plan);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bench-devices-files/csv", test_csv);
  g_test_add_func ("/bench-devices-files/csv/without-column", test_csv_without_column);
  g_test_add_func ("/bench-devices-files/json", test_json);
  g_test_add_func ("/bench-devices-files/json/old", test_json_old);
  g_test_add_func ("/bench-devices-files/compare-keys", test_compare_keys);
  g_test_add_func ("/bench-devices-files/merge", test_merge);
  g_test_add_func ("/bench-devices-files/merge/older", test_merge_older);
  g_test_add_func ("/bench-devices-files/chart", test_chart);
  g_test_add_func ("/bench-devices-files/chart/file", test_chart_file);
  g_test_add_func ("/bench-devices-files/report-table", test_report_table);
  return g_test_run ();
}
