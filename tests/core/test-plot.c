/* test-plot.c: WsPlot read back as pixels and file bytes — axes, series
 * colours, error bars, reference lines, the legend's corner, skipped
 * points, "No data", the three file formats and their errors.
 *
 * The pixel probes find the plot area the way a reader does: the y axis is
 * the long dark vertical line at the left, the x axis the long dark
 * horizontal one at the bottom.
 */
#include <math.h>
#include <string.h>

#include <cairo.h>
#include <glib/gstdio.h>

#include "ws-error.h"
#include "ws-plot-axis.h"
#include "ws-plot.h"
#include "ws-plot-private.h"
#include "ws-test-util.h"
#include "plot-pixels.h"

#define W 1280
#define H 800

/* ---- Pixels ---- */

/* Pixels not white in rows [y0, y1]. */
static int
count_ink (cairo_surface_t *s,
           int              y0,
           int              y1)
{
  int n = 0, w = cairo_image_surface_get_width (s);

  for (int y = y0; y <= y1; y++)
    for (int x = 0; x < w; x++)
      n += pixel (s, x, y) != 0xffffff;
  return n;
}

static int
count_not_white (cairo_surface_t *s)
{
  return count_ink (s, 0, cairo_image_surface_get_height (s) - 1);
}

/* The longest run of dark pixels along column (vertical) or row `line`. */
static int
dark_run (cairo_surface_t *s,
          gboolean         vertical,
          int              line,
          int             *start)
{
  int n = vertical ? cairo_image_surface_get_height (s) : cairo_image_surface_get_width (s);
  int best = 0, run = 0;

  for (int i = 0; i < n; i++)
    {
      run = dark (vertical ? pixel (s, line, i) : pixel (s, i, line)) ? run + 1 : 0;
      if (run > best)
        best = run, *start = i - run + 1;
    }
  return best;
}

/* The longest dark line in the left half (vertical) or the bottom half. */
static int
longest_line (cairo_surface_t *s,
              gboolean         vertical,
              int             *line,
              int             *start)
{
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  int best = 0;

  for (int i = vertical ? 0 : h / 2; i < (vertical ? w / 2 : h); i++)
    {
      int from = 0, run = dark_run (s, vertical, i, &from);
      if (run > best)
        best = run, *line = i, *start = from;
    }
  return best;
}

/* The plot area, inclusive: x0 the y axis, y1 the x axis. */
static Box
find_area (cairo_surface_t *s)
{
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  int col = 0, row = 0, top = 0, left = 0;
  int tall = longest_line (s, TRUE, &col, &top);
  int wide = longest_line (s, FALSE, &row, &left);
  Box b = { col, top, left + wide - 1, row };

  g_assert_cmpint (tall, >, h / 2);
  g_assert_cmpint (wide, >, w / 2);
  /* The axes meet at the corner; a tick there may stretch either run. */
  g_assert_cmpint (left, <=, col + 3);
  g_assert_cmpint (top + tall - 1, >=, row - 3);
  return b;
}

/* ---- Plots ---- */

/* Two series on log-log axes, both rising from bottom left to top right. */
static WsPlot *
rising_plot (void)
{
  WsPlot *plot = ws_plot_new ("Sort time");
  guint a, b;

  ws_plot_set_x_axis (plot, "keys (n)", WS_PLOT_LOG);
  ws_plot_set_y_axis (plot, "time (ms)", WS_PLOT_LOG);
  a = ws_plot_add_series (plot, "cpu-seq");
  b = ws_plot_add_series (plot, "gpu");
  for (int k = 10; k <= 24; k += 2)
    {
      double n = ldexp (1, k);
      ws_plot_add_point (plot, a, n, n * 1e-4, n * 0.9e-4, n * 1.1e-4);
      ws_plot_add_point (plot, b, n, n * 2e-5, NAN, NAN);
    }
  return plot;
}

static GBytes *
read_bytes (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *data = NULL;
  gsize len = 0;

  g_file_get_contents (path, &data, &len, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (data, len);
}

/* ---- Tests: pixels ---- */

static void
test_png (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "rising.png", NULL);
  g_autoptr (WsPlot) plot = rising_plot ();
  g_autoptr (GError) error = NULL;
  g_autoptr (cairo_surface_t) s = NULL;
  Box a;

  g_assert_true (ws_plot_save (plot, path, W, H, &error));
  g_assert_no_error (error);
  s = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, W);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, H);
  g_assert_cmpint (count_not_white (s), >, W * H / 50);
  g_assert_cmpint (count_all (s, BLUE), >, 500);
  g_assert_cmpint (count_all (s, VERMILLION), >, 500);
  a = find_area (s);
  /* The axes frame most of the chart, with room for labels around them. */
  g_assert_cmpint (a.x0, >, W / 30);
  g_assert_cmpint (a.x0, <, W / 6);
  g_assert_cmpint (a.y1, >, H * 3 / 4);
  g_assert_cmpint (a.y1, <, H - H / 20);
  g_assert_cmpint (a.y0, >, H / 20);
  /* Tick labels below the x axis and left of the y axis. */
  g_assert_cmpint (count (s, DARK, (Box) { a.x0 + 5, a.y1 + 5, a.x1, a.y1 + H / 20 }), >, 100);
  g_assert_cmpint (count (s, DARK, (Box) { a.x0 - W / 20, a.y0, a.x0 - 5, a.y1 - 5 }), >, 100);
  ws_test_remove_dir (dir);
}

