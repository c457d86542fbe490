/* ws-cancel.h: the cancellable of the run in progress on this thread.
 *
 * A benchmark is cancelled from the UI while one run may last many seconds
 * (odd-even transposition at 2^17 keys, the study's launch-per-phase GPU
 * seeds). Threading a GCancellable through every algorithm's signature
 * would touch them all for the few whose loops are long, so the runner
 * pushes its cancellable here for the duration of the run, and the long
 * loops ask between their steps. The slot is per thread: a run and its
 * loops share the worker thread, while other threads' runs are unaffected.
 *
 * A cancel is answered within 200 ms at the largest sizes the application
 * and the presets offer (issue 15; tests/core/test-cancel-lag.c and
 * tests/gpu/test-gpu-cancel.c measure it): every CPU loop over keys,
 * windows or queries, in the algorithms, in generating inputs and in
 * verifying results, goes in pieces with a look between two, and the CUDA
 * library looks between launches kept short (cuda/ws-cuda-common.cuh).
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

/* Cancel answers within 200 ms at the largest sizes the application and the
 * presets offer, so no loop may run long between two looks. Elements a CPU
 * loop handles between looks: about 0.1 ms of simple work in an optimised
 * build, a few ms under a sanitizer; loops whose element costs more (a
 * window, a search) look after a like amount of work. */
#define WS_CANCEL_STRIDE ((gsize) 1 << 16)

/* Whether a flag from ws_cancel_stop_flag (NULL: never) is raised. Read
 * once before an OpenMP region, the flag serves every thread of the team,
 * which cannot see the calling thread's slot: a thread that sees it skips
 * the rest of its share, and the caller reports the cancel once the region
 * has ended (ws_cancel_set_error). An algorithm stopped this way leaves
 * what it was writing unspecified; its callers drop it. */
static inline gboolean
ws_cancel_raised (const gint *flag)
{
  return flag != NULL && g_atomic_int_get (flag) != 0;
}

/* FALSE with WS_ERROR_CANCELLED when flag is raised, else TRUE: the end of a
 * loop that watched the flag. */
gboolean      ws_cancel_check_flag (const gint *flag,
                                    GError    **error);

/* memcpy in pieces of 4 MiB with a look (ws_cancel_check) before each but
 * the first: FALSE with WS_ERROR_CANCELLED, dst partly written, once
 * cancelled. The copies a run makes of 2^24 keys (64 MiB, their pages
 * faulted in) take tens of milliseconds, several times that on a loaded
 * machine. dst and src must not overlap. */
gboolean      ws_cancel_copy       (void       *dst,
                                    const void *src,
                                    gsize       bytes,
                                    GError    **error);

/* For sequential loops whose steps differ in cost: adds a step's work (in
 * elements) to *since and, once WS_CANCEL_STRIDE have passed since the last
 * look, looks (ws_cancel_check) and starts counting again. */
static inline gboolean
ws_cancel_tick (gsize   *since,
                gsize    work,
                GError **error)
{
  *since += work;
  if (*since < WS_CANCEL_STRIDE)
    return TRUE;
  *since = 0;
  return ws_cancel_check (error);
}

G_END_DECLS
