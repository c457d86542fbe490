/* test-compare.c: a new run against a baseline (ws-compare.h) — U against
 * a count of all pairs, exact p-values against enumerating every way to
 * split the pooled ranks, the normal approximation against the exact
 * distribution where both apply, and the verdicts on runs whose answer is
 * plain. */
#include <math.h>
#include <string.h>

#include "ws-compare.h"
#include "ws-error.h"

/* U of fresh by definition: pairs (fresh, base) with fresh > base, ties ½. */
static double
pair_count (const double *base, guint nb, const double *fresh, guint nf)
{
  double u = 0.0;

  for (guint i = 0; i < nf; i++)
    for (guint j = 0; j < nb; j++)
      u += fresh[i] > base[j] ? 1.0 : fresh[i] == base[j] ? 0.5 : 0.0;
  return u;
}

/* Two-sided exact p of U = u for nf new and nb base samples without ties,
 * by trying every choice of the new samples' ranks among 1 … nf + nb (a
 * bit mask of the ranks). */
static double
enumerated_p (guint nb, guint nf, double u)
{
  guint n = nb + nf;
  double total = 0.0, le = 0.0, ge = 0.0;

  for (guint mask = 0; mask < (1u << n); mask++)
    {
      if ((guint) __builtin_popcount (mask) != nf)
        continue;
      /* U = rank sum of the new ones − nf(nf + 1)/2 */
      double rank_sum = 0.0;
      for (guint r = 0; r < n; r++)
        if (mask & (1u << r))
          rank_sum += r + 1;
      double uu = rank_sum - 0.5 * nf * (nf + 1.0);
      total += 1.0;
      le += uu <= u ? 1.0 : 0.0;
      ge += uu >= u ? 1.0 : 0.0;
    }
  return MIN (1.0, 2.0 * MIN (le, ge) / total);
}

static void
test_separated (void)
{
  const double base[] = { 6, 7, 8, 9, 10 }, fresh[] = { 1, 2, 3, 4, 5 };
  WsRankTest t;

  /* C(10, 5) = 252 splits; U = 0 only for the lowest five: p = 2/252. */
  ws_rank_test (base, 5, fresh, 5, &t);
  g_assert_cmpfloat (t.u, ==, 0.0);
  g_assert_true (t.exact);
  g_assert_cmpfloat_with_epsilon (t.p, 2.0 / 252.0, 1e-12);
  g_assert_cmpfloat (t.effect, ==, -1.0);
  ws_rank_test (fresh, 5, base, 5, &t);
  g_assert_cmpfloat (t.u, ==, 25.0);
  g_assert_cmpfloat (t.effect, ==, 1.0);
  g_assert_cmpfloat_with_epsilon (t.p, 2.0 / 252.0, 1e-12);
}

/* Random runs without ties, every size up to 8 + 8: U and the exact p
 * against the pair count and the enumeration. */
static void
test_exact_small (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (21);

  for (guint nb = 1; nb <= 8; nb++)
    for (guint nf = 1; nf <= 8; nf++)
      {
        double base[8], fresh[8];
        WsRankTest t;
        for (guint i = 0; i < nb; i++)
          base[i] = g_rand_double (rand);
        for (guint i = 0; i < nf; i++)
          fresh[i] = g_rand_double_range (rand, 0.2, 1.2);
        ws_rank_test (base, nb, fresh, nf, &t);
        g_assert_true (t.exact);
        g_assert_cmpfloat (t.u, ==, pair_count (base, nb, fresh, nf));
        g_assert_cmpfloat_with_epsilon (t.p, enumerated_p (nb, nf, t.u), 1e-12);
        g_assert_cmpfloat_with_epsilon (t.effect, 2.0 * t.u / (nb * nf) - 1.0, 1e-12);
      }
}

/* Ties: mid-ranks give the pair count's halves, and the p-value comes from
 * the normal approximation. */
static void
test_ties (void)
{
  const double base[] = { 1, 2, 2, 3, 3, 3, 4 }, fresh[] = { 2, 3, 3, 4, 4, 5 };
  WsRankTest t;

  ws_rank_test (base, G_N_ELEMENTS (base), fresh, G_N_ELEMENTS (fresh), &t);
  g_assert_false (t.exact);
  g_assert_cmpfloat (t.u, ==, pair_count (base, 7, fresh, 6));
  g_assert_cmpfloat (t.p, >, 0.0);
  g_assert_cmpfloat (t.p, <, 1.0);
}

/* Past 20 samples a side the normal approximation (with its continuity
 * correction) stays within 0.01 of the exact p, counted here by the
 * recurrence over the largest value, for shifted runs of 21 and 25. */
