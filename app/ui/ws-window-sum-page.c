/* ws-window-sum-page.c: the window-sum mode (see ws-window-sum-page.h). */
#include "ws-window-sum-page-private.h"

#include "ws-ui-services.h"
#include "ws-backend.h"
#include "ws-cancel.h"
#include "ws-canvas.h"
#include "ws-window-sum-scene.h"
#include "ws-pacer.h"
#include "ws-run-data.h"
#include "ws-stats.h"
#include "ws-stencil.h"
#include "ws-transport.h"
#include "ws-error.h"
#include "ws-export-source.h"
#include "ws-window-sum-view.h"

#include <string.h>

G_DEFINE_FINAL_TYPE (WsWindowSumPage, ws_window_sum_page, GTK_TYPE_BOX)

/* The launch's speed and whether it plays, with notify (ws-transport.h). */
/* The chosen output (its row and column in the output grid) too. */
enum { PROP_0, PROP_SPEED, PROP_PLAYING, PROP_ROW, PROP_COLUMN, N_PROPS };
static GParamSpec *properties[N_PROPS];

/* The chosen output, notified where it moved. */
static void
set_chosen (WsWindowSumPage *self, guint64 row, guint64 col)
{
  if (self->scene != NULL)
    ws_window_sum_scene_choose (self->scene, row, col);
  g_object_freeze_notify (G_OBJECT (self));
  if (row != self->row)
    self->row = row, g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROW]);
  if (col != self->col)
    self->col = col, g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLUMN]);
  g_object_thaw_notify (G_OBJECT (self));
}

static guint64
total_blocks (WsWindowSumPage *self)
{
  return self->scene ? ws_window_sum_scene_blocks (self->scene) : 0;
}

static guint64
blocks_done (WsWindowSumPage *self)
{
  return self->scene ? ws_window_sum_scene_done (self->scene) : 0;
}

static void
redraw (WsWindowSumPage *self)
{
  gtk_gl_area_queue_render (GTK_GL_AREA (self->canvas));
}

/* ---- labels ---- */

static void
show_launch (WsWindowSumPage *self)
{
  g_autofree char *speed = ws_transport_speed_text (self->speed);
  g_autofree char *text = self->scene
    ? g_strdup_printf ("blocks run: %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT "%s",
                       blocks_done (self), total_blocks (self), speed)
    : NULL;

  gtk_label_set_text (self->launch_label, text ? text : "");
}

static void
show_cell (WsWindowSumPage *self)
{
  WsStencilPlace p;
  g_autofree char *text = NULL;

  if (self->scene == NULL)
    return gtk_label_set_text (self->cell_label, "");
  ws_stencil_place (&self->shape, self->row, self->col, &p);
  /* Grids by row and column, CUDA's indices by x and y — each named, so
   * that output (row 10, col 45) in block (x 2, y 1) reads as it is. */
  text = g_strdup_printf (
    "output at row %" G_GUINT64_FORMAT ", col %" G_GUINT64_FORMAT " = %.6g\n"
    "thread (x %u, y %u) of block (x %" G_GUINT64_FORMAT ", y %" G_GUINT64_FORMAT "), x along "
    "the columns, y down the rows; launched %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT
    "; the thread computes %" G_GUINT64_FORMAT " outputs",
    self->row, self->col,
    ws_array_get_double (ws_window_sum_scene_output (self->scene),
                         self->row * ws_stencil_outputs (&self->shape) + self->col),
    p.thread_x, p.thread_y, p.block_x, p.block_y, p.launch + 1, total_blocks (self),
    p.thread_outputs.cols);
  gtk_label_set_text (self->cell_label, text);
}

/* ---- running ---- */

typedef struct
{
  const WsAlgorithm *algo;
  WsParams           params;
  WsVariant          variant;
  gsize              side;
  WsStencilShape     shape;  /* the page's once the run is taken: the maps
                                show the last run's shape until then */
  WsRunData          data;
  WsRunOutput        out;
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  ws_run_output_clear (&job->out);
  ws_run_data_clear (&job->data);
  g_free (job);
}

