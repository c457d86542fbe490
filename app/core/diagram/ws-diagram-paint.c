/* ws-diagram-paint.c: the diagram's pens, shared by the drawing of the
 * wires (ws-diagram-draw.c) and of the bands and legend under them
 * (ws-diagram-bands.c): where the keys are tinted, a row's name, a
 * comparator's bar. */
#include "ws-diagram-private.h"

#include <math.h>

#include "ws-plot-paint.h"

#define REGISTERS_RGB 0x009e73 /* green */
#define SHARED_RGB    0x3f96d0 /* blue, lighter than the lit comparators' */
#define GLOBAL_RGB    0xe69f00 /* orange */

guint32
ws_diagram_memory_rgb (WsPlanMemory memory)
{
  switch (memory)
    {
    case WS_PLAN_REGISTERS:
      return REGISTERS_RGB;
    case WS_PLAN_SHARED:
      return SHARED_RGB;
    default:
      return GLOBAL_RGB;
    }
}

void
ws_diagram_paint_row_name (cairo_t               *cr,
                           const WsDiagramLayout *lay,
                           const char            *name,
                           double                 y)
{
  ws_plot_paint_font (cr, lay->font * 0.85, FALSE);
  ws_plot_paint_rgb (cr, WS_DIAGRAM_MUTED, 1);
  ws_plot_paint_text (cr, name, lay->margin_x, y, 0, 0.5);
}

void
ws_diagram_paint_bar (cairo_t *cr,
                      double   x,
                      double   ya,
                      double   yb,
                      double   radius)
{
  double dir = yb > ya ? 1 : -1;
  double head = MIN (radius * 2.4, fabs (yb - ya) * 0.45);

  cairo_new_sub_path (cr);
  cairo_arc (cr, x, ya, radius, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_move_to (cr, x, ya);
  cairo_line_to (cr, x, yb - dir * head * 0.7);
  cairo_stroke (cr);
  cairo_move_to (cr, x, yb);
  cairo_line_to (cr, x - radius * 1.15, yb - dir * head);
  cairo_line_to (cr, x + radius * 1.15, yb - dir * head);
  cairo_close_path (cr);
  cairo_fill (cr);
}
