/* test-stencil.c: study 001's window sum, every variant (cpu-seq, cpu-par,
 * gpu-seed, gpu), against plain double loops. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-stencil.h"
#include "ws-test-variant.h"
#if WS_HAVE_CUDA
#include "ws-cuda.h"
#endif

static const gsize sides[] = { 1, 2, 3, 5, 8, 33, 40, 64, 257 };
static const guint radii[] = { 0, 1, 2, 5, 7, 16 };
/* gpu sums R <= 2 in register strips, and R = 3 … 127 by sliding sums
 * where they are exact (int32; float32 keys of a narrow span, as generated)
 * and else again by the paths that never subtract: fused bands of 256
 * output columns a block (R <= 39 on an H200: the ring of 2R + 1 rows
 * fits) or 128 (R <= 90), in chunks of 2 columns for R = 3 and of 8
 * beyond; past that (and on GPUs with less shared memory: R <= 15 with 64
 * KB) in register strips (R <= 8) or two passes. A -0.0 in a float32 grid
 * changes no sum and sends it down those paths, so each case runs both.
 * Both sides of every switch, radii near N / 2, and a side of 600, whose
 * outputs fill no whole block of columns and whose bands are cut into
 * parts of several blocks. */
static const gsize gpu_sides[] = { 40, 64, 257, 600 };
static const guint gpu_radii[] = { 1, 2, 3, 4, 8, 9, 15, 16, 17, 31, 32, 33, 39, 40, 63, 64, 65,
                                   90, 91, 128 };

#define LARGE_SIDE 8192

/* gpu-seed's BS × K shape as a case's extra (0: the registry's defaults). */
#define SHAPE(block, per_thread) ((block) << 8 | (per_thread))
#define SHAPE_BLOCK(extra)       ((extra) >> 8)
#define SHAPE_PER_THREAD(extra)  ((extra) & 0xff)

/* gpu sums in double and rounds once; the others' error grows with the
 * window: cpu-seq and gpu-seed add (2R+1)² floats in float, cpu-par's
 * double block sums are held to the same bound. */
static double
tolerance (WsVariant variant,
           guint     radius)
{
  double w = 2.0 * radius + 1.0;

  return variant == WS_VARIANT_GPU ? 2.0 : w * w;
}

/* The CPU calls an int32 sum past int32 an overflow, the CUDA library an
 * invalid argument; both name the first bad output and float32. */
static void
assert_overflow_error (const WsTestCase *c,
                       const GError     *error,
                       const char       *where)
{
  gint code = ws_variant_is_gpu (c->variant) ? WS_ERROR_INVALID_ARGUMENT : WS_ERROR_OVERFLOW;

  g_assert_error (error, WS_ERROR, code);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, where));
  g_assert_nonnull (strstr (error->message, "--type float32"));
}

/* The window sums of grid, or NULL with the error. */
static WsArray *
run_stencil (const WsTestCase *c,
             const WsArray    *grid,
             gsize             side,
             guint             radius,
             GError          **error)
{
  WsRunInput in = ws_test_run_input (c, grid);
  WsRunOutput out;
  WsArray *sums;

  in.side = side;
  ws_test_run_param (&in, "radius", radius);
  if (c->extra != 0)
    {
      ws_test_run_param (&in, "block", SHAPE_BLOCK (c->extra));
      ws_test_run_param (&in, "per-thread", SHAPE_PER_THREAD (c->extra));
    }
  if (!ws_test_run (&in, &out, error))
    return NULL;
  sums = g_steal_pointer (&out.array);
  ws_run_output_clear (&out);
  return sums;
}

/* Float outputs: NaN and ±inf where the reference has them (on the GPU
 * also where a sum past FLT_MAX rounds to inf in float), else within
 * tolerance · FLT_EPSILON · Σ|x| (plus the smallest value's rounding). */
