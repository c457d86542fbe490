/* video-decode.c: a video read back through GStreamer (see video-decode.h). */
#include "video-decode.h"

#include <gst/app/gstappsink.h>
#include <gst/video/video.h>
#include <string.h>

#include "ws-media.h"

static GstElement *
decoder_for (const char *path, GError **error)
{
  GstElement *pipeline = gst_parse_launch ("filesrc name=file ! decodebin ! videoconvert ! "
                                           "video/x-raw,format=RGBA ! appsink name=frames "
                                           "sync=false", error);
  GstElement *file;

  if (pipeline == NULL)
    return NULL;
  file = gst_bin_get_by_name (GST_BIN (pipeline), "file");
  g_object_set (file, "location", path, NULL);
  gst_object_unref (file);
  return pipeline;
}

/* Keeps the frame's pixels as tight RGBA rows. */
static void
keep_frame (GstSample *sample, DecodedVideo *out)
{
  GstVideoInfo info;
  GstVideoFrame frame;

  gst_video_info_from_caps (&info, gst_sample_get_caps (sample));
  gst_video_frame_map (&frame, &info, gst_sample_get_buffer (sample), GST_MAP_READ);
  out->pixels = g_malloc ((gsize) out->width * out->height * 4);
  for (int y = 0; y < out->height; y++)
    memcpy (out->pixels + (gsize) y * out->width * 4,
            (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, 0)
              + (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0),
            (gsize) out->width * 4);
  gst_video_frame_unmap (&frame);
}

/* One decoded frame counted, its end noted. */
static void
take (GstSample *sample, guint keep, GstClockTime *first, GstClockTime *spacing,
      DecodedVideo *out)
{
  GstBuffer *buffer = gst_sample_get_buffer (sample);
  GstClockTime pts = GST_BUFFER_PTS (buffer), length = GST_BUFFER_DURATION (buffer);
  GstStructure *s = gst_caps_get_structure (gst_sample_get_caps (sample), 0);

  gst_structure_get_int (s, "width", &out->width);
  gst_structure_get_int (s, "height", &out->height);
  if (out->frames == 0)
    *first = pts;
  else if (out->frames == 1)
    *spacing = pts - *first;
  if (!GST_CLOCK_TIME_IS_VALID (length))
    length = *spacing; /* a muxer may not store the last frame's length */
  out->duration = pts + length - *first;
  if (out->frames == keep)
    keep_frame (sample, out);
  out->frames++;
}

/* FALSE with the pipeline's error, if it posted one. */
static gboolean
no_error (GstElement *pipeline, GError **error)
{
  g_autoptr (GstBus) bus = gst_element_get_bus (pipeline);
  g_autoptr (GstMessage) msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);

  if (msg == NULL)
    return TRUE;
  gst_message_parse_error (msg, error, NULL);
  return FALSE;
}

/* Every frame until the end; an error stops the frames without an end,
 * so the bus is read between two waits. */
static gboolean
pull_all (GstElement *pipeline, GstAppSink *sink, guint keep, DecodedVideo *out, GError **error)
{
  GstClockTime first = 0, spacing = GST_CLOCK_TIME_NONE;
  gint64 give_up = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (!gst_app_sink_is_eos (sink) && g_get_monotonic_time () < give_up)
    {
      GstSample *sample = gst_app_sink_try_pull_sample (sink, 100 * GST_MSECOND);
      if (sample != NULL)
        {
          take (sample, keep, &first, &spacing, out);
          gst_sample_unref (sample);
        }
      else if (!no_error (pipeline, error))
        return FALSE;
    }
  g_assert_true (gst_app_sink_is_eos (sink));
  return no_error (pipeline, error);
}

gboolean
decode_video (const char *path, guint keep, DecodedVideo *out, GError **error)
{
  GstElement *pipeline, *sink;
  gboolean ok;

  memset (out, 0, sizeof *out);
  if (!ws_media_init (error))
    return FALSE;
  if ((pipeline = decoder_for (path, error)) == NULL)
    return FALSE;
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "frames");
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  ok = pull_all (pipeline, GST_APP_SINK (sink), keep, out, error);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  return ok;
}

void
decoded_video_clear (DecodedVideo *video)
{
  g_clear_pointer (&video->pixels, g_free);
}

void
decoded_video_rgb (const DecodedVideo *video, int x, int y, guint8 rgb[3])
{
  const guint8 *p = video->pixels + ((gsize) y * video->width + x) * 4;

  g_assert_nonnull (video->pixels);
  rgb[0] = p[0], rgb[1] = p[1], rgb[2] = p[2];
}
