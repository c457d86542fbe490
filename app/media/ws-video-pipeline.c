/* ws-video-pipeline.c: the pipeline of each format, element by element
 * (see ws-video-pipeline.h). Every element is asked for by name first, so
 * that a missing one is reported with the package that brings it, not
 * as a pipeline that fails to link. */
#include "ws-video-pipeline.h"

#include <math.h>

#include "ws-error.h"
#include "ws-media.h"
#include "ws-video-private.h"

enum { MAX_CHAIN = 6 };

/* The factories of format's pipeline in order; returns how many. */
static guint
chain_of (const WsVideoFormatSpec *spec, const char *names[MAX_CHAIN])
{
  guint n = 0;

  names[n++] = "appsrc";
  names[n++] = "videoconvert";
  if (spec->raw_format != NULL)
    names[n++] = "capsfilter";
  names[n++] = spec->encoder;
  if (spec->muxer != NULL)
    names[n++] = spec->muxer;
  names[n++] = "filesink";
  return n;
}

/* "Writing .mp4", as the messages of missing elements begin. */
static char *
purpose_of (const WsVideoFormatSpec *spec)
{
  return g_strdup_printf ("Writing .%s", spec->extension);
}

gboolean
ws_video_format_available (WsVideoFormat format, GError **error)
{
  const WsVideoFormatSpec *spec = ws_video_format_spec (format);
  g_autofree char *purpose = purpose_of (spec);
  const char *names[MAX_CHAIN];
  guint n = chain_of (spec, names);

  for (guint i = 0; i < n; i++)
    if (!ws_media_have (names[i], purpose, error))
      return FALSE;
  return TRUE;
}

/* An element's settings for format: the table's, a keyframe every two
 * seconds or so (a viewer that seeks waits no longer), the caps of raw
 * frames, the file. */
static void
configure (GstElement *element, const char *factory, const WsVideoFormatSpec *spec,
           GstCaps *caps, double fps, const char *location)
{
  if (g_str_equal (factory, "appsrc"))
    g_object_set (element, "caps", caps, "format", GST_FORMAT_TIME, "is-live", FALSE, NULL);
  else if (g_str_equal (factory, "capsfilter"))
    {
      g_autoptr (GstCaps) raw = gst_caps_new_simple ("video/x-raw", "format", G_TYPE_STRING,
                                                     spec->raw_format, NULL);
      g_object_set (element, "caps", raw, NULL);
    }
  else if (g_str_equal (factory, spec->encoder))
    {
      ws_media_configure (element, spec->encoder_settings);
      if (spec->keyframe_property != NULL)
        {
          g_autofree char *most = g_strdup_printf ("%ld", MAX (1L, lround (2 * fps)));
          gst_util_set_object_arg (G_OBJECT (element), spec->keyframe_property, most);
        }
    }
  else if (spec->muxer != NULL && g_str_equal (factory, spec->muxer))
    ws_media_configure (element, spec->muxer_settings);
  else if (g_str_equal (factory, "filesink"))
    g_object_set (element, "location", location, "sync", FALSE, NULL);
}

/* Makes, configures, adds and links the chain's elements in order. */
static gboolean
build (GstBin *bin, const WsVideoFormatSpec *spec, GstCaps *caps, double fps,
       const char *location, GstElement **source, GError **error)
{
  g_autofree char *purpose = purpose_of (spec);
  const char *names[MAX_CHAIN];
  guint n = chain_of (spec, names);
  GstElement *previous = NULL;

  for (guint i = 0; i < n; i++)
    {
      GstElement *element = ws_media_make (names[i], purpose, error);
      if (element == NULL)
        return FALSE;
      configure (element, names[i], spec, caps, fps, location);
      gst_bin_add (bin, element);
      if (previous != NULL && !gst_element_link (previous, element))
        {
          g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE,
                       "%s: GStreamer's %s does not take what %s gives (GST_DEBUG=3 says why)",
                       purpose, names[i], names[i - 1]);
          return FALSE;
        }
      previous = element;
      if (i == 0)
        *source = element;
    }
  return TRUE;
}

GstElement *
ws_video_pipeline_new (WsVideoFormat format, GstCaps *caps, double fps, const char *location,
                       GstElement **source, GError **error)
{
  GstElement *pipeline;

  if (!ws_media_init (error))
    return NULL;
  pipeline = gst_pipeline_new ("warpscope-video");
  if (build (GST_BIN (pipeline), ws_video_format_spec (format), caps, fps, location, source,
             error))
    return pipeline;
  gst_object_unref (pipeline);
  return NULL;
}
