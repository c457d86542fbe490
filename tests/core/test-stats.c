/* test-stats.c: the benchmark statistics against values worked out by hand
 * (binomial tails from Pascal's triangle, study 000's formula on round
 * numbers, study 001's FLOP counts). */
#include <math.h>

#include "ws-stats.h"

static void
test_summary (void)
{
  /* Unsorted on purpose; sorted: 1 2 3 4 10. */
  const double x[] = { 4, 1, 10, 3, 2 };
  WsStats s;

  ws_stats_compute (x, G_N_ELEMENTS (x), &s);
  g_assert_cmpuint (s.n, ==, 5);
  g_assert_cmpfloat (s.mean, ==, 4.0);
  g_assert_cmpfloat (s.median, ==, 3.0);
  g_assert_cmpfloat (s.min, ==, 1.0);
  g_assert_cmpfloat (s.max, ==, 10.0);
  /* Σ(x−4)² = 0 + 9 + 36 + 1 + 4 = 50; 50/4 = 12.5. */
  g_assert_cmpfloat_with_epsilon (s.sd, sqrt (12.5), 1e-12);
  g_assert_cmpfloat_with_epsilon (s.cv, sqrt (12.5) / 4.0, 1e-12);
  /* Five samples: [min, max] covers the median with 1 − 2/32 only. */
  g_assert_cmpfloat (s.ci_lo, ==, 1.0);
  g_assert_cmpfloat (s.ci_hi, ==, 10.0);
  g_assert_cmpfloat_with_epsilon (s.ci_level, 1.0 - 2.0 / 32.0, 1e-12);
  g_assert_cmpfloat (x[0], ==, 4.0); /* input untouched */
}

static void
test_even_and_single (void)
{
  const double two[] = { 3, 1 };
  const double one[] = { 7 };
  WsStats s;

  ws_stats_compute (two, 2, &s);
  g_assert_cmpfloat (s.median, ==, 2.0);
  g_assert_cmpfloat_with_epsilon (s.sd, sqrt (2.0), 1e-12);
  ws_stats_compute (one, 1, &s);
  g_assert_cmpfloat (s.median, ==, 7.0);
  g_assert_cmpfloat (s.sd, ==, 0.0);
  g_assert_cmpfloat (s.ci_lo, ==, 7.0);
  g_assert_cmpfloat (s.ci_hi, ==, 7.0);
  g_assert_cmpfloat (ws_stats_relative_noise (&s), ==, 0.0);
}

/* n = 10: P(B ≤ 1) = 11/1024 keeps 95%, P(B ≤ 2) = 56/1024 does not, so
 * the interval is [x(2), x(9)] at 1 − 22/1024. n = 20: P(B ≤ 5) =
 * 21700/2^20 keeps it, P(B ≤ 6) = 60460/2^20 does not: [x(6), x(15)]. */
static void
test_median_interval (void)
{
  double ten[10], twenty[20];
  WsStats s;

  for (guint i = 0; i < 10; i++)
    ten[i] = 10 - i; /* 10 … 1: x(k) = k */
  ws_stats_compute (ten, 10, &s);
  g_assert_cmpfloat (s.ci_lo, ==, 2.0);
  g_assert_cmpfloat (s.ci_hi, ==, 9.0);
  g_assert_cmpfloat_with_epsilon (s.ci_level, 1.0 - 22.0 / 1024.0, 1e-12);
  g_assert_cmpfloat (s.median, ==, 5.5);
  g_assert_cmpfloat_with_epsilon (ws_stats_relative_noise (&s), 3.5 / 5.5, 1e-12);

  for (guint i = 0; i < 20; i++)
    twenty[i] = i + 1;
  ws_stats_compute (twenty, 20, &s);
  g_assert_cmpfloat (s.ci_lo, ==, 6.0);
  g_assert_cmpfloat (s.ci_hi, ==, 15.0);
  g_assert_cmpfloat_with_epsilon (s.ci_level, 1.0 - 2.0 * 21700.0 / 1048576.0, 1e-12);
}

/* Large n: the interval narrows around the median, keeps ≥ 95% and stays
 * near it (the normal approximation puts j near n/2 − 0.98 √n). */
static void
test_large_n (void)
{
  const guint n = 100000;
  g_autofree double *x = g_new (double, n);
  WsStats s;

  for (guint i = 0; i < n; i++)
    x[i] = i + 1;
  ws_stats_compute (x, n, &s);
  g_assert_cmpfloat (s.ci_level, >=, 0.95);
  g_assert_cmpfloat (s.ci_level, <, 0.955);
  g_assert_cmpfloat (fabs (s.ci_lo - (n / 2.0 - 0.98 * sqrt (n))), <, 3.0);
  g_assert_cmpfloat (fabs ((n + 1 - s.ci_lo) - s.ci_hi), <, 1e-9); /* symmetric ranks */
}

static WsStats
stats_of (double a, double b, double c)
{
  const double x[] = { a, b, c };
  WsStats s;

  ws_stats_compute (x, 3, &s);
  return s;
}

static void
test_speedup (void)
{
  WsStats base = stats_of (9, 10, 11), fast = stats_of (1.9, 2, 2.1);
  WsSpeedup sp;

  g_assert_true (ws_speedup_compute (&base, &fast, &sp));
  g_assert_cmpfloat (sp.value, ==, 5.0);
  g_assert_cmpfloat_with_epsilon (sp.lo, 9.0 / 2.1, 1e-12);  /* min over max */
  g_assert_cmpfloat_with_epsilon (sp.hi, 11.0 / 1.9, 1e-12); /* max over min */
  g_assert_cmpfloat_with_epsilon (sp.mean, 5.0, 1e-12);
  /* sd: base 1, fast 0.1; σ = (1·2 + 10·0.1) / 2² = 0.75. */
  g_assert_cmpfloat_with_epsilon (sp.sigma, 0.75, 1e-12);

  WsStats zero = stats_of (0, 0, 0);
  g_assert_false (ws_speedup_compute (&base, &zero, &sp));
  g_assert_false (ws_speedup_compute (&zero, &base, &sp));
}

static void
test_rates (void)
{
  g_assert_cmpfloat (ws_rate_per_second (1e9, 0.5), ==, 2e9);
  g_assert_cmpfloat (ws_rate_per_second (1e9, 0.0), ==, 0.0);
  /* N = 1000, R = 2: 996² · 25 = 24 800 400; FLOP/B = 25 / (26 · 4). */
  g_assert_cmpfloat (ws_stencil_flop (1000, 2), ==, 24800400.0);
  g_assert_cmpfloat_with_epsilon (ws_stencil_flop_per_byte (1000, 2), 25.0 / 104.0, 1e-15);
  g_assert_cmpfloat (ws_stencil_flop (4, 2), ==, 0.0); /* N ≤ 2R: no outputs */
  g_assert_cmpfloat (ws_stencil_flop_per_byte (4, 2), ==, 0.0);
  g_assert_cmpfloat (ws_stencil_flop (5, 2), ==, 25.0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/stats/summary", test_summary);
  g_test_add_func ("/stats/even-and-single", test_even_and_single);
  g_test_add_func ("/stats/median-interval", test_median_interval);
  g_test_add_func ("/stats/large-n", test_large_n);
  g_test_add_func ("/stats/speedup", test_speedup);
  g_test_add_func ("/stats/rates", test_rates);
  return g_test_run ();
}
