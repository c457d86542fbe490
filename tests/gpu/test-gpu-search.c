/* test-gpu-search.c: study 004's GPU searches (gpu-seed, gpu, gpu-lib) against
 * linear scans, a plain lower-bound loop and the CPU engine. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "gpu-test-util.h"
#include "ws-search.h"

static const guint segment_counts[] = { 2, 3, 7, 256 };

typedef struct
{
  WsCudaImpl  impl;
  gboolean    interpolation;
  const char *name;
} GpuSearch;

static const GpuSearch gpu_searches[] = {
  { WS_CUDA_SEED, FALSE, "binary-search gpu-seed" },
  { WS_CUDA_OURS, FALSE, "binary-search gpu" },
  { WS_CUDA_LIB, FALSE, "binary-search gpu-lib" },
  { WS_CUDA_SEED, TRUE, "interpolation-search gpu-seed" },
  { WS_CUDA_OURS, TRUE, "interpolation-search gpu" },
};

/* gpu-seed launches per key: it gets at most this many of a case's keys.
 * Keys are built with the edges first, so that these hold every edge. */
#define SEED_KEYS 200

/* The test's own answer: a plain bisection for the first value not below
 * the key, then an equality test (values compared as doubles: -0.0 == +0.0). */
static gint64
plain_answer (const WsArray *a,
              double         key)
{
  gsize lo = 0, hi = a->n;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;
      if (ws_array_get_double (a, mid) < key)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < a->n && ws_array_get_double (a, lo) == key ? (gint64) lo : -1;
}

/* One whole GPU run, which must succeed with sensible phase times. */
static WsCudaTiming
run_gpu (const GpuSearch *g,
         const WsArray   *sorted,
         const WsArray   *keys,
         guint            segments,
         gint64          *got)
{
  g_autoptr (GError) error = NULL;
  WsCudaTiming timing;

  g_assert_true (ws_cuda_search (g->impl, g->interpolation, gpu_test_type (sorted->type),
                                 sorted->data, sorted->n, keys->data, keys->n, segments, got,
                                 &timing, &error));
  g_assert_no_error (error);
  gpu_test_assert_timing (&timing);
  return timing;
}

static void
assert_answers (const char    *who,
                guint          segments,
                const WsArray *sorted,
                const WsArray *keys,
                const gint64  *got,
                const gint64  *want)
{
  for (gsize k = 0; k < keys->n; k++)
    if (got[k] != want[k])
      {
        g_test_message ("%s, p = %u, n = %" G_GSIZE_FORMAT ", key %" G_GSIZE_FORMAT " = %.9g",
                        who, segments, sorted->n, k, ws_array_get_double (keys, k));
        g_assert_cmpint (got[k], ==, want[k]);
      }
}

/* The CPU engine must agree with the linear scan too: both are references. */
static void
assert_cpu_agrees (const WsArray *sorted,
                   const WsArray *keys,
                   const gint64  *want)
{
  g_autofree gint64 *got = g_new (gint64, keys->n + 1);

  for (guint s = 0; s < G_N_ELEMENTS (segment_counts); s++)
    {
      g_assert_true (ws_binary_search (sorted, keys, segment_counts[s], WS_VARIANT_CPU_SEQ, got,
                                       NULL, NULL));
      assert_answers ("binary-search cpu-seq", segment_counts[s], sorted, keys, got, want);
      g_assert_true (ws_interpolation_search (sorted, keys, segment_counts[s],
                                              WS_VARIANT_CPU_SEQ, got, NULL, NULL));
      assert_answers ("interpolation-search cpu-seq", segment_counts[s], sorted, keys, got,
                      want);
    }
}

/* Every GPU search at every segment count against want; gpu-seed on the
 * first SEED_KEYS keys only. */
