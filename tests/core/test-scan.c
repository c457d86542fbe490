/* test-scan.c: exclusive scan, every variant (cpu-seq, cpu-par, gpu-seed,
 * gpu, gpu-lib), against plain guint32 and double prefix sums; the Blelloch
 * schedule the animator steps, on the CPU and level by level on the GPU. */
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-generator.h"
#include "ws-scan.h"
#include "ws-test-variant.h"
#if WS_HAVE_CUDA
#include "ws-cuda.h"
#endif

#define LARGE_N ((gsize) 1 << 26)

static WsArray *
scan_copy (const WsArray *in,
           WsVariant      variant,
           WsCounters    *counters)
{
  g_autoptr (GError) error = NULL;
  WsArray *out = ws_array_new (in->type, in->n, &error);

  g_assert_no_error (error);
  g_assert_true (ws_scan_exclusive (in, out, variant, counters, &error));
  g_assert_no_error (error);
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

/* Additions on the longest path to one output. cpu-seq (Blelloch): a tree
 * sum and at most log2 (w) carries. cpu-par: a chunk sum, the carries of
 * the chunks before it, its own prefix. The GPU's: a tree or warp scan
 * (2 log2 w), a thread's run of keys, and one carry per tile before it. */
static double
float_depth (WsVariant variant,
             gsize     n)
{
  if (variant == WS_VARIANT_CPU_SEQ)
    return 2.0 * ws_test_log2_width (n) + 2.0;
  if (variant == WS_VARIANT_CPU_PAR)
    return (double) n + 2.0;
  return 2.0 * ws_test_log2_width (n) + 64.0 + (double) n / 256.0;
}

/* ---- Every variant, through ws_run ---- */

static WsArray *
run_scan (const WsTestCase *c,
          const WsArray    *in)
{
  WsRunInput run = ws_test_run_input (c, in);

  return ws_test_run_array (&run, NULL, NULL);
}

static void
check_scan (const WsTestCase *c,
            const WsArray    *in)
{
  g_autoptr (WsArray) out = run_scan (c, in);

  if (in->type == WS_KEY_INT32)
    check_int32 (in, out);
  else
    ws_test_check_scan_float32 (in, out, float_depth (c->variant, in->n));
}

static void
test_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) in = ws_test_generate (c->type, c->dist, ws_test_sizes[s], 11 + s);
      check_scan (c, in);
    }
}

static void
check_float32_special (const WsTestCase *c,
                       const WsArray    *in)
{
  g_autoptr (WsArray) out = run_scan (c, in);

  ws_test_check_scan_float32_special (in, out, float_depth (c->variant, in->n));
}

/* int32: INT32_MAX and INT32_MIN wrap modulo 2^32 exactly as the reference
 * does. float32: ±inf, ±0.0, denormals and ±FLT_MAX; then the same with
 * FLT_MAX tamed to 1e30, so that the tolerance checks reach every position. */
static void
test_special (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      guint64 seed = (c->type == WS_KEY_INT32 ? 5 : 8) + s;
      g_autoptr (WsArray) in = ws_test_special_array (c->type, ws_test_sizes[s], seed);
      if (c->type == WS_KEY_INT32)
        {
          check_scan (c, in);
          continue;
        }
      check_float32_special (c, in);
      ws_test_tame_flt_max (in, 1e30f);
      check_float32_special (c, in);
    }
}

static void
test_int32_wraps (gconstpointer data)
{
  const gint32 values[] = { G_MAXINT32, 1, G_MININT32, -1, G_MININT32 };
  const gint32 want[] = { 0, G_MAXINT32, G_MININT32, 0, -1 };
  g_autoptr (WsArray) in = ws_test_array_new (WS_KEY_INT32, G_N_ELEMENTS (values));
  g_autoptr (WsArray) out = NULL;

  memcpy (in->i32, values, sizeof values);
  out = run_scan (data, in);
  g_assert_cmpmem (out->i32, sizeof want, want, sizeof want);
}

