/* test-gpu-reduce.c: the GPU reduce and dot (gpu-seed, gpu, gpu-lib)
 * against plain loops over qsort-sorted copies, with the CPU tests'
 * tolerances (tests/core/test-primitives.c, test-dot.c). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "gpu-test-util.h"

static const WsCudaImpl impls[] = { WS_CUDA_SEED, WS_CUDA_OURS, WS_CUDA_LIB };

/* ---- Reduce ---- */

static gboolean
reduce (WsCudaImpl impl, const WsArray *a, WsCudaScalar *out, GError **error)
{
  WsCudaTiming t;

  /* Garbage in, including the wrong is_int: the call must set every field. */
  *out = (WsCudaScalar) { .is_int = a->type != WS_KEY_INT32, .i = 12345, .f = 12345.0 };
  if (!ws_cuda_reduce (impl, gpu_test_type (a->type), a->data, a->n, out, &t, error))
    return FALSE;
  gpu_test_assert_timing (&t);
  g_assert_cmpint (out->is_int, ==, a->type == WS_KEY_INT32);
  return TRUE;
}

static void
check_reduce_int32 (const WsArray *a)
{
  gint64 ref = 0;

  for (gsize i = 0; i < a->n; i++)
    ref += a->i32[i];
  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    {
      g_autoptr (GError) error = NULL;
      WsCudaScalar got;
      g_assert_true (reduce (impls[k], a, &got, &error));
      g_assert_no_error (error);
      g_assert_cmpint (got.i, ==, ref);
      g_assert_cmpfloat (got.f, ==, (double) ref);
    }
}

/* ±inf decide the result in any order (NaN when both occur); otherwise the
 * classic n · eps · Σ|x| bound: float's eps for the seed's float sums,
 * double's for ours and CUB's. */
static void
check_reduce_float32 (const WsArray *a)
{
  gboolean pos = FALSE, neg = FALSE;
  double ref = 0.0, abs_sum = 0.0;

  for (gsize i = 0; i < a->n; i++)
    {
      pos |= a->f32[i] == INFINITY;
      neg |= a->f32[i] == -INFINITY;
      ref += a->f32[i];
      abs_sum += fabs (a->f32[i]);
    }
  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    {
      g_autoptr (GError) error = NULL;
      double eps = impls[k] == WS_CUDA_SEED ? FLT_EPSILON : DBL_EPSILON;
      WsCudaScalar got;
      g_assert_true (reduce (impls[k], a, &got, &error));
      g_assert_no_error (error);
      if (pos && neg)
        g_assert_true (isnan (got.f));
      else if (pos || neg)
        g_assert_cmpfloat (got.f, ==, pos ? INFINITY : -INFINITY);
      else
        g_assert_cmpfloat_with_epsilon (got.f, ref, a->n * eps * abs_sum + 1e-37);
    }
}

static void
check_reduce (const WsArray *a)
{
  if (a->type == WS_KEY_INT32)
    check_reduce_int32 (a);
  else
    check_reduce_float32 (a);
}

static void
test_reduce_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) a = ws_test_generate (c->type, c->dist, ws_test_sizes[s], 31 + s);
      check_reduce (a);
    }
}

/* Special arrays; the seed's float sums get ±FLT_MAX as ±1e30, so that only
 * ±inf can make them infinite (their overflow is the study's rounding). */
static void
test_reduce_special (gconstpointer data)
{
  WsKeyType type = ((const WsTestCase *) data)->type;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) a = ws_test_special_array (type, ws_test_sizes[s], 51 + s);
      ws_test_tame_flt_max (a, 1e30f);
      check_reduce (a);
    }
}

/* Ours and CUB sum FLT_MAX in double: finite, within the double bound. */
static void
test_reduce_flt_max (void)
{
  const double v[] = { FLT_MAX, FLT_MAX, FLT_MAX, -1.0 };
  g_autoptr (WsArray) a = ws_test_array_of (WS_KEY_FLOAT32, 4, v);

  if (gpu_test_skip_without_device ())
    return;
  for (guint k = 1; k < G_N_ELEMENTS (impls); k++)
    {
      WsCudaScalar got;
      g_assert_true (reduce (impls[k], a, &got, NULL));
      g_assert_cmpfloat_with_epsilon (got.f, 3.0 * FLT_MAX, 1e300);
    }
}

