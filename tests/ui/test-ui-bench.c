/* test-ui-bench.c: the benchmark mode in a real window (Xvfb, Mesa): the
 * smoke preset run from the panel gives its rows live, a result.csv with
 * the same rows and a chart; a cancelled run keeps its finished rows; a
 * result.csv measured on the GPU machine opens and plots; the table and
 * the chart export to files that are what they say; the plan built by the
 * controls is checked like a preset file. Skips where there is no display. */
#include <adwaita.h>
#include <gtk/gtk.h>
#include <string.h>

#include "ui-test-util.h"
#include "ws-test-util.h"
#include "ws-bench-csv.h"
#include "ws-bench-json.h"
#include "ws-bench-page.h"
#include "ws-bench-page-private.h"
#include "ws-csv.h"
#include "ws-ui-services.h"
#include "ws-error.h"
#include "ws-plot-view.h"
#include "ws-types.h"
#include "ws-ui-services.h"

typedef struct
{
  GtkWidget   *window;
  WsBenchPage *page;
  char        *dir;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("ws-ui-bench-XXXXXX", NULL);
  f->page = WS_BENCH_PAGE (ws_bench_page_new ());
  ws_bench_page_set_output_dir (f->page, f->dir);
  f->window = ui_present (GTK_WIDGET (f->page), 1400, 900);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  ws_test_remove_dir (f->dir);
  g_free (f->dir);
}

static gboolean
idle_page (gpointer page)
{
  return !ws_bench_page_running (page);
}

static guint
csv_rows (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsCsvTable) t = ws_csv_table_read (path, &error);

  g_assert_no_error (error);
  return t->rows->len;
}

/* The run's result.json beside its result.csv: every row, each ok one
 * with `samples` samples. */
static void
assert_json_beside (const char *csv, guint rows, guint samples)
{
  g_autofree char *dir = g_path_get_dirname (csv);
  g_autofree char *path = g_build_filename (dir, WS_BENCH_JSON_FILE, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsBenchJson) json = ws_bench_json_load (path, &error);
  g_autoptr (WsCsvTable) t = NULL;

  g_assert_no_error (error);
  t = ws_bench_json_table (json);
  g_assert_cmpuint (ws_bench_json_n_configs (json), ==, rows);
  g_assert_cmpstr (ws_bench_json_context (json)->host, ==, g_get_host_name ());
  for (guint i = 0; i < rows; i++)
    {
      const WsBenchJsonConfig *c = ws_bench_json_config (json, i);
      gboolean ok = g_str_equal (ws_csv_table_get (t, i, "status"), "ok");
      g_assert_cmpuint (c->samples->len, ==, ok ? samples : 0);
    }
}

static char *
results_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "..", "..", "docs", "results", "h200", name, "result.csv", NULL);
}

/* Smoke: 4 algorithms × 3 variants × 2 sizes. Without a GPU the gpu rows
 * are there too, saying why they did not run. */
