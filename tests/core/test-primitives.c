/* test-primitives.c: reduce and histogram against plain loops (counting
 * sort has test-counting-sort.c). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-primitives.h"
#include "ws-test-util.h"

static WsArray *
array_from_f32 (const float *values,
                gsize        n)
{
  g_autoptr (GError) error = NULL;
  WsArray *a = ws_array_new (WS_KEY_FLOAT32, n, &error);

  g_assert_no_error (error);
  if (n > 0)
    memcpy (a->f32, values, n * sizeof (float));
  return a;
}

static WsArray *
array_from_i32 (const gint32 *values,
                gsize         n)
{
  g_autoptr (GError) error = NULL;
  WsArray *a = ws_array_new (WS_KEY_INT32, n, &error);

  g_assert_no_error (error);
  if (n > 0)
    memcpy (a->i32, values, n * sizeof (gint32));
  return a;
}

/* ---- Reduce ---- */

static WsScalar
reduce (const WsArray *a,
        WsVariant      variant)
{
  g_autoptr (GError) error = NULL;
  /* Garbage in, including the wrong is_int: the call must set every field. */
  WsScalar out = { .is_int = a->type != WS_KEY_INT32, .i = 12345, .f = 12345.0 };

  g_assert_true (ws_reduce_sum (a, variant, &out, &error));
  g_assert_no_error (error);
  g_assert_cmpint (out.is_int, ==, a->type == WS_KEY_INT32);
  return out;
}

static void
check_reduce_int32 (const WsArray *a)
{
  gint64 ref = 0;

  for (gsize i = 0; i < a->n; i++)
    ref += a->i32[i];
  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      WsScalar got = reduce (a, ws_test_cpu_variants[v]);
      g_assert_cmpint (got.i, ==, ref);
      g_assert_cmpfloat (got.f, ==, (double) ref);
    }
}

/* cpu-seq is the float loop in index order, bit for bit, and within the
 * classic n * eps * sum|x| bound of the exact sum; cpu-par adds in double,
 * so it must be within the same bound with the double epsilon. */
static void
check_reduce_float32 (const WsArray *a)
{
  double ref = 0.0, abs_sum = 0.0;
  float loop = 0.0f;
  WsScalar seq = reduce (a, WS_VARIANT_CPU_SEQ);
  WsScalar par = reduce (a, WS_VARIANT_CPU_PAR);

  for (gsize i = 0; i < a->n; i++)
    {
      ref += a->f32[i];
      abs_sum += fabs (a->f32[i]);
      loop += a->f32[i];
    }
  g_assert_cmpfloat (seq.f, ==, loop);
  g_assert_cmpfloat_with_epsilon (seq.f, ref, a->n * FLT_EPSILON * abs_sum + 1e-37);
  g_assert_cmpfloat_with_epsilon (par.f, ref, a->n * DBL_EPSILON * abs_sum + 1e-300);
}

static void
test_reduce_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) a = ws_test_generate (c->type, c->dist, ws_test_sizes[s], 31 + s);
      if (c->type == WS_KEY_INT32)
        check_reduce_int32 (a);
      else
        check_reduce_float32 (a);
    }
}

static void
test_reduce_int32_special (void)
{
  const gint32 extremes[] = { G_MAXINT32, G_MAXINT32, G_MAXINT32, G_MININT32, G_MININT32 };
  g_autoptr (WsArray) few = array_from_i32 (extremes, G_N_ELEMENTS (extremes));

  check_reduce_int32 (few);
  g_assert_cmpint (reduce (few, WS_VARIANT_CPU_PAR).i, ==, (gint64) G_MAXINT32 - 2);
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) a = ws_test_special_array (WS_KEY_INT32, ws_test_sizes[s], 41 + s);
      check_reduce_int32 (a);
    }
}

/* ±inf decide the result in any order: NaN when both occur. Without them
 * cpu-par (double) never overflows and keeps its bound; cpu-seq stays the
 * float loop, overflow included. */
