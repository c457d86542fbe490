/* ws-plot-axis.c: ranges, ticks and tick labels of WsPlot's axes. */
#include "ws-plot-axis.h"

#include <math.h>
#include <string.h>

/* Values past ±1e200 are no benchmark figure; leaving them (and the
 * tiniest ones) out of linear axes keeps every span, step and fraction a
 * finite normal number, so no NaN ever reaches Cairo. */
#define LINEAR_LIMIT 1e200

/* A tick loop never runs longer than this, whatever the rounding. */
#define MAX_TICKS 512

/* Below this many pixels per decade the minor ticks 2..9 would smear. */
#define MIN_DECADE_FOR_MINORS 40.0

/* Rounding slack when comparing computed tick values with the range. */
#define EPS 1e-9

double
ws_plot_scale_to_axis (WsPlotScale scale,
                       double      value)
{
  return scale == WS_PLOT_LOG ? log10 (value) : value;
}

void
ws_plot_axis_init (WsPlotAxis  *axis,
                   WsPlotScale  scale)
{
  axis->scale = scale;
  axis->lo = 0;
  axis->hi = 0;
  axis->empty = TRUE;
}

gboolean
ws_plot_axis_accepts (const WsPlotAxis *axis,
                      double            value)
{
  double a = fabs (value);

  if (!isfinite (value))
    return FALSE;
  if (axis->scale == WS_PLOT_LOG)
    return value > 0;
  return a == 0 || (a >= 1 / LINEAR_LIMIT && a <= LINEAR_LIMIT);
}

void
ws_plot_axis_include (WsPlotAxis *axis,
                      double      value)
{
  double t = ws_plot_scale_to_axis (axis->scale, value);

  if (axis->empty || t < axis->lo)
    axis->lo = t;
  if (axis->empty || t > axis->hi)
    axis->hi = t;
  axis->empty = FALSE;
}

void
ws_plot_axis_finish (WsPlotAxis *axis)
{
  double span, mag, pad;

  if (axis->empty)
    ws_plot_axis_include (axis, 1);
  span = axis->hi - axis->lo;
  mag = MAX (fabs (axis->lo), fabs (axis->hi));
  /* Spans below a billionth of the values (log: of a decade) are equal
   * values measured twice, not a range to spread over the axis. */
  if (span > (axis->scale == WS_PLOT_LOG ? EPS : mag * EPS))
    pad = span * 0.05;
  /* One value (or equal ones): a decade around it on a log axis, ±10% of
   * it (or ±1 around 0) on a linear one, so that it sits in the middle. */
  else if (axis->scale == WS_PLOT_LOG)
    pad = 0.5;
  else
    pad = mag > 0 ? mag * 0.1 : 1;
  axis->lo -= pad;
  axis->hi += pad;
}

double
ws_plot_axis_fraction (const WsPlotAxis *axis,
                       double            value)
{
  return (ws_plot_scale_to_axis (axis->scale, value) - axis->lo) / (axis->hi - axis->lo);
}

static void
add_tick (GArray   *ticks,
          double    value,
          double    resolution,
          gboolean  major)
{
  WsPlotTick tick = { value, resolution, major, FALSE };

  if (ticks->len < MAX_TICKS && isfinite (value))
    g_array_append_val (ticks, tick);
}

/* 1, 2 or 5 times a power of ten, the smallest at least raw. */
static double
nice_step (double raw)
{
  double mag = pow (10, floor (log10 (raw)));
  double norm = raw / mag;

  if (norm <= 1 + EPS)
    return mag;
  if (norm <= 2 + EPS)
    return 2 * mag;
  if (norm <= 5 + EPS)
    return 5 * mag;
  return 10 * mag;
}

/* Multiples of step between lo and hi: the first and how many. */
static double
count_multiples (double  lo,
                 double  hi,
                 double  step,
                 double *first)
{
  *first = ceil (lo / step - EPS);
  return floor (hi / step + EPS) - *first + 1;
}

/* Multiples of the finest 1-2-5 step that gives at most max_labels of
 * them between lo and hi (data units), all labelled; only the positive
 * ones when positive_only (a log axis's fallback). */
