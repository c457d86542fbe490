/* ws-window-sum-scene.h: study 001's animation as one object — the input
 * grid and its window sums (on the host, and for a GPU variant in device
 * memory too, where the frames are made), their colour scales, the
 * launch's progress (blocks run), the chosen output, and the frame path
 * that takes the heat maps' texels to the renderer. The application's
 * window-sum page and `warpscope-cli render stencil` both drive it;
 * neither touches device buffers or frame paths. The drawing calls need
 * the renderer's GL context current.
 */
#pragma once

#include "ws-backend.h"
#include "ws-frame-path.h"
#include "ws-window-sum-view.h"

G_BEGIN_DECLS

typedef struct _WsWindowSumScene WsWindowSumScene;

typedef struct
{
  gboolean    launch_lines; /* blocks and threads on the output */
  const char *caption;      /* a row over both maps, or NULL */
  double      free_right;   /* device pixels kept free at the right (buttons over it) */
} WsWindowSumStyle;

/* A scene of shape's grid `input` and its window sums `output` (both
 * taken), copied to the device memory of `device` (a backend with device
 * ops) to draw from, or drawn from the host when it is NULL — or when they
 * do not fit there: then *why (if given) says so, and the scene is made
 * all the same. The launch starts complete, the chosen output at the
 * centre. */
WsWindowSumScene *ws_window_sum_scene_new       (const WsStencilShape *shape,
                                                 WsArray              *input,
                                                 WsArray              *output,
                                                 const WsBackend      *device,
                                                 GError              **why);
void              ws_window_sum_scene_free      (WsWindowSumScene     *scene);

const WsStencilShape *ws_window_sum_scene_shape (const WsWindowSumScene *scene);
const WsArray    *ws_window_sum_scene_input     (const WsWindowSumScene *scene);
const WsArray    *ws_window_sum_scene_output    (const WsWindowSumScene *scene);
gboolean          ws_window_sum_scene_on_device (const WsWindowSumScene *scene);

/* The launch: blocks in all, and blocks run (the output shows theirs). */
guint64           ws_window_sum_scene_blocks    (const WsWindowSumScene *scene);
guint64           ws_window_sum_scene_done      (const WsWindowSumScene *scene);
void              ws_window_sum_scene_set_done  (WsWindowSumScene     *scene,
                                                 guint64               done);
/* The chosen output, whose window, thread, block and tile are marked. */
void              ws_window_sum_scene_choose    (WsWindowSumScene     *scene,
                                                 guint64               row,
                                                 guint64               col);

/* How close the maps are (ws-window-sum-view.h), kept in range and
 * inside the grids; the whole maps at first. */
void              ws_window_sum_scene_set_zoom  (WsWindowSumScene     *scene,
                                                 WsWindowSumZoom       zoom);
WsWindowSumZoom   ws_window_sum_scene_zoom      (const WsWindowSumScene *scene);

/* The view a frame of width × height device pixels draws. */
WsWindowSumView   ws_window_sum_scene_view      (const WsWindowSumScene *scene,
                                                 const WsWindowSumStyle *style,
                                                 int                   width,
                                                 int                   height,
                                                 double                scale);
/* The output under device pixel (x, y) of such a frame (ws_window_sum_hit). */
gboolean          ws_window_sum_scene_hit       (const WsWindowSumScene *scene,
                                                 const WsWindowSumStyle *style,
                                                 int                   width,
                                                 int                   height,
                                                 double                scale,
                                                 double                x,
                                                 double                y,
                                                 guint64              *row,
                                                 guint64              *col);

/* ---- frames ---- */

/* Whether a device scene may use interop (TRUE by default). Before the
 * first frame. */
void              ws_window_sum_scene_set_interop (WsWindowSumScene   *scene,
                                                   gboolean            allow);
/* The maps' texels for view, where they changed (the launch, the size,
 * the part of the grid shown), or all of them when `all` (as a new grid
 * would). */
gboolean          ws_window_sum_scene_fill      (WsWindowSumScene     *scene,
                                                 WsRenderer           *renderer,
                                                 const WsWindowSumView *view,
                                                 gboolean              all,
                                                 GError              **error);
/* Fill where needed, and draw both maps with their marks: one frame. */
gboolean          ws_window_sum_scene_draw      (WsWindowSumScene     *scene,
                                                 WsRenderer           *renderer,
                                                 const WsWindowSumStyle *style,
                                                 int                   width,
                                                 int                   height,
                                                 double                scale,
                                                 GError              **error);
/* Waits for the device's work on the scene (to time a phase alone); at
 * once where the grids are drawn from the host. */
gboolean          ws_window_sum_scene_wait      (WsWindowSumScene     *scene,
                                                 GError              **error);
/* The frame path in use, NULL before the first frame. */
const WsFramePath *ws_window_sum_scene_path     (const WsWindowSumScene *scene);
/* Drops what lives in the GL context (its context current). */
void              ws_window_sum_scene_release_gl (WsWindowSumScene    *scene);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsWindowSumScene, ws_window_sum_scene_free)

G_END_DECLS
