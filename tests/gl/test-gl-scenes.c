/* test-gl-scenes.c: the animations as objects (gl/'s scenes) in a headless
 * OpenGL context — a network scene sought back and forth draws what one
 * stepped there draws and counts what the network's passes count; a frames
 * scene clamps its seeks; a window-sum scene refills the output as its
 * launch moves and maps a click to the output drawn there; a student's
 * trace that follows the network draws what the network's scene draws,
 * and a divergence is marked only over its keys; small arrays carry their
 * values on the bars, a scan's input has a band of its own, a histogram
 * a count axis. */
#include <string.h>

#include <math.h>

#include "gl-test-util.h"
#include "ws-bar-axis.h"
#include "ws-frames-scene.h"
#include "ws-network-scene.h"
#include "ws-stencil.h"
#include "ws-bars.h"
#include "ws-test-util.h"
#include "ws-trace-scene.h"
#include "ws-window-sum-scene.h"

enum { W = 640, H = 360 };

typedef GlFixture Fixture;

static const GlSize size = { W, H };

/* The frame as drawn, read back. */
static GBytes *
pixels (Fixture *f)
{
  cairo_surface_t *image = ws_gl_context_read (f->gl);
  gsize bytes = (gsize) cairo_image_surface_get_stride (image) * cairo_image_surface_get_height (image);
  GBytes *b = g_bytes_new (cairo_image_surface_get_data (image), bytes);

  cairo_surface_destroy (image);
  return b;
}

static GBytes *
draw_network (Fixture *f, WsNetworkScene *scene)
{
  g_autoptr (GError) error = NULL;
  WsNetworkStyle style = { TRUE, TRUE, TRUE, TRUE, NULL };

  g_assert_true (ws_network_scene_draw (scene, f->renderer, &style, W, H, 1.0, &error));
  g_assert_no_error (error);
  return pixels (f);
}

/* Seeking back replays from the input: the same picture, the same counts
 * and checks as stepping there, and as many comparisons as the network's
 * passes have (ws_network_apply_pass, an independent count). */
static void
test_network_seek (Fixture *f, gconstpointer data)
{
  g_autoptr (WsArray) input = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 100, 3);
  g_autoptr (WsNetworkScene) stepped = NULL, sought = NULL;
  g_autoptr (WsNetwork) net = ws_test_network_new (WS_NETWORK_ODD_EVEN_MERGE, 100);
  g_autoptr (WsArray) work = ws_array_copy (input, NULL);
  g_autoptr (GBytes) a = NULL, b = NULL;
  WsCounters want = { 0 };
  guint64 comparisons, swaps, c2, s2;
  guint ran;

  if (gl_fixture_skip (f))
    return;
  stepped = ws_network_scene_new (WS_NETWORK_ODD_EVEN_MERGE, input, NULL, NULL);
  sought = ws_network_scene_new (WS_NETWORK_ODD_EVEN_MERGE, input, NULL, NULL);
  g_assert_true (ws_network_scene_advance (stepped, 9, 0, &ran, NULL));
  g_assert_cmpuint (ran, ==, 9);
  g_assert_true (ws_network_scene_seek (sought, 20, NULL) && ws_network_scene_seek (sought, 9, NULL));
  g_assert_cmpuint (ws_network_scene_pass (sought), ==, 9);
  a = draw_network (f, stepped), b = draw_network (f, sought);
  g_assert_true (g_bytes_equal (a, b));
  for (guint pass = 0; pass < 9; pass++)
    ws_network_apply_pass (net, work, pass, &want);
  g_assert_true (ws_network_scene_counts (stepped, &comparisons, &swaps, NULL));
  g_assert_true (ws_network_scene_counts (sought, &c2, &s2, NULL));
  g_assert_cmpuint (comparisons, ==, want.comparisons);
  g_assert_cmpuint (swaps, ==, want.swaps);
  g_assert_cmpuint (c2, ==, want.comparisons);
  g_assert_cmpuint (s2, ==, want.swaps);
  g_assert_cmpstr (ws_network_scene_check_text (sought), ==,
                   ws_network_scene_check_text (stepped));
  /* Another pass is another picture: the comparison can fail. */
  g_assert_true (ws_network_scene_advance (sought, 1, 0, NULL, NULL));
  g_clear_pointer (&b, g_bytes_unref);
  b = draw_network (f, sought);
  g_assert_false (g_bytes_equal (a, b));
  ws_network_scene_release_gl (stepped), ws_network_scene_release_gl (sought);
}

