/* test-generator.c: the random generator and every input distribution. */
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-generator.h"
#include "ws-test-util.h"

static const WsKeyType key_types[] = { WS_KEY_INT32, WS_KEY_FLOAT32 };

/* Plain reference of the documented construction, written out here again
 * so that a change to either is caught. */
static guint64
ref_splitmix64 (guint64 *x)
{
  guint64 z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static void
test_rng_reference (void)
{
  guint64 x, s[4];
  WsRng rng;

  /* The published first outputs of splitmix64 from state 0. */
  ws_rng_init (&rng, 0);
  g_assert_cmphex (rng.s[0], ==, 0xe220a8397b1dcdafull);
  g_assert_cmphex (rng.s[1], ==, 0x6e789e6aa1b965f4ull);
  g_assert_cmphex (rng.s[2], ==, 0x06c45d188009454full);

  ws_rng_init (&rng, 12345);
  x = 12345;
  for (int i = 0; i < 4; i++)
    s[i] = ref_splitmix64 (&x);
  for (int k = 0; k < 1000; k++)
    {
      guint64 r = s[1] * 5;
      guint64 expect = ((r << 7) | (r >> 57)) * 9;
      guint64 t = s[1] << 17;
      s[2] ^= s[0];
      s[3] ^= s[1];
      s[1] ^= s[2];
      s[0] ^= s[3];
      s[2] ^= t;
      s[3] = (s[3] << 45) | (s[3] >> 19);
      g_assert_cmphex (ws_rng_next (&rng), ==, expect);
    }
}

static void
test_rng_seeds (void)
{
  WsRng a, b, c;
  guint same = 0;

  ws_rng_init (&a, 42);
  ws_rng_init (&b, 42);
  ws_rng_init (&c, 43);
  for (int i = 0; i < 1000; i++)
    {
      guint64 va = ws_rng_next (&a);
      g_assert_cmphex (va, ==, ws_rng_next (&b));
      same += va == ws_rng_next (&c);
    }
  g_assert_cmpuint (same, ==, 0);
}

static void
test_rng_below (void)
{
  const guint64 bounds[] = { 1, 2, 3, 10, 1000, G_MAXUINT32 + 1ull, (1ull << 63) + 1, G_MAXUINT64 };
  guint counts[10] = { 0 };
  WsRng rng;

  ws_rng_init (&rng, 7);
  for (guint b = 0; b < G_N_ELEMENTS (bounds); b++)
    for (int i = 0; i < 2000; i++)
      g_assert_cmpuint (ws_rng_below (&rng, bounds[b]), <, bounds[b]);
  /* 100000 draws over 10 bins: each bin within 5% of 10000 (> 15 sigma). */
  for (int i = 0; i < 100000; i++)
    counts[ws_rng_below (&rng, 10)]++;
  for (int i = 0; i < 10; i++)
    {
      g_assert_cmpuint (counts[i], >, 9500);
      g_assert_cmpuint (counts[i], <, 10500);
    }
}

static void
test_rng_float01 (void)
{
  double sum = 0.0;
  gboolean small = FALSE, large = FALSE;
  WsRng rng;

  ws_rng_init (&rng, 99);
  for (int i = 0; i < 200000; i++)
    {
      gfloat f = ws_rng_float01 (&rng);
      double scaled = (double) f * 16777216.0;
      g_assert_cmpfloat (f, >=, 0.0f);
      g_assert_cmpfloat (f, <, 1.0f);
      g_assert_cmpfloat (scaled, ==, floor (scaled)); /* a multiple of 2^-24 */
      small |= f < 0.001f;
      large |= f > 0.999f;
      sum += f;
    }
  g_assert_true (small && large);
  g_assert_cmpfloat (fabs (sum / 200000 - 0.5), <, 0.005);
}

static void
test_names (void)
{
  for (int d = 0; d < WS_N_DISTS; d++)
    {
      g_autoptr (GError) error = NULL;
      WsDistribution back = WS_N_DISTS;
      const char *name = ws_distribution_name ((WsDistribution) d);

      g_assert_true (ws_distribution_from_string (name, &back, &error));
      g_assert_no_error (error);
      g_assert_cmpint (back, ==, d);
    }
  g_assert_cmpstr (ws_distribution_name (WS_DIST_UNIFORM), ==, "uniform");
  g_assert_cmpstr (ws_distribution_name (WS_DIST_UNIFORM16), ==, "uniform16");
  g_assert_cmpstr (ws_distribution_name (WS_DIST_FEW_UNIQUE), ==, "few-unique");
  g_assert_cmpstr (ws_distribution_name (WS_DIST_ORGAN_PIPE), ==, "organ-pipe");
  g_assert_cmpstr (ws_distribution_name (WS_DIST_NEARLY_SORTED), ==, "nearly-sorted");
}

static void
test_names_unknown (void)
{
  g_autoptr (GError) error = NULL;
  WsDistribution out = WS_DIST_SORTED;

  g_assert_false (ws_distribution_from_string ("gaussian", &out, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (out, ==, WS_DIST_SORTED);
  g_assert_nonnull (strstr (error->message, "gaussian"));
  for (int d = 0; d < WS_N_DISTS; d++)
    g_assert_nonnull (strstr (error->message, ws_distribution_name ((WsDistribution) d)));
}

/* Same (type, dist, n, seed): the same array; another seed: another one. */
static void
test_reproducible (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (key_types); t++)
    for (int d = 0; d < WS_N_DISTS; d++)
      {
        g_autoptr (WsArray) a = ws_test_generate (key_types[t], d, 5000, 2024);
        g_autoptr (WsArray) b = ws_test_generate (key_types[t], d, 5000, 2024);
        g_autoptr (WsArray) c = ws_test_generate (key_types[t], d, 5000, 2025);

        g_assert_true (ws_array_equal (a, b));
        g_assert_false (ws_array_equal (a, c));
      }
}

/* A known prefix pins the stream down across machines and versions. */
static void
test_uniform_first_values (void)
{
  g_autoptr (WsArray) f = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 4, 1);
  g_autoptr (WsArray) i = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 4, 1);
  WsRng rng;

  ws_rng_init (&rng, 1);
  for (int k = 0; k < 4; k++)
    g_assert_cmpfloat (f->f32[k], ==, (float) (ws_rng_next (&rng) >> 40) / 16777216.0f);
  ws_rng_init (&rng, 1);
  for (int k = 0; k < 4; k++)
    g_assert_cmpint (i->i32[k], ==, (gint32) (guint32) (ws_rng_next (&rng) >> 32));
}