static void
linear_ticks (GArray   *ticks,
              double    lo,
              double    hi,
              guint     max_labels,
              gboolean  positive_only)
{
  double step = nice_step ((hi - lo) / max_labels), first = 0, n = 0;

  if (!(step > 0) || !isfinite (step))
    return;
  while ((n = count_multiples (lo, hi, step, &first)) > max_labels)
    step = nice_step (step * (1 + 1e-6));
  for (int i = 0; i < MIN (n, MAX_TICKS); i++)
    {
      double k = first + i;
      if (!positive_only || k > 0)
        add_tick (ticks, k == 0 ? 0 : k * step, step, TRUE);
    }
}

static gboolean
in_log_range (const WsPlotAxis *axis,
              double            value)
{
  double t = log10 (value);

  return t >= axis->lo - EPS && t <= axis->hi + EPS;
}

/* Two decades or more: a label at every power of ten (or every second,
 * third... when they would crowd), minor ticks at 2..9 where a decade is
 * wide enough for them, else at the unlabelled powers. */
static void
decade_ticks (GArray           *ticks,
              const WsPlotAxis *axis,
              double            length,
              guint             max_labels)
{
  int k0 = (int) ceil (axis->lo - EPS), k1 = (int) floor (axis->hi + EPS);
  int every = (k1 - k0 + 1 + (int) max_labels - 1) / (int) max_labels;
  gboolean minors = every == 1 && length / (axis->hi - axis->lo) >= MIN_DECADE_FOR_MINORS;

  for (int k = k0 - 1; k <= k1; k++)
    {
      double power = pow (10, k);
      if (k >= k0 && power > 0) /* not below the doubles' range */
        add_tick (ticks, power, power, k % every == 0);
      for (int m = 2; minors && m <= 9; m++)
        if (in_log_range (axis, m * power))
          add_tick (ticks, m * power, power, FALSE);
    }
}

/* Less than two decades: mantissas times powers of ten, those in labelled
 * (bit m set) labelled, the other ones 1..9 minor. FALSE, adding nothing,
 * when that labels fewer than two or more than max_labels. */
static gboolean
mantissa_ticks (GArray           *ticks,
                const WsPlotAxis *axis,
                guint             labelled,
                guint             max_labels)
{
  int k0 = (int) floor (axis->lo), k1 = (int) floor (axis->hi);
  guint n_labels = 0, first = ticks->len;

  for (int k = k0; k <= k1; k++)
    for (int m = 1; m <= 9; m++)
      {
        double value = m * pow (10, k);
        gboolean major = (labelled & (1u << m)) != 0;
        if (!in_log_range (axis, value))
          continue;
        add_tick (ticks, value, pow (10, k), major);
        n_labels += major;
      }
  if (n_labels >= 2 && n_labels <= max_labels)
    return TRUE;
  g_array_set_size (ticks, first);
  return FALSE;
}

static void
log_ticks (GArray           *ticks,
           const WsPlotAxis *axis,
           double            length,
           guint             max_labels)
{
  const guint one_two_five = 1u << 1 | 1u << 2 | 1u << 5;
  const guint all = 0x3feu; /* bits 1..9 */

  if (floor (axis->hi + EPS) - ceil (axis->lo - EPS) >= 1)
    decade_ticks (ticks, axis, length, max_labels);
  else if (!mantissa_ticks (ticks, axis, one_two_five, max_labels)
           && !mantissa_ticks (ticks, axis, all, max_labels))
    linear_ticks (ticks, pow (10, axis->lo), pow (10, axis->hi), max_labels, TRUE);
}

/* A linear axis below 10 000 writes its thousands out, so that "1000"
 * does not sit oddly beside "800"; above, "10k" beats "10000". */
static void
choose_plain (GArray *ticks)
{
  double top = 0;

  for (guint i = 0; i < ticks->len; i++)
    top = MAX (top, fabs (g_array_index (ticks, WsPlotTick, i).value));
  for (guint i = 0; i < ticks->len; i++)
    g_array_index (ticks, WsPlotTick, i).plain = top < 1e4;
}

