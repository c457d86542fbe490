/* test-ui-sorting.c: the sorting networks mode in a real window (Xvfb,
 * Mesa's software OpenGL): generate keys on a worker, step forward and
 * back and read the pass label and the counters, see a deliberately broken
 * stage flagged at the key where it breaks, play to the end and find the
 * keys sorted. Skips where there is no display. */
#define _GNU_SOURCE /* mkfifo under -std=c17 */

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "ui-test-util.h"
#include "ws-colormap.h"
#include "ws-tone.h"
#include "ws-ui-services.h"
#include "ws-sorting-page-private.h" /* ws_sorting_page_corrupt, the canvas */

typedef struct
{
  GtkWidget     *window;
  WsSortingPage *page;
} Fixture;

static gboolean page_ready (gpointer page) { return ws_sorting_page_ready (page); }

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->page = WS_SORTING_PAGE (ws_sorting_page_new ());
  f->window = ui_present (GTK_WIDGET (f->page), 1200, 700);
  ws_sorting_page_generate (f->page); /* the panel's defaults: bitonic, 64 float32 keys */
  g_assert_true (ui_spin_until (page_ready, f->page, 30));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
}

/* Bitonic on 64 keys: 21 passes of 32 comparators each. */
static void
test_step_and_back (Fixture *f, gconstpointer data)
{
  g_assert_cmpstr (ws_sorting_page_pass_text (f->page), ==, "initial state — 21 passes to run");
  for (int i = 0; i < 3; i++)
    ws_sorting_page_step (f->page);
  g_assert_cmpstr (ws_sorting_page_pass_text (f->page), ==, "pass 3 of 21 — stage k=4, distance j=1");
  g_assert_true (g_str_has_prefix (ws_sorting_page_counters_text (f->page), "comparisons 96  ·  swaps "));
  g_assert_cmpstr (ws_sorting_page_check_text (f->page), ==, "✓ the stage holds");
  ws_sorting_page_step_back (f->page);
  g_assert_cmpstr (ws_sorting_page_pass_text (f->page), ==, "pass 2 of 21 — stage k=4, distance j=2");
  g_assert_true (g_str_has_prefix (ws_sorting_page_counters_text (f->page), "comparisons 64  ·  "));
  ws_sorting_page_reset (f->page);
  g_assert_cmpstr (ws_sorting_page_pass_text (f->page), ==, "initial state — 21 passes to run");
  g_assert_true (g_str_has_prefix (ws_sorting_page_counters_text (f->page), "comparisons 0  ·  swaps 0"));
}

/* The page's own actions: what its buttons name and the window's keys
 * reach when the page shows. */
static void
count_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  (*(guint *) data)++;
}

/* The page's observed state: "pass", "playing" and "speed" notify as they
 * change, and "speed" can be set. */
static void
test_properties (Fixture *f, gconstpointer data)
{
  guint passes = 0, playing = 0, speeds = 0, pass;
  double speed;

  g_signal_connect (f->page, "notify::pass", G_CALLBACK (count_notify), &passes);
  g_signal_connect (f->page, "notify::playing", G_CALLBACK (count_notify), &playing);
  g_signal_connect (f->page, "notify::speed", G_CALLBACK (count_notify), &speeds);
  ws_sorting_page_step (f->page);
  ws_sorting_page_step (f->page);
  g_object_get (f->page, "pass", &pass, NULL);
  g_assert_cmpuint (pass, ==, 2);
  g_assert_cmpuint (passes, ==, 2);
  ws_sorting_page_reset (f->page);
  g_object_get (f->page, "pass", &pass, NULL);
  g_assert_cmpuint (pass, ==, 0);
  g_assert_cmpuint (passes, ==, 3);
  g_object_set (f->page, "speed", 100.0, NULL);
  g_object_get (f->page, "speed", &speed, NULL);
  g_assert_cmpfloat_with_epsilon (speed, 100.0, 1e-6);
  g_assert_cmpuint (speeds, ==, 1);
  ws_sorting_page_play (f->page, TRUE);
  ws_sorting_page_play (f->page, FALSE);
  g_assert_cmpuint (playing, ==, 2);
}

