/* ws-sorting-input.c: the sorting page's keys — generated on a worker
 * (with, for big arrays, their stepper and first bins), loaded from a file
 * — and its preferences (see ws-sorting-page.h). */
#include "ws-sorting-page-private.h"

#include <math.h>

#include "ws-ui-services.h"
#include "ws-array-io.h"
#include "ws-cancel.h"
#include "ws-generator.h"
#include "ws-memory.h"
#include "ws-size.h"

/* ---- generating and loading ---- */

typedef struct
{
  WsKeyType      type;
  WsDistribution dist;
  gsize          n;
  guint64        seed;
  char          *path;    /* keys from this file instead of generated ones */
  /* Big arrays stepped on the host: what the worker prepares (kind as
   * chosen when asked; on_generated checks it still is). */
  WsNetworkKind  kind;
  gboolean       prepare;
  Prepared       prepared;
} Request;

static void
request_free (gpointer data)
{
  Request *r = data;

  ws_sorting_prepared_clear (&r->prepared);
  g_free (r->path);
  g_free (r);
}

/* A file bigger than this holds more keys than the animation takes (2^24
 * keys of up to 64 characters each): refused before it is read. */
#define MAX_FILE_BYTES (G_GINT64_CONSTANT (1) << 30)

static WsArray *
load_keys (const Request *r, GError **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (r->path);
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                                  G_FILE_QUERY_INFO_NONE, NULL, NULL);
  WsArray *keys;

  if (info != NULL && g_file_info_get_size (info) > MAX_FILE_BYTES)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "%s is bigger than 1 GiB; the animation takes up to 2^24 keys", r->path);
      return NULL;
    }
  keys = ws_array_load (r->path, WS_FORMAT_TEXT, r->type, error);
  if (keys != NULL && (keys->n == 0 || keys->n > (1u << 24)))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   keys->n == 0 ? "%s holds no keys; the animation takes 1 to 2^24"
                                : "%s holds more than 2^24 keys; the animation takes up to 2^24",
                   r->path);
      g_clear_pointer (&keys, ws_array_free);
    }
  return keys;
}

static void
generate_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancel)
{
  Request *r = data;
  GError *error = NULL;
  WsArray *keys;

  /* A newer request cancels this one; loading and generating stop within
   * a chunk of keys. */
  ws_cancel_push (cancel);
  keys = r->path ? load_keys (r, &error) : ws_generate (r->type, r->dist, r->n, r->seed, &error);
  ws_cancel_pop ();
  if (keys == NULL)
    return g_task_return_error (task, error);
  /* The scene's copy of 2^24 keys, their range and the first frame's
   * bins would take the main thread tens of milliseconds. */
  if (r->prepare && keys->n >= WORKER_KEYS)
    ws_sorting_prepare (&r->prepared, r->kind, keys);
  g_task_return_pointer (task, keys, (GDestroyNotify) ws_array_free);
}

void
ws_sorting_page_busy (WsSortingPage *self, gboolean on, const char *what)
{
  gtk_widget_set_visible (GTK_WIDGET (self->progress), on);
  gtk_progress_bar_set_text (self->progress, what);
  if (on)
    gtk_progress_bar_pulse (self->progress);
  gtk_widget_set_sensitive (GTK_WIDGET (self->generate_button), !on);
  gtk_widget_set_sensitive (GTK_WIDGET (self->load_button), !on);
}

static void
take_input (WsSortingPage *self, WsArray *keys, Prepared *prepared)
{
  g_clear_pointer (&self->input, ws_array_free);
  self->input = keys;
  ws_sorting_page_install (self, prepared);
}

static void
on_generated (GObject *source, GAsyncResult *result, gpointer data)
{
  WsSortingPage *self = data;
  g_autoptr (GError) error = NULL;
  WsArray *keys = g_task_propagate_pointer (G_TASK (result), &error);
  Request *r = g_task_get_task_data (G_TASK (result));

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  ws_sorting_page_busy (self, FALSE, NULL);
  g_clear_object (&self->generating);
  if (keys == NULL)
    return ws_sorting_page_report (self, error);
  if (r->path != NULL) /* n says what the file held */
    {
      g_autofree char *n = g_strdup_printf ("%" G_GSIZE_FORMAT, keys->n);
      gtk_editable_set_text (GTK_EDITABLE (self->n_entry), n);
    }
  /* What the worker prepared stands only if the choice has not changed. */
  take_input (self, keys, r->kind == ws_sorting_page_kind (self) && !ws_sorting_page_gpu_chosen (self)
                            && r->prepared.columns == self->columns ? &r->prepared : NULL);
}

/* The keys, the stepper's copy and the GPU's buffers must fit where they
 * go, or the window would be killed with them. */
static gboolean
check_memory (WsSortingPage *self, const Request *r, GError **error)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (self->algorithm);
  const WsAlgorithm *algo = ws_registry_lookup (gtk_string_object_get_string (item), NULL);
  WsVariant variant = ws_sorting_page_gpu_chosen (self) ? WS_VARIANT_GPU : WS_VARIANT_CPU_SEQ;

  return algo == NULL || ws_memory_check (algo, variant, NULL, r->type, r->n, WS_MEMORY_ALL, error);
}

