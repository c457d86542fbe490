/* test-roofline.c: the bytes an algorithm must move (ws-roofline.h)
 * against sums worked out by hand, and the repeated runs behind `run
 * --repeat` and the roofline table (ws-bench-repeat.h). */
#include <math.h>
#include <string.h>

#include "ws-bench-repeat.h"
#include "ws-error.h"
#include "ws-roofline.h"
#include "ws-test-util.h"

/* The traffic of algorithm on n keys with one parameter set (NULL: none). */
static WsTraffic
traffic (const char *algorithm, WsKeyType type, gsize n, const char *param, gint64 value)
{
  const WsAlgorithm *algo = ws_registry_lookup (algorithm, NULL);
  g_autoptr (GError) error = NULL;
  WsParams params;
  WsTraffic t = { 0 };

  g_assert_nonnull (algo);
  ws_params_init_defaults (algo, &params);
  if (param != NULL)
    g_assert_true (ws_params_set (algo, &params, param, value, NULL));
  g_assert_true (ws_roofline_traffic (algorithm, type, n, &params, &t, &error));
  g_assert_no_error (error);
  return t;
}

static void
assert_traffic (WsTraffic t, guint64 read, guint64 written)
{
  g_assert_cmpuint (t.read, ==, read);
  g_assert_cmpuint (t.written, ==, written);
  g_assert_cmpuint (ws_traffic_bytes (&t), ==, read + written);
}

/* Every sort reads its keys once and writes them once: 4 bytes a key. */
static void
test_sorts (void)
{
  const char *const sorts[] = { "bitonic", "odd-even", "oddeven-merge", "radix-sort" };

  for (guint i = 0; i < G_N_ELEMENTS (sorts); i++)
    {
      assert_traffic (traffic (sorts[i], WS_KEY_FLOAT32, 16777216, NULL, 0), 67108864, 67108864);
      assert_traffic (traffic (sorts[i], WS_KEY_INT32, 1000, NULL, 0), 4000, 4000);
      assert_traffic (traffic (sorts[i], WS_KEY_INT32, 0, NULL, 0), 0, 0);
    }
  assert_traffic (traffic ("counting-sort", WS_KEY_INT32, 16777216, NULL, 0), 67108864, 67108864);
}

static void
test_reduce_scan (void)
{
  /* 2^26 floats: 256 MiB read; the sum is one 8-byte number. */
  assert_traffic (traffic ("reduce", WS_KEY_FLOAT32, 67108864, NULL, 0), 268435456, 8);
  assert_traffic (traffic ("reduce", WS_KEY_INT32, 3, NULL, 0), 12, 8);
  assert_traffic (traffic ("scan", WS_KEY_FLOAT32, 67108864, NULL, 0), 268435456, 268435456);
  assert_traffic (traffic ("scan", WS_KEY_INT32, 1025, NULL, 0), 4100, 4100);
}

/* Two reads of the keys (min and max, then the counts), 8-byte counts out. */
static void
test_histogram (void)
{
  assert_traffic (traffic ("histogram", WS_KEY_FLOAT32, 67108864, "bins", 256), 536870912, 2048);
  assert_traffic (traffic ("histogram", WS_KEY_INT32, 1000, "bins", 1), 8000, 8);
  assert_traffic (traffic ("histogram", WS_KEY_INT32, 5, "bins", 1 << 24), 40, 134217728);
}

/* Both arrays read, both written back sorted, and the product. */
static void
test_dot (void)
{
  assert_traffic (traffic ("dot", WS_KEY_FLOAT32, 16777216, NULL, 0), 134217728, 134217736);
  assert_traffic (traffic ("dot", WS_KEY_INT32, 1, NULL, 0), 8, 16);
}

