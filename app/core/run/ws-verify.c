/* ws-verify.c: check a run's result against references that share no code
 * with the algorithms: a radix sort of its own, plain double sums, direct
 * window sums.
 *
 * A benchmark verifies inside the run a Cancel must stop, and checks of
 * 2^24 keys or of sampled windows of R = 1024 take seconds: every loop
 * counts its work with ws_cancel_tick and ends with WS_ERROR_CANCELLED
 * soon after a cancel. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ws-cancel.h"
#include "ws-dot.h"
#include "ws-error.h"
#include "ws-run.h"
#include "ws-search.h"

/* The most stencil work verified exhaustively; bigger grids are sampled. */
#define STENCIL_FULL_CHECK_WORK 50000000.0
#define STENCIL_SAMPLES 2000

/* A key's 32 bits as an unsigned integer in the reference's order: int32
 * by value; float32 by value with -0 before +0 (non-negative floats get
 * the sign bit set, negative ones all bits flipped), NaNs at either end by
 * their sign. Equal multisets then sort to the same bits. */
static guint32
to_ordered (guint32 bits, WsKeyType type)
{
  if (type == WS_KEY_INT32)
    return bits ^ 0x80000000u;
  return (bits & 0x80000000u) ? ~bits : bits | 0x80000000u;
}

static guint32
from_ordered (guint32 u, WsKeyType type)
{
  if (type == WS_KEY_INT32)
    return u ^ 0x80000000u;
  return (u & 0x80000000u) ? u & 0x7fffffffu : ~u;
}

/* One counting pass on the byte at shift, src to dst (stable). */
static gboolean
radix_pass (const guint32 *src, guint32 *dst, gsize n, guint shift, GError **error)
{
  gsize start[257] = { 0 }, since = 0;

  for (gsize i = 0; i < n; i++)
    {
      if (!ws_cancel_tick (&since, 1, error))
        return FALSE;
      start[((src[i] >> shift) & 0xffu) + 1]++;
    }
  for (guint b = 1; b < 257; b++)
    start[b] += start[b - 1];
  for (gsize i = 0; i < n; i++)
    {
      if (!ws_cancel_tick (&since, 1, error))
        return FALSE;
      dst[start[(src[i] >> shift) & 0xffu]++] = src[i];
    }
  return TRUE;
}

/* The reference sort, written here apart from the algorithms it checks:
 * least significant byte first, four stable passes. Linear, so 2^24 keys
 * take a fraction of a second (qsort took seconds). */
static WsArray *
sorted_copy (const WsArray *a,
             GError       **error)
{
  g_autoptr (WsArray) c = ws_array_new (a->type, a->n, error);
  g_autofree guint32 *spare = NULL;
  guint32 *src, *dst, *swap;
  gsize since = 0;

  if (c == NULL || !ws_cancel_copy (c->data, a->data, ws_array_bytes (a), error))
    return NULL;
  if (c->n < 2)
    return g_steal_pointer (&c);
  if ((spare = g_try_new (guint32, c->n)) == NULL)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_NO_MEMORY,
                   "Not enough memory to verify %" G_GSIZE_FORMAT " keys: turn verification off "
                   "or use fewer keys", c->n);
      return NULL;
    }
  src = (guint32 *) c->i32, dst = spare;
  for (gsize i = 0; i < c->n; i++)
    {
      if (!ws_cancel_tick (&since, 1, error))
        return NULL;
      src[i] = to_ordered (src[i], c->type);
    }
  for (guint shift = 0; shift < 32; shift += 8)
    {
      if (!radix_pass (src, dst, c->n, shift, error))
        return NULL;
      swap = src, src = dst, dst = swap;
    }
  /* Four passes: the keys are back in c's own buffer. */
  for (gsize i = 0; i < c->n; i++)
    {
      if (!ws_cancel_tick (&since, 1, error))
        return NULL;
      src[i] = from_ordered (src[i], c->type);
    }
  return g_steal_pointer (&c);
}

