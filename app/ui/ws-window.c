/* ws-window.c: the main window (see ws-window.h). */
#include "ws-window.h"

#include "ws-export-dialog.h"
#include "ws-export-source.h"
#include "ws-ui-services.h"
#include "ws-transport.h"
#include "ws-window-sum-page.h"

#include <string.h>

struct _WsWindow
{
  AdwApplicationWindow parent_instance;
  AdwHeaderBar        *header;
  AdwToastOverlay     *toasts;
  AdwViewStack        *stack;
  WsSortingPage       *sorting;
  WsWindowSumPage     *window_sum;
  WsPrimitivesPage    *primitives;
  WsBenchPage         *bench;
  GSettings           *settings; /* NULL where the schema is not installed */
};

G_DEFINE_FINAL_TYPE (WsWindow, ws_window, ADW_TYPE_APPLICATION_WINDOW)

/* The window's transport keys (ws-application.c gives their accelerators). */
static const char *const transport[] = { "win.play", "win.step", "win.step-back", "win.reset",
                                         "win.faster", "win.slower" };

/* The transport keys drive the page that shows, through its own actions
 * (ws-transport.h): no page is named here. */
static void
forward (GtkWidget *widget, const char *action, GVariant *param)
{
  WsWindow *self = WS_WINDOW (widget);

  ws_transport_activate (adw_view_stack_get_visible_child (self->stack), action + strlen ("win."));
}

static void
fullscreen (GtkWidget *widget, const char *action, GVariant *param)
{
  GtkWindow *w = GTK_WINDOW (widget);

  if (gtk_window_is_fullscreen (w))
    gtk_window_unfullscreen (w);
  else
    gtk_window_fullscreen (w);
}

/* File ▸ Export Animation…: the page that shows describes its animation
 * (ws-export-source.h); the dialog exports a copy of it. */
static void
export_animation (GSimpleAction *action, GVariant *param, gpointer data)
{
  WsWindow *self = WS_WINDOW (data);
  g_autoptr (GError) error = NULL;
  GtkWidget *page = adw_view_stack_get_visible_child (self->stack);
  WsExportSource *source = ws_export_source_describe (page, &error);

  if (source == NULL)
    {
      ws_ui_toast (page, error->message, FALSE);
      return;
    }
  gtk_window_present (GTK_WINDOW (ws_export_dialog_new (page, source)));
}

/* Full screen hides the header bar (on_fullscreen_changed), and with it the
 * modes and the menu: Escape is the way out there (Ctrl+1…4 still switch
 * the modes). */
static void
leave_fullscreen (GtkWidget *widget, const char *action, GVariant *param)
{
  gtk_window_unfullscreen (GTK_WINDOW (widget));
}

static void
on_fullscreen_changed (WsWindow *self)
{
  gboolean full = gtk_window_is_fullscreen (GTK_WINDOW (self));

  gtk_widget_set_visible (GTK_WIDGET (self->header), !full);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.leave-fullscreen", full);
}

/* win.mode('sorting'), …: the modes by name, for Ctrl+1…4. */
static void
switch_mode (GtkWidget *widget, const char *action, GVariant *param)
{
  ws_window_set_mode (WS_WINDOW (widget), g_variant_get_string (param, NULL));
}

enum { PROP_0, PROP_PRESENTATION, N_PROPS };
static GParamSpec *properties[N_PROPS];

/* Presentation mode: larger text in the panels (CSS) and on the canvases,
 * thicker strokes there (WsCanvas reads the class). */
static void
set_presentation (WsWindow *self, gboolean on)
{
  if (on == gtk_widget_has_css_class (GTK_WIDGET (self), "presentation"))
    return;
  ws_ui_set_presentation (GTK_WIDGET (self), on);
  if (self->settings != NULL)
    g_settings_set_boolean (self->settings, "presentation", on);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENTATION]);
}

static void
ws_window_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  if (id == PROP_PRESENTATION)
    g_value_set_boolean (value, gtk_widget_has_css_class (GTK_WIDGET (object), "presentation"));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
}

static void
ws_window_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  if (id == PROP_PRESENTATION)
    set_presentation (WS_WINDOW (object), g_value_get_boolean (value));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
}

static void
ws_window_dispose (GObject *object)
{
  WsWindow *self = WS_WINDOW (object);

  if (self->settings != NULL)
    {
      g_settings_set_string (self->settings, "mode", ws_window_get_mode (self));
      g_settings_set_boolean (self->settings, "window-maximized",
                              gtk_window_is_maximized (GTK_WINDOW (self)));
    }
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), WS_TYPE_WINDOW);
  G_OBJECT_CLASS (ws_window_parent_class)->dispose (object);
}

