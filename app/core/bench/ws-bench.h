/* ws-bench.h: running a benchmark plan — the engine behind `warpscope-cli
 * bench` and the application's benchmark panel.
 *
 * A plan expands a preset into configurations (size × algorithm ×
 * parameter combination × instance × variant), in that order, so that a run
 * goes from small to large and every variant of one input runs back to back
 * on the same generated data. Each configuration is measured (warm-up runs,
 * then fixed or adaptive repetitions), verified, summarised and handed to
 * the caller as a row as soon as it finishes. The run is synchronous and
 * reports through callbacks on the calling thread; a UI calls it from a
 * worker and marshals the callbacks itself.
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
  /* Before a configuration starts: its index, the total, and the seconds
   * left by the plan's estimate, this configuration's included (negative
   * while a variant still to run has neither calibration nor a row). */
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
 * finished before an error or a cancel have been handed to `finished`. */
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
 * measured ("bitonic|gpu|float32|uniform|1024|radius=2|0|1|kernel", and
 * "|cold" after it for a cold row). */
char        *ws_bench_config_key (const WsPreset    *preset,
                                  const WsAlgorithm *algo,
                                  WsVariant          variant,
                                  gsize              n,
                                  const char        *params_text,
                                  guint              instance);

/* Whether b runs on the inputs a made (same algorithm, size, instance and
 * queries): the run generates them once for both. */
gboolean     ws_bench_config_same_data (const WsBenchConfig *a,
                                        const WsBenchConfig *b);

/* A one-line description: "bitonic gpu n=1024 radius=2 #0 seed 1". */
char        *ws_bench_config_describe (const WsBenchConfig *config);

const char  *ws_bench_status_name (WsBenchStatus status);
gboolean     ws_bench_status_from_string (const char *name, WsBenchStatus *out);

void         ws_bench_row_clear  (WsBenchRow *row);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsBenchPlan, ws_bench_plan_free)

G_END_DECLS
