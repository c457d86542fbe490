/* test-reduce.c: the sum of all keys, every variant (cpu-seq, cpu-par,
 * gpu-seed, gpu, gpu-lib), against plain loops. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-primitives.h"
#include "ws-test-variant.h"
#if WS_HAVE_CUDA
#include "ws-cuda.h"
#endif

/* cpu-seq adds in float, in index order, like the studies; gpu-seed adds
 * in float too, in its own order; the others add in double. */
static gboolean
adds_in_float (WsVariant variant)
{
  return variant == WS_VARIANT_CPU_SEQ || variant == WS_VARIANT_GPU_SEED;
}

static WsScalar
run_reduce (const WsTestCase *c,
            const WsArray    *a)
{
  WsRunInput in = ws_test_run_input (c, a);
  WsRunOutput out;

  ws_test_run_ok (&in, &out);
  g_assert_true (out.has_scalar);
  g_assert_cmpint (out.scalar.is_int, ==, a->type == WS_KEY_INT32);
  ws_run_output_clear (&out);
  return out.scalar;
}

static void
check_int32 (const WsTestCase *c,
             const WsArray    *a)
{
  WsScalar got = run_reduce (c, a);
  gint64 ref = 0;

  for (gsize i = 0; i < a->n; i++)
    ref += a->i32[i];
  g_assert_cmpint (got.i, ==, ref);
  g_assert_cmpfloat (got.f, ==, (double) ref);
}

/* cpu-seq is the float loop in index order, bit for bit (overflow and
 * NaN included). Otherwise ±inf decide the result in any order (NaN when
 * both occur), and without them the classic n · eps · Σ|x| bound holds,
 * eps float's or double's as the variant adds. */
static void
check_float32 (const WsTestCase *c,
               const WsArray    *a)
{
  WsScalar got = run_reduce (c, a);
  gboolean pos = FALSE, neg = FALSE;
  double ref = 0.0, abs_sum = 0.0;
  double eps = adds_in_float (c->variant) ? FLT_EPSILON : DBL_EPSILON;
  /* The bound's floor: about FLT_MIN where denormals may be lost (float
   * sums, the GPU's), 1e-300 for cpu-par, whose double partials keep them. */
  double slack = c->variant == WS_VARIANT_CPU_PAR ? 1e-300 : 1e-37;
  float loop = 0.0f;

  for (gsize i = 0; i < a->n; i++)
    {
      pos |= a->f32[i] == INFINITY;
      neg |= a->f32[i] == -INFINITY;
      ref += a->f32[i];
      abs_sum += fabs (a->f32[i]);
      loop += a->f32[i];
    }
  if (c->variant == WS_VARIANT_CPU_SEQ && isnan (loop))
    g_assert_true (isnan (got.f));
  else if (c->variant == WS_VARIANT_CPU_SEQ)
    g_assert_true ((float) got.f == loop && !signbit (got.f) == !signbit (loop));
  if (c->variant == WS_VARIANT_CPU_SEQ && !isfinite (loop))
    return; /* the loop's own overflow: no bound to hold */
  if (pos && neg)
    g_assert_true (isnan (got.f));
  else if (pos || neg)
    g_assert_cmpfloat (got.f, ==, pos ? INFINITY : -INFINITY);
  else
    g_assert_cmpfloat_with_epsilon (got.f, ref, a->n * eps * abs_sum + slack);
}

static void
check_reduce (const WsTestCase *c,
              const WsArray    *a)
{
  if (a->type == WS_KEY_INT32)
    check_int32 (c, a);
  else
    check_float32 (c, a);
}

static void
test_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) a = ws_test_generate (c->type, c->dist, ws_test_sizes[s], 31 + s);
      check_reduce (c, a);
    }
}

/* Special arrays as they are, where the variant's order is known or its
 * sums are double; then with ±FLT_MAX as ±1e30, so that only ±inf can
 * make gpu-seed's float sums infinite (their overflow is the study's
 * rounding, in an order of its own). */
