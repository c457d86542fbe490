/* test-plot-hit.c: what the application's interactive chart asks of
 * WsPlot — series switched off and on, scale toggles, hit testing against
 * the pixels drawn, vertical reference lines, and the crossover lines of
 * ws_bench_chart's speedup charts.
 *
 * Positions come from ws_plot_project and are checked against the pixels
 * (the series' colour at a projected marker centre); legend text is found
 * without the plot's help, as the pixels that change when only a name's
 * digits do (DejaVu Sans draws all digits one advance wide, so nothing
 * else moves).
 */
#include <math.h>
#include <string.h>

#include <cairo.h>

#include "ws-bench-report.h"
#include "ws-plot.h"
#include "ws-test-util.h"
#include "plot-pixels.h"

#define W 1280
#define H 800

/* ---- Pixels ---- */

/* The box around the pixels near rgb; returns how many there are. */
static int
colour_box (cairo_surface_t *s,
            guint32          rgb,
            Box             *box)
{
  int n = 0;

  *box = (Box) { W, H, -1, -1 };
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      if (near (pixel (s, x, y), rgb, 10))
        {
          box->x0 = MIN (box->x0, x), box->y0 = MIN (box->y0, y);
          box->x1 = MAX (box->x1, x), box->y1 = MAX (box->y1, y);
          n++;
        }
  return n;
}

/* rgb laid over white at alpha: how a dimmed legend sample looks. */
static guint32
over_white (guint32 rgb,
            double  alpha)
{
  guint32 out = 0;

  for (int shift = 0; shift <= 16; shift += 8)
    out |= (guint32) lround (((rgb >> shift) & 0xff) * alpha + 255 * (1 - alpha)) << shift;
  return out;
}

/* The box around the pixels that differ; FALSE when none do. */
static gboolean
diff_box (cairo_surface_t *a,
          cairo_surface_t *b,
          Box             *box)
{
  gboolean any = FALSE;

  *box = (Box) { W, H, -1, -1 };
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      if (pixel (a, x, y) != pixel (b, x, y))
        {
          box->x0 = MIN (box->x0, x), box->y0 = MIN (box->y0, y);
          box->x1 = MAX (box->x1, x), box->y1 = MAX (box->y1, y);
          any = TRUE;
        }
  return any;
}

static int
count_diff (cairo_surface_t *a,
            cairo_surface_t *b,
            Box              box)
{
  int n = 0;

  for (int y = MAX (box.y0, 0); y <= MIN (box.y1, H - 1); y++)
    for (int x = MAX (box.x0, 0); x <= MIN (box.x1, W - 1); x++)
      n += pixel (a, x, y) != pixel (b, x, y);
  return n;
}

static void
project (WsPlot *plot,
         double  x,
         double  y,
         double *px,
         double *py)
{
  g_assert_true (ws_plot_project (plot, W, H, x, y, px, py));
}

/* ---- Plots ---- */

/* x, not in x order: the indices are not the drawing order. */
static const double xs[] = { 100, 1, 1000, 10, 30 };

/* Series 0 rises over three decades with error bars; series 1 runs a
 * decade below it, without; series 0 also has two points a log axis
 * cannot place (indices 5 and 6). */
static WsPlot *
hit_plot (const char *name_a,
          const char *name_b)
{
  WsPlot *plot = ws_plot_new ("Hits");
  guint a, b;

  ws_plot_set_x_axis (plot, "n", WS_PLOT_LOG);
  ws_plot_set_y_axis (plot, "time (ms)", WS_PLOT_LOG);
  a = ws_plot_add_series (plot, name_a);
  b = ws_plot_add_series (plot, name_b);
  for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
    {
      ws_plot_add_point (plot, a, xs[i], 2 * xs[i], 1.5 * xs[i], 2.5 * xs[i]);
      ws_plot_add_point (plot, b, xs[i], 0.2 * xs[i], NAN, NAN);
    }
  ws_plot_add_point (plot, a, 0, 5, NAN, NAN);
  ws_plot_add_point (plot, a, 50, -1, NAN, NAN);
  return plot;
}

/* ---- Series visibility ---- */

