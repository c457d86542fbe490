/* ws-gl-context.c: headless EGL contexts (see ws-gl-context.h). */
#include "ws-gl-context.h"

#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <string.h>

#include "ws-error.h"

struct _WsGlContext
{
  EGLDisplay display;
  EGLContext context;
  char      *description;
  gboolean   nvidia;
  WsGlApi    api;
  GLuint     framebuffer, renderbuffer;
  int        width, height;
};

static gboolean
has_extension (const char *list, const char *name)
{
  gsize len = strlen (name);

  for (const char *p = list ? strstr (list, name) : NULL; p != NULL; p = strstr (p + 1, name))
    if ((p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
      return TRUE;
  return FALSE;
}

/* The first EGL device that drives a CUDA device (an NVIDIA GPU), or
 * EGL_NO_DISPLAY. */
static EGLDisplay
nvidia_display (void)
{
  const char *client = eglQueryString (EGL_NO_DISPLAY, EGL_EXTENSIONS);
  EGLDeviceEXT devices[16];
  EGLint n = 0;

  /* EGL_EXT_device_base is enumeration and query together (NVIDIA lists
   * only it). */
  if (!(has_extension (client, "EGL_EXT_device_enumeration")
        || has_extension (client, "EGL_EXT_device_base"))
      || !has_extension (client, "EGL_EXT_platform_device")
      || !eglQueryDevicesEXT (G_N_ELEMENTS (devices), devices, &n))
    return EGL_NO_DISPLAY;
  for (EGLint i = 0; i < n; i++)
    {
      const char *ext = eglQueryDeviceStringEXT (devices[i], EGL_EXTENSIONS);
      EGLAttrib cuda;
      if (has_extension (ext, "EGL_NV_device_cuda")
          && eglQueryDeviceAttribEXT (devices[i], EGL_CUDA_DEVICE_NV, &cuda))
        return eglGetPlatformDisplayEXT (EGL_PLATFORM_DEVICE_EXT, devices[i], NULL);
    }
  return EGL_NO_DISPLAY;
}

static EGLDisplay
surfaceless_display (void)
{
  const char *client = eglQueryString (EGL_NO_DISPLAY, EGL_EXTENSIONS);

  if (!has_extension (client, "EGL_MESA_platform_surfaceless"))
    return EGL_NO_DISPLAY;
  return eglGetPlatformDisplayEXT (EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
}

static gboolean
unavailable (GError **error, const char *what)
{
  g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE,
               "No headless OpenGL: %s (EGL error 0x%x); install Mesa's EGL (libegl-mesa0, "
               "libgl1-mesa-dri) or an NVIDIA driver", what, (guint) eglGetError ());
  return FALSE;
}

/* A 3.3 core (or GLES 3.0) context with no surface
 * (EGL_KHR_surfaceless_context). */
static gboolean
create (WsGlContext *c, GError **error)
{
  const EGLint gl[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                        EGL_NONE };
  const EGLint gles[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE };
  gboolean es = c->api == WS_GL_API_GLES;
  EGLint major, minor;

  if (!eglInitialize (c->display, &major, &minor))
    return unavailable (error, "the EGL display does not initialise");
  if (!eglBindAPI (es ? EGL_OPENGL_ES_API : EGL_OPENGL_API))
    return unavailable (error, es ? "EGL has no OpenGL ES" : "EGL has no desktop OpenGL");
  c->context = eglCreateContext (c->display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, es ? gles : gl);
  if (c->context == EGL_NO_CONTEXT)
    return unavailable (error, es ? "no OpenGL ES 3 context" : "no OpenGL 3.3 core context");
  if (!eglMakeCurrent (c->display, EGL_NO_SURFACE, EGL_NO_SURFACE, c->context))
    return unavailable (error, "the context cannot be made current without a surface");
  return TRUE;
}

WsGlContext *
ws_gl_context_new (GError **error)
{
  return ws_gl_context_new_for (WS_GL_API_OPENGL, error);
}

WsGlContext *
ws_gl_context_new_for (WsGlApi api, GError **error)
{
  g_autoptr (WsGlContext) c = g_new0 (WsGlContext, 1);

  c->api = api;
  c->display = nvidia_display ();
  c->nvidia = c->display != EGL_NO_DISPLAY;
  if (c->display == EGL_NO_DISPLAY)
    c->display = surfaceless_display ();
  if (c->display == EGL_NO_DISPLAY)
    return unavailable (error, "neither an NVIDIA EGL device nor Mesa's surfaceless platform"), NULL;
  if (!create (c, error))
    return NULL;
  /* GLES names itself in its version ("OpenGL ES 3.2 Mesa …"). */
  c->description = g_strdup_printf ("%s, %s%s (%s)", (const char *) glGetString (GL_RENDERER),
                                    api == WS_GL_API_GLES ? "" : "OpenGL ",
                                    (const char *) glGetString (GL_VERSION),
                                    c->nvidia ? "EGL device" : "Mesa surfaceless EGL");
  return g_steal_pointer (&c);
}

void
ws_gl_context_free (WsGlContext *c)
{
  if (c == NULL)
    return;
  if (c->context != EGL_NO_CONTEXT && c->context != NULL)
    {
      eglMakeCurrent (c->display, EGL_NO_SURFACE, EGL_NO_SURFACE, c->context);
      glDeleteFramebuffers (1, &c->framebuffer);
      glDeleteRenderbuffers (1, &c->renderbuffer);
      eglMakeCurrent (c->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroyContext (c->display, c->context);
    }
  /* No eglTerminate: an EGL display is one per process and device, shared
   * by every context on it, so terminating it would pull it from under any
   * other; and terminating unloads Mesa's driver, whose allocations then
   * read as leaks. */
  g_free (c->description);
  g_free (c);
}

const char *
ws_gl_context_describe (WsGlContext *c)
{
  return c->description;
}

gboolean
ws_gl_context_is_nvidia (WsGlContext *c)
{
  return c->nvidia;
}

gboolean
ws_gl_context_bind_target (WsGlContext *c, int width, int height, GError **error)
{
  if (c->framebuffer == 0)
    {
      glGenFramebuffers (1, &c->framebuffer);
      glGenRenderbuffers (1, &c->renderbuffer);
    }
  glBindFramebuffer (GL_FRAMEBUFFER, c->framebuffer);
  if (width != c->width || height != c->height)
    {
      glBindRenderbuffer (GL_RENDERBUFFER, c->renderbuffer);
      glRenderbufferStorage (GL_RENDERBUFFER, GL_RGBA8, width, height);
      glFramebufferRenderbuffer (GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                 c->renderbuffer);
      c->width = width, c->height = height;
    }
  if (glCheckFramebufferStatus (GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    {
      c->width = c->height = 0;
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "OpenGL cannot draw a %d×%d image here; try a smaller --size", width, height);
      return FALSE;
    }
  glViewport (0, 0, width, height);
  return TRUE;
}

void
ws_gl_context_finish (WsGlContext *c)
{
  glFinish ();
}

cairo_surface_t *
ws_gl_context_read (WsGlContext *c)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, c->width, c->height);
  g_autofree guint8 *rgba = g_malloc ((gsize) c->width * c->height * 4);
  guint8 *data = cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s);

  glPixelStorei (GL_PACK_ALIGNMENT, 4);
  glReadPixels (0, 0, c->width, c->height, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  cairo_surface_flush (s);
  /* GL's first row is the bottom one; Cairo's RGB24 is a native-endian
   * 0xXXRRGGBB word per pixel. */
  for (int y = 0; y < c->height; y++)
    {
      const guint8 *src = rgba + (gsize) (c->height - 1 - y) * c->width * 4;
      guint32 *dst = (guint32 *) (data + (gsize) y * stride);
      for (int x = 0; x < c->width; x++)
        dst[x] = ((guint32) src[4 * x] << 16) | ((guint32) src[4 * x + 1] << 8) | src[4 * x + 2];
    }
  cairo_surface_mark_dirty (s);
  return s;
}
