/* ws-plot-paint.c: colours, marker shapes and text for WsPlot. */
#include "ws-plot-paint.h"

#include <math.h>

/* Okabe & Ito's palette, told apart with every common colour-vision
 * deficiency; blue and vermillion first, the clearest pair. */
static const guint32 palette[] = {
  0x0072b2, 0xd55e00, 0x009e73, 0xcc79a7, 0xe69f00, 0x56b4e9, 0xf0e442, 0x000000,
};

typedef enum
{
  SHAPE_CIRCLE,
  SHAPE_SQUARE,
  SHAPE_TRIANGLE,
  SHAPE_DIAMOND,
  SHAPE_TRIANGLE_DOWN,
  SHAPE_STAR,
  SHAPE_HEXAGON,
  N_SHAPES,
} Shape;

void
ws_plot_paint_rgb (cairo_t *cr,
                   guint32  rgb,
                   double   alpha)
{
  cairo_set_source_rgba (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                         (rgb & 0xff) / 255.0, alpha);
}

guint32
ws_plot_paint_series_rgb (guint i)
{
  return palette[i % G_N_ELEMENTS (palette)];
}

/* A regular polygon of n corners at distance r, the first at angle a0
 * (radians, clockwise from the x axis as the y axis points down). */
static void
polygon (cairo_t *cr,
         double   x,
         double   y,
         double   r,
         int      n,
         double   a0)
{
  cairo_new_sub_path (cr);
  for (int k = 0; k < n; k++)
    cairo_line_to (cr, x + r * cos (a0 + 2 * G_PI * k / n), y + r * sin (a0 + 2 * G_PI * k / n));
  cairo_close_path (cr);
}

static void
star (cairo_t *cr,
      double   x,
      double   y,
      double   r)
{
  cairo_new_sub_path (cr);
  for (int k = 0; k < 10; k++)
    {
      double rk = k % 2 == 0 ? r : r * 0.45, a = -G_PI / 2 + G_PI * k / 5;
      cairo_line_to (cr, x + rk * cos (a), y + rk * sin (a));
    }
  cairo_close_path (cr);
}

/* The sizes even out the shapes' areas: a square of half-side r would look
 * heavier than a circle of radius r, a triangle of radius r lighter. */
static void
marker_path (cairo_t *cr,
             guint    i,
             double   x,
             double   y,
             double   r)
{
  switch ((Shape) (i % N_SHAPES))
    {
    case SHAPE_CIRCLE:
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      break;
    case SHAPE_SQUARE:
      polygon (cr, x, y, 1.25 * r, 4, G_PI / 4);
      break;
    case SHAPE_TRIANGLE:
      polygon (cr, x, y, 1.4 * r, 3, -G_PI / 2);
      break;
    case SHAPE_DIAMOND:
      polygon (cr, x, y, 1.35 * r, 4, 0);
      break;
    case SHAPE_TRIANGLE_DOWN:
      polygon (cr, x, y, 1.4 * r, 3, G_PI / 2);
      break;
    case SHAPE_STAR:
      star (cr, x, y, 1.6 * r);
      break;
    case SHAPE_HEXAGON:
    case N_SHAPES:
      polygon (cr, x, y, 1.15 * r, 6, 0);
      break;
    }
}

/* A shape filled in fill with a rim of width w in rim. */
static void
paint_shape (cairo_t *cr,
             guint    i,
             double   x,
             double   y,
             double   r,
             guint32  fill,
             guint32  rim,
             double   w)
{
  marker_path (cr, i, x, y, r);
  ws_plot_paint_rgb (cr, fill, 1);
  cairo_fill_preserve (cr);
  cairo_save (cr);
  cairo_set_line_width (cr, w);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  ws_plot_paint_rgb (cr, rim, 1);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* A white rim keeps markers apart where they overlap each other or lines. */
void
ws_plot_paint_marker (cairo_t *cr,
                      guint    i,
                      double   x,
                      double   y,
                      double   r)
{
  paint_shape (cr, i, x, y, r, ws_plot_paint_series_rgb (i), 0xffffff, r * 0.25);
}

/* A little smaller, so that the rim, drawn half outside, keeps the size. */
void
ws_plot_paint_open_marker (cairo_t *cr,
                           guint    i,
                           double   x,
                           double   y,
                           double   r)
{
  paint_shape (cr, i, x, y, 0.85 * r, 0xffffff, ws_plot_paint_series_rgb (i), r * 0.4);
}

void
ws_plot_paint_font (cairo_t  *cr,
                    double    size,
                    gboolean  bold)
{
  cairo_select_font_face (cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, size);
}

void
ws_plot_paint_fit_font (cairo_t    *cr,
                        const char *text,
                        double      size,
                        double      room,
                        gboolean    bold)
{
  double w;

  ws_plot_paint_font (cr, size, bold);
  w = ws_plot_paint_text_width (cr, text);
  if (w > room && room > 0)
    ws_plot_paint_font (cr, size * room / w, bold);
}

double
ws_plot_paint_text_width (cairo_t    *cr,
                          const char *text)
{
  cairo_text_extents_t e;

  cairo_text_extents (cr, text, &e);
  return e.x_advance;
}

double
ws_plot_paint_line_height (cairo_t *cr)
{
  cairo_font_extents_t f;

  cairo_font_extents (cr, &f);
  return f.ascent + f.descent;
}

void
ws_plot_paint_text (cairo_t    *cr,
                    const char *text,
                    double      x,
                    double      y,
                    double      ax,
                    double      ay)
{
  cairo_font_extents_t f;

  cairo_font_extents (cr, &f);
  x -= ax * ws_plot_paint_text_width (cr, text);
  y -= ay * (f.ascent + f.descent) - f.ascent;
  /* The baseline's origin on a whole pixel, where hinting expects it: from
   * some fractional origins a thin stem came out all but blank (the "i" of
   * "side" in a README screenshot, 4 % ink). */
  cairo_user_to_device (cr, &x, &y);
  x = round (x), y = round (y);
  cairo_device_to_user (cr, &x, &y);
  cairo_move_to (cr, x, y);
  cairo_show_text (cr, text);
}
