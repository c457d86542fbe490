/* test-search.c: study 004's searches, every variant of binary-search
 * (cpu-seq, cpu-par, gpu-seed, gpu, gpu-lib) and interpolation-search
 * (cpu-seq, cpu-par, gpu-seed, gpu), against linear scans and a plain
 * lower-bound loop (the CPU engine's probes, traces and checks are in
 * test-search-engine.c). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-search.h"
#include "ws-test-variant.h"
#if WS_HAVE_CUDA
#include "ws-cuda.h"
#endif

static const guint segment_counts[] = { 2, 3, 7, 256 };

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

/* The keys the case's variant is asked: gpu-seed's first SEED_KEYS. */
static WsArray
asked_keys (const WsTestCase *c,
            const WsArray    *keys)
{
  WsArray head = *keys;

  if (c->variant == WS_VARIANT_GPU_SEED)
    head.n = MIN (keys->n, SEED_KEYS);
  return head;
}

/* One run with p segments; its answers, which the caller frees. */
static gint64 *
run_search (const WsTestCase *c,
            const WsArray    *sorted,
            const WsArray    *keys,
            guint             segments,
            WsCounters       *counters,
            WsPhaseTimes     *times)
{
  WsRunInput in = ws_test_run_input (c, sorted);
  WsRunOutput out;
  gint64 *answers;

  in.keys = keys;
  ws_test_run_param (&in, "segments", segments);
  ws_test_run_ok (&in, &out);
  g_assert_cmpuint (out.n_indices, ==, keys->n);
  if (counters != NULL)
    *counters = out.counters;
  if (times != NULL)
    *times = out.times;
  answers = g_steal_pointer (&out.indices);
  ws_run_output_clear (&out);
  return answers;
}

static void
assert_answers (const WsTestCase *c,
                guint             segments,
                const WsArray    *sorted,
                const WsArray    *keys,
                const gint64     *got,
                const gint64     *want)
{
  for (gsize k = 0; k < keys->n; k++)
    if (got[k] != want[k])
      {
        g_test_message ("%s %s, p = %u, n = %" G_GSIZE_FORMAT ", key %" G_GSIZE_FORMAT " = %.9g",
                        c->algo->name, ws_variant_name (c->variant), segments, sorted->n, k,
                        ws_array_get_double (keys, k));
        g_assert_cmpint (got[k], ==, want[k]);
      }
}

/* The variant at every segment count against want; the CPU reads at
 * least one key a step. */
static void
check_search (const WsTestCase *c,
              const WsArray    *sorted,
              const WsArray    *keys,
              const gint64     *want)
{
  WsArray asked = asked_keys (c, keys);

  for (guint s = 0; s < G_N_ELEMENTS (segment_counts); s++)
    {
      WsCounters counters = { 0 };
      g_autofree gint64 *got = run_search (c, sorted, &asked, segment_counts[s], &counters, NULL);
      assert_answers (c, segment_counts[s], sorted, &asked, got, want);
      g_assert_cmpuint (counters.probes, >=, counters.passes);
    }
}

/* The engine's linear scan, checked against the plain bisection, then the
 * variant against it. */
static void
check_all (const WsTestCase *c,
           const WsArray    *sorted,
           const WsArray    *keys)
{
  g_autofree gint64 *want = g_new (gint64, keys->n + 1);

  ws_search_reference (sorted, keys, want);
  for (gsize k = 0; k < keys->n; k++)
    g_assert_cmpint (want[k], ==, plain_answer (sorted, ws_array_get_double (keys, k)));
  check_search (c, sorted, keys, want);
}

/* Every size and distribution (sorted first; few-unique and uniform16 bring
 * long runs of duplicates), with edge and absent keys. The linear scan
 * costs n a key: fewer keys at the largest size, fewest on the CPU. */
static void
test_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      gsize n = ws_test_sizes[s];
      g_autoptr (WsArray) raw = ws_test_generate (c->type, c->dist, n, 40 + s);
      g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
      gsize n_random = n <= 1025 ? 2 * n + 8 : ws_variant_is_gpu (c->variant) ? 1000 : 100;
      g_autoptr (WsArray) keys = ws_test_search_keys (sorted, n_random, s, TRUE);
      check_all (c, sorted, keys);
    }
}

/* Every element of small arrays with long runs, so each run's first index
 * is asked for. */
static void
test_every_element (gconstpointer data)
{
  const WsDistribution dists[] = { WS_DIST_FEW_UNIQUE, WS_DIST_UNIFORM16, WS_DIST_UNIFORM };
  const WsTestCase *c = data;

  for (guint d = 0; d < G_N_ELEMENTS (dists); d++)
    {
      g_autoptr (WsArray) raw = ws_test_generate (c->type, dists[d], 1500, d);
      g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
      check_all (c, sorted, raw);
    }
}

