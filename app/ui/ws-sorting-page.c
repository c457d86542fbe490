/* ws-sorting-page.c: the sorting networks mode (see ws-sorting-page.h). */
#include "ws-sorting-page-private.h"

#include <math.h>
#include <string.h>

#include "ws-ui-services.h"
#include "ws-backend.h"
#include "ws-stepper.h"
#include "ws-transport.h"

G_DEFINE_FINAL_TYPE (WsSortingPage, ws_sorting_page, GTK_TYPE_BOX)

/* ---- labels ---- */

static void
show_counters (WsSortingPage *self)
{
  g_autofree char *text = g_strdup_printf ("comparisons %" G_GUINT64_FORMAT "  ·  swaps %"
                                           G_GUINT64_FORMAT, self->comparisons, self->swaps);

  gtk_label_set_text (self->counters_label, text);
}

/* What others observe of the page, with notify: the passes run, whether
 * it plays, and its speed in passes a second. */
enum { PROP_0, PROP_PASS, PROP_PLAYING, PROP_SPEED, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
show_pass (WsSortingPage *self)
{
  guint pass = self->stepper ? ws_stepper_done (self->stepper) : 0;

  g_free (self->caption);
  self->caption = self->stepper ? ws_stepper_label (self->stepper) : NULL;
  gtk_label_set_text (self->pass_label, self->caption ? self->caption : "generate keys to begin");
  show_counters (self);
  if (pass != self->pass_shown)
    {
      self->pass_shown = pass;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PASS]);
    }
}

