/* ws-bench-estimate.h: how long a benchmark plan will take, before it runs
 * and while it runs.
 *
 * A run of one algorithm × variant is modelled as c + k·W seconds, W the
 * work its cost model gives for the configuration's n and parameters
 * (ws_algorithm_work: n, n log² n, n², N²·(2R+1)², …). c and k are fitted
 * to what was measured: before the first row to a short calibration (a few
 * runs at small, growing sizes, never beyond the plan's), then to every row
 * as it finishes, the smallest and the largest work seen anchoring the fit
 * so that big sizes are extrapolated from the nearest measurement. A
 * configuration takes its runs — warm-up and timed; adaptive ones as many
 * as the budget allows, scaled by how many the finished adaptive rows
 * needed — plus its inputs' generation (where the data is new) and its
 * verification, both modelled per algorithm on e·log e for e input
 * elements. Configurations that cannot run here (no GPU) or are skipped
 * (n above the algorithm's limit) count as no time.
 *
 * Not thread-safe: one thread calibrates, observes and asks at a time.
 */
#pragma once

#include "ws-bench.h"

G_BEGIN_DECLS

/* Plans estimated above this ask before they start: the CLI wants --yes
 * (or an answer on its terminal), the application a click. */
#define WS_BENCH_CONFIRM_SECONDS 600.0

/* What one configuration took, as ws_bench_run measured it. */
typedef struct
{
  WsBenchStatus status;
  double        seconds;          /* from start to its row, everything included */
  double        run_seconds;      /* of which its runs, warm-up and timed (wall clock) */
  guint         runs;             /* how many runs that was */
  double        generate_seconds; /* of which making its inputs; 0 when reused */
} WsBenchTiming;

WsBenchEstimate *ws_bench_estimate_new       (const WsBenchPlan   *plan);
void             ws_bench_estimate_free      (WsBenchEstimate     *estimate);

/* Configuration index is done already (resume): it takes no time. */
void             ws_bench_estimate_set_done  (WsBenchEstimate     *estimate,
                                              guint                index);

/* Times a few runs of every algorithm × variant the plan still has to run
 * (from about 1024 keys up, ×4 a step, until a run takes 50 ms or the
 * plan's own sizes are reached), with their generation and verification,
 * so that an estimate exists before the first row. Honours the thread's
 * cancellable (ws-cancel.h): FALSE with WS_ERROR_CANCELLED. A variant that
 * cannot run here is noted as taking no time, not an error. */
gboolean         ws_bench_estimate_calibrate (WsBenchEstimate     *estimate,
                                              GError             **error);
/* The seconds ws_bench_estimate_calibrate took (0 before). */
double           ws_bench_estimate_calibration_seconds (const WsBenchEstimate *estimate);

/* Configuration index finished in timing: its figures join the fit. */
void             ws_bench_estimate_observe   (WsBenchEstimate     *estimate,
                                              guint                index,
                                              const WsBenchTiming *timing);

/* Seconds configuration index will take; negative while nothing is known
 * of its algorithm × variant (no calibration, no row yet). */
double           ws_bench_estimate_config    (const WsBenchEstimate *estimate,
                                              guint                  index);
/* Seconds the configurations from index `from` on will take, those done
 * left out; negative while one of them is unknown. */
double           ws_bench_estimate_left      (const WsBenchEstimate *estimate,
                                              guint                  from);

/* The seconds a run of the plan cut in lanes (ws_bench_plan_lanes) has
 * left: the CPU's lane, then the GPUs' at once — the CPU's plus the
 * longest GPU lane's; without devices, the one lane's. Configurations done
 * and finished (finished[i] TRUE; finished may be NULL) are left out;
 * negative while one to come is unknown. */
double           ws_bench_estimate_lanes_left (const WsBenchEstimate *estimate,
                                               const GPtrArray       *lanes,
                                               const gboolean        *finished);

/* The same before a run: the plan's own lanes, nothing finished — what
 * bench and the panel say the plan will take. */
double           ws_bench_estimate_plan_left (const WsBenchEstimate *estimate);

/* "45 s", "4 min 11 s", "5 h 12 min", "3 d 4 h"; "unknown" when negative. */
char            *ws_bench_format_duration    (double               seconds);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsBenchEstimate, ws_bench_estimate_free)

G_END_DECLS
