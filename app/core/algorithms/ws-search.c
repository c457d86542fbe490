/* ws-search.c: study 004's k-ary binary and interpolation searches.
 *
 * Long loops go in pieces with a look at the stop flag (ws-cancel.h)
 * before each: a piece of WS_CANCEL_STRIDE keys, or of queries worth about
 * as many probes. Once it is raised the rest is skipped and the caller
 * reports the cancel. */
#include "ws-search.h"

#include <float.h>
#include <math.h>

#include "ws-cancel.h"
#include "ws-cpu.h"
#include "ws-error.h"
#include "ws-generator.h"
#include "ws-primitives.h"

/* Both key types widen to double exactly, so one search serves both, and
 * double comparison gives the value semantics we want (-0.0 == +0.0). */
static inline double
value_at (const WsArray *a,
          gsize          i)
{
  return a->type == WS_KEY_INT32 ? (double) a->i32[i] : (double) a->f32[i];
}

/* ---- Sortedness ---- */

/* The first i where a[i] is NaN or a[i] > a[i + 1], or G_MAXSIZE (also when
 * a cancel cut the look short). Threads only when asked, so that a cpu-seq
 * search stays sequential throughout. */
static gsize
first_unsorted (const WsArray *a,
                gboolean       par,
                const gint    *stop)
{
  gsize first = G_MAXSIZE, n = a->n;
  guint threads = par && n > 65536 ? ws_cpu_par_threads () : 1;

#pragma omp parallel for schedule (static, 1) num_threads (threads) reduction (min : first)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (n, threads, t, &begin, &end);
      for (gsize p = begin; p < end && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
        for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)
          {
            double v = value_at (a, i);
            if (isnan (v) || (i + 1 < n && v > value_at (a, i + 1)))
              first = MIN (first, i);
          }
    }
  return first;
}

gboolean
ws_search_check_sorted (const WsArray *sorted,
                        GError       **error)
{
  const gint *stop = ws_cancel_stop_flag ();
  gsize i;

  g_return_val_if_fail (sorted != NULL, FALSE);
  i = first_unsorted (sorted, TRUE, stop);

  if (i == G_MAXSIZE)
    return ws_cancel_check_flag (stop, error);
  if (isnan (value_at (sorted, i)))
    g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                 "The array to search holds NaN at index %" G_GSIZE_FORMAT
                 ", which has no place in a sorted order; remove it", i);
  else
    g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                 "The array to search is not sorted: a[i] > a[i+1] at index %" G_GSIZE_FORMAT
                 " (%.9g > %.9g); sort it first", i, value_at (sorted, i),
                 value_at (sorted, i + 1));
  return FALSE;
}

/* ---- One key ---- */

/* Interpolated probes in a row that may fail to halve the range before a
 * midpoint probe: every WS_SEARCH_MISSES + 1 probes at least halve it, so no
 * key takes more than about 3 log2 n probes, while on uniform keys the
 * midpoint is rarely needed. */
#define WS_SEARCH_MISSES 2

/* The answer lies in [lo, hi]: every value before lo is < key and every
 * value from hi on is >= key. lo only grows past a probe below the key and
 * hi only drops onto a probe at or above it, so the values next to the range
 * are known exactly when lo > 0 (below = a[lo - 1]) and hi < n (above =
 * a[hi]). */
typedef struct
{
  const WsArray *a;
  double         key;
  gsize          lo, hi;
  double         below, above;
  guint64        steps, probes;
  GArray        *trace_steps;  /* WsSearchStep, or NULL: not traced */
  GArray        *trace_probes; /* gsize positions */
} WsRange;

static inline double
probe (WsRange *s,
       gsize    i)
{
  s->probes++;
  if (s->trace_probes != NULL)
    g_array_append_val (s->trace_probes, i);
  return value_at (s->a, i);
}

/* A traced search notes each step's range and where its probes start. */
static void
trace_step (WsRange *s)
{
  WsSearchStep step = { s->lo, s->hi, s->trace_probes ? s->trace_probes->len : 0, 0 };

  if (s->trace_steps != NULL)
    g_array_append_val (s->trace_steps, step);
}

