/* ws-tone-player.c: the tones of ws-tone.c taken to the sound device
 * through GStreamer (see ws-tone.h). */
#include "ws-tone.h"

#include <gst/app/gstappsrc.h>

#include "ws-error.h"
#include "ws-media.h"

/* What may wait for the device: more, and the sound would trail the
 * animation; the oldest tones are dropped instead. */
#define MAX_QUEUED_NS (500 * GST_MSECOND)

struct _WsTonePlayer
{
  GstElement *pipeline;
  GstElement *source;
  guint64     tones;
};

/* The sink: the desktop's (autoaudiosink), or WS_AUDIO_SINK's (the tests
 * run with fakesink where there is no sound device). */
static GstElement *
make_sink (GError **error)
{
  const char *name = g_getenv ("WS_AUDIO_SINK");

  return ws_media_make (name && *name ? name : "autoaudiosink", "Playing the sound of a sort", error);
}

/* appsrc stamps each buffer when it comes (is-live, do-timestamp): the
 * tones sound as the passes are shown, and a pause is a silence. */
static GstElement *
make_source (GError **error)
{
  GstElement *src = ws_media_make ("appsrc", "Playing the sound of a sort", error);
  g_autoptr (GstCaps) caps = NULL;

  if (src == NULL)
    return NULL;
  caps = gst_caps_new_simple ("audio/x-raw", "format", G_TYPE_STRING, "S16LE", "rate", G_TYPE_INT,
                              WS_TONE_RATE, "channels", G_TYPE_INT, 1, "layout", G_TYPE_STRING,
                              "interleaved", NULL);
  g_object_set (src, "caps", caps, "format", GST_FORMAT_TIME, "is-live", TRUE, "do-timestamp", TRUE,
                "max-time", (guint64) MAX_QUEUED_NS, "leaky-type", 2 /* downstream: drop the oldest */,
                NULL);
  return src;
}

/* An element made but never added to a bin: its floating reference sunk
 * and dropped. */
static void
drop (GstElement *element)
{
  if (element != NULL)
    gst_object_unref (gst_object_ref_sink (element));
}

static gboolean
build (WsTonePlayer *p, GError **error)
{
  GstElement *src = make_source (error), *convert = NULL, *resample = NULL, *sink = NULL;

  if (src == NULL || (convert = ws_media_make ("audioconvert", "Playing the sound of a sort", error)) == NULL
      || (resample = ws_media_make ("audioresample", "Playing the sound of a sort", error)) == NULL
      || (sink = make_sink (error)) == NULL)
    {
      drop (src), drop (convert), drop (resample);
      return FALSE;
    }
  p->pipeline = gst_pipeline_new ("warpscope-tones");
  p->source = src;
  gst_bin_add_many (GST_BIN (p->pipeline), src, convert, resample, sink, NULL);
  if (!gst_element_link_many (src, convert, resample, sink, NULL))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE, "Playing the sound of a sort: GStreamer "
                   "could not join its audio elements");
      return FALSE;
    }
  return TRUE;
}

/* The first error the pipeline has posted, if any. */
static gboolean
bus_clear (WsTonePlayer *p, GError **error)
{
  g_autoptr (GstBus) bus = gst_element_get_bus (p->pipeline);
  g_autoptr (GstMessage) message = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  g_autoptr (GError) why = NULL;

  if (message == NULL)
    return TRUE;
  gst_message_parse_error (message, &why, NULL);
  g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE, "The sound device failed: %s", why->message);
  return FALSE;
}

WsTonePlayer *
ws_tone_player_new (GError **error)
{
  WsTonePlayer *p = g_new0 (WsTonePlayer, 1);

  if (ws_media_init (error) && build (p, error))
    {
      if (gst_element_set_state (p->pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE)
        return p;
      if (bus_clear (p, error))
        g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE, "No sound device could be opened");
    }
  ws_tone_player_free (p);
  return NULL;
}

gboolean
ws_tone_player_play (WsTonePlayer *p, const double *pitches, guint n, double seconds, GError **error)
{
  gsize samples;
  gint16 *pcm;
  GstBuffer *buffer;

  g_return_val_if_fail (p != NULL, FALSE);
  if (!bus_clear (p, error))
    return FALSE;
  pcm = ws_tone_render (pitches, n, seconds, &samples);
  buffer = gst_buffer_new_wrapped (pcm, samples * sizeof (gint16));
  GST_BUFFER_DURATION (buffer) = gst_util_uint64_scale (samples, GST_SECOND, WS_TONE_RATE);
  if (gst_app_src_push_buffer (GST_APP_SRC (p->source), buffer) != GST_FLOW_OK)
    {
      if (bus_clear (p, error))
        g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE, "The sound device stopped taking tones");
      return FALSE;
    }
  p->tones += n;
  return TRUE;
}

guint64
ws_tone_player_n_tones (WsTonePlayer *p)
{
  return p->tones;
}

void
ws_tone_player_free (WsTonePlayer *p)
{
  if (p == NULL)
    return;
  if (p->pipeline != NULL)
    {
      gst_element_set_state (p->pipeline, GST_STATE_NULL);
      gst_object_unref (p->pipeline);
    }
  g_free (p);
}
