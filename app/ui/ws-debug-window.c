/* ws-debug-window.c: "Debug your sort" — the file, the editor and running
 * the student's code (see ws-debug-window.h); the two sorts on one clock
 * are ws-debug-window-play.c's. */
#include "ws-debug-window-private.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "ws-debug-run.h"
#include "ws-error.h"
#include "ws-file.h"
#include "ws-size.h"
#include "ws-student-suite.h"
#include "ws-student.h"
#include "ws-ui-services.h"

G_DEFINE_FINAL_TYPE (WsDebugWindow, ws_debug_window, GTK_TYPE_WINDOW)

/* The keys a kernel or a function sorts here: enough to see, few enough
 * that every pass's keys come back to draw. */
#define MAX_KEYS 1024
/* Editors save in bursts (a temporary file, a rename): one run after. */
#define RELOAD_DELAY_MS 300

const char *
ws_debug_window_verdict (WsDebugWindow *self)
{
  g_return_val_if_fail (WS_IS_DEBUG_WINDOW (self), NULL);
  return gtk_label_get_text (self->verdict);
}

static WsNetworkKind
network_chosen (WsDebugWindow *self)
{
  return (WsNetworkKind) gtk_drop_down_get_selected (self->network);
}

static WsKeyType
type_chosen (WsDebugWindow *self)
{
  return gtk_drop_down_get_selected (self->key_type) == 1 ? WS_KEY_INT32 : WS_KEY_FLOAT32;
}

static void
say (WsDebugWindow *self, const char *text)
{
  gtk_label_set_text (self->verdict, text);
}

static char *
path_of (WsDebugWindow *self)
{
  return self->file ? g_file_get_path (self->file) : NULL;
}

static WsStudentPathKind
kind_of_file (WsDebugWindow *self)
{
  g_autofree char *path = path_of (self);

  return path ? ws_student_path_kind (path) : WS_STUDENT_KERNEL;
}

static char *
buffer_text (WsDebugWindow *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->source));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

/* The editor shows text, editable where it is a kernel's source. */
static void
show_text (WsDebugWindow *self, const char *text, gboolean editable, gboolean cuda)
{
  GtkSourceBuffer *buffer = GTK_SOURCE_BUFFER (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->source)));
  GtkSourceLanguageManager *languages = gtk_source_language_manager_get_default ();
  GtkTextIter start;

  gtk_source_buffer_set_language (buffer, cuda ? gtk_source_language_manager_get_language (languages, "cuda") : NULL);
  gtk_text_buffer_set_text (GTK_TEXT_BUFFER (buffer), text, -1);
  gtk_text_buffer_get_start_iter (GTK_TEXT_BUFFER (buffer), &start);
  gtk_text_buffer_place_cursor (GTK_TEXT_BUFFER (buffer), &start);
  gtk_text_view_set_editable (GTK_TEXT_VIEW (self->source), editable);
}

/* ---- the verdict ---- */

static void
show_verdict (WsDebugWindow *self, const char *fallback)
{
  g_autofree char *words = NULL, *text = NULL;
  const WsNetwork *net;
  gsize n;
  WsDivergence d;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "debug.divergence",
                                 self->student && ws_trace_scene_divergence (self->student, NULL));
  if (self->student == NULL)
    return say (self, fallback);
  net = ws_trace_scene_network (self->student);
  n = ws_trace_scene_trace (self->student)->input->n;
  if (ws_trace_scene_divergence (self->student, &d))
    words = ws_divergence_describe (net, &d);
  else
    words = g_strdup_printf ("All %u passes match the reference.",
                             ws_trace_scene_n_passes (self->student));
  if (ws_network_width (net) == n)
    return say (self, words);
  text = g_strdup_printf ("%s\n(%" G_GSIZE_FORMAT " keys, padded to %" G_GSIZE_FORMAT " with the "
                          "largest key as the engine pads)", words, n, ws_network_width (net));
  say (self, text);
}

