/* ws-application.h: the AdwApplication — its id, actions, accelerators,
 * style sheet and colour scheme; it makes the windows. */
#pragma once

#include <adwaita.h>

#include "ws-ui-services.h" /* WS_APPLICATION_ID */

G_BEGIN_DECLS

#define WS_TYPE_APPLICATION (ws_application_get_type ())
G_DECLARE_FINAL_TYPE (WsApplication, ws_application, WS, APPLICATION, AdwApplication)

WsApplication *ws_application_new      (void);

G_END_DECLS
