/* test-gl-heat.c: the heat-map view and study 001's picture drawn in a
 * headless OpenGL context (Mesa's software EGL on CI, the GPU on the GPU
 * machine) and read back: colours from the colour map at each cell,
 * cells not yet computed hatched, block and thread lines where the launch
 * puts them, marks over the right cells, title and legend present, clicks
 * mapped to the right output; and the same pixels on a GLES 3 context as on
 * OpenGL 3.3 core. */
#include <math.h>
#include <string.h>

#include "gl-test-util.h"
#include "ws-colormap.h"
#include "ws-error.h"
#include "ws-window-sum-view.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (cairo_surface_t, cairo_surface_destroy)

enum { W = 400, H = 400 };

typedef GlFixture Fixture;

static const GlSize size = { W, H }, wide = { 1280, 720 };

static guint32
pixel (Fixture *f, int x, int y)
{
  guint8 *data = cairo_image_surface_get_data (f->image);
  int stride = cairo_image_surface_get_stride (f->image);

  return ((guint32 *) (data + (gsize) y * stride))[x] & 0xffffff;
}

static int channel (guint32 p, int c) { return p >> (16 - 8 * c) & 255; }

static double
lightness (guint32 p)
{
  return 0.2126 * channel (p, 0) + 0.7152 * channel (p, 1) + 0.0722 * channel (p, 2);
}

/* The largest difference in one channel between a pixel and a colour. */
static int
distance (guint32 p, const guint8 rgb[3])
{
  int d = 0;

  for (int c = 0; c < 3; c++)
    d = MAX (d, abs (channel (p, c) - rgb[c]));
  return d;
}

/* A side × side float32 grid of values[i] (or i when values is NULL). */
static WsArray *
grid (guint side, const float *values)
{
  WsArray *a = ws_array_new (WS_KEY_FLOAT32, (gsize) side * side, NULL);

  for (gsize i = 0; i < a->n; i++)
    a->f32[i] = values ? values[i] : (float) i;
  return a;
}

static WsRect
whole (void)
{
  return (WsRect) { 0, 0, W, H };
}

/* Fills the slot from the grid (all texels) and draws the view over the
 * whole viewport. */
static void
draw_heat (Fixture *f, const WsArray *a, WsHeatView *v, const WsHeatMask *mask)
{
  g_autofree float *texels = g_new (float, (gsize) v->side * v->side);

  v->texels = (guint) v->side;
  ws_heat_fill (a, v->side, NULL, mask, v->texels, texels);
  ws_renderer_upload_heat (f->renderer, v->slot, texels, v->texels);
  ws_renderer_clear (f->renderer, W, H);
  ws_renderer_draw_heat (f->renderer, v, whole (), W, H);
  g_clear_pointer (&f->image, cairo_surface_destroy);
  f->image = ws_gl_context_read (f->gl);
}

/* The centre pixel of cell (row, col) of the view's map. */
static void
cell_centre (const WsHeatView *v, guint64 row, guint64 col, int *x, int *y)
{
  WsRect map = ws_renderer_heat_map_rect (v, whole ());

  *x = (int) (map.x + (col + 0.5) * map.width / v->side);
  *y = (int) (map.y + (row + 0.5) * map.height / v->side);
}

/* Values 0 … 15 on a 4 × 4 grid over [0, 15]: each cell the colour map's
 * colour of its value, lightness rising cell by cell. */
static void
test_colours (Fixture *f, gconstpointer data)
{
  g_autoptr (WsArray) a = grid (4, NULL);
  WsHeatView v = { WS_HEAT_INPUT, 4, 4, 0.0, 15.0, .scale = 1.0 };
  double last = -1;

  if (gl_fixture_skip (f))
    return;
  draw_heat (f, a, &v, NULL);
  for (guint i = 0; i < 16; i++)
    {
      guint8 rgb[3];
      int x, y;
      cell_centre (&v, i / 4, i % 4, &x, &y);
      ws_colormap_rgb (i / 15.0, WS_COLORMAP_NORMAL, rgb);
      g_assert_cmpint (distance (pixel (f, x, y), rgb), <=, 4);
      g_assert_cmpfloat (lightness (pixel (f, x, y)), >, last);
      last = lightness (pixel (f, x, y));
    }
}

/* High contrast (presentation mode): a black background and the colour
 * map's high-contrast colours, darker at the bottom and white at the top. */
static void
test_high_contrast (Fixture *f, gconstpointer data)
{
  g_autoptr (WsArray) a = grid (4, NULL);
  WsHeatView v = { WS_HEAT_INPUT, 4, 4, 0.0, 15.0, .scale = 1.0 };

  if (gl_fixture_skip (f))
    return;
  ws_renderer_set_high_contrast (f->renderer, TRUE);
  draw_heat (f, a, &v, NULL);
  g_assert_cmphex (pixel (f, 2, H - 2), ==, 0x000000);
  for (guint i = 0; i < 16; i += 5)
    {
      guint8 rgb[3];
      int x, y;
      cell_centre (&v, i / 4, i % 4, &x, &y);
      ws_colormap_rgb (i / 15.0, WS_COLORMAP_HIGH_CONTRAST, rgb);
      g_assert_cmpint (distance (pixel (f, x, y), rgb), <=, 4);
    }
  ws_renderer_set_high_contrast (f->renderer, FALSE);
  draw_heat (f, a, &v, NULL);
  g_assert_cmphex (pixel (f, 2, H - 2), !=, 0x000000);
}

