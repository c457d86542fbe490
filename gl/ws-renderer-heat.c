/* ws-renderer-heat.c: the heat-map view — a grid's texels through the
 * colour map, study 001's launch as lines and marks (see ws-renderer.h;
 * where they go is ws-renderer-heat-layout.c's, the title and legend are
 * in ws-renderer-heat-text.c). */
#include "ws-renderer-private.h"

#include <math.h>

guint
ws_renderer_heat_texture (WsRenderer *r, WsHeatSlot slot, guint texels)
{
  g_return_val_if_fail (slot < WS_HEAT_SLOTS, 0);
  texels = MAX (texels, 1);
  glBindTexture (GL_TEXTURE_2D, r->heat_textures[slot]);
  if (r->heat_texels[slot] != texels)
    glTexImage2D (GL_TEXTURE_2D, 0, GL_R32F, (GLsizei) texels, (GLsizei) texels, 0, GL_RED,
                  GL_FLOAT, NULL);
  r->heat_texels[slot] = texels;
  return r->heat_textures[slot];
}

void
ws_renderer_upload_heat (WsRenderer *r, WsHeatSlot slot, const float *texels, guint count)
{
  ws_renderer_heat_texture (r, slot, count);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D (GL_TEXTURE_2D, 0, 0, 0, (GLsizei) count, (GLsizei) count, GL_RED, GL_FLOAT,
                   texels);
}

/* The cells the slot's texture holds; span 0 says the whole grid. */
static WsHeatRegion
region_of (const WsHeatView *v)
{
  return v->region.span > 0 ? v->region : (WsHeatRegion) { 0, 0, v->side };
}

static void
set_heat_uniforms (GLuint p, const WsHeatView *v, WsRect map, int height)
{
  WsHeatPart part = ws_renderer_heat_part (v);
  WsHeatRegion region = region_of (v);
  guint64 block_cols, block_rows, thread_cols;

  ws_renderer_heat_lines (v, map, &block_cols, &block_rows, &thread_cols);
  glUniform1i (glGetUniformLocation (p, "u_cells"), 0);
  glUniform1i (glGetUniformLocation (p, "u_colormap"), 1);
  glUniform1i (glGetUniformLocation (p, "u_texels"), (GLint) MAX (v->texels, 1));
  glUniform1f (glGetUniformLocation (p, "u_side"), (GLfloat) v->side);
  glUniform3f (glGetUniformLocation (p, "u_map"), (GLfloat) map.x,
               (GLfloat) (height - map.y - map.height), (GLfloat) map.width);
  /* The region's corner in whole cells, and the part from it (small
   * numbers, exact enough in float at any grid size). */
  glUniform3i (glGetUniformLocation (p, "u_region"), (GLint) region.col, (GLint) region.row,
               (GLint) region.span);
  glUniform3f (glGetUniformLocation (p, "u_part"), (GLfloat) (part.col - (double) region.col),
               (GLfloat) (part.row - (double) region.row), (GLfloat) part.span);
  glUniform2f (glGetUniformLocation (p, "u_range"), (GLfloat) v->vmin, (GLfloat) v->vmax);
  glUniform2i (glGetUniformLocation (p, "u_blocks"), (GLint) block_cols, (GLint) block_rows);
  glUniform1i (glGetUniformLocation (p, "u_thread_cols"), (GLint) thread_cols);
  glUniform1f (glGetUniformLocation (p, "u_scale"), (GLfloat) MAX (v->scale, 1.0));
}

static void
draw_map (WsRenderer *r, const WsHeatView *v, WsRect map, int width, int height)
{
  glViewport (0, 0, width, height);
  glDisable (GL_BLEND);
  glEnable (GL_SCISSOR_TEST);
  glScissor ((GLint) map.x, (GLint) (height - map.y - map.height), (GLsizei) map.width,
             (GLsizei) map.height);
  glUseProgram (r->heat_program);
  set_heat_uniforms (r->heat_program, v, map, height);
  ws_renderer_bind_textures (r, r->heat_textures[v->slot]);
  glBindVertexArray (r->vertex_array);
  glDrawArrays (GL_TRIANGLES, 0, 3);
  glBindVertexArray (0);
  glDisable (GL_SCISSOR_TEST);
}

/* ---- marks ---- */

