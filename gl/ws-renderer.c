/* ws-renderer.c: the renderer's programs and textures, and the bars view
 * (see ws-renderer.h; the heat maps are in ws-renderer-heat.c). */
#include "ws-renderer-private.h"

#include <math.h>

#include "ws-bar-axis.h"
#include "ws-colormap.h"
#include "ws-error.h"
#include "ws-gl-program.h"
#include "ws-legend.h"

const float *
ws_renderer_background (const WsRenderer *r)
{
  static const float usual[3] = { 0.105f, 0.115f, 0.135f }, black[3] = { 0, 0, 0 };

  return r->style == WS_COLORMAP_HIGH_CONTRAST ? black : usual;
}

/* Plot margins in logical pixels: room under the axis for the marks of
 * compared keys, a little air elsewhere. */
enum { MARGIN = 12, MARK_ROOM = 10 };

/* The plot area of a view in a width × height viewport, device pixels:
 * its left edge and its bottom edge's distance from the viewport's
 * bottom (GL's origin), width and height, and its top edge (top-left
 * origin); in the view's panel, under the header row when the view has
 * one, right of the axis when it has one. */
typedef struct
{
  double scale, left, bottom, width, height, top;
} PlotArea;

static gboolean
has_header (const WsBarsView *v)
{
  return v->caption != NULL || v->legend;
}

/* The header's widths in device pixels: the caption, the colour scale,
 * the highlights' key, and the gap between them. */
typedef struct
{
  double caption, scale, keys, swapped, gap;
} HeaderWidths;

static HeaderWidths
header_widths (cairo_t *cr, const WsBarsView *v)
{
  double s = MAX (v->scale, 1.0);
  const char *compared = v->compared_name ? v->compared_name : "compared";
  const char *swapped = v->swapped_name ? v->swapped_name : "swapped";
  HeaderWidths w = { 0, 0, 0, 0, 18 * s };

  ws_legend_font (cr, s, TRUE);
  if (v->caption != NULL)
    w.caption = ws_legend_text_width (cr, v->caption);
  ws_legend_font (cr, s, FALSE);
  w.scale = ws_legend_scale_width (cr, v->vmin, v->vmax, 120 * s, s);
  w.swapped = ws_legend_swatch_width (cr, swapped, s);
  w.keys = ws_legend_swatch_width (cr, compared, s) + 12 * s + w.swapped;
  return w;
}

/* Two rows where the caption and the legend do not fit one (a long
 * caption, presentation mode's larger text): the legend goes under the
 * caption rather than being left out. */
static int
header_rows (const WsBarsView *v, double width)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  double s = MAX (v->scale, 1.0), room = width - 2 * MARGIN * s;
  HeaderWidths w = header_widths (cr, v);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return v->legend && v->caption != NULL
         && w.caption + w.gap + w.scale + w.gap + w.keys > room ? 2 : 1;
}

WsRect
ws_renderer_view_panel (const WsBarsView *v, int width, int height)
{
  return v->panel.width > 0 ? v->panel : (WsRect) { 0, 0, width, height };
}

static PlotArea
plot_area (const WsBarsView *v, int width, int height)
{
  WsRect p = ws_renderer_view_panel (v, width, height);
  double s = MAX (v->scale, 1.0), under = (MARGIN + MARK_ROOM) * s;
  PlotArea a = { s };

  a.top = p.y + (has_header (v) ? WS_LEGEND_ROW * header_rows (v, p.width) : MARGIN) * s;
  a.bottom = height - (p.y + p.height) + under;
  a.height = MAX (p.y + p.height - under - a.top, 1);
  a.left = p.x + MARGIN * s;
  if (v->axis)
    a.left += v->axis_width > 0 ? v->axis_width : ws_bar_axis_width (v, a.height);
  a.width = MAX (p.x + p.width - MARGIN * s - a.left, 1);
  return a;
}

WsRect
ws_renderer_bars_plot (const WsBarsView *v, int width, int height)
{
  PlotArea a = plot_area (v, width, height);

  return (WsRect) { a.left, a.top, a.width, a.height };
}

guint
ws_renderer_bars_columns (const WsBarsView *v, int width, int height)
{
  /* Whole columns: the plot's width rounded as the pixels fall. */
  return (guint) MAX (lround (plot_area (v, width, height).width), 1);
}

double
ws_renderer_bars_axis_width (const WsBarsView *v, int width, int height)
{
  return ws_bar_axis_width (v, plot_area (v, width, height).height);
}

gint64
ws_renderer_bars_key_at (const WsBarsView *v, int width, int height, double x, double y)
{
  PlotArea a = plot_area (v, width, height);
  double top = height - a.bottom - a.height, fraction = (x - a.left) / a.width;

  if (v->keys == 0 || fraction < 0 || fraction >= 1 || y < top || y > height - a.bottom)
    return -1;
  return (gint64) MIN ((guint64) (fraction * (double) v->keys), v->keys - 1);
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

/* ---- bars ---- */

guint
ws_renderer_bar_columns (int width, double scale)
{
  WsBarsView v = { .scale = scale };

  return ws_renderer_bars_columns (&v, width, 1);
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

/* The axis's interior ticks as fractions of the plot's height, for the
 * lines behind the bars: the first, the step and how many (0: none). */
static void
set_grid_uniform (GLuint p, const WsBarsView *v, const PlotArea *a)
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
  PlotArea a = plot_area (v, width, height);

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
paint_legend (cairo_t *cr, const Header *h, const HeaderWidths *w, double x, double x_min, double y)
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
  double s = MAX (v->scale, 1.0), row = WS_LEGEND_ROW * s, x = width - MARGIN * s;
  HeaderWidths w = header_widths (cr, v);
  gboolean two = header_rows (v, width) == 2;

  /* One row: the caption first, then what of the legend fits beside it;
   * two: the legend has the second row to itself. */
  if (v->legend)
    paint_legend (cr, h, &w, x, two ? MARGIN * s : MARGIN * s + w.caption + w.gap,
                  two ? 1.5 * row : height / 2.0);
  ws_legend_font (cr, s, TRUE);
  if (v->caption != NULL)
    ws_legend_text (cr, v->caption, MARGIN * s, two ? row / 2 : height / 2.0, WS_ALIGN_START);
}

char *
ws_renderer_layer_name (const WsBarsView *v, const char *what)
{
  return g_strdup_printf ("bars-%s%s%s", what, v->name ? "-" : "", v->name ? v->name : "");
}

static void
draw_header (WsRenderer *r, const WsBarsView *v, int width, int height)
{
  PlotArea a = plot_area (v, width, height);
  WsRect p = ws_renderer_view_panel (v, width, height);
  g_autofree char *name = ws_renderer_layer_name (v, "header");
  Header h = { v, r->style };
  g_autofree char *key = g_strdup_printf ("%s|%d|%.17g|%.17g|%g|%s|%s|%d",
                                          v->caption ? v->caption : "", v->legend, v->vmin,
                                          v->vmax, a.scale, v->compared_name ? v->compared_name : "",
                                          v->swapped_name ? v->swapped_name : "", r->style);

  if (has_header (v))
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

/* A band over key's column and a marker under the axis, in two shades. */
static void
draw_key_band (WsRenderer *r, const WsBarsView *v, guint64 key, int width, int height,
               const float band[4], const float solid[4])
{
  PlotArea a = plot_area (v, width, height);
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
  PlotArea area = plot_area (v, width, height);
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
