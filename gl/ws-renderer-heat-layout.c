/* ws-renderer-heat-layout.c: where a heat panel's parts go — the map's
 * square in the panel, with room over it for the title and under it for
 * the colour scale and the legend's rows; the part of the grid shown, the
 * launch's lines drawn, each mark's box and its style; the legend's
 * entries and their rows. The map (ws-renderer-heat.c) and its text
 * (ws-renderer-heat-text.c) both stand on it. */
#include "ws-renderer-private.h"

#include <math.h>
#include <string.h>

#include "ws-legend.h"

/* ---- marks' styles ---- */

typedef struct
{
  float       outline[4];
  float       fill[4];
  const char *name;
} MarkStyle;

/* The halo magenta and the tile cyan: a block's reads told apart at a
 * glance, and neither a colour the colour map gives a cell. */
static const MarkStyle mark_styles[WS_MARK_KINDS] = {
  [WS_MARK_HALO] = { { 0.93f, 0.35f, 0.85f, 1.0f }, { 0.93f, 0.35f, 0.85f, 0.30f }, "halo" },
  [WS_MARK_TILE] = { { 0.30f, 0.80f, 0.95f, 1.0f }, { 0.30f, 0.80f, 0.95f, 0.15f }, "tile" },
  [WS_MARK_BLOCK] = { { 0.30f, 0.80f, 0.95f, 1.0f }, { 0, 0, 0, 0 }, "block" },
  [WS_MARK_WINDOW] = { { 0.95f, 0.72f, 0.18f, 1.0f }, { 0.95f, 0.72f, 0.18f, 0.30f }, "window" },
  [WS_MARK_THREAD] = { { 0.95f, 0.72f, 0.18f, 1.0f }, { 0.95f, 0.72f, 0.18f, 0.55f }, "thread" },
  [WS_MARK_CELL] = { { 1.0f, 1.0f, 1.0f, 1.0f }, { 0, 0, 0, 0 }, "cell" },
};

void
ws_renderer_mark_colours (WsMarkKind kind, float outline[4], float fill[4])
{
  g_return_if_fail (kind < WS_MARK_KINDS);
  memcpy (outline, mark_styles[kind].outline, sizeof mark_styles[kind].outline);
  memcpy (fill, mark_styles[kind].fill, sizeof mark_styles[kind].fill);
}

const char *
ws_renderer_mark_name (WsMarkKind kind)
{
  return kind < WS_MARK_KINDS ? mark_styles[kind].name : "";
}

/* ---- the part shown, the lines drawn, the marks' boxes ---- */

WsHeatPart
ws_renderer_heat_part (const WsHeatView *v)
{
  return v->part.span > 0 ? v->part : (WsHeatPart) { 0, 0, (double) v->side };
}

/* Short: this file says it often. */
static WsHeatPart
part_of (const WsHeatView *v)
{
  return ws_renderer_heat_part (v);
}

/* Lines are drawn where they fall a few pixels apart: block lines where a
 * block is 6 logical pixels or more, thread lines where a cell is 5. */
void
ws_renderer_heat_lines (const WsHeatView *v, WsRect map, guint64 *block_cols, guint64 *block_rows,
                        guint64 *thread_cols)
{
  double s = MAX (v->scale, 1.0), cell = map.width / part_of (v).span;
  gboolean blocks = MIN (v->block_cols, v->block_rows) * cell >= 6 * s;

  *block_cols = blocks ? v->block_cols : 0, *block_rows = blocks ? v->block_rows : 0;
  *thread_cols = cell >= 5 * s ? v->thread_cols : 0;
}

/* Cells in pixels through the part shown: x0, y0, x1, y1. */
void
ws_renderer_heat_cells_box (const WsCellRect *cells, const WsHeatView *view, WsRect map,
                            double box[4])
{
  WsHeatPart part = part_of (view);
  double per_cell = map.width / part.span;

  box[0] = map.x + (cells->col - part.col) * per_cell, box[2] = box[0] + cells->cols * per_cell;
  box[1] = map.y + (cells->row - part.row) * per_cell, box[3] = box[1] + cells->rows * per_cell;
}

/* The mark's box, at least 3 logical pixels wide and high (about its
 * centre), so that one cell of a 2000² grid still shows. FALSE where it
 * lies off the map. */
gboolean
ws_renderer_heat_mark_box (const WsHeatMark *m, const WsHeatView *view, WsRect map, double b[4])
{
  double least = 3 * MAX (view->scale, 1.0);

  ws_renderer_heat_cells_box (&m->cells, view, map, b);
  if (b[2] - b[0] < least)
    b[0] = (b[0] + b[2] - least) / 2, b[2] = b[0] + least;
  if (b[3] - b[1] < least)
    b[1] = (b[1] + b[3] - least) / 2, b[3] = b[1] + least;
  return b[2] > map.x && b[0] < map.x + map.width && b[3] > map.y && b[1] < map.y + map.height;
}

gboolean
ws_renderer_heat_mark_shows (const WsHeatView *v, const WsHeatMark *m, WsRect map)
{
  double b[4];

  return ws_renderer_heat_mark_box (m, v, map, b);
}

/* ---- the legend's entries, left to right in rows as wide as the panel ---- */

const char *
ws_renderer_heat_entry_label (const WsLegendEntry *e)
{
  return e->label != NULL ? e->label : "";
}