static void
check_gpu (const WsArray *sorted,
           const WsArray *keys,
           const gint64  *want)
{
  g_autofree gint64 *got = g_new (gint64, keys->n + 1);
  WsArray head = *keys;

  head.n = MIN (keys->n, SEED_KEYS);
  for (guint v = 0; v < G_N_ELEMENTS (gpu_searches); v++)
    for (guint s = 0; s < G_N_ELEMENTS (segment_counts); s++)
      {
        const GpuSearch *g = &gpu_searches[v];
        const WsArray *asked = g->impl == WS_CUDA_SEED ? &head : keys;
        run_gpu (g, sorted, asked, segment_counts[s], got);
        assert_answers (g->name, segment_counts[s], sorted, asked, got, want);
      }
}

/* Linear scan, checked against the plain bisection and the CPU engine, then
 * every GPU search against it. */
static void
check_all (const WsArray *sorted,
           const WsArray *keys)
{
  g_autofree gint64 *want = g_new (gint64, keys->n + 1);

  ws_search_reference (sorted, keys, want);
  for (gsize k = 0; k < keys->n; k++)
    g_assert_cmpint (want[k], ==, plain_answer (sorted, ws_array_get_double (keys, k)));
  assert_cpu_agrees (sorted, keys, want);
  check_gpu (sorted, keys, want);
}

/* Every size and distribution (sorted first; few-unique and uniform16 bring
 * long runs of duplicates), with edge and absent keys. */
static void
test_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      gsize n = ws_test_sizes[s];
      g_autoptr (WsArray) raw = ws_test_generate (c->type, c->dist, n, 70 + s);
      g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
      /* Linear references cost n per key: fewer keys on the largest size. */
      gsize n_random = n <= 1025 ? 2 * n + 8 : 1000;
      g_autoptr (WsArray) keys = ws_test_search_keys (sorted, n_random, s, TRUE);
      check_all (sorted, keys);
    }
}

/* INT32_MIN/MAX, ±inf, ±0.0 and denormals, in the array (with duplicates)
 * and as keys. */
static void
test_special (gconstpointer data)
{
  WsKeyType type = ((const WsTestCase *) data)->type;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      gsize n = ws_test_sizes[s];
      g_autoptr (WsArray) raw = ws_test_special_array (type, n, 9 + s);
      g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
      g_autoptr (WsArray) edges = ws_test_search_keys (sorted, 0, s, TRUE);
      g_autoptr (WsArray) specials = ws_test_special_array (type, 120, 900 + s);
      g_autoptr (WsArray) keys = ws_test_array_new (type, edges->n + specials->n);
      gsize size = ws_key_type_size (type);

      memcpy (keys->data, edges->data, edges->n * size);
      memcpy ((char *) keys->data + edges->n * size, specials->data, specials->n * size);
      check_all (sorted, keys);
    }
}

static void
assert_all_find (const WsArray *sorted,
                 const WsArray *keys,
                 const gint64  *want)
{
  assert_cpu_agrees (sorted, keys, want);
  check_gpu (sorted, keys, want);
}

/* -0.0 and +0.0 are equal by value: either finds the first zero of either sign. */
static void
test_signed_zero (void)
{
  const double pos[] = { -INFINITY, -1, 0.0, 0.0, 1, INFINITY };
  const double neg[] = { -2, -0.0, -0.0, 0.0, 3 };
  const double zeros[] = { -0.0, 0.0, -1, 1 };
  const gint64 want_pos[] = { 2, 2, 1, 4 }, want_neg[] = { 1, 1, -1, -1 };
  g_autoptr (WsArray) a = NULL;
  g_autoptr (WsArray) b = NULL;
  g_autoptr (WsArray) keys = NULL;

  if (gpu_test_skip_without_device ())
    return;
  a = ws_test_array_of (WS_KEY_FLOAT32, G_N_ELEMENTS (pos), pos);
  b = ws_test_array_of (WS_KEY_FLOAT32, G_N_ELEMENTS (neg), neg);
  keys = ws_test_array_of (WS_KEY_FLOAT32, G_N_ELEMENTS (zeros), zeros);
  g_assert_true (signbit (keys->f32[0]));
  assert_all_find (a, keys, want_pos);
  assert_all_find (b, keys, want_neg);
}

