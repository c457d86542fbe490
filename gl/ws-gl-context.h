/* ws-gl-context.h: a headless OpenGL context through EGL, for the CLI's
 * frame export and the tests.
 *
 * On an NVIDIA GPU: the EGL device platform, on the EGL device that is the
 * CUDA device (EGL_NV_device_cuda) where several exist, so that CUDA can
 * write the context's buffers. Elsewhere: Mesa's surfaceless platform
 * (llvmpipe, software). Drawing goes to an off-screen framebuffer.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct _WsGlContext WsGlContext;

/* GTK hands a GtkGLArea either; the renderer draws on both. */
typedef enum
{
  WS_GL_API_OPENGL, /* OpenGL 3.3 core or newer */
  WS_GL_API_GLES,   /* OpenGL ES 3.0 or newer */
} WsGlApi;

/* An OpenGL 3.3 core (or newer) context, current on the calling thread.
 * WS_ERROR_UNAVAILABLE saying why when no EGL display can give one. */
WsGlContext *ws_gl_context_new      (GError      **error);
/* The same for the given API. */
WsGlContext *ws_gl_context_new_for  (WsGlApi       api,
                                     GError      **error);
void         ws_gl_context_free     (WsGlContext  *context);

/* "NVIDIA H200/PCIe/SSE2, OpenGL 4.5.0 NVIDIA 580.65 (EGL device 0)". */
const char  *ws_gl_context_describe (WsGlContext  *context);
/* TRUE when the context runs on an NVIDIA GPU (CUDA interop can work). */
gboolean     ws_gl_context_is_nvidia (WsGlContext *context);

/* Binds an off-screen RGBA8 framebuffer of width × height for drawing
 * (re-created when the size changes). */
gboolean     ws_gl_context_bind_target (WsGlContext *context,
                                        int          width,
                                        int          height,
                                        GError     **error);
/* Waits until OpenGL has drawn everything asked of it (for timing). */
void         ws_gl_context_finish  (WsGlContext *context);

/* The bound target's pixels, top row first, as a Cairo image. */
cairo_surface_t *ws_gl_context_read (WsGlContext *context);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsGlContext, ws_gl_context_free)

G_END_DECLS