/* The compiler's first "file:line:column:" placed in the editor. */
static void
show_error_place (WsDebugWindow *self, const char *message)
{
  g_autoptr (GRegex) re = g_regex_new (":([0-9]+):([0-9]+): error", 0, 0, NULL);
  g_autoptr (GMatchInfo) m = NULL;
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->source));
  GtkTextIter at;

  if (!g_regex_match (re, message, 0, &m))
    return;
  g_autofree char *line = g_match_info_fetch (m, 1), *column = g_match_info_fetch (m, 2);
  gtk_text_buffer_get_iter_at_line_offset (buffer, &at, atoi (line) - 1, MAX (atoi (column) - 1, 0));
  gtk_text_buffer_place_cursor (buffer, &at);
  gtk_text_view_scroll_to_iter (GTK_TEXT_VIEW (self->source), &at, 0.2, FALSE, 0, 0);
}

/* ---- running ---- */

/* A kernel written here is run from a temporary file: the messages name
 * it as the editor's. */
static void
tell_scratch_as_editor (WsDebugWindow *self, char **text)
{
  g_autofree char *path = g_build_filename (self->scratch_dir, "stage.cu", NULL);
  g_autoptr (GString) s = g_string_new (*text);

  g_string_replace (s, path, "the editor's kernel", 0);
  g_free (*text);
  *text = g_string_free (g_steal_pointer (&s), FALSE);
}

/* A run or a read came back: the scenes shown, or what went wrong. */
static void
arrived (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (WsDebugWindow) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (WsDebugOutcome) o = ws_debug_finish (result, &error);

  if (o == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->running);
  if (o == NULL)
    {
      ws_debug_window_clear (self);
      return show_verdict (self, error->message);
    }
  gtk_drop_down_set_selected (self->network, o->network);
  gtk_drop_down_set_selected (self->key_type, o->type == WS_KEY_INT32);
  if (o->text != NULL)
    show_text (self, o->text, FALSE, FALSE);
  if (self->file == NULL && self->scratch_dir != NULL && o->verdict != NULL)
    tell_scratch_as_editor (self, &o->verdict);
  if (o->student != NULL)
    ws_debug_window_show (self, g_steal_pointer (&o->student), g_steal_pointer (&o->reference));
  else
    {
      ws_debug_window_clear (self);
      show_error_place (self, o->verdict);
    }
  show_verdict (self, o->verdict);
}

/* A new run or read; the one under way is dropped. */
static GCancellable *
begin (WsDebugWindow *self, const char *doing)
{
  g_cancellable_cancel (self->running);
  g_clear_object (&self->running);
  self->running = g_cancellable_new ();
  say (self, doing);
  return self->running;
}

/* The keys the code sorts: n and seed from the panel. */
static WsArray *
input_keys (WsDebugWindow *self, GError **error)
{
  gsize n = 0;
  WsSuiteInput in;

  if (!ws_size_parse_range ("n", gtk_editable_get_text (GTK_EDITABLE (self->n_entry)), 1,
                            MAX_KEYS, &n, error))
    return NULL;
  in = (WsSuiteInput) { n, WS_SUITE_UNIFORM };
  return ws_student_suite_keys (&in, type_chosen (self),
                                (guint64) gtk_spin_button_get_value (self->seed), error);
}

static void
run_code (WsDebugWindow *self, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) keys = input_keys (self, &error);
  WsDebugRequest rq = { path, network_chosen (self), keys };

  if (keys == NULL)
    return say (self, error->message);
  ws_debug_run (&rq, begin (self, ws_student_path_kind (path) == WS_STUDENT_KERNEL
                                    ? "Compiling and running…" : "Running…"),
                arrived, g_object_ref (self));
}

/* A kernel written here lives in a file of the window's own. */
static char *
scratch_path (WsDebugWindow *self, GError **error)
{
  if (self->scratch_dir == NULL
      && (self->scratch_dir = g_dir_make_tmp ("warpscope-kernel-XXXXXX", error)) == NULL)
    return NULL;
  return g_build_filename (self->scratch_dir, "stage.cu", NULL);
}