/* ±inf, ±FLT_MAX and the int32 extremes at their first index; keys beyond
 * or between them are absent. */
static void
test_extreme_keys (void)
{
  const double fv[] = { -INFINITY, -INFINITY, -FLT_MAX, 0, FLT_MAX, INFINITY, INFINITY };
  const double fk[] = { INFINITY, -INFINITY, FLT_MAX, -FLT_MAX, 1, -0.0 };
  const double iv[] = { G_MININT32, G_MININT32, -1, G_MAXINT32, G_MAXINT32 };
  const double ik[] = { G_MININT32, G_MAXINT32, G_MININT32 + 1, G_MAXINT32 - 1, 0, -1 };
  const gint64 fwant[] = { 5, 0, 4, 2, -1, 3 }, iwant[] = { 0, 3, -1, -1, -1, 2 };
  g_autoptr (WsArray) fa = NULL;
  g_autoptr (WsArray) fkeys = NULL;
  g_autoptr (WsArray) ia = NULL;
  g_autoptr (WsArray) ikeys = NULL;

  if (gpu_test_skip_without_device ())
    return;
  fa = ws_test_array_of (WS_KEY_FLOAT32, G_N_ELEMENTS (fv), fv);
  fkeys = ws_test_array_of (WS_KEY_FLOAT32, G_N_ELEMENTS (fk), fk);
  ia = ws_test_array_of (WS_KEY_INT32, G_N_ELEMENTS (iv), iv);
  ikeys = ws_test_array_of (WS_KEY_INT32, G_N_ELEMENTS (ik), ik);
  assert_all_find (fa, fkeys, fwant);
  assert_all_find (ia, ikeys, iwant);
}

/* One value repeated: index 0 for it, -1 for its neighbours, at lengths
 * around every segment count. */
static void
test_all_equal (gconstpointer data)
{
  WsKeyType type = ((const WsTestCase *) data)->type;
  const double kv[] = { 7, 6, 8 };
  const gint64 want[] = { 0, -1, -1 };
  g_autoptr (WsArray) keys = NULL;

  if (gpu_test_skip_without_device ())
    return;
  keys = ws_test_array_of (type, 3, kv);
  for (gsize n = 1; n <= 4097; n = n * 4 + 1)
    {
      g_autoptr (WsArray) a = ws_test_array_filled (type, n, 7);
      assert_all_find (a, keys, want);
    }
}

/* No array: every key is absent. No keys: nothing to launch, and result may be NULL. */
static void
test_empty (void)
{
  const double kv[] = { 1, 2, 3 };
  const gint64 want[] = { -1, -1, -1 };

  if (gpu_test_skip_without_device ())
    return;
  for (WsKeyType t = WS_KEY_INT32; t <= WS_KEY_FLOAT32; t++)
    {
      g_autoptr (WsArray) empty = ws_test_array_new (t, 0);
      g_autoptr (WsArray) keys = ws_test_array_of (t, 3, kv);
      g_autoptr (WsArray) no_keys = ws_test_array_new (t, 0);
      assert_all_find (empty, keys, want);
      for (guint v = 0; v < G_N_ELEMENTS (gpu_searches); v++)
        {
          WsCudaTiming timing = run_gpu (&gpu_searches[v], keys, no_keys, 2, NULL);
          g_assert_cmpuint (timing.launches, ==, 0);
        }
    }
}

static void
assert_search_fails (WsCudaImpl impl,
                     gboolean   interpolation,
                     guint      segments,
                     gint       code)
{
  const gint32 a[] = { 1, 2, 3 };
  gint64 got[3];
  WsCudaTiming timing;
  g_autoptr (GError) error = NULL;

  g_assert_false (ws_cuda_search (impl, interpolation, WS_CUDA_INT32, a, 3, a, 3, segments, got,
                                  &timing, &error));
  g_assert_error (error, WS_CUDA_ERROR, code);
  g_test_message ("%s", error->message);
}