static void
trace_step_end (WsRange *s)
{
  WsSearchStep *step;

  if (s->trace_steps == NULL)
    return;
  step = &g_array_index (s->trace_steps, WsSearchStep, s->trace_steps->len - 1);
  step->n_probes = s->trace_probes->len - step->first_probe;
}

static inline void
narrow (WsRange *s,
        gsize    pos,
        double   v)
{
  if (v < s->key)
    {
      s->lo = pos + 1;
      s->below = v;
    }
  else
    {
      s->hi = pos;
      s->above = v;
    }
}

/* lo + floor (k * len / parts), without k * len overflowing. */
static inline gsize
boundary (gsize lo,
          gsize len,
          guint parts,
          guint k)
{
  return lo + k * (len / parts) + (gsize) k * (len % parts) / parts;
}

/* Probe the inner boundaries of `segments` equal segments of the range and
 * keep the segment that must hold the answer. A range shorter than the
 * segments is split into len + 1 parts, whose boundaries are exactly its len
 * positions (what p threads probing it would read), so it ends here. */
static void
kary_step (WsRange *s,
           guint    segments)
{
  gsize len = s->hi - s->lo, lo = s->lo;
  guint parts = len < segments ? (guint) len + 1 : segments, below = 0;

  /* Count the probes below the key rather than stopping at the first at or
   * above it: all threads read at once, and on sorted data the count picks
   * the same segment. */
  for (guint k = 1; k < parts; k++)
    if (probe (s, boundary (lo, len, parts, k)) < s->key)
      below++;
  /* Boundaries strictly increase, so the range shrinks on any data; their
   * values were read above, so taking them again is no new probe. */
  if (below > 0)
    {
      gsize last_below = boundary (lo, len, parts, below);
      narrow (s, last_below, value_at (s->a, last_below));
    }
  if (below + 1 < parts)
    {
      gsize first_above = boundary (lo, len, parts, below + 1);
      narrow (s, first_above, value_at (s->a, first_above));
    }
  s->steps++;
}

/* Where the key should sit if the values grew linearly from below (at
 * lo - 1) to above (at hi), clamped into [lo, hi - 1]; the midpoint when
 * that line is undefined (an infinite end or key, NaN). */
static gsize
interpolate (const WsRange *s)
{
  gsize len = s->hi - s->lo;
  double num = s->key - s->below, den = s->above - s->below, off;

  if (!(isfinite (num) && isfinite (den) && den > 0.0))
    return s->lo + len / 2;
  off = num / den * (double) (len + 1);
  if (!(off >= 1.0))
    return s->lo;
  if (off >= (double) len)
    return s->hi - 1;
  return s->lo - 1 + MIN ((gsize) off, len); /* MIN: (double) len may round up */
}

/* Interpolation's guards against data its straight line cannot model. */
typedef struct
{
  guint    misses; /* interpolated probes in a row that did not halve the range */
  gboolean in_run; /* two probes met the key: it fills a run of equal values */
} WsGuard;

/* One probe. The formula needs the values at both ends, so a range still
 * open at an end probes that end first (the study reads a[left] and
 * a[right]). Then it interpolates, except after WS_SEARCH_MISSES probes in a
 * row that did not halve the range (skewed data), or inside a run of keys
 * equal to the one sought, where the line always points at hi - 1 and would
 * shrink the range by one per step: there it bisects. */
static void
interpolation_step (WsRange *s,
                    WsGuard *g)
{
  gsize len = s->hi - s->lo, pos;
  gboolean interpolated = FALSE, above_is_key = s->hi < s->a->n && s->above == s->key;
  double v;

  if (s->lo == 0)
    pos = 0;
  else if (s->hi == s->a->n)
    pos = s->hi - 1;
  else if (g->in_run || g->misses >= WS_SEARCH_MISSES)
    pos = s->lo + len / 2;
  else
    {
      pos = interpolate (s);
      interpolated = TRUE;
    }
  v = probe (s, pos);
  narrow (s, pos, v);
  g->in_run = g->in_run || (above_is_key && v == s->key);
  if (!interpolated)
    g->misses = 0;
  else if (s->hi - s->lo > len / 2)
    g->misses++;
  s->steps++;
}