static void
assert_close (const WsTestCase      *c,
              const WsArray         *out,
              const WsTestWindowRef *ref,
              guint                  radius)
{
  gboolean gpu = ws_variant_is_gpu (c->variant);
  double tol = tolerance (c->variant, radius) * FLT_EPSILON;

  g_assert_cmpuint (out->n, ==, ref->m * ref->m);
  for (gsize i = 0; i < ref->m * ref->m; i++)
    {
      double want = ref->sum[i], got = out->f32[i];
      if (isnan (want))
        g_assert_true (isnan (got));
      else if (isinf (want) || (gpu && isinf ((float) want)))
        g_assert_cmpfloat (got, ==, (float) want);
      else
        g_assert_cmpfloat_with_epsilon (got, want,
                                        tol * ref->abs_sum[i] + (gpu ? FLT_TRUE_MIN : DBL_MIN));
    }
}

/* Exact int32 sums or the overflow error naming the first bad output;
 * float32 sums as assert_close says. */
static void
check_case (const WsTestCase *c,
            const WsArray    *grid,
            gsize             side,
            guint             radius)
{
  g_auto (WsTestWindowRef) ref = ws_test_window_sum_reference (grid, side, radius);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) out = run_stencil (c, grid, side, radius, &error);
  gsize bad = grid->type == WS_KEY_INT32 ? ws_test_window_first_overflow (&ref) : G_MAXSIZE;

  if (bad != G_MAXSIZE)
    {
      g_autofree char *where = g_strdup_printf ("row %" G_GSIZE_FORMAT ", column %" G_GSIZE_FORMAT,
                                                bad / ref.m, bad % ref.m);
      g_assert_null (out);
      assert_overflow_error (c, error, where);
      return;
    }
  g_assert_no_error (error);
  if (grid->type == WS_KEY_FLOAT32)
    {
      assert_close (c, out, &ref, radius);
      return;
    }
  for (gsize i = 0; i < ref.m * ref.m; i++)
    g_assert_cmpint (out->i32[i], ==, (gint64) ref.sum[i]);
}

/* The grid as generated, and for int32 folded small so that the exact
 * path is checked, not only the overflow. */
static void
check_side_radius (const WsTestCase *c,
                   gsize             side,
                   guint             radius,
                   guint64           seed)
{
  g_autoptr (WsArray) grid = NULL;

  if (side <= 2 * (gsize) radius)
    return;
  grid = ws_test_generate (c->type, c->dist, side * side, seed);
  check_case (c, grid, side, radius);
  if (c->type == WS_KEY_FLOAT32 && c->variant == WS_VARIANT_GPU)
    {
      grid->f32[0] = -0.0f;
      check_case (c, grid, side, radius);
    }
  if (c->type == WS_KEY_INT32)
    {
      ws_test_fold_small (grid);
      check_case (c, grid, side, radius);
    }
}

static void
test_distribution (gconstpointer data)
{
  const WsTestCase *c = data;
  gboolean gpu = ws_variant_is_gpu (c->variant);

  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    for (guint k = 0; k < G_N_ELEMENTS (radii); k++)
      check_side_radius (c, sides[s], radii[k], 1000 + s * 7 + k);
  for (guint s = 0; gpu && s < G_N_ELEMENTS (gpu_sides); s++)
    for (guint k = 0; k < G_N_ELEMENTS (gpu_radii); k++)
      check_side_radius (c, gpu_sides[s], gpu_radii[k], 2000 + s * 7 + k);
}

/* Special values: int32 extremes overflow (or not) as the reference says;
 * float32 ±inf, -0.0 and denormals follow IEEE sums. gpu sums in double
 * and keeps ±FLT_MAX; for the others they become ±1e30, so that no float
 * accumulator overflows (that is the study's rounding, not a semantic). */