static void
show_speed (WsSortingPage *self)
{
  double speed = pow (10.0, gtk_range_get_value (GTK_RANGE (self->speed)));
  g_autofree char *text = g_strdup_printf (speed < 10 ? "%.1f passes/s" : "%.0f passes/s", speed);

  gtk_label_set_text (self->speed_label, text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
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
  ws_sorting_count (self->stepper, &self->comparisons, &self->swaps);
}

static void
check_pass (WsSortingPage *self)
{
  g_autofree char *text = ws_sorting_check (self->stepper, &self->bad_at);

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

void
ws_sorting_page_report (WsSortingPage *self, const GError *error)
{
  g_autofree char *text = g_strdup_printf ("✗ %s", error->message);

  gtk_label_set_text (self->check_label, text);
  ws_sorting_page_play (self, FALSE);
}

/* ---- passes on a worker ---- */

static void make_stepper (WsSortingPage *self);

static void
advance_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancel)
{
  ws_sorting_advance_run (data);
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
            return ws_sorting_page_report (self, error), i;
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
  g_task_set_task_data (task, a, ws_sorting_advance_free);
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

gboolean
ws_sorting_page_gpu_chosen (WsSortingPage *self)
{
  return gtk_toggle_button_get_active (self->gpu_button);
}

WsNetworkKind
ws_sorting_page_kind (WsSortingPage *self)
{
  WsNetworkKind kind = WS_NETWORK_BITONIC;
  GtkStringObject *item = gtk_drop_down_get_selected_item (self->algorithm);

  ws_network_kind_from_name (gtk_string_object_get_string (item), &kind);
  return kind;
}


/* A fresh stepper over the input: on the GPU when asked and possible. */
static void
make_stepper (WsSortingPage *self)
{
  ws_sorting_page_install (self, NULL);
}

void
ws_sorting_page_install (WsSortingPage *self, Prepared *prepared)
{
  g_autoptr (GError) error = NULL;
  const WsBackend *cuda = ws_backend_cuda ();

  if (self->advancing != NULL)
    {
      self->remake = TRUE; /* the worker still holds the stepper */
      return;
    }
  drop_stepper (self);
  self->comparisons = self->swaps = 0, self->bad_at = -1;
  ws_pacer_forget (&self->pacer);
  gtk_label_set_text (self->check_label, "");
  if (self->input == NULL)
    return show_pass (self);
  self->on_device = ws_sorting_page_gpu_chosen (self) && cuda->device != NULL;
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
  if (self->on_device
      && !(self->stepper = ws_stepper_new_on_device (ws_sorting_page_kind (self), self->input,
                                                     cuda, &error)))
    {
      /* Out of device memory, or the GPU failed: the CPU steps the keys
       * (the frame path's label then says cpu), and the reason is shown. */
      g_prefix_error (&error, "The GPU cannot step these keys, so the CPU does: ");
      ws_sorting_page_report (self, error);
      g_clear_error (&error);
      self->on_device = FALSE;
    }
  if (!self->on_device
      && !(self->stepper = ws_stepper_new (ws_sorting_page_kind (self), self->input, &error)))
    ws_sorting_page_report (self, error);
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

double
ws_sorting_page_get_speed (WsSortingPage *self)
{
  return pow (10.0, gtk_range_get_value (GTK_RANGE (self->speed)));
}

static double
play_rate (gpointer data)
{
  return ws_sorting_page_get_speed (data);
}

/* The passes owed, within a few milliseconds so that the window keeps
 * answering at any speed or n; none while a worker's passes run. */
static guint64
play_step (gpointer data, guint64 due)
{
  return advance (data, (guint) MIN (due, G_MAXUINT), 8000);
}

/* While a worker steps, the stepper is its own: play on, ask it later. */
static gboolean
play_finished (gpointer data)
{
  WsSortingPage *self = data;

  return self->stepper == NULL || (self->advancing == NULL && ws_stepper_finished (self->stepper));
}

static void
play_changed (gpointer data, gboolean playing)
{
  WsSortingPage *self = data;

  ws_play_button_show (self->play_button, playing);
  if (playing != self->playing) /* the pacer also says so when nothing changed */
    {
      self->playing = playing;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
    }
}

static const WsPacerSpec play_spec = {
  .rate = play_rate, .step = play_step, .finished = play_finished, .changed = play_changed,
  .first = 1.0, /* the first pass at once */
  .cap = 1000.0,
};

void
ws_sorting_page_play (WsSortingPage *self, gboolean play)
{
  g_return_if_fail (WS_IS_SORTING_PAGE (self));
  ws_pacer_set (&self->pacer, play);
}

gboolean
ws_sorting_page_is_playing (WsSortingPage *self)
{
  return ws_pacer_playing (&self->pacer);
}

void
ws_sorting_page_scale_speed (WsSortingPage *self, double factor)
{
  gtk_range_set_value (GTK_RANGE (self->speed),
                       gtk_range_get_value (GTK_RANGE (self->speed)) + log10 (factor));
}

/* ---- drawing ---- */

static gboolean
report_later (gpointer data)
{
  WsSortingPage *self = data;

  if (self->draw_error != NULL)
    ws_sorting_page_report (self, self->draw_error);
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

  if (ws_ui_gpu (&gpu))
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
    ws_sorting_page_save_preferences (self);
  if (self->advancing != NULL)
    {
      /* The worker still steps: it frees the stepper when it returns. */
      self->advancing->orphaned = TRUE;
      self->advancing = NULL, self->stepper = NULL;
    }
  if (self->generating != NULL)
    g_cancellable_cancel (self->generating);
  g_clear_object (&self->generating);
  ws_pacer_clear (&self->pacer);
  g_clear_pointer (&self->stepper, ws_stepper_free);
  g_clear_pointer (&self->input, ws_array_free);
  g_clear_error (&self->draw_error);
  g_clear_pointer (&self->caption, g_free);
  g_clear_pointer (&self->ready_bins, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), WS_TYPE_SORTING_PAGE);
  G_OBJECT_CLASS (ws_sorting_page_parent_class)->dispose (object);
}

/* ---- the transport (ws-transport.h) ---- */

static void
transport_play (GtkWidget *page)
{
  WsSortingPage *self = WS_SORTING_PAGE (page);

  ws_sorting_page_play (self, !ws_sorting_page_is_playing (self));
}

static void
transport_step (GtkWidget *page, int delta)
{
  if (delta > 0)
    ws_sorting_page_step (WS_SORTING_PAGE (page));
  else
    ws_sorting_page_step_back (WS_SORTING_PAGE (page));
}

static void
transport_reset (GtkWidget *page)
{
  ws_sorting_page_reset (WS_SORTING_PAGE (page));
}

static void
transport_speed (GtkWidget *page, double factor)
{
  ws_sorting_page_scale_speed (WS_SORTING_PAGE (page), factor);
}

static const WsTransport transport = { transport_play, transport_step, transport_reset,
                                       transport_speed };

void
ws_sorting_page_set_speed (WsSortingPage *self, double passes_per_second)
{
  gtk_range_set_value (GTK_RANGE (self->speed), log10 (MAX (passes_per_second, 1e-3)));
}

static void
ws_sorting_page_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  WsSortingPage *self = WS_SORTING_PAGE (object);

  switch (id)
    {
    case PROP_PASS: g_value_set_uint (value, self->pass_shown); break;
    case PROP_PLAYING: g_value_set_boolean (value, ws_sorting_page_is_playing (self)); break;
    case PROP_SPEED: g_value_set_double (value, ws_sorting_page_get_speed (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
ws_sorting_page_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  if (id == PROP_SPEED)
    ws_sorting_page_set_speed (WS_SORTING_PAGE (object), g_value_get_double (value));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
}

static void
install_properties (GObjectClass *klass)
{
  GParamFlags read = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  klass->get_property = ws_sorting_page_get_property;
  klass->set_property = ws_sorting_page_set_property;
  properties[PROP_PASS] = g_param_spec_uint ("pass", NULL, "Passes run so far", 0, G_MAXUINT, 0,
                                             read);
  properties[PROP_PLAYING] = g_param_spec_boolean ("playing", NULL, "Whether passes play", FALSE,
                                                   read);
  /* The slider bounds what it takes; the pspec only says it is positive. */
  properties[PROP_SPEED] = g_param_spec_double ("speed", NULL, "Passes a second", 1e-3, 1e6, 4.0,
                                                read | G_PARAM_WRITABLE);
  g_object_class_install_properties (klass, N_PROPS, properties);
}

static void
ws_sorting_page_class_init (WsSortingPageClass *klass)
{
  GtkWidgetClass *w = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ws_sorting_page_dispose;
  install_properties (G_OBJECT_CLASS (klass));
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
  ws_transport_install (w, &transport);
}

static void
ws_sorting_page_init (WsSortingPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->bad_at = -1;
  ws_pacer_init (&self->pacer, &play_spec, GTK_WIDGET (self->canvas), self);
  gtk_drop_down_set_selected (self->n_presets, 1);
  ws_canvas_set_painter (self->canvas, paint, release, self);
  g_signal_connect_swapped (self->generate_button, "clicked", G_CALLBACK (ws_sorting_page_generate), self);
  g_signal_connect_swapped (self->load_button, "clicked", G_CALLBACK (ws_sorting_page_load_file), self);
  g_signal_connect_swapped (self->n_presets, "notify::selected", G_CALLBACK (on_preset), self);
  g_signal_connect_swapped (self->algorithm, "notify::selected", G_CALLBACK (ws_sorting_page_reset), self);
  g_signal_connect_swapped (self->gpu_button, "toggled", G_CALLBACK (ws_sorting_page_reset), self);
  g_signal_connect_swapped (self->speed, "value-changed", G_CALLBACK (show_speed), self);
  g_signal_connect_swapped (self->show_highlights, "toggled", G_CALLBACK (on_redraw), self);
  g_signal_connect_swapped (self->show_comparators, "toggled", G_CALLBACK (on_redraw), self);
  g_signal_connect_swapped (self->show_boundaries, "toggled", G_CALLBACK (on_redraw), self);
  offer_gpu (self);
  ws_sorting_page_load_preferences (self);
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
