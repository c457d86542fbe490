/* ws-window-sum-page.h: the window-sum mode — study 001's grid and its
 * window sums as heat maps, the launch's blocks and threads, a clicked
 * output's window, thread, block and tile, the output filled block by
 * block in launch order, and the last run's time and GFLOP/s. */
#pragma once

#include <gtk/gtk.h>

#include "ws-window-sum-view.h"

G_BEGIN_DECLS

#define WS_TYPE_WINDOW_SUM_PAGE (ws_window_sum_page_get_type ())
G_DECLARE_FINAL_TYPE (WsWindowSumPage, ws_window_sum_page, WS, WINDOW_SUM_PAGE, GtkBox)

GtkWidget  *ws_window_sum_page_new        (void);
/* Generates the grid and runs the chosen variant on a worker; a run
 * already under way is cancelled. */
void        ws_window_sum_page_run        (WsWindowSumPage *page);
/* Stops the run under way (the Run button's Cancel): the page is idle at
 * once and the worker returns within a chunk of work. */
void        ws_window_sum_page_cancel     (WsWindowSumPage *page);
gboolean    ws_window_sum_page_ready      (WsWindowSumPage *page);
/* Whether a worker, a cancelled one too, has yet to return. */
gboolean    ws_window_sum_page_working    (WsWindowSumPage *page);
/* Sets N, R, BS and K as the fields would. */
void        ws_window_sum_page_set_shape  (WsWindowSumPage *page,
                                           guint64          side,
                                           guint            radius,
                                           guint            block,
                                           guint            per_thread);
/* Chooses the output at (row, col), as a click on it does; the "row" and
 * "column" properties say which is chosen, with notify. */
void        ws_window_sum_page_choose     (WsWindowSumPage *page,
                                           guint64          row,
                                           guint64          col);
/* A click at (x, y) in the canvas's logical pixels. */
void        ws_window_sum_page_click      (WsWindowSumPage *page,
                                           double           x,
                                           double           y);
/* The pointer on the canvas (logical pixels), as its gestures report it:
 * a press at (x, y), moved by (dx, dy) since, released — the maps follow
 * once it moves past GTK's drag threshold (a pan), else a click at (x, y). */
void        ws_window_sum_page_drag_begin  (WsWindowSumPage *page,
                                            double           x,
                                            double           y);
void        ws_window_sum_page_drag_update (WsWindowSumPage *page,
                                            double           dx,
                                            double           dy);
void        ws_window_sum_page_drag_end    (WsWindowSumPage *page,
                                            double           dx,
                                            double           dy);
/* Both maps zoomed by factor about (x, y) (the wheel's: 1.25 a notch),
 * the cell there staying there; back to the whole maps (0, Ctrl+0, a
 * double click, the Whole Maps button). */
void        ws_window_sum_page_zoom_at    (WsWindowSumPage *page,
                                           double           x,
                                           double           y,
                                           double           factor);
void        ws_window_sum_page_fit        (WsWindowSumPage *page);
/* The maps' zoom (FALSE before the first run). */
gboolean    ws_window_sum_page_get_zoom   (WsWindowSumPage *page,
                                           WsWindowSumZoom *zoom);
/* Blocks run so far in the launch animation (all once it ends). */
void        ws_window_sum_page_set_blocks (WsWindowSumPage *page,
                                           guint64          done);
/* The window's transport on this page: play or pause the launch, move
 * it by delta blocks, or back to before it. */
void        ws_window_sum_page_toggle_launch (WsWindowSumPage *page);
void        ws_window_sum_page_step_blocks   (WsWindowSumPage *page,
                                              gint64           delta);
/* The launch's speed, times its natural pace (all blocks in about 8 s):
 * the "speed" property, 1/16 to 16. "playing" says whether it plays. */
void        ws_window_sum_page_set_speed  (WsWindowSumPage *page,
                                           double           speed);
/* The panel beside the canvas, shown or hidden (F9, the toggle over the
 * canvas); presentation mode hides it and leaving it shows it again. */
void        ws_window_sum_page_show_panel  (WsWindowSumPage *page,
                                            gboolean         show);
gboolean    ws_window_sum_page_panel_shown (WsWindowSumPage *page);
/* For tests: the canvas (to click on), the view it draws with its size
 * in device pixels (FALSE before the first run), and the texts shown. */
GtkWidget  *ws_window_sum_page_canvas     (WsWindowSumPage *page);
gboolean    ws_window_sum_page_view       (WsWindowSumPage *page,
                                           WsWindowSumView *view,
                                           int             *width,
                                           int             *height);
const char *ws_window_sum_page_run_text   (WsWindowSumPage *page);
const char *ws_window_sum_page_cell_text  (WsWindowSumPage *page);
const char *ws_window_sum_page_launch_text (WsWindowSumPage *page);

G_END_DECLS