static void
test_special (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      guint64 seed = (c->type == WS_KEY_INT32 ? 41 : 51) + s;
      g_autoptr (WsArray) a = ws_test_special_array (c->type, ws_test_sizes[s], seed);
      if (c->variant != WS_VARIANT_GPU_SEED)
        check_reduce (c, a);
      ws_test_tame_flt_max (a, 1e30f);
      check_reduce (c, a);
    }
}

/* Infinities by hand, and int32 extremes whose partial sums leave int32. */
static void
test_small (gconstpointer data)
{
  const double infs[][3] = { { 1.0, INFINITY, 2.0 }, { -INFINITY, 1.0, -0.0 },
                             { INFINITY, -INFINITY, 0.0 }, { -0.0, -0.0, -0.0 } };
  const double extremes[] = { G_MAXINT32, G_MAXINT32, G_MAXINT32, G_MININT32, G_MININT32 };
  const WsTestCase *c = data;
  g_autoptr (WsArray) few = NULL;

  if (c->type == WS_KEY_FLOAT32)
    {
      for (guint k = 0; k < G_N_ELEMENTS (infs); k++)
        {
          g_autoptr (WsArray) a = ws_test_array_of (WS_KEY_FLOAT32, 3, infs[k]);
          check_float32 (c, a);
        }
      return;
    }
  few = ws_test_array_of (WS_KEY_INT32, G_N_ELEMENTS (extremes), extremes);
  check_int32 (c, few);
  g_assert_cmpint (run_reduce (c, few).i, ==, (gint64) G_MAXINT32 - 2);
}

static void
test_empty (gconstpointer data)
{
  const WsTestCase *c = data;
  g_autoptr (WsArray) a = ws_test_array_new (c->type, 0);
  WsScalar got = run_reduce (c, a);

  g_assert_cmpint (got.i, ==, 0);
  g_assert_cmpfloat (got.f, ==, 0.0);
}

/* 2^24 + 1000 ones: the studies' float loop really loses what it cannot
 * hold (2^24 + 1 rounds back to 2^24 at every step); double partials keep
 * every one. */
static void
test_rounding (gconstpointer data)
{
  const WsTestCase *c = data;
  g_autoptr (WsArray) a = ws_test_array_filled (WS_KEY_FLOAT32, 1001, 1.0);

  a->f32[0] = 16777216.0f;
  g_assert_cmpfloat (run_reduce (c, a).f, ==,
                     c->variant == WS_VARIANT_CPU_SEQ ? 16777216.0 : 16778216.0);
}

/* Double sums of FLT_MAX stay finite, within the double bound. */
static void
test_flt_max (gconstpointer data)
{
  const double v[] = { FLT_MAX, FLT_MAX, FLT_MAX, -1.0 };
  g_autoptr (WsArray) a = ws_test_array_of (WS_KEY_FLOAT32, 4, v);

  g_assert_cmpfloat_with_epsilon (run_reduce (data, a).f, 3.0 * FLT_MAX, 1e300);
}

/* gpu adds its blocks' partials exactly: 2^100, 1 and -2^100, so far apart
 * that no thread or block holds two of them (keys 0, n/2 + 3000 and n - 1
 * land in blocks 0, 257 and 511 where a thread reads 16-byte quads, and 0,
 * 5 and 511 where it reads one key at a time), sum to exactly 1 (a double
 * sum of the partials in block order would give 0). And, since exact sums
 * do not depend on the order blocks finish in, a run repeats to the bit. */
