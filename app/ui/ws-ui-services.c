/* ws-ui-services.c: what the pages ask of the program (see ws-ui-services.h). */
#include "ws-ui-services.h"

#include "ws-backend.h"
#include "ws-ui-resources.h"

#include <adwaita.h>

void
ws_ui_register_resources (void)
{
  static gsize once = 0;

  if (g_once_init_enter (&once))
    {
      g_resources_register (ws_ui_get_resource ());
      g_once_init_leave (&once, 1);
    }
}

static GArray *gpus;
static char   *no_gpu;

/* A backend without device memory (no device ops) serves no mode here. */
static void
ask_gpus (void)
{
  const WsBackend *cuda = ws_backend_gpu ();
  g_autoptr (GError) why = NULL;

  if (cuda->device == NULL || !cuda->query_devices (cuda, &gpus, &why) || gpus->len == 0)
    {
      g_clear_pointer (&gpus, g_array_unref);
      gpus = g_array_new (FALSE, TRUE, sizeof (WsDeviceInfo));
      no_gpu = g_strdup (why ? why->message : "This build has no CUDA backend");
    }
}

const GArray *
ws_ui_gpus (const char **why)
{
  static gsize once = 0;

  if (g_once_init_enter (&once))
    {
      ask_gpus ();
      g_once_init_leave (&once, 1);
    }
  if (why != NULL)
    *why = no_gpu;
  return gpus;
}

gboolean
ws_ui_gpu (char **name_or_reason)
{
  const char *why;
  const GArray *all = ws_ui_gpus (&why);

  if (all->len > 0)
    {
      *name_or_reason = g_strdup (g_array_index (all, WsDeviceInfo, 0).name);
      return TRUE;
    }
  *name_or_reason = g_strdup (why);
  return FALSE;
}

GSettings *
ws_ui_settings (void)
{
  static gsize warned = 0;
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema
    = source ? g_settings_schema_source_lookup (source, WS_APPLICATION_ID, TRUE) : NULL;

  if (schema != NULL)
    return g_settings_new_full (schema, NULL, NULL);
  if (g_once_init_enter (&warned))
    {
      g_message ("The settings schema %s is not installed; preferences will not be kept "
                 "(run through `make run`, or install Warpscope)", WS_APPLICATION_ID);
      g_once_init_leave (&warned, 1);
    }
  return NULL;
}

double
ws_ui_emphasis (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);

  return root != NULL && gtk_widget_has_css_class (GTK_WIDGET (root), "presentation") ? 1.5 : 1.0;
}

void
ws_ui_set_presentation (GtkWidget *window, gboolean on)
{
  if (on)
    gtk_widget_add_css_class (window, "presentation");
  else
    gtk_widget_remove_css_class (window, "presentation");
}

gboolean
ws_ui_toast (GtkWidget *widget, const char *text, gboolean failure)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  AdwToast *toast;

  if (overlay == NULL)
    return FALSE;
  toast = adw_toast_new (text);
  if (failure)
    {
      adw_toast_set_timeout (toast, 0); /* stays until dismissed */
      adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
    }
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
  return TRUE;
}