static void
run_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancel)
{
  Job *job = data;
  WsRunInput in = { job->algo, job->variant, job->params };
  GError *error = NULL;
  gboolean ok;

  /* A new run or the page's end cancels this one: generation and the run
   * ask the cancellable between chunks, so a stale 2^14² grid stops at once. */
  ws_cancel_push (cancel);
  ok = ws_run_data_generate (job->algo, &job->params, WS_KEY_FLOAT32, WS_DIST_UNIFORM, job->side,
                             1, &job->data, &error);
  if (ok)
    ws_run_data_bind (&job->data, &in), ok = ws_run (&in, &job->out, &error);
  ws_cancel_pop ();
  if (!ok)
    return g_task_return_error (task, error);
  g_task_return_boolean (task, TRUE);
}

static void
drop_scene (WsWindowSumPage *self)
{
  if (self->scene != NULL && ws_canvas_make_current (self->canvas))
    ws_window_sum_scene_release_gl (self->scene);
  g_clear_pointer (&self->scene, ws_window_sum_scene_free);
}

/* The run's grids as a scene: a GPU variant's drawn from device memory,
 * or, where they do not fit there, from the host (and the log says why). */
static WsWindowSumScene *
new_scene (const WsStencilShape *shape, WsArray *input, WsArray *output, WsVariant variant)
{
  const WsBackend *cuda = ws_backend_gpu ();
  g_autoptr (GError) why = NULL;
  WsWindowSumScene *scene;

  scene = ws_window_sum_scene_new (shape, input, output,
                                   ws_variant_is_gpu (variant) && cuda->device ? cuda : NULL, &why);
  if (why != NULL)
    g_warning ("The grids stay on the host: %s", why->message);
  return scene;
}

static void
take_job (WsWindowSumPage *self, Job *job)
{
  double seconds = job->out.seconds, flop = ws_stencil_flop (job->side, job->shape.radius);
  g_autofree char *text = g_strdup_printf ("%s: %.3f ms, %.2f GFLOP/s (study 001's count)",
                                           ws_variant_name (job->variant), seconds * 1e3,
                                           seconds > 0 ? flop / seconds / 1e9 : 0.0);

  drop_scene (self);
  self->shape = job->shape;
  self->run_variant = job->variant;
  self->scene = new_scene (&job->shape, g_steal_pointer (&job->data.input),
                           g_steal_pointer (&job->out.array), job->variant);
  set_chosen (self, ws_stencil_outputs (&self->shape) / 2, ws_stencil_outputs (&self->shape) / 2);
  gtk_label_set_text (self->run_label, text);
  show_launch (self), show_cell (self);
  redraw (self);
}

/* While a run works, Run becomes Cancel: a grid of 46340² with R = 1024 on
 * cpu-seq takes days. */
static void
show_running (WsWindowSumPage *self, gboolean on)
{
  gtk_widget_set_visible (GTK_WIDGET (self->progress), on);
  if (on)
    {
      gtk_progress_bar_set_text (self->progress, "generating and running…");
      gtk_progress_bar_pulse (self->progress);
    }
  gtk_button_set_label (self->run_button, on ? "_Cancel" : "_Run");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->run_button),
                               on ? "Stop the run; the last result stays shown"
                                  : "Generate the grid and compute its window sums with the "
                                    "variant");
  if (on)
    gtk_widget_remove_css_class (GTK_WIDGET (self->run_button), "suggested-action");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->run_button), "suggested-action");
}

