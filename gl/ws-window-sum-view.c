/* ws-window-sum-view.c: study 001's two maps and overlays (see
 * ws-window-sum-view.h). */
#include "ws-window-sum-view.h"

#include <math.h>

#include "ws-legend.h"
#include "ws-renderer-private.h"

enum { MARGIN = 12 };

static double
scale_of (const WsWindowSumView *v)
{
  return MAX (v->scale, 1.0);
}

/* The room each map has: half the width each (less what is kept free at
 * the right), the height under the caption. */
static void
rooms_for_maps (const WsWindowSumView *v, int width, int height, WsRect rooms[WS_HEAT_SLOTS])
{
  double s = scale_of (v), m = MARGIN * s;
  double top = (v->caption != NULL ? WS_LEGEND_ROW : MARGIN) * s;
  double w = MAX ((width - MAX (v->free_right, 0.0) - 3 * m) / 2, 1), h = MAX (height - top - m, 1);

  rooms[WS_HEAT_INPUT] = (WsRect) { m, top, w, h };
  rooms[WS_HEAT_OUTPUT] = (WsRect) { 2 * m + w, top, w, h };
}

/* The closest zoom shows this many outputs a side. */
#define LEAST_SPAN 4.0

static guint64
slot_side (const WsWindowSumView *v, WsHeatSlot slot)
{
  return slot == WS_HEAT_INPUT ? v->shape.side : ws_stencil_outputs (&v->shape);
}

WsWindowSumZoom
ws_window_sum_zoom_clamp (const WsStencilShape *shape, WsWindowSumZoom z)
{
  double m = (double) ws_stencil_outputs (shape), most = MAX (m / LEAST_SPAN, 1.0);
  double zoom = isfinite (z.zoom) ? CLAMP (z.zoom, 1.0, most) : 1.0, half = m / zoom / 2;

  if (zoom <= 1.0)
    return (WsWindowSumZoom) { 1.0, m / 2, m / 2 };
  return (WsWindowSumZoom) { zoom, CLAMP (z.row, half, m - half), CLAMP (z.col, half, m - half) };
}

WsHeatPart
ws_window_sum_part (const WsWindowSumView *v, WsHeatSlot slot)
{
  WsWindowSumZoom z = ws_window_sum_zoom_clamp (&v->shape, v->zoom);
  double span = (double) ws_stencil_outputs (&v->shape) / z.zoom;
  WsHeatPart part = { z.row - span / 2, z.col - span / 2, span };

  /* Output r's window starts at input r: the input's part starts where
   * the output's does and reaches 2R further. */
  if (slot == WS_HEAT_INPUT)
    part.span += 2.0 * v->shape.radius;
  return part;
}

WsHeatRegion
ws_window_sum_region (const WsWindowSumView *v, WsHeatSlot slot)
{
  WsHeatPart p = ws_window_sum_part (v, slot);
  guint64 side = slot_side (v, slot);
  /* Every cell the part touches: one more than its span covers where it
   * starts between cells. */
  guint64 span = MIN ((guint64) ceil (p.span) + 1, side);
  guint64 row = (guint64) MAX (floor (p.row), 0.0), col = (guint64) MAX (floor (p.col), 0.0);

  return (WsHeatRegion) { MIN (row, side - span), MIN (col, side - span), span };
}

/* The chosen output's marks on each map, in the order they are drawn
 * (larger first, so the smaller stay visible over them), named for the
 * legend. The tile is the block's own inputs, one under each of its
 * outputs; the halo the ring of R around it that the block reads too. */
void
ws_window_sum_marks (const WsWindowSumView *v, WsHeatSlot slot, WsWindowSumMarks *m)
{
  WsStencilPlace p;
  guint r = v->shape.radius, k = v->shape.per_thread;
  WsCellRect tile;

  m->n = 0;
  if (!v->chosen)
    return;
  ws_stencil_place (&v->shape, v->row, v->col, &p);
  tile = (WsCellRect) { p.block_outputs.row + r, p.block_outputs.col + r, p.block_outputs.rows,
                        p.block_outputs.cols };
#define MARK(kind, cells, hole, ...)                                                          \
  (g_snprintf (m->names[m->n], sizeof m->names[0], __VA_ARGS__),                             \
   m->marks[m->n] = (WsHeatMark) { kind, cells, m->names[m->n], hole }, m->n++)
  if (slot == WS_HEAT_INPUT)
    {
      if (r > 0)
        MARK (WS_MARK_HALO, p.tile, tile, "halo, R = %u", r);
      MARK (WS_MARK_TILE, tile, (WsCellRect) { 0 }, "its block's tile");
      MARK (WS_MARK_WINDOW, p.window, (WsCellRect) { 0 }, "its window, %u × %u", 2 * r + 1,
            2 * r + 1);
      MARK (WS_MARK_CELL, ((WsCellRect) { v->row + r, v->col + r, 1, 1 }), (WsCellRect) { 0 },
            "the window's centre");
    }
  else
    {
      MARK (WS_MARK_BLOCK, p.block_outputs, (WsCellRect) { 0 }, "its block, %u × %u",
            v->shape.block, v->shape.block * k);
      MARK (WS_MARK_THREAD, p.thread_outputs, (WsCellRect) { 0 }, "its thread's %u output%s", k,
            k == 1 ? "" : "s");
      MARK (WS_MARK_CELL, ((WsCellRect) { v->row, v->col, 1, 1 }), (WsCellRect) { 0 },
            "the chosen output");
    }
#undef MARK
}

