/* test-dot.c: study 000's sorted dot product, every variant (cpu-seq,
 * cpu-par, gpu-seed, gpu, gpu-lib), against qsort and double loops. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "ws-dot.h"
#include "ws-error.h"
#include "ws-test-variant.h"
#if WS_HAVE_CUDA
#include "ws-cuda.h"
#endif

/* cpu-seq and gpu-seed multiply in float like the study (FLT_MAX² = inf);
 * the others in double. */
static gboolean
multiplies_in_float (WsVariant variant)
{
  return variant == WS_VARIANT_CPU_SEQ || variant == WS_VARIANT_GPU_SEED;
}

/* The error for an int32 dot product past int64: the CPU calls it an
 * overflow, the CUDA library an invalid argument; both say what to do. */
static void
assert_int64_error (WsVariant     variant,
                    const GError *error)
{
  gint code = ws_variant_is_gpu (variant) ? WS_ERROR_INVALID_ARGUMENT : WS_ERROR_OVERFLOW;

  g_assert_error (error, WS_ERROR, code);
  g_assert_nonnull (strstr (error->message, "int64"));
  g_assert_nonnull (strstr (error->message, "float32"));
}

/* The value against the reference: exact, or the int64 error, for int32;
 * within n · FLT_EPSILON · Σ|a b| for float32. */
static void
check_value (const WsTestCase   *c,
             gsize               n,
             const WsTestDotRef *ref,
             const WsRunOutput  *out,
             const GError       *error)
{
#ifdef __SIZEOF_INT128__
  if (c->type == WS_KEY_INT32 && !ref->fits)
    {
      assert_int64_error (c->variant, error);
      return;
    }
#else
  if (c->type == WS_KEY_INT32)
    {
      g_test_incomplete ("no 128-bit integers for an exact reference");
      return;
    }
#endif
  g_assert_no_error (error);
  g_assert_true (out->has_scalar);
  g_assert_cmpint (out->scalar.is_int, ==, c->type == WS_KEY_INT32);
  if (c->type == WS_KEY_INT32)
    {
      g_assert_cmpint (out->scalar.i, ==, ref->exact);
      g_assert_cmpfloat (out->scalar.f, ==, (double) ref->exact);
    }
  else if (isnan (ref->sum))
    g_assert_true (isnan (out->scalar.f));
  else if (isinf (ref->sum))
    g_assert_cmpfloat (out->scalar.f, ==, ref->sum);
  else
    g_assert_cmpfloat_with_epsilon (out->scalar.f, ref->sum,
                                    (double) n * FLT_EPSILON * ref->abs_sum + DBL_MIN);
}

/* A run on a and b: both come back sorted, the value as the reference's
 * on qsort-sorted copies. */
static void
check_dot (const WsTestCase *c,
           const WsArray    *a,
           const WsArray    *b)
{
  WsRunInput in = ws_test_run_input (c, a);
  g_autoptr (GError) error = NULL;
  WsTestDotRef ref = ws_test_dot_reference (a, b);
  WsRunOutput out;

  in.input2 = b;
  if (ws_test_run (&in, &out, &error))
    {
      g_assert_true (ws_test_is_sorted_permutation (a, out.array));
      g_assert_true (ws_test_is_sorted_permutation (b, out.array2));
    }
  check_value (c, a->n, &ref, &out, error);
  ws_run_output_clear (&out);
}

static void
test_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      gsize n = ws_test_sizes[s];
      g_autoptr (WsArray) a = ws_test_generate (c->type, c->dist, n, 10 + s);
      g_autoptr (WsArray) b = ws_test_generate (c->type, c->dist, n, 90 + s);
      check_dot (c, a, b);
      /* The exact path, not only the overflow. On the CPU the largest size
       * is covered by the raw keys: sorting it twice more would only slow
       * the sanitizer runs. */
      if (c->type == WS_KEY_INT32 && (n <= 1025 || ws_variant_is_gpu (c->variant)))
        {
          ws_test_fold_small (a);
          ws_test_fold_small (b);
          check_dot (c, a, b);
        }
    }
}

/* ±inf, -0.0, denormals and int32 extremes. ±FLT_MAX become ±1e18, whose
 * products stay finite in float: a float product beyond FLT_MAX is inf in
 * cpu-seq and gpu-seed by design (see test_beyond_flt_max). */
