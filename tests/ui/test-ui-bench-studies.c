/* test-ui-bench-studies.c: every study's experiment and the showcase, each
 * run from the benchmark panel as a lecturer would (the preset chosen,
 * Quick on): the rows are the plan's configurations in the plan's order,
 * the CPU rows ran and verified, the GPU rows ran or say why they could not
 * (here: no GPU), result.csv holds the same rows, and every algorithm of
 * the preset gets a chart. Skips where there is no display. */
#include <gtk/gtk.h>
#include <string.h>

#include "ui-test-util.h"
#include "ws-test-util.h"
#include "ws-bench-page.h"
#include "ws-bench.h"
#include "ws-config.h"
#include "ws-csv.h"
#include "ws-preset.h"

static gboolean
idle_page (gpointer page)
{
  return !ws_bench_page_running (page);
}

/* The plan the panel should run, made here from the file. */
static WsBenchPlan *
quick_plan (const char *name)
{
  g_autofree char *file = g_strconcat (name, ".ini", NULL);
  g_autofree char *path = g_build_filename (WS_PRESETS_DIR, file, NULL);
  g_autoptr (GError) error = NULL;
  WsPreset *preset = ws_preset_load (path, &error);
  WsBenchPlan *plan;

  g_assert_no_error (error);
  ws_preset_make_quick (preset, WS_PRESET_QUICK_MAX_SIZE);
  plan = ws_bench_plan_new (preset, &error);
  g_assert_no_error (error);
  return plan;
}

static void
assert_rows (const WsBenchPlan *plan, const WsCsvTable *csv)
{
  g_assert_cmpuint (csv->rows->len, ==, plan->configs->len);
  for (guint r = 0; r < csv->rows->len; r++)
    {
      const WsBenchConfig *c = plan->configs->pdata[r];
      const char *status = ws_csv_table_get (csv, r, "status");

      g_assert_cmpstr (ws_csv_table_get (csv, r, "key"), ==, c->key);
      if (ws_variant_is_gpu (c->variant))
        g_assert_true (g_str_equal (status, "ok") || g_str_equal (status, "unavailable"));
      else
        g_assert_cmpstr (status, ==, "ok");
    }
}

/* Each run in a folder of its own: when, then what, readable in a file
 * manager ("20261121-153000-study-001-radius-r-window-sum"). */
static void
assert_run_dir (const char *result, const char *preset)
{
  g_autofree char *dir = g_path_get_dirname (result);
  g_autofree char *base = g_path_get_basename (dir);
  g_autofree char *pattern = g_strdup_printf ("^[0-9]{8}-[0-9]{6}-%s(-[a-z0-9]+)*$", preset);

  g_assert_true (g_regex_match_simple (pattern, base, 0, 0));
  g_assert_cmpuint (strlen (base), <=, 16 + 40);
}

/* One chart per algorithm, with a series for each variant that ran. */
static void
assert_charts (WsBenchPage *page, const WsBenchPlan *plan)
{
  GtkDropDown *algorithm = GTK_DROP_DOWN (ui_find_tip (GTK_WIDGET (page), GTK_TYPE_DROP_DOWN,
                                                       "Whose rows the chart shows"));
  GListModel *names = gtk_drop_down_get_model (algorithm);

  g_assert_cmpuint (g_list_model_get_n_items (names), ==, plan->preset->algorithms->len);
  for (guint i = 0; i < g_list_model_get_n_items (names); i++)
    {
      WsPlot *plot;

      gtk_drop_down_set_selected (algorithm, i);
      plot = ws_bench_page_plot (page);
      g_assert_nonnull (plot);
      g_assert_cmpuint (ws_plot_n_series (plot), >=, 1);
    }
}

static void
test_study (gconstpointer data)
{
  const char *name = data;
  g_autofree char *dir = g_dir_make_tmp ("ws-ui-studies-XXXXXX", NULL);
  g_autoptr (WsBenchPlan) plan = quick_plan (name);
  g_autofree char *finished = g_strdup_printf ("Finished: %u rows", plan->configs->len);
  WsBenchPage *page = WS_BENCH_PAGE (ws_bench_page_new ());
  GtkWidget *window;
  g_autoptr (WsCsvTable) csv = NULL;
  g_autoptr (GError) error = NULL;

  ws_bench_page_set_output_dir (page, dir);
  window = ui_present (GTK_WIDGET (page), 1400, 900);
  g_assert_true (ws_bench_page_choose_preset (page, name));
  ws_bench_page_set_quick (page, TRUE);
  ws_bench_page_run (page);
  g_assert_true (ws_bench_page_running (page));
  g_assert_true (ui_spin_until (idle_page, page, 200));
  g_test_message ("%s: %s", name, ws_bench_page_status_text (page));
  g_assert_true (g_str_has_prefix (ws_bench_page_status_text (page), finished));
  g_assert_cmpuint (ws_bench_table_n_rows (ws_bench_page_table (page)), ==, plan->configs->len);
  assert_run_dir (ws_bench_page_result_path (page), name);
  csv = ws_csv_table_read (ws_bench_page_result_path (page), &error);
  g_assert_no_error (error);
  assert_rows (plan, csv);
  assert_charts (page, plan);
  gtk_window_destroy (GTK_WINDOW (window));
  ws_test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  static const char *const presets[] = { "study-000", "study-001", "study-002", "study-003", "study-004",
                                         "showcase" };

  if (!ui_test_init (&argc, &argv))
    return 0;
  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    {
      g_autofree char *path = g_strdup_printf ("/ui/bench-studies/%s", presets[i]);
      g_test_add_data_func (path, presets[i], test_study);
    }
  return g_test_run ();
}