static void
test_smoke (Fixture *f, gconstpointer data)
{
  WsBenchTable *table = ws_bench_page_table (f->page);
  WsPlot *plot;

  g_assert_true (ws_bench_page_choose_preset (f->page, "smoke"));
  g_assert_false (ws_bench_page_choose_preset (f->page, "no-such-preset"));
  ws_bench_page_run (f->page);
  g_assert_true (ws_bench_page_running (f->page));
  g_assert_true (ui_spin_until (idle_page, f->page, 240));
  g_assert_true (g_str_has_prefix (ws_bench_page_status_text (f->page), "Finished: 24 rows"));
  g_assert_cmpuint (ws_bench_table_n_rows (table), ==, 24);
  g_assert_cmpuint (csv_rows (ws_bench_page_result_path (f->page)), ==, 24);
  assert_json_beside (ws_bench_page_result_path (f->page), 24, 3);
  plot = ws_bench_page_plot (f->page);
  g_assert_nonnull (plot);
  /* bitonic's time chart: cpu-seq and cpu-par at least (gpu where it ran). */
  g_assert_cmpuint (ws_plot_n_series (plot), >=, 2);
  g_assert_nonnull (strstr (ws_plot_series_name (plot, 0), "cpu-seq"));
  {
    /* Open Results… takes the run's result.json as it takes result.csv. */
    g_autofree char *dir = g_path_get_dirname (ws_bench_page_result_path (f->page));
    g_autofree char *json = g_build_filename (dir, WS_BENCH_JSON_FILE, NULL);
    g_autoptr (GError) error = NULL;
    g_assert_true (ws_bench_page_open_csv (f->page, json, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (ws_bench_table_n_rows (table), ==, 24);
    g_assert_cmpuint (ws_plot_n_series (ws_bench_page_plot (f->page)), >=, 2);
  }
}

static gboolean
two_rows (gpointer page)
{
  return ws_bench_table_n_rows (ws_bench_page_table (page)) >= 2 || !ws_bench_page_running (page);
}

/* Odd-even transposition, cpu-seq, to 2^17: the last size takes seconds a
 * run. Rows come while it runs; Cancel stops it inside that run, and the
 * finished rows stay, in the table and in result.csv. */
static void
test_cancel (Fixture *f, gconstpointer data)
{
  guint rows;
  gint64 asked;

  g_autofree char *plan = g_build_filename (f->dir, "cancel-test.ini", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (plan, "[preset]\nname = Cancel test\nalgorithms = odd-even\n"
                                      "variants = cpu-seq\nsizes = 1024, 4096, 131072\n"
                                      "repetitions = 3\ntype = int32\n", -1, NULL));
  g_assert_true (ws_bench_page_open_preset (f->page, plan, &error));
  g_assert_no_error (error);
  ws_bench_page_run (f->page);
  g_assert_true (ui_spin_until (two_rows, f->page, 120));
  g_assert_true (ws_bench_page_running (f->page));
  ui_spin (0.3); /* well into 131072's first run */
  asked = g_get_monotonic_time ();
  ws_bench_page_cancel (f->page);
  g_assert_true (ui_spin_until (idle_page, f->page, 30));
  g_test_message ("stopped %.3f s after the cancel", (g_get_monotonic_time () - asked) / 1e6);
  rows = ws_bench_table_n_rows (ws_bench_page_table (f->page));
  g_assert_cmpuint (rows, ==, 2);
  g_assert_cmpuint (csv_rows (ws_bench_page_result_path (f->page)), ==, 2);
  /* Written again at the cancel: both rows with their samples. */
  assert_json_beside (ws_bench_page_result_path (f->page), 2, 3);
  g_assert_true (g_str_has_prefix (ws_bench_page_status_text (f->page), "Cancelled"));
  g_assert_nonnull (strstr (ws_bench_page_status_text (f->page), "2 finished rows are kept"));
}

static void
assert_file_starts (const char *path, const char *magic)
{
  g_autofree char *bytes = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &bytes, &length, NULL));
  g_assert_cmpuint (length, >, 1000);
  g_assert_true (memcmp (bytes, magic, strlen (magic)) == 0);
}

/* A result.csv from the GPU machine: every row in the table, a chart per
 * kind; exported, the table reads back the same and the chart is a real
 * PNG, SVG and PDF. */
static void
test_open_and_export (Fixture *f, gconstpointer data)
{
  g_autofree char *path = results_path ("study-000");
  g_autofree char *csv = g_build_filename (f->dir, "table.csv", NULL);
  g_autofree char *png = g_build_filename (f->dir, "chart.png", NULL);
  g_autofree char *svg = g_build_filename (f->dir, "chart.svg", NULL);
  g_autofree char *pdf = g_build_filename (f->dir, "chart.pdf", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsCsvTable) original = ws_csv_table_read (path, NULL);
  g_autoptr (WsCsvTable) back = NULL;
  WsPlot *plot;

  g_assert_true (ws_bench_page_open_csv (f->page, path, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ws_bench_table_n_rows (ws_bench_page_table (f->page)), ==, original->rows->len);
  {
    /* a table scrolled right starts again at its first column */
    GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW (
      gtk_widget_get_first_child (GTK_WIDGET (ws_bench_page_table (f->page))));
    GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (scrolled);
    ui_spin (0.2);
    gtk_adjustment_set_value (h, gtk_adjustment_get_upper (h));
    g_assert_cmpfloat (gtk_adjustment_get_value (h), >, 0);
    g_assert_true (ws_bench_page_open_csv (f->page, path, NULL));
    ui_spin (0.2);
    g_assert_cmpfloat (gtk_adjustment_get_value (h), ==, 0);
  }
  plot = ws_bench_page_plot (f->page);
  g_assert_nonnull (plot);
  g_assert_cmpuint (ws_plot_n_series (plot), ==, 3); /* bitonic: cpu-seq, gpu-seed, gpu */
  ws_bench_page_set_chart (f->page, WS_CHART_SPEEDUP);
  g_assert_true (ws_bench_page_plot (f->page) != NULL);
  g_assert_true (ws_bench_page_export_csv (f->page, csv, &error));
  g_assert_no_error (error);
  back = ws_csv_table_read (csv, &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (back->header, original->header);
  g_assert_cmpuint (back->rows->len, ==, original->rows->len);
  for (guint r = 0; r < back->rows->len; r++)
    g_assert_cmpstrv (back->rows->pdata[r], original->rows->pdata[r]);
  g_assert_true (ws_bench_page_export_plot (f->page, png, &error));
  g_assert_true (ws_bench_page_export_plot (f->page, svg, &error));
  g_assert_true (ws_bench_page_export_plot (f->page, pdf, &error));
  g_assert_no_error (error);
  assert_file_starts (png, "\x89PNG");
  assert_file_starts (svg, "<?xml");
  assert_file_starts (pdf, "%PDF");
  /* An unknown extension is refused and leaves no file. */
  g_autofree char *gif = g_build_filename (f->dir, "chart.gif", NULL);
  g_assert_false (ws_bench_page_export_plot (f->page, gif, &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_test (gif, G_FILE_TEST_EXISTS));
}

/* At 1280×800 (the page under a header bar) the table is narrower than
 * its columns: the verdict is not among those cut off at the right. */
static void
test_verdict_shown (Fixture *f, gconstpointer data)
{
  g_autofree char *path = results_path ("study-000");
  GtkWidget *table = GTK_WIDGET (ws_bench_page_table (f->page));
  GtkWidget *scrolled = gtk_widget_get_first_child (table);
  GtkLabel *header, *cell;
  graphene_rect_t head_box, cell_box;

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 752);
  g_assert_true (ws_bench_page_open_csv (f->page, path, NULL));
  ui_spin (0.5);
  g_assert_cmpint (gtk_widget_get_width (f->window), <=, 1280);
  header = ui_find_label (table, "Verdict");
  cell = ui_find_label (table, "✓ ok");
  g_assert_nonnull (header);
  g_assert_nonnull (cell);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (header), scrolled, &head_box));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (cell), scrolled, &cell_box));
  g_assert_cmpfloat (head_box.origin.x + head_box.size.width, <=, gtk_widget_get_width (scrolled));
  g_assert_cmpfloat (cell_box.origin.x + cell_box.size.width, <=, gtk_widget_get_width (scrolled));
}

