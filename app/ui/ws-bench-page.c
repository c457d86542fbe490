/* ws-bench-page.c: the benchmark mode (see ws-bench-page.h): the run and
 * its progress, the files, the widget. The plan's controls are in
 * ws-bench-plan.c; the results shown (table, chart, rows) in
 * ws-bench-results.c; opening a result.csv on a worker in ws-bench-open.c;
 * Compare with… in ws-bench-compare.c. */
#include "ws-bench-page-private.h"

#include "ws-ui-services.h"
#include "ws-bench-csv.h"
#include "ws-bench-estimate.h"
#include "ws-error.h"

#include <adwaita.h>

G_DEFINE_FINAL_TYPE (WsBenchPage, ws_bench_page, GTK_TYPE_BOX)

/* ---- the run ---- */

static void
set_status (WsBenchPage *self, const char *text)
{
  gtk_label_set_text (self->status_label, text);
}

static void
on_started (gpointer data, const char *what, guint index, guint total, double eta)
{
  WsBenchPage *self = data;
  g_autofree char *time = ws_bench_format_duration (eta);
  g_autofree char *left = eta < 0 ? g_strdup ("estimating time left")
                                  : g_strdup_printf ("about %s left", time);
  g_autofree char *text = g_strdup_printf ("%u of %u — %s", index + 1, total, left);

  gtk_progress_bar_set_fraction (self->progress, total ? (double) index / total : 0);
  gtk_progress_bar_set_text (self->progress, text);
  set_status (self, what);
}

static void
on_row (gpointer data, GStrv fields)
{
  WsBenchPage *self = data;

  ws_csv_table_append (self->results, fields);
  ws_bench_page_rows_arrived (self, self->results->rows->len - 1);
}

/* ---- a long plan: asked first ---- */

static void
close_confirm (WsBenchPage *self)
{
  if (self->confirm_dialog != NULL)
    gtk_window_destroy (g_steal_pointer (&self->confirm_dialog));
}

static void
answer_confirm (WsBenchPage *self, gboolean run)
{
  ws_bench_job_confirm (self->job, run);
  set_status (self, run ? "Starting…" : "Not running it");
}

void
ws_bench_page_confirm (WsBenchPage *self, gboolean run)
{
  g_return_if_fail (WS_IS_BENCH_PAGE (self));
  if (self->confirm_dialog == NULL || self->job == NULL)
    return;
  close_confirm (self);
  answer_confirm (self, run);
}

gboolean
ws_bench_page_confirming (WsBenchPage *self)
{
  g_return_val_if_fail (WS_IS_BENCH_PAGE (self), FALSE);
  return self->confirm_dialog != NULL;
}

/* Escape or closing the dialog answers "cancel"; the dialog then closes
 * itself, so it is only forgotten here. */
static void
on_confirm_response (AdwMessageDialog *dialog, const char *response, WsBenchPage *self)
{
  if (self->confirm_dialog != GTK_WINDOW (dialog))
    return;
  self->confirm_dialog = NULL;
  if (self->job != NULL)
    answer_confirm (self, g_str_equal (response, "run"));
}

