/* ws-cancel.h: the cancellable of the run in progress on this thread.
 *
 * A benchmark is cancelled from the UI while one run may last many seconds
 * (odd-even transposition at 2^17 keys, the study's launch-per-phase GPU
 * seeds). Threading a GCancellable through every algorithm's signature
 * would touch them all for the few whose loops are long, so the runner
 * pushes its cancellable here for the duration of the run, and the long
 * loops ask between their steps. The slot is per thread: a run and its
 * loops share the worker thread, while other threads' runs are unaffected.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Makes cancellable (may be NULL: never cancelled) the current one of this
 * thread until the matching ws_cancel_pop. Pushes nest; the inner one is
 * current until popped. */
void          ws_cancel_push      (GCancellable *cancellable);
/* Ends the last push of this thread: the one before it, or none, is current again. */
void          ws_cancel_pop       (void);

/* This thread's current cancellable, or NULL. */
GCancellable *ws_cancel_current   (void);

/* Whether the current cancellable has been cancelled: a thread-local read
 * and an atomic one, cheap enough to ask between the passes of a network. */
gboolean      ws_cancel_requested (void);

/* TRUE to go on; FALSE with WS_ERROR_CANCELLED ("Cancelled") once requested. */
gboolean      ws_cancel_check     (GError **error);
/* That error, for a loop that saw the request some other way (cpu-par
 * threads agreeing on it) and must report it even if it was since reset. */
void          ws_cancel_set_error (GError **error);

/* An int that turns nonzero (atomically, from the thread that cancels)
 * when the current cancellable is cancelled, for code that cannot call
 * GLib's objects: the CUDA library reads it between kernel launches. Valid
 * until the push is popped; NULL when nothing is pushed. */
const gint   *ws_cancel_stop_flag (void);

G_END_DECLS