static gboolean
check_ascending (const WsArray *a,
                 GError       **error)
{
  gsize since = 0;

  for (gsize i = 1; i < a->n; i++)
    if (!ws_cancel_tick (&since, 1, error))
      return FALSE;
    else if (a->type == WS_KEY_INT32 ? a->i32[i - 1] > a->i32[i] : a->f32[i - 1] > a->f32[i])
      {
        g_set_error (error, WS_ERROR, WS_ERROR_VERIFY,
                     "Result is not sorted: element %" G_GSIZE_FORMAT " (%.9g) is greater than "
                     "element %" G_GSIZE_FORMAT " (%.9g)", i - 1, ws_array_get_double (a, i - 1), i,
                     ws_array_get_double (a, i));
        return FALSE;
      }
  return TRUE;
}

/* The first index where two arrays of one type and length differ bitwise
 * (both key types are 32 bits wide, so i32 steps over either). */
static gsize
first_difference (const WsArray *a, const WsArray *b)
{
  gsize size = ws_key_type_size (a->type), i = 0;

  while (i < a->n && memcmp (a->i32 + i, b->i32 + i, size) == 0)
    i++;
  return i;
}

/* Ascending, and the same multiset as the input (both sorted by the
 * reference, then compared bit for bit). */
static gboolean
verify_sorted_permutation (const WsArray *input,
                           const WsArray *result,
                           GError       **error)
{
  g_autoptr (WsArray) ref = NULL;
  g_autoptr (WsArray) got = NULL;

  if (!check_ascending (result, error))
    return FALSE;
  if ((ref = sorted_copy (input, error)) == NULL || (got = sorted_copy (result, error)) == NULL)
    return FALSE;
  if (!ws_array_equal (ref, got))
    {
      gsize i = first_difference (ref, got);
      g_set_error (error, WS_ERROR, WS_ERROR_VERIFY,
                   "Result is sorted but is not a permutation of the input: keys were lost or "
                   "changed; sorted, element %" G_GSIZE_FORMAT " is %.9g where the input has %.9g",
                   i, ws_array_get_double (got, i), ws_array_get_double (ref, i));
      return FALSE;
    }
  return TRUE;
}

/* A float sum of m terms may differ from the exact one by about m·ε·Σ|x|. */
static gboolean
close_enough (double got, double ref, double abs_sum, double terms)
{
  if (isinf (ref) || isnan (ref))
    return (isnan (ref) && isnan (got)) || got == ref;
  return fabs (got - ref) <= (terms + 2.0) * FLT_EPSILON * abs_sum + FLT_MIN;
}

static gboolean
verify_reduce (const WsArray  *a,
               const WsScalar *s,
               GError        **error)
{
  double sum = 0.0, abs_sum = 0.0;
  gint64 isum = 0;
  gsize since = 0;

  for (gsize i = 0; i < a->n; i++)
    {
      if (!ws_cancel_tick (&since, 1, error))
        return FALSE;
      if (a->type == WS_KEY_INT32)
        isum += a->i32[i]; /* |sum| < 2^31 · 2^32 fits gint64 for any n we allocate */
      sum += ws_array_get_double (a, i);
      abs_sum += fabs (ws_array_get_double (a, i));
    }
  if (a->type == WS_KEY_INT32 ? s->i == isum : close_enough (s->f, sum, abs_sum, (double) a->n))
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_VERIFY,
               "Sum is %.17g but a double-precision loop gives %.17g",
               s->is_int ? (double) s->i : s->f, a->type == WS_KEY_INT32 ? (double) isum : sum);
  return FALSE;
}

static gboolean
verify_dot (const WsRunInput  *in,
            const WsRunOutput *out,
            GError           **error)
{
  double ref, abs_sum = 0.0;
  gsize since = 0;

  if (!verify_sorted_permutation (in->input, out->array, error)
      || !verify_sorted_permutation (in->input2, out->array2, error))
    return FALSE;
  /* One loop of the study's 4M keys: short enough not to look for a cancel. */
  ref = ws_dot_reference (out->array, out->array2);
  for (gsize i = 0; i < out->array->n; i++)
    {
      if (!ws_cancel_tick (&since, 1, error))
        return FALSE;
      abs_sum += fabs (ws_array_get_double (out->array, i) * ws_array_get_double (out->array2, i));
    }
  if (out->scalar.is_int ? (double) out->scalar.i == ref
                         : close_enough (out->scalar.f, ref, abs_sum, (double) out->array->n))
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_VERIFY,
               "Dot product is %.17g but a double-precision loop gives %.17g",
               out->scalar.is_int ? (double) out->scalar.i : out->scalar.f, ref);
  return FALSE;
}

