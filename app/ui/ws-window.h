/* ws-window.h: Warpscope's main window — the mode switcher, the pages, and
 * the actions the keyboard drives (Space, Left, Right, Home, +, −, F11). */
#pragma once

#include <adwaita.h>

#include "ws-bench-page.h"
#include "ws-primitives-page.h"
#include "ws-sorting-page.h"
#include "ws-window-sum-page.h"

G_BEGIN_DECLS

#define WS_TYPE_WINDOW (ws_window_get_type ())
G_DECLARE_FINAL_TYPE (WsWindow, ws_window, WS, WINDOW, AdwApplicationWindow)

GtkWidget     *ws_window_new          (GtkApplication *app);
WsSortingPage *ws_window_sorting_page (WsWindow       *window);
WsWindowSumPage *ws_window_window_sum_page (WsWindow   *window);
WsPrimitivesPage *ws_window_primitives_page (WsWindow *window);
WsBenchPage   *ws_window_bench_page   (WsWindow       *window);
/* The visible mode: "sorting", "window-sum", "primitives" or "benchmark". */
void           ws_window_set_mode     (WsWindow       *window,
                                       const char     *mode);
const char    *ws_window_get_mode     (WsWindow       *window);

G_END_DECLS
