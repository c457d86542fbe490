/* ws-video-format.c: the table of formats — what each file holds, how it
 * is written, what it takes (see ws-video-format.h). Knows no GStreamer,
 * so that a build without it still names the formats. */
#include "ws-video-private.h"

#include <math.h>
#include <string.h>

#include "ws-error.h"

/* Settings chosen for slides: flat colours and small text, few frames, a
 * browser or a presentation program as the player.
 * - VP8 rather than VP9: every browser decodes it, and libvpx's VP9 is
 *   several times slower to encode on a laptop's CPU. Constrained
 *   quality with a low level keeps the captions' edges sharp.
 * - H.264 fed I420 (yuv420p): left to itself videoconvert would hand
 *   x264 4:4:4 from RGB, a profile browsers do not play. Constant quality
 *   18 is visually lossless; faststart puts the index first so that a
 *   browser starts playing before the file has arrived.
 * - GIF loops for ever, as slides expect; its delays are in hundredths of
 *   a second, and browsers slow anything under 0.02 s down to 0.1 s, so
 *   50 frames per second is its highest rate; gifenc takes 1 at least. */
static const WsVideoFormatSpec specs[WS_VIDEO_N_FORMATS] = {
  [WS_VIDEO_WEBM] = { "webm", "WebM video (VP8)", "video/webm",
                      "vp8enc", "end-usage=cq cq-level=4 min-quantizer=0 max-quantizer=24 "
                      "target-bitrate=20000000 deadline=1000000 cpu-used=4",
                      "keyframe-max-dist", NULL, "webmmux", "", FALSE, 0.1, 60 },
  [WS_VIDEO_MP4] = { "mp4", "MP4 video (H.264)", "video/mp4",
                     "x264enc", "pass=qual quantizer=18 speed-preset=medium tune=stillimage",
                     "key-int-max", "I420", "mp4mux", "faststart=true", TRUE, 0.1, 60 },
  [WS_VIDEO_GIF] = { "gif", "Animated GIF", "image/gif",
                     "gifenc", "repeat=-1", NULL, NULL, NULL, NULL, FALSE, 1, 50 },
};

const WsVideoFormatSpec *
ws_video_format_spec (WsVideoFormat format)
{
  g_return_val_if_fail ((guint) format < WS_VIDEO_N_FORMATS, &specs[0]);
  return &specs[format];
}

gboolean
ws_video_format_from_path (const char *path, WsVideoFormat *format, GError **error)
{
  const char *dot = path ? strrchr (path, '.') : NULL;
  g_autofree char *shown = path ? g_filename_display_name (path) : g_strdup ("");

  for (guint i = 0; dot != NULL && i < WS_VIDEO_N_FORMATS; i++)
    if (g_ascii_strcasecmp (dot + 1, specs[i].extension) == 0)
      {
        *format = (WsVideoFormat) i;
        return TRUE;
      }
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "“%s”: the file's extension chooses what to write — .webm (VP8), .mp4 (H.264) "
               "or .gif", shown);
  return FALSE;
}

const char *
ws_video_format_extension (WsVideoFormat format)
{
  return ws_video_format_spec (format)->extension;
}

const char *
ws_video_format_describe (WsVideoFormat format)
{
  return ws_video_format_spec (format)->description;
}

const char *
ws_video_format_mime_type (WsVideoFormat format)
{
  return ws_video_format_spec (format)->mime_type;
}

void
ws_video_format_fit_size (WsVideoFormat format, int *width, int *height)
{
  if (!ws_video_format_spec (format)->even_sides)
    return;
  *width -= *width % 2;
  *height -= *height % 2;
}

void
ws_video_format_fps_range (WsVideoFormat format, double *lowest, double *highest)
{
  *lowest = ws_video_format_spec (format)->lowest_fps;
  *highest = ws_video_format_spec (format)->highest_fps;
}

static gboolean
check_size (WsVideoFormat format, int width, int height, GError **error)
{
  const WsVideoFormatSpec *spec = ws_video_format_spec (format);
  int w = width, h = height;

  if (width < WS_VIDEO_MIN_SIDE || height < WS_VIDEO_MIN_SIDE || width > WS_VIDEO_MAX_SIDE
      || height > WS_VIDEO_MAX_SIDE)
    g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                 "A %d×%d frame: an animation's sides are %d to %d pixels", width, height,
                 WS_VIDEO_MIN_SIDE, WS_VIDEO_MAX_SIDE);
  else if (ws_video_format_fit_size (format, &w, &h), w != width || h != height)
    g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                 "A %d×%d frame: %s wants even sides (H.264 stores colour at half resolution); "
                 "use %d×%d", width, height, spec->description, w, h);
  else
    return TRUE;
  return FALSE;
}

gboolean
ws_video_format_check (WsVideoFormat format, int width, int height, double fps, GError **error)
{
  const WsVideoFormatSpec *spec = ws_video_format_spec (format);

  if (!check_size (format, width, height, error))
    return FALSE;
  if (isfinite (fps) && fps >= spec->lowest_fps && fps <= spec->highest_fps)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "%g frames per second: %s plays %g to %g", fps, spec->description,
               spec->lowest_fps, spec->highest_fps);
  return FALSE;
}
