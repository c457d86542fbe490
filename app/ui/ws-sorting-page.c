/* ws-sorting-page.c: the sorting networks mode (see ws-sorting-page.h). */
#include "ws-sorting-page.h"

#include <math.h>
#include <string.h>

#include "ws-application.h"
#include "ws-array-io.h"
#include "ws-backend.h"
#include "ws-canvas.h"
#include "ws-frame-path.h"
#include "ws-generator.h"
#include "ws-size.h"
#include "ws-stepper.h"

/* Above this many keys a GPU stepper brings keys and flags back only at
 * the end: a copy of 2^22 keys each pass would cost more than the pass. */
enum { DEVICE_SYNC_KEYS = 1 << 22, COMPARATOR_KEYS = 256 };

/* From this many keys on, host passes run on a worker thread: one pass of
 * 2^24 keys takes tens of milliseconds, which the window must not wait for. */
enum { WORKER_KEYS = 1 << 18 };

typedef struct _Advance Advance;

struct _WsSortingPage
{
  GtkBox          parent_instance;

  WsCanvas       *canvas;
  GtkDropDown    *algorithm, *key_type, *distribution, *n_presets;
  GtkToggleButton *cpu_button, *gpu_button;
  GtkEntry       *n_entry;
  GtkSpinButton  *seed;
  GtkButton      *generate_button, *load_button, *play_button;
  GtkProgressBar *progress;
  GtkScale       *speed;
  GtkLabel       *speed_label, *pass_label, *counters_label, *check_label, *path_label;
  GtkCheckButton *show_highlights, *show_comparators, *show_boundaries;

  WsArray        *input;       /* the keys as generated or loaded */
  WsStepper      *stepper;
  gboolean        on_device;
  WsFramePath    *path;        /* lives in the canvas's GL context */
  double          vmin, vmax;
  guint64         comparisons, swaps;
  gint64          bad_at;      /* the first key a check found out of order, or -1 */
  GCancellable   *generating;
  guint           tick;        /* the play tick callback, 0 when paused */
  gint64          last_frame_us;
  GError         *draw_error;  /* what went wrong drawing, shown from an idle */
  Advance        *advancing;   /* host passes running on a worker, or NULL */
  gboolean        remake;      /* a new stepper is due once they return */
  char           *caption;     /* the pass label, for frames drawn meanwhile */
  guint           columns;     /* the bins the canvas last drew */
  WsBarBin       *ready_bins;  /* bins the worker made after its passes, or NULL */
  guint           ready_columns;
  double          owed;        /* passes due but not yet run */
};

G_DEFINE_FINAL_TYPE (WsSortingPage, ws_sorting_page, GTK_TYPE_BOX)

/* ---- labels ---- */

static void
show_counters (WsSortingPage *self)
{
  g_autofree char *text = g_strdup_printf ("comparisons %" G_GUINT64_FORMAT "  ·  swaps %"
                                           G_GUINT64_FORMAT, self->comparisons, self->swaps);

  gtk_label_set_text (self->counters_label, text);
}

static void
show_pass (WsSortingPage *self)
{
  g_free (self->caption);
  self->caption = self->stepper ? ws_stepper_label (self->stepper) : NULL;
  gtk_label_set_text (self->pass_label, self->caption ? self->caption : "generate keys to begin");
  show_counters (self);
}

static void
show_speed (WsSortingPage *self)
{
  double speed = pow (10.0, gtk_range_get_value (GTK_RANGE (self->speed)));
  g_autofree char *text = g_strdup_printf (speed < 10 ? "%.1f passes/s" : "%.0f passes/s", speed);

  gtk_label_set_text (self->speed_label, text);
}

/* ---- stepping ---- */

static const WsNetwork *
network (WsSortingPage *self)
{
  return ws_stepper_network (self->stepper);
}

/* The keys and flags on the host, when they are to be counted and checked
 * this pass (always on the CPU; on the GPU up to DEVICE_SYNC_KEYS). */
static gboolean
host_view (WsSortingPage *self, GError **error)
{
  if (!self->on_device)
    return TRUE;
  if (ws_network_width (network (self)) > DEVICE_SYNC_KEYS && !ws_stepper_finished (self->stepper))
    return FALSE;
  return ws_stepper_sync (self->stepper, error);
}

