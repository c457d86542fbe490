/* ws-transport.c: the pages' transport actions (see ws-transport.h). */
#include "ws-transport.h"

#include <math.h>
#include <string.h>

static const char *const names[] = { "play", "step", "step-back", "reset", "faster", "slower" };

static GQuark
transport_quark (void)
{
  return g_quark_from_static_string ("ws-transport");
}

static const WsTransport *
transport_of (GtkWidget *page)
{
  return g_type_get_qdata (G_OBJECT_TYPE (page), transport_quark ());
}

static void
activate (GtkWidget *page, const char *action, GVariant *param)
{
  const WsTransport *t = transport_of (page);
  const char *name = action + strlen ("page.");

  if (g_str_equal (name, "play"))
    t->play (page);
  else if (g_str_equal (name, "step") || g_str_equal (name, "step-back"))
    t->step (page, g_str_equal (name, "step") ? 1 : -1);
  else if (g_str_equal (name, "reset"))
    t->reset (page);
  else
    t->speed (page, g_str_equal (name, "faster") ? WS_TRANSPORT_SPEED_STEP
                                                 : 1.0 / WS_TRANSPORT_SPEED_STEP);
}

void
ws_transport_install (GtkWidgetClass *klass, const WsTransport *transport)
{
  g_type_set_qdata (G_TYPE_FROM_CLASS (klass), transport_quark (), (gpointer) transport);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *action = g_strconcat ("page.", names[i], NULL);
      gtk_widget_class_install_action (klass, action, NULL, activate);
    }
}

gboolean
ws_transport_offered (GtkWidget *page)
{
  return page != NULL && transport_of (page) != NULL;
}

gboolean
ws_transport_activate (GtkWidget *page, const char *name)
{
  g_autofree char *action = g_strconcat ("page.", name, NULL);

  return ws_transport_offered (page) && gtk_widget_activate_action (page, action, NULL);
}

GParamSpec *
ws_transport_speed_pspec (void)
{
  return g_param_spec_double ("speed", NULL, "Times the natural pace", 1.0 / 16, 16.0, 1.0,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

GParamSpec *
ws_transport_playing_pspec (void)
{
  return g_param_spec_boolean ("playing", NULL, "Whether it plays", FALSE,
                               G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

double
ws_transport_scale (double speed, double factor)
{
  double scaled = CLAMP (speed * factor, 1.0 / 16, 16.0);

  return fabs (scaled - 1.0) < 1e-9 ? 1.0 : scaled;
}

char *
ws_transport_speed_text (double speed)
{
  if (speed == 1.0)
    return g_strdup ("");
  return g_strdup_printf (" · %.3g× speed", speed);
}
