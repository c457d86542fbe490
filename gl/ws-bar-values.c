/* ws-bar-values.c: values written on the bars (see ws-bar-values.h). */
#include "ws-bar-values.h"

#include <math.h>

#include "ws-legend.h"

/* Label sizes in logical pixels: a little over the legend's where bars
 * are wide, down to the smallest that still reads from the back of a
 * lecture hall. */
enum { LARGEST = 16, SMALLEST = 11 };

char *
ws_bar_value_text (gboolean integral, double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (isinf (value))
    return g_strdup (value > 0 ? "∞" : "−∞");
  if (integral || (fabs (value) >= 1000 && fabs (value) < 1e6))
    return g_strdup_printf ("%.0f", value);
  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.3g", value));
}

static void
label_font (cairo_t *cr, double size)
{
  ws_legend_font (cr, 1.0, TRUE);
  cairo_set_font_size (cr, size);
}

static cairo_t *
scratch (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);

  cairo_surface_destroy (surface); /* cr holds it */
  return cr;
}

static double
ink_width (cairo_t *cr, const char *text)
{
  cairo_text_extents_t e;

  cairo_text_extents (cr, text, &e);
  return e.width;
}

void
ws_bar_values_widen (const WsArray *a, char **widest)
{
  cairo_t *cr = scratch ();
  double most;

  label_font (cr, LARGEST);
  most = *widest ? ink_width (cr, *widest) : -1;
  for (gsize i = 0; i < a->n; i++)
    {
      g_autofree char *text = ws_bar_value_text (a->type == WS_KEY_INT32,
                                                 ws_array_get_double (a, i));
      double w = ink_width (cr, text);
      if (w > most)
        most = w, g_free (*widest), *widest = g_steal_pointer (&text);
    }
  cairo_destroy (cr);
}

/* The gap bars.frag leaves at the left of a key's column where columns
 * are 4 pixels wide or more: the bar covers the rest. */
static double
bar_gap (double column, double scale)
{
  return column >= 4 * scale ? MAX (1.0, column * 0.12) : 0.0;
}

/* The widest label's extents at size: along its text, and across it (the
 * digits' height, which every label shares). */
static void
measure (cairo_t *cr, const char *widest, double size, WsBarValuesFit *fit)
{
  cairo_text_extents_t digits;

  label_font (cr, size);
  cairo_text_extents (cr, "0123456789", &digits);
  fit->size = size, fit->length = ink_width (cr, widest), fit->thickness = digits.height;
}

/* Across the bars at the largest size that fits, else along them; a
 * label must also fit half the plot's height, so that it lies inside a
 * bar or above it. Air either side: three pixels between labels read
 * across, one between labels along narrow bars (whose gaps part them
 * too). */
static gboolean
choose (cairo_t *cr, const char *widest, double room, double height, double s, WsBarValuesFit *fit)
{
  fit->pad = 2 * s;
  for (int vertical = 0; vertical <= 1; vertical++)
    for (int size = LARGEST; size >= SMALLEST; size--)
      {
        measure (cr, widest, size * s, fit);
        double across = vertical ? fit->thickness : fit->length;
        double along = vertical ? fit->length : fit->thickness;
        fit->vertical = vertical;
        if (across + (vertical ? 2 : 6) * s <= room && along + 2 * fit->pad + 5 * s <= height / 2)
          return TRUE;
      }
  return FALSE;
}

gboolean
ws_bar_values_fit (const WsBarsView *v, WsRect plot, WsBarValuesFit *fit)
{
  double s = MAX (v->scale, 1.0), column = plot.width / MAX (v->keys, 1);
  g_autofree char *own = NULL;
  const char *widest = v->widest;
  cairo_t *cr;
  gboolean fits;

  if ((v->values == NULL && v->widest == NULL) || v->keys == 0 || v->keys > v->bins
      || v->keys > WS_RENDERER_VALUE_KEYS || (v->values != NULL && v->values->n < v->keys))
    return FALSE;
  if (widest == NULL)
    ws_bar_values_widen (v->values, &own), widest = own;
  cr = scratch ();
  fits = choose (cr, widest, column - bar_gap (column, s), plot.height, s, fit);
  cairo_destroy (cr);
  return fits;
}

static void
clear_label (gpointer data)
{
  g_free (((WsBarLabel *) data)->text);
}

