/* test-gpu-radix.c: the GPU radix sorts (gpu, gpu-lib) and counting sorts
 * (gpu-seed, gpu) against qsort and, bit for bit, the CPU engine. */
#include <math.h>
#include <string.h>

#include "gpu-test-util.h"
#include "ws-error.h"
#include "ws-primitives.h"
#include "ws-radix.h"

/* Past ws_test_sizes: around the 4096-key tile of ours, several tiles. */
static const gsize extra_sizes[] = { 4095, 4096, 4097, 8193, 300001 };

#define n_all_sizes (ws_test_n_sizes + G_N_ELEMENTS (extra_sizes))

static gsize
size_at (guint s)
{
  return s < ws_test_n_sizes ? ws_test_sizes[s] : extra_sizes[s - ws_test_n_sizes];
}

/* A GPU sort of a copy of in; NULL with *error set when it fails. */
static WsArray *
gpu_sort (WsCudaSort     algorithm,
          WsCudaImpl     impl,
          const WsArray *in,
          WsCudaTiming  *timing,
          GError       **error)
{
  g_autoptr (WsArray) out = ws_array_copy (in, NULL);

  if (!ws_cuda_sort (algorithm, impl, gpu_test_type (in->type), out->data, out->n, timing, error))
    return NULL;
  gpu_test_assert_timing (timing);
  return g_steal_pointer (&out);
}

/* The CPU engine's radix sort: the bitwise reference. */
static WsArray *
cpu_radix (const WsArray *in)
{
  g_autoptr (GError) error = NULL;
  WsArray *ref = ws_array_copy (in, NULL);

  g_assert_true (ws_radix_sort (ref, WS_VARIANT_CPU_PAR, NULL, &error));
  g_assert_no_error (error);
  return ref;
}

/* A sorted permutation of in (qsort) and bitwise the CPU's radix sort:
 * -0.0 before +0.0 included. */
static void
check_radix (WsCudaImpl     impl,
             const WsArray *in)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) ref = cpu_radix (in);
  WsCudaTiming timing;
  g_autoptr (WsArray) out = gpu_sort (WS_CUDA_RADIX_SORT, impl, in, &timing, &error);

  g_assert_no_error (error);
  g_assert_true (ws_test_is_sorted_permutation (in, out));
  g_assert_true (ws_array_equal (out, ref));
}

static void
test_radix_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < n_all_sizes; s++)
    {
      g_autoptr (WsArray) a = ws_test_generate (c->type, c->dist, size_at (s), 11 + s);
      check_radix ((WsCudaImpl) c->extra, a);
    }
}

static void
test_radix_special (gconstpointer data)
{
  const WsTestCase *c = data;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < n_all_sizes; s++)
    {
      g_autoptr (WsArray) a = ws_test_special_array (c->type, size_at (s), 23 + s);
      check_radix ((WsCudaImpl) c->extra, a);
    }
}

/* Signed zeros and infinities alone, where CUB would call ±0 equal: the
 * exact expected order, small (one block) and large (the pass path). */
static void
test_radix_zeros (gconstpointer data)
{
  static const float pattern[] = { 0.0f, -0.0f, INFINITY, -0.0f, 1.0f, -INFINITY, 0.0f, -1.0f };
  static const float sorted[] = { -INFINITY, -1.0f, -0.0f, -0.0f, 0.0f, 0.0f, 1.0f, INFINITY };
  WsCudaImpl impl = GPOINTER_TO_INT (data);

  if (gpu_test_skip_without_device ())
    return;
  for (gsize n = 8; n <= 80000; n *= 100)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) a = ws_array_new (WS_KEY_FLOAT32, n, NULL);
      WsCudaTiming timing;
      for (gsize i = 0; i < n; i++)
        a->f32[i] = pattern[i % G_N_ELEMENTS (pattern)];
      g_autoptr (WsArray) out = gpu_sort (WS_CUDA_RADIX_SORT, impl, a, &timing, &error);
      g_assert_no_error (error);
      for (gsize i = 0; i < n; i++)
        {
          float want = sorted[i / (n / G_N_ELEMENTS (sorted))];
          g_assert_cmpmem (&out->f32[i], sizeof (float), &want, sizeof (float));
        }
      check_radix (impl, a);
    }
}

/* Keys whose only varying bytes are those of mask: the passes over the
 * other bytes are skipped, an odd number of passes included. float32
 * keeps bit 30 clear, so no exponent is all ones (no NaN). */
