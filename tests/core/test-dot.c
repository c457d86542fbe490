/* test-dot.c: study 000's sorted dot product against qsort and double loops. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "ws-dot.h"
#include "ws-error.h"
#include "ws-test-util.h"

/* int32: the exact value, or WS_ERROR_OVERFLOW when it leaves int64. */
static void
check_exact (const WsTestDotRef *ref,
             gboolean            ok,
             const WsScalar     *out,
             const GError       *error)
{
#ifdef __SIZEOF_INT128__
  if (!ref->fits)
    {
      g_assert_error (error, WS_ERROR, WS_ERROR_OVERFLOW);
      g_assert_false (ok);
      return;
    }
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_true (out->is_int);
  g_assert_cmpint (out->i, ==, ref->exact);
  g_assert_cmpfloat (out->f, ==, (double) ref->exact);
#else
  g_test_incomplete ("no 128-bit integers for an exact reference");
#endif
}

/* Run ws_dot on copies of a and b, check that they come back sorted, and
 * compare with the reference (value, or the int64 overflow error). */
static void
check_dot (const WsArray *a,
           const WsArray *b,
           WsVariant      variant)
{
  g_autoptr (WsArray) ca = ws_array_copy (a, NULL);
  g_autoptr (WsArray) cb = ws_array_copy (b, NULL);
  g_autoptr (GError) error = NULL;
  WsScalar out = { 0 };
  gboolean ok = ws_dot (ca, cb, variant, &out, NULL, &error);
  WsTestDotRef ref;

  g_assert_true (ws_test_is_sorted_permutation (a, ca));
  g_assert_true (ws_test_is_sorted_permutation (b, cb));
  ref = ws_test_dot_reference (a, b);
  if (a->type == WS_KEY_INT32)
    {
      check_exact (&ref, ok, &out, error);
      return;
    }
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_false (out.is_int);
  if (isnan (ref.sum))
    g_assert_true (isnan (out.f));
  else if (isinf (ref.sum))
    g_assert_cmpfloat (out.f, ==, ref.sum);
  else
    g_assert_cmpfloat_with_epsilon (out.f, ref.sum,
                                    (double) a->n * FLT_EPSILON * ref.abs_sum + DBL_MIN);
}

static void
test_distribution (gconstpointer data)
{
  const WsTestCase *c = data;
  WsKeyType type = c->type;
  WsDistribution dist = c->dist;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      gsize n = ws_test_sizes[s];
      g_autoptr (WsArray) a = ws_test_generate (type, dist, n, 10 + s);
      g_autoptr (WsArray) b = ws_test_generate (type, dist, n, 90 + s);
      check_dot (a, b, c->variant);
      /* The largest size is covered by the raw keys; sorting it twice more
       * would only slow the sanitizer runs. */
      if (type == WS_KEY_INT32 && n <= 1025)
        {
          ws_test_fold_small (a);
          ws_test_fold_small (b);
          check_dot (a, b, c->variant);
        }
    }
}

/* ±inf, -0.0, denormals and int32 extremes. ±FLT_MAX become ±1e18, whose
 * products stay finite in float: a float product beyond FLT_MAX is inf in
 * cpu-seq by design (see test_beyond_flt_max). */
static void
test_special (gconstpointer data)
{
  const WsTestCase *c = data;
  WsKeyType type = c->type;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      gsize n = ws_test_sizes[s];
      g_autoptr (WsArray) a = ws_test_special_array (type, n, 3 + s);
      g_autoptr (WsArray) b = ws_test_special_array (type, n, 300 + s);
      ws_test_tame_flt_max (a, 1e18f);
      ws_test_tame_flt_max (b, 1e18f);
      check_dot (a, b, c->variant);
    }
}

/* Sorting pairs the keys up: (3,1,2)·(30,10,20) sorted is 1·10+2·20+3·30. */
static void
test_sorts_first (gconstpointer data)
{
  const double av[] = { 3, 1, 2 }, bv[] = { 20, 30, 10 };
  const WsTestCase *c = data;
  g_autoptr (WsArray) a = ws_test_array_of (c->type, 3, av);
  g_autoptr (WsArray) b = ws_test_array_of (c->type, 3, bv);
  WsScalar out = { 0 };

  g_assert_cmpfloat (ws_dot_reference (a, b), ==, 3 * 20 + 1 * 30 + 2 * 10);
  g_assert_true (ws_dot (a, b, c->variant, &out, NULL, NULL));
  g_assert_cmpfloat (out.f, ==, 140.0);
  g_assert_cmpfloat (ws_dot_reference (a, b), ==, 140.0);
  g_assert_cmpfloat (ws_array_get_double (a, 0), ==, 1.0);
  g_assert_cmpfloat (ws_array_get_double (b, 2), ==, 30.0);
}

