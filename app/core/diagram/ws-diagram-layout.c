/* ws-diagram-layout.c: where everything of a diagram goes in a drawing of
 * a given size — rows from the top (title, stage names, layer numbers, the
 * wires, the GPU bands, the legend), columns from the left (the row names
 * and wire numbers, then the layers) — and hit testing on that layout. */
#include "ws-diagram-private.h"

#include <math.h>

#include "ws-plot-paint.h"

#define MARGIN     10.0 /* around everything, times the emphasis */
#define FONT       13.0 /* the title rows, bands and legend */
#define MAX_PITCH  44.0 /* wires further apart than this look lost */
#define GAP_UNITS  WS_DIAGRAM_GAP /* between layers, in sub-columns ... */
#define MIN_GAP    4.0            /* ... but never less than this, times the emphasis */
#define ROW        WS_DIAGRAM_ROW

static void
clamp_window (const WsDiagram       *d,
              const WsDiagramWindow *window,
              WsDiagramLayout       *lay)
{
  WsDiagramWindow all = { 0 };
  const WsDiagramWindow *w = window != NULL ? window : &all;

  lay->l0 = MIN (w->first_layer, d->n_layers);
  lay->l1 = w->n_layers == 0 ? d->n_layers : MIN (d->n_layers, lay->l0 + w->n_layers);
  lay->w0 = MIN (w->first_wire, d->n_wires - 1);
  lay->w1 = w->n_wires == 0 ? d->n_wires : MIN (d->n_wires, lay->w0 + w->n_wires);
}

/* Rows under the wires, in lines: the GPU bands (two rows, where the
 * diagram has a grouping) and the legend (the marks' line, and two more
 * for the grouping's key and caption). */
double
ws_diagram_bands_lines (const WsDiagram *d)
{
  return d->memory != NULL ? 2 * WS_DIAGRAM_ROW : 0;
}

double
ws_diagram_legend_lines (const WsDiagram *d)
{
  return WS_DIAGRAM_ROW * (d->memory != NULL ? 3 : 1);
}

/* Rows above the wires, in lines: the title, the stages' names (not for
 * odd-even, whose layers are its stages), the layer numbers. */
static double
head_lines (const WsDiagram *d)
{
  return (d->title != NULL ? ROW * 1.3 : 0) + (ws_network_kind (d->net) != WS_NETWORK_ODD_EVEN ? ROW : 0)
         + ROW;
}

/* The vertical layout: the wires take what the rows leave, up to
 * MAX_PITCH apart, and the whole is centred. */
static void
layout_rows (WsDiagramLayout *lay,
             const WsDiagram *d,
             double           height)
{
  double em = d->emphasis, margin = MARGIN * em, line = lay->font;
  double head = head_lines (d) * line;
  double foot = (ws_diagram_bands_lines (d) + ws_diagram_legend_lines (d)) * line + line * 0.6;
  guint wires = lay->w1 - lay->w0;
  double room = height - 2 * margin - head - foot;
  double y;

  lay->pitch = CLAMP (room / wires, 1.0, MAX_PITCH * em);
  y = MAX (margin, (height - head - foot - lay->pitch * wires) / 2);
  lay->title_y = y + line * ROW * 1.3 / 2;
  y += d->title != NULL ? line * ROW * 1.3 : 0;
  lay->stage_y = y + line * ROW / 2;
  y += ws_network_kind (d->net) != WS_NETWORK_ODD_EVEN ? line * ROW : 0;
  lay->number_y = y + line * ROW / 2;
  lay->top = y + line * ROW;
  y = ws_diagram_layout_bottom (lay) + line * 0.6;
  lay->launch_y = y + line * ROW / 2;
  lay->group_y = y + line * ROW * 3 / 2;
  lay->legend_y = y + ws_diagram_bands_lines (d) * line + line * ROW / 2;
}

/* The widest wire number shown, the row names ("stage", "launch"), and
 * room for a chip of the key's colour before the numbers. */