static void
test_special (gconstpointer data)
{
  const gsize special_sides[] = { 3, 5, 8, 33, 40, 64, 257 };
  const guint special_radii[] = { 1, 2, 13 };
  const WsTestCase *c = data;

  for (guint s = 0; s < G_N_ELEMENTS (special_sides); s++)
    for (guint r = 0; r < G_N_ELEMENTS (special_radii); r++)
      {
        gsize side = special_sides[s];
        g_autoptr (WsArray) grid = NULL;
        if (side <= 2 * (gsize) special_radii[r])
          continue;
        grid = ws_test_special_array (c->type, side * side, 77 + s);
        if (c->variant != WS_VARIANT_GPU)
          ws_test_tame_flt_max (grid, 1e30f);
        check_case (c, grid, side, special_radii[r]);
      }
}

/* N = 2R + 1: one output, the sum of the whole grid. */
static void
test_largest_radius (gconstpointer data)
{
  for (guint radius = 0; radius <= 40; radius += 8)
    {
      gsize side = 2 * radius + 1;
      g_autoptr (WsArray) grid = ws_test_generate (((const WsTestCase *) data)->type,
                                                   WS_DIST_UNIFORM16, side * side, radius);
      check_case (data, grid, side, radius);
    }
}

/* R = 0 copies the grid bit for bit, -0.0, inf and extremes included. */
static void
test_identity (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    {
      g_autoptr (WsArray) grid = ws_test_special_array (c->type, sides[s] * sides[s], sides[s]);
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) out = run_stencil (c, grid, sides[s], 0, &error);
      g_assert_no_error (error);
      g_assert_true (ws_array_equal (grid, out));
    }
}

/* A bigger grid, so that cpu-par splits rows and columns over threads. */
static void
test_bigger_grid (gconstpointer data)
{
  const gsize side = 200;
  g_autoptr (WsArray) grid = ws_test_generate (((const WsTestCase *) data)->type,
                                               WS_DIST_UNIFORM16, side * side, 5);

  check_case (data, grid, side, 7);
  check_case (data, grid, side, 0);
}

/* +inf in a window gives +inf, +inf with -inf gives NaN. */
static void
test_infinities (gconstpointer data)
{
  const gsize side = 5;
  const char *expect = "++9+N-9--"; /* +inf reaches outputs (0..1, 0..1), -inf (1..2, 1..2) */
  g_autoptr (WsArray) grid = ws_test_array_filled (WS_KEY_FLOAT32, side * side, 1.0);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) out = NULL;

  grid->f32[1 * side + 1] = INFINITY;
  grid->f32[3 * side + 3] = -INFINITY;
  out = run_stencil (data, grid, side, 1, &error);
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

/* An infinity or a huge value near a window, in the same block of cpu-par's
 * or gpu's passes, must not leak into it (as it would through a running
 * sum's subtraction): direct sums (R = 1) and gpu's two passes (R = 13, 40). */
static void
check_no_leak (const WsTestCase *c,
               gsize             side,
               guint             radius,
               float             special)
{
  g_autoptr (WsArray) grid = ws_test_array_filled (WS_KEY_FLOAT32, side * side, 1.0);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) out = NULL;
  gsize m = side - 2 * radius;
  float w2 = (float) ((2 * radius + 1) * (2 * radius + 1));

  grid->f32[2 * side + 2] = special;
  out = run_stencil (c, grid, side, radius, &error);
  g_assert_no_error (error);
  /* Only outputs (r, c) with r, c <= 2 cover input (2, 2). */
  for (gsize r = 0; r < m; r++)
    for (gsize col = 0; col < m; col++)
      if (r > 2 || col > 2)
        g_assert_cmpfloat (out->f32[r * m + col], ==, w2);
  g_assert_cmpfloat (out->f32[0], ==, special + (w2 - 1.0f));
}

/* cpu-seq and gpu-seed sum every window directly, at R = 1 here; gpu-seed
 * in float in its own order, so it gets the infinities alone. */
