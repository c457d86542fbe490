/* ws-bench-private.h: what the runner's two files share — ws-bench.c
 * measures the configurations of a lane on the calling thread,
 * ws-bench-lanes.c runs a plan's lanes (ws-bench.h), one thread a GPU. */
#pragma once

#include "ws-bench-estimate.h"
#include "ws-bench.h"

G_BEGIN_DECLS

/* One run of a plan, as every lane sees it. `lock` guards what lanes share:
 * the callbacks (never called twice at once), the baselines, the estimate,
 * `reached` and `finished`. */
typedef struct
{
  WsBenchPlan            *plan;
  const WsBenchCallbacks *cb;
  gpointer                user_data;
  GPtrArray              *lanes;     /* WsBenchLane * */
  GMutex                  lock;
  GHashTable             *baselines; /* config key -> WsStats * of baseline rows */
  guint                   reached;   /* configurations started or skipped so far */
  gboolean               *finished;  /* per configuration: its row handed over, or skipped */
  int                     base_device; /* a GPU baseline's device for CPU rows; -1: none named */
} WsBenchShared;

/* Runs each configuration of lane on the calling thread, in order; FALSE
 * for what ends the run (a cancel, stop_on_failure, a callback's error). */
gboolean ws_bench_lane_run     (WsBenchShared     *shared,
                                const WsBenchLane *lane,
                                GError           **error);

G_END_DECLS