static void
check_reduce_float32_special (const WsArray *a)
{
  gboolean pos = FALSE, neg = FALSE;
  double ref = 0.0, abs_sum = 0.0;
  float loop = 0.0f;
  float seq = (float) reduce (a, WS_VARIANT_CPU_SEQ).f;
  WsScalar par = reduce (a, WS_VARIANT_CPU_PAR);

  for (gsize i = 0; i < a->n; i++)
    {
      pos |= a->f32[i] == INFINITY;
      neg |= a->f32[i] == -INFINITY;
      ref += a->f32[i];
      abs_sum += fabs (a->f32[i]);
      loop += a->f32[i];
    }
  if (isnan (loop))
    g_assert_true (isnan (seq));
  else
    g_assert_true (seq == loop && !signbit (seq) == !signbit (loop));
  if (pos && neg)
    g_assert_true (isnan (par.f));
  else if (pos || neg)
    g_assert_cmpfloat (par.f, ==, pos ? INFINITY : -INFINITY);
  else
    g_assert_cmpfloat_with_epsilon (par.f, ref, a->n * DBL_EPSILON * abs_sum + 1e-300);
}

static void
test_reduce_float32_special (void)
{
  const float infs[][3] = { { 1.0f, INFINITY, 2.0f }, { -INFINITY, 1.0f, -0.0f },
                            { INFINITY, -INFINITY, 0.0f }, { -0.0f, -0.0f, -0.0f } };

  for (guint k = 0; k < G_N_ELEMENTS (infs); k++)
    {
      g_autoptr (WsArray) a = array_from_f32 (infs[k], 3);
      check_reduce_float32_special (a);
    }
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) a = ws_test_special_array (WS_KEY_FLOAT32, ws_test_sizes[s], 51 + s);
      check_reduce_float32_special (a);
    }
}

/* The studies' float loop really loses what it cannot hold: 2^24 + 1 rounds
 * back to 2^24 at every step, while the double partials of cpu-par keep it. */
static void
test_reduce_float32_rounding_visible (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) a = ws_array_new (WS_KEY_FLOAT32, 1001, &error);

  g_assert_no_error (error);
  a->f32[0] = 16777216.0f;
  for (gsize i = 1; i < a->n; i++)
    a->f32[i] = 1.0f;
  g_assert_cmpfloat (reduce (a, WS_VARIANT_CPU_SEQ).f, ==, 16777216.0);
  g_assert_cmpfloat (reduce (a, WS_VARIANT_CPU_PAR).f, ==, 16778216.0);
}

static void
test_reduce_empty (void)
{
  for (guint t = 0; t < 2; t++)
    for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
      {
        g_autoptr (WsArray) a = ws_test_generate ((WsKeyType) t, WS_DIST_UNIFORM, 0, 1);
        WsScalar got = reduce (a, ws_test_cpu_variants[v]);
        g_assert_cmpint (got.i, ==, 0);
        g_assert_cmpfloat (got.f, ==, 0.0);
      }
}

static void
test_reduce_unsupported (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 10, 1);

  for (WsVariant v = WS_VARIANT_GPU_SEED; v < WS_N_VARIANTS; v++)
    {
      g_autoptr (GError) error = NULL;
      WsScalar out;
      g_assert_false (ws_reduce_sum (a, v, &out, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED);
      g_assert_nonnull (strstr (error->message, "reduce"));
      g_assert_nonnull (strstr (error->message, ws_variant_name (v)));
    }
}

/* ---- Histogram ---- */

/* Plain reference: min and max by a loop, the bin by the defining formula
 * (exact integers for int32, double for float32), ±inf at the ends. */
static void
reference_histogram (const WsArray *a,
                     guint          bins,
                     guint64       *counts,
                     double        *lo,
                     double        *hi)
{
  double mn = INFINITY, mx = -INFINITY;

  memset (counts, 0, bins * sizeof (guint64));
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
      counts[MIN (b, bins - 1)]++;
    }
  *lo = mn;
  *hi = mx;
}

