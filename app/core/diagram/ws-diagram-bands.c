/* ws-diagram-bands.c: what is drawn under the wires — the GPU grouping's
 * bands (one pill per kernel launch, one per trip through registers,
 * tinted by where the keys are) and the legend that says what the marks
 * mean and what the grouping stands for. */
#include "ws-diagram-private.h"

#include <string.h>

#include "ws-plot-paint.h"

/* ---- Bands ---- */

/* The first of the labels that fits in room ("" when none does). */
static const char *
fitting (cairo_t            *cr,
         const char *const  *labels,
         guint               n,
         double              room)
{
  for (guint i = 0; i < n; i++)
    if (ws_plot_paint_text_width (cr, labels[i]) <= room)
      return labels[i];
  return "";
}

static void
pill (cairo_t *cr,
      double   x0,
      double   x1,
      double   y,
      double   h)
{
  double r = MIN (h / 2, (x1 - x0) / 2);

  cairo_new_sub_path (cr);
  cairo_arc (cr, x0 + r, y, r, G_PI / 2, 3 * G_PI / 2);
  cairo_arc (cr, x1 - r, y, r, 3 * G_PI / 2, G_PI / 2);
  cairo_close_path (cr);
}

/* A span of layers as a pill at row y, cut to the layers shown, with the
 * longest of its labels that fits. */
static void
paint_span (const WsDiagram       *d,
            cairo_t               *cr,
            const WsDiagramLayout *lay,
            const WsDiagramSpan   *span,
            double                 y,
            const char *const     *labels,
            guint                  n_labels)
{
  guint a = MAX (span->first, lay->l0), b = MIN (span->first + span->n, lay->l1);
  double x0, x1;

  if (a >= b)
    return;
  x0 = ws_diagram_layout_x (lay, a) - lay->gap * 0.35;
  x1 = ws_diagram_layout_x (lay, b - 1) + ws_diagram_layout_width (lay, d, b - 1) + lay->gap * 0.35;
  pill (cr, x0, x1, y, lay->font * 1.15);
  ws_plot_paint_rgb (cr, ws_diagram_memory_rgb (span->memory), 0.3);
  cairo_fill_preserve (cr);
  ws_plot_paint_rgb (cr, ws_diagram_memory_rgb (span->memory), 1);
  cairo_set_line_width (cr, d->emphasis);
  cairo_stroke (cr);
  ws_plot_paint_rgb (cr, WS_DIAGRAM_INK, 1);
  ws_plot_paint_text (cr, fitting (cr, labels, n_labels, x1 - x0 - lay->font * 0.5), (x0 + x1) / 2,
                      y, 0.5, 0.5);
}

static void
paint_launch (const WsDiagram       *d,
              cairo_t               *cr,
              const WsDiagramLayout *lay,
              guint                  i)
{
  const WsDiagramSpan *span = &g_array_index (d->launches, WsDiagramSpan, i);
  g_autofree char *full = g_strdup_printf ("launch %u · %s", i + 1,
                                           span->memory == WS_PLAN_SHARED ? "tiles in shared memory"
                                                                          : "on global memory");
  g_autofree char *named = g_strdup_printf ("launch %u", i + 1);
  g_autofree char *bare = g_strdup_printf ("%u", i + 1);
  const char *const labels[] = { full, named, bare };

  paint_span (d, cr, lay, span, lay->launch_y, labels, G_N_ELEMENTS (labels));
}

static void
paint_group (const WsDiagram       *d,
             cairo_t               *cr,
             const WsDiagramLayout *lay,
             guint                  i)
{
  const WsDiagramSpan *span = &g_array_index (d->groups, WsDiagramSpan, i);
  g_autofree char *full = g_strdup_printf ("%u passes in registers", span->n);
  g_autofree char *bare = g_strdup_printf ("%u", span->n);
  const char *const labels[] = { full, "registers", bare };

  paint_span (d, cr, lay, span, lay->group_y, labels, G_N_ELEMENTS (labels));
}

void
ws_diagram_draw_bands (const WsDiagram       *d,
                       cairo_t               *cr,
                       const WsDiagramLayout *lay)
{
  if (d->memory == NULL)
    return;
  ws_diagram_paint_row_name (cr, lay, "launch", lay->launch_y);
  ws_diagram_paint_row_name (cr, lay, "registers", lay->group_y);
  ws_plot_paint_font (cr, lay->font * 0.85, FALSE);
  for (guint i = 0; i < d->launches->len; i++)
    paint_launch (d, cr, lay, i);
  for (guint i = 0; i < d->groups->len; i++)
    paint_group (d, cr, lay, i);
}

/* ---- The legend ---- */

typedef enum
{
  MARK_NONE,
  MARK_BAR,    /* a comparator */
  MARK_DASH,   /* a padding wire */
  MARK_SWATCH, /* a memory's tint */
} Mark;

typedef struct
{
  Mark        mark;
  guint32     rgb;
  const char *text;
} Item;

