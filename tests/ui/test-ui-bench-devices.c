/* test-ui-bench-devices.c: the benchmark panel's GPU devices dropdown
 * (issue 21's devices) on the two GPUs of tests/core's GPU double
 * (fake-gpus.c defines ws_backend_gpu for this program): offered with the
 * GPUs' names, GPU 0 (as a plan without devices) until chosen otherwise,
 * showing a chosen preset's devices key, taken by the plan — and a plan on
 * both run from the panel, a row and a series a GPU. test-ui-bench.c checks
 * that a machine of one GPU or none is not shown it. */
#include <gtk/gtk.h>
#include <stdlib.h>
#include <string.h>

#include "fake-gpus.h"
#include "ui-test-util.h"
#include "ws-bench-devices.h"
#include "ws-bench-page-private.h"
#include "ws-bench-page.h"
#include "ws-csv.h"
#include "ws-error.h"
#include "ws-test-util.h"

/* One panel in a window for every case, in their order (each sets the
 * choices it reads), its runs in a folder of their own. */
typedef struct
{
  WsBenchPage *page;
  char        *dir;
} Fixture;

static Fixture fixture, *f = &fixture;

static const char *
item (WsBenchPage *page, guint i)
{
  return gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (page->devices)), i);
}

static guint
n_items (WsBenchPage *page)
{
  return g_list_model_get_n_items (gtk_drop_down_get_model (page->devices));
}

/* The plan the panel would run: its devices as "0, 1", "" for none. */
static char *
plan_devices (WsBenchPage *page)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsPreset) p = ws_bench_page_make_preset (page, &error);

  g_assert_no_error (error);
  g_assert_false (p->all_devices); /* listed as the GPUs there are */
  return ws_bench_devices_text (p->devices);
}

/* Shown beside the Cold L2 switch, named, with each GPU; GPU 0 chosen. */
static void
test_offered (void)
{
  GtkWidget *row = gtk_widget_get_parent (GTK_WIDGET (f->page->devices));

  g_assert_true (gtk_widget_get_visible (row));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->page->devices)));
  g_assert_nonnull (ui_find_label (row, "GPU devices"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (GTK_WIDGET (f->page->devices)),
                            "CPU variants run once"));
  g_assert_cmpuint (n_items (f->page), ==, 3);
  g_assert_cmpstr (item (f->page, 0), ==, "All (2)");
  g_assert_cmpstr (item (f->page, 1), ==, "GPU 0: Fake GPU 0");
  g_assert_cmpstr (item (f->page, 2), ==, "GPU 1: Fake GPU 1");
  g_assert_cmpuint (gtk_drop_down_get_selected (f->page->devices), ==, 1);
}

/* The plan takes the choice: GPU 0 is a plan without devices (its files
 * as before), GPU 1 that one, All both. */
static void
test_plan (void)
{
  g_autofree char *zero = plan_devices (f->page);
  g_autofree char *one = NULL, *all = NULL;

  g_assert_cmpstr (zero, ==, "");
  gtk_drop_down_set_selected (f->page->devices, 2);
  one = plan_devices (f->page);
  g_assert_cmpstr (one, ==, "1");
  gtk_drop_down_set_selected (f->page->devices, 0);
  all = plan_devices (f->page);
  g_assert_cmpstr (all, ==, "0, 1");
  /* A preset's plan too. */
  g_assert_true (ws_bench_page_choose_preset (f->page, "smoke"));
  gtk_drop_down_set_selected (f->page->devices, 0);
  g_free (all), all = plan_devices (f->page);
  g_assert_cmpstr (all, ==, "0, 1");
}

static void
open_preset (const char *devices)
{
  g_autofree char *path = g_build_filename (f->dir, "gpus.ini", NULL);
  g_autofree char *text = g_strdup_printf ("[preset]\nname = gpus\nalgorithms = reduce\n"
                                           "variants = cpu-seq, gpu\nsizes = 1000\n%s", devices);
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_true (ws_bench_page_open_preset (f->page, path, &error));
  g_assert_no_error (error);
  ui_spin (0.05);
}

/* A preset's key chooses: all, one GPU, none (GPU 0); a list of several
 * is an item of its own, gone again with the custom plan. */
