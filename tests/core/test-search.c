/* test-search.c: study 004's searches against linear scans. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-search.h"
#include "ws-test-util.h"

typedef gboolean (*SearchFunc) (const WsArray *sorted,
                                const WsArray *keys,
                                guint          segments,
                                WsVariant      variant,
                                gint64        *result,
                                WsCounters    *counters,
                                GError       **error);

static const SearchFunc searches[] = { ws_binary_search, ws_interpolation_search };
static const char *const search_names[] = { "binary", "interpolation" };
static const guint segment_counts[] = { 2, 3, 7, 256 };

/* The test's own answer: a plain lower-bound loop, then an equality test. */
static gint64
lower_bound_answer (const WsArray *a,
                    const WsArray *keys,
                    gsize          k)
{
  gsize i = 0;

  if (a->type == WS_KEY_INT32)
    {
      while (i < a->n && a->i32[i] < keys->i32[k])
        i++;
      return i < a->n && a->i32[i] == keys->i32[k] ? (gint64) i : -1;
    }
  while (i < a->n && a->f32[i] < keys->f32[k])
    i++;
  return i < a->n && a->f32[i] == keys->f32[k] ? (gint64) i : -1;
}

/* Checks one search on (sorted, keys) against both references, for every
 * segment count; cpu-par counters must equal cpu-seq's. */
static void
check_search (guint          which,
              const WsArray *sorted,
              const WsArray *keys,
              const gint64  *want,
              WsVariant      variant)
{
  g_autofree gint64 *got = g_new (gint64, keys->n + 1);

  for (guint s = 0; s < G_N_ELEMENTS (segment_counts); s++)
    {
      g_autoptr (GError) error = NULL;
      WsCounters counters = { 0 };
      g_assert_true (searches[which] (sorted, keys, segment_counts[s], variant, got, &counters,
                                      &error));
      g_assert_no_error (error);
      for (gsize k = 0; k < keys->n; k++)
        if (got[k] != want[k])
          {
            g_test_message ("%s search, p = %u, n = %" G_GSIZE_FORMAT ", key %.9g",
                            search_names[which], segment_counts[s], sorted->n,
                            ws_array_get_double (keys, k));
            g_assert_cmpint (got[k], ==, want[k]);
          }
      g_assert_cmpuint (counters.probes, >=, counters.passes);
    }
}

static void
check_all (guint          which,
           const WsArray *sorted,
           const WsArray *keys,
           WsVariant      variant)
{
  g_autofree gint64 *want = g_new (gint64, keys->n + 1);

  ws_search_reference (sorted, keys, want);
  for (gsize k = 0; k < keys->n; k++)
    g_assert_cmpint (want[k], ==, lower_bound_answer (sorted, keys, k));
  check_search (which, sorted, keys, want, variant);
}

static void
test_distribution (gconstpointer data)
{
  const WsTestCase *c = data; /* extra: the index in searches[] */
  WsKeyType type = c->type;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      gsize n = ws_test_sizes[s];
      g_autoptr (WsArray) raw = ws_test_generate (type, c->dist, n, 40 + s);
      g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
      /* Linear references cost n per key: fewer keys on the largest size. */
      gsize n_random = n <= 1025 ? 2 * n + 8 : 100;
      g_autoptr (WsArray) keys = ws_test_search_keys (sorted, n_random, s, FALSE);
      check_all (c->extra, sorted, keys, c->variant);
    }
}

/* Every element of small arrays with long runs, so each run's first index
 * is asked for. */
static void
test_every_element (gconstpointer data)
{
  const WsTestCase *c = data; /* extra: the index in searches[] */
  WsKeyType type = c->type;
  const WsDistribution dists[] = { WS_DIST_FEW_UNIQUE, WS_DIST_UNIFORM16, WS_DIST_UNIFORM };

  for (guint d = 0; d < G_N_ELEMENTS (dists); d++)
    {
      g_autoptr (WsArray) raw = ws_test_generate (type, dists[d], 1500, d);
      g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
      check_all (c->extra, sorted, raw, c->variant);
    }
}

/* INT32_MIN/MAX, ±inf, ±0.0 and denormals, in the array and as keys. */
static void
test_special (gconstpointer data)
{
  const WsTestCase *c = data; /* extra: the index in searches[] */
  WsKeyType type = c->type;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      gsize n = ws_test_sizes[s];
      g_autoptr (WsArray) raw = ws_test_special_array (type, n, 5 + s);
      g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
      g_autoptr (WsArray) keys = ws_test_special_array (type, 100, 500 + s);
      check_all (c->extra, sorted, keys, c->variant);
    }
}

