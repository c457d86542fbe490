/* test-ui-window.c: the application's window under Xvfb — its accelerators,
 * the mode switcher, the transport driven through the window's actions (as
 * the keys drive it), and the mode kept in the settings between windows.
 * Skips where there is no display. */
#include <adwaita.h>
#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui-test-util.h"
#include "ws-application.h"
#include "ws-config.h"
#include "ws-debug-window.h"
#include "ws-race-window.h"
#include "ws-window.h"

static gboolean ready (gpointer page) { return ws_sorting_page_ready (page); }
static gboolean sum_ready (gpointer page) { return ws_window_sum_page_ready (page); }

static WsApplication *
started_app (void)
{
  WsApplication *app = ws_application_new ();

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL)); /* runs startup */
  return app;
}

static WsWindow *
shown_window (WsApplication *app)
{
  WsWindow *window = WS_WINDOW (ws_window_new (GTK_APPLICATION (app)));

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (ui_spin_until (ui_mapped, window, 10));
  return window;
}

/* The lecture-hall keys are the accelerators of the window's actions. */
static void
test_accels (void)
{
  g_autoptr (WsApplication) app = started_app ();
  const char *expected[][2] = { { "win.play", "space" }, { "win.step", "Right" },
                                { "win.step-back", "Left" }, { "win.reset", "Home" },
                                { "win.faster", "plus" }, { "win.slower", "minus" },
                                { "win.fullscreen", "F11" }, { "app.quit", "<Control>q" },
                                { "win.presentation", "F5" },
                                { "win.mode('sorting')", "<Control>1" },
                                { "win.mode('window-sum')", "<Control>2" },
                                { "win.mode('primitives')", "<Control>3" },
                                { "win.mode('benchmark')", "<Control>4" } };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                     expected[i][0]);
      g_assert_nonnull (accels[0]);
      g_assert_cmpstr (accels[0], ==, expected[i][1]);
    }
}

