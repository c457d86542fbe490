/* ws-run-data.h: the generated inputs of a run — keys, the N×N grid of a
 * window sum, the second array of a dot product, the sorted array and the
 * query keys of a search — made the same way for `run` and for benchmarks,
 * so that a benchmark row and a single run of the same seed see the same
 * data.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"
#include "ws-generator.h"
#include "ws-run.h"

G_BEGIN_DECLS

typedef struct
{
  WsArray *input;   /* keys; the grid (side × side) for stencil; sorted for searches */
  WsArray *input2;  /* dot: the second array (seed + 1) */
  WsArray *keys;    /* searches: the queries (seed + 1) */
  gsize    side;    /* stencil: N */
} WsRunData;

/* n keys (the grid side N for stencil) of `type` from `dist` and `seed`;
 * params give the number of queries of a search. */
gboolean ws_run_data_generate (const WsAlgorithm *algo,
                               const WsParams    *params,
                               WsKeyType          type,
                               WsDistribution     dist,
                               gsize              n,
                               guint64            seed,
                               WsRunData         *data,
                               GError           **error);

/* Point a run's inputs at the data (which must outlive the run). */
void     ws_run_data_bind     (const WsRunData   *data,
                               WsRunInput        *in);

void     ws_run_data_clear    (WsRunData         *data);

G_END_DECLS
