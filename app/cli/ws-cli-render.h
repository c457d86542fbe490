/* ws-cli-render.h: what `render` and `render --bench` share — a GL
 * context and renderer, a network stepped on the host or the device, and
 * the frame path between them. Private to app/cli. */
#pragma once

#include "ws-backend.h"
#include "ws-frame-path.h"
#include "ws-gl-context.h"
#include "ws-network-scene.h"
#include "ws-renderer.h"

typedef struct
{
  char    *variant, *type, *n, *dist, *seed, *view, *size, *frames, *up_to;
  char    *radius, *block, *per_thread, *cell; /* the heat view's window sum */
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

/* The GL context (current), its target and the renderer, as o asks. */
gboolean render_setup_gl   (Render              *r,
                            const RenderOptions *o,
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
/* Waits for the GPU, when the frames come from its memory. */
gboolean render_sync       (gboolean             on_device,
                            GError             **error);
void     render_clear      (Render              *r);

/* The current frame as frame-NNNN.png in r->dir, written atomically. */
gboolean render_write_png  (Render              *r,
                            guint                frame,
                            GError             **error);

/* `render stencil --view heat`: the window sum's frames. */
gboolean render_heat       (Render              *r,
                            const RenderOptions *o,
                            GError             **error);

/* The median of count values. */
double   render_median     (const double        *values,
                            guint                count);
/* `render stencil --bench`: heat-map frame times over grid sides. */
int      render_heat_bench (Render              *r,
                            const RenderOptions *o);

/* `render --bench`: frame times over sizes. */
int      render_bench      (Render              *r,
                            const char          *algo,
                            const RenderOptions *o);
