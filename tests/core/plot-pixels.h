/* plot-pixels.h: reading a chart's pixels back, for the plot tests. */
#pragma once

#include <string.h>

#include <cairo.h>
#include <glib.h>

#include "ws-plot.h"

/* WsPlot's colours: the Okabe–Ito palette in series order, and greys. */
#define BLUE       0x0072b2
#define VERMILLION 0xd55e00
#define GREEN      0x009e73
#define PURPLE     0xcc79a7
#define ORANGE     0xe69f00
#define REFERENCE  0x555555 /* reference lines' grey (hlines and vlines) */
#define DIMMED     0x999999 /* a hidden series' name */
#define DARK       G_MAXUINT32 /* not a colour: count () then counts dark pixels */

G_DEFINE_AUTOPTR_CLEANUP_FUNC (cairo_surface_t, cairo_surface_destroy)

/* A rectangle of pixels, inclusive. */
typedef struct
{
  int x0, y0, x1, y1;
} Box;

/* The RGB of (x, y) in an ARGB32 image surface. */
static inline guint32
pixel (cairo_surface_t *s,
       int              x,
       int              y)
{
  const guint8 *row = cairo_image_surface_get_data (s) + y * cairo_image_surface_get_stride (s);

  return *(const guint32 *) (row + 4 * x) & 0xffffff;
}

/* Each channel of px within tol of rgb's. */
static inline gboolean
near (guint32 px,
      guint32 rgb,
      int     tol)
{
  for (int shift = 0; shift <= 16; shift += 8)
    if (ABS ((int) ((px >> shift) & 0xff) - (int) ((rgb >> shift) & 0xff)) > tol)
      return FALSE;
  return TRUE;
}

/* Every channel below 100: text and axes. */
static inline gboolean
dark (guint32 px)
{
  return (px >> 16 & 0xff) < 100 && (px >> 8 & 0xff) < 100 && (px & 0xff) < 100;
}

/* Pixels near rgb (or dark ones, for DARK) in box b, clipped to the image. */
static inline int
count (cairo_surface_t *s,
       guint32          rgb,
       Box              b)
{
  int x1 = MIN (b.x1, cairo_image_surface_get_width (s) - 1);
  int y1 = MIN (b.y1, cairo_image_surface_get_height (s) - 1);
  int n = 0;

  for (int y = MAX (b.y0, 0); y <= y1; y++)
    for (int x = MAX (b.x0, 0); x <= x1; x++)
      n += rgb == DARK ? dark (pixel (s, x, y)) : near (pixel (s, x, y), rgb, 10);
  return n;
}

static inline int
count_all (cairo_surface_t *s,
           guint32          rgb)
{
  return count (s, rgb, (Box) { 0, 0, cairo_image_surface_get_width (s) - 1,
                                cairo_image_surface_get_height (s) - 1 });
}

/* The dashes of a line in rgb running down (vertical) or across box b:
 * runs of the rows (columns) of b with rgb in them. Returns the runs, *on
 * how many rows (columns) they cover. */
static inline int
dash_runs (cairo_surface_t *s,
           guint32          rgb,
           Box              b,
           gboolean         vertical,
           int             *on)
{
  int runs = 0;
  gboolean was = FALSE;

  *on = 0;
  for (int i = vertical ? b.y0 : b.x0; i <= (vertical ? b.y1 : b.x1); i++)
    {
      gboolean is = count (s, rgb, vertical ? (Box) { b.x0, i, b.x1, i }
                                            : (Box) { i, b.y0, i, b.y1 }) > 0;
      runs += is && !was;
      *on += is;
      was = is;
    }
  return runs;
}

/* plot drawn on a fresh width × height RGB24 image. */
static inline cairo_surface_t *
render (WsPlot *plot,
        int     width,
        int     height)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_t *cr = cairo_create (s);

  ws_plot_draw (plot, cr, width, height);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  return s;
}

/* The same size and the same bytes in every row (strides may differ). */
static inline gboolean
same_pixels (cairo_surface_t *a,
             cairo_surface_t *b)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);

  if (w != cairo_image_surface_get_width (b) || h != cairo_image_surface_get_height (b))
    return FALSE;
  for (int y = 0; y < h; y++)
    if (memcmp (cairo_image_surface_get_data (a) + y * cairo_image_surface_get_stride (a),
                cairo_image_surface_get_data (b) + y * cairo_image_surface_get_stride (b),
                (gsize) w * 4) != 0)
      return FALSE;
  return TRUE;
}
