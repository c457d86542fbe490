/* test-gpu-oddeven.c: odd-even transposition sort on the GPU (gpu-seed,
 * gpu-seed-v1, gpu-seed-v2, gpu) against qsort and the CPU network.
 *
 * Every variant must run exactly the CPU's n phases: besides sortedness,
 * the outputs must equal the cpu-seq network bit for bit, on inputs that
 * need every phase (a key that has to travel the whole array moves one
 * place a phase), across gpu's window and launch boundaries.
 */
#include <math.h>
#include <stdio.h>

#include "gpu-test-util.h"
#include "ws-network.h"

static const WsCudaImpl impls[] = { WS_CUDA_SEED, WS_CUDA_SEED_V1, WS_CUDA_SEED_V2,
                                    WS_CUDA_OURS };
static const char *const impl_names[] = { "gpu-seed", "gpu-seed-v1", "gpu-seed-v2", "gpu" };

/* Kernel launches each variant makes for n keys (gpu runs 128 phases a launch). */
static guint64
expected_launches (WsCudaImpl impl,
                   gsize      n)
{
  if (impl == WS_CUDA_OURS)
    return n < 2 ? 0 : (n + 127) / 128;
  return n; /* a launch a phase; gpu-seed's n/2 iterations of two, plus one for odd n */
}

/* A copy of in sorted by impl on the GPU, with the run's timing checked. */
static WsArray *
gpu_sorted (WsCudaImpl     impl,
            const WsArray *in,
            WsCudaTiming  *timing)
{
  g_autoptr (GError) error = NULL;
  WsCudaTiming local;
  WsArray *out = ws_array_copy (in, &error);

  g_assert_no_error (error);
  if (timing == NULL)
    timing = &local;
  g_assert_true (ws_cuda_sort (WS_CUDA_ODD_EVEN, impl, gpu_test_type (in->type), out->data,
                               out->n, timing, &error));
  g_assert_no_error (error);
  gpu_test_assert_timing (timing);
  g_assert_cmpuint (timing->launches, ==, expected_launches (impl, in->n));
  return out;
}

static void
assert_gpu_sorts (WsCudaImpl     impl,
                  const WsArray *in)
{
  g_autoptr (WsArray) out = gpu_sorted (impl, in, NULL);

  g_assert_true (ws_test_is_sorted_permutation (in, out));
}

/* The same result as the CPU network, bit for bit (where -0.0 and +0.0 end up too). */
static void
assert_gpu_equals_network (WsCudaImpl     impl,
                           const WsArray *in)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) out = gpu_sorted (impl, in, NULL);
  g_autoptr (WsArray) ref = ws_array_copy (in, &error);

  g_assert_no_error (error);
  g_assert_true (ws_network_sort (WS_NETWORK_ODD_EVEN, ref, WS_VARIANT_CPU_SEQ, FALSE, NULL,
                                  &error));
  g_assert_no_error (error);
  if (!ws_array_equal (ref, out))
    {
      for (guint i = 0; i < G_N_ELEMENTS (impls); i++)
        if (impls[i] == impl)
          g_test_message ("%s differs from the CPU network at n = %" G_GSIZE_FORMAT,
                          impl_names[i], in->n);
      g_assert_not_reached ();
    }
}

/* ---- inputs ------------------------------------------------------------- */

/* 1, 2, .., n-1, 0 (the minimum must walk the whole array) when min_last,
 * else n-1, 0, 1, .., n-2 (the maximum must). */
static WsArray *
travelling_key (WsKeyType type,
                gsize     n,
                gboolean  min_last)
{
  WsArray *a = ws_test_array_new (type, n);

  for (gsize i = 0; i < n; i++)
    ws_test_set_key (a, i, min_last ? (double) ((i + 1) % n) : (double) ((i + n - 1) % n));
  return a;
}

/* Many equal keys: for float32 -0.0 and +0.0 mixed with ±1 and ±inf, whose
 * final order shows every exchange that was or was not made. */
static WsArray *
many_equal (WsKeyType type,
            gsize     n,
            guint64   seed)
{
  static const float f[] = { -0.0f, 0.0f, -1.0f, 1.0f, INFINITY, -INFINITY, 0.0f, -0.0f };
  WsArray *a = ws_test_array_new (type, n);
  WsRng rng;

  ws_rng_init (&rng, seed);
  for (gsize i = 0; i < n; i++)
    {
      guint pick = (guint) ws_rng_below (&rng, G_N_ELEMENTS (f));
      ws_test_set_key (a, i, type == WS_KEY_INT32 ? (double) pick - 4.0 : (double) f[pick]);
    }
  return a;
}

/* ---- tests -------------------------------------------------------------- */

static void
test_distributions (gconstpointer data)
{
  const WsTestCase *tc = data;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) in = ws_test_generate (tc->type, tc->dist, ws_test_sizes[s], 11 + s);
      assert_gpu_sorts (impls[tc->extra], in);
    }
}