static void
test_transport (Fixture *f, gconstpointer data)
{
  GtkWidget *page = GTK_WIDGET (f->page);
  double speed = ws_sorting_page_get_speed (f->page);

  g_assert_true (gtk_widget_activate_action (page, "page.step", NULL));
  g_assert_true (gtk_widget_activate_action (page, "page.step", NULL));
  g_assert_true (gtk_widget_activate_action (page, "page.step-back", NULL));
  g_assert_cmpstr (ws_sorting_page_pass_text (f->page), ==, "pass 1 of 21 — stage k=2, distance j=1");
  g_assert_true (gtk_widget_activate_action (page, "page.reset", NULL));
  g_assert_cmpstr (ws_sorting_page_pass_text (f->page), ==, "initial state — 21 passes to run");
  g_assert_true (gtk_widget_activate_action (page, "page.faster", NULL));
  g_assert_cmpfloat_with_epsilon (ws_sorting_page_get_speed (f->page), speed * G_SQRT2, 1e-6 * speed);
  g_assert_true (gtk_widget_activate_action (page, "page.slower", NULL));
  g_assert_cmpfloat_with_epsilon (ws_sorting_page_get_speed (f->page), speed, 1e-6 * speed);
  g_assert_true (gtk_widget_activate_action (page, "page.play", NULL));
  g_assert_true (ws_sorting_page_is_playing (f->page));
  g_assert_true (gtk_widget_activate_action (page, "page.play", NULL));
  g_assert_false (ws_sorting_page_is_playing (f->page));
}

/* Keys 0 and 1 swapped after stage k=4 (runs of 4 sorted, the first
 * ascending): the stage's check fails at key 1. */
static void
test_broken_stage (Fixture *f, gconstpointer data)
{
  for (int i = 0; i < 3; i++)
    ws_sorting_page_step (f->page);
  ws_sorting_page_corrupt (f->page, 0);
  g_assert_true (g_str_has_prefix (ws_sorting_page_check_text (f->page), "✗ broken at key 1: "));
  /* It stays flagged as the passes go on. */
  ws_sorting_page_step (f->page);
  g_assert_true (g_str_has_prefix (ws_sorting_page_check_text (f->page), "✗ broken at key 1: "));
}

/* ---- one picture ---- */

static cairo_surface_t *
surface_of (GdkTexture *texture)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);

  gdk_texture_download (texture, cairo_image_surface_get_data (s),
                        cairo_image_surface_get_stride (s));
  cairo_surface_mark_dirty (s);
  return s;
}

/* The pixels that differ by more than `tolerance` in a channel. */
static guint
differing_pixels (cairo_surface_t *a, cairo_surface_t *b, int tolerance)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  guint differ = 0;

  g_assert_cmpint (cairo_image_surface_get_width (b), ==, w);
  g_assert_cmpint (cairo_image_surface_get_height (b), ==, h);
  for (int y = 0; y < h; y++)
    {
      const guint8 *ra = cairo_image_surface_get_data (a) + y * cairo_image_surface_get_stride (a);
      const guint8 *rb = cairo_image_surface_get_data (b) + y * cairo_image_surface_get_stride (b);
      for (int x = 0; x < w; x++)
        for (int c = 0; c < 3; c++)
          if (ABS ((int) ra[4 * x + c] - (int) rb[4 * x + c]) > tolerance)
            {
              differ++;
              break;
            }
    }
  return differ;
}

/* `warpscope-cli render` of the page's defaults (bitonic, 64 float32
 * uniform keys, seed 1) at the canvas's size: frame `pass` of it. */
static cairo_surface_t *
rendered_frame (int width, int height, guint pass)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-picture-XXXXXX", NULL);
  g_autofree char *size = g_strdup_printf ("%dx%d", width, height);
  g_autofree char *name = g_strdup_printf ("frame-%04u.png", pass);
  g_autofree char *png = g_build_filename (dir, name, NULL);
  const char *argv[] = { g_getenv ("WS_CLI"), "render", "bitonic", "--n", "64", "--seed", "1",
                         "--frames", dir, "--size", size, NULL };
  g_autoptr (GError) error = NULL;
  cairo_surface_t *frame;
  int status;

  if (argv[0] == NULL)
    return NULL;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  frame = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (frame), ==, CAIRO_STATUS_SUCCESS);
  return frame;
}

/* For the same keys and pass the canvas and `render --frames` show the
 * same image: one scene draws both. A few pixels may differ where the two
 * GL contexts round an edge differently. */
