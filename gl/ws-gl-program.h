/* ws-gl-program.h: shader programs from the GResource, one source for
 * OpenGL 3.3 core and GLES 3 (the version header is prepended here). */
#pragma once

#include <epoxy/gl.h>
#include <glib.h>

G_BEGIN_DECLS

/* Registers the shaders' GResource (once). */
void   ws_gl_program_register_resources (void);

/* Links shaders/<vertex> and shaders/<fragment>; attribute slots 0 and 1
 * are a_position and a_colour. 0 and WS_ERROR_UNAVAILABLE with the
 * compiler's log when they do not build here. */
GLuint ws_gl_program_link (const char  *vertex,
                           const char  *fragment,
                           GError     **error);

G_END_DECLS