/* The last pass's comparisons and swaps (from its flags). */
static void
count_flags (WsStepper *stepper, guint64 *comparisons, guint64 *swaps)
{
  const guint8 *flags = ws_stepper_flags (stepper);
  gsize width = ws_network_width (ws_stepper_network (stepper)), compared = 0, swapped = 0;

  for (gsize i = 0; i < width; i++)
    compared += (flags[i] & WS_BAR_COMPARED) != 0, swapped += (flags[i] & WS_BAR_SWAPPED) != 0;
  *comparisons += compared / 2;
  *swaps += swapped / 2;
}

/* The engine's invariant after a stage, and sortedness at the end: NULL
 * between stages, else what the check says; *bad_at gets the first key out
 * of order. Touches no widget: it also runs on the worker. */
static char *
check_words (WsStepper *stepper, gint64 *bad_at)
{
  const WsNetwork *net = ws_stepper_network (stepper);
  guint pass = ws_stepper_done (stepper) - 1;
  g_autoptr (GError) error = NULL;
  gsize bad = 0;

  if (*bad_at >= 0 || !ws_network_pass_ends_stage (net, pass))
    return NULL;
  if (!ws_network_check_pass (net, ws_stepper_keys (stepper), pass, &bad, &error))
    {
      *bad_at = (gint64) bad;
      return g_strdup_printf ("✗ broken at key %" G_GSIZE_FORMAT ": %s", bad, error->message);
    }
  return g_strdup (ws_stepper_finished (stepper) ? "✓ sorted" : "✓ the stage holds");
}

static void
show_check (WsSortingPage *self, const char *text)
{
  if (text == NULL)
    return;
  gtk_label_set_text (self->check_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->check_label), text);
}

static void
count_pass (WsSortingPage *self)
{
  count_flags (self->stepper, &self->comparisons, &self->swaps);
}

static void
check_pass (WsSortingPage *self)
{
  g_autofree char *text = check_words (self->stepper, &self->bad_at);

  show_check (self, text);
}

static gboolean
run_pass (WsSortingPage *self, GError **error)
{
  gboolean stepped;

  if (self->on_device)
    {
      if (!ws_stepper_step_device (self->stepper, &stepped, error))
        return FALSE;
    }
  else
    stepped = ws_stepper_step (self->stepper);
  if (!stepped)
    return TRUE;
  if (!host_view (self, error))
    return error == NULL || *error == NULL;
  count_pass (self);
  check_pass (self);
  return TRUE;
}

static void
report (WsSortingPage *self, const GError *error)
{
  g_autofree char *text = g_strdup_printf ("✗ %s", error->message);

  gtk_label_set_text (self->check_label, text);
  ws_sorting_page_play (self, FALSE);
}

/* ---- passes on a worker ---- */

static void make_stepper (WsSortingPage *self);

/* Host passes run off the main thread: the job owns what it returns, and
 * the stepper while it runs (the page draws the last frame meanwhile). */
struct _Advance
{
  WsStepper *stepper;
  guint      passes;                /* to run */
  guint64    comparisons, swaps;    /* what they did */
  gint64     bad_at;                /* in: the page's; out: after the passes */
  char      *check;                 /* the last check's words, or NULL */
  gboolean   orphaned;              /* the page went away: free the stepper */
  /* The next frame's bins, made here too: 2^24 keys take tens of ms. */
  guint      columns;
  gboolean   flags;
  double     vmin, vmax;
  WsBarBin  *bins;
};

static void
advance_free (gpointer data)
{
  Advance *a = data;

  if (a->orphaned)
    ws_stepper_free (a->stepper);
  g_free (a->check);
  g_free (a->bins);
  g_free (a);
}

static void
advance_run (Advance *a)
{
  const WsArray *keys = ws_stepper_keys (a->stepper);

  for (guint i = 0; i < a->passes && ws_stepper_step (a->stepper); i++)
    {
      char *words;
      count_flags (a->stepper, &a->comparisons, &a->swaps);
      if ((words = check_words (a->stepper, &a->bad_at)) != NULL)
        g_free (a->check), a->check = words;
    }
  if (a->columns == 0)
    return;
  a->bins = g_new (WsBarBin, ws_bars_count (keys->n, a->columns));
  ws_bars_fill (keys, a->flags ? ws_stepper_flags (a->stepper) : NULL, a->vmin, a->vmax,
                a->columns, a->bins);
}

static void
advance_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancel)
{
  advance_run (data);
  g_task_return_boolean (task, TRUE);
}

