/* test-radix.c: LSD radix sort, every variant (cpu-seq, cpu-par, gpu,
 * gpu-lib), against qsort in the total order; its float order, its skipped
 * passes and its errors. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-radix.h"
#include "ws-test-variant.h"
#if WS_HAVE_CUDA
#include "ws-cuda.h"
#endif


/* A sorted copy of in from the case's variant, with the run's counters. */
static WsArray *
run_sort (const WsTestCase *c,
          const WsArray    *in,
          WsCounters       *counters)
{
  WsRunInput run = ws_test_run_input (c, in);

  return ws_test_run_array (&run, counters, NULL);
}

/* Bitwise qsort's sorted copy, in the total order (so -0.0 before +0.0);
 * at most four passes, one per digit. */
static void
check_sorts (const WsTestCase *c,
             const WsArray    *in)
{
  g_autoptr (WsArray) ref = ws_test_qsort_copy (in);
  WsCounters counters = { 0 };
  g_autoptr (WsArray) out = run_sort (c, in, &counters);

  g_assert_true (ws_array_equal (out, ref));
  g_assert_cmpuint (counters.passes, <=, 4);
}

static void
test_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sort_sizes; s++)
    {
      g_autoptr (WsArray) in = ws_test_generate (c->type, c->dist, ws_test_sort_sizes[s], 7 + s);
      check_sorts (c, in);
    }
}

static void
test_special (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sort_sizes; s++)
    {
      g_autoptr (WsArray) in = ws_test_special_array (c->type, ws_test_sort_sizes[s], 99 + s);
      check_sorts (c, in);
    }
}

/* The exact float order, bit for bit: -inf first, -0.0 before +0.0, +inf last. */
static void
test_float_order (gconstpointer data)
{
  const double in_values[] = { INFINITY, 0.0, -0.0, -INFINITY, 1.0, -1.0, FLT_TRUE_MIN,
                               -FLT_TRUE_MIN, FLT_MAX, -FLT_MAX, -0.0, 0.0, -FLT_MIN, FLT_MIN };
  const double want[] = { -INFINITY, -FLT_MAX, -1.0, -FLT_MIN, -FLT_TRUE_MIN, -0.0, -0.0,
                          0.0, 0.0, FLT_TRUE_MIN, FLT_MIN, 1.0, FLT_MAX, INFINITY };
  g_autoptr (WsArray) in = ws_test_array_of (WS_KEY_FLOAT32, G_N_ELEMENTS (in_values), in_values);
  g_autoptr (WsArray) expected = ws_test_array_of (WS_KEY_FLOAT32, G_N_ELEMENTS (want), want);
  g_autoptr (WsArray) out = run_sort (data, in, NULL);

  g_assert_true (ws_array_equal (out, expected));
  g_assert_true (signbit (out->f32[5]) && signbit (out->f32[6]));
  g_assert_false (signbit (out->f32[7]) || signbit (out->f32[8]));
}

/* Many -0.0 and +0.0 shuffled together: every -0.0 must come first,
 * whatever the chunking of cpu-par or the GPU's tiles. */
static void
test_signed_zeros (gconstpointer data)
{
  g_autoptr (WsArray) in = ws_test_array_new (WS_KEY_FLOAT32, 10001);
  g_autoptr (WsArray) out = NULL;
  gsize negatives = 0;
  WsRng rng;

  ws_rng_init (&rng, 5);
  for (gsize i = 0; i < in->n; i++)
    in->f32[i] = ws_rng_below (&rng, 2) ? -0.0f : 0.0f;
  out = run_sort (data, in, NULL);
  for (gsize i = 0; i < in->n; i++)
    negatives += signbit (in->f32[i]) ? 1 : 0;
  for (gsize i = 0; i < out->n; i++)
    g_assert_cmpint (!!signbit (out->f32[i]), ==, i < negatives);
}

/* Signed zeros and infinities alone, where CUB would call ±0 equal: the
 * exact expected order, small (one block) and large (the pass path). */
static void
test_zeros (gconstpointer data)
{
  static const float pattern[] = { 0.0f, -0.0f, INFINITY, -0.0f, 1.0f, -INFINITY, 0.0f, -1.0f };
  static const float sorted[] = { -INFINITY, -1.0f, -0.0f, -0.0f, 0.0f, 0.0f, 1.0f, INFINITY };

  for (gsize n = 8; n <= 80000; n *= 100)
    {
      g_autoptr (WsArray) a = ws_test_array_new (WS_KEY_FLOAT32, n);
      g_autoptr (WsArray) out = NULL;
      for (gsize i = 0; i < n; i++)
        a->f32[i] = pattern[i % G_N_ELEMENTS (pattern)];
      out = run_sort (data, a, NULL);
      for (gsize i = 0; i < n; i++)
        {
          float want = sorted[i / (n / G_N_ELEMENTS (sorted))];
          g_assert_cmpmem (&out->f32[i], sizeof (float), &want, sizeof (float));
        }
      check_sorts (data, a);
    }
}

