/* test-cli-video.c: `render --video FILE` writes an animation that
 * GStreamer's own decoders read back as the render's frames — one a pass
 * (or a row of blocks), the size asked, at the rate asked, the same
 * pictures as the PNG frames — refuses what it cannot write before
 * drawing, and leaves nothing behind when it fails or is stopped by
 * Ctrl-C. Skips where no headless OpenGL exists. */
#define _GNU_SOURCE /* symlink under -std=c17 */

#include <cairo.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "cli-util.h"
#include "video-decode.h"
#include "ws-media.h"
#include "ws-test-util.h"

static DecodedVideo
decoded (const char *path, guint keep)
{
  g_autoptr (GError) error = NULL;
  DecodedVideo video;

  g_assert_true (decode_video (path, keep, &video, &error));
  g_assert_no_error (error);
  return video;
}

static void
assert_plays (const DecodedVideo *video, guint frames, int width, int height, double seconds)
{
  g_assert_cmpuint (video->frames, ==, frames);
  g_assert_cmpint (video->width, ==, width);
  g_assert_cmpint (video->height, ==, height);
  g_assert_cmpfloat (ABS ((double) video->duration / GST_SECOND - seconds), <, 0.5 * seconds / frames);
}

/* The mean difference per channel (0 … 255) between the video's kept frame
 * and a PNG frame of the same render. */
static double
mean_difference (const DecodedVideo *video, const char *png_path)
{
  cairo_surface_t *png = cairo_image_surface_create_from_png (png_path);
  const guint8 *data = cairo_image_surface_get_data (png);
  int stride = cairo_image_surface_get_stride (png);
  double sum = 0;

  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, video->width);
  for (int y = 0; y < video->height; y++)
    for (int x = 0; x < video->width; x++)
      {
        guint32 p = *(const guint32 *) (data + (gsize) y * stride + (gsize) x * 4);
        guint8 rgb[3];
        decoded_video_rgb (video, x, y, rgb);
        sum += ABS ((int) (p >> 16 & 255) - rgb[0]) + ABS ((int) (p >> 8 & 255) - rgb[1])
               + ABS ((int) (p & 255) - rgb[2]);
      }
  cairo_surface_destroy (png);
  return sum / ((double) video->width * video->height * 3);
}

/* Bitonic on 16 keys: 10 passes, 11 frames, at 4 a second by default. */
static void
test_bitonic (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *webm = g_build_filename (dir, "bitonic.webm", NULL);
  g_autoptr (CliResult) r = cli_run ("render", "bitonic", "--n", "16", "--size", "320x180",
                                     "--video", webm, NULL);
  DecodedVideo video;

  if (cli_skip_without_gl (r))
    return;
  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "11 frames (the initial state and 10 passes) in "));
  g_assert_nonnull (strstr (r->out, "sorted at the end"));
  g_assert_nonnull (strstr (r->err, "frame 11 of 11 (100%)"));
  video = decoded (webm, 0);
  assert_plays (&video, 11, 320, 180, 11 / 4.0);
  decoded_video_clear (&video);
  g_autofree char *left = ws_test_list_dir (dir);
  g_assert_cmpstr (left, ==, "bitonic.webm"); /* no temporary file stays */
  ws_test_remove_dir (dir);
}

/* Passes 3 … 7 at 10 a second, as MP4 and PNG at once: five frames, and
 * each video frame is the PNG of its pass — close to it (GStreamer's own
 * conversions to YUV and back shift colours by a few levels) and far
 * from the others. */
static void
test_passes_and_frames (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *mp4 = g_build_filename (dir, "part.mp4", NULL);
  g_autofree char *pngs = g_build_filename (dir, "frames", NULL);
  g_autoptr (CliResult) r = cli_run ("render", "bitonic", "--n", "16", "--size", "320x180",
                                     "--passes", "3..7", "--fps", "10", "--video", mp4,
                                     "--frames", pngs, NULL);
  g_autofree char *names = NULL;

  if (cli_skip_without_gl (r))
    return;
  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "5 frames (passes 3 … 7 of 10) in "));
  names = ws_test_list_dir (pngs);
  g_assert_cmpstr (names, ==, "frame-0003.png frame-0004.png frame-0005.png frame-0006.png "
                              "frame-0007.png");
  for (guint k = 0; k < 5; k++)
    {
      DecodedVideo video = decoded (mp4, k);
      double own = 0, nearest_other = G_MAXDOUBLE;
      assert_plays (&video, 5, 320, 180, 0.5);
      for (guint j = 0; j < 5; j++)
        {
          g_autofree char *name = g_strdup_printf ("frame-%04u.png", 3 + j);
          g_autofree char *png = g_build_filename (pngs, name, NULL);
          double d = mean_difference (&video, png);
          if (j == k)
            own = d;
          else
            nearest_other = MIN (nearest_other, d);
        }
      g_test_message ("frame %u: %.2f from its PNG, %.2f from the nearest other", k, own,
                      nearest_other);
      g_assert_cmpfloat (own, <, 8.0);
      g_assert_cmpfloat (nearest_other, >, 2 * own);
      decoded_video_clear (&video);
    }
  ws_test_remove_dir (dir);
}