static void
test_no_leak (gconstpointer data)
{
  const float specials[] = { INFINITY, -INFINITY, FLT_MAX, -FLT_MAX, 1e30f };
  const struct { gsize side; guint radius; } shapes[] = { { 9, 1 }, { 70, 13 }, { 300, 40 } };
  const WsTestCase *c = data;
  gboolean passes = c->variant == WS_VARIANT_CPU_PAR || c->variant == WS_VARIANT_GPU;
  gboolean seed = c->variant == WS_VARIANT_GPU_SEED;

  for (guint k = 0; k < (seed ? 2 : G_N_ELEMENTS (specials)); k++)
    for (guint s = 0; s < (passes ? G_N_ELEMENTS (shapes) : 1); s++)
      check_no_leak (c, shapes[s].side, shapes[s].radius, specials[k]);
}

static void
assert_overflow_at (const WsTestCase *c,
                    const WsArray    *grid,
                    gsize             side,
                    guint             radius,
                    const char       *where)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) out = run_stencil (c, grid, side, radius, &error);

  g_assert_null (out);
  assert_overflow_error (c, error, where);
}

/* Sums past int32 fail naming the first; INT32_MAX + INT32_MIN + 1 = 0:
 * extremes that cancel are no overflow. */
static void
test_int32_overflow (gconstpointer data)
{
  g_autoptr (WsArray) full = ws_test_array_filled (WS_KEY_INT32, 3 * 3, G_MAXINT32);
  g_autoptr (WsArray) low = ws_test_array_filled (WS_KEY_INT32, 4 * 4, G_MININT32);
  g_autoptr (WsArray) sparse = ws_test_array_filled (WS_KEY_INT32, 6 * 6, 0);
  g_autoptr (WsArray) wide = ws_test_array_filled (WS_KEY_INT32, 60 * 60, 0);
  g_autoptr (WsArray) cancel = ws_test_array_filled (WS_KEY_INT32, 3 * 3, 0);
  g_autoptr (WsArray) out = NULL;

  assert_overflow_at (data, full, 3, 1, "row 0, column 0");
  assert_overflow_at (data, low, 4, 1, "row 0, column 0");
  /* Two INT32_MAX share only the windows of outputs (2, 3) and (3, 3). */
  sparse->i32[3 * 6 + 3] = G_MAXINT32;
  sparse->i32[4 * 6 + 5] = G_MAXINT32;
  assert_overflow_at (data, sparse, 6, 1, "row 2, column 3");
  /* R = 13 (gpu's two passes): windows holding both are r in 14..30, c in 9..30. */
  wide->i32[30 * 60 + 30] = G_MAXINT32;
  wide->i32[40 * 60 + 35] = G_MAXINT32;
  assert_overflow_at (data, wide, 60, 13, "row 14, column 9");
  cancel->i32[0] = G_MAXINT32;
  cancel->i32[4] = G_MININT32;
  cancel->i32[8] = 1;
  check_case (data, cancel, 3, 1);
  out = run_stencil (data, cancel, 3, 1, NULL);
  g_assert_cmpint (out->i32[0], ==, 0);
}

/* ---- gpu-seed's parameters: every BS × K shape of the study ---- */

static void
test_seed_shapes (gconstpointer data)
{
  const guint bs[] = { 8, 16, 32 }, ks[] = { 1, 4, 16 }, rs[] = { 0, 2, 7 };
  const gsize shape_sides[] = { 40, 257 };
  WsTestCase c = *(const WsTestCase *) data;

  for (guint s = 0; s < G_N_ELEMENTS (shape_sides); s++)
    for (guint r = 0; r < G_N_ELEMENTS (rs); r++)
      {
        gsize side = shape_sides[s];
        g_autoptr (WsArray) grid = ws_test_generate (c.type, WS_DIST_UNIFORM16, side * side, 7 + r);
        for (guint b = 0; b < G_N_ELEMENTS (bs); b++)
          for (guint k = 0; k < G_N_ELEMENTS (ks); k++)
            {
              c.extra = SHAPE (bs[b], ks[k]);
              check_case (&c, grid, side, rs[r]);
            }
      }
}

