/* test-ui-primitives.c: the primitives mode in a real window (Xvfb, Mesa's
 * software OpenGL): Blelloch's scan stepped level by level and back, its
 * input in a band of its own, the histogram's chunks, a search played to
 * its answer. Skips where there is no display. */
#include <gtk/gtk.h>
#include <string.h>

#include "ui-test-util.h"
#include "ws-primitives-page.h"

typedef struct
{
  GtkWidget        *window;
  WsPrimitivesPage *page;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->page = WS_PRIMITIVES_PAGE (ws_primitives_page_new ());
  f->window = ui_present (GTK_WIDGET (f->page), 1200, 700);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
}

/* 32 keys: 5 up-sweep levels, the clear, 5 down-sweep levels. */
static void
test_scan (Fixture *f, gconstpointer data)
{
  ws_primitives_page_generate (f->page);
  g_assert_cmpstr (ws_primitives_page_step_text (f->page), ==, "step 0 of 11");
  /* 32 keys need no padding, and say so */
  g_assert_cmpstr (ws_primitives_page_caption (f->page), ==, "the input — 11 levels to run");
  for (int i = 0; i < 3; i++)
    ws_primitives_page_step (f->page, 1);
  g_assert_cmpstr (ws_primitives_page_step_text (f->page), ==, "step 3 of 11");
  g_assert_true (g_str_has_prefix (ws_primitives_page_caption (f->page), "level 3 of 11 — up-sweep"));
  ws_primitives_page_step (f->page, 3);
  g_assert_true (g_str_has_prefix (ws_primitives_page_caption (f->page), "level 6 of 11 — clear"));
  ws_primitives_page_step (f->page, -1);
  g_assert_cmpstr (ws_primitives_page_step_text (f->page), ==, "step 5 of 11");
  ws_primitives_page_step (f->page, 100);
  g_assert_cmpstr (ws_primitives_page_step_text (f->page), ==, "step 11 of 11");
  ws_primitives_page_reset (f->page);
  g_assert_cmpstr (ws_primitives_page_step_text (f->page), ==, "step 0 of 11");
}

/* The page's own actions (its buttons and, through the window, the keys):
 * step, step back, reset, play, and a speed of its own. */
static void
test_transport (Fixture *f, gconstpointer data)
{
  GtkWidget *page = GTK_WIDGET (f->page);

  ws_primitives_page_generate (f->page);
  g_assert_true (gtk_widget_activate_action (page, "page.step", NULL));
  g_assert_true (gtk_widget_activate_action (page, "page.step", NULL));
  g_assert_true (gtk_widget_activate_action (page, "page.step-back", NULL));
  g_assert_cmpstr (ws_primitives_page_step_text (f->page), ==, "step 1 of 11");
  g_assert_true (gtk_widget_activate_action (page, "page.reset", NULL));
  g_assert_cmpstr (ws_primitives_page_step_text (f->page), ==, "step 0 of 11");
  g_assert_true (gtk_widget_activate_action (page, "page.slower", NULL));
  g_assert_true (gtk_widget_activate_action (page, "page.slower", NULL));
  g_assert_cmpstr (ws_primitives_page_step_text (f->page), ==, "step 0 of 11 · 0.5× speed");
  for (int i = 0; i < 20; i++)
    gtk_widget_activate_action (page, "page.faster", NULL);
  g_assert_cmpstr (ws_primitives_page_step_text (f->page), ==, "step 0 of 11 · 16× speed");
  {
    double speed;
    g_object_get (f->page, "speed", &speed, NULL);
    g_assert_cmpfloat (speed, ==, 16.0);
    g_object_set (f->page, "speed", 1.0, NULL);
    g_assert_cmpstr (ws_primitives_page_step_text (f->page), ==, "step 0 of 11");
  }
  g_assert_true (gtk_widget_activate_action (page, "page.play", NULL));
  g_assert_true (ws_primitives_page_is_playing (f->page));
  g_assert_true (gtk_widget_activate_action (page, "page.play", NULL));
  g_assert_false (ws_primitives_page_is_playing (f->page));
}