/* Large, centred, dark: the title in the band above the plot area. */
static void
test_title (void)
{
  g_autoptr (WsPlot) plot = rising_plot ();
  g_autoptr (cairo_surface_t) s = render (plot, W, H);
  Box a = find_area (s);
  int first = -1, last = -1, n = 0;
  double sum_x = 0;

  for (int y = 0; y < a.y0; y++)
    for (int x = 0; x < W; x++)
      if (dark (pixel (s, x, y)))
        {
          first = first < 0 ? y : first, last = y;
          sum_x += x, n++;
        }
  g_assert_cmpint (n, >, 300);
  g_assert_cmpfloat (fabs (sum_x / n - W / 2.0), <, W / 20.0);
  /* Cap height to descender of "Sort time": well over 2% of the height. */
  g_assert_cmpint (last - first + 1, >=, H * 2 / 100);
}

/* Rising data leave the top left empty: the legend goes there, with its
 * names (dark text) and its samples in the series colours; falling data
 * send it to the top right. */
static void
check_legend_corner (WsPlot   *plot,
                     gboolean  left)
{
  g_autoptr (cairo_surface_t) s = render (plot, W, H);
  Box a = find_area (s);
  int mx = (a.x0 + a.x1) / 2, my = (a.y0 + a.y1) / 2;
  int lx0 = left ? a.x0 + 4 : mx, lx1 = left ? mx : a.x1;
  int ox0 = left ? mx : a.x0 + 4, ox1 = left ? a.x1 : mx;

  g_assert_cmpint (count (s, DARK, (Box) { lx0, a.y0, lx1, my }), >, 200);
  g_assert_cmpint (count (s, BLUE, (Box) { lx0, a.y0, lx1, my }), >, 50);
  g_assert_cmpint (count (s, VERMILLION, (Box) { lx0, a.y0, lx1, my }), >, 50);
  g_assert_cmpint (count (s, DARK, (Box) { ox0, a.y0, ox1, my }), ==, 0);
}

static void
test_legend (void)
{
  g_autoptr (WsPlot) rising = rising_plot ();
  g_autoptr (WsPlot) falling = ws_plot_new ("Falling");
  guint a = ws_plot_add_series (falling, "cpu-par"), b = ws_plot_add_series (falling, "gpu-lib");

  check_legend_corner (rising, TRUE);
  for (int x = 1; x <= 10; x++)
    {
      ws_plot_add_point (falling, a, x, 100 - 10 * x, NAN, NAN);
      ws_plot_add_point (falling, b, x, 90 - 10 * x, NAN, NAN);
    }
  check_legend_corner (falling, FALSE);
}

/* A tall error bar where the legend would go (a rising curve leaves the
 * top left free, but for this bar): the legend goes elsewhere. */
