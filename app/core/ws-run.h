/* ws-run.h: run one algorithm variant on prepared inputs, time it, verify it.
 *
 * The CLI's `run` and, later, the application's "run once" share this so that
 * an algorithm is dispatched, timed and checked in one place.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"
#include "ws-registry.h"

G_BEGIN_DECLS

typedef struct
{
  const WsAlgorithm *algo;
  WsVariant          variant;
  WsParams           params;
  const WsArray     *input;   /* keys; the N×N grid for stencil; the sorted array for searches */
  gsize              side;    /* stencil: N */
  const WsArray     *input2;  /* dot: the second array */
  const WsArray     *keys;    /* searches: the query keys */
} WsRunInput;

typedef struct
{
  WsArray    *array;      /* sort, scan, stencil results (stencil: rows × cols) */
  WsArray    *array2;     /* dot: the second array, sorted */
  gsize       rows;
  gsize       cols;
  guint64    *counts;     /* histogram: n_counts bins over [lo, hi] */
  guint       n_counts;
  double      lo;
  double      hi;
  gint64     *indices;    /* searches: one per key */
  gsize       n_indices;
  WsScalar    scalar;     /* dot, reduce */
  gboolean    has_scalar;
  WsCounters  counters;
  double      seconds;    /* the algorithm alone, host monotonic clock */
} WsRunOutput;

/* Run in->variant of in->algo. Inputs are not modified (sorts work on a copy). */
gboolean ws_run          (const WsRunInput *in,
                          WsRunOutput      *out,
                          GError          **error);

/* Check out against an independent reference; on success *verdict says what
 * was checked. A wrong result is WS_ERROR_VERIFY saying where it is wrong. */
gboolean ws_run_verify   (const WsRunInput  *in,
                          const WsRunOutput *out,
                          char             **verdict,
                          GError           **error);

void     ws_run_output_clear (WsRunOutput *out);

G_END_DECLS
