/* test-radix.c: LSD radix sort against qsort, its float order, its skipped
 * passes and its errors. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-radix.h"
#include "ws-test-util.h"

/* Sorts a copy of in with variant, asserts success, returns the copy. */
static WsArray *
radix_copy (const WsArray *in,
            WsVariant      variant,
            WsCounters    *counters)
{
  g_autoptr (GError) error = NULL;
  WsArray *out = ws_array_copy (in, &error);

  g_assert_no_error (error);
  g_assert_true (ws_radix_sort (out, variant, counters, &error));
  g_assert_no_error (error);
  return out;
}

/* Both variants give a sorted permutation, bitwise equal to qsort's total
 * order (so -0.0 before +0.0) and to each other. */
static void
check_sorts (const WsArray *in)
{
  g_autoptr (WsArray) ref = ws_test_qsort_copy (in);

  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      WsCounters counters = { 0 };
      g_autoptr (WsArray) out = radix_copy (in, ws_test_cpu_variants[v], &counters);
      g_assert_true (ws_test_is_sorted_permutation (in, out));
      g_assert_true (ws_array_equal (out, ref));
      g_assert_cmpuint (counters.passes, <=, 4);
    }
}

static void
test_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) in = ws_test_generate (c->type, c->dist, ws_test_sizes[s], 7 + s);
      check_sorts (in);
    }
}

static void
test_special (gconstpointer data)
{
  WsKeyType type = GPOINTER_TO_INT (data);

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) in = ws_test_special_array (type, ws_test_sizes[s], 99 + s);
      check_sorts (in);
    }
}

static WsArray *
float_array (const float *values,
             gsize        n)
{
  g_autoptr (GError) error = NULL;
  WsArray *a = ws_array_new (WS_KEY_FLOAT32, n, &error);

  g_assert_no_error (error);
  memcpy (a->f32, values, n * sizeof (float));
  return a;
}

/* The exact float order, bit for bit: -inf first, -0.0 before +0.0, +inf last. */
static void
test_float_order (void)
{
  const float in_values[] = { INFINITY, 0.0f, -0.0f, -INFINITY, 1.0f, -1.0f, FLT_TRUE_MIN,
                              -FLT_TRUE_MIN, FLT_MAX, -FLT_MAX, -0.0f, 0.0f, -FLT_MIN, FLT_MIN };
  const float want[] = { -INFINITY, -FLT_MAX, -1.0f, -FLT_MIN, -FLT_TRUE_MIN, -0.0f, -0.0f,
                         0.0f, 0.0f, FLT_TRUE_MIN, FLT_MIN, 1.0f, FLT_MAX, INFINITY };
  g_autoptr (WsArray) in = float_array (in_values, G_N_ELEMENTS (in_values));
  g_autoptr (WsArray) expected = float_array (want, G_N_ELEMENTS (want));

  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      g_autoptr (WsArray) out = radix_copy (in, ws_test_cpu_variants[v], NULL);
      g_assert_true (ws_array_equal (out, expected));
      g_assert_true (signbit (out->f32[5]) && signbit (out->f32[6]));
      g_assert_false (signbit (out->f32[7]) || signbit (out->f32[8]));
    }
}

/* Many -0.0 and +0.0 shuffled together: every -0.0 must come first, in
 * both variants, whatever the chunking of cpu-par. */
static void
test_signed_zeros (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) in = ws_array_new (WS_KEY_FLOAT32, 10001, &error);
  WsRng rng;

  g_assert_no_error (error);
  ws_rng_init (&rng, 5);
  for (gsize i = 0; i < in->n; i++)
    in->f32[i] = ws_rng_below (&rng, 2) ? -0.0f : 0.0f;
  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      g_autoptr (WsArray) out = radix_copy (in, ws_test_cpu_variants[v], NULL);
      gsize negatives = 0;
      for (gsize i = 0; i < in->n; i++)
        negatives += signbit (in->f32[i]) ? 1 : 0;
      for (gsize i = 0; i < out->n; i++)
        g_assert_cmpint (!!signbit (out->f32[i]), ==, i < negatives);
    }
}

/* LSD is only correct when every pass is stable: a later pass must keep
 * the order an earlier one made among keys whose later digit is equal.
 * Keys here differ in digit 0 and digit 2 only, and arrive in descending
 * order, so the digit-2 pass sees long runs of equal digits whose order
 * comes from the digit-0 pass alone; an unstable scatter (or a cpu-par
 * chunk merge out of thread order) leaves them unsorted. */