static void
test_preset_key (void)
{
  g_autofree char *listed = NULL, *custom = NULL;

  open_preset ("devices = all\n");
  g_assert_cmpuint (gtk_drop_down_get_selected (f->page->devices), ==, 0);
  g_assert_nonnull (strstr (gtk_label_get_text (f->page->preset_label), "GPUs all"));
  open_preset ("devices = 1\n");
  g_assert_cmpuint (gtk_drop_down_get_selected (f->page->devices), ==, 2);
  open_preset ("");
  g_assert_cmpuint (gtk_drop_down_get_selected (f->page->devices), ==, 1);
  open_preset ("devices = 1, 0\n");
  g_assert_cmpuint (n_items (f->page), ==, 4);
  g_assert_cmpstr (item (f->page, 3), ==, "GPUs 1, 0 (the preset's)");
  g_assert_cmpuint (gtk_drop_down_get_selected (f->page->devices), ==, 3);
  listed = plan_devices (f->page);
  g_assert_cmpstr (listed, ==, "1, 0");
  g_assert_true (ws_bench_page_choose_preset (f->page, NULL));
  ui_spin (0.05);
  g_assert_cmpuint (n_items (f->page), ==, 3);
  custom = plan_devices (f->page);
  g_assert_cmpstr (custom, ==, "");
}

/* A preset naming a GPU the machine lacks: said on Run, nothing runs. */
static void
test_missing (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsPreset) p = NULL;

  open_preset ("devices = 5\n");
  p = ws_bench_page_make_preset (f->page, &error);
  g_assert_null (p);
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "gpus: devices = 5: this machine has 2 GPUs (0, 1)");
}

static gboolean
idle_page (gpointer page)
{
  return !ws_bench_page_running (page);
}

/* A custom plan on All: the CPU row once, the GPU variant a row a GPU,
 * each from its GPU, and a series a GPU on the chart. */
static void
test_run (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsCsvTable) t = NULL;
  WsPlot *plot;
  guint on[FAKE_GPUS] = { 0 };
  gboolean series[FAKE_GPUS] = { FALSE };

  fake_gpus_reset ();
  g_assert_true (ws_bench_page_choose_preset (f->page, NULL));
  for (guint i = 0; i < f->page->algorithm_checks->len; i++)
    gtk_check_button_set_active (f->page->algorithm_checks->pdata[i],
                                 g_str_equal (gtk_check_button_get_label (f->page->algorithm_checks->pdata[i]), "radix-sort"));
  for (guint v = 0; v < WS_N_VARIANTS; v++)
    gtk_check_button_set_active (f->page->variant_checks[v], v == WS_VARIANT_CPU_SEQ || v == WS_VARIANT_GPU);
  gtk_check_button_set_active (f->page->verify, FALSE); /* the double computes nothing */
  ws_bench_page_set_sizes (f->page, "1000", "1000", "4");
  gtk_drop_down_set_selected (f->page->devices, 0);
  ws_bench_page_run (f->page);
  g_assert_true (ui_spin_until (idle_page, f->page, 120));
  g_assert_true (g_str_has_prefix (ws_bench_page_status_text (f->page), "Finished: 3 rows"));
  t = ws_csv_table_read (ws_bench_page_result_path (f->page), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (t->rows->len, ==, 3);
  for (guint r = 0; r < t->rows->len; r++)
    {
      const char *d = ws_csv_table_get (t, r, "device_index");
      if (d[0] != '\0')
        on[atoi (d)]++;
    }
  g_assert_cmpuint (on[0], ==, 1);
  g_assert_cmpuint (on[1], ==, 1);
  g_assert_cmpint (fake_gpus.runs[0], >, 0);
  g_assert_cmpint (fake_gpus.runs[1], >, 0);
  plot = ws_bench_page_plot (f->page);
  for (guint s = 0; s < ws_plot_n_series (plot); s++)
    for (guint d = 0; d < FAKE_GPUS; d++)
      {
        g_autofree char *name = g_strdup_printf ("radix-sort gpu · GPU %u", d);
        series[d] |= g_str_equal (ws_plot_series_name (plot, s), name);
      }
  g_assert_true (series[0] && series[1]);
}

int
main (int argc, char **argv)
{
  GtkWidget *window;
  int status;

  if (!ui_test_init (&argc, &argv))
    return 0;
  f->dir = g_dir_make_tmp ("ws-ui-devices-XXXXXX", NULL);
  f->page = WS_BENCH_PAGE (ws_bench_page_new ());
  ws_bench_page_set_output_dir (f->page, f->dir);
  window = ui_present (GTK_WIDGET (f->page), 1400, 900);
  g_test_add_func ("/ui/bench-devices/offered", test_offered);
  g_test_add_func ("/ui/bench-devices/plan", test_plan);
  g_test_add_func ("/ui/bench-devices/preset-key", test_preset_key);
  g_test_add_func ("/ui/bench-devices/missing", test_missing);
  g_test_add_func ("/ui/bench-devices/run", test_run);
  status = g_test_run ();
  gtk_window_destroy (GTK_WINDOW (window));
  ws_test_remove_dir (f->dir);
  g_free (f->dir);
  return status;
}
