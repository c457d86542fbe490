/* test-search-engine.c: the CPU engine's side of study 004's searches:
 * probe counts, the traces the animation draws, the generated keys, the
 * sortedness check and the arguments the engine refuses (every variant's
 * answers are test-search.c's). */
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

/* NULL results are fine where there are no keys. */
static void
test_no_keys_no_result (void)
{
  const double kv[] = { 1, 2, 3 };

  for (WsKeyType t = WS_KEY_INT32; t <= WS_KEY_FLOAT32; t++)
    for (guint which = 0; which < G_N_ELEMENTS (searches); which++)
      {
        g_autoptr (WsArray) keys = ws_test_array_of (t, 3, kv);
        g_autoptr (WsArray) no_keys = ws_test_array_new (t, 0);
        WsCounters counters = { 0 };
        g_assert_true (searches[which] (keys, no_keys, 2, WS_VARIANT_CPU_PAR, NULL, &counters,
                                        NULL));
        g_assert_cmpuint (counters.probes, ==, 0);
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

/* The engine's searches: segment counts out of range, keys of another
 * type, and the GPU variants (the backend's). */
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
  g_test_add_func ("/search/no-keys-no-result", test_no_keys_no_result);
  g_test_add_func ("/search/probes/binary", test_binary_probes);
  g_test_add_func ("/search/probes/kary", test_kary_steps);
  g_test_add_func ("/search/trace", test_trace);
  g_test_add_func ("/search/probes/interpolation", test_interpolation_probes);
  g_test_add_func ("/search/errors/unsorted", test_unsorted);
  g_test_add_func ("/search/errors/unsorted-long", test_unsorted_long);
  g_test_add_func ("/search/errors/arguments", test_argument_errors);
  g_test_add_func ("/search/make-keys", test_make_keys);
  return g_test_run ();
}
