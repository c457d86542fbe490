/* ws-animation.c: primitives as frames (see ws-animation.h). */
#include "ws-animation.h"

#include <math.h>
#include <string.h>

#include "ws-bars.h"
#include "ws-error.h"
#include "ws-primitives.h"
#include "ws-scan.h"
#include "ws-search.h"

static void
frame_free (gpointer data)
{
  WsAnimationFrame *f = data;

  ws_array_free (f->values);
  g_free (f->flags);
  g_array_unref (f->pairs);
  g_free (f->caption);
  g_free (f);
}

void
ws_animation_free (WsAnimation *a)
{
  if (a == NULL)
    return;
  g_ptr_array_unref (a->frames);
  g_free (a);
}

static WsAnimation *
animation_new (void)
{
  WsAnimation *a = g_new0 (WsAnimation, 1);

  a->frames = g_ptr_array_new_with_free_func (frame_free);
  return a;
}

/* A frame of a copy of values, no highlights yet; caption taken. */
static WsAnimationFrame *
add_frame (WsAnimation *a, const WsArray *values, char *caption)
{
  WsAnimationFrame *f = g_new0 (WsAnimationFrame, 1);

  f->values = ws_array_copy (values, NULL);
  f->flags = g_new0 (guint8, MAX (values->n, 1));
  f->pairs = g_array_new (FALSE, FALSE, sizeof (WsComparator));
  f->caption = caption;
  g_ptr_array_add (a->frames, f);
  return f;
}

WsAnimation *
ws_animation_copy (const WsAnimation *animation)
{
  WsAnimation *a = animation_new ();

  g_return_val_if_fail (animation != NULL, NULL);
  a->vmin = animation->vmin, a->vmax = animation->vmax;
  a->has_level = animation->has_level, a->level = animation->level;
  a->input_band = animation->input_band;
  a->input_vmin = animation->input_vmin, a->input_vmax = animation->input_vmax;
  for (guint i = 0; i < animation->frames->len; i++)
    {
      const WsAnimationFrame *from = g_ptr_array_index (animation->frames, i);
      WsAnimationFrame *f = add_frame (a, from->values, g_strdup (from->caption));

      memcpy (f->flags, from->flags, MAX (from->values->n, 1));
      g_array_append_vals (f->pairs, from->pairs->data, from->pairs->len);
      f->boundary = from->boundary;
    }
  return a;
}

static void
add_pair (WsAnimationFrame *f, guint64 read, guint64 written, guint8 read_flags)
{
  WsComparator c = { read, written };

  f->flags[read] |= read_flags;
  f->flags[written] |= WS_BAR_COMPARED | WS_BAR_SWAPPED;
  g_array_append_val (f->pairs, c);
}

static gboolean
check_size (const WsArray *in, GError **error)
{
  if (in->n >= 1 && in->n <= WS_ANIMATION_MAX)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "%" G_GSIZE_FORMAT " values: the animation follows 1 to %u", in->n, WS_ANIMATION_MAX);
  return FALSE;
}

/* The scale over frames [first, last)'s values, from 0 at most: a frame
 * of all zeros (a histogram before its first key) widens nothing, so an
 * empty bin is drawn empty. */
static void
range_over (const WsAnimation *a, guint first, guint last, double *vmin, double *vmax)
{
  *vmin = 0.0, *vmax = -INFINITY;
  for (guint i = first; i < last; i++)
    ws_bars_range_extend (((WsAnimationFrame *) g_ptr_array_index (a->frames, i))->values,
                          vmin, vmax);
  ws_bars_range_widen (vmin, vmax);
}

static void
set_range (WsAnimation *a)
{
  range_over (a, 0, a->frames->len, &a->vmin, &a->vmax);
}

/* ---- scan ---- */

/* Who reads and who writes at one level: up-sweep adds the left child
 * (i + s/2 − 1) into the parent (i + s − 1); down-sweep exchanges them and
 * adds, writing both; the clear writes the root. */
static void
mark_level (WsAnimationFrame *f, const WsScanLevelInfo *info, gsize w)
{
  if (info->phase == WS_SCAN_CLEAR_ROOT)
    {
      f->flags[w - 1] = WS_BAR_COMPARED | WS_BAR_SWAPPED;
      return;
    }
  for (guint64 i = 0; i < w; i += info->stride)
    add_pair (f, i + info->stride / 2 - 1, i + info->stride - 1,
              info->phase == WS_SCAN_DOWN_SWEEP ? WS_BAR_COMPARED | WS_BAR_SWAPPED
                                                : WS_BAR_COMPARED);
}

WsAnimation *
ws_animation_scan (const WsArray *in, GError **error)
{
  g_autoptr (WsAnimation) a = NULL;
  g_autoptr (WsScanSchedule) s = NULL;
  g_autoptr (WsArray) work = NULL;
  guint levels;

  if (!check_size (in, error) || (s = ws_scan_schedule_new (in->n, error)) == NULL
      || (work = ws_scan_schedule_pad (s, in, error)) == NULL)
    return NULL;
  a = animation_new ();
  levels = ws_scan_schedule_n_levels (s);
  add_frame (a, work, work->n == in->n
                        ? g_strdup_printf ("the input — %u levels to run", levels)
                        : g_strdup_printf ("the input, padded to %" G_GSIZE_FORMAT " — %u levels "
                                           "to run", work->n, levels));
  for (guint l = 0; l < levels; l++)
    {
      WsScanLevelInfo info;
      g_autofree char *label = ws_scan_schedule_level_label (s, l);
      ws_scan_schedule_level_info (s, l, &info);
      ws_scan_schedule_apply_level (s, work, l, NULL);
      WsAnimationFrame *f = add_frame (a, work, g_strdup_printf ("level %u of %u — %s", l + 1,
                                                                 levels, label));
      f->boundary = info.phase == WS_SCAN_CLEAR_ROOT ? 0 : info.stride;
      mark_level (f, &info, work->n);
    }
  set_range (a);
  a->input_band = TRUE;
  range_over (a, 0, 1, &a->input_vmin, &a->input_vmax);
  return g_steal_pointer (&a);
}