static void
test_reduce_small (void)
{
  const double infs[][3] = { { 1.0, INFINITY, 2.0 }, { -INFINITY, 1.0, -0.0 },
                             { INFINITY, -INFINITY, 0.0 }, { -0.0, -0.0, -0.0 } };
  const double extremes[] = { G_MAXINT32, G_MAXINT32, G_MAXINT32, G_MININT32, G_MININT32 };
  g_autoptr (WsArray) few = ws_test_array_of (WS_KEY_INT32, 5, extremes);
  WsCudaScalar got;

  if (gpu_test_skip_without_device ())
    return;
  for (guint k = 0; k < G_N_ELEMENTS (infs); k++)
    {
      g_autoptr (WsArray) a = ws_test_array_of (WS_KEY_FLOAT32, 3, infs[k]);
      check_reduce_float32 (a);
    }
  check_reduce_int32 (few);
  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    {
      g_assert_true (reduce (impls[k], few, &got, NULL));
      g_assert_cmpint (got.i, ==, (gint64) G_MAXINT32 - 2);
    }
}

/* 2^24 + 1000 ones: double accumulation keeps every one. */
static void
test_reduce_rounding (void)
{
  g_autoptr (WsArray) a = ws_array_new (WS_KEY_FLOAT32, 1001, NULL);

  if (gpu_test_skip_without_device ())
    return;
  a->f32[0] = 16777216.0f;
  for (gsize i = 1; i < a->n; i++)
    a->f32[i] = 1.0f;
  for (guint k = 1; k < G_N_ELEMENTS (impls); k++)
    {
      WsCudaScalar got;
      g_assert_true (reduce (impls[k], a, &got, NULL));
      g_assert_cmpfloat (got.f, ==, 16778216.0);
    }
}

/* Ours adds its blocks' partials exactly: 2^100, 1 and -2^100, so far apart
 * that no thread or block holds two of them, sum to exactly 1 (a double
 * sum of the partials in block order would give 0). And, since exact sums
 * do not depend on the order blocks finish in, a run repeats to the bit. */
static void
test_reduce_exact_blocks (void)
{
  g_autoptr (WsArray) a = ws_array_new (WS_KEY_FLOAT32, (gsize) 1 << 20, NULL);
  g_autoptr (WsArray) r = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, (gsize) 1 << 22, 7);
  WsCudaScalar got, again;

  if (gpu_test_skip_without_device ())
    return;
  memset (a->f32, 0, a->n * sizeof (float));
  a->f32[0] = 0x1p100f;
  a->f32[1000] = 1.0f;
  a->f32[a->n - 1] = -0x1p100f;
  g_assert_true (reduce (WS_CUDA_OURS, a, &got, NULL));
  g_assert_cmpfloat (got.f, ==, 1.0);
  g_assert_true (reduce (WS_CUDA_OURS, r, &got, NULL));
  for (guint k = 0; k < 5; k++)
    {
      g_assert_true (reduce (WS_CUDA_OURS, r, &again, NULL));
      g_assert_cmpmem (&got.f, sizeof got.f, &again.f, sizeof again.f);
    }
}

static void
test_reduce_unsupported (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 16, 1);
  g_autoptr (GError) error = NULL;
  WsCudaScalar got;

  if (gpu_test_skip_without_device ())
    return;
  g_assert_false (reduce (WS_CUDA_SEED_SHARED, a, &got, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED);
  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    g_assert_true (ws_cuda_has ("reduce", impls[k]));
}

/* 2^26 keys through ours and CUB, with their kernel times (after a small
 * warm-up run: a process's first launch of a kernel also loads it). */
