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

/* Where the time of one run went, in seconds. A CPU run is all "kernel";
 * a GPU run splits allocation and total (host clock) from upload, kernels
 * and download (CUDA events), so that both end-to-end figures (study 000
 * timed with transfers) and kernel-only figures can be reported. */
typedef struct
{
  double  alloc;
  double  upload;
  double  kernel;
  double  download;
  double  total;
  guint64 launches;       /* GPU kernel launches; 0 on the CPU */
  char    device[256];    /* the GPU that ran it, or "" on the CPU */
} WsPhaseTimes;

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
  double      seconds;    /* the algorithm alone: its CPU time, or a GPU run's kernels */
  WsPhaseTimes times;
} WsRunOutput;

/* Run in->variant of in->algo on its backend. Inputs are not modified
 * (sorts work on a copy). A GPU variant without a usable GPU fails with
 * WS_ERROR_UNAVAILABLE saying why, so that callers can fall back. */
gboolean ws_run          (const WsRunInput *in,
                          WsRunOutput      *out,
                          GError          **error);

/* The CPU backend's run: dispatch to app/core's algorithms, timed by the
 * host clock. ws_run has prepared out (copies for in-place algorithms). */
gboolean ws_run_on_cpu   (const WsRunInput *in,
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
