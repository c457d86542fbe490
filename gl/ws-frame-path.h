/* ws-frame-path.h: how a frame's data reaches the renderer, and why that
 * way (the application shows it; the CLI prints it).
 *
 *  interop: a kernel writes the bars' bins into a GL buffer the device
 *           has mapped (cudaGraphicsGLRegisterBuffer), and the heat maps'
 *           texels into their GL textures (cudaGraphicsGLRegisterImage,
 *           surface stores); no host copy;
 *  staging: the device makes the bins or texels, they come to the host
 *           and go up to GL (when the GL context cannot be shared with the
 *           device: software GL, or a context on another GPU);
 *  cpu:     the host makes them from host data (no GPU variant).
 */
#pragma once

#include "ws-backend.h"
#include "ws-renderer.h"

G_BEGIN_DECLS

typedef enum
{
  WS_FRAME_PATH_INTEROP,
  WS_FRAME_PATH_STAGING,
  WS_FRAME_PATH_CPU,
} WsFramePathKind;

typedef struct _WsFramePath WsFramePath;

/* Picks the path for frames of up to max_bins bins: cpu without a backend
 * device, interop where the device can register the renderer's buffer
 * (and allow_interop, which the user can turn off to compare), staging
 * otherwise. The renderer's context must be current. */
WsFramePath     *ws_frame_path_new         (WsRenderer       *renderer,
                                            const WsBackend  *backend,
                                            gboolean          allow_interop,
                                            guint             max_bins,
                                            GError          **error);
void             ws_frame_path_free        (WsFramePath      *path);
/* *path made (as ws_frame_path_new does) where there is none, or made
 * anew where it holds fewer than `columns` bins: room for a 4K screen's
 * columns at least, so that a window made wider keeps its path. */
gboolean         ws_frame_path_ensure      (WsFramePath     **path,
                                            WsRenderer       *renderer,
                                            const WsBackend  *backend,
                                            gboolean          allow_interop,
                                            guint             columns,
                                            GError          **error);

WsFramePathKind  ws_frame_path_kind        (const WsFramePath *path);
const char      *ws_frame_path_name        (WsFramePathKind   kind);
/* Why this path: "CUDA writes the GL buffer", or the reason interop failed. */
const char      *ws_frame_path_reason      (const WsFramePath *path);

/* "frame path: interop — the GPU writes …": the path and its reason, as
 * the application and the CLI show them. Free with g_free. */
char            *ws_frame_path_describe    (const WsFramePath *path);

/* The bins of n device keys (and flags, or NULL) into the renderer's
 * texture: interop or staging. */
gboolean         ws_frame_path_fill_device (WsFramePath      *path,
                                            WsKeyType         type,
                                            gconstpointer     d_keys,
                                            const guint8     *d_flags,
                                            gsize             n,
                                            double            vmin,
                                            double            vmax,
                                            guint             columns,
                                            GError          **error);

/* The bins of host keys into the texture (the cpu path). */
void             ws_frame_path_fill_host   (WsFramePath      *path,
                                            const WsArray    *keys,
                                            const guint8     *flags,
                                            double            vmin,
                                            double            vmax,
                                            guint             columns);

/* The heat map's texels (ws-heat.h) of region (NULL: all) of a side × side
 * device grid into the renderer's slot: interop (the device writes the GL
 * texture through a surface) or staging. mask may be NULL. */
gboolean         ws_frame_path_fill_heat_device (WsFramePath      *path,
                                                 WsHeatSlot        slot,
                                                 WsKeyType         type,
                                                 gconstpointer     d_grid,
                                                 guint64           side,
                                                 const WsHeatRegion *region,
                                                 const WsHeatMask *mask,
                                                 guint             texels,
                                                 GError          **error);
/* The texels of a host grid's region into the slot (the cpu path). */
void             ws_frame_path_fill_heat_host   (WsFramePath      *path,
                                                 WsHeatSlot        slot,
                                                 const WsArray    *grid,
                                                 guint64           side,
                                                 const WsHeatRegion *region,
                                                 const WsHeatMask *mask,
                                                 guint             texels);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsFramePath, ws_frame_path_free)

G_END_DECLS