static void
test_series_api (void)
{
  g_autoptr (WsPlot) plot = hit_plot ("cpu-seq", NULL);

  g_assert_cmpuint (ws_plot_n_series (plot), ==, 2);
  g_assert_cmpstr (ws_plot_series_name (plot, 0), ==, "cpu-seq");
  g_assert_cmpstr (ws_plot_series_name (plot, 1), ==, "");
  g_assert_true (ws_plot_series_visible (plot, 0));
  ws_plot_set_series_visible (plot, 0, FALSE);
  g_assert_false (ws_plot_series_visible (plot, 0));
  g_assert_true (ws_plot_series_visible (plot, 1));
  ws_plot_set_series_visible (plot, 0, TRUE);
  g_assert_true (ws_plot_series_visible (plot, 0));
}

/* Hidden, series 1 is drawn nowhere in its colour; its legend entry stays,
 * faded. */
static void
test_hidden_pixels (void)
{
  g_autoptr (WsPlot) plot = hit_plot ("cpu-seq", "gpu");
  g_autoptr (cairo_surface_t) full = render (plot, W, H);
  g_autoptr (cairo_surface_t) hidden = NULL;
  guint32 faded = over_white (VERMILLION, 0.3);
  Box sample;

  ws_plot_set_series_visible (plot, 1, FALSE);
  hidden = render (plot, W, H);
  g_assert_false (same_pixels (full, hidden));
  g_assert_cmpint (count_all (full, VERMILLION), >, 300);
  g_assert_cmpint (count_all (hidden, VERMILLION), ==, 0);
  g_assert_cmpint (count_all (hidden, BLUE), >, 300);
  /* The faded colour only in the legend's sample: a line with a marker. */
  g_assert_cmpint (colour_box (hidden, faded, &sample), >, 40);
  g_assert_cmpint (sample.x1 - sample.x0, <, 40);
  g_assert_cmpint (sample.y1 - sample.y0, <, 20);
}

/* With series 1 hidden, series 0 lands where it does in a plot of its own:
 * the same ranges (and the same plot area). */
static void
test_hidden_range (void)
{
  g_autoptr (WsPlot) both = hit_plot ("cpu-seq", "gpu");
  g_autoptr (WsPlot) alone = ws_plot_new ("Hits");
  guint a;
  double x0, y0, x1, y1, ax0, ay0, ax1, ay1;

  ws_plot_set_x_axis (alone, "n", WS_PLOT_LOG);
  ws_plot_set_y_axis (alone, "time (ms)", WS_PLOT_LOG);
  a = ws_plot_add_series (alone, "cpu-seq");
  for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
    ws_plot_add_point (alone, a, xs[i], 2 * xs[i], 1.5 * xs[i], 2.5 * xs[i]);

  project (both, 1, 2, &x0, &y0);
  ws_plot_set_series_visible (both, 1, FALSE);
  project (both, 1, 2, &x1, &y1);
  g_assert_cmpfloat (fabs (y1 - y0), >, 20); /* series 1 widened the range */
  project (alone, 1, 2, &ax0, &ay0);
  project (alone, 1000, 2000, &ax1, &ay1);
  g_assert_cmpfloat (x1, ==, ax0);
  g_assert_cmpfloat (y1, ==, ay0);
  project (both, 1000, 2000, &x1, &y1);
  g_assert_cmpfloat (x1, ==, ax1);
  g_assert_cmpfloat (y1, ==, ay1);
}

/* Every series hidden: the chart of a plot without points. */
static void
test_hidden_all (void)
{
  g_autoptr (WsPlot) plot = hit_plot ("cpu-seq", "gpu");
  g_autoptr (WsPlot) empty = ws_plot_new ("Hits");
  g_autoptr (cairo_surface_t) a = NULL;
  g_autoptr (cairo_surface_t) b = NULL;
  WsPlotHit hit;
  double px, py;

  ws_plot_set_x_axis (empty, "n", WS_PLOT_LOG);
  ws_plot_set_y_axis (empty, "time (ms)", WS_PLOT_LOG);
  ws_plot_add_series (empty, "cpu-seq");
  ws_plot_add_series (empty, "gpu");
  ws_plot_set_series_visible (plot, 0, FALSE);
  ws_plot_set_series_visible (plot, 1, FALSE);
  a = render (plot, W, H);
  b = render (empty, W, H);
  g_assert_true (same_pixels (a, b));
  g_assert_false (ws_plot_project (plot, W, H, 10, 20, &px, &py));
  g_assert_false (ws_plot_hit (plot, W, H, W / 2.0, H / 2.0, 1000, &hit));
  g_assert_cmpint (hit.kind, ==, WS_PLOT_HIT_NONE);
}