/* Files that are not results: the message names the file and what is
 * wrong; what was shown stays. */
static void
test_open_errors (Fixture *f, gconstpointer data)
{
  g_autofree char *good = results_path ("study-001");
  g_autofree char *other = g_build_filename (f->dir, "other.csv", NULL);
  g_autofree char *missing = g_build_filename (f->dir, "missing.csv", NULL);
  g_autoptr (GError) error = NULL;
  guint rows;

  g_assert_true (ws_bench_page_open_csv (f->page, good, &error));
  rows = ws_bench_table_n_rows (ws_bench_page_table (f->page));
  g_assert_true (g_file_set_contents (other, "a,b\n1,2\n", -1, NULL));
  g_assert_false (ws_bench_page_open_csv (f->page, other, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, other));
  g_assert_nonnull (strstr (error->message, "algorithm"));
  g_clear_error (&error);
  g_assert_false (ws_bench_page_open_csv (f->page, missing, &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (ws_bench_table_n_rows (ws_bench_page_table (f->page)), ==, rows);
}

static void
type_into (WsBenchPage *page, const char *tooltip, const char *text)
{
  GtkWidget *w = ui_find_tip (GTK_WIDGET (page), GTK_TYPE_EDITABLE, tooltip);

  g_assert_nonnull (w);
  gtk_editable_set_text (GTK_EDITABLE (w), text);
}

static void
click_check (WsBenchPage *page, const char *label, gboolean active)
{
  GtkCheckButton *check = ui_find_check (GTK_WIDGET (page), label);

  g_assert_nonnull (check);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (check)) || !active);
  gtk_check_button_set_active (check, active);
}

static void
pick (WsBenchPage *page, const char *tooltip, const char *item)
{
  GtkDropDown *d = GTK_DROP_DOWN (ui_find_tip (GTK_WIDGET (page), GTK_TYPE_DROP_DOWN, tooltip));
  GListModel *model = gtk_drop_down_get_model (d);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (model), i), item))
      {
        gtk_drop_down_set_selected (d, i);
        return;
      }
  g_error ("no “%s” in the dropdown “%s”", item, tooltip);
}

/* What the clicked plan below must give, worked out by hand: bitonic at
 * three sizes, the window sum at three sizes and two radii, each by both
 * CPU variants. */