static void
test_exact_blocks (gconstpointer data)
{
  const WsTestCase *c = data;
  g_autoptr (WsArray) a = ws_test_array_filled (WS_KEY_FLOAT32, (gsize) 1 << 20, 0.0);
  g_autoptr (WsArray) r = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, (gsize) 1 << 22, 7);
  WsScalar got;

  a->f32[0] = 0x1p100f;
  a->f32[a->n / 2 + 3000] = 1.0f;
  a->f32[a->n - 1] = -0x1p100f;
  g_assert_cmpfloat (run_reduce (c, a).f, ==, 1.0);
  got = run_reduce (c, r);
  for (guint k = 0; k < 5; k++)
    {
      WsScalar again = run_reduce (c, r);
      g_assert_cmpmem (&got.f, sizeof got.f, &again.f, sizeof again.f);
    }
}

/* Sizes around gpu's layout: n not a multiple of 4 (the scalar tail),
 * one block or two (1024 keys a block below the resident grid), a
 * grid-stride loop of one unrolled round or several with a remainder, and
 * 2^24 + 1 keys. int32 exact, float32 within the double bound. */
static void
test_grid (gconstpointer data)
{
  static const gsize sizes[] = { 4, 6, 7, 31, 33, 1023, 1024, 1027, 4099, 65535,
                                 ((gsize) 1 << 20) + 3, ((gsize) 1 << 22) + 1,
                                 ((gsize) 1 << 24) + 1, 3 * ((gsize) 1 << 23) - 2 };
  const WsTestCase *c = data;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (WsArray) a = ws_test_generate (c->type, WS_DIST_UNIFORM, sizes[s], 90 + s);
      check_reduce (c, a);
    }
}

/* GPU only: 2^26 keys, with the kernel time (after a small warm-up run: a
 * process's first launch of a kernel also loads it). */
static void
test_large (gconstpointer data)
{
  const WsTestCase *c = data;
  g_autoptr (WsArray) a = ws_test_generate (c->type, WS_DIST_UNIFORM, (gsize) 1 << 26, 26);
  WsArray warm = *a;
  WsRunInput in = ws_test_run_input (c, &warm);
  WsRunOutput out;

  warm.n = 4096;
  ws_test_run_ok (&in, &out);
  ws_run_output_clear (&out);
  in.input = a;
  ws_test_run_ok (&in, &out);
  g_test_message ("TIMING reduce %s n=2^26 %s kernel_ms=%.3f", ws_key_type_name (c->type),
                  ws_variant_name (c->variant), out.times.kernel * 1e3);
  ws_run_output_clear (&out);
  check_reduce (c, a);
}

/* ---- The CPU engine's own checks ---- */

/* Garbage in, including the wrong is_int: ws_reduce_sum must set every
 * field (ws_run hands its callers a zeroed result). */
static void
test_sets_every_field (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (ws_test_key_types); t++)
    for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
      for (guint s = 0; s < ws_test_n_sizes; s++)
        {
          g_autoptr (WsArray) a = ws_test_generate (ws_test_key_types[t], WS_DIST_UNIFORM16,
                                                    ws_test_sizes[s], s);
          g_autoptr (GError) error = NULL;
          WsScalar out = { .is_int = a->type != WS_KEY_INT32, .i = 12345, .f = 12345.0 };
          g_assert_true (ws_reduce_sum (a, ws_test_cpu_variants[v], &out, &error));
          g_assert_no_error (error);
          g_assert_cmpint (out.is_int, ==, a->type == WS_KEY_INT32);
          if (a->type == WS_KEY_INT32)
            g_assert_cmpfloat (out.f, ==, (double) out.i);
        }
}

/* The engine's ws_reduce_sum runs the CPU variants only. */
static void
test_unsupported_variant (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 10, 1);

  for (WsVariant v = WS_VARIANT_GPU_SEED; v < WS_N_VARIANTS; v++)
    {
      g_autoptr (GError) error = NULL;
      WsScalar out;
      g_assert_false (ws_reduce_sum (a, v, &out, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED);
      g_assert_nonnull (strstr (error->message, "reduce"));
      g_assert_nonnull (strstr (error->message, ws_variant_name (v)));
    }
}

/* ---- GPU only: the CUDA library's own checks ---- */

