/* ws-generator.c: reproducible input distributions.
 *
 * Every array starts from the same stream: ws_rng_init (seed), then one
 * uniform key per element. The ordered distributions (sorted, reversed,
 * nearly-sorted) sort that stream, so for one seed they hold the same
 * multiset of keys, which lets tests and users compare them directly.
 */
#include "ws-generator.h"

#include <string.h>

#include "ws-cancel.h"
#include "ws-error.h"
#include "ws-radix.h"

#define FEW_UNIQUE_KEYS 16
#define NEARLY_SORTED_REACH 8 /* a swapped key moves at most this far */

static const char *const dist_names[WS_N_DISTS] = {
  "uniform", "uniform16", "sorted", "reversed", "few-unique", "organ-pipe", "nearly-sorted",
};

/* ---- random numbers ---------------------------------------------------- */

static guint64
splitmix64 (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static inline guint64
rotl64 (guint64 x,
        int     k)
{
  return (x << k) | (x >> (64 - k));
}

/* splitmix64 spreads any seed (0 included) over the 256-bit state, which
 * xoshiro must not start from all zeros. */
void
ws_rng_init (WsRng   *rng,
             guint64  seed)
{
  guint64 state = seed;

  g_return_if_fail (rng != NULL);
  for (guint i = 0; i < G_N_ELEMENTS (rng->s); i++)
    rng->s[i] = splitmix64 (&state);
}

/* xoshiro256**: the scrambled output of a linear generator over GF(2). */
guint64
ws_rng_next (WsRng *rng)
{
  guint64 *s = rng->s;
  guint64 result = rotl64 (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl64 (s[3], 45);
  return result;
}

/* Rejection keeps the result exactly uniform: draws below `2^64 mod bound`
 * would make the low residues one draw more likely than the others. */
guint64
ws_rng_below (WsRng   *rng,
              guint64  bound)
{
  guint64 threshold, r;

  g_return_val_if_fail (bound > 0, 0);
  threshold = (0 - bound) % bound;
  do
    r = ws_rng_next (rng);
  while (r < threshold);
  return r % bound;
}

/* The top 24 bits fill a float mantissa exactly, so no value rounds up to 1. */
gfloat
ws_rng_float01 (WsRng *rng)
{
  return (gfloat) (ws_rng_next (rng) >> 40) * (1.0f / 16777216.0f);
}

/* ---- names ------------------------------------------------------------- */

const char *
ws_distribution_name (WsDistribution dist)
{
  g_return_val_if_fail (dist < WS_N_DISTS, "?");
  return dist_names[dist];
}

gboolean
ws_distribution_from_string (const char     *name,
                             WsDistribution *out,
                             GError        **error)
{
  g_autoptr (GString) valid = g_string_new (NULL);

  for (guint i = 0; i < WS_N_DISTS; i++)
    if (g_strcmp0 (name, dist_names[i]) == 0)
      {
        *out = (WsDistribution) i;
        return TRUE;
      }
  for (guint i = 0; i < WS_N_DISTS; i++)
    g_string_append_printf (valid, "%s%s", i == 0 ? "" : i + 1 < WS_N_DISTS ? ", " : " or ",
                            dist_names[i]);
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "Unknown distribution “%s”: use %s", name, valid->str);
  return FALSE;
}

/* ---- sorting the stream ------------------------------------------------ */

/* Sorts count keys of `array` from `start` ascending, with the engine's
 * radix sort on a view of that range: generation stays O(n) even at 2^26
 * keys and never depends on which variant is being measured. */
static gboolean
sort_range (WsArray *array,
            gsize    start,
            gsize    count,
            GError **error)
{
  WsArray view = { .type = array->type, .n = count };

  view.data = (char *) array->data + start * ws_key_type_size (array->type);
  return ws_radix_sort (&view, WS_VARIANT_CPU_PAR, NULL, error);
}

static inline void
swap_keys (guint32 *keys,
           gsize    a,
           gsize    b)
{
  guint32 t = keys[a];

  keys[a] = keys[b];
  keys[b] = t;
}

static void
reverse_range (WsArray *array,
               gsize    start,
               gsize    count)
{
  guint32 *keys = (guint32 *) array->data + start;

  for (gsize i = 0, j = count; i + 1 < j; i++, j--)
    swap_keys (keys, i, j - 1);
}

/* ---- distributions ----------------------------------------------------- */

/* One uniform key as its bit pattern: float32 in [0,1), int32 over the
 * whole range. Keys are stored through these patterns (the build uses
 * -fno-strict-aliasing), the view the radix sort works on. */
static inline guint32
uniform_bits (WsKeyType type,
              WsRng    *rng)
{
  gfloat f;
  guint32 bits;

  if (type == WS_KEY_INT32)
    return (guint32) (ws_rng_next (rng) >> 32);
  f = ws_rng_float01 (rng);
  memcpy (&bits, &f, sizeof bits);
  return bits;
}

/* The fills draw key after key in pieces of WS_CANCEL_STRIDE, looking at
 * the stop flag (ws-cancel.h) before each: inside a benchmark, generating
 * the inputs is part of the run a Cancel must stop (a grid of N = 46340 is
 * 2^31 keys, seconds of drawing). The stream is the same whole or in
 * pieces. */
static void
fill_uniform (WsArray    *array,
              WsRng      *rng,
              const gint *stop)
{
  guint32 *keys = array->data;
  gsize n = array->n;

  for (gsize p = 0; p < n && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
    for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, n); i++)
      keys[i] = uniform_bits (array->type, rng);
}