static const char *const clicked_rows[] = {
  "bitonic cpu-seq 256 ", "bitonic cpu-seq 512 ", "bitonic cpu-seq 1024 ",
  "bitonic cpu-par 256 ", "bitonic cpu-par 512 ", "bitonic cpu-par 1024 ",
  "stencil cpu-seq 256 radius=1", "stencil cpu-seq 256 radius=3", "stencil cpu-seq 512 radius=1",
  "stencil cpu-seq 512 radius=3", "stencil cpu-seq 1024 radius=1", "stencil cpu-seq 1024 radius=3",
  "stencil cpu-par 256 radius=1", "stencil cpu-par 256 radius=3", "stencil cpu-par 512 radius=1",
  "stencil cpu-par 512 radius=3", "stencil cpu-par 1024 radius=1", "stencil cpu-par 1024 radius=3",
};

/* A plan built by clicking the controls, run: every configuration it names
 * is a verified row, and the window sum charts against R. */
static void
test_clicked_plan (Fixture *f, gconstpointer data)
{
  g_autoptr (WsCsvTable) csv = NULL;
  g_autoptr (GPtrArray) got = g_ptr_array_new_with_free_func (g_free);
  WsPlot *plot;

  g_assert_true (ws_bench_page_choose_preset (f->page, NULL));
  click_check (f->page, "stencil", TRUE);
  for (guint v = 0; v < WS_N_VARIANTS; v++)
    click_check (f->page, ws_variant_name (v), v == WS_VARIANT_CPU_SEQ || v == WS_VARIANT_CPU_PAR);
  type_into (f->page, "The smallest size", "256");
  type_into (f->page, "The largest size", "1024");
  type_into (f->page, "The step between sizes", "2");
  type_into (f->page, "Timed runs per configuration", "2");
  type_into (f->page, "Window sum: radii", "1, 3");
  ws_bench_page_run (f->page);
  g_assert_true (ws_bench_page_running (f->page));
  g_assert_true (ui_spin_until (idle_page, f->page, 120));
  g_assert_true (g_str_has_prefix (ws_bench_page_status_text (f->page), "Finished: 18 rows"));
  g_assert_cmpuint (ws_bench_table_n_rows (ws_bench_page_table (f->page)), ==, 18);
  csv = ws_csv_table_read (ws_bench_page_result_path (f->page), NULL);
  g_assert_nonnull (csv);
  for (guint r = 0; r < csv->rows->len; r++)
    {
      g_assert_cmpstr (ws_csv_table_get (csv, r, "status"), ==, "ok");
      g_assert_cmpstr (ws_csv_table_get (csv, r, "type"), ==, "float32");
      g_assert_cmpstr (ws_csv_table_get (csv, r, "samples"), ==, "2");
      g_ptr_array_add (got, g_strdup_printf ("%s %s %s %s", ws_csv_table_get (csv, r, "algorithm"),
                                             ws_csv_table_get (csv, r, "variant"),
                                             ws_csv_table_get (csv, r, "n"),
                                             ws_csv_table_get (csv, r, "params")));
    }
  g_assert_cmpuint (got->len, ==, G_N_ELEMENTS (clicked_rows));
  for (guint i = 0; i < G_N_ELEMENTS (clicked_rows); i++)
    g_assert_true (g_ptr_array_find_with_equal_func (got, clicked_rows[i], g_str_equal, NULL));
  pick (f->page, "Whose rows the chart shows", "stencil");
  ws_bench_page_set_chart (f->page, WS_CHART_GFLOPS);
  pick (f->page, "The x axis", "radius");
  plot = ws_bench_page_plot (f->page);
  g_assert_nonnull (plot);
  g_assert_cmpuint (ws_plot_n_series (plot), ==, 2);
}

/* The controls' plan is preset text; a bad value is refused before
 * anything runs, naming the key. */
static void
test_plan_text (Fixture *f, gconstpointer data)
{
  g_autofree char *text = ws_bench_page_plan_text (f->page);

  g_assert_nonnull (strstr (text, "algorithms = bitonic\n"));
  g_assert_nonnull (strstr (text, "sizes = 1024..2^20 x4\n"));
  g_assert_nonnull (strstr (text, "repetitions = 5\n"));
  GtkWidget *chart = ws_bench_page_plot_view (f->page);
  const char *presets[] = { "study-003", "showcase", "smoke" };
  int width;

  ui_spin (0.2);
  width = gtk_widget_get_width (chart);
  ws_bench_page_set_sizes (f->page, "1000", "abc", "4");
  ws_bench_page_run (f->page);
  g_assert_false (ws_bench_page_running (f->page));
  g_assert_nonnull (strstr (ws_bench_page_status_text (f->page), "sizes"));
  /* a message in the panel, or another plan's description, leaves the
   * chart's edge where it was (study-003's moved it by 8 pixels) */
  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    {
      g_assert_true (ws_bench_page_choose_preset (f->page, presets[i]));
      ui_spin (0.2);
      g_test_message ("%s: the chart %d pixels wide, %d before", presets[i],
                      gtk_widget_get_width (chart), width);
      g_assert_cmpint (gtk_widget_get_width (chart), ==, width);
    }
}

