/* ws-debug-window.h: "Debug your sort" — a student's sort beside the
 * reference network. The student brings a trace, a CUDA stage kernel or a
 * C function (or writes a kernel in the window's editor); the two sorts
 * animate one above the other on one clock, and the first pass where the
 * student's parts from the reference is told and marked on both. The file
 * is run again whenever it changes on disk, so a student can edit in their
 * own editor and watch. Opened from the Sorting Networks mode. */
#pragma once

#include <gtk/gtk.h>

#include "ws-network.h"

G_BEGIN_DECLS

#define WS_TYPE_DEBUG_WINDOW (ws_debug_window_get_type ())
G_DECLARE_FINAL_TYPE (WsDebugWindow, ws_debug_window, WS, DEBUG_WINDOW, GtkWindow)

GtkWidget *ws_debug_window_new  (GtkWindow     *parent,
                                 WsNetworkKind  network);
/* Opens path: a trace (shown), or a kernel or C function (run). */
void       ws_debug_window_open (WsDebugWindow *self,
                                 const char    *path);
/* The pass both sorts show, and in all (0 before anything is shown). */
guint      ws_debug_window_pass     (WsDebugWindow *self);
guint      ws_debug_window_n_passes (WsDebugWindow *self);
/* What the window says about the student's sort. */
const char *ws_debug_window_verdict (WsDebugWindow *self);

G_END_DECLS
