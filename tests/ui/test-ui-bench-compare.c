/* test-ui-bench-compare.c: the benchmark panel's Compare with… (issue 21)
 * on hand-made runs whose verdicts are known by construction — a
 * configuration twice as slow (every sample past every one of the
 * baseline's), one of the same samples, one a third faster, one too noisy
 * to tell, one in each run alone: the table's Baseline, Ratio and vs
 * Baseline cells with their marks, the chart's dashed baseline series in
 * the run's colours, the bar naming the baseline, Clear Baseline; the
 * baseline read on a worker and what a replaced or cleared one returns
 * dropped; results opened or run later compared in turn; bad baselines
 * (empty, binary, a folder without results, a FIFO, a run of another plan,
 * a missing path) said in the status line, the results shown and the
 * baseline before kept. Skips where there is no display. */
#define _GNU_SOURCE /* symlink under -std=c17 */
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>
#include <unistd.h>

#include "ui-test-util.h"
#include "ws-test-util.h"
#include "ws-bench-page.h"
#include "ws-plot.h"

/* The baseline. */
static const WsTestConfig base_configs[] = {
  { "bitonic", "cpu-seq", 4096, 1e-3 },
  { "bitonic", "cpu-par", 4096, 1e-3, 0.05 },
  { "reduce", "cpu-seq", 4096, 2e-4 },
  { "scan", "cpu-par", 4096, 3e-4 },
  { "dot", "cpu-seq", 4096, 1e-4 },
};

/* The results shown: bitonic cpu-seq twice as slow, cpu-par 2% slower in
 * samples spread over ±70% (UNCLEAR), reduce the same, scan a third
 * faster, histogram their own. */
static const WsTestConfig new_configs[] = {
  { "bitonic", "cpu-seq", 4096, 2e-3 },
  { "bitonic", "cpu-par", 4096, 1.02e-3, 0.05 },
  { "reduce", "cpu-seq", 4096, 2e-4 },
  { "scan", "cpu-par", 4096, 2e-4 },
  { "histogram", "cpu-seq", 4096, 5e-4 },
};

typedef struct
{
  GtkWidget   *window;
  WsBenchPage *page;
  char        *dir, *base, *fresh, *fresh_json;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("ws-ui-compare-XXXXXX", NULL);
  f->base = g_build_filename (f->dir, "base", NULL);
  f->fresh = g_build_filename (f->dir, "new", NULL);
  g_free (ws_test_write_run (f->base, base_configs, G_N_ELEMENTS (base_configs)));
  f->fresh_json = ws_test_write_run (f->fresh, new_configs, G_N_ELEMENTS (new_configs));
  f->page = WS_BENCH_PAGE (ws_bench_page_new ());
  ws_bench_page_set_output_dir (f->page, f->dir);
  f->window = ui_present (GTK_WIDGET (f->page), 1400, 900);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  if (f->window != NULL)
    gtk_window_destroy (GTK_WINDOW (f->window));
  ws_test_remove_dir (f->dir);
  g_free (f->dir);
  g_free (f->base);
  g_free (f->fresh);
  g_free (f->fresh_json);
}

static gboolean
not_comparing (gpointer page)
{
  return !ws_bench_page_comparing (page);
}

static gboolean
not_running (gpointer page)
{
  return !ws_bench_page_running (page);
}

static void
open_results (Fixture *f, const char *path)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (ws_bench_page_open_csv (f->page, path, &error));
  g_assert_no_error (error);
}

/* Sets the baseline and waits for the worker. */
static void
compare_with (Fixture *f, const char *path)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (ws_bench_page_set_baseline (f->page, path, &error));
  g_assert_no_error (error);
  g_assert_true (ws_bench_page_comparing (f->page));
  g_assert_true (ui_spin_until (not_comparing, f->page, 30));
}

static WsBenchTable *
table_of (Fixture *f)
{
  return ws_bench_page_table (f->page);
}

/* The row shown for a configuration ("bitonic cpu-seq n=4096"). */
static guint
row_of (Fixture *f, const char *configuration)
{
  WsBenchTable *t = table_of (f);

  for (guint i = 0; i < ws_bench_table_n_rows (t); i++)
    if (g_str_equal (ws_bench_item_get_configuration (ws_bench_table_get (t, i)), configuration))
      return i;
  g_error ("no row %s", configuration);
  return 0;
}

static char *
cell (Fixture *f, const char *configuration, const char *column)
{
  return ws_bench_table_cell_text (table_of (f), row_of (f, configuration), column);
}