/* Segment counts outside 2..65536, and implementations that do not exist. */
static void
test_errors (void)
{
  if (gpu_test_skip_without_device ())
    return;
  for (int interp = 0; interp <= 1; interp++)
    {
      assert_search_fails (WS_CUDA_OURS, interp, 1, WS_CUDA_ERROR_INVALID);
      assert_search_fails (WS_CUDA_SEED, interp, 65537, WS_CUDA_ERROR_INVALID);
      assert_search_fails (WS_CUDA_SEED_V1, interp, 2, WS_CUDA_ERROR_UNSUPPORTED);
    }
  assert_search_fails (WS_CUDA_LIB, TRUE, 2, WS_CUDA_ERROR_UNSUPPORTED);
  g_assert_true (ws_cuda_has ("binary-search", WS_CUDA_LIB));
  g_assert_true (ws_cuda_has ("binary-search", WS_CUDA_SEED));
  g_assert_true (ws_cuda_has ("interpolation-search", WS_CUDA_OURS));
  g_assert_false (ws_cuda_has ("interpolation-search", WS_CUDA_LIB));
  g_assert_false (ws_cuda_has ("binary-search", WS_CUDA_SEED_SHARED));
}

/* The searches trust their precondition, but on an unsorted array they must
 * still answer in range, at the extreme segment counts too. */
static void
test_unsorted_in_range (void)
{
  g_autoptr (WsArray) raw = NULL;
  g_autoptr (WsArray) keys = NULL;
  g_autofree gint64 *got = NULL;
  const guint counts[] = { 2, 7, 65536 };

  if (gpu_test_skip_without_device ())
    return;
  raw = ws_test_generate (WS_KEY_INT32, WS_DIST_FEW_UNIQUE, 3000, 4);
  keys = ws_test_search_keys (raw, 100, 5, TRUE);
  got = g_new (gint64, keys->n);
  for (guint v = 0; v < G_N_ELEMENTS (gpu_searches); v++)
    for (guint s = 0; s < G_N_ELEMENTS (counts); s++)
      {
        run_gpu (&gpu_searches[v], raw, keys, counts[s], got);
        for (gsize k = 0; k < keys->n; k++)
          {
            g_assert_cmpint (got[k], >=, -1);
            g_assert_cmpint (got[k], <, (gint64) raw->n);
          }
      }
}

/* n ascending keys with steps of 0..3: runs of duplicates, and gaps that
 * absent keys fall into. */
static WsArray *
large_sorted (WsKeyType type,
              gsize     n,
              guint64   seed)
{
  WsArray *a = ws_test_array_new (type, n);
  gint64 v = -(gint64) n;
  WsRng rng;

  ws_rng_init (&rng, seed);
  for (gsize i = 0; i < n; i++)
    {
      v += (gint64) ws_rng_below (&rng, 4);
      ws_test_set_key (a, i, type == WS_KEY_INT32 ? (double) v : (double) v * 0.5);
    }
  return a;
}

static void
report_timing (const char         *name,
               const WsArray      *sorted,
               const WsArray      *keys,
               const WsCudaTiming *t)
{
  g_test_message ("search-timing %s %s n=%" G_GSIZE_FORMAT " keys=%" G_GSIZE_FORMAT
                  ": kernel %.3f ms, h2d %.3f ms, d2h %.3f ms, total %.3f ms, %" G_GUINT64_FORMAT
                  " launches",
                  name, ws_key_type_name (sorted->type), sorted->n, keys->n, t->kernel_ms,
                  t->h2d_ms, t->d2h_ms, t->total_ms, t->launches);
}

/* 2^24 sorted keys, 2^20 queries: gpu, gpu-lib and interpolation gpu
 * against the plain bisection and cpu-par, with their kernel times. */
