/* ws-video-pipeline.h: the GStreamer pipeline that writes a format —
 * appsrc → videoconvert → [capsfilter] → encoder → [muxer] → filesink —
 * with the settings of ws-video-private.h. Private to app/media. */
#pragma once

#include <gst/gst.h>

#include "ws-video-format.h"

G_BEGIN_DECLS

/* A stopped pipeline writing location from raw frames of caps at fps; its
 * appsrc in *source (owned by the pipeline). NULL with WS_ERROR_UNAVAILABLE
 * when an element is missing (ws_video_format_available's message). */
GstElement *ws_video_pipeline_new (WsVideoFormat  format,
                                   GstCaps       *caps,
                                   double         fps,
                                   const char    *location,
                                   GstElement   **source,
                                   GError       **error);

G_END_DECLS