/* Keys generated, then the transport through the actions. */
static void
test_actions (void)
{
  g_autoptr (WsApplication) app = started_app ();
  WsWindow *window = shown_window (app);
  WsSortingPage *page = ws_window_sorting_page (window);
  GtkWidget *w = GTK_WIDGET (window);

  ws_sorting_page_generate (page);
  g_assert_true (ui_spin_until (ready, page, 30));
  g_assert_true (gtk_widget_activate_action (w, "win.step", NULL));
  g_assert_cmpstr (ws_sorting_page_pass_text (page), ==, "pass 1 of 21 — stage k=2, distance j=1");
  gtk_widget_activate_action (w, "win.step", NULL);
  gtk_widget_activate_action (w, "win.step-back", NULL);
  g_assert_cmpstr (ws_sorting_page_pass_text (page), ==, "pass 1 of 21 — stage k=2, distance j=1");
  gtk_widget_activate_action (w, "win.reset", NULL);
  g_assert_cmpstr (ws_sorting_page_pass_text (page), ==, "initial state — 21 passes to run");
  gtk_widget_activate_action (w, "win.play", NULL);
  g_assert_true (ws_sorting_page_is_playing (page));
  gtk_widget_activate_action (w, "win.play", NULL);
  g_assert_false (ws_sorting_page_is_playing (page));

  /* In the window-sum mode the same keys move the launch block by block. */
  WsWindowSumPage *sum = ws_window_window_sum_page (window);
  ws_window_set_mode (window, "window-sum");
  ws_window_sum_page_run (sum);
  g_assert_true (ui_spin_until (sum_ready, sum, 30));
  gtk_widget_activate_action (w, "win.reset", NULL);
  g_assert_cmpstr (ws_window_sum_page_launch_text (sum), ==, "blocks run: 0 of 32");
  gtk_widget_activate_action (w, "win.step", NULL);
  gtk_widget_activate_action (w, "win.step", NULL);
  g_assert_cmpstr (ws_window_sum_page_launch_text (sum), ==, "blocks run: 2 of 32");
  gtk_widget_activate_action (w, "win.step-back", NULL);
  g_assert_cmpstr (ws_window_sum_page_launch_text (sum), ==, "blocks run: 1 of 32");
  g_assert_cmpstr (ws_sorting_page_pass_text (page), ==, "initial state — 21 passes to run");

  /* The benchmark mode animates nothing: Space and the arrows do nothing
   * there (typing in its fields must not step a hidden animation), and
   * work again back in an animated mode. */
  ws_window_set_mode (window, "benchmark");
  gtk_widget_activate_action (w, "win.step", NULL);
  gtk_widget_activate_action (w, "win.play", NULL);
  g_assert_cmpstr (ws_window_sum_page_launch_text (sum), ==, "blocks run: 1 of 32");
  g_assert_cmpstr (ws_sorting_page_pass_text (page), ==, "initial state — 21 passes to run");
  g_assert_false (ws_sorting_page_is_playing (page));
  ws_window_set_mode (window, "window-sum");
  gtk_widget_activate_action (w, "win.step", NULL);
  g_assert_cmpstr (ws_window_sum_page_launch_text (sum), ==, "blocks run: 2 of 32");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
near (double a, double b)
{
  return fabs (a - b) <= 1e-6 * MAX (fabs (a), fabs (b));
}

/* + and − change the speed of the page that shows, and only its: they
 * used to change the sorting page's from every mode (1000 passes/s, then
 * − four times in the window-sum mode, read 250 back in the sorting mode,
 * while the launch's pace never changed). */
static void
test_speed_per_page (void)
{
  g_autoptr (WsApplication) app = started_app ();
  WsWindow *window = shown_window (app);
  WsSortingPage *sorting = ws_window_sorting_page (window);
  WsWindowSumPage *sum = ws_window_window_sum_page (window);
  WsPrimitivesPage *primitives = ws_window_primitives_page (window);
  GtkWidget *w = GTK_WIDGET (window);

  ws_window_set_mode (window, "sorting");
  ws_sorting_page_scale_speed (sorting, 1000.0 / ws_sorting_page_get_speed (sorting));
  g_assert_true (near (ws_sorting_page_get_speed (sorting), 1000.0));

  ws_window_set_mode (window, "window-sum");
  ws_window_sum_page_run (sum);
  g_assert_true (ui_spin_until (sum_ready, sum, 30));
  for (int i = 0; i < 4; i++)
    g_assert_true (gtk_widget_activate_action (w, "win.slower", NULL));
  g_assert_cmpstr (ws_window_sum_page_launch_text (sum), ==, "blocks run: 32 of 32 · 0.25× speed");
  g_assert_true (near (ws_sorting_page_get_speed (sorting), 1000.0));

  ws_window_set_mode (window, "primitives");
  ws_primitives_page_generate (primitives);
  gtk_widget_activate_action (w, "win.faster", NULL);
  gtk_widget_activate_action (w, "win.faster", NULL);
  g_assert_cmpstr (ws_primitives_page_step_text (primitives), ==, "step 0 of 11 · 2× speed");
  gtk_widget_activate_action (w, "win.slower", NULL);
  gtk_widget_activate_action (w, "win.slower", NULL);
  g_assert_cmpstr (ws_primitives_page_step_text (primitives), ==, "step 0 of 11");

  ws_window_set_mode (window, "sorting");
  g_assert_true (near (ws_sorting_page_get_speed (sorting), 1000.0));
  gtk_widget_activate_action (w, "win.slower", NULL);
  g_assert_true (near (ws_sorting_page_get_speed (sorting), 1000.0 / G_SQRT2));
  g_assert_cmpstr (ws_window_sum_page_launch_text (sum), ==, "blocks run: 32 of 32 · 0.25× speed");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The switcher's pages by name; the mode a window closes in is the one
 * the next opens in (GSettings, memory backend in the tests). */
static void
test_modes (void)
{
  g_autoptr (WsApplication) app = started_app ();
  WsWindow *window = shown_window (app);

  ws_window_set_mode (window, "sorting");
  g_assert_cmpstr (ws_window_get_mode (window), ==, "sorting");
  ws_window_set_mode (window, "primitives");
  g_assert_cmpstr (ws_window_get_mode (window), ==, "primitives");
  ws_window_set_mode (window, "no-such-mode");
  g_assert_cmpstr (ws_window_get_mode (window), ==, "primitives");
  ws_window_set_mode (window, "window-sum");
  gtk_window_destroy (GTK_WINDOW (window));
  window = shown_window (app);
  g_assert_cmpstr (ws_window_get_mode (window), ==, "window-sum");
  ws_window_set_mode (window, "benchmark");
  gtk_window_destroy (GTK_WINDOW (window));
  window = shown_window (app);
  g_assert_cmpstr (ws_window_get_mode (window), ==, "benchmark");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A first start shows each animated mode's algorithm at once: keys
 * generated on the sorting page, the primitive's frames, a window sum run
 * — with no click (the "every mode starts with an empty canvas"). */
static void
test_first_start (void)
{
  g_autoptr (WsApplication) app = started_app ();
  WsWindow *window = shown_window (app);

  ws_window_set_mode (window, "sorting");
  g_assert_true (ui_spin_until (ready, ws_window_sorting_page (window), 30));
  g_assert_cmpstr (ws_sorting_page_pass_text (ws_window_sorting_page (window)), !=,
                   "generate keys to begin");
  ws_window_set_mode (window, "primitives");
  ui_spin (0.2);
  g_assert_true (g_str_has_prefix (ws_primitives_page_step_text (ws_window_primitives_page (window)),
                                   "step 0 of "));
  ws_window_set_mode (window, "window-sum");
  g_assert_true (ui_spin_until (sum_ready, ws_window_window_sum_page (window), 30));
  g_assert_nonnull (strstr (ws_window_sum_page_run_text (ws_window_window_sum_page (window)),
                            "GFLOP/s"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Ctrl+1…4 reach the modes with the header bar hidden (full screen). */
static void
test_mode_keys (void)
{
  g_autoptr (WsApplication) app = started_app ();
  WsWindow *window = shown_window (app);
  const char *modes[] = { "window-sum", "primitives", "benchmark", "sorting" };

  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", modes[i]));
      g_assert_cmpstr (ws_window_get_mode (window), ==, modes[i]);
    }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "no-such-mode");
  g_assert_cmpstr (ws_window_get_mode (window), ==, "sorting");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The keys a widget and those in it bind themselves (their classes'
 * shortcuts: the window's, a page's), as triggers print them. */
static void
add_bindings (GHashTable *keys, GtkWidget *widget)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    add_bindings (keys, c);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
      if (!GTK_IS_SHORTCUT_CONTROLLER (c))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (c)); j++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (c), j);
          g_hash_table_add (keys, gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut)));
        }
    }
}

