/* ws-sorting-work.h: the sorting page's work that touches no widget, so
 * that it can run on a worker thread: passes with their counts and the
 * engine's stage checks, the bins of the next frame, and a new array's
 * stepper, range and first bins. Private to app/ui. */
#pragma once

#include <glib.h>

#include "ws-bars.h"
#include "ws-stepper.h"

G_BEGIN_DECLS

/* Adds the last pass's comparisons and swaps (from its flags). */
void  ws_sorting_count (WsStepper *stepper,
                        guint64   *comparisons,
                        guint64   *swaps);

/* The engine's invariant after a stage, and sortedness at the end: NULL
 * between stages (or once *bad_at ≥ 0), else what the check says;
 * *bad_at gets the first key out of order. */
char *ws_sorting_check (WsStepper *stepper,
                        gint64    *bad_at);

/* Host passes run off the main thread: the job owns what it returns, and
 * the stepper while it runs (the page draws the last frame meanwhile). */
typedef struct
{
  WsStepper *stepper;
  guint      passes;                /* to run */
  guint64    comparisons, swaps;    /* what they did */
  gint64     bad_at;                /* in: the page's; out: after the passes */
  char      *check;                 /* the last check's words, or NULL */
  gboolean   orphaned;              /* the page went away: free the stepper */
  /* The next frame's bins, made here too: 2^24 keys take tens of ms. */
  guint      columns;               /* 0: none */
  gboolean   flags;
  double     vmin, vmax;
  WsBarBin  *bins;
} WsSortingAdvance;

void  ws_sorting_advance_run  (WsSortingAdvance *advance);
void  ws_sorting_advance_free (gpointer          advance);

/* What a generation's worker prepares for a big array stepped on the host,
 * so that the main thread only takes it: the stepper (its copy of the
 * keys), the keys' range, the first frame's bins (columns > 0). */
typedef struct
{
  WsStepper *stepper;
  double     vmin, vmax;
  WsBarBin  *bins;
  guint      columns;
} WsSortingPrepared;

void  ws_sorting_prepare       (WsSortingPrepared *prepared,
                                WsNetworkKind      kind,
                                const WsArray     *keys);
void  ws_sorting_prepared_clear (WsSortingPrepared *prepared);

G_END_DECLS
