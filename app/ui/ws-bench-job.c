/* ws-bench-job.c: a benchmark run on a worker (see ws-bench-job.h). */
#include "ws-bench-job.h"

#include <glib/gstdio.h>

#include "ws-bench-csv.h"
#include "ws-bench-devices.h"
#include "ws-bench-estimate.h"
#include "ws-bench-json.h"
#include "ws-bench-record.h"
#include "ws-bench.h"
#include "ws-cancel.h"
#include "ws-error.h"

typedef enum { EVENT_STARTED, EVENT_ROW, EVENT_ENDED, EVENT_ESTIMATED } EventKind;

typedef struct
{
  EventKind kind;
  char     *what;       /* started */
  guint     index, total;
  double    eta;        /* started; estimated: the whole plan */
  gboolean  ask;        /* estimated */
  GStrv     fields;     /* row */
  GError   *error;      /* ended */
} Event;

struct _WsBenchJob
{
  gatomicrefcount            refs;    /* the caller's and the worker's */
  WsBenchPlan               *plan;
  WsBenchCsv                *csv;
  WsBenchJson               *json;      /* result.json (worker only) */
  char                      *json_path;
  char                      *dir;
  char                      *error_log;
  guint                      rows;      /* written (worker only) */
  GCancellable              *cancellable;
  WsBenchJobCallbacks        cb;
  gpointer                   data;
  gboolean                   abandoned; /* main thread only */
  GAsyncQueue               *events;    /* Event *, worker → main */
  gint                       drain_due; /* an idle is scheduled to drain */
  GMutex                     lock;      /* guards answer */
  GCond                      answered;
  int                        answer;    /* to a long estimate: 1 run, -1 not, 0 none yet */
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
  g_clear_pointer (&job->json, ws_bench_json_free);
  g_clear_object (&job->cancellable);
  g_async_queue_unref (job->events);
  g_mutex_clear (&job->lock);
  g_cond_clear (&job->answered);
  g_free (job->dir);
  g_free (job->json_path);
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
  else if (e->kind == EVENT_ESTIMATED && job->cb.estimated)
    job->cb.estimated (job->data, e->eta, e->ask);
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

  ws_bench_json_add_row (job->json, row, (const char *const *) fields);
  if (!ws_bench_csv_append_fields (job->csv, (const char *const *) fields, error)
      || !ws_bench_json_write_due (job->json, job->json_path, error))
    return FALSE;
  ws_bench_error_log_append (job->error_log, row);
  job->rows++;
  e = g_new0 (Event, 1);
  e->kind = EVENT_ROW, e->fields = g_steal_pointer (&fields);
  post (job, e);
  return TRUE;
}

/* The main thread's answer to a long estimate (a cancel answers no). */
static void
answer (WsBenchJob *job, int value)
{
  g_mutex_lock (&job->lock);
  if (job->answer == 0)
    job->answer = value;
  g_cond_signal (&job->answered);
  g_mutex_unlock (&job->lock);
}

static gboolean
wait_answer (WsBenchJob *job, double seconds, GError **error)
{
  g_autofree char *time = ws_bench_format_duration (seconds);
  int value;

  g_mutex_lock (&job->lock);
  while (job->answer == 0)
    g_cond_wait (&job->answered, &job->lock);
  value = job->answer;
  g_mutex_unlock (&job->lock);
  if (value > 0)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_CANCELLED, "Not started: the plan is estimated at about %s",
               time);
  return FALSE;
}

/* Calibrates the plan's estimate (on this worker: it runs the algorithms)
 * and says it; past the limit the run waits for the answer. FALSE with
 * WS_ERROR_CANCELLED when it is not to run. */
