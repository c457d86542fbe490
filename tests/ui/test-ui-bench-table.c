/* test-ui-bench-table.c: the benchmark panel's results table in a real
 * window (Xvfb): hand-made result.csv rows and a whole study's file, the
 * cells' texts, sorting by a header as a click does, the marks of failed
 * rows on the realized labels. Skips where there is no display. */
#include <gtk/gtk.h>
#include <math.h>
#include <stdarg.h>

#include "ui-test-util.h"
#include "ws-bench-csv.h"
#include "ws-bench-table.h"

/* The rows below, in the order they are added. */
enum { BASELINE, GPU, FAILED, UNAVAILABLE, STENCIL, N_ROWS };

typedef struct
{
  GtkWidget    *window;
  WsBenchTable *table;
  WsCsvTable   *csv;
} Fixture;

/* A result.csv row: column, value pairs (NULL-terminated); every other
 * field empty. */
static void
append (WsCsvTable *csv, const char *column, ...)
{
  guint n = g_strv_length (csv->header);
  GStrv fields = g_new0 (char *, n + 1);
  va_list args;

  for (guint i = 0; i < n; i++)
    fields[i] = g_strdup ("");
  va_start (args, column);
  for (; column != NULL; column = va_arg (args, const char *))
    {
      int i = ws_csv_table_column (csv, column);

      g_assert_cmpint (i, >=, 0);
      g_free (fields[i]);
      fields[i] = g_strdup (va_arg (args, const char *));
    }
  va_end (args);
  ws_csv_table_append (csv, fields);
}

#define BITONIC "algorithm", "bitonic", "n", "1048576", "instance", "0", "baseline", "cpu-seq"

static WsCsvTable *
make_rows (void)
{
  WsCsvTable *csv = ws_csv_table_new (ws_bench_csv_columns ());

  append (csv, BITONIC, "variant", "cpu-seq", "status", "ok", "median_s", "0.0181",
          "sd_s", "0.0002", "ci_lo_s", "0.0179", "ci_hi_s", "0.0184", "ci_level", "0.95",
          "speedup", "1", "speedup_lo", "0.98", "speedup_hi", "1.02",
          "elements_per_s", "25300000", "gb_per_s", "0.463", NULL);
  append (csv, BITONIC, "variant", "gpu", "status", "ok", "median_s", "0.00123",
          "sd_s", "1.5e-05", "ci_lo_s", "0.0012", "ci_hi_s", "0.00125", "ci_level", "0.95",
          "speedup", "14.7", "speedup_lo", "14.2", "speedup_hi", "15.1",
          "elements_per_s", "1.2e9", "gb_per_s", "6.82", "peak_share", "0.00142",
          "device", "NVIDIA H200", NULL);
  append (csv, BITONIC, "variant", "gpu-seed", "status", "failed", "median_s", "0.0021",
          "peak_share", "3e-08", "message", "key 7 is 3 where the reference has 2", NULL);
  append (csv, BITONIC, "variant", "gpu-lib", "status", "unavailable",
          "message", "CUB was not built", NULL);
  append (csv, "algorithm", "stencil", "variant", "gpu", "n", "1000",
          "params", "radius=2;block=8", "instance", "1", "baseline", "cpu-seq", "status", "ok",
          "median_s", "1.2e-05", "speedup", "1169.04", "speedup_lo", "1046.1",
          "speedup_hi", "1557.3", "gb_per_s", "664.005", "peak_share", "0.1379",
          "gflop_per_s", "2066.69998", NULL);
  return csv;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->table = WS_BENCH_TABLE (ws_bench_table_new ());
  f->window = ui_present (GTK_WIDGET (f->table), 1400, 600);
  f->csv = make_rows ();
  for (guint r = 0; r < f->csv->rows->len; r++)
    ws_bench_table_add (f->table, f->csv, r);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  ws_csv_table_free (f->csv);
  gtk_window_destroy (GTK_WINDOW (f->window));
}

static void
assert_cell (Fixture *f, guint position, const char *column, const char *expected)
{
  g_autofree char *text = ws_bench_table_cell_text (f->table, position, column);

  g_assert_cmpstr (text, ==, expected);
}

