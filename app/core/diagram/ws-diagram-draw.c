/* ws-diagram-draw.c: a diagram into a cairo_t — the layers' backgrounds
 * (alternating, or tinted by where the gpu variant runs them), the stage
 * and layer numbers, the wires with their labels, and the comparators; the
 * live state over them. The GPU bands and the legend are
 * ws-diagram-bands.c's, the pens (a row's name, a comparator's bar)
 * ws-diagram-paint.c's. */
#include "ws-diagram-private.h"

#include "ws-plot-paint.h"

#define WIRE      0x8c8c8c
#define PAD_WIRE  0xb9b9b9
#define ZEBRA     0xf0f0f0
#define LIT_FILL  0xffeaa0 /* the layer just run, framed in the accent of its bars */
#define SEPARATOR 0xa8a8a8 /* between stages */

/* ---- Backgrounds ---- */

/* A layer's band: its sub-columns and part of the gaps beside it, so that
 * a thin white seam is left between two layers. */
static void
layer_rect (cairo_t               *cr,
            const WsDiagramLayout *lay,
            const WsDiagram       *d,
            guint                  l)
{
  double x = ws_diagram_layout_x (lay, l) - lay->gap * 0.35;
  double w = ws_diagram_layout_width (lay, d, l) + lay->gap * 0.7;

  cairo_rectangle (cr, x, lay->top, w, ws_diagram_layout_bottom (lay) - lay->top);
}

static void
paint_backgrounds (const WsDiagram       *d,
                   cairo_t               *cr,
                   const WsDiagramLayout *lay,
                   int                    lit)
{
  for (guint l = lay->l0; l < lay->l1; l++)
    {
      /* A layer without comparators runs nowhere (odd-even's one pass of 1 key). */
      if (d->memory != NULL && d->starts[l + 1] > d->starts[l])
        ws_plot_paint_rgb (cr, ws_diagram_memory_rgb (d->memory[l]), l % 2 ? 0.16 : 0.24);
      else if (l % 2 == 1)
        ws_plot_paint_rgb (cr, ZEBRA, 1);
      else
        continue;
      layer_rect (cr, lay, d, l);
      cairo_fill (cr);
    }
  if (lit < (int) lay->l0 || lit >= (int) lay->l1)
    return;
  layer_rect (cr, lay, d, (guint) lit);
  ws_plot_paint_rgb (cr, LIT_FILL, d->memory != NULL ? 0.55 : 0.9);
  cairo_fill_preserve (cr);
  ws_plot_paint_rgb (cr, WS_DIAGRAM_ACCENT, 1);
  cairo_set_line_width (cr, 2 * d->emphasis);
  cairo_stroke (cr);
}

/* A thin line in the gap where a stage ends (not for odd-even, whose every
 * layer is a stage). */
static void
paint_stage_seams (const WsDiagram       *d,
                   cairo_t               *cr,
                   const WsDiagramLayout *lay)
{
  if (ws_network_kind (d->net) == WS_NETWORK_ODD_EVEN)
    return;
  ws_plot_paint_rgb (cr, SEPARATOR, 1);
  cairo_set_line_width (cr, d->emphasis);
  for (guint l = lay->l0; l + 1 < lay->l1; l++)
    if (ws_diagram_layer_stage (d, l) != ws_diagram_layer_stage (d, l + 1))
      {
        double x = ws_diagram_layout_x (lay, l + 1) - lay->gap / 2;
        cairo_move_to (cr, x, lay->stage_y - lay->font * 0.6);
        cairo_line_to (cr, x, ws_diagram_layout_bottom (lay));
      }
  cairo_stroke (cr);
}

/* ---- The rows above the wires ---- */

/* "k = 8" → "k=8". */
static void
drop_spaces (char *text)
{
  char *to = text;

  for (const char *c = text; *c != '\0'; c++)
    if (*c != ' ')
      *to++ = *c;
  *to = '\0';
}

/* Each stage's name centred over its layers, shortened ("k=8") or left out
 * where it does not fit. */
