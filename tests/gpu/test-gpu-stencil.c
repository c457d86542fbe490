/* test-gpu-stencil.c: the GPU window sums (gpu-seed, gpu) against plain
 * double loops, and against the CPU engine on large grids. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "gpu-test-util.h"
#include "ws-stencil.h"

static const gsize sides[] = { 1, 2, 3, 5, 40, 257 };
static const guint radii[] = { 0, 1, 2, 7 };
/* Ours sums small radii directly from registers (up to 8) and larger ones
 * in two passes: both sides of the switch, and radii near N / 2. */
static const guint more_radii[] = { 8, 9, 19, 128 };

typedef struct
{
  WsCudaImpl impl;
  guint      block, per_thread;
} Impl;

static const Impl seed_impl = { WS_CUDA_SEED, 16, 1 };
static const Impl ours_impl = { WS_CUDA_OURS, 0, 0 };
static const Impl *const impls[] = { &seed_impl, &ours_impl };

static WsArray *
run (const Impl *im, const WsArray *grid, gsize side, guint radius, GError **error)
{
  gsize m = side > 2 * (gsize) radius ? side - 2 * (gsize) radius : 1;
  g_autoptr (WsArray) out = ws_array_new (grid->type, m * m, NULL);
  WsCudaTiming t;

  if (!ws_cuda_stencil (im->impl, gpu_test_type (grid->type), grid->data, side, radius, im->block,
                        im->per_thread, out->data, &t, error))
    return NULL;
  gpu_test_assert_timing (&t);
  return g_steal_pointer (&out);
}

/* The error the CPU gives: naming the first bad output and float32. */
static void
assert_overflow_error (const GError *error, const WsArray *out, gsize bad, gsize m)
{
  g_autofree char *where = g_strdup_printf ("row %" G_GSIZE_FORMAT ", column %" G_GSIZE_FORMAT,
                                            bad / m, bad % m);

  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
  g_assert_null (out);
  g_assert_nonnull (strstr (error->message, where));
  g_assert_nonnull (strstr (error->message, "float32"));
}

/* Float outputs: NaN and ±inf where the reference has them (or rounds to
 * them in float), else within
 * tol_eps · FLT_EPSILON · Σ|x| (plus the smallest denormal's rounding). */
static void
assert_close (const WsArray *out, const WsTestWindowRef *ref, double tol_eps)
{
  for (gsize i = 0; i < ref->m * ref->m; i++)
    {
      double want = ref->sum[i], got = out->f32[i];
      if (isnan (want))
        g_assert_true (isnan (got));
      else if (isinf ((float) want)) /* ±inf in, or a sum past FLT_MAX rounded to float */
        g_assert_cmpfloat (got, ==, (float) want);
      else
        g_assert_cmpfloat_with_epsilon (got, want,
                                        tol_eps * FLT_EPSILON * ref->abs_sum[i] + FLT_TRUE_MIN);
    }
}

/* gpu-seed adds (2R+1)² floats in float; ours rounds a double sum once. */
static double
tolerance (const Impl *im, guint radius)
{
  double w = 2.0 * radius + 1.0;
  return im->impl == WS_CUDA_SEED ? w * w : 2.0;
}

static void
check_with_ref (const Impl *im, const WsArray *grid, gsize side, guint radius,
                const WsTestWindowRef *ref)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) out = run (im, grid, side, radius, &error);
  gsize bad = grid->type == WS_KEY_INT32 ? ws_test_window_first_overflow (ref) : G_MAXSIZE;

  if (bad != G_MAXSIZE)
    {
      assert_overflow_error (error, out, bad, ref->m);
      return;
    }
  g_assert_no_error (error);
  if (grid->type == WS_KEY_FLOAT32)
    {
      assert_close (out, ref, tolerance (im, radius));
      return;
    }
  for (gsize i = 0; i < ref->m * ref->m; i++)
    g_assert_cmpint (out->i32[i], ==, (gint64) ref->sum[i]);
}