/* The window sum: a frame before the launch and one after each of its 8
 * rows of blocks, 2 a second by default; or the rows asked. */
static void
test_heat (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *all = g_build_filename (dir, "launch.webm", NULL);
  g_autofree char *part = g_build_filename (dir, "middle.mp4", NULL);
  g_autoptr (CliResult) r = cli_run ("render", "stencil", "--size", "320x180", "--video", all,
                                     NULL);
  DecodedVideo video;

  if (cli_skip_without_gl (r))
    return;
  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "9 frames (before the launch and after each of its 8 rows"));
  video = decoded (all, 0);
  assert_plays (&video, 9, 320, 180, 9 / 2.0);
  decoded_video_clear (&video);

  g_autoptr (CliResult) p = cli_run ("render", "stencil", "--size", "320x180", "--block-rows",
                                     "2..5", "--fps", "4", "--video", part, NULL);
  g_assert_cmpint (p->status, ==, 0);
  g_assert_nonnull (strstr (p->out, "4 frames (rows of blocks run: 2 … 5 of 8)"));
  video = decoded (part, 0);
  assert_plays (&video, 4, 320, 180, 1.0);
  decoded_video_clear (&video);
  ws_test_remove_dir (dir);
}

/* GIF where GStreamer's gifenc is installed; elsewhere a message that says
 * so, and no file. */
static void
test_gif (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *gif = g_build_filename (dir, "loop.gif", NULL);
  g_autoptr (CliResult) r = cli_run ("render", "bitonic", "--n", "16", "--size", "320x180",
                                     "--video", gif, NULL);
  g_autofree char *left = NULL;
  DecodedVideo video;

  if (r->status != 0 && strstr (r->err, "gifenc") != NULL)
    {
      cli_assert_fails (r, "Writing .gif needs GStreamer's gifenc element", ".webm or .mp4", NULL);
      left = ws_test_list_dir (dir);
      g_assert_cmpstr (left, ==, "");
      g_test_skip ("no GIF encoder in this GStreamer (gst-plugins-rs' gifenc)");
    }
  else if (!cli_skip_without_gl (r))
    {
      g_assert_cmpint (r->status, ==, 0);
      video = decoded (gif, 0);
      assert_plays (&video, 11, 320, 180, 11 / 4.0);
      decoded_video_clear (&video);
    }
  ws_test_remove_dir (dir);
}