static WsLegendEntry
mark_entry (const WsHeatMark *m)
{
  return (WsLegendEntry) { WS_LEGEND_MARK, m->kind,
                           m->label != NULL ? m->label : ws_renderer_mark_name (m->kind) };
}

/* The entries in order: the marks, the one drawn on top first (those that
 * show, or all when map is NULL), the lines (drawn on map, or asked for),
 * the hatch. */
guint
ws_renderer_heat_entries (const WsHeatView *v, const WsRect *map,
                          WsLegendEntry e[WS_LEGEND_ENTRIES_MAX])
{
  guint64 block_cols = v->block_cols, block_rows = v->block_rows, thread_cols = v->thread_cols;
  guint n = 0;

  for (guint i = v->n_marks; i-- > 0 && n < WS_LEGEND_ENTRIES_MAX - 3;)
    if (map == NULL || ws_renderer_heat_mark_shows (v, &v->marks[i], *map))
      e[n++] = mark_entry (&v->marks[i]);
  if (map != NULL)
    ws_renderer_heat_lines (v, *map, &block_cols, &block_rows, &thread_cols);
  if (block_cols > 0 && block_rows > 0)
    e[n++] = (WsLegendEntry) { WS_LEGEND_BLOCK_LINES, 0, "block edges" };
  if (thread_cols > 0)
    e[n++] = (WsLegendEntry) { WS_LEGEND_THREAD_LINES, 0, "thread edges" };
  if (v->pending)
    e[n++] = (WsLegendEntry) { WS_LEGEND_PENDING, 0, "not run yet" };
  return n;
}

static double
entry_width (cairo_t *cr, const WsLegendEntry *e, double s)
{
  return (WS_HEAT_SWATCH + WS_HEAT_SWATCH_GAP) * s
         + ws_legend_text_width (cr, ws_renderer_heat_entry_label (e));
}

/* Where each row starts (first[r]) and how wide it is; returns the rows. */
guint
ws_renderer_heat_legend_layout (cairo_t *cr, const WsLegendEntry *e, guint n, double width,
                                double s, guint first[WS_LEGEND_ENTRIES_MAX + 1],
                                double widths[WS_LEGEND_ENTRIES_MAX])
{
  guint rows = 0;

  for (guint i = 0; i < n; i++)
    {
      double w = entry_width (cr, &e[i], s);
      if (rows == 0 || widths[rows - 1] + WS_HEAT_ENTRY_GAP * s + w > width)
        first[rows] = i, widths[rows++] = w;
      else
        widths[rows - 1] += WS_HEAT_ENTRY_GAP * s + w;
    }
  first[rows] = n;
  return rows;
}

guint
ws_renderer_heat_legend_rows (const WsHeatView *v, WsRect panel)
{
  WsLegendEntry e[WS_LEGEND_ENTRIES_MAX];
  guint first[WS_LEGEND_ENTRIES_MAX + 1], n = ws_renderer_heat_entries (v, NULL, e), rows;
  double widths[WS_LEGEND_ENTRIES_MAX], s = MAX (v->scale, 1.0);
  cairo_surface_t *surface;
  cairo_t *cr;

  if (n == 0)
    return 0;
  /* Text is measured as it will be painted: the same face and size. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  ws_legend_font (cr, s, FALSE);
  rows = ws_renderer_heat_legend_layout (cr, e, n, panel.width, s, first, widths);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return rows;
}

/* ---- the map in its panel ---- */

/* Device pixels a panel gives to what is over the map (the title row) and
 * under it (the colour scale and the legend's rows). */
static void
rooms (const WsHeatView *v, WsRect panel, double *over, double *under)
{
  double s = MAX (v->scale, 1.0);
  guint rows = MAX (v->legend_rows, ws_renderer_heat_legend_rows (v, panel));

  *over = WS_HEAT_TITLE_ROOM * s;
  *under = (WS_HEAT_SCALE_ROOM + rows * WS_HEAT_ENTRY_ROW) * s;
}

WsRect
ws_renderer_heat_map_rect (const WsHeatView *v, WsRect panel)
{
  double over, under, side;

  rooms (v, panel, &over, &under);
  /* Whole pixels, so that grid lines and cells fall on pixel edges (the
   * tolerance keeps a panel made to fit a side from rounding it down). */
  side = floor (MAX (MIN (panel.width, panel.height - over - under), 1.0) + 1e-6);
  return (WsRect) { round (panel.x + (panel.width - side) / 2), round (panel.y + over), side,
                    side };
}

double
ws_renderer_heat_panel_height (const WsHeatView *v, WsRect panel, double side)
{
  double over, under;

  rooms (v, panel, &over, &under);
  return over + side + under;
}

gboolean
ws_renderer_heat_cell_at (const WsHeatView *v, WsRect panel, double x, double y, double *row,
                          double *col)
{
  WsRect map = ws_renderer_heat_map_rect (v, panel);
  WsHeatPart part = part_of (v);

  if (x < map.x || y < map.y || x >= map.x + map.width || y >= map.y + map.height)
    return FALSE;
  *col = part.col + (x - map.x) * part.span / map.width;
  *row = part.row + (y - map.y) * part.span / map.height;
  return TRUE;
}

guint
ws_renderer_heat_legend (const WsHeatView *v, WsRect panel, WsLegendEntry e[WS_LEGEND_ENTRIES_MAX])
{
  WsRect map = ws_renderer_heat_map_rect (v, panel);

  return ws_renderer_heat_entries (v, &map, e);
}
