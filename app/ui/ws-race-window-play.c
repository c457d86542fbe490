/* ws-race-window-play.c: the lanes on one clock (see
 * ws-race-window-private.h). Each lane is a network scene over the same
 * keys, on the host or in device memory; core's race arithmetic
 * (ws-race.h) says which pass each shows at the clock's tick. The sorts
 * are timed on a worker — the CPU's with the monotonic clock over whole
 * sorts, a GPU's by its kernels — for the clock by measured time and for
 * the counters. */
#include "ws-race-window-private.h"

#include <string.h>

#include "ws-backend.h"
#include "ws-cancel.h"
#include "ws-registry.h"
#include "ws-run.h"

/* A lecture's pace to begin with. */
#define TICKS_PER_SECOND 4.0
/* A CPU sort is timed over repetitions until this long has passed (a
 * sort of 64 keys takes microseconds, under the clock's resolution). */
#define TIMING_US 20000
#define TIMING_MAX_REPS 100000
/* Logical pixels a lane needs to draw the comparators over its bars. */
#define MIN_COMPARATOR_HEIGHT 130
/* The most a frame spends stepping the lanes. */
#define FRAME_BUDGET_US 8000

guint
ws_race_window_tick (WsRaceWindow *self)
{
  g_return_val_if_fail (WS_IS_RACE_WINDOW (self), 0);
  return self->tick;
}

void
ws_race_window_race (WsRaceWindow *self, WsRace *race)
{
  *race = (WsRace) { self->clock_kind, self->n_lanes, { { 0 } } };
  for (guint i = 0; i < self->n_lanes; i++)
    {
      WsNetworkScene *scene = self->lanes[i].scene;
      race->lanes[i].n_passes = scene ? ws_network_scene_n_passes (scene) : 0;
      race->lanes[i].seconds = self->lanes[i].seconds;
    }
}

guint
ws_race_window_n_ticks (WsRaceWindow *self)
{
  WsRace race;

  g_return_val_if_fail (WS_IS_RACE_WINDOW (self), 0);
  ws_race_window_race (self, &race);
  return ws_race_n_ticks (&race);
}

guint
ws_race_window_lane_pass (WsRaceWindow *self, guint lane)
{
  g_return_val_if_fail (WS_IS_RACE_WINDOW (self) && lane < self->n_lanes, 0);
  return self->lanes[lane].scene ? ws_network_scene_pass (self->lanes[lane].scene) : 0;
}

gboolean
ws_race_window_timed (WsRaceWindow *self)
{
  WsRace race;

  g_return_val_if_fail (WS_IS_RACE_WINDOW (self), FALSE);
  ws_race_window_race (self, &race);
  return ws_race_timed (&race);
}

/* ---- the words ---- */

static const char *
variant_name (const WsRaceLaneView *lane)
{
  return lane->on_gpu ? "GPU" : "CPU";
}

static gboolean
lane_finished (const WsRaceLaneView *lane)
{
  return lane->scene != NULL && ws_network_scene_finished (lane->scene);
}

/* " · 2 of 5 trips through global memory, 40.0 kB moved": the gpu
 * variant's real launches, not the animation's launch a pass. */
static void
append_gpu (GString *s, const WsRaceLaneView *lane)
{
  WsRaceWindow *self = lane->window;
  guint pass = ws_network_scene_pass (lane->scene);
  guint64 trips = ws_race_gpu_trips (lane->kind, self->input->n, pass);
  guint64 all = ws_race_gpu_trips (lane->kind, self->input->n, G_MAXUINT);
  gsize key = ws_key_type_size (self->input->type);
  g_autofree char *bytes = g_format_size (ws_race_gpu_bytes (lane->kind, self->input->n, key,
                                                             trips));

  g_string_append_printf (s, "  ·  %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " trips through "
                          "global memory (the gpu variant's launches), %s moved", trips, all,
                          bytes);
}

