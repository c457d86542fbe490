/* ws-media.h: what every part of the media room stands on — GStreamer
 * started once, and its elements made by name with a message that says
 * which package brings one that is missing. Private to app/media: its
 * users see ws-video-format.h and ws-video-encoder.h. */
#pragma once

#include <gst/gst.h>

G_BEGIN_DECLS

/* Starts GStreamer once for the process (any thread); FALSE with
 * WS_ERROR_UNAVAILABLE saying why when it cannot start. */
gboolean    ws_media_init  (GError     **error);

/* TRUE when this machine's GStreamer has the element factory; else FALSE
 * with WS_ERROR_UNAVAILABLE: "PURPOSE needs GStreamer's FACTORY element,
 * which is not installed; install …", naming the package that brings it
 * ("Writing .mp4 needs GStreamer's x264enc element …"). */
gboolean    ws_media_have  (const char  *factory,
                            const char  *purpose,
                            GError     **error);

/* A new element of factory (floating), or NULL with ws_media_have's error. */
GstElement *ws_media_make  (const char  *factory,
                            const char  *purpose,
                            GError     **error);

/* Sets an element's properties from "name=value name=value" (values as
 * gst-launch writes them: enum nicks, flags, numbers, booleans). */
void        ws_media_configure (GstElement *element,
                                const char *settings);

G_END_DECLS