static gboolean
in_range (WsKeyType      type,
          WsDistribution dist,
          const WsArray *a,
          gsize          k)
{
  if (dist == WS_DIST_UNIFORM16)
    {
      double v = ws_array_get_double (a, k);
      return v >= 0 && v < 65536 && v == floor (v);
    }
  if (type == WS_KEY_FLOAT32)
    return a->f32[k] >= 0.0f && a->f32[k] < 1.0f
           && (double) a->f32[k] * 16777216.0 == floor ((double) a->f32[k] * 16777216.0);
  return TRUE; /* every int32 is in range */
}

static void
test_sizes_and_ranges (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (key_types); t++)
    for (int d = 0; d < WS_N_DISTS; d++)
      for (guint s = 0; s < ws_test_n_sizes; s++)
        {
          g_autoptr (WsArray) a = ws_test_generate (key_types[t], d, ws_test_sizes[s], s + 1);

          g_assert_cmpint (a->type, ==, key_types[t]);
          g_assert_nonnull (a->data);
          for (gsize k = 0; k < a->n; k++)
            if (!in_range (key_types[t], d, a, k))
              g_error ("%s %s n=%" G_GSIZE_FORMAT ": key %" G_GSIZE_FORMAT " = %g out of range",
                       ws_key_type_name (key_types[t]), ws_distribution_name (d), a->n, k,
                       ws_array_get_double (a, k));
        }
}

static void
test_int32_uniform_spread (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 100000, 5);
  gsize negative = 0, huge = 0;
  double sum = 0;

  for (gsize k = 0; k < a->n; k++)
    {
      negative += a->i32[k] < 0;
      huge += a->i32[k] > G_MAXINT32 / 2 || a->i32[k] < G_MININT32 / 2;
      sum += a->i32[k];
    }
  g_assert_cmpuint (negative, >, 49000);
  g_assert_cmpuint (negative, <, 51000);
  g_assert_cmpuint (huge, >, 49000); /* half the range lies beyond ±2^30 */
  g_assert_cmpfloat (fabs (sum / a->n), <, 0.01 * 2147483648.0);
}

