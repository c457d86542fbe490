/* ws-media-none.c: the media room of a build without GStreamer (meson
 * option media): the formats are named, and asking for one says why none
 * can be written, as ws-backend-none.c does for the GPU. */
#include "ws-error.h"
#include "ws-tone.h"
#include "ws-video-encoder.h"

static gboolean
no_gstreamer (GError **error)
{
  g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE,
               "This Warpscope was built without GStreamer, so it writes no animations and plays no sound; install "
               "libgstreamer1.0-dev and libgstreamer-plugins-base1.0-dev (make deps does), then "
               "set it up again (meson setup --reconfigure, or make clean and make)");
  return FALSE;
}

gboolean
ws_video_format_available (WsVideoFormat format, GError **error)
{
  return no_gstreamer (error);
}

WsVideoEncoder *
ws_video_encoder_new (const char *path, const WsVideoSettings *settings, GError **error)
{
  WsVideoFormat format;

  if (ws_video_format_from_path (path, &format, error))
    no_gstreamer (error);
  return NULL;
}

/* No encoder is ever made, so nothing below is reached. */
gboolean
ws_video_encoder_push (WsVideoEncoder *encoder, const guint8 *pixels, int width, int height,
                       gsize stride, GError **error)
{
  g_return_val_if_reached (FALSE);
}

gboolean
ws_video_encoder_push_image (WsVideoEncoder *encoder, cairo_surface_t *image, GError **error)
{
  g_return_val_if_reached (FALSE);
}

guint
ws_video_encoder_frames (WsVideoEncoder *encoder)
{
  g_return_val_if_reached (0);
}

gboolean
ws_video_encoder_finish (WsVideoEncoder *encoder, GError **error)
{
  g_return_val_if_reached (FALSE);
}

void
ws_video_encoder_free (WsVideoEncoder *encoder)
{
  g_return_if_fail (encoder == NULL);
}

WsTonePlayer *
ws_tone_player_new (GError **error)
{
  no_gstreamer (error);
  return NULL;
}

gboolean
ws_tone_player_play (WsTonePlayer *player, const double *pitches, guint n, double seconds,
                     GError **error)
{
  return no_gstreamer (error);
}

guint64
ws_tone_player_n_tones (WsTonePlayer *player)
{
  return 0;
}

void
ws_tone_player_free (WsTonePlayer *player)
{
}
