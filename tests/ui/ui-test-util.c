/* ui-test-util.c: main-loop helpers for the ui tests (see ui-test-util.h). */
#include "ui-test-util.h"

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
    return TRUE;
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