static void
ask_confirm (WsBenchPage *self, const char *time)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *text = g_strdup_printf ("This plan is estimated to take about %s, more than 10 "
                                           "minutes. Quick, or fewer sizes, give a first look "
                                           "sooner.", time);
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (
    adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, "Run a Long Benchmark?", text));

  adw_message_dialog_add_responses (dialog, "cancel", "_Cancel", "run", "_Run It", NULL);
  adw_message_dialog_set_response_appearance (dialog, "run", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "run");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_confirm_response), self);
  self->confirm_dialog = GTK_WINDOW (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Before the first configuration: the estimate, and the question past ten
 * minutes. */
static void
on_estimated (gpointer data, double seconds, gboolean ask)
{
  WsBenchPage *self = data;
  g_autofree char *time = ws_bench_format_duration (seconds);
  g_autofree char *text = g_strdup_printf ("Estimated time: about %s%s", time,
                                           ask ? " — run it?" : "");

  gtk_progress_bar_set_text (self->progress, ask ? "waiting for your answer" : "starting");
  set_status (self, text);
  if (ask)
    ask_confirm (self, time);
}

/* ---- the end of a run ---- */

/* What the status line says of a run that ended. */
static char *
ended_text (WsBenchPage *self, const GError *error)
{
  const char *csv = self->result_path;
  guint rows = self->results->rows->len; /* a run's table holds its rows alone */

  if (error != NULL && !g_file_test (csv, G_FILE_TEST_EXISTS))
    {
      /* It never began (declined, cancelled while estimating): its folder is gone. */
      g_clear_pointer (&self->result_path, g_free);
      return g_strdup_printf ("%s; nothing was written", error->message);
    }
  if (error == NULL)
    return g_strdup_printf ("Finished: %u rows in %s", rows, csv);
  if (g_error_matches (error, WS_ERROR, WS_ERROR_CANCELLED))
    return g_strdup_printf ("Cancelled — %s. The %u finished rows are kept in %s", error->message,
                            rows, csv);
  return g_strdup_printf ("Stopped: %s. The %u finished rows are kept in %s", error->message,
                          rows, csv);
}

static void
on_ended (gpointer data, const GError *error)
{
  WsBenchPage *self = data;
  g_autofree char *text = NULL;

  close_confirm (self);
  text = ended_text (self, error);
  if (error == NULL)
    gtk_progress_bar_set_fraction (self->progress, 1.0);
  gtk_progress_bar_set_text (self->progress, error == NULL ? "done" : "stopped");
  set_status (self, text);
  ws_bench_job_abandon (g_steal_pointer (&self->job)); /* over: let go of it */
  ws_bench_page_set_busy (self, FALSE);
  ws_bench_chart_flush (self);
  ws_bench_compare_results_whole (self);
}

/* "Study 000 — bitonic sort" → "study-000-bitonic-sort": what is not a
 * letter or a digit (spaces, dashes, UTF-8 bytes) joins as one '-', and
 * the name is cut at 40 characters. */
static char *
run_slug (const char *name)
{
  GString *s = g_string_new (NULL);

  for (const char *c = name; *c != '\0' && s->len < 40; c++)
    if (g_ascii_isalnum (*c))
      g_string_append_c (s, g_ascii_tolower (*c));
    else if (s->len > 0 && s->str[s->len - 1] != '-')
      g_string_append_c (s, '-');
  while (s->len > 0 && s->str[s->len - 1] == '-')
    g_string_truncate (s, s->len - 1);
  if (s->len == 0)
    g_string_append (s, "plan");
  return g_string_free (s, FALSE);
}

/* A folder of its own per run: the date, the time and the plan's name. */
static char *
new_run_dir (WsBenchPage *self, const WsPreset *p)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *slug = run_slug (p->name);
  char *dir = NULL;

  for (guint i = 1; dir == NULL || g_file_test (dir, G_FILE_TEST_EXISTS); i++)
    {
      g_autofree char *name = i == 1 ? g_strdup_printf ("%s-%s", stamp, slug)
                                     : g_strdup_printf ("%s-%s-%u", stamp, slug, i);
      g_free (dir);
      dir = g_build_filename (self->output_dir, name, NULL);
    }
  return dir;
}

void
ws_bench_page_run (WsBenchPage *self)
{
  static const WsBenchJobCallbacks callbacks = { on_started, on_row, on_ended, on_estimated };
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;
  WsPreset *preset;

  g_return_if_fail (WS_IS_BENCH_PAGE (self));
  if (self->job != NULL || ws_bench_page_opening (self))
    return;
  if ((preset = ws_bench_page_make_preset (self, &error)) == NULL)
    return set_status (self, error->message);
  dir = new_run_dir (self, preset);
  g_free (self->result_path), self->result_path = g_build_filename (dir, "result.csv", NULL);
  ws_bench_page_reset_results (self, ws_csv_table_new (ws_bench_csv_columns ()), dir);
  self->job = ws_bench_job_start (preset, dir, &callbacks, self, &error);
  if (self->job == NULL)
    return set_status (self, error->message);
  ws_bench_page_set_busy (self, TRUE);
  gtk_progress_bar_set_fraction (self->progress, 0);
  gtk_progress_bar_set_text (self->progress, "estimating");
  set_status (self, "Estimating the time: a few short runs of each variant…");
}

void
ws_bench_page_cancel (WsBenchPage *self)
{
  g_return_if_fail (WS_IS_BENCH_PAGE (self));
  if (ws_bench_page_cancel_open (self) || self->job == NULL)
    return;
  ws_bench_job_cancel (self->job);
  gtk_widget_set_sensitive (GTK_WIDGET (self->cancel_button), FALSE);
  gtk_progress_bar_set_text (self->progress, "cancelling");
}

gboolean
ws_bench_page_running (WsBenchPage *self)
{
  return self->job != NULL;
}

const char *
ws_bench_page_result_path (WsBenchPage *self)
{
  return self->result_path;
}

/* ---- files ---- */