/* A frame of thickness t just outside [x0, x1] × [y0, y1]. */
static void
add_frame (GArray *v, float x0, float y0, float x1, float y1, float t, const float rgba[4])
{
  ws_renderer_add_rect (v, x0 - t, y0 - t, x1 + t, y0, rgba);
  ws_renderer_add_rect (v, x0 - t, y1, x1 + t, y1 + t, rgba);
  ws_renderer_add_rect (v, x0 - t, y0, x0, y1, rgba);
  ws_renderer_add_rect (v, x1, y0, x1 + t, y1, rgba);
}

/* A box cut to the map and reach pixels beyond it. */
static void
clip_box (double b[4], WsRect map, double reach)
{
  b[0] = MAX (b[0], map.x - reach), b[2] = MIN (b[2], map.x + map.width + reach);
  b[1] = MAX (b[1], map.y - reach), b[3] = MIN (b[3], map.y + map.height + reach);
}

/* The fill of box b around hole h (both clipped alike): four bands. */
static void
add_ring (GArray *v, const double b[4], double h[4], const float rgba[4])
{
  for (guint i = 0; i < 4; i++)
    h[i] = CLAMP (h[i], b[i % 2], b[i % 2 + 2]);
  ws_renderer_add_rect (v, (float) b[0], (float) b[1], (float) b[2], (float) h[1], rgba);
  ws_renderer_add_rect (v, (float) b[0], (float) h[3], (float) b[2], (float) b[3], rgba);
  ws_renderer_add_rect (v, (float) b[0], (float) h[1], (float) h[0], (float) h[3], rgba);
  ws_renderer_add_rect (v, (float) h[2], (float) h[1], (float) b[2], (float) h[3], rgba);
}

/* The mark's fill (around its hole, if any) and frame. A mark reaching
 * past the map (zoomed in) is cut a pixel beyond the frame's reach, so
 * that the scissor hides the frame's side there: the mark goes on, off
 * the map. */
static void
add_mark (GArray *v, const WsHeatMark *m, const WsHeatView *view, WsRect map)
{
  float t = (float) (2 * MAX (view->scale, 1.0)), outline[4], fill[4];
  double b[4], h[4];

  if (!ws_renderer_heat_mark_box (m, view, map, b))
    return;
  ws_renderer_mark_colours (m->kind, outline, fill);
  clip_box (b, map, t + 1);
  if (m->hole.rows > 0 && m->hole.cols > 0)
    {
      ws_renderer_heat_cells_box (&m->hole, view, map, h);
      add_ring (v, b, h, fill);
    }
  else if (fill[3] > 0)
    ws_renderer_add_rect (v, (float) b[0], (float) b[1], (float) b[2], (float) b[3], fill);
  add_frame (v, (float) b[0], (float) b[1], (float) b[2], (float) b[3], t, outline);
}

/* The marks over the map, and a frame's width beyond its sides where the
 * grid ends there (a mark at the grid's edge is framed outside its
 * cells); where the grid goes on past the map, marks stop at its edge. */
static void
draw_marks (WsRenderer *r, const WsHeatView *v, WsRect map, int width, int height)
{
  g_autoptr (GArray) vertices = g_array_new (FALSE, FALSE, sizeof (float));
  WsHeatPart p = ws_renderer_heat_part (v);
  double end = (double) v->side - 1e-9; /* a part clamped to the edge ends there, give or take */
  int t = (int) ceil (2 * MAX (v->scale, 1.0));
  int left = p.col <= 1e-9 ? t : 0, right = p.col + p.span >= end ? t : 0;
  int top = p.row <= 1e-9 ? t : 0, bottom = p.row + p.span >= end ? t : 0;

  for (guint i = 0; i < v->n_marks; i++)
    add_mark (vertices, &v->marks[i], v, map);
  glEnable (GL_SCISSOR_TEST);
  glScissor ((GLint) map.x - left, (GLint) (height - map.y - map.height) - bottom,
             (GLsizei) map.width + left + right, (GLsizei) map.height + top + bottom);
  ws_renderer_draw_solid (r, vertices, width, height);
  glDisable (GL_SCISSOR_TEST);
}

void
ws_renderer_draw_heat (WsRenderer *r, const WsHeatView *v, WsRect panel, int width, int height)
{
  WsRect map = ws_renderer_heat_map_rect (v, panel);

  g_return_if_fail (v->slot < WS_HEAT_SLOTS && v->side > 0);
  draw_map (r, v, map, width, height);
  draw_marks (r, v, map, width, height);
  ws_renderer_heat_draw_text (r, v, panel, map, width, height);
}