static void
test_special (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      gsize n = ws_test_sizes[s];
      g_autoptr (WsArray) a = ws_test_special_array (c->type, n, 3 + s);
      g_autoptr (WsArray) b = ws_test_special_array (c->type, n, 300 + s);
      ws_test_tame_flt_max (a, 1e18f);
      ws_test_tame_flt_max (b, 1e18f);
      check_dot (c, a, b);
    }
}

/* Sorting pairs the keys up: (3,1,2)·(20,30,10) sorted is 1·10+2·20+3·30. */
static void
test_sorts_first (gconstpointer data)
{
  const double av[] = { 3, 1, 2 }, bv[] = { 20, 30, 10 };
  const WsTestCase *c = data;
  g_autoptr (WsArray) a = ws_test_array_of (c->type, 3, av);
  g_autoptr (WsArray) b = ws_test_array_of (c->type, 3, bv);
  WsRunInput in = ws_test_run_input (c, a);
  WsRunOutput out;

  in.input2 = b;
  ws_test_run_ok (&in, &out);
  g_assert_cmpfloat (out.scalar.f, ==, 140.0);
  g_assert_cmpfloat (ws_array_get_double (out.array, 0), ==, 1.0);
  g_assert_cmpfloat (ws_array_get_double (out.array2, 2), ==, 30.0);
  ws_run_output_clear (&out);
}

/* Totals just outside int64 fail; totals near its ends (whose partial sums
 * would overflow 64 bits) and cancelling extremes do not. want: 0 where the
 * reference alone decides. */
static void
test_int32_limits (gconstpointer data)
{
  const double max3[] = { G_MAXINT32, G_MAXINT32, G_MAXINT32 };
  const double min3[] = { G_MININT32, G_MININT32, G_MININT32 };
  const double mix_a[] = { G_MININT32, G_MININT32, G_MAXINT32, G_MAXINT32 };
  const double mix_b[] = { -1, 0, 1, 2 };
  const struct { const double *a, *b; gsize n; gint64 want; } cases[] = {
    { max3, max3, 3 }, { min3, min3, 2 }, { min3, max3, 3 }, /* 3 (2^31-1)^2, 2^63, < -2^63 */
    { max3, max3, 2, 2 * ((gint64) G_MAXINT32 * G_MAXINT32) }, { min3, min3, 1 },
    { mix_a, mix_b, 4, -(gint64) G_MININT32 + 3 * (gint64) G_MAXINT32 },
  };
  const WsTestCase *c = data;

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr (WsArray) a = ws_test_array_of (WS_KEY_INT32, cases[k].n, cases[k].a);
      g_autoptr (WsArray) b = ws_test_array_of (WS_KEY_INT32, cases[k].n, cases[k].b);
      WsTestDotRef ref = ws_test_dot_reference (a, b);
      check_dot (c, a, b);
      if (cases[k].want != 0)
        g_assert_cmpint (ref.exact, ==, cases[k].want);
    }
}

/* Products beyond FLT_MAX: inf where the variant multiplies in float,
 * finite in double. */
static void
test_beyond_flt_max (gconstpointer data)
{
  const double v[] = { FLT_MAX, 1.0 };
  const WsTestCase *c = data;
  g_autoptr (WsArray) a = ws_test_array_of (WS_KEY_FLOAT32, 2, v);
  g_autoptr (WsArray) b = ws_test_array_of (WS_KEY_FLOAT32, 2, v);
  WsRunInput in = ws_test_run_input (c, a);
  WsRunOutput out;

  in.input2 = b;
  ws_test_run_ok (&in, &out);
  if (multiplies_in_float (c->variant))
    g_assert_cmpfloat (out.scalar.f, ==, INFINITY);
  else
    g_assert_cmpfloat_with_epsilon (out.scalar.f, (double) FLT_MAX * FLT_MAX, 1e62);
  ws_run_output_clear (&out);
}

/* ---- GPU only: 2^26 keys, with the kernel times ---- */

/* int32 in [0, 65536), so that the exact sum fits; a small warm-up run
 * first (a process's first launch of a kernel also loads it). */
