/* ws-renderer-bars.c: the bars view (see ws-renderer.h) — the bins
 * through the colour map with the axis's grid lines behind them, the
 * header with caption and legend, the value axis and the values
 * (ws-renderer-values.c), a key's band and the comparators of a pass.
 * Where each goes is ws-renderer-geometry.c's. */
#include "ws-renderer-private.h"

#include <math.h>

#include "ws-bar-axis.h"
#include "ws-legend.h"

/* The axis's interior ticks as fractions of the plot's height, for the
 * lines behind the bars: the first, the step and how many (0: none). */
static void
set_grid_uniform (GLuint p, const WsBarsView *v, const WsBarsArea *a)
{
  g_autoptr (GArray) ticks = v->axis ? ws_bar_axis_view_ticks (v, a->height) : NULL;
  double first = 0, step = 0, span = v->vmax - v->vmin;
  gboolean grid = ticks != NULL && span > 0 && ws_bar_axis_grid (ticks, &first, &step);

  glUniform3f (glGetUniformLocation (p, "u_grid"), (GLfloat) ((first - v->vmin) / span),
               (GLfloat) (step / span), grid ? (GLfloat) (ticks->len - 2) : 0.0f);
}

static void
set_bars_uniforms (const WsRenderer *r, GLuint p, const WsBarsView *v, int width, int height)
{
  WsBarsArea a = ws_renderer_bars_area (v, width, height);

  glUniform3fv (glGetUniformLocation (p, "u_background"), 1, ws_renderer_background (r));
  glUniform1i (glGetUniformLocation (p, "u_bins"), 0);
  glUniform1i (glGetUniformLocation (p, "u_colormap"), 1);
  glUniform1i (glGetUniformLocation (p, "u_bin_count"), (GLint) MAX (v->bins, 1));
  glUniform1f (glGetUniformLocation (p, "u_keys"), (GLfloat) MAX (v->keys, 1));
  glUniform1f (glGetUniformLocation (p, "u_boundary"), (GLfloat) v->boundary);
  glUniform4f (glGetUniformLocation (p, "u_plot"), (GLfloat) a.left, (GLfloat) a.bottom,
               (GLfloat) a.width, (GLfloat) a.height);
  glUniform1f (glGetUniformLocation (p, "u_scale"), (GLfloat) a.scale);
  glUniform1f (glGetUniformLocation (p, "u_level"),
               v->has_level && v->vmax > v->vmin
                 ? (GLfloat) ((v->level - v->vmin) / (v->vmax - v->vmin)) : -1.0f);
  set_grid_uniform (p, v, &a);
}

/* The header row: caption at the left; the highlights' key and the colour
 * scale at the right. */
typedef struct
{
  const WsBarsView *view;
  WsColormapStyle   style;
} Header;

/* The colour scale and the highlights' key, right-aligned at x on row y,
 * as much as fits from x_min on: the scale first, then the key. */
static void
paint_legend (cairo_t *cr, const Header *h, const WsBarsHeaderWidths *w, double x, double x_min,
              double y)
{
  const WsBarsView *v = h->view;
  double s = MAX (v->scale, 1.0);
  const char *compared = v->compared_name ? v->compared_name : "compared";
  const char *swapped = v->swapped_name ? v->swapped_name : "swapped";

  if (x - w->scale < x_min)
    return;
  ws_legend_font (cr, s, FALSE);
  x -= ws_legend_scale (cr, v->vmin, v->vmax, x, y, 120 * s, s, WS_ALIGN_END, h->style) + w->gap;
  if (x - w->keys < x_min)
    return;
  ws_legend_swatch (cr, ws_legend_compared, compared, x - w->keys, y, s);
  ws_legend_swatch (cr, ws_legend_swapped, swapped, x - w->swapped, y, s);
}

static void
paint_header (cairo_t *cr, int width, int height, gconstpointer data)
{
  const Header *h = data;
  const WsBarsView *v = h->view;
  double s = MAX (v->scale, 1.0), row = WS_LEGEND_ROW * s, x = width - WS_BARS_MARGIN * s;
  WsBarsHeaderWidths w = ws_renderer_bars_header_widths (cr, v);
  gboolean two = ws_renderer_bars_header_rows (v, width) == 2;

  /* One row: the caption first, then what of the legend fits beside it;
   * two: the legend has the second row to itself. */
  if (v->legend)
    paint_legend (cr, h, &w, x, two ? WS_BARS_MARGIN * s : WS_BARS_MARGIN * s + w.caption + w.gap,
                  two ? 1.5 * row : height / 2.0);
  ws_legend_font (cr, s, TRUE);
  if (v->caption != NULL)
    ws_legend_text (cr, v->caption, WS_BARS_MARGIN * s, two ? row / 2 : height / 2.0,
                    WS_ALIGN_START);
}

