/* test-ui-window-sum.c: the window-sum mode in a real window (Xvfb, Mesa's
 * software OpenGL): a run on a worker reports its time and GFLOP/s; the
 * chosen output names its thread, block and launch as study 001's kernel
 * has them; a click on a cell of either map chooses the output there, when
 * zoomed and dragged too, and a drag chooses nothing; the wheel zooms
 * about the pointer; the launch animation counts blocks, its step buttons
 * move it a block; presentation mode hides the panel and the maps fill the
 * height of a 1280 × 800 window. Skips where there is no display. */
#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui-test-util.h"
#include "ws-window-sum-page.h"
#include "ws-window-sum-view.h"

typedef struct
{
  GtkWidget       *window;
  WsWindowSumPage *page;
} Fixture;

static gboolean ready (gpointer page) { return ws_window_sum_page_ready (page); }

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->page = WS_WINDOW_SUM_PAGE (ws_window_sum_page_new ());
  f->window = ui_present (GTK_WIDGET (f->page), 1300, 700);
  ws_window_sum_page_run (f->page); /* defaults: N 64, R 2, BS 8, K 2, cpu-seq */
  g_assert_true (ui_spin_until (ready, f->page, 30));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
}

/* Output (30, 30) of 60²: thread column 15 → block x 1, thread x 7; row 30
 * → block y 3, thread y 6; 4 blocks a row, so launched 3·4 + 1 + 1 = 14th
 * of 32. */
static void
test_run_and_place (Fixture *f, gconstpointer data)
{
  g_assert_true (g_str_has_prefix (ws_window_sum_page_run_text (f->page), "cpu-seq: "));
  g_assert_nonnull (strstr (ws_window_sum_page_run_text (f->page), "GFLOP/s"));
  g_assert_true (g_str_has_prefix (ws_window_sum_page_cell_text (f->page), "output at row 30, col 30 = "));
  g_assert_nonnull (strstr (ws_window_sum_page_cell_text (f->page),
                            "thread (x 7, y 6) of block (x 1, y 3), x along the columns, y down "
                            "the rows; launched 14 of 32; the thread "
                            "computes 2 outputs"));
  g_assert_cmpstr (ws_window_sum_page_launch_text (f->page), ==, "blocks run: 32 of 32");
  ws_window_sum_page_set_blocks (f->page, 5);
  g_assert_cmpstr (ws_window_sum_page_launch_text (f->page), ==, "blocks run: 5 of 32");
}

/* The centre of cell (row, col) of a map as the canvas draws it now (its
 * zoom too), in the canvas's pixels (device pixels are logical here). */
static void
cell_point (Fixture *f, WsHeatSlot slot, guint64 row, guint64 col, double *x, double *y)
{
  WsWindowSumView v;
  WsHeatPart part;
  WsRect map;
  int w, h;

  g_assert_true (ws_window_sum_page_view (f->page, &v, &w, &h));
  part = ws_window_sum_part (&v, slot);
  map = ws_window_sum_map (&v, slot, w, h);
  *x = map.x + (col + 0.5 - part.col) * map.width / part.span;
  *y = map.y + (row + 0.5 - part.row) * map.height / part.span;
}

/* The cell of its map under canvas point (x, y), continuous. */
static void
cell_under (Fixture *f, double x, double y, WsHeatSlot *slot, double *row, double *col)
{
  WsWindowSumView v;
  int w, h;

  g_assert_true (ws_window_sum_page_view (f->page, &v, &w, &h));
  g_assert_true (ws_window_sum_cell_at (&v, w, h, x, y, slot, row, col));
}

static double
page_zoom (Fixture *f)
{
  WsWindowSumZoom z;

  g_assert_true (ws_window_sum_page_get_zoom (f->page, &z));
  return z.zoom;
}

/* Clicking output (5, 10) chooses it; clicking input (42, 7) chooses the
 * output centred there, (40, 5); the input's border chooses nothing. */