/* Unsorted, the rows stay in the order they came. */
static void
test_cells (Fixture *f, gconstpointer data)
{
  g_autofree char *verdict = ws_bench_table_cell_text (f->table, FAILED, "verdict");

  g_assert_cmpuint (ws_bench_table_n_rows (f->table), ==, N_ROWS);
  assert_cell (f, GPU, "configuration", "bitonic gpu n=1048576");
  assert_cell (f, STENCIL, "configuration", "stencil gpu n=1000 radius=2 block=8 #1");
  assert_cell (f, GPU, "median", "1.23 ms");
  assert_cell (f, GPU, "spread", "15 µs");
  assert_cell (f, GPU, "speedup", "14.7× (14.2–15.1)");
  assert_cell (f, STENCIL, "speedup", "1169× (1046–1557)");
  assert_cell (f, BASELINE, "elements", "25.3 M/s");
  assert_cell (f, GPU, "elements", "1.2 G/s");
  assert_cell (f, GPU, "gbps", "6.82");
  assert_cell (f, GPU, "peak", "0.14 %");
  assert_cell (f, STENCIL, "peak", "13.8 %");
  assert_cell (f, FAILED, "peak", "< 0.001 %");
  assert_cell (f, BASELINE, "peak", "");
  assert_cell (f, STENCIL, "gflops", "2067");
  assert_cell (f, GPU, "gflops", "");
  assert_cell (f, GPU, "verdict", "✓ ok");
  g_assert_true (g_str_has_prefix (verdict, "✗ failed: key 7 "));
  assert_cell (f, UNAVAILABLE, "verdict", "— unavailable: CUB was not built");
  assert_cell (f, UNAVAILABLE, "median", "");
  assert_cell (f, UNAVAILABLE, "speedup", "");
  g_assert_true (ws_bench_table_row_marked (f->table, FAILED));
  g_assert_false (ws_bench_table_row_marked (f->table, GPU));
  g_assert_false (ws_bench_table_row_marked (f->table, UNAVAILABLE));
}

static double
median_at (Fixture *f, guint position)
{
  return ws_bench_item_get_median (ws_bench_table_get (f->table, position));
}

/* Ascending by median: stencil, gpu, failed, baseline, then the
 * unavailable row (no median: last); descending is the exact reverse. */
static void
test_sort_median (Fixture *f, gconstpointer data)
{
  WsBenchItem *ascending[N_ROWS];

  ws_bench_table_sort (f->table, "median", GTK_SORT_ASCENDING);
  for (guint i = 0; i + 1 < N_ROWS - 1; i++)
    g_assert_cmpfloat (median_at (f, i), <, median_at (f, i + 1));
  g_assert_true (isnan (median_at (f, N_ROWS - 1)));
  assert_cell (f, 0, "configuration", "stencil gpu n=1000 radius=2 block=8 #1");
  for (guint i = 0; i < N_ROWS; i++)
    ascending[i] = ws_bench_table_get (f->table, i);

  ws_bench_table_sort (f->table, "median", GTK_SORT_DESCENDING);
  for (guint i = 0; i < N_ROWS; i++)
    g_assert_true (ws_bench_table_get (f->table, i) == ascending[N_ROWS - 1 - i]);
}

/* A row that arrives while sorted takes its place in the order. */
static void
test_add_keeps_sort (Fixture *f, gconstpointer data)
{
  g_autoptr (WsCsvTable) more = ws_csv_table_new (ws_bench_csv_columns ());

  ws_bench_table_sort (f->table, "median", GTK_SORT_ASCENDING);
  append (more, BITONIC, "variant", "cpu-par", "status", "ok", "median_s", "0.005", NULL);
  ws_bench_table_add (f->table, more, 0);
  g_assert_cmpuint (ws_bench_table_n_rows (f->table), ==, N_ROWS + 1);
  assert_cell (f, 3, "configuration", "bitonic cpu-par n=1048576");
  ws_bench_table_clear (f->table);
  g_assert_cmpuint (ws_bench_table_n_rows (f->table), ==, 0);
}

/* The two rows without a speedup sit side by side at one end. */
static void
assert_empty_speedups_together (Fixture *f)
{
  guint first = N_ROWS, last = 0;

  for (guint i = 0; i < N_ROWS; i++)
    if (isnan (ws_bench_item_get_speedup (ws_bench_table_get (f->table, i))))
      first = MIN (first, i), last = MAX (last, i);
  g_assert_cmpuint (last - first, ==, 1);
  g_assert_true (first == 0 || last == N_ROWS - 1);
}

