/* ws-test-util.h: independent references and fixtures shared by the tests.
 *
 * References here are deliberately the plainest possible code (qsort, double
 * loops) so that they share nothing with the engine they check.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"
#include "ws-bench.h"
#include "ws-generator.h"
#include "ws-network.h"
#include "ws-run-data.h"
#include "ws-run.h"
#include "ws-types.h"

G_BEGIN_DECLS

/* The sizes every algorithm is checked at (issue: 0, 1, 2, 3, 5, 1000, 1024, 1025, 65537). */
extern const gsize ws_test_sizes[];
extern const guint ws_test_n_sizes;

/* ws_test_sizes, then sizes around the GPU sorts' 4096-key tiles and
 * several tiles (4095, 4096, 4097, 8193, 300001). */
extern const gsize ws_test_sort_sizes[];
extern const guint ws_test_n_sort_sizes;

/* A copy of a, sorted by qsort in the total order -inf < ... < -0.0 < +0.0 < ... < +inf. */
WsArray  *ws_test_qsort_copy     (const WsArray *a);

/* TRUE when out is a an ascending (by value) permutation of in (bitwise multiset).
 * On failure prints what broke and where with g_test_message. */
gboolean  ws_test_is_sorted_permutation (const WsArray *in,
                                         const WsArray *out);

/* Asserts that out is ascending in qsort's total order (-0.0 before +0.0)
 * and holds in's keys (order-free sums of the bit patterns and of their
 * squares): a linear check, for arrays too long to qsort in a test. */
void      ws_test_assert_sorted_same    (const WsArray *in,
                                         const WsArray *out);

/* An array of n keys mixing the hard cases: INT32_MIN/MAX, 0, ±1 for int32;
 * ±inf, ±0.0, denormals, FLT_MAX, tiny and ordinary values for float32. */
WsArray  *ws_test_special_array  (WsKeyType type,
                                  gsize     n,
                                  guint64   seed);

/* ws_generate that asserts success. */
WsArray  *ws_test_generate       (WsKeyType      type,
                                  WsDistribution dist,
                                  gsize          n,
                                  guint64        seed);

/* Path of a fresh file name inside a per-test temporary directory. */
char     *ws_test_tmp_path       (const char *name);

/* A fresh temporary directory (asserts success). */
char     *ws_test_make_dir       (void);
/* The names in dir, sorted and joined with spaces: what a save left there. */
char     *ws_test_list_dir       (const char *dir);
/* Removes dir and everything below it, asserting each removal. */
void      ws_test_remove_dir     (const char *dir);

/* ws_array_new that asserts success. */
WsArray  *ws_test_array_new      (WsKeyType type,
                                  gsize     n);

/* Key i of a set to v, converted to a's key type. */
void      ws_test_set_key        (WsArray *a,
                                  gsize    i,
                                  double   v);

/* n keys of type holding values[0..n), converted. */
WsArray  *ws_test_array_of       (WsKeyType     type,
                                  gsize         n,
                                  const double *values);

/* n keys of type, every one value. */
WsArray  *ws_test_array_filled   (WsKeyType type,
                                  gsize     n,
                                  double    value);

/* int32 keys folded into [-1000, 1000] (each key % 1001), so that sums of
 * them fit and the exact path is checked, not only the overflow. */
void      ws_test_fold_small     (WsArray *a);

/* Replaces ±FLT_MAX in a float32 array by ±to, so that float accumulators
 * cannot overflow where the check does not allow for it; int32 arrays are
 * left as they are. */
void      ws_test_tame_flt_max   (WsArray *a,
                                  float    to);

/* The smallest d with 2^d >= n (0 for n <= 1). */
guint     ws_test_log2_width     (gsize n);

/* ---- Scan: exclusive prefix sums of float32 keys ---- */

/* Finite keys: out[i] within depth * FLT_EPSILON * sum |in[0..i)| (plus
 * 1e-37) of the double prefix sum, depth bounding the additions on any
 * path; g_error names the first output that is not. */
void      ws_test_check_scan_float32 (const WsArray *in,
                                      const WsArray *out,
                                      double         depth);

/* Keys with ±inf and ±FLT_MAX: each prefix that any order of float
 * additions decides is checked (NaN once +inf and -inf met, the infinity
 * while the finite part cannot overflow, the double sum within the depth
 * tolerance when all is finite); at least one must be decided when n > 0. */
void      ws_test_check_scan_float32_special (const WsArray *in,
                                              const WsArray *out,
                                              double         depth);

/* ---- Search ---- */

/* The neighbour of v in the key type below (dir < 0) or above it; v itself
 * at the ends of the type's range. */
double    ws_test_step_key       (WsKeyType type,
                                  double    v,
                                  int       dir);