static void
test_special (gconstpointer data)
{
  const WsTestCase *tc = data;

  if (gpu_test_skip_without_device ())
    return;
  for (gsize n = 0; n <= 70; n++)
    {
      g_autoptr (WsArray) in = ws_test_special_array (tc->type, n, n);
      assert_gpu_sorts (impls[tc->extra], in);
    }
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) in = ws_test_special_array (tc->type, ws_test_sizes[s], 100 + s);
      assert_gpu_sorts (impls[tc->extra], in);
    }
}

static void
check_network_at (WsCudaImpl impl,
                  WsKeyType  type,
                  gsize      n)
{
  g_autoptr (WsArray) min_last = travelling_key (type, n, TRUE);
  g_autoptr (WsArray) max_first = travelling_key (type, n, FALSE);
  g_autoptr (WsArray) equal = many_equal (type, n, n);
  g_autoptr (WsArray) reversed = ws_test_generate (type, WS_DIST_REVERSED, n, n);

  assert_gpu_equals_network (impl, min_last);
  assert_gpu_equals_network (impl, max_first);
  assert_gpu_equals_network (impl, equal);
  assert_gpu_equals_network (impl, reversed);
}

/* Small n (gpu's 128 phases a launch exceed n up to 127), then sizes past
 * gpu's window of 768 keys with even and odd launch counts (odd: the result
 * is copied back from the scratch buffer). */
static void
test_network_exact (gconstpointer data)
{
  static const gsize larger[] = { 769, 1537, 2049, 3001, 4097 };
  const WsTestCase *tc = data;

  if (gpu_test_skip_without_device ())
    return;
  for (gsize n = 1; n <= 200; n++)
    check_network_at (impls[tc->extra], tc->type, n);
  for (guint i = 0; i < G_N_ELEMENTS (larger); i++)
    check_network_at (impls[tc->extra], tc->type, larger[i]);
}

static double
timed_sort (WsCudaImpl  impl,
            gsize       n,
            const char *name)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, n, 42);
  WsCudaTiming timing;
  g_autoptr (WsArray) out = gpu_sorted (impl, in, &timing);

  g_assert_true (ws_test_is_sorted_permutation (in, out));
  /* stderr, so that TAP readers pass it through untouched */
  fprintf (stderr, "odd-even %-11s n = %8" G_GSIZE_FORMAT ": kernel %10.3f ms, %" G_GUINT64_FORMAT
           " launches\n", name, n, timing.kernel_ms, timing.launches);
  return timing.kernel_ms;
}

/* 2^20 keys for gpu and gpu-seed-v1, 2^16 for gpu-seed (its host sync every
 * iteration makes 2^20 take minutes). gpu must win by far at 2^20. */
static void
test_large (void)
{
  if (gpu_test_skip_without_device ())
    return;
  double ours_big = timed_sort (WS_CUDA_OURS, 1u << 20, "gpu");
  double v1_big = timed_sort (WS_CUDA_SEED_V1, 1u << 20, "gpu-seed-v1");
  double ours_small = timed_sort (WS_CUDA_OURS, 1u << 16, "gpu");
  double seed_small = timed_sort (WS_CUDA_SEED, 1u << 16, "gpu-seed");

  /* Figures, not assertions: speed is measured by benchmarks (docs/performance.md). */
  g_printerr ("oe: gpu is %.1fx gpu-seed-v1 at 2^20 and %.1fx gpu-seed at 2^16\n",
              v1_big / ours_big, seed_small / ours_small);
}

static void
test_unsupported (void)
{
  static const WsCudaImpl missing[] = { WS_CUDA_SEED_SHARED, WS_CUDA_LIB };

  if (gpu_test_skip_without_device ())
    return;
  for (guint i = 0; i < G_N_ELEMENTS (impls); i++)
    g_assert_true (ws_cuda_has ("odd-even", impls[i]));
  for (guint i = 0; i < G_N_ELEMENTS (missing); i++)
    {
      g_autoptr (GError) error = NULL;
      gint32 keys[3] = { 3, 2, 1 };
      WsCudaTiming timing;

      g_assert_false (ws_cuda_has ("odd-even", missing[i]));
      g_assert_false (ws_cuda_sort (WS_CUDA_ODD_EVEN, missing[i], WS_CUDA_INT32, keys, 3, &timing,
                                    &error));
      g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (impls); i++)
    {
      g_autofree char *dists = g_strdup_printf ("/gpu/odd-even/%s/distributions", impl_names[i]);
      g_autofree char *special = g_strdup_printf ("/gpu/odd-even/%s/special", impl_names[i]);
      g_autofree char *exact = g_strdup_printf ("/gpu/odd-even/%s/cpu-network", impl_names[i]);

      ws_test_add_cases (dists, WS_TEST_PER_DIST, i, test_distributions);
      ws_test_add_cases (special, WS_TEST_PER_TYPE, i, test_special);
      ws_test_add_cases (exact, WS_TEST_PER_TYPE, i, test_network_exact);
    }
  g_test_add_func ("/gpu/odd-even/large", test_large);
  g_test_add_func ("/gpu/odd-even/unsupported", test_unsupported);
  return g_test_run ();
}
