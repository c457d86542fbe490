/* ws-debug-window-private.h: what the debug window's two files share —
 * ws-debug-window.c (the file, the editor, running the student's code)
 * and ws-debug-window-play.c (the two sorts on one clock). */
#pragma once

#include <gtksourceview/gtksource.h>

#include "ws-canvas.h"
#include "ws-debug-window.h"
#include "ws-network-scene.h"
#include "ws-pacer.h"
#include "ws-trace-scene.h"

struct _WsDebugWindow
{
  GtkWindow      parent_instance;

  /* template */
  GtkLabel      *file_label, *verdict, *pass_label;
  GtkDropDown   *network, *key_type;
  GtkEntry      *n_entry;
  GtkSpinButton *seed;
  GtkSourceView *source;
  WsCanvas      *student_canvas, *reference_canvas;
  GtkButton     *play_button;
  GtkAdjustment *pass_adjustment;

  /* the file: a trace, a kernel, a C function, or a kernel written here */
  GFile         *file;
  GFileMonitor  *monitor;
  guint          reload_id;
  char          *scratch_dir;  /* where a kernel written here is saved to run */
  char          *last_run;     /* the source last run, to tell our own saves */
  GCancellable  *running;

  /* the two sorts */
  WsTraceScene   *student;
  WsNetworkScene *reference;
  WsPacer         pacer;
  gboolean        seeking;     /* the scale follows the clock */
};

/* ws-debug-window-play.c */
void     ws_debug_window_init_play (WsDebugWindow *self);
/* Shows the student's scene beside the reference's (both taken) from the
 * pass shown before, or the input. */
void     ws_debug_window_show      (WsDebugWindow  *self,
                                    WsTraceScene   *student,
                                    WsNetworkScene *reference);
/* Nothing shown (a run failed before it made a trace). */
void     ws_debug_window_clear     (WsDebugWindow *self);
void     ws_debug_window_seek      (WsDebugWindow *self,
                                    guint          pass);
void     ws_debug_window_play      (WsDebugWindow *self);
/* Stops the clock and drops both scenes, each in its canvas's context:
 * before the widgets go. */
void     ws_debug_window_stop      (WsDebugWindow *self);
