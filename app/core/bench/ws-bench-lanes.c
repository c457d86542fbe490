/* ws-bench-lanes.c: running a plan's lanes (see ws-bench.h) — the CPU's on
 * the calling thread, each GPU's on a worker thread of its own, all GPUs at
 * once; ws-bench.c measures the configurations of each.
 *
 * A lane that fails (an error writing a row, stop_on_failure, a GPU that
 * cannot be used) cancels the run's own cancellable, which every lane
 * watches between samples and inside long runs (ws-cancel.h), so the others
 * stop after the sample they are taking; the caller's cancellable cancels
 * it too. The first error that is not that cancel is the run's.
 */
#include "ws-bench-private.h"

#include "ws-backend.h"
#include "ws-bench-devices.h"
#include "ws-cancel.h"
#include "ws-error.h"

/* ---- one run ---- */

typedef struct
{
  WsBenchShared  shared;
  GCancellable  *stop;     /* every lane's: cancelled by the caller's or a lane's failure */
  gulong         linked;   /* on the caller's cancellable */
  GCancellable  *cancellable;
  GMutex         errors;   /* guards error */
  GError        *error;    /* the first that is not stop's cancel */
  GError        *cancel;   /* the first cancel ("Stopped during …") */
} Run;

typedef struct
{
  Run               *run;
  const WsBenchLane *lane;
  GThread           *thread;
} Worker;

static void
on_cancelled (GCancellable *cancellable, gpointer data)
{
  g_cancellable_cancel (data);
}

/* A lane's error kept (taken): the first real one is the run's, and stops
 * the others; a cancel is kept only in case nothing else went wrong. */
static void
lane_failed (Run *r, GError *error)
{
  gboolean cancel = g_error_matches (error, WS_ERROR, WS_ERROR_CANCELLED);

  g_mutex_lock (&r->errors);
  if (cancel && r->cancel == NULL)
    r->cancel = g_steal_pointer (&error);
  else if (!cancel && r->error == NULL)
    r->error = g_steal_pointer (&error);
  g_mutex_unlock (&r->errors);
  g_clear_error (&error);
  if (!cancel)
    g_cancellable_cancel (r->stop);
}

/* A lane on this thread: its GPU chosen first (each host thread has its
 * own current device), the run's cancellable watched throughout. */
static void
lane_run (Run *r, const WsBenchLane *lane)
{
  const WsBackend *gpu = ws_backend_gpu ();
  GError *error = NULL;

  if (lane->configs->len == 0)
    return;
  ws_cancel_push (r->stop);
  if (lane->device >= 0 && gpu->use_device == NULL)
    g_set_error (&error, WS_ERROR, WS_ERROR_UNAVAILABLE,
                 "This build's GPU backend cannot choose a GPU: run without --devices");
  if (error == NULL && (lane->device < 0 || gpu->use_device (gpu, lane->device, &error))
      && !ws_bench_lane_run (&r->shared, lane, &error) && error == NULL)
    /* A failure must fail the run, whether or not it said why. */
    g_set_error (&error, WS_ERROR, WS_ERROR_IO, "A row of the run could not be kept");
  ws_cancel_pop ();
  if (error != NULL)
    lane_failed (r, error);
}

static gpointer
worker_main (gpointer data)
{
  Worker *w = data;

  lane_run (w->run, w->lane);
  return NULL;
}

/* Every GPU's lane at once, a thread each; back when all have ended. */
static void
run_gpus (Run *r)
{
  g_autofree Worker *workers = g_new0 (Worker, r->shared.lanes->len);
  GError *error = NULL;

  for (guint l = 0; l < r->shared.lanes->len; l++)
    {
      Worker *w = &workers[l];
      *w = (Worker) { r, r->shared.lanes->pdata[l], NULL };
      if (w->lane->device < 0 || w->lane->configs->len == 0)
        continue;
      w->thread = g_thread_try_new ("ws-bench-gpu", worker_main, w, &error);
      if (w->thread == NULL)
        lane_failed (r, g_steal_pointer (&error));
    }
  for (guint l = 0; l < r->shared.lanes->len; l++)
    if (workers[l].thread != NULL)
      g_thread_join (workers[l].thread);
}