static void
test_reduce_large (gconstpointer data)
{
  WsKeyType type = ((const WsTestCase *) data)->type;
  g_autoptr (WsArray) a = NULL;

  if (gpu_test_skip_without_device ())
    return;
  a = ws_test_generate (type, WS_DIST_UNIFORM, (gsize) 1 << 26, 26);
  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    {
      WsCudaTiming t;
      WsCudaScalar got;
      g_assert_true (ws_cuda_reduce (impls[k], gpu_test_type (type), a->data, 4096, &got, &t, NULL));
      g_assert_true (ws_cuda_reduce (impls[k], gpu_test_type (type), a->data, a->n, &got, &t, NULL));
      gpu_test_assert_timing (&t);
      g_test_message ("TIMING reduce %s n=2^26 impl=%d kernel_ms=%.3f", ws_key_type_name (type),
                      impls[k], t.kernel_ms);
    }
  check_reduce (a);
}

/* ---- Dot ---- */

static gboolean
dot (WsCudaImpl impl, WsArray *a, WsArray *b, WsCudaScalar *out, GError **error)
{
  WsCudaTiming t;

  *out = (WsCudaScalar) { .is_int = a->type != WS_KEY_INT32, .i = 12345, .f = 12345.0 };
  if (!ws_cuda_dot (impl, gpu_test_type (a->type), a->data, b->data, a->n, out, &t, error))
    return FALSE;
  gpu_test_assert_timing (&t);
  return TRUE;
}

/* The value (exact, or the int64 error for int32; within
 * n · FLT_EPSILON · Σ|a b| for float32) against the reference. */
static void
check_dot_value (const WsArray *a, const WsTestDotRef *ref, gboolean ok,
                 const WsCudaScalar *out, const GError *error)
{
  if (a->type == WS_KEY_INT32 && !ref->fits)
    {
      g_assert_false (ok);
      g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "int64"));
      g_assert_nonnull (strstr (error->message, "float32"));
      return;
    }
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_cmpint (out->is_int, ==, a->type == WS_KEY_INT32);
  if (a->type == WS_KEY_INT32)
    {
      g_assert_cmpint (out->i, ==, ref->exact);
      g_assert_cmpfloat (out->f, ==, (double) ref->exact);
    }
  else if (isnan (ref->sum))
    g_assert_true (isnan (out->f));
  else if (isinf (ref->sum))
    g_assert_cmpfloat (out->f, ==, ref->sum);
  else
    g_assert_cmpfloat_with_epsilon (out->f, ref->sum,
                                    (double) a->n * FLT_EPSILON * ref->abs_sum + DBL_MIN);
}

/* Every impl on copies of a and b: both come back sorted, the value right. */
static void
check_dot (const WsArray *a, const WsArray *b)
{
  WsTestDotRef ref = ws_test_dot_reference (a, b);

  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    {
      g_autoptr (WsArray) ca = ws_array_copy (a, NULL);
      g_autoptr (WsArray) cb = ws_array_copy (b, NULL);
      g_autoptr (GError) error = NULL;
      WsCudaScalar out;
      gboolean ok = dot (impls[k], ca, cb, &out, &error);
      g_test_message ("dot impl %d n %" G_GSIZE_FORMAT ": %s", impls[k], a->n,
                      error != NULL ? error->message : "ok");
      if (ok || (a->type == WS_KEY_INT32 && !ref.fits))
        {
          g_assert_true (ws_test_is_sorted_permutation (a, ca));
          g_assert_true (ws_test_is_sorted_permutation (b, cb));
        }
      check_dot_value (a, &ref, ok, &out, error);
    }
}

static void
test_dot_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      gsize n = ws_test_sizes[s];
      g_autoptr (WsArray) a = ws_test_generate (c->type, c->dist, n, 10 + s);
      g_autoptr (WsArray) b = ws_test_generate (c->type, c->dist, n, 90 + s);
      check_dot (a, b);
      if (c->type == WS_KEY_INT32) /* the exact path, not only the overflow */
        {
          ws_test_fold_small (a);
          ws_test_fold_small (b);
          check_dot (a, b);
        }
    }
}

/* ±inf, -0.0, denormals and int32 extremes; ±FLT_MAX become ±1e18 so that
 * the seed's float products stay finite (as in test-dot.c). */
