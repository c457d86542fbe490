/* ws-bench-repeat.h: one configuration run again and again for its timing,
 * through the engine's ws_run — `warpscope-cli run --repeat` and the
 * roofline table (`warpscope-cli roofline`) report the same medians.
 *
 * The caller makes the first run (a warm-up: the GPU's context, its
 * clocks, the pages of the inputs) and looks at its result; the repeats are
 * timed, and each phase's median is what a report shows. The presets' runs
 * (ws-bench.h) measure adaptively instead, with confidence intervals.
 */
#pragma once

#include <glib.h>

#include "ws-run.h"

G_BEGIN_DECLS

typedef struct
{
  guint        runs;       /* timed runs */
  WsPhaseTimes median;     /* each phase's median; device and launches of the last run */
  double       min_kernel; /* the fastest and slowest kernels (CPU: the run's time) */
  double       max_kernel;
} WsRepeatTiming;

/* `repeat` (≥ 1) more runs of in, out cleared before each and holding the
 * last one's result after; a cancel (ws-cancel.h) is looked for before
 * each. FALSE with the first failure, out then cleared. */
gboolean ws_bench_repeat (const WsRunInput *in,
                          guint             repeat,
                          WsRunOutput      *out,
                          WsRepeatTiming   *timing,
                          GError          **error);

G_END_DECLS