/* INT32_MIN/MAX, ±inf, ±0.0 and denormals, in the array (with duplicates)
 * and as keys, after the array's edges. */
static void
test_special (gconstpointer data)
{
  const WsTestCase *c = data;
  gsize size = ws_key_type_size (c->type);

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      gsize n = ws_test_sizes[s];
      g_autoptr (WsArray) raw = ws_test_special_array (c->type, n, 5 + s);
      g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
      g_autoptr (WsArray) edges = ws_test_search_keys (sorted, 0, s, TRUE);
      g_autoptr (WsArray) specials = ws_test_special_array (c->type, 120, 500 + s);
      g_autoptr (WsArray) keys = ws_test_array_new (c->type, edges->n + specials->n);
      memcpy (keys->data, edges->data, edges->n * size);
      memcpy ((char *) keys->data + edges->n * size, specials->data, specials->n * size);
      check_all (c, sorted, keys);
    }
}

static void
assert_finds (const WsTestCase *c,
              WsKeyType         type,
              gsize             n,
              const double     *values,
              gsize             n_keys,
              const double     *key_values,
              const gint64     *want)
{
  g_autoptr (WsArray) sorted = ws_test_array_of (type, n, values);
  g_autoptr (WsArray) keys = ws_test_array_of (type, n_keys, key_values);

  check_search (c, sorted, keys, want);
}

/* -0.0 and +0.0 are equal by value: either finds the first zero of either sign. */
static void
test_signed_zero (gconstpointer data)
{
  const double pos[] = { -INFINITY, -1, 0.0, 0.0, 1, INFINITY };
  const double neg[] = { -2, -0.0, -0.0, 0.0, 3 };
  const double zeros[] = { -0.0, 0.0, -1, 1 };
  const gint64 want_pos[] = { 2, 2, 1, 4 }, want_neg[] = { 1, 1, -1, -1 };

  assert_finds (data, WS_KEY_FLOAT32, G_N_ELEMENTS (pos), pos, 4, zeros, want_pos);
  assert_finds (data, WS_KEY_FLOAT32, G_N_ELEMENTS (neg), neg, 4, zeros, want_neg);
}

/* ±inf, ±FLT_MAX and the int32 extremes at their first index; keys beyond
 * or between them are absent. NaN equals nothing: asked of the CPU's
 * searches (the GPU's take no NaN keys). */
static void
test_extreme_keys (gconstpointer data)
{
  const double fv[] = { -INFINITY, -INFINITY, -FLT_MAX, 0, FLT_MAX, INFINITY, INFINITY };
  const double fk[] = { INFINITY, -INFINITY, FLT_MAX, -FLT_MAX, 1, -0.0, NAN };
  const double iv[] = { G_MININT32, G_MININT32, -1, G_MAXINT32, G_MAXINT32 };
  const double ik[] = { G_MININT32, G_MAXINT32, G_MININT32 + 1, G_MAXINT32 - 1, 0, -1 };
  const gint64 fwant[] = { 5, 0, 4, 2, -1, 3, -1 }, iwant[] = { 0, 3, -1, -1, -1, 2 };
  const WsTestCase *c = data;
  gsize n_fk = G_N_ELEMENTS (fk) - (ws_variant_is_gpu (c->variant) ? 1 : 0);

  if (c->type == WS_KEY_FLOAT32)
    assert_finds (c, WS_KEY_FLOAT32, G_N_ELEMENTS (fv), fv, n_fk, fk, fwant);
  else
    assert_finds (c, WS_KEY_INT32, G_N_ELEMENTS (iv), iv, G_N_ELEMENTS (ik), ik, iwant);
}

/* One value repeated: index 0 for it, -1 for its neighbours, at lengths
 * around every segment count. */
static void
test_all_equal (gconstpointer data)
{
  const WsTestCase *c = data;
  const double kv[] = { 7, 6, 8 };
  const gint64 want[] = { 0, -1, -1 };
  g_autoptr (WsArray) keys = ws_test_array_of (c->type, 3, kv);

  for (gsize n = 1; n <= 4097; n = n * 4 + 1)
    {
      g_autoptr (WsArray) a = ws_test_array_filled (c->type, n, 7);
      check_search (c, a, keys, want);
    }
}