#if WS_HAVE_CUDA
/* Garbage in, including the wrong is_int: the library must set every field. */
static void
test_gpu_sets_every_field (void)
{
  static const WsCudaImpl impls[] = { WS_CUDA_SEED, WS_CUDA_OURS, WS_CUDA_LIB };

  for (guint t = 0; t < G_N_ELEMENTS (ws_test_key_types); t++)
    for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
      for (guint s = 0; s < ws_test_n_sizes; s++)
        {
          WsKeyType type = ws_test_key_types[t];
          g_autoptr (WsArray) a = ws_test_generate (type, WS_DIST_UNIFORM16, ws_test_sizes[s], s);
          g_autoptr (GError) error = NULL;
          WsCudaScalar out = { .is_int = type != WS_KEY_INT32, .i = 12345, .f = 12345.0 };
          WsCudaTiming timing;
          g_assert_true (ws_cuda_reduce (impls[k], type == WS_KEY_INT32 ? WS_CUDA_INT32
                                                                        : WS_CUDA_FLOAT32,
                                         a->data, a->n, &out, &timing, &error));
          g_assert_no_error (error);
          g_assert_cmpint (out.is_int, ==, type == WS_KEY_INT32);
          if (type == WS_KEY_INT32)
            g_assert_cmpfloat (out.f, ==, (double) out.i);
        }
}

static void
test_gpu_unsupported (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 16, 1);
  g_autoptr (GError) error = NULL;
  WsCudaScalar got;
  WsCudaTiming timing;

  g_assert_false (ws_cuda_reduce (WS_CUDA_SEED_SHARED, WS_CUDA_INT32, a->data, a->n, &got,
                                  &timing, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED);
}
#endif

#define DOUBLE_SUMS (WS_TEST_ALL & ~WS_TEST_VARIANT (WS_VARIANT_CPU_SEQ) \
                     & ~WS_TEST_VARIANT (WS_VARIANT_GPU_SEED))
#define FLOAT32_ONLY WS_TEST_TYPE (WS_KEY_FLOAT32)

static const WsTestRows rows[] = {
  { "/reduce/values", "reduce", WS_TEST_ALL, 0, TRUE, test_distribution },
  { "/reduce/special", "reduce", WS_TEST_ALL, 0, FALSE, test_special },
  { "/reduce/small", "reduce", WS_TEST_ALL, 0, FALSE, test_small },
  { "/reduce/empty", "reduce", WS_TEST_ALL, 0, FALSE, test_empty },
  { "/reduce/rounding", "reduce", DOUBLE_SUMS | WS_TEST_VARIANT (WS_VARIANT_CPU_SEQ), FLOAT32_ONLY,
    FALSE, test_rounding },
  { "/reduce/flt-max", "reduce", DOUBLE_SUMS, FLOAT32_ONLY, FALSE, test_flt_max },
  { "/reduce/exact-blocks", "reduce", WS_TEST_VARIANT (WS_VARIANT_GPU), FLOAT32_ONLY, FALSE,
    test_exact_blocks },
  { "/reduce/grid", "reduce", WS_TEST_VARIANT (WS_VARIANT_GPU) | WS_TEST_VARIANT (WS_VARIANT_GPU_LIB),
    0, FALSE, test_grid },
  { "/reduce/large", "reduce", WS_TEST_GPU, 0, FALSE, test_large },
};

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ws_test_add_rows (rows, G_N_ELEMENTS (rows));
  g_test_add_func ("/reduce/sets-every-field", test_sets_every_field);
  g_test_add_func ("/reduce/unsupported-variant", test_unsupported_variant);
  ws_test_add_gpu_func ("/reduce/gpu/sets-every-field", WS_TEST_CUDA (test_gpu_sets_every_field));
  ws_test_add_gpu_func ("/reduce/gpu/unsupported", WS_TEST_CUDA (test_gpu_unsupported));
  ws_test_add_gpu_built ("/reduce/gpu/built", "reduce");

  return g_test_run ();
}