/* An item's width at the current font; painted at (x, y) when paint. */
static double
item (cairo_t    *cr,
      const Item *it,
      double      x,
      double      y,
      double      size,
      gboolean    paint)
{
  double mark = it->mark == MARK_NONE ? 0 : it->mark == MARK_DASH ? size * 2 : size * 1.1;

  if (paint && it->mark == MARK_BAR)
    ws_diagram_paint_bar (cr, x + mark / 2, y - size * 0.7, y + size * 0.7, size * 0.24);
  if (paint && it->mark == MARK_SWATCH)
    {
      ws_plot_paint_rgb (cr, it->rgb, 0.45);
      cairo_rectangle (cr, x, y - size * 0.45, mark, size * 0.9);
      cairo_fill (cr);
    }
  if (paint && it->mark == MARK_DASH)
    {
      double dash[] = { size * 0.3, size * 0.22 };
      cairo_set_dash (cr, dash, 2, 0);
      cairo_move_to (cr, x, y);
      cairo_line_to (cr, x + mark, y);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  if (paint)
    ws_plot_paint_rgb (cr, WS_DIAGRAM_INK, 1);
  if (paint)
    ws_plot_paint_text (cr, it->text, x + mark + (mark > 0 ? size * 0.35 : 0), y, 0, 0.5);
  return mark + (mark > 0 ? size * 0.35 : 0) + ws_plot_paint_text_width (cr, it->text) + size * 1.2;
}

/* The longest head of text that fits in room with an ellipsis after it
 * (whole words where it can). */
static char *
shortened (cairo_t *cr, const char *text, double room)
{
  g_autofree char *head = g_strdup (text);
  char *cut;

  while ((cut = strrchr (head, ' ')) != NULL)
    {
      g_autofree char *tried = NULL;
      *cut = '\0';
      tried = g_strconcat (head, " …", NULL);
      if (ws_plot_paint_text_width (cr, tried) <= room)
        return g_steal_pointer (&tried);
    }
  return g_strdup ("…");
}

/* One line of items from the labels' left edge to the page's right
 * margin, the font shrunk (to 60% at most) where it would not fit; past
 * that, items that would run over the edge are left out and a first one
 * is cut short with an ellipsis (a narrow widget: its tooltip says all). */
static void
legend_line (cairo_t               *cr,
             const WsDiagramLayout *lay,
             const Item            *items,
             guint                  n,
             double                 y,
             double                 width)
{
  double size = lay->font * 0.9, right = width - lay->page_margin, used = 0;
  double x = lay->margin_x;

  ws_plot_paint_font (cr, size, FALSE);
  for (guint i = 0; i < n; i++)
    used += item (cr, &items[i], 0, y, size, FALSE);
  if (used > right - x)
    size *= MAX ((right - x) / used, 0.6);
  ws_plot_paint_font (cr, size, FALSE);
  cairo_set_line_width (cr, size * 0.1);
  for (guint i = 0; i < n; i++)
    {
      double w = item (cr, &items[i], x, y, size, FALSE);
      if (x + w - size * 1.2 > right && i > 0)
        break;
      if (x + w - size * 1.2 > right)
        {
          g_autofree char *cut = shortened (cr, items[i].text, right - x - (w - size * 1.2
                                            - ws_plot_paint_text_width (cr, items[i].text)));
          Item shorter = { items[i].mark, items[i].rgb, cut };
          item (cr, &shorter, x, y, size, TRUE);
          break;
        }
      x += item (cr, &items[i], x, y, size, TRUE);
    }
}

void
ws_diagram_draw_legend (const WsDiagram       *d,
                        cairo_t               *cr,
                        const WsDiagramLayout *lay,
                        double                 width)
{
  g_autofree char *pads = g_strdup_printf ("wires %u to %u: padding fed +∞ (bitonic sorts a power "
                                           "of two)", d->n_keys, d->n_wires - 1);
  Item marks[] = {
    { MARK_BAR, 0, "comparator: the smaller key leaves on the dot's wire, the larger on the arrow's" },
    { MARK_DASH, 0, pads },
  };
  Item gpu[] = {
    { MARK_NONE, 0, "GPU, where the keys are compared:" },
    { MARK_SWATCH, ws_diagram_memory_rgb (WS_PLAN_REGISTERS), "registers" },
    { MARK_SWATCH, ws_diagram_memory_rgb (WS_PLAN_SHARED), "shared memory" },
    { MARK_SWATCH, ws_diagram_memory_rgb (WS_PLAN_GLOBAL), "global memory" },
    { MARK_NONE, 0, "· each launch is one trip of all keys through global memory" },
  };
  Item caption[] = { { MARK_NONE, 0, d->gpu_caption } };
  double line = lay->font * WS_DIAGRAM_ROW;

  legend_line (cr, lay, marks, d->n_keys < d->n_wires ? 2 : 1, lay->legend_y, width);
  if (d->memory == NULL)
    return;
  legend_line (cr, lay, gpu, G_N_ELEMENTS (gpu), lay->legend_y + line, width);
  legend_line (cr, lay, caption, 1, lay->legend_y + 2 * line, width);
}
