/* ws-bench-cells.c: what the benchmark table's cells show of a row (see
 * ws-bench-cells.h). */
#include "ws-bench-cells.h"

#include <string.h>
#include <math.h>

#include "ws-bench-report.h"

/* ---- what a cell shows ---- */

/* Each status's verdict and the CSS class that marks its whole row; the
 * order is the verdict column's sort order, the problems first after ok. */
static const struct
{
  const char *status;
  const char *verdict;
  const char *css_class;
} statuses[] = {
  { "ok", "✓ ok", NULL },
  { "failed", "✗ failed", "error" },
  { "error", "✗ error", "error" },
  { "unavailable", "— unavailable", "dim-label" },
  { "skipped", "— skipped", "dim-label" },
};

/* The index in statuses; an unknown status sorts after them all. */
static guint
status_rank (WsBenchItem *item)
{
  const char *status = ws_bench_item_get_status (item);
  guint i = 0;

  while (i < G_N_ELEMENTS (statuses) && g_strcmp0 (statuses[i].status, status) != 0)
    i++;
  return i;
}

/* The one place that decides how a row is marked: by its status, and a
 * baseline's row that the results do not have dimmed. */
static const char *
row_class (WsBenchItem *item)
{
  guint rank = status_rank (item);

  if (ws_bench_item_is_baseline_only (item))
    return "dim-label";
  return rank < G_N_ELEMENTS (statuses) ? statuses[rank].css_class : NULL;
}

/* Three significant digits, but "2067" rather than "%.3g"'s "2.07e+03":
 * an H200 moves thousands of GB/s. */
static char *
figure (double value)
{
  return g_strdup_printf (fabs (value) >= 999.5 ? "%.0f" : "%.3g", value);
}

/* Every number column is empty where the value is missing (NAN). */
static char *
figure_text (double value)
{
  return isnan (value) ? g_strdup ("") : figure (value);
}

static char *
seconds_text (double seconds)
{
  return isnan (seconds) ? g_strdup ("") : ws_format_seconds (seconds);
}

static char *
configuration_text (WsBenchItem *item)
{
  return g_strdup (ws_bench_item_get_configuration (item));
}

static char *
median_text (WsBenchItem *item)
{
  return seconds_text (ws_bench_item_get_median (item));
}

static char *
spread_text (WsBenchItem *item)
{
  return seconds_text (ws_bench_item_get_sd (item));
}

/* The level comes from the row: with few samples the order-statistics
 * interval is not quite 95 % (5 samples give 93.75 %). */
static char *
spread_tooltip (WsBenchItem *item)
{
  double lo = ws_bench_item_get_ci_lo (item), hi = ws_bench_item_get_ci_hi (item);
  double level = ws_bench_item_get_ci_level (item);
  g_autofree char *lo_text = NULL, *hi_text = NULL, *level_text = NULL;

  if (isnan (lo) || isnan (hi))
    return NULL;
  lo_text = ws_format_seconds (lo);
  hi_text = ws_format_seconds (hi);
  level_text = isnan (level) ? g_strdup ("") : g_strdup_printf ("%.3g %% ", level * 100);
  return g_strdup_printf ("%sCI %s … %s", level_text, lo_text, hi_text);
}

/* "14.7× (14.1–15.2)": a factor with its interval in the figures of
 * fmt (an end unbounded, "∞"; none known, the factor alone). */
static char *
factor_text (double factor, double lo, double hi, char *(*fmt) (double))
{
  g_autofree char *s = NULL, *lo_text = NULL, *hi_text = NULL;

  if (isnan (factor))
    return g_strdup ("");
  s = fmt (factor);
  if (isnan (lo) || isnan (hi))
    return g_strdup_printf ("%s×", s);
  lo_text = fmt (lo);
  hi_text = isinf (hi) ? g_strdup ("∞") : fmt (hi);
  return g_strdup_printf ("%s× (%s–%s)", s, lo_text, hi_text);
}

static char *
speedup_text (WsBenchItem *item)
{
  return factor_text (ws_bench_item_get_speedup (item), ws_bench_item_get_speedup_lo (item),
                      ws_bench_item_get_speedup_hi (item), figure);
}

