/* ws-renderer-heat.c: the heat-map view — a grid's texels through the
 * colour map, study 001's launch as lines and marks, a title and a legend
 * (see ws-renderer.h). */
#include "ws-renderer-private.h"

#include <math.h>

#include "ws-legend.h"

/* Room over the map for the title and under it for the legend, logical
 * pixels. */
enum { TITLE_ROOM = 26, LEGEND_ROOM = 30 };

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

WsRect
ws_renderer_heat_map_rect (const WsHeatView *v, WsRect panel)
{
  double s = MAX (v->scale, 1.0);
  double room = panel.height - (TITLE_ROOM + LEGEND_ROOM) * s;
  /* Whole pixels, so that grid lines and cells fall on pixel edges. */
  double side = floor (MAX (MIN (panel.width, room), 1.0));

  return (WsRect) { round (panel.x + (panel.width - side) / 2), round (panel.y + TITLE_ROOM * s),
                    side, side };
}

static void
set_heat_uniforms (GLuint p, const WsHeatView *v, WsRect map, int height)
{
  glUniform1i (glGetUniformLocation (p, "u_cells"), 0);
  glUniform1i (glGetUniformLocation (p, "u_colormap"), 1);
  glUniform1i (glGetUniformLocation (p, "u_texels"), (GLint) MAX (v->texels, 1));
  glUniform1f (glGetUniformLocation (p, "u_side"), (GLfloat) v->side);
  glUniform3f (glGetUniformLocation (p, "u_map"), (GLfloat) map.x,
               (GLfloat) (height - map.y - map.height), (GLfloat) map.width);
  glUniform2f (glGetUniformLocation (p, "u_range"), (GLfloat) v->vmin, (GLfloat) v->vmax);
  glUniform2f (glGetUniformLocation (p, "u_blocks"), (GLfloat) v->block_cols,
               (GLfloat) v->block_rows);
  glUniform1f (glGetUniformLocation (p, "u_thread_cols"), (GLfloat) v->thread_cols);
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

typedef struct
{
  float outline[4];
  float fill[4];
} MarkStyle;

static const MarkStyle mark_styles[] = {
  [WS_MARK_TILE] = { { 0.30f, 0.80f, 0.95f, 1.0f }, { 0.30f, 0.80f, 0.95f, 0.12f } },
  [WS_MARK_BLOCK] = { { 0.30f, 0.80f, 0.95f, 1.0f }, { 0, 0, 0, 0 } },
  [WS_MARK_WINDOW] = { { 0.95f, 0.72f, 0.18f, 1.0f }, { 0.95f, 0.72f, 0.18f, 0.30f } },
  [WS_MARK_THREAD] = { { 0.95f, 0.72f, 0.18f, 1.0f }, { 0.95f, 0.72f, 0.18f, 0.55f } },
  [WS_MARK_CELL] = { { 1.0f, 1.0f, 1.0f, 1.0f }, { 0, 0, 0, 0 } },
};

/* A frame of thickness t just outside [x0, x1] × [y0, y1]. */
static void
add_frame (GArray *v, float x0, float y0, float x1, float y1, float t, const float rgba[4])
{
  ws_renderer_add_rect (v, x0 - t, y0 - t, x1 + t, y0, rgba);
  ws_renderer_add_rect (v, x0 - t, y1, x1 + t, y1 + t, rgba);
  ws_renderer_add_rect (v, x0 - t, y0, x0, y1, rgba);
  ws_renderer_add_rect (v, x1, y0, x1 + t, y1, rgba);
}

/* The mark's cells in pixels; at least 3 logical pixels wide and high
 * (about its centre), so that one cell of a 2000² grid still shows. */
static void
add_mark (GArray *v, const WsHeatMark *m, const WsHeatView *view, WsRect map)
{
  const MarkStyle *style = &mark_styles[m->kind];
  double s = MAX (view->scale, 1.0), per_cell = map.width / (double) view->side, least = 3 * s;
  double x0 = map.x + m->cells.col * per_cell, x1 = x0 + m->cells.cols * per_cell;
  double y0 = map.y + m->cells.row * per_cell, y1 = y0 + m->cells.rows * per_cell;

  if (x1 - x0 < least)
    x0 = (x0 + x1 - least) / 2, x1 = x0 + least;
  if (y1 - y0 < least)
    y0 = (y0 + y1 - least) / 2, y1 = y0 + least;
  if (style->fill[3] > 0)
    ws_renderer_add_rect (v, (float) x0, (float) y0, (float) x1, (float) y1, style->fill);
  add_frame (v, (float) x0, (float) y0, (float) x1, (float) y1, (float) (2 * s), style->outline);
}

static void
draw_marks (WsRenderer *r, const WsHeatView *v, WsRect map, int width, int height)
{
  g_autoptr (GArray) vertices = g_array_new (FALSE, FALSE, sizeof (float));

  for (guint i = 0; i < v->n_marks; i++)
    add_mark (vertices, &v->marks[i], v, map);
  ws_renderer_draw_solid (r, vertices, width, height);
}

/* ---- title and legend ---- */

typedef struct
{
  const WsHeatView *view;
  WsRect            map;
  WsRect            panel;
  WsColormapStyle   style;
} HeatText;

static void
paint_title (cairo_t *cr, int width, int height, gconstpointer data)
{
  const HeatText *t = data;

  ws_legend_font (cr, MAX (t->view->scale, 1.0), TRUE);
  ws_legend_text (cr, t->view->title, t->map.x - t->panel.x, height / 2.0, WS_ALIGN_START);
}

static void
paint_legend (cairo_t *cr, int width, int height, gconstpointer data)
{
  const HeatText *t = data;
  double s = MAX (t->view->scale, 1.0);

  ws_legend_font (cr, s, FALSE);
  ws_legend_scale (cr, t->view->vmin, t->view->vmax, width / 2.0, height / 2.0,
                   MIN (160 * s, t->map.width / 2), s, WS_ALIGN_CENTRE, t->style);
}

static void
draw_text (WsRenderer *r, const WsHeatView *v, WsRect panel, WsRect map, int width, int height)
{
  HeatText t = { v, map, panel, r->style };
  double s = MAX (v->scale, 1.0);
  const char *slot = v->slot == WS_HEAT_INPUT ? "input" : "output";
  g_autofree char *title_name = g_strconcat ("heat-title-", slot, NULL);
  g_autofree char *legend_name = g_strconcat ("heat-legend-", slot, NULL);
  g_autofree char *title_key = g_strdup_printf ("%s|%g|%g", v->title ? v->title : "",
                                                map.x - panel.x, s);
  g_autofree char *legend_key = g_strdup_printf ("%.17g|%.17g|%g|%g|%d", v->vmin, v->vmax,
                                                 map.width, s, r->style);

  if (v->title != NULL)
    ws_layers_draw (r->layers, title_name, title_key, (int) panel.x, (int) panel.y,
                    (int) panel.width, (int) (TITLE_ROOM * s), paint_title, &t, width, height);
  ws_layers_draw (r->layers, legend_name, legend_key, (int) panel.x, (int) (map.y + map.height),
                  (int) panel.width, (int) (LEGEND_ROOM * s), paint_legend, &t, width, height);
}

void
ws_renderer_draw_heat (WsRenderer *r, const WsHeatView *v, WsRect panel, int width, int height)
{
  WsRect map = ws_renderer_heat_map_rect (v, panel);

  g_return_if_fail (v->slot < WS_HEAT_SLOTS && v->side > 0);
  draw_map (r, v, map, width, height);
  draw_marks (r, v, map, width, height);
  draw_text (r, v, panel, map, width, height);
}