typedef struct
{
  GtkApplication *app;
  GHashTable     *bound, *seen;
  guint           shown;
} Walk;

/* Every key the shortcuts window's section shows (its search page holds
 * copies), once, and each one something answers: an application
 * accelerator, or a key the main window or the debug window binds itself
 * or a page of theirs does (Escape out of full screen, Ctrl+O, F9 for
 * Window Sum's panel, …). */
static void
walk_shortcuts (GtkWidget *widget, Walk *walk, gboolean in_section)
{
  in_section |= GTK_IS_SHORTCUTS_SECTION (widget);
  if (in_section && GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *accel = NULL;
      g_auto (GStrv) actions = NULL;
      g_object_get (widget, "accelerator", &accel, NULL);
      g_assert_false (g_hash_table_contains (walk->seen, accel));
      g_hash_table_add (walk->seen, g_strdup (accel));
      walk->shown++;
      actions = gtk_application_get_actions_for_accel (walk->app, accel);
      if (actions[0] == NULL && !g_hash_table_contains (walk->bound, accel))
        g_error ("the shortcuts window shows %s, which nothing answers", accel);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    walk_shortcuts (c, walk, in_section);
}

static void
test_shortcuts_window (void)
{
  g_autoptr (WsApplication) app = started_app ();
  g_autoptr (GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/warpscope/Warpscope/gtk/help-overlay.ui");
  GtkWidget *overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
  GtkWidget *window = ws_window_new (GTK_APPLICATION (app));
  GtkWidget *debug = ws_debug_window_new (NULL, WS_NETWORK_BITONIC);
  g_autoptr (WsArray) keys = ws_array_new (WS_KEY_FLOAT32, 16, NULL);
  GtkWidget *race = ws_race_window_new (NULL, keys, WS_NETWORK_BITONIC);
  Walk walk = { GTK_APPLICATION (app), g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL),
                g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL) };

  add_bindings (walk.bound, window);
  add_bindings (walk.bound, debug);
  add_bindings (walk.bound, race);
  walk_shortcuts (overlay, &walk, FALSE);
  g_assert_true (g_hash_table_contains (walk.seen, "F5"));
  g_assert_true (g_hash_table_contains (walk.seen, "<Control>question"));
  g_assert_true (g_hash_table_contains (walk.seen, "<Control>4"));
  g_assert_true (g_hash_table_contains (walk.seen, "Escape"));
  g_assert_cmpuint (walk.shown, >=, 18);
  g_hash_table_unref (walk.seen), g_hash_table_unref (walk.bound);
  gtk_window_destroy (GTK_WINDOW (overlay));
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (debug));
  gtk_window_destroy (GTK_WINDOW (race));
}