static void
test_radix_constant_digits (gconstpointer data)
{
  static const guint32 masks[] = { 0, 0xff, 0xff00, 0xff000000u, 0xff0000ffu, 0x00ffff00u,
                                   0xffffff00u };
  WsCudaImpl impl = GPOINTER_TO_INT (data);

  if (gpu_test_skip_without_device ())
    return;
  for (guint m = 0; m < G_N_ELEMENTS (masks); m++)
    for (guint s = 2; s < n_all_sizes; s++)
      for (guint t = 0; t < 2; t++)
        {
          g_autoptr (WsArray) a = ws_test_generate (ws_test_key_types[t], WS_DIST_UNIFORM,
                                                    size_at (s), 31 + s);
          guint32 mask = masks[m] & (t == 0 ? 0xffffffffu : 0xbfffffffu);
          for (gsize i = 0; i < a->n; i++)
            a->i32[i] = (gint32) (0x12345678u ^ ((guint32) a->i32[i] & mask));
          check_radix (impl, a);
        }
}

/* Sorts a copy of in twice (the first run also pays for loading the
 * modules), checks both bitwise against ref, and returns the faster
 * run's kernel time. */
static double
timed_sort (WsCudaSort     algorithm,
            WsCudaImpl     impl,
            const WsArray *in,
            const WsArray *ref)
{
  double best = G_MAXDOUBLE;

  for (guint run = 0; run < 2; run++)
    {
      g_autoptr (GError) error = NULL;
      WsCudaTiming timing;
      g_autoptr (WsArray) out = gpu_sort (algorithm, impl, in, &timing, &error);
      g_assert_no_error (error);
      g_assert_true (ws_array_equal (out, ref));
      best = MIN (best, timing.kernel_ms);
    }
  return best;
}

/* gpu against gpu-lib on n uniform or uniform16 keys, both bitwise the
 * CPU's; prints the kernel times. */
static void
radix_timed (WsKeyType      type,
             WsDistribution dist,
             gsize          n)
{
  g_autoptr (WsArray) in = ws_test_generate (type, dist, n, 41 + n);
  g_autoptr (WsArray) ref = cpu_radix (in);
  double ours = timed_sort (WS_CUDA_RADIX_SORT, WS_CUDA_OURS, in, ref);
  double lib = timed_sort (WS_CUDA_RADIX_SORT, WS_CUDA_LIB, in, ref);

  g_test_message ("timing radix-sort %s %s n=%" G_GSIZE_FORMAT ": gpu %.3f ms, gpu-lib %.3f ms, "
                  "gpu/gpu-lib %.2f",
                  type == WS_KEY_INT32 ? "int32" : "float32",
                  dist == WS_DIST_UNIFORM ? "uniform" : "uniform16", n, ours, lib, ours / lib);
}

static void
test_radix_large (gconstpointer data)
{
  const WsTestCase *c = data;

  if (gpu_test_skip_without_device ())
    return;
  radix_timed (c->type, WS_DIST_UNIFORM, 1000);
  radix_timed (c->type, WS_DIST_UNIFORM, 65537);
  radix_timed (c->type, WS_DIST_UNIFORM, 1 << 20);
  radix_timed (c->type, WS_DIST_UNIFORM, 1 << 24);
  radix_timed (c->type, WS_DIST_UNIFORM16, 1 << 24);
  radix_timed (c->type, WS_DIST_UNIFORM, 1 << 26);
}

/* ---- Counting sort ---- */

/* Either bitwise the CPU's counting sort (itself a sorted permutation),
 * or, where the CPU refuses the range, the same refusal. */
static void
check_counting (WsCudaImpl     impl,
                const WsArray *in)
{
  g_autoptr (GError) cpu_error = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) ref = ws_array_copy (in, NULL);
  gboolean cpu_ok = ws_counting_sort (ref, WS_VARIANT_CPU_SEQ, NULL, &cpu_error);
  WsCudaTiming timing;
  g_autoptr (WsArray) out = gpu_sort (WS_CUDA_COUNTING_SORT, impl, in, &timing, &error);

  if (!cpu_ok)
    {
      g_assert_error (cpu_error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
      g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "too wide"));
      g_assert_nonnull (strstr (error->message, "radix-sort"));
      return;
    }
  g_assert_no_error (error);
  g_assert_true (ws_array_equal (out, ref));
  if (in->n <= 100000)
    g_assert_true (ws_test_is_sorted_permutation (in, out));
}