/* N² keys in, (N − 2R)² sums out. */
static void
test_stencil (void)
{
  /* 8192² · 4 = 268435456; 8190² · 4 = 268304400; 8176² · 4 = 267387904;
   * 8064² · 4 = 260112384. */
  assert_traffic (traffic ("stencil", WS_KEY_FLOAT32, 8192, "radius", 1), 268435456, 268304400);
  assert_traffic (traffic ("stencil", WS_KEY_FLOAT32, 8192, "radius", 8), 268435456, 267387904);
  assert_traffic (traffic ("stencil", WS_KEY_INT32, 8192, "radius", 64), 268435456, 260112384);
  /* The registry's default radius, 2: 1000² · 4 in, 996² · 4 out. */
  assert_traffic (traffic ("stencil", WS_KEY_INT32, 1000, NULL, 0), 4000000, 3968064);
  /* Nothing out when N ≤ 2R. */
  assert_traffic (traffic ("stencil", WS_KEY_FLOAT32, 10, "radius", 5), 400, 0);
  assert_traffic (traffic ("stencil", WS_KEY_FLOAT32, 10, "radius", 6), 400, 0);
}

/* The answers' sectors: S·(1 − (1 − 1/S)^q), here by pow, the header's way
 * written out, against the library's log1p and expm1. */
static double
expected_sectors (double n_bytes, double queries)
{
  double s = ceil (n_bytes / 32.0);

  return s * (1.0 - pow (1.0 - 1.0 / s, queries));
}

static void
test_search_sectors (void)
{
  /* One query touches one sector; 8 floats are one sector. */
  g_assert_cmpuint (ws_roofline_search_sectors (1 << 26, 1), ==, 1);
  g_assert_cmpuint (ws_roofline_search_sectors (32, 1000), ==, 1);
  g_assert_cmpuint (ws_roofline_search_sectors (33, 1000), ==, 2);
  g_assert_cmpuint (ws_roofline_search_sectors (0, 1000), ==, 0);
  g_assert_cmpuint (ws_roofline_search_sectors (4096, 0), ==, 0);
  /* Many more queries than sectors: every sector. */
  g_assert_cmpuint (ws_roofline_search_sectors (256, 1000), ==, 8);
  /* 2^20 queries over 2^21 sectors (2^24 floats): 2^21 (1 − e^−½) ≈ 825,000. */
  double want = expected_sectors (67108864.0, 1048576.0);
  guint64 got = ws_roofline_search_sectors (67108864, 1048576);
  g_assert_cmpfloat (fabs ((double) got - want), <=, 1.0);
  g_assert_cmpuint (got, >, 825000);
  g_assert_cmpuint (got, <, 826000);
}

/* Queries read, 8-byte answers written, the answers' sectors read. */
static void
test_search (void)
{
  const char *const searches[] = { "binary-search", "interpolation-search" };

  for (guint i = 0; i < G_N_ELEMENTS (searches); i++)
    {
      guint64 sectors = ws_roofline_search_sectors (67108864, 1048576);

      assert_traffic (traffic (searches[i], WS_KEY_FLOAT32, 16777216, "queries", 1048576),
                      1048576 * 4 + sectors * 32, 1048576 * 8);
      /* 8 keys, one query: its 4 bytes, one 32-byte sector; one answer. */
      assert_traffic (traffic (searches[i], WS_KEY_INT32, 8, "queries", 1), 36, 8);
      /* 64 keys (8 sectors), 1000 queries: all 8 sectors. */
      assert_traffic (traffic (searches[i], WS_KEY_INT32, 64, "queries", 1000), 4000 + 256, 8000);
    }
}

/* NULL params are the registry's defaults (1000 queries, 256 bins, R = 2). */
static void
test_default_params (void)
{
  WsTraffic t;

  g_assert_true (ws_roofline_traffic ("histogram", WS_KEY_INT32, 10, NULL, &t, NULL));
  assert_traffic (t, 80, 256 * 8);
  g_assert_true (ws_roofline_traffic ("stencil", WS_KEY_FLOAT32, 100, NULL, &t, NULL));
  assert_traffic (t, 40000, 96 * 96 * 4);
  g_assert_true (ws_roofline_traffic ("binary-search", WS_KEY_INT32, 8, NULL, &t, NULL));
  assert_traffic (t, 4000 + 32, 8000);
}

