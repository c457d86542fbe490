/* ws-export-dialog.c: File ▸ Export Animation… (see ws-export-dialog.h). */
#include "ws-export-dialog.h"

#include "ws-error.h"
#include "ws-export-job.h"
#include "ws-ui-services.h"
#include "ws-video-format.h"

/* The size row's presets (ws-export-dialog.ui), in its order. */
static const struct { int width, height; } sizes[] = { { 1920, 1080 }, { 1280, 720 }, { 854, 480 } };

struct _WsExportDialog
{
  AdwWindow        parent_instance;

  WsExportSource  *source;
  GtkWidget       *page;          /* weak: the toasts go over its window */
  AdwWindowTitle  *title;
  AdwActionRow    *file_row, *format_row, *range_row;
  AdwComboRow     *size_row;
  GtkSpinButton   *fps, *first, *last;
  GtkWidget       *settings, *export_button, *cancel_button;
  GtkProgressBar  *progress;
  GtkFileChooserNative *chooser;
  char            *path;
  char            *status;        /* what the window says now */
  gboolean         format_ok;     /* the path's format can be written here */
  GCancellable    *exporting;     /* the export under way, or NULL */
  gboolean         closed;        /* disposed: its widgets are gone (an export
                                     closed mid-way still ends here) */
};

G_DEFINE_FINAL_TYPE (WsExportDialog, ws_export_dialog, ADW_TYPE_WINDOW)

static void
set_status (WsExportDialog *self, const char *text)
{
  g_free (self->status);
  self->status = g_strdup (text);
}

/* ---- the controls ---- */

static void
size_of (WsExportDialog *self, WsVideoFormat format, int *width, int *height)
{
  guint preset = MIN (adw_combo_row_get_selected (self->size_row), G_N_ELEMENTS (sizes) - 1);

  *width = sizes[preset].width, *height = sizes[preset].height;
  ws_video_format_fit_size (format, width, height);
}

/* The format the file's extension asks for, and whether it can be
 * written here: otherwise the row says why and Export waits. */
static void
show_format (WsExportDialog *self)
{
  g_autoptr (GError) error = NULL;
  WsVideoFormat format = WS_VIDEO_WEBM;
  double lowest, highest;

  self->format_ok = ws_video_format_from_path (self->path, &format, &error)
                    && ws_video_format_available (format, &error);
  set_status (self, self->format_ok ? ws_video_format_describe (format) : error->message);
  adw_action_row_set_subtitle (self->format_row, self->status);
  if (self->format_ok)
    {
      ws_video_format_fps_range (format, &lowest, &highest);
      gtk_spin_button_set_range (self->fps, lowest, highest);
    }
  gtk_widget_set_sensitive (self->export_button, self->format_ok && self->exporting == NULL);
}

void
ws_export_dialog_set_path (WsExportDialog *self, const char *path)
{
  g_autofree char *shown = NULL;

  g_return_if_fail (WS_IS_EXPORT_DIALOG (self) && path != NULL);
  g_free (self->path);
  self->path = g_strdup (path);
  shown = g_markup_escape_text (path, -1);
  adw_action_row_set_subtitle (self->file_row, shown);
  show_format (self);
}

const char *
ws_export_dialog_get_path (WsExportDialog *self)
{
  return self->path;
}

void
ws_export_dialog_set_range (WsExportDialog *self, guint first, guint last)
{
  gtk_spin_button_set_value (self->first, first);
  gtk_spin_button_set_value (self->last, last);
}

void
ws_export_dialog_set_size (WsExportDialog *self, guint preset)
{
  adw_combo_row_set_selected (self->size_row, MIN (preset, G_N_ELEMENTS (sizes) - 1));
}

gboolean
ws_export_dialog_exporting (WsExportDialog *self)
{
  return self->exporting != NULL;
}

const char *
ws_export_dialog_status (WsExportDialog *self)
{
  return self->status;
}

/* From never past to, to never before from. */
static void
on_range_changed (WsExportDialog *self, GtkSpinButton *changed)
{
  double first = gtk_spin_button_get_value (self->first);
  double last = gtk_spin_button_get_value (self->last);

  if (first <= last)
    return;
  if (changed == self->first)
    gtk_spin_button_set_value (self->last, first);
  else
    gtk_spin_button_set_value (self->first, last);
}

/* ---- the file chooser ---- */