static void
check_histogram (const WsArray *a,
                 guint          bins)
{
  g_autofree guint64 *ref = g_new (guint64, bins);
  double ref_lo, ref_hi;

  reference_histogram (a, bins, ref, &ref_lo, &ref_hi);
  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree guint64 *counts = g_new (guint64, bins);
      double lo = -1, hi = -1;
      guint64 total = 0;
      g_assert_true (ws_histogram (a, bins, ws_test_cpu_variants[v], counts, &lo, &hi, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (lo, ==, ref_lo);
      g_assert_cmpfloat (hi, ==, ref_hi);
      for (guint b = 0; b < bins; b++)
        total += counts[b];
      g_assert_cmpuint (total, ==, a->n);
      g_assert_cmpmem (counts, bins * sizeof (guint64), ref, bins * sizeof (guint64));
    }
}

/* 70000 bins takes cpu-par's shared-atomic path, the others its private one. */
static const guint bin_choices[] = { 1, 7, 64, 1000, 70000 };

static void
test_histogram_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) a = ws_test_generate (c->type, c->dist, ws_test_sizes[s], 61 + s);
      for (guint b = 0; b < G_N_ELEMENTS (bin_choices); b++)
        check_histogram (a, bin_choices[b]);
    }
}

static void
test_histogram_special (void)
{
  for (guint t = 0; t < 2; t++)
    for (guint s = 0; s < ws_test_n_sizes; s++)
      {
        g_autoptr (WsArray) a = ws_test_special_array ((WsKeyType) t, ws_test_sizes[s], 71 + s);
        for (guint b = 0; b < G_N_ELEMENTS (bin_choices); b++)
          check_histogram (a, bin_choices[b]);
      }
}

/* Runs both variants on a, asserts they give `want` and the bounds. */
static void
expect_histogram (const WsArray *a,
                  guint          bins,
                  const guint64 *want,
                  double         want_lo,
                  double         want_hi)
{
  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree guint64 *counts = g_new (guint64, bins);
      double lo, hi;
      g_assert_true (ws_histogram (a, bins, ws_test_cpu_variants[v], counts, &lo, &hi, &error));
      g_assert_no_error (error);
      g_assert_cmpmem (counts, bins * sizeof (guint64), want, bins * sizeof (guint64));
      g_assert_cmpfloat (lo, ==, want_lo);
      g_assert_cmpfloat (hi, ==, want_hi);
    }
}

static void
test_histogram_max_in_last_bin (void)
{
  const gint32 ints[] = { G_MININT32, 0, G_MAXINT32 };
  const float floats[] = { 0.0f, 0.5f, 1.0f, 0.25f };
  g_autoptr (WsArray) a = array_from_i32 (ints, G_N_ELEMENTS (ints));
  g_autoptr (WsArray) f = array_from_f32 (floats, G_N_ELEMENTS (floats));

  /* 0 lies 2^31 above min in a span of 2^32 - 1: just past the middle, so
   * bin 2 of 4 and bin 1 of 3; max lands in the last bin either way. */
  expect_histogram (a, 4, (const guint64[]){ 1, 0, 1, 1 }, G_MININT32, G_MAXINT32);
  expect_histogram (a, 3, (const guint64[]){ 1, 1, 1 }, G_MININT32, G_MAXINT32);
  expect_histogram (f, 2, (const guint64[]){ 2, 2 }, 0.0, 1.0);
}

static void
test_histogram_all_equal (void)
{
  const gint32 fives[] = { 5, 5, 5 };
  const float halves[] = { 0.5f, 0.5f, INFINITY };
  g_autoptr (WsArray) a = array_from_i32 (fives, 3);
  g_autoptr (WsArray) f = array_from_f32 (halves, 3);

  expect_histogram (a, 4, (const guint64[]){ 3, 0, 0, 0 }, 5.0, 5.0);
  /* +inf keeps its place in the last bin even then. */
  expect_histogram (f, 3, (const guint64[]){ 2, 0, 1 }, 0.5, 0.5);
}

