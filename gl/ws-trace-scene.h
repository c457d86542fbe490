/* ws-trace-scene.h: a student's sort as an animation — the passes of a
 * trace (ws-trace.h: written by the student's program, or by Warpscope
 * running the student's kernel or C function) shown pass by pass as the
 * network's scene shows the reference's, on the same colour scale, with
 * the pass's comparators (small n), the keys the pass changed, and the
 * first divergence from the reference (ws-divergence.h) marked on the key
 * and on the comparator that should have produced it.
 *
 * "Debug your sort" draws one over the reference's WsNetworkScene, both
 * seeked to the same pass. The drawing calls need the renderer's GL
 * context current. */
#pragma once

#include "ws-divergence.h"
#include "ws-frame-path.h"
#include "ws-renderer.h"
#include "ws-trace.h"

G_BEGIN_DECLS

typedef struct _WsTraceScene WsTraceScene;

/* A scene over trace (taken) as kind's network: the trace must have the
 * network's passes, each its width (WS_ERROR_INVALID_ARGUMENT otherwise,
 * as ws_divergence_trace says). */
WsTraceScene   *ws_trace_scene_new        (WsNetworkKind       kind,
                                           WsTrace            *trace,
                                           GError            **error);
void            ws_trace_scene_free       (WsTraceScene       *scene);
const WsNetwork *ws_trace_scene_network   (const WsTraceScene *scene);
const WsTrace  *ws_trace_scene_trace      (const WsTraceScene *scene);
/* The first pass that parts from the reference: FALSE where none does. */
gboolean        ws_trace_scene_divergence (const WsTraceScene *scene,
                                           WsDivergence       *found);
/* Passes shown so far (0: the input), and in all. */
guint           ws_trace_scene_pass       (const WsTraceScene *scene);
guint           ws_trace_scene_n_passes   (const WsTraceScene *scene);
void            ws_trace_scene_seek       (WsTraceScene       *scene,
                                           guint               pass);
/* The keys shown: the padded input, or the trace's keys after the pass. */
const WsArray  *ws_trace_scene_keys       (const WsTraceScene *scene);

/* One frame, width × height device pixels: the bars (on vmin..vmax, the
 * reference's range) with their values where they fit, the caption, and
 * the marks. */
gboolean        ws_trace_scene_draw       (WsTraceScene       *scene,
                                           WsRenderer         *renderer,
                                           const char         *caption,
                                           double              vmin,
                                           double              vmax,
                                           int                 width,
                                           int                 height,
                                           double              scale,
                                           GError            **error);
/* Drops what lives in the GL context (its context current). */
void            ws_trace_scene_release_gl (WsTraceScene       *scene);

/* The marks of a divergence over bars drawn with view: its key, and the
 * other end of the comparator that should have produced it. */
void            ws_trace_scene_mark       (WsRenderer         *renderer,
                                           const WsBarsView   *view,
                                           const WsDivergence *divergence,
                                           int                 width,
                                           int                 height);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsTraceScene, ws_trace_scene_free)

G_END_DECLS