/* 32 keys in 16 chunks of 2. */
static void
test_histogram (Fixture *f, gconstpointer data)
{
  GtkWidget *bins = ui_find_tip (GTK_WIDGET (f->page), GTK_TYPE_SPIN_BUTTON, "Histogram:");
  GtkWidget *p = ui_find_tip (GTK_WIDGET (f->page), GTK_TYPE_SPIN_BUTTON, "Searches:");

  /* each primitive shows its own parameters only */
  g_assert_false (gtk_widget_get_visible (bins) || gtk_widget_get_visible (p));
  ws_primitives_page_choose (f->page, WS_PRIMITIVE_HISTOGRAM);
  g_assert_true (gtk_widget_get_visible (bins));
  g_assert_false (gtk_widget_get_visible (p));
  g_assert_cmpstr (ws_primitives_page_step_text (f->page), ==, "step 0 of 16");
  ws_primitives_page_step (f->page, 1);
  g_assert_cmpstr (ws_primitives_page_caption (f->page), ==, "keys 0 … 1 counted (2 of 32)");
}

static gboolean
stopped (gpointer page)
{
  return !ws_primitives_page_is_playing (page);
}

/* Played, a search ends on the key's index. */
static void
test_search_plays_to_answer (Fixture *f, gconstpointer data)
{
  g_autofree char *total = NULL, *canvas = NULL;
  const char *step;

  ws_primitives_page_choose (f->page, WS_PRIMITIVE_BINARY_SEARCH);
  g_assert_true (g_str_has_prefix (ws_primitives_page_caption (f->page), "k-ary binary search for "));
  /* the panel and the canvas count the same steps; a range names keys */
  ws_primitives_page_step (f->page, 1);
  step = ws_primitives_page_step_text (f->page);
  g_assert_true (g_str_has_prefix (step, "step 1 of "));
  total = g_strdup (step + strlen ("step 1 of "));
  canvas = g_strdup_printf ("step 1 of %s — key ", total);
  g_assert_true (g_str_has_prefix (ws_primitives_page_caption (f->page), canvas));
  g_assert_nonnull (strstr (ws_primitives_page_caption (f->page), " in keys 0 … 31: "));
  ws_primitives_page_play (f->page, TRUE);
  g_assert_true (ui_spin_until (stopped, f->page, 30));
  g_free (canvas);
  canvas = g_strdup_printf ("step %s of %s — found ", total, total);
  g_assert_true (g_str_has_prefix (ws_primitives_page_caption (f->page), canvas));
  ws_primitives_page_choose (f->page, WS_PRIMITIVE_INTERPOLATION_SEARCH);
  g_assert_true (g_str_has_prefix (ws_primitives_page_caption (f->page), "interpolation search for "));
}

/* The share of pixels in rows [top, bottom) of the widget's picture that
 * are not the background (the canvas's bottom-left corner). */
static double
covered (GtkWidget *widget, double top, double bottom)
{
  g_autoptr (GdkTexture) texture = ui_render_texture (widget);
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guint32 *data = g_new (guint32, (gsize) w * h);
  guint32 bg;
  guint count = 0, all = 0;

  gdk_texture_download (texture, (guchar *) data, (gsize) w * 4);
  bg = data[(gsize) (h - 2) * w + 2];
  for (int y = (int) (top * h); y < (int) (bottom * h); y++)
    for (int x = 0; x < w; x++, all++)
      count += data[(gsize) y * w + x] != bg;
  return (double) count / MAX (all, 1);
}

/* The scan's input has a band of its own at the canvas's top, its bars
 * on the input's scale: they cover much of it (on the sums' scale they
 * were slivers at the canvas's foot, and that part stayed empty). */
static void
test_scan_input_band (Fixture *f, gconstpointer data)
{
  GtkWidget *canvas = gtk_widget_get_first_child (GTK_WIDGET (f->page));

  double share;

  ws_primitives_page_generate (f->page);
  ui_spin (0.3);
  share = covered (canvas, 0.1, 0.35);
  g_test_message ("%.0f%% of the band's upper part covered", 100 * share);
  g_assert_cmpfloat (share, >, 0.15);
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add ("/ui/primitives/scan", Fixture, NULL, fixture_set_up, test_scan, fixture_tear_down);
  g_test_add ("/ui/primitives/transport", Fixture, NULL, fixture_set_up, test_transport, fixture_tear_down);
  g_test_add ("/ui/primitives/histogram", Fixture, NULL, fixture_set_up, test_histogram, fixture_tear_down);
  g_test_add ("/ui/primitives/search", Fixture, NULL, fixture_set_up, test_search_plays_to_answer, fixture_tear_down);
  g_test_add ("/ui/primitives/scan-input-band", Fixture, NULL, fixture_set_up, test_scan_input_band, fixture_tear_down);
  return g_test_run ();
}