static void
test_same_picture (Fixture *f, gconstpointer data)
{
  GtkWidget *canvas = GTK_WIDGET (f->page->canvas);
  cairo_surface_t *app, *cli;
  int w, h;
  guint differ;

  if (g_getenv ("WS_CLI") == NULL)
    {
      g_test_skip ("WS_CLI does not name warpscope-cli (run through meson test)");
      return;
    }
  for (int i = 0; i < 5; i++)
    ws_sorting_page_step (f->page);
  ui_spin (0.5);
  g_autoptr (GdkTexture) texture = ui_render_texture (canvas);
  w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  app = surface_of (texture);
  cli = rendered_frame (w, h, 5);
  differ = differing_pixels (app, cli, 8);
  g_test_message ("%d×%d: %u pixels differ by more than 8", w, h, differ);
  g_assert_cmpuint (differ, <=, (guint) (w * h) / 1000);
  /* Not a comparison that cannot fail: another pass is another picture. */
  cairo_surface_destroy (cli);
  cli = rendered_frame (w, h, 6);
  g_assert_cmpuint (differing_pixels (app, cli, 8), >, (guint) (w * h) / 1000);
  cairo_surface_destroy (app);
  cairo_surface_destroy (cli);
}

static gboolean
stopped (gpointer page)
{
  return !ws_sorting_page_is_playing (page);
}

/* Played at full speed, the network runs to its end and the keys are
 * sorted; the main loop kept turning meanwhile. */
static void
test_play (Fixture *f, gconstpointer data)
{
  ws_sorting_page_scale_speed (f->page, 1e6);
  ws_sorting_page_play (f->page, TRUE);
  g_assert_true (ws_sorting_page_is_playing (f->page));
  g_assert_true (ui_spin_until (stopped, f->page, 30));
  g_assert_cmpstr (ws_sorting_page_pass_text (f->page), ==, "pass 21 of 21 — stage k=64, distance j=1");
  g_assert_cmpstr (ws_sorting_page_check_text (f->page), ==, "✓ sorted");
}

/* 2^18 keys: host passes run on a worker (the window draws the last frame
 * meanwhile); the labels and counters come out as for small n, step back
 * replays there too, and play reaches the sorted end. */
static void
test_worker_passes (Fixture *f, gconstpointer data)
{
  ws_sorting_page_set_size (f->page, "2^18");
  ws_sorting_page_generate (f->page);
  g_assert_true (ui_spin_until (page_ready, f->page, 60));
  ws_sorting_page_step (f->page);
  g_assert_false (ws_sorting_page_ready (f->page)); /* the pass is on the worker */
  g_assert_true (ui_spin_until (page_ready, f->page, 60));
  g_assert_cmpstr (ws_sorting_page_pass_text (f->page), ==, "pass 1 of 171 — stage k=2, distance j=1");
  g_assert_true (g_str_has_prefix (ws_sorting_page_counters_text (f->page), "comparisons 131072  ·  "));
  ws_sorting_page_step (f->page);
  g_assert_true (ui_spin_until (page_ready, f->page, 60));
  ws_sorting_page_step_back (f->page);
  g_assert_true (ui_spin_until (page_ready, f->page, 60));
  g_assert_cmpstr (ws_sorting_page_pass_text (f->page), ==, "pass 1 of 171 — stage k=2, distance j=1");
  ws_sorting_page_scale_speed (f->page, 1e6);
  ws_sorting_page_play (f->page, TRUE);
  g_assert_true (ui_spin_until (stopped, f->page, 120));
  g_assert_true (ui_spin_until (page_ready, f->page, 60));
  g_assert_cmpstr (ws_sorting_page_pass_text (f->page), ==, "pass 171 of 171 — stage k=262144, distance j=1");
  g_assert_cmpstr (ws_sorting_page_check_text (f->page), ==, "✓ sorted");
}

/* At 2^20 keys and 1000 passes a second the passes cannot be shown that
 * fast (each runs on a worker): the speed label says the rate reached,
 * near the one measured here, and the plain rate again when playing stops. */
