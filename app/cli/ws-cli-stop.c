/* ws-cli-stop.c: a command's work on a worker thread, stop signals turned
 * into its cancel (see ws-cli-stop.h). */
#include <glib-unix.h>
#include <signal.h>

#include "ws-cli-stop.h"

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define N_STOP_SIGNALS G_N_ELEMENTS (stop_signals)

/* Each signal its own source, and the disposition it replaced. */
typedef struct
{
  WsCliJob        *job;
  int              signum;
  guint            source;
  struct sigaction before;
} SignalWatch;

typedef struct
{
  WsCliJob   *job;
  GMainLoop  *loop;
  SignalWatch watches[N_STOP_SIGNALS];
} Running;

const char *
ws_cli_signal_text (int signum)
{
  switch (signum)
    {
    case SIGINT: return "Ctrl-C (SIGINT)";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    default: return "a signal";
    }
}

static gboolean
on_stop_signal (gpointer data)
{
  SignalWatch *w = data;
  WsCliJob *job = w->job;
  gboolean again = job->signum != 0;

  if (!again)
    job->signum = w->signum;
  job->on_signal (w->signum, again, job->data);
  if (!again)
    g_cancellable_cancel (job->cancellable);
  return G_SOURCE_CONTINUE;
}

static void
watch_signals (Running *r)
{
  for (guint i = 0; i < N_STOP_SIGNALS; i++)
    {
      SignalWatch *w = &r->watches[i];
      w->job = r->job, w->signum = stop_signals[i];
      sigaction (w->signum, NULL, &w->before);
      w->source = g_unix_signal_add (w->signum, on_stop_signal, w);
    }
}

/* GLib leaves the default action behind; the program's own handlers
 * (temporary files are removed on a signal) come back. */
static void
unwatch_signals (Running *r)
{
  for (guint i = 0; i < N_STOP_SIGNALS; i++)
    {
      g_clear_handle_id (&r->watches[i].source, g_source_remove);
      sigaction (r->watches[i].signum, &r->watches[i].before, NULL);
    }
}

static gboolean
worker_done (gpointer data)
{
  g_main_loop_quit (((Running *) data)->loop);
  return G_SOURCE_REMOVE;
}

static gpointer
worker (gpointer data)
{
  Running *r = data;

  r->job->work (r->job->data);
  g_idle_add (worker_done, r);
  return NULL;
}

void
ws_cli_job_run (WsCliJob *job, const char *name)
{
  Running r = { job };
  GThread *thread;

  job->cancellable = g_cancellable_new ();
  job->signum = 0;
  r.loop = g_main_loop_new (NULL, FALSE);
  watch_signals (&r);
  thread = g_thread_new (name, worker, &r);
  g_main_loop_run (r.loop);
  g_thread_join (thread);
  unwatch_signals (&r);
  g_main_loop_unref (r.loop);
  g_clear_object (&job->cancellable);
}