static void
fill_uniform16 (WsArray    *array,
                WsRng      *rng,
                const gint *stop)
{
  gsize n = array->n;

  for (gsize p = 0; p < n && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
    for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, n); i++)
      {
        guint32 v = (guint32) (ws_rng_next (rng) >> 48);
        if (array->type == WS_KEY_FLOAT32)
          array->f32[i] = (gfloat) v;
        else
          array->i32[i] = (gint32) v;
      }
}

/* Draws FEW_UNIQUE_KEYS distinct uniform keys (as bit patterns). */
static void
draw_distinct_keys (WsKeyType type,
                    WsRng    *rng,
                    guint32  *pool)
{
  for (guint k = 0; k < FEW_UNIQUE_KEYS; k++)
    {
      gboolean fresh;
      do
        {
          pool[k] = uniform_bits (type, rng);
          fresh = TRUE;
          for (guint j = 0; j < k; j++)
            fresh = fresh && pool[j] != pool[k];
        }
      while (!fresh);
    }
}

/* Every key of the pool appears (when n >= 16) and in near-equal numbers;
 * the Fisher-Yates shuffle then scatters them. */
static void
fill_few_unique (WsArray    *array,
                 WsRng      *rng,
                 const gint *stop)
{
  guint32 pool[FEW_UNIQUE_KEYS];
  guint32 *keys = array->data;
  gsize n = array->n;

  draw_distinct_keys (array->type, rng, pool);
  for (gsize p = 0; p < n && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
    for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, n); i++)
      keys[i] = pool[i % FEW_UNIQUE_KEYS];
  /* Fisher-Yates from the top, i from n down to 2, in pieces. */
  for (gsize i = n; i > 1 && !ws_cancel_raised (stop);)
    for (gsize low = i > WS_CANCEL_STRIDE + 1 ? i - WS_CANCEL_STRIDE : 1; i > low; i--)
      swap_keys (keys, i - 1, (gsize) ws_rng_below (rng, i));
}

/* About n/100 swaps, each of a random key with one 1..8 places after it. */
static void
perturb_nearly_sorted (WsArray *array,
                       WsRng   *rng)
{
  guint32 *keys = array->data;
  gsize n = array->n, swaps = (n + 50) / 100;

  if (n < 2)
    return;
  for (gsize s = 0; s < swaps; s++)
    {
      gsize i = (gsize) ws_rng_below (rng, n - 1);
      gsize reach = MIN ((gsize) NEARLY_SORTED_REACH, n - 1 - i);
      swap_keys (keys, i, i + 1 + (gsize) ws_rng_below (rng, reach));
    }
}

/* The ordered distributions rearrange the uniform stream. */
static gboolean
arrange (WsArray        *array,
         WsDistribution  dist,
         WsRng          *rng,
         GError        **error)
{
  gsize n = array->n, half = (n + 1) / 2;

  switch (dist)
    {
    case WS_DIST_SORTED:
      return sort_range (array, 0, n, error);
    case WS_DIST_REVERSED:
      if (!sort_range (array, 0, n, error))
        return FALSE;
      reverse_range (array, 0, n);
      return TRUE;
    case WS_DIST_ORGAN_PIPE:
      if (!sort_range (array, 0, half, error) || !sort_range (array, half, n - half, error))
        return FALSE;
      reverse_range (array, half, n - half);
      return TRUE;
    case WS_DIST_NEARLY_SORTED:
      if (!sort_range (array, 0, n, error))
        return FALSE;
      perturb_nearly_sorted (array, rng);
      return TRUE;
    default:
      return TRUE;
    }
}

/* Cancelled (ws-cancel.h): FALSE with WS_ERROR_CANCELLED, the keys partial. */
static gboolean
fill (WsArray        *array,
      WsDistribution  dist,
      WsRng          *rng,
      GError        **error)
{
  const gint *stop = ws_cancel_stop_flag ();

  if (dist == WS_DIST_UNIFORM16)
    fill_uniform16 (array, rng, stop);
  else if (dist == WS_DIST_FEW_UNIQUE)
    fill_few_unique (array, rng, stop);
  else
    {
      fill_uniform (array, rng, stop);
      if (ws_cancel_raised (stop))
        return ws_cancel_check_flag (stop, error);
      return arrange (array, dist, rng, error);
    }
  return ws_cancel_check_flag (stop, error);
}

WsArray *
ws_generate (WsKeyType       type,
             WsDistribution  dist,
             gsize           n,
             guint64         seed,
             GError        **error)
{
  g_autoptr (WsArray) array = NULL;
  WsRng rng;

  g_return_val_if_fail (type <= WS_KEY_FLOAT32, NULL);
  g_return_val_if_fail (dist < WS_N_DISTS, NULL);
  array = ws_array_new (type, n, error);
  if (array == NULL)
    return NULL;
  ws_rng_init (&rng, seed);
  if (!fill (array, dist, &rng, error))
    return NULL;
  return g_steal_pointer (&array);
}
