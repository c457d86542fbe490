/* test-gpu-scan.c: the CUDA scan (gpu-seed, gpu, gpu-lib, and the Blelloch
 * levels the animator steps) and histogram against plain prefix sums and
 * the CPU engine. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "gpu-test-util.h"
#include "ws-generator.h"
#include "ws-primitives.h"
#include "ws-scan.h"

static const WsCudaImpl impls[] = { WS_CUDA_SEED, WS_CUDA_OURS, WS_CUDA_LIB };
static const char *const impl_names[] = { "gpu-seed", "gpu", "gpu-lib" };

/* 65536 and 2^20 bins are past shared memory (gpu's global-atomic path). */
static const guint bin_choices[] = { 1, 7, 256, 65536, 1u << 20 };

#define LARGE_N ((gsize) 1 << 26)

/* ---- Scan ---- */

static WsArray *
gpu_scan (const WsArray *in,
          WsCudaImpl     impl,
          WsCudaTiming  *timing_out)
{
  g_autoptr (GError) error = NULL;
  WsCudaTiming timing;
  WsArray *out = ws_array_new (in->type, in->n, &error);

  g_assert_no_error (error);
  g_assert_true (ws_cuda_scan (impl, gpu_test_type (in->type), in->data, out->data, in->n, &timing,
                               &error));
  g_assert_no_error (error);
  gpu_test_assert_timing (&timing);
  if (timing_out != NULL)
    *timing_out = timing;
  return out;
}

/* int32: exact modulo 2^32, from a plain guint32 loop. */
static void
check_int32 (const WsArray *in,
             const WsArray *out)
{
  guint32 sum = 0;

  for (gsize i = 0; i < in->n; i++)
    {
      if ((guint32) out->i32[i] != sum)
        g_error ("scan[%" G_GSIZE_FORMAT "] of %" G_GSIZE_FORMAT " = %u, want %u", i, in->n,
                 (guint32) out->i32[i], sum);
      sum += (guint32) in->i32[i];
    }
}

/* Additions on the longest path of any of the three: a tree or warp scan
 * (2 log2 w), a thread's run of keys, and one carry per tile before it. */
static double
gpu_depth (gsize n)
{
  return 2.0 * ws_test_log2_width (n) + 64.0 + (double) n / 256.0;
}

/* Keys whose every partial sum is an integer below 2^24: any order of float
 * additions is exact, so a key counted twice or missed shows. */
static void
check_float32_exact (const WsArray *in,
                     const WsArray *out)
{
  double sum = 0.0;

  for (gsize i = 0; i < in->n; i++)
    {
      if (out->f32[i] != sum)
        g_error ("scan[%" G_GSIZE_FORMAT "] of %" G_GSIZE_FORMAT " = %.9g, want %.9g", i, in->n,
                 out->f32[i], sum);
      sum += in->f32[i];
    }
}

static void
check_scan_all (const WsArray *in)
{
  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    {
      g_autoptr (WsArray) out = gpu_scan (in, impls[k], NULL);
      if (in->type == WS_KEY_INT32)
        check_int32 (in, out);
      else
        ws_test_check_scan_float32 (in, out, gpu_depth (in->n));
    }
}

static void
test_scan_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) in = ws_test_generate (c->type, c->dist, ws_test_sizes[s], 11 + s);
      check_scan_all (in);
    }
}

static void
test_scan_int32_special (void)
{
  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) in = ws_test_special_array (WS_KEY_INT32, ws_test_sizes[s], 5 + s);
      check_scan_all (in);
    }
}

static void
test_scan_int32_wraps (void)
{
  const gint32 values[] = { G_MAXINT32, 1, G_MININT32, -1, G_MININT32 };
  const gint32 want[] = { 0, G_MAXINT32, G_MININT32, 0, -1 };
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) in = ws_array_new (WS_KEY_INT32, G_N_ELEMENTS (values), &error);

  if (gpu_test_skip_without_device ())
    return;
  memcpy (in->i32, values, sizeof values);
  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    {
      g_autoptr (WsArray) out = gpu_scan (in, impls[k], NULL);
      g_assert_cmpmem (out->i32, sizeof want, want, sizeof want);
    }
}

static void
check_float32_special (const WsArray *in)
{
  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    {
      g_autoptr (WsArray) out = gpu_scan (in, impls[k], NULL);
      ws_test_check_scan_float32_special (in, out, gpu_depth (in->n));
    }
}

