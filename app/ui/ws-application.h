/* ws-application.h: the GtkApplication — its id, actions, accelerators,
 * style sheet and settings. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define WS_APPLICATION_ID "io.github.warpscope.Warpscope"

#define WS_TYPE_APPLICATION (ws_application_get_type ())
G_DECLARE_FINAL_TYPE (WsApplication, ws_application, WS, APPLICATION, GtkApplication)

WsApplication *ws_application_new      (void);

/* Registers the templates' GResource (once). A static library's resource
 * is not linked in unless asked for: every template class calls this in
 * its class_init, so a widget works alone (the tests) as in the window. */
void           ws_ui_register_resources (void);

/* The application's settings, or NULL (with one warning) where its schema
 * is not installed — then nothing persists, and nothing breaks. */
GSettings     *ws_application_settings (void);

/* The GPU the modes can use: TRUE with its name, or FALSE with why not
 * (no CUDA device, no driver, a build without CUDA). Free with g_free. */
gboolean       ws_application_gpu      (char **name_or_reason);

G_END_DECLS