gboolean
ws_bench_page_export_csv (WsBenchPage *self, const char *path, GError **error)
{
  g_return_val_if_fail (WS_IS_BENCH_PAGE (self), FALSE);
  if (self->results == NULL || self->results->rows->len == 0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "No rows to export yet");
      return FALSE;
    }
  return ws_csv_table_write (self->results, path, error);
}

gboolean
ws_bench_page_export_plot (WsBenchPage *self, const char *path, GError **error)
{
  WsPlot *plot = ws_plot_view_get_plot (self->plot_view);

  g_return_val_if_fail (WS_IS_BENCH_PAGE (self), FALSE);
  if (plot == NULL)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "No chart to export yet");
      return FALSE;
    }
  return ws_plot_save (plot, path, WS_PLOT_FILE_WIDTH, WS_PLOT_FILE_HEIGHT, error);
}

/* ---- file dialogs ---- */

typedef gboolean (*FileAction) (WsBenchPage *self, const char *path, GError **error);

/* A file's news in a toast (the status line where the page is alone). */
static void
say (WsBenchPage *self, const char *text, gboolean failure)
{
  if (!ws_ui_toast (GTK_WIDGET (self), text, failure))
    set_status (self, text);
}

/* Runs action on the chosen file. A failure says why; a saved file says
 * so, while an opened one shows itself and needs no word. */
static void
file_chosen (GtkNativeDialog *dialog, int response, FileAction action)
{
  WsBenchPage *self = g_object_get_data (G_OBJECT (dialog), "page");
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (dialog);
  g_autoptr (GFile) file = gtk_file_chooser_get_file (chooser);
  g_autofree char *path = file ? g_file_get_path (file) : NULL;
  g_autoptr (GError) error = NULL;

  if (response != GTK_RESPONSE_ACCEPT || path == NULL)
    return;
  if (!action (self, path, &error))
    say (self, error->message, TRUE);
  else if (gtk_file_chooser_get_action (chooser) == GTK_FILE_CHOOSER_ACTION_SAVE)
    {
      g_autofree char *name = g_path_get_basename (path);
      g_autofree char *text = g_strdup_printf ("Saved %s", name);
      say (self, text, FALSE);
    }
}

static void
on_file_chosen (GtkNativeDialog *dialog, int response, gpointer data)
{
  file_chosen (dialog, response, data);
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
ask_file (WsBenchPage *self, const char *title, GtkFileChooserAction mode, const char *name,
          FileAction action)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                              mode, NULL, NULL);

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  if (name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_object_set_data (G_OBJECT (dialog), "page", self);
  g_signal_connect (dialog, "response", G_CALLBACK (on_file_chosen), action);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
on_open (WsBenchPage *self)
{
  ask_file (self, "Open Benchmark Results", GTK_FILE_CHOOSER_ACTION_OPEN, NULL, ws_bench_page_open);
}

static void
on_open_preset (WsBenchPage *self)
{
  ask_file (self, "Open Preset", GTK_FILE_CHOOSER_ACTION_OPEN, NULL, ws_bench_page_open_preset);
}

static void
on_compare (WsBenchPage *self)
{
  ask_file (self, "Compare with a Baseline Run (its result.json or result.csv)",
            GTK_FILE_CHOOSER_ACTION_OPEN, NULL, ws_bench_page_set_baseline);
}

static void
on_export_csv (WsBenchPage *self)
{
  ask_file (self, "Export Results as CSV", GTK_FILE_CHOOSER_ACTION_SAVE, "result.csv", ws_bench_page_export_csv);
}

static void
on_export_plot (WsBenchPage *self)
{
  ask_file (self, "Export Chart (.png, .svg or .pdf)", GTK_FILE_CHOOSER_ACTION_SAVE, "chart.png",
            ws_bench_page_export_plot);
}

/* ---- accessors ---- */

void
ws_bench_page_set_quick (WsBenchPage *self, gboolean quick)
{
  gtk_check_button_set_active (self->quick, quick);
}

void
ws_bench_page_set_cold (WsBenchPage *self, gboolean cold)
{
  gtk_switch_set_active (self->cold, cold);
}

gboolean
ws_bench_page_get_cold (WsBenchPage *self)
{
  return gtk_switch_get_active (self->cold);
}

void
ws_bench_page_set_output_dir (WsBenchPage *self, const char *dir)
{
  g_free (self->output_dir), self->output_dir = g_strdup (dir);
}

void
ws_bench_page_set_chart (WsBenchPage *self, WsChartKind kind)
{
  gtk_drop_down_set_selected (self->chart_kind, kind);
}

const char *
ws_bench_page_status_text (WsBenchPage *self)
{
  return gtk_label_get_text (self->status_label);
}

const char *
ws_bench_page_source_text (WsBenchPage *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->source_label)) ? gtk_label_get_text (self->source_label)
                                                                  : NULL;
}

