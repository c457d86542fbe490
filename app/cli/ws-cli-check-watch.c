/* ws-cli-check-watch.c: `check` of a kernel or a C function watches a
 * worker process (ws-cli-check-student.c) instead of running the code
 * itself. A kernel that loops for ever cannot be stopped from inside the
 * process that launched it, and one that faults leaves that process's GPU
 * context unusable; a C function can crash its process. So the worker
 * reports each input and each pass begun and ended on a pipe; a pass that
 * outlasts the time limit gets the worker killed, and a worker that dies
 * of a signal is reported here, naming the input and the pass. */
#include <errno.h>
#include <glib-unix.h>
#include <gio/gio.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ws-cli-check.h"
#include "ws-size.h"
#include "ws-error.h"
#include "ws-network.h"
#include "ws-student.h"

#define DEFAULT_LIMIT_S 2.0

/* What the worker last said. */
typedef struct
{
  GString      *pending;  /* an unfinished line */
  char         *input;    /* the input's words */
  WsNetworkKind network;
  gsize         n;
  guint         pass;
  gboolean      in_pass;
  gint64        deadline; /* monotonic µs, while in a pass */
  gint64        limit_us;
  gboolean      done;     /* the worker's verdict is out */
} Watch;

static void
heard (Watch *w, const char *line)
{
  char network[32];
  unsigned pass;
  guint64 n;
  int used = 0;

  if (sscanf (line, "begin %u", &pass) == 1)
    w->pass = pass, w->in_pass = TRUE, w->deadline = g_get_monotonic_time () + w->limit_us;
  else if (sscanf (line, "end %u", &pass) == 1)
    w->in_pass = FALSE;
  else if (g_str_equal (line, "done"))
    w->done = TRUE;
  else if (sscanf (line, "input %31s %" G_GUINT64_FORMAT " %n", network, &n, &used) == 2 && used > 0
           && ws_network_kind_from_name (network, &w->network))
    {
      g_free (w->input);
      w->input = g_strdup (line + used);
      w->n = (gsize) n;
    }
}

/* Reads what is there; FALSE at the end of the pipe. */
static gboolean
read_some (Watch *w, int fd)
{
  char buffer[4096];
  ssize_t got = read (fd, buffer, sizeof buffer);
  char *eol;

  if (got < 0)
    return errno == EINTR || errno == EAGAIN;
  if (got == 0)
    return FALSE;
  g_string_append_len (w->pending, buffer, got);
  while ((eol = memchr (w->pending->str, '\n', w->pending->len)) != NULL)
    {
      *eol = '\0';
      heard (w, w->pending->str);
      g_string_erase (w->pending, 0, eol - w->pending->str + 1);
    }
  return TRUE;
}

/* Listens until the worker closes the pipe (TRUE) or a pass outlasts the
 * limit (FALSE). */
static gboolean
listen (Watch *w, int fd)
{
  for (;;)
    {
      struct pollfd p = { fd, POLLIN, 0 };
      gint64 left = w->in_pass ? w->deadline - g_get_monotonic_time () : -1;
      int ready;

      if (w->in_pass && left <= 0)
        return FALSE;
      ready = poll (&p, 1, left < 0 ? -1 : (int) MIN ((left + 999) / 1000, G_MAXINT));
      if (ready > 0 && !read_some (w, fd))
        return TRUE;
      if (ready < 0 && errno != EINTR)
        return TRUE;
    }
}

/* The pass the worker was in, as the other reports name passes. */
static char *
pass_words (const Watch *w)
{
  g_autoptr (WsNetwork) net = ws_network_new (w->network, w->n, NULL);
  g_autofree char *label = net ? ws_network_pass_label (net, w->pass) : g_strdup ("?");

  return g_strdup_printf ("pass %u of %u (%s)", w->pass + 1, net ? ws_network_n_passes (net) : 0,
                          label);
}