static gboolean
marked (Fixture *f, const char *configuration, const char *column, const char *css_class)
{
  return ws_bench_table_cell_has_class (table_of (f), row_of (f, configuration), column, css_class);
}

/* The verdict's text and its marks: bold, and the colour's class. */
static void
assert_verdict (Fixture *f, const char *configuration, const char *verdict, const char *colour)
{
  g_autofree char *text = cell (f, configuration, "comparison");
  const char *const colours[] = { "success", "warning", "error" };

  g_assert_cmpstr (text, ==, verdict);
  g_assert_true (marked (f, configuration, "comparison", "ws-verdict"));
  for (guint i = 0; i < G_N_ELEMENTS (colours); i++)
    g_assert_true (marked (f, configuration, "comparison", colours[i])
                   == (g_strcmp0 (colour, colours[i]) == 0));
}

static void
assert_cell (Fixture *f, const char *configuration, const char *column, const char *want)
{
  g_autofree char *text = cell (f, configuration, column);

  g_assert_cmpstr (text, ==, want);
}

static void
assert_cell_prefix (Fixture *f, const char *configuration, const char *column, const char *want)
{
  g_autofree char *text = cell (f, configuration, column);

  if (!g_str_has_prefix (text, want))
    g_error ("%s's %s is “%s”, not “%s…”", configuration, column, text, want);
}

static int
series_of (WsPlot *plot, const char *name)
{
  for (guint s = 0; plot != NULL && s < ws_plot_n_series (plot); s++)
    if (g_str_equal (ws_plot_series_name (plot, s), name))
      return (int) s;
  return -1;
}

static guint
dashed_series (WsPlot *plot)
{
  guint n = 0;

  for (guint s = 0; plot != NULL && s < ws_plot_n_series (plot); s++)
    n += ws_plot_series_dashed (plot, s);
  return n;
}

static const char *const compare_columns[] = { "baseline-median", "ratio", "comparison" };

static void
assert_columns (Fixture *f, gboolean shown)
{
  for (guint i = 0; i < G_N_ELEMENTS (compare_columns); i++)
    g_assert_true (ws_bench_table_column_shown (table_of (f), compare_columns[i]) == shown);
}

/* Each verdict in its cell and mark; the ratio with its interval; one
 * run's configurations alone said so, the baseline's as a dimmed row. */
static void
assert_compared (Fixture *f)
{
  assert_columns (f, TRUE);
  g_assert_cmpstr (ws_bench_page_baseline_text (f->page), ==,
                   "Compared with: base · 4 shared configurations · 1 not in the baseline · "
                   "1 only in the baseline");
  g_assert_cmpuint (ws_bench_table_n_rows (table_of (f)), ==, 6);
  assert_verdict (f, "bitonic cpu-seq n=4096", "SLOWER", "error");
  assert_verdict (f, "bitonic cpu-par n=4096", "UNCLEAR", "warning");
  assert_verdict (f, "reduce cpu-seq n=4096", "SAME", NULL);
  assert_verdict (f, "scan cpu-par n=4096", "FASTER", "success");
  assert_cell_prefix (f, "bitonic cpu-seq n=4096", "ratio", "2.00× (");
  assert_cell_prefix (f, "reduce cpu-seq n=4096", "ratio", "1.00× (");
  assert_cell_prefix (f, "scan cpu-par n=4096", "ratio", "0.667× (");
  assert_cell (f, "bitonic cpu-seq n=4096", "baseline-median", "1.01 ms");
  assert_cell (f, "bitonic cpu-seq n=4096", "median", "2.03 ms");
  assert_cell (f, "histogram cpu-seq n=4096", "comparison", "not in baseline");
  assert_cell (f, "histogram cpu-seq n=4096", "ratio", "");
  g_assert_true (marked (f, "histogram cpu-seq n=4096", "comparison", "dim-label"));
  /* The baseline's alone: a row of its own, dimmed, its median only. */
  assert_cell (f, "dot cpu-seq n=4096", "comparison", "only in baseline");
  assert_cell (f, "dot cpu-seq n=4096", "baseline-median", "101 µs");
  assert_cell (f, "dot cpu-seq n=4096", "median", "");
  assert_cell (f, "dot cpu-seq n=4096", "verdict", "");
  g_assert_true (marked (f, "dot cpu-seq n=4096", "configuration", "dim-label"));
}

