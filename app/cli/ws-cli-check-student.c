/* ws-cli-check-student.c: the worker of `check` for a kernel or a C
 * function — opened (a kernel compiled), run on every input of the suite
 * (or --keys) pass by pass beside the reference, the first parting told.
 * It tells its watcher (ws-cli-check-watch.c) on --worker-fd which input
 * and pass it is at, so that a pass that hangs or crashes the process can
 * still be named. */
#include <stdio.h>
#include <unistd.h>

#include "ws-array-io.h"
#include "ws-cli-check.h"
#include "ws-cli.h"
#include "ws-error.h"
#include "ws-size.h"
#include "ws-student-suite.h"
#include "ws-student.h"

typedef struct
{
  const CheckOptions *o;
  WsStudent          *student;
  const char         *path;
  int                 fd;
} Worker;

/* One line to the watcher on fd; a watcher gone is no reason to stop. */
static void
tell (int fd, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
tell (int fd, const char *format, ...)
{
  g_autofree char *line = NULL;
  va_list args;
  ssize_t written;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  written = write (fd, line, strlen (line));
  (void) written;
}

static void
watch_pass (guint pass, gboolean begun, gpointer data)
{
  tell (((const Worker *) data)->fd, "%s %u\n", begun ? "begin" : "end", pass);
}

static gboolean
choose (const CheckOptions *o, WsKeyType *type, WsStudentChoice *c, GError **error)
{
  *c = (WsStudentChoice) { o->network, NULL, (guint) MAX (o->block, 0) };
  if (o->block < 0 || o->block > 1024)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "--block %d: a block holds 1 to 1024 threads", o->block);
      return FALSE;
    }
  if (o->type != NULL)
    {
      if (!ws_key_type_from_string (o->type, type, error))
        return FALSE;
      c->type = type;
    }
  return TRUE;
}

/* The inputs: --keys, else the suite (--n, --seed). */
static GPtrArray *
inputs_of (const Worker *w, GPtrArray *labels, GError **error)
{
  g_autoptr (GPtrArray) keys = g_ptr_array_new_with_free_func ((GDestroyNotify) ws_array_free);
  g_autoptr (GArray) suite = NULL;
  WsKeyType type = ws_student_key_type (w->student);
  guint64 seed = 1;
  gsize n = 0;

  if (w->o->keys != NULL)
    {
      WsArray *a = ws_array_load (w->o->keys, WS_FORMAT_TEXT, type, error);
      if (a == NULL)
        return NULL;
      /* the label goes to the watcher as one line */
      g_ptr_array_add (keys, a);
      g_ptr_array_add (labels, g_strdelimit (g_filename_display_name (w->o->keys), "\r\n", ' '));
      return g_steal_pointer (&keys);
    }
  if ((w->o->n && !ws_size_parse_range ("--n", w->o->n, 1, G_MAXINT32, &n, error))
      || (w->o->seed && !ws_cli_parse_seed (w->o->seed, &seed, error))
      || (suite = ws_student_suite (ws_student_network (w->student), n, error)) == NULL)
    return NULL;
  for (guint i = 0; i < suite->len; i++)
    {
      const WsSuiteInput *in = &g_array_index (suite, WsSuiteInput, i);
      WsArray *a = ws_student_suite_keys (in, type, seed, error);
      if (a == NULL)
        return NULL;
      g_ptr_array_add (keys, a), g_ptr_array_add (labels, ws_student_suite_label (in, type, seed));
    }
  return g_steal_pointer (&keys);
}

static void
report (const Worker *w, const WsArray *input, const char *label, const WsStudentResult *r)
{
  g_autofree char *words = ws_student_describe (w->student, input->n, r);
  g_autofree char *padding = ws_cli_check_padding (ws_student_network (w->student), input->n);
  g_autofree char *text = g_strdup_printf ("%s, on %s%s:\n%s", w->path, label, padding, words);
  CheckVerdict v = { .pass = r->pass + 1, .input = label, .text = text };

  switch (r->outcome)
    {
    case WS_STUDENT_DIVERGED:
      v = ws_cli_check_diverged (&r->divergence, label, text);
      break;
    case WS_STUDENT_PAST_END:
      v.kind = "past-end", v.has_index = TRUE, v.index = r->index;
      break;
    default:
      v.kind = "fault";
      break;
    }
  ws_cli_check_print (&v, w->o->json);
}