static void
check_all_impls (const WsArray *grid, gsize side, guint radius)
{
  WsTestWindowRef ref = ws_test_window_sum_reference (grid, side, radius);

  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    check_with_ref (impls[k], grid, side, radius, &ref);
  ws_test_window_ref_clear (&ref);
}

static void
check_side_radius (const WsTestCase *tc, gsize side, guint radius, guint64 seed)
{
  g_autoptr (WsArray) grid = NULL;

  if (side <= 2 * (gsize) radius)
    return;
  grid = ws_test_generate (tc->type, tc->dist, side * side, seed);
  check_all_impls (grid, side, radius);
  if (tc->type == WS_KEY_INT32)
    {
      ws_test_fold_small (grid);
      check_all_impls (grid, side, radius);
    }
}

static void
test_distribution (gconstpointer data)
{
  const WsTestCase *tc = data;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    {
      for (guint k = 0; k < G_N_ELEMENTS (radii); k++)
        check_side_radius (tc, sides[s], radii[k], 1000 + s * 7 + k);
      for (guint k = 0; sides[s] >= 40 && k < G_N_ELEMENTS (more_radii); k++)
        check_side_radius (tc, sides[s], more_radii[k], 2000 + s * 7 + k);
    }
}

/* Every BS × K shape of the study, at radii on and off a block's width. */
static void
test_seed_shapes (gconstpointer data)
{
  const guint bs[] = { 8, 16, 32 }, ks[] = { 1, 4, 16 }, rs[] = { 0, 2, 7 };
  const gsize shape_sides[] = { 40, 257 };
  WsKeyType type = ((const WsTestCase *) data)->type;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < G_N_ELEMENTS (shape_sides); s++)
    for (guint r = 0; r < G_N_ELEMENTS (rs); r++)
      {
        gsize side = shape_sides[s];
        g_autoptr (WsArray) grid = ws_test_generate (type, WS_DIST_UNIFORM16, side * side, 7 + r);
        WsTestWindowRef ref = ws_test_window_sum_reference (grid, side, rs[r]);
        for (guint b = 0; b < G_N_ELEMENTS (bs); b++)
          for (guint k = 0; k < G_N_ELEMENTS (ks); k++)
            {
              Impl im = { WS_CUDA_SEED, bs[b], ks[k] };
              check_with_ref (&im, grid, side, rs[r], &ref);
            }
        ws_test_window_ref_clear (&ref);
      }
}

/* Special values: int32 extremes overflow (or not) as the reference says;
 * float32 ±inf, -0.0 and denormals follow IEEE sums. gpu-seed's float
 * accumulator gets ±FLT_MAX as ±1e30 (its overflow is the study's rounding,
 * not a semantic); ours sums in double and keeps FLT_MAX. */
static void
test_special (gconstpointer data)
{
  const gsize special_sides[] = { 3, 5, 40, 257 };
  const guint special_radii[] = { 1, 2, 13 };
  WsKeyType type = ((const WsTestCase *) data)->type;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < G_N_ELEMENTS (special_sides); s++)
    for (guint r = 0; r < G_N_ELEMENTS (special_radii); r++)
      {
        gsize side = special_sides[s];
        guint radius = special_radii[r];
        g_autoptr (WsArray) grid = NULL;
        if (side <= 2 * (gsize) radius)
          continue;
        grid = ws_test_special_array (type, side * side, 77 + s);
        WsTestWindowRef ref = ws_test_window_sum_reference (grid, side, radius);
        check_with_ref (&ours_impl, grid, side, radius, &ref);
        ws_test_window_ref_clear (&ref);
        ws_test_tame_flt_max (grid, 1e30f);
        ref = ws_test_window_sum_reference (grid, side, radius);
        check_with_ref (&seed_impl, grid, side, radius, &ref);
        ws_test_window_ref_clear (&ref);
      }
}

/* R = 0 copies the grid bit for bit, -0.0, inf and extremes included. */
static void
test_identity (gconstpointer data)
{
  WsKeyType type = ((const WsTestCase *) data)->type;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    {
      g_autoptr (WsArray) grid = ws_test_special_array (type, sides[s] * sides[s], sides[s]);
      for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
        {
          g_autoptr (GError) error = NULL;
          g_autoptr (WsArray) out = run (impls[k], grid, sides[s], 0, &error);
          g_assert_no_error (error);
          g_assert_true (ws_array_equal (grid, out));
        }
    }
}