/* n keys in {-2, ..., 2}, or (sparse) mostly 0 with ±1 at one key in 8:
 * every partial sum stays an exact float. */
static WsArray *
small_integer_floats (gsize    n,
                      gboolean sparse,
                      guint64  seed)
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
test_float32_exact (gconstpointer data)
{
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) in = small_integer_floats (ws_test_sizes[s], FALSE, 3 + s);
      g_autoptr (WsArray) out = run_scan (data, in);
      check_float32_exact (in, out);
    }
}

/* Sizes around gpu's tiles of 8192 keys (Hopper) or 4096 (where an SM
 * holds fewer big ones): a partial last tile or none, one tile or two; past
 * the 32-tile look-back window of either, and past what an H200 holds at
 * once (132 SMs x 6 blocks x 8192: 6.5 M keys), so that tiles wait on
 * blocks started after others finished; n not a multiple of 4 where the
 * tail runs scalar. Exact checks: uniform int32 modulo 2^32, sparse ±1
 * floats. */
static void
test_tiles (gconstpointer data)
{
  static const gsize sizes[] = { 4, 31, 33, 4095, 4096, 4097, 8191, 8192, 8193, 16385,
                                 8192 * 33 + 1, 3072 * 5000 + 7 };
  const WsTestCase *c = data;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (WsArray) in = c->type == WS_KEY_INT32
                                 ? ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, sizes[s], 70 + s)
                                 : small_integer_floats (sizes[s], TRUE, 70 + s);
      g_autoptr (WsArray) out = run_scan (c, in);

      if (in->type == WS_KEY_INT32)
        check_int32 (in, out);
      else
        check_float32_exact (in, out);
    }
}

/* ---- GPU only: big sizes, and kernel times for the report ---- */

/* A WsTestCheck: exact where the sums are exact (exact: the keys' partial
 * sums are integers), else within the variant's tolerance. */
static void
check_run (const WsRunInput  *in,
           const WsRunOutput *out,
           gpointer           exact)
{
  if (in->input->type == WS_KEY_INT32)
    check_int32 (in->input, out->array);
  else if (GPOINTER_TO_INT (exact))
    check_float32_exact (in->input, out->array);
  else
    ws_test_check_scan_float32 (in->input, out->array, float_depth (in->variant, in->input->n));
}

/* The fastest kernel time of three runs, each checked. */
static double
best_scan_ms (const WsTestCase *c,
              const WsArray    *in,
              gboolean          exact)
{
  WsRunInput run = ws_test_run_input (c, in);

  return ws_test_fastest_kernel_ms (&run, 3, check_run, GINT_TO_POINTER (exact));
}

/* 2^26 keys, exact (int32 uniform, float32 sparse ±1); the kernel time is
 * printed (speed is measured by benchmarks). */
static void
test_large (gconstpointer data)
{
  const WsTestCase *c = data;
  g_autoptr (WsArray) in = c->type == WS_KEY_INT32
                             ? ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, LARGE_N, 9)
                             : small_integer_floats (LARGE_N, TRUE, 9);
  double ms = best_scan_ms (c, in, TRUE);

  g_test_message ("scan 2^26 %s %s kernel_ms: %.3f (%.0f GB/s)", ws_key_type_name (c->type),
                  ws_variant_name (c->variant), ms,
                  2.0 * sizeof (gint32) * LARGE_N / (ms * 1e6));
}

/* The best kernel_ms per size (no assertion on it: at these sizes launch
 * latency dominates and varies). */
static void
test_timing (gconstpointer data)
{
  static const gsize sizes[] = { 1000, 65537, 1u << 20 };
  const WsTestCase *c = data;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (WsArray) a = ws_test_generate (c->type, WS_DIST_UNIFORM, sizes[s], 5);
      g_test_message ("timing %s n=%" G_GSIZE_FORMAT " scan %s kernel_ms: %.4f",
                      ws_key_type_name (c->type), sizes[s], ws_variant_name (c->variant),
                      best_scan_ms (c, a, FALSE));
    }
}