static gboolean
estimate (WsBenchJob *job, GError **error)
{
  WsBenchEstimate *est = ws_bench_estimate_new (job->plan);
  Event *e;
  gboolean ok;
  double seconds;

  job->plan->estimate = est;
  ws_cancel_push (job->cancellable);
  ok = ws_bench_estimate_calibrate (est, NULL);
  ws_cancel_pop ();
  if (!ok)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_CANCELLED, "Cancelled before the first configuration");
      return FALSE;
    }
  seconds = ws_bench_estimate_plan_left (est); /* the GPUs at once */
  e = g_new0 (Event, 1);
  e->kind = EVENT_ESTIMATED, e->eta = seconds, e->ask = seconds > WS_BENCH_CONFIRM_SECONDS;
  post (job, e);
  return seconds <= WS_BENCH_CONFIRM_SECONDS || wait_answer (job, seconds, error);
}

/* error.log says where a cancel stopped the run, as the CLI's does for a
 * signal. */
static void
log_cancel (WsBenchJob *job, const GError *error)
{
  g_autofree char *line = NULL;

  if (!g_error_matches (error, WS_ERROR, WS_ERROR_CANCELLED))
    return;
  line = g_strdup_printf ("cancelled in the application: %s; %u rows kept in result.csv",
                          error->message, job->rows);
  ws_bench_error_log_note (job->error_log, line);
}

/* A run that never began leaves no folder: a header and a record say
 * nothing. */
static void
forget_folder (WsBenchJob *job)
{
  static const char *const names[] = { "result.csv", WS_BENCH_JSON_FILE, WS_BENCH_RECORD_FILE,
                                       "error.log" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (job->dir, names[i], NULL);
      g_remove (path);
    }
  g_rmdir (job->dir);
}

/* run.ini beside result.csv, and result.json's context from it: here, as
 * the GPUs they name take a query to learn — one, whose answer the run's
 * rows read too (their share of the GPU's peak). */
static gboolean
write_record (WsBenchJob *job, GError **error)
{
  const WsPreset *preset = job->plan->preset;
  g_autoptr (GArray) gpus = ws_bench_query_gpus (preset, NULL);
  g_autoptr (WsBenchRecord) record = ws_bench_record_new (preset, gpus);

  job->json = ws_bench_json_new (ws_bench_context_new (preset, record, gpus));
  job->plan->gpus = g_steal_pointer (&gpus);
  return ws_bench_record_write (record, job->dir, error);
}

/* Every row with its samples, however the run ended; an error writing it
 * is the run's error unless it already has one. */
static void
write_json (WsBenchJob *job, GError **error)
{
  g_autoptr (GError) local = NULL;

  if (!ws_bench_json_write (job->json, job->json_path, &local) && *error == NULL)
    g_propagate_error (error, g_steal_pointer (&local));
}

static gpointer
run (gpointer data)
{
  WsBenchJob *job = data;
  const WsBenchCallbacks cb = { on_started, on_finished, NULL };
  Event *e = g_new0 (Event, 1);
  gboolean began = FALSE;

  e->kind = EVENT_ENDED;
  if (write_record (job, &e->error) && estimate (job, &e->error))
    {
      began = TRUE;
      ws_bench_run (job->plan, &cb, job, job->cancellable, &e->error);
      log_cancel (job, e->error);
      write_json (job, &e->error);
    }
  /* The file is complete: close it before the caller hears of the end. */
  g_clear_pointer (&job->csv, ws_bench_csv_close);
  if (!began)
    forget_folder (job);
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
  job->dir = g_strdup (dir);
  job->error_log = g_build_filename (dir, "error.log", NULL);
  job->json_path = g_build_filename (dir, WS_BENCH_JSON_FILE, NULL);
  g_mutex_init (&job->lock);
  g_cond_init (&job->answered);
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
ws_bench_job_confirm (WsBenchJob *job, gboolean run)
{
  answer (job, run ? 1 : -1);
}

void
ws_bench_job_cancel (WsBenchJob *job)
{
  g_cancellable_cancel (job->cancellable);
  answer (job, -1);
}

void
ws_bench_job_abandon (WsBenchJob *job)
{
  job->abandoned = TRUE;
  ws_bench_job_cancel (job);
  job_unref (job);
}