/* ---- Scales ---- */

/* The scale setters change the scale alone: the same pixels as setting
 * label and scale together, the labels kept. */
static void
test_scales (void)
{
  g_autoptr (WsPlot) direct = hit_plot ("cpu-seq", "gpu");
  g_autoptr (WsPlot) toggled = hit_plot ("cpu-seq", "gpu");
  g_autoptr (cairo_surface_t) a = NULL;
  g_autoptr (cairo_surface_t) b = NULL;
  g_autoptr (cairo_surface_t) c = NULL;

  ws_plot_set_x_axis (direct, "n", WS_PLOT_LINEAR);
  ws_plot_set_x_scale (toggled, WS_PLOT_LINEAR);
  g_assert_cmpint (ws_plot_get_x_scale (toggled), ==, WS_PLOT_LINEAR);
  g_assert_cmpint (ws_plot_get_y_scale (toggled), ==, WS_PLOT_LOG);
  a = render (direct, W, H);
  b = render (toggled, W, H);
  g_assert_true (same_pixels (a, b));
  ws_plot_set_y_scale (toggled, WS_PLOT_LINEAR);
  g_assert_cmpint (ws_plot_get_y_scale (toggled), ==, WS_PLOT_LINEAR);
  c = render (toggled, W, H);
  g_assert_false (same_pixels (b, c));
}

/* ---- Hits ---- */

static void
check_point (const WsPlotHit *hit,
             guint            series,
             guint            index)
{
  double x = xs[index];

  g_assert_cmpint (hit->kind, ==, WS_PLOT_HIT_POINT);
  g_assert_cmpuint (hit->series, ==, series);
  g_assert_cmpuint (hit->index, ==, index);
  g_assert_cmpfloat (hit->x, ==, x);
  g_assert_cmpfloat (hit->y, ==, series == 0 ? 2 * x : 0.2 * x);
  if (series == 0)
    {
      g_assert_cmpfloat (hit->lo, ==, 1.5 * x);
      g_assert_cmpfloat (hit->hi, ==, 2.5 * x);
    }
  else
    g_assert_true (isnan (hit->lo) && isnan (hit->hi));
}

/* Each point's marker, in its series' colour, where it is projected: at
 * the centre and 4 pixels to each side of it (markers are 15 wide). */
static void
check_marker_pixels (cairo_surface_t *s,
                     guint32          rgb,
                     double           px,
                     double           py)
{
  int x = (int) floor (px), y = (int) floor (py);

  g_assert_cmpint (count (s, rgb, (Box) { x, y, x, y }), ==, 1);
  g_assert_cmpint (count (s, rgb, (Box) { x - 4, y, x - 4, y }), ==, 1);
  g_assert_cmpint (count (s, rgb, (Box) { x + 4, y, x + 4, y }), ==, 1);
  g_assert_cmpint (count (s, rgb, (Box) { x, y - 4, x, y - 4 }), ==, 1);
  g_assert_cmpint (count (s, rgb, (Box) { x, y + 4, x, y + 4 }), ==, 1);
}

static void
test_hit_points (void)
{
  g_autoptr (WsPlot) plot = hit_plot ("cpu-seq", "gpu");
  g_autoptr (cairo_surface_t) s = render (plot, W, H);
  WsPlotHit hit;

  for (guint series = 0; series < 2; series++)
    for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
      {
        double px, py, y = series == 0 ? 2 * xs[i] : 0.2 * xs[i];
        project (plot, xs[i], y, &px, &py);
        check_marker_pixels (s, series == 0 ? BLUE : VERMILLION, px, py);
        g_assert_true (ws_plot_hit (plot, W, H, px, py, 3, &hit));
        check_point (&hit, series, i);
        g_assert_true (ws_plot_hit (plot, W, H, px + 1, py, 3, &hit));
        check_point (&hit, series, i);
        g_assert_true (ws_plot_hit (plot, W, H, px - 1, py + 1, 3, &hit));
        check_point (&hit, series, i);
        /* 5 away: outside a radius of 3, inside one of 6. */
        g_assert_false (ws_plot_hit (plot, W, H, px + 3, py - 4, 3, &hit));
        g_assert_cmpint (hit.kind, ==, WS_PLOT_HIT_NONE);
        g_assert_true (ws_plot_hit (plot, W, H, px + 3, py - 4, 6, &hit));
        check_point (&hit, series, i);
        g_assert_false (ws_plot_hit (plot, W, H, px + 40, py - 40, 3, &hit));
      }
  g_assert_false (ws_plot_hit (plot, W, H, -100, -100, 3, &hit));
  g_assert_false (ws_plot_hit (plot, W, H, W - 2, H - 2, 3, &hit));
}

