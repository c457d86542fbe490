/* ws-bench-open.c: the benchmark page's Open Results — a result.csv (or a
 * result.json, ws-bench-json.h) read on a worker thread
 * (ws_bench_results_read), so that a file of a hundred thousand rows
 * leaves the window answering: the progress bar says how
 * much is read, Cancel stops it, and the rows arrive together at the end,
 * with the rows left out said in the status line. A result that arrives
 * after another open, a cancel or the page's end is dropped (the
 * generation check of GNOME Text Editor's editor-document-statistics.c). */
#include "ws-bench-page-private.h"

#include "ws-error.h"

/* What one open reads, and what it found. */
typedef struct
{
  char           *path;
  WsBenchPage    *page;       /* borrowed: the task holds the page */
  guint           generation;
  WsBenchLeftOut  left_out;
} OpenJob;

static void
open_job_free (gpointer data)
{
  OpenJob *job = data;

  ws_bench_left_out_clear (&job->left_out);
  g_free (job->path);
  g_free (job);
}

/* ---- showing what was read ---- */

static void
set_status (WsBenchPage *self, const char *text)
{
  gtk_label_set_text (self->status_label, text);
}

/* The rows in the table and the chart; the status says what was left out. */
static void
show_opened (WsBenchPage *self, WsCsvTable *table, const char *path, const WsBenchLeftOut *left_out)
{
  g_autofree char *left = ws_bench_left_out_describe (left_out, path);
  g_autofree char *text = left ? g_strdup_printf ("Opened; %s", left) : g_strdup ("Opened");

  ws_bench_page_show_results (self, table, path);
  set_status (self, text);
}

/* ---- progress, from the worker ---- */

typedef struct
{
  WsBenchPage *page; /* a reference: the idle may run after the open ended */
  guint        generation;
  double       fraction;
} Progress;

static void
progress_free (gpointer data)
{
  Progress *p = data;

  g_object_unref (p->page);
  g_free (p);
}

static gboolean
show_progress (gpointer data)
{
  Progress *p = data;
  g_autofree char *text = g_strdup_printf ("reading, %.0f %%", 100 * p->fraction);

  if (p->generation == p->page->open_generation && p->page->opening != NULL)
    {
      gtk_progress_bar_set_fraction (p->page->progress, p->fraction);
      gtk_progress_bar_set_text (p->page->progress, text);
    }
  return G_SOURCE_REMOVE;
}

/* On the worker (ws_bench_results_read reports each hundredth). */
static void
on_progress (double fraction, gpointer data)
{
  OpenJob *job = data;
  Progress *p = g_new (Progress, 1);

  *p = (Progress) { g_object_ref (job->page), job->generation, fraction };
  g_idle_add_full (G_PRIORITY_DEFAULT, show_progress, p, progress_free);
}

/* ---- the worker ---- */

static void
read_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  OpenJob *job = data;
  GError *error = NULL;
  WsCsvTable *t = ws_bench_results_read (job->path, cancellable, on_progress, job, &job->left_out,
                                         &error);

  if (t == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, t, (GDestroyNotify) ws_csv_table_free);
}

static void
end_opening (WsBenchPage *self, const char *progress_text)
{
  g_clear_object (&self->opening);
  ws_bench_page_set_busy (self, FALSE);
  gtk_progress_bar_set_text (self->progress, progress_text);
}

static void
on_read (GObject *source, GAsyncResult *result, gpointer data)
{
  WsBenchPage *self = WS_BENCH_PAGE (source);
  OpenJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  g_autoptr (WsCsvTable) t = g_task_propagate_pointer (G_TASK (result), &error);

  /* Stale: another open, a cancel (which said so) or the page's end came
   * since. */
  if (job->generation != self->open_generation)
    return;
  if (t == NULL)
    {
      end_opening (self, "stopped");
      return set_status (self, error->message);
    }
  end_opening (self, "opened");
  gtk_progress_bar_set_fraction (self->progress, 1.0);
  show_opened (self, g_steal_pointer (&t), job->path, &job->left_out);
}

/* ---- what the page asks ---- */

static gboolean
check_no_run (WsBenchPage *self, GError **error)
{
  if (self->job == NULL)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "A benchmark is running: cancel it or "
               "let it finish before opening results");
  return FALSE;
}

gboolean
ws_bench_page_open (WsBenchPage *self, const char *path, GError **error)
{
  g_autoptr (GTask) task = NULL;
  g_autofree char *text = g_strdup_printf ("Opening %s…", path);
  OpenJob *job;

  g_return_val_if_fail (WS_IS_BENCH_PAGE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  if (!check_no_run (self, error))
    return FALSE;
  ws_bench_page_cancel_open (self); /* a second open replaces the first */
  self->opening = g_cancellable_new ();
  job = g_new0 (OpenJob, 1);
  *job = (OpenJob) { g_strdup (path), self, ++self->open_generation, { 0 } };
  task = g_task_new (self, self->opening, on_read, NULL);
  g_task_set_task_data (task, job, open_job_free);
  g_task_run_in_thread (task, read_thread);
  ws_bench_page_set_busy (self, TRUE);
  gtk_progress_bar_set_fraction (self->progress, 0);
  gtk_progress_bar_set_text (self->progress, "reading");
  set_status (self, text);
  return TRUE;
}

gboolean
ws_bench_page_opening (WsBenchPage *self)
{
  g_return_val_if_fail (WS_IS_BENCH_PAGE (self), FALSE);
  return self->opening != NULL;
}

gboolean
ws_bench_page_cancel_open (WsBenchPage *self)
{
  if (self->opening == NULL)
    return FALSE;
  g_cancellable_cancel (self->opening);
  self->open_generation++; /* whatever it still returns is stale */
  end_opening (self, "stopped");
  set_status (self, "Opening cancelled; the results shown are unchanged");
  return TRUE;
}

gboolean
ws_bench_page_open_csv (WsBenchPage *self, const char *path, GError **error)
{
  WsBenchLeftOut left_out = { 0 };
  WsCsvTable *t;

  g_return_val_if_fail (WS_IS_BENCH_PAGE (self), FALSE);
  if (!check_no_run (self, error))
    return FALSE;
  ws_bench_page_cancel_open (self);
  if ((t = ws_bench_results_read (path, NULL, NULL, NULL, &left_out, error)) == NULL)
    return FALSE;
  show_opened (self, t, path, &left_out);
  ws_bench_left_out_clear (&left_out);
  return TRUE;
}