static void
check_counting_float (WsCudaImpl impl,
                      gsize      n)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM16, n, 3);
  g_autoptr (WsArray) before = ws_array_copy (a, NULL);
  WsCudaTiming timing;

  g_assert_false (ws_cuda_sort (WS_CUDA_COUNTING_SORT, impl, WS_CUDA_FLOAT32, a->data, n, &timing,
                                &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED);
  g_assert_cmpstr (error->message, ==,
                   "counting-sort sorts int32 keys; use radix-sort for float32");
  g_assert_true (ws_array_equal (a, before));
}

/* Each distribution as generated (full-range ones are refused) and divided
 * by 4096, which keeps its shape within a range counting sort takes. */
static void
test_counting_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < n_all_sizes; s++)
    {
      if (c->type == WS_KEY_FLOAT32)
        {
          check_counting_float ((WsCudaImpl) c->extra, size_at (s));
          continue;
        }
      g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, c->dist, size_at (s), 51 + s);
      check_counting ((WsCudaImpl) c->extra, a);
      for (gsize i = 0; i < a->n; i++)
        a->i32[i] /= 4096;
      check_counting ((WsCudaImpl) c->extra, a);
    }
}

/* The int32 special values (too wide), and keys within 5000 of either end
 * of int32: offsets from min must not overflow. */
static void
test_counting_extremes (gconstpointer data)
{
  WsCudaImpl impl = GPOINTER_TO_INT (data);

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < n_all_sizes; s++)
    {
      g_autoptr (WsArray) special = ws_test_special_array (WS_KEY_INT32, size_at (s), 61 + s);
      g_autoptr (WsArray) low = ws_array_copy (special, NULL);
      g_autoptr (WsArray) high = ws_array_copy (special, NULL);
      check_counting (impl, special);
      for (gsize i = 0; i < special->n; i++)
        {
          gint32 offset = (gint32) ((guint32) special->i32[i] % 5000u);
          low->i32[i] = G_MININT32 + offset;
          high->i32[i] = G_MAXINT32 - offset;
        }
      check_counting (impl, low);
      check_counting (impl, high);
    }
}

/* Ranges on both sides of the shared-memory histogram's limit up to the
 * 2^26 maximum, with keys spread evenly or nine in ten on one value. */
static void
test_counting_ranges (gconstpointer data)
{
  static const guint32 ranges[] = { 1, 2, 100, 12288, 12289, 65536, 1u << 20, 1u << 26 };
  static const gsize sizes[] = { 2, 1000, 65537, 300001 };
  WsCudaImpl impl = GPOINTER_TO_INT (data);

  if (gpu_test_skip_without_device ())
    return;
  for (guint r = 0; r < G_N_ELEMENTS (ranges); r++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      for (guint skew = 0; skew < 2; skew++)
        {
          g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, sizes[s],
                                                    71 + s);
          gint32 base = r % 2 ? -(gint32) (ranges[r] / 2) : (gint32) (G_MAXINT32 - ranges[r] + 1);
          for (gsize i = 0; i < a->n; i++)
            {
              guint32 u = (guint32) a->i32[i];
              gboolean common = skew && u % 10 != 0;
              a->i32[i] = (gint32) ((guint32) base + (common ? ranges[r] / 3 : u % ranges[r]));
            }
          check_counting (impl, a);
        }
}

static void
test_counting_range_limit (gconstpointer data)
{
  WsCudaImpl impl = GPOINTER_TO_INT (data);
  g_autoptr (WsArray) ok = NULL;
  g_autoptr (WsArray) bad = NULL;
  g_autoptr (GError) error = NULL;
  WsCudaTiming timing;

  if (gpu_test_skip_without_device ())
    return;
  /* Exactly 2^26 values still fit; one more does not. */
  ok = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM16, 4, 1);
  ok->i32[0] = 7;
  ok->i32[1] = (1 << 26) + 6;
  check_counting (impl, ok);
  bad = ws_array_copy (ok, NULL);
  bad->i32[1] = (1 << 26) + 7;
  g_assert_false (ws_cuda_sort (WS_CUDA_COUNTING_SORT, impl, WS_CUDA_INT32, bad->data, bad->n,
                                &timing, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "too wide"));
  g_assert_nonnull (strstr (error->message, "radix-sort"));
}

/* uniform16 keys up to 2^24: both implementations bitwise the CPU's; their
 * kernel times are printed (speed is measured by benchmarks). */
