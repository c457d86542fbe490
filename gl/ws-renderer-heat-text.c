/* ws-renderer-heat-text.c: a heat map's title, and under it the colour
 * scale and the legend — an entry for every mark drawn, for the launch's
 * lines where they are drawn and for the hatch of cells not run yet, each
 * with a swatch drawn as the map draws it (see ws-renderer.h). Which
 * entries, in which rows, and where the map lies are
 * ws-renderer-heat-layout.c's. */
#include "ws-renderer-private.h"

#include <math.h>

#include "ws-legend.h"

/* The map's line colour and the hatch's, as in heat.frag. */
static const double line_rgb[3] = { 0.93, 0.94, 0.96 };
static const double pending_rgb[3] = { 0.16, 0.17, 0.20 };

/* ---- swatches ---- */

static void
fill_square (cairo_t *cr, double x, double y, double side, const double rgb[3], double alpha)
{
  cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], alpha);
  cairo_rectangle (cr, x, y, side, side);
  cairo_fill (cr);
}

/* A mark as on the map: over a cell of the colour map's middle, its fill
 * (a ring for the halo) and its frame. */
static void
paint_mark (cairo_t *cr, WsMarkKind kind, double x, double y, double side, double s,
            const double cell[3])
{
  float outline[4], fill[4];
  double t = 2 * s, o[3] = { 0 }, f[3] = { 0 };

  ws_renderer_mark_colours (kind, outline, fill);
  for (guint i = 0; i < 3; i++)
    o[i] = outline[i], f[i] = fill[i];
  fill_square (cr, x, y, side, cell, 1.0);
  fill_square (cr, x, y, side, f, fill[3]);
  if (kind == WS_MARK_HALO)
    fill_square (cr, x + side / 3, y + side / 3, side / 3, cell, 1.0);
  cairo_set_source_rgb (cr, o[0], o[1], o[2]);
  cairo_set_line_width (cr, t);
  cairo_rectangle (cr, x + t / 2, y + t / 2, side - t, side - t);
  cairo_stroke (cr);
}

/* Lines through a cell-coloured square, blended as heat.frag blends them. */
static void
paint_lines (cairo_t *cr, double x, double y, double side, double s, const double cell[3],
             double blend)
{
  double w = MAX (round (s), 1.0);

  fill_square (cr, x, y, side, cell, 1.0);
  cairo_set_source_rgba (cr, line_rgb[0], line_rgb[1], line_rgb[2], blend);
  cairo_rectangle (cr, round (x + side / 2), y, w, side);
  cairo_rectangle (cr, x, round (y + side / 2), side, w);
  cairo_fill (cr);
}

