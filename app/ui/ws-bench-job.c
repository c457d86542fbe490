/* ws-bench-job.c: a benchmark run on a worker (see ws-bench-job.h). */
#include "ws-bench-job.h"

#include "ws-bench-csv.h"
#include "ws-bench.h"

typedef enum { EVENT_STARTED, EVENT_ROW, EVENT_ENDED } EventKind;

typedef struct
{
  EventKind kind;
  char     *what;       /* started */
  guint     index, total;
  double    eta;
  GStrv     fields;     /* row */
  GError   *error;      /* ended */
} Event;

struct _WsBenchJob
{
  gatomicrefcount            refs;    /* the caller's and the worker's */
  WsBenchPlan               *plan;
  WsBenchCsv                *csv;
  char                      *error_log;
  GCancellable              *cancellable;
  WsBenchJobCallbacks        cb;
  gpointer                   data;
  gboolean                   abandoned; /* main thread only */
  GAsyncQueue               *events;    /* Event *, worker → main */
  gint                       drain_due; /* an idle is scheduled to drain */
};

static void
event_free (Event *e)
{
  g_free (e->what);
  g_strfreev (e->fields);
  g_clear_error (&e->error);
  g_free (e);
}

static void
job_unref (WsBenchJob *job)
{
  if (!g_atomic_ref_count_dec (&job->refs))
    return;
  g_clear_pointer (&job->plan, ws_bench_plan_free);
  g_clear_pointer (&job->csv, ws_bench_csv_close);
  g_clear_object (&job->cancellable);
  g_async_queue_unref (job->events);
  g_free (job->error_log);
  g_free (job);
}

/* ---- main thread: the events in the order they happened ---- */

static void
deliver (WsBenchJob *job, Event *e)
{
  if (job->abandoned)
    return;
  if (e->kind == EVENT_STARTED && job->cb.started)
    job->cb.started (job->data, e->what, e->index, e->total, e->eta);
  else if (e->kind == EVENT_ROW && job->cb.row)
    job->cb.row (job->data, g_steal_pointer (&e->fields));
  else if (e->kind == EVENT_ENDED && job->cb.ended)
    job->cb.ended (job->data, e->error);
}

static gboolean
drain (gpointer data)
{
  WsBenchJob *job = data;
  Event *e;

  g_atomic_int_set (&job->drain_due, 0);
  while ((e = g_async_queue_try_pop (job->events)) != NULL)
    {
      deliver (job, e);
      event_free (e);
    }
  return G_SOURCE_REMOVE;
}

/* ---- worker ---- */

static void
post (WsBenchJob *job, Event *e)
{
  g_async_queue_push (job->events, e);
  if (g_atomic_int_compare_and_exchange (&job->drain_due, 0, 1))
    {
      g_atomic_ref_count_inc (&job->refs);
      g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, drain, job, (GDestroyNotify) job_unref);
    }
}

static void
on_started (const WsBenchConfig *c, guint index, guint total, double eta, gpointer data)
{
  Event *e = g_new0 (Event, 1);

  *e = (Event) { EVENT_STARTED, ws_bench_config_describe (c), index, total, eta };
  post (data, e);
}

static gboolean
on_finished (const WsBenchRow *row, gpointer data, GError **error)
{
  WsBenchJob *job = data;
  g_auto (GStrv) fields = ws_bench_csv_fields (job->plan->preset, row);
  Event *e;

  if (!ws_bench_csv_append_fields (job->csv, (const char *const *) fields, error))
    return FALSE;
  ws_bench_error_log_append (job->error_log, row);
  e = g_new0 (Event, 1);
  e->kind = EVENT_ROW, e->fields = g_steal_pointer (&fields);
  post (job, e);
  return TRUE;
}

static gpointer
run (gpointer data)
{
  WsBenchJob *job = data;
  const WsBenchCallbacks cb = { on_started, on_finished, NULL };
  Event *e = g_new0 (Event, 1);

  e->kind = EVENT_ENDED;
  ws_bench_run (job->plan, &cb, job, job->cancellable, &e->error);
  /* The file is complete: close it before the caller hears of the end. */
  g_clear_pointer (&job->csv, ws_bench_csv_close);
  post (job, e);
  job_unref (job);
  return NULL;
}

/* ---- the caller's side ---- */

WsBenchJob *
ws_bench_job_start (WsPreset *preset, const char *dir, const WsBenchJobCallbacks *callbacks,
                    gpointer data, GError **error)
{
  g_autoptr (WsBenchPlan) plan = ws_bench_plan_new (preset, error);
  g_autofree char *csv_path = g_build_filename (dir, "result.csv", NULL);
  g_autoptr (WsBenchCsv) csv = NULL;
  g_autoptr (GThread) thread = NULL;
  WsBenchJob *job;

  /* ws_bench_csv_open makes dir as well */
  if (plan == NULL || (csv = ws_bench_csv_open (csv_path, error)) == NULL)
    return NULL;
  job = g_new0 (WsBenchJob, 1);
  g_atomic_ref_count_init (&job->refs);
  job->plan = g_steal_pointer (&plan), job->csv = g_steal_pointer (&csv);
  job->error_log = g_build_filename (dir, "error.log", NULL);
  job->cancellable = g_cancellable_new ();
  job->cb = *callbacks, job->data = data;
  job->events = g_async_queue_new_full ((GDestroyNotify) event_free);
  g_atomic_ref_count_inc (&job->refs); /* the worker's */
  thread = g_thread_try_new ("ws-bench", run, job, error);
  if (thread == NULL)
    {
      job_unref (job), job_unref (job);
      return NULL;
    }
  return job;
}

void
ws_bench_job_cancel (WsBenchJob *job)
{
  g_cancellable_cancel (job->cancellable);
}

void
ws_bench_job_abandon (WsBenchJob *job)
{
  job->abandoned = TRUE;
  g_cancellable_cancel (job->cancellable);
  job_unref (job);
}
