/* video-decode.h: a video file read back through GStreamer's own
 * decoders (filesrc → decodebin → appsink), for tests of what
 * app/media and `render --video` wrote: how many frames, their size, how
 * long they play, and one frame's pixels. */
#pragma once

#include <gst/gst.h>

typedef struct
{
  guint        frames;
  int          width, height;
  GstClockTime duration; /* from the first frame's start to the last's end */
  guint8      *pixels;   /* the frame asked for, RGBA, width × 4 bytes a row */
} DecodedVideo;

/* Decodes path whole, keeping frame `keep`'s pixels; FALSE with
 * GStreamer's error. */
gboolean decode_video       (const char   *path,
                             guint         keep,
                             DecodedVideo *out,
                             GError      **error);
void     decoded_video_clear (DecodedVideo *video);
/* The RGB of pixel (x, y) of the kept frame. */
void     decoded_video_rgb  (const DecodedVideo *video,
                             int           x,
                             int           y,
                             guint8        rgb[3]);