/* Keys whose only varying bytes are those of mask: the passes over the
 * other bytes are skipped, an odd number of passes included. float32
 * keeps bit 30 clear, so no exponent is all ones (no NaN). */
static void
test_constant_digits (gconstpointer data)
{
  static const guint32 masks[] = { 0, 0xff, 0xff00, 0xff000000u, 0xff0000ffu, 0x00ffff00u,
                                   0xffffff00u };
  const WsTestCase *c = data;

  for (guint m = 0; m < G_N_ELEMENTS (masks); m++)
    for (guint s = 2; s < ws_test_n_sort_sizes; s++)
      {
        gsize n = ws_test_sort_sizes[s];
        g_autoptr (WsArray) a = ws_test_generate (c->type, WS_DIST_UNIFORM, n, 31 + s);
        guint32 mask = masks[m] & (c->type == WS_KEY_INT32 ? 0xffffffffu : 0xbfffffffu);
        for (gsize i = 0; i < a->n; i++)
          a->i32[i] = (gint32) (0x12345678u ^ ((guint32) a->i32[i] & mask));
        check_sorts (c, a);
      }
}

/* LSD is only correct when every pass is stable: a later pass must keep
 * the order an earlier one made among keys whose later digit is equal.
 * Keys here differ in digit 0 and digit 2 only, and arrive in descending
 * order, so the digit-2 pass sees long runs of equal digits whose order
 * comes from the digit-0 pass alone; an unstable scatter (or a chunk merge
 * out of thread order) leaves them unsorted. The CPU counts two passes. */
static void
test_stability (gconstpointer data)
{
  const WsTestCase *c = data;
  g_autoptr (WsArray) in = ws_test_array_new (WS_KEY_INT32, 50000);
  g_autoptr (WsArray) out = NULL;
  WsCounters counters = { 0 };

  for (gsize i = 0; i < in->n; i++)
    {
      guint32 rank = (guint32) (in->n - 1 - i);
      in->i32[i] = (gint32) (((rank / 256 % 256) << 16) | (rank % 256));
    }
  out = run_sort (c, in, &counters);
  g_assert_true (ws_test_is_sorted_permutation (in, out));
  if (!ws_variant_is_gpu (c->variant))
    g_assert_cmpuint (counters.passes, ==, 2);
}

/* All keys equal: nothing moves (the CPU makes no pass). */
static void
test_all_equal (gconstpointer data)
{
  const WsTestCase *c = data;
  g_autoptr (WsArray) in = ws_test_array_filled (WS_KEY_INT32, 1000, G_MININT32);
  WsCounters counters = { 0 };
  g_autoptr (WsArray) out = run_sort (c, in, &counters);

  g_assert_true (ws_array_equal (in, out));
  if (!ws_variant_is_gpu (c->variant))
    g_assert_cmpuint (counters.passes, ==, 0);
}

/* Keys of the given shape: 0, uniform; 1, all equal; 2 + b, equal but
 * for byte b (one pass runs, an odd number: the result comes back from the
 * second buffer). float32 keeps bit 30 clear, so no NaN arises. */
static WsArray *
shaped_keys (WsKeyType type,
             guint     shape,
             gsize     n,
             guint64   seed)
{
  WsArray *a = ws_test_generate (type, WS_DIST_UNIFORM, n, seed);
  guint32 keep = type == WS_KEY_INT32 ? 0xffffffffu : 0xbfffffffu;

  if (shape == 0)
    return a;
  for (gsize i = 0; i < a->n; i++)
    {
      guint32 mask = shape == 1 ? 0 : 0xffu << (8 * (shape - 2));
      a->i32[i] = (gint32) (0x12345678u ^ ((guint32) a->i32[i] & mask & keep));
    }
  return a;
}

/* Sizes around the GPU's tiles: the single-block sort up to 4096 keys, the
 * one-sweep's tiles of 6144 (one tile, two, a partial last one, three
 * whole), and a size that is no multiple of anything; each key shape. Sizes
 * that are no multiple of 4 also leave keys past the histogram's 16-byte
 * loads. */
static void
test_tile_boundaries (gconstpointer data)
{
  static const gsize sizes[] = { 31, 33, 4095, 4096, 4097, 6143, 6144, 6145,
                                 12287, 12288, 12289, 18432, 18433, 100003 };
  const WsTestCase *c = data;

  for (guint shape = 0; shape < 6; shape++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        g_autoptr (WsArray) in = shaped_keys (c->type, shape, sizes[s], 17 + s);
        check_sorts (c, in);
      }
}

/* ---- GPU only: large sizes, and kernel times for the report ---- */

