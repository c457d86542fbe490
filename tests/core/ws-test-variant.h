/* ws-test-variant.h: an algorithm's variants as a table of test cases.
 *
 * One test program per algorithm checks every variant the registry defines
 * for it (cpu-seq, cpu-par, gpu-seed, gpu, gpu-lib, …) against the test's
 * own reference, each run through ws_run: the path the CLI, the benchmarks
 * and the application take. A variant this machine cannot run (a build
 * without CUDA, no device, a variant its backend lacks) skips with the
 * backend's reason, so that the same program serves every build: its GPU
 * cases skip on CI and run on the GPU machine.
 */
#pragma once

#include <glib.h>

#include "ws-config.h"
#include "ws-run.h"
#include "ws-test-util.h"

G_BEGIN_DECLS

/* Sets of variants and of key types, as bits. */
#define WS_TEST_VARIANT(v) (1u << (v))
#define WS_TEST_ALL        ((1u << WS_N_VARIANTS) - 1)
#define WS_TEST_CPU        (WS_TEST_VARIANT (WS_VARIANT_CPU_SEQ) \
                            | WS_TEST_VARIANT (WS_VARIANT_CPU_PAR))
#define WS_TEST_GPU        (WS_TEST_ALL & ~WS_TEST_CPU)
#define WS_TEST_TYPE(t)    (1u << (t))

/* Rows of a test table: func is registered once per key type the algorithm
 * takes (of `types`; 0: every one), per variant the registry defines for it
 * (of `variants`; 0: every one) and, with per_dist, per distribution, as
 * "<path>/<type>/<variant>[/<dist>]". func gets a WsTestCase (algo set) and
 * runs only where the variant can: otherwise the case skips, saying why. */
typedef struct
{
  const char   *path;
  const char   *algorithm;
  guint         variants;
  guint         types;
  gboolean      per_dist;
  GTestDataFunc func;
  guint         extra;   /* WsTestCase.extra */
} WsTestRows;

void        ws_test_add_rows          (const WsTestRows *rows,
                                       guint             n_rows);

/* TRUE, with the running case skipped and the reason given, when this
 * machine cannot run the variant of algo (or any GPU variant). */
gboolean    ws_test_skip_variant      (const WsAlgorithm *algo,
                                       WsVariant          variant);
gboolean    ws_test_skip_without_gpu  (void);

/* A run of the case's algorithm and variant on input, with the parameters'
 * defaults; ws_test_run_param sets one (asserting it is valid). */
WsRunInput  ws_test_run_input         (const WsTestCase *c,
                                       const WsArray    *input);
void        ws_test_run_param         (WsRunInput       *in,
                                       const char       *name,
                                       gint64            value);

/* ws_run; where it succeeds on a GPU, the phase times make sense (none
 * negative, the total at least the kernels, the device named). */
gboolean    ws_test_run               (const WsRunInput *in,
                                       WsRunOutput      *out,
                                       GError          **error);
/* ws_test_run that must succeed. */
void        ws_test_run_ok            (const WsRunInput *in,
                                       WsRunOutput      *out);
/* ws_test_run_ok for a result that is an array (sorts, scans, window
 * sums): that array, and the run's counters and times where asked. */
WsArray    *ws_test_run_array         (const WsRunInput *in,
                                       WsCounters       *counters,
                                       WsPhaseTimes     *times);
/* Checks one run's output (data: the caller's). */
typedef void (*WsTestCheck) (const WsRunInput  *in,
                             const WsRunOutput *out,
                             gpointer           data);

/* For the GPU's kernel times: runs in `runs` times (the first run also
 * loads the kernels), each output checked where check is given, and
 * returns the fastest run's kernel time in milliseconds. */
double      ws_test_fastest_kernel_ms (const WsRunInput *in,
                                       guint             runs,
                                       WsTestCheck       check,
                                       gpointer          data);
/* A WsTestCheck: out->array holds in->input's keys in qsort's total order
 * (ws_test_assert_sorted_same, a linear check for long arrays). */
void        ws_test_check_sorted      (const WsRunInput  *in,
                                       const WsRunOutput *out,
                                       gpointer           data);
/* The variant's backend run straight, without ws_run's checks of the
 * request: what those would refuse (an unsorted array to search) reaches
 * the variant. For algorithms that change no input (not sorts or dot). */
gboolean    ws_test_run_unchecked     (const WsRunInput *in,
                                       WsRunOutput      *out,
                                       GError          **error);

/* A case only the CUDA library can answer (its own argument checks, what
 * it does with an implementation it lacks, its kernels one level or pass
 * at a time): func where the build has CUDA, NULL in one without (use
 * WS_TEST_CUDA (func), and define func under #if WS_HAVE_CUDA). The case
 * skips, saying why, without CUDA or without a device. */
#if WS_HAVE_CUDA
#define WS_TEST_CUDA(func) (func)
#else
#define WS_TEST_CUDA(func) NULL
#endif
void        ws_test_add_gpu_func      (const char *path,
                                       GTestFunc   func);

/* Registers "<path>": the CUDA backend has exactly the GPU variants that
 * the registry defines for algorithm. Needs a CUDA build, not a device. */
void        ws_test_add_gpu_built     (const char *path,
                                       const char *algorithm);

G_END_DECLS