static char *
counters_text (WsRaceLaneView *lane)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) s = g_string_new (NULL);
  guint64 comparisons = 0, swaps = 0;
  guint pass, all;

  if (lane->scene == NULL)
    return g_strdup (lane->problem ? lane->problem : "");
  pass = ws_network_scene_pass (lane->scene);
  all = ws_network_scene_n_passes (lane->scene);
  if (lane_finished (lane))
    g_string_append_printf (s, "finished at pass %u", all);
  else
    g_string_append_printf (s, "pass %u of %u", pass, all);
  if (!ws_network_scene_counts (lane->scene, &comparisons, &swaps, &error))
    g_string_append_printf (s, "  ·  %s", error->message);
  else
    g_string_append_printf (s, "  ·  %" G_GUINT64_FORMAT " comparators  ·  %" G_GUINT64_FORMAT
                            " swaps", comparisons, swaps);
  if (lane->on_gpu)
    append_gpu (s, lane);
  if (lane->seconds > 0)
    {
      g_autofree char *t = ws_race_time_text (lane->seconds);
      g_string_append_printf (s, "  ·  %s %s", lane->on_gpu ? "kernels" : "sort", t);
    }
  else
    g_string_append (s, lane->problem ? "  ·  not timed" : "  ·  timing…");
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static char *
clock_text (WsRaceWindow *self, const WsRace *race)
{
  guint ticks = ws_race_n_ticks (race);
  g_autofree char *now = NULL, *end = NULL;

  if (race->clock == WS_RACE_BY_PASS)
    return g_strdup_printf ("tick %u of %u  ·  every lane runs one pass a tick", self->tick, ticks);
  if (!ws_race_timed (race))
    return g_strdup_printf ("tick %u of %u  ·  timing the sorts… (the clock counts passes "
                            "until then)", self->tick, ticks);
  now = ws_race_time_text (ws_race_seconds_at (race, self->tick));
  end = ws_race_time_text (ws_race_seconds_at (race, ticks));
  return g_strdup_printf ("tick %u of %u  ·  clock %s of %s  ·  each lane at the pass its "
                          "measured time reaches", self->tick, ticks, now, end);
}

static char *
verdict_text (WsRaceWindow *self, const WsRace *race)
{
  WsRaceResult results[WS_RACE_MAX_LANES];
  g_autofree char *names[WS_RACE_MAX_LANES] = { NULL };

  if (self->tick < ws_race_n_ticks (race) || ws_race_n_ticks (race) == 0)
    return g_strdup (race->clock == WS_RACE_BY_PASS
                       ? "Step or play: the lanes run side by side, pass for pass."
                       : "Step or play: a pass takes its sort's measured time, so the faster "
                         "sort finishes first.");
  for (guint i = 0; i < self->n_lanes; i++)
    {
      names[i] = g_strdup_printf ("%s (%s)", ws_network_kind_name (self->lanes[i].kind),
                                  variant_name (&self->lanes[i]));
      results[i] = (WsRaceResult) { names[i], race->lanes[i].n_passes, race->lanes[i].seconds };
    }
  return ws_race_verdict (race->clock, results, self->n_lanes);
}

void
ws_race_window_show_lanes (WsRaceWindow *self)
{
  WsRace race;
  g_autofree char *clock = NULL, *verdict = NULL;

  ws_race_window_race (self, &race);
  for (guint i = 0; i < self->n_lanes; i++)
    {
      g_autofree char *text = counters_text (&self->lanes[i]);
      gtk_label_set_text (self->lanes[i].counters, text);
      gtk_widget_queue_draw (GTK_WIDGET (self->lanes[i].canvas));
    }
  clock = clock_text (self, &race);
  verdict = verdict_text (self, &race);
  gtk_label_set_text (self->clock_label, clock);
  gtk_label_set_text (self->verdict, verdict);
  self->seeking = TRUE;
  gtk_adjustment_set_upper (self->tick_adjustment, ws_race_n_ticks (&race));
  gtk_adjustment_set_value (self->tick_adjustment, self->tick);
  self->seeking = FALSE;
}

/* ---- the clock ---- */

void
ws_race_window_seek (WsRaceWindow *self, guint tick)
{
  WsRace race;

  g_return_if_fail (WS_IS_RACE_WINDOW (self));
  ws_race_window_race (self, &race);
  self->tick = MIN (tick, ws_race_n_ticks (&race));
  for (guint i = 0; i < self->n_lanes; i++)
    {
      WsRaceLaneView *lane = &self->lanes[i];
      g_autoptr (GError) error = NULL;

      if (lane->scene != NULL
          && !ws_network_scene_seek (lane->scene, ws_race_pass_at (&race, i, self->tick), &error))
        {
          g_free (lane->problem);
          lane->problem = g_strdup (error->message);
        }
    }
  ws_race_window_show_lanes (self);
}

static double
play_rate (gpointer data)
{
  WsRaceWindow *self = data;

  return gtk_spin_button_get_value (self->speed);
}

static gboolean
play_finished (gpointer data)
{
  WsRaceWindow *self = data;

  return self->tick >= ws_race_window_n_ticks (self);
}

/* Ticks owed, one at a time within a frame's budget: odd-even's passes
 * over 65536 keys at a fast rate would hold the window otherwise (the
 * pacer owes the rest to the next frame). */
static guint64
play_step (gpointer data, guint64 due)
{
  WsRaceWindow *self = data;
  guint left = ws_race_window_n_ticks (self) - self->tick;
  guint want = (guint) MIN (due, (guint64) left), steps = 0;
  gint64 deadline = g_get_monotonic_time () + FRAME_BUDGET_US;

  while (steps < want && (steps == 0 || g_get_monotonic_time () < deadline))
    {
      ws_race_window_seek (self, self->tick + 1);
      steps++;
    }
  return steps;
}

