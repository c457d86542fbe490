/* test-histogram.c: equal-width histograms, every variant (cpu-seq,
 * cpu-par, gpu-seed, gpu, gpu-lib), against a plain loop. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-primitives.h"
#include "ws-test-variant.h"
#if WS_HAVE_CUDA
#include "ws-cuda.h"
#endif

/* 64 and 256 fit every variant's private or shared counts; 70000 takes
 * cpu-par's shared-atomic path; 65536 and 2^20 are past the GPU's shared
 * memory (gpu's global-atomic path). */
static const guint bin_choices[] = { 1, 7, 64, 256, 1000, 65536, 70000, 1u << 20 };

/* 2^20 bins are the GPU's case: on the CPU they only cost time (seconds
 * for cpu-par's merge at every size). */
static gboolean
bins_apply (WsVariant variant,
            guint     bins)
{
  return ws_variant_is_gpu (variant) || bins <= 70000;
}

typedef struct
{
  guint64 *counts;
  double   lo;
  double   hi;
} Hist;

/* Plain reference: min and max by a loop, the bin by the defining formula
 * (exact integers for int32, double for float32), ±inf at the ends. */
static void
reference_histogram (const WsArray *a,
                     guint          bins,
                     Hist          *h)
{
  double mn = INFINITY, mx = -INFINITY;

  h->counts = g_new0 (guint64, bins);
  for (gsize i = 0; i < a->n; i++)
    if (isfinite (ws_array_get_double (a, i)))
      {
        mn = fmin (mn, ws_array_get_double (a, i));
        mx = fmax (mx, ws_array_get_double (a, i));
      }
  if (mn > mx)
    mn = mx = 0.0;
  for (gsize i = 0; i < a->n; i++)
    {
      double x = ws_array_get_double (a, i);
      guint64 b = 0;
      if (x == INFINITY)
        b = bins - 1;
      else if (x != -INFINITY && mx > mn && a->type == WS_KEY_INT32)
        b = (guint64) (x - mn) * bins / (guint64) (mx - mn); /* exact: both below 2^53 */
      else if (x != -INFINITY && mx > mn)
        b = (guint64) floor ((x - mn) * bins / (mx - mn));
      h->counts[MIN (b, bins - 1)]++;
    }
  h->lo = mn;
  h->hi = mx;
}

static WsRunOutput
run_histogram (const WsTestCase *c,
               const WsArray    *a,
               guint             bins)
{
  WsRunInput in = ws_test_run_input (c, a);
  WsRunOutput out;

  ws_test_run_param (&in, "bins", bins);
  ws_test_run_ok (&in, &out);
  g_assert_cmpuint (out.n_counts, ==, bins);
  return out;
}

/* Bounds and counts as the reference's, and every key counted once. */
static void
assert_same (const WsTestCase  *c,
             const WsArray     *a,
             const Hist        *want,
             const WsRunOutput *got,
             guint              bins)
{
  guint64 total = 0;

  g_assert_cmpfloat (got->lo, ==, want->lo);
  g_assert_cmpfloat (got->hi, ==, want->hi);
  for (guint b = 0; b < bins; b++)
    {
      if (got->counts[b] != want->counts[b])
        g_error ("%s, %u bins: bin %u holds %" G_GUINT64_FORMAT ", want %" G_GUINT64_FORMAT,
                 ws_variant_name (c->variant), bins, b, got->counts[b], want->counts[b]);
      total += got->counts[b];
    }
  g_assert_cmpuint (total, ==, a->n);
}

static void
check_histogram (const WsTestCase *c,
                 const WsArray    *a,
                 guint             bins)
{
  Hist want;
  WsRunOutput got = run_histogram (c, a, bins);

  reference_histogram (a, bins, &want);
  assert_same (c, a, &want, &got, bins);
  g_free (want.counts);
  ws_run_output_clear (&got);
}

static void
check_every_bin_count (const WsTestCase *c,
                       const WsArray    *a)
{
  for (guint b = 0; b < G_N_ELEMENTS (bin_choices); b++)
    if (bins_apply (c->variant, bin_choices[b]))
      check_histogram (c, a, bin_choices[b]);
}