WsBenchTable *
ws_bench_page_table (WsBenchPage *self)
{
  return self->table;
}

WsPlot *
ws_bench_page_plot (WsBenchPage *self)
{
  return ws_plot_view_get_plot (self->plot_view);
}

GtkWidget *
ws_bench_page_plot_view (WsBenchPage *self)
{
  return GTK_WIDGET (self->plot_view);
}

/* ---- the widget ---- */

static void
ws_bench_page_dispose (GObject *object)
{
  WsBenchPage *self = WS_BENCH_PAGE (object);

  if (self->job != NULL)
    ws_bench_job_abandon (g_steal_pointer (&self->job));
  close_confirm (self);
  ws_bench_page_cancel_open (self);
  ws_bench_compare_dispose (self);
  g_clear_handle_id (&self->chart_idle, g_source_remove);
  g_clear_pointer (&self->results, ws_csv_table_free);
  g_clear_pointer (&self->results_name, g_free);
  g_clear_pointer (&self->preset_paths, g_ptr_array_unref);
  g_clear_pointer (&self->algorithm_checks, g_ptr_array_unref);
  g_clear_pointer (&self->output_dir, g_free);
  g_clear_pointer (&self->result_path, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), WS_TYPE_BENCH_PAGE);
  G_OBJECT_CLASS (ws_bench_page_parent_class)->dispose (object);
}

static void
ws_bench_page_class_init (WsBenchPageClass *klass)
{
  GtkWidgetClass *w = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ws_bench_page_dispose;
  ws_ui_register_resources ();
  g_type_ensure (WS_TYPE_PLOT_VIEW);
  g_type_ensure (WS_TYPE_BENCH_TABLE);
  gtk_widget_class_set_template_from_resource (w, "/io/github/warpscope/Warpscope/ui/ws-bench-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (w, WsBenchPage, name)
  BIND (plot_view), BIND (table), BIND (chart_kind), BIND (chart_algorithm), BIND (chart_x);
  BIND (preset), BIND (log_x), BIND (log_y), BIND (export_plot_button), BIND (open_button);
  BIND (export_csv_button), BIND (run_button), BIND (cancel_button), BIND (rows_label);
  BIND (open_preset_button);
  BIND (preset_label), BIND (source_label), BIND (status_label), BIND (quick), BIND (cold), BIND (custom_box), BIND (algorithms_box);
  BIND (variants_box), BIND (form_grid), BIND (progress);
  BIND (compare_button), BIND (clear_baseline_button), BIND (baseline_bar), BIND (baseline_label);
#undef BIND
}

static void
connect_signals (WsBenchPage *self)
{
  g_signal_connect_swapped (self->run_button, "clicked", G_CALLBACK (ws_bench_page_run), self);
  g_signal_connect_swapped (self->cancel_button, "clicked", G_CALLBACK (ws_bench_page_cancel), self);
  g_signal_connect_swapped (self->open_button, "clicked", G_CALLBACK (on_open), self);
  g_signal_connect_swapped (self->compare_button, "clicked", G_CALLBACK (on_compare), self);
  g_signal_connect_swapped (self->clear_baseline_button, "clicked",
                            G_CALLBACK (ws_bench_page_clear_baseline), self);
  g_signal_connect_swapped (self->open_preset_button, "clicked", G_CALLBACK (on_open_preset), self);
  g_signal_connect_swapped (self->export_csv_button, "clicked", G_CALLBACK (on_export_csv), self);
  g_signal_connect_swapped (self->export_plot_button, "clicked", G_CALLBACK (on_export_plot), self);
  g_signal_connect_swapped (self->preset, "notify::selected", G_CALLBACK (ws_bench_page_show_preset), self);
  ws_bench_chart_connect (self);
}

static void
ws_bench_page_init (WsBenchPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->output_dir = g_build_filename (g_get_user_data_dir (), "warpscope", "runs", NULL);
  ws_bench_page_build_form (self);
  ws_bench_page_list_presets (self);
  ws_bench_page_reset_results (self, NULL, "");
  connect_signals (self);
  ws_bench_page_show_preset (self);
}

GtkWidget *
ws_bench_page_new (void)
{
  return g_object_new (WS_TYPE_BENCH_PAGE, NULL);
}
