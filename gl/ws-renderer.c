/* ws-renderer.c: the views drawn with OpenGL (see ws-renderer.h). */
#include "ws-renderer.h"

#include <epoxy/gl.h>
#include <gio/gio.h>
#include <math.h>

#include "ws-error.h"
#include "ws-gl-resources.h"

#define RESOURCE "/io/github/warpscope/Warpscope/shaders/"

struct _WsRenderer
{
  GLuint bars_program;
  GLuint solid_program;
  GLuint vertex_array;
  GLuint solid_array, solid_buffer;
  GLuint bins_texture;
  GLuint bins_buffer; /* the pixel-unpack buffer the device writes bins into */
  gsize  bins_buffer_size;
  GLuint colormap_texture;
};

/* Plot margins in logical pixels: room under the axis for the marks of
 * compared keys, a little air elsewhere. */
enum { MARGIN = 12, MARK_ROOM = 10 };

/* The plot area of a width × height viewport in device pixels: its left
 * and bottom edges (GL's origin), width and height. */
typedef struct
{
  double scale, left, bottom, width, height;
} PlotArea;

static PlotArea
plot_area (int width, int height, double scale)
{
  double s = MAX (scale, 1.0);
  PlotArea a = { s, MARGIN * s, (MARGIN + MARK_ROOM) * s, 0, 0 };

  a.width = MAX (width - 2 * a.left, 1);
  a.height = MAX (height - a.bottom - MARGIN * s, 1);
  return a;
}

/* ---- shaders ---- */

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

static GLuint
link_program (const char *vertex, const char *fragment, GError **error)
{
  GLuint vs = compile (GL_VERTEX_SHADER, vertex, error), fs, program;
  GLint ok;

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

/* ---- the colour map ---- */

/* Cubehelix (D. A. Green, 2011): a helix through the RGB cube whose
 * lightness rises steadily, so equal steps in value look like equal steps
 * and the order survives grey-scale projectors. Lightness spans 0.3 … 0.95
 * to stand out from the dark background. */
static void
cubehelix (double t, guint8 rgb[3])
{
  const double start = 0.5, rotations = -1.4, hue = 1.3;
  double l = 0.3 + 0.65 * t;
  double angle = 2.0 * G_PI * (start / 3.0 + 1.0 + rotations * t);
  double amp = hue * l * (1.0 - l) / 2.0;
  double r = l + amp * (-0.14861 * cos (angle) + 1.78277 * sin (angle));
  double g = l + amp * (-0.29227 * cos (angle) - 0.90649 * sin (angle));
  double b = l + amp * (1.97294 * cos (angle));

  rgb[0] = (guint8) lround (255.0 * CLAMP (r, 0.0, 1.0));
  rgb[1] = (guint8) lround (255.0 * CLAMP (g, 0.0, 1.0));
  rgb[2] = (guint8) lround (255.0 * CLAMP (b, 0.0, 1.0));
}

static void
make_colormap (WsRenderer *r)
{
  guint8 texels[256 * 4];

  for (guint i = 0; i < 256; i++)
    {
      cubehelix (i / 255.0, texels + 4 * i);
      texels[4 * i + 3] = 255;
    }
  glGenTextures (1, &r->colormap_texture);
  glBindTexture (GL_TEXTURE_2D, r->colormap_texture);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, 256, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
}

/* ---- the renderer ---- */

WsRenderer *
ws_renderer_new (GError **error)
{
  g_autoptr (WsRenderer) r = g_new0 (WsRenderer, 1);

  g_resources_register (ws_gl_get_resource ());
  if ((r->bars_program = link_program ("fullscreen.vert", "bars.frag", error)) == 0
      || (r->solid_program = link_program ("solid.vert", "solid.frag", error)) == 0)
    return NULL;
  glGenVertexArrays (1, &r->solid_array);
  glGenBuffers (1, &r->solid_buffer);
  glBindVertexArray (r->solid_array);
  glBindBuffer (GL_ARRAY_BUFFER, r->solid_buffer);
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 2, GL_FLOAT, GL_FALSE, 5 * sizeof (float), (void *) 0);
  glEnableVertexAttribArray (1);
  glVertexAttribPointer (1, 3, GL_FLOAT, GL_FALSE, 5 * sizeof (float), (void *) (2 * sizeof (float)));
  glBindVertexArray (0);
  glGenVertexArrays (1, &r->vertex_array);
  glGenTextures (1, &r->bins_texture);
  glBindTexture (GL_TEXTURE_2D, r->bins_texture);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  make_colormap (r);
  return g_steal_pointer (&r);
}

