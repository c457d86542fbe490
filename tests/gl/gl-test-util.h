/* gl-test-util.h: what the gl suite's tests share — a headless context
 * with its target and a renderer, and the skip where EGL gives none. */
#pragma once

#include <cairo.h>

#include "ws-gl-context.h"
#include "ws-renderer.h"

G_BEGIN_DECLS

typedef struct
{
  WsGlContext     *gl;
  WsRenderer      *renderer;
  cairo_surface_t *image;     /* a frame read back, or NULL */
} GlFixture;

/* A context of api with a width × height target and a renderer; FALSE
 * (gl NULL) where no EGL display can give one. */
gboolean gl_fixture_open  (GlFixture *f,
                           WsGlApi    api,
                           int        width,
                           int        height);
void     gl_fixture_close (GlFixture *f);
/* TRUE, with the running case skipped, when there is no context. */
gboolean gl_fixture_skip  (GlFixture *f);

G_END_DECLS