/* +inf in a window gives +inf, +inf with -inf gives NaN. */
static void
test_infinities (void)
{
  const gsize side = 5;
  const char *expect = "++9+N-9--"; /* +inf reaches outputs (0..1, 0..1), -inf (1..2, 1..2) */
  g_autoptr (WsArray) grid = ws_test_array_filled (WS_KEY_FLOAT32, side * side, 1.0);

  if (gpu_test_skip_without_device ())
    return;
  grid->f32[1 * side + 1] = INFINITY;
  grid->f32[3 * side + 3] = -INFINITY;
  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) out = run (impls[k], grid, side, 1, &error);
      g_assert_no_error (error);
      for (gsize i = 0; i < 9; i++)
        {
          float got = out->f32[i];
          if (expect[i] == 'N')
            g_assert_true (isnan (got));
          else
            g_assert_cmpfloat (got, ==, expect[i] == '+' ? INFINITY
                                        : expect[i] == '-' ? -INFINITY : 9.0);
        }
    }
}

/* An infinity or a huge value near a window, in the same block of ours'
 * passes, must not leak into it (as it would through a running sum's
 * subtraction): in the direct sums (R = 1) and the two passes (R = 13, 40). */
static void
check_no_leak (const Impl *im, gsize side, guint radius, float special)
{
  g_autoptr (WsArray) grid = ws_test_array_filled (WS_KEY_FLOAT32, side * side, 1.0);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) out = NULL;
  gsize m = side - 2 * radius;
  float w2 = (float) ((2 * radius + 1) * (2 * radius + 1));

  grid->f32[2 * side + 2] = special;
  out = run (im, grid, side, radius, &error);
  g_assert_no_error (error);
  /* Only outputs (r, c) with r, c <= 2 cover input (2, 2). */
  for (gsize r = 0; r < m; r++)
    for (gsize c = 0; c < m; c++)
      if (r > 2 || c > 2)
        g_assert_cmpfloat (out->f32[r * m + c], ==, w2);
  g_assert_cmpfloat (out->f32[0], ==, special + (w2 - 1.0f));
}

static void
test_no_leak (void)
{
  const float specials[] = { INFINITY, -INFINITY, FLT_MAX, -FLT_MAX, 1e30f };

  if (gpu_test_skip_without_device ())
    return;
  for (guint k = 0; k < G_N_ELEMENTS (specials); k++)
    {
      check_no_leak (&ours_impl, 9, 1, specials[k]);
      check_no_leak (&ours_impl, 70, 13, specials[k]);
      check_no_leak (&ours_impl, 300, 40, specials[k]);
      if (k < 2) /* the seed's float sums round FLT_MAX + 8 as the study's did */
        check_no_leak (&seed_impl, 9, 1, specials[k]);
    }
}

static void
assert_overflow_at (const WsArray *grid, gsize side, guint radius, const char *where)
{
  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) out = run (impls[k], grid, side, radius, &error);
      g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
      g_assert_null (out);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, where));
      g_assert_nonnull (strstr (error->message, "--type float32"));
    }
}

