/* plot-pixels.h: reading a chart's pixels back, for the plot tests. */
#pragma once

#include <cairo.h>
#include <glib.h>

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