static void
test_clicks (Fixture *f, gconstpointer data)
{
  double x, y;

  cell_point (f, WS_HEAT_OUTPUT, 5, 10, &x, &y);
  ws_window_sum_page_click (f->page, x, y);
  g_assert_true (g_str_has_prefix (ws_window_sum_page_cell_text (f->page), "output at row 5, col 10 = "));
  cell_point (f, WS_HEAT_INPUT, 42, 7, &x, &y);
  ws_window_sum_page_click (f->page, x, y);
  g_assert_true (g_str_has_prefix (ws_window_sum_page_cell_text (f->page), "output at row 40, col 5 = "));
  cell_point (f, WS_HEAT_INPUT, 0, 7, &x, &y);
  ws_window_sum_page_click (f->page, x, y);
  g_assert_true (g_str_has_prefix (ws_window_sum_page_cell_text (f->page), "output at row 40, col 5 = "));
}

/* Three notches of the wheel over output (40, 12) zoom both maps 1.25³×
 * about it: the same cell stays under the pointer, on the output map and
 * then on the input map; page.fit (0) shows the whole maps again. */
static void
test_wheel_zoom (Fixture *f, gconstpointer data)
{
  const WsHeatSlot slots[] = { WS_HEAT_OUTPUT, WS_HEAT_INPUT };
  double zoom = 1.0;

  g_assert_cmpfloat (page_zoom (f), ==, 1.0);
  for (guint i = 0; i < G_N_ELEMENTS (slots); i++)
    {
      double x, y, row0, col0, row1, col1;
      WsHeatSlot slot0, slot1;
      cell_point (f, slots[i], 40, 12, &x, &y);
      cell_under (f, x, y, &slot0, &row0, &col0);
      ws_window_sum_page_zoom_at (f->page, x, y, pow (1.25, 3));
      zoom *= pow (1.25, 3);
      g_assert_cmpfloat_with_epsilon (page_zoom (f), zoom, 1e-9);
      cell_under (f, x, y, &slot1, &row1, &col1);
      g_assert_cmpint (slot1, ==, slots[i]);
      g_assert_cmpfloat_with_epsilon (row1, row0, 1e-6);
      g_assert_cmpfloat_with_epsilon (col1, col0, 1e-6);
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.fit", NULL));
  g_assert_cmpfloat (page_zoom (f), ==, 1.0);
}

/* Zoomed 4× and dragged, a press and release on output (10, 50) — or on
 * input (14, 55) — chooses it (or the output centred there, (12, 53));
 * a drag that starts on a cell moves the maps and chooses nothing. */
static void
test_zoomed_clicks (Fixture *f, gconstpointer data)
{
  WsWindowSumZoom before, after;
  double x, y;

  cell_point (f, WS_HEAT_OUTPUT, 30, 30, &x, &y);
  ws_window_sum_page_zoom_at (f->page, x, y, 4.0);
  g_assert_true (ws_window_sum_page_get_zoom (f->page, &before));
  cell_point (f, WS_HEAT_OUTPUT, 26, 34, &x, &y); /* the drag starts on another output */
  ws_window_sum_page_drag_begin (f->page, x, y);
  ws_window_sum_page_drag_update (f->page, -40, 10);
  ws_window_sum_page_drag_end (f->page, -120, 30);
  g_assert_true (ws_window_sum_page_get_zoom (f->page, &after));
  g_assert_cmpfloat (after.col, >, before.col + 5); /* dragged left: columns to the right show */
  g_assert_cmpfloat (after.row, <, before.row);
  g_assert_true (g_str_has_prefix (ws_window_sum_page_cell_text (f->page), "output at row 30, col 30 = "));
  ws_window_sum_page_fit (f->page);
  g_assert_cmpfloat (page_zoom (f), ==, 1.0);
  cell_point (f, WS_HEAT_OUTPUT, 10, 50, &x, &y);
  ws_window_sum_page_zoom_at (f->page, x, y, 4.0);
  cell_point (f, WS_HEAT_OUTPUT, 10, 50, &x, &y);
  ws_window_sum_page_drag_begin (f->page, x, y);
  ws_window_sum_page_drag_end (f->page, 1, -1); /* a hand's jitter: still a click */
  g_assert_true (g_str_has_prefix (ws_window_sum_page_cell_text (f->page), "output at row 10, col 50 = "));
  g_assert_cmpfloat (page_zoom (f), ==, 4.0);
  cell_point (f, WS_HEAT_INPUT, 14, 55, &x, &y);
  ws_window_sum_page_drag_begin (f->page, x, y);
  ws_window_sum_page_drag_end (f->page, 0, 0);
  g_assert_true (g_str_has_prefix (ws_window_sum_page_cell_text (f->page), "output at row 12, col 53 = "));
}

static guint
blocks_run (Fixture *f)
{
  guint done = 0, total = 0;

  g_assert_cmpint (sscanf (ws_window_sum_page_launch_text (f->page), "blocks run: %u of %u",
                           &done, &total), ==, 2);
  g_assert_cmpuint (total, ==, 32);
  return done;
}

static gboolean
launch_done (gpointer data)
{
  return blocks_run (data) == 32;
}

/* Played, the launch runs 32 blocks in about eight seconds (4 a second):
 * some but not all after a second; paused, it stays; played from the end,
 * it starts again from none and runs to all 32. */
static void
test_launch_play (Fixture *f, gconstpointer data)
{
  guint at;

  ws_window_sum_page_set_blocks (f->page, 0);
  ws_window_sum_page_toggle_launch (f->page);
  ui_spin (1.0);
  ws_window_sum_page_toggle_launch (f->page); /* pause */
  at = blocks_run (f);
  g_assert_cmpuint (at, >=, 1);
  g_assert_cmpuint (at, <, 32);
  ui_spin (0.5);
  g_assert_cmpuint (blocks_run (f), ==, at);
  ws_window_sum_page_set_blocks (f->page, G_MAXUINT64);
  ws_window_sum_page_toggle_launch (f->page);
  g_assert_cmpuint (blocks_run (f), ==, 0);
  g_assert_true (ui_spin_until (launch_done, f, 20.0));
}

/* The page's own actions move the launch block by block, with a speed of
 * its own. */
static void
count_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  (*(guint *) data)++;
}

