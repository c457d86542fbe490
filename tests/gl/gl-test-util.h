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
/* A case's target size, as g_test_add's data for the two below. */
typedef struct
{
  int width, height;
} GlSize;

/* g_test_add's fixture functions: an OpenGL context of size (data). */
void     gl_fixture_set_up    (GlFixture     *f,
                               gconstpointer  size);
void     gl_fixture_tear_down (GlFixture     *f,
                               gconstpointer  size);
/* TRUE, with the running case skipped, when there is no context. */
gboolean gl_fixture_skip  (GlFixture *f);

G_END_DECLS
