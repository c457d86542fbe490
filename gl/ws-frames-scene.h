/* ws-frames-scene.h: an animation made of whole frames computed ahead —
 * the primitives of studies 002 and 004 (app/core's WsAnimation: a scan
 * level by level, a histogram chunk by chunk, a search step by step) —
 * as one object: the frames, the one shown, and the frame path that takes
 * it to the renderer. Stepping back is as cheap as stepping on. The
 * application's primitives page drives it; the drawing calls need the
 * renderer's GL context current.
 */
#pragma once

#include "ws-animation.h"
#include "ws-frame-path.h"
#include "ws-renderer.h"

G_BEGIN_DECLS

/* Up to this many values a frame shows the pairs its step combined. */
#define WS_FRAMES_SCENE_PAIR_KEYS 256

typedef struct _WsFramesScene WsFramesScene;

/* A scene of animation's frames (taken), at the first. compared_name and
 * swapped_name (static strings, or NULL) name the highlights in the
 * legend: a scan reads and writes, a search has a range and probes. */
WsFramesScene          *ws_frames_scene_new        (WsAnimation      *animation,
                                                    const char       *compared_name,
                                                    const char       *swapped_name);
void                    ws_frames_scene_free       (WsFramesScene    *scene);

/* The frame shown (0 … n_frames − 1), and the frames in all. */
guint                   ws_frames_scene_at         (const WsFramesScene *scene);
guint                   ws_frames_scene_n_frames   (const WsFramesScene *scene);
const WsAnimationFrame *ws_frames_scene_frame      (const WsFramesScene *scene);
/* To frame `at` (clamped to the frames there are). */
void                    ws_frames_scene_seek       (WsFramesScene    *scene,
                                                    gint64            at);

/* Draws the frame shown: its values' bars with their highlights against a
 * value axis (a histogram's counts are read off it), for small arrays the
 * values on the bars and the pairs its step combined; where the frames
 * have an input band (a scan's), the input over them on its own scale,
 * its bars lined up with the frame's. */
gboolean                ws_frames_scene_draw       (WsFramesScene    *scene,
                                                    WsRenderer       *renderer,
                                                    int               width,
                                                    int               height,
                                                    double            scale,
                                                    GError          **error);
/* The views last drawn: the frame's, or the input band's (NULL where the
 * frames have none, or before the first draw). */
const WsBarsView       *ws_frames_scene_view       (const WsFramesScene *scene,
                                                    gboolean          input);
/* Drops what lives in the GL context (its context current). */
void                    ws_frames_scene_release_gl (WsFramesScene    *scene);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsFramesScene, ws_frames_scene_free)

G_END_DECLS