static void
advance_done (GObject *source, GAsyncResult *result, gpointer data)
{
  WsSortingPage *self = WS_SORTING_PAGE (source);
  Advance *a = g_task_get_task_data (G_TASK (result));

  if (a->orphaned)
    return;
  self->advancing = NULL;
  self->comparisons += a->comparisons, self->swaps += a->swaps, self->bad_at = a->bad_at;
  g_free (self->ready_bins);
  self->ready_bins = g_steal_pointer (&a->bins), self->ready_columns = a->columns;
  show_check (self, a->check);
  if (self->remake)
    self->remake = FALSE, make_stepper (self);
  show_pass (self);
  gtk_gl_area_queue_render (GTK_GL_AREA (self->canvas));
}

/* Runs up to `passes` passes: on a worker for big host arrays (all of
 * them), here otherwise until `budget_us` has passed. Returns how many it
 * took on. */
static guint
advance (WsSortingPage *self, guint passes, gint64 budget_us)
{
  g_autoptr (GTask) task = NULL;
  gint64 deadline = g_get_monotonic_time () + budget_us;
  Advance *a;
  guint i = 0;

  if (self->stepper == NULL || self->advancing != NULL)
    return 0;
  if (self->on_device || ws_network_width (network (self)) < WORKER_KEYS)
    {
      for (; i < passes && !ws_stepper_finished (self->stepper)
             && (i == 0 || g_get_monotonic_time () < deadline); i++)
        {
          g_autoptr (GError) error = NULL;
          if (!run_pass (self, &error))
            return report (self, error), i;
        }
      show_pass (self);
      gtk_gl_area_queue_render (GTK_GL_AREA (self->canvas));
      return i;
    }
  a = self->advancing = g_new0 (Advance, 1);
  a->stepper = self->stepper, a->passes = passes, a->bad_at = self->bad_at;
  a->columns = self->columns, a->vmin = self->vmin, a->vmax = self->vmax;
  a->flags = gtk_check_button_get_active (self->show_highlights);
  task = g_task_new (self, NULL, advance_done, NULL);
  g_task_set_task_data (task, a, advance_free);
  g_task_run_in_thread (task, advance_in_thread);
  return passes;
}

void
ws_sorting_page_step (WsSortingPage *self)
{
  g_return_if_fail (WS_IS_SORTING_PAGE (self));
  if (self->stepper != NULL && self->advancing == NULL && !ws_stepper_finished (self->stepper))
    advance (self, 1, G_MAXINT64 / 2);
}

/* ---- the stepper ---- */

static void
drop_stepper (WsSortingPage *self)
{
  if (self->path != NULL && ws_canvas_make_current (self->canvas))
    g_clear_pointer (&self->path, ws_frame_path_free);
  g_clear_pointer (&self->stepper, ws_stepper_free);
  g_clear_pointer (&self->ready_bins, g_free);
}

static gboolean
gpu_chosen (WsSortingPage *self)
{
  return gtk_toggle_button_get_active (self->gpu_button);
}

static WsNetworkKind
chosen_kind (WsSortingPage *self)
{
  WsNetworkKind kind = WS_NETWORK_BITONIC;
  GtkStringObject *item = gtk_drop_down_get_selected_item (self->algorithm);

  ws_network_kind_from_name (gtk_string_object_get_string (item), &kind);
  return kind;
}

/* What a generation's worker prepares for big arrays, so that the main
 * thread only takes it: the host stepper, the keys' range, the first bins. */
typedef struct
{
  WsStepper *stepper;
  double     vmin, vmax;
  WsBarBin  *bins;
  guint      columns;
} Prepared;

static void install_stepper (WsSortingPage *self, Prepared *prepared);

/* A fresh stepper over the input: on the GPU when asked and possible. */
static void
make_stepper (WsSortingPage *self)
{
  install_stepper (self, NULL);
}