/* ±inf, ±0.0, denormals and ±FLT_MAX; then with FLT_MAX tamed to 1e30 so
 * that the tolerance checks reach every position. */
static void
test_scan_float32_special (void)
{
  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) in = ws_test_special_array (WS_KEY_FLOAT32, ws_test_sizes[s], 8 + s);
      check_float32_special (in);
      ws_test_tame_flt_max (in, 1e30f);
      check_float32_special (in);
    }
}

/* n keys in {-2, ..., 2}, or (sparse) mostly 0 with ±1 at one key in 8:
 * every partial sum stays an exact float. */
static WsArray *
small_integer_floats (gsize   n,
                      gboolean sparse,
                      guint64 seed)
{
  WsArray *a = ws_test_array_new (WS_KEY_FLOAT32, n);
  WsRng rng;

  ws_rng_init (&rng, seed);
  for (gsize i = 0; i < n; i++)
    {
      guint64 r = ws_rng_next (&rng);
      if (sparse)
        a->f32[i] = (r & 7) != 0 ? 0.0f : (r & 8) ? 1.0f : -1.0f;
      else
        a->f32[i] = (float) ((gint) (r % 5) - 2);
    }
  return a;
}

static void
test_scan_float32_exact (void)
{
  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) in = small_integer_floats (ws_test_sizes[s], FALSE, 3 + s);
      for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
        {
          g_autoptr (WsArray) out = gpu_scan (in, impls[k], NULL);
          check_float32_exact (in, out);
        }
    }
}

/* The fastest kernel time of a few runs (the first also loads the module). */
static double
best_scan_ms (const WsArray *in,
              WsCudaImpl     impl,
              gboolean       exact)
{
  double best = INFINITY;

  for (guint r = 0; r < 3; r++)
    {
      WsCudaTiming timing;
      g_autoptr (WsArray) out = gpu_scan (in, impl, &timing);
      if (r == 0 && in->type == WS_KEY_INT32)
        check_int32 (in, out);
      else if (r == 0 && exact)
        check_float32_exact (in, out);
      else if (r == 0)
        ws_test_check_scan_float32 (in, out, gpu_depth (in->n));
      best = MIN (best, timing.kernel_ms);
    }
  return best;
}

/* 2^26 keys: every implementation exact (int32 uniform, float32 sparse
 * ±1); the kernel times are printed (speed is measured by benchmarks). */
static void
test_scan_large (void)
{
  double ms[2][G_N_ELEMENTS (impls)];

  if (gpu_test_skip_without_device ())
    return;
  for (guint t = 0; t < 2; t++)
    {
      g_autoptr (WsArray) in = t == 0 ? ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, LARGE_N, 9)
                                      : small_integer_floats (LARGE_N, TRUE, 9);
      for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
        ms[t][k] = best_scan_ms (in, impls[k], TRUE);
      g_printerr ("scan 2^26 %s kernel_ms: %s %.3f, %s %.3f (%.0f GB/s), %s %.3f\n",
                  t == 0 ? "int32" : "float32", impl_names[0], ms[t][0], impl_names[1], ms[t][1],
                  2.0 * sizeof (gint32) * LARGE_N / (ms[t][1] * 1e6), impl_names[2], ms[t][2]);
    }
}

/* ---- Scan levels, against the engine's schedule ---- */

/* Bit for bit, but any NaN matches any NaN (x86 and CUDA spell NaN apart). */
static void
assert_same_keys (const WsArray *want,
                  const gint32  *got,
                  guint          level)
{
  for (gsize i = 0; i < want->n; i++)
    {
      gboolean same = want->i32[i] == got[i]
                      || (want->type == WS_KEY_FLOAT32 && isnan (want->f32[i])
                          && isnan (((const float *) got)[i]));
      if (!same)
        g_error ("level %u: key %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT " is %08x, want %08x",
                 level, i, want->n, (guint32) got[i], (guint32) want->i32[i]);
    }
}