/* Seeks stay within the frames; each frame draws. */
static void
test_frames_seek (Fixture *f, gconstpointer data)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 16, 1);
  g_autoptr (WsFramesScene) scene = NULL;
  g_autoptr (GError) error = NULL;
  guint n;

  if (gl_fixture_skip (f))
    return;
  scene = ws_frames_scene_new (ws_animation_scan (in, NULL), "read", "written");
  n = ws_frames_scene_n_frames (scene);
  g_assert_cmpuint (n, >, 2);
  ws_frames_scene_seek (scene, -5);
  g_assert_cmpuint (ws_frames_scene_at (scene), ==, 0);
  ws_frames_scene_seek (scene, n + 7);
  g_assert_cmpuint (ws_frames_scene_at (scene), ==, n - 1);
  for (guint i = 0; i < n; i++)
    {
      ws_frames_scene_seek (scene, i);
      g_assert_true (ws_frames_scene_draw (scene, f->renderer, W, H, 1.0, &error));
      g_assert_no_error (error);
    }
  ws_frames_scene_release_gl (scene);
}

/* A window-sum scene's output refills as its launch moves (the picture
 * changes), and a click maps to the output drawn under it; zoomed in, the
 * maps refill with the part shown (the picture changes again), the
 * map's corner is the part's first output, and the whole maps come back. */
static void
test_window_sum (Fixture *f, gconstpointer data)
{
  WsStencilShape shape = { 48, 2, 8, 2 };
  g_autoptr (WsArray) grid = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 48 * 48, 4);
  g_autoptr (WsArray) out = ws_array_new (WS_KEY_FLOAT32, 44 * 44, NULL);
  g_autoptr (WsWindowSumScene) scene = NULL;
  g_autoptr (GBytes) full = NULL, half = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) zoomed = NULL;
  WsWindowSumStyle style = { TRUE, "window sum" };
  WsWindowSumView v;
  WsRect map;
  guint64 row, col;

  if (gl_fixture_skip (f))
    return;
  for (gsize i = 0; i < out->n; i++)
    out->f32[i] = (float) i;
  scene = ws_window_sum_scene_new (&shape, g_steal_pointer (&grid), g_steal_pointer (&out), NULL,
                                   &error);
  g_assert_no_error (error);
  g_assert_true (ws_window_sum_scene_draw (scene, f->renderer, &style, W, H, 1.0, &error));
  full = pixels (f);
  ws_window_sum_scene_set_done (scene, ws_window_sum_scene_blocks (scene) / 2);
  g_assert_true (ws_window_sum_scene_draw (scene, f->renderer, &style, W, H, 1.0, &error));
  g_assert_no_error (error);
  half = pixels (f);
  g_assert_false (g_bytes_equal (full, half));
  /* The output map's top-left cell is output (0, 0). */
  v = ws_window_sum_scene_view (scene, &style, W, H, 1.0);
  map = ws_window_sum_map (&v, WS_HEAT_OUTPUT, W, H);
  g_assert_true (ws_window_sum_scene_hit (scene, &style, W, H, 1.0, map.x + 1, map.y + 1, &row,
                                          &col));
  g_assert_cmpuint (row, ==, 0);
  g_assert_cmpuint (col, ==, 0);
  /* 4× about output (30, 10): 11 outputs a side from (24.5, 4.5). */
  ws_window_sum_scene_set_zoom (scene, (WsWindowSumZoom) { 4.0, 30.0, 10.0 });
  g_assert_true (ws_window_sum_scene_draw (scene, f->renderer, &style, W, H, 1.0, &error));
  zoomed = pixels (f);
  g_assert_false (g_bytes_equal (zoomed, half));
  g_assert_true (ws_window_sum_scene_hit (scene, &style, W, H, 1.0, map.x + 1, map.y + 1, &row,
                                          &col));
  g_assert_cmpuint (row, ==, 24);
  g_assert_cmpuint (col, ==, 4);
  /* Past the grid's edge, the maps stop at it. */
  ws_window_sum_scene_set_zoom (scene, (WsWindowSumZoom) { 4.0, 300.0, -8.0 });
  g_assert_cmpfloat (ws_window_sum_scene_zoom (scene).row, ==, 44 - 5.5);
  g_assert_cmpfloat (ws_window_sum_scene_zoom (scene).col, ==, 5.5);
  ws_window_sum_scene_set_zoom (scene, (WsWindowSumZoom) { 0 });
  g_assert_true (ws_window_sum_scene_draw (scene, f->renderer, &style, W, H, 1.0, &error));
  g_autoptr (GBytes) whole = pixels (f);
  g_assert_true (g_bytes_equal (whole, half));
  ws_window_sum_scene_release_gl (scene);
}

