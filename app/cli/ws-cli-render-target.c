/* ws-cli-render-target.c: what every `render` draws into — the headless
 * GL context, its target and the renderer as the options ask — and where
 * its frames go: the folder of PNG frames, written atomically, and the
 * video (ws-cli-render-video.c), both discarded when a render fails or is
 * stopped; the range of frames asked; the median of timings. */
#include <errno.h>
#include <math.h>
#include <glib/gstdio.h>

#include "ws-cli-render.h"
#include "ws-cli.h"
#include "ws-error.h"
#include "ws-file.h"
#include "ws-size.h"
#include "ws-stats.h"

void
render_clear (Render *r)
{
  g_clear_pointer (&r->video, ws_video_encoder_free);
  g_clear_pointer (&r->scene, ws_network_scene_free); /* needs the context */
  g_clear_pointer (&r->renderer, ws_renderer_free); /* before the context */
  g_clear_pointer (&r->gl, ws_gl_context_free);
  g_clear_pointer (&r->dir, g_free);
  g_clear_pointer (&r->path_text, g_free);
}

gboolean
render_invalid (GError **error, const char *format, const char *text)
{
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, format, text);
  return FALSE;
}

/* Device pixels per logical pixel: a screen's 1, 1.5, 2…; at 0 or below
 * nothing would be drawn, and once the frame is less than 640×360 logical
 * pixels its labels no longer fit (--scale 1000 drew blank frames). */
#define MIN_SCALE 0.5
#define MAX_SCALE 4.0

static gboolean
parse_scale (const char *text, int width, int height, double *scale, GError **error)
{
  double most = MIN (MAX_SCALE, MIN (width / 640.0, height / 360.0));

  *scale = 1.0;
  if (text == NULL)
    return TRUE;
  if (!ws_decimal_parse (text, scale) || *scale < MIN_SCALE || *scale > MAX_SCALE)
    return render_invalid (error, "--scale %s: give device pixels per logical pixel, a number from "
                           "0.5 to 4 (1 by default, 2 for a HiDPI screen)", text);
  if (*scale > most)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "--scale %s: a %d×%d frame holds at most scale %.3g (640×360 logical pixels); "
                   "give a larger --size, e.g. %dx%d", text, width, height, most,
                   (int) ceil (640 * *scale), (int) ceil (360 * *scale));
      return FALSE;
    }
  return TRUE;
}

gboolean
render_size (const RenderOptions *o, int *width, int *height, GError **error)
{
  *width = o->bench ? 1920 : 1280, *height = o->bench ? 1080 : 720;
  return o->size == NULL || ws_cli_parse_size (o->size, width, height, error);
}

gboolean
render_setup_gl (Render *r, const RenderOptions *o, GError **error)
{
  if (!render_size (o, &r->width, &r->height, error)
      || !parse_scale (o->scale, r->width, r->height, &r->scale, error)
      || (r->gl = ws_gl_context_new (error)) == NULL
      || !ws_gl_context_bind_target (r->gl, r->width, r->height, error)
      || (r->renderer = ws_renderer_new (error)) == NULL)
    return FALSE;
  return TRUE;
}

/* One end of a range: digits within 0 … last; empty is `otherwise`. */
static gboolean
range_end (const char *text, guint last, guint otherwise, guint *value)
{
  guint64 v = otherwise;

  if (text[0] != '\0' && !g_ascii_string_to_unsigned (text, 10, 0, last, &v, NULL))
    return FALSE;
  *value = (guint) v;
  return TRUE;
}

gboolean
render_parse_range (const char *option, const char *text, guint last, guint *first, guint *to,
                    GError **error)
{
  g_auto (GStrv) ends = NULL;
  gboolean ok;

  *first = 0, *to = last;
  if (text == NULL)
    return TRUE;
  ends = g_strsplit (text, "..", 2);
  ok = ends[0] != NULL && range_end (ends[0], last, 0, first);
  if (ok && ends[1] != NULL)
    ok = range_end (ends[1], last, last, to);
  else if (ok)
    *to = *first; /* one number: one frame */
  if (ok && *first <= *to)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "%s %s: write FIRST..LAST, each 0 … %u (0: before the first; FIRST.. runs to "
               "the end)", option, text, last);
  return FALSE;
}

gboolean
render_make_frames_dir (Render *r, const RenderOptions *o, GError **error)
{
  r->made_dir = !g_file_test (o->frames, G_FILE_TEST_EXISTS);
  if (g_mkdir_with_parents (o->frames, 0755) != 0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_IO, "Cannot create the directory %s: %s", o->frames,
                   g_strerror (errno));
      return FALSE;
    }
  r->dir = g_strdup (o->frames);
  return TRUE;
}

char *
render_destination (const RenderOptions *o)
{
  if (o->frames != NULL && o->video != NULL)
    return g_strdup_printf ("%s and %s", o->frames, o->video);
  return g_strdup (o->frames != NULL ? o->frames : o->video);
}

/* The frames it wrote (an incomplete sequence) and the folder, where it
 * made it. */
static void
discard_frames (Render *r)
{
  if (r->dir == NULL)
    return;
  for (guint i = 0; i < r->last_frame; i++)
    {
      g_autofree char *name = g_strdup_printf ("frame-%04u.png", i);
      g_autofree char *path = g_build_filename (r->dir, name, NULL);
      g_unlink (path);
    }
  if (r->made_dir)
    g_rmdir (r->dir);
}

void
render_discard (Render *r)
{
  discard_frames (r);
  g_clear_pointer (&r->video, ws_video_encoder_free); /* its file goes */
}

static cairo_status_t
append_png (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
write_png (Render *r, cairo_surface_t *image, guint number, GError **error)
{
  g_autofree char *name = g_strdup_printf ("frame-%04u.png", number);
  g_autofree char *path = g_build_filename (r->dir, name, NULL);
  g_autoptr (GByteArray) png = g_byte_array_new ();

  cairo_surface_write_to_png_stream (image, append_png, png);
  r->last_frame = MAX (r->last_frame, number + 1);
  return ws_file_write_atomic (path, (const char *) png->data, png->len, error);
}

gboolean
render_emit (Render *r, guint number, GError **error)
{
  cairo_surface_t *image;
  gboolean ok;

  if (g_cancellable_is_cancelled (r->cancellable))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_CANCELLED, "Cancelled");
      return FALSE;
    }
  image = ws_gl_context_read (r->gl);
  ok = (r->dir == NULL || write_png (r, image, number, error))
       && (r->video == NULL || ws_video_encoder_push_image (r->video, image, error));
  cairo_surface_destroy (image);
  return ok;
}

gboolean
render_close_outputs (Render *r, GError **error)
{
  return r->video == NULL || ws_video_encoder_finish (r->video, error);
}

double
render_median (const double *values, guint count)
{
  WsStats s;

  ws_stats_compute (values, count, &s);
  return s.median;
}