/* The chart: the run's series solid, the baseline's dashed in the same
 * colours, named "(baseline)". */
static void
assert_chart (Fixture *f)
{
  WsPlot *plot = ws_bench_page_plot (f->page);
  int seq = series_of (plot, "bitonic cpu-seq"), par = series_of (plot, "bitonic cpu-par");
  int seq_base = series_of (plot, "bitonic cpu-seq (baseline)");
  int par_base = series_of (plot, "bitonic cpu-par (baseline)");

  g_assert_cmpint (seq, >=, 0);
  g_assert_cmpint (seq_base, >=, 0);
  g_assert_cmpint (par_base, >=, 0);
  g_assert_false (ws_plot_series_dashed (plot, seq));
  g_assert_true (ws_plot_series_dashed (plot, seq_base));
  g_assert_true (ws_plot_series_dashed (plot, par_base));
  g_assert_cmpuint (ws_plot_series_pen (plot, seq_base), ==, ws_plot_series_pen (plot, seq));
  g_assert_cmpuint (ws_plot_series_pen (plot, par_base), ==, ws_plot_series_pen (plot, par));
  g_assert_cmpuint (ws_plot_n_points (plot, seq_base), ==, 1);
}

static void
test_verdicts (Fixture *f, gconstpointer data)
{
  open_results (f, f->fresh_json);
  assert_columns (f, FALSE);
  g_assert_null (ws_bench_page_baseline_text (f->page));
  g_assert_cmpuint (dashed_series (ws_bench_page_plot (f->page)), ==, 0);
  compare_with (f, f->base);
  assert_compared (f);
  assert_chart (f);
  g_assert_true (g_str_has_prefix (ws_bench_page_status_text (f->page), "Compared with "));
  /* The table sorts by the verdict: a slowdown first. */
  ws_bench_table_sort (table_of (f), "comparison", GTK_SORT_ASCENDING);
  g_autofree char *first = ws_bench_table_cell_text (table_of (f), 0, "comparison");
  g_assert_cmpstr (first, ==, "SLOWER");
}

/* A result.csv names the same baseline, and names the results too. */
static void
test_result_csv (Fixture *f, gconstpointer data)
{
  g_autofree char *csv = g_build_filename (f->fresh, "result.csv", NULL);
  g_autofree char *base_csv = g_build_filename (f->base, "result.csv", NULL);

  open_results (f, csv);
  compare_with (f, base_csv);
  assert_compared (f);
}

/* Clear Baseline: the columns, the baseline's rows and series gone; the
 * results as before. */
static void
test_clear (Fixture *f, gconstpointer data)
{
  open_results (f, f->fresh_json);
  compare_with (f, f->base);
  ws_bench_page_clear_baseline (f->page);
  assert_columns (f, FALSE);
  g_assert_null (ws_bench_page_baseline_text (f->page));
  g_assert_cmpstr (ws_bench_page_status_text (f->page), ==, "Baseline cleared");
  g_assert_cmpuint (ws_bench_table_n_rows (table_of (f)), ==, 5);
  assert_cell (f, "bitonic cpu-seq n=4096", "comparison", "");
  assert_cell (f, "bitonic cpu-seq n=4096", "ratio", "");
  g_assert_cmpuint (dashed_series (ws_bench_page_plot (f->page)), ==, 0);
  g_assert_cmpint (series_of (ws_bench_page_plot (f->page), "bitonic cpu-seq"), >=, 0);
  /* Cleared while it reads: what it finds never shows. */
  g_assert_true (ws_bench_page_set_baseline (f->page, f->base, NULL));
  ws_bench_page_clear_baseline (f->page);
  g_assert_false (ws_bench_page_comparing (f->page));
  ui_spin (0.5);
  g_assert_null (ws_bench_page_baseline_text (f->page));
  assert_columns (f, FALSE);
}

/* A second baseline replaces the first, even while the first is read. */
static void
test_replace (Fixture *f, gconstpointer data)
{
  g_autofree char *other = g_build_filename (f->dir, "other", NULL);
  const WsTestConfig same[] = { { "bitonic", "cpu-seq", 4096, 2e-3 } };

  g_free (ws_test_write_run (other, same, 1));
  open_results (f, f->fresh_json);
  g_assert_true (ws_bench_page_set_baseline (f->page, f->base, NULL));
  compare_with (f, other);
  ui_spin (0.3);
  g_assert_true (g_str_has_prefix (ws_bench_page_baseline_text (f->page),
                                   "Compared with: other · 1 shared configuration · "
                                   "4 not in the baseline"));
  assert_verdict (f, "bitonic cpu-seq n=4096", "SAME", NULL);
}

