/* ws-sorting-page-play.c: the sorting page's animation — its scene made,
 * stepped (here, or on a worker for big host arrays), played by the pacer
 * and drawn on the canvas, and the labels that follow it. Calls nothing of
 * the page's other files: ws-sorting-page.c (the widget) and
 * ws-sorting-input.c (keys and preferences) call it. */
#include "ws-sorting-page-private.h"

#include <math.h>

#include "ws-backend.h"
#include "ws-network-scene-private.h"
#include "ws-transport.h"

/* ---- labels ---- */

/* The counts (a few bytes from the device for a GPU scene) and what the
 * stage checks found. */
static void
show_counters (WsSortingPage *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  guint64 comparisons = 0, swaps = 0;
  const char *check;

  if (self->scene != NULL && !ws_network_scene_counts (self->scene, &comparisons, &swaps, &error))
    return ws_sorting_page_report (self, error);
  text = g_strdup_printf ("comparisons %" G_GUINT64_FORMAT "  ·  swaps %" G_GUINT64_FORMAT,
                          comparisons, swaps);
  gtk_label_set_text (self->counters_label, text);
  /* A check's words once, when they change: an error reported since
   * stays until the next check has something new to say. */
  check = self->scene ? ws_network_scene_check_text (self->scene) : NULL;
  if (check != NULL && g_strcmp0 (check, self->check_shown) != 0)
    {
      g_free (self->check_shown);
      self->check_shown = g_strdup (check);
      gtk_label_set_text (self->check_label, check);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->check_label), check);
    }
}

#define WORKER_BUDGET_US (G_USEC_PER_SEC / 10)

/* Shown below this share of the rate set, the rate reached is said. */
#define BEHIND 0.8

void
ws_sorting_page_show_speed (WsSortingPage *self)
{
  double speed = ws_sorting_page_get_speed (self);
  g_autofree char *text = g_strdup_printf (speed < 10 ? "%.1f passes/s" : "%.0f passes/s", speed);

  if (self->playing && self->shown_rate < BEHIND * speed)
    {
      g_autofree char *set = g_steal_pointer (&text);
      text = g_strdup_printf ("%s · %.0f shown", set, self->shown_rate);
    }
  gtk_label_set_text (self->speed_label, text);
}

/* While playing, the passes shown a second (the passes computed may run
 * ahead on a worker: a big array at a high speed). */
static void
measure_rate (WsSortingPage *self, guint pass)
{
  gint64 now = g_get_monotonic_time ();
  double elapsed;

  if (!self->playing)
    return;
  if (self->meter_us == 0 || pass < self->meter_pass)
    {
      self->meter_us = now, self->meter_pass = pass;
      return;
    }
  if ((elapsed = (double) (now - self->meter_us) / G_USEC_PER_SEC) < 1.0)
    return;
  self->shown_rate = (pass - self->meter_pass) / elapsed;
  self->meter_us = now, self->meter_pass = pass;
  ws_sorting_page_show_speed (self);
}

/* The pass label and counters; not while a worker holds the scene. */
void
ws_sorting_page_show_pass (WsSortingPage *self)
{
  guint pass = self->scene ? ws_network_scene_pass (self->scene) : 0;
  g_autofree char *label = self->scene ? ws_network_scene_label (self->scene) : NULL;

  gtk_label_set_text (self->pass_label, label ? label : "generate keys to begin");
  show_counters (self);
  measure_rate (self, pass);
  g_signal_emit_by_name (self, "shown");
  if (pass != self->pass_shown)
    {
      self->pass_shown = pass;
      g_object_notify (G_OBJECT (self), "pass");
    }
}

void
ws_sorting_page_report (WsSortingPage *self, const GError *error)
{
  g_autofree char *text = g_strdup_printf ("✗ %s", error->message);

  gtk_label_set_text (self->check_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->check_label), text);
  ws_sorting_page_play (self, FALSE);
}

void
ws_sorting_page_redraw (WsSortingPage *self)
{
  gtk_gl_area_queue_render (GTK_GL_AREA (self->canvas));
}

/* ---- passes on a worker ---- */

static void make_scene (WsSortingPage *self);

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
  if (a->error != NULL)
    ws_sorting_page_report (self, a->error);
  if (self->remake)
    self->remake = FALSE, make_scene (self);
  ws_sorting_page_show_pass (self);
  ws_sorting_page_redraw (self);
}

/* Whether passes go to a worker: a host scene of many keys, where one
 * pass takes tens of milliseconds that the window must not wait for. */
static gboolean
on_worker (WsSortingPage *self)
{
  return !ws_network_scene_on_device (self->scene)
         && ws_network_width (ws_network_scene_network (self->scene)) >= WORKER_KEYS;
}

/* Runs up to `passes` passes: on a worker for big host arrays (all of
 * them), here otherwise until `budget_us` has passed. Returns how many it
 * took on. */
