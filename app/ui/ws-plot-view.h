/* ws-plot-view.h: a WsPlot on screen — drawn by the same Cairo code as the
 * CLI's exports, with the values of the point under the pointer as a
 * tooltip and the legend's entries clickable to hide and show a series.
 * Hidden series are remembered by name, so a plot rebuilt as rows arrive
 * keeps what the user switched off. */
#pragma once

#include <gtk/gtk.h>

#include "ws-plot.h"

G_BEGIN_DECLS

#define WS_TYPE_PLOT_VIEW (ws_plot_view_get_type ())
G_DECLARE_FINAL_TYPE (WsPlotView, ws_plot_view, WS, PLOT_VIEW, GtkWidget)

/* The tooltip of a point: its series' name and values, as the caller's
 * quantities read (time in ms, speedup as ×, …). */
typedef char *(*WsPlotViewFormat) (const WsPlotHit *hit,
                                   const char      *series,
                                   gpointer         data);

GtkWidget *ws_plot_view_new           (void);
/* Takes plot (NULL: nothing to show). */
void       ws_plot_view_set_plot      (WsPlotView       *view,
                                       WsPlot           *plot);
WsPlot    *ws_plot_view_get_plot      (WsPlotView       *view);
void       ws_plot_view_set_format    (WsPlotView       *view,
                                       WsPlotViewFormat  format,
                                       gpointer          data);
/* What hovering at (x, y) shows, or NULL; what a click there does: on a
 * legend entry, hides or shows its series (the last one shown stays). */
char      *ws_plot_view_tooltip_at    (WsPlotView       *view,
                                       double            x,
                                       double            y);
gboolean   ws_plot_view_click_at      (WsPlotView       *view,
                                       double            x,
                                       double            y);
/* Forgets the hidden series (a new table). */
void       ws_plot_view_show_all      (WsPlotView       *view);

G_END_DECLS
