/* ws-bench-job.h: one benchmark run of the application, on a worker thread.
 *
 * The plan runs with ws_bench_run in a thread; every finished row is
 * appended to DIR/result.csv (and a failure's line to DIR/error.log) on the
 * worker, flushed to the disk before the application hears of it, so that
 * a cancel or a crash keeps every finished row. Before the first row the
 * worker calibrates the plan's estimate (ws-bench-estimate.h) and says how
 * long it will take; past WS_BENCH_CONFIRM_SECONDS it waits for
 * ws_bench_job_confirm. What happens reaches the
 * caller on the main thread, in order, through a queue drained from an
 * idle. Cancel is honoured within a run: ws_bench_run stops between
 * samples, and the long loops (network passes, the window sum's rows, the
 * seeds' kernel launches) ask ws-cancel.h between their steps. */
#pragma once

#include <glib.h>

#include "ws-preset.h"

G_BEGIN_DECLS

typedef struct _WsBenchJob WsBenchJob;

typedef struct
{
  /* A configuration starts: "bitonic gpu n=1024 #0", index of total, and
   * the seconds left by the run's guess (negative before one is known). */
  void (*started) (gpointer data, const char *what, guint index, guint total, double eta);
  /* A row is on the disk: its result.csv fields (taken). */
  void (*row)     (gpointer data, GStrv fields);
  /* The run is over: error NULL when it finished; WS_ERROR_CANCELLED when
   * cancelled, or declined or cancelled before its first configuration (its
   * folder is then removed again); anything else when it could not go on.
   * The last call. */
  void (*ended)   (gpointer data, const GError *error);
  /* Before the first configuration: the seconds the plan is estimated at;
   * when ask, the run waits for ws_bench_job_confirm. May be NULL (then a
   * run that asks waits for the answer all the same). */
  void (*estimated) (gpointer data, double seconds, gboolean ask);
} WsBenchJobCallbacks;

/* Plans preset (taken), creates dir, its result.csv and run.ini, and
 * starts the worker; NULL with an error a user can act on when any of that
 * fails. */
WsBenchJob *ws_bench_job_start   (WsPreset                  *preset,
                                  const char                *dir,
                                  const WsBenchJobCallbacks *callbacks,
                                  gpointer                   data,
                                  GError                   **error);
/* The answer to an estimate that asked: run it, or not (then `ended`
 * follows as for a cancel). */
void        ws_bench_job_confirm (WsBenchJob                *job,
                                  gboolean                   run);
/* Asks the run to stop (a pending question is answered no); `ended`
 * follows. */
void        ws_bench_job_cancel  (WsBenchJob                *job);
/* Cancels and forgets the caller: no callback comes any more (the caller
 * is going away). The job frees itself when its worker returns. */
void        ws_bench_job_abandon (WsBenchJob                *job);

G_END_DECLS
