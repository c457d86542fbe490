/* test-ui-debug.c: "Debug your sort" in a real window (Xvfb, Mesa's
 * software OpenGL): a trace with an overwrite told at its pass and key,
 * both sorts stepped and sought on one clock, a C function run through
 * warpscope-cli and animated, wrong values and files that are not sorts
 * answered in the window, and the file run again when it changes on disk.
 * Skips where there is no display. */
#define _GNU_SOURCE /* mkfifo under -std=c17 */

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>
#include <sys/stat.h>

#include "ui-test-util.h"
#include "ws-debug-window-private.h" /* the n entry, the network chosen */

static char *
example (const char *name)
{
  return g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "..", "data", "examples", name, NULL);
}

static WsDebugWindow *
open_window (void)
{
  WsDebugWindow *w = WS_DEBUG_WINDOW (ws_debug_window_new (NULL, WS_NETWORK_BITONIC));

  gtk_window_set_default_size (GTK_WINDOW (w), 1200, 760);
  gtk_window_present (GTK_WINDOW (w));
  g_assert_true (ui_spin_until (ui_mapped, w, 10));
  return w;
}

static gboolean
verdict_is_in (gpointer data)
{
  WsDebugWindow *w = data;
  const char *v = ws_debug_window_verdict (w);

  return !g_str_has_suffix (v, "…");
}

/* Opens path and waits for what the window says of it. */
static void
open_and_wait (WsDebugWindow *w, const char *path)
{
  ws_debug_window_open (w, path);
  g_assert_true (ui_spin_until (verdict_is_in, w, 60));
}

static void
activate (WsDebugWindow *w, const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w), action, NULL));
}

/* data/examples' trace with an overwrite: pass 3 of bitonic on 16 keys. */
static void
test_trace (void)
{
  g_autofree char *path = example ("trace-bitonic-overwrite.txt");
  WsDebugWindow *w = open_window ();

  open_and_wait (w, path);
  g_assert_true (g_str_has_prefix (ws_debug_window_verdict (w),
                                   "pass 3 of 10 (stage k=4, distance j=1): key 3 is 50 where the "
                                   "reference has 83 — comparator (2, 3) should have produced it; a "
                                   "key was lost or duplicated"));
  g_assert_cmpuint (ws_debug_window_n_passes (w), ==, 10);
  g_assert_cmpuint (ws_debug_window_pass (w), ==, 0);
  activate (w, "debug.divergence");
  g_assert_cmpuint (ws_debug_window_pass (w), ==, 3);
  g_assert_nonnull (strstr (gtk_label_get_text (w->pass_label), "here your sort parts"));
  g_assert_cmpuint (ws_network_scene_pass (w->reference), ==, 3);
  activate (w, "debug.step");
  g_assert_cmpuint (ws_debug_window_pass (w), ==, 4);
  g_assert_cmpuint (ws_network_scene_pass (w->reference), ==, 4);
  g_assert_null (strstr (gtk_label_get_text (w->pass_label), "here your sort parts"));
  activate (w, "debug.step-back");
  activate (w, "debug.step-back");
  g_assert_cmpuint (ws_network_scene_pass (w->reference), ==, 2);
  /* the scale seeks both */
  gtk_adjustment_set_value (w->pass_adjustment, 7);
  g_assert_cmpuint (ws_debug_window_pass (w), ==, 7);
  g_assert_cmpuint (ws_network_scene_pass (w->reference), ==, 7);
  activate (w, "debug.reset");
  g_assert_cmpuint (ws_debug_window_pass (w), ==, 0);
  ui_spin (0.3); /* frames drawn */
  gtk_window_destroy (GTK_WINDOW (w));
}

/* A matching trace: every pass matches, nothing to go to. */
static void
test_trace_matches (void)
{
  g_autofree char *path = example ("trace-bitonic.txt");
  WsDebugWindow *w = open_window ();

  open_and_wait (w, path);
  g_assert_cmpstr (ws_debug_window_verdict (w), ==, "All 10 passes match the reference.");
  gtk_widget_activate_action (GTK_WIDGET (w), "debug.divergence", NULL); /* disabled */
  g_assert_cmpuint (ws_debug_window_pass (w), ==, 0);
  gtk_window_destroy (GTK_WINDOW (w));
}

static char *
student (const char *name)
{
  return g_build_filename (g_getenv ("WS_STUDENTS"), name, NULL);
}

/* A C function, run by warpscope-cli on 16 keys: its wrong direction at
 * pass 1, key 2 (the pair (2, 3) sorted ascending). */
