/* ws-renderer.h: draws Warpscope's views with OpenGL (3.3 core or GLES 3),
 * in whatever context is current: the application's GtkGLArea or a
 * headless EGL context (ws-gl-context.h).
 *
 * The bars view reads its bins (ws-bars.h) from a texture; the frame path
 * fills it — from the host (CPU, staging) with ws_renderer_upload_bins, or
 * on the device for interop.
 */
#pragma once

#include <glib.h>

#include "ws-bars.h"
#include "ws-network.h"

G_BEGIN_DECLS

typedef struct _WsRenderer WsRenderer;

typedef struct
{
  guint   bins;     /* bins in the texture (ws_bars_count) */
  guint64 keys;     /* n */
  guint64 boundary; /* keys per stage run to mark, 0 for none */
  double  scale;    /* device pixels per logical pixel (HiDPI), ≥ 1 */
} WsBarsView;

/* Compiles the shaders (from the GResource) for the current context. */
WsRenderer *ws_renderer_new          (GError          **error);
void        ws_renderer_free         (WsRenderer       *renderer);

/* The number of bins that fit a target width in device pixels. */
guint       ws_renderer_bar_columns  (int               width,
                                      double            scale);

/* Copies count bins from the host into the bins texture. */
void        ws_renderer_upload_bins  (WsRenderer       *renderer,
                                      const WsBarBin   *bins,
                                      guint             count);

/* The GL buffer object (pixel unpack) that holds max_bins bins written on
 * the device (interop); created or resized here. */
guint       ws_renderer_bins_buffer  (WsRenderer       *renderer,
                                      guint             max_bins);
/* The bins texture from the first count bins of that buffer, copied on
 * the GPU. */
void        ws_renderer_upload_bins_from_buffer (WsRenderer *renderer,
                                                 guint       count);

/* Draws the bars view over the whole width × height viewport. */
void        ws_renderer_draw_bars    (WsRenderer       *renderer,
                                      const WsBarsView *view,
                                      int               width,
                                      int               height);

/* The comparators of the current pass as brackets over the bars, red where
 * they swapped (per-key flags, WS_BAR_*), staggered so that none hides
 * another. For small n (the view draws them up to 256 keys). */
void        ws_renderer_draw_comparators (WsRenderer         *renderer,
                                          const WsComparator *comparators,
                                          gsize               count,
                                          const guint8       *flags,
                                          const WsBarsView   *view,
                                          int                 width,
                                          int                 height);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsRenderer, ws_renderer_free)

G_END_DECLS