/* The reference's own passes as a student's trace; `overwrite` (≥ 0)
 * makes the comparators of pass 2 copy the larger key over the smaller,
 * as a careless student's kernel does. */
static WsTrace *
trace_of (WsNetworkKind kind, const WsArray *input, gboolean overwrite)
{
  g_autoptr (WsNetwork) net = ws_test_network_new (kind, input->n);
  WsTrace *t = g_new0 (WsTrace, 1);
  WsArray *work = ws_network_pad (net, input, NULL);

  t->input = ws_array_copy (input, NULL);
  t->passes = g_ptr_array_new_with_free_func ((GDestroyNotify) ws_array_free);
  t->pass_lines = g_array_new (FALSE, TRUE, sizeof (gsize));
  for (guint p = 0; p < ws_network_n_passes (net); p++)
    {
      gsize line = p + 2;
      ws_network_apply_pass (net, work, p, NULL);
      if (overwrite && p == 2)
        {
          gsize count = ws_network_pass_comparators (net, p, NULL);
          g_autofree WsComparator *c = g_new (WsComparator, count);
          ws_network_pass_comparators (net, p, c);
          work->f32[c[0].min_at] = work->f32[c[0].max_at];
        }
      g_ptr_array_add (t->passes, ws_array_copy (work, NULL));
      g_array_append_val (t->pass_lines, line);
    }
  ws_array_free (work);
  return t;
}

/* A trace that follows the reference draws, pass for pass, what the
 * network's scene draws with the same caption: the same keys, compared
 * and swapped keys and comparators. */
static void
test_trace_follows (Fixture *f, gconstpointer data)
{
  g_autoptr (WsArray) input = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 24, 5);
  g_autoptr (WsNetworkScene) reference = NULL;
  g_autoptr (WsTraceScene) student = NULL;
  g_autoptr (GError) error = NULL;
  WsNetworkStyle style = { TRUE, TRUE, FALSE, TRUE, "pass" };
  double vmin, vmax;

  if (gl_fixture_skip (f))
    return;
  reference = ws_network_scene_new (WS_NETWORK_BITONIC, input, NULL, NULL);
  student = ws_trace_scene_new (WS_NETWORK_BITONIC, trace_of (WS_NETWORK_BITONIC, input, FALSE),
                                &error);
  g_assert_no_error (error);
  g_assert_false (ws_trace_scene_divergence (student, NULL));
  ws_bars_range (input, &vmin, &vmax);
  for (guint pass = 0; pass <= ws_trace_scene_n_passes (student); pass += 4)
    {
      g_autoptr (GBytes) want = NULL, got = NULL;
      ws_trace_scene_seek (student, pass);
      g_assert_true (ws_network_scene_seek (reference, pass, NULL));
      g_assert_true (ws_network_scene_draw (reference, f->renderer, &style, W, H, 1.0, &error));
      want = pixels (f);
      g_assert_true (ws_trace_scene_draw (student, f->renderer, "pass", vmin, vmax, W, H, 1.0,
                                          &error));
      got = pixels (f);
      g_assert_true (g_bytes_equal (want, got));
    }
  ws_trace_scene_release_gl (student);
  ws_network_scene_release_gl (reference);
}

/* Pixels that differ between two frames, counted in the left and right
 * halves. */
static void
count_changes (GBytes *a, GBytes *b, guint *left, guint *right)
{
  const guint32 *p = g_bytes_get_data (a, NULL), *q = g_bytes_get_data (b, NULL);

  *left = *right = 0;
  for (guint i = 0; i < (guint) W * H; i++)
    if (p[i] != q[i])
      (i % W < W / 2 ? (*left)++ : (*right)++);
}

/* An overwrite at pass 3 is found there; at that pass, and only there,
 * the frame marks the key and its comparator's other end — keys 0 and 1
 * of 24, at the left: nothing changes at the right. */
static void
test_trace_marks (Fixture *f, gconstpointer data)
{
  g_autoptr (WsArray) input = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 24, 5);
  g_autoptr (WsNetworkScene) reference = NULL;
  g_autoptr (WsTraceScene) student = NULL;
  g_autoptr (GBytes) plain = NULL, marked = NULL;
  WsDivergence d;
  guint left, right;

  if (gl_fixture_skip (f))
    return;
  reference = ws_network_scene_new (WS_NETWORK_BITONIC, input, NULL, NULL);
  student = ws_trace_scene_new (WS_NETWORK_BITONIC, trace_of (WS_NETWORK_BITONIC, input, TRUE),
                                NULL);
  g_assert_true (ws_trace_scene_divergence (student, &d));
  g_assert_cmpuint (d.pass, ==, 2);
  g_assert_true (d.has_comparator && d.comparator.min_at <= 1 && d.comparator.max_at <= 1);
  g_assert_true (ws_network_scene_seek (reference, 3, NULL));
  plain = draw_network (f, reference);
  ws_trace_scene_mark (f->renderer, ws_network_scene_view (reference), &d, W, H);
  marked = pixels (f);
  count_changes (plain, marked, &left, &right);
  g_assert_cmpuint (left, >, 0);
  g_assert_cmpuint (right, ==, 0);
  ws_network_scene_release_gl (reference);
}

