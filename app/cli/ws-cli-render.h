/* ws-cli-render.h: what the files of `render` share — the options, and
 * the GL context, renderer and scene a render draws with. Declared by the
 * file that defines them, from the ground up: target (what every render
 * draws into, and where its frames go), video (the frames as a WebM, MP4 or
 * GIF), bars and heat (the two kinds of frames), bench (their times).
 * Private to app/cli. */
#pragma once

#include "ws-backend.h"
#include "ws-gl-context.h"
#include "ws-network-scene.h"
#include "ws-renderer.h"
#include "ws-video-encoder.h"

typedef struct
{
  char    *variant, *type, *n, *dist, *seed, *view, *size, *frames, *up_to;
  char    *radius, *block, *per_thread, *cell, *zoom; /* the heat view's window sum */
  char    *scale;
  char    *video, *fps;     /* --video FILE at --fps frames a second */
  char    *passes, *rows;   /* the frames' range: --passes (bars), --block-rows (heat) */
  gboolean bench;
  gboolean no_interop;
} RenderOptions;

typedef struct
{
  WsGlContext *gl;
  WsRenderer  *renderer;
  WsNetworkScene *scene;  /* the bars' */
  char        *path_text; /* the heat maps' frame path, described */
  int          width, height;
  double       scale;
  char        *dir;
  gboolean     made_dir;  /* created by this render: removed again if it fails */
  guint        last_frame; /* frames 0 … last_frame − 1 are written */
  WsVideoEncoder *video;  /* --video's, once the frames are known */
  double       fps;       /* --video's frames per second */
  gboolean     tty;       /* progress on a terminal: one line, rewritten */
  GCancellable *cancellable; /* a stop signal's (the frames run on a worker) */
} Render;

/* ---- ws-cli-render-target.c ---- */

/* FALSE, with WS_ERROR_INVALID_ARGUMENT: format with text in it. */
gboolean render_invalid    (GError             **error,
                            const char          *format,
                            const char          *text);
/* o's --size, or the default (1280×720; 1920×1080 for --bench). */
gboolean render_size       (const RenderOptions *o,
                            int                 *width,
                            int                 *height,
                            GError             **error);
/* The GL context (current), its target and the renderer, as o asks. */
gboolean render_setup_gl   (Render              *r,
                            const RenderOptions *o,
                            GError             **error);
void     render_clear      (Render              *r);
/* A range of frames, "FIRST..LAST" ("A..", "..B", or one number) within
 * 0 … last; all of them when text is NULL. */
gboolean render_parse_range (const char         *option,
                             const char         *text,
                             guint               last,
                             guint              *first,
                             guint              *to,
                             GError            **error);
/* o's --frames folder, made where missing (render_open_outputs). */
gboolean render_make_frames_dir (Render              *r,
                                 const RenderOptions *o,
                                 GError             **error);
/* The frame just drawn, to each output: frame-NNNN.png in r->dir
 * (number: its pass or row, written atomically), the video's next frame.
 * WS_ERROR_CANCELLED once a stop signal came. */
gboolean render_emit       (Render              *r,
                            guint                number,
                            GError             **error);
/* The video finished: renamed into place. */
gboolean render_close_outputs (Render             *r,
                               GError            **error);
/* "DIR", "FILE", or "DIR and FILE": where the frames went. */
char    *render_destination (const RenderOptions *o);
/* A render that failed or was stopped leaves nothing of its own: the
 * frames it wrote (and the folder, where it made it), no video. */
void     render_discard    (Render              *r);
/* The median of count values. */
double   render_median     (const double        *values,
                            guint                count);

/* ---- ws-cli-render-video.c ---- */

/* --video and --fps as far as they can be checked before drawing: the
 * extension, the size and rate the format takes, GStreamer's elements;
 * r->fps set (by default 4 passes or 2 rows of blocks a second). */
gboolean render_check_video (Render              *r,
                             const RenderOptions *o,
                             gboolean             heat,
                             GError             **error);
/* The encoder of o's --video for `frames` frames, progress on stderr. */
gboolean render_open_video (Render              *r,
                            const RenderOptions *o,
                            guint                frames,
                            GError             **error);
/* Where the frames go, now that their number is known: o's --frames
 * folder (made where missing), o's --video. */
gboolean render_open_outputs (Render              *r,
                              const RenderOptions *o,
                              guint                frames,
                              GError             **error);

/* ---- ws-cli-render-bars.c ---- */

/* o's --variant (cpu-seq by default). */
gboolean render_check_variant (const RenderOptions *o,
                               WsVariant           *variant,
                               GError             **error);
/* A scene of n keys (o's --n when n is 0) of the network named algo,
 * stepped where o's variant says. */
gboolean render_setup_keys (Render              *r,
                            const char          *algo,
                            const RenderOptions *o,
                            gsize                n,
                            GError             **error);
/* Frees what render_setup_keys made. */
void     render_drop_keys  (Render              *r);
/* The passes o asks for (--passes, all by default) to the outputs, the
 * stage checks passed and, where the range ends with the last pass, the
 * keys sorted. */
gboolean render_bars       (Render              *r,
                            const RenderOptions *o,
                            GError             **error);

/* ---- ws-cli-render-heat.c ---- */

/* `render stencil --view heat`: the window sum's frames. */
gboolean render_heat       (Render              *r,
                            const RenderOptions *o,
                            GError             **error);
/* `render stencil --bench`: heat-map frame times over grid sides. */
int      render_heat_bench (Render              *r,
                            const RenderOptions *o);

/* ---- ws-cli-render-bench.c ---- */

/* `render --bench`: frame times over sizes. */
int      render_bench      (Render              *r,
                            const char          *algo,
                            const RenderOptions *o);
