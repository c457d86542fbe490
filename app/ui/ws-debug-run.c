/* ws-debug-run.c: a trace read or a student's code run, and the scenes
 * made, on a worker (see ws-debug-run.h). */
#include "ws-debug-run.h"

#include <glib/gstdio.h>
#include <string.h>

#include "ws-array-io.h"
#include "ws-error.h"

/* A trace is shown in the editor up to this size. */
#define MAX_SHOWN_TRACE (1 << 20)

typedef struct
{
  char          *path;
  WsNetworkKind  network;
  WsArray       *input;  /* code: the keys it sorts; NULL for a trace */
} Job;

static void
job_free (Job *job)
{
  g_free (job->path);
  g_clear_pointer (&job->input, ws_array_free);
  g_free (job);
}

void
ws_debug_outcome_free (WsDebugOutcome *o)
{
  if (o == NULL)
    return;
  g_clear_pointer (&o->student, ws_trace_scene_free);
  g_clear_pointer (&o->reference, ws_network_scene_free);
  g_free (o->verdict);
  g_free (o->text);
  g_free (o);
}

char *
ws_debug_cli_path (GError **error)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = self ? g_path_get_dirname (self) : NULL;
  g_autofree char *beside = dir ? g_build_filename (dir, "warpscope-cli", NULL) : NULL;
  g_autofree char *built = dir ? g_build_filename (dir, "..", "cli", "warpscope-cli", NULL) : NULL;
  const char *env = g_getenv ("WS_CLI");

  if (env != NULL && *env != '\0')
    return g_strdup (env);
  if (beside != NULL && g_file_test (beside, G_FILE_TEST_IS_EXECUTABLE))
    return g_steal_pointer (&beside);
  if (built != NULL && g_file_test (built, G_FILE_TEST_IS_EXECUTABLE))
    return g_canonicalize_filename (built, NULL);
  if ((self = g_find_program_in_path ("warpscope-cli")) != NULL)
    return g_steal_pointer (&self);
  g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE,
               "Cannot find warpscope-cli, which runs your code apart from the application: "
               "install it beside warpscope, or set WS_CLI to its path");
  return NULL;
}

/* Both scenes of a trace (taken), as network unless its header names one. */
static gboolean
make_scenes (WsDebugOutcome *o, WsTrace *trace, GError **error)
{
  g_autoptr (WsTrace) owned = trace;

  o->type = trace->input->type;
  if (trace->network != NULL && !ws_network_kind_parse (trace->network, &o->network, error))
    return FALSE;
  if ((o->reference = ws_network_scene_new (o->network, trace->input, NULL, error)) == NULL)
    return FALSE;
  return (o->student = ws_trace_scene_new (o->network, g_steal_pointer (&owned), error)) != NULL;
}

static void
load_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  g_autoptr (WsDebugOutcome) o = g_new0 (WsDebugOutcome, 1);
  g_autoptr (GError) error = NULL;
  WsTrace *trace = ws_trace_load (job->path, NULL, &error);
  gsize len = 0;

  o->network = job->network;
  if (trace == NULL || !make_scenes (o, trace, &error))
    return g_task_return_error (task, g_steal_pointer (&error));
  if (!g_file_get_contents (job->path, &o->text, &len, NULL) || len > MAX_SHOWN_TRACE)
    g_clear_pointer (&o->text, g_free);
  g_task_return_pointer (task, g_steal_pointer (&o), (GDestroyNotify) ws_debug_outcome_free);
}

/* check's words without its "warpscope-cli: " at each line: the window
 * is not a terminal. */
static char *
without_prefix (const char *text)
{
  g_autoptr (GString) s = g_string_new (text);

  g_string_replace (s, "warpscope-cli: ", "", 0);
  return g_strstrip (g_string_free (g_steal_pointer (&s), FALSE));
}

/* check on the job's keys, writing the passes to dir/trace.txt. */
static gboolean
run_check (Job *job, const char *dir, WsDebugOutcome *o, GCancellable *cancellable,
           GError **error)
{
  g_autofree char *cli = ws_debug_cli_path (error);
  g_autofree char *keys = g_build_filename (dir, "keys.txt", NULL);
  g_autofree char *trace = g_build_filename (dir, "trace.txt", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GSubprocess) process = NULL;
  WsTrace *passes;
  int status;

  if (cli == NULL || !ws_array_save (job->input, keys, WS_FORMAT_TEXT, error))
    return FALSE;
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                              error, cli, "check", job->path, "--network",
                              ws_network_kind_name (job->network), "--type",
                              ws_key_type_name (job->input->type), "--keys", keys,
                              "--write-trace", trace, NULL);
  if (process == NULL)
    return FALSE;
  if (!g_subprocess_communicate_utf8 (process, NULL, cancellable, &out, &err, error))
    {
      g_subprocess_force_exit (process); /* its worker goes with it (check's watcher) */
      return FALSE;
    }
  status = g_subprocess_get_if_exited (process) ? g_subprocess_get_exit_status (process) : 2;
  o->verdict = without_prefix (status == 2 && *err != '\0' ? err : out);
  /* No trace (a compile error, a fault, the time limit), or one that does
   * not fit: check's words say what happened. */
  passes = ws_trace_load (trace, NULL, NULL);
  if (passes != NULL && !make_scenes (o, passes, NULL))
    g_clear_pointer (&o->reference, ws_network_scene_free);
  g_remove (keys), g_remove (trace);
  return TRUE;
}

static void
run_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  g_autoptr (WsDebugOutcome) o = g_new0 (WsDebugOutcome, 1);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("warpscope-debug-XXXXXX", &error);
  gboolean ok;

  o->network = job->network, o->type = job->input->type;
  ok = dir != NULL && run_check (job, dir, o, cancellable, &error);
  if (dir != NULL)
    g_rmdir (dir);
  if (!ok)
    return g_task_return_error (task, g_steal_pointer (&error));
  g_task_return_pointer (task, g_steal_pointer (&o), (GDestroyNotify) ws_debug_outcome_free);
}

static void
start (Job *job, GTaskThreadFunc work, GCancellable *cancellable, GAsyncReadyCallback callback,
       gpointer data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, data);

  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, work);
}

void
ws_debug_run (const WsDebugRequest *rq, GCancellable *cancellable, GAsyncReadyCallback callback,
              gpointer data)
{
  Job *job = g_new0 (Job, 1);

  job->path = g_strdup (rq->path);
  job->network = rq->network;
  job->input = ws_array_copy (rq->input, NULL);
  start (job, run_in_thread, cancellable, callback, data);
}

void
ws_debug_load (const char *path, WsNetworkKind network, GCancellable *cancellable,
               GAsyncReadyCallback callback, gpointer data)
{
  Job *job = g_new0 (Job, 1);

  job->path = g_strdup (path);
  job->network = network;
  start (job, load_in_thread, cancellable, callback, data);
}

WsDebugOutcome *
ws_debug_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}