static guint
advance (WsSortingPage *self, guint passes, gint64 budget_us)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GError) error = NULL;
  Advance *a;
  guint ran = 0;

  if (self->scene == NULL || self->advancing != NULL)
    return 0;
  if (!on_worker (self))
    {
      if (!ws_network_scene_advance (self->scene, passes, g_get_monotonic_time () + budget_us,
                                     &ran, &error))
        ws_sorting_page_report (self, error);
      ws_sorting_page_show_pass (self);
      ws_sorting_page_redraw (self);
      return ran;
    }
  a = self->advancing = g_new0 (Advance, 1);
  /* A tenth of a second of passes at most, so that a big array at a high
   * speed is shown ten times a second rather than after the whole batch
   * owed (the pacer owes the rest again; the speed label says the rate
   * reached). */
  a->scene = self->scene, a->passes = passes, a->columns = self->columns;
  a->budget_us = self->playing ? WORKER_BUDGET_US : 0;
  a->highlights = gtk_check_button_get_active (self->show_highlights);
  task = g_task_new (self, NULL, advance_done, NULL);
  g_task_set_task_data (task, a, ws_sorting_advance_free);
  g_task_run_in_thread (task, advance_in_thread);
  return passes;
}

static gboolean
can_step (WsSortingPage *self)
{
  return self->scene != NULL && self->advancing == NULL;
}

void
ws_sorting_page_step (WsSortingPage *self)
{
  g_return_if_fail (WS_IS_SORTING_PAGE (self));
  if (can_step (self) && !ws_network_scene_finished (self->scene))
    advance (self, 1, G_MAXINT64 / 2);
}

/* ---- the scene ---- */