/* A launch half done: blocks of 2 × 2 cells, the first three in launch
 * order have run; the fourth's cells are hatched, dark, not a colour of
 * the map. */
static void
test_pending (Fixture *f, gconstpointer data)
{
  g_autoptr (WsArray) a = grid (4, NULL);
  WsHeatView v = { WS_HEAT_OUTPUT, 4, 4, 0.0, 15.0, .scale = 1.0 };
  WsHeatMask mask = { 2, 2, 3 };
  WsRect map;
  guint light = 0, dark = 0;

  if (gl_fixture_skip (f))
    return;
  draw_heat (f, a, &v, &mask);
  map = ws_renderer_heat_map_rect (&v, whole ());
  /* The last block: rows 2–3, columns 2–3, the map's bottom-right quarter. */
  for (int y = (int) (map.y + map.height * 0.55); y < map.y + map.height * 0.95; y++)
    for (int x = (int) (map.x + map.width * 0.55); x < map.x + map.width * 0.95; x++)
      {
        double l = lightness (pixel (f, x, y));
        g_assert_cmpfloat (l, <, 72.0); /* the map's darkest colour is lighter */
        light += l > 55.0, dark += l <= 55.0;
      }
  g_assert_cmpuint (light, >, 0); /* a hatch: both shades */
  g_assert_cmpuint (dark, >, light);
  /* The third block (rows 2–3, columns 0–1) has run: value 8's colour. */
  guint8 rgb[3];
  int x, y;
  ws_colormap_rgb (8 / 15.0, WS_COLORMAP_NORMAL, rgb);
  cell_centre (&v, 2, 0, &x, &y);
  g_assert_cmpint (distance (pixel (f, x, y), rgb), <=, 4);
}

/* Counts the runs of columns along row y whose lightness exceeds `above`. */
static guint
light_runs (Fixture *f, WsRect map, int y, double above)
{
  guint runs = 0;
  gboolean in = FALSE;

  for (int x = (int) map.x; x < map.x + map.width; x++)
    {
      gboolean l = lightness (pixel (f, x, y)) > above;
      runs += l && !in;
      in = l;
    }
  return runs;
}

/* A constant 16 × 16 grid with blocks of 4 × 8 cells and threads of K = 2:
 * along a row, lines between blocks at columns 8 (one), between threads at
 * 2, 4, 6, 10, 12, 14; down a column, block lines at rows 4, 8, 12 and
 * thread lines between every two rows. Block lines are the brighter. */
static void
test_launch_lines (Fixture *f, gconstpointer data)
{
  float values[256];
  g_autoptr (WsArray) a = NULL;
  WsHeatView v = { WS_HEAT_OUTPUT, 16, 16, 0.0, 1.0, 4, 8, 2, .scale = 1.0 };
  WsRect map;
  int x, y;
  double cell;

  if (gl_fixture_skip (f))
    return;
  for (guint i = 0; i < 256; i++)
    values[i] = 0.0f;
  a = grid (16, values);
  draw_heat (f, a, &v, NULL);
  map = ws_renderer_heat_map_rect (&v, whole ());
  cell_centre (&v, 1, 1, &x, &y);
  cell = lightness (pixel (f, x, y));
  g_assert_cmpuint (light_runs (f, map, y, cell + 5), ==, 7);  /* 1 block + 6 thread lines */
  g_assert_cmpuint (light_runs (f, map, y, cell + 60), ==, 1); /* the block line alone */
  /* Down column x, a line between every two rows: 15, of which 3 blocks'. */
  guint runs = 0, strong = 0;
  gboolean in = FALSE, in_strong = FALSE;
  for (int yy = (int) map.y; yy < map.y + map.height; yy++)
    {
      double l = lightness (pixel (f, x, yy));
      runs += l > cell + 5 && !in, in = l > cell + 5;
      strong += l > cell + 60 && !in_strong, in_strong = l > cell + 60;
    }
  g_assert_cmpuint (runs, ==, 15);
  g_assert_cmpuint (strong, ==, 3);
}

/* A window mark over cells (2–4, 2–4) of a constant 8 × 8 grid tints
 * those cells amber and frames them; a cell mark frames (6, 6) in white;
 * cells elsewhere keep their colour. */