void
ws_renderer_free (WsRenderer *r)
{
  if (r == NULL)
    return;
  glDeleteProgram (r->bars_program);
  glDeleteProgram (r->solid_program);
  glDeleteVertexArrays (1, &r->vertex_array);
  glDeleteVertexArrays (1, &r->solid_array);
  glDeleteBuffers (1, &r->solid_buffer);
  glDeleteTextures (1, &r->bins_texture);
  glDeleteBuffers (1, &r->bins_buffer);
  glDeleteTextures (1, &r->colormap_texture);
  g_free (r);
}

guint
ws_renderer_bar_columns (int width, double scale)
{
  /* Whole columns: the plot's width rounded as the pixels fall. */
  int plot = width - (int) lround (2 * plot_area (width, 1, scale).left);

  return (guint) MAX (plot, 1);
}

void
ws_renderer_upload_bins (WsRenderer *r, const WsBarBin *bins, guint count)
{
  glBindTexture (GL_TEXTURE_2D, r->bins_texture);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA32F, (GLsizei) MAX (count, 1), 1, 0, GL_RGBA, GL_FLOAT,
                count ? (const void *) bins : (const float[4]) { 0 });
}

guint
ws_renderer_bins_buffer (WsRenderer *r, guint max_bins)
{
  gsize bytes = (gsize) MAX (max_bins, 1) * sizeof (WsBarBin);

  if (r->bins_buffer == 0)
    glGenBuffers (1, &r->bins_buffer);
  glBindBuffer (GL_PIXEL_UNPACK_BUFFER, r->bins_buffer);
  if (bytes != r->bins_buffer_size)
    glBufferData (GL_PIXEL_UNPACK_BUFFER, (GLsizeiptr) bytes, NULL, GL_STREAM_DRAW);
  glBindBuffer (GL_PIXEL_UNPACK_BUFFER, 0);
  r->bins_buffer_size = bytes;
  return r->bins_buffer;
}

void
ws_renderer_upload_bins_from_buffer (WsRenderer *r, guint count)
{
  glBindBuffer (GL_PIXEL_UNPACK_BUFFER, r->bins_buffer);
  glBindTexture (GL_TEXTURE_2D, r->bins_texture);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA32F, (GLsizei) MAX (count, 1), 1, 0, GL_RGBA, GL_FLOAT,
                NULL); /* from offset 0 of the bound buffer: a copy on the GPU */
  glBindBuffer (GL_PIXEL_UNPACK_BUFFER, 0);
}

static void
set_bars_uniforms (GLuint p, const WsBarsView *v, int width, int height)
{
  PlotArea a = plot_area (width, height, v->scale);

  glUniform1i (glGetUniformLocation (p, "u_bins"), 0);
  glUniform1i (glGetUniformLocation (p, "u_colormap"), 1);
  glUniform1i (glGetUniformLocation (p, "u_bin_count"), (GLint) MAX (v->bins, 1));
  glUniform1f (glGetUniformLocation (p, "u_keys"), (GLfloat) MAX (v->keys, 1));
  glUniform1f (glGetUniformLocation (p, "u_boundary"), (GLfloat) v->boundary);
  glUniform4f (glGetUniformLocation (p, "u_plot"), (GLfloat) a.left, (GLfloat) a.bottom,
               (GLfloat) a.width, (GLfloat) a.height);
  glUniform1f (glGetUniformLocation (p, "u_scale"), (GLfloat) a.scale);
}

