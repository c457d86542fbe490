/* ui-test-util.c: main-loop helpers for the ui tests (see ui-test-util.h). */
#include "ui-test-util.h"

#include <adwaita.h>
#include <stdio.h>

gboolean
ui_spin_until (gboolean (*done) (gpointer), gpointer data, double seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * 1e6);

  while (!done (data) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  return done (data);
}

static gboolean
never (gpointer data)
{
  return FALSE;
}

void
ui_spin (double seconds)
{
  ui_spin_until (never, NULL, seconds);
}

gboolean
ui_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

gboolean
ui_test_init (int *argc, char ***argv)
{
  g_test_init (argc, argv, NULL);
  if (gtk_init_check ())
    {
      adw_init (); /* the window's libadwaita widgets and style */
      return TRUE;
    }
  printf ("1..0 # SKIP no display\n");
  return FALSE;
}

GtkWidget *
ui_present (GtkWidget *child, int width, int height)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (ui_spin_until (ui_mapped, child, 10));
  return window;
}

/* Depth first over the widget tree: the first widget of type for which
 * match (widget, key) holds. */
static GtkWidget *
find_widget (GtkWidget *root, GType type, gboolean (*match) (GtkWidget *, gconstpointer),
             gconstpointer key)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type) && match (root, key))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_widget (c, type, match, key);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
check_labelled (GtkWidget *w, gconstpointer label)
{
  return g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (w)), label) == 0;
}

static gboolean
label_is (GtkWidget *w, gconstpointer text)
{
  return g_strcmp0 (gtk_label_get_text (GTK_LABEL (w)), text) == 0;
}

static gboolean
tip_starts (GtkWidget *w, gconstpointer prefix)
{
  const char *tip = gtk_widget_get_tooltip_text (w);

  return tip != NULL && g_str_has_prefix (tip, prefix);
}

GtkCheckButton *
ui_find_check (GtkWidget *root, const char *label)
{
  GtkWidget *w = find_widget (root, GTK_TYPE_CHECK_BUTTON, check_labelled, label);

  return w ? GTK_CHECK_BUTTON (w) : NULL;
}

GtkLabel *
ui_find_label (GtkWidget *root, const char *text)
{
  GtkWidget *w = find_widget (root, GTK_TYPE_LABEL, label_is, text);

  return w ? GTK_LABEL (w) : NULL;
}

GtkWidget *
ui_find_tip (GtkWidget *root, GType type, const char *prefix)
{
  return find_widget (root, type, tip_starts, prefix);
}

GdkTexture *
ui_render_texture (GtkWidget *widget)
{
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  g_autoptr (GskRenderNode) node = NULL;
  graphene_rect_t bounds;

  /* The paintable spans the widget's bounds, a window's shadow included:
   * drawn at that size it is 1:1, and the widget's own box is cut out of
   * it. Squeezed into w × h instead, a window shrinks by its shadow and
   * loses columns of pixels — strokes of its text among them. */
  if (!gtk_widget_compute_bounds (widget, widget, &bounds))
    bounds = GRAPHENE_RECT_INIT (0, 0, w, h);
  gdk_paintable_snapshot (paintable, snapshot, bounds.size.width, bounds.size.height);
  node = gtk_snapshot_free_to_node (snapshot);
  return gsk_renderer_render_texture (renderer, node,
                                      &GRAPHENE_RECT_INIT (-bounds.origin.x, -bounds.origin.y,
                                                           w, h));
}