static void
test_uniform16_spread (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (key_types); t++)
    {
      g_autoptr (WsArray) a = ws_test_generate (key_types[t], WS_DIST_UNIFORM16, 200000, 11);
      double lo = 65536, hi = -1, sum = 0;

      for (gsize k = 0; k < a->n; k++)
        {
          double v = ws_array_get_double (a, k);
          lo = MIN (lo, v);
          hi = MAX (hi, v);
          sum += v;
        }
      g_assert_cmpfloat (lo, <, 10);
      g_assert_cmpfloat (hi, >, 65525);
      g_assert_cmpfloat (fabs (sum / a->n - 32767.5), <, 300);
    }
}

static void
test_float_mean (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 1000000, 3);
  double sum = 0, sq = 0;

  for (gsize k = 0; k < a->n; k++)
    {
      sum += a->f32[k];
      sq += (double) a->f32[k] * a->f32[k];
    }
  g_assert_cmpfloat (fabs (sum / a->n - 0.5), <, 0.002);
  g_assert_cmpfloat (fabs (sq / a->n - 1.0 / 3.0), <, 0.002); /* E[x^2] of U[0,1) */
}

static gboolean
ascending_at (const WsArray *a,
              gsize          k)
{
  return a->type == WS_KEY_INT32 ? a->i32[k] <= a->i32[k + 1] : a->f32[k] <= a->f32[k + 1];
}

static gboolean
descending_at (const WsArray *a,
               gsize          k)
{
  return a->type == WS_KEY_INT32 ? a->i32[k] >= a->i32[k + 1] : a->f32[k] >= a->f32[k + 1];
}

/* sorted is the uniform stream sorted; reversed its mirror image. */
static void
test_sorted_reversed (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (key_types); t++)
    for (guint s = 0; s < ws_test_n_sizes; s++)
      {
        gsize n = ws_test_sizes[s];
        g_autoptr (WsArray) u = ws_test_generate (key_types[t], WS_DIST_UNIFORM, n, 77);
        g_autoptr (WsArray) so = ws_test_generate (key_types[t], WS_DIST_SORTED, n, 77);
        g_autoptr (WsArray) re = ws_test_generate (key_types[t], WS_DIST_REVERSED, n, 77);
        g_autoptr (WsArray) ref = ws_test_qsort_copy (u);

        g_assert_true (ws_test_is_sorted_permutation (u, so));
        g_assert_true (ws_array_equal (ref, so));
        for (gsize k = 0; k < n; k++)
          g_assert_cmpmem (&re->i32[k], 4, &so->i32[n - 1 - k], 4);
        for (gsize k = 0; k + 1 < n; k++)
          g_assert_true (descending_at (re, k));
      }
}

static guint
distinct_count (const WsArray *a)
{
  g_autoptr (WsArray) sorted = ws_test_qsort_copy (a);
  guint distinct = a->n > 0;

  for (gsize k = 1; k < a->n; k++)
    distinct += memcmp (&sorted->i32[k - 1], &sorted->i32[k], 4) != 0;
  return distinct;
}

static void
test_few_unique (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (key_types); t++)
    for (guint s = 0; s < ws_test_n_sizes; s++)
      {
        gsize n = ws_test_sizes[s];
        g_autoptr (WsArray) a = ws_test_generate (key_types[t], WS_DIST_FEW_UNIQUE, n, 5 + s);
        guint distinct = distinct_count (a);
        gsize descents = 0;

        g_assert_cmpuint (distinct, <=, 16);
        g_assert_cmpuint (distinct, ==, MIN (n, 16)); /* every key of the pool appears */
        for (gsize k = 0; k + 1 < n; k++)
          descents += !ascending_at (a, k);
        if (n >= 1000)
          g_assert_cmpuint (descents, >, n / 4); /* shuffled, not grouped */
      }
}

static void
test_organ_pipe (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (key_types); t++)
    for (guint s = 0; s < ws_test_n_sizes; s++)
      {
        gsize n = ws_test_sizes[s], half = (n + 1) / 2;
        g_autoptr (WsArray) a = ws_test_generate (key_types[t], WS_DIST_ORGAN_PIPE, n, 31);
        g_autoptr (WsArray) u = ws_test_generate (key_types[t], WS_DIST_UNIFORM, n, 31);
        g_autoptr (WsArray) sa = ws_test_qsort_copy (a);
        g_autoptr (WsArray) su = ws_test_qsort_copy (u);

        g_assert_true (ws_array_equal (sa, su)); /* the uniform keys, rearranged */
        for (gsize k = 0; k + 1 < half; k++)
          g_assert_true (ascending_at (a, k));
        for (gsize k = half; k + 1 < n; k++)
          g_assert_true (descending_at (a, k));
        if (n >= 1000) /* both halves span the range: the peak is near the top */
          g_assert_cmpfloat (ws_array_get_double (a, half - 1), >,
                             ws_array_get_double (sa, n * 9 / 10));
      }
}

