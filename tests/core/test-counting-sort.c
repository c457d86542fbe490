/* test-counting-sort.c: study 002's counting sort, every variant (cpu-seq,
 * cpu-par, gpu-seed, gpu), against qsort, and the refusals that send
 * other keys to radix sort. */
#include <string.h>

#include "ws-error.h"
#include "ws-primitives.h"
#include "ws-test-variant.h"
#if WS_HAVE_CUDA
#include "ws-cuda.h"
#endif

#define MAX_RANGE ((gint64) 1 << 26)

/* max - min + 1 of the keys is past what counting sort takes. */
static gboolean
too_wide (const WsArray *in)
{
  gint64 mn = G_MAXINT64, mx = G_MININT64;

  for (gsize i = 0; i < in->n; i++)
    {
      mn = MIN (mn, in->i32[i]);
      mx = MAX (mx, in->i32[i]);
    }
  return in->n > 1 && mx - mn + 1 > MAX_RANGE;
}

static void
assert_too_wide (const GError *error)
{
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "too wide"));
  g_assert_nonnull (strstr (error->message, "radix-sort"));
}

/* Either a sorted permutation, bitwise qsort's, or (when max - min + 1 >
 * 2^26) the too-wide error. The CPU counts three passes (count, scan,
 * scatter) from two keys on. */
static void
check_counting_sort (const WsTestCase *c,
                     const WsArray    *in)
{
  WsRunInput run = ws_test_run_input (c, in);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) ref = NULL;
  WsRunOutput out;

  if (!ws_test_run (&run, &out, &error))
    {
      g_assert_true (too_wide (in));
      assert_too_wide (error);
      return;
    }
  g_assert_false (too_wide (in));
  ref = ws_test_qsort_copy (in);
  g_assert_true (ws_array_equal (out.array, ref));
  if (in->n <= 100000)
    g_assert_true (ws_test_is_sorted_permutation (in, out.array));
  if (!ws_variant_is_gpu (c->variant))
    g_assert_cmpuint (out.counters.passes, ==, in->n < 2 ? 0 : 3);
  ws_run_output_clear (&out);
}

/* Every distribution as generated (full-range ones must refuse), and
 * divided by 4096 so that its order survives in a range counting sort takes. */
static void
test_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sort_sizes; s++)
    {
      gsize n = ws_test_sort_sizes[s];
      g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, c->dist, n, 81 + s);
      check_counting_sort (c, a);
      for (gsize i = 0; i < a->n; i++)
        a->i32[i] /= 4096;
      check_counting_sort (c, a);
    }
}

/* The int32 special values (too wide), and keys within 5000 of either end
 * of int32: offsets from min must not overflow. */
static void
test_extremes (gconstpointer data)
{
  for (guint s = 0; s < ws_test_n_sort_sizes; s++)
    {
      gsize n = ws_test_sort_sizes[s];
      g_autoptr (WsArray) special = ws_test_special_array (WS_KEY_INT32, n, 91 + s);
      g_autoptr (WsArray) low = ws_array_copy (special, NULL);
      g_autoptr (WsArray) high = ws_array_copy (special, NULL);
      check_counting_sort (data, special);
      for (gsize i = 0; i < special->n; i++)
        {
          gint32 offset = (gint32) ((guint32) special->i32[i] % 5000u);
          low->i32[i] = G_MININT32 + offset;
          high->i32[i] = G_MAXINT32 - offset;
        }
      check_counting_sort (data, low);
      check_counting_sort (data, high);
    }
}

/* Ranges on both sides of the GPU's shared-memory histogram limit up to
 * the 2^26 maximum, with keys spread evenly or nine in ten on one value.
 * The CPU's counts of 2^26 values only cost time here (range-limit has
 * them). */
static void
test_ranges (gconstpointer data)
{
  static const guint32 ranges[] = { 1, 2, 100, 12288, 12289, 65536, 1u << 20, 1u << 26 };
  static const gsize sizes[] = { 2, 1000, 65537, 300001 };
  gboolean gpu = ws_variant_is_gpu (((const WsTestCase *) data)->variant);

  for (guint r = 0; r < G_N_ELEMENTS (ranges) - (gpu ? 0 : 1); r++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      for (guint skew = 0; skew < 2; skew++)
        {
          g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, sizes[s],
                                                    71 + s);
          gint32 base = r % 2 ? -(gint32) (ranges[r] / 2) : (gint32) (G_MAXINT32 - ranges[r] + 1);
          for (gsize i = 0; i < a->n; i++)
            {
              guint32 u = (guint32) a->i32[i];
              gboolean common = skew && u % 10 != 0;
              a->i32[i] = (gint32) ((guint32) base + (common ? ranges[r] / 3 : u % ranges[r]));
            }
          check_counting_sort (data, a);
        }
}