/* A network scene draws with style's values or without. */
static GBytes *
draw_network_values (Fixture *f, WsNetworkScene *scene, gboolean values)
{
  g_autoptr (GError) error = NULL;
  WsNetworkStyle style = { TRUE, TRUE, TRUE, values, NULL };

  g_assert_true (ws_network_scene_draw (scene, f->renderer, &style, W, H, 1.0, &error));
  g_assert_no_error (error);
  return pixels (f);
}

/* 16 keys carry their values, those of the pass just drawn (the network
 * applied to the input on its own says which), and the picture shows
 * them; 1024 keys carry none, and the picture is the one without. */
static void
test_network_values (Fixture *f, gconstpointer data)
{
  g_autoptr (WsArray) small = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 16, 3);
  g_autoptr (WsArray) big = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 1024, 3);
  g_autoptr (WsNetwork) net = ws_test_network_new (WS_NETWORK_BITONIC, 16);
  g_autoptr (WsArray) want = ws_array_copy (small, NULL);
  g_autoptr (WsNetworkScene) scene = NULL, large = NULL;
  g_autoptr (GBytes) with = NULL, without = NULL, big_with = NULL, big_without = NULL;
  const WsBarsView *view;

  if (gl_fixture_skip (f))
    return;
  scene = ws_network_scene_new (WS_NETWORK_BITONIC, small, NULL, NULL);
  g_assert_true (ws_network_scene_advance (scene, 3, 0, NULL, NULL));
  for (guint pass = 0; pass < 3; pass++)
    ws_network_apply_pass (net, want, pass, NULL);
  without = draw_network_values (f, scene, FALSE);
  g_assert_null (ws_network_scene_view (scene)->values);
  with = draw_network_values (f, scene, TRUE);
  view = ws_network_scene_view (scene);
  g_assert_nonnull (view->values);
  g_assert_true (ws_array_equal (view->values, want));
  g_assert_false (g_bytes_equal (with, without));
  large = ws_network_scene_new (WS_NETWORK_BITONIC, big, NULL, NULL);
  big_without = draw_network_values (f, large, FALSE);
  big_with = draw_network_values (f, large, TRUE);
  g_assert_null (ws_network_scene_view (large)->values);
  g_assert_true (g_bytes_equal (big_with, big_without));
  ws_network_scene_release_gl (scene), ws_network_scene_release_gl (large);
}

/* The run of rows from the plot's bottom up at column x that are not the
 * background: the bar's height there. */
static int
bar_run (cairo_surface_t *image, WsRect plot, int x)
{
  const guint8 *data = cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image), bottom = (int) (plot.y + plot.height) - 1;
  guint32 bg = ((const guint32 *) data)[2] & 0xffffff; /* the margin's top-left pixel */
  int y = bottom;

  while (y > plot.y && (((const guint32 *) (data + (gsize) y * stride))[x] & 0xffffff) != bg)
    y--;
  return bottom - y;
}

/* The tallest bar and the mean bar of a view's plot in the image, as
 * fractions of the plot's height. */
static void
measure_bars (cairo_surface_t *image, const WsBarsView *view, double *tallest, double *mean)
{
  WsRect plot = ws_renderer_bars_plot (view, W, H);
  int first = (int) ceil (plot.x), last = (int) (plot.x + plot.width), most = 0;
  double sum = 0;

  for (int x = first; x < last; x++)
    {
      int run = bar_run (image, plot, x);
      most = MAX (most, run), sum += run;
    }
  *tallest = most / plot.height, *mean = sum / (last - first) / plot.height;
}

/* A scan of 256 uniform keys (values too many to write, nothing drawn over
 * the bars): its input has a band of its own where the tallest key reaches
 * the plot's top and the keys average about half of it, where on the
 * sums' scale under it they are slivers; key i has one column in both. */