static void
test_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) a = ws_test_generate (c->type, c->dist, ws_test_sizes[s], 61 + s);
      check_every_bin_count (c, a);
    }
}

static void
test_special (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) a = ws_test_special_array (c->type, ws_test_sizes[s], 71 + s);
      check_every_bin_count (c, a);
    }
}

/* Corner cases by hand, each against the reference at every bin count:
 * all keys equal, only infinities, both zeros, max exactly at the top of
 * the last bin. */
static void
test_corners (gconstpointer data)
{
  static const double floats[][4] = {
    { INFINITY, -INFINITY, INFINITY, INFINITY },
    { -0.0, 0.0, 0.0, -0.0 },
    { 2.5, 2.5, INFINITY, 2.5 },
    { -1.0, 3.0, -INFINITY, 0.1 },
  };
  static const double ints[][4] = {
    { 7, 7, 7, 7 },
    { G_MININT32, G_MAXINT32, 0, -1 },
    { -3, 5, 5, -3 },
  };
  const WsTestCase *c = data;
  gboolean is_int = c->type == WS_KEY_INT32;

  for (guint r = 0; r < (is_int ? G_N_ELEMENTS (ints) : G_N_ELEMENTS (floats)); r++)
    {
      g_autoptr (WsArray) a = ws_test_array_of (c->type, 4, is_int ? ints[r] : floats[r]);
      check_every_bin_count (c, a);
    }
}

/* One histogram with the counts and bounds written out by hand. */
typedef struct
{
  gsize         n;
  const double *keys;
  guint         bins;
  const guint64 *want;
  double        lo;
  double        hi;
} Expected;

static void
expect_histogram (const WsTestCase *c,
                  const Expected   *e)
{
  g_autoptr (WsArray) a = ws_test_array_of (c->type, e->n, e->keys);
  WsRunOutput got = run_histogram (c, a, e->bins);

  g_assert_cmpmem (got.counts, e->bins * sizeof (guint64), e->want, e->bins * sizeof (guint64));
  g_assert_cmpfloat (got.lo, ==, e->lo);
  g_assert_cmpfloat (got.hi, ==, e->hi);
  ws_run_output_clear (&got);
}

static void
expect_each (const WsTestCase *c,
             const Expected   *int_cases,
             guint             n_int,
             const Expected   *float_cases,
             guint             n_float)
{
  gboolean is_int = c->type == WS_KEY_INT32;

  for (guint k = 0; k < (is_int ? n_int : n_float); k++)
    expect_histogram (c, is_int ? &int_cases[k] : &float_cases[k]);
}

/* 0 lies 2^31 above min in a span of 2^32 - 1: just past the middle, so
 * bin 2 of 4 and bin 1 of 3; max lands in the last bin either way. */
static void
test_max_in_last_bin (gconstpointer data)
{
  static const double ints[] = { G_MININT32, 0, G_MAXINT32 };
  static const double floats[] = { 0.0, 0.5, 1.0, 0.25 };
  const Expected int_cases[] = {
    { 3, ints, 4, (const guint64[]){ 1, 0, 1, 1 }, G_MININT32, G_MAXINT32 },
    { 3, ints, 3, (const guint64[]){ 1, 1, 1 }, G_MININT32, G_MAXINT32 },
  };
  const Expected float_cases[] = {
    { 4, floats, 2, (const guint64[]){ 2, 2 }, 0.0, 1.0 },
  };

  expect_each (data, int_cases, G_N_ELEMENTS (int_cases), float_cases,
               G_N_ELEMENTS (float_cases));
}

/* All keys equal: the first bin; +inf keeps its place in the last even then. */
static void
test_all_equal (gconstpointer data)
{
  static const double fives[] = { 5, 5, 5 };
  static const double halves[] = { 0.5, 0.5, INFINITY };
  const Expected int_case = { 3, fives, 4, (const guint64[]){ 3, 0, 0, 0 }, 5.0, 5.0 };
  const Expected float_case = { 3, halves, 3, (const guint64[]){ 2, 0, 1 }, 0.5, 0.5 };

  expect_each (data, &int_case, 1, &float_case, 1);
}