static void
test_legend_clears_bars (void)
{
  g_autoptr (WsPlot) plot = ws_plot_new ("Bars");
  guint a = ws_plot_add_series (plot, "cpu-seq"), b = ws_plot_add_series (plot, "gpu");
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create (surface);
  g_auto (WsPlotFrame) f = { 0 };

  for (int x = 1; x <= 10; x++)
    ws_plot_add_point (plot, a, x, 10 * x, NAN, NAN);
  ws_plot_add_point (plot, b, 1.5, 5, 1, 100);
  ws_plot_frame_init (&f, plot, cr, W, H);
  g_assert_true (ws_plot_frame_lay_out (&f));
  for (guint sr = 0; sr < 2; sr++)
    {
      GArray *spots = ws_plot_frame_spots (&f, sr);
      for (guint k = 0; k < spots->len; k++)
        {
          const WsPlotSpot *sp = &g_array_index (spots, WsPlotSpot, k);
          gboolean under = sp->bar && sp->x >= f.legend.x && sp->x <= f.legend.x + f.legend.w
                           && sp->top <= f.legend.y + f.legend.h && sp->bottom >= f.legend.y;
          g_assert_false (under);
        }
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Where the legend lands in a fresh frame of plot (W × H): its box's
 * centre relative to the plot area's, -1 or 1 on each axis. */
static void
legend_side (WsPlot *plot,
             int    *sx,
             int    *sy)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create (surface);
  g_auto (WsPlotFrame) f = { 0 };

  ws_plot_frame_init (&f, plot, cr, W, H);
  g_assert_true (ws_plot_frame_lay_out (&f));
  *sx = f.legend.x + f.legend.w / 2 < f.area.x + f.area.w / 2 ? -1 : 1;
  *sy = f.legend.y + f.legend.h / 2 < f.area.y + f.area.h / 2 ? -1 : 1;
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* A click on a legend entry hides its series: the legend stays where it
 * was while that corner hides nothing, so the entry is still under the
 * pointer for the click that shows it again — although with the bar
 * hidden from the start the top left, free now, would be the best. */
static void
test_legend_stays (void)
{
  g_autoptr (WsPlot) plot = ws_plot_new ("Stays");
  g_autoptr (WsPlot) fresh = ws_plot_new ("Fresh");
  WsPlot *plots[] = { plot, fresh };
  int x0, y0, x1, y1;

  for (guint p = 0; p < G_N_ELEMENTS (plots); p++)
    {
      guint a = ws_plot_add_series (plots[p], "cpu-seq"), b = ws_plot_add_series (plots[p], "gpu");
      for (int x = 1; x <= 10; x++)
        ws_plot_add_point (plots[p], a, x, 10 * x, NAN, NAN);
      ws_plot_add_point (plots[p], b, 1.5, 5, 1, 100);
    }
  legend_side (plot, &x0, &y0);
  g_assert_false (x0 < 0 && y0 < 0); /* the bar keeps it from the top left */
  ws_plot_set_series_visible (plot, 1, FALSE);
  legend_side (plot, &x1, &y1);
  g_assert_cmpint (x1, ==, x0);
  g_assert_cmpint (y1, ==, y0);
  ws_plot_set_series_visible (plot, 1, TRUE);
  legend_side (plot, &x1, &y1);
  g_assert_cmpint (x1, ==, x0);
  g_assert_cmpint (y1, ==, y0);
  ws_plot_set_series_visible (fresh, 1, FALSE);
  legend_side (fresh, &x1, &y1);
  g_assert_cmpint (x1, ==, -1);
  g_assert_cmpint (y1, ==, -1);
}

/* Five series: the first five Okabe–Ito colours, in order. */
static void
test_palette (void)
{
  static const guint32 colours[] = { BLUE, VERMILLION, GREEN, PURPLE, ORANGE };
  g_autoptr (WsPlot) plot = ws_plot_new ("Variants");
  g_autoptr (cairo_surface_t) s = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (colours); i++)
    {
      guint id = ws_plot_add_series (plot, "variant");
      for (int x = 1; x <= 4; x++)
        ws_plot_add_point (plot, id, x, x * (i + 1), NAN, NAN);
    }
  s = render (plot, W, H);
  for (guint i = 0; i < G_N_ELEMENTS (colours); i++)
    g_assert_cmpint (count_all (s, colours[i]), >, 300);
}

/* A bar from 1 to 100 around a point at 10: series blue far above and far
 * below the marker in its column, none beside it; capped at both ends. */
static void
test_error_bars (void)
{
  g_autoptr (WsPlot) plot = ws_plot_new ("Error bars");
  g_autoptr (cairo_surface_t) s = NULL;
  guint id = ws_plot_add_series (plot, "gpu");
  Box a;
  int cx, h, top = -1;

  ws_plot_set_x_axis (plot, "keys (n)", WS_PLOT_LOG);
  ws_plot_set_y_axis (plot, "time (ms)", WS_PLOT_LOG);
  ws_plot_add_point (plot, id, 1, 10, NAN, NAN);
  ws_plot_add_point (plot, id, 10, 10, 1, 100);
  ws_plot_add_point (plot, id, 100, 10, NAN, NAN);
  s = render (plot, W, H);
  a = find_area (s);
  cx = (a.x0 + a.x1) / 2, h = a.y1 - a.y0;
  g_assert_cmpint (count (s, BLUE, (Box) { cx - 4, a.y0 + h / 10, cx + 4, a.y0 + h * 3 / 10 }),
                   >, 20);
  g_assert_cmpint (count (s, BLUE, (Box) { cx - 4, a.y1 - h * 3 / 10, cx + 4, a.y1 - h / 10 }),
                   >, 20);
  g_assert_cmpint (count (s, BLUE, (Box) { cx + 60, a.y0 + h / 10, cx + 100, a.y0 + h * 3 / 10 }),
                   ==, 0);
  for (int y = a.y0; y < a.y1 && top < 0; y++)
    top = near (pixel (s, cx, y), BLUE, 10) ? y : -1;
  g_assert_cmpint (top, >, a.y0);
  g_assert_cmpint (count (s, BLUE, (Box) { cx - 30, top, cx + 30, top + 1 }), >=, 12);
}

/* A baseline's series beside a run's: in the run's colour, dashed (runs
 * with gaps where the run's line is one run), its markers open (white at
 * the centre); one without a like gets a colour of its own. */
static void
test_dashed (void)
{
  g_autoptr (WsPlot) plot = ws_plot_new ("Compared");
  g_autoptr (cairo_surface_t) s = NULL;
  guint run = ws_plot_add_series (plot, "run");
  guint base = ws_plot_add_dashed_series (plot, "run (baseline)", run);
  guint lone = ws_plot_add_dashed_series (plot, "lone (baseline)", WS_PLOT_NO_SERIES);
  const guint32 colours[] = { BLUE, BLUE, GREEN };
  const double levels[] = { 1, 3, 5 };
  double x0, x1, y, cx, cy;
  int on;

  g_assert_cmpuint (ws_plot_series_pen (plot, base), ==, ws_plot_series_pen (plot, run));
  g_assert_cmpuint (ws_plot_series_pen (plot, lone), ==, lone);
  g_assert_false (ws_plot_series_dashed (plot, run));
  g_assert_true (ws_plot_series_dashed (plot, base));
  for (guint i = 0; i < 3; i++)
    for (int x = 1; x <= 3; x++)
      ws_plot_add_point (plot, i, x, levels[i], NAN, NAN);
  s = render (plot, W, H);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_true (ws_plot_project (plot, W, H, 1.2, levels[i], &x0, &y));
      g_assert_true (ws_plot_project (plot, W, H, 1.8, levels[i], &x1, &y));
      int runs = dash_runs (s, colours[i], (Box) { (int) x0, (int) y - 3, (int) x1, (int) y + 3 },
                            FALSE, &on);
      g_assert_cmpint (runs, ==, i == 0 ? 1 : runs);
      if (i > 0)
        g_assert_cmpint (runs, >=, 3);
      g_assert_true (ws_plot_project (plot, W, H, 2, levels[i], &cx, &cy));
      g_assert_cmpuint (pixel (s, (int) cx, (int) cy), ==, i == 0 ? BLUE : 0xffffff);
    }
  /* The second series' colour is nowhere: the baseline is the run's. */
  g_assert_cmpint (count_all (s, VERMILLION), ==, 0);
}

