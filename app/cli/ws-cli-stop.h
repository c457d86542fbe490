/* ws-cli-stop.h: a long command's work (bench's plan, render's frames) on a
 * worker thread, while the main thread waits in a main loop that turns
 * SIGINT, SIGTERM and SIGHUP into a cancel — as the application's Cancel
 * button does — and gives the program's own handlers (which remove
 * temporary files) back afterwards. Private to app/cli. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* On the main thread at each stop signal: `again` for every one after the
 * first (the first is followed by the cancel). */
typedef void (*WsCliStopFunc) (int      signum,
                               gboolean again,
                               gpointer data);

typedef struct
{
  GThreadFunc   work;        /* on the worker thread, with data */
  WsCliStopFunc on_signal;
  gpointer      data;
  GCancellable *cancellable; /* for work: cancelled at the first signal */
  int           signum;      /* the first stop signal, 0 when none came */
} WsCliJob;

/* Runs job->work on a thread named name and returns when it has. */
void        ws_cli_job_run     (WsCliJob   *job,
                                const char *name);

/* "Ctrl-C (SIGINT)", "SIGTERM", "SIGHUP". */
const char *ws_cli_signal_text (int         signum);

G_END_DECLS