static void
paint_stages (const WsDiagram       *d,
              cairo_t               *cr,
              const WsDiagramLayout *lay)
{
  guint l = lay->l0;

  ws_diagram_paint_row_name (cr, lay, "stage", lay->stage_y);
  ws_plot_paint_rgb (cr, WS_DIAGRAM_INK, 1);
  while (l < lay->l1)
    {
      guint end = l + 1;
      g_autofree char *text = ws_diagram_stage_label (d, l);
      double x0 = ws_diagram_layout_x (lay, l) - lay->gap / 2, x1;

      while (end < lay->l1 && ws_diagram_layer_stage (d, end) == ws_diagram_layer_stage (d, l))
        end++;
      x1 = ws_diagram_layout_x (lay, end - 1) + ws_diagram_layout_width (lay, d, end - 1) + lay->gap / 2;
      if (ws_plot_paint_text_width (cr, text) > x1 - x0)
        drop_spaces (text);
      if (ws_plot_paint_text_width (cr, text) <= x1 - x0)
        ws_plot_paint_text (cr, text, (x0 + x1) / 2, lay->stage_y, 0.5, 0.5);
      l = end;
    }
}

/* Layer numbers from 1; every step-th where they do not all fit. */
static void
paint_numbers (const WsDiagram       *d,
               cairo_t               *cr,
               const WsDiagramLayout *lay)
{
  g_autofree char *widest = g_strdup_printf ("%u", MAX (lay->l1, 1));
  double narrowest = G_MAXDOUBLE, need;
  guint step = 1;

  ws_diagram_paint_row_name (cr, lay, "layer", lay->number_y);
  ws_plot_paint_rgb (cr, WS_DIAGRAM_INK, 1);
  for (guint l = lay->l0; l < lay->l1; l++)
    narrowest = MIN (narrowest, ws_diagram_layout_width (lay, d, l) + lay->gap);
  need = ws_plot_paint_text_width (cr, widest) * 1.3;
  while (step * narrowest < need && step < G_MAXUINT / 10)
    step = step == 1 ? 2 : step == 2 ? 5 : step * 2;
  for (guint l = lay->l0; l < lay->l1; l++)
    if ((l + 1) % step == 0 || (step > 1 && l == lay->l0))
      {
        g_autofree char *text = g_strdup_printf ("%u", l + 1);
        double x = ws_diagram_layout_x (lay, l) + ws_diagram_layout_width (lay, d, l) / 2;
        ws_plot_paint_text (cr, text, x, lay->number_y, 0.5, 0.5);
      }
}

static void
paint_head (const WsDiagram       *d,
            cairo_t               *cr,
            const WsDiagramLayout *lay,
            double                 width)
{
  if (d->title != NULL)
    {
      ws_plot_paint_fit_font (cr, d->title, lay->font * 1.25, width - 2 * lay->page_margin, TRUE);
      ws_plot_paint_rgb (cr, WS_DIAGRAM_INK, 1);
      ws_plot_paint_text (cr, d->title, width / 2, lay->title_y, 0.5, 0.5);
    }
  ws_plot_paint_font (cr, lay->font * 0.85, FALSE);
  if (ws_network_kind (d->net) != WS_NETWORK_ODD_EVEN)
    paint_stages (d, cr, lay);
  paint_numbers (d, cr, lay);
}

/* ---- Wires ---- */

static void
paint_wire_label (const WsDiagram       *d,
                  cairo_t               *cr,
                  const WsDiagramLayout *lay,
                  const WsDiagramState  *state,
                  guint                  w)
{
  g_autofree char *text = ws_diagram_wire_label (d, w);
  double y = ws_diagram_layout_wire_y (lay, w), chip = lay->label_font * 0.8;
  double end = lay->label_x - lay->label_font * 1.3;

  ws_plot_paint_font (cr, lay->label_font, state->hover.wire == (int) w);
  ws_plot_paint_rgb (cr, w < d->n_keys ? WS_DIAGRAM_INK : WS_DIAGRAM_MUTED, 1);
  ws_plot_paint_text (cr, text, end, y, 1, 0.5);
  if (state->wire_rgb == NULL)
    return;
  ws_plot_paint_rgb (cr, state->wire_rgb[w], 1);
  cairo_rectangle (cr, end + lay->label_font * 0.3, y - chip / 2, chip, chip);
  cairo_fill (cr);
}