/* ---- GPU only: N = 8192, and kernel times for the report ---- */

/* Each output of a large grid against window sums by running column sums
 * (double, O(N²)): exact here, since the keys are integers below 2^16 or
 * floats in [0, 1) that are multiples of 2^-24. */
static void
check_large (const WsTestCase *c,
             const WsArray    *grid,
             guint             radius,
             const WsArray    *out)
{
  gsize n = LARGE_SIDE, w = 2 * radius + 1, m = n - 2 * radius;
  g_autofree double *cols = g_new0 (double, n);
  double tol = tolerance (c->variant, radius) * FLT_EPSILON;

  g_assert_cmpuint (out->n, ==, m * m);
  for (gsize row = 0; row < n; row++)
    {
      double sum = 0.0;
      for (gsize j = 0; j < n; j++)
        cols[j] += ws_array_get_double (grid, row * n + j)
                   - (row >= w ? ws_array_get_double (grid, (row - w) * n + j) : 0.0);
      for (gsize j = 0; row + 1 >= w && j < n; j++)
        {
          sum += cols[j] - (j >= w ? cols[j - w] : 0.0);
          if (j + 1 < w)
            continue;
          /* Keys are not negative: Σ|x| of a window is its sum. */
          double got = ws_array_get_double (out, (row + 1 - w) * m + j + 1 - w);
          if (grid->type == WS_KEY_INT32 ? got != sum : fabs (got - sum) > tol * sum + FLT_TRUE_MIN)
            g_error ("%s R=%u: output (%" G_GSIZE_FORMAT ", %" G_GSIZE_FORMAT ") = %.9g, want %.9g",
                     ws_variant_name (c->variant), radius, row + 1 - w, j + 1 - w, got, sum);
        }
    }
}

/* gpu at radii in each of its paths and block widths (see gpu_radii; R =
 * 63, whose last two columns of outputs the strip before the last takes);
 * gpu-seed at one (its R² kernel). */
static void
test_large (gconstpointer data)
{
  const guint gpu_large[] = { 1, 3, 16, 39, 40, 63, 64, 90, 91, 127, 128 }, seed_large[] = { 16 };
  const WsTestCase *c = data;
  gboolean seed = c->variant == WS_VARIANT_GPU_SEED;
  /* int32 in [0, 65536): a radius-90 window sums to at most 2146992135 <
   * 2^31; at R = 91 the 33489 uniform keys of a window average 1.1e9, with
   * a spread of about 3.4e6; from R = 127 (65025 keys, 2.1e9 on average)
   * they leave int32, so only float32 runs there. */
  WsDistribution dist = c->type == WS_KEY_INT32 ? WS_DIST_UNIFORM16 : WS_DIST_UNIFORM;
  g_autoptr (WsArray) grid = ws_test_generate (c->type, dist, (gsize) LARGE_SIDE * LARGE_SIDE,
                                               8192);

  for (guint r = 0; r < (seed ? G_N_ELEMENTS (seed_large) : G_N_ELEMENTS (gpu_large)); r++)
    {
      guint radius = seed ? seed_large[r] : gpu_large[r];
      if (c->type == WS_KEY_INT32 && radius > 91)
        continue;
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) out = run_stencil (c, grid, LARGE_SIDE, radius, &error);
      g_assert_no_error (error);
      check_large (c, grid, radius, out);
    }
}

/* The faster of two runs' kernel time. */
static double
kernel_ms (const WsTestCase *c,
           const WsArray    *grid,
           guint             radius)
{
  WsRunInput in = ws_test_run_input (c, grid);

  in.side = LARGE_SIDE;
  ws_test_run_param (&in, "radius", radius);
  return ws_test_fastest_kernel_ms (&in, 2, NULL, NULL);
}