static void
drop_scene (WsSortingPage *self)
{
  if (self->scene != NULL && ws_canvas_make_current (self->canvas))
    ws_network_scene_release_gl (self->scene);
  g_clear_pointer (&self->scene, ws_network_scene_free);
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

/* A fresh scene over the input: on the GPU when asked and possible. */
static void
make_scene (WsSortingPage *self)
{
  ws_sorting_page_install (self, NULL);
}

/* On the GPU when chosen; where it cannot step these keys (out of device
 * memory, a failed GPU) the CPU does, and the reason is shown. */
static WsNetworkScene *
new_scene (WsSortingPage *self, GError **error)
{
  const WsBackend *cuda = ws_backend_gpu ();
  g_autoptr (GError) why = NULL;
  WsNetworkScene *scene;

  if (ws_sorting_page_gpu_chosen (self) && cuda->device != NULL)
    {
      if ((scene = ws_network_scene_new (ws_sorting_page_kind (self), self->input, cuda, &why)))
        return scene;
      g_prefix_error (&why, "The GPU cannot step these keys, so the CPU does: ");
      ws_sorting_page_report (self, why);
    }
  return ws_network_scene_new (ws_sorting_page_kind (self), self->input, NULL, error);
}

void
ws_sorting_page_install (WsSortingPage *self, Prepared *prepared)
{
  g_autoptr (GError) error = NULL;

  if (self->advancing != NULL)
    {
      self->remake = TRUE; /* the worker still holds the scene */
      return;
    }
  drop_scene (self);
  ws_pacer_forget (&self->pacer);
  g_clear_pointer (&self->check_shown, g_free);
  gtk_label_set_text (self->check_label, "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->check_label), NULL);
  if (self->input != NULL && prepared != NULL && prepared->scene != NULL
      && !ws_sorting_page_gpu_chosen (self))
    self->scene = g_steal_pointer (&prepared->scene);
  else if (self->input != NULL && (self->scene = new_scene (self, &error)) == NULL)
    ws_sorting_page_report (self, error);
  self->scene_serial++; /* a freed scene's address may come back */
  ws_sorting_page_show_pass (self);
  ws_sorting_page_redraw (self);
}

void
ws_sorting_page_reset (WsSortingPage *self)
{
  g_return_if_fail (WS_IS_SORTING_PAGE (self));
  ws_sorting_page_play (self, FALSE);
  make_scene (self);
}

/* On, or back: the scene replays from the input (a network keeps no
 * history; replaying costs what the passes cost), on a worker where passes
 * go there. */
void
ws_sorting_page_seek (WsSortingPage *self, guint pass)
{
  guint now;

  g_return_if_fail (WS_IS_SORTING_PAGE (self));
  if (!can_step (self))
    return;
  pass = MIN (pass, ws_network_scene_n_passes (self->scene));
  now = ws_network_scene_pass (self->scene);
  if (pass == now)
    return;
  ws_sorting_page_play (self, FALSE);
  if (pass < now)
    make_scene (self), now = 0;
  if (pass > now)
    advance (self, pass - now, G_MAXINT64 / 2);
}

void
ws_sorting_page_step_back (WsSortingPage *self)
{
  g_return_if_fail (WS_IS_SORTING_PAGE (self));
  if (can_step (self) && ws_network_scene_pass (self->scene) > 0)
    ws_sorting_page_seek (self, ws_network_scene_pass (self->scene) - 1);
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
  WsSortingPage *self = data;

  measure_rate (self, self->pass_shown); /* a frozen view counts too */
  return advance (self, (guint) MIN (due, G_MAXUINT), 8000);
}

/* While a worker steps, the scene is its own: play on, ask it later. */
static gboolean
play_finished (gpointer data)
{
  WsSortingPage *self = data;

  return self->scene == NULL
         || (self->advancing == NULL && ws_network_scene_finished (self->scene));
}

static void
play_changed (gpointer data, gboolean playing)
{
  WsSortingPage *self = data;

  ws_play_button_show (self->play_button, playing);
  if (playing != self->playing) /* the pacer also says so when nothing changed */
    {
      self->playing = playing;
      self->meter_us = 0, self->shown_rate = NAN; /* a new measure for each play */
      ws_sorting_page_show_speed (self);
      g_object_notify (G_OBJECT (self), "playing");
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

/* Not while drawing: the label would change size mid-frame. */
static void
report_drawing (WsSortingPage *self, const GError *error)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, report_later, g_object_ref (self), g_object_unref);
  g_clear_error (&self->draw_error);
  self->draw_error = g_error_copy (error);
}

static void
paint (WsRenderer *renderer, int width, int height, double scale, gpointer data)
{
  WsSortingPage *self = data;
  g_autoptr (GError) error = NULL;
  gboolean had_path;
  WsNetworkStyle style = { gtk_check_button_get_active (self->show_highlights),
                           gtk_check_button_get_active (self->show_comparators),
                           gtk_check_button_get_active (self->show_boundaries),
                           TRUE /* values: wherever they fit */, NULL,
                           self->lit_key >= 0, (guint64) MAX (self->lit_key, 0) };

  self->columns = ws_renderer_bar_columns (width, scale); /* for the bins workers make ahead */
  if (self->scene == NULL)
    return;
  /* While a worker runs passes it holds the scene: the last frame again. */
  if (self->advancing != NULL)
    return ws_network_scene_draw_again (self->scene, renderer, width, height);
  had_path = ws_network_scene_path (self->scene) != NULL;
  if (!ws_network_scene_draw (self->scene, renderer, &style, width, height, scale, &error))
    return report_drawing (self, error);
  if (!had_path)
    ws_canvas_label_later (self->path_label,
                           ws_frame_path_describe (ws_network_scene_path (self->scene)));
}

static void
release (gpointer data)
{
  WsSortingPage *self = data;

  if (self->scene != NULL && self->advancing == NULL)
    ws_network_scene_release_gl (self->scene);
}

/* ---- hovering ---- */

char *
ws_sorting_page_tooltip_at (WsSortingPage *self, double x, double y)
{
  GtkWidget *canvas = GTK_WIDGET (self->canvas);
  int device = gtk_widget_get_scale_factor (canvas);
  const WsBarsView *view;
  gint64 key;

  /* not while a worker holds the scene: its keys are moving */
  if (self->scene == NULL || self->advancing != NULL
      || (view = ws_network_scene_view (self->scene)) == NULL)
    return NULL;
  key = ws_renderer_bars_key_at (view, gtk_widget_get_width (canvas) * device,
                                 gtk_widget_get_height (canvas) * device, x * device, y * device);
  return key < 0 ? NULL : ws_network_scene_describe_key (self->scene, (guint64) key);
}

static gboolean
on_query_tooltip (GtkWidget *canvas, int x, int y, gboolean keyboard, GtkTooltip *tooltip,
                  gpointer data)
{
  g_autofree char *text = keyboard ? NULL : ws_sorting_page_tooltip_at (data, x, y);

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* ---- the page's life ---- */

void
ws_sorting_page_start_playing (WsSortingPage *self)
{
  self->shown_rate = NAN;
  ws_pacer_init (&self->pacer, &play_spec, GTK_WIDGET (self->canvas), self);
  ws_canvas_set_painter (self->canvas, paint, release, self);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->canvas), TRUE);
  g_signal_connect (self->canvas, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
}

void
ws_sorting_page_stop_playing (WsSortingPage *self)
{
  if (self->advancing != NULL)
    {
      /* The worker still steps: it frees the scene when it returns. */
      self->advancing->orphaned = TRUE;
      self->advancing = NULL, self->scene = NULL;
    }
  ws_pacer_clear (&self->pacer);
  g_clear_pointer (&self->scene, ws_network_scene_free);
  g_clear_error (&self->draw_error);
  g_clear_pointer (&self->check_shown, g_free);
}

void
ws_sorting_page_corrupt (WsSortingPage *self, gsize i)
{
  g_autoptr (GError) error = NULL;

  g_return_if_fail (can_step (self) && ws_network_scene_pass (self->scene) > 0);
  if (!ws_network_scene_corrupt (self->scene, i, &error))
    return ws_sorting_page_report (self, error);
  ws_sorting_page_show_pass (self);
  ws_sorting_page_redraw (self);
}