/* The chosen output is observed through "row" and "column". */
static void
test_selection_properties (Fixture *f, gconstpointer data)
{
  guint rows = 0, columns = 0;
  guint64 row, col;

  g_object_get (f->page, "row", &row, "column", &col, NULL);
  g_assert_cmpuint (row, ==, 30);
  g_assert_cmpuint (col, ==, 30);
  g_signal_connect (f->page, "notify::row", G_CALLBACK (count_notify), &rows);
  g_signal_connect (f->page, "notify::column", G_CALLBACK (count_notify), &columns);
  ws_window_sum_page_choose (f->page, 5, 30);
  g_assert_cmpuint (rows, ==, 1);
  g_assert_cmpuint (columns, ==, 0);
  ws_window_sum_page_choose (f->page, 7, 9);
  g_object_get (f->page, "row", &row, "column", &col, NULL);
  g_assert_cmpuint (row, ==, 7);
  g_assert_cmpuint (col, ==, 9);
  g_assert_cmpuint (rows, ==, 2);
  g_assert_cmpuint (columns, ==, 1);
  ws_window_sum_page_choose (f->page, 60, 0); /* outside the 60 × 60 outputs: nothing */
  g_assert_cmpuint (rows, ==, 2);
}

static void
test_transport (Fixture *f, gconstpointer data)
{
  GtkWidget *page = GTK_WIDGET (f->page);
  guint speeds = 0, playing = 0;
  double speed;

  g_signal_connect (f->page, "notify::speed", G_CALLBACK (count_notify), &speeds);
  g_signal_connect (f->page, "notify::playing", G_CALLBACK (count_notify), &playing);

  g_assert_true (gtk_widget_activate_action (page, "page.reset", NULL));
  g_assert_true (gtk_widget_activate_action (page, "page.step", NULL));
  g_assert_true (gtk_widget_activate_action (page, "page.step", NULL));
  g_assert_true (gtk_widget_activate_action (page, "page.step-back", NULL));
  g_assert_cmpstr (ws_window_sum_page_launch_text (f->page), ==, "blocks run: 1 of 32");
  g_assert_true (gtk_widget_activate_action (page, "page.faster", NULL));
  g_assert_true (gtk_widget_activate_action (page, "page.faster", NULL));
  g_assert_cmpstr (ws_window_sum_page_launch_text (f->page), ==, "blocks run: 1 of 32 · 2× speed");
  g_object_get (f->page, "speed", &speed, NULL);
  g_assert_cmpfloat_with_epsilon (speed, 2.0, 1e-9);
  g_assert_cmpuint (speeds, ==, 2);
  g_assert_true (gtk_widget_activate_action (page, "page.play", NULL));
  ui_spin (0.6); /* 32 blocks in 8 s at 1×: about 2 blocks at 2× */
  g_assert_true (gtk_widget_activate_action (page, "page.play", NULL));
  g_assert_cmpstr (ws_window_sum_page_launch_text (f->page), !=, "blocks run: 1 of 32 · 2× speed");
  g_assert_cmpuint (playing, ==, 2);
  g_object_set (f->page, "speed", 8.0, NULL);
  g_object_get (f->page, "speed", &speed, NULL);
  g_assert_cmpfloat (speed, ==, 8.0);
  g_assert_cmpuint (speeds, ==, 3);
  g_assert_true (g_str_has_suffix (ws_window_sum_page_launch_text (f->page), " · 8× speed"));
}