static void
test_large (gconstpointer data)
{
  const WsTestCase *c = data;
  WsDistribution dist = c->type == WS_KEY_INT32 ? WS_DIST_UNIFORM16 : WS_DIST_UNIFORM;
  g_autoptr (WsArray) a = ws_test_generate (c->type, dist, (gsize) 1 << 26, 61);
  g_autoptr (WsArray) b = ws_test_generate (c->type, dist, (gsize) 1 << 26, 62);
  WsArray warm_a = *a, warm_b = *b;
  WsRunInput in = ws_test_run_input (c, &warm_a);
  WsTestDotRef ref;
  WsRunOutput out;

  warm_a.n = warm_b.n = 4096;
  in.input2 = &warm_b;
  ws_test_run_ok (&in, &out);
  ws_run_output_clear (&out);
  in.input = a;
  in.input2 = b;
  ws_test_run_ok (&in, &out);
  g_test_message ("TIMING dot %s n=2^26 %s kernel_ms=%.3f", ws_key_type_name (c->type),
                  ws_variant_name (c->variant), out.times.kernel * 1e3);
  ws_test_assert_sorted_same (a, out.array);
  ws_test_assert_sorted_same (b, out.array2);
  ref = ws_test_dot_reference_sorted (out.array, out.array2);
  check_value (c, a->n, &ref, &out, NULL);
  ws_run_output_clear (&out);
}

/* ---- The CPU engine's own checks ---- */

/* A dot product that sorts a and b in place (the engine's or the CUDA
 * library's, `which` of its variants), checking its result against ref. */
typedef void (*InPlaceDot) (WsArray            *a,
                            WsArray            *b,
                            guint               which,
                            const WsTestDotRef *ref);

/* The arrays come back sorted, also where the sum then leaves int64
 * (full-range int32 keys at every test size mostly do). */
static void
check_sorts_in_place (InPlaceDot dot,
                      guint      which)
{
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, ws_test_sizes[s],
                                                10 + s);
      g_autoptr (WsArray) b = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, ws_test_sizes[s],
                                                90 + s);
      g_autoptr (WsArray) ca = ws_array_copy (a, NULL);
      g_autoptr (WsArray) cb = ws_array_copy (b, NULL);
      WsTestDotRef ref = ws_test_dot_reference (a, b);
      dot (ca, cb, which, &ref);
      g_assert_true (ws_test_is_sorted_permutation (a, ca));
      g_assert_true (ws_test_is_sorted_permutation (b, cb));
    }
}

static void
engine_dot (WsArray            *a,
            WsArray            *b,
            guint               which,
            const WsTestDotRef *ref)
{
  WsScalar out = { 0 };

  ws_dot (a, b, ws_test_cpu_variants[which], &out, NULL, NULL);
}

static void
test_sorted_on_overflow (void)
{
  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    check_sorts_in_place (engine_dot, v);
}

/* The engine's own reference takes the keys as they are; after ws_dot
 * has sorted them, it pairs them up the same way. */
static void
test_reference_sorts_first (void)
{
  const double av[] = { 3, 1, 2 }, bv[] = { 20, 30, 10 };

  for (guint t = 0; t < G_N_ELEMENTS (ws_test_key_types); t++)
    {
      g_autoptr (WsArray) a = ws_test_array_of (ws_test_key_types[t], 3, av);
      g_autoptr (WsArray) b = ws_test_array_of (ws_test_key_types[t], 3, bv);
      WsScalar out = { 0 };
      g_assert_cmpfloat (ws_dot_reference (a, b), ==, 3 * 20 + 1 * 30 + 2 * 10);
      g_assert_true (ws_dot (a, b, WS_VARIANT_CPU_SEQ, &out, NULL, NULL));
      g_assert_cmpfloat (ws_dot_reference (a, b), ==, 140.0);
    }
}

static void
assert_mismatch (WsKeyType   ta,
                 gsize       na,
                 WsKeyType   tb,
                 gsize       nb,
                 const char *fact)
{
  g_autoptr (WsArray) a = ws_test_generate (ta, WS_DIST_UNIFORM, na, 1);
  g_autoptr (WsArray) b = ws_test_generate (tb, WS_DIST_UNIFORM, nb, 2);
  g_autoptr (WsArray) a0 = ws_array_copy (a, NULL);
  g_autoptr (GError) error = NULL;
  WsScalar out = { 0 };

  g_assert_false (ws_dot (a, b, WS_VARIANT_CPU_SEQ, &out, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, fact));
  g_assert_true (ws_array_equal (a, a0)); /* nothing sorted on failure */
}

static void
test_mismatch (void)
{
  assert_mismatch (WS_KEY_FLOAT32, 100, WS_KEY_FLOAT32, 99, "100");
  assert_mismatch (WS_KEY_FLOAT32, 100, WS_KEY_FLOAT32, 99, "99");
  assert_mismatch (WS_KEY_INT32, 0, WS_KEY_INT32, 5, "5 int32");
  assert_mismatch (WS_KEY_INT32, 8, WS_KEY_FLOAT32, 8, "float32");
}