/* The first GtkSwitch under widget, depth first; NULL if none. */
static GtkSwitch *
find_switch (GtkWidget *widget)
{
  if (GTK_IS_SWITCH (widget))
    return GTK_SWITCH (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkSwitch *found = find_switch (c);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
plan_is_cold (WsBenchPage *page)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsPreset) p = ws_bench_page_make_preset (page, &error);

  g_assert_no_error (error);
  return p->cold;
}

static gboolean
have_gpu (void)
{
  g_autofree char *why = NULL;

  return ws_ui_gpu (&why);
}

/* "Cold L2 (GPU)": a switch with a tooltip saying what it does (greyed out
 * where no GPU can run, as the GPU variants are, the tooltip saying why); a preset's
 * cold key sets it when the preset is chosen, and the plan the panel runs
 * takes the switch as it stands (a preset's too, switched back). */
static void
test_cold_switch (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "cold.ini", NULL);
  g_autoptr (GError) error = NULL;
  GtkSwitch *sw = find_switch (GTK_WIDGET (f->page));
  const char *tip;

  g_assert_nonnull (sw);
  tip = gtk_widget_get_tooltip_text (GTK_WIDGET (sw));
  g_assert_nonnull (tip);
  g_assert_nonnull (strstr (tip, "L2"));
  g_assert_nonnull (strstr (tip, "CPU variants"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (sw)));
  /* Off where no GPU variant can run, as they are, saying why. */
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (sw)) == have_gpu ());
  g_assert_true (g_str_has_prefix (tip, "Cannot run here: ") == !have_gpu ());
  /* The custom plan: warm until switched on. */
  g_assert_false (ws_bench_page_get_cold (f->page));
  g_assert_false (plan_is_cold (f->page));
  /* As a click or the keyboard would (where it can be clicked); the
   * switch turns at the end of its slide (an animation of a few frames). */
  if (have_gpu ())
    g_assert_true (gtk_widget_activate (GTK_WIDGET (sw)));
  else
    ws_bench_page_set_cold (f->page, TRUE); /* greyed out: no click reaches it */
  ui_spin (0.5);
  g_assert_true (gtk_switch_get_active (sw));
  g_assert_true (plan_is_cold (f->page));
  /* A preset says cold = true: chosen, the switch shows it. */
  g_assert_true (g_file_set_contents (path, "[preset]\nname = Cold one\nalgorithms = reduce\n"
                                            "variants = cpu-seq, gpu\nsizes = 1000\ncold = true\n",
                                      -1, NULL));
  gtk_switch_set_active (sw, FALSE);
  g_assert_true (ws_bench_page_open_preset (f->page, path, &error));
  g_assert_no_error (error);
  ui_spin (0.05);
  g_assert_true (gtk_switch_get_active (sw));
  g_assert_true (plan_is_cold (f->page));
  g_assert_nonnull (strstr (gtk_label_get_text (f->page->preset_label), "cold L2"));
  /* Switched off, the same preset runs warm. */
  ws_bench_page_set_cold (f->page, FALSE);
  g_assert_false (plan_is_cold (f->page));
  /* A preset without the key is warm. */
  ws_bench_page_set_cold (f->page, TRUE);
  g_assert_true (ws_bench_page_choose_preset (f->page, "smoke"));
  ui_spin (0.05);
  g_assert_false (gtk_switch_get_active (sw));
  g_assert_false (plan_is_cold (f->page));
}

/* The GPU devices dropdown is offered only where there is a choice: with
 * one GPU or none (CI) the panel shows nothing more than before it
 * (test-ui-bench-devices.c has two). */
static void
test_devices_hidden (Fixture *f, gconstpointer data)
{
  GtkWidget *row = gtk_widget_get_parent (GTK_WIDGET (f->page->devices));
  g_autofree char *gpu = NULL;
  const GArray *gpus = ws_ui_gpus (NULL);

  g_assert_cmpuint (gpus->len > 0, ==, ws_ui_gpu (&gpu));
  g_assert_true (gtk_widget_get_visible (row) == (gpus->len > 1));
  g_assert_true (gtk_widget_get_mapped (row) == (gpus->len > 1));
}

static guint
n_visible (WsPlot *plot)
{
  guint n = 0;

  for (guint s = 0; s < ws_plot_n_series (plot); s++)
    n += ws_plot_series_visible (plot, s);
  return n;
}

