/* test-compare-runs.c: a run beside a baseline, whole (ws-compare-runs.h)
 * — which file of a run holds its samples (a folder's result.json, else its
 * samples.csv; the same beside a result.csv; a file named itself), the
 * rows read with them, and two hand-made runs compared: the pairs in the
 * baseline's order with the verdicts their samples were made for, the
 * configurations of one run alone, and the refusals. */
#define _GNU_SOURCE /* symlink under -std=c17 */
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "ws-bench-report.h"
#include "ws-compare-runs.h"
#include "ws-error.h"
#include "ws-test-util.h"

/* The baseline: a sort, a reduction, a scan, one that did not run, and
 * one the new run lacks. */
static const WsTestConfig base_configs[] = {
  { "bitonic", "cpu-seq", 4096, 1e-3 },
  { "reduce", "cpu-seq", 4096, 2e-4 },
  { "scan", "cpu-par", 4096, 3e-4 },
  { "bitonic", "gpu", 4096, 0 },
  { "dot", "cpu-seq", 4096, 1e-4 },
};

/* The new run: bitonic twice as slow (every sample past every one of the
 * baseline's), reduce the same samples, scan a third faster, and one of
 * its own. */
static const WsTestConfig new_configs[] = {
  { "histogram", "cpu-seq", 4096, 5e-4 },
  { "scan", "cpu-par", 4096, 2e-4 },
  { "reduce", "cpu-seq", 4096, 2e-4 },
  { "bitonic", "cpu-seq", 4096, 2e-3 },
};

typedef struct
{
  char *dir, *base, *fresh;
} Fixture;

static void
set_up (Fixture *f, gconstpointer data)
{
  f->dir = ws_test_make_dir ();
  f->base = g_build_filename (f->dir, "base", NULL);
  f->fresh = g_build_filename (f->dir, "new", NULL);
  g_free (ws_test_write_run (f->base, base_configs, G_N_ELEMENTS (base_configs)));
  g_free (ws_test_write_run (f->fresh, new_configs, G_N_ELEMENTS (new_configs)));
}

static void
tear_down (Fixture *f, gconstpointer data)
{
  ws_test_remove_dir (f->dir);
  g_free (f->dir);
  g_free (f->base);
  g_free (f->fresh);
}

static char *
key_of (const WsTestConfig *c)
{
  return ws_test_config_key (c);
}

static void
assert_file (const char *what_path, const char *want)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *file = ws_compare_samples_file ("BASE", what_path, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (file, ==, want);
}

/* A folder, its result.json, its result.csv: each the folder's
 * result.json; a samples.csv where there is no result.json; any other
 * file itself. */
static void
test_samples_file (Fixture *f, gconstpointer data)
{
  g_autofree char *json = g_build_filename (f->base, "result.json", NULL);
  g_autofree char *csv = g_build_filename (f->base, "result.csv", NULL);
  g_autofree char *samples = g_build_filename (f->base, "samples.csv", NULL);
  g_autofree char *other = g_build_filename (f->dir, "other.csv", NULL);

  assert_file (f->base, json);
  assert_file (json, json);
  assert_file (csv, json);
  g_assert_true (g_file_set_contents (samples, "key,index,seconds\nk,0,1e-3\n", -1, NULL));
  g_assert_cmpint (g_unlink (json), ==, 0);
  assert_file (f->base, samples);
  assert_file (csv, samples);
  assert_file (samples, samples);
  g_assert_true (g_file_set_contents (other, "a,b,c\n1,2,3\n", -1, NULL));
  assert_file (other, other); /* three columns: read as samples, and said if wrong */
}

/* A folder or a result.csv without samples says what to do; another CSV
 * file says what a run is. */
static void
test_no_samples (Fixture *f, gconstpointer data)
{
  g_autofree char *json = g_build_filename (f->base, "result.json", NULL);
  g_autofree char *csv = g_build_filename (f->base, "result.csv", NULL);
  g_autofree char *other = g_build_filename (f->dir, "other.csv", NULL);
  g_autoptr (GError) error = NULL, csv_error = NULL, other_error = NULL;
  g_autofree char *file = NULL, *csv_file = NULL, *other_file = NULL;

  g_assert_cmpint (g_unlink (json), ==, 0);
  file = ws_compare_samples_file ("The baseline", f->base, &error);
  g_assert_null (file);
  g_assert_error (error, WS_ERROR, WS_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, "The baseline "));
  g_assert_nonnull (strstr (error->message, "has neither result.json nor samples.csv"));
  g_assert_nonnull (strstr (error->message, "warpscope-cli bench PLAN -o"));
  csv_file = ws_compare_samples_file ("BASE", csv, &csv_error);
  g_assert_null (csv_file);
  g_assert_error (csv_error, WS_ERROR, WS_ERROR_IO);
  g_assert_nonnull (strstr (csv_error->message, "result.csv holds no samples"));
  /* A CSV file of something else. */
  g_assert_true (g_file_set_contents (other, "a,b\n1,2\n", -1, NULL));
  other_file = ws_compare_samples_file ("BASE", other, &other_error);
  g_assert_null (other_file);
  g_assert_error (other_error, WS_ERROR, WS_ERROR_PARSE);
  g_assert_nonnull (strstr (other_error->message, "is not a run's result.json, result.csv or "
                                                  "samples.csv"));
}