static void
test_function (void)
{
  g_autofree char *so = student ("student-wrong-direction.so");
  WsDebugWindow *w = open_window ();

  open_and_wait (w, so);
  g_assert_true (g_str_has_prefix (ws_debug_window_verdict (w),
                                   "pass 1 of 10 (stage k=2, distance j=1): key 2 is "));
  g_assert_cmpuint (ws_debug_window_n_passes (w), ==, 10);
  activate (w, "debug.divergence");
  g_assert_cmpuint (ws_debug_window_pass (w), ==, 1);
  gtk_window_destroy (GTK_WINDOW (w));
}

/* Wrong values and files: said in the window, nothing shown, no crash. */
static void
test_wrong (void)
{
  g_autofree char *so = student ("stage-bitonic.so");
  g_autofree char *dir = g_dir_make_tmp ("ws-debug-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe.txt", NULL);
  g_autofree char *binary = g_build_filename (dir, "binary.txt", NULL);
  WsDebugWindow *w = open_window ();

  gtk_editable_set_text (GTK_EDITABLE (w->n_entry), "2000");
  ws_debug_window_open (w, so);
  g_assert_nonnull (strstr (ws_debug_window_verdict (w), "1024"));
  gtk_editable_set_text (GTK_EDITABLE (w->n_entry), "abc");
  ws_debug_window_open (w, so);
  g_assert_nonnull (strstr (ws_debug_window_verdict (w), "abc"));
  open_and_wait (w, dir);
  g_assert_nonnull (strstr (ws_debug_window_verdict (w), "folder"));
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  open_and_wait (w, fifo);
  g_assert_nonnull (strstr (ws_debug_window_verdict (w), "FIFO"));
  g_assert_true (g_file_set_contents (binary, "\x01\x02\xff\x00zz", 6, NULL));
  open_and_wait (w, binary);
  g_assert_nonnull (strstr (ws_debug_window_verdict (w), "binary.txt:1"));
  g_assert_cmpuint (ws_debug_window_n_passes (w), ==, 0);
  gtk_window_destroy (GTK_WINDOW (w));
  g_remove (fifo), g_remove (binary), g_rmdir (dir);
}

static gboolean
all_match (gpointer data)
{
  return g_str_has_prefix (ws_debug_window_verdict (data), "All ");
}

/* Rewritten on disk, as a student's own editor saves: shown again. */
static void
test_reload (void)
{
  g_autofree char *bad = example ("trace-bitonic-overwrite.txt"), *good = example ("trace-bitonic.txt");
  g_autofree char *dir = g_dir_make_tmp ("ws-debug-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "mine.txt", NULL);
  g_autofree char *text = NULL;
  WsDebugWindow *w = open_window ();

  g_assert_true (g_file_get_contents (bad, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  open_and_wait (w, path);
  g_assert_true (g_str_has_prefix (ws_debug_window_verdict (w), "pass 3 of 10"));
  g_free (text);
  g_assert_true (g_file_get_contents (good, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_true (ui_spin_until (all_match, w, 10));
  gtk_window_destroy (GTK_WINDOW (w));
  g_remove (path), g_rmdir (dir);
}

/* New Kernel's kernel run where no GPU is (CI): why it cannot run, said. */
static void
test_kernel_without_gpu (void)
{
  WsDebugWindow *w = open_window ();

  activate (w, "debug.run");
  g_assert_true (ui_spin_until (verdict_is_in, w, 60));
  if (ws_debug_window_n_passes (w) > 0)
    {
      g_assert_cmpstr (ws_debug_window_verdict (w), ==, "All 10 passes match the reference.");
      g_test_message ("a GPU ran the kernel");
    }
  else
    g_assert_true (strstr (ws_debug_window_verdict (w), "cannot run here")
                   || strstr (ws_debug_window_verdict (w), "built without CUDA")
                   || strstr (ws_debug_window_verdict (w), "NVRTC"));
  gtk_window_destroy (GTK_WINDOW (w));
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/debug/trace", test_trace);
  g_test_add_func ("/ui/debug/trace-matches", test_trace_matches);
  g_test_add_func ("/ui/debug/function", test_function);
  g_test_add_func ("/ui/debug/wrong", test_wrong);
  g_test_add_func ("/ui/debug/reload", test_reload);
  g_test_add_func ("/ui/debug/kernel-without-gpu", test_kernel_without_gpu);
  return g_test_run ();
}
