/* ws-colormap.c: cubehelix (see ws-colormap.h). */
#include "ws-colormap.h"

#include <math.h>

/* Cubehelix (D. A. Green, 2011): a helix through the RGB cube whose
 * lightness rises steadily, so equal steps in value look like equal steps
 * and the order survives grey-scale projectors. Lightness spans 0.3 … 0.95
 * to stand out from the dark background. */
void
ws_colormap_rgb (double t, WsColormapStyle style, guint8 rgb[3])
{
  const double start = 0.5, rotations = -1.4;
  gboolean high = style == WS_COLORMAP_HIGH_CONTRAST;
  double hue = high ? 1.6 : 1.3, l, angle, amp, r, g, b;

  t = isnan (t) ? 0.0 : CLAMP (t, 0.0, 1.0);
  /* High contrast: from darker to white, more saturated, for washed-out
   * projectors (its background is black). */
  l = high ? 0.22 + 0.78 * t : 0.3 + 0.65 * t;
  angle = 2.0 * G_PI * (start / 3.0 + 1.0 + rotations * t);
  amp = hue * l * (1.0 - l) / 2.0;
  r = l + amp * (-0.14861 * cos (angle) + 1.78277 * sin (angle));
  g = l + amp * (-0.29227 * cos (angle) - 0.90649 * sin (angle));
  b = l + amp * (1.97294 * cos (angle));
  rgb[0] = (guint8) lround (255.0 * CLAMP (r, 0.0, 1.0));
  rgb[1] = (guint8) lround (255.0 * CLAMP (g, 0.0, 1.0));
  rgb[2] = (guint8) lround (255.0 * CLAMP (b, 0.0, 1.0));
}

void
ws_colormap_texels (WsColormapStyle style, guint8 texels[WS_COLORMAP_SIZE * 4])
{
  for (guint i = 0; i < WS_COLORMAP_SIZE; i++)
    {
      ws_colormap_rgb (i / (double) (WS_COLORMAP_SIZE - 1), style, texels + 4 * i);
      texels[4 * i + 3] = 255;
    }
}
