/* test-video-encoder.c: app/media's WsVideoEncoder writes each format so
 * that GStreamer's own decoders read back what was given — the number of
 * frames, their size, how long they play, their colours — and leaves no
 * file behind when it fails, is cancelled, or is dropped unfinished. */
#include <glib/gstdio.h>
#include <string.h>

#include "video-decode.h"
#include "ws-error.h"
#include "ws-test-util.h"
#include "ws-video-encoder.h"

enum { WIDTH = 160, HEIGHT = 96, FRAMES = 12 };
#define FPS 5.0

/* Frame i's one colour: far apart from the next, so that a frame out of
 * place shows. */
static const guint8 colours[][3] = {
  { 220, 40, 40 }, { 40, 200, 60 }, { 40, 60, 220 }, { 240, 240, 240 },
  { 230, 200, 30 }, { 30, 30, 30 },
};
#define N_COLOURS G_N_ELEMENTS (colours)

/* A solid frame in the layout asked for. */
static guint8 *
solid_frame (WsVideoPixels pixels, guint i, gsize stride)
{
  const guint8 *c = colours[i % N_COLOURS];
  guint8 *data = g_malloc0 (stride * HEIGHT);

  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      {
        guint8 *p = data + (gsize) y * stride + (gsize) x * 4;
        if (pixels == WS_VIDEO_PIXELS_RGBA)
          p[0] = c[0], p[1] = c[1], p[2] = c[2], p[3] = 255;
        else
          *(guint32 *) p = 0xff000000u | (guint32) c[0] << 16 | (guint32) c[1] << 8 | c[2];
      }
  return data;
}

typedef struct
{
  guint calls, done, total;
} Progress;

static void
on_progress (guint done, guint total, gpointer data)
{
  Progress *p = data;

  g_assert_cmpuint (done, ==, p->done + 1); /* once a frame, in order */
  p->calls++, p->done = done, p->total = total;
}

static WsVideoSettings
settings_for (WsVideoPixels pixels, Progress *progress, GCancellable *cancellable)
{
  return (WsVideoSettings) { WIDTH, HEIGHT, FPS, pixels, FRAMES, on_progress, progress,
                             cancellable };
}

/* Frames 0 … count − 1, each solid; a stride wider than a row (padding) in
 * the RGBA layout, Cairo's own through push_image in the other. */
static void
push_frames (WsVideoEncoder *e, WsVideoPixels pixels, guint count)
{
  for (guint i = 0; i < count; i++)
    {
      g_autoptr (GError) error = NULL;
      gsize stride = pixels == WS_VIDEO_PIXELS_RGBA ? WIDTH * 4 + 64 : WIDTH * 4;
      g_autofree guint8 *data = solid_frame (pixels, i, stride);
      cairo_surface_t *image = NULL;

      if (pixels == WS_VIDEO_PIXELS_CAIRO)
        image = cairo_image_surface_create_for_data (data, CAIRO_FORMAT_RGB24, WIDTH, HEIGHT,
                                                     (int) stride);
      g_assert_true (image ? ws_video_encoder_push_image (e, image, &error)
                           : ws_video_encoder_push (e, data, WIDTH, HEIGHT, stride, &error));
      g_assert_no_error (error);
      g_clear_pointer (&image, cairo_surface_destroy);
    }
}

/* A format this machine's GStreamer cannot write is skipped, its message
 * checked: it names the element, and what to do. */
static gboolean
unavailable (WsVideoFormat format)
{
  g_autoptr (GError) error = NULL;

  if (ws_video_format_available (format, &error))
    return FALSE;
  g_assert_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE);
  g_assert_nonnull (strstr (error->message, "needs GStreamer's"));
  g_test_skip (error->message);
  return TRUE;
}

static void
assert_close (const guint8 got[3], const guint8 want[3])
{
  for (int c = 0; c < 3; c++)
    g_assert_cmpint (ABS ((int) got[c] - (int) want[c]), <=, 16);
}

/* Encoded, then decoded: every frame, its size, N / fps seconds, and a
 * frame's colour where it was put. */