/* No array: every key is absent. No keys: nothing read, nothing launched. */
static void
test_empty (gconstpointer data)
{
  const double kv[] = { 1, 2, 3 };
  const gint64 want[] = { -1, -1, -1 };
  const WsTestCase *c = data;
  g_autoptr (WsArray) empty = ws_test_array_new (c->type, 0);
  g_autoptr (WsArray) keys = ws_test_array_of (c->type, 3, kv);
  g_autoptr (WsArray) no_keys = ws_test_array_new (c->type, 0);
  WsCounters counters = { 0 };
  WsPhaseTimes times = { 0 };
  g_autofree gint64 *got = NULL;

  check_search (c, empty, keys, want);
  got = run_search (c, keys, no_keys, 2, &counters, &times);
  g_assert_cmpuint (counters.probes, ==, 0);
  g_assert_cmpuint (times.launches, ==, 0);
}

/* The searches trust their precondition, but on an unsorted array (which
 * ws_run refuses) they must still answer in range, at the extreme segment
 * counts too. */
static void
test_unsorted_in_range (gconstpointer data)
{
  const double bad[] = { 1, 2, 3, 5, 4, 6 };
  const guint counts[] = { 2, 3, 4, 7, 65536 };
  g_autoptr (WsArray) small = ws_test_array_of (WS_KEY_INT32, G_N_ELEMENTS (bad), bad);
  g_autoptr (WsArray) raw = ws_test_generate (WS_KEY_INT32, WS_DIST_FEW_UNIQUE, 3000, 4);
  g_autoptr (WsArray) keys = ws_test_search_keys (raw, 100, 5, TRUE);
  const WsArray *arrays[] = { small, raw }, *asked[] = { small, keys };

  for (guint a = 0; a < G_N_ELEMENTS (arrays); a++)
    for (guint s = 0; s < G_N_ELEMENTS (counts); s++)
      {
        WsRunInput in = ws_test_run_input (data, arrays[a]);
        g_autoptr (GError) error = NULL;
        WsRunOutput out;
        in.keys = asked[a];
        ws_test_run_param (&in, "segments", counts[s]);
        g_assert_true (ws_test_run_unchecked (&in, &out, &error));
        g_assert_no_error (error);
        for (gsize k = 0; k < asked[a]->n; k++)
          g_assert_true (out.indices[k] >= -1 && out.indices[k] < (gint64) arrays[a]->n);
        ws_run_output_clear (&out);
      }
}

/* p = 65536, the largest, on arrays shorter and longer than p. */
static void
test_max_segments (gconstpointer data)
{
  for (gsize n = 1000; n <= 200000; n *= 200)
    {
      g_autoptr (WsArray) raw = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM16, n, n);
      g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
      g_autoptr (WsArray) keys = ws_test_search_keys (sorted, 20, 8, FALSE);
      g_autofree gint64 *want = g_new (gint64, keys->n);
      g_autofree gint64 *got = NULL;
      ws_search_reference (sorted, keys, want);
      got = run_search (data, sorted, keys, WS_SEARCH_MAX_SEGMENTS, NULL, NULL);
      assert_answers (data, WS_SEARCH_MAX_SEGMENTS, sorted, keys, got, want);
    }
}

/* ---- GPU only: large sizes, and kernel times for the report ---- */

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
report_timing (const WsTestCase   *c,
               const WsArray      *sorted,
               const WsArray      *keys,
               const WsPhaseTimes *t)
{
  g_test_message ("search-timing %s %s %s n=%" G_GSIZE_FORMAT " keys=%" G_GSIZE_FORMAT
                  ": kernel %.3f ms, h2d %.3f ms, d2h %.3f ms, total %.3f ms, %" G_GUINT64_FORMAT
                  " launches",
                  c->algo->name, ws_variant_name (c->variant), ws_key_type_name (sorted->type),
                  sorted->n, keys->n, t->kernel * 1e3, t->upload * 1e3, t->download * 1e3,
                  t->total * 1e3, t->launches);
}

/* 2^24 sorted keys, 2^20 queries, against the plain bisection. */
static void
test_large (gconstpointer data)
{
  const WsTestCase *c = data;
  g_autoptr (WsArray) sorted = large_sorted (c->type, (gsize) 1 << 24, 11);
  g_autoptr (WsArray) keys = ws_search_make_keys (sorted, (gsize) 1 << 20, 12, NULL);
  g_autofree gint64 *want = g_new (gint64, keys->n);
  g_autofree gint64 *warm = NULL;
  g_autofree gint64 *got = NULL;
  WsPhaseTimes times;

  for (gsize k = 0; k < keys->n; k++)
    want[k] = plain_answer (sorted, ws_array_get_double (keys, k));
  warm = run_search (c, sorted, keys, 2, NULL, NULL); /* the first launch loads the kernel */
  got = run_search (c, sorted, keys, 2, NULL, &times);
  assert_answers (c, 2, sorted, keys, got, want);
  report_timing (c, sorted, keys, &times);
}