/* Clicking every legend entry in turn hides all series but the last: that
 * one says it is the only one shown, and its click does nothing — a chart
 * with nothing drawn would have no legend left to bring them back. */
static void
hide_all_but_one (WsPlotView *view, WsPlot *plot)
{
  int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  gboolean last_seen = FALSE;

  for (int y = 0; y < h; y += 2)
    for (int x = 0; x < w; x += 2)
      {
        g_autofree char *tip = ws_plot_view_tooltip_at (view, x, y);
        if (tip != NULL && strstr (tip, "click to hide") != NULL)
          g_assert_true (ws_plot_view_click_at (view, x, y));
        else if (tip != NULL && strstr (tip, "the only series shown") != NULL)
          {
            g_assert_false (ws_plot_view_click_at (view, x, y));
            last_seen = TRUE;
          }
      }
  g_assert_true (last_seen);
  g_assert_cmpuint (n_visible (plot), ==, 1);
}

/* The view as GTK's renderer draws it, as an image to compare. */
static cairo_surface_t *
render_widget (GtkWidget *widget)
{
  g_autoptr (GdkTexture) texture = ui_render_texture (widget);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                   gdk_texture_get_width (texture),
                                                   gdk_texture_get_height (texture));

  cairo_surface_flush (s);
  gdk_texture_download (texture, cairo_image_surface_get_data (s), cairo_image_surface_get_stride (s));
  cairo_surface_mark_dirty (s);
  return s;
}

/* On screen the chart is the exported one: GTK's rendering of the view and
 * ws_plot_draw on an image of the same size agree pixel for pixel, text
 * included (a glyph at a fraction of a pixel once lost its stem there). */
static void
test_view_pixels (Fixture *f, gconstpointer data)
{
  g_autofree char *path = results_path ("study-000");
  GtkWidget *view = ws_bench_page_plot_view (f->page);
  cairo_surface_t *shown, *drawn;
  cairo_t *cr;
  guint differ = 0;
  int w, h;

  g_assert_true (ws_bench_page_open_csv (f->page, path, NULL));
  ws_bench_page_set_chart (f->page, WS_CHART_SPEEDUP);
  ui_spin (0.2);
  w = gtk_widget_get_width (view), h = gtk_widget_get_height (view);
  shown = render_widget (view);
  drawn = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (drawn);
  ws_plot_draw (ws_bench_page_plot (f->page), cr, w, h);
  cairo_destroy (cr);
  cairo_surface_flush (drawn);
  for (int y = 0; y < h; y++)
    {
      const guint8 *a = cairo_image_surface_get_data (shown) + y * cairo_image_surface_get_stride (shown);
      const guint8 *b = cairo_image_surface_get_data (drawn) + y * cairo_image_surface_get_stride (drawn);
      for (int x = 0; x < 4 * w; x++)
        differ += ABS (a[x] - b[x]) > 8;
    }
  g_test_message ("%u of %d channel values differ by more than 8", differ, 4 * w * h);
  g_assert_cmpuint (differ, ==, 0);
  cairo_surface_destroy (shown);
  cairo_surface_destroy (drawn);
}

/* The middle of the legend entry whose tooltip, tip, starts at (x, y). */
static int
entry_middle (WsPlotView *view, int x, int y, const char *tip)
{
  int end = x, w = gtk_widget_get_width (GTK_WIDGET (view));

  while (end + 1 < w)
    {
      g_autofree char *next = ws_plot_view_tooltip_at (view, end + 1, y);
      if (g_strcmp0 (next, tip) != 0)
        break;
      end++;
    }
  return (x + end) / 2;
}

/* Hovering a point shows its series and values; clicking a legend entry
 * hides the series, clicking again shows it. */
