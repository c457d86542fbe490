/* ws-run-types.h: the request and the outcome of one run.
 *
 * What ws_run (ws-run.h) takes and gives, and what a backend's run works
 * on (ws-backend.h): apart from both, so that the backends stand below the
 * run that picks one of them.
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
  gboolean           cold;    /* GPU: flush the L2 cache before the kernels; the CPU ignores it */
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
  int     device_index;   /* its number, as query_devices orders them; read only where device is set */
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

G_END_DECLS