static void
on_chosen (WsExportDialog *self, int response)
{
  g_autoptr (GFile) file = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT
      && (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (self->chooser))) != NULL
      && (path = g_file_get_path (file)) != NULL)
    ws_export_dialog_set_path (self, path);
  g_clear_object (&self->chooser);
}

/* A filter a format, for those this machine can write. */
static void
add_filters (GtkFileChooser *chooser)
{
  for (WsVideoFormat f = 0; f < WS_VIDEO_N_FORMATS; f++)
    {
      g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
      g_autofree char *pattern = g_strconcat ("*.", ws_video_format_extension (f), NULL);

      if (!ws_video_format_available (f, NULL))
        continue;
      gtk_file_filter_set_name (filter, ws_video_format_describe (f));
      gtk_file_filter_add_mime_type (filter, ws_video_format_mime_type (f));
      gtk_file_filter_add_pattern (filter, pattern);
      gtk_file_chooser_add_filter (chooser, filter);
    }
}

static void
choose_file (WsExportDialog *self)
{
  g_autofree char *dir = g_path_get_dirname (self->path);
  g_autofree char *name = g_path_get_basename (self->path);
  g_autoptr (GFile) folder = g_file_new_for_path (dir);

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new ("Export Animation", GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, "_Export", "_Cancel");
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  add_filters (GTK_FILE_CHOOSER (self->chooser));
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect_swapped (self->chooser, "response", G_CALLBACK (on_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* ---- exporting ---- */

static void
show_exporting (WsExportDialog *self, gboolean on)
{
  gtk_widget_set_sensitive (self->settings, !on);
  gtk_widget_set_sensitive (self->export_button, !on && self->format_ok);
  gtk_widget_set_visible (GTK_WIDGET (self->progress), on);
  if (on)
    gtk_progress_bar_set_fraction (self->progress, 0.0);
}

static void
on_progress (guint done, guint total, gpointer data)
{
  WsExportDialog *self = data;
  g_autofree char *text = g_strdup_printf ("frame %u of %u", done, total);

  if (self->exporting == NULL || self->closed)
    return;
  set_status (self, text);
  gtk_progress_bar_set_text (self->progress, text);
  gtk_progress_bar_set_fraction (self->progress, total ? (double) done / total : 0.0);
}

/* The toasts go over the page's window, which outlives this one. */
static void
toast (WsExportDialog *self, const char *text, gboolean failure)
{
  if (self->page != NULL)
    ws_ui_toast (self->page, text, failure);
}

static void
on_exported (GObject *source, GAsyncResult *result, gpointer data)
{
  WsExportDialog *self = WS_EXPORT_DIALOG (source);
  g_autoptr (GError) error = NULL;
  g_autofree char *name = g_path_get_basename (self->path);
  g_autofree char *text = NULL;

  g_clear_object (&self->exporting);
  if (!ws_export_job_finish (result, &error) && self->closed)
    return; /* closed while exporting: cancelled, no file, nothing to say */
  if (error == NULL)
    {
      text = g_strdup_printf ("Exported %s", name);
      set_status (self, text);
      toast (self, text, FALSE);
      if (!self->closed)
        gtk_window_destroy (GTK_WINDOW (self));
      return;
    }
  show_exporting (self, FALSE);
  set_status (self, error->message);
  if (!g_error_matches (error, WS_ERROR, WS_ERROR_CANCELLED))
    return toast (self, error->message, TRUE);
  /* A cancel leaves no file, and the bar says so where the progress was. */
  set_status (self, "Cancelled — no file was written");
  gtk_progress_bar_set_text (self->progress, self->status);
  gtk_progress_bar_set_fraction (self->progress, 0.0);
  gtk_widget_set_visible (GTK_WIDGET (self->progress), TRUE);
}

void
ws_export_dialog_export (WsExportDialog *self)
{
  WsVideoFormat format;
  WsExportSettings settings = { self->path };

  if (self->exporting != NULL || !self->format_ok
      || !ws_video_format_from_path (self->path, &format, NULL))
    return;
  size_of (self, format, &settings.width, &settings.height);
  settings.fps = gtk_spin_button_get_value (self->fps);
  settings.first = (guint) gtk_spin_button_get_value (self->first);
  settings.last = (guint) gtk_spin_button_get_value (self->last);
  self->exporting = g_cancellable_new ();
  show_exporting (self, TRUE);
  on_progress (0, settings.last - settings.first + 1, self);
  ws_export_job_start (G_OBJECT (self), self->source, &settings, self->exporting, on_progress,
                       self, on_exported, NULL);
}

void
ws_export_dialog_cancel (WsExportDialog *self)
{
  if (self->exporting != NULL)
    g_cancellable_cancel (self->exporting);
  else
    gtk_window_close (GTK_WINDOW (self));
}

/* Closing the window stops an export: it finishes with the cancel, the
 * window gone (the task holds it until then). */
static gboolean
on_close_request (WsExportDialog *self)
{
  if (self->exporting != NULL)
    g_cancellable_cancel (self->exporting);
  return FALSE;
}

/* ---- the window ---- */

static void
ws_export_dialog_dispose (GObject *object)
{
  WsExportDialog *self = WS_EXPORT_DIALOG (object);

  self->closed = TRUE;
  if (self->exporting != NULL)
    g_cancellable_cancel (self->exporting);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  G_OBJECT_CLASS (ws_export_dialog_parent_class)->dispose (object);
}

static void
ws_export_dialog_finalize (GObject *object)
{
  WsExportDialog *self = WS_EXPORT_DIALOG (object);

  g_clear_object (&self->exporting);
  g_clear_weak_pointer (&self->page);
  ws_export_source_free (self->source);
  g_free (self->path);
  g_free (self->status);
  G_OBJECT_CLASS (ws_export_dialog_parent_class)->finalize (object);
}

static void
ws_export_dialog_class_init (WsExportDialogClass *klass)
{
  GtkWidgetClass *w = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ws_export_dialog_dispose;
  G_OBJECT_CLASS (klass)->finalize = ws_export_dialog_finalize;
  ws_ui_register_resources ();
  gtk_widget_class_set_template_from_resource (w, "/io/github/warpscope/Warpscope/ui/ws-export-dialog.ui");
#define BIND(name) gtk_widget_class_bind_template_child (w, WsExportDialog, name)
  BIND (title), BIND (file_row), BIND (format_row), BIND (range_row), BIND (size_row);
  BIND (fps), BIND (first), BIND (last), BIND (settings), BIND (export_button);
  BIND (cancel_button), BIND (progress);
#undef BIND
  gtk_widget_class_bind_template_callback (w, ws_export_dialog_cancel);
  gtk_widget_class_bind_template_callback (w, ws_export_dialog_export);
  gtk_widget_class_bind_template_callback (w, choose_file);
  gtk_widget_class_bind_template_callback (w, on_range_changed);
  gtk_widget_class_add_binding_action (w, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ws_export_dialog_init (WsExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self, "close-request", G_CALLBACK (on_close_request), NULL);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->export_button);
}

/* What the rows say of this animation: its name, its frames' unit and
 * range, its pace. */
static void
show_source (WsExportDialog *self)
{
  const WsExportSource *source = self->source;
  g_autofree char *unit = g_strdup (ws_movie_unit (source->kind));
  g_autofree char *subtitle = g_strdup_printf ("0 is the first frame, %u the last", source->last);

  adw_window_title_set_subtitle (self->title, source->title);
  unit[0] = g_ascii_toupper (unit[0]);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->range_row), unit);
  adw_action_row_set_subtitle (self->range_row, subtitle);
  gtk_spin_button_set_range (self->first, 0, source->last);
  gtk_spin_button_set_range (self->last, 0, source->last);
  gtk_spin_button_set_value (self->first, 0);
  gtk_spin_button_set_value (self->last, source->last);
  gtk_spin_button_set_value (self->fps, source->fps);
}

/* The videos' folder (or home), the animation's name, WebM. */
static char *
default_path (const WsExportSource *source)
{
  const char *dir = g_get_user_special_dir (G_USER_DIRECTORY_VIDEOS);
  g_autofree char *name = g_strconcat (source->name, ".webm", NULL);

  return g_build_filename (dir && g_file_test (dir, G_FILE_TEST_IS_DIR) ? dir : g_get_home_dir (),
                           name, NULL);
}

GtkWidget *
ws_export_dialog_new (GtkWidget *page, WsExportSource *source)
{
  GtkRoot *parent = gtk_widget_get_root (page);
  WsExportDialog *self = g_object_new (WS_TYPE_EXPORT_DIALOG, "transient-for",
                                       GTK_IS_WINDOW (parent) ? parent : NULL, NULL);
  g_autofree char *path = default_path (source);

  self->source = source;
  g_set_weak_pointer (&self->page, page);
  show_source (self);
  ws_export_dialog_set_path (self, path);
  return GTK_WIDGET (self);
}