/* Kernel times at N = 8192 (float32): gpu stays flat in R past the direct
 * sums, the study's kernel (BS = 16, K = 1) grows as R². */
static void
test_timing (gconstpointer data)
{
  const guint seed_radii[] = { 1, 2, 4, 8, 16, 64 };
  const WsTestCase *c = data;
  g_autoptr (WsArray) grid = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM,
                                               (gsize) LARGE_SIDE * LARGE_SIDE, 5);

  if (c->variant == WS_VARIANT_GPU_SEED)
    for (guint k = 0; k < G_N_ELEMENTS (seed_radii); k++)
      g_test_message ("TIMING stencil N=%d R=%u gpu-seed kernel_ms=%.3f", LARGE_SIDE,
                      seed_radii[k], kernel_ms (c, grid, seed_radii[k]));
  else
    for (guint r = 1; r <= 64; r = r < 16 ? r + 1 : r * 2)
      g_test_message ("TIMING stencil N=%d R=%u gpu kernel_ms=%.3f", LARGE_SIDE, r,
                      kernel_ms (c, grid, r));
}

/* ---- The CPU engine's own checks ---- */

static void
test_check_ok (void)
{
  g_assert_true (ws_stencil_check (1, 0, NULL));
  g_assert_true (ws_stencil_check (3, 1, NULL));
  g_assert_true (ws_stencil_check (4, 1, NULL));
  g_assert_true (ws_stencil_check (2001, 1000, NULL));
}

static void
assert_check_fails (gsize       side,
                    gint64      radius,
                    const char *fact)
{
  g_autoptr (GError) error = NULL;

  g_assert_false (ws_stencil_check (side, radius, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, fact));
}

static void
test_check_errors (void)
{
  assert_check_fails (10, -1, "0 or more");
  assert_check_fails (10, G_MININT64, "0 or more");
  assert_check_fails (4, 2, "N = 4");
  assert_check_fails (4, 2, "2R = 4");
  assert_check_fails (4, 2, "at most 1");
  assert_check_fails (5, 3, "2R = 6");
  assert_check_fails (0, 0, "N = 0 <= 0");
  assert_check_fails (100, G_MAXINT64, "2R = 18446744073709551614");
}

static void
test_errors (void)
{
  g_autoptr (WsArray) grid = ws_test_array_filled (WS_KEY_FLOAT32, 4 * 4, 1.0);
  g_autoptr (WsArray) out = NULL;
  g_autoptr (GError) error = NULL;

  out = ws_stencil (grid, 5, 1, WS_VARIANT_CPU_SEQ, NULL, &error);
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "16 values"));
  g_clear_error (&error);
  out = ws_stencil (grid, 4, 2, WS_VARIANT_CPU_PAR, NULL, &error);
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "2R = 4"));
  g_clear_error (&error);
  /* The engine's ws_stencil runs the CPU variants only. */
  out = ws_stencil (grid, 4, 1, WS_VARIANT_GPU, NULL, &error);
  g_assert_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED);
  g_assert_null (out);
}

static void
test_counters (void)
{
  g_autoptr (WsArray) grid = ws_test_array_filled (WS_KEY_INT32, 10 * 10, 1);

  for (WsVariant v = WS_VARIANT_CPU_SEQ; v <= WS_VARIANT_CPU_PAR; v++)
    {
      WsCounters counters = { 0 };
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) out = ws_stencil (grid, 10, 2, v, &counters, &error);
      g_assert_no_error (error);
      g_assert_cmpint (out->i32[0], ==, 25);
      g_assert_cmpuint (counters.passes, ==, v == WS_VARIANT_CPU_SEQ ? 1 : 2);
      g_assert_cmpuint (counters.probes, ==, v == WS_VARIANT_CPU_SEQ ? 36 * 25 : 100);
      g_assert_cmpuint (counters.comparisons, ==, 0);
    }
}

