/* ws-video-encoder.c: frames pushed into a GStreamer pipeline that writes
 * a temporary file, renamed into place at the end (see
 * ws-video-encoder.h).
 *
 * The pipeline runs on GStreamer's threads; the caller's thread pushes
 * frames and reads the pipeline's bus for its errors. At most a few frames
 * wait in appsrc's queue: a long render never holds all its frames in
 * memory, and a cancel does not wait for a backlog.
 */
#include "ws-video-encoder.h"

#include <gst/app/gstappsrc.h>
#include <gst/video/video.h>
#include <string.h>

#include "ws-atomic-file.h"
#include "ws-error.h"
#include "ws-media.h"
#include "ws-video-pipeline.h"

/* Frames appsrc may hold before a push waits for the encoder. */
enum { QUEUE_FRAMES = 4 };
/* How often a waiting push or finish looks at the cancellable: appsrc's
 * queue has no wake-up of its own, and 10 ms is little beside a frame. */
#define POLL_INTERVAL (10 * GST_MSECOND)

struct _WsVideoEncoder
{
  WsVideoSettings settings;   /* its cancellable referenced */
  char           *path;       /* as given, for messages */
  WsAtomicFile   *file;
  GstElement     *pipeline;
  GstElement     *source;     /* the pipeline's appsrc */
  GstBus         *bus;
  GstVideoInfo    info;       /* a frame as GStreamer's buffers hold it */
  guint           pushed;
  gboolean        stopped;    /* after an error or a cancel: nothing more */
  gboolean        finished;
};

/* ---- errors ---- */

static void
set_cancelled (WsVideoEncoder *e, GError **error)
{
  g_autofree char *shown = g_filename_display_name (e->path);

  g_set_error (error, WS_ERROR, WS_ERROR_CANCELLED, "Cancelled; “%s” was not written", shown);
}

/* The element that posted msg, by its factory's name ("x264enc"). */
static const char *
poster_of (GstMessage *msg)
{
  GstElementFactory *factory = GST_IS_ELEMENT (GST_MESSAGE_SRC (msg))
                                 ? gst_element_get_factory (GST_ELEMENT (GST_MESSAGE_SRC (msg)))
                                 : NULL;

  return factory ? gst_plugin_feature_get_name (GST_PLUGIN_FEATURE (factory)) : "pipeline";
}

/* The pipeline's error as a user reads it: the file, what went wrong, and
 * which element said so; the developer's details go to the debug log. */
static gboolean
set_pipeline_error (WsVideoEncoder *e, GstMessage *msg, GError **error)
{
  g_autoptr (GError) why = NULL;
  g_autofree char *debug = NULL;
  g_autofree char *shown = g_filename_display_name (e->path);
  gboolean missing = FALSE;

  gst_message_parse_error (msg, &why, &debug);
  g_debug ("%s: %s", poster_of (msg), debug ? debug : "");
  missing = g_error_matches (why, GST_CORE_ERROR, GST_CORE_ERROR_MISSING_PLUGIN)
            || g_error_matches (why, GST_STREAM_ERROR, GST_STREAM_ERROR_CODEC_NOT_FOUND);
  g_set_error (error, WS_ERROR, missing ? WS_ERROR_UNAVAILABLE : WS_ERROR_IO,
               "Cannot write “%s”: %s (GStreamer's %s)", shown, why->message, poster_of (msg));
  return FALSE;
}

/* Waits up to timeout for an error of the pipeline (and, where ended is
 * given, for its end). FALSE with that error, or once cancelled. */
static gboolean
watch (WsVideoEncoder *e, GstClockTime timeout, gboolean *ended, GError **error)
{
  GstMessageType types = GST_MESSAGE_ERROR | (ended != NULL ? GST_MESSAGE_EOS : 0);
  g_autoptr (GstMessage) msg = NULL;

  if (g_cancellable_is_cancelled (e->settings.cancellable))
    {
      set_cancelled (e, error);
      return FALSE;
    }
  msg = gst_bus_timed_pop_filtered (e->bus, timeout, types);
  if (msg == NULL)
    return TRUE;
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR)
    return set_pipeline_error (e, msg, error);
  *ended = TRUE;
  return TRUE;
}