/* The samples of a result.json with its rows; a samples.csv with the
 * result.csv beside it, or with none. */
static void
test_load_rows (Fixture *f, gconstpointer data)
{
  g_autofree char *json = g_build_filename (f->base, "result.json", NULL);
  g_autofree char *csv = g_build_filename (f->base, "result.csv", NULL);
  g_autofree char *samples_csv = g_build_filename (f->base, "samples.csv", NULL);
  g_autofree char *key = key_of (&base_configs[0]);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsCsvTable) rows = NULL, beside = NULL, none = NULL;
  g_autoptr (WsBenchSamples) s = ws_compare_load_run ("BASE", f->base, &rows, &error);
  g_autoptr (WsBenchSamples) from_csv = NULL, alone = NULL;

  g_assert_no_error (error);
  /* The row that did not run has no samples, but a row. */
  g_assert_cmpuint (s->keys->len, ==, 4);
  g_assert_cmpuint (ws_bench_samples_get (s, key)->len, ==, 30);
  g_assert_cmpuint (rows->rows->len, ==, 5);
  g_assert_cmpstr (ws_csv_table_get (rows, 0, "key"), ==, key);

  g_assert_true (g_file_set_contents (samples_csv, "key,index,seconds\nk,0,1e-3\nk,1,2e-3\n", -1,
                                      NULL));
  g_assert_cmpint (g_unlink (json), ==, 0);
  from_csv = ws_compare_load_run ("BASE", csv, &beside, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ws_bench_samples_get (from_csv, "k")->len, ==, 2);
  g_assert_cmpuint (beside->rows->len, ==, 5);
  g_assert_cmpint (g_unlink (csv), ==, 0);
  alone = ws_compare_load_run ("BASE", samples_csv, &none, &error);
  g_assert_no_error (error);
  g_assert_nonnull (alone);
  g_assert_cmpuint (none->rows->len, ==, 0);
  g_assert_cmpint (ws_csv_table_column (none, "median_s"), >=, 0);
}

static WsCompareRuns *
compare (Fixture *f, double threshold)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsBenchSamples) base = ws_compare_load_run ("BASE", f->base, NULL, &error);
  g_autoptr (WsBenchSamples) fresh = ws_compare_load_run ("NEW", f->fresh, NULL, &error);
  WsCompareRuns *runs;

  g_assert_no_error (error);
  runs = ws_compare_runs (base, fresh, threshold, &error);
  g_assert_no_error (error);
  return runs;
}

static void
assert_pair (const WsCompareRuns *runs, guint i, const WsTestConfig *c, WsVerdict verdict,
             double ratio)
{
  const WsComparePair *p = &g_array_index (runs->pairs, WsComparePair, i);
  g_autofree char *key = key_of (c);

  g_assert_cmpstr (p->key, ==, key);
  g_assert_cmpstr (ws_verdict_name (p->c.verdict), ==, ws_verdict_name (verdict));
  g_assert_cmpfloat_with_epsilon (p->c.ratio, ratio, 1e-9);
  g_assert_true (p->c.ratio_lo <= p->c.ratio && p->c.ratio <= p->c.ratio_hi);
  g_assert_true (ws_compare_runs_lookup (runs, key) == &p->c);
}

/* The pairs in the baseline's order with their verdicts; one run's alone
 * apart; SLOWER said. */
