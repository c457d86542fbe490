/* ws-bench-compare.c: the benchmark page's Compare with… — a baseline run
 * put beside the results shown, on core's one comparison of two runs
 * (ws-compare-runs.h: the same as `warpscope-cli compare`, at its default
 * threshold). The baseline is read, and the results shown compared with
 * it, on a worker thread; what comes back after a newer compare, a clear
 * or the page's end is dropped (the generation check, as ws-bench-open.c
 * does). With a baseline set the table shows its columns, the chart its
 * series dashed, and the bar above the table names it; results shown
 * later (opened, or a run that ended) are compared with it in turn. */
#include "ws-bench-page-private.h"

#include "ws-error.h"
#include "ws-ui-services.h"

/* A baseline as read: shared by the page and the workers comparing with
 * it (an atomic reference-counted box, so that a clear need not wait). */
struct _WsBenchBaseline
{
  char           *path;    /* as chosen: a folder or a file */
  char           *name;    /* the name the bar gives it (baseline_name) */
  WsCsvTable     *rows;    /* its rows, for the chart and its own rows in the table */
  WsBenchSamples *samples;
};

static void
baseline_clear (gpointer data)
{
  WsBenchBaseline *b = data;

  g_free (b->path);
  g_free (b->name);
  g_clear_pointer (&b->rows, ws_csv_table_free);
  g_clear_pointer (&b->samples, ws_bench_samples_free);
}

static void
baseline_unref (WsBenchBaseline *b)
{
  g_atomic_rc_box_release_full (b, baseline_clear);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsBenchBaseline, baseline_unref)

/* What one compare does and finds. */
typedef struct
{
  char            *path;       /* a new baseline to read, or NULL */
  WsBenchBaseline *baseline;   /* the baseline (read, or the page's) */
  char            *shown;      /* the results shown (a run's folder or a file), or NULL */
  guint            generation;
  guint            results;    /* the page's results_serial when it began */
  WsCompareRuns   *runs;       /* found: the results against the baseline */
  char            *note;       /* found: why there is no comparison, or NULL */
  gboolean         say;        /* its outcome goes to the status line (a new baseline's) */
} CompareJob;

static void
compare_job_free (gpointer data)
{
  CompareJob *job = data;

  g_free (job->path);
  g_clear_pointer (&job->baseline, baseline_unref);
  g_free (job->shown);
  g_clear_pointer (&job->runs, ws_compare_runs_free);
  g_free (job->note);
  g_free (job);
}

/* ---- the worker ---- */

/* "base" for …/base, …/base/result.json or …/base/result.csv: runs are
 * told apart by their folders. */
static char *
baseline_name (const char *path)
{
  g_autofree char *dir = g_file_test (path, G_FILE_TEST_IS_DIR) ? g_strdup (path)
                                                                  : g_path_get_dirname (path);

  return g_path_get_basename (dir);
}

static WsBenchBaseline *
read_baseline (const char *path, GError **error)
{
  g_autoptr (WsBenchBaseline) b = g_atomic_rc_box_new0 (WsBenchBaseline);

  b->path = g_strdup (path);
  b->name = baseline_name (path); /* here, not on each redraw of the bar: it asks the disk */
  b->samples = ws_compare_load_run ("The baseline", path, &b->rows, error);
  return b->samples != NULL ? g_steal_pointer (&b) : NULL;
}

/* The results shown against the baseline. Results without samples (a
 * CSV exported from the table) are a note, not a failure: the baseline
 * still charts. A comparison that fails is a failure for a new baseline
 * (it is not one for these results), a note for one kept. */
static gboolean
compare_shown (CompareJob *job, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (WsBenchSamples) shown = NULL;

  if (job->shown == NULL)
    return TRUE;
  shown = ws_compare_load_run ("The results shown", job->shown, NULL, &local);
  if (shown == NULL)
    {
      job->note = g_strdup (local->message);
      return TRUE;
    }
  job->runs = ws_compare_runs (job->baseline->samples, shown, WS_COMPARE_DEFAULT_THRESHOLD, &local);
  if (job->runs != NULL)
    return TRUE;
  if (job->path == NULL)
    {
      job->note = g_strdup (local->message);
      return TRUE;
    }
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "Cannot compare with %s: %s", job->path,
               local->message);
  return FALSE;
}