/* n_random keys from ws_search_make_keys (seed) plus the edges of sorted:
 * both ends, just below the first and above the last (absent), and just
 * above up to 16 inner values (mostly absent, between neighbours). The
 * edges come first when edges_first, else after the random keys. */
WsArray  *ws_test_search_keys    (const WsArray *sorted,
                                  gsize          n_random,
                                  guint64        seed,
                                  gboolean       edges_first);

/* ---- Dot ---- */

/* The dot product of a and b element by element: the double sum, the sum
 * of |a_i b_i| (for the n * eps * sum |a b| tolerance) and, for int32, the
 * exact sum when it lies in int64 (fits; exact 0 otherwise). The exact sum
 * needs 128-bit integers: without __SIZEOF_INT128__, fits is always FALSE. */
typedef struct
{
  double   sum;
  double   abs_sum;
  gboolean fits;
  gint64   exact;
} WsTestDotRef;

/* On a and b as given (already sorted by the caller). */
WsTestDotRef ws_test_dot_reference_sorted (const WsArray *a,
                                           const WsArray *b);

/* On qsort-sorted copies of a and b: what sorting both first must give. */
WsTestDotRef ws_test_dot_reference        (const WsArray *a,
                                           const WsArray *b);

/* ---- Window sums (stencil) ---- */

/* Every (2R+1)² window sum of a side × side grid and its sum of magnitudes,
 * by plain double loops (a row pass, then a column pass: each sum holds only
 * its window's values, so ±inf and NaN come out as in the study's loops).
 * Exact for int32 grids while a window's magnitudes stay below 2^53. */
typedef struct
{
  gsize   m;       /* outputs per row and column: side - 2R */
  double *sum;     /* m × m, row-major */
  double *abs_sum;
} WsTestWindowRef;

WsTestWindowRef ws_test_window_sum_reference (const WsArray *grid,
                                              gsize          side,
                                              guint          radius);

void      ws_test_window_ref_clear      (WsTestWindowRef *ref);

/* Row-major index of the first sum outside int32, or G_MAXSIZE. */
gsize     ws_test_window_first_overflow (const WsTestWindowRef *ref);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (WsTestWindowRef, ws_test_window_ref_clear)

/* ws_network_new that asserts success. */
WsNetwork *ws_test_network_new   (WsNetworkKind kind,
                                  gsize         n);

/* A copy of in sorted by the engine's ws_network_sort (asserting success),
 * checked against qsort. */
WsArray  *ws_test_network_sort   (WsNetworkKind  kind,
                                  const WsArray *in,
                                  WsVariant      variant,
                                  gboolean       early_exit,
                                  WsCounters    *counters);

void      ws_test_assert_counters_equal (const WsCounters *a,
                                         const WsCounters *b);

/* ---- Benchmarks and cancelling ---- */

/* The plan of a preset given as text (asserts both steps succeed). */
WsBenchPlan *ws_test_plan_of     (const char *text);
/* The field of a row as ws_bench_csv_fields makes it, by result.csv's
 * column name (asserts there is such a column). */
const char  *ws_test_row_field   (const char *const *fields,
                                  const char        *column);

/* A thread that cancels c delay_us from now and, where cancelled_at is not
 * NULL, stores there the monotonic time of the cancel; join it before c
 * and *cancelled_at go. */
GThread  *ws_test_cancel_after   (GCancellable *c,
                                  gulong        delay_us,
                                  gint64       *cancelled_at);

/* ws_run under a fresh cancellable that another thread cancels delay_us
 * in; where lag_s is not NULL, the seconds from the cancel to ws_run's
 * return go there (negative when it returned first). */
gboolean  ws_test_run_cancelled  (const WsRunInput *in,
                                  WsRunOutput      *out,
                                  gulong            delay_us,
                                  double           *lag_s,
                                  GError          **error);

/* Work that a cancel may stop: TRUE when it finished (it frees what it
 * made), FALSE with an error. */
typedef gboolean (*WsTestWork) (gpointer data,
                                GError **error);

/* ws_test_run_cancelled for any work. */
gboolean  ws_test_call_cancelled (WsTestWork    work,
                                  gpointer      data,
                                  gulong        delay_us,
                                  double       *lag_s,
                                  GError      **error);

/* The time a cancel may take to be answered (issue 15: 200 ms). Sanitizer
 * builds (-O0 with ASan and UBSan, as `make sanitize` builds them) run the
 * loops between two looks about ten times slower, and CI runs them on a
 * loaded machine: there the bound is 1 s, still far below any run that
 * missed a look (seconds to hours at the sizes the tests use). */