static void
assert_dot_overflows (const double *av,
                      const double *bv,
                      gsize         n)
{
  for (WsVariant v = WS_VARIANT_CPU_SEQ; v <= WS_VARIANT_CPU_PAR; v++)
    {
      g_autoptr (WsArray) a = ws_test_array_of (WS_KEY_INT32, n, av);
      g_autoptr (WsArray) b = ws_test_array_of (WS_KEY_INT32, n, bv);
      g_autoptr (GError) error = NULL;
      WsScalar out = { 0 };
      g_assert_false (ws_dot (a, b, v, &out, NULL, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_OVERFLOW);
      g_assert_nonnull (strstr (error->message, "int64"));
      g_assert_nonnull (strstr (error->message, "float32"));
    }
}

static void
test_int32_overflow (void)
{
  const double max3[] = { G_MAXINT32, G_MAXINT32, G_MAXINT32 };
  const double min3[] = { G_MININT32, G_MININT32, G_MININT32 };

  assert_dot_overflows (max3, max3, 3);   /* 3 (2^31 - 1)^2 > 2^63 */
  assert_dot_overflows (min3, min3, 2);   /* 2 (2^31)^2 = 2^63 */
  assert_dot_overflows (min3, max3, 3);   /* below -2^63 */
}

/* Sums near the int64 limits that still fit, and cancelling extremes. */
static void
test_int32_near_limits (void)
{
  const double max2[] = { G_MAXINT32, G_MAXINT32 };
  const double mix_a[] = { G_MININT32, G_MININT32, G_MAXINT32, G_MAXINT32 };
  const double mix_b[] = { -1, 0, 1, 2 };
  const struct { const double *a, *b; gsize n; gint64 want; } cases[] = {
    { max2, max2, 2, 2 * ((gint64) G_MAXINT32 * G_MAXINT32) },
    { mix_a, mix_b, 4, -(gint64) G_MININT32 + 3 * (gint64) G_MAXINT32 },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    for (WsVariant v = WS_VARIANT_CPU_SEQ; v <= WS_VARIANT_CPU_PAR; v++)
      {
        g_autoptr (WsArray) a = ws_test_array_of (WS_KEY_INT32, cases[k].n, cases[k].a);
        g_autoptr (WsArray) b = ws_test_array_of (WS_KEY_INT32, cases[k].n, cases[k].b);
        g_autoptr (GError) error = NULL;
        WsScalar out = { 0 };
        g_assert_true (ws_dot (a, b, v, &out, NULL, &error));
        g_assert_no_error (error);
        g_assert_true (out.is_int);
        g_assert_cmpint (out.i, ==, cases[k].want);
      }
}

/* cpu-seq multiplies in float like the study (FLT_MAX^2 = inf); cpu-par in
 * double, where the product is finite. */
static void
test_beyond_flt_max (void)
{
  const double v[] = { FLT_MAX, 1.0 };
  g_autoptr (WsArray) a = ws_test_array_of (WS_KEY_FLOAT32, 2, v);
  g_autoptr (WsArray) b = ws_test_array_of (WS_KEY_FLOAT32, 2, v);
  WsScalar seq = { 0 }, par = { 0 };

  g_assert_true (ws_dot (a, b, WS_VARIANT_CPU_SEQ, &seq, NULL, NULL));
  g_assert_true (ws_dot (a, b, WS_VARIANT_CPU_PAR, &par, NULL, NULL));
  g_assert_cmpfloat (seq.f, ==, INFINITY);
  g_assert_cmpfloat_with_epsilon (par.f, (double) FLT_MAX * FLT_MAX, 1e62);
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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  ws_test_add_cases ("/dot/values", WS_TEST_PER_VARIANT | WS_TEST_PER_DIST, 0, test_distribution);
  ws_test_add_cases ("/dot/special", WS_TEST_PER_VARIANT, 0, test_special);
  ws_test_add_cases ("/dot/sorts-first", WS_TEST_PER_VARIANT, 0, test_sorts_first);
  g_test_add_func ("/dot/int32/overflow", test_int32_overflow);
  g_test_add_func ("/dot/int32/near-limits", test_int32_near_limits);
  g_test_add_func ("/dot/float32/beyond-flt-max", test_beyond_flt_max);
  g_test_add_func ("/dot/errors/mismatch", test_mismatch);
  g_test_add_func ("/dot/errors/gpu-variant", test_gpu_variant);
  g_test_add_func ("/dot/counters", test_counters);
  return g_test_run ();
}