static void
report_all_match (const Worker *w, GPtrArray *inputs)
{
  const WsArray *first = inputs->pdata[0], *last = inputs->pdata[inputs->len - 1];
  g_autofree char *sizes = first->n == last->n
    ? g_strdup_printf ("of %" G_GSIZE_FORMAT " key%s", first->n, first->n == 1 ? "" : "s")
    : g_strdup_printf ("%" G_GSIZE_FORMAT " to %" G_GSIZE_FORMAT " keys", first->n, last->n);
  g_autofree char *checked = g_strdup_printf ("%u input%s, %s", inputs->len,
                                              inputs->len == 1 ? "" : "s", sizes);
  g_autofree char *text = g_strdup_printf (
    "%s (%s, %s keys): every pass matches the reference on %s", w->path,
    ws_network_kind_name (ws_student_network (w->student)),
    ws_key_type_name (ws_student_key_type (w->student)), checked);

  ws_cli_check_print (&(CheckVerdict) { .input = w->o->keys ? w->o->keys : checked, .text = text },
                      w->o->json);
}

static gboolean
save_trace (const Worker *w, const WsArray *input, const char *label, GPtrArray *passes,
            GError **error)
{
  g_autofree char *comment = g_strdup_printf ("the passes of %s on %s", w->path, label);

  return ws_trace_save (w->o->write_trace, ws_network_kind_name (ws_student_network (w->student)),
                        comment, input, passes, error);
}

/* Each input in turn until one parts; the first one's passes kept for
 * --write-trace. */
static int
run_inputs (const Worker *w, GPtrArray *inputs, GPtrArray *labels, GError **error)
{
  for (guint i = 0; i < inputs->len; i++)
    {
      const WsArray *input = inputs->pdata[i];
      g_autoptr (GPtrArray) passes = i == 0 && w->o->write_trace
        ? g_ptr_array_new_with_free_func ((GDestroyNotify) ws_array_free) : NULL;
      WsStudentResult r;
      gboolean ok;

      tell (w->fd, "input %s %" G_GSIZE_FORMAT " %s\n",
            ws_network_kind_name (ws_student_network (w->student)), input->n,
            (const char *) labels->pdata[i]);
      ok = ws_student_run (w->student, input, watch_pass, (gpointer) w, passes, &r, error)
           && (passes == NULL || save_trace (w, input, labels->pdata[i], passes, error));
      if (!ok)
        return CHECK_UNUSABLE;
      if (r.outcome != WS_STUDENT_MATCHED)
        {
          report (w, input, labels->pdata[i], &r);
          ws_student_result_clear (&r);
          return CHECK_DIVERGED;
        }
    }
  report_all_match (w, inputs);
  return CHECK_OK;
}

static int
check_student (const char *path, const CheckOptions *o)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsStudent) student = NULL;
  g_autoptr (GPtrArray) inputs = NULL, labels = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *warnings = NULL;
  WsStudentChoice choice;
  WsKeyType type;
  Worker w = { o, NULL, path, o->worker_fd };
  int status;

  if (!choose (o, &type, &choice, &error))
    return ws_cli_check_unusable (error);
  student = ws_student_open (path, &choice, &warnings, &error);
  if (warnings != NULL)
    fprintf (stderr, "%s\n", warnings);
  if (student == NULL)
    return ws_cli_check_unusable (error);
  w.student = student;
  if ((inputs = inputs_of (&w, labels, &error)) == NULL)
    return ws_cli_check_unusable (error);
  if (inputs->len == 0 || ((WsArray *) inputs->pdata[0])->n == 0)
    {
      g_set_error (&error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "%s holds no keys to sort",
                   o->keys);
      return ws_cli_check_unusable (error);
    }
  status = run_inputs (&w, inputs, labels, &error);
  return status == CHECK_UNUSABLE ? ws_cli_check_unusable (error) : status;
}

/* The watcher hears "done" once a verdict is out: a worker that ends
 * without it ended some other way. */
int
ws_cli_check_student (const char *path, const CheckOptions *o)
{
  int status = check_student (path, o);

  tell (o->worker_fd, "done\n");
  return status;
}