static void
test_hover_and_legend (Fixture *f, gconstpointer data)
{
  g_autofree char *path = results_path ("study-000");
  WsPlotView *view = WS_PLOT_VIEW (ws_bench_page_plot_view (f->page));
  int w, h;
  g_autofree char *point = NULL;
  gboolean toggled = FALSE;

  g_assert_true (ws_bench_page_open_csv (f->page, path, NULL));
  ui_spin (0.2);
  w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  for (int y = 0; y < h && point == NULL; y += 2)
    for (int x = 0; x < w && point == NULL; x += 2)
      {
        g_autofree char *tip = ws_plot_view_tooltip_at (view, x, y);
        if (tip != NULL && strstr (tip, "median") != NULL)
          point = g_steal_pointer (&tip);
      }
  g_assert_nonnull (point);
  g_assert_nonnull (strstr (point, "n = "));
  for (int y = 0; y < h && !toggled; y += 2)
    for (int x = 0; x < w && !toggled; x += 2)
      {
        g_autofree char *tip = ws_plot_view_tooltip_at (view, x, y);
        if (tip != NULL && strstr (tip, "click to hide") != NULL)
          {
            /* as a user would, in the entry, not on its first pixel:
             * hiding a series rescales the axes, and the legend moves
             * with the plot area's edge by the width of a tick label */
            x = entry_middle (view, x, y, tip);
            g_assert_true (ws_plot_view_click_at (view, x, y));
            g_assert_cmpuint (n_visible (ws_bench_page_plot (f->page)), <,
                              ws_plot_n_series (ws_bench_page_plot (f->page)));
            g_free (tip), tip = ws_plot_view_tooltip_at (view, x, y);
            g_assert_nonnull (strstr (tip, "click to show"));
            g_assert_true (ws_plot_view_click_at (view, x, y));
            toggled = TRUE;
          }
      }
  g_assert_true (toggled);
  g_assert_cmpuint (n_visible (ws_bench_page_plot (f->page)), ==,
                    ws_plot_n_series (ws_bench_page_plot (f->page)));
  hide_all_but_one (view, ws_bench_page_plot (f->page));
  /* another kind of chart shows every series again */
  ws_bench_page_set_chart (f->page, WS_CHART_THROUGHPUT);
  ui_spin (0.1);
  g_assert_cmpuint (ws_plot_n_series (ws_bench_page_plot (f->page)), >, 1);
  g_assert_cmpuint (n_visible (ws_bench_page_plot (f->page)), ==,
                    ws_plot_n_series (ws_bench_page_plot (f->page)));
}

/* The points' tooltips found over the view, each once. */
static GHashTable *
point_tips (WsPlotView *view)
{
  GHashTable *tips = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));

  for (int y = 0; y < h; y += 2)
    for (int x = 0; x < w; x += 2)
      {
        char *tip = ws_plot_view_tooltip_at (view, x, y);
        if (tip != NULL && strstr (tip, "median") != NULL)
          g_hash_table_add (tips, tip);
        else
          g_free (tip);
      }
  return tips;
}

/* Presentation mode draws the chart larger (text and strokes), and every
 * point is still found where it is drawn. */
static void
test_presentation_chart (Fixture *f, gconstpointer data)
{
  g_autofree char *path = results_path ("study-000");
  WsPlotView *view = WS_PLOT_VIEW (ws_bench_page_plot_view (f->page));
  g_autoptr (GHashTable) plain = NULL, large = NULL;
  g_autoptr (GdkTexture) before = NULL, after = NULL;
  g_autoptr (GBytes) a = NULL, b = NULL;
  g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();

  /* the application's style sheet, whose presentation rule restyles the
   * view (and so redraws it) when the window's class changes */
  gtk_css_provider_load_from_resource (css, "/io/github/warpscope/Warpscope/ui/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_assert_true (ws_bench_page_open_csv (f->page, path, NULL));
  ui_spin (0.2);
  plain = point_tips (view);
  before = ui_render_texture (GTK_WIDGET (view));
  gtk_widget_add_css_class (f->window, "presentation");
  ui_spin (0.2);
  large = point_tips (view);
  after = ui_render_texture (GTK_WIDGET (view));
  g_assert_cmpuint (g_hash_table_size (plain), >, 3);
  g_assert_cmpuint (g_hash_table_size (large), ==, g_hash_table_size (plain));
  a = gdk_texture_save_to_png_bytes (before), b = gdk_texture_save_to_png_bytes (after);
  g_assert_false (g_bytes_equal (a, b));
  gtk_style_context_remove_provider_for_display (gdk_display_get_default (),
                                                 GTK_STYLE_PROVIDER (css));
}

/* Presentation mode at a projector's 1280×800: the line over the empty
 * table reads whole beside its three buttons (it was cut to "No results
 * yet: ru…csv or result.json"). */
static void
test_presentation_empty_line (Fixture *f, gconstpointer data)
{
  WsBenchPage *page = WS_BENCH_PAGE (ws_bench_page_new ());
  GtkWidget *window = ui_present (GTK_WIDGET (page), 1280, 800);
  g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (css, "/io/github/warpscope/Warpscope/ui/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_widget_add_css_class (window, "presentation");
  ui_spin (0.3);
  g_assert_cmpint (gtk_widget_get_width (window), <=, 1280);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (page->compare_button)));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (page->rows_label), "No results yet"));
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (page->rows_label)));
  gtk_style_context_remove_provider_for_display (gdk_display_get_default (),
                                                 GTK_STYLE_PROVIDER (css));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
asking (gpointer page)
{
  return ws_bench_page_confirming (page) || !ws_bench_page_running (page);
}