static gint64
search_range (WsRange *s, guint segments, gboolean interpolation)
{
  WsGuard guard = { 0, FALSE };

  /* With p > 2, the study's blocks first pick one of p segments. */
  if (interpolation && segments > 2 && s->lo < s->hi)
    {
      trace_step (s);
      kary_step (s, segments);
      trace_step_end (s);
    }
  while (s->lo < s->hi)
    {
      trace_step (s);
      if (interpolation)
        interpolation_step (s, &guard);
      else
        kary_step (s, segments);
      trace_step_end (s);
    }
  /* hi is the first index holding a value >= key; above is that value. */
  return s->hi < s->a->n && s->above == s->key ? (gint64) s->hi : -1;
}

static gint64
search_one (const WsArray *a,
            double         key,
            guint          segments,
            gboolean       interpolation,
            guint64       *steps,
            guint64       *probes)
{
  WsRange s = { .a = a, .key = key, .lo = 0, .hi = a->n };
  gint64 found = search_range (&s, segments, interpolation);

  *steps += s.steps;
  *probes += s.probes;
  return found;
}

gint64
ws_search_trace (const WsArray *sorted, double key, guint segments, gboolean interpolation,
                 GArray *steps, GArray *probes)
{
  WsRange s = { .a = sorted, .key = key, .lo = 0, .hi = sorted->n,
                .trace_steps = steps, .trace_probes = probes };

  g_return_val_if_fail (steps != NULL && probes != NULL, -1);
  g_return_val_if_fail (segments >= WS_SEARCH_MIN_SEGMENTS && segments <= WS_SEARCH_MAX_SEGMENTS, -1);
  return search_range (&s, segments, interpolation);
}

/* ---- Many keys ---- */

static gboolean
check_search (const char    *algorithm,
              const WsArray *sorted,
              const WsArray *keys,
              guint          segments,
              WsVariant      variant,
              GError       **error)
{
  if (!ws_require_cpu_variant (algorithm, variant, error))
    return FALSE;
  if (keys->type != sorted->type)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "%s got %s keys, but the array to search holds %s keys; give keys of the "
                   "array's type",
                   algorithm, ws_key_type_name (keys->type), ws_key_type_name (sorted->type));
      return FALSE;
    }
  if (segments < WS_SEARCH_MIN_SEGMENTS || segments > WS_SEARCH_MAX_SEGMENTS)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "%s splits each range into %u to %u segments, not %u; choose a segment "
                   "count in %u..%u (2 is classic binary search)", algorithm,
                   WS_SEARCH_MIN_SEGMENTS, WS_SEARCH_MAX_SEGMENTS, segments,
                   WS_SEARCH_MIN_SEGMENTS, WS_SEARCH_MAX_SEGMENTS);
      return FALSE;
    }
  return TRUE;
}

/* Queries between two looks for a cancel: a query of p segments probes at
 * most p (log2 n + 1) places (p log_p n; a hundred thousand at p = 65536 on
 * 2^24 keys, fifty at p = 2), each likely a cache miss, so pieces hold about
 * WS_CANCEL_STRIDE probes. */
static gsize
queries_per_look (gsize n,
                  guint segments)
{
  gsize probes = (gsize) segments * (g_bit_storage (n) + 1);

  return MAX ((gsize) 1, WS_CANCEL_STRIDE / probes);
}

static gboolean
search_all (const char    *algorithm,
            gboolean       interpolation,
            const WsArray *sorted,
            const WsArray *keys,
            guint          segments,
            WsVariant      variant,
            gint64        *result,
            WsCounters    *counters,
            GError       **error)
{
  guint64 steps = 0, probes = 0;
  const gint *stop = ws_cancel_stop_flag ();
  guint threads = variant == WS_VARIANT_CPU_PAR ? ws_cpu_par_threads () : 1;
  gsize look;

  g_return_val_if_fail (sorted != NULL && keys != NULL, FALSE);
  g_return_val_if_fail (result != NULL || keys->n == 0, FALSE);
  if (!check_search (algorithm, sorted, keys, segments, variant, error))
    return FALSE;
  look = queries_per_look (sorted->n, segments);
#pragma omp parallel for schedule (static, 1) num_threads (threads) reduction (+ : steps, probes)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (keys->n, threads, t, &begin, &end);
      for (gsize p = begin; p < end && !ws_cancel_raised (stop); p += look)
        for (gsize i = p; i < MIN (p + look, end); i++)
          result[i] = search_one (sorted, value_at (keys, i), segments, interpolation,
                                  &steps, &probes);
    }
  if (!ws_cancel_check_flag (stop, error))
    return FALSE;
  if (counters != NULL)
    {
      counters->passes += steps;
      counters->probes += probes;
    }
  return TRUE;
}