static void
play_changed (gpointer data, gboolean playing)
{
  WsRaceWindow *self = data;

  ws_play_button_show (self->play_button, playing);
}

static const WsPacerSpec play_spec = { play_rate, play_step, play_finished, play_changed, 1, 2 };

void
ws_race_window_play (WsRaceWindow *self)
{
  if (ws_pacer_playing (&self->pacer))
    return ws_pacer_stop (&self->pacer);
  if (play_finished (self))
    ws_race_window_seek (self, 0); /* at the end, play starts the race again */
  ws_pacer_start (&self->pacer);
}

void
ws_race_window_faster (WsRaceWindow *self, double factor)
{
  gtk_spin_button_set_value (self->speed, gtk_spin_button_get_value (self->speed) * factor);
}

/* ---- timing, on a worker ---- */

typedef struct
{
  WsArray      *input;
  guint         n_lanes;
  WsNetworkKind kinds[WS_RACE_MAX_LANES];
  gboolean      gpu[WS_RACE_MAX_LANES];
  double        seconds[WS_RACE_MAX_LANES];
  char         *problems[WS_RACE_MAX_LANES];
} Timing;

static void
timing_free (gpointer data)
{
  Timing *t = data;

  ws_array_free (t->input);
  for (guint i = 0; i < WS_RACE_MAX_LANES; i++)
    g_free (t->problems[i]);
  g_free (t);
}

/* Whole sorts repeated on the same keys until TIMING_US have passed; the
 * copy back before each costs n moves against the sort's n log² n. */
static double
time_cpu (WsNetworkKind kind, const WsArray *input, GError **error)
{
  g_autoptr (WsArray) work = ws_array_copy (input, error);
  gint64 start = g_get_monotonic_time (), spent;
  guint reps = 0;

  if (work == NULL)
    return -1;
  do
    {
      memcpy (work->data, input->data, ws_array_bytes (input));
      if (!ws_network_sort (kind, work, WS_VARIANT_CPU_SEQ, FALSE, NULL, error))
        return -1;
      spent = g_get_monotonic_time () - start;
    }
  while (++reps < TIMING_MAX_REPS && spent < TIMING_US);
  return MAX (spent, 1) / 1e6 / reps;
}

/* The engine's gpu variant, as `warpscope-cli run` times it: its kernels. */
static double
time_gpu (WsNetworkKind kind, const WsArray *input, GError **error)
{
  WsRunInput in = { ws_registry_lookup (ws_network_kind_name (kind), error), WS_VARIANT_GPU };
  WsRunOutput out = { 0 };
  double seconds;

  if (in.algo == NULL)
    return -1;
  ws_params_init_defaults (in.algo, &in.params);
  in.input = input;
  if (!ws_run (&in, &out, error))
    return -1;
  seconds = out.times.kernel > 0 ? out.times.kernel : out.seconds;
  ws_run_output_clear (&out);
  return seconds;
}

static void
time_sorts (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Timing *t = data;

  ws_cancel_push (cancellable);
  for (guint i = 0; i < t->n_lanes && !g_cancellable_is_cancelled (cancellable); i++)
    {
      g_autoptr (GError) error = NULL;
      t->seconds[i] = t->gpu[i] ? time_gpu (t->kinds[i], t->input, &error)
                                : time_cpu (t->kinds[i], t->input, &error);
      if (error != NULL)
        t->problems[i] = g_strdup_printf ("not timed: %s", error->message);
    }
  ws_cancel_pop ();
  g_task_return_boolean (task, !g_cancellable_is_cancelled (cancellable));
}

static void
timed (GObject *source, GAsyncResult *result, gpointer data)
{
  WsRaceWindow *self = WS_RACE_WINDOW (source);
  Timing *t = g_task_get_task_data (G_TASK (result));

  if (!g_task_propagate_boolean (G_TASK (result), NULL)
      || g_task_get_cancellable (G_TASK (result)) != self->timing)
    return; /* a newer race, or the window going */
  g_clear_object (&self->timing);
  for (guint i = 0; i < t->n_lanes; i++)
    {
      self->lanes[i].seconds = t->seconds[i];
      if (t->problems[i] != NULL && self->lanes[i].problem == NULL)
        self->lanes[i].problem = g_strdup (t->problems[i]);
    }
  ws_race_window_seek (self, self->tick);
}

