/* ws-cli-render-video.c: `render --video FILE` — the frames of a render
 * encoded as WebM, MP4 or GIF by app/media's WsVideoEncoder, instead of
 * or beside the PNG frames: its options checked before anything is drawn,
 * its progress on stderr ("frame 7 of 11 (63%)"). */
#include <stdio.h>
#include <unistd.h>

#include "ws-cli-render.h"
#include "ws-error.h"
#include "ws-size.h"

/* A frame a pass: a bitonic sort of 32 keys (15 passes) in 4 s. A row of
 * blocks changes more of the picture at once: the window sum's defaults
 * (8 rows) in 4.5 s. */
#define BARS_FPS 4.0
#define HEAT_FPS 2.0

static gboolean
parse_fps (Render *r, const RenderOptions *o, gboolean heat, GError **error)
{
  r->fps = heat ? HEAT_FPS : BARS_FPS;
  if (o->fps == NULL)
    return TRUE;
  if (o->video == NULL)
    return render_invalid (error, "--fps %s: frames per second are for --video FILE", o->fps);
  if (ws_decimal_parse (o->fps, &r->fps))
    return TRUE; /* its range is the format's (ws_video_format_check) */
  return render_invalid (error, "--fps %s: give frames per second, a number such as 4 or 0.5",
                         o->fps);
}

gboolean
render_check_video (Render *r, const RenderOptions *o, gboolean heat, GError **error)
{
  WsVideoFormat format;
  int width, height;

  if (!parse_fps (r, o, heat, error))
    return FALSE;
  if (o->video == NULL)
    return TRUE;
  if (!ws_video_format_from_path (o->video, &format, error)
      || !render_size (o, &width, &height, error))
    return FALSE;
  if (ws_video_format_check (format, width, height, r->fps, error)
      && ws_video_format_available (format, error))
    return TRUE;
  g_prefix_error (error, "--video %s: ", o->video);
  return FALSE;
}

/* On a terminal one line, rewritten; elsewhere (a log) a line a tenth. */
static void
on_progress (guint done, guint total, gpointer data)
{
  Render *r = data;
  guint percent = total ? (guint) ((guint64) done * 100 / total) : 100;
  guint before = total ? (guint) ((guint64) (done - 1) * 100 / total) : 0;

  if (r->tty)
    fprintf (stderr, "\r\033[Kframe %u of %u (%u%%)%s", done, total, percent,
             done == total ? "\n" : "");
  else if (done == 1 || done == total || percent / 10 != before / 10)
    fprintf (stderr, "frame %u of %u (%u%%)\n", done, total, percent);
}

gboolean
render_open_video (Render *r, const RenderOptions *o, guint frames, GError **error)
{
  const WsVideoSettings settings = {
    .width = r->width, .height = r->height, .fps = r->fps, .pixels = WS_VIDEO_PIXELS_CAIRO,
    .total = frames, .progress = on_progress, .progress_data = r,
    .cancellable = r->cancellable,
  };

  r->tty = isatty (STDERR_FILENO);
  r->video = ws_video_encoder_new (o->video, &settings, error);
  return r->video != NULL;
}

/* Here, above both outputs: the frames' folder (ws-cli-render-target.c)
 * and the video. */
gboolean
render_open_outputs (Render *r, const RenderOptions *o, guint frames, GError **error)
{
  return (o->frames == NULL || render_make_frames_dir (r, o, error))
         && (o->video == NULL || render_open_video (r, o, frames, error));
}