static void
test_shown_rate (Fixture *f, gconstpointer data)
{
  guint from = 0, to = 0;
  gint64 start;
  double measured;
  const char *label;

  ws_sorting_page_set_size (f->page, "2^22");
  ws_sorting_page_generate (f->page);
  g_assert_true (ui_spin_until (page_ready, f->page, 60));
  ws_sorting_page_set_speed (f->page, 1000);
  ws_sorting_page_play (f->page, TRUE);
  ui_spin (1.2); /* the first window */
  g_object_get (f->page, "pass", &from, NULL);
  start = g_get_monotonic_time ();
  ui_spin (2.5);
  g_object_get (f->page, "pass", &to, NULL);
  measured = (to - from) / ((g_get_monotonic_time () - start) / 1e6);
  label = gtk_label_get_text (f->page->speed_label);
  g_test_message ("%.0f passes/s measured (passes %u to %u); the label says “%s”", measured, from, to, label);
  if (measured < 0.5 * 1000 && to < 276)
    {
      double said;
      g_assert_true (g_str_has_prefix (label, "1000 passes/s · "));
      said = g_ascii_strtod (label + strlen ("1000 passes/s · "), NULL);
      g_assert_cmpfloat (said, >, measured / 3);
      g_assert_cmpfloat (said, <, measured * 3 + 10);
    }
  ws_sorting_page_play (f->page, FALSE);
  g_assert_cmpstr (gtk_label_get_text (f->page->speed_label), ==, "1000 passes/s");
}

/* Hovering a bar names its key, its value and, in the pass just run, its
 * partner and the comparator's direction — bitonic pass 1: key i meets
 * key i ^ 1, ascending where (i & 2) is 0. */
static void
test_hover (Fixture *f, gconstpointer data)
{
  g_autoptr (WsNetwork) net = NULL;
  g_autoptr (WsArray) after = NULL;
  GtkWidget *canvas = GTK_WIDGET (f->page->canvas);
  int w, y;
  gint64 last = -1;
  guint seen = 0;

  ws_sorting_page_set_size (f->page, "64"); /* a size the earlier cases may have changed */
  ws_sorting_page_generate (f->page);
  g_assert_true (ui_spin_until (page_ready, f->page, 30));
  net = ws_network_new (WS_NETWORK_BITONIC, f->page->input->n, NULL);
  after = ws_network_pad (net, f->page->input, NULL);
  ws_sorting_page_step (f->page);
  ws_network_apply_pass (net, after, 0, NULL);
  ui_spin (0.3); /* a frame drawn */
  w = gtk_widget_get_width (canvas), y = gtk_widget_get_height (canvas) * 3 / 4;
  g_assert_null (ws_sorting_page_tooltip_at (f->page, 1, 1)); /* the header */
  for (int x = 0; x < w; x++)
    {
      g_autofree char *tip = ws_sorting_page_tooltip_at (f->page, x, y);
      g_autofree char *want = NULL;
      gint64 key;
      double value;
      if (tip == NULL)
        continue;
      g_assert_true (g_str_has_prefix (tip, "key "));
      key = g_ascii_strtoll (tip + 4, NULL, 10);
      g_assert_cmpint (key, >=, last);
      if (key == last)
        continue;
      last = key, seen++;
      value = g_ascii_strtod (strstr (tip, " = ") + 3, NULL);
      g_assert_cmpfloat_with_epsilon (value, ws_array_get_double (after, key), 1e-5);
      want = g_strdup_printf ("pass 1 compared it with key %" G_GINT64_FORMAT ": %s", key ^ 1,
                              (key & 2) == 0 ? "ascending" : "descending");
      g_assert_nonnull (strstr (tip, want));
    }
  g_assert_cmpuint (seen, ==, 64);
}

static gboolean
shows_error (gpointer page)
{
  return g_str_has_prefix (ws_sorting_page_check_text (page), "✗ ");
}

static gboolean
shows_initial (gpointer page)
{
  return ws_sorting_page_ready (page)
         && g_str_has_prefix (ws_sorting_page_pass_text (page), "initial state — 3 passes");
}

/* Load File as a careless user uses it: a file with a BOM loads; a FIFO,
 * a folder, a binary file and a bad number are refused with a message
 * while the window keeps the keys it had (issue 15; the file is read on a
 * worker, so a FIFO or a huge file cannot freeze the window). */