static gboolean
one_row (gpointer page)
{
  return ws_bench_table_n_rows (ws_bench_page_table (page)) >= 1 || !ws_bench_page_running (page);
}

/* Starts the plan and waits for its question: the estimate (made on the
 * worker) comes first, past ten minutes with a dialog. */
static void
run_until_asked (Fixture *f)
{
  ws_bench_page_run (f->page);
  g_assert_true (ws_bench_page_running (f->page));
  g_assert_true (ui_spin_until (asking, f->page, 120));
  g_assert_true (ws_bench_page_confirming (f->page));
  g_assert_true (g_str_has_prefix (ws_bench_page_status_text (f->page), "Estimated time: about "));
}

/* The question's dialog, answered as its Cancel button or Escape does. */
static void
answer_dialog (const char *response)
{
  GListModel *tops = gtk_window_get_toplevels (); /* not ours to free */

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (tops, i);
      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        {
          g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (w)), ==,
                           "Run a Long Benchmark?");
          g_assert_true (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (w), "run"));
          adw_message_dialog_response (ADW_MESSAGE_DIALOG (w), response);
          return;
        }
    }
  g_error ("no dialog asks");
}

/* Odd-even transposition to 2^22 takes hours. No (the dialog's own
 * answer): nothing runs, and no folder is left. Yes: it runs (cancelled here after its first row), and
 * error.log says where the cancel stopped it. */
static void
test_confirm_long (Fixture *f, gconstpointer data)
{
  g_autofree char *plan = ws_test_tmp_path ("long.ini");
  g_autofree char *left = NULL, *log = NULL, *log_path = NULL, *record = NULL, *run_dir = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (plan, "[preset]\nname = Long\nalgorithms = odd-even\n"
                                      "variants = cpu-seq\nsizes = 2^12, 2^22\nrepetitions = 1\n"
                                      "type = int32\n", -1, NULL));
  g_assert_true (ws_bench_page_open_preset (f->page, plan, &error));
  run_until_asked (f);
  answer_dialog ("cancel");
  g_assert_false (ws_bench_page_confirming (f->page));
  g_assert_true (ui_spin_until (idle_page, f->page, 30));
  g_assert_true (g_str_has_prefix (ws_bench_page_status_text (f->page), "Not started"));
  g_assert_nonnull (strstr (ws_bench_page_status_text (f->page), "nothing was written"));
  g_assert_null (ws_bench_page_result_path (f->page));
  left = ws_test_list_dir (f->dir);
  g_assert_cmpstr (left, ==, "");

  run_until_asked (f);
  ws_bench_page_confirm (f->page, TRUE);
  g_assert_false (ws_bench_page_confirming (f->page));
  g_assert_true (ui_spin_until (one_row, f->page, 120));
  ws_bench_page_cancel (f->page);
  g_assert_true (ui_spin_until (idle_page, f->page, 30));
  g_assert_true (g_str_has_prefix (ws_bench_page_status_text (f->page), "Cancelled"));
  g_assert_cmpuint (csv_rows (ws_bench_page_result_path (f->page)), ==, 1);
  run_dir = g_path_get_dirname (ws_bench_page_result_path (f->page));
  log_path = g_build_filename (run_dir, "error.log", NULL);
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  g_assert_nonnull (strstr (log, "cancelled in the application: Stopped during odd-even cpu-seq n=4194304"));
  g_assert_nonnull (strstr (log, "1 rows kept"));
  record = g_build_filename (run_dir, "run.ini", NULL);
  g_assert_true (g_file_test (record, G_FILE_TEST_EXISTS));
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;
#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/ui/bench/plan-text", test_plan_text);
  ADD ("/ui/bench/cold-switch", test_cold_switch);
  ADD ("/ui/bench/devices-hidden", test_devices_hidden);
  ADD ("/ui/bench/verdict-shown", test_verdict_shown);
  ADD ("/ui/bench/open-and-export", test_open_and_export);
  ADD ("/ui/bench/open-errors", test_open_errors);
  ADD ("/ui/bench/hover-and-legend", test_hover_and_legend);
  ADD ("/ui/bench/view-pixels", test_view_pixels);
  ADD ("/ui/bench/presentation-chart", test_presentation_chart);
  ADD ("/ui/bench/presentation-empty-line", test_presentation_empty_line);
  ADD ("/ui/bench/clicked-plan", test_clicked_plan);
  ADD ("/ui/bench/smoke", test_smoke);
  ADD ("/ui/bench/cancel", test_cancel);
  ADD ("/ui/bench/confirm-long", test_confirm_long);
#undef ADD
  return g_test_run ();
}
