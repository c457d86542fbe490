/* test-counting-sort.c: study 002's counting sort against qsort, and the
 * errors that send other keys to radix sort. */
#include <string.h>

#include "ws-error.h"
#include "ws-primitives.h"
#include "ws-test-util.h"

static const WsVariant cpu_variants[] = { WS_VARIANT_CPU_SEQ, WS_VARIANT_CPU_PAR };

/* Either a sorted permutation, bitwise the same from both variants, or
 * (when max - min + 1 > 2^26) the too-wide error with the array untouched. */
static void
check_counting_sort (const WsArray *in)
{
  gint64 mn = G_MAXINT64, mx = G_MININT64;
  gboolean too_wide;

  for (gsize i = 0; i < in->n; i++)
    {
      mn = MIN (mn, in->i32[i]);
      mx = MAX (mx, in->i32[i]);
    }
  too_wide = in->n > 1 && mx - mn + 1 > (1 << 26);
  for (guint v = 0; v < G_N_ELEMENTS (cpu_variants); v++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) a = ws_array_copy (in, NULL);
      WsCounters counters = { 0 };
      gboolean ok = ws_counting_sort (a, cpu_variants[v], &counters, &error);
      g_assert_cmpint (ok, ==, !too_wide);
      if (too_wide)
        {
          g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
          g_assert_true (ws_array_equal (a, in));
          continue;
        }
      g_assert_no_error (error);
      g_assert_true (ws_test_is_sorted_permutation (in, a));
      g_assert_cmpuint (counters.passes, ==, in->n < 2 ? 0 : 3);
    }
}

/* Every distribution as generated (full-range ones must refuse), and
 * divided by 4096 so that its order survives in a range counting sort takes. */
static void
test_counting_distribution (gconstpointer data)
{
  WsDistribution dist = GPOINTER_TO_INT (data);

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, dist, ws_test_sizes[s], 81 + s);
      check_counting_sort (a);
      for (gsize i = 0; i < a->n; i++)
        a->i32[i] /= 4096;
      check_counting_sort (a);
    }
}

/* Keys within 5000 of one end of int32: offsets from min must not overflow. */
static void
test_counting_extremes (void)
{
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) special = ws_test_special_array (WS_KEY_INT32, ws_test_sizes[s], 91 + s);
      g_autoptr (WsArray) low = ws_array_copy (special, NULL);
      g_autoptr (WsArray) high = ws_array_copy (special, NULL);
      check_counting_sort (special); /* INT32_MIN with INT32_MAX: too wide */
      for (gsize i = 0; i < special->n; i++)
        {
          gint32 offset = (gint32) ((guint32) special->i32[i] % 5000u);
          low->i32[i] = G_MININT32 + offset;
          high->i32[i] = G_MAXINT32 - offset;
        }
      check_counting_sort (low);
      check_counting_sort (high);
    }
}

static void
test_counting_range_limit (void)
{
  g_autoptr (WsArray) ok = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM16, 4, 1);
  g_autoptr (WsArray) bad = NULL;

  /* Exactly 2^26 values still fit; one more does not. */
  ok->i32[0] = 7;
  ok->i32[1] = (1 << 26) + 6;
  check_counting_sort (ok);
  bad = ws_array_copy (ok, NULL);
  bad->i32[1] = (1 << 26) + 7;
  for (guint v = 0; v < G_N_ELEMENTS (cpu_variants); v++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_false (ws_counting_sort (bad, cpu_variants[v], NULL, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, "too wide"));
      g_assert_nonnull (strstr (error->message, "radix-sort"));
    }
}

static void
test_counting_float (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM16, 10, 1);
  g_autoptr (WsArray) before = ws_array_copy (a, NULL);

  for (guint v = 0; v < G_N_ELEMENTS (cpu_variants); v++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_false (ws_counting_sort (a, cpu_variants[v], NULL, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED);
      g_assert_cmpstr (error->message, ==,
                       "counting-sort sorts int32 keys; use radix-sort for float32");
      g_assert_true (ws_array_equal (a, before));
    }
}

static void
test_counting_unsupported (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM16, 10, 1);
  g_autoptr (GError) error = NULL;

  g_assert_false (ws_counting_sort (a, WS_VARIANT_GPU_SEED, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "gpu-seed"));
}

/* Past 2^32 - 1 keys the 32-bit counters could overflow: refused before
 * any key is read (the array here only pretends to be that long). */
static void
test_counting_too_many_keys (void)
{
  g_autoptr (GError) error = NULL;
  gint32 keys[2] = { 2, 1 };
  WsArray huge = { .type = WS_KEY_INT32, .n = (gsize) G_MAXUINT32 + 1, .i32 = keys };

  if (sizeof (gsize) < 8)
    {
      g_test_skip ("needs a 64-bit size_t");
      return;
    }
  g_assert_false (ws_counting_sort (&huge, WS_VARIANT_CPU_PAR, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "radix-sort"));
  g_assert_cmpint (keys[0], ==, 2);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint d = 0; d < WS_N_DISTS; d++)
    {
      g_autofree char *path = g_strdup_printf ("/counting-sort/%s",
                                               ws_distribution_name ((WsDistribution) d));
      g_test_add_data_func (path, GINT_TO_POINTER (d), test_counting_distribution);
    }
  g_test_add_func ("/counting-sort/extremes", test_counting_extremes);
  g_test_add_func ("/counting-sort/range-limit", test_counting_range_limit);
  g_test_add_func ("/counting-sort/float32-unsupported", test_counting_float);
  g_test_add_func ("/counting-sort/unsupported-variant", test_counting_unsupported);
  g_test_add_func ("/counting-sort/too-many-keys", test_counting_too_many_keys);

  return g_test_run ();
}