/* The points the axes cannot place are drawn nowhere and never hit: a
 * search over the whole chart finds each drawn point, and only those. */
static void
test_hit_undrawn (void)
{
  g_autoptr (WsPlot) plot = hit_plot ("cpu-seq", "gpu");
  guint found[2] = { 0, 0 };
  WsPlotHit hit;

  for (int y = 0; y < H; y += 10)
    for (int x = 0; x < W; x += 10)
      if (ws_plot_hit (plot, W, H, x, y, 7.5, &hit) && hit.kind == WS_PLOT_HIT_POINT)
        {
          g_assert_cmpuint (hit.index, <, G_N_ELEMENTS (xs));
          found[hit.series] |= 1u << hit.index;
        }
  g_assert_cmpuint (found[0], ==, 0x1f);
  g_assert_cmpuint (found[1], ==, 0x1f);
}

/* A hidden series' points are not hit where they would be drawn. */
static void
test_hit_hidden (void)
{
  g_autoptr (WsPlot) plot = hit_plot ("cpu-seq", "gpu");
  WsPlotHit hit;

  ws_plot_set_series_visible (plot, 1, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
    {
      double px, py;
      project (plot, xs[i], 0.2 * xs[i], &px, &py);
      g_assert_false (ws_plot_hit (plot, W, H, px, py, 5, &hit));
      g_assert_cmpint (hit.kind, ==, WS_PLOT_HIT_NONE);
      project (plot, xs[i], 2 * xs[i], &px, &py);
      g_assert_true (ws_plot_hit (plot, W, H, px, py, 5, &hit));
      check_point (&hit, 0, i);
    }
}

/* Where series `which`'s name is drawn: the pixels that change when only
 * its digits do. */
static Box
name_box (guint    which,
          gboolean hide_b)
{
  g_autoptr (WsPlot) base = hit_plot ("cpu 1111", "gpu 1111");
  g_autoptr (WsPlot) other = hit_plot (which == 0 ? "cpu 8888" : "cpu 1111",
                                       which == 1 ? "gpu 8888" : "gpu 1111");
  g_autoptr (cairo_surface_t) a = NULL;
  g_autoptr (cairo_surface_t) b = NULL;
  Box box;

  ws_plot_set_series_visible (base, 1, !hide_b);
  ws_plot_set_series_visible (other, 1, !hide_b);
  a = render (base, W, H);
  b = render (other, W, H);
  g_assert_true (diff_box (a, b, &box));
  /* A few digits of legend text, not a chart that moved. */
  g_assert_cmpint (box.x1 - box.x0, <, 80);
  g_assert_cmpint (box.y1 - box.y0, <, 30);
  if (hide_b && which == 1)
    g_assert_cmpint (count (a, DIMMED, box), >, 10);
  return box;
}

static void
check_legend (gboolean hide_b)
{
  g_autoptr (WsPlot) plot = hit_plot ("cpu 1111", "gpu 1111");
  WsPlotHit hit;

  ws_plot_set_series_visible (plot, 1, !hide_b);
  for (guint which = 0; which < 2; which++)
    {
      Box b = name_box (which, hide_b);
      double cx = (b.x0 + b.x1) / 2.0, cy = (b.y0 + b.y1) / 2.0;
      g_assert_true (ws_plot_hit (plot, W, H, cx, cy, 3, &hit));
      g_assert_cmpint (hit.kind, ==, WS_PLOT_HIT_LEGEND);
      g_assert_cmpuint (hit.series, ==, which);
      g_assert_true (ws_plot_hit (plot, W, H, b.x1, b.y0, 3, &hit));
      g_assert_cmpint (hit.kind, ==, WS_PLOT_HIT_LEGEND);
      g_assert_cmpuint (hit.series, ==, which);
      /* Well right of the name: outside the entry. */
      g_assert_false (ws_plot_hit (plot, W, H, b.x1 + 60, cy, 3, &hit)
                      && hit.kind == WS_PLOT_HIT_LEGEND);
    }
}

static void
test_hit_legend (void)
{
  check_legend (FALSE);
  check_legend (TRUE);
}

/* The legend comes before a point under it, whatever the radius. */
static void
test_hit_legend_first (void)
{
  g_autoptr (WsPlot) plot = hit_plot ("cpu 1111", "gpu 1111");
  Box b = name_box (0, FALSE);
  WsPlotHit hit;

  g_assert_true (ws_plot_hit (plot, W, H, b.x0, b.y1, 2000, &hit));
  g_assert_cmpint (hit.kind, ==, WS_PLOT_HIT_LEGEND);
  g_assert_true (ws_plot_hit (plot, W, H, W / 2.0, H - 2.0, 2000, &hit));
  g_assert_cmpint (hit.kind, ==, WS_PLOT_HIT_POINT);
}

/* ---- Vertical lines ---- */

/* A vline at x = 30: dashed down the plot area at its x, labelled near the
 * top; the data land where they did without it. */
static void
test_vline_drawn (void)
{
  g_autoptr (WsPlot) plain = hit_plot ("cpu-seq", "gpu");
  g_autoptr (WsPlot) plot = hit_plot ("cpu-seq", "gpu");
  g_autoptr (cairo_surface_t) before = render (plain, W, H);
  g_autoptr (cairo_surface_t) s = NULL;
  double lx, ly, tx, ty, hx, hy, vx, vy;
  int x, runs, on;
  Box column, d;

  ws_plot_add_vline (plot, 30, "GPU ≥ 1×");
  g_assert_cmpuint (ws_plot_n_vlines (plot), ==, 1);
  g_assert_cmpfloat (ws_plot_vline_x (plot, 0), ==, 30);
  g_assert_cmpstr (ws_plot_vline_label (plot, 0), ==, "GPU ≥ 1×");
  s = render (plot, W, H);
  project (plain, 1, 0.2, &lx, &ly);
  project (plain, 1000, 2000, &tx, &ty);
  project (plot, 1, 0.2, &hx, &hy);
  project (plot, 1000, 2000, &vx, &vy);
  g_assert_true (lx == hx && ly == hy && tx == vx && ty == vy);
  project (plot, 30, 60, &vx, &vy);
  x = (int) round (vx);
  column = (Box) { x - 1, (int) ty, x, (int) ly };
  runs = dash_runs (s, REFERENCE, column, TRUE, &on);
  g_assert_cmpint (runs, >=, 8);
  g_assert_cmpint (on, >, (ly - ty) / 3);
  g_assert_cmpint (on, <, (ly - ty) * 0.9);
  g_assert_cmpint (dash_runs (before, REFERENCE, column, TRUE, &on), ==, 0);
  /* The label: right of the line, above the highest point. */
  g_assert_true (diff_box (before, s, &d));
  g_assert_cmpint (d.x1, >, x + 40);
  g_assert_cmpint (count_diff (before, s, (Box) { x + 3, 0, x + 200, (int) ty - 8 }), >, 100);
  g_assert_cmpint (count_diff (before, s, (Box) { x + 3, (int) ty + 8, W - 1, H - 1 }), ==, 0);
}

/* A series' vline (its crossover) goes with it: with the series hidden the
 * chart is as if the line had never been added; with another series
 * hidden, it is drawn. */
static void
test_vline_follows_series (void)
{
  for (guint hide = 0; hide < 2; hide++)
    {
      g_autoptr (WsPlot) plain = hit_plot ("cpu-seq", "gpu");
      g_autoptr (WsPlot) plot = hit_plot ("cpu-seq", "gpu");
      g_autoptr (cairo_surface_t) a = NULL;
      g_autoptr (cairo_surface_t) b = NULL;

      ws_plot_add_series_vline (plot, 1, 30, "gpu ≥ 1×");
      g_assert_cmpuint (ws_plot_vline_series (plot, 0), ==, 1);
      ws_plot_set_series_visible (plain, hide, FALSE);
      ws_plot_set_series_visible (plot, hide, FALSE);
      a = render (plain, W, H);
      b = render (plot, W, H);
      g_assert_true (same_pixels (a, b) == (hide == 1));
    }
  {
    g_autoptr (WsPlot) plot = hit_plot ("cpu-seq", "gpu");
    ws_plot_add_vline (plot, 30, "free");
    g_assert_cmpuint (ws_plot_vline_series (plot, 0), ==, WS_PLOT_NO_SERIES);
  }
}

/* Outside the x range, at 0, below 0 or NaN on a log axis: not drawn, and
 * the chart as without it. On a linear axis the same x, in range, is. */
static void
test_vline_skipped (void)
{
  static const double outside[] = { 1e5, 0.5, 0, -5, NAN, INFINITY };
  g_autoptr (WsPlot) plain = hit_plot ("cpu-seq", "gpu");
  g_autoptr (cairo_surface_t) before = render (plain, W, H);

  for (guint i = 0; i < G_N_ELEMENTS (outside); i++)
    {
      g_autoptr (WsPlot) plot = hit_plot ("cpu-seq", "gpu");
      g_autoptr (cairo_surface_t) s = NULL;
      ws_plot_add_vline (plot, outside[i], "somewhere");
      s = render (plot, W, H);
      g_assert_true (same_pixels (before, s));
    }
  {
    g_autoptr (WsPlot) linear = hit_plot ("cpu-seq", "gpu");
    g_autoptr (cairo_surface_t) a = NULL;
    g_autoptr (cairo_surface_t) b = NULL;
    ws_plot_set_x_scale (linear, WS_PLOT_LINEAR);
    a = render (linear, W, H);
    ws_plot_add_vline (linear, 0, "zero");
    b = render (linear, W, H);
    g_assert_false (same_pixels (a, b));
  }
}

/* ---- Crossovers ---- */

#define CSV_HEADER "algorithm,variant,baseline,n,params,status,timing,median_s,speedup,speedup_lo,speedup_hi\n"

static WsCsvTable *
table_of (const char *rows)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "result.csv", NULL);
  g_autofree char *text = g_strconcat (CSV_HEADER, rows, NULL);
  g_autoptr (GError) error = NULL;
  WsCsvTable *t;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  t = ws_csv_table_read (path, &error);
  g_assert_no_error (error);
  ws_test_remove_dir (dir);
  return t;
}