/* The slot's view: its grid, range, lines, marks (kept in m) and the part
 * of it shown, no room reserved for the legend yet. */
static WsHeatView
slot_view_alone (const WsWindowSumView *v, WsHeatSlot slot, WsWindowSumMarks *m)
{
  gboolean in = slot == WS_HEAT_INPUT, lines = !in && v->launch_lines;
  WsHeatView h = { slot, slot_side (v, slot), v->texels[slot], in ? v->in_min : v->out_min,
                   in ? v->in_max : v->out_max };

  h.block_rows = lines ? v->shape.block : 0;
  h.block_cols = lines ? (guint64) v->shape.block * v->shape.per_thread : 0;
  h.thread_cols = lines ? v->shape.per_thread : 0;
  h.scale = v->scale;
  h.part = ws_window_sum_part (v, slot);
  h.region = ws_window_sum_region (v, slot);
  h.pending = !in && v->pending;
  ws_window_sum_marks (v, slot, m);
  h.marks = m->marks, h.n_marks = m->n;
  return h;
}

/* The rows of legend both maps reserve: the most either could need, with
 * an output chosen, the launch's lines and the hatch (which come and go),
 * so that the maps keep one size side by side whatever is chosen, as the
 * launch runs and as lines are toggled. */
static guint
legend_room (const WsWindowSumView *v, const WsRect panels[WS_HEAT_SLOTS])
{
  WsWindowSumView most = *v;
  guint rows = 0;

  most.chosen = TRUE;
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    {
      WsWindowSumMarks m;
      WsHeatView h = slot_view_alone (&most, slot, &m);
      if (slot == WS_HEAT_OUTPUT)
        {
          h.block_rows = h.block_cols = h.thread_cols = 1;
          h.pending = TRUE;
        }
      rows = MAX (rows, ws_renderer_heat_legend_rows (&h, panels[slot]));
    }
  return rows;
}

/* The slot's view in a width × height viewport with its room, and the
 * legend's rows both maps reserve. */
static WsHeatView
slot_view_in (const WsWindowSumView *v, WsHeatSlot slot, int width, int height, WsRect *room,
              WsWindowSumMarks *m)
{
  WsRect rooms[WS_HEAT_SLOTS];
  WsHeatView h;

  rooms_for_maps (v, width, height, rooms);
  h = slot_view_alone (v, slot, m);
  h.legend_rows = legend_room (v, rooms);
  *room = rooms[slot];
  return h;
}

/* The slot's view as drawn in a width × height viewport, and its panel:
 * as wide as its room, just high enough for its title, map, colour scale
 * and legend. */
static WsHeatView
slot_view (const WsWindowSumView *v, WsHeatSlot slot, int width, int height, WsRect *panel,
           WsWindowSumMarks *m)
{
  WsHeatView h = slot_view_in (v, slot, width, height, panel, m);
  double side = ws_renderer_heat_map_rect (&h, *panel).width;

  panel->height = ws_renderer_heat_panel_height (&h, *panel, side);
  return h;
}

/* Both maps as large as their rooms allow — square, so the narrower of
 * width and height bounds them — what is left of the height lying under
 * them. Side by side the maps are half the width each at most: a canvas
 * less than twice as wide as high leaves room below (the reason the
 * application hides its panel in presentation mode). */
void
ws_window_sum_panels (const WsWindowSumView *v, int width, int height,
                      WsRect panels[WS_HEAT_SLOTS])
{
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    {
      WsWindowSumMarks m;
      slot_view (v, slot, width, height, &panels[slot], &m);
    }
}

WsRect
ws_window_sum_map (const WsWindowSumView *v, WsHeatSlot slot, int width, int height)
{
  WsWindowSumMarks m;
  WsRect panel;
  WsHeatView h = slot_view (v, slot, width, height, &panel, &m);

  return ws_renderer_heat_map_rect (&h, panel);
}

guint
ws_window_sum_legend (const WsWindowSumView *v, WsHeatSlot slot, int width, int height,
                      WsLegendEntry entries[WS_LEGEND_ENTRIES_MAX])
{
  WsWindowSumMarks m;
  WsRect panel;
  WsHeatView h = slot_view (v, slot, width, height, &panel, &m);

  return ws_renderer_heat_legend (&h, panel, entries);
}

guint
ws_window_sum_texels (const WsWindowSumView *v, WsHeatSlot slot, int width, int height)
{
  return ws_heat_texels (ws_window_sum_region (v, slot).span,
                         (guint) ws_window_sum_map (v, slot, width, height).width);
}