static void
draw_header (WsRenderer *r, const WsBarsView *v, int width, int height)
{
  WsBarsArea a = ws_renderer_bars_area (v, width, height);
  WsRect p = ws_renderer_view_panel (v, width, height);
  g_autofree char *name = ws_renderer_layer_name (v, "header");
  Header h = { v, r->style };
  g_autofree char *key = g_strdup_printf ("%s|%d|%.17g|%.17g|%g|%s|%s|%d",
                                          v->caption ? v->caption : "", v->legend, v->vmin,
                                          v->vmax, a.scale, v->compared_name ? v->compared_name : "",
                                          v->swapped_name ? v->swapped_name : "", r->style);

  if (ws_renderer_bars_has_header (v))
    ws_layers_draw (r->layers, name, key, (int) lround (p.x), (int) lround (p.y),
                    (int) lround (p.width), (int) lround (a.top - p.y), paint_header, &h, width,
                    height);
}

void
ws_renderer_draw_bars (WsRenderer *r, const WsBarsView *v, int width, int height)
{
  WsRect p = ws_renderer_view_panel (v, width, height);

  glViewport (0, 0, width, height);
  glDisable (GL_DEPTH_TEST);
  glDisable (GL_BLEND);
  /* The shader fills all it covers; only the view's panel is its own. */
  glEnable (GL_SCISSOR_TEST);
  glScissor ((GLint) lround (p.x), (GLint) lround (height - p.y - p.height),
             (GLsizei) lround (p.width), (GLsizei) lround (p.height));
  glUseProgram (r->bars_program);
  set_bars_uniforms (r, r->bars_program, v, width, height);
  ws_renderer_bind_textures (r, r->bins_texture);
  glBindVertexArray (r->vertex_array);
  glDrawArrays (GL_TRIANGLES, 0, 3);
  glBindVertexArray (0);
  glDisable (GL_SCISSOR_TEST);
  ws_renderer_draw_axis (r, v, width, height);
  ws_renderer_draw_values (r, v, width, height);
  draw_header (r, v, width, height);
}

/* A band over key's column and a marker under the axis, in two shades. */
static void
draw_key_band (WsRenderer *r, const WsBarsView *v, guint64 key, int width, int height,
               const float band[4], const float solid[4])
{
  WsBarsArea a = ws_renderer_bars_area (v, width, height);
  double x0 = a.left + (double) key * a.width / MAX (v->keys, 1);
  double x1 = MAX (x0 + 2 * a.scale, a.left + (double) (key + 1) * a.width / MAX (v->keys, 1));
  double top = a.top, bottom = height - a.bottom, mid = (x0 + x1) / 2, s = a.scale;
  g_autoptr (GArray) vertices = g_array_new (FALSE, FALSE, sizeof (float));

  ws_renderer_add_rect (vertices, (float) x0, (float) top, (float) x1, (float) bottom, band);
  ws_renderer_add_rect (vertices, (float) (mid - 4 * s), (float) (bottom + 2 * s),
                        (float) (mid + 4 * s), (float) (bottom + 8 * s), solid);
  ws_renderer_draw_solid (r, vertices, width, height);
}

void
ws_renderer_draw_key_mark (WsRenderer *r, const WsBarsView *v, guint64 key, int width, int height)
{
  const float band[4] = { 1.0f, 0.2f, 0.2f, 0.35f }, solid[4] = { 1.0f, 0.2f, 0.2f, 1.0f };

  draw_key_band (r, v, key, width, height, band, solid);
}

void
ws_renderer_draw_key_light (WsRenderer *r, const WsBarsView *v, guint64 key, int width, int height)
{
  const float band[4] = { 1.0f, 1.0f, 1.0f, 0.22f }, solid[4] = { 1.0f, 1.0f, 1.0f, 1.0f };

  draw_key_band (r, v, key, width, height, band, solid);
}

/* ---- comparators ---- */

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
  const float grey[4] = { 0.80f, 0.82f, 0.86f, 1.0f }, red[4] = { 1.0f, 0.28f, 0.22f, 1.0f };
  WsBarsArea area = ws_renderer_bars_area (v, width, height);
  double s = area.scale, left = area.left, plot = area.width;
  double thick = 2.0 * s, step = 7.0 * s, top = area.top + 4.0 * s;
  g_autoptr (GArray) vertices = g_array_new (FALSE, FALSE, sizeof (float));
  g_autoptr (GArray) ends = g_array_new (FALSE, FALSE, sizeof (double));

  for (gsize i = 0; i < count; i++)
    {
      guint64 a = MIN (c[i].min_at, c[i].max_at), b = MAX (c[i].min_at, c[i].max_at);
      double x0 = left + (a + 0.5) * plot / v->keys, x1 = left + (b + 0.5) * plot / v->keys;
      double y = top + assign_level (ends, x0, x1) * step;
      const float *rgba = flags != NULL && (flags[a] & WS_BAR_SWAPPED) ? red : grey;
      ws_renderer_add_rect (vertices, x0, y, x1, y + thick, rgba);
      ws_renderer_add_rect (vertices, x0, y, x0 + thick, y + 3 * thick, rgba);
      ws_renderer_add_rect (vertices, x1 - thick, y, x1, y + 3 * thick, rgba);
    }
  ws_renderer_draw_solid (r, vertices, width, height);
}