static void
paint_wire (const WsDiagram       *d,
            cairo_t               *cr,
            const WsDiagramLayout *lay,
            const WsDiagramState  *state,
            guint                  w)
{
  double y = ws_diagram_layout_wire_y (lay, w), em = d->emphasis;
  double dash[] = { 4 * em, 3 * em };
  gboolean hovered = state->hover.wire == (int) w;

  cairo_set_dash (cr, dash, w < d->n_keys ? 0 : 2, 0);
  if (hovered)
    ws_plot_paint_rgb (cr, WS_DIAGRAM_INK, 1);
  else if (state->wire_rgb != NULL)
    ws_plot_paint_rgb (cr, state->wire_rgb[w], 1);
  else
    ws_plot_paint_rgb (cr, w < d->n_keys ? WIRE : PAD_WIRE, 1);
  cairo_set_line_width (cr, (hovered ? 2.6 : state->wire_rgb != NULL ? 2.2 : 1.1) * em);
  cairo_move_to (cr, lay->left, y);
  cairo_line_to (cr, lay->right, y);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  if (w % lay->label_step == 0 || hovered)
    paint_wire_label (d, cr, lay, state, w);
}

/* ---- Comparators ---- */

/* Whether the lit layer's comparator exchanged, by its wires' flags. */
static gboolean
swapped (const WsDiagramState      *state,
         guint                      l,
         const WsDiagramComparator *c)
{
  return state->swapped != NULL && (int) l == state->current_layer
         && (state->swapped[c->a] || state->swapped[c->b]);
}

static void
paint_layer (const WsDiagram       *d,
             cairo_t               *cr,
             const WsDiagramLayout *lay,
             const WsDiagramState  *state,
             guint                  l)
{
  guint n;
  const WsDiagramComparator *cmp = ws_diagram_layer (d, l, &n);
  double r = CLAMP (MIN (lay->unit, lay->pitch) * 0.3, d->emphasis, 4.5 * d->emphasis);
  double lw = CLAMP (r * 0.45, 0.8 * d->emphasis, 2 * d->emphasis);

  for (guint i = 0; i < n; i++)
    {
      gboolean hovered = state->hover.layer == (int) l && state->hover.comparator == (int) i;
      gboolean exchanged = swapped (state, l, &cmp[i]);

      if (MAX (cmp[i].a, cmp[i].b) < lay->w0 || MIN (cmp[i].a, cmp[i].b) >= lay->w1)
        continue;
      ws_plot_paint_rgb (cr, exchanged                            ? WS_DIAGRAM_SWAPPED
                             : hovered || (int) l == state->current_layer ? WS_DIAGRAM_ACCENT
                                                                  : WS_DIAGRAM_INK, 1);
      cairo_set_line_width (cr, lw * (hovered || exchanged ? 1.8 : 1));
      ws_diagram_paint_bar (cr, ws_diagram_layout_bar_x (lay, l, cmp[i].column),
                            ws_diagram_layout_wire_y (lay, cmp[i].a),
                            ws_diagram_layout_wire_y (lay, cmp[i].b), r * (hovered ? 1.3 : 1));
    }
}

/* Bars reaching past the wires shown are cut at the wires' area. */
static void
paint_comparators (const WsDiagram       *d,
                   cairo_t               *cr,
                   const WsDiagramLayout *lay,
                   const WsDiagramState  *state)
{
  cairo_save (cr);
  cairo_rectangle (cr, lay->left, lay->top, lay->right - lay->left,
                   ws_diagram_layout_bottom (lay) - lay->top);
  cairo_clip (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (guint l = lay->l0; l < lay->l1; l++)
    paint_layer (d, cr, lay, state, l);
  cairo_restore (cr);
}

void
ws_diagram_draw (const WsDiagram       *d,
                 cairo_t               *cr,
                 double                 width,
                 double                 height,
                 const WsDiagramWindow *window,
                 const WsDiagramState  *state)
{
  WsDiagramLayout lay;
  WsDiagramState none;

  g_return_if_fail (d != NULL && cr != NULL);
  if (state == NULL)
    ws_diagram_state_init (&none), state = &none;
  cairo_save (cr);
  ws_diagram_layout_init (&lay, d, cr, width, height, window);
  ws_plot_paint_rgb (cr, 0xffffff, 1);
  cairo_paint (cr);
  paint_backgrounds (d, cr, &lay, state->current_layer);
  paint_stage_seams (d, cr, &lay);
  paint_head (d, cr, &lay, width);
  for (guint w = lay.w0; w < lay.w1; w++)
    paint_wire (d, cr, &lay, state, w);
  paint_comparators (d, cr, &lay, state);
  ws_diagram_draw_bands (d, cr, &lay);
  ws_diagram_draw_legend (d, cr, &lay, width);
  ws_diagram_layout_clear (&lay);
  cairo_restore (cr);
}