static void
start_timing (WsRaceWindow *self)
{
  g_autoptr (GTask) task = NULL;
  Timing *t = g_new0 (Timing, 1);

  g_cancellable_cancel (self->timing);
  g_clear_object (&self->timing);
  self->timing = g_cancellable_new ();
  t->input = ws_array_copy (self->input, NULL);
  t->n_lanes = t->input ? self->n_lanes : 0;
  for (guint i = 0; i < self->n_lanes; i++)
    {
      t->kinds[i] = self->lanes[i].kind;
      t->gpu[i] = self->lanes[i].on_gpu;
    }
  task = g_task_new (self, self->timing, timed, NULL);
  g_task_set_task_data (task, t, timing_free);
  g_task_run_in_thread (task, time_sorts);
}

/* ---- the scenes ---- */

void
ws_race_window_drop_scene (WsRaceLaneView *lane)
{
  if (lane->scene != NULL && ws_canvas_make_current (lane->canvas))
    ws_network_scene_release_gl (lane->scene);
  g_clear_pointer (&lane->scene, ws_network_scene_free);
}

void
ws_race_window_stop (WsRaceWindow *self)
{
  ws_pacer_clear (&self->pacer);
  for (guint i = 0; i < WS_RACE_MAX_LANES; i++)
    ws_race_window_drop_scene (&self->lanes[i]);
}

/* On the GPU when chosen; where it cannot step these keys the CPU does,
 * and the lane says why. */
static void
make_scene (WsRaceLaneView *lane)
{
  WsRaceWindow *self = lane->window;
  g_autoptr (GError) error = NULL;

  if (lane->on_gpu)
    {
      lane->scene = ws_network_scene_new (lane->kind, self->input, ws_backend_gpu (), &error);
      if (lane->scene != NULL)
        return;
      lane->problem = g_strdup_printf ("the GPU cannot step these keys: %s", error->message);
      lane->on_gpu = FALSE;
      g_clear_error (&error);
    }
  lane->scene = ws_network_scene_new (lane->kind, self->input, NULL, &error);
  if (lane->scene == NULL)
    lane->problem = g_strdup (error->message);
}

void
ws_race_window_restart (WsRaceWindow *self)
{
  if (ws_pacer_playing (&self->pacer))
    ws_pacer_stop (&self->pacer);
  ws_pacer_forget (&self->pacer);
  for (guint i = 0; i < WS_RACE_MAX_LANES; i++)
    {
      WsRaceLaneView *lane = &self->lanes[i];
      ws_race_window_drop_scene (lane);
      g_clear_pointer (&lane->problem, g_free);
      lane->seconds = 0;
      if (i < self->n_lanes)
        make_scene (lane);
    }
  start_timing (self);
  ws_race_window_seek (self, 0);
}

/* ---- drawing ---- */

static void
paint_lane (WsRenderer *renderer, int width, int height, double scale, gpointer data)
{
  WsRaceLaneView *lane = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *caption = NULL, *scene_caption = NULL;
  WsNetworkStyle style = { TRUE, TRUE, FALSE, FALSE, NULL };

  if (lane->scene == NULL || lane->index >= lane->window->n_lanes)
    return ws_renderer_clear (renderer, width, height);
  scene_caption = ws_network_scene_caption (lane->scene);
  if (lane_finished (lane))
    caption = g_strdup_printf ("%s  ·  %s  ·  finished at pass %u", variant_name (lane),
                               scene_caption, ws_network_scene_n_passes (lane->scene));
  else
    caption = g_strdup_printf ("%s  ·  %s", variant_name (lane), scene_caption);
  style.caption = caption;
  /* a short lane in presentation's larger text has no room for them */
  style.comparators = height >= MIN_COMPARATOR_HEIGHT * scale;
  if (!ws_network_scene_draw (lane->scene, renderer, &style, width, height, scale, &error))
    ws_canvas_label_later (lane->counters, g_strdup (error->message));
}

static void
release_lane (gpointer data)
{
  WsRaceLaneView *lane = data;

  if (lane->scene != NULL)
    ws_network_scene_release_gl (lane->scene);
}

static void
tick_moved (GtkAdjustment *adjustment, WsRaceWindow *self)
{
  if (!self->seeking)
    ws_race_window_seek (self, (guint) (gtk_adjustment_get_value (adjustment) + 0.5));
}

void
ws_race_window_init_play (WsRaceWindow *self)
{
  ws_pacer_init (&self->pacer, &play_spec, GTK_WIDGET (self->lanes[0].canvas), self);
  for (guint i = 0; i < WS_RACE_MAX_LANES; i++)
    ws_canvas_set_painter (self->lanes[i].canvas, paint_lane, release_lane, &self->lanes[i]);
  gtk_spin_button_set_value (self->speed, TICKS_PER_SECOND);
  g_signal_connect (self->tick_adjustment, "value-changed", G_CALLBACK (tick_moved), self);
}
