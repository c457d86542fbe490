/* test-ui-export.c: File ▸ Export Animation… without the file chooser —
 * each mode's animation exported through the job API (its own GL context
 * on a worker) and decoded again by GStreamer's own decoders: the frames
 * the range asks for, at the size asked; a cancel mid-way and an
 * unwritable path leave no file; the dialog exports and closes. Skips
 * where there is no display, no WebM encoder or no headless OpenGL. */
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ui-test-util.h"
#include "video-decode.h"
#include "ws-error.h"
#include "ws-export-dialog.h"
#include "ws-export-job.h"
#include "ws-generator.h"
#include "ws-video-format.h"
#include <string.h>
#include "ws-primitives-page.h"
#include "ws-window-sum-page.h"

typedef struct
{
  gboolean  done, ok;
  GError   *error;
  guint     progress, total; /* the last progress */
  guint     cancel_at;       /* cancel once this frame is done (0: never) */
  GCancellable *cancellable;
} Export;

static gboolean export_done (gpointer data) { return ((Export *) data)->done; }

static void
on_progress (guint done, guint total, gpointer data)
{
  Export *e = data;

  g_assert_cmpuint (done, >=, e->progress); /* in order */
  e->progress = done, e->total = total;
  if (e->cancel_at != 0 && done >= e->cancel_at)
    g_cancellable_cancel (e->cancellable);
}

static void
on_exported (GObject *source, GAsyncResult *result, gpointer data)
{
  Export *e = data;

  e->ok = ws_export_job_finish (result, &e->error);
  e->done = TRUE;
}

/* Runs the export to its end, the main loop turning meanwhile. */
static void
run_export (Export *e, const WsExportSource *source, const char *path, guint first, guint last)
{
  WsExportSettings settings = { (char *) path, 320, 180, 8.0, first, last };

  e->cancellable = g_cancellable_new ();
  ws_export_job_start (NULL, source, &settings, e->cancellable, on_progress, e, on_exported, e);
  g_assert_true (ui_spin_until (export_done, e, 120));
  g_clear_object (&e->cancellable);
}

/* No WebM encoder, or no headless OpenGL: nothing here can be checked. */
static gboolean
skip_without (const Export *e)
{
  if (e->error != NULL && g_error_matches (e->error, WS_ERROR, WS_ERROR_UNAVAILABLE))
    {
      g_test_skip (e->error->message);
      return TRUE;
    }
  return FALSE;
}

static gboolean
skip_without_webm (void)
{
  g_autoptr (GError) why = NULL;

  if (ws_video_format_available (WS_VIDEO_WEBM, &why))
    return FALSE;
  g_test_skip (why->message);
  return TRUE;
}

static char *
temp_path (const char *name)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-export-XXXXXX", NULL);

  g_assert_nonnull (dir);
  return g_build_filename (dir, name, NULL);
}

/* Nothing left in the export's folder (no file, no temporary file), and
 * the folder gone. */
static void
assert_nothing_left (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_rmdir (dir), ==, 0); /* fails unless empty */
}