static void
ws_window_class_init (WsWindowClass *klass)
{
  GtkWidgetClass *w = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ws_window_dispose;
  G_OBJECT_CLASS (klass)->get_property = ws_window_get_property;
  G_OBJECT_CLASS (klass)->set_property = ws_window_set_property;
  properties[PROP_PRESENTATION]
    = g_param_spec_boolean ("presentation", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (G_OBJECT_CLASS (klass), N_PROPS, properties);
  ws_ui_register_resources ();
  g_type_ensure (WS_TYPE_SORTING_PAGE);
  g_type_ensure (WS_TYPE_WINDOW_SUM_PAGE);
  g_type_ensure (WS_TYPE_PRIMITIVES_PAGE);
  g_type_ensure (WS_TYPE_BENCH_PAGE);
  gtk_widget_class_set_template_from_resource (w, "/io/github/warpscope/Warpscope/ui/ws-window.ui");
  gtk_widget_class_bind_template_child (w, WsWindow, header);
  gtk_widget_class_bind_template_child (w, WsWindow, toasts);
  gtk_widget_class_bind_template_child (w, WsWindow, stack);
  gtk_widget_class_bind_template_child (w, WsWindow, sorting);
  gtk_widget_class_bind_template_child (w, WsWindow, window_sum);
  gtk_widget_class_bind_template_child (w, WsWindow, primitives);
  gtk_widget_class_bind_template_child (w, WsWindow, bench);
  for (guint i = 0; i < G_N_ELEMENTS (transport); i++)
    gtk_widget_class_install_action (w, transport[i], NULL, forward);
  gtk_widget_class_install_action (w, "win.fullscreen", NULL, fullscreen);
  gtk_widget_class_install_action (w, "win.leave-fullscreen", NULL, leave_fullscreen);
  gtk_widget_class_add_binding_action (w, GDK_KEY_Escape, 0, "win.leave-fullscreen", NULL);
  gtk_widget_class_install_action (w, "win.mode", "s", switch_mode);
  gtk_widget_class_install_property_action (w, "win.presentation", "presentation");
}

/* A mode with nothing to play (the benchmark) has no transport: the keys
 * rest there, so Space and the arrows reach its controls. */
static void
on_mode_changed (WsWindow *self)
{
  GtkWidget *page = adw_view_stack_get_visible_child (self->stack);
  gboolean animated = ws_transport_offered (page);
  GAction *export = g_action_map_lookup_action (G_ACTION_MAP (self), "export-animation");

  for (guint i = 0; i < G_N_ELEMENTS (transport); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), transport[i], animated);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (export), ws_export_source_offered (page));
}

static void
ws_window_init (WsWindow *self)
{
  static const GActionEntry actions[] = {
    { "export-animation", export_animation, NULL, NULL, NULL },
  };

  gtk_widget_init_template (GTK_WIDGET (self));
  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);
  on_mode_changed (self);
  g_signal_connect_swapped (self->stack, "notify::visible-child-name", G_CALLBACK (on_mode_changed), self);
  g_signal_connect_swapped (self, "notify::fullscreened", G_CALLBACK (on_fullscreen_changed), self);
  on_fullscreen_changed (self);
  self->settings = ws_ui_settings ();
  if (self->settings == NULL)
    return;
  g_autofree char *mode = g_settings_get_string (self->settings, "mode");
  ws_window_set_mode (self, mode);
  set_presentation (self, g_settings_get_boolean (self->settings, "presentation"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
}

GtkWidget *
ws_window_new (GtkApplication *app)
{
  return g_object_new (WS_TYPE_WINDOW, "application", app, NULL);
}

WsSortingPage *
ws_window_sorting_page (WsWindow *self)
{
  return self->sorting;
}

WsPrimitivesPage *
ws_window_primitives_page (WsWindow *self)
{
  return self->primitives;
}

WsBenchPage *
ws_window_bench_page (WsWindow *self)
{
  return self->bench;
}

WsWindowSumPage *
ws_window_window_sum_page (WsWindow *self)
{
  return self->window_sum;
}

void
ws_window_set_mode (WsWindow *self, const char *mode)
{
  if (adw_view_stack_get_child_by_name (self->stack, mode) != NULL)
    adw_view_stack_set_visible_child_name (self->stack, mode);
}

const char *
ws_window_get_mode (WsWindow *self)
{
  return adw_view_stack_get_visible_child_name (self->stack);
}