/* Speedup on a log axis from 0.1 to 10: the line at 1 halfway up, dashed
 * (runs with gaps between them), labelled at its right end. */
static void
test_hline (void)
{
  g_autoptr (WsPlot) plot = ws_plot_new ("Speedup");
  g_autoptr (cairo_surface_t) s = NULL;
  guint id = ws_plot_add_series (plot, "gpu");
  Box a;
  int mid, right, dashes, on;

  ws_plot_set_y_axis (plot, "speedup", WS_PLOT_LOG);
  ws_plot_add_point (plot, id, 1, 0.1, NAN, NAN);
  ws_plot_add_point (plot, id, 2, 10, NAN, NAN);
  ws_plot_add_hline (plot, 1, "speedup 1");
  s = render (plot, W, H);
  a = find_area (s);
  mid = (a.y0 + a.y1) / 2;
  right = a.x0 + (a.x1 - a.x0) * 7 / 10;
  dashes = dash_runs (s, REFERENCE, (Box) { a.x0 + 4, mid - 3, right - 1, mid + 3 }, FALSE, &on);
  g_assert_cmpint (dashes, >=, 10);
  g_assert_cmpint (on, >, (a.x1 - a.x0) / 4);
  g_assert_cmpint (on, <, (a.x1 - a.x0) * 6 / 10);
  /* Nowhere else (away from the legend and the label, whose text's
   * antialiased edges have greys of every shade). */
  g_assert_cmpint (count (s, REFERENCE, (Box) { a.x0 + 4, a.y0 + 80, right, mid - 8 }), ==, 0);
  g_assert_cmpint (count (s, REFERENCE, (Box) { a.x0 + 4, mid + 8, right, a.y1 - 4 }), ==, 0);
  g_assert_cmpint (count (s, DARK, (Box) { a.x1 - (a.x1 - a.x0) / 4, mid - 40, a.x1, mid }), >, 50);
}

static void
add_points (WsPlot       *plot,
            guint         id,
            const double *xy,
            guint         n)
{
  for (guint i = 0; i < n; i++)
    ws_plot_add_point (plot, id, xy[2 * i], xy[2 * i + 1], NAN, NAN);
}

/* Points a log axis cannot place (y ≤ 0, NaN, infinities) leave the chart
 * exactly as if they had never been added: not drawn, not in the ranges. */
static void
test_log_skip (void)
{
  static const double good[] = { 1, 1, 10, 100, 100, 10 };
  static const double bad[] = { 1000, -5, 2000, 0, 5, NAN, NAN, 3,
                                INFINITY, 2, 50, INFINITY, -1, 4 };
  g_autoptr (WsPlot) clean = ws_plot_new ("Log");
  g_autoptr (WsPlot) dirty = ws_plot_new ("Log");
  g_autoptr (cairo_surface_t) a = NULL;
  g_autoptr (cairo_surface_t) b = NULL;

  for (WsPlot **p = (WsPlot *[]) { clean, dirty, NULL }; *p != NULL; p++)
    {
      ws_plot_set_x_axis (*p, "n", WS_PLOT_LOG);
      ws_plot_set_y_axis (*p, "t", WS_PLOT_LOG);
      add_points (*p, ws_plot_add_series (*p, "s"), good, G_N_ELEMENTS (good) / 2);
    }
  add_points (dirty, 0, bad, G_N_ELEMENTS (bad) / 2);
  ws_plot_add_hline (dirty, -1, "below zero");
  ws_plot_add_hline (dirty, NAN, "nowhere");
  a = render (clean, W, H);
  b = render (dirty, W, H);
  g_assert_true (same_pixels (a, b));
  g_assert_cmpint (count_all (a, BLUE), >, 200);
}

/* Points are drawn in x order whatever order they were added in: a
 * shuffled series draws the same line as the sorted one. */
static void
test_order (void)
{
  static const double sorted[] = { 1, 5, 2, 1, 3, 4, 4, 2, 5, 3 };
  static const double shuffled[] = { 3, 4, 1, 5, 5, 3, 2, 1, 4, 2 };
  g_autoptr (WsPlot) a = ws_plot_new ("Order");
  g_autoptr (WsPlot) b = ws_plot_new ("Order");
  g_autoptr (cairo_surface_t) sa = NULL;
  g_autoptr (cairo_surface_t) sb = NULL;

  add_points (a, ws_plot_add_series (a, "s"), sorted, 5);
  add_points (b, ws_plot_add_series (b, "s"), shuffled, 5);
  sa = render (a, 640, 400);
  sb = render (b, 640, 400);
  g_assert_true (same_pixels (sa, sb));
}