static double
exact_p_by_recurrence (guint m, guint n, double u)
{
  /* N(i, j, k): arrangements of i new and j base values with U = k. */
  guint width = m * n + 1;
  g_autofree double *t = g_new0 (double, (gsize) (m + 1) * (n + 1) * width);
  double total = 0.0, le = 0.0, ge = 0.0;

  for (guint i = 0; i <= m; i++)
    for (guint j = 0; j <= n; j++)
      for (guint k = 0; k <= i * j; k++)
        {
          double *c = t + ((gsize) i * (n + 1) + j) * width;
          if (i == 0 || j == 0)
            c[k] = k == 0;
          else
            c[k] = (k >= j ? t[((gsize) (i - 1) * (n + 1) + j) * width + k - j] : 0.0)
                   + t[((gsize) i * (n + 1) + j - 1) * width + k];
        }
  for (guint k = 0; k < width; k++)
    {
      double c = t[((gsize) m * (n + 1) + n) * width + k];
      total += c;
      le += k <= u ? c : 0.0;
      ge += k >= u ? c : 0.0;
    }
  return MIN (1.0, 2.0 * MIN (le, ge) / total);
}

static void
test_normal_approximation (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (22);
  const double shifts[] = { 0.0, 0.1, 0.3 };

  for (guint s = 0; s < G_N_ELEMENTS (shifts); s++)
    {
      double base[21], fresh[25];
      WsRankTest t;
      for (guint i = 0; i < 21; i++)
        base[i] = g_rand_double (rand);
      for (guint i = 0; i < 25; i++)
        fresh[i] = g_rand_double (rand) + shifts[s];
      ws_rank_test (base, 21, fresh, 25, &t);
      g_assert_false (t.exact);
      g_assert_cmpfloat (t.u, ==, pair_count (base, 21, fresh, 25));
      g_assert_cmpfloat_with_epsilon (t.p, exact_p_by_recurrence (25, 21, t.u), 0.01);
    }
}

static void
test_all_equal (void)
{
  const double x[] = { 2e-3, 2e-3, 2e-3, 2e-3 };
  WsComparison c;
  g_autoptr (GError) error = NULL;

  g_assert_true (ws_compare_samples (x, 4, x, 4, 0.05, &c, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (c.test.p, ==, 1.0);
  g_assert_cmpfloat (c.ratio, ==, 1.0);
  g_assert_cmpint (c.verdict, ==, WS_VERDICT_SAME);
  g_assert_cmpstr (ws_verdict_name (c.verdict), ==, "SAME");
}

/* Runs of 30 samples around 1 ms (±1%), the new one scaled. */
static WsVerdict
verdict_of (double scale, double threshold, guint n, double spread)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (23);
  g_autofree double *base = g_new (double, n);
  g_autofree double *fresh = g_new (double, n);
  g_autoptr (GError) error = NULL;
  WsComparison c;

  for (guint i = 0; i < n; i++)
    {
      base[i] = 1e-3 * (1.0 + spread * g_rand_double_range (rand, -1.0, 1.0));
      fresh[i] = scale * 1e-3 * (1.0 + spread * g_rand_double_range (rand, -1.0, 1.0));
    }
  g_assert_true (ws_compare_samples (base, n, fresh, n, threshold, &c, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (c.ratio_lo, <=, c.ratio);
  g_assert_cmpfloat (c.ratio, <=, c.ratio_hi);
  return c.verdict;
}

static void
test_verdicts (void)
{
  g_assert_cmpint (verdict_of (1.5, 0.05, 30, 0.01), ==, WS_VERDICT_SLOWER);
  g_assert_cmpint (verdict_of (0.6, 0.05, 30, 0.01), ==, WS_VERDICT_FASTER);
  /* A real 2% difference within a 5% threshold matters not. */
  g_assert_cmpint (verdict_of (1.02, 0.05, 30, 0.01), ==, WS_VERDICT_SAME);
  /* Past a 1% threshold it does. */
  g_assert_cmpint (verdict_of (1.02, 0.01, 30, 0.01), ==, WS_VERDICT_SLOWER);
  /* Three noisy samples a side cannot tell 10% apart. */
  g_assert_cmpint (verdict_of (1.1, 0.05, 3, 0.5), ==, WS_VERDICT_UNCLEAR);
  g_assert_cmpstr (ws_verdict_name (WS_VERDICT_UNCLEAR), ==, "UNCLEAR");
}

static void
test_errors (void)
{
  const double x[] = { 1e-3, 2e-3 }, zero[] = { 0.0, 0.0, 0.0 };
  WsComparison c;
  GError *error = NULL;

  g_assert_false (ws_compare_samples (x, 0, x, 2, 0.05, &c, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "baseline"));
  g_clear_error (&error);
  g_assert_false (ws_compare_samples (x, 2, zero, 3, 0.05, &c, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "positive"));
  g_clear_error (&error);
  g_assert_false (ws_compare_samples (x, 2, x, 2, 1.5, &c, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "150%"));
  g_clear_error (&error);
  g_assert_false (ws_compare_samples (x, 2, x, 2, -0.01, &c, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/compare/separated", test_separated);
  g_test_add_func ("/compare/exact-small", test_exact_small);
  g_test_add_func ("/compare/ties", test_ties);
  g_test_add_func ("/compare/normal-approximation", test_normal_approximation);
  g_test_add_func ("/compare/all-equal", test_all_equal);
  g_test_add_func ("/compare/verdicts", test_verdicts);
  g_test_add_func ("/compare/errors", test_errors);
  return g_test_run ();
}
