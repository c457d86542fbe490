/* ws-colormap.h: the perceptual colour map every view and legend shares,
 * so that a legend painted with Cairo shows exactly the colours the shaders
 * draw from the colour-map texture. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

enum { WS_COLORMAP_SIZE = 256 };

/* Presentation mode's high contrast spans more lightness, on black. */
typedef enum
{
  WS_COLORMAP_NORMAL,
  WS_COLORMAP_HIGH_CONTRAST,
} WsColormapStyle;

/* The colour of t ∈ [0, 1] (clamped) as 8-bit RGB. */
void ws_colormap_rgb    (double          t,
                         WsColormapStyle style,
                         guint8          rgb[3]);

/* WS_COLORMAP_SIZE RGBA texels, t = i / (size − 1). */
void ws_colormap_texels (WsColormapStyle style,
                         guint8          texels[WS_COLORMAP_SIZE * 4]);

G_END_DECLS