/* No point to place: the title and a message, no axes, no series colour. */
static void
check_no_data (WsPlot *plot)
{
  g_autoptr (cairo_surface_t) s = render (plot, W, H);
  int line = 0, start = 0;

  g_assert_cmpint (count_not_white (s), >, 500);
  g_assert_cmpint (count_all (s, BLUE), ==, 0);
  g_assert_cmpint (count_all (s, VERMILLION), ==, 0);
  g_assert_cmpint (count_ink (s, H * 2 / 5, H * 3 / 5), >, 500); /* the message */
  g_assert_cmpint (longest_line (s, TRUE, &line, &start), <, H / 10);
  g_assert_cmpint (longest_line (s, FALSE, &line, &start), <, W / 10);
}

static void
test_no_data (void)
{
  g_autoptr (WsPlot) empty = ws_plot_new ("Nothing yet");
  g_autoptr (WsPlot) invalid = ws_plot_new ("Nothing valid");
  g_autoptr (WsPlot) bare = ws_plot_new (NULL);
  guint id;

  ws_plot_add_series (empty, "cpu-seq");
  ws_plot_add_series (empty, "gpu");
  check_no_data (empty);
  ws_plot_set_y_axis (invalid, "time (ms)", WS_PLOT_LOG);
  id = ws_plot_add_series (invalid, "cpu-seq");
  ws_plot_add_point (invalid, id, 1, 0, NAN, NAN);
  ws_plot_add_point (invalid, id, 2, NAN, NAN, NAN);
  ws_plot_add_hline (invalid, 1, "speedup 1");
  check_no_data (invalid);
  check_no_data (bare);
}

/* How many pixels of blue, antialiased edges counted by their share, a
 * line lays across column x (a white background's red falls with blue). */
static double
blue_ink (int              x,
          int              y0,
          int              y1,
          cairo_surface_t *s)
{
  double ink = 0;

  for (int y = y0; y <= y1; y++)
    {
      guint32 px = pixel (s, x, y);
      if ((px & 0xff) > (px >> 16 & 0xff) + 20) /* bluish, not a grey gridline */
        ink += (255 - (px >> 16 & 0xff)) / 255.0;
    }
  return ink;
}

/* One point, or one y value: a sensible range with the data in the middle,
 * drawn with a line at least 2 pixels thick. */
static void
check_centred (WsPlotScale scale,
               int         n_points)
{
  g_autoptr (WsPlot) plot = ws_plot_new ("Flat");
  g_autoptr (cairo_surface_t) s = NULL;
  guint id = ws_plot_add_series (plot, "gpu");
  double sum_x = 0, sum_y = 0;
  int n = 0;
  Box a;

  ws_plot_set_x_axis (plot, "x", scale);
  ws_plot_set_y_axis (plot, "y", scale);
  for (int i = 0; i < n_points; i++)
    ws_plot_add_point (plot, id, 5 + i, 3, NAN, NAN);
  s = render (plot, W, H);
  a = find_area (s);
  for (int y = a.y0 + H / 4; y < a.y1; y++) /* below the legend */
    for (int x = a.x0 + 2; x < a.x1; x++)
      if (near (pixel (s, x, y), BLUE, 10))
        sum_x += x, sum_y += y, n++;
  g_assert_cmpint (n, >, 50);
  g_assert_cmpfloat (fabs (sum_y / n - (a.y0 + a.y1) / 2.0), <, 3);
  if (n_points == 1)
    g_assert_cmpfloat (fabs (sum_x / n - (a.x0 + a.x1) / 2.0), <, 3);
  else
    g_assert_cmpfloat (blue_ink ((a.x0 + a.x1) / 2 + 20, a.y0, a.y1, s), >=, 2);
}

static void
test_degenerate (void)
{
  check_centred (WS_PLOT_LINEAR, 1);
  check_centred (WS_PLOT_LOG, 1);
  check_centred (WS_PLOT_LINEAR, 3);
  check_centred (WS_PLOT_LOG, 3);
}

/* Any cairo_t: a recording surface, small and large images, a scaled one. */
static void
test_surfaces (void)
{
  g_autoptr (WsPlot) plot = rising_plot ();
  g_autoptr (cairo_surface_t) rec = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA,
                                                                     NULL);
  static const int sizes[][2] = { { 200, 150 }, { 3000, 2000 }, { 16, 16 }, { 2000, 300 } };
  cairo_t *cr = cairo_create (rec);
  double x, y, w, h;

  ws_plot_draw (plot, cr, 640, 400);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_recording_surface_ink_extents (rec, &x, &y, &w, &h);
  g_assert_cmpfloat (w, >, 600);
  g_assert_cmpfloat (h, >, 380);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr (cairo_surface_t) s = render (plot, sizes[i][0], sizes[i][1]);
      g_assert_cmpint (count_not_white (s), >, sizes[i][0] * sizes[i][1] / 100);
      if (sizes[i][1] >= 300) /* lines and markers wide enough for pure colour */
        g_assert_cmpint (count_all (s, BLUE), >, 10);
    }
}

/* Draws into an unbounded recording surface: all the ink must fall on
 * the chart, which a NaN or infinite coordinate would throw far off. */
static void
check_ink_inside (WsPlot *plot)
{
  g_autoptr (cairo_surface_t) rec = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA,
                                                                     NULL);
  cairo_t *cr = cairo_create (rec);
  double x, y, w, h;

  ws_plot_draw (plot, cr, 640, 400);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_recording_surface_ink_extents (rec, &x, &y, &w, &h);
  g_assert_cmpfloat (x, >=, 0);
  g_assert_cmpfloat (y, >=, 0);
  g_assert_cmpfloat (x + w, <=, 640);
  g_assert_cmpfloat (y + h, <=, 400);
}

