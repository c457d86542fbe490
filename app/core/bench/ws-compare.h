/* ws-compare.h: is a new run of a configuration faster, slower or the same
 * as a baseline run? (issue 21: `warpscope-cli compare`, "Compare with…").
 *
 * Pure arithmetic on the two runs' samples (seconds): the ratio of their
 * medians with an interval, a Mann–Whitney U rank test of whether one
 * tends to take longer than the other, its effect size, and a verdict
 * against a threshold of practical difference. No I/O, so that every
 * figure can be checked against a hand or brute-force reckoning.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  double u;       /* U of the new samples: pairs (new, base) with new > base, ties counting ½ */
  double p;       /* two-sided p-value: exact where both runs have ≤ 20 samples and none tie, */
                  /* else the normal approximation with ties corrected and continuity */
  gboolean exact; /* p came from the exact distribution of U */
  double effect;  /* rank-biserial correlation 2U/(n_base·n_new) − 1, in [−1, 1]: */
                  /* +1 every new sample slower than every base one, −1 every one faster */
} WsRankTest;

/* The U test of new against base (each n ≥ 1; the arrays are not
 * modified). */
void         ws_rank_test        (const double *base,
                                  guint         n_base,
                                  const double *fresh,
                                  guint         n_new,
                                  WsRankTest   *out);

typedef enum
{
  WS_VERDICT_SAME,    /* within the threshold: a difference, if real, too small to matter */
  WS_VERDICT_FASTER,  /* the rank test finds one and the new median is past the threshold below */
  WS_VERDICT_SLOWER,  /* the rank test finds one and the new median is past the threshold above */
  WS_VERDICT_UNCLEAR  /* no significant difference, yet the interval reaches past the threshold */
} WsVerdict;

typedef struct
{
  double     base_median;
  double     new_median;
  double     ratio;      /* new median / base median: above 1 slower */
  double     ratio_lo;   /* an interval of the ratio: each median's distribution-free */
  double     ratio_hi;   /* 95% interval, new's low over base's high, new's high over base's low */
  WsRankTest test;
  WsVerdict  verdict;
} WsComparison;

/* Significance of the rank test for FASTER and SLOWER. */
#define WS_COMPARE_ALPHA 0.05

/* Compares new with base; threshold is the relative difference that
 * matters (0.05: 5%). FALSE, with the error, for an empty run, a median
 * that is not positive, or a threshold outside [0, 1). */
gboolean     ws_compare_samples  (const double  *base,
                                  guint          n_base,
                                  const double  *fresh,
                                  guint          n_new,
                                  double         threshold,
                                  WsComparison  *out,
                                  GError       **error);

const char  *ws_verdict_name     (WsVerdict verdict);

G_END_DECLS