static void
test_marks (Fixture *f, gconstpointer data)
{
  g_autoptr (WsArray) a = grid (8, (const float[64]) { 0 });
  const WsHeatMark marks[] = { { WS_MARK_WINDOW, { 2, 2, 3, 3 } }, { WS_MARK_CELL, { 6, 6, 1, 1 } } };
  WsHeatView v = { WS_HEAT_INPUT, 8, 8, 0.0, 1.0, .scale = 1.0, .marks = marks, .n_marks = 2 };
  WsRect map;
  int x, y, ox, oy;
  guint32 inside, outside, frame, white;

  if (gl_fixture_skip (f))
    return;
  draw_heat (f, a, &v, NULL);
  map = ws_renderer_heat_map_rect (&v, whole ());
  cell_centre (&v, 3, 3, &x, &y);
  cell_centre (&v, 0, 0, &ox, &oy);
  inside = pixel (f, x, y), outside = pixel (f, ox, oy);
  g_assert_cmpint (channel (inside, 0), >, channel (outside, 0) + 25); /* amber over the map */
  g_assert_cmpint (channel (inside, 2), <, channel (outside, 2) + 10);
  /* The frame lies just outside the window's left edge, column 2. */
  frame = pixel (f, (int) (map.x + 2 * map.width / 8) - 1, y);
  g_assert_cmpint (distance (frame, (const guint8[]) { 242, 184, 46 }), <=, 6);
  white = pixel (f, (int) (map.x + 6 * map.width / 8) - 1, (int) (map.y + 6.5 * map.height / 8));
  g_assert_cmpint (distance (white, (const guint8[]) { 255, 255, 255 }), <=, 3);
  /* Cell (6, 6) itself is not filled. */
  cell_centre (&v, 6, 6, &x, &y);
  g_assert_cmpuint (pixel (f, x, y), ==, outside);
}

/* The title over the map shows text (light pixels on the background), and
 * the legend under it the colour map's two ends. */
static void
test_title_and_legend (Fixture *f, gconstpointer data)
{
  g_autoptr (WsArray) a = grid (4, NULL);
  WsHeatView v = { WS_HEAT_INPUT, 4, 4, 0.0, 15.0, .title = "input 4 × 4", .scale = 1.0 };
  WsRect map;
  guint text = 0, low = 0, high = 0;
  guint8 lo[3], hi[3];

  if (gl_fixture_skip (f))
    return;
  draw_heat (f, a, &v, NULL);
  map = ws_renderer_heat_map_rect (&v, whole ());
  for (int y = 0; y < map.y; y++)
    for (int x = 0; x < W; x++)
      text += lightness (pixel (f, x, y)) > 150;
  g_assert_cmpuint (text, >, 20);
  ws_colormap_rgb (0.0, WS_COLORMAP_NORMAL, lo), ws_colormap_rgb (1.0, WS_COLORMAP_NORMAL, hi);
  for (int y = (int) (map.y + map.height); y < H; y++)
    for (int x = 0; x < W; x++)
      low += distance (pixel (f, x, y), lo) <= 6, high += distance (pixel (f, x, y), hi) <= 6;
  g_assert_cmpuint (low, >, 5);
  g_assert_cmpuint (high, >, 5);
}

/* ---- study 001's picture ---- */

static WsWindowSumView
study_view (void)
{
  WsWindowSumView v = { { 64, 2, 8, 2 }, 0, 1, 0, 25 };

  v.chosen = TRUE, v.row = 30, v.col = 30, v.launch_lines = TRUE, v.scale = 1.0;
  return v;
}

/* The map rectangle of a slot in a width × height viewport. */
static WsRect
slot_map (const WsWindowSumView *v, WsHeatSlot slot, int width, int height)
{
  return ws_window_sum_map (v, slot, width, height);
}

static void
cell_point (WsRect map, guint64 side, guint64 row, guint64 col, double *x, double *y)
{
  *x = map.x + (col + 0.5) * map.width / side;
  *y = map.y + (row + 0.5) * map.height / side;
}

/* A click on an output cell names it; on the input, the output centred
 * there; on the input's border of width R, or off the maps, none. */
static void
test_hit (void)
{
  WsWindowSumView v = study_view ();
  WsRect in = slot_map (&v, WS_HEAT_INPUT, 1280, 720), out = slot_map (&v, WS_HEAT_OUTPUT, 1280, 720);
  guint64 row, col;
  double x, y;

  g_assert_cmpfloat (in.x + in.width, <, out.x); /* side by side */
  for (guint64 r = 0; r < 60; r += 7)
    for (guint64 c = 0; c < 60; c += 11)
      {
        cell_point (out, 60, r, c, &x, &y);
        g_assert_true (ws_window_sum_hit (&v, 1280, 720, x, y, &row, &col));
        g_assert_cmpuint (row, ==, r);
        g_assert_cmpuint (col, ==, c);
        cell_point (in, 64, r + 2, c + 2, &x, &y);
        g_assert_true (ws_window_sum_hit (&v, 1280, 720, x, y, &row, &col));
        g_assert_cmpuint (row, ==, r);
        g_assert_cmpuint (col, ==, c);
      }
  cell_point (in, 64, 1, 30, &x, &y);
  g_assert_false (ws_window_sum_hit (&v, 1280, 720, x, y, &row, &col));
  cell_point (in, 64, 30, 63, &x, &y);
  g_assert_false (ws_window_sum_hit (&v, 1280, 720, x, y, &row, &col));
  g_assert_false (ws_window_sum_hit (&v, 1280, 720, 2, 2, &row, &col));
}

/* ---- zoom and pan ---- */

/* Zoomed 4× about output (20, 40): the output map shows 15 outputs a side
 * centred there, the input map the 19 inputs their windows read; clicks on
 * either land on the right output, and the textures hold those cells, one
 * texel each. */
