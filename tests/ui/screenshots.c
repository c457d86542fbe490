/* screenshots.c: renders the window in each mode to PNG, for the README
 * and docs/images (tests/ui/screenshots.sh runs it under Xvfb): each mode
 * as on a desk (1400×820), then as a projector shows it in presentation
 * mode (1280×800, files named *-presentation.png), and Debug Your Sort.
 *   ws-screenshots DIR */
#include <adwaita.h>
#include <stdio.h>

#include "ui-test-util.h"
#include "ws-application.h"
#include "ws-debug-window.h"
#include "ws-window.h"

static gboolean ready (gpointer page) { return ws_sorting_page_ready (page); }
static gboolean sum_ready (gpointer page) { return ws_window_sum_page_ready (page); }
static gboolean bench_idle (gpointer page) { return !ws_bench_page_running (page); }

/* The debug window has said what it found ("Reading …" ends in "…"). */
static gboolean
verdict_in (gpointer debug)
{
  return !g_str_has_suffix (ws_debug_window_verdict (debug), "…");
}

/* A CPU plan run here: bitonic and radix sort, the parallel CPU against
 * the sequential one. */
static const char cpu_plan[] =
  "[preset]\nname = CPU sorts\n"
  "description = Bitonic and radix sort: OpenMP over this machine's cores against the sequential loops\n"
  "algorithms = bitonic, radix-sort\nvariants = cpu-seq, cpu-par\n"
  "baseline = cpu-seq\nsizes = 2^10..2^20 x4\nrepetitions = 15\ntype = float32\n";

typedef struct
{
  const char *dir;
  const char *suffix; /* "" or "-presentation" */
  gboolean    failed;
} Shots;

/* The window as its renderer draws it, GL canvas included, as
 * DIR/NAME{suffix}.png. */
static void
shoot (Shots *s, GtkWidget *window, const char *name)
{
  g_autofree char *file = g_strconcat (name, s->suffix, ".png", NULL);
  g_autofree char *path = g_build_filename (s->dir, file, NULL);
  g_autoptr (GdkTexture) texture = NULL;

  ui_spin (1.0); /* a few frames drawn */
  texture = ui_render_texture (window);
  if (!gdk_texture_save_to_png (texture, path))
    {
      fprintf (stderr, "cannot write %s\n", path);
      s->failed = TRUE;
      return;
    }
  printf ("%s\n", path);
}

/* Bitonic sort of 64 keys at pass 14. */
static void
show_sorting (WsWindow *window)
{
  WsSortingPage *page = ws_window_sorting_page (window);

  ws_window_set_mode (window, "sorting");
  ws_sorting_page_generate (page);
  ui_spin_until (ready, page, 30);
  for (int i = 0; i < 14; i++)
    ws_sorting_page_step (page);
}

/* Study 001's launch half run, output (30, 37) chosen. */
static void
show_window_sum (WsWindow *window)
{
  WsWindowSumPage *sum = ws_window_window_sum_page (window);

  ws_window_set_mode (window, "window-sum");
  ws_window_sum_page_run (sum);
  ui_spin_until (sum_ready, sum, 30);
  ws_window_sum_page_choose (sum, 30, 37);
  ws_window_sum_page_set_blocks (sum, 15);
}

/* Blelloch's scan of 32 keys in its up-sweep. */
static void
show_primitives (WsWindow *window)
{
  WsPrimitivesPage *prim = ws_window_primitives_page (window);

  ws_window_set_mode (window, "primitives");
  ws_primitives_page_generate (prim);
  ws_primitives_page_step (prim, 4);
}

/* The benchmark panel with study 000's result.csv measured on an H200. */
static gboolean
show_bench_gpu (WsWindow *window)
{
  WsBenchPage *bench = ws_window_bench_page (window);
  g_autofree char *path = g_build_filename ("docs", "results", "h200", "study-000", "result.csv", NULL);

  ws_window_set_mode (window, "benchmark");
  if (!ws_bench_page_open_csv (bench, path, NULL))
    return FALSE;
  ws_bench_page_set_chart (bench, WS_CHART_SPEEDUP);
  return TRUE;
}

/* A CPU plan run here, its speedups. */
static gboolean
show_bench_cpu (WsWindow *window)
{
  WsBenchPage *bench = ws_window_bench_page (window);
  g_autofree char *tmp = g_dir_make_tmp ("ws-shots-XXXXXX", NULL);
  g_autofree char *plan = g_build_filename (tmp, "cpu-sorts.ini", NULL);

  ws_window_set_mode (window, "benchmark");
  ws_bench_page_set_output_dir (bench, tmp);
  if (!g_file_set_contents (plan, cpu_plan, -1, NULL) || !ws_bench_page_open_preset (bench, plan, NULL))
    return FALSE;
  ws_bench_page_run (bench);
  ui_spin_until (bench_idle, bench, 600);
  ws_bench_page_set_chart (bench, WS_CHART_SPEEDUP);
  return TRUE;
}

static WsWindow *
open_window (WsApplication *app, int width, int height, gboolean presentation)
{
  WsWindow *window = WS_WINDOW (ws_window_new (GTK_APPLICATION (app)));

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  g_object_set (window, "presentation", presentation, NULL);
  gtk_window_present (GTK_WINDOW (window));
  ui_spin_until (ui_mapped, window, 10);
  return window;
}

/* Every mode in one window; the CPU run only on the desk (it takes a
 * while and its chart is the GPU one's twin). */
static void
shoot_modes (Shots *s, WsApplication *app, int width, int height, gboolean presentation)
{
  WsWindow *window = open_window (app, width, height, presentation);

  show_sorting (window), shoot (s, GTK_WIDGET (window), "app-sorting");
  show_window_sum (window), shoot (s, GTK_WIDGET (window), "app-window-sum");
  show_primitives (window), shoot (s, GTK_WIDGET (window), "app-primitives");
  if (!presentation)
    {
      s->failed |= !show_bench_cpu (window);
      shoot (s, GTK_WIDGET (window), "app-bench-cpu");
    }
  s->failed |= !show_bench_gpu (window);
  shoot (s, GTK_WIDGET (window), "app-bench-gpu");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Debug Your Sort with the example trace whose kernel overwrites a key,
 * at the pass where it parts from the reference. */
static void
shoot_debug (Shots *s)
{
  g_autofree char *trace = g_build_filename ("data", "examples", "trace-bitonic-overwrite.txt", NULL);
  GtkWidget *debug = ws_debug_window_new (NULL, WS_NETWORK_BITONIC);

  gtk_window_set_default_size (GTK_WINDOW (debug), 1400, 820);
  gtk_window_present (GTK_WINDOW (debug));
  ui_spin_until (ui_mapped, debug, 10);
  ws_debug_window_open (WS_DEBUG_WINDOW (debug), trace);
  ui_spin_until (verdict_in, debug, 30);
  gtk_widget_activate_action (debug, "debug.divergence", NULL);
  shoot (s, debug, "app-debug");
  gtk_window_destroy (GTK_WINDOW (debug));
}

int
main (int argc, char **argv)
{
  g_autoptr (WsApplication) app = NULL;
  Shots s = { argc == 2 ? argv[1] : NULL, "", FALSE };

  if (argc != 2 || !gtk_init_check ())
    {
      fprintf (stderr, "usage: ws-screenshots DIR (with a display)\n");
      return 2;
    }
  app = ws_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  shoot_modes (&s, app, 1400, 820, FALSE);
  shoot_debug (&s);
  s.suffix = "-presentation";
  shoot_modes (&s, app, 1280, 800, TRUE);
  return s.failed ? 1 : 0;
}