/* Inside the bar where it is as tall as the label, its padding and a
 * swap's cap (5 logical pixels at the bar's top); else above it. */
static WsBarLabel
place_one (const WsBarsView *v, WsRect plot, const WsBarValuesFit *fit, guint64 i)
{
  double s = MAX (v->scale, 1.0), column = plot.width / v->keys;
  double value = ws_array_get_double (v->values, i);
  double t = v->vmax > v->vmin ? CLAMP ((value - v->vmin) / (v->vmax - v->vmin), 0.0, 1.0) : 0.0;
  double bar = MAX (t * plot.height, 3 * s); /* bars.frag's floor: the smallest key shows */
  double along = fit->vertical ? fit->length : fit->thickness;
  double left = plot.x + i * column + bar_gap (column, s), right = plot.x + (i + 1) * column;
  double bottom = plot.y + plot.height;
  WsBarLabel l = { ws_bar_value_text (v->values->type == WS_KEY_INT32, value), (left + right) / 2,
                   bottom - fit->pad, TRUE, isnan (t) ? 0.0 : t };

  if (bar < along + 2 * fit->pad + 5 * s)
    l.y = bottom - bar - fit->pad, l.inside = FALSE;
  return l;
}

GArray *
ws_bar_values_place (const WsBarsView *v, WsRect plot, const WsBarValuesFit *fit)
{
  GArray *labels = g_array_sized_new (FALSE, FALSE, sizeof (WsBarLabel), (guint) v->keys);

  g_array_set_clear_func (labels, clear_label);
  for (guint64 i = 0; i < v->keys; i++)
    {
      WsBarLabel l = place_one (v, plot, fit, i);
      g_array_append_val (labels, l);
    }
  return labels;
}

/* WCAG's relative luminance of an sRGB colour in [0, 1]. */
static double
luminance (const double rgb[3])
{
  double linear[3];

  for (int c = 0; c < 3; c++)
    linear[c] = rgb[c] <= 0.04045 ? rgb[c] / 12.92 : pow ((rgb[c] + 0.055) / 1.055, 2.4);
  return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2];
}

double
ws_bar_values_contrast (const double a[3], const double b[3])
{
  double la = luminance (a), lb = luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

void
ws_bar_values_ink (const guint8 rgb[3], double ink[3])
{
  static const double black[3] = { 0, 0, 0 }, white[3] = { 1, 1, 1 };
  double colour[3] = { rgb[0] / 255.0, rgb[1] / 255.0, rgb[2] / 255.0 };
  gboolean dark = ws_bar_values_contrast (colour, black) >= ws_bar_values_contrast (colour, white);
  const double *best = dark ? black : white;

  for (int c = 0; c < 3; c++)
    ink[c] = best[c];
}

/* One label at its foot, across or along (rotated to read upwards), its
 * ink centred on the bar and whole pixels where it lies across. */
static void
show (cairo_t *cr, const WsBarLabel *l, const WsBarValuesFit *fit, double x, double y)
{
  cairo_text_extents_t e;

  cairo_text_extents (cr, l->text, &e);
  cairo_save (cr);
  cairo_translate (cr, round (l->x - x), round (l->y - y));
  if (fit->vertical)
    {
      cairo_rotate (cr, -G_PI / 2);
      cairo_move_to (cr, -e.x_bearing, round (-(e.y_bearing + e.height / 2)));
    }
  else
    cairo_move_to (cr, round (-(e.x_bearing + e.width / 2)), -(e.y_bearing + e.height));
  cairo_show_text (cr, l->text);
  cairo_restore (cr);
}

void
ws_bar_values_paint (cairo_t *cr, const GArray *labels, const WsBarValuesFit *fit,
                     WsColormapStyle style, double x, double y)
{
  label_font (cr, fit->size);
  for (guint i = 0; i < labels->len; i++)
    {
      const WsBarLabel *l = &g_array_index (labels, WsBarLabel, i);
      double ink[3] = { ws_legend_grey[0], ws_legend_grey[1], ws_legend_grey[2] };
      if (l->inside) /* else over the background */
        {
          guint8 rgb[3];
          ws_colormap_rgb (l->t, style, rgb);
          ws_bar_values_ink (rgb, ink);
        }
      cairo_set_source_rgb (cr, ink[0], ink[1], ink[2]);
      show (cr, l, fit, x, y);
    }
}