static void
paint_hatch (cairo_t *cr, double x, double y, double side, double s)
{
  fill_square (cr, x, y, side, pending_rgb, 1.0);
  cairo_save (cr);
  cairo_rectangle (cr, x, y, side, side);
  cairo_clip (cr);
  cairo_set_source_rgb (cr, pending_rgb[0] * 1.6, pending_rgb[1] * 1.6, pending_rgb[2] * 1.6);
  cairo_set_line_width (cr, 2 * s);
  for (double d = -side; d < side; d += 8 * s)
    cairo_move_to (cr, x + d, y + side), cairo_line_to (cr, x + d + side, y);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* One entry, its swatch's left at x, its middle at y; returns its width. */
static double
paint_entry (cairo_t *cr, const WsLegendEntry *e, double x, double y, double s,
             WsColormapStyle style)
{
  double side = WS_HEAT_SWATCH * s, top = round (y - side / 2), cell[3];
  guint8 rgb[3];

  ws_colormap_rgb (0.5, style, rgb);
  for (guint i = 0; i < 3; i++)
    cell[i] = rgb[i] / 255.0;
  x = round (x), side = round (side);
  if (e->kind == WS_LEGEND_MARK)
    paint_mark (cr, e->mark, x, top, side, s, cell);
  else if (e->kind == WS_LEGEND_PENDING)
    paint_hatch (cr, x, top, side, s);
  else
    paint_lines (cr, x, top, side, s, cell, e->kind == WS_LEGEND_BLOCK_LINES ? 0.6 : 0.25);
  return side + WS_HEAT_SWATCH_GAP * s
         + ws_legend_text (cr, ws_renderer_heat_entry_label (e), x + side + WS_HEAT_SWATCH_GAP * s,
                           y, WS_ALIGN_START);
}

/* ---- title, colour scale and legend as layers ---- */

typedef struct
{
  const WsHeatView *view;
  WsRect            map;
  WsRect            panel;
  WsColormapStyle   style;
  WsLegendEntry     entries[WS_LEGEND_ENTRIES_MAX];
  guint             n_entries;
} HeatText;

static void
paint_title (cairo_t *cr, int width, int height, gconstpointer data)
{
  const HeatText *t = data;

  ws_legend_font (cr, MAX (t->view->scale, 1.0), TRUE);
  ws_legend_text (cr, t->view->title, t->map.x - t->panel.x, height / 2.0, WS_ALIGN_START);
}

/* The colour scale centred in its row, then the entries' rows, each
 * centred under the map. */
static void
paint_legend (cairo_t *cr, int width, int height, gconstpointer data)
{
  const HeatText *t = data;
  double s = MAX (t->view->scale, 1.0), widths[WS_LEGEND_ENTRIES_MAX];
  guint first[WS_LEGEND_ENTRIES_MAX + 1], rows;

  ws_legend_font (cr, s, FALSE);
  ws_legend_scale (cr, t->view->vmin, t->view->vmax, width / 2.0, WS_HEAT_SCALE_ROOM * s / 2,
                   MIN (160 * s, t->map.width / 2), s, WS_ALIGN_CENTRE, t->style);
  rows = ws_renderer_heat_legend_layout (cr, t->entries, t->n_entries, width, s, first, widths);
  for (guint r = 0; r < rows; r++)
    {
      double x = (width - widths[r]) / 2;
      double y = (WS_HEAT_SCALE_ROOM + (r + 0.5) * WS_HEAT_ENTRY_ROW) * s;
      for (guint i = first[r]; i < first[r + 1]; i++)
        x += paint_entry (cr, &t->entries[i], x, y, s, t->style) + WS_HEAT_ENTRY_GAP * s;
    }
}

/* What the legend layer shows, as its key: painted again when it changes. */
static char *
legend_key (const HeatText *t, double s)
{
  GString *key = g_string_new (NULL);

  g_string_printf (key, "%.17g|%.17g|%g|%g|%g|%d", t->view->vmin, t->view->vmax, t->map.width,
                   t->panel.width, s, t->style);
  for (guint i = 0; i < t->n_entries; i++)
    g_string_append_printf (key, "|%d.%d.%s", t->entries[i].kind, t->entries[i].mark,
                            ws_renderer_heat_entry_label (&t->entries[i]));
  return g_string_free (key, FALSE);
}

void
ws_renderer_heat_draw_text (WsRenderer *r, const WsHeatView *v, WsRect panel, WsRect map,
                            int width, int height)
{
  HeatText t = { v, map, panel, r->style };
  double s = MAX (v->scale, 1.0);
  guint rows = MAX (v->legend_rows, ws_renderer_heat_legend_rows (v, panel));
  const char *slot = v->slot == WS_HEAT_INPUT ? "input" : "output";
  g_autofree char *title_name = g_strconcat ("heat-title-", slot, NULL);
  g_autofree char *legend_name = g_strconcat ("heat-legend-", slot, NULL);
  g_autofree char *title_key = g_strdup_printf ("%s|%g|%g", v->title ? v->title : "",
                                                map.x - panel.x, s);
  g_autofree char *key = NULL;

  t.n_entries = ws_renderer_heat_entries (v, &map, t.entries);
  key = legend_key (&t, s);
  if (v->title != NULL)
    ws_layers_draw (r->layers, title_name, title_key, (int) panel.x, (int) panel.y,
                    (int) panel.width, (int) (WS_HEAT_TITLE_ROOM * s), paint_title, &t, width,
                    height);
  ws_layers_draw (r->layers, legend_name, key, (int) panel.x, (int) (map.y + map.height),
                  (int) panel.width,
                  (int) ((WS_HEAT_SCALE_ROOM + rows * WS_HEAT_ENTRY_ROW) * s), paint_legend, &t,
                  width, height);
}
