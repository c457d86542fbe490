/* test-ui-race.c: Race in a real window (Xvfb, Mesa's software OpenGL),
 * opened from Sorting Networks over its 64 keys: bitonic and odd-even on
 * the CPU stepped together and played to the end (each waits where it
 * finished), the verdict, a third lane, the clock by measured time, and
 * the GPU offered only where there is one. Skips where there is no
 * display. */
#include <gtk/gtk.h>
#include <string.h>

#include "ui-test-util.h"
#include "ws-race-window-private.h" /* the lanes' GPU buttons */
#include "ws-sorting-page.h"
#include "ws-ui-services.h"
#include "ws-application.h"
#include "ws-window.h"

static gboolean page_ready (gpointer page) { return ws_sorting_page_ready (page); }

static gboolean
timed (gpointer data)
{
  return ws_race_window_timed (data);
}

static gboolean
at_end (gpointer data)
{
  WsRaceWindow *w = data;

  return ws_race_window_tick (w) == ws_race_window_n_ticks (w);
}

static WsRaceWindow *
find_race (void)
{
  g_autoptr (GList) windows = gtk_window_list_toplevels ();

  for (GList *l = windows; l != NULL; l = l->next)
    if (WS_IS_RACE_WINDOW (l->data))
      return l->data;
  return NULL;
}

/* A sorting page with its 64 bitonic keys, and Race… pressed on it. */
static WsRaceWindow *
open_race (GtkWidget **main_window)
{
  WsSortingPage *page = WS_SORTING_PAGE (ws_sorting_page_new ());
  WsRaceWindow *w;

  *main_window = ui_present (GTK_WIDGET (page), 1200, 700);
  ws_sorting_page_set_size (page, "64");
  ws_sorting_page_generate (page);
  g_assert_true (ui_spin_until (page_ready, page, 30));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "page.race", NULL));
  w = find_race ();
  g_assert_nonnull (w);
  gtk_window_set_default_size (GTK_WINDOW (w), 1200, 800);
  g_assert_true (ui_spin_until (ui_mapped, w, 10));
  return w;
}

static void
activate (WsRaceWindow *w, const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w), action, NULL));
}

static void
test_two_lanes (void)
{
  GtkWidget *main_window;
  WsRaceWindow *w = open_race (&main_window);
  const char *verdict;

  g_assert_cmpuint (ws_race_window_n_lanes (w), ==, 2);
  ws_race_window_set_lane (w, 0, WS_NETWORK_BITONIC, FALSE);
  ws_race_window_set_lane (w, 1, WS_NETWORK_ODD_EVEN, FALSE);
  g_assert_cmpuint (ws_race_window_n_ticks (w), ==, 64);
  for (guint i = 0; i < 5; i++)
    activate (w, "race.step");
  g_assert_cmpuint (ws_race_window_tick (w), ==, 5);
  g_assert_cmpuint (ws_race_window_lane_pass (w, 0), ==, 5);
  g_assert_cmpuint (ws_race_window_lane_pass (w, 1), ==, 5);
  g_assert_true (g_str_has_prefix (ws_race_window_counters_text (w, 0), "pass 5 of 21  ·  "));
  g_assert_true (g_str_has_prefix (ws_race_window_counters_text (w, 1), "pass 5 of 64  ·  "));
  /* 5 odd-even passes over 64 keys: 32 + 31 + 32 + 31 + 32 comparators */
  g_assert_nonnull (strstr (ws_race_window_counters_text (w, 1), "158 comparators"));
  g_assert_true (ui_spin_until (timed, w, 30));
  /* played to the end, fast */
  gtk_spin_button_set_value (w->speed, 200);
  activate (w, "race.play");
  g_assert_true (ui_spin_until (at_end, w, 30));
  g_assert_cmpuint (ws_race_window_lane_pass (w, 0), ==, 21);
  g_assert_cmpuint (ws_race_window_lane_pass (w, 1), ==, 64);
  g_assert_true (g_str_has_prefix (ws_race_window_counters_text (w, 0), "finished at pass 21"));
  g_assert_true (g_str_has_prefix (ws_race_window_counters_text (w, 1), "finished at pass 64"));
  verdict = ws_race_window_verdict (w);
  g_assert_true (g_str_has_prefix (verdict, "bitonic (CPU) finished first: 21 passes vs 64; "));
  g_assert_nonnull (strstr (verdict, " vs "));
  ui_spin (0.2);
  gtk_window_destroy (GTK_WINDOW (w));
  gtk_window_destroy (GTK_WINDOW (main_window));
}

/* Pass by pass, a lane that has finished waits at its last pass. */
static void
test_waits (void)
{
  GtkWidget *main_window;
  WsRaceWindow *w = open_race (&main_window);

  ws_race_window_set_lane (w, 1, WS_NETWORK_ODD_EVEN, FALSE);
  ws_race_window_seek (w, 30);
  g_assert_cmpuint (ws_race_window_lane_pass (w, 0), ==, 21);
  g_assert_cmpuint (ws_race_window_lane_pass (w, 1), ==, 30);
  g_assert_true (g_str_has_prefix (ws_race_window_counters_text (w, 0), "finished at pass 21"));
  activate (w, "race.reset");
  g_assert_cmpuint (ws_race_window_lane_pass (w, 0), ==, 0);
  gtk_window_destroy (GTK_WINDOW (w));
  gtk_window_destroy (GTK_WINDOW (main_window));
}