static char *
speedup_tooltip (WsBenchItem *item)
{
  const char *baseline = ws_bench_item_get_baseline (item);

  if (isnan (ws_bench_item_get_speedup (item)) || baseline[0] == '\0')
    return NULL;
  return g_strdup_printf ("Speedup over the %s baseline", baseline);
}

/* "25.3 M/s": rates span nine orders of magnitude across sizes. */
static char *
elements_text (WsBenchItem *item)
{
  double v = ws_bench_item_get_elements_per_s (item);
  g_autofree char *si = NULL;

  if (isnan (v))
    return g_strdup ("");
  si = ws_format_si (v, " ");
  return g_strdup_printf ("%s/s", si);
}

static char *
gbps_text (WsBenchItem *item)
{
  return figure_text (ws_bench_item_get_gb_per_s (item));
}

/* 0 means the device's peak was not known: nothing to show. Below 1 %
 * two significant digits, so that a small GPU run does not read "0.0 %". */
static char *
peak_text (WsBenchItem *item)
{
  double share = ws_bench_item_get_peak_share (item);

  if (isnan (share) || share == 0)
    return g_strdup ("");
  if (share < 1e-5)
    return g_strdup ("< 0.001 %");
  return g_strdup_printf (share >= 0.01 ? "%.1f %%" : "%.2g %%", share * 100);
}

static char *
gflops_text (WsBenchItem *item)
{
  return figure_text (ws_bench_item_get_gflop_per_s (item));
}

static char *
verdict_text (WsBenchItem *item)
{
  guint rank = status_rank (item);
  const char *verdict = rank < G_N_ELEMENTS (statuses) ? statuses[rank].verdict
                                                       : ws_bench_item_get_status (item);
  const char *message = ws_bench_item_get_message (item);

  if (rank == 0 || message[0] == '\0')
    return g_strdup (verdict);
  return g_strdup_printf ("%s: %s", verdict, message);
}

/* The cell is ellipsized: the whole message is here. */
static char *
verdict_tooltip (WsBenchItem *item)
{
  const char *message = ws_bench_item_get_message (item);

  return message[0] != '\0' ? g_strdup (message) : NULL;
}

/* ---- against a baseline (Compare with…) ---- */

static char *
base_median_text (WsBenchItem *item)
{
  return seconds_text (ws_bench_item_get_base_median (item));
}

static double
ratio_of (WsBenchItem *item)
{
  const WsComparison *c = ws_bench_item_get_comparison (item);

  return c != NULL ? c->ratio : NAN;
}

/* Three figures, zeros kept: a ratio near 1 reads "1.00", not "1"; and
 * one of three digits before the point reads "114", not "114.". */
static char *
ratio_figure (double value)
{
  char *text = g_strdup_printf ("%#.3g", value);
  gsize len = strlen (text);

  if (len > 0 && text[len - 1] == '.')
    text[len - 1] = '\0';
  return text;
}

static char *
ratio_text (WsBenchItem *item)
{
  const WsComparison *c = ws_bench_item_get_comparison (item);

  return c != NULL ? factor_text (c->ratio, c->ratio_lo, c->ratio_hi, ratio_figure) : g_strdup ("");
}

static char *
ratio_tooltip (WsBenchItem *item)
{
  if (ws_bench_item_get_comparison (item) == NULL)
    return NULL;
  return g_strdup ("The median here over the baseline's (above 1: slower here), with an interval "
                   "from each median's distribution-free 95% interval");
}

/* Each side's words and mark; a verdict's colour, by the theme's classes. */
static const struct
{
  const char *text;
  const char *css_class;
} sides[] = {
  [WS_BENCH_ITEM_UNCOMPARED] = { "", NULL },
  [WS_BENCH_ITEM_COMPARED] = { NULL, NULL }, /* the verdict's */
  [WS_BENCH_ITEM_NOT_IN_BASELINE] = { "not in baseline", "dim-label" },
  [WS_BENCH_ITEM_ONLY_IN_BASELINE] = { "only in baseline", "dim-label" },
};

static const char *const verdict_classes[] = {
  [WS_VERDICT_SAME] = NULL,
  [WS_VERDICT_FASTER] = "success",
  [WS_VERDICT_SLOWER] = "error",
  [WS_VERDICT_UNCLEAR] = "warning",
};