static void
test_runs (Fixture *f, gconstpointer data)
{
  g_autoptr (WsCompareRuns) runs = compare (f, WS_COMPARE_DEFAULT_THRESHOLD);
  g_autoptr (WsCompareRuns) loose = compare (f, 0.5);
  g_autofree char *dot = key_of (&base_configs[4]), *histogram = key_of (&new_configs[0]);
  g_autofree char *gpu = key_of (&base_configs[3]);

  g_assert_cmpfloat (runs->threshold, ==, 0.05);
  g_assert_cmpuint (runs->pairs->len, ==, 3);
  assert_pair (runs, 0, &base_configs[0], WS_VERDICT_SLOWER, 2.0);
  assert_pair (runs, 1, &base_configs[1], WS_VERDICT_SAME, 1.0);
  assert_pair (runs, 2, &base_configs[2], WS_VERDICT_FASTER, 2.0 / 3.0);
  g_assert_true (runs->slower);
  g_assert_cmpuint (runs->only_base->len, ==, 1);
  g_assert_cmpstr (runs->only_base->pdata[0], ==, dot);
  g_assert_cmpuint (runs->only_new->len, ==, 1);
  g_assert_cmpstr (runs->only_new->pdata[0], ==, histogram);
  /* A row that ran in neither is in neither list, and has no pair. */
  g_assert_null (ws_compare_runs_lookup (runs, gpu));
  g_assert_null (ws_compare_runs_lookup (runs, dot));
  /* A third faster is within 50%: significant, yet the SAME. */
  assert_pair (loose, 2, &base_configs[2], WS_VERDICT_SAME, 2.0 / 3.0);
}

/* Runs of different plans share nothing: an error, not an empty pass; a
 * refused pair names its key. */
static void
test_refusals (Fixture *f, gconstpointer data)
{
  g_autofree char *other = g_build_filename (f->dir, "other", NULL);
  g_autofree char *zero = g_build_filename (f->dir, "zero.csv", NULL);
  const WsTestConfig apart[] = { { "radix-sort", "cpu-seq", 64, 1e-3 } };
  g_autoptr (GError) error = NULL, zero_error = NULL;
  g_autoptr (WsBenchSamples) base = ws_compare_load_run ("BASE", f->base, NULL, &error);
  g_autoptr (WsBenchSamples) far = NULL, zeros = NULL;
  g_autoptr (WsCompareRuns) none = NULL, refused = NULL;
  g_autofree char *key = key_of (&base_configs[0]);
  g_autofree char *text = g_strdup_printf ("key,index,seconds\n%s,0,0\n%s,1,0\n", key, key);

  g_free (ws_test_write_run (other, apart, 1));
  far = ws_compare_load_run ("NEW", other, NULL, &error);
  g_assert_no_error (error);
  none = ws_compare_runs (base, far, 0.05, &error);
  g_assert_null (none);
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "share no configuration"));

  g_assert_true (g_file_set_contents (zero, text, -1, NULL));
  zeros = ws_compare_load_run ("NEW", zero, NULL, &zero_error);
  g_assert_no_error (zero_error);
  refused = ws_compare_runs (base, zeros, 0.05, &zero_error);
  g_assert_null (refused);
  g_assert_true (g_str_has_prefix (zero_error->message, key));
  g_assert_nonnull (strstr (zero_error->message, "times must be positive"));
}

/* What a user may pick instead of a run: each an error, none a hang. */
static void
test_not_runs (Fixture *f, gconstpointer data)
{
  g_auto (GStrv) bad = ws_test_make_not_runs (f->dir);
  g_autofree char *link = g_build_filename (f->dir, "link", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsBenchSamples) linked = NULL;

  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr (GError) e = NULL;
      g_autoptr (WsBenchSamples) s = ws_compare_load_run ("The baseline", bad[i], NULL, &e);
      g_assert_null (s);
      g_assert_nonnull (e);
      g_test_message ("%s: %s", bad[i], e->message);
    }
  /* A link to a run's folder is that run. */
  g_assert_cmpint (symlink (f->base, link), ==, 0);
  linked = ws_compare_load_run ("BASE", link, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (linked->keys->len, ==, 4);
}

/* The series of the chart of a run's rows, by name, or -1. */
static int
series_of (const WsPlot *plot, const char *name)
{
  for (guint s = 0; s < ws_plot_n_series (plot); s++)
    if (g_str_equal (ws_plot_series_name (plot, s), name))
      return (int) s;
  return -1;
}

/* The baseline's chart beside the run's: its series after the run's,
 * "(baseline)", dashed, in the colour of the run's series of the same name
 * (dot, the baseline's alone, one of its own), with the baseline's
 * medians. */