static void
assert_answers (const WsArray *sorted,
                const WsArray *keys,
                const gint64  *want)
{
  for (guint which = 0; which < G_N_ELEMENTS (searches); which++)
    for (WsVariant v = WS_VARIANT_CPU_SEQ; v <= WS_VARIANT_CPU_PAR; v++)
      check_search (which, sorted, keys, want, v);
}

/* -0.0 and +0.0 are equal by value: either finds the first zero. */
static void
test_signed_zero (void)
{
  const double pos[] = { -INFINITY, -1, 0.0, 0.0, 1, INFINITY };
  const double neg[] = { -2, -0.0, -0.0, 0.0, 3 };
  const double zeros[] = { -0.0, 0.0 };
  g_autoptr (WsArray) a = ws_test_array_of (WS_KEY_FLOAT32, G_N_ELEMENTS (pos), pos);
  g_autoptr (WsArray) b = ws_test_array_of (WS_KEY_FLOAT32, G_N_ELEMENTS (neg), neg);
  g_autoptr (WsArray) keys = ws_test_array_of (WS_KEY_FLOAT32, 2, zeros);
  const gint64 want_a[] = { 2, 2 }, want_b[] = { 1, 1 };

  assert_answers (a, keys, want_a);
  assert_answers (b, keys, want_b);
}

/* NaN equals nothing; ±inf and the int32 extremes are found at their first
 * index; keys beyond them are absent. */
static void
test_extreme_keys (void)
{
  const double fv[] = { -INFINITY, -INFINITY, -FLT_MAX, 0, FLT_MAX, INFINITY, INFINITY };
  const double fk[] = { NAN, INFINITY, -INFINITY, FLT_MAX, -FLT_MAX, 1 };
  const double iv[] = { G_MININT32, G_MININT32, -1, G_MAXINT32, G_MAXINT32 };
  const double ik[] = { G_MININT32, G_MAXINT32, G_MININT32 + 1, G_MAXINT32 - 1, 0, -1 };
  const gint64 fwant[] = { -1, 5, 0, 4, 2, -1 }, iwant[] = { 0, 3, -1, -1, -1, 2 };
  g_autoptr (WsArray) fa = ws_test_array_of (WS_KEY_FLOAT32, G_N_ELEMENTS (fv), fv);
  g_autoptr (WsArray) fkeys = ws_test_array_of (WS_KEY_FLOAT32, G_N_ELEMENTS (fk), fk);
  g_autoptr (WsArray) ia = ws_test_array_of (WS_KEY_INT32, G_N_ELEMENTS (iv), iv);
  g_autoptr (WsArray) ikeys = ws_test_array_of (WS_KEY_INT32, G_N_ELEMENTS (ik), ik);

  assert_answers (fa, fkeys, fwant);
  assert_answers (ia, ikeys, iwant);
}

/* One value repeated: the answer is always index 0 for it, -1 otherwise. */
static void
test_all_equal (gconstpointer data)
{
  WsKeyType type = ((const WsTestCase *) data)->type;
  const double kv[] = { 7, 6, 8 };
  const gint64 want[] = { 0, -1, -1 };
  g_autoptr (WsArray) keys = ws_test_array_of (type, 3, kv);

  for (gsize n = 1; n <= 4097; n = n * 4 + 1)
    {
      g_autoptr (WsArray) a = ws_test_array_filled (type, n, 7);
      assert_answers (a, keys, want);
    }
}

static void
test_empty (void)
{
  const double kv[] = { 1, 2, 3 };
  const gint64 want[] = { -1, -1, -1 };

  for (WsKeyType t = WS_KEY_INT32; t <= WS_KEY_FLOAT32; t++)
    {
      g_autoptr (WsArray) empty = ws_test_array_new (t, 0);
      g_autoptr (WsArray) keys = ws_test_array_of (t, 3, kv);
      g_autoptr (WsArray) no_keys = ws_test_array_new (t, 0);
      assert_answers (empty, keys, want);
      for (guint which = 0; which < G_N_ELEMENTS (searches); which++)
        {
          WsCounters counters = { 0 };
          g_assert_true (searches[which] (keys, no_keys, 2, WS_VARIANT_CPU_PAR, NULL, &counters,
                                          NULL));
          g_assert_cmpuint (counters.probes, ==, 0);
        }
    }
}