static void
test_int32_overflow (void)
{
  g_autoptr (WsArray) full = ws_test_array_filled (WS_KEY_INT32, 3 * 3, G_MAXINT32);
  g_autoptr (WsArray) low = ws_test_array_filled (WS_KEY_INT32, 4 * 4, G_MININT32);
  g_autoptr (WsArray) sparse = ws_test_array_filled (WS_KEY_INT32, 6 * 6, 0);
  g_autoptr (WsArray) wide = ws_test_array_filled (WS_KEY_INT32, 60 * 60, 0);
  g_autoptr (WsArray) cancel = ws_test_array_filled (WS_KEY_INT32, 3 * 3, 0);

  if (gpu_test_skip_without_device ())
    return;
  assert_overflow_at (full, 3, 1, "row 0, column 0");
  assert_overflow_at (low, 4, 1, "row 0, column 0");
  /* Two INT32_MAX share only the windows of outputs (2, 3) and (3, 3). */
  sparse->i32[3 * 6 + 3] = G_MAXINT32;
  sparse->i32[4 * 6 + 5] = G_MAXINT32;
  assert_overflow_at (sparse, 6, 1, "row 2, column 3");
  /* R = 13 (ours' two passes): windows holding both are r in 14..30, c in 9..30. */
  wide->i32[30 * 60 + 30] = G_MAXINT32;
  wide->i32[40 * 60 + 35] = G_MAXINT32;
  assert_overflow_at (wide, 60, 13, "row 14, column 9");
  /* INT32_MAX + INT32_MIN + 1 = 0: extremes that cancel are no overflow. */
  cancel->i32[0] = G_MAXINT32;
  cancel->i32[4] = G_MININT32;
  cancel->i32[8] = 1;
  check_all_impls (cancel, 3, 1);
}

static void
assert_invalid (const Impl *im, WsCudaType type, gsize side, guint radius, const char *fact)
{
  float grid[16] = { 0 }, out[16];
  g_autoptr (GError) error = NULL;
  WsCudaTiming t;

  g_assert_false (ws_cuda_stencil (im->impl, type, grid, side, radius, im->block, im->per_thread,
                                   out, &t, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, fact));
}

static void
test_errors (void)
{
  const Impl bs0 = { WS_CUDA_SEED, 0, 1 }, bs33 = { WS_CUDA_SEED, 33, 1 }, k0 = { WS_CUDA_SEED, 8, 0 };
  const Impl lib = { WS_CUDA_LIB, 0, 0 };
  float grid[16] = { 0 }, out[16];
  g_autoptr (GError) error = NULL;
  WsCudaTiming t;

  if (gpu_test_skip_without_device ())
    return;
  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    {
      assert_invalid (impls[k], WS_CUDA_FLOAT32, 4, 2, "N = 4");
      assert_invalid (impls[k], WS_CUDA_FLOAT32, 4, 2, "2R = 4");
      assert_invalid (impls[k], WS_CUDA_INT32, 0, 0, "N = 0");
      assert_invalid (impls[k], WS_CUDA_INT32, 100000, 32768, "at most 32767");
    }
  assert_invalid (&bs0, WS_CUDA_FLOAT32, 4, 1, "BS = 0");
  assert_invalid (&bs33, WS_CUDA_FLOAT32, 4, 1, "BS = 33");
  assert_invalid (&k0, WS_CUDA_FLOAT32, 4, 1, "K = 0");
  g_assert_false (ws_cuda_stencil (lib.impl, WS_CUDA_FLOAT32, grid, 4, 1, 0, 0, out, &t, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED);
  g_assert_false (ws_cuda_has ("stencil", WS_CUDA_LIB));
  g_assert_true (ws_cuda_has ("stencil", WS_CUDA_SEED) && ws_cuda_has ("stencil", WS_CUDA_OURS));
}

/* ---- Large grids: N = 8192 against the CPU engine's cpu-par ---- */

#define LARGE_SIDE 8192

static void
check_large (const Impl *im, const WsArray *grid, guint radius, const WsArray *cpu)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) out = run (im, grid, LARGE_SIDE, radius, &error);
  double tol = tolerance (im, radius) * FLT_EPSILON;

  g_assert_no_error (error);
  g_assert_cmpuint (out->n, ==, cpu->n);
  if (grid->type == WS_KEY_INT32)
    {
      g_assert_true (memcmp (out->i32, cpu->i32, out->n * sizeof (gint32)) == 0);
      return;
    }
  /* Keys in [0, 1): Σ|x| of a window is its sum. */
  for (gsize i = 0; i < out->n; i++)
    if (fabs ((double) out->f32[i] - cpu->f32[i]) > tol * cpu->f32[i] + FLT_TRUE_MIN)
      g_assert_cmpfloat_with_epsilon (out->f32[i], cpu->f32[i], tol * cpu->f32[i]);
}