/* The step buttons beside reset, play and end move the launch one block
 * back or on, and their tooltips name the keys. */
static void
test_step_buttons (Fixture *f, gconstpointer data)
{
  GtkWidget *back = ui_find_tip (GTK_WIDGET (f->page), GTK_TYPE_BUTTON, "Step back one block");
  GtkWidget *on = ui_find_tip (GTK_WIDGET (f->page), GTK_TYPE_BUTTON, "Step one block");

  g_assert_nonnull (back);
  g_assert_nonnull (on);
  g_assert_true (g_str_has_suffix (gtk_widget_get_tooltip_text (back), "(Left)"));
  g_assert_true (g_str_has_suffix (gtk_widget_get_tooltip_text (on), "(Right)"));
  g_assert_true (gtk_widget_get_parent (back) == gtk_widget_get_parent (on));
  ws_window_sum_page_set_blocks (f->page, 5);
  g_signal_emit_by_name (on, "clicked");
  g_assert_cmpstr (ws_window_sum_page_launch_text (f->page), ==, "blocks run: 6 of 32");
  g_signal_emit_by_name (back, "clicked");
  g_signal_emit_by_name (back, "clicked");
  g_assert_cmpstr (ws_window_sum_page_launch_text (f->page), ==, "blocks run: 4 of 32");
  ws_window_sum_page_set_blocks (f->page, 0);
  g_signal_emit_by_name (back, "clicked"); /* before the launch it stays there */
  g_assert_cmpstr (ws_window_sum_page_launch_text (f->page), ==, "blocks run: 0 of 32");
  ws_window_sum_page_set_blocks (f->page, G_MAXUINT64);
  g_signal_emit_by_name (on, "clicked");
  g_assert_cmpstr (ws_window_sum_page_launch_text (f->page), ==, "blocks run: 32 of 32");
}

/* The panel slid out: the canvas as wide as the 1280-pixel window, near enough. */
static gboolean
canvas_wider_than_1260 (gpointer page)
{
  return gtk_widget_get_width (ws_window_sum_page_canvas (page)) > 1260;
}

static gboolean
canvas_narrower_than_1000 (gpointer page)
{
  return gtk_widget_get_width (ws_window_sum_page_canvas (page)) < 1000;
}

/* In a 1280 × 800 window, presentation mode hides the panel: the canvas
 * takes the window's width, the maps' panels fill at least 90% of its
 * height and the maps themselves 70% (beside the panel: 400 pixels of 750). F9 (page.controls) shows the panel again, leaving presentation
 * mode too; beside it the maps are as wide as half the canvas allows. */