/* ---- GPU only: the CUDA library's own checks ---- */

#if WS_HAVE_CUDA
static void
assert_invalid (WsCudaImpl  impl,
                guint       block,
                guint       per_thread,
                WsCudaType  type,
                gsize       side,
                guint       radius,
                const char *fact)
{
  float grid[16] = { 0 }, out[16];
  g_autoptr (GError) error = NULL;
  WsCudaTiming t;

  g_assert_false (ws_cuda_stencil (impl, type, grid, side, radius, block, per_thread, out, &t,
                                   &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, fact));
}

/* ws_cuda_stencil (gpu) on grid; its launches. The sums are checked as
 * check_case does, against the test's own double loops. */
static guint64
gpu_sums_launches (const WsArray *grid,
                   gsize          side,
                   guint          radius)
{
  g_auto (WsTestWindowRef) ref = ws_test_window_sum_reference (grid, side, radius);
  gboolean f32 = grid->type == WS_KEY_FLOAT32;
  g_autofree gpointer out = g_malloc (ref.m * ref.m * 4);
  g_autoptr (GError) error = NULL;
  WsCudaTiming t;

  g_assert_true (ws_cuda_stencil (WS_CUDA_OURS, f32 ? WS_CUDA_FLOAT32 : WS_CUDA_INT32,
                                  grid->data, side, radius, 0, 0, out, &t, &error));
  g_assert_no_error (error);
  for (gsize i = 0; i < ref.m * ref.m; i++)
    {
      if (!f32)
        g_assert_cmpint (((const gint32 *) out)[i], ==, (gint64) ref.sum[i]);
      else if (isnan (ref.sum[i]))
        g_assert_true (isnan (((const float *) out)[i]));
      else if (isinf ((float) ref.sum[i]))
        g_assert_cmpfloat (((const float *) out)[i], ==, (float) ref.sum[i]);
      else
        g_assert_cmpfloat_with_epsilon (((const float *) out)[i], ref.sum[i],
                                        tolerance (WS_VARIANT_GPU, radius) * FLT_EPSILON
                                            * ref.abs_sum[i] + FLT_TRUE_MIN);
    }
  return t.launches;
}

/* gpu's sliding sums (R >= 3) take one launch where they are exact: int32
 * always, float32 keys in a span of magnitudes that keeps every running
 * sum exact in double (uniform keys, multiples of 2^-24). A float32 grid
 * with an infinity, a NaN, a -0.0 or values 2^44 apart is summed again by
 * the paths that never subtract (a second launch at least) — in the block
 * that holds it, wherever that is — and is right either way. */
static void
test_gpu_slide (void)
{
  const guint slide_radii[] = { 3, 16, 33, 64, 127 };
  const float odd[] = { INFINITY, -INFINITY, NAN, -0.0f, 0x1p-44f };
  const gsize side = 700, spots[] = { 0, 351 * 700 + 9, 700 * 700 - 1 };

  for (guint k = 0; k < G_N_ELEMENTS (slide_radii); k++)
    {
      g_autoptr (WsArray) uniform = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, side * side,
                                                      k);
      g_autoptr (WsArray) small = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM16, side * side, k);

      g_assert_cmpuint (gpu_sums_launches (uniform, side, slide_radii[k]), ==, 1);
      g_assert_cmpuint (gpu_sums_launches (small, side, slide_radii[k]), ==, 1);
      for (guint o = 0; o < G_N_ELEMENTS (odd); o++)
        {
          g_autoptr (WsArray) grid = ws_array_copy (uniform, NULL);
          grid->f32[spots[(k + o) % G_N_ELEMENTS (spots)]] = odd[o];
          g_assert_cmpuint (gpu_sums_launches (grid, side, slide_radii[k]), >=, 2);
        }
    }
}