static int
report (const Watch *w, const char *path, const char *kind, const char *what, gboolean json)
{
  g_autofree char *pass = pass_words (w);
  g_autofree char *padding = ws_cli_check_padding (w->network, w->n);
  g_autofree char *text = g_strdup_printf ("%s, on %s%s:\n%s: %s", path,
                                           w->input ? w->input : "its first input", padding, pass,
                                           what);

  ws_cli_check_print (&(CheckVerdict) { kind, w->pass + 1, .input = w->input ? w->input : "",
                                        .text = text },
                      json);
  return CHECK_DIVERGED;
}

static gboolean
parse_limit (const CheckOptions *o, gint64 *limit_us, GError **error)
{
  double seconds = DEFAULT_LIMIT_S;

  if (o->time_limit != NULL
      && (!ws_decimal_parse (o->time_limit, &seconds) || !(seconds > 0) || seconds > 3600))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "--time-limit %s: give the seconds a pass may take, more than 0 and at most "
                   "3600 (default 2)", o->time_limit);
      return FALSE;
    }
  *limit_us = (gint64) (seconds * G_USEC_PER_SEC);
  return TRUE;
}

/* In the worker before it runs: it ends with this process (killed while
 * a kernel hangs, say), not outlives it. */
static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

/* The worker: this program again, with the same arguments and the pipe's
 * end as --worker-fd. */
static GSubprocess *
start_worker (char **argv, int write_end, GError **error)
{
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_autoptr (GStrvBuilder) args = g_strv_builder_new ();
  g_auto (GStrv) worker_argv = NULL;

  g_strv_builder_add_many (args, "/proc/self/exe", "check", "--worker-fd=3", NULL);
  for (guint i = 1; argv[i] != NULL; i++)
    g_strv_builder_add (args, argv[i]);
  worker_argv = g_strv_builder_end (args);
  g_subprocess_launcher_take_fd (launcher, write_end, 3);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  return g_subprocess_launcher_spawnv (launcher, (const char *const *) worker_argv, error);
}

/* The worker's exit status, once its verdict is out; a worker that ended
 * without one (a signal, or an exit from inside the student's code or a
 * sanitizer catching it) is a fault of that code. */
static int
outcome (GSubprocess *worker, const Watch *w, const char *path, gboolean json)
{
  gboolean exited = g_subprocess_get_if_exited (worker);
  const char *code = ws_student_path_kind (path) == WS_STUDENT_KERNEL ? "kernel" : "function";
  g_autofree char *how = NULL, *what = NULL;

  if (exited && w->done)
    return g_subprocess_get_exit_status (worker);
  how = exited ? g_strdup_printf ("ended the process running it (exit status %d)",
                                  g_subprocess_get_exit_status (worker))
               : g_strdup_printf ("crashed the process running it (%s)",
                                  g_strsignal (g_subprocess_get_term_sig (worker)));
  what = g_strdup_printf ("the %s %s — a write outside the keys?", code, how);
  return report (w, path, "fault", what, json);
}

int
ws_cli_check_supervise (const char *path, const CheckOptions *o, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) worker = NULL;
  Watch w = { g_string_new (NULL) };
  int ends[2], status;

  if (!parse_limit (o, &w.limit_us, &error) || !g_unix_open_pipe (ends, FD_CLOEXEC, &error))
    return ws_cli_check_unusable (error);
  worker = start_worker (argv, ends[1], &error);
  if (worker == NULL)
    {
      close (ends[0]);
      return ws_cli_check_unusable (error);
    }
  if (listen (&w, ends[0]))
    {
      g_subprocess_wait (worker, NULL, NULL);
      status = outcome (worker, &w, path, o->json);
    }
  else
    {
      g_autofree char *what = g_strdup_printf (
        "it ran for more than %g s and was stopped — an endless loop, or a wait for threads "
        "that never come?", (double) w.limit_us / G_USEC_PER_SEC);
      g_subprocess_force_exit (worker);
      g_subprocess_wait (worker, NULL, NULL);
      status = report (&w, path, "timeout", what, o->json);
    }
  close (ends[0]);
  g_string_free (w.pending, TRUE);
  g_free (w.input);
  return status;
}