static void
test_nearly_sorted (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (key_types); t++)
    for (guint s = 0; s < ws_test_n_sizes; s++)
      {
        gsize n = ws_test_sizes[s], descents = 0;
        g_autoptr (WsArray) a = ws_test_generate (key_types[t], WS_DIST_NEARLY_SORTED, n, 8);
        g_autoptr (WsArray) so = ws_test_generate (key_types[t], WS_DIST_SORTED, n, 8);
        g_autoptr (WsArray) sa = ws_test_qsort_copy (a);

        g_assert_true (ws_array_equal (sa, so)); /* a permutation of sorted */
        for (gsize k = 0; k + 1 < n; k++)
          descents += !ascending_at (a, k);
        /* Each of the ~n/100 swaps touches at most four neighbour pairs. */
        g_assert_cmpuint (descents, <=, 4 * ((n + 50) / 100));
        if (n >= 1000)
          g_assert_cmpuint (descents, >=, n / 400);
      }
}

/* Swapped keys stay near home: each differs from sorted only within reach. */
static void
test_nearly_sorted_locality (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_NEARLY_SORTED, 100000, 4);
  g_autoptr (WsArray) so = ws_test_generate (WS_KEY_INT32, WS_DIST_SORTED, 100000, 4);
  gsize moved = 0;

  for (gsize k = 0; k < a->n; k++)
    {
      gboolean found = FALSE;
      if (a->i32[k] == so->i32[k])
        continue;
      moved++;
      /* Overlapping swaps can chain, so allow a few reaches. */
      for (gsize j = k >= 32 ? k - 32 : 0; j < MIN (a->n, k + 33) && !found; j++)
        found = so->i32[j] == a->i32[k];
      g_assert_true (found);
    }
  g_assert_cmpuint (moved, >, 1000);  /* about 2% of positions change */
  g_assert_cmpuint (moved, <=, 2000);
}

static void
test_huge (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (key_types); t++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) a = ws_generate (key_types[t], WS_DIST_SORTED, G_MAXSIZE / 2, 1, &error);

      g_assert_null (a);
      g_assert_error (error, WS_ERROR, WS_ERROR_NO_MEMORY);
    }
}

/* Large enough for the radix passes to matter, small enough to stay quick. */
static void
test_large_sorted (void)
{
  g_autoptr (WsArray) u = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 1 << 20, 6);
  g_autoptr (WsArray) so = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_SORTED, 1 << 20, 6);

  g_assert_true (ws_test_is_sorted_permutation (u, so));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/generator/rng/reference", test_rng_reference);
  g_test_add_func ("/generator/rng/seeds", test_rng_seeds);
  g_test_add_func ("/generator/rng/below", test_rng_below);
  g_test_add_func ("/generator/rng/float01", test_rng_float01);
  g_test_add_func ("/generator/names/round-trip", test_names);
  g_test_add_func ("/generator/names/unknown", test_names_unknown);
  g_test_add_func ("/generator/reproducible", test_reproducible);
  g_test_add_func ("/generator/uniform/first-values", test_uniform_first_values);
  g_test_add_func ("/generator/sizes-and-ranges", test_sizes_and_ranges);
  g_test_add_func ("/generator/uniform/int32-spread", test_int32_uniform_spread);
  g_test_add_func ("/generator/uniform16/spread", test_uniform16_spread);
  g_test_add_func ("/generator/uniform/float-mean", test_float_mean);
  g_test_add_func ("/generator/sorted-reversed", test_sorted_reversed);
  g_test_add_func ("/generator/few-unique", test_few_unique);
  g_test_add_func ("/generator/organ-pipe", test_organ_pipe);
  g_test_add_func ("/generator/nearly-sorted/permutation", test_nearly_sorted);
  g_test_add_func ("/generator/nearly-sorted/locality", test_nearly_sorted_locality);
  g_test_add_func ("/generator/huge", test_huge);
  g_test_add_func ("/generator/sorted/large", test_large_sorted);
  return g_test_run ();
}
