/* ws-gl-program.c: shader programs (see ws-gl-program.h). */
#include "ws-gl-program.h"

#include <gio/gio.h>

#include "ws-error.h"
#include "ws-gl-resources.h"

#define RESOURCE "/io/github/warpscope/Warpscope/shaders/"

void
ws_gl_program_register_resources (void)
{
  static gsize once = 0;

  if (g_once_init_enter (&once))
    {
      g_resources_register (ws_gl_get_resource ());
      g_once_init_leave (&once, 1);
    }
}

/* GLSL 3.30 for desktop OpenGL, 3.00 es for GLES: the shader bodies are
 * written in the common subset. */
static const char *
glsl_header (void)
{
  return epoxy_is_desktop_gl () ? "#version 330 core\n"
                                : "#version 300 es\nprecision highp float;\nprecision highp int;\n"
                                  "precision highp sampler2D;\n";
}

static GLuint
compile (GLenum kind, const char *name, GError **error)
{
  g_autofree char *path = g_strconcat (RESOURCE, name, NULL);
  g_autoptr (GBytes) body = g_resources_lookup_data (path, 0, error);
  const char *sources[2] = { glsl_header (), NULL };
  GLuint shader;
  GLint ok, length;

  if (body == NULL)
    return 0;
  sources[1] = g_bytes_get_data (body, NULL);
  shader = glCreateShader (kind);
  glShaderSource (shader, 2, sources, (const GLint[]) { -1, (GLint) g_bytes_get_size (body) });
  glCompileShader (shader);
  glGetShaderiv (shader, GL_COMPILE_STATUS, &ok);
  if (ok)
    return shader;
  glGetShaderiv (shader, GL_INFO_LOG_LENGTH, &length);
  g_autofree char *log = g_malloc0 (length + 1);
  glGetShaderInfoLog (shader, length, NULL, log);
  glDeleteShader (shader);
  g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE, "The shader %s does not compile here: %s",
               name, log);
  return 0;
}

GLuint
ws_gl_program_link (const char *vertex, const char *fragment, GError **error)
{
  GLuint vs, fs, program;
  GLint ok;

  ws_gl_program_register_resources ();
  vs = compile (GL_VERTEX_SHADER, vertex, error);
  if (vs == 0 || (fs = compile (GL_FRAGMENT_SHADER, fragment, error)) == 0)
    return vs ? (glDeleteShader (vs), 0) : 0;
  program = glCreateProgram ();
  glAttachShader (program, vs);
  glAttachShader (program, fs);
  /* Fixed attribute slots (GLSL 3.30 has no layout qualifiers in ES 3.00's
   * common subset); a program without these inputs ignores them. */
  glBindAttribLocation (program, 0, "a_position");
  glBindAttribLocation (program, 1, "a_colour");
  glLinkProgram (program);
  glDeleteShader (vs);
  glDeleteShader (fs);
  glGetProgramiv (program, GL_LINK_STATUS, &ok);
  if (ok)
    return program;
  glDeleteProgram (program);
  g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE, "The %s program does not link here", fragment);
  return 0;
}