static void
paint_caption (cairo_t *cr, int width, int height, gconstpointer data)
{
  const WsWindowSumView *v = data;

  ws_legend_font (cr, scale_of (v), TRUE);
  ws_legend_text (cr, v->caption, MARGIN * scale_of (v), height / 2.0, WS_ALIGN_START);
}

static void
draw_caption (WsRenderer *r, const WsWindowSumView *v, int width, int height)
{
  g_autofree char *key = g_strdup_printf ("%s|%g", v->caption, scale_of (v));

  if (v->caption != NULL)
    ws_layers_draw (r->layers, "window-sum-caption", key, 0, 0, width,
                    (int) lround (WS_LEGEND_ROW * scale_of (v)), paint_caption, v, width, height);
}

/* "output 60 × 60", and while zoomed the rows and columns in sight. */
static char *
slot_title (const WsWindowSumView *v, WsHeatSlot slot)
{
  WsHeatPart p = ws_window_sum_part (v, slot);
  guint64 side = slot_side (v, slot);
  const char *name = slot == WS_HEAT_INPUT ? "input" : "output";

  if (p.span >= (double) side)
    return g_strdup_printf ("%s  %" G_GUINT64_FORMAT " × %" G_GUINT64_FORMAT, name, side, side);
  return g_strdup_printf ("%s  rows %.0f–%.0f, cols %.0f–%.0f of %" G_GUINT64_FORMAT, name,
                          floor (p.row), ceil (p.row + p.span) - 1, floor (p.col),
                          ceil (p.col + p.span) - 1, side);
}

void
ws_window_sum_draw (WsRenderer *r, const WsWindowSumView *v, int width, int height)
{
  g_return_if_fail (ws_stencil_shape_valid (&v->shape));
  ws_renderer_clear (r, width, height);
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    {
      WsWindowSumMarks m;
      WsRect panel;
      WsHeatView h = slot_view (v, slot, width, height, &panel, &m);
      g_autofree char *title = slot_title (v, slot);
      h.title = title;
      ws_renderer_draw_heat (r, &h, panel, width, height);
    }
  draw_caption (r, v, width, height);
}

gboolean
ws_window_sum_cell_at (const WsWindowSumView *v, int width, int height, double x, double y,
                       WsHeatSlot *slot, double *row, double *col)
{
  for (guint s = 0; s < WS_HEAT_SLOTS; s++)
    {
      WsWindowSumMarks m;
      WsRect panel;
      WsHeatView h = slot_view (v, s, width, height, &panel, &m);
      if (ws_renderer_heat_cell_at (&h, panel, x, y, row, col))
        return *slot = s, TRUE;
    }
  return FALSE;
}

gboolean
ws_window_sum_hit (const WsWindowSumView *v, int width, int height, double x, double y,
                   guint64 *row, guint64 *col)
{
  double m = (double) ws_stencil_outputs (&v->shape), r, c, shift;
  WsHeatSlot slot;

  if (!ws_window_sum_cell_at (v, width, height, x, y, &slot, &r, &c))
    return FALSE;
  shift = slot == WS_HEAT_INPUT ? v->shape.radius : 0;
  r = floor (r) - shift, c = floor (c) - shift;
  if (r < 0 || c < 0 || r >= m || c >= m)
    return FALSE;
  *row = (guint64) r, *col = (guint64) c;
  return TRUE;
}

WsWindowSumZoom
ws_window_sum_zoom_at (const WsWindowSumView *v, int width, int height, double x, double y,
                       double factor)
{
  WsWindowSumZoom z = ws_window_sum_zoom_clamp (&v->shape, v->zoom);
  WsWindowSumZoom to = ws_window_sum_zoom_clamp (&v->shape, (WsWindowSumZoom) { z.zoom * factor,
                                                                                 z.row, z.col });
  double m = (double) ws_stencil_outputs (&v->shape), row, col, span;
  WsHeatSlot slot;
  WsHeatPart p;

  if (!ws_window_sum_cell_at (v, width, height, x, y, &slot, &row, &col))
    return to;
  /* The cell keeps its place across the map: the same fraction of the
   * new part as of the old. */
  p = ws_window_sum_part (v, slot);
  span = m / to.zoom + (p.span - m / z.zoom);
  to.row = row - (row - p.row) / p.span * span + m / to.zoom / 2;
  to.col = col - (col - p.col) / p.span * span + m / to.zoom / 2;
  return ws_window_sum_zoom_clamp (&v->shape, to);
}

WsWindowSumZoom
ws_window_sum_pan (const WsWindowSumView *v, int width, int height, double x, double y,
                   double dx, double dy)
{
  WsWindowSumZoom z = ws_window_sum_zoom_clamp (&v->shape, v->zoom);
  WsHeatSlot slot = WS_HEAT_OUTPUT;
  double row, col, per_pixel;

  ws_window_sum_cell_at (v, width, height, x, y, &slot, &row, &col);
  per_pixel = ws_window_sum_part (v, slot).span / ws_window_sum_map (v, slot, width, height).width;
  z.row -= dy * per_pixel, z.col -= dx * per_pixel;
  return ws_window_sum_zoom_clamp (&v->shape, z);
}