/* 2^24 + 3 keys (thousands of tiles, a partial last one, long look-back
 * chains) against qsort, each key shape. */
static void
test_large_shapes (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint shape = 0; shape < 6; shape++)
    {
      g_autoptr (WsArray) in = shaped_keys (c->type, shape, ((gsize) 1 << 24) + 3, 61 + shape);
      check_sorts (c, in);
    }
}

/* Each checked; the faster of two kernel times printed. */
static void
test_large (gconstpointer data)
{
  static const struct { WsDistribution dist; gsize n; } runs[] = {
    { WS_DIST_UNIFORM, 1000 }, { WS_DIST_UNIFORM, 65537 }, { WS_DIST_UNIFORM, 1 << 20 },
    { WS_DIST_UNIFORM, 1 << 24 }, { WS_DIST_UNIFORM16, 1 << 24 }, { WS_DIST_UNIFORM, 1 << 26 },
    { WS_DIST_UNIFORM, (1 << 24) + 3 },
  };
  const WsTestCase *c = data;

  for (guint r = 0; r < G_N_ELEMENTS (runs); r++)
    {
      g_autoptr (WsArray) in = ws_test_generate (c->type, runs[r].dist, runs[r].n, 41 + runs[r].n);
      WsRunInput run = ws_test_run_input (c, in);
      g_test_message ("timing radix-sort %s %s n=%" G_GSIZE_FORMAT ": %s %.3f ms",
                      ws_key_type_name (c->type), ws_distribution_name (runs[r].dist), runs[r].n,
                      ws_variant_name (c->variant),
                      ws_test_fastest_kernel_ms (&run, 2, ws_test_check_sorted, NULL));
    }
}

/* ---- The CPU engine's own checks ---- */

static guint64
passes_for (WsKeyType      type,
            WsDistribution dist,
            gsize          n,
            WsVariant      variant)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) in = ws_test_generate (type, dist, n, 3);
  g_autoptr (WsArray) out = ws_array_copy (in, &error);
  WsCounters counters = { 0 };

  g_assert_true (ws_radix_sort (out, variant, &counters, &error));
  g_assert_no_error (error);
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

/* The engine's ws_radix_sort runs the CPU variants only. */
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

/* ---- GPU only: the CUDA library's own checks ---- */

#if WS_HAVE_CUDA
/* An implementation the library lacks refuses. */
static void
test_gpu_unsupported (void)
{
  g_autoptr (GError) error = NULL;
  gint32 keys[] = { 3, 1, 2 };
  WsCudaTiming timing;

  g_assert_false (ws_cuda_sort (WS_CUDA_RADIX_SORT, WS_CUDA_SEED, WS_CUDA_INT32, keys, 3, &timing,
                                &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED);
}
#endif

#define INT32_ONLY   WS_TEST_TYPE (WS_KEY_INT32)
#define FLOAT32_ONLY WS_TEST_TYPE (WS_KEY_FLOAT32)

static const WsTestRows rows[] = {
  { "/radix/values", "radix-sort", WS_TEST_ALL, 0, TRUE, test_distribution },
  { "/radix/special", "radix-sort", WS_TEST_ALL, 0, FALSE, test_special },
  { "/radix/float-order", "radix-sort", WS_TEST_ALL, FLOAT32_ONLY, FALSE, test_float_order },
  { "/radix/signed-zeros", "radix-sort", WS_TEST_ALL, FLOAT32_ONLY, FALSE, test_signed_zeros },
  { "/radix/zeros-and-infinities", "radix-sort", WS_TEST_ALL, FLOAT32_ONLY, FALSE, test_zeros },
  { "/radix/constant-digits", "radix-sort", WS_TEST_ALL, 0, FALSE, test_constant_digits },
  { "/radix/stability", "radix-sort", WS_TEST_ALL, INT32_ONLY, FALSE, test_stability },
  { "/radix/all-equal", "radix-sort", WS_TEST_ALL, INT32_ONLY, FALSE, test_all_equal },
  { "/radix/tile-boundaries", "radix-sort", WS_TEST_ALL, 0, FALSE, test_tile_boundaries },
  { "/radix/large", "radix-sort", WS_TEST_GPU, 0, FALSE, test_large },
  { "/radix/large-shapes", "radix-sort", WS_TEST_GPU, 0, FALSE, test_large_shapes },
};

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ws_test_add_rows (rows, G_N_ELEMENTS (rows));
  g_test_add_func ("/radix/skipped-passes", test_skipped_passes);
  g_test_add_func ("/radix/unsupported-variant", test_unsupported_variant);
  g_test_add_func ("/radix/no-memory", test_no_memory);
  ws_test_add_gpu_func ("/radix/gpu/unsupported", WS_TEST_CUDA (test_gpu_unsupported));
  ws_test_add_gpu_built ("/radix/gpu/built", "radix-sort");

  return g_test_run ();
}
