/* gl-test-util.c: the gl suite's shared fixture (gl-test-util.h). */
#include "gl-test-util.h"

#include "ws-error.h"

gboolean
gl_fixture_open (GlFixture *f, WsGlApi api, int width, int height)
{
  g_autoptr (GError) error = NULL;

  f->gl = ws_gl_context_new_for (api, &error);
  if (f->gl == NULL)
    {
      g_assert_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE);
      return FALSE;
    }
  g_assert_true (ws_gl_context_bind_target (f->gl, width, height, &error));
  f->renderer = ws_renderer_new (&error);
  g_assert_no_error (error);
  return TRUE;
}

void
gl_fixture_close (GlFixture *f)
{
  g_clear_pointer (&f->image, cairo_surface_destroy);
  g_clear_pointer (&f->renderer, ws_renderer_free);
  g_clear_pointer (&f->gl, ws_gl_context_free);
}

gboolean
gl_fixture_skip (GlFixture *f)
{
  if (f->gl == NULL)
    g_test_skip ("no headless OpenGL here (EGL)");
  return f->gl == NULL;
}

void
gl_fixture_set_up (GlFixture *f, gconstpointer data)
{
  const GlSize *size = data;

  gl_fixture_open (f, WS_GL_API_OPENGL, size->width, size->height);
}

void
gl_fixture_tear_down (GlFixture *f, gconstpointer data)
{
  gl_fixture_close (f);
}