/* Exclusive prefix sums: int32 exact modulo 2^32, float32 within rounding. */
static gboolean
verify_scan (const WsArray *in,
             const WsArray *out,
             GError       **error)
{
  guint32 isum = 0;
  double sum = 0.0, abs_sum = 0.0;
  gsize since = 0;

  for (gsize i = 0; i < in->n; i++)
    {
      if (!ws_cancel_tick (&since, 1, error))
        return FALSE;
      gboolean ok = in->type == WS_KEY_INT32
                      ? (guint32) out->i32[i] == isum
                      : close_enough (out->f32[i], sum, abs_sum, (double) i);
      if (!ok)
        {
          g_set_error (error, WS_ERROR, WS_ERROR_VERIFY,
                       "Prefix sum %" G_GSIZE_FORMAT " is %.9g but should be %.9g", i,
                       ws_array_get_double (out, i),
                       in->type == WS_KEY_INT32 ? (double) (gint32) isum : sum);
          return FALSE;
        }
      if (in->type == WS_KEY_INT32)
        isum += (guint32) in->i32[i];
      sum += ws_array_get_double (in, i);
      abs_sum += fabs (ws_array_get_double (in, i));
    }
  return TRUE;
}

static gsize
histogram_bin (const WsArray *a, gsize i, guint bins, double lo, double hi)
{
  double x = ws_array_get_double (a, i), b;

  if (a->type == WS_KEY_INT32)
    {
      gint64 span = (gint64) hi - (gint64) lo;
      gint64 bi = span == 0 ? 0 : ((gint64) x - (gint64) lo) * (gint64) bins / span;
      return (gsize) MIN (bi, (gint64) bins - 1);
    }
  if (x == -INFINITY || hi == lo)
    return 0;
  if (x == INFINITY)
    return bins - 1;
  b = floor ((x - lo) * bins / (hi - lo));
  return b < 0 ? 0 : (gsize) MIN (b, (double) bins - 1);
}

static gboolean
verify_histogram (const WsArray     *a,
                  const WsRunOutput *out,
                  GError           **error)
{
  g_autofree guint64 *ref = ws_try_alloc (out->n_counts, sizeof (guint64), "the reference histogram", error);
  gsize since = 0;

  if (ref == NULL)
    return FALSE;
  for (gsize i = 0; i < a->n; i++)
    {
      if (!ws_cancel_tick (&since, 1, error))
        return FALSE;
      ref[histogram_bin (a, i, out->n_counts, out->lo, out->hi)]++;
    }
  for (guint b = 0; b < out->n_counts; b++)
    if (!ws_cancel_tick (&since, 1, error))
      return FALSE;
    else if (ref[b] != out->counts[b])
      {
        g_set_error (error, WS_ERROR, WS_ERROR_VERIFY,
                     "Bin %u holds %" G_GUINT64_FORMAT " keys but a plain counting loop finds %"
                     G_GUINT64_FORMAT, b, out->counts[b], ref[b]);
        return FALSE;
      }
  return TRUE;
}

/* One output of the window sum, directly, in double; abs_sum bounds rounding.
 * A window of R = 1024 is four million values: its rows count toward the
 * next look for a cancel (FALSE). */
static gboolean
window_sum (const WsArray *g, gsize side, gsize radius, gsize r, gsize c, double *sum,
            double *abs_sum, gsize *since, GError **error)
{
  *sum = *abs_sum = 0.0;
  for (gsize i = r; i <= r + 2 * radius; i++)
    {
      if (!ws_cancel_tick (since, 2 * radius + 1, error))
        return FALSE;
      for (gsize j = c; j <= c + 2 * radius; j++)
        {
          double x = ws_array_get_double (g, i * side + j);
          *sum += x;
          *abs_sum += fabs (x);
        }
    }
  return TRUE;
}

static gboolean
verify_stencil_cell (const WsRunInput *in, const WsRunOutput *out, gsize radius, gsize r, gsize c,
                     gsize *since, GError **error)
{
  double abs_sum, ref, got = ws_array_get_double (out->array, r * out->cols + c);
  double terms = (double) (2 * radius + 1) * (double) (2 * radius + 1);

  if (!window_sum (in->input, in->side, radius, r, c, &ref, &abs_sum, since, error))
    return FALSE;

  if (in->input->type == WS_KEY_INT32 ? got == ref : close_enough (got, ref, abs_sum, terms))
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_VERIFY,
               "Window sum at row %" G_GSIZE_FORMAT ", column %" G_GSIZE_FORMAT
               " is %.9g but the direct sum is %.9g", r, c, got, ref);
  return FALSE;
}