static void
test_sort_speedup (Fixture *f, gconstpointer data)
{
  ws_bench_table_sort (f->table, "speedup", GTK_SORT_ASCENDING);
  assert_empty_speedups_together (f);
  assert_cell (f, 0, "speedup", "1× (0.98–1.02)");
  ws_bench_table_sort (f->table, "speedup", GTK_SORT_DESCENDING);
  assert_empty_speedups_together (f);
  ws_bench_table_sort (f->table, "verdict", GTK_SORT_ASCENDING);
  assert_cell (f, N_ROWS - 1, "verdict", "— unavailable: CUB was not built");
  ws_bench_table_sort (f->table, "configuration", GTK_SORT_ASCENDING);
  assert_cell (f, 0, "configuration", "bitonic cpu-seq n=1048576");
}

/* Every realized label in the view whose text starts with prefix: how
 * many, and how many carry css_class. */
static void
count_labels (GtkWidget *widget, const char *prefix, const char *css_class, guint *n,
              guint *marked)
{
  if (GTK_IS_LABEL (widget)
      && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix))
    {
      (*n)++;
      *marked += gtk_widget_has_css_class (widget, css_class);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    count_labels (child, prefix, css_class, n, marked);
}

static void
assert_labels (Fixture *f, const char *prefix, const char *css_class, guint expected)
{
  guint n = 0, marked = 0;

  count_labels (GTK_WIDGET (f->table), prefix, css_class, &n, &marked);
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (marked, ==, expected == 0 ? 0 : n);
}

/* The marks are on the labels drawn, and move with their rows when the
 * cells are reused for others. */
static void
test_marks (Fixture *f, gconstpointer data)
{
  ui_spin (0.3);
  assert_labels (f, "✗ failed", "error", 1);
  assert_labels (f, "— unavailable", "dim-label", 1);
  assert_labels (f, "✓ ok", "error", 0);
  assert_labels (f, "✓ ok", "dim-label", 0);
  assert_labels (f, "1.23 ms", "numeric", 1);
  assert_labels (f, "15 µs", "numeric", 1);

  ws_bench_table_sort (f->table, "verdict", GTK_SORT_DESCENDING);
  ui_spin (0.3);
  assert_labels (f, "✓ ok", "error", 0);
  assert_labels (f, "✓ ok", "dim-label", 0);
  assert_labels (f, "✗ failed", "error", 1);
}

/* The spread's tooltip gives the median's interval at the row's level;
 * the speedup's names the baseline; the verdict's the whole message. */
static void
test_tooltips (Fixture *f, gconstpointer data)
{
  GtkLabel *spread, *speedup, *verdict;

  ui_spin (0.3);
  spread = ui_find_label (GTK_WIDGET (f->table), "15 µs");
  speedup = ui_find_label (GTK_WIDGET (f->table), "14.7× (14.2–15.1)");
  verdict = ui_find_label (GTK_WIDGET (f->table), "— unavailable: CUB was not built");
  g_assert_nonnull (spread);
  g_assert_nonnull (speedup);
  g_assert_nonnull (verdict);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (spread)), ==,
                   "95 % CI 1.2 ms … 1.25 ms");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (speedup)), ==,
                   "Speedup over the cpu-seq baseline");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (verdict)), ==, "CUB was not built");
}

/* Empty numeric fields read as NAN, through getters and properties. */
static void
test_item_empty_fields (void)
{
  g_autoptr (WsCsvTable) csv = make_rows ();
  g_autoptr (WsBenchItem) item = ws_bench_item_new (csv, UNAVAILABLE);
  g_autofree char *status = NULL;
  double median = 0, gflops = 0;
  guint64 n = 0;

  g_assert_true (isnan (ws_bench_item_get_median (item)));
  g_assert_true (isnan (ws_bench_item_get_sd (item)));
  g_assert_true (isnan (ws_bench_item_get_speedup (item)));
  g_assert_true (isnan (ws_bench_item_get_elements_per_s (item)));
  g_assert_true (isnan (ws_bench_item_get_peak_share (item)));
  g_object_get (item, "median", &median, "gflop-per-s", &gflops, "n", &n, "status", &status,
                NULL);
  g_assert_true (isnan (median) && isnan (gflops));
  g_assert_cmpuint (n, ==, 1048576);
  g_assert_cmpstr (status, ==, "unavailable");
  g_assert_cmpstr (ws_bench_item_get_configuration (item), ==, "bitonic gpu-lib n=1048576");
  g_assert_cmpstr (ws_bench_item_get_message (item), ==, "CUB was not built");
}

