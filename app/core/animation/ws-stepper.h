/* ws-stepper.h: a sorting network run one pass at a time, on the host or
 * in a device's memory, with what each pass did — the keys it compared and
 * swapped, the counts — and the check of every pass that ends a stage
 * (ws_network_pass_check), made where the keys are: on a device the host
 * reads a tally of a few bytes, never the keys. For the animation scenes
 * and the frame export.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"
#include "ws-network.h"

G_BEGIN_DECLS

typedef struct _WsStepper WsStepper;

/* A stepper over a copy of input, padded to the network's width. */
WsStepper     *ws_stepper_new        (WsNetworkKind  kind,
                                      const WsArray *input,
                                      GError       **error);
void           ws_stepper_free       (WsStepper     *stepper);

/* The same with the keys in the backend's device memory (its device ops):
 * passes, counts and checks run there (ws_stepper_step_device); the host
 * copy and the flags are brought back only by ws_stepper_sync.
 * WS_ERROR_UNAVAILABLE for a backend without a device. */
typedef struct _WsBackend WsBackend;
WsStepper     *ws_stepper_new_on_device (WsNetworkKind    kind,
                                         const WsArray   *input,
                                         const WsBackend *backend,
                                         GError         **error);
/* Runs the next pass on the device, and its check where it ends a stage
 * (reading the tally then); *stepped FALSE when all have run. */
gboolean       ws_stepper_step_device   (WsStepper       *stepper,
                                         gboolean        *stepped,
                                         GError         **error);
/* Whether the keys are in device memory. */
gboolean       ws_stepper_on_device     (const WsStepper *stepper);
/* Brings the device's keys and flags to the host (ws_stepper_keys, _flags),
 * once after each pass however often it is asked. */
gboolean       ws_stepper_sync          (WsStepper       *stepper,
                                         GError         **error);
/* The device keys (width of them) and the last pass's flags (NULL before
 * the first pass), for frames made on the device. */
gconstpointer  ws_stepper_device_keys   (const WsStepper *stepper);
const guint8  *ws_stepper_device_flags  (const WsStepper *stepper);

const WsNetwork *ws_stepper_network  (const WsStepper *stepper);
/* The passes run so far (0 before the first). */
guint          ws_stepper_done       (const WsStepper *stepper);
gboolean       ws_stepper_finished   (const WsStepper *stepper);

/* Runs the next pass; FALSE when all have run. */
gboolean       ws_stepper_step       (WsStepper     *stepper);
/* Runs the next pass wherever the keys are; *stepped FALSE when all have run. */
gboolean       ws_stepper_next       (WsStepper     *stepper,
                                      gboolean      *stepped,
                                      GError       **error);

/* The comparators run and the exchanges made by the passes so far (on a
 * device: read from its tally, a few bytes, when passes ran since). */
gboolean       ws_stepper_counts     (WsStepper     *stepper,
                                      guint64       *comparisons,
                                      guint64       *swaps,
                                      GError       **error);
/* What the checks found: NULL before the first pass that ends a stage,
 * then "✓ the stage holds", "✓ sorted" after the last pass, or "✗ broken
 * at key N: …" — after which later passes go unchecked. */
const char    *ws_stepper_check_text (const WsStepper *stepper);
/* The first key a check found out of order, or -1. */
gint64         ws_stepper_bad_at     (const WsStepper *stepper);

/* The keys now (the network's width of them). */
const WsArray *ws_stepper_keys       (const WsStepper *stepper);
/* Per key, WS_BAR_COMPARED and WS_BAR_SWAPPED for the last pass run (all
 * zero before the first). */
const guint8  *ws_stepper_flags      (const WsStepper *stepper);
/* The comparators of the last pass run (*count of them; none before the
 * first), enumerated on the host when first asked for. */
const WsComparator *ws_stepper_comparators (WsStepper       *stepper,
                                            gsize           *count);
/* The length of the sorted runs the last pass works on — bitonic k, merge
 * 2p — to mark stage boundaries; 0 for odd-even and before the first pass. */
guint64        ws_stepper_run_length (const WsStepper *stepper);
/* "pass 3 of 10 — stage k=4, distance j=1", or "initial state". */
char          *ws_stepper_label      (const WsStepper *stepper);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsStepper, ws_stepper_free)

G_END_DECLS