static double
label_room (WsDiagramLayout *lay,
            const WsDiagram *d,
            cairo_t         *cr)
{
  static const char *const names[] = { "stage", "layer", "launch", "registers" };
  /* The widest labels: the last key's wire (most digits) and the last wire
   * (padding's labels are longer). */
  g_autofree char *key = ws_diagram_wire_label (d, MIN (lay->w1, MAX (d->n_keys, lay->w0 + 1)) - 1);
  g_autofree char *last = ws_diagram_wire_label (d, lay->w1 - 1);
  double widest;

  ws_plot_paint_font (cr, lay->label_font, TRUE);
  widest = MAX (ws_plot_paint_text_width (cr, key), ws_plot_paint_text_width (cr, last));
  widest += lay->label_font * 1.3;
  ws_plot_paint_font (cr, lay->font * 0.85, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    widest = MAX (widest, ws_plot_paint_text_width (cr, names[i]));
  return widest;
}

/* The horizontal layout: the sub-columns share the width with the gaps,
 * no wider than the wires are apart; a narrow diagram sits centred with
 * its labels. */
static void
layout_columns (WsDiagramLayout *lay,
                const WsDiagram *d,
                cairo_t         *cr,
                double           width)
{
  double em = d->emphasis, margin = MARGIN * em, labels = label_room (lay, d, cr), room, used, x;
  guint layers = lay->l1 - lay->l0, columns = 0;

  for (guint l = lay->l0; l < lay->l1; l++)
    columns += d->columns[l];
  room = width - 3 * margin - labels - 4 * em;
  lay->unit = MIN (room / (columns + GAP_UNITS * (layers + 1)), MAX (lay->pitch, 12 * em));
  lay->gap = GAP_UNITS * lay->unit;
  if (lay->gap < MIN_GAP * em)
    {
      lay->gap = MIN_GAP * em;
      lay->unit = MAX ((room - lay->gap * (layers + 1)) / MAX (columns, 1), 0.5);
    }
  used = columns * lay->unit + lay->gap * (layers + 1);
  lay->page_margin = margin;
  lay->margin_x = margin + MAX (0, (room - used) / 2);
  lay->label_x = lay->margin_x + labels;
  lay->left = lay->label_x + 4 * em;
  lay->right = lay->left + used;
  lay->layer_x = g_new (double, layers + 1);
  x = lay->left + lay->gap;
  for (guint i = 0; i < layers; i++)
    {
      lay->layer_x[i] = x;
      x += d->columns[lay->l0 + i] * lay->unit + lay->gap;
    }
}

void
ws_diagram_layout_init (WsDiagramLayout       *lay,
                        const WsDiagram       *d,
                        cairo_t               *cr,
                        double                 width,
                        double                 height,
                        const WsDiagramWindow *window)
{
  *lay = (WsDiagramLayout) { .label_step = 1 };
  clamp_window (d, window, lay);
  lay->font = FONT * d->emphasis;
  layout_rows (lay, d, height);
  lay->label_font = CLAMP (lay->pitch * 0.8, 8 * d->emphasis, lay->font);
  while (lay->label_step * lay->pitch < lay->label_font * 1.05)
    lay->label_step *= 2;
  cairo_save (cr);
  layout_columns (lay, d, cr, width);
  cairo_restore (cr);
}

void
ws_diagram_layout_clear (WsDiagramLayout *lay)
{
  g_clear_pointer (&lay->layer_x, g_free);
}

double
ws_diagram_layout_x (const WsDiagramLayout *lay,
                     guint                  layer)
{
  return lay->layer_x[layer - lay->l0];
}

double
ws_diagram_layout_width (const WsDiagramLayout *lay,
                         const WsDiagram       *d,
                         guint                  layer)
{
  return d->columns[layer] * lay->unit;
}

double
ws_diagram_layout_bar_x (const WsDiagramLayout *lay,
                         guint                  layer,
                         guint                  column)
{
  return ws_diagram_layout_x (lay, layer) + (column + 0.5) * lay->unit;
}

double
ws_diagram_layout_wire_y (const WsDiagramLayout *lay,
                          guint                  wire)
{
  return lay->top + ((double) wire - lay->w0 + 0.5) * lay->pitch;
}

double
ws_diagram_layout_bottom (const WsDiagramLayout *lay)
{
  return lay->top + (lay->w1 - lay->w0) * lay->pitch;
}

/* ---- Hit testing ---- */

/* Layouts for hit testing measure text as image surfaces do. */
static void
layout_measured (WsDiagramLayout       *lay,
                 const WsDiagram       *d,
                 double                 width,
                 double                 height,
                 const WsDiagramWindow *window)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (s);

  ws_diagram_layout_init (lay, d, cr, width, height, window);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

static int
hit_layer (const WsDiagramLayout *lay,
           const WsDiagram       *d,
           double                 px,
           double                 py)
{
  double bottom = ws_diagram_bands_lines (d) > 0 ? lay->group_y + lay->font : ws_diagram_layout_bottom (lay);

  if (py < lay->stage_y - lay->font || py > bottom)
    return -1;
  for (guint l = lay->l0; l < lay->l1; l++)
    {
      double x0 = ws_diagram_layout_x (lay, l) - lay->gap / 2;
      if (px >= x0 && px < x0 + ws_diagram_layout_width (lay, d, l) + lay->gap)
        return (int) l;
    }
  return -1;
}

static int
hit_wire (const WsDiagramLayout *lay,
          double                 px,
          double                 py)
{
  double row = floor ((py - lay->top) / lay->pitch);

  if (px < lay->margin_x || px > lay->right || row < 0 || row >= lay->w1 - lay->w0)
    return -1;
  return (int) (lay->w0 + row);
}

/* The layer's bar nearest px whose wire span (and dots) holds py. */
static int
hit_comparator (const WsDiagramLayout *lay,
                const WsDiagram       *d,
                guint                  layer,
                double                 px,
                double                 py)
{
  guint n;
  const WsDiagramComparator *cmp = ws_diagram_layer (d, layer, &n);
  double reach = MAX (lay->unit / 2, 3 * d->emphasis), best = reach;
  int found = -1;

  for (guint i = 0; i < n; i++)
    {
      double x = ws_diagram_layout_bar_x (lay, layer, cmp[i].column);
      double ya = ws_diagram_layout_wire_y (lay, MIN (cmp[i].a, cmp[i].b));
      double yb = ws_diagram_layout_wire_y (lay, MAX (cmp[i].a, cmp[i].b));
      if (fabs (px - x) <= best && py >= ya - reach && py <= yb + reach)
        {
          best = fabs (px - x);
          found = (int) i;
        }
    }
  return found;
}

gboolean
ws_diagram_hit (const WsDiagram       *d,
                double                 width,
                double                 height,
                const WsDiagramWindow *window,
                double                 px,
                double                 py,
                WsDiagramHit          *hit)
{
  WsDiagramLayout lay;

  g_return_val_if_fail (d != NULL && hit != NULL, FALSE);
  *hit = (WsDiagramHit) { -1, -1, -1 };
  layout_measured (&lay, d, width, height, window);
  hit->layer = hit_layer (&lay, d, px, py);
  hit->wire = hit_wire (&lay, px, py);
  if (hit->layer >= 0)
    hit->comparator = hit_comparator (&lay, d, (guint) hit->layer, px, py);
  ws_diagram_layout_clear (&lay);
  return hit->layer >= 0 || hit->wire >= 0;
}

gboolean
ws_diagram_layer_span (const WsDiagram       *d,
                       double                 width,
                       double                 height,
                       const WsDiagramWindow *window,
                       guint                  layer,
                       double                *x0,
                       double                *x1)
{
  WsDiagramLayout lay;
  gboolean shown;

  g_return_val_if_fail (d != NULL && x0 != NULL && x1 != NULL, FALSE);
  layout_measured (&lay, d, width, height, window);
  shown = layer >= lay.l0 && layer < lay.l1;
  if (shown)
    {
      *x0 = ws_diagram_layout_x (&lay, layer);
      *x1 = *x0 + ws_diagram_layout_width (&lay, d, layer);
    }
  ws_diagram_layout_clear (&lay);
  return shown;
}

gboolean
ws_diagram_wire_y (const WsDiagram       *d,
                   double                 width,
                   double                 height,
                   const WsDiagramWindow *window,
                   guint                  wire,
                   double                *y)
{
  WsDiagramLayout lay;
  gboolean shown;

  g_return_val_if_fail (d != NULL && y != NULL, FALSE);
  layout_measured (&lay, d, width, height, window);
  shown = wire >= lay.w0 && wire < lay.w1;
  if (shown)
    *y = ws_diagram_layout_wire_y (&lay, wire);
  ws_diagram_layout_clear (&lay);
  return shown;
}
