/* ws-compare.c: a new run against a baseline (see ws-compare.h). */
#include <math.h>
#include <stdlib.h>

#include "ws-compare.h"

#include "ws-error.h"
#include "ws-stats.h"

/* Below this many samples on both sides (and without ties) U's exact
 * distribution is counted: C(40, 20) ≈ 1.4e11 arrangements at most, exact
 * in a double. */
#define EXACT_MAX 20

typedef struct
{
  double value;
  gboolean fresh; /* from the new run */
} Sample;

static int
by_value (gconstpointer a, gconstpointer b)
{
  double x = ((const Sample *) a)->value, y = ((const Sample *) b)->value;
  return (x > y) - (x < y);
}

/* U of the new samples from their mid-ranks in the pooled order, and the
 * ties' correction Σ (t³ − t) over runs of t equal values. */
static void
rank_sums (Sample *pooled, guint n, guint n_new, double *u, double *ties)
{
  double rank_sum = 0.0;

  qsort (pooled, n, sizeof *pooled, by_value);
  *ties = 0.0;
  for (guint i = 0; i < n;)
    {
      guint j = i + 1;
      while (j < n && pooled[j].value == pooled[i].value)
        j++;
      double mid = 0.5 * ((i + 1) + j), t = j - i; /* ranks i+1 … j */
      for (guint k = i; k < j; k++)
        if (pooled[k].fresh)
          rank_sum += mid;
      *ties += t * t * t - t;
      i = j;
    }
  *u = rank_sum - 0.5 * n_new * (n_new + 1.0);
}

/* P(U ≤ u) and P(U ≥ u) for m new and n base samples, no ties, counting
 * arrangements: with the largest value new it exceeds all n base ones,
 * N(m, n, u) = N(m−1, n, u−n) + N(m, n−1, u). */
static void
exact_tails (guint m, guint n, double u, double *below, double *above)
{
  guint width = m * n + 1;
  g_autofree double *table = g_new0 (double, (gsize) (m + 1) * (n + 1) * width);
#define CELL(i, j) (table + ((gsize) (i) * (n + 1) + (j)) * width)

  for (guint i = 0; i <= m; i++)
    for (guint j = 0; j <= n; j++)
      {
        double *cell = CELL (i, j);
        if (i == 0 || j == 0)
          {
            cell[0] = 1.0;
            continue;
          }
        for (guint k = 0; k <= i * j; k++)
          cell[k] = (k >= j ? CELL (i - 1, j)[k - j] : 0.0) + CELL (i, j - 1)[k];
      }
  double total = 0.0, le = 0.0, ge = 0.0;
  for (guint k = 0; k < width; k++)
    {
      double c = CELL (m, n)[k];
      total += c;
      le += k <= u ? c : 0.0;
      ge += k >= u ? c : 0.0;
    }
#undef CELL
  *below = le / total;
  *above = ge / total;
}

void
ws_rank_test (const double *base, guint n_base, const double *fresh, guint n_new,
              WsRankTest *out)
{
  guint n = n_base + n_new;
  g_autofree Sample *pooled = g_new (Sample, n);
  double u, ties, pairs = (double) n_base * n_new;

  g_return_if_fail (n_base > 0 && n_new > 0 && out != NULL);
  for (guint i = 0; i < n_base; i++)
    pooled[i] = (Sample) { base[i], FALSE };
  for (guint i = 0; i < n_new; i++)
    pooled[n_base + i] = (Sample) { fresh[i], TRUE };
  rank_sums (pooled, n, n_new, &u, &ties);
  out->u = u;
  out->effect = 2.0 * u / pairs - 1.0;
  out->exact = ties == 0.0 && n_base <= EXACT_MAX && n_new <= EXACT_MAX;
  if (out->exact)
    {
      double below, above;
      exact_tails (n_new, n_base, u, &below, &above);
      out->p = MIN (1.0, 2.0 * MIN (below, above));
      return;
    }
  double var = pairs / 12.0 * ((n + 1.0) - ties / ((double) n * (n - 1.0)));
  if (var <= 0.0) /* every sample equal */
    {
      out->p = 1.0;
      return;
    }
  double z = MAX (0.0, fabs (u - 0.5 * pairs) - 0.5) / sqrt (var);
  out->p = MIN (1.0, erfc (z / G_SQRT2));
}

/* SAME, FASTER or SLOWER where the rank test finds a difference; where it
 * does not, SAME only if the ratio's interval stays within the threshold. */
static WsVerdict
verdict (const WsComparison *c, double threshold)
{
  if (c->test.p < WS_COMPARE_ALPHA)
    {
      if (c->ratio > 1.0 + threshold)
        return WS_VERDICT_SLOWER;
      if (c->ratio < 1.0 - threshold)
        return WS_VERDICT_FASTER;
      return WS_VERDICT_SAME;
    }
  if (c->ratio_lo >= 1.0 - threshold && c->ratio_hi <= 1.0 + threshold)
    return WS_VERDICT_SAME;
  return WS_VERDICT_UNCLEAR;
}

gboolean
ws_compare_samples (const double *base, guint n_base, const double *fresh, guint n_new,
                    double threshold, WsComparison *out, GError **error)
{
  WsStats b, f;

  if (n_base == 0 || n_new == 0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "Cannot compare: the %s run has no samples of this configuration",
                   n_base == 0 ? "baseline" : "new");
      return FALSE;
    }
  if (!(threshold >= 0.0 && threshold < 1.0))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "A threshold of %g%% is out of range; give 0%% to 99%%", threshold * 100.0);
      return FALSE;
    }
  ws_stats_compute (base, n_base, &b);
  ws_stats_compute (fresh, n_new, &f);
  if (!(b.median > 0.0 && f.median > 0.0))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "Cannot compare: the %s run's median time is %g s; times must be positive",
                   b.median > 0.0 ? "new" : "baseline", b.median > 0.0 ? f.median : b.median);
      return FALSE;
    }
  out->base_median = b.median;
  out->new_median = f.median;
  out->ratio = f.median / b.median;
  out->ratio_lo = b.ci_hi > 0.0 ? f.ci_lo / b.ci_hi : 0.0;
  out->ratio_hi = b.ci_lo > 0.0 ? f.ci_hi / b.ci_lo : INFINITY;
  ws_rank_test (base, n_base, fresh, n_new, &out->test);
  out->verdict = verdict (out, threshold);
  return TRUE;
}

const char *
ws_verdict_name (WsVerdict v)
{
  static const char *const names[] = { "SAME", "FASTER", "SLOWER", "UNCLEAR" };

  return (guint) v < G_N_ELEMENTS (names) ? names[v] : "?";
}