/* The engine's ws_dot runs the CPU variants only, and sorts nothing else. */
static void
test_gpu_variant (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 16, 1);
  g_autoptr (WsArray) b = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 16, 2);
  g_autoptr (WsArray) a0 = ws_array_copy (a, NULL);
  g_autoptr (GError) error = NULL;
  WsScalar out = { 0 };

  g_assert_false (ws_dot (a, b, WS_VARIANT_GPU_SEED, &out, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED);
  g_assert_true (ws_array_equal (a, a0));
}

/* The two sorts report their work; a bitonic sort of 8 keys is 6 passes. */
static void
test_counters (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM16, 8, 1);
  g_autoptr (WsArray) b = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM16, 8, 2);
  WsCounters counters = { 0 };
  WsScalar out = { 0 };

  g_assert_true (ws_dot (a, b, WS_VARIANT_CPU_SEQ, &out, &counters, NULL));
  g_assert_cmpuint (counters.passes, ==, 2 * 6);
  g_assert_cmpuint (counters.comparisons, ==, 2 * 6 * 4);
}

/* ---- GPU only: the CUDA library's own checks ---- */

#if WS_HAVE_CUDA
static const WsCudaImpl gpu_impls[] = { WS_CUDA_SEED, WS_CUDA_OURS, WS_CUDA_LIB };

/* The library's result where the sum fits (with every field set: garbage
 * goes in), its refusal where it does not. */
static void
library_dot (WsArray            *a,
             WsArray            *b,
             guint               which,
             const WsTestDotRef *ref)
{
  WsCudaScalar out = { .is_int = FALSE, .i = 12345, .f = 12345.0 };
  WsCudaTiming timing;
  gboolean ok = ws_cuda_dot (gpu_impls[which], WS_CUDA_INT32, a->data, b->data, a->n, &out,
                             &timing, NULL);

  g_assert_true (ok || !ref->fits);
  g_assert_true (!ok || (out.is_int && (!ref->fits || out.i == ref->exact)));
}

static void
test_gpu_in_place (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (gpu_impls); k++)
    check_sorts_in_place (library_dot, k);
}

static void
test_gpu_unsupported (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 16, 1);
  g_autoptr (WsArray) b = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 16, 2);
  g_autoptr (WsArray) a0 = ws_array_copy (a, NULL);
  g_autoptr (GError) error = NULL;
  WsCudaScalar out;
  WsCudaTiming timing;

  g_assert_false (ws_cuda_dot (WS_CUDA_SEED_V1, WS_CUDA_FLOAT32, a->data, b->data, a->n, &out,
                               &timing, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED);
  g_assert_true (ws_array_equal (a, a0));
}
#endif

#define INT32_ONLY   WS_TEST_TYPE (WS_KEY_INT32)
#define FLOAT32_ONLY WS_TEST_TYPE (WS_KEY_FLOAT32)
#define GPU_OURS_LIB (WS_TEST_VARIANT (WS_VARIANT_GPU) | WS_TEST_VARIANT (WS_VARIANT_GPU_LIB))

static const WsTestRows rows[] = {
  { "/dot/values", "dot", WS_TEST_ALL, 0, TRUE, test_distribution },
  { "/dot/special", "dot", WS_TEST_ALL, 0, FALSE, test_special },
  { "/dot/sorts-first", "dot", WS_TEST_ALL, 0, FALSE, test_sorts_first },
  { "/dot/int32-limits", "dot", WS_TEST_ALL, INT32_ONLY, FALSE, test_int32_limits },
  { "/dot/beyond-flt-max", "dot", WS_TEST_ALL, FLOAT32_ONLY, FALSE, test_beyond_flt_max },
  { "/dot/large", "dot", GPU_OURS_LIB, 0, FALSE, test_large },
};

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  ws_test_add_rows (rows, G_N_ELEMENTS (rows));
  g_test_add_func ("/dot/sorted-on-overflow", test_sorted_on_overflow);
  g_test_add_func ("/dot/reference-sorts-first", test_reference_sorts_first);
  g_test_add_func ("/dot/errors/mismatch", test_mismatch);
  g_test_add_func ("/dot/errors/gpu-variant", test_gpu_variant);
  g_test_add_func ("/dot/counters", test_counters);
  ws_test_add_gpu_func ("/dot/gpu/in-place", WS_TEST_CUDA (test_gpu_in_place));
  ws_test_add_gpu_func ("/dot/gpu/unsupported", WS_TEST_CUDA (test_gpu_unsupported));
  ws_test_add_gpu_built ("/dot/gpu/built", "dot");
  return g_test_run ();
}