/* Values at the ends of the doubles' range, and beside each other. */
static void
test_extremes (void)
{
  static const double log_ys[] = { 5e-324, 1e-300, 1, 1e300, 1.7976931348623157e308 };
  static const double lin_ys[] = { -1e200, -1e-200, 0, 1e-200, 1e200 };
  static const double close_ys[] = { 1, 1 + 1e-12, 1 + 2e-12, 1 + 3e-12, 1 + 4e-12 };
  const double *sets[] = { log_ys, lin_ys, close_ys, close_ys };
  const WsPlotScale scales[] = { WS_PLOT_LOG, WS_PLOT_LINEAR, WS_PLOT_LOG, WS_PLOT_LINEAR };

  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autoptr (WsPlot) plot = ws_plot_new ("Extremes");
      guint id = ws_plot_add_series (plot, "s");
      ws_plot_set_x_axis (plot, "x", scales[i]);
      ws_plot_set_y_axis (plot, "y", scales[i]);
      for (int k = 0; k < 5; k++)
        ws_plot_add_point (plot, id, sets[i][k], sets[i][k], sets[i][k] / 2, sets[i][k] * 2);
      ws_plot_add_hline (plot, sets[i][2], "middle");
      check_ink_inside (plot);
    }
}

/* ---- Tests: files ---- */

typedef struct
{
  char *root;
  char *width;
  char *height;
} SvgRoot;

static void
svg_start (GMarkupParseContext *context,
           const char          *name,
           const char         **attr_names,
           const char         **attr_values,
           gpointer             data,
           GError             **error)
{
  SvgRoot *svg = data;

  if (svg->root != NULL)
    return;
  svg->root = g_strdup (name);
  for (guint i = 0; attr_names[i] != NULL; i++)
    if (strcmp (attr_names[i], "width") == 0)
      svg->width = g_strdup (attr_values[i]);
    else if (strcmp (attr_names[i], "height") == 0)
      svg->height = g_strdup (attr_values[i]);
}

static void
check_svg (GBytes *bytes)
{
  static const GMarkupParser parser = { svg_start, NULL, NULL, NULL, NULL };
  SvgRoot svg = { NULL, NULL, NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GMarkupParseContext) context = g_markup_parse_context_new (&parser, 0, &svg, NULL);
  gsize len = 0;
  const char *text = g_bytes_get_data (bytes, &len);

  g_assert_true (g_markup_parse_context_parse (context, text, len, &error));
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (svg.root, ==, "svg");
  g_assert_true (g_str_has_prefix (svg.width, "1280"));
  g_assert_true (g_str_has_prefix (svg.height, "800"));
  g_free (svg.root), g_free (svg.width), g_free (svg.height);
}

static const char *
find (GBytes     *bytes,
      const char *needle)
{
  gsize len = 0, k = strlen (needle);
  const char *data = g_bytes_get_data (bytes, &len);

  for (gsize i = 0; i + k <= len; i++)
    if (memcmp (data + i, needle, k) == 0)
      return data + i;
  return NULL;
}

/* Saves a second apart would differ by the clock, not by the plot, if the
 * creation date were cairo's default (now): it must be the fixed one. */
static void
check_pdf_date (GBytes *bytes)
{
  const char *date = find (bytes, "/CreationDate (");

  g_assert_nonnull (date);
  date += strlen ("/CreationDate (");
  if (g_str_has_prefix (date, "D:"))
    date += 2;
  g_assert_true (g_str_has_prefix (date, "20000101"));
}

/* Each format, saved twice: well formed, and the same bytes both times. */
static void
test_formats (void)
{
  static const char *const extensions[] = { "png", "svg", "pdf", "PNG", "Pdf" };
  static const char *const magic[] = { "\x89PNG\r\n", "<?xml", "%PDF-", "\x89PNG\r\n", "%PDF-" };
  g_autofree char *dir = ws_test_make_dir ();
  g_autoptr (WsPlot) plot = rising_plot ();

  ws_plot_add_hline (plot, 1, "speedup 1 (µs × 10³ ± 2²)");
  for (guint i = 0; i < G_N_ELEMENTS (extensions); i++)
    {
      g_autofree char *a = g_strdup_printf ("%s/a.%s", dir, extensions[i]);
      g_autofree char *b = g_strdup_printf ("%s/b.%s", dir, extensions[i]);
      g_autoptr (GBytes) bytes_a = NULL;
      g_autoptr (GBytes) bytes_b = NULL;
      g_autoptr (GError) error = NULL;

      g_assert_true (ws_plot_save (plot, a, W, H, &error));
      g_assert_true (ws_plot_save (plot, b, W, H, &error));
      g_assert_no_error (error);
      bytes_a = read_bytes (a), bytes_b = read_bytes (b);
      g_assert_cmpuint (g_bytes_get_size (bytes_a), >, 1000);
      g_assert_true (g_bytes_equal (bytes_a, bytes_b));
      g_assert_cmpmem (g_bytes_get_data (bytes_a, NULL), strlen (magic[i]), magic[i],
                       strlen (magic[i]));
      if (strcmp (extensions[i], "svg") == 0)
        check_svg (bytes_a);
      if (g_ascii_strcasecmp (extensions[i], "pdf") == 0)
        check_pdf_date (bytes_a);
    }
  ws_test_remove_dir (dir);
}