static void
test_chart (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsCsvTable) base_rows = NULL, new_rows = NULL;
  g_autoptr (WsBenchSamples) b = ws_compare_load_run ("BASE", f->base, &base_rows, &error);
  g_autoptr (WsBenchSamples) n = ws_compare_load_run ("NEW", f->fresh, &new_rows, &error);
  g_autoptr (WsPlot) plot = ws_bench_chart (new_rows, NULL, WS_CHART_TIME, NULL, &error);
  g_autoptr (WsPlot) base = ws_bench_chart (base_rows, NULL, WS_CHART_TIME, NULL, &error);
  guint own;
  int sort, sort_base, dot;
  double x, y, lo, hi;

  g_assert_no_error (error);
  own = ws_plot_n_series (plot);
  g_assert_cmpuint (own, ==, 4);
  ws_bench_chart_add_baseline (plot, base);
  g_assert_cmpuint (ws_plot_n_series (plot), ==, own + ws_plot_n_series (base));
  for (guint s = own; s < ws_plot_n_series (plot); s++)
    {
      g_assert_true (g_str_has_suffix (ws_plot_series_name (plot, s), " (baseline)"));
      g_assert_true (ws_plot_series_dashed (plot, s));
    }
  sort = series_of (plot, "bitonic cpu-seq");
  sort_base = series_of (plot, "bitonic cpu-seq (baseline)");
  dot = series_of (plot, "dot cpu-seq (baseline)");
  g_assert_cmpint (sort, >=, 0);
  g_assert_cmpint (sort_base, >=, (int) own);
  g_assert_false (ws_plot_series_dashed (plot, sort));
  g_assert_cmpuint (ws_plot_series_pen (plot, sort_base), ==, ws_plot_series_pen (plot, sort));
  g_assert_cmpuint (ws_plot_series_pen (plot, dot), ==, (guint) dot);
  g_assert_cmpuint (ws_plot_n_points (plot, sort_base), ==, 1);
  ws_plot_get_point (plot, sort_base, 0, &x, &y, &lo, &hi);
  g_assert_cmpfloat (x, ==, 4096);
  g_assert_cmpfloat_with_epsilon (y, 1e-3 * 1.0145, 1e-12);
  ws_plot_get_point (plot, sort, 0, &x, &y, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (y, 2e-3 * 1.0145, 1e-12);
}

/* A samples file of no sample — empty, or its header alone, as a shard
 * whose every row failed leaves it — is an error to load and an empty set
 * to load_any; a damaged one is an error to both. */
static void
test_samples_none (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-samples-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "samples.csv", NULL);
  const char *const none[] = { "", WS_BENCH_SAMPLES_HEADER };

  for (guint i = 0; i < G_N_ELEMENTS (none); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (WsBenchSamples) any = NULL;
      g_assert_true (g_file_set_contents (path, none[i], -1, NULL));
      g_assert_null (ws_bench_samples_load (path, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_PARSE);
      g_clear_error (&error);
      any = ws_bench_samples_load_any (path, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (any->keys->len, ==, 0);
    }
  {
    g_autoptr (GError) error = NULL;
    g_autofree char *bad = g_strconcat (WS_BENCH_SAMPLES_HEADER, "k,0,soon\n", NULL);
    g_assert_true (g_file_set_contents (path, bad, -1, NULL));
    g_assert_null (ws_bench_samples_load_any (path, &error));
    g_assert_error (error, WS_ERROR, WS_ERROR_PARSE);
  }
  ws_test_remove_dir (dir);
}

/* Results of two GPUs against a baseline of one: the baseline's "x gpu"
 * is drawn in the colour of "x gpu · GPU 0", the same configurations. */
static void
test_chart_gpus (void)
{
  g_autoptr (WsPlot) plot = ws_plot_new ("two GPUs");
  g_autoptr (WsPlot) base = ws_plot_new ("one GPU");
  guint gpu0, gpu1, b;

  ws_plot_add_series (plot, "x cpu-seq");
  gpu0 = ws_plot_add_series (plot, "x gpu · GPU 0");
  gpu1 = ws_plot_add_series (plot, "x gpu · GPU 1");
  ws_plot_add_series (base, "x gpu");
  ws_bench_chart_add_baseline (plot, base);
  b = ws_plot_n_series (plot) - 1;
  g_assert_cmpstr (ws_plot_series_name (plot, b), ==, "x gpu (baseline)");
  g_assert_cmpuint (ws_plot_series_pen (plot, b), ==, ws_plot_series_pen (plot, gpu0));
  g_assert_cmpuint (ws_plot_series_pen (plot, b), !=, ws_plot_series_pen (plot, gpu1));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, func) g_test_add (path, Fixture, NULL, set_up, func, tear_down)
  ADD ("/compare-runs/samples-file", test_samples_file);
  ADD ("/compare-runs/no-samples", test_no_samples);
  ADD ("/compare-runs/load-rows", test_load_rows);
  ADD ("/compare-runs/runs", test_runs);
  ADD ("/compare-runs/refusals", test_refusals);
  ADD ("/compare-runs/not-runs", test_not_runs);
  ADD ("/compare-runs/chart", test_chart);
#undef ADD
  g_test_add_func ("/compare-runs/chart-gpus", test_chart_gpus);
  g_test_add_func ("/compare-runs/samples-none", test_samples_none);
  return g_test_run ();
}