static void
test_stability (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) in = ws_array_new (WS_KEY_INT32, 50000, &error);

  g_assert_no_error (error);
  for (gsize i = 0; i < in->n; i++)
    {
      guint32 rank = (guint32) (in->n - 1 - i);
      in->i32[i] = (gint32) (((rank / 256 % 256) << 16) | (rank % 256));
    }
  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      WsCounters counters = { 0 };
      g_autoptr (WsArray) out = radix_copy (in, ws_test_cpu_variants[v], &counters);
      g_assert_true (ws_test_is_sorted_permutation (in, out));
      g_assert_cmpuint (counters.passes, ==, 2);
    }
}

static guint64
passes_for (WsKeyType      type,
            WsDistribution dist,
            gsize          n,
            WsVariant      variant)
{
  g_autoptr (WsArray) in = ws_test_generate (type, dist, n, 3);
  WsCounters counters = { 0 };
  g_autoptr (WsArray) out = radix_copy (in, variant, &counters);

  g_assert_true (ws_test_is_sorted_permutation (in, out));
  return counters.passes;
}

/* A pass is skipped exactly when its digit is constant over the array. */
static void
test_skipped_passes (void)
{
  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      WsVariant variant = ws_test_cpu_variants[v];
      /* int32 in [0, 65536): the two high digits never change. */
      g_assert_cmpuint (passes_for (WS_KEY_INT32, WS_DIST_UNIFORM16, 65537, variant), ==, 2);
      /* Integers below 2^16 as floats leave the low 8 mantissa bits zero. */
      g_assert_cmpuint (passes_for (WS_KEY_FLOAT32, WS_DIST_UNIFORM16, 65537, variant), ==, 3);
      g_assert_cmpuint (passes_for (WS_KEY_INT32, WS_DIST_UNIFORM, 65537, variant), ==, 4);
      g_assert_cmpuint (passes_for (WS_KEY_INT32, WS_DIST_UNIFORM, 1, variant), ==, 0);
      g_assert_cmpuint (passes_for (WS_KEY_INT32, WS_DIST_UNIFORM, 0, variant), ==, 0);
    }
}

static void
test_all_equal (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) in = ws_array_new (WS_KEY_INT32, 1000, &error);

  g_assert_no_error (error);
  for (gsize i = 0; i < in->n; i++)
    in->i32[i] = G_MININT32;
  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      WsCounters counters = { 0 };
      g_autoptr (WsArray) out = radix_copy (in, ws_test_cpu_variants[v], &counters);
      g_assert_true (ws_array_equal (in, out));
      g_assert_cmpuint (counters.passes, ==, 0);
    }
}

static void
test_unsupported_variant (void)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 100, 1);
  g_autoptr (WsArray) a = ws_array_copy (in, NULL);

  for (WsVariant v = WS_VARIANT_GPU_SEED; v < WS_N_VARIANTS; v++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_false (ws_radix_sort (a, v, NULL, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED);
      g_assert_nonnull (strstr (error->message, "radix-sort"));
      g_assert_nonnull (strstr (error->message, ws_variant_name (v)));
      g_assert_true (ws_array_equal (a, in));
    }
}

/* A length whose second buffer cannot exist: the sort must say so rather
 * than abort, and leave the keys untouched (it fails before reading them). */
static void
test_no_memory (void)
{
  g_autoptr (GError) error = NULL;
  gint32 keys[4] = { 3, 1, 2, 0 };
  WsArray huge = { .type = WS_KEY_INT32, .n = G_MAXSIZE / 2, .i32 = keys };

  g_assert_false (ws_radix_sort (&huge, WS_VARIANT_CPU_SEQ, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_NO_MEMORY);
  g_assert_nonnull (strstr (error->message, "radix-sort"));
  g_assert_cmpint (keys[0], ==, 3);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ws_test_add_cases ("/radix", WS_TEST_PER_DIST, 0, test_distribution);
  g_test_add_data_func ("/radix/int32/special", GINT_TO_POINTER (WS_KEY_INT32), test_special);
  g_test_add_data_func ("/radix/float32/special", GINT_TO_POINTER (WS_KEY_FLOAT32),
                        test_special);
  g_test_add_func ("/radix/float32/order", test_float_order);
  g_test_add_func ("/radix/float32/signed-zeros", test_signed_zeros);
  g_test_add_func ("/radix/stability", test_stability);
  g_test_add_func ("/radix/skipped-passes", test_skipped_passes);
  g_test_add_func ("/radix/all-equal", test_all_equal);
  g_test_add_func ("/radix/unsupported-variant", test_unsupported_variant);
  g_test_add_func ("/radix/no-memory", test_no_memory);

  return g_test_run ();
}