/* Classic binary search (p = 2) on n = 2^k reads log2 n or log2 n + 1 keys. */
static void
test_binary_probes (void)
{
  for (guint log2n = 4; log2n <= 16; log2n += 6)
    {
      gsize n = (gsize) 1 << log2n;
      g_autoptr (WsArray) raw = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, n, log2n);
      g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
      g_autoptr (WsArray) keys = ws_search_make_keys (sorted, 1000, 1, NULL);
      g_autofree gint64 *got = g_new (gint64, keys->n);
      WsCounters c = { 0 };
      g_assert_true (ws_binary_search (sorted, keys, 2, WS_VARIANT_CPU_SEQ, got, &c, NULL));
      g_assert_cmpuint (c.probes, ==, c.passes);
      g_assert_cmpuint (c.probes, >=, keys->n * log2n);
      g_assert_cmpuint (c.probes, <=, keys->n * (log2n + 1));
    }
}

/* The trace the animation draws is the search itself: the same answer as
 * the reference and as ws_*_search, each step's range inside the one before
 * and its probes inside its range, the final range empty at the answer. */
static void
test_trace (void)
{
  g_autoptr (WsArray) raw = ws_test_generate (WS_KEY_INT32, WS_DIST_FEW_UNIQUE, 5000, 8);
  g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
  g_autoptr (WsArray) keys = ws_search_make_keys (sorted, 200, 3, NULL);
  g_autofree gint64 *want = g_new (gint64, keys->n), *got = g_new (gint64, keys->n);
  const guint segments[] = { 2, 5, 64 };

  ws_search_reference (sorted, keys, want);
  for (guint k = 0; k < keys->n; k++)
    for (guint p = 0; p < G_N_ELEMENTS (segments); p++)
      for (int interp = 0; interp < 2; interp++)
        {
          g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (WsSearchStep));
          g_autoptr (GArray) probes = g_array_new (FALSE, FALSE, sizeof (gsize));
          gsize lo = 0, hi = sorted->n;
          gint64 found = ws_search_trace (sorted, ws_array_get_double (keys, k), segments[p], interp,
                                          steps, probes);
          g_assert_cmpint (found, ==, want[k]);
          for (guint s = 0; s < steps->len; s++)
            {
              const WsSearchStep *st = &g_array_index (steps, WsSearchStep, s);
              g_assert_true (st->lo >= lo && st->hi <= hi && st->lo < st->hi);
              g_assert_cmpuint (st->n_probes, >=, 1);
              for (guint i = 0; i < st->n_probes; i++)
                {
                  gsize at = g_array_index (probes, gsize, st->first_probe + i);
                  g_assert_true (at >= st->lo && at < st->hi);
                }
              lo = st->lo, hi = st->hi;
            }
        }
  /* The same answers as the batch searches give. */
  g_assert_true (ws_binary_search (sorted, keys, 5, WS_VARIANT_CPU_SEQ, got, NULL, NULL));
  g_assert_cmpmem (got, keys->n * sizeof *got, want, keys->n * sizeof *want);
}

/* p segments: about log_p n steps of p - 1 probes each. */
static void
test_kary_steps (void)
{
  const gsize n = 65536;
  g_autoptr (WsArray) raw = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, n, 3);
  g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
  g_autoptr (WsArray) keys = ws_search_make_keys (sorted, 500, 2, NULL);
  g_autofree gint64 *got = g_new (gint64, keys->n);
  WsCounters c = { 0 };

  /* 65536 -> 256 -> 1 -> done: at most 3 steps, at most 255 + 255 + 1 probes. */
  g_assert_true (ws_binary_search (sorted, keys, 256, WS_VARIANT_CPU_PAR, got, &c, NULL));
  g_assert_cmpuint (c.passes, <=, keys->n * 3);
  g_assert_cmpuint (c.passes, >=, keys->n * 2);
  g_assert_cmpuint (c.probes, <=, keys->n * 511);
}

/* On uniform data interpolation needs far fewer probes than bisection; on
 * long runs of equal keys the midpoint guard keeps it under 3 log2 n. */