static WsPlot *
chart_of (const WsCsvTable *t,
          WsChartKind       kind,
          const char       *x)
{
  g_autoptr (GError) error = NULL;
  WsPlot *plot = ws_bench_chart (t, "sort", kind, x, &error);

  g_assert_no_error (error);
  g_assert_nonnull (plot);
  return plot;
}

/* gpu: 0.5 at n = 1000, 2 at 100 000: the line drawn on log axes crosses
 * 1 halfway, at 10 000. cpu-par is always above 1, gpu-seed goes down
 * through 1, not up: no line for them. */
static void
test_crossover (void)
{
  g_autoptr (WsCsvTable) t = table_of (
      "sort,cpu-seq,cpu-seq,1000,,ok,end-to-end,1e-3,1,1,1\n"
      "sort,cpu-seq,cpu-seq,100000,,ok,end-to-end,1e-1,1,1,1\n"
      "sort,gpu,cpu-seq,100000,,ok,end-to-end,5e-2,2,1.8,2.2\n"
      "sort,gpu,cpu-seq,1000,,ok,end-to-end,2e-3,0.5,0.4,0.6\n"
      "sort,cpu-par,cpu-seq,1000,,ok,end-to-end,5e-4,1.5,1.4,1.6\n"
      "sort,cpu-par,cpu-seq,100000,,ok,end-to-end,3e-2,3,2.9,3.1\n"
      "sort,gpu-seed,cpu-seq,1000,,ok,end-to-end,5e-4,1.5,1.4,1.6\n"
      "sort,gpu-seed,cpu-seq,100000,,ok,end-to-end,0.2,0.5,0.4,0.6\n");
  g_autoptr (WsPlot) speedup = chart_of (t, WS_CHART_SPEEDUP, "n");
  g_autoptr (WsPlot) time = chart_of (t, WS_CHART_TIME, "n");
  g_autoptr (cairo_surface_t) s = NULL;

  g_assert_cmpuint (ws_plot_n_series (speedup), ==, 3);
  g_assert_cmpuint (ws_plot_n_vlines (speedup), ==, 1);
  g_assert_cmpfloat_with_epsilon (ws_plot_vline_x (speedup, 0), 10000, 1e-6);
  g_assert_cmpstr (ws_plot_vline_label (speedup, 0), ==, "sort gpu ≥ 1× from n ≈ 10k");
  g_assert_cmpuint (ws_plot_n_vlines (time), ==, 0);
  s = render (speedup, W, H); /* drawn without trouble */
  g_assert_cmpint (count_all (s, REFERENCE), >, 100);

  /* The application's log toggles: the line moves to where the segment is
   * drawn on the new scales. Linear x, log y: halfway from 1000 to 100000
   * (log 0.5 and log 2 straddle 0 evenly). */
  ws_plot_set_x_scale (speedup, WS_PLOT_LINEAR);
  g_assert_cmpuint (ws_plot_n_vlines (speedup), ==, 1);
  g_assert_cmpfloat_with_epsilon (ws_plot_vline_x (speedup, 0), 50500, 1e-6);
  g_assert_cmpstr (ws_plot_vline_label (speedup, 0), ==, "sort gpu ≥ 1× from n ≈ 50.5k");
  /* Linear both: a third of the way, (1 - 0.5) / (2 - 0.5). */
  ws_plot_set_y_scale (speedup, WS_PLOT_LINEAR);
  g_assert_cmpfloat_with_epsilon (ws_plot_vline_x (speedup, 0), 34000, 1e-6);
  g_assert_cmpstr (ws_plot_vline_label (speedup, 0), ==, "sort gpu ≥ 1× from n ≈ 34k");
  ws_plot_set_x_scale (speedup, WS_PLOT_LOG);
  ws_plot_set_y_scale (speedup, WS_PLOT_LOG);
  g_assert_cmpfloat_with_epsilon (ws_plot_vline_x (speedup, 0), 10000, 1e-6);
  g_assert_cmpstr (ws_plot_vline_label (speedup, 0), ==, "sort gpu ≥ 1× from n ≈ 10k");
}

