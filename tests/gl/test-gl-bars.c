/* test-gl-bars.c: the bars view drawn in a headless OpenGL context (Mesa's
 * software EGL on CI, the GPU on the GPU machine) and read back: bar
 * heights, the colour map's rising lightness, highlights, bands and stage
 * boundaries at the pixels where they belong; the keys' values written on
 * the bars where they fit, and the value axis. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gl-test-util.h"
#include "ws-bar-axis.h"
#include "ws-bar-values.h"
#include "ws-error.h"

enum { W = 400, H = 200 };

typedef GlFixture Fixture;

static const GlSize size = { W, H };

/* Draws the keys (with flags) scaled over [0, vmax], and reads the image. */
static void
draw (Fixture *f, const float *keys, gsize n, const guint8 *flags, double vmax, guint64 boundary)
{
  g_autoptr (WsArray) a = ws_array_new (WS_KEY_FLOAT32, n, NULL);
  guint columns = ws_renderer_bar_columns (W, 1.0), count = ws_bars_count (n, columns);
  g_autofree WsBarBin *bins = g_new (WsBarBin, count);
  WsBarsView view = { count, n, boundary, 1.0 };

  memcpy (a->f32, keys, n * sizeof (float));
  ws_bars_fill (a, flags, 0.0, vmax, columns, bins);
  ws_renderer_upload_bins (f->renderer, bins, count);
  ws_renderer_draw_bars (f->renderer, &view, W, H);
  g_clear_pointer (&f->image, cairo_surface_destroy);
  f->image = ws_gl_context_read (f->gl);
}

static guint32
pixel_of (cairo_surface_t *image, int x, int y)
{
  guint8 *data = cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image);

  return ((guint32 *) (data + (gsize) y * stride))[x] & 0xffffff;
}

static guint32
pixel (Fixture *f, int x, int y)
{
  return pixel_of (f->image, x, y);
}

static double
lightness (guint32 rgb)
{
  return 0.2126 * (rgb >> 16 & 255) + 0.7152 * (rgb >> 8 & 255) + 0.0722 * (rgb & 255);
}

static guint32 background (Fixture *f) { return pixel (f, 2, 2); }

/* The centre column of key i of n across the plot. */
static int
key_x (gsize i, gsize n)
{
  int plot = (int) ws_renderer_bar_columns (W, 1.0), left = (W - plot) / 2;

  return left + (int) ((i + 0.5) * plot / n);
}

/* The bar at column x: from the bottom, past the background, the run of
 * rows that are not background; its height and a pixel from its middle. */
static int
bar_height (Fixture *f, int x, guint32 *middle)
{
  guint32 bg = background (f);
  int y = H - 1, bottom;

  while (y > 0 && pixel (f, x, y) == bg)
    y--;
  bottom = y;
  while (y > 0 && pixel (f, x, y - 1) != bg)
    y--;
  if (middle != NULL)
    *middle = pixel (f, x, (y + bottom) / 2);
  return bottom - y + 1;
}

/* The top row of the bar at column x (the run bar_height measures). */
static int
bar_top (Fixture *f, int x)
{
  guint32 bg = background (f);
  int y = H - 1;

  while (y > 0 && pixel (f, x, y) == bg)
    y--;
  while (y > 0 && pixel (f, x, y - 1) != bg)
    y--;
  return y;
}

/* Keys 1 … 8 over [0, 8]: heights in proportion, lightness rising. */
static void
test_heights (Fixture *f, gconstpointer data)
{
  const float keys[] = { 1, 2, 3, 4, 5, 6, 7, 8 };
  double full, last_light = -1;

  if (gl_fixture_skip (f))
    return;
  draw (f, keys, 8, NULL, 8.0, 0);
  full = bar_height (f, key_x (7, 8), NULL);
  g_assert_cmpfloat (full, >, H * 0.7);
  for (guint i = 0; i < 8; i++)
    {
      guint32 colour;
      int h = bar_height (f, key_x (i, 8), &colour);
      g_assert_cmpfloat (fabs (h - full * keys[i] / 8.0), <=, 2.0);
      g_assert_cmpfloat (lightness (colour), >, last_light);
      last_light = lightness (colour);
    }
  /* Wide bars are separated by a gap of background at their left edge. */
  int plot = (int) ws_renderer_bar_columns (W, 1.0), left = (W - plot) / 2;
  g_assert_cmpuint (pixel (f, left + plot / 2 + 2, H - 30), ==, background (f));
  g_assert_cmpuint (pixel (f, left + plot / 2 + plot / 16, H - 30), !=, background (f));
}