static void
check_levels (const WsArray *in)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsScanSchedule) s = ws_scan_schedule_new (in->n, &error);
  g_autoptr (WsArray) work = ws_scan_schedule_pad (s, in, &error);
  gsize w = ws_scan_schedule_width (s);
  g_autofree gint32 *got = g_new0 (gint32, w + 1);
  gpointer d_work = ws_cuda_malloc (w * sizeof (gint32), &error);

  g_assert_no_error (error);
  g_assert_true (ws_cuda_upload (d_work, work->data, w * sizeof (gint32), &error));
  for (guint level = 0; level < ws_scan_schedule_n_levels (s); level++)
    {
      WsScanLevelInfo info;
      ws_scan_schedule_level_info (s, level, &info);
      ws_scan_schedule_apply_level (s, work, level, NULL);
      g_assert_true (ws_cuda_scan_level (gpu_test_type (in->type), d_work, w, info.phase,
                                         info.stride, &error));
      g_assert_no_error (error);
      g_assert_true (ws_cuda_download (got, d_work, w * sizeof (gint32), &error));
      g_assert_no_error (error);
      assert_same_keys (work, got, level);
    }
  ws_cuda_free (d_work);
}

static void
test_scan_levels (void)
{
  static const gsize big[] = { 1000, 1025 };

  if (gpu_test_skip_without_device ())
    return;
  for (gsize n = 0; n <= 70 + G_N_ELEMENTS (big); n++)
    {
      gsize size = n <= 70 ? n : big[n - 71];
      for (guint t = 0; t < 2; t++)
        {
          g_autoptr (WsArray) uniform = ws_test_generate ((WsKeyType) t, WS_DIST_UNIFORM, size, n);
          g_autoptr (WsArray) special = ws_test_special_array ((WsKeyType) t, size, 40 + n);
          check_levels (uniform);
          check_levels (special);
        }
    }
}