static void
install_stepper (WsSortingPage *self, Prepared *prepared)
{
  g_autoptr (GError) error = NULL;
  const WsBackend *cuda = ws_backend_cuda ();

  if (self->advancing != NULL)
    {
      self->remake = TRUE; /* the worker still holds the stepper */
      return;
    }
  drop_stepper (self);
  self->comparisons = self->swaps = 0, self->bad_at = -1, self->owed = 0;
  gtk_label_set_text (self->check_label, "");
  if (self->input == NULL)
    return show_pass (self);
  self->on_device = gpu_chosen (self) && cuda->device != NULL;
  if (prepared != NULL && prepared->stepper != NULL && !self->on_device)
    {
      self->stepper = g_steal_pointer (&prepared->stepper);
      self->vmin = prepared->vmin, self->vmax = prepared->vmax;
      self->ready_bins = g_steal_pointer (&prepared->bins);
      self->ready_columns = prepared->columns;
      show_pass (self);
      gtk_gl_area_queue_render (GTK_GL_AREA (self->canvas));
      return;
    }
  if (self->on_device)
    self->stepper = ws_stepper_new_on_device (chosen_kind (self), self->input, cuda, &error);
  else
    self->stepper = ws_stepper_new (chosen_kind (self), self->input, &error);
  if (self->stepper == NULL)
    report (self, error);
  ws_bars_range (self->input, &self->vmin, &self->vmax);
  show_pass (self);
  gtk_gl_area_queue_render (GTK_GL_AREA (self->canvas));
}

void
ws_sorting_page_reset (WsSortingPage *self)
{
  g_return_if_fail (WS_IS_SORTING_PAGE (self));
  ws_sorting_page_play (self, FALSE);
  make_stepper (self);
}

/* Back one pass: replay from the input to the pass before (the network
 * keeps no history; replaying costs what the passes cost). */
void
ws_sorting_page_step_back (WsSortingPage *self)
{
  guint target;

  g_return_if_fail (WS_IS_SORTING_PAGE (self));
  if (self->stepper == NULL || self->advancing != NULL || ws_stepper_done (self->stepper) == 0)
    return;
  target = ws_stepper_done (self->stepper) - 1;
  ws_sorting_page_play (self, FALSE);
  make_stepper (self);
  if (target > 0)
    advance (self, target, G_MAXINT64 / 2);
}

/* ---- playing ---- */

/* Runs the passes the speed owes since the last frame, within a few
 * milliseconds so that the window keeps answering at any speed or n. */
static gboolean
on_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  WsSortingPage *self = data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double speed = pow (10.0, gtk_range_get_value (GTK_RANGE (self->speed)));

  if (self->last_frame_us != 0)
    self->owed = MIN (self->owed + speed * (now - self->last_frame_us) / 1e6, 1000.0);
  self->last_frame_us = now;
  if (self->advancing != NULL)
    return G_SOURCE_CONTINUE; /* the worker's passes first */
  if (self->owed >= 1.0 && !ws_stepper_finished (self->stepper))
    self->owed -= advance (self, (guint) self->owed, 8000);
  if (self->advancing == NULL && ws_stepper_finished (self->stepper))
    {
      self->tick = 0;
      ws_sorting_page_play (self, FALSE);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

void
ws_sorting_page_play (WsSortingPage *self, gboolean play)
{
  g_return_if_fail (WS_IS_SORTING_PAGE (self));
  play = play && self->stepper != NULL && !ws_stepper_finished (self->stepper);
  if (play && self->tick == 0)
    {
      self->last_frame_us = 0, self->owed = 1.0; /* the first pass at once */
      self->tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->canvas), on_tick, self, NULL);
    }
  else if (!play && self->tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self->canvas), self->tick);
      self->tick = 0;
    }
  gtk_button_set_icon_name (self->play_button, self->tick ? "media-playback-pause-symbolic"
                                                          : "media-playback-start-symbolic");
}

gboolean
ws_sorting_page_is_playing (WsSortingPage *self)
{
  return self->tick != 0;
}

void
ws_sorting_page_scale_speed (WsSortingPage *self, double factor)
{
  gtk_range_set_value (GTK_RANGE (self->speed),
                       gtk_range_get_value (GTK_RANGE (self->speed)) + log10 (factor));
}

/* ---- generating and loading ---- */

typedef struct
{
  WsKeyType      type;
  WsDistribution dist;
  gsize          n;
  guint64        seed;
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

  g_clear_pointer (&r->prepared.stepper, ws_stepper_free);
  g_free (r->prepared.bins);
  g_free (r);
}

/* The stepper's copy of 2^24 keys, their range and the first frame's bins
 * take the main thread tens of milliseconds: they are made here. */