/* ---- The CPU engine's schedule and its own checks ---- */

static void
test_schedule_levels (void)
{
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      gsize n = ws_test_sizes[s];
      g_autoptr (GError) error = NULL;
      g_autoptr (WsScanSchedule) sched = ws_scan_schedule_new (n, &error);
      guint depth = ws_test_log2_width (n);
      gsize w = n == 0 ? 0 : (gsize) 1 << depth;

      g_assert_no_error (error);
      g_assert_cmpuint (ws_scan_schedule_width (sched), ==, w);
      g_assert_cmpuint (ws_scan_schedule_n_levels (sched), ==, n == 0 ? 0 : 2 * depth + 1);
      for (guint level = 0; level < ws_scan_schedule_n_levels (sched); level++)
        {
          WsScanLevelInfo info;
          guint d = level < depth ? level : 2 * depth - level;
          ws_scan_schedule_level_info (sched, level, &info);
          g_assert_cmpint (info.phase, ==, level < depth    ? WS_SCAN_UP_SWEEP
                                           : level == depth ? WS_SCAN_CLEAR_ROOT
                                                            : WS_SCAN_DOWN_SWEEP);
          g_assert_cmpuint (info.stride, ==, level == depth ? w : (guint64) 2 << d);
          g_assert_cmpuint (info.active * info.stride, ==, w);
        }
    }
}

static void
test_schedule_labels (void)
{
  g_autoptr (WsScanSchedule) s = ws_scan_schedule_new (1000, NULL);
  g_autofree char *first = ws_scan_schedule_level_label (s, 0);
  g_autofree char *third = ws_scan_schedule_level_label (s, 2);
  g_autofree char *clear = ws_scan_schedule_level_label (s, 10);
  g_autofree char *last = ws_scan_schedule_level_label (s, 20);

  g_assert_cmpuint (ws_scan_schedule_width (s), ==, 1024);
  g_assert_cmpuint (ws_scan_schedule_n_levels (s), ==, 21);
  g_assert_cmpstr (first, ==, "up-sweep d=0 (stride 2)");
  g_assert_cmpstr (third, ==, "up-sweep d=2 (stride 8)");
  g_assert_cmpstr (clear, ==, "clear root");
  g_assert_cmpstr (last, ==, "down-sweep d=0 (stride 2)");
}

/* Stepping the levels one by one, as the animator will, gives bitwise the
 * cpu-seq result; after the up-sweep the root holds the total. */
static void
check_stepwise (const WsArray *in)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsScanSchedule) s = ws_scan_schedule_new (in->n, &error);
  g_autoptr (WsArray) work = ws_scan_schedule_pad (s, in, &error);
  g_autoptr (WsArray) whole = NULL;
  WsCounters counters = { 0 }, whole_counters = { 0 };
  guint depth = ws_test_log2_width (in->n);
  guint32 total = 0;

  g_assert_no_error (error);
  for (gsize i = 0; i < in->n; i++)
    total += (guint32) (in->type == WS_KEY_INT32 ? in->i32[i] : 0);
  for (guint level = 0; level < ws_scan_schedule_n_levels (s); level++)
    {
      ws_scan_schedule_apply_level (s, work, level, &counters);
      if (level + 1 == depth && in->type == WS_KEY_INT32)
        g_assert_cmpuint ((guint32) work->i32[work->n - 1], ==, total);
    }
  whole = scan_copy (in, WS_VARIANT_CPU_SEQ, &whole_counters);
  g_assert_cmpmem (work->data, ws_array_bytes (in), whole->data, ws_array_bytes (whole));
  g_assert_cmpuint (counters.passes, ==, ws_scan_schedule_n_levels (s));
  g_assert_cmpuint (whole_counters.passes, ==, counters.passes);
}

