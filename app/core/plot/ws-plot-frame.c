/* ws-plot-frame.c: one WsPlot drawing laid out whole, in order — the room
 * below the title, the axes' ranges, the plot area and the points
 * (ws-plot-layout.c), then the legend (ws-plot-legend.c), which may take
 * room at the right and lay the area out again. Above both, so that each
 * of them knows only what it stands on.
 */
#include "ws-plot-paint.h"
#include "ws-plot-private.h"

static double
title_bottom (const WsPlotFrame *f)
{
  double top = WS_PLOT_PAD * f->u;

  if (!ws_plot_has_text (f->title))
    return top;
  ws_plot_frame_title_font (f);
  return top + ws_plot_paint_line_height (f->cr) + WS_PLOT_GAP * f->u;
}

gboolean
ws_plot_frame_lay_out (WsPlotFrame *f)
{
  f->top = title_bottom (f);
  if (!ws_plot_frame_find_ranges (f))
    return FALSE;
  ws_plot_frame_layout (f, f->top, 0);
  ws_plot_frame_project (f);
  ws_plot_legend_place (f, f->top);
  return TRUE;
}