/* A phase not begun because the run was stopped (a Ctrl-C that landed as
 * the phase before ended its last row): the run is a cancelled one, not a
 * finished one, so that --resume is offered and the rows it lacks are
 * not taken as done. */
static void
phase_skipped (Run *r, const char *what)
{
  lane_failed (r, g_error_new (WS_ERROR, WS_ERROR_CANCELLED, "Stopped before %s", what));
}

/* The lanes in their phases: with the baseline a CPU variant (the usual
 * case) the CPU's lane first, so that each GPU row finds its baseline, else
 * the GPUs first. The CPU's lane is never timed beside the GPUs' work. */
static void
run_lanes (Run *r)
{
  const WsBenchLane *first = r->shared.lanes->pdata[0];
  const WsBenchLane *cpu = first->device < 0 ? first : NULL;
  gboolean gpu_first = ws_variant_is_gpu (r->shared.plan->preset->baseline);

  if (cpu != NULL && !gpu_first)
    lane_run (r, cpu);
  if (!g_cancellable_is_cancelled (r->stop))
    run_gpus (r);
  else
    phase_skipped (r, "the GPUs' configurations");
  if (cpu != NULL && gpu_first)
    {
      if (!g_cancellable_is_cancelled (r->stop))
        lane_run (r, cpu);
      else
        phase_skipped (r, "the CPU's configurations");
    }
}

static void
run_init (Run *r, WsBenchPlan *plan, const WsBenchCallbacks *cb, gpointer user_data,
          GCancellable *cancellable)
{
  const GArray *devices = plan->preset->devices;

  *r = (Run) { { plan, cb, user_data } };
  r->shared.lanes = ws_bench_plan_lanes (plan);
  g_mutex_init (&r->shared.lock);
  r->shared.baselines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  r->shared.finished = g_new0 (gboolean, MAX (plan->configs->len, 1));
  r->shared.base_device = devices != NULL && devices->len > 0 ? g_array_index (devices, int, 0) : -1;
  g_mutex_init (&r->errors);
  r->stop = g_cancellable_new ();
  r->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  if (cancellable != NULL)
    r->linked = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), r->stop, NULL);
}

/* The run's error (the first real one, else the first cancel's) into error. */
static gboolean
run_clear (Run *r, GError **error)
{
  gboolean ok = r->error == NULL && r->cancel == NULL;

  if (r->error != NULL)
    g_propagate_error (error, g_steal_pointer (&r->error));
  else if (r->cancel != NULL)
    g_propagate_error (error, g_steal_pointer (&r->cancel));
  g_clear_error (&r->cancel);
  if (r->cancellable != NULL)
    g_cancellable_disconnect (r->cancellable, r->linked);
  g_clear_object (&r->cancellable);
  g_clear_object (&r->stop);
  g_mutex_clear (&r->errors);
  g_clear_pointer (&r->shared.lanes, g_ptr_array_unref);
  g_clear_pointer (&r->shared.baselines, g_hash_table_unref);
  g_clear_pointer (&r->shared.finished, g_free);
  g_mutex_clear (&r->shared.lock);
  return ok;
}

gboolean
ws_bench_run (WsBenchPlan *plan, const WsBenchCallbacks *callbacks, gpointer user_data,
              GCancellable *cancellable, GError **error)
{
  Run r;

  g_return_val_if_fail (plan != NULL && callbacks != NULL && callbacks->finished != NULL, FALSE);
  if (plan->gpus == NULL)
    plan->gpus = ws_bench_query_gpus (plan->preset, NULL);
  if (plan->estimate == NULL)
    plan->estimate = ws_bench_estimate_new (plan);
  run_init (&r, plan, callbacks, user_data, cancellable);
  /* Without devices, one lane on this thread, as before devices existed. */
  if (plan->preset->devices == NULL)
    lane_run (&r, r.shared.lanes->pdata[0]);
  else
    run_lanes (&r);
  return run_clear (&r, error);
}