static void
prepare (Request *r, const WsArray *keys)
{
  Prepared *p = &r->prepared;
  const WsArray *padded;

  if (!r->prepare || (p->stepper = ws_stepper_new (r->kind, keys, NULL)) == NULL)
    return;
  ws_bars_range (keys, &p->vmin, &p->vmax);
  padded = ws_stepper_keys (p->stepper);
  if (p->columns > 0)
    {
      p->bins = g_new (WsBarBin, ws_bars_count (padded->n, p->columns));
      ws_bars_fill (padded, NULL, p->vmin, p->vmax, p->columns, p->bins);
    }
}

static void
generate_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancel)
{
  Request *r = data;
  GError *error = NULL;
  WsArray *keys = ws_generate (r->type, r->dist, r->n, r->seed, &error);

  if (keys == NULL)
    return g_task_return_error (task, error);
  prepare (r, keys);
  g_task_return_pointer (task, keys, (GDestroyNotify) ws_array_free);
}

static void
busy (WsSortingPage *self, gboolean on, const char *what)
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
  install_stepper (self, prepared);
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
  busy (self, FALSE, NULL);
  g_clear_object (&self->generating);
  if (keys == NULL)
    return report (self, error);
  /* What the worker prepared stands only if the choice has not changed. */
  take_input (self, keys, r->kind == chosen_kind (self) && !gpu_chosen (self)
                            && r->prepared.columns == self->columns ? &r->prepared : NULL);
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
  return TRUE;
}

void
ws_sorting_page_generate (WsSortingPage *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GTask) task = NULL;
  Request *r = g_new0 (Request, 1);

  if (!read_request (self, r, &error))
    {
      g_free (r);
      return report (self, error);
    }
  ws_sorting_page_play (self, FALSE);
  if (self->generating != NULL)
    g_cancellable_cancel (self->generating);
  g_set_object (&self->generating, g_cancellable_new ());
  busy (self, TRUE, "generating keys…");
  r->kind = chosen_kind (self);
  r->prepare = !gpu_chosen (self) && r->n >= WORKER_KEYS;
  r->prepared.columns = self->columns;
  task = g_task_new (self, self->generating, on_generated, self);
  g_task_set_task_data (task, r, request_free);
  g_task_run_in_thread (task, generate_in_thread);
}

static void
on_file_chosen (GtkNativeDialog *dialog, int response, gpointer data)
{
  WsSortingPage *self = data;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  WsArray *keys;

  if (response == GTK_RESPONSE_ACCEPT
      && (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog))) != NULL)
    {
      g_autofree char *path = g_file_get_path (file);
      WsKeyType type = gtk_drop_down_get_selected (self->key_type) == 1 ? WS_KEY_INT32
                                                                        : WS_KEY_FLOAT32;
      keys = ws_array_load (path, WS_FORMAT_TEXT, type, &error);
      if (keys != NULL && keys->n > (1u << 24))
        {
          g_clear_pointer (&keys, ws_array_free);
          g_set_error (&error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       "%s holds more than 2^24 keys; the animation takes up to 2^24", path);
        }
      if (keys != NULL)
        take_input (self, keys, NULL);
      else
        report (self, error);
    }
  g_object_unref (dialog);
}