static void
test_third_lane (void)
{
  GtkWidget *main_window;
  WsRaceWindow *w = open_race (&main_window);

  activate (w, "race.add-lane");
  g_assert_cmpuint (ws_race_window_n_lanes (w), ==, 3);
  g_assert_cmpuint (w->lanes[2].kind, ==, WS_NETWORK_ODD_EVEN_MERGE);
  g_assert_false (ws_race_window_add_lane (w)); /* three at most */
  for (guint i = 0; i < 5; i++)
    activate (w, "race.step");
  for (guint i = 0; i < 3; i++)
    g_assert_cmpuint (ws_race_window_lane_pass (w, i), ==, 5);
  ws_race_window_seek (w, ws_race_window_n_ticks (w));
  g_assert_true (g_str_has_prefix (ws_race_window_verdict (w),
                                   "bitonic (CPU) and oddeven-merge (CPU) finished together: "
                                   "21 passes vs 64 vs 21"));
  ws_race_window_remove_lane (w, 2);
  g_assert_cmpuint (ws_race_window_n_lanes (w), ==, 2);
  gtk_window_destroy (GTK_WINDOW (w));
  gtk_window_destroy (GTK_WINDOW (main_window));
}

/* By measured time: every lane's end is where its time puts it, the
 * slowest at the last tick. */
static void
test_by_time (void)
{
  GtkWidget *main_window;
  WsRaceWindow *w = open_race (&main_window);
  WsRace race;

  ws_race_window_set_clock (w, WS_RACE_BY_TIME);
  g_assert_true (ui_spin_until (timed, w, 30));
  ws_race_window_race (w, &race);
  g_assert_true (race.clock == WS_RACE_BY_TIME);
  g_assert_cmpfloat (race.lanes[0].seconds, >, 0);
  ws_race_window_seek (w, 10);
  for (guint i = 0; i < 2; i++)
    g_assert_cmpuint (ws_race_window_lane_pass (w, i), ==, ws_race_pass_at (&race, i, 10));
  ws_race_window_seek (w, ws_race_window_n_ticks (w));
  g_assert_nonnull (strstr (ws_race_window_verdict (w), "finished first"));
  g_assert_nonnull (strstr (gtk_label_get_text (w->clock_label), "clock "));
  gtk_window_destroy (GTK_WINDOW (w));
  gtk_window_destroy (GTK_WINDOW (main_window));
}

/* This machine has no GPU: the lanes cannot choose it, and say why. */
static void
test_no_gpu (void)
{
  GtkWidget *main_window;
  WsRaceWindow *w = open_race (&main_window);
  g_autofree char *why = NULL;

  if (ws_ui_gpu (&why))
    {
      g_test_skip ("a GPU is here");
    }
  else
    {
      g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (w->lanes[0].gpu)));
      g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (w->lanes[0].gpu)), ==, why);
      ws_race_window_set_lane (w, 0, WS_NETWORK_BITONIC, TRUE);
      g_assert_false (w->lanes[0].on_gpu);
    }
  gtk_window_destroy (GTK_WINDOW (w));
  gtk_window_destroy (GTK_WINDOW (main_window));
}

/* Opened from the main window, the race follows its presentation mode
 * (F5 there); its own F5 changes only its own. */
static void
test_presentation (void)
{
  g_autoptr (WsApplication) app = ws_application_new ();
  GtkWidget *window, *race;
  WsSortingPage *page;

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  window = ws_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (ui_spin_until (ui_mapped, window, 10));
  page = ws_window_sorting_page (WS_WINDOW (window));
  g_assert_true (ui_spin_until (page_ready, page, 30));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "page.race", NULL));
  race = GTK_WIDGET (find_race ());
  g_assert_nonnull (race);
  g_assert_false (gtk_widget_has_css_class (race, "presentation"));
  g_assert_true (gtk_widget_activate_action (window, "win.presentation", NULL));
  g_assert_true (gtk_widget_has_css_class (race, "presentation"));
  g_assert_true (gtk_widget_activate_action (race, "race.presentation", NULL));
  g_assert_false (gtk_widget_has_css_class (race, "presentation"));
  g_assert_true (gtk_widget_has_css_class (window, "presentation"));
  g_assert_true (gtk_widget_activate_action (window, "win.presentation", NULL));
  g_assert_false (gtk_widget_has_css_class (race, "presentation"));
  gtk_window_destroy (GTK_WINDOW (race));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/race/two-lanes", test_two_lanes);
  g_test_add_func ("/ui/race/waits", test_waits);
  g_test_add_func ("/ui/race/third-lane", test_third_lane);
  g_test_add_func ("/ui/race/by-time", test_by_time);
  g_test_add_func ("/ui/race/no-gpu", test_no_gpu);
  g_test_add_func ("/ui/race/presentation", test_presentation);
  return g_test_run ();
}