/* Run: a kernel's source saved first (to its file, or the scratch one). */
static void
run (WsDebugWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = path_of (self), *text = NULL;

  if (kind_of_file (self) != WS_STUDENT_KERNEL)
    return ws_debug_window_open (self, path);
  text = buffer_text (self);
  if (path == NULL && (path = scratch_path (self, &error)) == NULL)
    return say (self, error->message);
  if (!ws_file_write_atomic (path, text, strlen (text), &error))
    return say (self, error->message);
  g_free (self->last_run);
  self->last_run = g_steal_pointer (&text);
  run_code (self, path);
}

/* ---- opening ---- */

static void
choose_network (WsDebugWindow *self, const char *name, WsKeyType type)
{
  WsNetworkKind kind;

  if (name != NULL && ws_network_kind_from_name (name, &kind))
    gtk_drop_down_set_selected (self->network, kind);
  gtk_drop_down_set_selected (self->key_type, type == WS_KEY_INT32);
}

static void
open_trace (WsDebugWindow *self, const char *path)
{
  show_text (self, "# a trace: its text shows here once read", FALSE, FALSE);
  ws_debug_load (path, network_chosen (self), begin (self, "Reading the trace…"), arrived,
                 g_object_ref (self));
}

static void
open_kernel (WsDebugWindow *self, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  WsHeader header = { NULL, WS_KEY_FLOAT32, 0 };
  gsize len;

  if (!ws_file_read_input (path, 16 << 20, "a kernel source", &text, &len, &error)
      || !ws_student_source_header (path, text, &header, &error))
    return say (self, error->message);
  choose_network (self, header.network, header.type);
  ws_header_clear (&header);
  show_text (self, text, TRUE, TRUE);
  g_free (self->last_run);
  self->last_run = g_strdup (text);
  run_code (self, path);
}

static void
open_function (WsDebugWindow *self, const char *path)
{
  show_text (self, "// A C function in a shared object: edit its source in your own editor and\n"
                   "// rebuild it; Warpscope runs it again when the file changes.\n",
             FALSE, FALSE);
  run_code (self, path);
}

static void
open_by_kind (WsDebugWindow *self, const char *path)
{
  switch (ws_student_path_kind (path))
    {
    case WS_STUDENT_KERNEL: return open_kernel (self, path);
    case WS_STUDENT_FUNCTION: return open_function (self, path);
    default: return open_trace (self, path);
    }
}

/* ---- the file on disk ---- */

static void
unwatch (WsDebugWindow *self)
{
  if (self->monitor != NULL)
    g_signal_handlers_disconnect_by_data (self->monitor, self);
  g_clear_object (&self->monitor);
}

static gboolean
reload (gpointer data)
{
  WsDebugWindow *self = data;
  g_autofree char *path = path_of (self), *text = NULL;

  self->reload_id = 0;
  /* our own save of the editor's text: already running */
  if (ws_student_path_kind (path) == WS_STUDENT_KERNEL
      && g_file_get_contents (path, &text, NULL, NULL) && g_strcmp0 (text, self->last_run) == 0)
    return G_SOURCE_REMOVE;
  open_by_kind (self, path);
  return G_SOURCE_REMOVE;
}

static void
file_changed (GFileMonitor *monitor, GFile *file, GFile *other, GFileMonitorEvent event,
              WsDebugWindow *self)
{
  if (event == G_FILE_MONITOR_EVENT_DELETED || event == G_FILE_MONITOR_EVENT_MOVED_OUT
      || event == G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED)
    return;
  g_clear_handle_id (&self->reload_id, g_source_remove);
  self->reload_id = g_timeout_add (RELOAD_DELAY_MS, reload, self);
}

static void
watch (WsDebugWindow *self)
{
  unwatch (self);
  self->monitor = g_file_monitor_file (self->file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->monitor != NULL)
    g_signal_connect (self->monitor, "changed", G_CALLBACK (file_changed), self);
}

void
ws_debug_window_open (WsDebugWindow *self, const char *path)
{
  g_autofree char *shown = NULL;

  g_return_if_fail (WS_IS_DEBUG_WINDOW (self) && path != NULL);
  if (self->file == NULL || !g_str_equal (g_file_peek_path (self->file), path))
    {
      g_clear_object (&self->file);
      self->file = g_file_new_for_path (path);
      watch (self);
    }
  shown = g_filename_display_name (path);
  gtk_label_set_text (self->file_label, shown);
  open_by_kind (self, path);
}