static void
test_schedule_stepwise (void)
{
  for (guint t = 0; t < 2; t++)
    for (guint s = 0; s < ws_test_n_sizes; s++)
      {
        g_autoptr (WsArray) in = ws_test_generate ((WsKeyType) t, WS_DIST_UNIFORM,
                                                   ws_test_sizes[s], 21 + s);
        check_stepwise (in);
      }
}

static void
test_schedule_pad (void)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 5, 2);
  g_autoptr (WsScanSchedule) s = ws_scan_schedule_new (5, NULL);
  g_autoptr (WsArray) work = ws_scan_schedule_pad (s, in, NULL);

  g_assert_cmpuint (work->n, ==, 8);
  g_assert_cmpmem (work->f32, 5 * sizeof (float), in->f32, 5 * sizeof (float));
  for (gsize i = 5; i < 8; i++)
    g_assert_true (work->f32[i] == 0.0f && !signbit (work->f32[i]));
}

static void
test_in_place (void)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 1025, 4);

  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) a = ws_array_copy (in, &error);
      g_assert_true (ws_scan_exclusive (a, a, ws_test_cpu_variants[v], NULL, &error));
      g_assert_no_error (error);
      check_int32 (in, a);
    }
}

static void
test_counters (void)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 1025, 4);
  g_autoptr (WsArray) empty = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 0, 4);
  WsCounters seq = { 0 }, par = { 0 }, none = { 0 };
  g_autoptr (WsArray) a = scan_copy (in, WS_VARIANT_CPU_SEQ, &seq);
  g_autoptr (WsArray) b = scan_copy (in, WS_VARIANT_CPU_PAR, &par);
  g_autoptr (WsArray) c = scan_copy (empty, WS_VARIANT_CPU_PAR, &none);
  g_autoptr (WsArray) d = scan_copy (empty, WS_VARIANT_CPU_SEQ, &none);

  g_assert_cmpuint (seq.passes, ==, 2 * 11 + 1);
  g_assert_cmpuint (par.passes, ==, 3);
  g_assert_cmpuint (none.passes, ==, 0);
}

static void
test_mismatch (void)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 100, 1);
  g_autoptr (WsArray) shorter = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 99, 1);
  g_autoptr (WsArray) floats = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 100, 1);
  g_autoptr (GError) error = NULL;

  g_assert_false (ws_scan_exclusive (in, shorter, WS_VARIANT_CPU_SEQ, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "99"));
  g_assert_nonnull (strstr (error->message, "100"));
  g_clear_error (&error);
  g_assert_false (ws_scan_exclusive (in, floats, WS_VARIANT_CPU_PAR, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "float32"));
}

/* The engine's ws_scan_exclusive runs the CPU variants only (the GPU ones
 * are the backend's). */
static void
test_unsupported_variant (void)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 10, 1);
  g_autoptr (WsArray) out = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 10, 1);

  for (WsVariant v = WS_VARIANT_GPU_SEED; v < WS_N_VARIANTS; v++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_false (ws_scan_exclusive (in, out, v, NULL, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED);
      g_assert_nonnull (strstr (error->message, "scan"));
      g_assert_nonnull (strstr (error->message, ws_variant_name (v)));
    }
}