/* ---- histogram ---- */

/* ws_histogram's bin of x over [lo, hi] (float keys, in double). */
static guint
bin_of (double x, double lo, double hi, guint bins)
{
  double b;

  if (!(hi > lo))
    return 0;
  b = floor ((x - lo) * bins / (hi - lo));
  return (guint) CLAMP (b, 0.0, (double) (bins - 1));
}

/* The keys' min and max, as ws_histogram spans its bins (finite keys). */
static void
min_max (const WsArray *in, double *lo, double *hi)
{
  *lo = INFINITY, *hi = -INFINITY;
  for (gsize i = 0; i < in->n; i++)
    {
      double v = ws_array_get_double (in, i);
      *lo = MIN (*lo, v), *hi = MAX (*hi, v);
    }
}

WsAnimation *
ws_animation_histogram (const WsArray *in, guint bins, guint chunks, GError **error)
{
  g_autoptr (WsAnimation) a = NULL;
  g_autoptr (WsArray) counts = NULL;
  double lo, hi;

  if (!check_size (in, error))
    return NULL;
  if (bins < 1 || bins > 4096 || chunks < 1)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "%u bins in %u chunks: the animation draws 1 to 4096 bins", bins, chunks);
      return NULL;
    }
  min_max (in, &lo, &hi);
  a = animation_new ();
  counts = ws_array_new (WS_KEY_INT32, bins, NULL);
  add_frame (a, counts, g_strdup_printf ("%u bins over [%.4g, %.4g] — no key counted yet", bins,
                                         lo, hi));
  chunks = MIN (chunks, (guint) in->n);
  for (guint c = 0; c < chunks; c++)
    {
      gsize first = (gsize) c * in->n / chunks, last = (gsize) (c + 1) * in->n / chunks;
      g_autofree guint8 *touched = g_new0 (guint8, bins);
      for (gsize i = first; i < last; i++)
        {
          guint b = bin_of (ws_array_get_double (in, i), lo, hi, bins);
          counts->i32[b]++, touched[b] = WS_BAR_COMPARED | WS_BAR_SWAPPED;
        }
      WsAnimationFrame *f = add_frame (a, counts, g_strdup_printf (
        "keys %" G_GSIZE_FORMAT " … %" G_GSIZE_FORMAT " counted (%" G_GSIZE_FORMAT " of %"
        G_GSIZE_FORMAT ")", first, last - 1, last, in->n));
      memcpy (f->flags, touched, bins);
    }
  set_range (a);
  return g_steal_pointer (&a);
}

/* ---- search ---- */

/* The range as keys it holds: the search's hi may stand one past the last
 * key (nothing there is at or above the key), which no key is. */
static char *
step_caption (const WsSearchStep *st, guint step, guint steps, double key, gsize n)
{
  return g_strdup_printf ("step %u of %u — key %.6g in keys %" G_GSIZE_FORMAT " … %" G_GSIZE_FORMAT
                          ": %u probe%s", step, steps, key, st->lo, MIN (st->hi, n - 1),
                          st->n_probes, st->n_probes == 1 ? "" : "s");
}

WsAnimation *
ws_animation_search (const WsArray *sorted, double key, guint segments, gboolean interpolation,
                     GError **error)
{
  g_autoptr (WsAnimation) a = NULL;
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (WsSearchStep));
  g_autoptr (GArray) probes = g_array_new (FALSE, FALSE, sizeof (gsize));
  gint64 found;

  if (!check_size (sorted, error) || !ws_search_check_sorted (sorted, error))
    return NULL;
  a = animation_new ();
  found = ws_search_trace (sorted, key, segments, interpolation, steps, probes);
  add_frame (a, sorted, g_strdup_printf ("%s search for %.6g, p = %u", interpolation
                                         ? "interpolation" : "k-ary binary", key, segments));
  for (guint s = 0; s < steps->len; s++)
    {
      const WsSearchStep *st = &g_array_index (steps, WsSearchStep, s);
      /* the answer is a step of its own, as the panel counts frames */
      WsAnimationFrame *f = add_frame (a, sorted, step_caption (st, s + 1, steps->len + 1, key,
                                                                sorted->n));
      /* The answer lies in [lo, hi], hi included: it may be the first key
       * at or above the one sought that an earlier probe found. */
      for (gsize i = st->lo; i <= MIN (st->hi, sorted->n - 1); i++)
        f->flags[i] = WS_BAR_COMPARED;
      for (guint p = 0; p < st->n_probes; p++)
        f->flags[g_array_index (probes, gsize, st->first_probe + p)] |= WS_BAR_SWAPPED;
    }
  WsAnimationFrame *last = add_frame (a, sorted, found >= 0
    ? g_strdup_printf ("step %u of %u — found %.6g at index %" G_GINT64_FORMAT, steps->len + 1,
                       steps->len + 1, key, found)
    : g_strdup_printf ("step %u of %u — %.6g is not in the array", steps->len + 1,
                       steps->len + 1, key));
  if (found >= 0)
    last->flags[found] = WS_BAR_COMPARED | WS_BAR_SWAPPED;
  a->has_level = TRUE, a->level = key; /* the value sought, drawn across the keys */
  set_range (a);
  return g_steal_pointer (&a);
}