static void
test_zoom_hit (void)
{
  WsWindowSumView v = study_view ();
  WsHeatPart out, in;
  WsHeatRegion region;
  guint64 row, col;

  v.zoom = (WsWindowSumZoom) { 4.0, 20.0, 40.0 };
  out = ws_window_sum_part (&v, WS_HEAT_OUTPUT), in = ws_window_sum_part (&v, WS_HEAT_INPUT);
  g_assert_cmpfloat_with_epsilon (out.span, 15.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (out.row, 12.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (out.col, 32.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (in.span, 19.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (in.col, out.col, 1e-9);
  region = ws_window_sum_region (&v, WS_HEAT_OUTPUT);
  g_assert_cmpuint (region.row, ==, 12);
  g_assert_cmpuint (region.col, ==, 32);
  g_assert_cmpuint (region.span, ==, 16);
  g_assert_cmpuint (ws_window_sum_texels (&v, WS_HEAT_OUTPUT, 1280, 720), ==, 16);
  for (guint64 r = 13; r < 27; r += 3)
    for (guint64 c = 33; c < 47; c += 4)
      {
        WsRect map = slot_map (&v, WS_HEAT_OUTPUT, 1280, 720);
        double x, y;
        x = map.x + (c + 0.5 - out.col) * map.width / out.span;
        y = map.y + (r + 0.5 - out.row) * map.height / out.span;
        g_assert_true (ws_window_sum_hit (&v, 1280, 720, x, y, &row, &col));
        g_assert_cmpuint (row, ==, r);
        g_assert_cmpuint (col, ==, c);
        map = slot_map (&v, WS_HEAT_INPUT, 1280, 720); /* the input centred on it */
        x = map.x + (c + 2.5 - in.col) * map.width / in.span;
        y = map.y + (r + 2.5 - in.row) * map.height / in.span;
        g_assert_true (ws_window_sum_hit (&v, 1280, 720, x, y, &row, &col));
        g_assert_cmpuint (row, ==, r);
        g_assert_cmpuint (col, ==, c);
      }
}

/* The wheel's zoom keeps the cell under the pointer where it is, on either
 * map; the maps never leave their grids (a corner zooms into the corner);
 * the whole maps come back below 1×. */
static void
test_zoom_about_pointer (void)
{
  WsWindowSumView v = study_view ();
  WsRect out = slot_map (&v, WS_HEAT_OUTPUT, 1280, 720), in = slot_map (&v, WS_HEAT_INPUT, 1280, 720);
  const double points[][2] = { { out.x + 100.5, out.y + 300.5 }, { in.x + 220.5, in.y + 40.5 } };
  WsHeatPart in_part;

  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    {
      WsWindowSumView zoomed = v;
      double row0, col0, row1, col1;
      WsHeatSlot slot0, slot1;
      g_assert_true (ws_window_sum_cell_at (&v, 1280, 720, points[i][0], points[i][1], &slot0,
                                            &row0, &col0));
      zoomed.zoom = ws_window_sum_zoom_at (&v, 1280, 720, points[i][0], points[i][1], 2.5);
      g_assert_cmpfloat_with_epsilon (zoomed.zoom.zoom, 2.5, 1e-9);
      g_assert_true (ws_window_sum_cell_at (&zoomed, 1280, 720, points[i][0], points[i][1],
                                            &slot1, &row1, &col1));
      g_assert_cmpint (slot1, ==, slot0);
      g_assert_cmpfloat_with_epsilon (row1, row0, 1e-6);
      g_assert_cmpfloat_with_epsilon (col1, col0, 1e-6);
    }
  /* Centred past the top-left corner: the part starts at cell 0, not
   * before; at the bottom-right it ends at the last. */
  v.zoom = ws_window_sum_zoom_clamp (&v.shape, (WsWindowSumZoom) { 8.0, -100.0, -3.0 });
  g_assert_cmpfloat (ws_window_sum_part (&v, WS_HEAT_OUTPUT).row, ==, 0.0);
  g_assert_cmpfloat (ws_window_sum_part (&v, WS_HEAT_OUTPUT).col, ==, 0.0);
  v.zoom = ws_window_sum_zoom_clamp (&v.shape, (WsWindowSumZoom) { 8.0, 59.0, 1e9 });
  in_part = ws_window_sum_part (&v, WS_HEAT_INPUT);
  g_assert_cmpfloat (in_part.row + in_part.span, ==, 64.0);
  g_assert_cmpfloat (ws_window_sum_part (&v, WS_HEAT_OUTPUT).col + 60 / 8.0, ==, 60.0);
  /* Past the closest zoom (4 outputs a side) it stays there. */
  v.zoom = ws_window_sum_zoom_at (&v, 1280, 720, out.x + 1, out.y + 1, 100.0);
  g_assert_cmpfloat_with_epsilon (ws_window_sum_part (&v, WS_HEAT_OUTPUT).span, 4.0, 1e-9);
  v.zoom = ws_window_sum_zoom_at (&v, 1280, 720, out.x + 1, out.y + 1, 0.001);
  g_assert_cmpfloat (v.zoom.zoom, ==, 1.0);
  g_assert_cmpfloat (ws_window_sum_part (&v, WS_HEAT_INPUT).span, ==, 64.0);
}

/* A drag moves both maps with the pointer: 10 outputs' worth of pixels to
 * the right shows the outputs 10 columns to the left; dragged far, the
 * maps stop at the grid's edge. */
static void
test_pan (void)
{
  WsWindowSumView v = study_view ();
  WsRect out;
  double before;

  v.zoom = (WsWindowSumZoom) { 4.0, 30.0, 30.0 };
  out = slot_map (&v, WS_HEAT_OUTPUT, 1280, 720);
  before = ws_window_sum_part (&v, WS_HEAT_OUTPUT).col;
  v.zoom = ws_window_sum_pan (&v, 1280, 720, out.x + 50, out.y + 50, 10 * out.width / 15, 0);
  g_assert_cmpfloat_with_epsilon (ws_window_sum_part (&v, WS_HEAT_OUTPUT).col, before - 10, 1e-9);
  g_assert_cmpfloat (v.zoom.row, ==, 30.0);
  v.zoom = ws_window_sum_pan (&v, 1280, 720, out.x + 50, out.y + 50, -5000, -5000);
  g_assert_cmpfloat_with_epsilon (ws_window_sum_part (&v, WS_HEAT_OUTPUT).col, 45.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ws_window_sum_part (&v, WS_HEAT_INPUT).col + 19, 64.0, 1e-9);
}

/* A side × side checkerboard of 0 and 1. */
static WsArray *
checkerboard (guint side)
{
  WsArray *a = ws_array_new (WS_KEY_FLOAT32, (gsize) side * side, NULL);

  for (gsize i = 0; i < a->n; i++)
    a->f32[i] = (float) ((i / side + i % side) % 2);
  return a;
}

/* Close up a big grid shows its cells, not their means: whole, a 2048²
 * checkerboard has fewer texels than cells (a texel averages them), but
 * at 32× the textures hold the part shown, one texel a cell, and each
 * visible cell is drawn 0's colour or 1's by its parity, on both maps. */
static void
test_zoomed_pixels (Fixture *f, gconstpointer data)
{
  WsWindowSumView v = { { 2048, 2, 8, 2 }, 0, 1, 0, 1 };
  g_autoptr (WsArray) input = checkerboard (2048);
  g_autoptr (WsArray) output = checkerboard (2044);
  const WsArray *grids[WS_HEAT_SLOTS] = { input, output };
  guint8 rgb[2][3];

  if (gl_fixture_skip (f))
    return;
  v.scale = 1.0;
  g_assert_cmpuint (ws_window_sum_texels (&v, WS_HEAT_INPUT, 1280, 720), <, 2048);
  v.zoom = (WsWindowSumZoom) { 32.0, 1000.0, 1000.0 };
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    {
      WsHeatRegion region = ws_window_sum_region (&v, slot);
      g_autofree float *texels = g_new (float, (gsize) region.span * region.span);
      v.texels[slot] = ws_window_sum_texels (&v, slot, 1280, 720);
      g_assert_cmpuint (v.texels[slot], ==, region.span);
      ws_heat_fill (grids[slot], slot == WS_HEAT_INPUT ? 2048 : 2044, &region, NULL,
                    v.texels[slot], texels);
      ws_renderer_upload_heat (f->renderer, slot, texels, v.texels[slot]);
    }
  ws_window_sum_draw (f->renderer, &v, 1280, 720);
  f->image = ws_gl_context_read (f->gl);
  ws_colormap_rgb (0.0, WS_COLORMAP_NORMAL, rgb[0]), ws_colormap_rgb (1.0, WS_COLORMAP_NORMAL, rgb[1]);
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    {
      WsHeatPart part = ws_window_sum_part (&v, slot);
      WsRect map = slot_map (&v, slot, 1280, 720);
      for (guint64 r = (guint64) ceil (part.row); r + 1 < part.row + part.span; r += 5)
        for (guint64 c = (guint64) ceil (part.col); c + 1 < part.col + part.span; c += 3)
          {
            double x = map.x + (c + 0.5 - part.col) * map.width / part.span;
            double y = map.y + (r + 0.5 - part.row) * map.height / part.span;
            g_assert_cmpint (distance (pixel (f, (int) x, (int) y), rgb[(r + c) % 2]), <=, 4);
          }
    }
}

/* Draws study 001's picture of a constant grid, chosen output or not. */
static void
draw_study (Fixture *f, gboolean chosen)
{
  WsWindowSumView v = study_view ();
  g_autoptr (WsArray) a = grid (64, NULL), o = grid (60, NULL);
  g_autofree float *texels = g_new (float, 64 * 64);

  v.chosen = chosen;
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    {
      const WsArray *g = slot == WS_HEAT_INPUT ? a : o;
      guint64 side = slot == WS_HEAT_INPUT ? 64 : 60;
      v.texels[slot] = ws_window_sum_texels (&v, slot, 1280, 720);
      g_assert_cmpuint (v.texels[slot], ==, side); /* a pixel or more a cell */
      ws_heat_fill (g, side, NULL, NULL, v.texels[slot], texels);
      ws_renderer_upload_heat (f->renderer, slot, texels, v.texels[slot]);
    }
  ws_window_sum_draw (f->renderer, &v, 1280, 720);
  g_clear_pointer (&f->image, cairo_surface_destroy);
  f->image = ws_gl_context_read (f->gl);
}

/* With output (30, 30) chosen (BS = 8, K = 2): on the output its thread's
 * two cells (30, 30–31) are filled, its block (rows 24–31, columns 16–31)
 * framed; on the input its window (rows and columns 30–34) filled and the
 * block's tile (rows 24–35, columns 16–35) lightly; far away nothing
 * changes. */
static void
test_study_marks (Fixture *f, gconstpointer data)
{
  WsWindowSumView v = study_view ();
  WsRect in = slot_map (&v, WS_HEAT_INPUT, 1280, 720), out = slot_map (&v, WS_HEAT_OUTPUT, 1280, 720);
  g_autoptr (cairo_surface_t) plain = NULL;
  double x, y;

  g_clear_pointer (&f->gl, ws_gl_context_free);
  g_clear_pointer (&f->renderer, ws_renderer_free);
  if (!gl_fixture_open (f, WS_GL_API_OPENGL, 1280, 720))
    return (void) g_test_skip ("no headless OpenGL here (EGL)");
  draw_study (f, FALSE);
  plain = g_steal_pointer (&f->image);
  draw_study (f, TRUE);
#define PLAIN(px, py) (((guint32 *) (cairo_image_surface_get_data (plain) + (gsize) (py) * cairo_image_surface_get_stride (plain)))[px] & 0xffffff)
  cell_point (out, 60, 30, 31, &x, &y);
  g_assert_cmpuint (pixel (f, (int) x, (int) y), !=, PLAIN ((int) x, (int) y));
  cell_point (out, 60, 28, 20, &x, &y); /* inside the block, not the thread: unfilled */
  g_assert_cmpuint (pixel (f, (int) x, (int) y), ==, PLAIN ((int) x, (int) y));
  cell_point (out, 60, 5, 5, &x, &y);
  g_assert_cmpuint (pixel (f, (int) x, (int) y), ==, PLAIN ((int) x, (int) y));
  cell_point (in, 64, 34, 30, &x, &y); /* the window's corner */
  g_assert_cmpuint (pixel (f, (int) x, (int) y), !=, PLAIN ((int) x, (int) y));
  cell_point (in, 64, 25, 17, &x, &y); /* in the tile, outside the window */
  g_assert_cmpuint (pixel (f, (int) x, (int) y), !=, PLAIN ((int) x, (int) y));
  cell_point (in, 64, 40, 40, &x, &y);
  g_assert_cmpuint (pixel (f, (int) x, (int) y), ==, PLAIN ((int) x, (int) y));
#undef PLAIN
}

/* Output (30, 30)'s block reads rows 24–35, columns 16–35 of the input:
 * its tile, rows 26–33 and columns 18–33, is cyan; the halo, the ring of
 * R = 2 around it, magenta — told apart in the pixels: the halo's greener
 * less and redder more than the tile's over the same cells. */
static void
test_tile_and_halo (Fixture *f, gconstpointer data)
{
  WsWindowSumView v = study_view ();
  WsRect in = slot_map (&v, WS_HEAT_INPUT, 1280, 720);
  guint32 halo, tile, halo_corner;
  double x, y;

  if (gl_fixture_skip (f))
    return;
  draw_study (f, TRUE);
  cell_point (in, 64, 25, 20, &x, &y); /* the halo above the tile */
  halo = pixel (f, (int) x, (int) y);
  cell_point (in, 64, 35, 17, &x, &y); /* its bottom-left corner */
  halo_corner = pixel (f, (int) x, (int) y);
  cell_point (in, 64, 28, 22, &x, &y); /* the tile, outside the window */
  tile = pixel (f, (int) x, (int) y);
  g_assert_cmphex (halo, ==, halo_corner);
  g_assert_cmpint (channel (tile, 1) - channel (halo, 1), >, 25);
  g_assert_cmpint (channel (halo, 0) - channel (tile, 0), >, 10);
}

static gboolean
lists_mark (const WsLegendEntry *e, guint n, const WsHeatMark *mark)
{
  for (guint i = 0; i < n; i++)
    if (e[i].kind == WS_LEGEND_MARK && e[i].mark == mark->kind
        && g_strcmp0 (e[i].label, mark->label) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
lists_kind (const WsLegendEntry *e, guint n, WsLegendKind kind)
{
  for (guint i = 0; i < n; i++)
    if (e[i].kind == kind)
      return TRUE;
  return FALSE;
}

/* Each map's legend names every mark drawn on it — on the input the
 * window's centre, the window, the tile and the halo; on the output the
 * chosen output, its thread's outputs and its block — and the block and
 * thread edges where drawn, the hatch while blocks have not run; zoomed
 * away from the marks, it names none of them. */
static void
test_legend_entries (void)
{
  WsWindowSumView v = study_view ();
  const WsMarkKind want[WS_HEAT_SLOTS][4] = { { WS_MARK_HALO, WS_MARK_TILE, WS_MARK_WINDOW, WS_MARK_CELL },
                                             { WS_MARK_BLOCK, WS_MARK_THREAD, WS_MARK_CELL } };
  WsLegendEntry e[WS_LEGEND_ENTRIES_MAX];
  guint n;

  v.pending = TRUE;
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    {
      WsWindowSumMarks m;
      ws_window_sum_marks (&v, slot, &m);
      g_assert_cmpuint (m.n, ==, slot == WS_HEAT_INPUT ? 4 : 3);
      n = ws_window_sum_legend (&v, slot, 1280, 720, e);
      for (guint i = 0; i < m.n; i++)
        {
          g_assert_cmpint (m.marks[i].kind, ==, want[slot][i]);
          g_assert_cmpuint (strlen (m.marks[i].label), >, 3);
          g_assert_true (lists_mark (e, n, &m.marks[i]));
        }
      g_assert_cmpuint (n, ==, m.n + (slot == WS_HEAT_OUTPUT ? 3 : 0));
      g_assert_true (lists_kind (e, n, WS_LEGEND_BLOCK_LINES) == (slot == WS_HEAT_OUTPUT));
      g_assert_true (lists_kind (e, n, WS_LEGEND_THREAD_LINES) == (slot == WS_HEAT_OUTPUT));
      g_assert_true (lists_kind (e, n, WS_LEGEND_PENDING) == (slot == WS_HEAT_OUTPUT));
    }
  v.pending = v.launch_lines = FALSE;
  n = ws_window_sum_legend (&v, WS_HEAT_OUTPUT, 1280, 720, e);
  g_assert_cmpuint (n, ==, 3);
  v.zoom = (WsWindowSumZoom) { 8.0, 4.0, 55.0 }; /* far from output (30, 30) */
  g_assert_cmpuint (ws_window_sum_legend (&v, WS_HEAT_OUTPUT, 1280, 720, e), ==, 0);
  g_assert_cmpuint (ws_window_sum_legend (&v, WS_HEAT_INPUT, 1280, 720, e), ==, 0);
  v.zoom.col = 34; /* the block's right edge (column 31) in sight, the thread not */
  n = ws_window_sum_legend (&v, WS_HEAT_OUTPUT, 1280, 720, e);
  g_assert_cmpuint (n, ==, 0); /* rows 0–7: the block (rows 24–31) is not */
  v.zoom = (WsWindowSumZoom) { 8.0, 27.0, 34.0 };
  n = ws_window_sum_legend (&v, WS_HEAT_OUTPUT, 1280, 720, e);
  g_assert_cmpuint (n, ==, 3);
}

/* Under each map, each of its marks' colours shows in the legend (its
 * swatch); with no output chosen none does, and the maps keep their size. */
static void
test_legend_swatches (Fixture *f, gconstpointer data)
{
  WsWindowSumView v = study_view ();
  const WsMarkKind kinds[] = { WS_MARK_HALO, WS_MARK_TILE, WS_MARK_WINDOW, WS_MARK_CELL };
  g_autoptr (cairo_surface_t) chosen = NULL;
  WsRect maps[WS_HEAT_SLOTS];

  if (gl_fixture_skip (f))
    return;
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    maps[slot] = slot_map (&v, slot, 1280, 720);
  for (int pass = 0; pass < 2; pass++)
    {
      draw_study (f, pass == 0);
      v.chosen = pass == 0;
      g_assert_cmpfloat (slot_map (&v, WS_HEAT_INPUT, 1280, 720).width, ==, maps[0].width);
      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        {
          float outline[4], fill[4];
          guint8 rgb[3];
          guint found = 0;
          ws_renderer_mark_colours (kinds[k], outline, fill);
          for (int c = 0; c < 3; c++)
            rgb[c] = (guint8) lround (outline[c] * 255);
          /* Below the input map's colour scale: its legend's rows. */
          for (int y = (int) (maps[0].y + maps[0].height + 30); y < 720; y++)
            for (int x = (int) maps[0].x; x < maps[0].x + maps[0].width; x++)
              found += distance (pixel (f, x, y), rgb) <= 8;
          if (pass == 0)
            g_assert_cmpuint (found, >, 10);
          else
            g_assert_cmpuint (found, ==, 0);
        }
    }
}

/* The maps take the height they can: in presentation mode's scale on a
 * 1280 × 800 canvas both panels (title, map, colour scale, legend) fill
 * at least 90% of it, the maps alike and side by side; beside the
 * application's panel (945 × 745) the width bounds them, half of it each. */
static void
test_fills_height (void)
{
  WsWindowSumView v = study_view ();
  WsRect panels[WS_HEAT_SLOTS], in, out;

  v.scale = 1.5, v.pending = TRUE;
  ws_window_sum_panels (&v, 1280, 800, panels);
  in = slot_map (&v, WS_HEAT_INPUT, 1280, 800), out = slot_map (&v, WS_HEAT_OUTPUT, 1280, 800);
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    {
      g_test_message ("panel %u: %.0f px of 800", slot, panels[slot].height);
      g_assert_cmpfloat (panels[slot].height, >=, 0.9 * 800);
      g_assert_cmpfloat (panels[slot].y + panels[slot].height, <=, 800);
    }
  g_assert_cmpfloat (in.width, ==, out.width);
  g_assert_cmpfloat (in.y, ==, out.y);
  g_assert_cmpfloat (in.x + in.width, <, out.x);
  v.scale = 1.0;
  in = slot_map (&v, WS_HEAT_INPUT, 945, 745);
  g_assert_cmpfloat (in.width, ==, floor ((945 - 3 * 12) / 2.0));
}

/* ---- GLES ---- */

/* Bars and a heat map drawn on OpenGL 3.3 core and on GLES 3: the same
 * image (each channel within 2). */
static cairo_surface_t *
draw_both_views (WsGlApi api)
{
  Fixture f = { 0 };
  const float keys[] = { 1, 5, 2, 8, 3, 7, 4, 6 };
  g_autoptr (WsArray) k = ws_array_new (WS_KEY_FLOAT32, 8, NULL), a = grid (4, NULL);
  WsBarBin bins[8];
  WsBarsView bars = { 8, 8, 4, 1.0, "bars", TRUE, 0.0, 8.0 };
  WsHeatView heat = { WS_HEAT_INPUT, 4, 4, 0.0, 15.0, 2, 2, 1, "heat", 1.0 };
  float texels[16];

  if (!gl_fixture_open (&f, api, W, H))
    return NULL;
  g_test_message ("%s", ws_gl_context_describe (f.gl));
  g_assert_true ((strstr (ws_gl_context_describe (f.gl), "OpenGL ES") != NULL) == (api == WS_GL_API_GLES));
  memcpy (k->f32, keys, sizeof keys);
  ws_bars_fill (k, NULL, 0.0, 8.0, ws_renderer_bar_columns (W, 1.0), bins);
  ws_renderer_upload_bins (f.renderer, bins, 8);
  ws_renderer_draw_bars (f.renderer, &bars, W, H);
  ws_heat_fill (a, 4, NULL, NULL, 4, texels);
  ws_renderer_upload_heat (f.renderer, WS_HEAT_INPUT, texels, 4);
  ws_renderer_draw_heat (f.renderer, &heat, (WsRect) { W / 2, H / 2, W / 2, H / 2 }, W, H);
  f.image = ws_gl_context_read (f.gl);
  cairo_surface_t *image = g_steal_pointer (&f.image);
  gl_fixture_close (&f);
  return image;
}

static void
test_gles_same_pixels (void)
{
  g_autoptr (cairo_surface_t) gl = draw_both_views (WS_GL_API_OPENGL);
  g_autoptr (cairo_surface_t) es = draw_both_views (WS_GL_API_GLES);
  Fixture f = { 0 };
  int worst = 0;

  if (gl == NULL || es == NULL)
    return (void) g_test_skip ("no OpenGL 3.3 core and GLES 3 contexts both (EGL)");
  f.image = es;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        guint32 p = ((guint32 *) (cairo_image_surface_get_data (gl)
                                  + (gsize) y * cairo_image_surface_get_stride (gl)))[x];
        guint8 rgb[3] = { channel (p, 0), channel (p, 1), channel (p, 2) };
        worst = MAX (worst, distance (pixel (&f, x, y), rgb));
      }
  f.image = NULL;
  g_assert_cmpint (worst, <=, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/gl/heat/colours", Fixture, &size, gl_fixture_set_up, test_colours, gl_fixture_tear_down);
  g_test_add ("/gl/heat/high-contrast", Fixture, &size, gl_fixture_set_up, test_high_contrast, gl_fixture_tear_down);
  g_test_add ("/gl/heat/pending", Fixture, &size, gl_fixture_set_up, test_pending, gl_fixture_tear_down);
  g_test_add ("/gl/heat/launch-lines", Fixture, &size, gl_fixture_set_up, test_launch_lines, gl_fixture_tear_down);
  g_test_add ("/gl/heat/marks", Fixture, &size, gl_fixture_set_up, test_marks, gl_fixture_tear_down);
  g_test_add ("/gl/heat/title-and-legend", Fixture, &size, gl_fixture_set_up, test_title_and_legend, gl_fixture_tear_down);
  g_test_add_func ("/gl/window-sum/hit", test_hit);
  g_test_add ("/gl/window-sum/marks", Fixture, &size, gl_fixture_set_up, test_study_marks, gl_fixture_tear_down);
  g_test_add ("/gl/window-sum/tile-and-halo", Fixture, &wide, gl_fixture_set_up, test_tile_and_halo, gl_fixture_tear_down);
  g_test_add_func ("/gl/window-sum/legend-entries", test_legend_entries);
  g_test_add ("/gl/window-sum/legend-swatches", Fixture, &wide, gl_fixture_set_up, test_legend_swatches, gl_fixture_tear_down);
  g_test_add_func ("/gl/window-sum/fills-height", test_fills_height);
  g_test_add_func ("/gl/window-sum/zoom-hit", test_zoom_hit);
  g_test_add_func ("/gl/window-sum/zoom-about-pointer", test_zoom_about_pointer);
  g_test_add_func ("/gl/window-sum/pan", test_pan);
  g_test_add ("/gl/window-sum/zoomed-pixels", Fixture, &wide, gl_fixture_set_up, test_zoomed_pixels, gl_fixture_tear_down);
  g_test_add_func ("/gl/gles/same-pixels", test_gles_same_pixels);
  return g_test_run ();
}