static gboolean
read_request (WsSortingPage *self, Request *r, GError **error)
{
  GtkStringObject *dist = gtk_drop_down_get_selected_item (self->distribution);

  r->type = gtk_drop_down_get_selected (self->key_type) == 1 ? WS_KEY_INT32 : WS_KEY_FLOAT32;
  r->seed = (guint64) gtk_spin_button_get_value (self->seed);
  if (!ws_distribution_from_string (gtk_string_object_get_string (dist), &r->dist, error)
      || !ws_size_parse ("n", gtk_editable_get_text (GTK_EDITABLE (self->n_entry)), &r->n, error))
    return FALSE;
  if (r->n == 0 || r->n > (1u << 24))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "n = %" G_GSIZE_FORMAT ": the animation takes 1 to 2^24 keys", r->n);
      return FALSE;
    }
  return check_memory (self, r, error);
}

/* Generated or loaded keys arrive from a worker (on_generated). */
static void
start_request (WsSortingPage *self, Request *r)
{
  g_autoptr (GTask) task = NULL;

  ws_sorting_page_play (self, FALSE);
  if (self->generating != NULL)
    g_cancellable_cancel (self->generating);
  g_set_object (&self->generating, g_cancellable_new ());
  ws_sorting_page_busy (self, TRUE, r->path ? "loading keys…" : "generating keys…");
  r->kind = ws_sorting_page_kind (self);
  r->prepare = !ws_sorting_page_gpu_chosen (self);
  r->prepared.columns = self->columns;
  r->prepared.highlights = gtk_check_button_get_active (self->show_highlights);
  task = g_task_new (self, self->generating, on_generated, self);
  g_task_set_task_data (task, r, request_free);
  g_task_run_in_thread (task, generate_in_thread);
}

void
ws_sorting_page_generate (WsSortingPage *self)
{
  g_autoptr (GError) error = NULL;
  Request *r = g_new0 (Request, 1);

  if (!read_request (self, r, &error))
    {
      request_free (r);
      return ws_sorting_page_report (self, error);
    }
  start_request (self, r);
}

static void
on_file_chosen (GtkNativeDialog *dialog, int response, gpointer data)
{
  WsSortingPage *self = data;
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT
      && (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog))) != NULL)
    {
      g_autofree char *path = g_file_get_path (file);
      if (path != NULL)
        ws_sorting_page_load_path (self, path);
      else /* a remote location without a local path */
        {
          g_autoptr (GError) error = g_error_new (G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                                  "Keys are read from local files; copy the file "
                                                  "to this computer first");
          ws_sorting_page_report (self, error);
        }
    }
  g_object_unref (dialog);
}

void
ws_sorting_page_load_path (WsSortingPage *self, const char *path)
{
  Request *r;

  g_return_if_fail (WS_IS_SORTING_PAGE (self) && path != NULL);
  r = g_new0 (Request, 1);
  r->path = g_strdup (path);
  r->type = gtk_drop_down_get_selected (self->key_type) == 1 ? WS_KEY_INT32 : WS_KEY_FLOAT32;
  start_request (self, r); /* a big file is parsed off the main thread */
}

void
ws_sorting_page_load_file (WsSortingPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
    "Load Keys", GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, GTK_FILE_CHOOSER_ACTION_OPEN,
    "_Load", "_Cancel");

  g_signal_connect (dialog, "response", G_CALLBACK (on_file_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* ---- preferences ---- */

/* The selected string of a drop-down, or the item named `name`. */
static const char *
selected_name (GtkDropDown *d)
{
  return gtk_string_object_get_string (gtk_drop_down_get_selected_item (d));
}

static void
select_name (GtkDropDown *d, const char *name)
{
  GListModel *model = gtk_drop_down_get_model (d);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (GtkStringObject) item = g_list_model_get_item (model, i);
      if (g_strcmp0 (gtk_string_object_get_string (item), name) == 0)
        return gtk_drop_down_set_selected (d, i);
    }
}

/* The last algorithm, keys and speed (where the schema is installed). */
void
ws_sorting_page_load_preferences (WsSortingPage *self)
{
  g_autoptr (GSettings) s = ws_ui_settings ();
  g_autofree char *algorithm = NULL, *type = NULL, *dist = NULL, *n = NULL;

  if (s == NULL)
    return;
  algorithm = g_settings_get_string (s, "algorithm");
  type = g_settings_get_string (s, "key-type");
  dist = g_settings_get_string (s, "distribution");
  select_name (self->algorithm, algorithm);
  select_name (self->key_type, type);
  select_name (self->distribution, dist);
  n = g_strdup_printf ("%" G_GUINT64_FORMAT, g_settings_get_uint64 (s, "n"));
  gtk_editable_set_text (GTK_EDITABLE (self->n_entry), n);
  gtk_spin_button_set_value (self->seed, (double) g_settings_get_uint64 (s, "seed"));
  gtk_range_set_value (GTK_RANGE (self->speed), log10 (g_settings_get_double (s, "speed")));
}

void
ws_sorting_page_save_preferences (WsSortingPage *self)
{
  g_autoptr (GSettings) s = ws_ui_settings ();
  Request r;

  if (s == NULL)
    return;
  g_settings_set_string (s, "algorithm", selected_name (self->algorithm));
  g_settings_set_string (s, "key-type", selected_name (self->key_type));
  g_settings_set_string (s, "distribution", selected_name (self->distribution));
  if (read_request (self, &r, NULL))
    g_settings_set_uint64 (s, "n", r.n);
  g_settings_set_uint64 (s, "seed", (guint64) gtk_spin_button_get_value (self->seed));
  g_settings_set_double (s, "speed", CLAMP (pow (10.0, gtk_range_get_value (GTK_RANGE (self->speed))),
                                            0.1, 1000.0));
}