/* Saving over a file replaces it whole, and leaves nothing else behind. */
static void
test_replace (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "chart.png", NULL);
  g_autoptr (WsPlot) plot = rising_plot ();
  g_autoptr (GError) error = NULL;
  g_autoptr (cairo_surface_t) s = NULL;
  g_autofree char *names = NULL;

  g_assert_true (g_file_set_contents (path, "old contents", -1, NULL));
  g_assert_true (ws_plot_save (plot, path, 320, 200, &error));
  g_assert_no_error (error);
  s = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, 320);
  names = ws_test_list_dir (dir);
  g_assert_cmpstr (names, ==, "chart.png");
  ws_test_remove_dir (dir);
}

static void
check_error (WsPlot     *plot,
             const char *path,
             int         width,
             int         height,
             int         code)
{
  g_autoptr (GError) error = NULL;

  g_assert_false (ws_plot_save (plot, path, width, height, &error));
  g_assert_error (error, WS_ERROR, code);
  g_assert_nonnull (strstr (error->message, path));
}

static void
test_errors (void)
{
  static const char *const bad_names[] = { "plot.bmp", "plot", "plot.png.txt", "png" };
  static const int bad_sizes[][2] = { { 15, 800 }, { 800, 15 }, { 16385, 800 },
                                      { 800, 16385 }, { 0, 0 }, { -1, 800 } };
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *taken = g_build_filename (dir, "taken.png", NULL);
  g_autofree char *ok = g_build_filename (dir, "ok.png", NULL);
  g_autoptr (WsPlot) plot = rising_plot ();
  g_autofree char *names = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (bad_names); i++)
    {
      g_autofree char *path = g_build_filename (dir, bad_names[i], NULL);
      check_error (plot, path, W, H, WS_ERROR_INVALID_ARGUMENT);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad_sizes); i++)
    check_error (plot, ok, bad_sizes[i][0], bad_sizes[i][1], WS_ERROR_INVALID_ARGUMENT);
  check_error (plot, "/nonexistent/dir/x.png", W, H, WS_ERROR_IO);
  /* A directory where the file should go: the rename fails after the
   * temporary file was written, which must then be gone. */
  g_assert_cmpint (g_mkdir (taken, 0755), ==, 0);
  check_error (plot, taken, 320, 200, WS_ERROR_IO);
  names = ws_test_list_dir (dir);
  g_assert_cmpstr (names, ==, "taken.png");
  g_assert_true (ws_plot_save (plot, ok, 16, 16, NULL));
  g_assert_true (ws_plot_save (plot, ok, 16384, 16, NULL));
  ws_test_remove_dir (dir);
}

/* ---- Tests: axes ---- */

static char *
labels (WsPlotScale scale,
        double      lo,
        double      hi,
        guint       max_labels)
{
  g_autoptr (GPtrArray) out = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) ticks = NULL;
  WsPlotAxis axis;

  ws_plot_axis_init (&axis, scale);
  ws_plot_axis_include (&axis, lo);
  ws_plot_axis_include (&axis, hi);
  ws_plot_axis_finish (&axis);
  ticks = ws_plot_axis_ticks (&axis, 1000, max_labels);
  for (guint i = 0; i < ticks->len; i++)
    if (g_array_index (ticks, WsPlotTick, i).major)
      g_ptr_array_add (out, ws_plot_tick_label (&g_array_index (ticks, WsPlotTick, i)));
  g_ptr_array_add (out, NULL);
  return g_strjoinv (" ", (char **) out->pdata);
}

static void
check_labels (WsPlotScale  scale,
              double       lo,
              double       hi,
              guint        max_labels,
              const char  *want)
{
  g_autofree char *got = labels (scale, lo, hi, max_labels);

  g_assert_cmpstr (got, ==, want);
}

static void
test_axis_labels (void)
{
  check_labels (WS_PLOT_LOG, 1000, 1e8, 10, "1k 10k 100k 1M 10M 100M");
  check_labels (WS_PLOT_LOG, 1000, 1e8, 3, "10k 1M 100M");
  check_labels (WS_PLOT_LOG, 0.1, 10, 10, "0.1 1 10");
  /* one way of writing an axis: where a label needs a power of ten, all are */
  check_labels (WS_PLOT_LOG, 1e-5, 1e-3, 10, "10⁻⁵ 10⁻⁴ 10⁻³");
  check_labels (WS_PLOT_LOG, 1e-4, 0.5, 10, "10⁻⁴ 10⁻³ 10⁻² 10⁻¹");
  check_labels (WS_PLOT_LOG, 1e15, 1e16, 10, "10¹⁵ 10¹⁶");
  check_labels (WS_PLOT_LOG, 3, 30, 10, "5 10 20");
  check_labels (WS_PLOT_LOG, 1.1, 1.6, 10, "1.1 1.2 1.3 1.4 1.5 1.6");
  check_labels (WS_PLOT_LINEAR, 0, 100, 6, "0 20 40 60 80 100");
  check_labels (WS_PLOT_LINEAR, 1, 16, 10, "2 4 6 8 10 12 14 16");
  check_labels (WS_PLOT_LINEAR, 900, 1700, 6, "1000 1200 1400 1600");
  check_labels (WS_PLOT_LINEAR, 0, 15000, 4, "0 5k 10k 15k");
  check_labels (WS_PLOT_LINEAR, -1, 1, 5, "-1 -0.5 0 0.5 1");
  check_labels (WS_PLOT_LINEAR, 0.0002, 0.0008, 4, "2×10⁻⁴ 4×10⁻⁴ 6×10⁻⁴ 8×10⁻⁴");
}