static void
compare_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  CompareJob *job = data;
  GError *error = NULL;

  if (job->path != NULL && (job->baseline = read_baseline (job->path, &error)) == NULL)
    return g_task_return_error (task, error);
  if (!compare_shown (job, &error))
    return g_task_return_error (task, error);
  g_task_return_boolean (task, TRUE);
}

/* ---- showing it ---- */

/* What the comparison found, or why there is none yet. */
static char *
compare_state (WsBenchPage *self)
{
  const WsCompareRuns *r = self->comparison;
  GString *s;

  if (self->comparing != NULL)
    return g_strdup ("comparing…");
  if (self->job != NULL)
    return g_strdup ("the verdicts come when the run ends");
  if (r == NULL && self->comparison_note != NULL)
    return g_strdup_printf ("no verdicts: %s", self->comparison_note);
  if (r == NULL)
    return g_strdup ("run or open results to compare");
  s = g_string_new (NULL);
  g_string_append_printf (s, "%u shared configuration%s", r->pairs->len,
                          r->pairs->len == 1 ? "" : "s");
  if (r->only_new->len > 0)
    g_string_append_printf (s, " · %u not in the baseline", r->only_new->len);
  if (r->only_base->len > 0)
    g_string_append_printf (s, " · %u only in the baseline", r->only_base->len);
  return g_string_free (s, FALSE);
}

/* The bar over the table: which baseline, and what came of it. */
static void
show_bar (WsBenchPage *self)
{
  g_autofree char *state = NULL, *text = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->baseline_bar), self->base_run != NULL);
  if (self->base_run == NULL)
    return;
  state = compare_state (self);
  text = g_strdup_printf ("Compared with: %s · %s", self->base_run->name, state);
  gtk_label_set_text (self->baseline_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->baseline_label), self->base_run->path);
}

/* The table's columns and rows and the bar, as they stand. (The chart
 * draws the baseline's series, not the verdicts: it is made again where
 * the baseline changes, not on every compare.) */
static void
show_comparison (WsBenchPage *self)
{
  ws_bench_table_show_baseline (self->table, self->base_run != NULL);
  ws_bench_table_set_comparison (self->table, self->comparison, ws_bench_page_baseline_rows (self));
  show_bar (self);
}

/* A new baseline in the status line: what it found, in a sentence. */
static void
say_compared (WsBenchPage *self)
{
  g_autofree char *state = compare_state (self);
  g_autofree char *text = g_strdup_printf ("Compared with %s: %s", self->base_run->path, state);

  gtk_label_set_text (self->status_label, text);
}

static void
end_comparing (WsBenchPage *self)
{
  g_clear_object (&self->comparing);
}

static void start_compare (WsBenchPage *self, const char *path, gboolean say);
static const char *shown_source (WsBenchPage *self);

/* A compare's end: a failure said, what was shown kept; else the new
 * baseline taken and the comparison shown — unless other results came
 * meanwhile, when it is made again for them (the baseline kept). */
static void
on_compared (GObject *source, GAsyncResult *result, gpointer data)
{
  WsBenchPage *self = WS_BENCH_PAGE (source);
  CompareJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;

  if (job->generation != self->compare_generation)
    return; /* a newer compare, a clear or the page's end came since */
  end_comparing (self);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      /* what was shown stays; the status says why, a toast too (it stays) */
      show_bar (self);
      gtk_label_set_text (self->status_label, error->message);
      ws_ui_toast (GTK_WIDGET (self), error->message, TRUE);
      /* A new baseline failed after it had dropped the compare that the
       * baseline kept owed the results shown (opened, or a run ended,
       * meanwhile): make that one again. Not after a failed compare with
       * the kept baseline, which would only fail again. */
      if (job->path != NULL && self->base_run != NULL && self->comparison == NULL
          && self->comparison_note == NULL && shown_source (self) != NULL)
        start_compare (self, NULL, FALSE);
      return;
    }
  if (job->path != NULL)
    {
      g_clear_pointer (&self->base_run, baseline_unref);
      self->base_run = g_steal_pointer (&job->baseline);
      ws_bench_chart_refresh (self);
    }
  g_clear_pointer (&self->comparison, ws_compare_runs_free);
  g_clear_pointer (&self->comparison_note, g_free);
  if (job->results != self->results_serial)
    {
      /* Made again for the results now shown: the verdicts found for the
       * ones before go at once, and the status line waits for the answer. */
      show_comparison (self);
      start_compare (self, NULL, job->say);
      return;
    }
  self->comparison = g_steal_pointer (&job->runs);
  self->comparison_note = g_steal_pointer (&job->note);
  show_comparison (self);
  if (job->say)
    say_compared (self);
}