static void
test_one_bin (gconstpointer data)
{
  const WsTestCase *c = data;
  g_autoptr (WsArray) a = ws_test_special_array (WS_KEY_FLOAT32, 1000, 3);
  WsRunOutput got = run_histogram (c, a, 1);

  g_assert_cmpuint (got.counts[0], ==, 1000);
  g_assert_cmpfloat (got.lo, ==, -FLT_MAX);
  g_assert_cmpfloat (got.hi, ==, FLT_MAX);
  ws_run_output_clear (&got);
}

/* Bins span the finite [0, 2]; -inf joins bin 0, +inf the last bin. */
static void
test_infinities (gconstpointer data)
{
  static const double values[] = { -INFINITY, 0.0, 1.0, 2.0, INFINITY, INFINITY };
  static const double only_inf[] = { INFINITY, -INFINITY };
  const Expected cases[] = {
    { G_N_ELEMENTS (values), values, 4, (const guint64[]){ 2, 0, 1, 3 }, 0.0, 2.0 },
    { G_N_ELEMENTS (only_inf), only_inf, 3, (const guint64[]){ 1, 0, 1 }, 0.0, 0.0 },
  };

  expect_each (data, NULL, 0, cases, G_N_ELEMENTS (cases));
}

static void
test_empty (gconstpointer data)
{
  g_autofree guint64 *zeros = g_new0 (guint64, 70000);
  const Expected int_case = { 0, NULL, 70000, zeros, 0.0, 0.0 };
  const Expected float_case = { 0, NULL, 3, (const guint64[]){ 0, 0, 0 }, 0.0, 0.0 };

  expect_each (data, &int_case, 1, &float_case, 1);
}

/* The CPU variants refuse NaN, which has no bin (the GPU ones do not look). */
static void
test_nan (gconstpointer data)
{
  const double values[] = { 1.0, 2.0, NAN, 3.0 };
  g_autoptr (WsArray) a = ws_test_array_of (WS_KEY_FLOAT32, G_N_ELEMENTS (values), values);
  WsRunInput in = ws_test_run_input (data, a);
  g_autoptr (GError) error = NULL;
  WsRunOutput out;

  ws_test_run_param (&in, "bins", 4);
  g_assert_false (ws_test_run (&in, &out, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "key 2 is NaN"));
}

/* ---- GPU only: big sizes, and kernel times for the report ---- */

typedef struct
{
  const WsTestCase *c;
  const Hist       *want;
} Want;

/* A WsTestCheck: the histogram as the reference's. */
static void
check_run (const WsRunInput  *in,
           const WsRunOutput *out,
           gpointer           data)
{
  const Want *w = data;

  assert_same (w->c, in->input, w->want, out, out->n_counts);
}

static void
report_times (const WsTestCase *c,
              const WsArray    *a,
              guint             bins,
              guint             runs)
{
  WsRunInput in = ws_test_run_input (c, a);
  Hist want;
  Want w = { c, &want };

  ws_test_run_param (&in, "bins", bins);
  reference_histogram (a, bins, &want);
  g_test_message ("histogram %s n=%" G_GSIZE_FORMAT " %u bins %s kernel_ms: %.4f",
                  ws_key_type_name (c->type), a->n, bins, ws_variant_name (c->variant),
                  ws_test_fastest_kernel_ms (&in, runs, check_run, &w));
  g_free (want.counts);
}

/* 2^26 keys against the reference; the best of two kernel times printed. */
static void
test_large (gconstpointer data)
{
  const WsTestCase *c = data;
  g_autoptr (WsArray) a = ws_test_generate (c->type, WS_DIST_UNIFORM, (gsize) 1 << 26, 17);

  report_times (c, a, 256, 2);
  report_times (c, a, 65536, 2);
}

/* The best of three at smaller sizes (no assertion on the times: there
 * launch latency dominates and varies). */
static void
test_timing (gconstpointer data)
{
  static const gsize sizes[] = { 1000, 65537, 1u << 20 };
  const WsTestCase *c = data;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (WsArray) a = ws_test_generate (c->type, WS_DIST_UNIFORM, sizes[s], 5);
      report_times (c, a, 256, 3);
      report_times (c, a, 65536, 3);
    }
}