/* Whether a label of this size is written as a power of ten. */
static gboolean
needs_power (double value, double resolution)
{
  double a = fabs (value);

  return a >= resolution * 1e-6 && (a >= 1e15 - EPS * 1e15 || a < 1e-3 * (1 - EPS));
}

/* One way of writing for a whole axis: where one label needs a power of
 * ten, every label is one ("0.001" beside "10⁻⁴" reads as two scales). */
static void
choose_power (GArray *ticks)
{
  gboolean power = FALSE;

  for (guint i = 0; i < ticks->len; i++)
    {
      const WsPlotTick *t = &g_array_index (ticks, WsPlotTick, i);
      power |= t->major && needs_power (t->value, t->resolution);
    }
  for (guint i = 0; i < ticks->len; i++)
    g_array_index (ticks, WsPlotTick, i).power = power;
}

GArray *
ws_plot_axis_ticks (const WsPlotAxis *axis,
                    double            length,
                    guint             max_labels)
{
  GArray *ticks = g_array_new (FALSE, FALSE, sizeof (WsPlotTick));

  max_labels = MAX (max_labels, 2);
  if (axis->scale == WS_PLOT_LOG)
    log_ticks (ticks, axis, length, max_labels);
  else
    {
      linear_ticks (ticks, axis->lo, axis->hi, max_labels, FALSE);
      choose_plain (ticks);
    }
  choose_power (ticks);
  return ticks;
}

/* ---- Labels ---- */

/* value with as many decimals as resolution needs, trailing zeros cut. */
static char *
format_fixed (double      value,
              double      resolution,
              const char *suffix)
{
  int decimals = (int) CLAMP (ceil (-log10 (resolution) - EPS), 0, 12);
  g_autofree char *number = g_strdup_printf ("%.*f", decimals, value);

  if (decimals > 0)
    {
      char *end = number + strlen (number) - 1;
      while (*end == '0')
        *end-- = '\0';
      if (*end == '.')
        *end = '\0';
    }
  return g_strconcat (number, suffix, NULL);
}

/* "k" for thousands up to "T" for 10¹²: the prefixes people say aloud. */
static char *
format_si (double value,
           double resolution)
{
  static const char *const prefixes[] = { "k", "M", "G", "T" };
  int group = (int) CLAMP (floor (log10 (fabs (value)) / 3 + EPS), 1, 4);
  double scale = pow (10, 3 * group);

  return format_fixed (value / scale, resolution / scale, prefixes[group - 1]);
}

static char *
superscript (int n)
{
  static const char *const digits[] = { "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹" };
  g_autofree char *plain = g_strdup_printf ("%d", n);
  GString *s = g_string_new (NULL);

  for (const char *p = plain; *p != '\0'; p++)
    g_string_append (s, *p == '-' ? "⁻" : digits[*p - '0']);
  return g_string_free (s, FALSE);
}

/* m×10ⁿ, or 10ⁿ when m is 1: the far ends of the scale. */
static char *
format_power (double value,
              double resolution)
{
  int e = (int) floor (log10 (fabs (value)) + EPS);
  double scale = pow (10, e);
  g_autofree char *mantissa = format_fixed (value / scale, resolution / scale, "");
  g_autofree char *power = superscript (e);

  if (strcmp (mantissa, "1") == 0 || strcmp (mantissa, "-1") == 0)
    return g_strconcat (value < 0 ? "-" : "", "10", power, NULL);
  return g_strconcat (mantissa, "×10", power, NULL);
}

char *
ws_plot_tick_label (const WsPlotTick *tick)
{
  double a = fabs (tick->value);

  if (tick->binary)
    {
      g_autofree char *power = superscript ((int) lround (log2 (a)));
      return g_strconcat ("2", power, NULL);
    }
  if (a < tick->resolution * 1e-6)
    return g_strdup ("0");
  if (tick->power || needs_power (tick->value, tick->resolution))
    return format_power (tick->value, tick->resolution);
  if (a >= 1e3 * (1 - EPS) && !tick->plain)
    return format_si (tick->value, tick->resolution);
  return format_fixed (tick->value, tick->resolution, "");
}
