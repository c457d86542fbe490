/* ws-renderer.c: the renderer's programs, textures and buffers, and the
 * solid shapes every view draws with (see ws-renderer.h; the bars view is
 * in ws-renderer-bars.c, the heat maps in ws-renderer-heat.c). */
#include "ws-renderer-private.h"

#include "ws-colormap.h"
#include "ws-error.h"
#include "ws-gl-program.h"

const float *
ws_renderer_background (const WsRenderer *r)
{
  static const float usual[3] = { 0.105f, 0.115f, 0.135f }, black[3] = { 0, 0, 0 };

  return r->style == WS_COLORMAP_HIGH_CONTRAST ? black : usual;
}

/* ---- the renderer ---- */

static void
make_colormap (WsRenderer *r)
{
  guint8 texels[WS_COLORMAP_SIZE * 4];

  ws_colormap_texels (r->style, texels);
  if (r->colormap_texture == 0)
    glGenTextures (1, &r->colormap_texture);
  glBindTexture (GL_TEXTURE_2D, r->colormap_texture);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, WS_COLORMAP_SIZE, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                texels);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
}

/* A texture sampled texel by texel (texelFetch): no filtering. */
static GLuint
nearest_texture (void)
{
  GLuint texture;

  glGenTextures (1, &texture);
  glBindTexture (GL_TEXTURE_2D, texture);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  return texture;
}

static void
make_solid_array (WsRenderer *r)
{
  glGenVertexArrays (1, &r->solid_array);
  glGenBuffers (1, &r->solid_buffer);
  glBindVertexArray (r->solid_array);
  glBindBuffer (GL_ARRAY_BUFFER, r->solid_buffer);
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 2, GL_FLOAT, GL_FALSE, SOLID_FLOATS * sizeof (float), (void *) 0);
  glEnableVertexAttribArray (1);
  glVertexAttribPointer (1, 4, GL_FLOAT, GL_FALSE, SOLID_FLOATS * sizeof (float),
                         (void *) (2 * sizeof (float)));
  glBindVertexArray (0);
}

WsRenderer *
ws_renderer_new (GError **error)
{
  g_autoptr (WsRenderer) r = g_new0 (WsRenderer, 1);

  if ((r->bars_program = ws_gl_program_link ("fullscreen.vert", "bars.frag", error)) == 0
      || (r->heat_program = ws_gl_program_link ("fullscreen.vert", "heat.frag", error)) == 0
      || (r->solid_program = ws_gl_program_link ("solid.vert", "solid.frag", error)) == 0
      || (r->layers = ws_layers_new (error)) == NULL)
    return NULL;
  make_solid_array (r);
  glGenVertexArrays (1, &r->vertex_array);
  r->bins_texture = nearest_texture ();
  for (guint i = 0; i < WS_HEAT_SLOTS; i++)
    r->heat_textures[i] = nearest_texture ();
  make_colormap (r);
  return g_steal_pointer (&r);
}

void
ws_renderer_free (WsRenderer *r)
{
  if (r == NULL)
    return;
  glDeleteProgram (r->bars_program);
  glDeleteProgram (r->heat_program);
  glDeleteProgram (r->solid_program);
  glDeleteVertexArrays (1, &r->vertex_array);
  glDeleteVertexArrays (1, &r->solid_array);
  glDeleteBuffers (1, &r->solid_buffer);
  glDeleteTextures (1, &r->bins_texture);
  glDeleteBuffers (1, &r->bins_buffer);
  glDeleteTextures (1, &r->colormap_texture);
  glDeleteTextures (WS_HEAT_SLOTS, r->heat_textures);
  g_clear_pointer (&r->layers, ws_layers_free);
  g_free (r);
}

void
ws_renderer_set_high_contrast (WsRenderer *r, gboolean high)
{
  WsColormapStyle style = high ? WS_COLORMAP_HIGH_CONTRAST : WS_COLORMAP_NORMAL;

  if (style == r->style)
    return;
  r->style = style;
  make_colormap (r);
}

void
ws_renderer_clear (WsRenderer *r, int width, int height)
{
  const float *bg = ws_renderer_background (r);

  glViewport (0, 0, width, height);
  glClearColor (bg[0], bg[1], bg[2], 1.0f);
  glClear (GL_COLOR_BUFFER_BIT);
}

void
ws_renderer_bind_textures (WsRenderer *r, GLuint texture)
{
  glActiveTexture (GL_TEXTURE1);
  glBindTexture (GL_TEXTURE_2D, r->colormap_texture);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D, texture);
}

/* ---- the bars' bins ---- */

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

/* ---- solid shapes ---- */

void
ws_renderer_add_rect (GArray *v, float x0, float y0, float x1, float y1, const float rgba[4])
{
  const float corners[6][2] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y0 }, { x1, y1 }, { x0, y1 } };

  for (guint i = 0; i < 6; i++)
    {
      float vertex[SOLID_FLOATS] = { corners[i][0], corners[i][1], rgba[0], rgba[1], rgba[2], rgba[3] };
      g_array_append_vals (v, vertex, SOLID_FLOATS);
    }
}

void
ws_renderer_draw_solid (WsRenderer *r, GArray *vertices, int width, int height)
{
  if (vertices->len == 0)
    return;
  glViewport (0, 0, width, height);
  glEnable (GL_BLEND);
  glBlendFunc (GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glUseProgram (r->solid_program);
  glUniform2f (glGetUniformLocation (r->solid_program, "u_viewport"), (GLfloat) width, (GLfloat) height);
  glBindVertexArray (r->solid_array);
  glBindBuffer (GL_ARRAY_BUFFER, r->solid_buffer);
  glBufferData (GL_ARRAY_BUFFER, vertices->len * sizeof (float), vertices->data, GL_STREAM_DRAW);
  glDrawArrays (GL_TRIANGLES, 0, vertices->len / SOLID_FLOATS);
  glBindVertexArray (0);
  glDisable (GL_BLEND);
}