gboolean
ws_binary_search (const WsArray *sorted,
                  const WsArray *keys,
                  guint          segments,
                  WsVariant      variant,
                  gint64        *result,
                  WsCounters    *counters,
                  GError       **error)
{
  return search_all ("Binary search", FALSE, sorted, keys, segments, variant, result,
                     counters, error);
}

gboolean
ws_interpolation_search (const WsArray *sorted,
                         const WsArray *keys,
                         guint          segments,
                         WsVariant      variant,
                         gint64        *result,
                         WsCounters    *counters,
                         GError       **error)
{
  return search_all ("Interpolation search", TRUE, sorted, keys, segments, variant, result,
                     counters, error);
}

void
ws_search_reference (const WsArray *sorted,
                     const WsArray *keys,
                     gint64        *result)
{
  g_return_if_fail (sorted != NULL && keys != NULL && (result != NULL || keys->n == 0));
  for (gsize k = 0; k < keys->n; k++)
    {
      double key = value_at (keys, k);
      result[k] = -1;
      for (gsize i = 0; i < sorted->n; i++)
        if (value_at (sorted, i) == key)
          {
            result[k] = (gint64) i;
            break;
          }
    }
}

/* ---- Generated keys ---- */

/* The smallest and largest finite values of a; [0, 1] when it has none. */
static void
finite_span (const WsArray *a,
             double        *lo,
             double        *hi,
             const gint    *stop)
{
  *lo = INFINITY;
  *hi = -INFINITY;
  for (gsize p = 0; p < a->n && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
    for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, a->n); i++)
      {
        double v = value_at (a, i);
        if (isfinite (v))
          {
            *lo = MIN (*lo, v);
            *hi = MAX (*hi, v);
          }
      }
  if (*lo > *hi)
    {
      *lo = 0.0;
      *hi = 1.0;
    }
}

/* A value in [lo - span/4, hi + span/4), stored in the key type's range. */
static void
store_random (WsArray *keys,
              gsize    i,
              WsRng   *rng,
              double   lo,
              double   hi)
{
  double span = hi > lo ? hi - lo : 1.0;
  double u = (double) (ws_rng_next (rng) >> 11) * 0x1p-53; /* uniform in [0, 1) */
  double v = lo + (1.5 * u - 0.25) * span;

  if (keys->type == WS_KEY_INT32)
    keys->i32[i] = (gint32) CLAMP (floor (v), (double) G_MININT32, (double) G_MAXINT32);
  else
    keys->f32[i] = (float) CLAMP (v, -(double) FLT_MAX, (double) FLT_MAX);
}

WsArray *
ws_search_make_keys (const WsArray *sorted,
                     gsize          n_keys,
                     guint64        seed,
                     GError       **error)
{
  const gint *stop = ws_cancel_stop_flag ();
  WsArray *keys;
  WsRng rng;
  double lo, hi;

  g_return_val_if_fail (sorted != NULL, NULL);
  keys = ws_array_new (sorted->type, n_keys, error);
  if (keys == NULL)
    return NULL;
  ws_rng_init (&rng, seed);
  finite_span (sorted, &lo, &hi, stop);
  for (gsize p = 0; p < n_keys && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
    for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, n_keys); i++)
      {
        if (i % 2 == 0 && sorted->n > 0)
          {
            gsize at = (gsize) ws_rng_below (&rng, sorted->n);
            if (keys->type == WS_KEY_INT32)
              keys->i32[i] = sorted->i32[at];
            else
              keys->f32[i] = sorted->f32[at];
          }
        else
          store_random (keys, i, &rng, lo, hi);
      }
  if (!ws_cancel_check_flag (stop, error))
    g_clear_pointer (&keys, ws_array_free);
  return keys;
}
