/* ws-stepper-private.h: a stepper's test hook, kept out of its header. */
#pragma once

#include "ws-stepper.h"

G_BEGIN_DECLS

/* Exchanges keys i and i + 1 where the keys are, as a broken kernel would,
 * forgets what the checks found and checks the last pass again (when it
 * ends a stage), so that tests and demonstrations see a check fail. */
gboolean ws_stepper_corrupt (WsStepper *stepper,
                             gsize      i,
                             GError   **error);

G_END_DECLS