static void
test_dot_special (gconstpointer data)
{
  WsKeyType type = ((const WsTestCase *) data)->type;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      gsize n = ws_test_sizes[s];
      g_autoptr (WsArray) a = ws_test_special_array (type, n, 3 + s);
      g_autoptr (WsArray) b = ws_test_special_array (type, n, 300 + s);
      ws_test_tame_flt_max (a, 1e18f);
      ws_test_tame_flt_max (b, 1e18f);
      check_dot (a, b);
    }
}

/* Sorting pairs the keys up: (3,1,2)·(20,30,10) sorted is 1·10+2·20+3·30. */
static void
test_dot_sorts_first (gconstpointer data)
{
  const double av[] = { 3, 1, 2 }, bv[] = { 20, 30, 10 };
  WsKeyType type = ((const WsTestCase *) data)->type;

  if (gpu_test_skip_without_device ())
    return;
  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    {
      g_autoptr (WsArray) a = ws_test_array_of (type, 3, av);
      g_autoptr (WsArray) b = ws_test_array_of (type, 3, bv);
      g_autoptr (GError) error = NULL;
      WsCudaScalar out;
      g_assert_true (dot (impls[k], a, b, &out, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (out.f, ==, 140.0);
      g_assert_cmpfloat (ws_array_get_double (a, 0), ==, 1.0);
      g_assert_cmpfloat (ws_array_get_double (b, 2), ==, 30.0);
    }
}

/* Totals just outside int64 fail, totals near its ends (whose partial sums
 * would overflow 64 bits) do not. */
static void
test_dot_int32_limits (void)
{
  const double max3[] = { G_MAXINT32, G_MAXINT32, G_MAXINT32 };
  const double min3[] = { G_MININT32, G_MININT32, G_MININT32 };
  const double mix_a[] = { G_MININT32, G_MININT32, G_MAXINT32, G_MAXINT32 };
  const double mix_b[] = { -1, 0, 1, 2 };
  const struct { const double *a, *b; gsize n; } cases[] = {
    { max3, max3, 3 }, { min3, min3, 2 }, { min3, max3, 3 }, /* 3 (2^31-1)^2, 2^63, < -2^63 */
    { max3, max3, 2 }, { min3, min3, 1 }, { mix_a, mix_b, 4 },
  };

  if (gpu_test_skip_without_device ())
    return;
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (WsArray) a = ws_test_array_of (WS_KEY_INT32, cases[c].n, cases[c].a);
      g_autoptr (WsArray) b = ws_test_array_of (WS_KEY_INT32, cases[c].n, cases[c].b);
      check_dot (a, b);
    }
}

/* The seed multiplies in float like the study (FLT_MAX² = inf); ours and
 * CUB in double, where the product is finite. */
static void
test_dot_beyond_flt_max (void)
{
  const double v[] = { FLT_MAX, 1.0 };

  if (gpu_test_skip_without_device ())
    return;
  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    {
      g_autoptr (WsArray) a = ws_test_array_of (WS_KEY_FLOAT32, 2, v);
      g_autoptr (WsArray) b = ws_test_array_of (WS_KEY_FLOAT32, 2, v);
      WsCudaScalar out;
      g_assert_true (dot (impls[k], a, b, &out, NULL));
      if (impls[k] == WS_CUDA_SEED)
        g_assert_cmpfloat (out.f, ==, INFINITY);
      else
        g_assert_cmpfloat_with_epsilon (out.f, (double) FLT_MAX * FLT_MAX, 1e62);
    }
}

static void
test_dot_unsupported (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 16, 1);
  g_autoptr (WsArray) b = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 16, 2);
  g_autoptr (WsArray) a0 = ws_array_copy (a, NULL);
  g_autoptr (GError) error = NULL;
  WsCudaScalar out;

  if (gpu_test_skip_without_device ())
    return;
  g_assert_false (dot (WS_CUDA_SEED_V1, a, b, &out, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED);
  g_assert_true (ws_array_equal (a, a0));
  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    g_assert_true (ws_cuda_has ("dot", impls[k]));
}

/* Ascending and the same multiset as `in` (order-free sums of the bit
 * patterns and of their squares): a linear check for 2^26 keys. */
