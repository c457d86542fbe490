/* ws-plot-save.c: a WsPlot to a PNG, SVG or PDF file (ws-figure.h). */
#include "ws-plot.h"

#include "ws-figure.h"

static void
draw_plot (cairo_t *cr,
           double   width,
           double   height,
           gpointer plot)
{
  ws_plot_draw (plot, cr, width, height);
}

gboolean
ws_plot_save (WsPlot      *plot,
              const char  *path,
              int          width,
              int          height,
              GError     **error)
{
  g_return_val_if_fail (plot != NULL, FALSE);

  return ws_figure_save (path, width, height, "plot", draw_plot, plot, error);
}