static void
test_load_files (Fixture *f, gconstpointer data)
{
  g_autofree char *dir = g_dir_make_tmp ("warpscope-ui-XXXXXX", NULL);
  g_autofree char *good = g_build_filename (dir, "bom.txt", NULL);
  g_autofree char *fifo = g_build_filename (dir, "keys.fifo", NULL);
  g_autofree char *binary = g_build_filename (dir, "binary.bin", NULL);
  g_autofree char *hex = g_build_filename (dir, "hex.txt", NULL);
  g_autofree char *empty = g_build_filename (dir, "empty.txt", NULL);
  const char *const refused[][2] = { { fifo, "FIFO" }, { dir, "folder" },
                                     { binary, "cannot read" }, { hex, "hex.txt:1:" },
                                     { empty, "holds no keys" } };

  g_assert_true (g_file_set_contents (good, "\xef\xbb\xbf" "3\n1\n2\n", -1, NULL));
  g_assert_true (g_file_set_contents (binary, "\x7f" "ELF\x01\x02\x00\xff", 8, NULL));
  g_assert_true (g_file_set_contents (hex, "0x10 1\n", -1, NULL));
  g_assert_true (g_file_set_contents (empty, "\n\n", -1, NULL));
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  ws_sorting_page_load_path (f->page, good);
  g_assert_true (ui_spin_until (shows_initial, f->page, 30));
  /* n says what the file held, the preset menu no preset, the caption the padding */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (f->page->n_entry)), ==, "3");
  g_assert_cmpuint (gtk_drop_down_get_selected (f->page->n_presets), ==, GTK_INVALID_LIST_POSITION);
  {
    g_autofree char *caption = ws_network_scene_caption (f->page->scene);
    g_assert_true (g_str_has_prefix (caption, "bitonic  n = 3, padded to 4  ·  "));
  }
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      ws_sorting_page_load_path (f->page, refused[i][0]);
      g_assert_true (ui_spin_until (shows_error, f->page, 30));
      g_test_message ("%s: %s", refused[i][0], ws_sorting_page_check_text (f->page));
      g_assert_nonnull (strstr (ws_sorting_page_check_text (f->page), refused[i][1]));
      /* the three keys loaded before are still there */
      g_assert_true (g_str_has_prefix (ws_sorting_page_pass_text (f->page), "initial state — 3 passes"));
      ws_sorting_page_reset (f->page); /* clears the message for the next one */
    }
  g_unlink (good), g_unlink (fifo), g_unlink (binary), g_unlink (hex), g_unlink (empty);
  g_rmdir (dir);
}

/* The preset menu follows n as typed: 2^20 and 1048576 are its 2^20,
 * 1000 none of its sizes. */
static void
test_size_presets (Fixture *f, gconstpointer data)
{
  GListModel *presets = gtk_drop_down_get_model (f->page->n_presets);
  const char *const typed[][2] = { { "2^20", "2^20" }, { "1048576", "2^20" }, { "1000", NULL },
                                   { "16", "16" } };

  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      guint at;
      ws_sorting_page_set_size (f->page, typed[i][0]);
      at = gtk_drop_down_get_selected (f->page->n_presets);
      if (typed[i][1] == NULL)
        g_assert_cmpuint (at, ==, GTK_INVALID_LIST_POSITION);
      else
        {
          g_autoptr (GtkStringObject) item = g_list_model_get_item (presets, at);
          g_assert_cmpstr (gtk_string_object_get_string (item), ==, typed[i][1]);
          /* choosing the preset did not rewrite what was typed */
          g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (f->page->n_entry)), ==, typed[i][0]);
        }
    }
}

/* Small arrays carry their keys' values on the bars, those of the pass
 * shown (the network applied to the input on its own says which); 1024
 * keys carry none. */
static void
test_values (Fixture *f, gconstpointer data)
{
  g_autoptr (WsNetwork) net = NULL;
  g_autoptr (WsArray) after = NULL;
  const WsBarsView *view;

  ws_sorting_page_set_size (f->page, "16");
  ws_sorting_page_generate (f->page);
  g_assert_true (ui_spin_until (page_ready, f->page, 30));
  net = ws_network_new (WS_NETWORK_BITONIC, 16, NULL);
  after = ws_network_pad (net, f->page->input, NULL);
  ws_sorting_page_step (f->page);
  ws_network_apply_pass (net, after, 0, NULL);
  ui_spin (0.3); /* a frame drawn */
  view = ws_network_scene_view (f->page->scene);
  g_assert_nonnull (view->values);
  g_assert_true (ws_array_equal (view->values, after));
  ws_sorting_page_set_size (f->page, "1024");
  ws_sorting_page_generate (f->page);
  g_assert_true (ui_spin_until (page_ready, f->page, 30));
  ui_spin (0.3);
  g_assert_null (ws_network_scene_view (f->page->scene)->values);
  ws_sorting_page_set_size (f->page, "64"); /* the size the other cases expect */
}


/* Wire i's colour as the bars draw key value v: its place in the input's
 * range on the colour map (an independent reckoning of the page's). */