static void
assert_sorted_same (const WsArray *in, const WsArray *out)
{
  const guint32 *x = in->data, *y = out->data;
  guint64 s1 = 0, s2 = 0, t1 = 0, t2 = 0;

  for (gsize i = 0; i < in->n; i++)
    {
      s1 += x[i];
      s2 += (guint64) x[i] * x[i];
      t1 += y[i];
      t2 += (guint64) y[i] * y[i];
      if (i > 0)
        g_assert_cmpfloat (ws_array_get_double (out, i - 1), <=, ws_array_get_double (out, i));
    }
  g_assert_cmpuint (s1, ==, t1);
  g_assert_cmpuint (s2, ==, t2);
}

/* 2^26 keys each through ours and CUB (int32 in [0, 65536), so that the
 * exact sum fits), with their kernel times after a small warm-up run. */
static void
test_dot_large (gconstpointer data)
{
  WsKeyType type = ((const WsTestCase *) data)->type;
  WsDistribution dist = type == WS_KEY_INT32 ? WS_DIST_UNIFORM16 : WS_DIST_UNIFORM;
  g_autoptr (WsArray) a = NULL;
  g_autoptr (WsArray) b = NULL;

  if (gpu_test_skip_without_device ())
    return;
  a = ws_test_generate (type, dist, (gsize) 1 << 26, 61);
  b = ws_test_generate (type, dist, (gsize) 1 << 26, 62);
  for (guint k = 1; k < G_N_ELEMENTS (impls); k++)
    {
      g_autoptr (WsArray) ca = ws_array_copy (a, NULL);
      g_autoptr (WsArray) cb = ws_array_copy (b, NULL);
      g_autoptr (GError) error = NULL;
      WsCudaTiming t;
      WsCudaScalar out;
      gboolean ok = ws_cuda_dot (impls[k], gpu_test_type (type), ca->data, cb->data, 4096, &out,
                                 &t, &error)
                    && ws_cuda_dot (impls[k], gpu_test_type (type), ca->data, cb->data, ca->n,
                                    &out, &t, &error);
      g_assert_no_error (error);
      g_assert_true (ok);
      gpu_test_assert_timing (&t);
      g_test_message ("TIMING dot %s n=2^26 impl=%d kernel_ms=%.3f", ws_key_type_name (type),
                      impls[k], t.kernel_ms);
      assert_sorted_same (a, ca);
      assert_sorted_same (b, cb);
      WsTestDotRef ref = ws_test_dot_reference_sorted (ca, cb);
      check_dot_value (a, &ref, ok, &out, error);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  ws_test_add_cases ("/gpu/reduce/values", WS_TEST_PER_DIST, 0, test_reduce_distribution);
  ws_test_add_cases ("/gpu/reduce/special", WS_TEST_PER_TYPE, 0, test_reduce_special);
  g_test_add_func ("/gpu/reduce/flt-max", test_reduce_flt_max);
  g_test_add_func ("/gpu/reduce/small", test_reduce_small);
  g_test_add_func ("/gpu/reduce/rounding", test_reduce_rounding);
  g_test_add_func ("/gpu/reduce/exact-blocks", test_reduce_exact_blocks);
  g_test_add_func ("/gpu/reduce/unsupported", test_reduce_unsupported);
  ws_test_add_cases ("/gpu/reduce/large", WS_TEST_PER_TYPE, 0, test_reduce_large);
  ws_test_add_cases ("/gpu/dot/values", WS_TEST_PER_DIST, 0, test_dot_distribution);
  ws_test_add_cases ("/gpu/dot/special", WS_TEST_PER_TYPE, 0, test_dot_special);
  ws_test_add_cases ("/gpu/dot/sorts-first", WS_TEST_PER_TYPE, 0, test_dot_sorts_first);
  g_test_add_func ("/gpu/dot/int32-limits", test_dot_int32_limits);
  g_test_add_func ("/gpu/dot/beyond-flt-max", test_dot_beyond_flt_max);
  g_test_add_func ("/gpu/dot/unsupported", test_dot_unsupported);
  ws_test_add_cases ("/gpu/dot/large", WS_TEST_PER_TYPE, 0, test_dot_large);
  return g_test_run ();
}