void
ws_renderer_draw_bars (WsRenderer *r, const WsBarsView *v, int width, int height)
{
  glDisable (GL_DEPTH_TEST);
  glDisable (GL_BLEND);
  glUseProgram (r->bars_program);
  set_bars_uniforms (r->bars_program, v, width, height);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D, r->bins_texture);
  glActiveTexture (GL_TEXTURE1);
  glBindTexture (GL_TEXTURE_2D, r->colormap_texture);
  glBindVertexArray (r->vertex_array);
  glDrawArrays (GL_TRIANGLES, 0, 3);
  glBindVertexArray (0);
  glActiveTexture (GL_TEXTURE0);
}

/* ---- comparators ---- */

/* Two triangles of the rectangle [x0, x1] × [y0, y1] (pixels, top-left
 * origin) in one colour. */
static void
add_rect (GArray *v, float x0, float y0, float x1, float y1, const float rgb[3])
{
  const float corners[6][2] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y0 }, { x1, y1 }, { x0, y1 } };

  for (guint i = 0; i < 6; i++)
    {
      float vertex[5] = { corners[i][0], corners[i][1], rgb[0], rgb[1], rgb[2] };
      g_array_append_vals (v, vertex, 5);
    }
}

/* Levels so that no two comparators' spans overlap on one level: each
 * goes to the lowest level whose last span ended before it starts. */
static guint
assign_level (GArray *ends, double x0, double x1)
{
  guint level = 0;

  while (level < ends->len && g_array_index (ends, double, level) >= x0)
    level++;
  if (level == ends->len)
    g_array_append_val (ends, x1);
  else
    g_array_index (ends, double, level) = x1;
  return level;
}

void
ws_renderer_draw_comparators (WsRenderer *r, const WsComparator *c, gsize count,
                              const guint8 *flags, const WsBarsView *v, int width, int height)
{
  const float grey[3] = { 0.80f, 0.82f, 0.86f }, red[3] = { 1.0f, 0.28f, 0.22f };
  PlotArea area = plot_area (width, height, v->scale);
  double s = area.scale, left = area.left, plot = area.width;
  double thick = 2.0 * s, step = 7.0 * s, top = MARGIN * s + 4.0 * s;
  g_autoptr (GArray) vertices = g_array_new (FALSE, FALSE, sizeof (float));
  g_autoptr (GArray) ends = g_array_new (FALSE, FALSE, sizeof (double));

  for (gsize i = 0; i < count; i++)
    {
      guint64 a = MIN (c[i].min_at, c[i].max_at), b = MAX (c[i].min_at, c[i].max_at);
      double x0 = left + (a + 0.5) * plot / v->keys, x1 = left + (b + 0.5) * plot / v->keys;
      double y = top + assign_level (ends, x0, x1) * step;
      const float *rgb = flags != NULL && (flags[a] & WS_BAR_SWAPPED) ? red : grey;
      add_rect (vertices, x0, y, x1, y + thick, rgb);
      add_rect (vertices, x0, y, x0 + thick, y + 3 * thick, rgb);
      add_rect (vertices, x1 - thick, y, x1, y + 3 * thick, rgb);
    }
  if (vertices->len == 0)
    return;
  glUseProgram (r->solid_program);
  glUniform2f (glGetUniformLocation (r->solid_program, "u_viewport"), (GLfloat) width, (GLfloat) height);
  glBindVertexArray (r->solid_array);
  glBindBuffer (GL_ARRAY_BUFFER, r->solid_buffer);
  glBufferData (GL_ARRAY_BUFFER, vertices->len * sizeof (float), vertices->data, GL_STREAM_DRAW);
  glDrawArrays (GL_TRIANGLES, 0, vertices->len / 5);
  glBindVertexArray (0);
}