/* A swapped key keeps its value's colour under a cap in the highlight
 * colour, a compared one is marked under the axis; the others neither. */
static void
test_highlights (Fixture *f, gconstpointer data)
{
  const float keys[] = { 4, 4, 4, 4 };
  const guint8 flags[] = { 0, WS_BAR_COMPARED, WS_BAR_COMPARED | WS_BAR_SWAPPED, 0 };
  guint32 plain, swapped;

  if (gl_fixture_skip (f))
    return;
  draw (f, keys, 4, flags, 8.0, 0);
  bar_height (f, key_x (0, 4), &plain);
  bar_height (f, key_x (2, 4), &swapped);
  g_assert_cmpuint (plain, ==, swapped); /* the value's colour */
  g_assert_cmpint (bar_top (f, key_x (2, 4)), ==, bar_top (f, key_x (0, 4)));
  {
    int top = bar_top (f, key_x (2, 4));
    guint32 cap = pixel (f, key_x (2, 4), top + 2), plain_top = pixel (f, key_x (0, 4), top + 2);
    g_assert_cmpuint (cap >> 16 & 255, >, 200); /* a red cap */
    g_assert_cmpuint (cap >> 8 & 255, <, 120);
    g_assert_cmpuint (plain_top, ==, plain);
  }
  /* The marks lie in the 4 rows under the plot, whose bottom is 22 pixels
   * (margin and mark room) above the image's. */
  int mark_y = H - 1 - (22 - 2);
  g_assert_cmpuint (pixel (f, key_x (1, 4), mark_y), !=, background (f));
  g_assert_cmpuint (pixel (f, key_x (2, 4), mark_y), !=, background (f));
  g_assert_cmpuint (pixel (f, key_x (0, 4), mark_y), ==, background (f));
  g_assert_cmpuint (pixel (f, key_x (3, 4), mark_y), ==, background (f));
}

/* More keys than columns: each column shows its min–max band. Keys
 * alternate 1 and 7, so every column spans [1, 7]: solid to 1/8, a lighter
 * band up to 7/8, background above. */
static void
test_band (Fixture *f, gconstpointer data)
{
  gsize n = 100000;
  g_autofree float *keys = g_new (float, n);
  int x = W / 2, solid, band;

  if (gl_fixture_skip (f))
    return;
  for (gsize i = 0; i < n; i++)
    keys[i] = i % 2 ? 7.0f : 1.0f;
  draw (f, keys, n, NULL, 8.0, 0);
  band = bar_height (f, x, NULL);
  g_assert_cmpfloat (band, >, H * 0.55);
  /* Near the bottom the solid bar, higher up the band: they differ. */
  solid = H - 1 - 22 - 3;
  g_assert_cmpuint (pixel (f, x, solid), !=, pixel (f, x, solid - band / 2));
  g_assert_cmpuint (pixel (f, x, solid - band / 2), !=, background (f));
}

/* Many keys a column, all swapped: the bars keep their colours (a flood of
 * red would hide the values) and the swaps show in their row of marks. */
