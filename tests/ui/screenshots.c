/* screenshots.c: renders the window in each finished mode to PNG, for the
 * README and docs/images (tests/ui/screenshots.sh runs it under Xvfb).
 *   ws-screenshots DIR */
#include <gtk/gtk.h>
#include <stdio.h>

#include "ui-test-util.h"
#include "ws-application.h"
#include "ws-window.h"

static gboolean ready (gpointer page) { return ws_sorting_page_ready (page); }
static gboolean sum_ready (gpointer page) { return ws_window_sum_page_ready (page); }
static gboolean bench_idle (gpointer page) { return !ws_bench_page_running (page); }

/* A CPU plan run here: bitonic and radix sort, the parallel CPU against
 * the sequential one. */
static const char cpu_plan[] =
  "[preset]\nname = CPU sorts\n"
  "description = Bitonic and radix sort: OpenMP over this machine's cores against the sequential loops\n"
  "algorithms = bitonic, radix-sort\nvariants = cpu-seq, cpu-par\n"
  "baseline = cpu-seq\nsizes = 2^10..2^20 x4\nrepetitions = 15\ntype = float32\n";

/* The window as its renderer draws it, GL canvas included. */
static gboolean
save (GtkWidget *window, const char *path)
{
  g_autoptr (GdkTexture) texture = ui_render_texture (window);

  return gdk_texture_save_to_png (texture, path);
}

int
main (int argc, char **argv)
{
  g_autoptr (WsApplication) app = NULL;
  g_autofree char *path = NULL;
  WsWindow *window;
  WsSortingPage *page;

  if (argc != 2 || !gtk_init_check ())
    {
      fprintf (stderr, "usage: ws-screenshots DIR (with a display)\n");
      return 2;
    }
  app = ws_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  window = WS_WINDOW (ws_window_new (GTK_APPLICATION (app)));
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 820);
  gtk_window_present (GTK_WINDOW (window));
  ui_spin_until (ui_mapped, window, 10);
  page = ws_window_sorting_page (window);
  ws_sorting_page_generate (page);
  ui_spin_until (ready, page, 30);
  for (int i = 0; i < 14; i++)
    ws_sorting_page_step (page);
  ui_spin (1.0); /* a few frames drawn */
  path = g_build_filename (argv[1], "app-sorting.png", NULL);
  if (!save (GTK_WIDGET (window), path))
    return 1;
  printf ("%s\n", path);

  /* Study 001's launch half run, output (30, 37) chosen. */
  WsWindowSumPage *sum = ws_window_window_sum_page (window);
  ws_window_set_mode (window, "window-sum");
  ws_window_sum_page_run (sum);
  ui_spin_until (sum_ready, sum, 30);
  ws_window_sum_page_choose (sum, 30, 37);
  ws_window_sum_page_set_blocks (sum, 15);
  ui_spin (1.0);
  g_free (path);
  path = g_build_filename (argv[1], "app-window-sum.png", NULL);
  if (!save (GTK_WIDGET (window), path))
    return 1;
  printf ("%s\n", path);

  /* Blelloch's scan of 32 keys in its up-sweep. */
  WsPrimitivesPage *prim = ws_window_primitives_page (window);
  ws_window_set_mode (window, "primitives");
  ws_primitives_page_generate (prim);
  ws_primitives_page_step (prim, 4);
  ui_spin (1.0);
  g_free (path);
  path = g_build_filename (argv[1], "app-primitives.png", NULL);
  if (!save (GTK_WIDGET (window), path))
    return 1;
  printf ("%s\n", path);
  /* The benchmark panel: a CPU run made here, then the H200's study 000. */
  WsBenchPage *bench = ws_window_bench_page (window);
  g_autofree char *tmp = g_dir_make_tmp ("ws-shots-XXXXXX", NULL);
  g_autofree char *plan = g_build_filename (tmp, "cpu-sorts.ini", NULL);
  ws_window_set_mode (window, "benchmark");
  ws_bench_page_set_output_dir (bench, tmp);
  if (!g_file_set_contents (plan, cpu_plan, -1, NULL) || !ws_bench_page_open_preset (bench, plan, NULL))
    return 1;
  ws_bench_page_run (bench);
  ui_spin_until (bench_idle, bench, 600);
  ws_bench_page_set_chart (bench, WS_CHART_SPEEDUP);
  ui_spin (1.0);
  g_free (path);
  path = g_build_filename (argv[1], "app-bench-cpu.png", NULL);
  if (!save (GTK_WIDGET (window), path))
    return 1;
  printf ("%s\n", path);
  g_free (path);
  path = g_build_filename ("docs", "results", "h200", "study-000", "result.csv", NULL);
  if (!ws_bench_page_open_csv (bench, path, NULL))
    return 1;
  ws_bench_page_set_chart (bench, WS_CHART_SPEEDUP);
  ui_spin (1.0);
  g_free (path);
  path = g_build_filename (argv[1], "app-bench-gpu.png", NULL);
  if (!save (GTK_WIDGET (window), path))
    return 1;
  printf ("%s\n", path);
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
