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

void
ws_window_sum_panels (const WsWindowSumView *v, int width, int height,
                      WsRect panels[WS_HEAT_SLOTS])
{
  double s = scale_of (v), m = MARGIN * s;
  double top = (v->caption != NULL ? WS_LEGEND_ROW : MARGIN) * s;
  double w = MAX ((width - 3 * m) / 2, 1), h = MAX (height - top - m, 1);

  panels[WS_HEAT_INPUT] = (WsRect) { m, top, w, h };
  panels[WS_HEAT_OUTPUT] = (WsRect) { 2 * m + w, top, w, h };
}

/* The slot's view without marks: its grid, range and lines. */
static WsHeatView
slot_view (const WsWindowSumView *v, WsHeatSlot slot)
{
  gboolean in = slot == WS_HEAT_INPUT, lines = !in && v->launch_lines;
  WsHeatView h = { slot, in ? v->shape.side : ws_stencil_outputs (&v->shape), v->texels[slot],
                   in ? v->in_min : v->out_min, in ? v->in_max : v->out_max };

  h.block_rows = lines ? v->shape.block : 0;
  h.block_cols = lines ? (guint64) v->shape.block * v->shape.per_thread : 0;
  h.thread_cols = lines ? v->shape.per_thread : 0;
  h.scale = v->scale;
  return h;
}

guint
ws_window_sum_texels (const WsWindowSumView *v, WsHeatSlot slot, int width, int height)
{
  WsRect panels[WS_HEAT_SLOTS];
  WsHeatView h = slot_view (v, slot);

  ws_window_sum_panels (v, width, height, panels);
  return ws_heat_texels (h.side, (guint) ws_renderer_heat_map_rect (&h, panels[slot]).width);
}

/* The chosen output's marks on each map, in the order they are drawn
 * (larger first, so the smaller stay visible over them). */
static guint
marks_for (const WsWindowSumView *v, WsHeatSlot slot, WsHeatMark marks[3])
{
  WsStencilPlace p;
  guint64 r = v->shape.radius;

  if (!v->chosen)
    return 0;
  ws_stencil_place (&v->shape, v->row, v->col, &p);
  if (slot == WS_HEAT_INPUT)
    {
      marks[0] = (WsHeatMark) { WS_MARK_TILE, p.tile };
      marks[1] = (WsHeatMark) { WS_MARK_WINDOW, p.window };
      marks[2] = (WsHeatMark) { WS_MARK_CELL, { v->row + r, v->col + r, 1, 1 } };
    }
  else
    {
      marks[0] = (WsHeatMark) { WS_MARK_BLOCK, p.block_outputs };
      marks[1] = (WsHeatMark) { WS_MARK_THREAD, p.thread_outputs };
      marks[2] = (WsHeatMark) { WS_MARK_CELL, { v->row, v->col, 1, 1 } };
    }
  return 3;
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

void
ws_window_sum_draw (WsRenderer *r, const WsWindowSumView *v, int width, int height)
{
  WsRect panels[WS_HEAT_SLOTS];

  g_return_if_fail (ws_stencil_shape_valid (&v->shape));
  ws_window_sum_panels (v, width, height, panels);
  ws_renderer_clear (r, width, height);
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    {
      WsHeatMark marks[3];
      WsHeatView h = slot_view (v, slot);
      guint64 side = h.side;
      g_autofree char *title = g_strdup_printf ("%s  %" G_GUINT64_FORMAT " × %" G_GUINT64_FORMAT,
                                                slot == WS_HEAT_INPUT ? "input" : "output", side,
                                                side);
      h.title = title;
      h.n_marks = marks_for (v, slot, marks);
      h.marks = marks;
      ws_renderer_draw_heat (r, &h, panels[slot], width, height);
    }
  draw_caption (r, v, width, height);
}

gboolean
ws_window_sum_hit (const WsWindowSumView *v, int width, int height, double x, double y,
                   guint64 *row, guint64 *col)
{
  WsRect panels[WS_HEAT_SLOTS];
  guint64 m = ws_stencil_outputs (&v->shape), r = v->shape.radius;

  ws_window_sum_panels (v, width, height, panels);
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    {
      WsHeatView h = slot_view (v, slot);
      WsRect map = ws_renderer_heat_map_rect (&h, panels[slot]);
      double cx = (x - map.x) / map.width * h.side, cy = (y - map.y) / map.height * h.side;
      gint64 shift = slot == WS_HEAT_INPUT ? (gint64) r : 0;
      if (cx < 0 || cy < 0 || cx >= h.side || cy >= h.side)
        continue;
      gint64 c = (gint64) cx - shift, rr = (gint64) cy - shift;
      if (c < 0 || rr < 0 || (guint64) c >= m || (guint64) rr >= m)
        return FALSE;
      *row = (guint64) rr, *col = (guint64) c;
      return TRUE;
    }
  return FALSE;
}
