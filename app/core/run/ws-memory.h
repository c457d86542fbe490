/* ws-memory.h: will a run fit? Its host and device memory, estimated
 * before anything is allocated, against what the machine has free.
 *
 * Linux overcommits: malloc of 64 GiB succeeds on a 24 GiB machine, and the
 * run is later killed by the OOM killer with nothing said. So every front
 * end (`run`, `bench`, `render`, the application's Generate and Run) asks
 * first, and a run that would not fit is refused with what it needs, what
 * is available and what to do.
 *
 * The estimates are per shape of algorithm, as multiples of the input's
 * bytes, measured (peak resident size of `warpscope-cli run`, see
 * docs/reliability.md) and rounded up: the input, the copy a sort works
 * on, the result, the verification's reference and its scratch.
 */
#pragma once

#include <glib.h>

#include "ws-registry.h"

G_BEGIN_DECLS

typedef struct
{
  guint64 host;    /* bytes of host memory at the run's peak */
  guint64 device;  /* bytes of device memory (0 for a CPU variant) */
} WsMemoryNeed;

/* What a run of `variant` of algo on n keys (the grid side N for a window
 * sum) of `type` needs; params give a search's queries, a histogram's bins. */
void     ws_memory_estimate       (const WsAlgorithm *algo,
                                   WsVariant          variant,
                                   const WsParams    *params,
                                   WsKeyType          type,
                                   gsize              n,
                                   WsMemoryNeed      *need);

/* Host memory a new allocation can have: MemAvailable, lowered to what a
 * cgroup's limit leaves. 0 where it cannot be told (then nothing is refused). */
guint64  ws_memory_host_available (void);

typedef enum
{
  WS_MEMORY_HOST   = 1 << 0,
  WS_MEMORY_DEVICE = 1 << 1, /* GPU variants only */
  WS_MEMORY_ALL    = WS_MEMORY_HOST | WS_MEMORY_DEVICE,
} WsMemoryWhere;

/* WS_ERROR_NO_MEMORY when the estimate exceeds what is available on the
 * host or, for a GPU variant, free on the device (where asks which): "bitonic
 * on n = 2^32 float32 keys needs about 96.0 GiB of host memory, but only
 * 21.9 GiB is available; choose a smaller size, at most n = 2^29" (the
 * device's message names the variant: "radix-sort gpu-lib on …").
 * WARPSCOPE_MEMORY_AVAILABLE (bytes) stands in for the host's figure and
 * WARPSCOPE_DEVICE_MEMORY_AVAILABLE for the device's, for tests. */
gboolean ws_memory_check          (const WsAlgorithm *algo,
                                   WsVariant          variant,
                                   const WsParams    *params,
                                   WsKeyType          type,
                                   gsize              n,
                                   WsMemoryWhere      where,
                                   GError           **error);

G_END_DECLS