static guint32
expected_rgb (double v, double lo, double hi)
{
  guint8 c[3];

  ws_colormap_rgb ((v - lo) / (hi - lo), WS_COLORMAP_NORMAL, c);
  return (guint32) c[0] << 16 | (guint32) c[1] << 8 | c[2];
}

/* The keys as doubles, sorted or as they are. */
static double *
key_values (const WsArray *keys, gboolean sort)
{
  double *v = g_new (double, keys->n);

  for (gsize i = 0; i < keys->n; i++)
    v[i] = ws_array_get_double (keys, i);
  if (sort)
    qsort (v, keys->n, sizeof (double), ws_compare_doubles);
  return v;
}

static void
assert_wire_colours (WsDiagramView *view, const WsArray *keys, gboolean sorted, double lo, double hi)
{
  g_autofree double *v = key_values (keys, sorted);

  for (guint i = 0; i < keys->n; i++)
    g_assert_cmpint (ws_diagram_view_wire_colour (view, i), ==, expected_rgb (v[i], lo, hi));
}

/* The diagram has taken the lower half of the page (a frame after it shows). */
static gboolean
canvas_halved (gpointer data)
{
  WsSortingPage *page = data;

  return gtk_widget_get_height (GTK_WIDGET (page->canvas)) > 300
         && gtk_widget_get_height (GTK_WIDGET (page->canvas)) < 450;
}

/* A frame drawn at the canvas's size: its bars answer the pointer. */
static gboolean
bars_drawn (gpointer data)
{
  WsSortingPage *page = data;
  GtkWidget *canvas = GTK_WIDGET (page->canvas);
  g_autofree char *tip = ws_sorting_page_tooltip_at (page, gtk_widget_get_width (canvas) / 2,
                                                     gtk_widget_get_height (canvas) * 3 / 4);

  return tip != NULL;
}

/* The x of a bar whose tooltip names key (the canvas's own pixels). */
static int
bar_x (Fixture *f, guint key, int y)
{
  g_autofree char *want = g_strdup_printf ("key %u ", key);

  for (int x = 0; x < gtk_widget_get_width (GTK_WIDGET (f->page->canvas)); x++)
    {
      g_autofree char *tip = ws_sorting_page_tooltip_at (f->page, x, y);
      if (tip != NULL && g_str_has_prefix (tip, want))
        return x;
    }
  g_error ("no bar shows key %u", key);
}

/* Issue 19's live diagram: shown on demand for the keys on the bars, the
 * layer just run lit, each wire in its key's colour (the input's before a
 * pass, the sorted keys' at the end), a click on a layer seeking there,
 * the wire under the pointer lighting its bar and the reverse, the GPU's
 * launches, the zoom; too many keys say so. */