static void
test_large (gconstpointer data)
{
  WsKeyType type = ((const WsTestCase *) data)->type;
  g_autoptr (WsArray) sorted = NULL;
  g_autoptr (WsArray) keys = NULL;
  g_autofree gint64 *want = NULL;
  g_autofree gint64 *got = NULL;

  if (gpu_test_skip_without_device ())
    return;
  sorted = large_sorted (type, (gsize) 1 << 24, 11);
  keys = ws_search_make_keys (sorted, (gsize) 1 << 20, 12, NULL);
  want = g_new (gint64, keys->n);
  got = g_new (gint64, keys->n);
  g_assert_true (ws_binary_search (sorted, keys, 2, WS_VARIANT_CPU_PAR, want, NULL, NULL));
  for (gsize k = 0; k < keys->n; k++)
    g_assert_cmpint (want[k], ==, plain_answer (sorted, ws_array_get_double (keys, k)));
  for (guint v = 0; v < G_N_ELEMENTS (gpu_searches); v++)
    {
      const GpuSearch *g = &gpu_searches[v];
      WsCudaTiming t;
      if (g->impl == WS_CUDA_SEED)
        continue;
      run_gpu (g, sorted, keys, 2, got); /* warm: the first launch loads the kernel */
      t = run_gpu (g, sorted, keys, 2, got);
      assert_answers (g->name, 2, sorted, keys, got, want);
      report_timing (g->name, sorted, keys, &t);
    }
}

/* gpu-seed and gpu side by side at every size and segment count, on
 * SEED_KEYS keys; kernel times are printed at n = 65537 (speed is measured
 * by benchmarks, docs/performance.md, not asserted here). */
static void
test_seed_and_gpu (gconstpointer data)
{
  WsKeyType type = ((const WsTestCase *) data)->type;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      gsize n = ws_test_sizes[s];
      g_autoptr (WsArray) raw = ws_test_generate (type, WS_DIST_UNIFORM, n, 30 + s);
      g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
      g_autoptr (WsArray) keys = ws_test_search_keys (sorted, SEED_KEYS, s, TRUE);
      g_autofree gint64 *got = g_new (gint64, keys->n);
      WsArray head = *keys;

      head.n = MIN (keys->n, SEED_KEYS);
      for (int interp = 0; interp <= 1; interp++)
        for (guint p = 0; p < G_N_ELEMENTS (segment_counts); p++)
          {
            const GpuSearch *seed = &gpu_searches[interp ? 3 : 0];
            const GpuSearch *ours = &gpu_searches[interp ? 4 : 1];
            WsCudaTiming ts, to;
            run_gpu (ours, sorted, &head, segment_counts[p], got); /* warm */
            ts = run_gpu (seed, sorted, &head, segment_counts[p], got);
            to = run_gpu (ours, sorted, &head, segment_counts[p], got);
            if (n == 65537 && p == G_N_ELEMENTS (segment_counts) - 1)
              {
                report_timing (seed->name, sorted, &head, &ts);
                report_timing (ours->name, sorted, &head, &to);
              }
          }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  ws_test_add_cases ("/gpu-search/distribution", WS_TEST_PER_DIST, 0, test_distribution);
  ws_test_add_cases ("/gpu-search/special", WS_TEST_PER_TYPE, 0, test_special);
  ws_test_add_cases ("/gpu-search/all-equal", WS_TEST_PER_TYPE, 0, test_all_equal);
  ws_test_add_cases ("/gpu-search/large", WS_TEST_PER_TYPE, 0, test_large);
  ws_test_add_cases ("/gpu-search/seed-and-gpu", WS_TEST_PER_TYPE, 0,
                     test_seed_and_gpu);
  g_test_add_func ("/gpu-search/signed-zero", test_signed_zero);
  g_test_add_func ("/gpu-search/extreme-keys", test_extreme_keys);
  g_test_add_func ("/gpu-search/empty", test_empty);
  g_test_add_func ("/gpu-search/errors", test_errors);
  g_test_add_func ("/gpu-search/unsorted-in-range", test_unsorted_in_range);
  return g_test_run ();
}