static void
test_large (gconstpointer data)
{
  const guint large_radii[] = { 1, 16, 64 };
  WsKeyType type = ((const WsTestCase *) data)->type;
  /* int32 in [0, 65536): a radius-64 window sums to at most 1.1e9. */
  WsDistribution dist = type == WS_KEY_INT32 ? WS_DIST_UNIFORM16 : WS_DIST_UNIFORM;
  g_autoptr (WsArray) grid = NULL;

  if (gpu_test_skip_without_device ())
    return;
  grid = ws_test_generate (type, dist, (gsize) LARGE_SIDE * LARGE_SIDE, 8192);
  for (guint r = 0; r < G_N_ELEMENTS (large_radii); r++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) cpu = ws_stencil (grid, LARGE_SIDE, large_radii[r], WS_VARIANT_CPU_PAR,
                                            NULL, &error);
      g_assert_no_error (error);
      check_large (&ours_impl, grid, large_radii[r], cpu);
      if (large_radii[r] == 16)
        check_large (&seed_impl, grid, large_radii[r], cpu);
    }
}

/* The faster of two runs' kernel time (the first may load the kernels). */
static double
kernel_ms (const Impl *im, const WsArray *grid, gsize side, guint radius)
{
  double best = G_MAXDOUBLE;

  for (guint k = 0; k < 2; k++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) out = NULL;
      WsCudaTiming t;
      out = ws_array_new (grid->type, (side - 2 * radius) * (side - 2 * radius), NULL);
      g_assert_true (ws_cuda_stencil (im->impl, gpu_test_type (grid->type), grid->data, side,
                                      radius, im->block, im->per_thread, out->data, &t, &error));
      g_assert_no_error (error);
      gpu_test_assert_timing (&t);
      best = MIN (best, t.kernel_ms);
    }
  return best;
}

/* Kernel times at N = 8192 (float32): ours stays flat in R past the direct
 * sums, the study's kernel grows as R². */
static void
test_timing (void)
{
  const guint seed_radii[] = { 1, 2, 4, 8, 16, 64 };
  g_autoptr (WsArray) grid = NULL;

  if (gpu_test_skip_without_device ())
    return;
  grid = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, (gsize) LARGE_SIDE * LARGE_SIDE, 5);
  for (guint r = 1; r <= 64; r = r < 16 ? r + 1 : r * 2)
    g_test_message ("TIMING stencil N=%d R=%u gpu kernel_ms=%.3f", LARGE_SIDE, r,
                    kernel_ms (&ours_impl, grid, LARGE_SIDE, r));
  for (guint k = 0; k < G_N_ELEMENTS (seed_radii); k++)
    {
      guint r = seed_radii[k];
      double seed = kernel_ms (&seed_impl, grid, LARGE_SIDE, r);
      double ours = kernel_ms (&ours_impl, grid, LARGE_SIDE, r);
      g_test_message ("TIMING stencil N=%d R=%u gpu-seed(BS=16,K=1) kernel_ms=%.3f gpu=%.3f",
                      LARGE_SIDE, r, seed, ours);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  ws_test_add_cases ("/gpu/stencil/values", WS_TEST_PER_DIST, 0, test_distribution);
  ws_test_add_cases ("/gpu/stencil/seed-shapes", WS_TEST_PER_TYPE, 0, test_seed_shapes);
  ws_test_add_cases ("/gpu/stencil/special", WS_TEST_PER_TYPE, 0, test_special);
  ws_test_add_cases ("/gpu/stencil/identity", WS_TEST_PER_TYPE, 0, test_identity);
  g_test_add_func ("/gpu/stencil/infinities", test_infinities);
  g_test_add_func ("/gpu/stencil/no-leak", test_no_leak);
  g_test_add_func ("/gpu/stencil/int32-overflow", test_int32_overflow);
  g_test_add_func ("/gpu/stencil/errors", test_errors);
  ws_test_add_cases ("/gpu/stencil/large", WS_TEST_PER_TYPE, 0, test_large);
  g_test_add_func ("/gpu/stencil/timing", test_timing);
  return g_test_run ();
}
