/* ws-export-job.c: an animation exported on a worker (see
 * ws-export-job.h). Everything GL happens on the worker: its context is
 * made, used and freed there, with the scene built in it. */
#include "ws-export-job.h"

#include "ws-error.h"
#include "ws-gl-context.h"
#include "ws-video-encoder.h"

typedef struct
{
  WsExportSource   *source;
  WsExportSettings  settings;
  WsExportProgress  progress;
  gpointer          progress_data;
  GTask            *task;     /* not a reference: the job lives in it */
  /* The worker's GL state, freed on the worker. */
  WsGlContext      *gl;
  WsRenderer       *renderer;
  WsMovie           movie;
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  ws_export_source_free (job->source);
  g_free (job->settings.path);
  g_free (job);
}

/* ---- the progress, to the main thread ---- */

typedef struct
{
  Job     *job;
  GTask   *task; /* a reference, so that job outlives the idle */
  guint    done, total;
} Progress;

static gboolean
report_progress (gpointer data)
{
  Progress *p = data;

  if (!g_task_get_completed (p->task))
    p->job->progress (p->done, p->total, p->job->progress_data);
  g_object_unref (p->task);
  g_free (p);
  return G_SOURCE_REMOVE;
}

static void
on_frame (guint done, guint total, gpointer data)
{
  Job *job = data;
  Progress *p;

  if (job->progress == NULL)
    return;
  p = g_new (Progress, 1);
  *p = (Progress) { job, g_object_ref (job->task), done, total };
  g_main_context_invoke_full (g_task_get_context (job->task), G_PRIORITY_DEFAULT, report_progress,
                              p, NULL);
}

/* ---- the worker ---- */

/* The description's scene, in the worker's context. The copies go into
 * it: the job is their only user. */
static gboolean
make_scene (Job *job, GError **error)
{
  WsExportSource *s = job->source;
  WsMovie *m = &job->movie;

  m->kind = s->kind;
  switch (s->kind)
    {
    case WS_MOVIE_NETWORK:
      m->network = ws_network_scene_new (s->network, s->keys, NULL, error);
      return m->network != NULL;
    case WS_MOVIE_WINDOW_SUM:
      m->window_sum = ws_window_sum_scene_new (&s->shape, g_steal_pointer (&s->grid),
                                               g_steal_pointer (&s->sums), NULL, NULL);
      m->variant = s->variant;
      ws_window_sum_scene_choose (m->window_sum, s->row, s->col);
      ws_window_sum_scene_set_zoom (m->window_sum, s->zoom);
      return TRUE;
    case WS_MOVIE_FRAMES:
      m->frames = ws_frames_scene_new (g_steal_pointer (&s->animation), s->compared_name,
                                       s->swapped_name);
      return TRUE;
    }
  g_return_val_if_reached (FALSE);
}

static void
drop_gl (Job *job)
{
  g_clear_pointer (&job->movie.network, ws_network_scene_free);
  g_clear_pointer (&job->movie.window_sum, ws_window_sum_scene_free);
  g_clear_pointer (&job->movie.frames, ws_frames_scene_free);
  g_clear_pointer (&job->renderer, ws_renderer_free); /* before the context */
  g_clear_pointer (&job->gl, ws_gl_context_free);
}

static gboolean
check_range (Job *job, GError **error)
{
  const WsExportSettings *s = &job->settings;
  guint last = ws_movie_last (&job->movie);

  if (s->first <= s->last && s->last <= last)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "Frames %u to %u: this animation has %s 0 to %u", s->first, s->last,
               ws_movie_unit (job->movie.kind), last);
  return FALSE;
}

static gboolean
encode_frames (Job *job, GCancellable *cancellable, GError **error)
{
  const WsExportSettings *s = &job->settings;
  const WsVideoSettings video = {
    .width = s->width, .height = s->height, .fps = s->fps, .pixels = WS_VIDEO_PIXELS_CAIRO,
    .total = s->last - s->first + 1, .progress = on_frame, .progress_data = job,
    .cancellable = cancellable,
  };
  g_autoptr (WsVideoEncoder) encoder = ws_video_encoder_new (s->path, &video, error);

  if (encoder == NULL)
    return FALSE;
  for (guint frame = s->first; frame <= s->last; frame++)
    {
      cairo_surface_t *image;
      gboolean ok;

      if (!ws_movie_draw (&job->movie, frame, job->renderer, s->width, s->height, 1.0, error))
        return FALSE;
      image = ws_gl_context_read (job->gl);
      ok = ws_video_encoder_push_image (encoder, image, error);
      cairo_surface_destroy (image);
      if (!ok)
        return FALSE;
    }
  return ws_video_encoder_finish (encoder, error);
}

static void
export_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  GError *error = NULL;
  gboolean ok;

  ok = (job->gl = ws_gl_context_new (&error)) != NULL
       && ws_gl_context_bind_target (job->gl, job->settings.width, job->settings.height, &error)
       && (job->renderer = ws_renderer_new (&error)) != NULL && make_scene (job, &error)
       && check_range (job, &error) && encode_frames (job, cancellable, &error);
  drop_gl (job);
  if (!ok)
    return g_task_return_error (task, error);
  g_task_return_boolean (task, TRUE);
}

void
ws_export_job_start (GObject *owner, const WsExportSource *source, const WsExportSettings *settings,
                     GCancellable *cancellable, WsExportProgress progress, gpointer progress_data,
                     GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (owner, cancellable, callback, user_data);
  Job *job = g_new0 (Job, 1);

  g_return_if_fail (source != NULL && settings != NULL && settings->path != NULL);
  job->source = ws_export_source_copy (source);
  job->settings = *settings;
  job->settings.path = g_strdup (settings->path);
  job->progress = progress, job->progress_data = progress_data;
  job->task = task;
  g_task_set_source_tag (task, ws_export_job_start);
  g_task_set_task_data (task, job, job_free);
  /* The error is the job's: a cancel is WS_ERROR_CANCELLED, as the
   * encoder says it, not GIO's. */
  g_task_set_check_cancellable (task, FALSE);
  g_task_run_in_thread (task, export_in_thread);
}

gboolean
ws_export_job_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (G_IS_TASK (result), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