/* gpu-seed and gpu at every size and segment count on SEED_KEYS keys,
 * checked; kernel times printed at n = 65537, p = 256 (speed is measured
 * by benchmarks, docs/performance.md, not asserted here). */
static void
test_timing (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      gsize n = ws_test_sizes[s];
      g_autoptr (WsArray) raw = ws_test_generate (c->type, WS_DIST_UNIFORM, n, 30 + s);
      g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
      g_autoptr (WsArray) keys = ws_test_search_keys (sorted, SEED_KEYS, s, TRUE);
      g_autofree gint64 *want = g_new (gint64, keys->n);
      WsArray head = *keys;
      head.n = MIN (keys->n, SEED_KEYS);
      ws_search_reference (sorted, &head, want);
      for (guint p = 0; p < G_N_ELEMENTS (segment_counts); p++)
        {
          WsPhaseTimes times;
          g_autofree gint64 *warm = run_search (c, sorted, &head, segment_counts[p], NULL, NULL);
          g_autofree gint64 *got = run_search (c, sorted, &head, segment_counts[p], NULL, &times);
          assert_answers (c, segment_counts[p], sorted, &head, got, want);
          if (n == 65537 && p == G_N_ELEMENTS (segment_counts) - 1)
            report_timing (c, sorted, &head, &times);
        }
    }
}

/* ---- GPU only: the CUDA library's own checks ---- */

#if WS_HAVE_CUDA
static void
assert_gpu_fails (WsCudaImpl impl,
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
test_gpu_errors (void)
{
  for (int interp = 0; interp <= 1; interp++)
    {
      assert_gpu_fails (WS_CUDA_OURS, interp, 1, WS_CUDA_ERROR_INVALID);
      assert_gpu_fails (WS_CUDA_SEED, interp, 65537, WS_CUDA_ERROR_INVALID);
      assert_gpu_fails (WS_CUDA_SEED_V1, interp, 2, WS_CUDA_ERROR_UNSUPPORTED);
    }
  assert_gpu_fails (WS_CUDA_LIB, TRUE, 2, WS_CUDA_ERROR_UNSUPPORTED);
}
#endif

#define SEARCH_ROWS(prefix, algorithm)                                                        \
  { prefix "/sizes", algorithm, WS_TEST_ALL, 0, TRUE, test_distribution },                    \
  { prefix "/every-element", algorithm, WS_TEST_ALL, 0, FALSE, test_every_element },          \
  { prefix "/special", algorithm, WS_TEST_ALL, 0, FALSE, test_special },                      \
  { prefix "/signed-zero", algorithm, WS_TEST_ALL, FLOAT32_ONLY, FALSE, test_signed_zero },   \
  { prefix "/extreme-keys", algorithm, WS_TEST_ALL, 0, FALSE, test_extreme_keys },            \
  { prefix "/all-equal", algorithm, WS_TEST_ALL, 0, FALSE, test_all_equal },                  \
  { prefix "/empty", algorithm, WS_TEST_ALL, 0, FALSE, test_empty },                          \
  { prefix "/unsorted-in-range", algorithm, WS_TEST_ALL, INT32_ONLY, FALSE,                   \
    test_unsorted_in_range },                                                                 \
  { prefix "/max-segments", algorithm, WS_TEST_ALL, INT32_ONLY, FALSE, test_max_segments },   \
  { prefix "/large", algorithm, WS_TEST_GPU & ~SEED, 0, FALSE, test_large },                  \
  { prefix "/timing", algorithm, SEED | WS_TEST_VARIANT (WS_VARIANT_GPU), 0, FALSE, test_timing }

#define INT32_ONLY   WS_TEST_TYPE (WS_KEY_INT32)
#define FLOAT32_ONLY WS_TEST_TYPE (WS_KEY_FLOAT32)
#define SEED         WS_TEST_VARIANT (WS_VARIANT_GPU_SEED)

static const WsTestRows rows[] = {
  SEARCH_ROWS ("/search/binary", "binary-search"),
  SEARCH_ROWS ("/search/interpolation", "interpolation-search"),
};

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  ws_test_add_rows (rows, G_N_ELEMENTS (rows));
  ws_test_add_gpu_func ("/search/gpu/errors", WS_TEST_CUDA (test_gpu_errors));
  ws_test_add_gpu_built ("/search/gpu/built/binary", "binary-search");
  ws_test_add_gpu_built ("/search/gpu/built/interpolation", "interpolation-search");
  return g_test_run ();
}