/* Refused before anything is drawn or written. */
static void
test_errors (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *avi = g_build_filename (dir, "a.avi", NULL);
  g_autofree char *mp4 = g_build_filename (dir, "a.mp4", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing", "a.webm", NULL);
  g_autoptr (CliResult) ext = cli_run ("render", "bitonic", "--video", avi, NULL);
  g_autoptr (CliResult) odd = cli_run ("render", "bitonic", "--size", "641x360", "--video", mp4, NULL);
  g_autoptr (CliResult) fps = cli_run ("render", "bitonic", "--fps", "0", "--video", mp4, NULL);
  g_autoptr (CliResult) alone = cli_run ("render", "bitonic", "--fps", "4", "--frames", dir, NULL);
  g_autoptr (CliResult) range = cli_run ("render", "bitonic", "--n", "16", "--passes", "5..11",
                                         "--video", mp4, NULL);
  g_autoptr (CliResult) backwards = cli_run ("render", "bitonic", "--n", "16", "--passes", "7..3",
                                             "--video", mp4, NULL);
  g_autoptr (CliResult) passes = cli_run ("render", "stencil", "--passes", "1..2", "--video", mp4, NULL);
  g_autoptr (CliResult) rows = cli_run ("render", "bitonic", "--block-rows", "1..2", "--video", mp4, NULL);
  g_autoptr (CliResult) folder = cli_run ("render", "bitonic", "--n", "16", "--video", missing, NULL);
  g_autoptr (CliResult) usage = cli_run ("render", "bitonic", NULL);
  g_autofree char *left = NULL;

  cli_assert_fails (ext, "a.avi”: the file's extension", ".webm (VP8), .mp4 (H.264) or .gif", NULL);
  cli_assert_fails (odd, "641×360", "even sides", "use 640×360", NULL);
  cli_assert_fails (fps, "0 frames per second", "plays 0.1 to 60", NULL);
  cli_assert_fails (alone, "--fps 4: frames per second are for --video FILE", NULL);
  cli_assert_fails (passes, "--passes 1..2", "take --block-rows", NULL);
  cli_assert_fails (rows, "--block-rows picks the window sum's frames", NULL);
  g_assert_cmpint (usage->status, ==, 2);
  g_assert_nonnull (strstr (usage->err, "--video FILE"));
  if (!cli_skip_without_gl (range))
    {
      cli_assert_fails (range, "--passes 5..11", "each 0 … 10", NULL);
      cli_assert_fails (backwards, "--passes 7..3", NULL);
      cli_assert_fails (folder, "Cannot write", "No such file or directory", NULL);
    }
  left = ws_test_list_dir (dir);
  g_assert_cmpstr (left, ==, "");
  ws_test_remove_dir (dir);
}

/* A plugin directory with only the elements every format shares
 * (appsrc, videoconvert, capsfilter, filesink): links to their files. */
static char *
bare_plugin_dir (void)
{
  static const char *const shared[] = { "appsrc", "videoconvert", "capsfilter", "filesink" };
  char *dir = ws_test_make_dir ();

  g_assert_true (ws_media_init (NULL));
  for (guint i = 0; i < G_N_ELEMENTS (shared); i++)
    {
      g_autoptr (GstElementFactory) factory = gst_element_factory_find (shared[i]);
      g_autoptr (GstPlugin) plugin = gst_plugin_feature_get_plugin (GST_PLUGIN_FEATURE (factory));
      g_autofree char *base = g_path_get_basename (gst_plugin_get_filename (plugin));
      g_autofree char *link = g_build_filename (dir, base, NULL);
      if (!g_file_test (link, G_FILE_TEST_EXISTS))
        g_assert_cmpint (symlink (gst_plugin_get_filename (plugin), link), ==, 0);
    }
  return dir;
}

/* Without the encoders' plugins, the message names the element and the
 * Debian package that brings it. */
static void
test_missing_plugins (void)
{
  g_autofree char *plugins = bare_plugin_dir ();
  g_autofree char *out = ws_test_make_dir ();
  g_autofree char *registry = g_build_filename (out, "registry.bin", NULL);
  g_autofree char *mp4 = g_build_filename (out, "a.mp4", NULL);
  g_autofree char *webm = g_build_filename (out, "a.webm", NULL);
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (
    G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  const char *const formats[][3] = { { mp4, "x264enc", "gstreamer1.0-plugins-ugly" },
                                     { webm, "vp8enc", "gstreamer1.0-plugins-good" } };

  g_subprocess_launcher_setenv (launcher, "GST_PLUGIN_SYSTEM_PATH_1_0", plugins, TRUE);
  g_subprocess_launcher_unsetenv (launcher, "GST_PLUGIN_PATH_1_0");
  g_subprocess_launcher_unsetenv (launcher, "GST_PLUGIN_PATH");
  g_subprocess_launcher_setenv (launcher, "GST_REGISTRY_1_0", registry, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *err = NULL;
      g_autoptr (GSubprocess) p = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("WS_CLI"),
                                                               "render", "bitonic", "--video",
                                                               formats[i][0], NULL);
      g_assert_no_error (error);
      g_assert_true (g_subprocess_communicate_utf8 (p, NULL, NULL, NULL, &err, &error));
      g_test_message ("%s", err);
      g_assert_cmpint (g_subprocess_get_exit_status (p), ==, 1);
      g_assert_nonnull (strstr (err, formats[i][1]));
      g_assert_nonnull (strstr (err, formats[i][2]));
      g_assert_false (g_file_test (formats[i][0], G_FILE_TEST_EXISTS));
    }
  ws_test_remove_dir (plugins);
  ws_test_remove_dir (out);
}

/* Ctrl-C while the frames are written: exit status 130, the signal named,
 * and nothing left — no video, no temporary file, no PNG frames, not the
 * folder the render made. */
static void
test_sigint (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *video = g_build_filename (dir, "long.webm", NULL);
  g_autofree char *pngs = g_build_filename (dir, "frames", NULL);
  g_autofree char *third = g_build_filename (pngs, "frame-0002.png", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) p = g_subprocess_new (
    G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error, g_getenv ("WS_CLI"),
    "render", "bitonic", "--n", "2^16", "--size", "1280x720", "--video", video, "--frames", pngs,
    NULL);
  g_autofree char *err = NULL, *left = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < 3000 && !g_file_test (third, G_FILE_TEST_EXISTS); i++)
    g_usleep (10000);
  if (!g_file_test (third, G_FILE_TEST_EXISTS))
    {
      g_subprocess_force_exit (p);
      g_test_skip ("no frames came (no headless OpenGL here?)");
      ws_test_remove_dir (dir);
      return;
    }
  g_subprocess_send_signal (p, SIGINT);
  g_assert_true (g_subprocess_communicate_utf8 (p, NULL, NULL, NULL, &err, &error));
  g_test_message ("%s", err);
  g_assert_true (g_subprocess_get_if_exited (p));
  g_assert_cmpint (g_subprocess_get_exit_status (p), ==, 130);
  g_assert_nonnull (strstr (err, "render stopped by Ctrl-C (SIGINT); nothing was kept"));
  left = ws_test_list_dir (dir);
  g_assert_cmpstr (left, ==, "");
  ws_test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/video/bitonic", test_bitonic);
  g_test_add_func ("/cli/video/passes-and-frames", test_passes_and_frames);
  g_test_add_func ("/cli/video/heat", test_heat);
  g_test_add_func ("/cli/video/gif", test_gif);
  g_test_add_func ("/cli/video/errors", test_errors);
  g_test_add_func ("/cli/video/missing-plugins", test_missing_plugins);
  g_test_add_func ("/cli/video/sigint", test_sigint);
  return g_test_run ();
}