/* A crossing added by hand: nothing for a series that never crosses; one
 * that does follows points added later. */
static void
test_crossing_follows_points (void)
{
  g_autoptr (WsPlot) plot = ws_plot_new (NULL);
  guint above = ws_plot_add_series (plot, "above");
  guint rises = ws_plot_add_series (plot, "rises");

  ws_plot_set_x_axis (plot, "n", WS_PLOT_LINEAR);
  ws_plot_set_y_axis (plot, "speedup", WS_PLOT_LINEAR);
  ws_plot_add_point (plot, above, 0, 2, NAN, NAN);
  ws_plot_add_point (plot, above, 10, 3, NAN, NAN);
  ws_plot_add_point (plot, rises, 20, 4, NAN, NAN);
  ws_plot_add_point (plot, rises, 0, 0, NAN, NAN);
  g_assert_false (ws_plot_add_series_crossing (plot, above, 1, "above ≥ 1×"));
  g_assert_true (ws_plot_add_series_crossing (plot, rises, 1, "rises ≥ 1×"));
  g_assert_cmpuint (ws_plot_n_vlines (plot), ==, 1);
  g_assert_cmpuint (ws_plot_vline_series (plot, 0), ==, rises);
  /* In x order, whatever order the points came in: 0 → 4 over 0 … 20. */
  g_assert_cmpfloat_with_epsilon (ws_plot_vline_x (plot, 0), 5, 1e-12);
  g_assert_cmpstr (ws_plot_vline_label (plot, 0), ==, "rises ≥ 1× ≈ 5");
  /* A point between moves the first rise: 0 → 0.5 over 0 … 4, then up. */
  ws_plot_add_point (plot, rises, 4, 0.5, NAN, NAN);
  g_assert_cmpfloat_with_epsilon (ws_plot_vline_x (plot, 0), 4 + 16 * (0.5 / 3.5), 1e-12);
  g_assert_cmpstr (ws_plot_vline_label (plot, 0), ==, "rises ≥ 1× ≈ 6.29");
  /* On a log y axis the point at 0 cannot be drawn: the line starts at 4. */
  ws_plot_set_y_scale (plot, WS_PLOT_LOG);
  g_assert_cmpfloat_with_epsilon (ws_plot_vline_x (plot, 0), 4 + 16 * (log10 (2) / log10 (8)), 1e-12);
}