/* The results shown, where they are whole: a run's folder once it has
 * ended, or the file they were opened from. */
static const char *
shown_source (WsBenchPage *self)
{
  gboolean whole = self->job == NULL && self->results != NULL && self->results->rows->len > 0;

  return whole && self->results_name != NULL && self->results_name[0] != '\0' ? self->results_name
                                                                             : NULL;
}

/* Reads path as the new baseline (or, NULL, keeps the one set) and
 * compares the results shown with it, on a worker (say: its outcome is
 * told in the status line, as a new baseline's is); a compare under way is
 * dropped. */
static void
start_compare (WsBenchPage *self, const char *path, gboolean say)
{
  g_autoptr (GTask) task = NULL;
  CompareJob *job = g_new0 (CompareJob, 1);
  const char *shown = shown_source (self);

  if (self->comparing != NULL)
    g_cancellable_cancel (self->comparing);
  g_clear_object (&self->comparing);
  self->comparing = g_cancellable_new ();
  job->path = g_strdup (path);
  job->say = say;
  job->baseline = path == NULL ? g_atomic_rc_box_acquire (self->base_run) : NULL;
  job->shown = g_strdup (shown);
  job->generation = ++self->compare_generation;
  job->results = self->results_serial;
  task = g_task_new (self, self->comparing, on_compared, NULL);
  g_task_set_task_data (task, job, compare_job_free);
  g_task_run_in_thread (task, compare_thread);
  show_bar (self);
}

/* ---- what the page asks ---- */

gboolean
ws_bench_page_set_baseline (WsBenchPage *self, const char *path, GError **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (WS_IS_BENCH_PAGE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  start_compare (self, path, TRUE);
  text = g_strdup_printf ("Reading the baseline %s…", path);
  gtk_label_set_text (self->status_label, text);
  return TRUE;
}

void
ws_bench_page_clear_baseline (WsBenchPage *self)
{
  g_return_if_fail (WS_IS_BENCH_PAGE (self));
  ws_bench_compare_dispose (self); /* whatever a compare still returns is stale */
  show_comparison (self);
  ws_bench_chart_refresh (self);
  /* The status line said what the baseline found: no longer true. */
  gtk_label_set_text (self->status_label, "Baseline cleared");
}

gboolean
ws_bench_page_comparing (WsBenchPage *self)
{
  g_return_val_if_fail (WS_IS_BENCH_PAGE (self), FALSE);
  return self->comparing != NULL;
}

const char *
ws_bench_page_baseline_text (WsBenchPage *self)
{
  g_return_val_if_fail (WS_IS_BENCH_PAGE (self), NULL);
  return self->base_run != NULL ? gtk_label_get_text (self->baseline_label) : NULL;
}

/* ---- for the page's other files ---- */

const WsCsvTable *
ws_bench_page_baseline_rows (WsBenchPage *self)
{
  return self->base_run != NULL ? self->base_run->rows : NULL;
}

void
ws_bench_compare_results_reset (WsBenchPage *self)
{
  self->results_serial++;
  g_clear_pointer (&self->comparison, ws_compare_runs_free);
  g_clear_pointer (&self->comparison_note, g_free);
  show_bar (self);
}

/* A compare under way began before these results were whole: what it
 * returns is made again (on_compared sees the serial moved). */
void
ws_bench_compare_results_whole (WsBenchPage *self)
{
  self->results_serial++;
  if (self->base_run != NULL && self->comparing == NULL)
    start_compare (self, NULL, FALSE);
  else
    show_bar (self);
}

void
ws_bench_compare_show_state (WsBenchPage *self)
{
  show_bar (self);
}

void
ws_bench_compare_dispose (WsBenchPage *self)
{
  if (self->comparing != NULL)
    g_cancellable_cancel (self->comparing);
  self->compare_generation++;
  end_comparing (self);
  g_clear_pointer (&self->base_run, baseline_unref);
  g_clear_pointer (&self->comparison, ws_compare_runs_free);
  g_clear_pointer (&self->comparison_note, g_free);
}