/* ---- making one ---- */

static GstVideoFormat
raw_format (WsVideoPixels pixels)
{
  if (pixels == WS_VIDEO_PIXELS_RGBA)
    return GST_VIDEO_FORMAT_RGBx; /* alpha is not kept: frames are opaque */
  return G_BYTE_ORDER == G_LITTLE_ENDIAN ? GST_VIDEO_FORMAT_BGRx : GST_VIDEO_FORMAT_xRGB;
}

/* The pipeline, writing the temporary file, playing. */
static gboolean
start (WsVideoEncoder *e, WsVideoFormat format, GError **error)
{
  const WsVideoSettings *s = &e->settings;
  g_autoptr (GstCaps) caps = NULL;
  g_autoptr (GstMessage) msg = NULL;

  gst_video_info_set_format (&e->info, raw_format (s->pixels), (guint) s->width,
                             (guint) s->height);
  gst_util_double_to_fraction (s->fps, &e->info.fps_n, &e->info.fps_d);
  caps = gst_video_info_to_caps (&e->info);
  e->pipeline = ws_video_pipeline_new (format, caps, s->fps, ws_atomic_file_temp (e->file),
                                       &e->source, error);
  if (e->pipeline == NULL)
    return FALSE;
  g_object_set (e->source, "max-bytes", (guint64) QUEUE_FRAMES * GST_VIDEO_INFO_SIZE (&e->info),
                NULL);
  e->bus = gst_element_get_bus (e->pipeline);
  if (gst_element_set_state (e->pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE)
    return TRUE;
  msg = gst_bus_pop_filtered (e->bus, GST_MESSAGE_ERROR);
  if (msg != NULL)
    return set_pipeline_error (e, msg, error);
  g_set_error (error, WS_ERROR, WS_ERROR_IO, "Cannot write “%s”: GStreamer's pipeline did not "
               "start (GST_DEBUG=3 says why)", e->path);
  return FALSE;
}

WsVideoEncoder *
ws_video_encoder_new (const char *path, const WsVideoSettings *settings, GError **error)
{
  WsVideoEncoder *e;
  WsVideoFormat format;

  g_return_val_if_fail (path != NULL && settings != NULL, NULL);
  if (!ws_video_format_from_path (path, &format, error)
      || !ws_video_format_check (format, settings->width, settings->height, settings->fps, error)
      || !ws_video_format_available (format, error))
    return NULL;
  e = g_new0 (WsVideoEncoder, 1);
  e->settings = *settings;
  if (settings->cancellable != NULL)
    g_object_ref (settings->cancellable);
  e->path = g_strdup (path);
  if ((e->file = ws_atomic_file_new (path, error)) != NULL && start (e, format, error))
    return e;
  ws_video_encoder_free (e);
  return NULL;
}

void
ws_video_encoder_free (WsVideoEncoder *e)
{
  if (e == NULL)
    return;
  if (e->pipeline != NULL)
    gst_element_set_state (e->pipeline, GST_STATE_NULL); /* closes the file */
  g_clear_object (&e->bus);
  g_clear_object (&e->pipeline);
  g_clear_pointer (&e->file, ws_atomic_file_free); /* a file not finished goes */
  g_clear_object (&e->settings.cancellable);
  g_free (e->path);
  g_free (e);
}

/* ---- frames ---- */

static GstClockTime
frame_time (WsVideoEncoder *e, guint frame)
{
  return gst_util_uint64_scale (frame, GST_SECOND * (guint64) e->info.fps_d,
                                (guint64) e->info.fps_n);
}

/* The frame copied into a buffer of GStreamer's layout, timed. */
static GstBuffer *
frame_buffer (WsVideoEncoder *e, const guint8 *pixels, gsize stride)
{
  GstBuffer *buffer = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&e->info), NULL);
  gsize row = (gsize) e->settings.width * 4, to = GST_VIDEO_INFO_PLANE_STRIDE (&e->info, 0);
  GstMapInfo map;

  gst_buffer_map (buffer, &map, GST_MAP_WRITE);
  for (int y = 0; y < e->settings.height; y++)
    memcpy (map.data + (gsize) y * to, pixels + (gsize) y * stride, row);
  gst_buffer_unmap (buffer, &map);
  GST_BUFFER_PTS (buffer) = frame_time (e, e->pushed);
  GST_BUFFER_DURATION (buffer) = frame_time (e, e->pushed + 1) - frame_time (e, e->pushed);
  return buffer;
}