#if defined(__SANITIZE_ADDRESS__)
#define WS_TEST_UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WS_TEST_UNDER_SANITIZER 1
#endif
#endif
#ifdef WS_TEST_UNDER_SANITIZER
#define WS_TEST_CANCEL_BOUND_S 1.0
#else
#define WS_TEST_CANCEL_BOUND_S 0.2
#endif

/* A run as a benchmark makes it: the algorithm at a size (keys, or a
 * grid's side), inputs from ws_run_data_generate, up to two parameters set
 * (NULL ends them; the rest keep their defaults). */
typedef struct
{
  const char    *path;
  const char    *algorithm;
  WsVariant      variant;
  WsKeyType      type;
  WsDistribution dist;
  gsize          n;
  const char    *param[2];
  gint64         value[2];
} WsTestRunCase;

typedef struct
{
  const WsTestRunCase *c;
  const WsAlgorithm   *algo;
  WsRunData            data;
  WsRunInput           in;
  WsRunOutput          out;
} WsTestRunFixture;

/* The case's parameters (asserts they are valid). */
void      ws_test_run_case_params   (const WsTestRunCase *c,
                                     WsParams            *params);
/* Generates the case's inputs (seed 7) and binds them to f->in. */
void      ws_test_run_fixture_init  (WsTestRunFixture    *f,
                                     const WsTestRunCase *c);
void      ws_test_run_fixture_clear (WsTestRunFixture    *f);
/* A WsTestWork: ws_run of the fixture (its data), the output dropped. */
gboolean  ws_test_run_fixture_work  (gpointer             fixture,
                                     GError             **error);

/* Cancels work from another thread while it runs and asserts that it ends
 * with WS_ERROR_CANCELLED within WS_TEST_CANCEL_BOUND_S of the cancel. The
 * first cancel comes 100 ms in; work that finished first is run again with
 * the delay halved (down to a cancel at once). A return later than the
 * bound is measured again, up to three times, and the quickest taken:
 * a busy machine can hold a thread back that long, while a loop that does
 * not look is late every time. Every measure is logged (g_test_message)
 * and the quickest returned. */
double    ws_test_assert_cancel_answers (const char *what,
                                         WsTestWork  work,
                                         gpointer    data);

/* Both key types, and the two CPU variants, in enum order. */
extern const WsKeyType ws_test_key_types[2];
extern const WsVariant ws_test_cpu_variants[2];

/* One registered test case: what ws_test_add_cases and ws_test_add_rows
 * pass as the data. */
typedef struct
{
  WsKeyType      type;
  WsVariant      variant; /* ws_test_add_rows: the row's; WS_VARIANT_CPU_SEQ otherwise */
  WsDistribution dist;    /* WS_DIST_UNIFORM unless per distribution */
  guint          extra;   /* the caller's own value, the same in every case */
  const WsAlgorithm *algo; /* ws_test_add_rows: the algorithm; NULL otherwise */
} WsTestCase;

/* What ws_test_add_cases registers a test for, besides every key type. */
typedef enum
{
  WS_TEST_PER_TYPE = 0,      /* the key type alone */
  WS_TEST_PER_DIST = 1 << 0, /* and each WsDistribution */
} WsTestAxes;

/* Registers func once per key type (× distribution, as axes says) under
 * "<prefix>/<type>[/<dist>]", with a WsTestCase that lives for the whole
 * run as its data. An algorithm's variants have ws_test_add_rows
 * (ws-test-variant.h). */
void      ws_test_add_cases      (const char    *prefix,
                                  WsTestAxes     axes,
                                  guint          extra,
                                  GTestDataFunc  func);


/* ---- A run's files made by hand (compare, the panel's Compare with…) ---- */

/* A configuration of a hand-made run: thirty samples of seconds × (1 +
 * step i), i = 0 … 29, all distinct, step 0.001 unless given (a wide step
 * makes a noisy run), so that what compare says of two runs is known by
 * construction; seconds 0 makes a row that did not run (unavailable, no
 * samples). */
typedef struct
{
  const char *algorithm;
  const char *variant;
  guint64     n;
  double      seconds;
  double      step;
} WsTestConfig;

/* The key result.csv and samples.csv name the configuration by. */
char     *ws_test_config_key     (const WsTestConfig *config);
/* dir/result.json of the configurations, in order, and dir/result.csv of
 * the same rows (dir made where missing); returns result.json's path. */
char     *ws_test_write_run      (const char         *dir,
                                  const WsTestConfig *configs,
                                  guint               n);
/* What a user may pick instead of a run, made in dir: an empty
 * result.json, a binary file, a FIFO, a folder without results, and a
 * path to nothing, in that order (free with g_strfreev). */
GStrv     ws_test_make_not_runs  (const char         *dir);

G_END_DECLS