static void
test_round_trip (gconstpointer data)
{
  WsVideoFormat format = GPOINTER_TO_INT (data);
  WsVideoPixels pixels = format == WS_VIDEO_MP4 ? WS_VIDEO_PIXELS_RGBA : WS_VIDEO_PIXELS_CAIRO;
  g_autofree char *name = g_strconcat ("round-trip.", ws_video_format_extension (format), NULL);
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;
  Progress progress = { 0 };
  WsVideoSettings s = settings_for (pixels, &progress, NULL);
  g_autoptr (WsVideoEncoder) e = NULL;
  DecodedVideo video;
  guint8 rgb[3];

  if (unavailable (format))
    {
      ws_test_remove_dir (dir);
      return;
    }
  e = ws_video_encoder_new (path, &s, &error);
  g_assert_no_error (error);
  push_frames (e, pixels, FRAMES);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS)); /* not before it is whole */
  g_assert_true (ws_video_encoder_finish (e, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (progress.calls, ==, FRAMES);
  g_assert_cmpuint (progress.total, ==, FRAMES);
  g_assert_true (decode_video (path, 7, &video, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (video.frames, ==, FRAMES);
  g_assert_cmpint (video.width, ==, WIDTH);
  g_assert_cmpint (video.height, ==, HEIGHT);
  g_assert_cmpfloat (ABS ((double) video.duration / GST_SECOND - FRAMES / FPS), <, 0.5 / FPS);
  decoded_video_rgb (&video, WIDTH / 2, HEIGHT / 2, rgb);
  assert_close (rgb, colours[7 % N_COLOURS]);
  decoded_video_clear (&video);
  ws_test_remove_dir (dir);
}

static void
test_formats (void)
{
  WsVideoFormat f;
  int w = 1001, h = 601;
  g_autoptr (GError) error = NULL;

  g_assert_true (ws_video_format_from_path ("slides/bitonic.WebM", &f, NULL) && f == WS_VIDEO_WEBM);
  g_assert_true (ws_video_format_from_path ("a.mp4", &f, NULL) && f == WS_VIDEO_MP4);
  g_assert_true (ws_video_format_from_path ("a.gif", &f, NULL) && f == WS_VIDEO_GIF);
  g_assert_false (ws_video_format_from_path ("a.webm/keys", &f, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, ".webm (VP8), .mp4 (H.264) or .gif"));
  g_clear_error (&error);
  ws_video_format_fit_size (WS_VIDEO_MP4, &w, &h);
  g_assert_cmpint (w, ==, 1000);
  g_assert_cmpint (h, ==, 600);
  ws_video_format_fit_size (WS_VIDEO_WEBM, &w, &h);
  g_assert_cmpint (w, ==, 1000);
  g_assert_false (ws_video_format_check (WS_VIDEO_MP4, 641, 360, 4, &error));
  g_assert_nonnull (strstr (error->message, "even sides"));
  g_assert_nonnull (strstr (error->message, "use 640×360"));
  g_clear_error (&error);
  g_assert_true (ws_video_format_check (WS_VIDEO_WEBM, 641, 361, 0.5, NULL));
  g_assert_false (ws_video_format_check (WS_VIDEO_GIF, 640, 360, 0.5, &error));
  g_assert_nonnull (strstr (error->message, "plays 1 to 50"));
  g_assert_false (ws_video_format_check (WS_VIDEO_WEBM, 640, 360, 0, NULL));
  g_assert_cmpstr (ws_video_format_mime_type (WS_VIDEO_MP4), ==, "video/mp4");
}

/* Refused before anything is written: the folder stays empty. */
static void
assert_refused (const char *dir, const char *name, GQuark domain, int code, const char *needle)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;
  WsVideoSettings s = settings_for (WS_VIDEO_PIXELS_CAIRO, NULL, NULL);
  g_autofree char *left = NULL;

  s.progress = NULL;
  g_assert_null (ws_video_encoder_new (path, &s, &error));
  g_assert_error (error, domain, code);
  g_assert_nonnull (strstr (error->message, needle));
  left = ws_test_list_dir (dir);
  g_assert_cmpstr (left, ==, "folder.webm not-a-folder");
}

static void
test_refused (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *file = g_build_filename (dir, "not-a-folder", NULL);
  g_autofree char *folder = g_build_filename (dir, "folder.webm", NULL);

  g_assert_true (g_file_set_contents (file, "x", 1, NULL));
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  assert_refused (dir, "slides.avi", WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "“");
  assert_refused (dir, "missing/slides.webm", WS_ERROR, WS_ERROR_IO, "No such file or directory");
  assert_refused (dir, "not-a-folder/slides.webm", WS_ERROR, WS_ERROR_IO, "Not a directory");
  assert_refused (dir, "folder.webm", WS_ERROR, WS_ERROR_IO, "it is a folder");
  ws_test_remove_dir (dir);
}

/* A cancel after a few frames: the push says so, and neither the video
 * nor its temporary file is left; a file that was there stays as it was. */
static void
test_cancel (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "talk.webm", NULL);
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autofree guint8 *frame = solid_frame (WS_VIDEO_PIXELS_CAIRO, 0, WIDTH * 4);
  Progress progress = { 0 };
  WsVideoSettings s = settings_for (WS_VIDEO_PIXELS_CAIRO, &progress, cancel);
  g_autofree char *kept = NULL, *left = NULL;
  WsVideoEncoder *e;

  g_assert_true (g_file_set_contents (path, "last year's", -1, NULL));
  e = ws_video_encoder_new (path, &s, &error);
  g_assert_no_error (error);
  push_frames (e, WS_VIDEO_PIXELS_CAIRO, 3);
  g_cancellable_cancel (cancel);
  g_assert_false (ws_video_encoder_push (e, frame, WIDTH, HEIGHT, WIDTH * 4, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
  g_assert_nonnull (strstr (error->message, "was not written"));
  g_assert_cmpuint (ws_video_encoder_frames (e), ==, 3);
  ws_video_encoder_free (e);
  left = ws_test_list_dir (dir);
  g_assert_cmpstr (left, ==, "talk.webm");
  g_assert_true (g_file_get_contents (path, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "last year's");
  ws_test_remove_dir (dir);
}

/* A cancel while the encoder finishes: no file either. */
static void
test_cancel_finish (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "talk.mp4", NULL);
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  WsVideoSettings s = settings_for (WS_VIDEO_PIXELS_RGBA, NULL, cancel);
  g_autoptr (WsVideoEncoder) e = NULL;
  g_autofree char *left = NULL;

  s.progress = NULL;
  e = ws_video_encoder_new (path, &s, &error);
  g_assert_no_error (error);
  push_frames (e, WS_VIDEO_PIXELS_RGBA, FRAMES);
  g_cancellable_cancel (cancel);
  g_assert_false (ws_video_encoder_finish (e, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
  g_clear_pointer (&e, ws_video_encoder_free);
  left = ws_test_list_dir (dir);
  g_assert_cmpstr (left, ==, "");
  ws_test_remove_dir (dir);
}

/* Dropped unfinished, given nothing, or a frame of another size: no file. */
static void
test_no_file (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "talk.webm", NULL);
  g_autofree guint8 *small = g_malloc0 (WIDTH * HEIGHT * 4);
  g_autoptr (GError) error = NULL;
  WsVideoSettings s = settings_for (WS_VIDEO_PIXELS_CAIRO, NULL, NULL);
  WsVideoEncoder *e;
  g_autofree char *left = NULL;

  s.progress = NULL;
  e = ws_video_encoder_new (path, &s, &error);
  g_assert_no_error (error);
  push_frames (e, WS_VIDEO_PIXELS_CAIRO, 2);
  ws_video_encoder_free (e);
  e = ws_video_encoder_new (path, &s, &error);
  g_assert_no_error (error);
  g_assert_false (ws_video_encoder_finish (e, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "No frames"));
  g_clear_error (&error);
  ws_video_encoder_free (e);
  e = ws_video_encoder_new (path, &s, &error);
  g_assert_no_error (error);
  g_assert_false (ws_video_encoder_push (e, small, WIDTH / 2, HEIGHT, WIDTH * 2, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "every frame has the animation's size"));
  ws_video_encoder_free (e);
  left = ws_test_list_dir (dir);
  g_assert_cmpstr (left, ==, "");
  ws_test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/media/video/formats", test_formats);
  for (int f = 0; f < WS_VIDEO_N_FORMATS; f++)
    {
      g_autofree char *name = g_strconcat ("/media/video/round-trip/",
                                           ws_video_format_extension (f), NULL);
      g_test_add_data_func (name, GINT_TO_POINTER (f), test_round_trip);
    }
  g_test_add_func ("/media/video/refused", test_refused);
  g_test_add_func ("/media/video/cancel", test_cancel);
  g_test_add_func ("/media/video/cancel-finish", test_cancel_finish);
  g_test_add_func ("/media/video/no-file", test_no_file);
  return g_test_run ();
}