static void
on_run (GObject *source, GAsyncResult *result, gpointer data)
{
  WsWindowSumPage *self = WS_WINDOW_SUM_PAGE (source);
  g_autoptr (GError) error = NULL;

  self->in_flight--;
  /* Cancelled: replaced by a newer run, or stopped (ws_window_sum_page_cancel
   * has said so already). */
  if (!g_task_propagate_boolean (G_TASK (result), &error)
      && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  show_running (self, FALSE);
  g_clear_object (&self->running);
  if (error != NULL)
    {
      g_autofree char *text = g_strdup_printf ("✗ %s", error->message);
      gtk_label_set_text (self->run_label, text);
      return;
    }
  take_job (self, g_task_get_task_data (G_TASK (result)));
}

void
ws_window_sum_page_run (WsWindowSumPage *self)
{
  Job *job = g_new0 (Job, 1);
  g_autoptr (GTask) task = NULL;
  g_autoptr (GError) error = NULL;
  GtkStringObject *variant = gtk_drop_down_get_selected_item (self->variant);

  job->algo = ws_registry_lookup ("stencil", NULL);
  ws_params_init_defaults (job->algo, &job->params);
  job->side = (gsize) gtk_spin_button_get_value (self->side);
  ws_variant_from_string (gtk_string_object_get_string (variant), &job->variant, NULL);
  job->shape = (WsStencilShape) { job->side, (guint) gtk_spin_button_get_value (self->radius),
                                  (guint) gtk_spin_button_get_value (self->block),
                                  (guint) gtk_spin_button_get_value (self->per_thread) };
  if (!ws_params_set (job->algo, &job->params, "radius", job->shape.radius, &error)
      || !ws_params_set (job->algo, &job->params, "block", job->shape.block, &error)
      || !ws_params_set (job->algo, &job->params, "per-thread", job->shape.per_thread, &error)
      || !ws_stencil_check (job->side, job->shape.radius, &error))
    {
      g_autofree char *text = g_strdup_printf ("✗ %s", error->message);
      gtk_label_set_text (self->run_label, text);
      return job_free (job);
    }
  if (self->running != NULL)
    g_cancellable_cancel (self->running);
  g_set_object (&self->running, g_cancellable_new ());
  gtk_label_set_text (self->run_label, ""); /* the last run's time or error is stale now */
  show_running (self, TRUE);
  task = g_task_new (self, self->running, on_run, NULL);
  g_task_set_task_data (task, job, job_free);
  self->in_flight++;
  g_task_run_in_thread (task, run_in_thread);
}

void
ws_window_sum_page_cancel (WsWindowSumPage *self)
{
  if (self->running == NULL)
    return;
  g_cancellable_cancel (self->running);
  g_clear_object (&self->running);
  show_running (self, FALSE);
  gtk_label_set_text (self->run_label, self->scene ? "Stopped; the last run is shown"
                                                      : "Stopped");
}

gboolean
ws_window_sum_page_working (WsWindowSumPage *self)
{
  return self->in_flight > 0;
}

void
ws_window_sum_page_set_shape (WsWindowSumPage *self,
                              guint64          side,
                              guint            radius,
                              guint            block,
                              guint            per_thread)
{
  gtk_spin_button_set_value (self->side, (double) side);
  gtk_spin_button_set_value (self->radius, radius);
  gtk_spin_button_set_value (self->block, block);
  gtk_spin_button_set_value (self->per_thread, per_thread);
}

static void
on_run_clicked (WsWindowSumPage *self)
{
  if (self->running != NULL)
    ws_window_sum_page_cancel (self);
  else
    ws_window_sum_page_run (self);
}

/* ---- the chosen output and the launch ---- */

void
ws_window_sum_page_choose (WsWindowSumPage *self, guint64 row, guint64 col)
{
  guint64 m = ws_stencil_outputs (&self->shape);

  if (self->scene == NULL || row >= m || col >= m)
    return;
  set_chosen (self, row, col);
  show_cell (self);
  gtk_gl_area_queue_render (GTK_GL_AREA (self->canvas));
}

void
ws_window_sum_page_set_blocks (WsWindowSumPage *self, guint64 done)
{
  if (self->scene == NULL)
    return;
  ws_window_sum_scene_set_done (self->scene, done);
  show_launch (self);
  redraw (self);
}

/* The whole launch takes about eight seconds at 1× speed, whatever its size. */
static double
launch_rate (gpointer data)
{
  return MAX (total_blocks (data) / 8.0, 2.0) * ((WsWindowSumPage *) data)->speed;
}

static guint64
launch_step (gpointer data, guint64 due)
{
  WsWindowSumPage *self = data;

  ws_window_sum_page_set_blocks (self, blocks_done (self) + due);
  return due;
}

static gboolean
launch_finished (gpointer data)
{
  WsWindowSumPage *self = data;

  return self->scene == NULL || blocks_done (self) >= total_blocks (self);
}

static void
launch_changed (gpointer data, gboolean playing)
{
  WsWindowSumPage *self = data;

  gtk_toggle_button_set_active (self->launch_play, playing);
  gtk_button_set_icon_name (self->canvas_play, playing ? "media-playback-pause-symbolic"
                                                       : "media-playback-start-symbolic");
  if (playing != self->playing) /* the pacer also says so when nothing changed */
    {
      self->playing = playing;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
    }
}

static const WsPacerSpec launch_spec = {
  .rate = launch_rate, .step = launch_step, .finished = launch_finished, .changed = launch_changed,
  .first = 0.0, .cap = G_MAXUINT32,
};

static void
on_play_toggled (WsWindowSumPage *self)
{
  gboolean play = gtk_toggle_button_get_active (self->launch_play) && self->scene != NULL;

  if (play && !ws_pacer_playing (&self->pacer) && launch_finished (self))
    ws_window_sum_page_set_blocks (self, 0); /* play again from the start */
  ws_pacer_set (&self->pacer, play);
}

static void
on_launch_reset (WsWindowSumPage *self)
{
  ws_window_sum_page_set_blocks (self, 0);
}

static void
on_launch_end (WsWindowSumPage *self)
{
  gtk_toggle_button_set_active (self->launch_play, FALSE);
  ws_window_sum_page_set_blocks (self, G_MAXUINT64);
}

void
ws_window_sum_page_toggle_launch (WsWindowSumPage *self)
{
  gtk_toggle_button_set_active (self->launch_play, !gtk_toggle_button_get_active (self->launch_play));
}

void
ws_window_sum_page_step_blocks (WsWindowSumPage *self, gint64 delta)
{
  gint64 done = (gint64) MIN (blocks_done (self), (guint64) G_MAXINT64) + delta;

  gtk_toggle_button_set_active (self->launch_play, FALSE);
  ws_window_sum_page_set_blocks (self, (guint64) MAX (done, 0));
}

/* ---- the widget ---- */

/* Presentation mode comes and goes as a style class of the window. */
static void
ws_window_sum_page_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (ws_window_sum_page_parent_class)->root (widget);
  ws_window_sum_maps_rooted (WS_WINDOW_SUM_PAGE (widget));
}