/* New Kernel: the chosen network's right kernel (data/examples), to change
 * and run. */
static void
new_kernel (WsDebugWindow *self)
{
  WsNetworkKind kind = network_chosen (self);
  g_autofree char *name = g_strdup_printf ("/io/github/warpscope/Warpscope/starters/%s.cu",
                                           ws_network_kind_name (kind));
  g_autoptr (GBytes) starter = g_resources_lookup_data (name, 0, NULL);

  unwatch (self);
  g_clear_object (&self->file);
  gtk_label_set_text (self->file_label, "A kernel written here (not saved)");
  gtk_drop_down_set_selected (self->key_type, 0);
  show_text (self, starter ? g_bytes_get_data (starter, NULL) : "", TRUE, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->source));
}

static void
chosen (GtkNativeDialog *dialog, int response, WsDebugWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      if (path != NULL)
        ws_debug_window_open (self, path);
    }
  g_object_unref (dialog);
}

static void
add_filter (GtkFileChooser *chooser, const char *name, const char *const *patterns)
{
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  for (; *patterns != NULL; patterns++)
    gtk_file_filter_add_pattern (filter, *patterns);
  gtk_file_chooser_add_filter (chooser, filter);
}

static void
ask_file (WsDebugWindow *self)
{
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
    "Open Your Sort", GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel");

  add_filter (GTK_FILE_CHOOSER (dialog), "Traces, kernels and C functions",
              (const char *[]) { "*.txt", "*.trace", "*.cu", "*.so", NULL });
  add_filter (GTK_FILE_CHOOSER (dialog), "All files", (const char *[]) { "*", NULL });
  g_signal_connect (dialog, "response", G_CALLBACK (chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* ---- actions ---- */

/* Presentation mode, as the main window's (F5): larger text, and the
 * canvases' high-contrast colours and emphasis. */
static void
set_presentation (WsDebugWindow *self, gboolean on)
{
  ws_ui_set_presentation (GTK_WIDGET (self), on);
  gtk_widget_queue_draw (GTK_WIDGET (self->student_canvas));
  gtk_widget_queue_draw (GTK_WIDGET (self->reference_canvas));
}

static void
action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  WsDebugWindow *self = WS_DEBUG_WINDOW (widget);
  WsDivergence d;

  if (g_str_equal (name, "debug.open"))
    ask_file (self);
  else if (g_str_equal (name, "debug.new"))
    new_kernel (self);
  else if (g_str_equal (name, "debug.run"))
    run (self);
  else if (g_str_equal (name, "debug.play"))
    ws_debug_window_play (self);
  else if (g_str_equal (name, "debug.step"))
    ws_debug_window_seek (self, ws_debug_window_pass (self) + 1);
  else if (g_str_equal (name, "debug.step-back"))
    ws_debug_window_seek (self, ws_debug_window_pass (self) - (ws_debug_window_pass (self) > 0));
  else if (g_str_equal (name, "debug.reset"))
    ws_debug_window_seek (self, 0);
  else if (g_str_equal (name, "debug.presentation"))
    set_presentation (self, !gtk_widget_has_css_class (widget, "presentation"));
  else if (g_str_equal (name, "debug.divergence") && self->student != NULL
           && ws_trace_scene_divergence (self->student, &d))
    ws_debug_window_seek (self, d.pass + 1);
}

static void
ws_debug_window_dispose (GObject *object)
{
  WsDebugWindow *self = WS_DEBUG_WINDOW (object);

  ws_debug_window_stop (self);
  g_cancellable_cancel (self->running);
  g_clear_object (&self->running);
  g_clear_handle_id (&self->reload_id, g_source_remove);
  unwatch (self);
  g_clear_object (&self->file);
  gtk_widget_dispose_template (GTK_WIDGET (self), WS_TYPE_DEBUG_WINDOW);
  G_OBJECT_CLASS (ws_debug_window_parent_class)->dispose (object);
}

static void
ws_debug_window_finalize (GObject *object)
{
  WsDebugWindow *self = WS_DEBUG_WINDOW (object);

  if (self->scratch_dir != NULL)
    {
      g_autofree char *scratch = g_build_filename (self->scratch_dir, "stage.cu", NULL);
      g_remove (scratch);
      g_rmdir (self->scratch_dir);
    }
  g_free (self->scratch_dir);
  g_free (self->last_run);
  G_OBJECT_CLASS (ws_debug_window_parent_class)->finalize (object);
}

static void
add_key (GtkWidgetClass *w, guint key, GdkModifierType mods, const char *name)
{
  gtk_widget_class_add_binding_action (w, key, mods, name, NULL);
}

static void
ws_debug_window_class_init (WsDebugWindowClass *klass)
{
  GtkWidgetClass *w = GTK_WIDGET_CLASS (klass);
  static const char *const names[] = { "debug.open", "debug.new", "debug.run", "debug.play",
                                       "debug.step", "debug.step-back", "debug.reset",
                                       "debug.divergence", "debug.presentation" };

  G_OBJECT_CLASS (klass)->dispose = ws_debug_window_dispose;
  G_OBJECT_CLASS (klass)->finalize = ws_debug_window_finalize;
  ws_ui_register_resources ();
  gtk_source_init ();
  g_type_ensure (WS_TYPE_CANVAS);
  g_type_ensure (GTK_SOURCE_TYPE_VIEW);
  gtk_widget_class_set_template_from_resource (w, "/io/github/warpscope/Warpscope/ui/ws-debug-window.ui");
  gtk_widget_class_bind_template_child (w, WsDebugWindow, file_label);
  gtk_widget_class_bind_template_child (w, WsDebugWindow, verdict);
  gtk_widget_class_bind_template_child (w, WsDebugWindow, pass_label);
  gtk_widget_class_bind_template_child (w, WsDebugWindow, network);
  gtk_widget_class_bind_template_child (w, WsDebugWindow, key_type);
  gtk_widget_class_bind_template_child (w, WsDebugWindow, n_entry);
  gtk_widget_class_bind_template_child (w, WsDebugWindow, seed);
  gtk_widget_class_bind_template_child (w, WsDebugWindow, source);
  gtk_widget_class_bind_template_child (w, WsDebugWindow, student_canvas);
  gtk_widget_class_bind_template_child (w, WsDebugWindow, reference_canvas);
  gtk_widget_class_bind_template_child (w, WsDebugWindow, play_button);
  gtk_widget_class_bind_template_child (w, WsDebugWindow, pass_adjustment);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    gtk_widget_class_install_action (w, names[i], NULL, action);
  add_key (w, GDK_KEY_o, GDK_CONTROL_MASK, "debug.open");
  add_key (w, GDK_KEY_r, GDK_CONTROL_MASK, "debug.run");
  add_key (w, GDK_KEY_space, 0, "debug.play");
  add_key (w, GDK_KEY_Right, 0, "debug.step");
  add_key (w, GDK_KEY_Left, 0, "debug.step-back");
  add_key (w, GDK_KEY_Home, 0, "debug.reset");
  add_key (w, GDK_KEY_d, 0, "debug.divergence");
  add_key (w, GDK_KEY_F5, 0, "debug.presentation");
  add_key (w, GDK_KEY_w, GDK_CONTROL_MASK, "window.close");
}

static void
ws_debug_window_init (WsDebugWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ws_debug_window_init_play (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "debug.divergence", FALSE);
}

GtkWidget *
ws_debug_window_new (GtkWindow *parent, WsNetworkKind network)
{
  WsDebugWindow *self = g_object_new (WS_TYPE_DEBUG_WINDOW, "transient-for", parent, NULL);

  gtk_drop_down_set_selected (self->network, network);
  new_kernel (self); /* a first start shows something to run */
  if (parent != NULL)
    set_presentation (self, gtk_widget_has_css_class (GTK_WIDGET (parent), "presentation"));
  return GTK_WIDGET (self);
}