static void
test_scan_level_invalid (void)
{
  g_autoptr (GError) error = NULL;
  gpointer d_work;

  if (gpu_test_skip_without_device ())
    return;
  d_work = ws_cuda_malloc (16 * sizeof (gint32), &error);
  g_assert_no_error (error);
  g_assert_true (ws_cuda_scan_level (WS_CUDA_INT32, NULL, 0, 0, 2, &error)); /* no levels */
  g_assert_no_error (error);
  g_assert_false (ws_cuda_scan_level (WS_CUDA_INT32, d_work, 12, 0, 2, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (ws_cuda_scan_level (WS_CUDA_INT32, d_work, 16, 3, 2, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (ws_cuda_scan_level (WS_CUDA_FLOAT32, d_work, 16, 2, 32, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (ws_cuda_scan_level (WS_CUDA_FLOAT32, d_work, 16, 0, 6, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
  ws_cuda_free (d_work);
}

static void
test_scan_unsupported (void)
{
  g_autoptr (GError) error = NULL;
  WsCudaTiming timing;
  gint32 keys[4] = { 1, 2, 3, 4 };

  if (gpu_test_skip_without_device ())
    return;
  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    {
      g_assert_true (ws_cuda_has ("scan", impls[k]));
      g_assert_true (ws_cuda_has ("histogram", impls[k]));
    }
  g_assert_false (ws_cuda_has ("scan", WS_CUDA_SEED_SHARED));
  g_assert_false (ws_cuda_scan (WS_CUDA_SEED_V1, WS_CUDA_INT32, keys, keys, 4, &timing, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED);
  g_assert_cmpint (keys[3], ==, 4);
}

/* ---- Histogram ---- */

typedef struct
{
  guint64 *counts;
  double   lo;
  double   hi;
} Hist;

static void
cpu_histogram (const WsArray *a,
               guint          bins,
               Hist          *h)
{
  g_autoptr (GError) error = NULL;

  h->counts = g_new (guint64, bins);
  g_assert_true (ws_histogram (a, bins, WS_VARIANT_CPU_SEQ, h->counts, &h->lo, &h->hi, &error));
  g_assert_no_error (error);
}

static void
gpu_histogram (const WsArray *a,
               guint          bins,
               WsCudaImpl     impl,
               Hist          *h,
               WsCudaTiming  *timing)
{
  g_autoptr (GError) error = NULL;

  h->counts = g_new (guint64, bins);
  h->lo = h->hi = -1.0;
  g_assert_true (ws_cuda_histogram (impl, gpu_test_type (a->type), a->data, a->n, bins, h->counts,
                                    &h->lo, &h->hi, timing, &error));
  g_assert_no_error (error);
  gpu_test_assert_timing (timing);
}

static void
assert_same_hist (const Hist *want,
                  const Hist *got,
                  guint       bins,
                  WsCudaImpl  impl)
{
  g_assert_cmpfloat (got->lo, ==, want->lo);
  g_assert_cmpfloat (got->hi, ==, want->hi);
  for (guint b = 0; b < bins; b++)
    if (got->counts[b] != want->counts[b])
      g_error ("%s, %u bins: bin %u holds %" G_GUINT64_FORMAT ", want %" G_GUINT64_FORMAT,
               impl_names[impl == WS_CUDA_SEED ? 0 : impl == WS_CUDA_OURS ? 1 : 2], bins, b,
               got->counts[b], want->counts[b]);
}

/* Every implementation against cpu-seq, for every bin count. */
static void
check_histogram_all (const WsArray *a)
{
  for (guint b = 0; b < G_N_ELEMENTS (bin_choices); b++)
    {
      Hist want;
      cpu_histogram (a, bin_choices[b], &want);
      for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
        {
          Hist got;
          WsCudaTiming timing;
          gpu_histogram (a, bin_choices[b], impls[k], &got, &timing);
          assert_same_hist (&want, &got, bin_choices[b], impls[k]);
          g_free (got.counts);
        }
      g_free (want.counts);
    }
}

static void
test_histogram_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) a = ws_test_generate (c->type, c->dist, ws_test_sizes[s], 61 + s);
      check_histogram_all (a);
    }
}

static void
test_histogram_special (void)
{
  if (gpu_test_skip_without_device ())
    return;
  for (guint t = 0; t < 2; t++)
    for (guint s = 0; s < ws_test_n_sizes; s++)
      {
        g_autoptr (WsArray) a = ws_test_special_array ((WsKeyType) t, ws_test_sizes[s], 71 + s);
        check_histogram_all (a);
      }
}

/* Corner cases by hand: all keys equal, only infinities, both zeros, max
 * exactly at the top of the last bin. */
static void
test_histogram_corners (void)
{
  static const float floats[][4] = {
    { INFINITY, -INFINITY, INFINITY, INFINITY },
    { -0.0f, 0.0f, 0.0f, -0.0f },
    { 2.5f, 2.5f, INFINITY, 2.5f },
    { -1.0f, 3.0f, -INFINITY, 0.1f },
  };
  static const gint32 ints[][4] = {
    { 7, 7, 7, 7 },
    { G_MININT32, G_MAXINT32, 0, -1 },
    { -3, 5, 5, -3 },
  };
  g_autoptr (GError) error = NULL;

  if (gpu_test_skip_without_device ())
    return;
  for (guint r = 0; r < G_N_ELEMENTS (floats); r++)
    {
      g_autoptr (WsArray) a = ws_array_new (WS_KEY_FLOAT32, 4, &error);
      memcpy (a->f32, floats[r], sizeof floats[r]);
      check_histogram_all (a);
    }
  for (guint r = 0; r < G_N_ELEMENTS (ints); r++)
    {
      g_autoptr (WsArray) a = ws_array_new (WS_KEY_INT32, 4, &error);
      memcpy (a->i32, ints[r], sizeof ints[r]);
      check_histogram_all (a);
    }
}

static void
test_histogram_invalid (void)
{
  gint32 keys[4] = { 1, 2, 3, 4 };
  guint64 counts[4];
  WsCudaTiming timing;
  const guint bad_bins[] = { 0, (1u << 24) + 1 };

  if (gpu_test_skip_without_device ())
    return;
  for (guint b = 0; b < G_N_ELEMENTS (bad_bins); b++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_false (ws_cuda_histogram (WS_CUDA_OURS, WS_CUDA_INT32, keys, 4, bad_bins[b],
                                         counts, NULL, NULL, &timing, &error));
      g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
    }
  {
    g_autoptr (GError) error = NULL;
    g_assert_false (ws_cuda_histogram (WS_CUDA_SEED_V2, WS_CUDA_INT32, keys, 4, 4, counts, NULL,
                                       NULL, &timing, &error));
    g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED);
  }
}

/* 2^26 keys of both types against cpu-seq, every implementation; the best
 * kernel time of each is printed and gpu must not trail gpu-seed. */
static void
test_histogram_large (void)
{
  static const guint large_bins[] = { 256, 65536 };

  if (gpu_test_skip_without_device ())
    return;
  for (guint t = 0; t < 2; t++)
    {
      g_autoptr (WsArray) a = ws_test_generate ((WsKeyType) t, WS_DIST_UNIFORM, LARGE_N, 17);
      for (guint b = 0; b < G_N_ELEMENTS (large_bins); b++)
        {
          double ms[G_N_ELEMENTS (impls)];
          Hist want;
          cpu_histogram (a, large_bins[b], &want);
          for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
            {
              ms[k] = INFINITY;
              for (guint r = 0; r < 2; r++)
                {
                  Hist got;
                  WsCudaTiming timing;
                  gpu_histogram (a, large_bins[b], impls[k], &got, &timing);
                  assert_same_hist (&want, &got, large_bins[b], impls[k]);
                  ms[k] = MIN (ms[k], timing.kernel_ms);
                  g_free (got.counts);
                }
            }
          g_free (want.counts);
          g_printerr ("histogram 2^26 %s %u bins kernel_ms: %s %.3f, %s %.3f, %s %.3f\n",
                      t == 0 ? "int32" : "float32", large_bins[b], impl_names[0], ms[0],
                      impl_names[1], ms[1], impl_names[2], ms[2]);
        }
    }
}

/* ---- Kernel times at smaller sizes, for the report ---- */

static double
best_histogram_ms (const WsArray *a,
                   guint          bins,
                   WsCudaImpl     impl)
{
  double best = INFINITY;

  for (guint r = 0; r < 3; r++)
    {
      Hist got;
      WsCudaTiming timing;
      gpu_histogram (a, bins, impl, &got, &timing);
      best = MIN (best, timing.kernel_ms);
      g_free (got.counts);
    }
  return best;
}

/* Prints the best kernel_ms of gpu-seed, gpu and gpu-lib per size (no
 * assertion: at these sizes launch latency dominates and varies). */
static void
test_timing_table (void)
{
  static const gsize sizes[] = { 1000, 65537, 1u << 20 };

  if (gpu_test_skip_without_device ())
    return;
  for (guint t = 0; t < 2; t++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        g_autoptr (WsArray) a = ws_test_generate ((WsKeyType) t, WS_DIST_UNIFORM, sizes[s], 5);
        double ms[3];
        for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
          ms[k] = best_scan_ms (a, impls[k], FALSE);
        g_printerr ("timing %s n=%" G_GSIZE_FORMAT " scan kernel_ms: seed %.4f gpu %.4f lib %.4f\n",
                    t == 0 ? "int32" : "float32", sizes[s], ms[0], ms[1], ms[2]);
        for (guint b = 256; b <= 65536; b *= 256)
          {
            for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
              ms[k] = best_histogram_ms (a, b, impls[k]);
            g_printerr ("timing %s n=%" G_GSIZE_FORMAT " histogram %u bins kernel_ms: seed %.4f "
                        "gpu %.4f lib %.4f\n", t == 0 ? "int32" : "float32", sizes[s], b, ms[0],
                        ms[1], ms[2]);
          }
      }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ws_test_add_cases ("/gpu-scan", WS_TEST_PER_DIST, 0, test_scan_distribution);
  g_test_add_func ("/gpu-scan/int32/special", test_scan_int32_special);
  g_test_add_func ("/gpu-scan/int32/wraps", test_scan_int32_wraps);
  g_test_add_func ("/gpu-scan/float32/special", test_scan_float32_special);
  g_test_add_func ("/gpu-scan/float32/exact", test_scan_float32_exact);
  g_test_add_func ("/gpu-scan/levels", test_scan_levels);
  g_test_add_func ("/gpu-scan/levels/invalid", test_scan_level_invalid);
  g_test_add_func ("/gpu-scan/unsupported", test_scan_unsupported);
  g_test_add_func ("/gpu-scan/large", test_scan_large);
  ws_test_add_cases ("/gpu-histogram", WS_TEST_PER_DIST, 0, test_histogram_distribution);
  g_test_add_func ("/gpu-histogram/special", test_histogram_special);
  g_test_add_func ("/gpu-histogram/corners", test_histogram_corners);
  g_test_add_func ("/gpu-histogram/invalid", test_histogram_invalid);
  g_test_add_func ("/gpu-histogram/large", test_histogram_large);
  g_test_add_func ("/gpu-timing", test_timing_table);

  return g_test_run ();
}
