/* ws-application.c: the GtkApplication (see ws-application.h). */
#include "ws-application.h"

#include "ws-backend.h"
#include "ws-config.h"
#include "ws-window.h"

struct _WsApplication
{
  AdwApplication parent_instance;
  GSettings     *settings; /* NULL where the schema is missing */
};

G_DEFINE_FINAL_TYPE (WsApplication, ws_application, ADW_TYPE_APPLICATION)

static void
quit (GSimpleAction *action, GVariant *param, gpointer app)
{
  GList *windows = gtk_application_get_windows (app);

  /* Closing the windows saves their state (dispose) before the app ends. */
  while (windows != NULL)
    {
      gtk_window_destroy (windows->data);
      windows = gtk_application_get_windows (app);
    }
}

static void
about (GSimpleAction *action, GVariant *param, gpointer app)
{
  const char *developers[] = { "Warpscope developers", NULL };
  GtkWidget *window = adw_about_window_new ();

  g_object_set (window, "application-name", "Warpscope", "application-icon", WS_APPLICATION_ID,
                "version", WS_VERSION, "developer-name", "Warpscope developers",
                "website", "https://github.com/warpscope/warpscope",
                "issue-url", "https://github.com/warpscope/warpscope/issues",
                "developers", developers, "license-type", GTK_LICENSE_GPL_3_0,
                "comments", "GPU algorithms made visible and measurable: sorting networks, "
                            "window sums and primitives, pass by pass, CPU against GPU.",
                "transient-for", gtk_application_get_active_window (app), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

static void
set_accels (GtkApplication *app)
{
  static const struct { const char *action, *keys[3]; } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "win.play", { "space", NULL } },
    { "win.step", { "Right", NULL } },
    { "win.step-back", { "Left", NULL } },
    { "win.reset", { "Home", NULL } },
    { "win.faster", { "plus", "KP_Add", NULL } },
    { "win.slower", { "minus", "KP_Subtract", NULL } },
    { "win.fullscreen", { "F11", NULL } },
    { "win.export-animation", { "<Control><Shift>e", NULL } },
    { "win.presentation", { "F5", NULL } },
    { "win.mode('sorting')", { "<Control>1", NULL } },
    { "win.mode('window-sum')", { "<Control>2", NULL } },
    { "win.mode('primitives')", { "<Control>3", NULL } },
    { "win.mode('benchmark')", { "<Control>4", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (app, accels[i].action, accels[i].keys);
}

/* The colour scheme: the desktop's (default), or dark or light, through
 * libadwaita's style manager (GtkSettings' dark-theme flag is not for
 * libadwaita applications). */
static void
apply_color_scheme (WsApplication *self)
{
  g_autofree char *scheme = g_settings_get_string (self->settings, "color-scheme");
  AdwColorScheme adw = g_str_equal (scheme, "dark")    ? ADW_COLOR_SCHEME_FORCE_DARK
                       : g_str_equal (scheme, "light") ? ADW_COLOR_SCHEME_FORCE_LIGHT
                                                       : ADW_COLOR_SCHEME_DEFAULT;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), adw);
}

static void
add_settings_actions (WsApplication *self)
{
  g_autoptr (GAction) scheme = NULL, sound = NULL;

  if ((self->settings = ws_ui_settings ()) == NULL)
    return;
  scheme = g_settings_create_action (self->settings, "color-scheme");
  g_action_map_add_action (G_ACTION_MAP (self), scheme);
  sound = g_settings_create_action (self->settings, "sound");
  g_action_map_add_action (G_ACTION_MAP (self), sound);
  g_signal_connect_swapped (self->settings, "changed::color-scheme",
                            G_CALLBACK (apply_color_scheme), self);
  apply_color_scheme (self);
}

static void
ws_application_startup (GApplication *app)
{
  const GActionEntry actions[] = { { "quit", quit }, { "about", about } };
  g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();

  ws_ui_register_resources ();
  G_APPLICATION_CLASS (ws_application_parent_class)->startup (app);
  g_action_map_add_action_entries (G_ACTION_MAP (app), actions, G_N_ELEMENTS (actions), app);
  set_accels (GTK_APPLICATION (app));
  gtk_css_provider_load_from_resource (css, "/io/github/warpscope/Warpscope/ui/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_window_set_default_icon_name (WS_APPLICATION_ID);
  add_settings_actions (WS_APPLICATION (app));
}

static void
ws_application_finalize (GObject *object)
{
  g_clear_object (&WS_APPLICATION (object)->settings);
  G_OBJECT_CLASS (ws_application_parent_class)->finalize (object);
}

static void
ws_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (ws_window_new (GTK_APPLICATION (app)));
  gtk_window_present (window);
}

static void
ws_application_class_init (WsApplicationClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ws_application_finalize;
  G_APPLICATION_CLASS (klass)->startup = ws_application_startup;
  G_APPLICATION_CLASS (klass)->activate = ws_application_activate;
}

static void
ws_application_init (WsApplication *self)
{
}

WsApplication *
ws_application_new (void)
{
  return g_object_new (WS_TYPE_APPLICATION, "application-id", WS_APPLICATION_ID,
                       "resource-base-path", "/io/github/warpscope/Warpscope", NULL);
}
