/* ws-cli-render.h: what the files of `render` share — the options, and
 * the GL context, renderer and scene a render draws with. Declared by the
 * file that defines them, from the ground up: target (what every render
 * draws into), bars and heat (the two kinds of frames), bench (their
 * times). Private to app/cli. */
#pragma once

#include "ws-backend.h"
#include "ws-gl-context.h"
#include "ws-network-scene.h"
#include "ws-renderer.h"

typedef struct
{
  char    *variant, *type, *n, *dist, *seed, *view, *size, *frames, *up_to;
  char    *radius, *block, *per_thread, *cell, *zoom; /* the heat view's window sum */
  char    *scale;
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
} Render;

/* ---- ws-cli-render-target.c ---- */

/* FALSE, with WS_ERROR_INVALID_ARGUMENT: format with text in it. */
gboolean render_invalid    (GError             **error,
                            const char          *format,
                            const char          *text);
/* The GL context (current), its target and the renderer, as o asks. */
gboolean render_setup_gl   (Render              *r,
                            const RenderOptions *o,
                            GError             **error);
void     render_clear      (Render              *r);
/* o's --frames folder, made where missing; what a failed render wrote
 * there (and the folder, where it made it) goes again. */
gboolean render_make_frames_dir (Render              *r,
                                 const RenderOptions *o,
                                 GError             **error);
void     render_discard_frames  (Render              *r);
/* The current frame as frame-NNNN.png in r->dir, written atomically. */
gboolean render_write_png  (Render              *r,
                            guint                frame,
                            GError             **error);
/* The median of count values. */
double   render_median     (const double        *values,
                            guint                count);

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
/* Every pass of the scene as frame-NNNN.png in r->dir, the keys checked
 * sorted at the end. */
gboolean render_bars       (Render              *r,
                            const char          *algo,
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