static gboolean
check_frame (WsVideoEncoder *e, int width, int height, gsize stride, GError **error)
{
  if (width == e->settings.width && height == e->settings.height && stride >= (gsize) width * 4)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "A %d×%d frame (%" G_GSIZE_FORMAT " bytes a row) in a %d×%d animation: every "
               "frame has the animation's size", width, height, stride, e->settings.width,
               e->settings.height);
  return FALSE;
}

/* Until appsrc's queue has room for a frame, or an error or a cancel. */
static gboolean
wait_for_room (WsVideoEncoder *e, GError **error)
{
  guint64 most;

  g_object_get (e->source, "max-bytes", &most, NULL);
  if (!watch (e, 0, NULL, error))
    return FALSE;
  while (gst_app_src_get_current_level_bytes (GST_APP_SRC (e->source)) >= most)
    if (!watch (e, POLL_INTERVAL, NULL, error))
      return FALSE;
  return TRUE;
}

gboolean
ws_video_encoder_push (WsVideoEncoder *e, const guint8 *pixels, int width, int height,
                       gsize stride, GError **error)
{
  g_return_val_if_fail (e != NULL && pixels != NULL, FALSE);
  g_return_val_if_fail (!e->stopped && !e->finished, FALSE);
  if (!check_frame (e, width, height, stride, error) || !wait_for_room (e, error))
    {
      e->stopped = TRUE;
      return FALSE;
    }
  gst_app_src_push_buffer (GST_APP_SRC (e->source), frame_buffer (e, pixels, stride));
  e->pushed++;
  if (e->settings.progress != NULL)
    e->settings.progress (e->pushed, e->settings.total, e->settings.progress_data);
  return TRUE;
}

gboolean
ws_video_encoder_push_image (WsVideoEncoder *e, cairo_surface_t *image, GError **error)
{
  cairo_format_t format;

  g_return_val_if_fail (e != NULL && image != NULL, FALSE);
  g_return_val_if_fail (cairo_surface_get_type (image) == CAIRO_SURFACE_TYPE_IMAGE, FALSE);
  g_return_val_if_fail (e->settings.pixels == WS_VIDEO_PIXELS_CAIRO, FALSE);
  format = cairo_image_surface_get_format (image);
  g_return_val_if_fail (format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24, FALSE);
  cairo_surface_flush (image);
  return ws_video_encoder_push (e, cairo_image_surface_get_data (image),
                                cairo_image_surface_get_width (image),
                                cairo_image_surface_get_height (image),
                                (gsize) cairo_image_surface_get_stride (image), error);
}

guint
ws_video_encoder_frames (WsVideoEncoder *e)
{
  g_return_val_if_fail (e != NULL, 0);
  return e->pushed;
}

/* ---- the end ---- */

gboolean
ws_video_encoder_finish (WsVideoEncoder *e, GError **error)
{
  gboolean ended = FALSE;

  g_return_val_if_fail (e != NULL && !e->stopped && !e->finished, FALSE);
  e->finished = TRUE;
  if (e->pushed == 0)
    {
      g_autofree char *shown = g_filename_display_name (e->path);
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "No frames were given, so “%s” was not written", shown);
      return FALSE;
    }
  gst_app_src_end_of_stream (GST_APP_SRC (e->source));
  while (!ended)
    if (!watch (e, POLL_INTERVAL, &ended, error))
      return FALSE;
  gst_element_set_state (e->pipeline, GST_STATE_NULL); /* the muxer's index is written */
  return ws_atomic_file_commit (e->file, error);
}