static void
test_swaps_aggregated (Fixture *f, gconstpointer data)
{
  gsize n = 50000;
  g_autofree float *keys = g_new (float, n);
  g_autofree guint8 *flags = g_new (guint8, n);
  guint32 colour;

  if (gl_fixture_skip (f))
    return;
  for (gsize i = 0; i < n; i++)
    keys[i] = 4.0f, flags[i] = WS_BAR_COMPARED | WS_BAR_SWAPPED;
  draw (f, keys, n, flags, 8.0, 0);
  bar_height (f, W / 2, &colour);
  g_assert_false ((colour >> 16 & 255) > 200 && (colour >> 8 & 255) < 120);
  guint32 mark = pixel (f, W / 2, H - 1 - (22 - 6)); /* the swap row: 4 to 8 px under the plot */
  g_assert_cmpuint (mark >> 16 & 255, >, 200);
  g_assert_cmpuint (mark >> 8 & 255, <, 120);
}

/* Comparators (0,2) swapped and (1,3) not: brackets over the bars, the
 * first red on the top level, the second, which overlaps it, grey one level
 * down. */
static void
test_comparators (Fixture *f, gconstpointer data)
{
  const float keys[] = { 0, 0, 0, 0 };
  const guint8 flags[] = { WS_BAR_SWAPPED | WS_BAR_COMPARED, WS_BAR_COMPARED,
                           WS_BAR_SWAPPED | WS_BAR_COMPARED, WS_BAR_COMPARED };
  const WsComparator pairs[] = { { 0, 2 }, { 1, 3 } };
  WsBarsView view = { 4, 4, 0, 1.0 };
  int mid = (key_x (1, 4) + key_x (2, 4)) / 2;
  guint red_rows = 0, grey_rows = 0;

  if (gl_fixture_skip (f))
    return;
  draw (f, keys, 4, flags, 8.0, 0);
  ws_renderer_draw_comparators (f->renderer, pairs, 2, flags, &view, W, H);
  g_clear_pointer (&f->image, cairo_surface_destroy);
  f->image = ws_gl_context_read (f->gl);
  for (int y = 0; y < H / 3; y++)
    {
      guint32 p = pixel (f, mid, y);
      red_rows += (p >> 16 & 255) > 200 && (p >> 8 & 255) < 120;
      grey_rows += (p >> 16 & 255) > 180 && (p >> 8 & 255) > 180 && (p & 255) > 180;
    }
  g_assert_cmpuint (red_rows, >=, 2);
  g_assert_cmpuint (grey_rows, >=, 2);
  /* Left of key 1 only the first bracket passes. */
  guint grey_left = 0;
  for (int y = 0; y < H / 3; y++)
    {
      guint32 p = pixel (f, (key_x (0, 4) + key_x (1, 4)) / 2, y);
      grey_left += (p >> 16 & 255) > 180 && (p >> 8 & 255) > 180 && (p & 255) > 180;
    }
  g_assert_cmpuint (grey_left, ==, 0);
}

/* Runs of 4 among 16 keys: boundary lines at keys 4, 8 and 12 only. */
static void
test_boundaries (Fixture *f, gconstpointer data)
{
  float keys[16] = { 0 };
  int plot = (int) ws_renderer_bar_columns (W, 1.0), left = (W - plot) / 2;
  guint lines = 0;

  if (gl_fixture_skip (f))
    return;
  draw (f, keys, 16, NULL, 8.0, 4);
  /* Row 20 from the top lies above every (zero-height) bar. */
  for (int x = left; x < left + plot; x++)
    lines += pixel (f, x, 20) != background (f);
  g_assert_cmpuint (lines, ==, 3);
}

/* Draws two keys of 8 with a caption and the legend on a width × H
 * target and reads it. */
static void
draw_header (Fixture *f, int width)
{
  const float keys[] = { 8, 8 };
  g_autoptr (WsArray) a = ws_array_new (WS_KEY_FLOAT32, 2, NULL);
  WsBarBin bins[2];
  WsBarsView view = { 2, 2, 0, 1.0, "bitonic  n = 2", TRUE, 0.0, 8.0 };

  g_assert_true (ws_gl_context_bind_target (f->gl, width, H, NULL));
  memcpy (a->f32, keys, sizeof keys);
  ws_bars_fill (a, NULL, 0.0, 8.0, ws_renderer_bar_columns (width, 1.0), bins);
  ws_renderer_upload_bins (f->renderer, bins, 2);
  ws_renderer_draw_bars (f->renderer, &view, width, H);
  g_clear_pointer (&f->image, cairo_surface_destroy);
  f->image = ws_gl_context_read (f->gl);
}