/* ---- gpu's shapes: tiles, grids, skew, bin edges ---- */

/* Around gpu's 16-byte loads (n mod 4), one block against many (a block
 * takes 256·32 keys), several grid-stride rounds, against bins 1 (every
 * key in one bin), 7, 256 (eight warp-private copies), 4096 (two) and
 * 70000 (global atomics). */
static const gsize shape_sizes[] = { 31, 33, 127, 129, 4095, 4097, 8191, 8193, 16383, 16385,
                                     262147, (1u << 22) + 5 };
static const guint shape_bins[] = { 1, 7, 256, 4096, 70000 };

static void
check_shape_bins (const WsTestCase *c,
                  const WsArray    *a)
{
  for (guint b = 0; b < G_N_ELEMENTS (shape_bins); b++)
    check_histogram (c, a, shape_bins[b]);
}

/* Uniform keys, sorted ones (whole warps in one bin), all keys equal, and
 * all equal but one far above them (every other key in bin 0). */
static void
test_shapes (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < G_N_ELEMENTS (shape_sizes); s++)
    {
      gsize n = shape_sizes[s];
      g_autoptr (WsArray) uniform = ws_test_generate (c->type, WS_DIST_UNIFORM, n, 81 + s);
      g_autoptr (WsArray) sorted = ws_test_generate (c->type, WS_DIST_SORTED, n, 91 + s);
      g_autoptr (WsArray) equal = ws_test_array_filled (c->type, n, -3.0);
      g_autoptr (WsArray) outlier = ws_test_array_filled (c->type, n, 2.0);

      ws_test_set_key (outlier, n / 2, 1e6);
      check_shape_bins (c, uniform);
      check_shape_bins (c, sorted);
      check_shape_bins (c, equal);
      check_shape_bins (c, outlier);
    }
}

/* Key k·span/B of [min, max] (rounded up: the first key of bin k), for
 * float32 [0, 1] and int32 [G_MININT32, G_MAXINT32]. */
static double
edge_key (WsKeyType type,
          guint     k,
          guint     bins)
{
  if (type == WS_KEY_FLOAT32)
    return (float) ((double) k / bins);
  guint64 span = G_MAXUINT32;
  return (double) G_MININT32 + (double) ((k * span + bins - 1) / bins);
}

/* v moved by `steps` units in the last place (float32) or by `steps`
 * (int32), kept inside [lo, hi]. */
static double
edge_step (WsKeyType type,
           double    v,
           gint      steps,
           double    lo,
           double    hi)
{
  if (type == WS_KEY_FLOAT32)
    {
      float f = (float) v;
      for (gint i = 0; i < ABS (steps); i++)
        f = nextafterf (f, steps < 0 ? -2.0f : 2.0f);
      v = f;
    }
  else
    v += steps;
  return CLAMP (v, lo, hi);
}

/* Keys on every bin edge of B bins and 1 to 64 steps either side, min and
 * max among them: where gpu's float estimate hands over to the engine's
 * expression and where it decides alone (float32), and where its integer
 * quotient steps (int32). Each array is checked at B bins and at others. */
static void
test_edges (gconstpointer data)
{
  static const guint edge_bins[] = { 3, 256, 1000, 65536 };
  static const gint steps[] = { 0, -1, 1, -4, 4, -16, 16, -64, 64 };
  const WsTestCase *c = data;
  gboolean is_float = c->type == WS_KEY_FLOAT32;
  double lo = is_float ? 0.0 : G_MININT32, hi = is_float ? 1.0 : G_MAXINT32;

  for (guint e = 0; e < G_N_ELEMENTS (edge_bins); e++)
    {
      guint bins = edge_bins[e];
      gsize per_edge = G_N_ELEMENTS (steps);
      g_autoptr (WsArray) a = ws_test_array_new (c->type, per_edge * ((gsize) bins + 1));

      for (guint k = 0; k <= bins; k++)
        for (gsize d = 0; d < per_edge; d++)
          ws_test_set_key (a, per_edge * k + d,
                           edge_step (c->type, edge_key (c->type, k, bins), steps[d], lo, hi));
      check_histogram (c, a, bins);
      check_histogram (c, a, 7);
      check_histogram (c, a, 256);
      check_histogram (c, a, 65536);
    }
}