/* Exactly 2^26 values still fit; one more does not. */
static void
test_range_limit (gconstpointer data)
{
  g_autoptr (WsArray) ok = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM16, 4, 1);
  g_autoptr (WsArray) bad = NULL;

  ok->i32[0] = 7;
  ok->i32[1] = (1 << 26) + 6;
  check_counting_sort (data, ok);
  bad = ws_array_copy (ok, NULL);
  bad->i32[1] = (1 << 26) + 7;
  check_counting_sort (data, bad);
}

/* ---- GPU only: large sizes, and kernel times for the report ---- */

/* uniform16 keys up to 2^24, checked; the faster of two kernel times. */
static void
test_large (gconstpointer data)
{
  static const gsize sizes[] = { 1000, 65537, 1 << 20, 1 << 24 };
  const WsTestCase *c = data;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (WsArray) in = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM16, sizes[s], 81);
      WsRunInput run = ws_test_run_input (c, in);
      g_test_message ("timing counting-sort int32 uniform16 n=%" G_GSIZE_FORMAT ": %s %.3f ms",
                      sizes[s], ws_variant_name (c->variant),
                      ws_test_fastest_kernel_ms (&run, 2, ws_test_check_sorted, NULL));
    }
}

/* ---- The CPU engine's own checks ---- */

/* A refusal leaves the keys as they were (the sort works in place). */
static void
test_refusal_in_place (void)
{
  g_autoptr (WsArray) bad = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM16, 4, 1);
  g_autoptr (WsArray) before = NULL;

  bad->i32[0] = 7;
  bad->i32[1] = (1 << 26) + 7;
  before = ws_array_copy (bad, NULL);
  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_false (ws_counting_sort (bad, ws_test_cpu_variants[v], NULL, &error));
      assert_too_wide (error);
      g_assert_true (ws_array_equal (bad, before));
    }
}

static void
test_float (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM16, 10, 1);
  g_autoptr (WsArray) before = ws_array_copy (a, NULL);

  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_false (ws_counting_sort (a, ws_test_cpu_variants[v], NULL, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED);
      g_assert_cmpstr (error->message, ==,
                       "counting-sort sorts int32 keys; use radix-sort for float32");
      g_assert_true (ws_array_equal (a, before));
    }
}

/* The engine's ws_counting_sort runs the CPU variants only. */
static void
test_unsupported_variant (void)
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
test_too_many_keys (void)
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

/* ---- GPU only: the CUDA library's own checks ---- */

#if WS_HAVE_CUDA
/* float32 keys are refused, in the CPU's words, and left alone. */
static void
test_gpu_float (void)
{
  const WsCudaImpl impls[] = { WS_CUDA_SEED, WS_CUDA_OURS };

  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    for (guint s = 0; s < ws_test_n_sort_sizes; s++)
      {
        g_autoptr (GError) error = NULL;
        gsize n = ws_test_sort_sizes[s];
        g_autoptr (WsArray) a = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM16, n, 3);
        g_autoptr (WsArray) before = ws_array_copy (a, NULL);
        WsCudaTiming timing;
        g_assert_false (ws_cuda_sort (WS_CUDA_COUNTING_SORT, impls[k], WS_CUDA_FLOAT32, a->data,
                                      a->n, &timing, &error));
        g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED);
        g_assert_cmpstr (error->message, ==,
                         "counting-sort sorts int32 keys; use radix-sort for float32");
        g_assert_true (ws_array_equal (a, before));
      }
}
#endif

static const WsTestRows rows[] = {
  { "/counting-sort/values", "counting-sort", WS_TEST_ALL, 0, TRUE, test_distribution },
  { "/counting-sort/extremes", "counting-sort", WS_TEST_ALL, 0, FALSE, test_extremes },
  { "/counting-sort/ranges", "counting-sort", WS_TEST_ALL, 0, FALSE, test_ranges },
  { "/counting-sort/range-limit", "counting-sort", WS_TEST_ALL, 0, FALSE, test_range_limit },
  { "/counting-sort/large", "counting-sort", WS_TEST_GPU, 0, FALSE, test_large },
};

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ws_test_add_rows (rows, G_N_ELEMENTS (rows));
  g_test_add_func ("/counting-sort/refusal-in-place", test_refusal_in_place);
  g_test_add_func ("/counting-sort/float32-unsupported", test_float);
  g_test_add_func ("/counting-sort/unsupported-variant", test_unsupported_variant);
  g_test_add_func ("/counting-sort/too-many-keys", test_too_many_keys);
  ws_test_add_gpu_func ("/counting-sort/gpu/float32-unsupported", WS_TEST_CUDA (test_gpu_float));
  ws_test_add_gpu_built ("/counting-sort/gpu/built", "counting-sort");

  return g_test_run ();
}
