/* ws-video-format.h: the animation files Warpscope writes — WebM (VP8),
 * MP4 (H.264, 4:2:0, its index first) and GIF, each chosen by the file
 * name's extension, each playing in a web browser and in slides — and what
 * each takes: sizes, frame rates, and the GStreamer elements this machine
 * must have for it. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  WS_VIDEO_WEBM,
  WS_VIDEO_MP4,
  WS_VIDEO_GIF,
} WsVideoFormat;

#define WS_VIDEO_N_FORMATS 3

/* The format a file name asks for by its extension (any case): FALSE with
 * WS_ERROR_INVALID_ARGUMENT naming the extensions there are otherwise. */
gboolean    ws_video_format_from_path   (const char    *path,
                                         WsVideoFormat *format,
                                         GError       **error);
/* "webm", "mp4", "gif". */
const char *ws_video_format_extension   (WsVideoFormat  format);
/* "WebM video (VP8)": a file chooser's filter, a menu item. */
const char *ws_video_format_describe    (WsVideoFormat  format);
/* "video/webm", "video/mp4", "image/gif". */
const char *ws_video_format_mime_type   (WsVideoFormat  format);

/* The largest size up to width × height that format takes: H.264's 4:2:0
 * wants even sides, so an MP4 of a 1001×601 canvas is 1000×600. */
void        ws_video_format_fit_size    (WsVideoFormat  format,
                                         int           *width,
                                         int           *height);
/* The frame rates format takes, in frames per second. */
void        ws_video_format_fps_range   (WsVideoFormat  format,
                                         double        *lowest,
                                         double        *highest);
/* TRUE when format takes frames of width × height at fps; else FALSE with
 * WS_ERROR_INVALID_ARGUMENT saying what it takes. */
gboolean    ws_video_format_check       (WsVideoFormat  format,
                                         int            width,
                                         int            height,
                                         double         fps,
                                         GError       **error);
/* TRUE when this machine's GStreamer can write format; else FALSE with
 * WS_ERROR_UNAVAILABLE naming the element missing and the package to
 * install (an application greys the format out with it as the reason). */
gboolean    ws_video_format_available   (WsVideoFormat  format,
                                         GError       **error);

G_END_DECLS