/* Pixels of a header row (rows from … from + 26) at the left third that
 * are text, and anywhere that are the swapped key's red swatch. */
static void
count_header_row (Fixture *f, int width, int from, guint *text, guint *swapped)
{
  *text = *swapped = 0;
  for (int y = from; y < from + 26; y++)
    for (int x = 0; x < width; x++)
      {
        guint32 p = pixel (f, x, y);
        *text += x < width / 3 && lightness (p) > 150;
        *swapped += (p >> 16 & 255) > 240 && (p >> 8 & 255) < 90 && (p & 255) < 80;
      }
}

static void
count_header (Fixture *f, int width, guint *text, guint *swapped)
{
  count_header_row (f, width, 0, text, swapped);
}

/* The first row under the header where the full bar at x shows. */
static int
bars_top (Fixture *f, int x)
{
  int top = 20;

  while (top < H && pixel (f, x, top) == background (f))
    top++;
  return top;
}

/* A caption and the legend: a header row over the plot with text at the
 * left, the colour scale and the highlights' key at the right; the bars
 * start under it. Where the caption and the legend do not fit one row,
 * the legend takes a second row rather than being left out; where even
 * that row is too narrow, the key is left out, never drawn over. */
static void
test_header (Fixture *f, gconstpointer data)
{
  guint text, swapped, top;

  if (gl_fixture_skip (f))
    return;
  draw_header (f, 900);
  count_header (f, 900, &text, &swapped);
  g_assert_cmpuint (text, >, 20);
  g_assert_cmpuint (swapped, >, 20); /* the swapped key's swatch */
  /* The full bars reach up to the header's edge and no further. */
  for (top = 20; top < H && pixel (f, 12 + 876 / 4, top) == background (f); top++)
    ;
  g_assert_cmpuint (top, >=, 26);
  g_assert_cmpuint (top, <=, 28);
  draw_header (f, 420);
  count_header (f, 420, &text, &swapped);
  g_assert_cmpuint (text, >, 20);
  g_assert_cmpuint (swapped, ==, 0);
  count_header_row (f, 420, 26, &text, &swapped);
  g_assert_cmpuint (swapped, >, 20); /* the key, on the second row */
  g_assert_cmpint (bars_top (f, 40), >=, 52);
  draw_header (f, 300);
  count_header (f, 300, &text, &swapped);
  g_assert_cmpuint (text, >, 20);
  g_assert_cmpuint (swapped, ==, 0);
  count_header_row (f, 300, 26, &text, &swapped);
  g_assert_cmpuint (swapped, ==, 0);
}

/* A search's key as a dashed line across the plot at its value: pixels of
 * the line's light grey on the row at 4 of [0, 8] (half the plot's height)
 * and only there, over keys too small to reach it. */
static void
test_level (Fixture *f, gconstpointer data)
{
  const float keys[] = { 1, 1, 1, 1 };
  g_autoptr (WsArray) a = ws_array_new (WS_KEY_FLOAT32, 4, NULL);
  guint columns = ws_renderer_bar_columns (W, 1.0), count = ws_bars_count (4, columns);
  g_autofree WsBarBin *bins = g_new (WsBarBin, count);
  WsBarsView view = { count, 4, 0, 1.0, NULL, FALSE, 0.0, 8.0, NULL, NULL, TRUE, 4.0 };
  int top = 12, bottom = H - 22, middle = (top + bottom) / 2; /* the plot: no header */
  guint on_line = 0, elsewhere = 0;

  if (gl_fixture_skip (f))
    return;
  memcpy (a->f32, keys, sizeof keys);
  ws_bars_fill (a, NULL, 0.0, 8.0, columns, bins);
  ws_renderer_upload_bins (f->renderer, bins, count);
  ws_renderer_draw_bars (f->renderer, &view, W, H);
  g_clear_pointer (&f->image, cairo_surface_destroy);
  f->image = ws_gl_context_read (f->gl);
  for (int y = top; y < bottom; y++)
    for (int x = 0; x < W; x++)
      {
        guint32 p = pixel (f, x, y);
        gboolean grey = (p >> 16 & 255) > 230 && (p >> 8 & 255) > 230 && (p & 255) > 230;
        if (grey && abs (y - middle) <= 3)
          on_line++;
        else if (grey)
          elsewhere++;
      }
  g_assert_cmpuint (on_line, >, W / 4);
  g_assert_cmpuint (elsewhere, ==, 0);
}