static void
test_counting_large (void)
{
  static const gsize sizes[] = { 1000, 65537, 1 << 20, 1 << 24 };

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (GError) cpu_error = NULL;
      g_autoptr (WsArray) in = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM16, sizes[s], 81);
      g_autoptr (WsArray) ref = ws_array_copy (in, NULL);
      g_assert_true (ws_counting_sort (ref, WS_VARIANT_CPU_PAR, NULL, &cpu_error));
      double seed = timed_sort (WS_CUDA_COUNTING_SORT, WS_CUDA_SEED, in, ref);
      double ours = timed_sort (WS_CUDA_COUNTING_SORT, WS_CUDA_OURS, in, ref);
      g_test_message ("timing counting-sort int32 uniform16 n=%" G_GSIZE_FORMAT
                      ": gpu-seed %.3f ms, gpu %.3f ms, gpu-seed/gpu %.2f",
                      sizes[s], seed, ours, seed / ours);
    }
}

/* What each algorithm has: the table and the dispatch agree. */
static void
test_impls (void)
{
  g_autoptr (GError) error = NULL;
  gint32 keys[] = { 3, 1, 2 };
  WsCudaTiming timing;

  g_assert_true (ws_cuda_has ("radix-sort", WS_CUDA_OURS));
  g_assert_true (ws_cuda_has ("radix-sort", WS_CUDA_LIB));
  g_assert_false (ws_cuda_has ("radix-sort", WS_CUDA_SEED));
  g_assert_true (ws_cuda_has ("counting-sort", WS_CUDA_SEED));
  g_assert_true (ws_cuda_has ("counting-sort", WS_CUDA_OURS));
  g_assert_false (ws_cuda_has ("counting-sort", WS_CUDA_LIB));
  if (gpu_test_skip_without_device ())
    return;
  g_assert_false (ws_cuda_sort (WS_CUDA_RADIX_SORT, WS_CUDA_SEED, WS_CUDA_INT32, keys, 3, &timing,
                                &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED);
}

static const char *
impl_path (WsCudaImpl impl)
{
  return impl == WS_CUDA_SEED ? "gpu-seed" : impl == WS_CUDA_OURS ? "gpu" : "gpu-lib";
}

static void
add_per_impl (const char *name, GTestDataFunc func, WsCudaImpl a, WsCudaImpl b)
{
  const WsCudaImpl impls[] = { a, b };

  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s", name, impl_path (impls[k]));
      g_test_add_data_func (path, GINT_TO_POINTER (impls[k]), func);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  ws_test_add_cases ("/radix-sort/gpu", WS_TEST_PER_DIST, WS_CUDA_OURS, test_radix_distribution);
  ws_test_add_cases ("/radix-sort/gpu-lib", WS_TEST_PER_DIST, WS_CUDA_LIB, test_radix_distribution);
  ws_test_add_cases ("/radix-sort/special/gpu", WS_TEST_PER_TYPE, WS_CUDA_OURS, test_radix_special);
  ws_test_add_cases ("/radix-sort/special/gpu-lib", WS_TEST_PER_TYPE, WS_CUDA_LIB,
                     test_radix_special);
  add_per_impl ("/radix-sort/zeros", test_radix_zeros, WS_CUDA_OURS, WS_CUDA_LIB);
  add_per_impl ("/radix-sort/constant-digits", test_radix_constant_digits, WS_CUDA_OURS,
                WS_CUDA_LIB);
  ws_test_add_cases ("/radix-sort/large", WS_TEST_PER_TYPE, 0, test_radix_large);
  ws_test_add_cases ("/counting-sort/gpu-seed", WS_TEST_PER_DIST, WS_CUDA_SEED,
                     test_counting_distribution);
  ws_test_add_cases ("/counting-sort/gpu", WS_TEST_PER_DIST, WS_CUDA_OURS,
                     test_counting_distribution);
  add_per_impl ("/counting-sort/extremes", test_counting_extremes, WS_CUDA_SEED, WS_CUDA_OURS);
  add_per_impl ("/counting-sort/ranges", test_counting_ranges, WS_CUDA_SEED, WS_CUDA_OURS);
  add_per_impl ("/counting-sort/range-limit", test_counting_range_limit, WS_CUDA_SEED,
                WS_CUDA_OURS);
  g_test_add_func ("/counting-sort/large", test_counting_large);
  g_test_add_func ("/radix-sort/impls", test_impls);
  return g_test_run ();
}