/* Sizes past the address space are errors that name the problem, not aborts. */
static void
test_no_memory (void)
{
  g_autoptr (GError) error = NULL;
  gint32 keys[2] = { 1, 2 };
  WsArray huge = { .type = WS_KEY_INT32, .n = G_MAXSIZE / 4 + 1, .i32 = keys };

  g_assert_null (ws_scan_schedule_new (G_MAXSIZE, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_NO_MEMORY);
  g_assert_nonnull (strstr (error->message, "power of two"));
  g_clear_error (&error);
  g_assert_false (ws_scan_exclusive (&huge, &huge, WS_VARIANT_CPU_SEQ, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_NO_MEMORY);
  g_assert_cmpint (keys[0], ==, 1);
}

/* ---- GPU only: the CUDA library's levels and its own checks ---- */

#if WS_HAVE_CUDA
static WsCudaType
cuda_type (WsKeyType type)
{
  return type == WS_KEY_INT32 ? WS_CUDA_INT32 : WS_CUDA_FLOAT32;
}

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

/* Every level on the device against the same level of the engine's
 * schedule, which the animator steps. */
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
      g_assert_true (ws_cuda_scan_level (cuda_type (in->type), d_work, w, info.phase,
                                         info.stride, &error));
      g_assert_no_error (error);
      g_assert_true (ws_cuda_download (got, d_work, w * sizeof (gint32), &error));
      g_assert_no_error (error);
      assert_same_keys (work, got, level);
    }
  ws_cuda_free (d_work);
}

static void
test_gpu_levels (void)
{
  static const gsize big[] = { 1000, 1025 };

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
test_gpu_level_invalid (void)
{
  g_autoptr (GError) error = NULL;
  gpointer d_work = ws_cuda_malloc (16 * sizeof (gint32), &error);

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

/* An implementation the library lacks refuses and leaves the keys alone. */
static void
test_gpu_unsupported (void)
{
  g_autoptr (GError) error = NULL;
  WsCudaTiming timing;
  gint32 keys[4] = { 1, 2, 3, 4 };

  g_assert_false (ws_cuda_scan (WS_CUDA_SEED_V1, WS_CUDA_INT32, keys, keys, 4, &timing, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED);
  g_assert_cmpint (keys[3], ==, 4);
}
#endif

static const WsTestRows rows[] = {
  { "/scan/values", "scan", WS_TEST_ALL, 0, TRUE, test_distribution },
  { "/scan/special", "scan", WS_TEST_ALL, 0, FALSE, test_special },
  { "/scan/wraps", "scan", WS_TEST_ALL, WS_TEST_TYPE (WS_KEY_INT32), FALSE, test_int32_wraps },
  { "/scan/exact", "scan", WS_TEST_ALL, WS_TEST_TYPE (WS_KEY_FLOAT32), FALSE, test_float32_exact },
  { "/scan/tiles", "scan", WS_TEST_VARIANT (WS_VARIANT_GPU) | WS_TEST_VARIANT (WS_VARIANT_GPU_LIB),
    0, FALSE, test_tiles },
  { "/scan/large", "scan", WS_TEST_GPU, 0, FALSE, test_large },
  { "/scan/timing", "scan", WS_TEST_GPU, 0, FALSE, test_timing },
};

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ws_test_add_rows (rows, G_N_ELEMENTS (rows));
  g_test_add_func ("/scan/schedule/levels", test_schedule_levels);
  g_test_add_func ("/scan/schedule/labels", test_schedule_labels);
  g_test_add_func ("/scan/schedule/stepwise", test_schedule_stepwise);
  g_test_add_func ("/scan/schedule/pad", test_schedule_pad);
  g_test_add_func ("/scan/in-place", test_in_place);
  g_test_add_func ("/scan/counters", test_counters);
  g_test_add_func ("/scan/mismatch", test_mismatch);
  g_test_add_func ("/scan/unsupported-variant", test_unsupported_variant);
  g_test_add_func ("/scan/no-memory", test_no_memory);
  ws_test_add_gpu_func ("/scan/gpu/levels", WS_TEST_CUDA (test_gpu_levels));
  ws_test_add_gpu_func ("/scan/gpu/levels/invalid", WS_TEST_CUDA (test_gpu_level_invalid));
  ws_test_add_gpu_func ("/scan/gpu/unsupported", WS_TEST_CUDA (test_gpu_unsupported));
  ws_test_add_gpu_built ("/scan/gpu/built", "scan");

  return g_test_run ();
}
