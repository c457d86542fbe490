/* ws-bench.h: running a benchmark plan — the engine behind `warpscope-cli
 * bench` and the application's benchmark panel.
 *
 * A plan expands a preset into configurations (size × algorithm ×
 * parameter combination × instance × variant), in that order, so that a run
 * goes from small to large and every variant of one input runs back to back
 * on the same generated data. Each configuration is measured (warm-up runs,
 * then fixed or adaptive repetitions), verified, summarised and handed to
 * the caller as a row as soon as it finishes. The run is synchronous; a UI
 * calls it from a worker and marshals the callbacks itself.
 *
 * A plan whose preset names devices (ws-bench-devices.h) runs in lanes
 * (ws_bench_plan_lanes): its CPU configurations on the calling thread, then
 * each GPU's on a worker thread of its own, all GPUs at once (the phase
 * with the baseline variant goes first, so that every row finds the row it
 * is compared with). The CPU rows are timed alone: cpu-par takes every
 * core, and a GPU worker's host thread generates, copies and verifies on
 * the CPU. The callbacks then come from any of those threads but never two
 * at once: the run holds one lock around each, so a caller writes its files
 * from them as it would from one thread.
 */
#pragma once

#include <gio/gio.h>

#include "ws-preset.h"
#include "ws-run.h"
#include "ws-stats.h"

G_BEGIN_DECLS

typedef struct
{
  const WsAlgorithm *algo;
  WsVariant          variant;
  gsize              n;
  WsParams           params;
  char              *params_text; /* "radius=2;block=8", only the parameters varied; "" if none */
  guint              instance;    /* 0-based */
  guint64            seed;        /* the preset's seed + instance */
  guint              repetitions; /* fixed count; 0 when adaptive */
  gboolean           cold;        /* L2 flushed before each sample: a cold plan's GPU variants */
  int                device;      /* the GPU it runs on (the preset's devices); -1: the thread's own */
  char              *key;         /* identifies the row in result.csv (for --resume) */
} WsBenchConfig;

/* The time model of a plan (ws-bench-estimate.h). */
typedef struct _WsBenchEstimate WsBenchEstimate;

typedef struct
{
  WsPreset        *preset;
  GPtrArray       *configs;  /* WsBenchConfig * */
  /* Owned. A caller that estimated the plan before running it (calibrated,
   * resumed rows marked done) leaves its estimate here; ws_bench_run makes
   * an uncalibrated one when there is none, and feeds it every row. */
  WsBenchEstimate *estimate;
  /* Owned: the GPUs (WsDeviceInfo) as ws_bench_query_gpus gave them, for
   * the rows' share of each one's peak bandwidth. A caller that asked
   * already (for run.ini and result.json) leaves them here; ws_bench_run
   * asks when they are NULL. */
  GArray          *gpus;
} WsBenchPlan;

typedef enum
{
  WS_BENCH_OK,
  WS_BENCH_FAILED,      /* a result disagreed with the reference */
  WS_BENCH_UNAVAILABLE, /* the variant cannot run here (no GPU, not built) */
  WS_BENCH_ERROR,       /* it could not run (out of memory, a device fault, …) */
  WS_BENCH_SKIPPED,     /* n beyond what the algorithm allows */
} WsBenchStatus;

typedef struct
{
  const WsBenchConfig *config;
  WsBenchStatus status;
  char         *message;    /* why it failed or did not run; NULL when ok */
  GArray       *samples;    /* double seconds of the timed quantity */
  WsStats       time;       /* of samples */
  double        alloc, upload, kernel, download; /* phase medians (GPU; CPU: kernel only) */
  char          device[256];
  int           device_index; /* the GPU's number, -1 for the CPU (and a GPU row that never ran) */
  gboolean      has_speedup;
  WsSpeedup     speedup;    /* against the baseline variant on the same input */
  double        elements_per_s;
  double        gb_per_s;   /* effective: the bytes the algorithm must move (ws-roofline.h) */
  double        peak_share; /* gb_per_s over the device's peak; 0 on the CPU */
  double        gflop_per_s;   /* stencil only (study 001) */
  double        flop_per_byte; /* stencil only */
} WsBenchRow;