static gboolean
prefers_dark (void)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

/* Presentation mode (F5) is the window's class, kept for the next window;
 * the colour scheme action picks dark or light through libadwaita's style
 * manager, and "default" leaves the choice to the desktop. */
static void
test_presentation_and_scheme (void)
{
  g_autoptr (WsApplication) app = started_app ();
  WsWindow *window = shown_window (app);
  gboolean on;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", NULL));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "presentation"));
  g_object_get (window, "presentation", &on, NULL);
  g_assert_true (on);
  gtk_window_destroy (GTK_WINDOW (window));
  window = shown_window (app);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "presentation"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", NULL);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (window), "presentation"));

  g_action_group_activate_action (G_ACTION_GROUP (app), "color-scheme", g_variant_new_string ("dark"));
  g_assert_true (prefers_dark ());
  g_action_group_activate_action (G_ACTION_GROUP (app), "color-scheme", g_variant_new_string ("light"));
  g_assert_false (prefers_dark ());
  g_action_group_activate_action (G_ACTION_GROUP (app), "color-scheme", g_variant_new_string ("default"));
  g_assert_cmpint (adw_style_manager_get_color_scheme (adw_style_manager_get_default ()), ==,
                   ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The first toggle button under root whose label reads text. */
static GtkWidget *
find_switch (GtkWidget *root, const char *text)
{
  if (GTK_IS_TOGGLE_BUTTON (root) && ui_find_label (root, text) != NULL)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_switch (c, text);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
header_hidden (gpointer header)
{
  return !gtk_widget_get_visible (header);
}

static gboolean
header_shown (gpointer header)
{
  return gtk_widget_get_visible (header);
}

static gboolean
is_fullscreen (gpointer window)
{
  return gtk_window_is_fullscreen (window);
}

/* GNOME's way: the view switcher in the header picks the mode; full screen
 * hides the header, Escape brings it back. */
static void
test_view_switcher (void)
{
  g_autoptr (WsApplication) app = started_app ();
  WsWindow *window = shown_window (app);
  GtkWidget *header = gtk_widget_get_first_child (adw_application_window_get_content (
                                                    ADW_APPLICATION_WINDOW (window)));
  GtkWidget *button;

  g_assert_true (ADW_IS_HEADER_BAR (header));
  ws_window_set_mode (window, "sorting");
  button = find_switch (header, "Primitives");
  g_assert_nonnull (button);
  gtk_widget_activate (button);
  ui_spin (0.5); /* an activated button clicks when its press has shown */
  g_assert_cmpstr (ws_window_get_mode (window), ==, "primitives");
  gtk_widget_activate (find_switch (header, "Benchmark"));
  ui_spin (0.5);
  g_assert_cmpstr (ws_window_get_mode (window), ==, "benchmark");

  /* Xvfb has no window manager to grant full screen: checked where one does. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.fullscreen", NULL);
  if (ui_spin_until (is_fullscreen, window, 2))
    {
      g_assert_true (ui_spin_until (header_hidden, header, 10));
      gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-fullscreen", NULL);
      g_assert_true (ui_spin_until (header_shown, header, 10));
    }
  else
    g_test_message ("no window manager: full screen not granted, its header not checked");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* News in a toast over the window: a saved file briefly, a failure until
 * dismissed; a page alone (no overlay) is told so and says it itself. */
static void
test_toasts (void)
{
  g_autoptr (WsApplication) app = started_app ();
  WsWindow *window = shown_window (app);
  GtkWidget *page = GTK_WIDGET (ws_window_bench_page (window));
  GtkWidget *alone = gtk_label_new ("");

  g_assert_true (ws_ui_toast (page, "Saved chart.png", FALSE));
  ui_spin (0.5);
  g_assert_nonnull (ui_find_label (GTK_WIDGET (window), "Saved chart.png"));
  g_assert_true (ws_ui_toast (page, "Cannot write /x: permission denied", TRUE));
  ui_spin (6.0); /* past a brief toast's five seconds */
  g_assert_nonnull (ui_find_label (GTK_WIDGET (window), "Cannot write /x: permission denied"));
  g_assert_null (ui_find_label (GTK_WIDGET (window), "Saved chart.png"));
  g_assert_false (ws_ui_toast (g_object_ref_sink (alone), "nowhere", FALSE));
  g_object_unref (alone);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The about window on screen, or NULL. */
static GtkWindow *
shown_about (void)
{
  GListModel *tops = gtk_window_get_toplevels (); /* not ours to free */

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (tops, i);
      if (ADW_IS_ABOUT_WINDOW (w) && gtk_widget_get_mapped (GTK_WIDGET (w)))
        return GTK_WINDOW (w);
    }
  return NULL;
}

static gboolean
about_shown (gpointer unused)
{
  return shown_about () != NULL;
}

/* app.about opens libadwaita's about window, over the main window. */
static void
test_about (void)
{
  g_autoptr (WsApplication) app = started_app ();
  WsWindow *window = shown_window (app);
  GtkWindow *about;

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  g_assert_true (ui_spin_until (about_shown, NULL, 10));
  about = shown_about ();
  g_assert_cmpstr (adw_about_window_get_application_name (ADW_ABOUT_WINDOW (about)), ==, "Warpscope");
  g_assert_cmpstr (adw_about_window_get_version (ADW_ABOUT_WINDOW (about)), ==, WS_VERSION);
  g_assert_true (gtk_window_get_transient_for (about) == GTK_WINDOW (window));
  /* its icon, uninstalled too (the GResource's icons/) */
  g_assert_true (gtk_icon_theme_has_icon (gtk_icon_theme_get_for_display (gdk_display_get_default ()),
                                          WS_APPLICATION_ID));
  gtk_window_destroy (about);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* File ▸ Export Animation… (Ctrl+Shift+E) asks the page that shows: on
 * in the three animated modes, off in the benchmark's, which has none. */
static void
test_export_action (void)
{
  g_autoptr (WsApplication) app = started_app ();
  WsWindow *window = shown_window (app);
  GActionGroup *actions = G_ACTION_GROUP (window);
  static const char *const animated[] = { "sorting", "window-sum", "primitives" };
  g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                 "win.export-animation");

  g_assert_cmpstr (accels[0], ==, "<Shift><Control>e");
  for (guint i = 0; i < G_N_ELEMENTS (animated); i++)
    {
      ws_window_set_mode (window, animated[i]);
      g_assert_true (g_action_group_get_action_enabled (actions, "export-animation"));
    }
  ws_window_set_mode (window, "benchmark");
  g_assert_false (g_action_group_get_action_enabled (actions, "export-animation"));
  ws_window_set_mode (window, "primitives");
  g_assert_true (g_action_group_get_action_enabled (actions, "export-animation"));
  ws_window_set_mode (window, "sorting"); /* kept in the settings for the next window */
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/window/accels", test_accels);
  g_test_add_func ("/ui/window/export-action", test_export_action);
  g_test_add_func ("/ui/window/actions", test_actions);
  g_test_add_func ("/ui/window/speed-per-page", test_speed_per_page);
  g_test_add_func ("/ui/window/modes", test_modes);
  g_test_add_func ("/ui/window/mode-keys", test_mode_keys);
  g_test_add_func ("/ui/window/first-start", test_first_start);
  g_test_add_func ("/ui/window/shortcuts-window", test_shortcuts_window);
  g_test_add_func ("/ui/window/presentation-and-scheme", test_presentation_and_scheme);
  g_test_add_func ("/ui/window/view-switcher", test_view_switcher);
  g_test_add_func ("/ui/window/toasts", test_toasts);
  g_test_add_func ("/ui/window/about", test_about);
  return g_test_run ();
}