static void
test_presentation_height (void)
{
  WsWindowSumPage *page = WS_WINDOW_SUM_PAGE (ws_window_sum_page_new ());
  GtkWidget *window = ui_present (GTK_WIDGET (page), 1280, 800);
  WsRect panels[WS_HEAT_SLOTS];
  WsWindowSumView v;
  int w, h;

  ws_window_sum_page_run (page);
  g_assert_true (ui_spin_until (ready, page, 30));
  g_assert_true (ws_window_sum_page_panel_shown (page));
  gtk_widget_add_css_class (window, "presentation");
  g_assert_false (ws_window_sum_page_panel_shown (page));
  g_assert_true (ui_spin_until (canvas_wider_than_1260, page, 5));
  g_assert_true (ws_window_sum_page_view (page, &v, &w, &h));
  g_assert_cmpfloat (v.scale, ==, 1.5);
  ws_window_sum_panels (&v, w, h, panels);
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    {
      g_test_message ("canvas %d × %d: panel %u %.0f px high", w, h, slot, panels[slot].height);
      g_assert_cmpfloat (panels[slot].height, >=, 0.9 * h);
      g_assert_cmpfloat (ws_window_sum_map (&v, slot, w, h).height, >=, 0.7 * h);
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "page.controls", NULL));
  g_assert_true (ws_window_sum_page_panel_shown (page));
  g_assert_true (ui_spin_until (canvas_narrower_than_1000, page, 5));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "page.controls", NULL));
  g_assert_false (ws_window_sum_page_panel_shown (page));
  gtk_widget_remove_css_class (window, "presentation");
  g_assert_true (ws_window_sum_page_panel_shown (page));
  g_assert_true (ui_spin_until (canvas_narrower_than_1000, page, 5));
  g_assert_true (ws_window_sum_page_view (page, &v, &w, &h));
  g_assert_cmpfloat (ws_window_sum_map (&v, WS_HEAT_INPUT, w, h).width, ==, floor ((w - 36) / 2.0));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean idle (gpointer page) { return !ws_window_sum_page_working (page); }

/* A run of minutes (cpu-seq, N = 8192, R = 64: 10^12 additions) is
 * stopped by Cancel, while the grid is made and while it is summed: the
 * page is idle at once with the last result kept, its worker returns
 * within a chunk of work, and the next run goes. */
static void
test_cancel (Fixture *f, gconstpointer data)
{
  static const double after_s[] = { 0.05, 0.3, 1.0 };

  ws_window_sum_page_set_shape (f->page, 8192, 64, 8, 2);
  for (guint i = 0; i < G_N_ELEMENTS (after_s); i++)
    {
      gint64 cancelled;
      double lag;

      ws_window_sum_page_run (f->page);
      g_assert_false (ws_window_sum_page_ready (f->page));
      ui_spin (after_s[i]);
      g_assert_true (ws_window_sum_page_working (f->page));
      cancelled = g_get_monotonic_time ();
      ws_window_sum_page_cancel (f->page);
      g_assert_true (ws_window_sum_page_ready (f->page));
      g_assert_cmpstr (ws_window_sum_page_run_text (f->page), ==,
                       "Stopped; the last run is shown");
      g_assert_true (ui_spin_until (idle, f->page, 10));
      lag = (g_get_monotonic_time () - cancelled) / 1e6;
      g_test_message ("cancelled %.2f s in: the worker returned %.0f ms later", after_s[i],
                      lag * 1e3);
      g_assert_cmpfloat (lag, <, 1.0); /* 0.2 s in test-cancel-lag; here under Xvfb */
    }
  ws_window_sum_page_set_shape (f->page, 64, 2, 8, 2);
  ws_window_sum_page_run (f->page);
  g_assert_true (ui_spin_until (ready, f->page, 30));
  g_assert_true (g_str_has_prefix (ws_window_sum_page_run_text (f->page), "cpu-seq: "));
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add ("/ui/window-sum/run-and-place", Fixture, NULL, fixture_set_up, test_run_and_place, fixture_tear_down);
  g_test_add ("/ui/window-sum/launch-play", Fixture, NULL, fixture_set_up, test_launch_play, fixture_tear_down);
  g_test_add ("/ui/window-sum/clicks", Fixture, NULL, fixture_set_up, test_clicks, fixture_tear_down);
  g_test_add ("/ui/window-sum/wheel-zoom", Fixture, NULL, fixture_set_up, test_wheel_zoom, fixture_tear_down);
  g_test_add ("/ui/window-sum/zoomed-clicks", Fixture, NULL, fixture_set_up, test_zoomed_clicks, fixture_tear_down);
  g_test_add ("/ui/window-sum/selection", Fixture, NULL, fixture_set_up, test_selection_properties, fixture_tear_down);
  g_test_add ("/ui/window-sum/transport", Fixture, NULL, fixture_set_up, test_transport, fixture_tear_down);
  g_test_add ("/ui/window-sum/step-buttons", Fixture, NULL, fixture_set_up, test_step_buttons, fixture_tear_down);
  g_test_add_func ("/ui/window-sum/presentation-height", test_presentation_height);
  g_test_add ("/ui/window-sum/cancel", Fixture, NULL, fixture_set_up, test_cancel, fixture_tear_down);
  return g_test_run ();
}
