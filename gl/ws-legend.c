/* ws-legend.c: text and legends with Cairo (see ws-legend.h). */
#include "ws-legend.h"

#include <math.h>

#include "ws-colormap.h"

const double ws_legend_compared[3] = { 0.95, 0.72, 0.18 };
const double ws_legend_swapped[3] = { 1.0, 0.28, 0.22 };
const double ws_legend_grey[3] = { 0.88, 0.89, 0.91 };

void
ws_legend_font (cairo_t *cr, double scale, gboolean bold)
{
  /* DejaVu Sans is installed with the build's dependencies; fontconfig
   * substitutes another sans face where it is missing. */
  cairo_select_font_face (cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, WS_LEGEND_TEXT * scale);
}

double
ws_legend_text_width (cairo_t *cr, const char *text)
{
  cairo_text_extents_t e;

  cairo_text_extents (cr, text, &e);
  return e.x_advance;
}

double
ws_legend_scale_width (cairo_t *cr, double vmin, double vmax, double ramp_width, double scale)
{
  g_autofree char *lo = ws_legend_number (vmin), *hi = ws_legend_number (vmax);

  return ws_legend_text_width (cr, lo) + ws_legend_text_width (cr, hi) + ramp_width + 2 * 6 * scale;
}

double
ws_legend_text (cairo_t *cr, const char *text, double x, double y, WsAlign align)
{
  cairo_font_extents_t f;
  double width = ws_legend_text_width (cr, text);

  cairo_font_extents (cr, &f);
  x -= align == WS_ALIGN_CENTRE ? width / 2 : align == WS_ALIGN_END ? width : 0;
  cairo_set_source_rgb (cr, ws_legend_grey[0], ws_legend_grey[1], ws_legend_grey[2]);
  /* Whole device pixels: the glyphs' edges stay sharp. */
  cairo_move_to (cr, round (x), round (y + (f.ascent - f.descent) / 2));
  cairo_show_text (cr, text);
  return width;
}

char *
ws_legend_number (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.4g", value));
}

/* The ramp one device pixel column at a time: exactly the colours the
 * shaders take from the colour-map texture. */
static void
ramp (cairo_t *cr, double x, double y, double width, double height, WsColormapStyle style)
{
  int columns = (int) MAX (width, 1);

  for (int i = 0; i < columns; i++)
    {
      guint8 rgb[3];
      ws_colormap_rgb (columns > 1 ? i / (double) (columns - 1) : 0.0, style, rgb);
      cairo_set_source_rgb (cr, rgb[0] / 255.0, rgb[1] / 255.0, rgb[2] / 255.0);
      cairo_rectangle (cr, round (x) + i, round (y), 1, round (height));
      cairo_fill (cr);
    }
}

double
ws_legend_scale (cairo_t *cr, double vmin, double vmax, double x, double y, double ramp_width,
                 double scale, WsAlign align, WsColormapStyle style)
{
  g_autofree char *lo = ws_legend_number (vmin), *hi = ws_legend_number (vmax);
  double gap = 6 * scale, bar = 10 * scale;
  double total = ws_legend_scale_width (cr, vmin, vmax, ramp_width, scale);
  double start = x - (align == WS_ALIGN_CENTRE ? total / 2 : align == WS_ALIGN_END ? total : 0);

  start += ws_legend_text (cr, lo, start, y, WS_ALIGN_START) + gap;
  ramp (cr, start, y - bar / 2, ramp_width, bar, style);
  ws_legend_text (cr, hi, start + ramp_width + gap, y, WS_ALIGN_START);
  return total;
}

double
ws_legend_swatch_width (cairo_t *cr, const char *label, double scale)
{
  return 15 * scale + ws_legend_text_width (cr, label);
}

double
ws_legend_swatch (cairo_t *cr, const double rgb[3], const char *label, double x, double y,
                  double scale)
{
  double side = 10 * scale, gap = 5 * scale;

  cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
  cairo_rectangle (cr, round (x), round (y - side / 2), round (side), round (side));
  cairo_fill (cr);
  return side + gap + ws_legend_text (cr, label, x + side + gap, y, WS_ALIGN_START);
}