/* Every algorithm the registry has is in the model. */
static void
test_every_algorithm (void)
{
  guint n;
  const WsAlgorithm *const *algos = ws_registry_list (&n);

  for (guint i = 0; i < n; i++)
    {
      WsTraffic t = { 0 };
      g_autoptr (GError) error = NULL;
      g_assert_true (ws_roofline_traffic (algos[i]->name, WS_KEY_INT32, 1024, NULL, &t, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (t.read, >, 0);
      g_assert_cmpuint (t.written, >, 0);
    }
}

static void
test_unknown_algorithm (void)
{
  g_autoptr (GError) error = NULL;
  WsTraffic t = { 7, 7 };

  g_assert_false (ws_roofline_traffic ("quicksort", WS_KEY_INT32, 1024, NULL, &t, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "quicksort"));
  g_assert_nonnull (strstr (error->message, "bitonic")); /* the known ones are named */
  g_clear_error (&error);
  g_assert_false (ws_roofline_traffic (NULL, WS_KEY_INT32, 1024, NULL, &t, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
}

/* Three timed runs after the caller's: medians between the extremes, the
 * last run's result kept and right. */
static void
test_repeat (void)
{
  const WsAlgorithm *algo = ws_registry_lookup ("reduce", NULL);
  g_autoptr (WsArray) keys = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM16, 100000, 5);
  WsRunInput in = { .algo = algo, .variant = WS_VARIANT_CPU_SEQ, .input = keys };
  WsRunOutput out = { 0 };
  WsRepeatTiming timing = { 0 };
  g_autoptr (GError) error = NULL;
  g_autofree char *verdict = NULL;

  ws_params_init_defaults (algo, &in.params);
  g_assert_true (ws_run (&in, &out, &error));
  g_assert_true (ws_bench_repeat (&in, 3, &out, &timing, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (timing.runs, ==, 3);
  g_assert_cmpfloat (timing.min_kernel, >, 0.0);
  g_assert_cmpfloat (timing.min_kernel, <=, timing.median.kernel);
  g_assert_cmpfloat (timing.median.kernel, <=, timing.max_kernel);
  g_assert_true (out.has_scalar);
  g_assert_true (ws_run_verify (&in, &out, &verdict, &error));
  g_assert_no_error (error);
  ws_run_output_clear (&out);
}

/* A failed run ends the repeats with its error, out left empty. */
static void
test_repeat_failure (void)
{
  const WsAlgorithm *algo = ws_registry_lookup ("odd-even", NULL);
  g_autoptr (WsArray) keys = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 10, 5);
  WsRunInput in = { .algo = algo, .variant = WS_VARIANT_GPU_LIB, .input = keys };
  WsRunOutput out = { 0 };
  WsRepeatTiming timing = { 0 };
  g_autoptr (GError) error = NULL;

  ws_params_init_defaults (algo, &in.params);
  g_assert_false (ws_bench_repeat (&in, 2, &out, &timing, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED);
  g_assert_null (out.array);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/roofline/sorts", test_sorts);
  g_test_add_func ("/roofline/reduce-scan", test_reduce_scan);
  g_test_add_func ("/roofline/histogram", test_histogram);
  g_test_add_func ("/roofline/dot", test_dot);
  g_test_add_func ("/roofline/stencil", test_stencil);
  g_test_add_func ("/roofline/search-sectors", test_search_sectors);
  g_test_add_func ("/roofline/search", test_search);
  g_test_add_func ("/roofline/default-params", test_default_params);
  g_test_add_func ("/roofline/every-algorithm", test_every_algorithm);
  g_test_add_func ("/roofline/unknown-algorithm", test_unknown_algorithm);
  g_test_add_func ("/bench-repeat/medians", test_repeat);
  g_test_add_func ("/bench-repeat/failure", test_repeat_failure);
  return g_test_run ();
}