typedef struct
{
  /* Before a configuration starts: how many of the plan's configurations
   * were started or skipped before it (its index in the plan, when one
   * thread runs them all), the total, and the seconds left by the plan's
   * estimate, this configuration's included (negative while a variant
   * still to run has neither calibration nor a row). */
  void     (*started)  (const WsBenchConfig *config, guint index, guint total,
                        double eta_seconds, gpointer user_data);
  /* A row is final: write it now. FALSE with error stops the run (e.g. the
   * CSV cannot be written). */
  gboolean (*finished) (const WsBenchRow *row, gpointer user_data, GError **error);
  /* Rows already done (from --resume): TRUE to skip the configuration. The
   * callee may fill *row from what it has (for speedups); may be NULL. */
  gboolean (*done)     (const WsBenchConfig *config, WsBenchRow *row, gpointer user_data);
} WsBenchCallbacks;

/* Takes the preset (freed with the plan). */
WsBenchPlan *ws_bench_plan_new   (WsPreset          *preset,
                                  GError           **error);
void         ws_bench_plan_free  (WsBenchPlan       *plan);

/* Runs every configuration. Verification failures are rows (and, with
 * stop_on_failure, end the run with WS_ERROR_VERIFY); cancelling ends it
 * with WS_ERROR_CANCELLED saying which configuration was interrupted. Rows
 * finished before an error or a cancel have been handed to `finished`.
 * With devices, a GPU that cannot be used (WS_ERROR_*, from the backend's
 * use_device) or an error in any lane stops every lane after the sample it
 * is taking, and that error is the run's. */
gboolean     ws_bench_run        (WsBenchPlan            *plan,
                                  const WsBenchCallbacks *callbacks,
                                  gpointer                user_data,
                                  GCancellable           *cancellable,
                                  GError                **error);

/* "radius=2;block=8": the parameters of params that the preset varies and
 * the variant reads, as a row shows them. */
char        *ws_bench_params_text (const WsPreset    *preset,
                                   const WsAlgorithm *algo,
                                   WsVariant          variant,
                                   const WsParams    *params);

/* Whether the variant runs cold in this plan: a cold plan's GPU variants
 * (the CPU has no L2 of the GPU's to flush; its rows say cold = false). */
gboolean     ws_bench_config_cold (const WsPreset *preset,
                                   WsVariant       variant);

/* What identifies a row in result.csv: every setting that changes what is
 * measured ("bitonic|gpu|float32|uniform|1024|radius=2|0|1|kernel", then
 * "|cold" for a cold row and "|gpuN" for a GPU variant run on device N > 0;
 * device -1 or 0 adds nothing). */
char        *ws_bench_config_key (const WsPreset    *preset,
                                  const WsAlgorithm *algo,
                                  WsVariant          variant,
                                  gsize              n,
                                  const char        *params_text,
                                  guint              instance,
                                  int                device);

/* A plan's work as ws_bench_run shares it out: a lane is the
 * configurations one thread runs, in the plan's order. */
typedef struct
{
  int     device;  /* the GPU the lane's thread uses; -1: the CPU's lane (the caller's thread) */
  GArray *configs; /* guint: indices into plan->configs */
} WsBenchLane;

void         ws_bench_lane_free  (WsBenchLane       *lane);
/* Without devices one lane (device -1) of every configuration. With them,
 * the CPU variants' configurations in a lane of their own (device -1,
 * left out when there are none), then a lane a device in the preset's
 * order with that device's GPU configurations (WsBenchLane *). */
GPtrArray   *ws_bench_plan_lanes (const WsBenchPlan *plan);

/* Whether b runs on the inputs a made (same algorithm, size, instance and
 * queries): the run generates them once for both. */
gboolean     ws_bench_config_same_data (const WsBenchConfig *a,
                                        const WsBenchConfig *b);
/* What ws_bench_config_same_data compares, as one string: equal for two
 * configurations exactly when they run on the same inputs. */
char        *ws_bench_config_data_name (const WsBenchConfig *c);

/* A one-line description: "bitonic gpu n=1024 radius=2 #0 seed 1", and
 * " on GPU 1" for a configuration of a named device. */
char        *ws_bench_config_describe (const WsBenchConfig *config);

const char  *ws_bench_status_name (WsBenchStatus status);
gboolean     ws_bench_status_from_string (const char *name, WsBenchStatus *out);

void         ws_bench_row_clear  (WsBenchRow *row);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsBenchPlan, ws_bench_plan_free)

G_END_DECLS