/* Each a failure said in the status line; the results shown, and the
 * baseline set before, kept. */
static void
test_bad_baselines (Fixture *f, gconstpointer data)
{
  g_auto (GStrv) not_runs = ws_test_make_not_runs (f->dir);
  g_autofree char *apart = g_build_filename (f->dir, "apart", NULL);
  g_autofree char *link = g_build_filename (f->dir, "link", NULL);
  const WsTestConfig other[] = { { "radix-sort", "cpu-seq", 64, 1e-3 } };
  const struct { const char *path, *says; } bad[] = {
    { not_runs[0], "empty" },
    { not_runs[1], "is not a run's result.json, result.csv or samples.csv" },
    { not_runs[2], "FIFO" },
    { not_runs[3], "has neither result.json nor samples.csv" },
    { not_runs[4], "No such file" },
    { apart, "share no configuration" },
  };

  g_free (ws_test_write_run (apart, other, 1));
  open_results (f, f->fresh_json);
  for (guint pass = 0; pass < 2; pass++)
    {
      /* First with no baseline set, then with one. */
      const char *before = ws_bench_page_baseline_text (f->page);
      g_autofree char *kept = g_strdup (before);
      for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
        {
          compare_with (f, bad[i].path);
          g_test_message ("%s: %s", bad[i].path, ws_bench_page_status_text (f->page));
          g_assert_nonnull (strstr (ws_bench_page_status_text (f->page), bad[i].says));
          g_assert_cmpstr (ws_bench_page_baseline_text (f->page), ==, kept);
          g_assert_cmpuint (ws_bench_table_n_rows (table_of (f)), ==, pass == 0 ? 5 : 6);
          assert_cell (f, "bitonic cpu-seq n=4096", "median", "2.03 ms");
          assert_columns (f, pass == 1);
        }
      if (pass == 0)
        {
          /* A link to a run's folder is that run. */
          g_assert_cmpint (symlink (f->base, link), ==, 0);
          compare_with (f, link);
          g_assert_true (g_str_has_prefix (ws_bench_page_baseline_text (f->page),
                                           "Compared with: link · 4 shared"));
        }
    }
  assert_verdict (f, "bitonic cpu-seq n=4096", "SLOWER", "error");
}

/* Set before any results, the baseline waits for them; results opened
 * later are compared with it; results without samples (a CSV exported
 * from the table) chart beside it but get no verdicts, and say why. */
static void
test_follows_results (Fixture *f, gconstpointer data)
{
  g_autofree char *exported = g_build_filename (f->dir, "exported", "mine.csv", NULL);
  g_autofree char *exported_dir = g_path_get_dirname (exported);
  g_autoptr (GError) error = NULL;

  compare_with (f, f->base);
  g_assert_cmpstr (ws_bench_page_baseline_text (f->page), ==,
                   "Compared with: base · run or open results to compare");
  assert_columns (f, TRUE);
  open_results (f, f->fresh_json);
  g_assert_true (ws_bench_page_comparing (f->page));
  g_assert_true (ui_spin_until (not_comparing, f->page, 30));
  assert_compared (f);

  g_assert_cmpint (g_mkdir (exported_dir, 0700), ==, 0);
  g_assert_true (ws_bench_page_export_csv (f->page, exported, &error));
  g_assert_no_error (error);
  open_results (f, exported);
  g_assert_true (ui_spin_until (not_comparing, f->page, 30));
  g_assert_true (g_str_has_prefix (ws_bench_page_baseline_text (f->page),
                                   "Compared with: base · no verdicts: The results shown "));
  assert_cell (f, "bitonic cpu-seq n=4096", "comparison", "");
  g_assert_cmpuint (dashed_series (ws_bench_page_plot (f->page)), >, 0);
}

/* Results opened, then at once a bad new baseline: the new one fails, and
 * the compare of those results with the kept baseline, which its start
 * dropped, is made again (the table once stayed without verdicts). */
static void
test_bad_baseline_after_open (Fixture *f, gconstpointer data)
{
  g_auto (GStrv) not_runs = ws_test_make_not_runs (f->dir);
  g_autoptr (GError) error = NULL;

  compare_with (f, f->base);
  open_results (f, f->fresh_json);
  g_assert_true (ws_bench_page_set_baseline (f->page, not_runs[0], &error));
  g_assert_no_error (error);
  g_assert_true (ui_spin_until (not_comparing, f->page, 30));
  g_assert_nonnull (strstr (ws_bench_page_status_text (f->page), "empty"));
  assert_compared (f);
}