static void
test_diagram (Fixture *f, gconstpointer data)
{
  WsDiagramView *view = ws_sorting_page_diagram_view (f->page);
  WsDiagramWindow all = { 0, 0, 0, 0 }, window;
  WsDiagram *d;
  double lo, hi, x0, x1, y;
  int w, h;

  ws_sorting_page_set_size (f->page, "64");
  ws_sorting_page_generate (f->page);
  g_assert_true (ui_spin_until (page_ready, f->page, 30));
  g_assert_null (ws_diagram_view_get_diagram (view));
  ws_sorting_page_show_diagram (f->page, TRUE);
  g_assert_true (ui_spin_until (canvas_halved, f->page, 10)); /* half each */
  d = ws_diagram_view_get_diagram (view);
  g_assert_nonnull (d);
  g_assert_cmpuint (ws_diagram_n_wires (d), ==, 64);
  g_assert_cmpuint (ws_diagram_n_layers (d), ==, 21);
  g_assert_cmpint (ws_diagram_view_current_layer (view), ==, -1);
  ws_bars_range (f->page->input, &lo, &hi);
  assert_wire_colours (view, f->page->input, FALSE, lo, hi);

  for (int i = 0; i < 3; i++)
    ws_sorting_page_step (f->page);
  g_assert_cmpint (ws_diagram_view_current_layer (view), ==, 2);

  /* a click on layer 6 (index 5) shows pass 6 */
  w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  ws_diagram_set_emphasis (d, 1.0);
  g_assert_true (ws_diagram_layer_span (d, w, h, &all, 5, &x0, &x1));
  g_assert_true (ws_diagram_wire_y (d, w, h, &all, 3, &y));
  g_assert_true (ws_diagram_view_click_at (view, (x0 + x1) / 2, y));
  g_assert_cmpstr (ws_sorting_page_pass_text (f->page), ==, "pass 6 of 21 — stage k=8, distance j=1");
  g_assert_cmpint (ws_diagram_view_current_layer (view), ==, 5);

  /* the wire under the pointer lights its bar, the bar its wire */
  ws_diagram_view_hover_at (view, (x0 + x1) / 2, y);
  g_assert_cmpint (ws_sorting_page_lit_key (f->page), ==, 3);
  ws_diagram_view_hover_at (view, -1, -1);
  g_assert_cmpint (ws_sorting_page_lit_key (f->page), ==, -1);
  g_assert_true (ui_spin_until (bars_drawn, f->page, 10));
  h = gtk_widget_get_height (GTK_WIDGET (f->page->canvas)) * 3 / 4;
  ws_sorting_page_diagram_hover_bars (f->page, bar_x (f, 9, h), h);
  g_assert_cmpint (ws_diagram_view_lit_wire (view), ==, 9);
  ws_sorting_page_diagram_hover_bars (f->page, -1, -1);
  g_assert_cmpint (ws_diagram_view_lit_wire (view), ==, -1);

  /* where the gpu variant works: a stand-in tile of 16 keys, several launches */
  gtk_toggle_button_set_active (f->page->gpu_groups, TRUE);
  g_assert_true (ws_diagram_has_gpu_groups (d));
  g_assert_cmpuint (ws_diagram_n_launches (d), >, 1);
  gtk_toggle_button_set_active (f->page->gpu_groups, FALSE);
  g_assert_false (ws_diagram_has_gpu_groups (d));

  /* zoomed in about the middle; a pan moves it; fit shows it all */
  ws_diagram_view_zoom_at (view, 2.0, w / 2.0, gtk_widget_get_height (GTK_WIDGET (view)) / 2.0);
  window = ws_diagram_view_window (view);
  g_assert_cmpuint (window.n_wires, ==, 32);
  g_assert_cmpuint (window.n_layers, >=, 10);
  g_assert_cmpuint (window.n_layers, <=, 11);
  ws_diagram_view_pan (view, 0, -400);
  g_assert_cmpuint (ws_diagram_view_window (view).first_wire, >, window.first_wire);
  ws_diagram_view_fit (view);
  g_assert_cmpuint (ws_diagram_view_window (view).n_wires, ==, 0);

  /* played to the end, the wires carry the keys in order */
  while (!g_str_has_prefix (ws_sorting_page_pass_text (f->page), "pass 21 of 21"))
    ws_sorting_page_step (f->page);
  assert_wire_colours (view, f->page->input, TRUE, lo, hi);
  g_assert_cmpint (ws_diagram_view_current_layer (view), ==, 20);

  /* saved as the CLI saves it, by the name's extension */
  {
    g_autofree char *dir = g_dir_make_tmp ("ws-diagram-XXXXXX", NULL);
    const char *names[] = { "d.svg", "d.png", "d.tex" }, *starts[] = { "<?xml", "\x89PNG", "% bitonic sorting network" };
    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *path = g_build_filename (dir, names[i], NULL);
        g_autofree char *text = NULL;
        g_autoptr (GError) error = NULL;
        g_assert_true (ws_sorting_page_save_diagram (f->page, path, &error));
        g_assert_no_error (error);
        g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
        g_assert_true (g_str_has_prefix (text, starts[i]));
        g_remove (path);
      }
    g_autofree char *gif = g_build_filename (dir, "d.gif", NULL);
    g_assert_false (ws_sorting_page_save_diagram (f->page, gif, NULL));
    g_assert_false (g_file_test (gif, G_FILE_TEST_EXISTS));
    g_rmdir (dir);
  }

  /* another network over the same keys: its own diagram */
  gtk_drop_down_set_selected (f->page->algorithm, 1); /* odd-even */
  g_assert_cmpint (ws_diagram_kind (ws_diagram_view_get_diagram (view)), ==, WS_NETWORK_ODD_EVEN);
  g_assert_cmpuint (ws_diagram_n_layers (ws_diagram_view_get_diagram (view)), ==, 64);
  gtk_drop_down_set_selected (f->page->algorithm, 0);

  /* too many keys for a readable diagram: it says so */
  ws_sorting_page_set_size (f->page, "512");
  ws_sorting_page_generate (f->page);
  g_assert_true (ui_spin_until (page_ready, f->page, 30));
  g_assert_null (ws_diagram_view_get_diagram (view));
  g_assert_false (ws_sorting_page_save_diagram (f->page, "/tmp/none.svg", NULL));
  ws_sorting_page_show_diagram (f->page, FALSE);
}

