/* ws-cli-render-target.c: what every `render` draws into — the headless
 * GL context, its target and the renderer as the options ask; the folder of
 * frames, written atomically and discarded when a render fails; the
 * median of timings. */
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
render_setup_gl (Render *r, const RenderOptions *o, GError **error)
{
  r->width = o->bench ? 1920 : 1280, r->height = o->bench ? 1080 : 720;
  if ((o->size && !ws_cli_parse_size (o->size, &r->width, &r->height, error))
      || !parse_scale (o->scale, r->width, r->height, &r->scale, error)
      || (r->gl = ws_gl_context_new (error)) == NULL
      || !ws_gl_context_bind_target (r->gl, r->width, r->height, error)
      || (r->renderer = ws_renderer_new (error)) == NULL)
    return FALSE;
  return TRUE;
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

/* A render that failed leaves nothing of its own: the frames it wrote (an
 * incomplete sequence) and the folder, where it made it. */
void
render_discard_frames (Render *r)
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

static cairo_status_t
append_png (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
render_write_png (Render *r, guint frame, GError **error)
{
  g_autofree char *name = g_strdup_printf ("frame-%04u.png", frame);
  g_autofree char *path = g_build_filename (r->dir, name, NULL);
  g_autoptr (GByteArray) png = g_byte_array_new ();
  cairo_surface_t *image = ws_gl_context_read (r->gl);

  cairo_surface_write_to_png_stream (image, append_png, png);
  cairo_surface_destroy (image);
  r->last_frame = MAX (r->last_frame, frame + 1);
  return ws_file_write_atomic (path, (const char *) png->data, png->len, error);
}

double
render_median (const double *values, guint count)
{
  WsStats s;

  ws_stats_compute (values, count, &s);
  return s.median;
}