/* The x labels of a chart laid out at 800 × 500: its major ticks' words. */
static char *
frame_x_labels (WsPlot *plot)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 500);
  cairo_t *cr = cairo_create (surface);
  g_autoptr (GPtrArray) out = g_ptr_array_new_with_free_func (g_free);
  g_auto (WsPlotFrame) f = { 0 };

  ws_plot_frame_init (&f, plot, cr, 800, 500);
  g_assert_true (ws_plot_frame_lay_out (&f));
  for (guint i = 0; i < f.x_ticks->len; i++)
    if (g_array_index (f.x_ticks, WsPlotTick, i).major)
      g_ptr_array_add (out, ws_plot_tick_label (&g_array_index (f.x_ticks, WsPlotTick, i)));
  g_ptr_array_add (out, NULL);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return g_strjoinv (" ", (char **) out->pdata);
}

/* A study's sizes, powers of two, are labelled as themselves (decades
 * left 4096 without a name); other sizes keep the decades. */
static void
test_size_labels (void)
{
  g_autoptr (WsPlot) binary = ws_plot_new ("sizes");
  g_autoptr (WsPlot) decimal = ws_plot_new ("sizes");
  guint a = ws_plot_add_series (binary, "a"), b = ws_plot_add_series (decimal, "b");
  g_autofree char *got = NULL, *other = NULL;

  ws_plot_set_x_axis (binary, "n", WS_PLOT_LOG);
  ws_plot_set_x_axis (decimal, "n", WS_PLOT_LOG);
  for (guint k = 10; k <= 22; k += 2)
    {
      ws_plot_add_point (binary, a, (double) (1u << k), k, NAN, NAN);
      ws_plot_add_point (decimal, b, 1000.0 * (1u << (k - 10)), k, NAN, NAN);
    }
  got = frame_x_labels (binary);
  g_assert_cmpstr (got, ==, "2¹⁰ 2¹² 2¹⁴ 2¹⁶ 2¹⁸ 2²⁰ 2²²");
  other = frame_x_labels (decimal);
  g_assert_null (strstr (other, "2¹"));
  g_assert_nonnull (strstr (other, "10k"));
}

/* A single value gets a range around it; ranges never collapse. */
static void
test_axis_ranges (void)
{
  static const double singles[] = { 0, 5, -3, 1e-150, 1e150 };
  WsPlotAxis axis;

  for (guint i = 0; i < G_N_ELEMENTS (singles); i++)
    {
      ws_plot_axis_init (&axis, WS_PLOT_LINEAR);
      ws_plot_axis_include (&axis, singles[i]);
      ws_plot_axis_finish (&axis);
      g_assert_cmpfloat (axis.lo, <, axis.hi);
      g_assert_cmpfloat_with_epsilon (ws_plot_axis_fraction (&axis, singles[i]), 0.5, 1e-9);
    }
  ws_plot_axis_init (&axis, WS_PLOT_LOG);
  g_assert_false (ws_plot_axis_accepts (&axis, 0));
  g_assert_false (ws_plot_axis_accepts (&axis, -1));
  g_assert_false (ws_plot_axis_accepts (&axis, NAN));
  g_assert_false (ws_plot_axis_accepts (&axis, INFINITY));
  ws_plot_axis_include (&axis, 100);
  ws_plot_axis_finish (&axis);
  g_assert_cmpfloat_with_epsilon (axis.lo, 1.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (axis.hi, 2.5, 1e-12);
  ws_plot_axis_init (&axis, WS_PLOT_LOG);
  ws_plot_axis_include (&axis, 1);
  ws_plot_axis_include (&axis, 1e10);
  ws_plot_axis_finish (&axis);
  g_assert_cmpfloat_with_epsilon (axis.lo, -0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (axis.hi, 10.5, 1e-12);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/png", test_png);
  g_test_add_func ("/plot/title", test_title);
  g_test_add_func ("/plot/legend", test_legend);
  g_test_add_func ("/plot/legend-clears-bars", test_legend_clears_bars);
  g_test_add_func ("/plot/palette", test_palette);
  g_test_add_func ("/plot/legend-stays", test_legend_stays);
  g_test_add_func ("/plot/dashed", test_dashed);
  g_test_add_func ("/plot/error-bars", test_error_bars);
  g_test_add_func ("/plot/hline", test_hline);
  g_test_add_func ("/plot/log-skip", test_log_skip);
  g_test_add_func ("/plot/order", test_order);
  g_test_add_func ("/plot/no-data", test_no_data);
  g_test_add_func ("/plot/degenerate", test_degenerate);
  g_test_add_func ("/plot/surfaces", test_surfaces);
  g_test_add_func ("/plot/extremes", test_extremes);
  g_test_add_func ("/plot/save/formats", test_formats);
  g_test_add_func ("/plot/save/replace", test_replace);
  g_test_add_func ("/plot/save/errors", test_errors);
  g_test_add_func ("/plot/axis/labels", test_axis_labels);
  g_test_add_func ("/plot/axis/size-labels", test_size_labels);
  g_test_add_func ("/plot/axis/ranges", test_axis_ranges);
  return g_test_run ();
}