/* Every output when that is cheap; otherwise the corners and a fixed random sample. */
static gboolean
verify_stencil (const WsRunInput  *in,
                const WsRunOutput *out,
                char             **what,
                GError           **error)
{
  gsize radius = (in->side - out->rows) / 2, cells = out->rows * out->cols;
  double work = (double) cells * (double) (2 * radius + 1) * (double) (2 * radius + 1);
  g_autoptr (GRand) rand = g_rand_new_with_seed (12345);
  gsize since = 0;

  if (work <= STENCIL_FULL_CHECK_WORK)
    {
      for (gsize k = 0; k < cells; k++)
        if (!verify_stencil_cell (in, out, radius, k / out->cols, k % out->cols, &since, error))
          return FALSE;
      *what = g_strdup_printf ("all %" G_GSIZE_FORMAT " outputs equal direct double sums", cells);
      return TRUE;
    }
  for (guint s = 0; s < STENCIL_SAMPLES; s++)
    {
      gsize k = s < 2 ? s * (cells - 1) : (gsize) g_rand_double_range (rand, 0, (double) cells);
      if (!verify_stencil_cell (in, out, radius, MIN (k, cells - 1) / out->cols,
                                MIN (k, cells - 1) % out->cols, &since, error))
        return FALSE;
    }
  *what = g_strdup_printf ("%d sampled outputs equal direct double sums", STENCIL_SAMPLES);
  return TRUE;
}

/* First index whose value is not below key (compared by value). */
static gsize
lower_bound (const WsArray *a, double key)
{
  gsize lo = 0, hi = a->n;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;
      if (ws_array_get_double (a, mid) < key)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static gboolean
verify_search (const WsRunInput  *in,
               const WsRunOutput *out,
               GError           **error)
{
  gsize since = 0, probes = g_bit_storage (in->input->n) + 1;

  for (gsize k = 0; k < in->keys->n; k++)
    {
      if (!ws_cancel_tick (&since, probes, error))
        return FALSE;
      double key = ws_array_get_double (in->keys, k);
      gsize lb = lower_bound (in->input, key);
      gint64 want = lb < in->input->n && ws_array_get_double (in->input, lb) == key ? (gint64) lb : -1;
      if (out->indices[k] != want)
        {
          g_set_error (error, WS_ERROR, WS_ERROR_VERIFY,
                       "Query %" G_GSIZE_FORMAT " (key %.9g) gave index %" G_GINT64_FORMAT
                       " but its first occurrence is %" G_GINT64_FORMAT, k, key, out->indices[k], want);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
verify_shape (const WsRunInput  *in,
              const WsRunOutput *out,
              char             **what,
              GError           **error)
{
  switch (in->algo->shape)
    {
    case WS_SHAPE_SORT:
      *what = g_strdup ("ascending permutation of the input (checked against a reference sort)");
      return verify_sorted_permutation (in->input, out->array, error);
    case WS_SHAPE_DOT:
      *what = g_strdup ("both arrays sorted; product matches a double-precision sum");
      return verify_dot (in, out, error);
    case WS_SHAPE_STENCIL:
      return verify_stencil (in, out, what, error);
    case WS_SHAPE_REDUCE:
      *what = g_strdup ("matches a double-precision loop");
      return verify_reduce (in->input, &out->scalar, error);
    case WS_SHAPE_SCAN:
      *what = g_strdup ("every prefix matches a sequential sum");
      return verify_scan (in->input, out->array, error);
    case WS_SHAPE_HISTOGRAM:
      *what = g_strdup ("every bin matches a plain counting loop");
      return verify_histogram (in->input, out, error);
    case WS_SHAPE_SEARCH:
      *what = g_strdup ("every answer matches a lower-bound search");
      return verify_search (in, out, error);
    }
  g_return_val_if_reached (FALSE);
}

gboolean
ws_run_verify (const WsRunInput  *in,
               const WsRunOutput *out,
               char             **verdict,
               GError           **error)
{
  g_autofree char *what = NULL;

  if (!verify_shape (in, out, &what, error))
    return FALSE;
  if (verdict != NULL)
    *verdict = g_steal_pointer (&what);
  return TRUE;
}