/* Sound of the sort (off by default): each pass shown sounds a tone per
 * comparison — bitonic's 32 on 64 keys — through the sink the tests name
 * (fakesink); turned off, the device is let go and nothing more sounds. */
static void
test_sound (Fixture *f, gconstpointer data)
{
  g_autoptr (GSettings) settings = ws_ui_settings ();
  g_autoptr (GError) error = NULL;
  g_autoptr (WsTonePlayer) player = NULL;

  g_setenv ("WS_AUDIO_SINK", "fakesink", TRUE);
  player = ws_tone_player_new (&error);
  if (player == NULL && strstr (error->message, "built without GStreamer") != NULL)
    {
      g_test_skip ("a build without GStreamer plays no sound"); /* -Dmedia=disabled */
      return;
    }
  g_assert_no_error (error);
  g_clear_pointer (&player, ws_tone_player_free); /* the page opens its own */
  ws_sorting_page_set_size (f->page, "64");
  ws_sorting_page_generate (f->page);
  g_assert_true (ui_spin_until (page_ready, f->page, 30));
  ws_sorting_page_step (f->page);
  g_assert_cmpuint (ws_sorting_page_tones_played (f->page), ==, 0); /* off */
  g_settings_set_boolean (settings, "sound", TRUE);
  for (int i = 0; i < 3; i++)
    ws_sorting_page_step (f->page);
  g_assert_cmpuint (ws_sorting_page_tones_played (f->page), ==, 3 * 32);
  ws_sorting_page_step_back (f->page); /* a pass shown again sounds again */
  g_assert_cmpuint (ws_sorting_page_tones_played (f->page), ==, 4 * 32);
  g_settings_set_boolean (settings, "sound", FALSE);
  ws_sorting_page_step (f->page);
  g_assert_cmpuint (ws_sorting_page_tones_played (f->page), ==, 0);

  /* no sound device: said once, and Sound turns itself off */
  g_setenv ("WS_AUDIO_SINK", "nosuchaudiosink", TRUE);
  g_settings_set_boolean (settings, "sound", TRUE);
  ws_sorting_page_step (f->page);
  g_assert_false (g_settings_get_boolean (settings, "sound"));
  g_assert_cmpuint (ws_sorting_page_tones_played (f->page), ==, 0);
  g_setenv ("WS_AUDIO_SINK", "fakesink", TRUE);
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add ("/ui/sorting/step-and-back", Fixture, NULL, fixture_set_up, test_step_and_back, fixture_tear_down);
  g_test_add ("/ui/sorting/properties", Fixture, NULL, fixture_set_up, test_properties, fixture_tear_down);
  g_test_add ("/ui/sorting/transport", Fixture, NULL, fixture_set_up, test_transport, fixture_tear_down);
  g_test_add ("/ui/sorting/same-picture", Fixture, NULL, fixture_set_up, test_same_picture, fixture_tear_down);
  g_test_add ("/ui/sorting/broken-stage", Fixture, NULL, fixture_set_up, test_broken_stage, fixture_tear_down);
  g_test_add ("/ui/sorting/play", Fixture, NULL, fixture_set_up, test_play, fixture_tear_down);
  g_test_add ("/ui/sorting/worker-passes", Fixture, NULL, fixture_set_up, test_worker_passes, fixture_tear_down);
  g_test_add ("/ui/sorting/load-files", Fixture, NULL, fixture_set_up, test_load_files, fixture_tear_down);
  g_test_add ("/ui/sorting/size-presets", Fixture, NULL, fixture_set_up, test_size_presets, fixture_tear_down);
  g_test_add ("/ui/sorting/shown-rate", Fixture, NULL, fixture_set_up, test_shown_rate, fixture_tear_down);
  g_test_add ("/ui/sorting/hover", Fixture, NULL, fixture_set_up, test_hover, fixture_tear_down);
  g_test_add ("/ui/sorting/values", Fixture, NULL, fixture_set_up, test_values, fixture_tear_down);
  g_test_add ("/ui/sorting/diagram", Fixture, NULL, fixture_set_up, test_diagram, fixture_tear_down);
  g_test_add ("/ui/sorting/sound", Fixture, NULL, fixture_set_up, test_sound, fixture_tear_down);
  return g_test_run ();
}