/* Sizes, radii and the seed's shapes out of range; no library stencil. */
static void
test_gpu_errors (void)
{
  const WsCudaImpl impls[] = { WS_CUDA_SEED, WS_CUDA_OURS };
  float grid[16] = { 0 }, out[16];
  g_autoptr (GError) error = NULL;
  WsCudaTiming t;

  for (guint k = 0; k < G_N_ELEMENTS (impls); k++)
    {
      guint bs = impls[k] == WS_CUDA_SEED ? 16 : 0, per = impls[k] == WS_CUDA_SEED ? 1 : 0;
      assert_invalid (impls[k], bs, per, WS_CUDA_FLOAT32, 4, 2, "N = 4");
      assert_invalid (impls[k], bs, per, WS_CUDA_FLOAT32, 4, 2, "2R = 4");
      assert_invalid (impls[k], bs, per, WS_CUDA_INT32, 0, 0, "N = 0");
      assert_invalid (impls[k], bs, per, WS_CUDA_INT32, 100000, 32768, "at most 32767");
    }
  assert_invalid (WS_CUDA_SEED, 0, 1, WS_CUDA_FLOAT32, 4, 1, "BS = 0");
  assert_invalid (WS_CUDA_SEED, 33, 1, WS_CUDA_FLOAT32, 4, 1, "BS = 33");
  assert_invalid (WS_CUDA_SEED, 8, 0, WS_CUDA_FLOAT32, 4, 1, "K = 0");
  g_assert_false (ws_cuda_stencil (WS_CUDA_LIB, WS_CUDA_FLOAT32, grid, 4, 1, 0, 0, out, &t,
                                   &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED);
}
#endif

#define GPU_OURS WS_TEST_VARIANT (WS_VARIANT_GPU)
#define GPU_SEED WS_TEST_VARIANT (WS_VARIANT_GPU_SEED)

static const WsTestRows rows[] = {
  { "/stencil/sums", "stencil", WS_TEST_ALL, 0, TRUE, test_distribution },
  { "/stencil/special", "stencil", WS_TEST_ALL, 0, FALSE, test_special },
  { "/stencil/largest-radius", "stencil", WS_TEST_ALL, 0, FALSE, test_largest_radius },
  { "/stencil/identity", "stencil", WS_TEST_ALL, 0, FALSE, test_identity },
  { "/stencil/bigger-grid", "stencil", WS_TEST_ALL, 0, FALSE, test_bigger_grid },
  { "/stencil/infinities", "stencil", WS_TEST_ALL, WS_TEST_TYPE (WS_KEY_FLOAT32), FALSE,
    test_infinities },
  { "/stencil/no-leak", "stencil", WS_TEST_ALL, WS_TEST_TYPE (WS_KEY_FLOAT32), FALSE,
    test_no_leak },
  { "/stencil/int32-overflow", "stencil", WS_TEST_ALL, WS_TEST_TYPE (WS_KEY_INT32), FALSE,
    test_int32_overflow },
  { "/stencil/seed-shapes", "stencil", GPU_SEED, 0, FALSE, test_seed_shapes },
  { "/stencil/large", "stencil", WS_TEST_GPU, 0, FALSE, test_large },
  { "/stencil/timing", "stencil", WS_TEST_GPU, WS_TEST_TYPE (WS_KEY_FLOAT32), FALSE, test_timing },
};

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  ws_test_add_rows (rows, G_N_ELEMENTS (rows));
  g_test_add_func ("/stencil/check/ok", test_check_ok);
  g_test_add_func ("/stencil/check/errors", test_check_errors);
  g_test_add_func ("/stencil/errors", test_errors);
  g_test_add_func ("/stencil/counters", test_counters);
  ws_test_add_gpu_func ("/stencil/gpu/errors", WS_TEST_CUDA (test_gpu_errors));
  ws_test_add_gpu_func ("/stencil/gpu/slide", WS_TEST_CUDA (test_gpu_slide));
  ws_test_add_gpu_built ("/stencil/gpu/built", "stencil");
  return g_test_run ();
}