static void
test_interpolation_probes (void)
{
  const gsize n = 65536;
  const WsDistribution dists[] = { WS_DIST_UNIFORM, WS_DIST_FEW_UNIQUE };
  const guint64 limit[] = { 8, 3 * 16 + 4 };

  for (guint d = 0; d < G_N_ELEMENTS (dists); d++)
    {
      g_autoptr (WsArray) raw = ws_test_generate (WS_KEY_FLOAT32, dists[d], n, 4);
      g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
      g_autoptr (WsArray) keys = ws_search_make_keys (sorted, 1000, 3, NULL);
      g_autofree gint64 *got = g_new (gint64, keys->n);
      WsCounters c = { 0 };
      g_assert_true (ws_interpolation_search (sorted, keys, 2, WS_VARIANT_CPU_SEQ, got, &c,
                                              NULL));
      g_test_message ("%s: %.2f probes per key", ws_distribution_name (dists[d]),
                      (double) c.probes / (double) keys->n);
      g_assert_cmpuint (c.probes, <=, keys->n * limit[d]);
    }
}

static void
assert_search_fails (const WsArray *sorted,
                     const WsArray *keys,
                     guint          segments,
                     WsVariant      variant,
                     gint           code,
                     const char    *fact)
{
  for (guint which = 0; which < G_N_ELEMENTS (searches); which++)
    {
      g_autoptr (GError) error = NULL;
      gint64 got[8];
      g_assert_false (searches[which] (sorted, keys, segments, variant, got, NULL, &error));
      g_assert_error (error, WS_ERROR, code);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, fact));
    }
}

static void
test_unsorted (void)
{
  const double bad[] = { 1, 2, 3, 5, 4, 6 };
  const double with_nan[] = { 1, 2, NAN, 4 };
  g_autoptr (WsArray) a = ws_test_array_of (WS_KEY_INT32, G_N_ELEMENTS (bad), bad);
  g_autoptr (WsArray) f = ws_test_array_of (WS_KEY_FLOAT32, G_N_ELEMENTS (with_nan), with_nan);
  g_autoptr (GError) error = NULL;

  g_assert_false (ws_search_check_sorted (a, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "not sorted"));
  g_assert_nonnull (strstr (error->message, "at index 3"));
  g_clear_error (&error);
  g_assert_false (ws_search_check_sorted (f, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "NaN at index 2"));
}

/* The searches trust their precondition but stay in range on an unsorted array. */
static void
test_unsorted_in_range (void)
{
  const double bad[] = { 1, 2, 3, 5, 4, 6 };
  g_autoptr (WsArray) a = ws_test_array_of (WS_KEY_INT32, G_N_ELEMENTS (bad), bad);
  g_autoptr (WsArray) k = ws_test_array_of (WS_KEY_INT32, G_N_ELEMENTS (bad), bad);
  gint64 got[G_N_ELEMENTS (bad)];

  for (guint p = 2; p <= 4; p++)
    {
      g_assert_true (ws_binary_search (a, k, p, WS_VARIANT_CPU_SEQ, got, NULL, NULL));
      for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
        g_assert_true (got[i] >= -1 && got[i] < (gint64) G_N_ELEMENTS (bad));
      g_assert_true (ws_interpolation_search (a, k, p, WS_VARIANT_CPU_PAR, got, NULL, NULL));
      for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
        g_assert_true (got[i] >= -1 && got[i] < (gint64) G_N_ELEMENTS (bad));
    }
}

/* A long array unsorted late, to exercise the parallel scan. */
static void
test_unsorted_long (void)
{
  g_autoptr (WsArray) raw = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 200000, 9);
  g_autoptr (WsArray) a = ws_test_qsort_copy (raw);
  g_autoptr (GError) error = NULL;

  g_assert_true (ws_search_check_sorted (a, NULL));
  a->f32[150000] = 2.0f;
  a->f32[190000] = 3.0f;
  g_assert_false (ws_search_check_sorted (a, &error));
  g_assert_nonnull (strstr (error->message, "at index 150000"));
}

static void
test_argument_errors (void)
{
  const double v[] = { 1, 2, 3 };
  g_autoptr (WsArray) a = ws_test_array_of (WS_KEY_INT32, 3, v);
  g_autoptr (WsArray) ka = ws_test_array_of (WS_KEY_INT32, 3, v);
  g_autoptr (WsArray) kf = ws_test_array_of (WS_KEY_FLOAT32, 3, v);

  assert_search_fails (a, ka, 1, WS_VARIANT_CPU_SEQ, WS_ERROR_INVALID_ARGUMENT, "2 to 65536");
  assert_search_fails (a, ka, 0, WS_VARIANT_CPU_SEQ, WS_ERROR_INVALID_ARGUMENT, "not 0");
  assert_search_fails (a, ka, 65537, WS_VARIANT_CPU_PAR, WS_ERROR_INVALID_ARGUMENT, "65537");
  assert_search_fails (a, kf, 2, WS_VARIANT_CPU_SEQ, WS_ERROR_INVALID_ARGUMENT, "float32 keys");
  assert_search_fails (a, ka, 2, WS_VARIANT_GPU, WS_ERROR_UNSUPPORTED, "cpu-seq");
}