/* ---- The CPU engine's own checks ---- */

static void
test_bins_range (void)
{
  const guint bad[] = { 0, WS_HISTOGRAM_MAX_BINS + 1, G_MAXUINT };
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 100, 1);
  guint64 counts[1];

  for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_false (ws_histogram (a, bad[k], WS_VARIANT_CPU_PAR, counts, NULL, NULL, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, "between 1 and 16777216"));
    }
}

/* The engine's ws_histogram runs the CPU variants only. */
static void
test_unsupported_variant (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 10, 1);
  guint64 counts[4];
  g_autoptr (GError) error = NULL;

  g_assert_false (ws_histogram (a, 4, WS_VARIANT_GPU, counts, NULL, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "histogram"));
}

/* ---- GPU only: the CUDA library's own checks ---- */

#if WS_HAVE_CUDA
static void
test_gpu_invalid (void)
{
  gint32 keys[4] = { 1, 2, 3, 4 };
  guint64 counts[4];
  WsCudaTiming timing;
  const guint bad_bins[] = { 0, (1u << 24) + 1 };
  g_autoptr (GError) error = NULL;

  for (guint b = 0; b < G_N_ELEMENTS (bad_bins); b++)
    {
      g_assert_false (ws_cuda_histogram (WS_CUDA_OURS, WS_CUDA_INT32, keys, 4, bad_bins[b],
                                         counts, NULL, NULL, &timing, &error));
      g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
      g_clear_error (&error);
    }
  g_assert_false (ws_cuda_histogram (WS_CUDA_SEED_V2, WS_CUDA_INT32, keys, 4, 4, counts, NULL,
                                     NULL, &timing, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED);
}
#endif

static const WsTestRows rows[] = {
  { "/histogram/values", "histogram", WS_TEST_ALL, 0, TRUE, test_distribution },
  { "/histogram/special", "histogram", WS_TEST_ALL, 0, FALSE, test_special },
  { "/histogram/corners", "histogram", WS_TEST_ALL, 0, FALSE, test_corners },
  { "/histogram/max-in-last-bin", "histogram", WS_TEST_ALL, 0, FALSE, test_max_in_last_bin },
  { "/histogram/all-equal", "histogram", WS_TEST_ALL, 0, FALSE, test_all_equal },
  { "/histogram/one-bin", "histogram", WS_TEST_ALL, WS_TEST_TYPE (WS_KEY_FLOAT32), FALSE,
    test_one_bin },
  { "/histogram/infinities", "histogram", WS_TEST_ALL, WS_TEST_TYPE (WS_KEY_FLOAT32), FALSE,
    test_infinities },
  { "/histogram/empty", "histogram", WS_TEST_ALL, 0, FALSE, test_empty },
  { "/histogram/nan", "histogram", WS_TEST_CPU, WS_TEST_TYPE (WS_KEY_FLOAT32), FALSE, test_nan },
  { "/histogram/large", "histogram", WS_TEST_GPU, 0, FALSE, test_large },
  { "/histogram/timing", "histogram", WS_TEST_GPU, 0, FALSE, test_timing },
  { "/histogram/shapes", "histogram", WS_TEST_GPU, 0, FALSE, test_shapes },
  { "/histogram/edges", "histogram", WS_TEST_ALL, 0, FALSE, test_edges },
};

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ws_test_add_rows (rows, G_N_ELEMENTS (rows));
  g_test_add_func ("/histogram/bins-out-of-range", test_bins_range);
  g_test_add_func ("/histogram/unsupported-variant", test_unsupported_variant);
  ws_test_add_gpu_func ("/histogram/gpu/invalid", WS_TEST_CUDA (test_gpu_invalid));
  ws_test_add_gpu_built ("/histogram/gpu/built", "histogram");

  return g_test_run ();
}