static void
load_file (WsSortingPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
    "Load Keys", GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, GTK_FILE_CHOOSER_ACTION_OPEN,
    "_Load", "_Cancel");

  g_signal_connect (dialog, "response", G_CALLBACK (on_file_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* ---- drawing ---- */

static gboolean
report_later (gpointer data)
{
  WsSortingPage *self = data;

  if (self->draw_error != NULL)
    report (self, self->draw_error);
  g_clear_error (&self->draw_error);
  return G_SOURCE_REMOVE;
}

static gboolean
fill (WsSortingPage *self, WsRenderer *renderer, guint columns, GError **error)
{
  const WsArray *keys = ws_stepper_keys (self->stepper);
  gboolean flags = gtk_check_button_get_active (self->show_highlights);

  if (self->path == NULL)
    {
      self->path = ws_frame_path_new (renderer, self->on_device ? ws_backend_cuda () : NULL, TRUE,
                                      columns, error);
      if (self->path == NULL)
        return FALSE;
      ws_canvas_label_later (self->path_label, ws_frame_path_describe (self->path));
    }
  if (ws_frame_path_kind (self->path) == WS_FRAME_PATH_CPU)
    {
      ws_frame_path_fill_host (self->path, keys, flags ? ws_stepper_flags (self->stepper) : NULL,
                               self->vmin, self->vmax, columns);
      return TRUE;
    }
  return ws_frame_path_fill_device (self->path, keys->type, ws_stepper_device_keys (self->stepper),
                                    flags ? ws_stepper_device_flags (self->stepper) : NULL,
                                    keys->n, self->vmin, self->vmax, columns, error);
}

static void
paint (WsRenderer *renderer, int width, int height, double scale, gpointer data)
{
  WsSortingPage *self = data;
  guint columns = ws_renderer_bar_columns (width, scale);
  g_autoptr (GError) error = NULL;
  const WsArray *keys;
  gsize pairs;

  self->columns = columns; /* for the bins workers make ahead */
  if (self->stepper == NULL)
    return;
  /* While a worker runs passes it owns the keys: the texture keeps the
   * last frame's bins, and that frame is drawn again. */
  gboolean busy = self->advancing != NULL;
  /* Bins a worker made (even while the next passes run) go up as they
   * are; otherwise they are made here, from keys no worker holds. */
  if (self->ready_bins != NULL && self->ready_columns == columns && self->path != NULL)
    ws_renderer_upload_bins (renderer, self->ready_bins,
                             ws_bars_count (ws_stepper_keys (self->stepper)->n, columns));
  else if (!busy && !fill (self, renderer, columns, &error))
    {
      /* Not while drawing: the label would change size mid-frame. */
      g_idle_add_full (G_PRIORITY_DEFAULT, report_later, g_object_ref (self), g_object_unref);
      g_set_error_literal (&self->draw_error, error->domain, error->code, error->message);
      return;
    }
  g_clear_pointer (&self->ready_bins, g_free); /* drawn once; later frames fill afresh */
  keys = ws_stepper_keys (self->stepper);
  WsBarsView view = { ws_bars_count (keys->n, columns), keys->n,
                      gtk_check_button_get_active (self->show_boundaries) && !busy
                        ? ws_stepper_run_length (self->stepper) : 0,
                      scale, self->caption, TRUE, self->vmin, self->vmax };
  ws_renderer_draw_bars (renderer, &view, width, height);
  if (self->bad_at >= 0)
    ws_renderer_draw_key_mark (renderer, &view, (guint64) self->bad_at, width, height);
  if (!busy && keys->n <= COMPARATOR_KEYS && gtk_check_button_get_active (self->show_comparators)
      && (!self->on_device || ws_stepper_sync (self->stepper, NULL)))
    {
      const WsComparator *c = ws_stepper_comparators (self->stepper, &pairs);
      ws_renderer_draw_comparators (renderer, c, pairs, ws_stepper_flags (self->stepper), &view,
                                    width, height);
    }
}

static void
release (gpointer data)
{
  WsSortingPage *self = data;

  g_clear_pointer (&self->path, ws_frame_path_free);
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
static void
load_preferences (WsSortingPage *self)
{
  g_autoptr (GSettings) s = ws_application_settings ();
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

static void
save_preferences (WsSortingPage *self)
{
  g_autoptr (GSettings) s = ws_application_settings ();
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

/* ---- the widget ---- */

static void
on_redraw (WsSortingPage *self)
{
  gtk_gl_area_queue_render (GTK_GL_AREA (self->canvas));
}

static void
on_preset (WsSortingPage *self)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (self->n_presets);

  gtk_editable_set_text (GTK_EDITABLE (self->n_entry), gtk_string_object_get_string (item));
}

/* The GPU button says why it cannot be used, where it cannot. */
static void
offer_gpu (WsSortingPage *self)
{
  g_autofree char *gpu = NULL;

  if (ws_application_gpu (&gpu))
    {
      g_autofree char *tip = g_strdup_printf ("Step the network in the memory of %s", gpu);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->gpu_button), tip);
      return;
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->gpu_button), FALSE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->gpu_button), gpu);
}

static void
ws_sorting_page_dispose (GObject *object)
{
  WsSortingPage *self = WS_SORTING_PAGE (object);

  if (self->input != NULL || self->stepper != NULL)
    save_preferences (self);
  if (self->advancing != NULL)
    {
      /* The worker still steps: it frees the stepper when it returns. */
      self->advancing->orphaned = TRUE;
      self->advancing = NULL, self->stepper = NULL;
    }
  if (self->generating != NULL)
    g_cancellable_cancel (self->generating);
  g_clear_object (&self->generating);
  if (self->tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->canvas), self->tick), self->tick = 0;
  g_clear_pointer (&self->stepper, ws_stepper_free);
  g_clear_pointer (&self->input, ws_array_free);
  g_clear_error (&self->draw_error);
  g_clear_pointer (&self->caption, g_free);
  g_clear_pointer (&self->ready_bins, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), WS_TYPE_SORTING_PAGE);
  G_OBJECT_CLASS (ws_sorting_page_parent_class)->dispose (object);
}