/* p = 65536, the largest, on arrays shorter and longer than p. */
static void
test_max_segments (void)
{
  for (gsize n = 1000; n <= 200000; n *= 200)
    {
      g_autoptr (WsArray) raw = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM16, n, n);
      g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
      g_autoptr (WsArray) keys = ws_test_search_keys (sorted, 20, 8, FALSE);
      g_autofree gint64 *want = g_new (gint64, keys->n);
      g_autofree gint64 *got = g_new (gint64, keys->n);
      ws_search_reference (sorted, keys, want);
      for (guint which = 0; which < G_N_ELEMENTS (searches); which++)
        {
          g_assert_true (searches[which] (sorted, keys, WS_SEARCH_MAX_SEGMENTS,
                                          WS_VARIANT_CPU_PAR, got, NULL, NULL));
          for (gsize k = 0; k < keys->n; k++)
            g_assert_cmpint (got[k], ==, want[k]);
        }
    }
}

static void
test_make_keys (void)
{
  g_autoptr (WsArray) raw = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 5000, 1);
  g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
  g_autoptr (WsArray) k1 = ws_search_make_keys (sorted, 1001, 42, NULL);
  g_autoptr (WsArray) k2 = ws_search_make_keys (sorted, 1001, 42, NULL);
  g_autoptr (WsArray) empty = ws_test_array_new (WS_KEY_FLOAT32, 0);
  g_autoptr (WsArray) k3 = ws_search_make_keys (empty, 10, 1, NULL);
  g_autofree gint64 *found = g_new (gint64, k1->n);
  gsize present = 0;

  g_assert_true (ws_array_equal (k1, k2));
  g_assert_cmpint (k1->type, ==, WS_KEY_INT32);
  ws_search_reference (sorted, k1, found);
  for (gsize i = 0; i < k1->n; i++)
    {
      if (i % 2 == 0)
        g_assert_cmpint (found[i], >=, 0);
      present += found[i] >= 0;
    }
  /* The random half of full-range int32 keys is almost never present. */
  g_assert_cmpuint (present, <, k1->n / 2 + 20);
  g_assert_cmpuint (k3->n, ==, 10);
  g_assert_cmpint (k3->type, ==, WS_KEY_FLOAT32);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint s = 0; s < G_N_ELEMENTS (searches); s++)
    {
      g_autofree char *sizes = g_strdup_printf ("/search/%s/sizes", search_names[s]);
      g_autofree char *every = g_strdup_printf ("/search/%s/every-element", search_names[s]);
      g_autofree char *special = g_strdup_printf ("/search/%s/special", search_names[s]);

      ws_test_add_cases (sizes, WS_TEST_PER_VARIANT | WS_TEST_PER_DIST, s, test_distribution);
      ws_test_add_cases (every, WS_TEST_PER_VARIANT, s, test_every_element);
      ws_test_add_cases (special, WS_TEST_PER_VARIANT, s, test_special);
    }
  ws_test_add_cases ("/search/all-equal", WS_TEST_PER_TYPE, 0, test_all_equal);
  g_test_add_func ("/search/signed-zero", test_signed_zero);
  g_test_add_func ("/search/extreme-keys", test_extreme_keys);
  g_test_add_func ("/search/empty", test_empty);
  g_test_add_func ("/search/max-segments", test_max_segments);
  g_test_add_func ("/search/probes/binary", test_binary_probes);
  g_test_add_func ("/search/probes/kary", test_kary_steps);
  g_test_add_func ("/search/trace", test_trace);
  g_test_add_func ("/search/probes/interpolation", test_interpolation_probes);
  g_test_add_func ("/search/errors/unsorted", test_unsorted);
  g_test_add_func ("/search/errors/unsorted-long", test_unsorted_long);
  g_test_add_func ("/search/unsorted-in-range", test_unsorted_in_range);
  g_test_add_func ("/search/errors/arguments", test_argument_errors);
  g_test_add_func ("/search/make-keys", test_make_keys);
  return g_test_run ();
}