static void
ws_window_sum_page_unroot (GtkWidget *widget)
{
  ws_window_sum_maps_unrooted (WS_WINDOW_SUM_PAGE (widget));
  GTK_WIDGET_CLASS (ws_window_sum_page_parent_class)->unroot (widget);
}

/* The last grid and launch (where the schema is installed). */
static void
load_preferences (WsWindowSumPage *self)
{
  g_autoptr (GSettings) s = ws_ui_settings ();

  if (s == NULL)
    return;
  gtk_spin_button_set_value (self->side, (double) g_settings_get_uint64 (s, "stencil-n"));
  gtk_spin_button_set_value (self->radius, g_settings_get_uint (s, "stencil-radius"));
  gtk_spin_button_set_value (self->block, g_settings_get_uint (s, "stencil-block"));
  gtk_spin_button_set_value (self->per_thread, g_settings_get_uint (s, "stencil-per-thread"));
}

static void
save_preferences (WsWindowSumPage *self)
{
  g_autoptr (GSettings) s = ws_ui_settings ();

  if (s == NULL)
    return;
  g_settings_set_uint64 (s, "stencil-n", (guint64) MAX (gtk_spin_button_get_value (self->side), 3));
  g_settings_set_uint (s, "stencil-radius", (guint) MIN (gtk_spin_button_get_value (self->radius), 64));
  g_settings_set_uint (s, "stencil-block", (guint) gtk_spin_button_get_value (self->block));
  g_settings_set_uint (s, "stencil-per-thread", (guint) gtk_spin_button_get_value (self->per_thread));
}

static void
ws_window_sum_page_dispose (GObject *object)
{
  WsWindowSumPage *self = WS_WINDOW_SUM_PAGE (object);

  if (self->scene != NULL)
    save_preferences (self);
  if (self->running != NULL)
    g_cancellable_cancel (self->running);
  g_clear_object (&self->running);
  ws_pacer_clear (&self->pacer);
  g_clear_pointer (&self->scene, ws_window_sum_scene_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), WS_TYPE_WINDOW_SUM_PAGE);
  G_OBJECT_CLASS (ws_window_sum_page_parent_class)->dispose (object);
}

/* ---- the transport (ws-transport.h): the launch, block by block ---- */

static void
transport_play (GtkWidget *page)
{
  ws_window_sum_page_toggle_launch (WS_WINDOW_SUM_PAGE (page));
}