/* A cold row says so in its configuration; a warm one, and one from a
 * result.csv before the column (no such field: an empty one here), do not. */
static void
test_item_cold (void)
{
  g_autoptr (WsCsvTable) csv = ws_csv_table_new (ws_bench_csv_columns ());
  g_autoptr (WsBenchItem) cold = NULL, warm = NULL, old = NULL;

  append (csv, BITONIC, "variant", "gpu", "status", "ok", "cold", "true", NULL);
  append (csv, BITONIC, "variant", "gpu", "status", "ok", "cold", "false", NULL);
  append (csv, BITONIC, "variant", "gpu", "status", "ok", NULL);
  cold = ws_bench_item_new (csv, 0), warm = ws_bench_item_new (csv, 1);
  old = ws_bench_item_new (csv, 2);
  g_assert_cmpstr (ws_bench_item_get_configuration (cold), ==, "bitonic gpu n=1048576 cold");
  g_assert_cmpstr (ws_bench_item_get_configuration (warm), ==, "bitonic gpu n=1048576");
  g_assert_cmpstr (ws_bench_item_get_configuration (old), ==, "bitonic gpu n=1048576");
}

/* Items copy their row: the table may go. */
static void
test_item_outlives_table (void)
{
  WsCsvTable *csv = make_rows ();
  g_autoptr (WsBenchItem) item = ws_bench_item_new (csv, GPU);

  ws_csv_table_free (csv);
  g_assert_cmpfloat (ws_bench_item_get_median (item), ==, 0.00123);
  g_assert_cmpfloat (ws_bench_item_get_speedup_hi (item), ==, 15.1);
  g_assert_cmpstr (ws_bench_item_get_baseline (item), ==, "cpu-seq");
}

/* A study of window sums: every row loads, every one has its GFLOP/s. */
static void
test_study_file (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "docs", "results",
                                                 "h200", "study-001", "result.csv", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsCsvTable) study = ws_csv_table_read (path, &error);

  g_assert_no_error (error);
  ws_bench_table_clear (f->table);
  for (guint r = 0; r < study->rows->len; r++)
    ws_bench_table_add (f->table, study, r);
  g_assert_cmpuint (ws_bench_table_n_rows (f->table), ==, study->rows->len);
  for (guint i = 0; i < study->rows->len; i++)
    {
      g_autofree char *gflops = ws_bench_table_cell_text (f->table, i, "gflops");

      g_assert_cmpstr (gflops, !=, "");
    }
  ws_bench_table_sort (f->table, "gflops", GTK_SORT_DESCENDING);
  ui_spin (0.3);
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/bench-table/item-empty-fields", test_item_empty_fields);
  g_test_add_func ("/ui/bench-table/item-outlives-table", test_item_outlives_table);
  g_test_add_func ("/ui/bench-table/item-cold", test_item_cold);
  g_test_add ("/ui/bench-table/cells", Fixture, NULL, fixture_set_up, test_cells,
              fixture_tear_down);
  g_test_add ("/ui/bench-table/sort-median", Fixture, NULL, fixture_set_up, test_sort_median,
              fixture_tear_down);
  g_test_add ("/ui/bench-table/add-keeps-sort", Fixture, NULL, fixture_set_up,
              test_add_keeps_sort, fixture_tear_down);
  g_test_add ("/ui/bench-table/sort-speedup", Fixture, NULL, fixture_set_up, test_sort_speedup,
              fixture_tear_down);
  g_test_add ("/ui/bench-table/marks", Fixture, NULL, fixture_set_up, test_marks,
              fixture_tear_down);
  g_test_add ("/ui/bench-table/tooltips", Fixture, NULL, fixture_set_up, test_tooltips,
              fixture_tear_down);
  g_test_add ("/ui/bench-table/study-file", Fixture, NULL, fixture_set_up, test_study_file,
              fixture_tear_down);
  return g_test_run ();
}