static char *
comparison_text (WsBenchItem *item)
{
  const WsComparison *c = ws_bench_item_get_comparison (item);

  return g_strdup (c != NULL ? ws_verdict_name (c->verdict) : sides[ws_bench_item_get_side (item)].text);
}

/* A verdict reads from the back of a hall: bold, in its colour (the
 * theme's success, error and warning); one side's alone dimmed. */
static void
comparison_mark (GtkWidget *label, WsBenchItem *item)
{
  const WsComparison *c = ws_bench_item_get_comparison (item);
  const char *css_class = c != NULL ? verdict_classes[c->verdict]
                                    : sides[ws_bench_item_get_side (item)].css_class;

  if (c != NULL)
    gtk_widget_add_css_class (label, "ws-verdict");
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
}

static char *
comparison_tooltip (WsBenchItem *item)
{
  const WsComparison *c = ws_bench_item_get_comparison (item);

  if (c == NULL)
    return NULL;
  return g_strdup_printf ("p = %.2g (two-sided Mann–Whitney U test%s), effect %+.2f (+1: every "
                          "sample here slower than every one of the baseline's)",
                          c->test.p, c->test.exact ? ", exact" : "", c->test.effect);
}

/* Slower first, then unclear, faster, the same; rows without a verdict
 * after them (one side's alone, then none); ties by the ratio. */
static guint
comparison_rank (WsBenchItem *item)
{
  static const guint verdict_rank[] = {
    [WS_VERDICT_SLOWER] = 0, [WS_VERDICT_UNCLEAR] = 1, [WS_VERDICT_FASTER] = 2, [WS_VERDICT_SAME] = 3,
  };
  const WsComparison *c = ws_bench_item_get_comparison (item);

  switch (ws_bench_item_get_side (item))
    {
    case WS_BENCH_ITEM_COMPARED:
      return verdict_rank[c->verdict];
    case WS_BENCH_ITEM_NOT_IN_BASELINE:
      return 4;
    case WS_BENCH_ITEM_ONLY_IN_BASELINE:
      return 5;
    case WS_BENCH_ITEM_UNCOMPARED:
    default:
      return 6;
    }
}

/* ---- how rows compare ---- */

/* NAN counts as +infinity, so that the order stays total (a sorter that
 * says NAN equals everything breaks the sort). */
static int
compare_numbers (double a, double b)
{
  a = isnan (a) ? INFINITY : a;
  b = isnan (b) ? INFINITY : b;
  return (a > b) - (a < b);
}

/* Sizes numerically: "n=1024" collates after "n=1000000". */
static int
compare_configurations (WsBenchItem *a, WsBenchItem *b)
{
  guint64 n = ws_bench_item_get_n (a), m = ws_bench_item_get_n (b);
  int order = g_utf8_collate (ws_bench_item_get_algorithm (a), ws_bench_item_get_algorithm (b));

  if (order == 0)
    order = g_utf8_collate (ws_bench_item_get_variant (a), ws_bench_item_get_variant (b));
  if (order == 0)
    order = (n > m) - (n < m);
  if (order == 0)
    order = g_utf8_collate (ws_bench_item_get_configuration (a),
                            ws_bench_item_get_configuration (b));
  return order;
}

static int
compare_verdicts (WsBenchItem *a, WsBenchItem *b)
{
  int order = (int) status_rank (a) - (int) status_rank (b);

  if (order == 0)
    order = g_utf8_collate (ws_bench_item_get_message (a), ws_bench_item_get_message (b));
  return order;
}

static int
compare_base_medians (WsBenchItem *a, WsBenchItem *b)
{
  return compare_numbers (ws_bench_item_get_base_median (a), ws_bench_item_get_base_median (b));
}

static int
compare_ratios (WsBenchItem *a, WsBenchItem *b)
{
  return compare_numbers (ratio_of (a), ratio_of (b));
}

static int
compare_comparisons (WsBenchItem *a, WsBenchItem *b)
{
  int order = (int) comparison_rank (a) - (int) comparison_rank (b);

  return order != 0 ? order : compare_ratios (a, b);
}

/* ---- the columns ---- */