static void
assert_frames (const char *path, guint frames, int width, int height)
{
  DecodedVideo video = { 0 };
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (path);

  g_assert_true (decode_video (path, 0, &video, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (video.frames, ==, frames);
  g_assert_cmpint (video.width, ==, width);
  g_assert_cmpint (video.height, ==, height);
  decoded_video_clear (&video);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static WsExportSource *
bitonic (gsize n)
{
  WsExportSource *s = g_new0 (WsExportSource, 1);
  guint log = 0;

  while ((gsize) 1 << log < n)
    log++;
  s->kind = WS_MOVIE_NETWORK;
  s->network = WS_NETWORK_BITONIC;
  s->keys = ws_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, n, 1, NULL);
  s->name = g_strdup_printf ("bitonic-%" G_GSIZE_FORMAT, n);
  s->title = g_strdup ("bitonic");
  s->last = log * (log + 1) / 2;
  s->fps = 4;
  return s;
}

/* Bitonic, 16 keys: 10 passes, so passes 0 … 10 are 11 frames. */
static void
test_sorting (void)
{
  g_autoptr (WsExportSource) source = bitonic (16);
  g_autofree char *path = temp_path ("bitonic-16.webm");
  Export e = { 0 };

  if (skip_without_webm ())
    return;
  g_assert_cmpuint (source->last, ==, 10);
  run_export (&e, source, path, 0, 10);
  if (skip_without (&e))
    return;
  g_assert_no_error (e.error);
  g_assert_true (e.ok);
  g_assert_cmpuint (e.progress, ==, 11);
  g_assert_cmpuint (e.total, ==, 11);
  assert_frames (path, 11, 320, 180);
}

/* The same as an MP4 (H.264), where this GStreamer has x264enc: passes
 * 4 … 10 are 7 frames. */
static void
test_sorting_mp4 (void)
{
  g_autoptr (WsExportSource) source = bitonic (16);
  g_autofree char *path = temp_path ("bitonic-16.mp4");
  g_autoptr (GError) why = NULL;
  Export e = { 0 };

  if (!ws_video_format_available (WS_VIDEO_MP4, &why))
    return g_test_skip (why->message);
  run_export (&e, source, path, 4, 10);
  if (skip_without (&e))
    return;
  g_assert_no_error (e.error);
  assert_frames (path, 7, 320, 180);
}

static gboolean sum_ready (gpointer page) { return ws_window_sum_page_ready (page); }

/* The window sum's page describes its last run: a frame before the launch
 * and one after each row of blocks. */
static void
test_window_sum (void)
{
  GtkWidget *page = ws_window_sum_page_new ();
  GtkWidget *window = ui_present (page, 1000, 700);
  g_autoptr (WsExportSource) source = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = temp_path ("window-sum.webm");
  guint64 blocks_x, blocks_y;
  Export e = { 0 };

  if (skip_without_webm ())
    return gtk_window_destroy (GTK_WINDOW (window));
  g_assert_null (ws_export_source_describe (page, &error)); /* nothing run yet */
  g_assert_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE);
  ws_window_sum_page_run (WS_WINDOW_SUM_PAGE (page)); /* N 64, R 2, BS 8, K 2 */
  g_assert_true (ui_spin_until (sum_ready, page, 30));
  source = ws_export_source_describe (page, NULL);
  g_assert_nonnull (source);
  g_assert_cmpint (source->kind, ==, WS_MOVIE_WINDOW_SUM);
  ws_stencil_blocks (&source->shape, &blocks_x, &blocks_y);
  g_assert_cmpuint (source->last, ==, blocks_y);
  g_assert_cmpstr (source->name, ==, "window-sum-64");
  gtk_window_destroy (GTK_WINDOW (window)); /* the export needs nothing of the page */
  run_export (&e, source, path, 0, source->last);
  if (skip_without (&e))
    return;
  g_assert_no_error (e.error);
  assert_frames (path, (guint) blocks_y + 1, 320, 180);
}

/* The primitives' page describes its frames: a scan of 32 keys has 11
 * levels after its input; steps 2 … 6 are 5 frames. */
static void
test_primitives (void)
{
  GtkWidget *page = ws_primitives_page_new ();
  GtkWidget *window = ui_present (page, 1000, 700);
  g_autoptr (WsExportSource) source = NULL;
  g_autofree char *path = temp_path ("scan.webm");
  Export e = { 0 };

  ws_primitives_page_generate (WS_PRIMITIVES_PAGE (page));
  source = ws_export_source_describe (page, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_nonnull (source);
  g_assert_cmpint (source->kind, ==, WS_MOVIE_FRAMES);
  g_assert_cmpuint (source->last, ==, 11);
  g_assert_cmpstr (source->name, ==, "scan-32");
  if (skip_without_webm ())
    return;
  run_export (&e, source, path, 2, 6);
  if (skip_without (&e))
    return;
  g_assert_no_error (e.error);
  assert_frames (path, 5, 320, 180);
}

/* Cancel after the third frame of 56: WS_ERROR_CANCELLED, and no file —
 * not even the temporary one beside it. */
static void
test_cancel (void)
{
  g_autoptr (WsExportSource) source = bitonic (1024);
  g_autofree char *path = temp_path ("bitonic-1024.webm");
  Export e = { .cancel_at = 3 };

  if (skip_without_webm ())
    return;
  run_export (&e, source, path, 0, source->last);
  if (skip_without (&e))
    return;
  g_assert_false (e.ok);
  g_assert_error (e.error, WS_ERROR, WS_ERROR_CANCELLED);
  g_assert_cmpuint (e.progress, <, source->last + 1);
  g_clear_error (&e.error);
  assert_nothing_left (path);
}

/* A folder that is not there: WS_ERROR_IO naming the file, nothing made. */
static void
test_unwritable (void)
{
  g_autoptr (WsExportSource) source = bitonic (16);
  g_autofree char *dir = g_dir_make_tmp ("ws-export-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "missing", "bitonic-16.webm", NULL);
  Export e = { 0 };

  if (skip_without_webm ())
    return;
  run_export (&e, source, path, 0, 10);
  if (skip_without (&e))
    return;
  g_assert_false (e.ok);
  g_assert_error (e.error, WS_ERROR, WS_ERROR_IO);
  g_assert_nonnull (strstr (e.error->message, "bitonic-16.webm"));
  g_clear_error (&e.error);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static gboolean gone (gpointer data) { return *(gpointer *) data == NULL; }
static gboolean not_exporting (gpointer d) { return !ws_export_dialog_exporting (d); }

/* The dialog: its default name; a format it cannot write refused with the
 * reason (GIF where GStreamer has no gifenc); an unwritable path's error
 * shown (the window stays); a cancel that leaves no file; then an export of
 * passes 0 … 3 at 854×480 that closes it. */
static void
test_dialog (void)
{
  g_autoptr (WsExportSource) source = bitonic (16);
  GtkWidget *page = gtk_label_new ("a page");
  GtkWidget *parent = ui_present (page, 400, 300);
  WsExportDialog *dialog = WS_EXPORT_DIALOG (ws_export_dialog_new (page,
                                                                   ws_export_source_copy (source)));
  g_autofree char *base = NULL;
  g_autofree char *path = temp_path ("bitonic-16.webm");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *bad = g_build_filename (dir, "missing", "x.webm", NULL);
  g_autoptr (GError) why = NULL;

  base = g_path_get_basename (ws_export_dialog_get_path (dialog));
  g_assert_cmpstr (base, ==, "bitonic-16.webm");
  ws_export_dialog_set_path (dialog, "talk.avi");
  g_assert_nonnull (strstr (ws_export_dialog_status (dialog), ".webm"));
  ws_export_dialog_export (dialog); /* refused: not a format */
  g_assert_false (ws_export_dialog_exporting (dialog));
  if (!ws_video_format_available (WS_VIDEO_GIF, &why)) /* a format this GStreamer cannot write */
    {
      ws_export_dialog_set_path (dialog, "talk.gif");
      g_assert_cmpstr (ws_export_dialog_status (dialog), ==, why->message);
      ws_export_dialog_export (dialog);
      g_assert_false (ws_export_dialog_exporting (dialog));
    }
  if (skip_without_webm ())
    return gtk_window_destroy (GTK_WINDOW (parent));
  ws_export_dialog_set_path (dialog, bad);
  ws_export_dialog_set_range (dialog, 0, 3);
  ws_export_dialog_export (dialog);
  g_assert_true (ui_spin_until (not_exporting, dialog, 60));
  if (g_str_has_prefix (ws_export_dialog_status (dialog), "No headless"))
    {
      g_test_skip (ws_export_dialog_status (dialog));
      return gtk_window_destroy (GTK_WINDOW (parent));
    }
  g_assert_nonnull (strstr (ws_export_dialog_status (dialog), "x.webm"));
  /* Cancel at once: the dialog stays, says so, and nothing is written. */
  ws_export_dialog_set_path (dialog, path);
  ws_export_dialog_export (dialog);
  g_assert_true (ws_export_dialog_exporting (dialog));
  ws_export_dialog_cancel (dialog);
  g_assert_true (ui_spin_until (not_exporting, dialog, 60));
  g_assert_cmpstr (ws_export_dialog_status (dialog), ==, "Cancelled — no file was written");
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  ws_export_dialog_set_size (dialog, 2);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  ws_export_dialog_export (dialog);
  g_assert_true (ui_spin_until (gone, &dialog, 60)); /* closed once exported */
  gtk_window_destroy (GTK_WINDOW (parent));
  assert_frames (path, 4, 854, 480);
}

/* Closing the dialog mid-way stops the export: the window goes at once,
 * the worker ends with the cancel, and no file is left. */
static void
test_dialog_closed (void)
{
  g_autoptr (WsExportSource) source = bitonic (1024);
  GtkWidget *page = gtk_label_new ("a page");
  GtkWidget *parent = ui_present (page, 400, 300);
  WsExportDialog *dialog = WS_EXPORT_DIALOG (ws_export_dialog_new (page,
                                                                   ws_export_source_copy (source)));
  g_autofree char *path = temp_path ("bitonic-1024.webm");

  if (skip_without_webm ())
    return gtk_window_destroy (GTK_WINDOW (parent));
  gtk_window_present (GTK_WINDOW (dialog));
  g_assert_true (ui_spin_until (ui_mapped, dialog, 10));
  ws_export_dialog_set_path (dialog, path);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  ws_export_dialog_export (dialog);
  g_assert_true (ws_export_dialog_exporting (dialog));
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_nonnull (dialog); /* the task holds it until the worker ends */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_true (ui_spin_until (gone, &dialog, 60)); /* the task let it go */
  gtk_window_destroy (GTK_WINDOW (parent));
  assert_nothing_left (path);
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/export/sorting", test_sorting);
  g_test_add_func ("/ui/export/sorting-mp4", test_sorting_mp4);
  g_test_add_func ("/ui/export/window-sum", test_window_sum);
  g_test_add_func ("/ui/export/primitives", test_primitives);
  g_test_add_func ("/ui/export/cancel", test_cancel);
  g_test_add_func ("/ui/export/unwritable", test_unwritable);
  g_test_add_func ("/ui/export/dialog", test_dialog);
  g_test_add_func ("/ui/export/dialog-closed", test_dialog_closed);
  return g_test_run ();
}