static void
transport_step (GtkWidget *page, int delta)
{
  ws_window_sum_page_step_blocks (WS_WINDOW_SUM_PAGE (page), delta);
}

static void
transport_reset (GtkWidget *page)
{
  ws_window_sum_page_set_blocks (WS_WINDOW_SUM_PAGE (page), 0);
}

void
ws_window_sum_page_set_speed (WsWindowSumPage *self, double speed)
{
  double scaled = ws_transport_scale (speed, 1.0);

  if (scaled == self->speed)
    return;
  self->speed = scaled;
  show_launch (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}

static void
transport_speed (GtkWidget *page, double factor)
{
  WsWindowSumPage *self = WS_WINDOW_SUM_PAGE (page);

  ws_window_sum_page_set_speed (self, self->speed * factor);
}

static const WsTransport transport = { transport_play, transport_step, transport_reset,
                                       transport_speed };

static void
ws_window_sum_page_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  WsWindowSumPage *self = WS_WINDOW_SUM_PAGE (object);

  if (id == PROP_SPEED)
    g_value_set_double (value, self->speed);
  else if (id == PROP_PLAYING)
    g_value_set_boolean (value, ws_pacer_playing (&self->pacer));
  else if (id == PROP_ROW || id == PROP_COLUMN)
    g_value_set_uint64 (value, id == PROP_ROW ? self->row : self->col);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
}

static void
ws_window_sum_page_set_property (GObject *object, guint id, const GValue *value,
                                 GParamSpec *pspec)
{
  if (id == PROP_SPEED)
    ws_window_sum_page_set_speed (WS_WINDOW_SUM_PAGE (object), g_value_get_double (value));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
}

/* File ▸ Export Animation…: the last run's grids, a row of blocks a
 * frame, the whole launch in about eight seconds at 1× as it plays here
 * (ws-export-source.h). */
static WsExportSource *
describe_animation (GtkWidget *page, GError **error)
{
  WsWindowSumPage *self = WS_WINDOW_SUM_PAGE (page);
  g_autoptr (WsExportSource) source = g_new0 (WsExportSource, 1);
  guint64 blocks_x, blocks_y;

  if (self->scene == NULL)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE, "Run the window sum first");
      return NULL;
    }
  if ((source->grid = ws_array_copy (ws_window_sum_scene_input (self->scene), error)) == NULL
      || (source->sums = ws_array_copy (ws_window_sum_scene_output (self->scene), error)) == NULL)
    return NULL;
  ws_stencil_blocks (&self->shape, &blocks_x, &blocks_y);
  source->kind = WS_MOVIE_WINDOW_SUM;
  source->shape = self->shape;
  source->row = self->row, source->col = self->col;
  source->zoom = ws_window_sum_scene_zoom (self->scene);
  source->variant = g_strdup (ws_variant_name (self->run_variant));
  source->name = g_strdup_printf ("window-sum-%" G_GUINT64_FORMAT, self->shape.side);
  source->title = g_strdup_printf ("window sum of a %" G_GUINT64_FORMAT "² grid, R = %u",
                                   self->shape.side, self->shape.radius);
  source->last = (guint) MIN (blocks_y, G_MAXUINT);
  source->fps = MAX (blocks_y / 8.0 * self->speed, 1.0);
  return g_steal_pointer (&source);
}