/* ---- values on the bars ---- */

/* Integers exactly, floats compactly: what a lecture reads off a bar. */
static void
test_value_text (void)
{
  const struct
  {
    gboolean    integral;
    double      value;
    const char *text;
  } cases[] = {
    { TRUE, -2147483648.0, "-2147483648" }, { TRUE, 2147483647.0, "2147483647" },
    { TRUE, 7, "7" }, { TRUE, 0, "0" }, { FALSE, 0.48213, "0.482" }, { FALSE, 15.67, "15.7" },
    { FALSE, 0.000123456, "0.000123" }, { FALSE, 1234.6, "1235" }, { FALSE, -0.5, "-0.5" },
    { FALSE, 2.5e7, "2.5e+07" }, { FALSE, INFINITY, "∞" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = ws_bar_value_text (cases[i].integral, cases[i].value);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static WsArray *
float_array (const float *keys, gsize n)
{
  WsArray *a = ws_array_new (WS_KEY_FLOAT32, n, NULL);

  memcpy (a->f32, keys, n * sizeof (float));
  return a;
}

/* Eight keys over [0, 8] on a 376 × 300 plot: each label holds its key's
 * text, lies across its own bar's column, inside the bar at its foot
 * where the bar is tall enough, above the bar where it is not. */
static void
test_values_placed (void)
{
  const float keys[] = { 0.1f, 1, 2, 3, 4, 5, 6, 8 };
  const char *texts[] = { "0.1", "1", "2", "3", "4", "5", "6", "8" };
  g_autoptr (WsArray) a = float_array (keys, 8);
  WsBarsView view = { 8, 8, 0, 1.0, .vmin = 0, .vmax = 8, .values = a };
  WsRect plot = { 12, 12, 376, 300 };
  double column = plot.width / 8, bottom = plot.y + plot.height;
  WsBarValuesFit fit;
  g_autoptr (GArray) labels = NULL;

  g_assert_true (ws_bar_values_fit (&view, plot, &fit));
  g_assert_false (fit.vertical); /* short labels go across wide bars */
  labels = ws_bar_values_place (&view, plot, &fit);
  g_assert_cmpuint (labels->len, ==, 8);
  for (guint i = 0; i < 8; i++)
    {
      const WsBarLabel *l = &g_array_index (labels, WsBarLabel, i);
      g_assert_cmpstr (l->text, ==, texts[i]);
      g_assert_cmpfloat (l->x, >, plot.x + i * column);
      g_assert_cmpfloat (l->x, <, plot.x + (i + 1) * column);
      g_assert_true (l->inside == (i > 0));
      if (l->inside)
        g_assert_cmpfloat (l->y, ==, bottom - fit.pad);
      else
        g_assert_cmpfloat (l->y, <=, bottom - 3 - fit.pad); /* over the key's sliver */
    }
}

/* Narrow bars take their labels along them; too many keys, or more keys
 * than bins, or bars too narrow for any legible label, take none. */
static void
test_values_fit (void)
{
  g_autofree float *keys = g_new (float, 200);
  g_autoptr (WsArray) a = NULL;
  WsBarsView view = { 32, 32, 0, 1.0, .vmin = 0, .vmax = 1 };
  WsBarValuesFit fit;

  for (guint i = 0; i < 200; i++)
    keys[i] = 0.482f + i / 1000.0f;
  a = float_array (keys, 200);
  view.values = a;
  g_assert_true (ws_bar_values_fit (&view, (WsRect) { 0, 0, 600, 400 }, &fit));
  g_assert_true (fit.vertical);
  view.keys = view.bins = 64;
  g_assert_false (ws_bar_values_fit (&view, (WsRect) { 0, 0, 376, 400 }, &fit));
  view.keys = view.bins = 200; /* over WS_RENDERER_VALUE_KEYS, however wide */
  g_assert_false (ws_bar_values_fit (&view, (WsRect) { 0, 0, 20000, 400 }, &fit));
  view.keys = 32, view.bins = 16; /* two keys a bin */
  g_assert_false (ws_bar_values_fit (&view, (WsRect) { 0, 0, 600, 400 }, &fit));
}

/* Whichever of black and white a label takes stands out from every colour
 * of both maps by WCAG's 4.5:1 at least. */
static void
test_values_contrast (void)
{
  for (int style = WS_COLORMAP_NORMAL; style <= WS_COLORMAP_HIGH_CONTRAST; style++)
    for (int i = 0; i < WS_COLORMAP_SIZE; i++)
      {
        guint8 rgb[3];
        double ink[3], colour[3];
        ws_colormap_rgb (i / (WS_COLORMAP_SIZE - 1.0), style, rgb);
        ws_bar_values_ink (rgb, ink);
        for (int c = 0; c < 3; c++)
          colour[c] = rgb[c] / 255.0;
        g_assert_cmpfloat (ws_bar_values_contrast (ink, colour), >=, 4.5);
      }
}

/* Draws keys over [0, vmax], their values on the bars if values, and
 * reads the image. */
static void
draw_values (Fixture *f, const float *keys, gsize n, double vmax, gboolean values)
{
  g_autoptr (WsArray) a = float_array (keys, n);
  guint columns = ws_renderer_bar_columns (W, 1.0), count = ws_bars_count (n, columns);
  g_autofree WsBarBin *bins = g_new (WsBarBin, count);
  WsBarsView view = { count, n, 0, 1.0, .vmin = 0, .vmax = vmax, .values = values ? a : NULL };

  ws_bars_fill (a, NULL, 0.0, vmax, columns, bins);
  ws_renderer_upload_bins (f->renderer, bins, count);
  ws_renderer_draw_bars (f->renderer, &view, W, H);
  g_clear_pointer (&f->image, cairo_surface_destroy);
  f->image = ws_gl_context_read (f->gl);
}

/* Eight keys: every bar carries ink at its foot (pixels unlike the bar
 * drawn without values, some of them pure black or white); 200 keys carry
 * none, the picture is the one without values. */
static void
test_values_drawn (Fixture *f, gconstpointer data)
{
  const float keys[] = { 2, 3, 4, 5, 6, 7, 8, 8 };
  g_autofree float *many = g_new (float, 200);
  cairo_surface_t *plain;
  int foot = H - 22 - 1; /* the plot's bottom row */
  gsize bytes;

  if (gl_fixture_skip (f))
    return;
  draw_values (f, keys, 8, 8.0, FALSE);
  plain = g_steal_pointer (&f->image);
  draw_values (f, keys, 8, 8.0, TRUE);
  for (guint i = 0; i < 8; i++)
    {
      guint changed = 0, inked = 0;
      for (int x = key_x (i, 8) - 12; x <= key_x (i, 8) + 12; x++)
        for (int y = foot - 24; y <= foot; y++)
          {
            guint32 p = pixel (f, x, y);
            changed += p != pixel_of (plain, x, y);
            inked += p == 0 || p == 0xffffff;
          }
      g_assert_cmpuint (changed, >, 15);
      g_assert_cmpuint (inked, >, 3);
    }
  cairo_surface_destroy (plain);
  for (guint i = 0; i < 200; i++)
    many[i] = (float) (i % 8);
  draw_values (f, many, 200, 8.0, FALSE);
  plain = g_steal_pointer (&f->image);
  draw_values (f, many, 200, 8.0, TRUE);
  bytes = (gsize) cairo_image_surface_get_stride (plain) * H;
  g_assert_cmpmem (cairo_image_surface_get_data (plain), bytes,
                   cairo_image_surface_get_data (f->image), bytes);
  cairo_surface_destroy (plain);
}

/* ---- the value axis ---- */

/* 1, 2 or 5 times a power of ten. */
static gboolean
is_nice (double step)
{
  double mantissa = step / pow (10, floor (log10 (step) + 1e-9));

  return fabs (mantissa - 1) < 1e-6 || fabs (mantissa - 2) < 1e-6 || fabs (mantissa - 5) < 1e-6;
}

/* The ticks of [vmin, vmax] on `length` pixels: the ends themselves, and
 * between them multiples of one nice step (whole where integral), gap
 * apart or more and half of that from the ends. */
static GArray *
check_ticks (double vmin, double vmax, gboolean integral, double length, double gap)
{
  GArray *ticks = ws_bar_axis_ticks (vmin, vmax, integral, length, gap);
  const double *t = (const double *) ticks->data;
  double per_unit = length / (vmax - vmin), step = ticks->len > 3 ? t[2] - t[1] : 0;

  g_assert_cmpuint (ticks->len, >=, 2);
  g_assert_cmpfloat (t[0], ==, vmin);
  g_assert_cmpfloat (t[ticks->len - 1], ==, vmax);
  for (guint i = 1; i + 1 < ticks->len; i++)
    {
      g_assert_cmpfloat ((t[i] - vmin) * per_unit, >=, gap / 2);
      g_assert_cmpfloat ((vmax - t[i]) * per_unit, >=, gap / 2);
      g_assert_true (!integral || t[i] == round (t[i]));
      if (step == 0)
        continue;
      g_assert_true (is_nice (step));
      g_assert_cmpfloat (fabs (t[i] / step - round (t[i] / step)), <, 1e-6);
      if (i >= 2)
        {
          g_assert_cmpfloat (fabs (t[i] - t[i - 1] - step), <, 1e-9 * step);
          g_assert_cmpfloat (step * per_unit, >=, gap);
        }
    }
  return ticks;
}

static void
test_axis_ticks (void)
{
  const double counts[] = { 0, 1, 2, 3, 4, 5, 6, 7 }, unit[] = { 0, 0.2, 0.4, 0.6, 0.8, 0.982 };
  g_autoptr (GArray) a = check_ticks (0, 7, TRUE, 400, 48);
  g_autoptr (GArray) b = check_ticks (0, 0.982, FALSE, 250, 48);
  g_autoptr (GArray) c = check_ticks (0, 3, TRUE, 1000, 48);
  g_autoptr (GArray) d = check_ticks (0, 65536, TRUE, 600, 48);
  g_autoptr (GArray) e = check_ticks (0, 16.97, FALSE, 400, 48);
  g_autoptr (GArray) one = ws_bar_axis_ticks (5, 5, TRUE, 400, 48);

  g_assert_cmpmem (a->data, a->len * sizeof (double), counts, sizeof counts);
  g_assert_cmpuint (b->len, ==, G_N_ELEMENTS (unit));
  for (guint i = 0; i < b->len; i++)
    g_assert_cmpfloat_with_epsilon (g_array_index (b, double, i), unit[i], 1e-12);
  g_assert_cmpuint (c->len, ==, 4); /* 0 1 2 3: no half counts */
  g_assert_cmpfloat (g_array_index (d, double, 1), ==, 10000);
  g_assert_cmpuint (e->len, >, 4);
  g_assert_cmpuint (one->len, ==, 1);
}

/* The row of the plot where value lies. */
static int
value_row (WsRect plot, double value, double vmax)
{
  return (int) floor (plot.y + plot.height - value / vmax * plot.height);
}

/* An axis moves the plot right of its labels, writes them there, and
 * draws faint lines behind the bars at its interior ticks only: the row of
 * the last one has them above the short bars (on it or a pixel off, as it
 * falls between rows), the row halfway from it to the top has none. */
static void
test_axis_drawn (Fixture *f, gconstpointer data)
{
  const float keys[] = { 1, 1, 1, 1 };
  g_autoptr (WsArray) a = float_array (keys, 4);
  WsBarsView plain = { 4, 4, 0, 1.0, .vmin = 0, .vmax = 8 }, view = plain;
  g_autoptr (GArray) ticks = NULL;
  WsRect plot;
  WsBarBin bins[4];
  guint text = 0, on_tick = 0, off_tick = 0;
  double last;

  if (gl_fixture_skip (f))
    return;
  view.axis = TRUE;
  plot = ws_renderer_bars_plot (&view, W, H);
  ticks = ws_bar_axis_view_ticks (&view, plot.height);
  g_assert_cmpuint (ticks->len, >=, 3);
  last = g_array_index (ticks, double, ticks->len - 2);
  g_assert_cmpfloat (plot.x, >, ws_renderer_bars_plot (&plain, W, H).x + 10);
  ws_bars_fill (a, NULL, 0.0, 8.0, ws_renderer_bars_columns (&view, W, H), bins);
  ws_renderer_upload_bins (f->renderer, bins, 4);
  ws_renderer_draw_bars (f->renderer, &view, W, H);
  f->image = ws_gl_context_read (f->gl);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < (int) plot.x - 6; x++)
      text += lightness (pixel (f, x, y)) > 150;
  g_assert_cmpuint (text, >, 30);
  for (int x = (int) ceil (plot.x); x < (int) (plot.x + plot.width); x++)
    {
      int row = value_row (plot, last, 8);
      on_tick += pixel (f, x, row - 1) != background (f) || pixel (f, x, row) != background (f)
                 || pixel (f, x, row + 1) != background (f);
      off_tick += pixel (f, x, value_row (plot, (last + 8) / 2, 8)) != background (f);
    }
  g_assert_cmpuint (on_tick, >, plot.width * 0.9);
  g_assert_cmpuint (off_tick, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/gl/bars/heights", Fixture, &size, gl_fixture_set_up, test_heights, gl_fixture_tear_down);
  g_test_add ("/gl/bars/highlights", Fixture, &size, gl_fixture_set_up, test_highlights, gl_fixture_tear_down);
  g_test_add ("/gl/bars/band", Fixture, &size, gl_fixture_set_up, test_band, gl_fixture_tear_down);
  g_test_add ("/gl/bars/swaps-aggregated", Fixture, &size, gl_fixture_set_up, test_swaps_aggregated, gl_fixture_tear_down);
  g_test_add ("/gl/bars/comparators", Fixture, &size, gl_fixture_set_up, test_comparators, gl_fixture_tear_down);
  g_test_add ("/gl/bars/boundaries", Fixture, &size, gl_fixture_set_up, test_boundaries, gl_fixture_tear_down);
  g_test_add ("/gl/bars/header", Fixture, &size, gl_fixture_set_up, test_header, gl_fixture_tear_down);
  g_test_add ("/gl/bars/level", Fixture, &size, gl_fixture_set_up, test_level, gl_fixture_tear_down);
  g_test_add_func ("/gl/bars/value-text", test_value_text);
  g_test_add_func ("/gl/bars/values-placed", test_values_placed);
  g_test_add_func ("/gl/bars/values-fit", test_values_fit);
  g_test_add_func ("/gl/bars/values-contrast", test_values_contrast);
  g_test_add ("/gl/bars/values-drawn", Fixture, &size, gl_fixture_set_up, test_values_drawn, gl_fixture_tear_down);
  g_test_add_func ("/gl/bars/axis-ticks", test_axis_ticks);
  g_test_add ("/gl/bars/axis-drawn", Fixture, &size, gl_fixture_set_up, test_axis_drawn, gl_fixture_tear_down);
  return g_test_run ();
}
