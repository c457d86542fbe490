/* ws-video-private.h: how each format is written — the elements of its
 * pipeline and their settings — shared by the format table
 * (ws-video-format.c) and the pipeline that follows it
 * (ws-video-pipeline.c). Private to app/media. */
#pragma once

#include "ws-video-format.h"

G_BEGIN_DECLS

typedef struct
{
  const char *extension, *description, *mime_type;
  const char *encoder;           /* its element */
  const char *encoder_settings;  /* "name=value …" (ws_media_configure) */
  const char *keyframe_property; /* the most frames between two keyframes; NULL: none */
  const char *raw_format;        /* what the encoder is fed; NULL: its own choice */
  const char *muxer;             /* NULL: the encoder's output is the file */
  const char *muxer_settings;
  gboolean    even_sides;
  double      lowest_fps, highest_fps;
} WsVideoFormatSpec;

const WsVideoFormatSpec *ws_video_format_spec (WsVideoFormat format);

/* Sides of a frame, in pixels, any format. */
#define WS_VIDEO_MIN_SIDE 2
#define WS_VIDEO_MAX_SIDE 8192

G_END_DECLS