static void
ws_window_sum_page_class_init (WsWindowSumPageClass *klass)
{
  GtkWidgetClass *w = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ws_window_sum_page_dispose;
  ws_ui_register_resources ();
  g_type_ensure (WS_TYPE_CANVAS);
  gtk_widget_class_set_template_from_resource (w, "/io/github/warpscope/Warpscope/ui/ws-window-sum-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (w, WsWindowSumPage, name)
  BIND (canvas), BIND (side), BIND (radius), BIND (block), BIND (per_thread), BIND (variant);
  BIND (run_button), BIND (launch_reset), BIND (launch_end), BIND (launch_play), BIND (progress);
  BIND (run_label), BIND (launch_label), BIND (cell_label), BIND (path_label), BIND (show_lines);
  BIND (panel_toggle), BIND (panel_revealer), BIND (canvas_bar), BIND (canvas_transport),
    BIND (canvas_play);
#undef BIND
  w->root = ws_window_sum_page_root;
  w->unroot = ws_window_sum_page_unroot;
  ws_transport_install (w, &transport);
  ws_export_source_install (w, describe_animation);
  ws_window_sum_maps_class_init (w);
  G_OBJECT_CLASS (klass)->get_property = ws_window_sum_page_get_property;
  G_OBJECT_CLASS (klass)->set_property = ws_window_sum_page_set_property;
  properties[PROP_SPEED] = ws_transport_speed_pspec ();
  properties[PROP_PLAYING] = ws_transport_playing_pspec ();
  properties[PROP_ROW] = g_param_spec_uint64 ("row", NULL, "The chosen output's row", 0,
                                              G_MAXUINT64, 0, G_PARAM_READABLE
                                              | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COLUMN] = g_param_spec_uint64 ("column", NULL, "The chosen output's column", 0,
                                                 G_MAXUINT64, 0, G_PARAM_READABLE
                                                 | G_PARAM_EXPLICIT_NOTIFY
                                                 | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (G_OBJECT_CLASS (klass), N_PROPS, properties);
  /* A click on the maps (ws-window-sum-maps.c) at an output's cell. */
  g_signal_new ("cell-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                G_TYPE_NONE, 2, G_TYPE_UINT64, G_TYPE_UINT64);
}

/* Without a usable GPU the GPU variants leave the list, and its tooltip
 * says why. */
static void
offer_variants (WsWindowSumPage *self)
{
  g_autofree char *gpu = NULL;
  g_autofree char *tip = NULL;

  if (ws_ui_gpu (&gpu))
    tip = g_strdup_printf ("gpu-seed and gpu run on %s", gpu);
  else
    {
      gtk_string_list_splice (GTK_STRING_LIST (gtk_drop_down_get_model (self->variant)), 2, 2, NULL);
      tip = g_strdup_printf ("No GPU variants here: %s", gpu);
    }
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->variant), tip);
}

/* The first time the page shows, a run of the panel's shape where it is
 * small enough to come at once (a size kept from a benchmark-sized session
 * waits for Run). */
#define START_SIDE_MAX 4096

static void
start_on_first_map (WsWindowSumPage *self)
{
  g_signal_handlers_disconnect_by_func (self, start_on_first_map, NULL);
  if (self->scene == NULL && self->running == NULL
      && gtk_spin_button_get_value (self->side) <= START_SIDE_MAX)
    ws_window_sum_page_run (self);
}

static void
ws_window_sum_page_init (WsWindowSumPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->speed = 1.0;
  ws_pacer_init (&self->pacer, &launch_spec, GTK_WIDGET (self->canvas), self);
  offer_variants (self);
  load_preferences (self);
  ws_window_sum_maps_init (self);
  g_signal_connect (self, "cell-clicked", G_CALLBACK (ws_window_sum_page_choose), NULL);
  g_signal_connect_swapped (self->run_button, "clicked", G_CALLBACK (on_run_clicked), self);
  g_signal_connect_swapped (self->launch_play, "toggled", G_CALLBACK (on_play_toggled), self);
  g_signal_connect_swapped (self->launch_reset, "clicked", G_CALLBACK (on_launch_reset), self);
  g_signal_connect_swapped (self->launch_end, "clicked", G_CALLBACK (on_launch_end), self);
  g_signal_connect_swapped (self->show_lines, "toggled", G_CALLBACK (gtk_gl_area_queue_render),
                            self->canvas);
  g_signal_connect (self, "map", G_CALLBACK (start_on_first_map), NULL);
}

GtkWidget *
ws_window_sum_page_new (void)
{
  return g_object_new (WS_TYPE_WINDOW_SUM_PAGE, NULL);
}

GtkWidget *
ws_window_sum_page_canvas (WsWindowSumPage *self)
{
  return GTK_WIDGET (self->canvas);
}

gboolean
ws_window_sum_page_ready (WsWindowSumPage *self)
{
  return self->scene != NULL && self->running == NULL;
}

const char *
ws_window_sum_page_run_text (WsWindowSumPage *self)
{
  return gtk_label_get_text (self->run_label);
}

const char *
ws_window_sum_page_cell_text (WsWindowSumPage *self)
{
  return gtk_label_get_text (self->cell_label);
}

const char *
ws_window_sum_page_launch_text (WsWindowSumPage *self)
{
  return gtk_label_get_text (self->launch_label);
}