/* Only the first upward crossing of a series, labelled to 3 significant
 * digits; at most 4 lines, for the first 4 series that cross. */
static void
test_crossover_limits (void)
{
  GString *rows = g_string_new (NULL);
  static const char *const variants[] = { "v1", "v2", "v3", "v4", "v5", "v6" };
  g_autoptr (WsCsvTable) t = NULL;
  g_autoptr (WsPlot) plot = NULL;
  g_autofree char *first = NULL;

  /* v1: below at 1e6, above at 1.1025e6 (crossing at their geometric mean,
   * 1.05e6), then down and up again later. */
  g_string_append (rows, "sort,v1,cpu-seq,1000000,,ok,t,1,0.5,,\n"
                         "sort,v1,cpu-seq,1102500,,ok,t,1,2,,\n"
                         "sort,v1,cpu-seq,2000000,,ok,t,1,0.5,,\n"
                         "sort,v1,cpu-seq,4000000,,ok,t,1,2,,\n");
  /* v2..v6 cross between 2469 and 61725 (sizes are whole numbers; their
   * product is 12345²): at 12345. */
  for (guint i = 1; i < G_N_ELEMENTS (variants); i++)
    g_string_append_printf (rows, "sort,%s,cpu-seq,2469,,ok,t,1,0.5,,\n"
                                  "sort,%s,cpu-seq,61725,,ok,t,1,2,,\n",
                            variants[i], variants[i]);
  t = table_of (rows->str);
  g_string_free (rows, TRUE);
  plot = chart_of (t, WS_CHART_SPEEDUP, NULL);
  g_assert_cmpuint (ws_plot_n_series (plot), ==, 6);
  g_assert_cmpuint (ws_plot_n_vlines (plot), ==, 4);
  g_assert_cmpfloat_with_epsilon (ws_plot_vline_x (plot, 0), 1.05e6, 1e-3);
  g_assert_cmpstr (ws_plot_vline_label (plot, 0), ==, "sort v1 ≥ 1× from n ≈ 1.05M");
  for (guint i = 1; i < 4; i++)
    {
      g_autofree char *want = g_strdup_printf ("sort %s ≥ 1× from n ≈ 12.3k", variants[i]);
      g_assert_cmpfloat_with_epsilon (ws_plot_vline_x (plot, i), 12345, 1e-6);
      g_assert_cmpstr (ws_plot_vline_label (plot, i), ==, want);
    }
  /* Each line belongs to the series that crosses. */
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *want = g_strdup_printf ("sort %s", variants[i]);
      g_assert_cmpstr (ws_plot_series_name (plot, ws_plot_vline_series (plot, i)), ==, want);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/series/api", test_series_api);
  g_test_add_func ("/plot/series/hidden-pixels", test_hidden_pixels);
  g_test_add_func ("/plot/series/hidden-range", test_hidden_range);
  g_test_add_func ("/plot/series/all-hidden", test_hidden_all);
  g_test_add_func ("/plot/scales", test_scales);
  g_test_add_func ("/plot/hit/points", test_hit_points);
  g_test_add_func ("/plot/hit/undrawn", test_hit_undrawn);
  g_test_add_func ("/plot/hit/hidden", test_hit_hidden);
  g_test_add_func ("/plot/hit/legend", test_hit_legend);
  g_test_add_func ("/plot/hit/legend-first", test_hit_legend_first);
  g_test_add_func ("/plot/vline/drawn", test_vline_drawn);
  g_test_add_func ("/plot/vline/skipped", test_vline_skipped);
  g_test_add_func ("/plot/vline/follows-series", test_vline_follows_series);
  g_test_add_func ("/plot/crossover/speedup", test_crossover);
  g_test_add_func ("/plot/crossover/limits", test_crossover_limits);
  g_test_add_func ("/plot/crossover/follows-points", test_crossing_follows_points);
  return g_test_run ();
}