static void
test_histogram_one_bin (void)
{
  g_autoptr (WsArray) a = ws_test_special_array (WS_KEY_FLOAT32, 1000, 3);

  expect_histogram (a, 1, (const guint64[]){ 1000 }, -FLT_MAX, FLT_MAX);
}

static void
test_histogram_infinities (void)
{
  const float values[] = { -INFINITY, 0.0f, 1.0f, 2.0f, INFINITY, INFINITY };
  const float only_inf[] = { INFINITY, -INFINITY };
  g_autoptr (WsArray) a = array_from_f32 (values, G_N_ELEMENTS (values));
  g_autoptr (WsArray) b = array_from_f32 (only_inf, G_N_ELEMENTS (only_inf));

  /* Bins span the finite [0, 2]; -inf joins bin 0, +inf the last bin. */
  expect_histogram (a, 4, (const guint64[]){ 2, 0, 1, 3 }, 0.0, 2.0);
  expect_histogram (b, 3, (const guint64[]){ 1, 0, 1 }, 0.0, 0.0);
}

static void
test_histogram_empty (void)
{
  g_autoptr (WsArray) a = array_from_f32 (NULL, 0);
  g_autoptr (WsArray) i = array_from_i32 (NULL, 0);
  g_autofree guint64 *zeros = g_new0 (guint64, 70000);

  expect_histogram (a, 3, (const guint64[]){ 0, 0, 0 }, 0.0, 0.0);
  expect_histogram (i, 70000, zeros, 0.0, 0.0);
}

static void
test_histogram_bins_range (void)
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

static void
test_histogram_nan (void)
{
  const float values[] = { 1.0f, 2.0f, NAN, 3.0f };
  g_autoptr (WsArray) a = array_from_f32 (values, G_N_ELEMENTS (values));
  guint64 counts[4];

  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_false (ws_histogram (a, 4, ws_test_cpu_variants[v], counts, NULL, NULL, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, "key 2 is NaN"));
    }
}

static void
test_histogram_unsupported (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 10, 1);
  guint64 counts[4];
  g_autoptr (GError) error = NULL;

  g_assert_false (ws_histogram (a, 4, WS_VARIANT_GPU, counts, NULL, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "histogram"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ws_test_add_cases ("/reduce", WS_TEST_PER_DIST, 0, test_reduce_distribution);
  ws_test_add_cases ("/histogram", WS_TEST_PER_DIST, 0, test_histogram_distribution);
  g_test_add_func ("/reduce/int32/special", test_reduce_int32_special);
  g_test_add_func ("/reduce/float32/special", test_reduce_float32_special);
  g_test_add_func ("/reduce/float32/seq-rounds-in-float", test_reduce_float32_rounding_visible);
  g_test_add_func ("/reduce/empty", test_reduce_empty);
  g_test_add_func ("/reduce/unsupported-variant", test_reduce_unsupported);
  g_test_add_func ("/histogram/special", test_histogram_special);
  g_test_add_func ("/histogram/max-in-last-bin", test_histogram_max_in_last_bin);
  g_test_add_func ("/histogram/all-equal", test_histogram_all_equal);
  g_test_add_func ("/histogram/one-bin", test_histogram_one_bin);
  g_test_add_func ("/histogram/infinities", test_histogram_infinities);
  g_test_add_func ("/histogram/empty", test_histogram_empty);
  g_test_add_func ("/histogram/bins-out-of-range", test_histogram_bins_range);
  g_test_add_func ("/histogram/nan", test_histogram_nan);
  g_test_add_func ("/histogram/unsupported-variant", test_histogram_unsupported);

  return g_test_run ();
}