enum
{
  NUMERIC = WS_BENCH_COLUMN_NUMERIC,
  EXPAND = WS_BENCH_COLUMN_EXPAND,
  ELLIPSIZE = WS_BENCH_COLUMN_ELLIPSIZE,
  BASELINE = WS_BENCH_COLUMN_BASELINE,
};

typedef WsBenchColumn Column;

/* The verdicts beside the configuration: at 1280 pixels (and in
 * presentation mode's larger text) the table is narrower than its
 * columns, and a failure or a slowdown must not be what scrolls off. */
static const Column columns[] = {
  { "configuration", "Configuration", configuration_text, NULL, compare_configurations, 0, EXPAND },
  { "verdict", "Verdict", verdict_text, verdict_tooltip, compare_verdicts, 0, ELLIPSIZE },
  { "comparison", "vs Baseline", comparison_text, comparison_tooltip, compare_comparisons, 0,
    BASELINE, comparison_mark },
  { "median", "Median", median_text, NULL, NULL, WS_BENCH_ITEM_MEDIAN, NUMERIC },
  { "baseline-median", "Baseline", base_median_text, NULL, compare_base_medians, 0,
    NUMERIC | BASELINE },
  { "ratio", "Ratio", ratio_text, ratio_tooltip, compare_ratios, 0, NUMERIC | BASELINE },
  { "spread", "±", spread_text, spread_tooltip, NULL, WS_BENCH_ITEM_SD, NUMERIC },
  { "speedup", "Speedup", speedup_text, speedup_tooltip, NULL, WS_BENCH_ITEM_SPEEDUP, NUMERIC },
  { "elements", "Elements/s", elements_text, NULL, NULL, WS_BENCH_ITEM_ELEMENTS_PER_S, NUMERIC },
  { "gbps", "GB/s", gbps_text, NULL, NULL, WS_BENCH_ITEM_GB_PER_S, NUMERIC },
  { "peak", "% of peak", peak_text, NULL, NULL, WS_BENCH_ITEM_PEAK_SHARE, NUMERIC },
  { "gflops", "GFLOP/s", gflops_text, NULL, NULL, WS_BENCH_ITEM_GFLOP_PER_S, NUMERIC },
};
G_STATIC_ASSERT (G_N_ELEMENTS (columns) == WS_BENCH_N_COLUMNS);

const WsBenchColumn *
ws_bench_columns (guint *n)
{
  *n = G_N_ELEMENTS (columns);
  return columns;
}

int
ws_bench_column_compare (const WsBenchColumn *column, WsBenchItem *a, WsBenchItem *b)
{
  if (column->compare != NULL)
    return column->compare (a, b);
  return compare_numbers (ws_bench_item_get_number (a, column->number),
                          ws_bench_item_get_number (b, column->number));
}

int
ws_bench_column_index (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    if (g_strcmp0 (columns[i].id, id) == 0)
      return (int) i;
  return -1;
}

gboolean
ws_bench_row_failed (WsBenchItem *item)
{
  return g_strcmp0 (row_class (item), "error") == 0;
}

/* ---- a cell's label ---- */

GtkWidget *
ws_bench_cell_new (const WsBenchColumn *column)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), column->flags & NUMERIC ? 1.0f : 0.0f);
  if (column->flags & NUMERIC)
    gtk_widget_add_css_class (label, "numeric");
  /* Messages can run to a paragraph: the column stays narrow enough that
   * the figures after it show ("✗ failed: key 7 …"; the tooltip has it). */
  if (column->flags & ELLIPSIZE)
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
    }
  return label;
}

/* Every class a cell may get: cells are reused for other rows, and a
 * mark must not stay behind. */
static const char *const marks[] = { "error", "dim-label", "success", "warning", "ws-verdict" };

/* The row's mark (its status), and the cell's own (a verdict's). */
void
ws_bench_cell_mark (GtkWidget *label, const WsBenchColumn *column, WsBenchItem *item)
{
  const char *row = item ? row_class (item) : NULL;

  for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
    gtk_widget_remove_css_class (label, marks[i]);
  if (row != NULL)
    gtk_widget_add_css_class (label, row);
  if (item != NULL && column->mark != NULL)
    column->mark (label, item);
}

