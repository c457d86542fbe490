/* ws-network-scene-private.h: a scene's test hook, kept out of its header. */
#pragma once

#include "ws-network-scene.h"

G_BEGIN_DECLS

/* Exchanges keys i and i + 1 where the keys are, as a broken kernel would,
 * and checks the last pass again (ws_stepper_corrupt). */
gboolean ws_network_scene_corrupt (WsNetworkScene *scene,
                                   gsize           i,
                                   GError        **error);

G_END_DECLS