static void
test_scan_input_band (Fixture *f, gconstpointer data)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 256, 7);
  g_autoptr (WsFramesScene) scene = ws_frames_scene_new (ws_animation_scan (in, NULL), "read",
                                                         "written");
  g_autoptr (GError) error = NULL;
  const WsBarsView *input, *frame;
  WsRect ip, fp;
  double tallest, mean;

  if (gl_fixture_skip (f))
    return;
  g_assert_null (ws_frames_scene_view (scene, TRUE)); /* nothing drawn yet */
  g_assert_true (ws_frames_scene_draw (scene, f->renderer, W, H, 1.0, &error));
  g_assert_no_error (error);
  f->image = ws_gl_context_read (f->gl);
  input = ws_frames_scene_view (scene, TRUE), frame = ws_frames_scene_view (scene, FALSE);
  g_assert_nonnull (input);
  ip = ws_renderer_bars_plot (input, W, H), fp = ws_renderer_bars_plot (frame, W, H);
  g_assert_cmpfloat (ip.x, ==, fp.x);
  g_assert_cmpfloat (ip.width, ==, fp.width);
  g_assert_cmpfloat (ip.y + ip.height, <, fp.y);
  g_assert_cmpfloat (ip.height, >=, H / 4.0);
  measure_bars (f->image, input, &tallest, &mean);
  g_assert_cmpfloat (tallest, >=, 0.9);
  g_assert_cmpfloat (mean, >=, 0.3);
  measure_bars (f->image, frame, &tallest, &mean);
  g_assert_cmpfloat (tallest, <, 0.1);
  ws_frames_scene_release_gl (scene);
}

/* A histogram is drawn against a count axis from 0 to its largest bin,
 * whole counts only; its bars carry their counts where they fit. */
static void
test_histogram_axis (Fixture *f, gconstpointer data)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 200, 2);
  g_autoptr (WsFramesScene) scene = ws_frames_scene_new (ws_animation_histogram (in, 12, 4, NULL),
                                                         "read", "written");
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ticks = NULL;
  const WsArray *counts;
  const WsBarsView *view;
  gint32 largest = 0;

  if (gl_fixture_skip (f))
    return;
  ws_frames_scene_seek (scene, ws_frames_scene_n_frames (scene) - 1);
  g_assert_true (ws_frames_scene_draw (scene, f->renderer, W, H, 1.0, &error));
  g_assert_no_error (error);
  counts = ws_frames_scene_frame (scene)->values;
  for (gsize i = 0; i < counts->n; i++)
    largest = MAX (largest, counts->i32[i]);
  view = ws_frames_scene_view (scene, FALSE);
  g_assert_null (ws_frames_scene_view (scene, TRUE)); /* no input band */
  g_assert_true (view->axis && view->integral);
  g_assert_true (view->values == counts);
  ticks = ws_bar_axis_view_ticks (view, ws_renderer_bars_plot (view, W, H).height);
  g_assert_cmpfloat (g_array_index (ticks, double, 0), ==, 0);
  g_assert_cmpfloat (g_array_index (ticks, double, ticks->len - 1), ==, largest);
  for (guint i = 0; i < ticks->len; i++)
    g_assert_cmpfloat (g_array_index (ticks, double, i), ==,
                       round (g_array_index (ticks, double, i)));
  g_assert_cmpuint (ticks->len, >=, 3);
  ws_frames_scene_release_gl (scene);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/gl-scenes/network-seek", Fixture, &size, gl_fixture_set_up, test_network_seek,
              gl_fixture_tear_down);
  g_test_add ("/gl-scenes/frames-seek", Fixture, &size, gl_fixture_set_up, test_frames_seek,
              gl_fixture_tear_down);
  g_test_add ("/gl-scenes/window-sum", Fixture, &size, gl_fixture_set_up, test_window_sum,
              gl_fixture_tear_down);
  g_test_add ("/gl-scenes/trace-follows", Fixture, &size, gl_fixture_set_up, test_trace_follows,
              gl_fixture_tear_down);
  g_test_add ("/gl-scenes/trace-marks", Fixture, &size, gl_fixture_set_up, test_trace_marks,
              gl_fixture_tear_down);
  g_test_add ("/gl-scenes/network-values", Fixture, &size, gl_fixture_set_up, test_network_values,
              gl_fixture_tear_down);
  g_test_add ("/gl-scenes/scan-input-band", Fixture, &size, gl_fixture_set_up,
              test_scan_input_band, gl_fixture_tear_down);
  g_test_add ("/gl-scenes/histogram-axis", Fixture, &size, gl_fixture_set_up, test_histogram_axis,
              gl_fixture_tear_down);
  return g_test_run ();
}