/* A new baseline whose compare is made again because results were opened
 * meanwhile: the status line still tells what it found (it once kept
 * "Reading the baseline …"). */
static void
test_baseline_then_open (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  open_results (f, f->fresh_json);
  g_assert_true (ws_bench_page_set_baseline (f->page, f->base, &error));
  g_assert_no_error (error);
  open_results (f, f->fresh_json);
  g_assert_true (ui_spin_until (not_comparing, f->page, 30));
  g_test_message ("%s", ws_bench_page_status_text (f->page));
  g_assert_true (g_str_has_prefix (ws_bench_page_status_text (f->page), "Compared with "));
  assert_compared (f);
}

/* A run with a baseline set: the baseline charts beside it as it goes,
 * the verdicts come when it ends. The baseline is the page's own first
 * run of the same plan. */
static void
test_run (Fixture *f, gconstpointer data)
{
  g_autofree char *first = NULL, *shared = NULL;
  guint rows;

  ws_bench_page_set_sizes (f->page, "1024", "2048", "2");
  ws_bench_page_set_quick (f->page, TRUE);
  ws_bench_page_run (f->page);
  g_assert_true (ui_spin_until (not_running, f->page, 120));
  first = g_path_get_dirname (ws_bench_page_result_path (f->page));
  /* bitonic at two sizes, each CPU variant (and the GPU's where one runs) */
  rows = ws_bench_table_n_rows (table_of (f));
  shared = g_strdup_printf ("· %u shared configurations", rows);
  compare_with (f, first);
  g_assert_true (g_str_has_prefix (ws_bench_page_baseline_text (f->page),
                                   "Compared with: "));
  g_assert_nonnull (strstr (ws_bench_page_baseline_text (f->page), shared));
  ws_bench_page_run (f->page);
  g_assert_true (ws_bench_page_running (f->page));
  g_assert_nonnull (strstr (ws_bench_page_baseline_text (f->page),
                            "the verdicts come when the run ends"));
  assert_columns (f, TRUE);
  g_assert_true (ui_spin_until (not_running, f->page, 120));
  g_assert_true (ui_spin_until (not_comparing, f->page, 30));
  g_assert_nonnull (strstr (ws_bench_page_baseline_text (f->page), shared));
  g_assert_cmpuint (dashed_series (ws_bench_page_plot (f->page)), ==, rows / 2);
  for (guint i = 0; i < ws_bench_table_n_rows (table_of (f)); i++)
    {
      g_autofree char *verdict = ws_bench_table_cell_text (table_of (f), i, "comparison");
      g_assert_true (g_strv_contains ((const char *const[]) { "SAME", "FASTER", "SLOWER",
                                                              "UNCLEAR", NULL }, verdict));
    }
}

/* The page goes while it compares: what the worker returns is dropped, and
 * the worker's task lets the page go (it is finalized, not kept alive). */
static void
test_page_ends (Fixture *f, gconstpointer data)
{
  gpointer page = f->page;

  open_results (f, f->fresh_json);
  g_assert_true (ws_bench_page_set_baseline (f->page, f->base, NULL));
  g_object_add_weak_pointer (G_OBJECT (page), &page);
  gtk_window_destroy (GTK_WINDOW (f->window));
  f->window = NULL, f->page = NULL;
  for (guint i = 0; i < 60 && page != NULL; i++)
    ui_spin (0.05);
  g_assert_null (page);
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;
#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/ui/bench-compare/verdicts", test_verdicts);
  ADD ("/ui/bench-compare/result-csv", test_result_csv);
  ADD ("/ui/bench-compare/clear", test_clear);
  ADD ("/ui/bench-compare/replace", test_replace);
  ADD ("/ui/bench-compare/bad-baselines", test_bad_baselines);
  ADD ("/ui/bench-compare/follows-results", test_follows_results);
  ADD ("/ui/bench-compare/bad-baseline-after-open", test_bad_baseline_after_open);
  ADD ("/ui/bench-compare/baseline-then-open", test_baseline_then_open);
  ADD ("/ui/bench-compare/run", test_run);
  ADD ("/ui/bench-compare/page-ends", test_page_ends);
#undef ADD
  return g_test_run ();
}