static void
ws_sorting_page_class_init (WsSortingPageClass *klass)
{
  GtkWidgetClass *w = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ws_sorting_page_dispose;
  ws_ui_register_resources ();
  g_type_ensure (WS_TYPE_CANVAS);
  gtk_widget_class_set_template_from_resource (w, "/io/github/warpscope/Warpscope/ui/ws-sorting-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (w, WsSortingPage, name)
  BIND (canvas), BIND (algorithm), BIND (key_type), BIND (distribution), BIND (n_presets);
  BIND (cpu_button), BIND (gpu_button), BIND (n_entry), BIND (seed), BIND (generate_button);
  BIND (load_button), BIND (play_button), BIND (progress), BIND (speed), BIND (speed_label);
  BIND (pass_label), BIND (counters_label), BIND (check_label), BIND (path_label);
  BIND (show_highlights), BIND (show_comparators), BIND (show_boundaries);
#undef BIND
}

static void
ws_sorting_page_init (WsSortingPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->bad_at = -1;
  gtk_drop_down_set_selected (self->n_presets, 1);
  ws_canvas_set_painter (self->canvas, paint, release, self);
  g_signal_connect_swapped (self->generate_button, "clicked", G_CALLBACK (ws_sorting_page_generate), self);
  g_signal_connect_swapped (self->load_button, "clicked", G_CALLBACK (load_file), self);
  g_signal_connect_swapped (self->n_presets, "notify::selected", G_CALLBACK (on_preset), self);
  g_signal_connect_swapped (self->algorithm, "notify::selected", G_CALLBACK (ws_sorting_page_reset), self);
  g_signal_connect_swapped (self->gpu_button, "toggled", G_CALLBACK (ws_sorting_page_reset), self);
  g_signal_connect_swapped (self->speed, "value-changed", G_CALLBACK (show_speed), self);
  g_signal_connect_swapped (self->show_highlights, "toggled", G_CALLBACK (on_redraw), self);
  g_signal_connect_swapped (self->show_comparators, "toggled", G_CALLBACK (on_redraw), self);
  g_signal_connect_swapped (self->show_boundaries, "toggled", G_CALLBACK (on_redraw), self);
  offer_gpu (self);
  load_preferences (self);
  show_speed (self);
  show_pass (self);
}

GtkWidget *
ws_sorting_page_new (void)
{
  return g_object_new (WS_TYPE_SORTING_PAGE, NULL);
}

void
ws_sorting_page_set_size (WsSortingPage *self, const char *n)
{
  gtk_editable_set_text (GTK_EDITABLE (self->n_entry), n);
}

const char *
ws_sorting_page_pass_text (WsSortingPage *self)
{
  return gtk_label_get_text (self->pass_label);
}

const char *
ws_sorting_page_counters_text (WsSortingPage *self)
{
  return gtk_label_get_text (self->counters_label);
}

const char *
ws_sorting_page_check_text (WsSortingPage *self)
{
  return gtk_label_get_text (self->check_label);
}

gboolean
ws_sorting_page_ready (WsSortingPage *self)
{
  return self->stepper != NULL && self->generating == NULL && self->advancing == NULL;
}

void
ws_sorting_page_corrupt (WsSortingPage *self, gsize i)
{
  WsArray *keys = (WsArray *) ws_stepper_keys (self->stepper); /* test hook: host keys */
  gsize size = keys->type == WS_KEY_INT32 ? sizeof (gint32) : sizeof (float);
  guint8 tmp[8], *at;

  g_return_if_fail (!self->on_device && ws_stepper_done (self->stepper) > 0 && i + 1 < keys->n);
  at = (guint8 *) keys->data + i * size;
  memcpy (tmp, at, size), memcpy (at, at + size, size), memcpy (at + size, tmp, size);
  /* As if the last pass had left them so: its check runs again. */
  self->bad_at = -1;
  check_pass (self);
  gtk_gl_area_queue_render (GTK_GL_AREA (self->canvas));
}
