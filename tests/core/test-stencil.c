/* test-stencil.c: study 001's window sum against plain double loops. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-stencil.h"
#include "ws-test-util.h"

static const gsize sides[] = { 1, 2, 3, 5, 8, 33, 64 };
static const guint radii[] = { 0, 1, 2, 5, 16 };

/* Every output within (2R+1)^2 * FLT_EPSILON * sum|x| of the double sum;
 * NaN and ±inf exactly where the double sum has them. */
static void
check_f32 (const WsArray *grid,
           gsize          side,
           guint          radius,
           const WsArray *out)
{
  g_auto (WsTestWindowRef) ref = ws_test_window_sum_reference (grid, side, radius);
  double w2 = (double) (2 * radius + 1) * (2 * radius + 1);

  g_assert_cmpuint (out->n, ==, ref.m * ref.m);
  for (gsize i = 0; i < ref.m * ref.m; i++)
    {
      double want = ref.sum[i], got = out->f32[i];
      if (isnan (want))
        g_assert_true (isnan (got));
      else if (isinf (want))
        g_assert_cmpfloat (got, ==, want);
      else
        g_assert_cmpfloat_with_epsilon (got, want, w2 * FLT_EPSILON * ref.abs_sum[i] + DBL_MIN);
    }
}

/* Exact sums, or the overflow error naming the first bad output. */
static void
check_i32 (const WsArray *grid,
           gsize          side,
           guint          radius,
           WsVariant      variant)
{
  g_autoptr (GError) error = NULL;
  g_auto (WsTestWindowRef) ref = ws_test_window_sum_reference (grid, side, radius);
  gsize m = ref.m, bad = ws_test_window_first_overflow (&ref);
  g_autoptr (WsArray) out = ws_stencil (grid, side, radius, variant, NULL, &error);

  if (bad != G_MAXSIZE)
    {
      g_autofree char *where = g_strdup_printf ("row %" G_GSIZE_FORMAT ", column %"
                                                G_GSIZE_FORMAT, bad / m, bad % m);
      g_assert_error (error, WS_ERROR, WS_ERROR_OVERFLOW);
      g_assert_null (out);
      g_assert_nonnull (strstr (error->message, where));
      g_assert_nonnull (strstr (error->message, "float32"));
      return;
    }
  g_assert_no_error (error);
  for (gsize i = 0; i < m * m; i++)
    g_assert_cmpint (out->i32[i], ==, (gint64) ref.sum[i]);
}

static void
check_case (const WsArray *grid,
            gsize          side,
            guint          radius,
            WsVariant      variant)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) out = NULL;

  if (grid->type == WS_KEY_INT32)
    {
      check_i32 (grid, side, radius, variant);
      return;
    }
  out = ws_stencil (grid, side, radius, variant, NULL, &error);
  g_assert_no_error (error);
  check_f32 (grid, side, radius, out);
}

static void
test_distribution (gconstpointer data)
{
  const WsTestCase *tc = data;
  WsKeyType type = tc->type;
  WsVariant variant = tc->variant;

  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    for (guint k = 0; k < G_N_ELEMENTS (radii); k++)
      {
        gsize side = sides[s];
        guint radius = radii[k];
        g_autoptr (WsArray) grid = NULL;
        if (side <= 2 * (gsize) radius)
          continue;
        grid = ws_test_generate (type, tc->dist, side * side, 1000 + s * 7 + k);
        check_case (grid, side, radius, variant);
        if (type == WS_KEY_INT32)
          {
            ws_test_fold_small (grid);
            check_case (grid, side, radius, variant);
          }
      }
}

/* N = 2R + 1: one output, the sum of the whole grid. */
static void
test_largest_radius (gconstpointer data)
{
  WsKeyType type = ((const WsTestCase *) data)->type;

  for (guint radius = 0; radius <= 40; radius += 8)
    {
      gsize side = 2 * radius + 1;
      g_autoptr (WsArray) grid = ws_test_generate (type, WS_DIST_UNIFORM16, side * side, radius);
      for (WsVariant v = WS_VARIANT_CPU_SEQ; v <= WS_VARIANT_CPU_PAR; v++)
        check_case (grid, side, radius, v);
    }
}

/* R = 0 copies the grid bit for bit, -0.0, inf and extremes included. */
static void
test_identity (gconstpointer data)
{
  WsKeyType type = ((const WsTestCase *) data)->type;

  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    {
      gsize side = sides[s];
      g_autoptr (WsArray) grid = ws_test_special_array (type, side * side, side);
      for (WsVariant v = WS_VARIANT_CPU_SEQ; v <= WS_VARIANT_CPU_PAR; v++)
        {
          g_autoptr (GError) error = NULL;
          g_autoptr (WsArray) out = ws_stencil (grid, side, 0, v, NULL, &error);
          g_assert_no_error (error);
          g_assert_true (ws_array_equal (grid, out));
        }
    }
}

/* Special values at radius 1 and 2: int32 extremes overflow (or not) exactly
 * as the reference says; float32 ±inf, -0.0 and denormals follow IEEE sums.
 * ±FLT_MAX become ±1e30 so that no float accumulator overflows: that is the
 * cpu-seq float rounding the tolerance allows for, not a semantic. */
static void
test_special (gconstpointer data)
{
  const WsTestCase *tc = data;
  WsKeyType type = tc->type;
  WsVariant variant = tc->variant;

  for (guint s = 2; s < G_N_ELEMENTS (sides); s++)
    for (guint radius = 1; radius <= 2 && 2 * radius < sides[s]; radius++)
      {
        gsize side = sides[s];
        g_autoptr (WsArray) grid = ws_test_special_array (type, side * side, 77 + s);
        ws_test_tame_flt_max (grid, 1e30f);
        check_case (grid, side, radius, variant);
      }
}

/* +inf in a window gives +inf, +inf with -inf gives NaN, in both variants. */
static void
test_infinities (void)
{
  const gsize side = 5, m = 3;
  g_autoptr (WsArray) grid = ws_test_array_filled (WS_KEY_FLOAT32, side * side, 1.0);
  /* +inf reaches outputs (0..1, 0..1), -inf outputs (1..2, 1..2). */
  const char *expect[] = { "+", "+", "9", "+", "N", "-", "9", "-", "-" };

  grid->f32[1 * side + 1] = INFINITY;
  grid->f32[3 * side + 3] = -INFINITY;
  for (WsVariant v = WS_VARIANT_CPU_SEQ; v <= WS_VARIANT_CPU_PAR; v++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) out = ws_stencil (grid, side, 1, v, NULL, &error);
      g_assert_no_error (error);
      for (gsize i = 0; i < m * m; i++)
        {
          float got = out->f32[i];
          switch (expect[i][0])
            {
            case '+': g_assert_cmpfloat (got, ==, INFINITY); break;
            case '-': g_assert_cmpfloat (got, ==, -INFINITY); break;
            case 'N': g_assert_true (isnan (got)); break;
            default: g_assert_cmpfloat (got, ==, 9.0f); break;
            }
        }
    }
}

/* An infinity or a huge value next to a window, in the same block of the
 * cpu-par passes, must not leak into it (as it would through a summed-area
 * table's or a running sum's subtraction). */
static void
test_no_leak (void)
{
  const gsize side = 9;
  const float specials[] = { INFINITY, -INFINITY, 1e30f };

  for (guint k = 0; k < G_N_ELEMENTS (specials); k++)
    for (WsVariant v = WS_VARIANT_CPU_SEQ; v <= WS_VARIANT_CPU_PAR; v++)
      {
        g_autoptr (WsArray) grid = ws_test_array_filled (WS_KEY_FLOAT32, side * side, 1.0);
        g_autoptr (GError) error = NULL;
        g_autoptr (WsArray) out = NULL;
        grid->f32[2 * side + 2] = specials[k];
        out = ws_stencil (grid, side, 1, v, NULL, &error);
        g_assert_no_error (error);
        /* Outputs (r, c) with r, c >= 3 do not cover input (2, 2). */
        for (gsize r = 3; r < side - 2; r++)
          for (gsize c = 3; c < side - 2; c++)
            g_assert_cmpfloat (out->f32[r * (side - 2) + c], ==, 9.0f);
        g_assert_cmpfloat (out->f32[0], ==, specials[k] + 8.0f);
      }
}

/* A bigger grid, so that cpu-par splits rows and columns over threads. */
static void
test_par_large (gconstpointer data)
{
  WsKeyType type = ((const WsTestCase *) data)->type;
  const gsize side = 200;
  g_autoptr (WsArray) grid = ws_test_generate (type, WS_DIST_UNIFORM16, side * side, 5);

  check_case (grid, side, 7, WS_VARIANT_CPU_PAR);
  check_case (grid, side, 0, WS_VARIANT_CPU_PAR);
}

static void
assert_overflow_at (const WsArray *grid,
                    gsize          side,
                    guint          radius,
                    const char    *where)
{
  for (WsVariant v = WS_VARIANT_CPU_SEQ; v <= WS_VARIANT_CPU_PAR; v++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) out = ws_stencil (grid, side, radius, v, NULL, &error);
      g_assert_error (error, WS_ERROR, WS_ERROR_OVERFLOW);
      g_assert_null (out);
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

  assert_overflow_at (full, 3, 1, "row 0, column 0");
  assert_overflow_at (low, 4, 1, "row 0, column 0");
  /* Two INT32_MAX share only the windows of outputs (2, 3) and (3, 3). */
  sparse->i32[3 * 6 + 3] = G_MAXINT32;
  sparse->i32[4 * 6 + 5] = G_MAXINT32;
  assert_overflow_at (sparse, 6, 1, "row 2, column 3");
}

/* INT32_MAX + INT32_MIN + 1 = 0: extremes that cancel are no overflow. */
static void
test_int32_cancel (void)
{
  g_autoptr (WsArray) grid = ws_test_array_filled (WS_KEY_INT32, 3 * 3, 0);

  grid->i32[0] = G_MAXINT32;
  grid->i32[4] = G_MININT32;
  grid->i32[8] = 1;
  for (WsVariant v = WS_VARIANT_CPU_SEQ; v <= WS_VARIANT_CPU_PAR; v++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) out = ws_stencil (grid, 3, 1, v, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (out->i32[0], ==, 0);
    }
}

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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  ws_test_add_cases ("/stencil/sums", WS_TEST_PER_VARIANT | WS_TEST_PER_DIST, 0,
                     test_distribution);
  ws_test_add_cases ("/stencil/special", WS_TEST_PER_VARIANT, 0, test_special);
  ws_test_add_cases ("/stencil/largest-radius", WS_TEST_PER_TYPE, 0, test_largest_radius);
  ws_test_add_cases ("/stencil/identity", WS_TEST_PER_TYPE, 0, test_identity);
  ws_test_add_cases ("/stencil/par-large", WS_TEST_PER_TYPE, 0, test_par_large);
  g_test_add_func ("/stencil/float32/infinities", test_infinities);
  g_test_add_func ("/stencil/float32/no-leak", test_no_leak);
  g_test_add_func ("/stencil/int32/overflow", test_int32_overflow);
  g_test_add_func ("/stencil/int32/cancel", test_int32_cancel);
  g_test_add_func ("/stencil/check/ok", test_check_ok);
  g_test_add_func ("/stencil/check/errors", test_check_errors);
  g_test_add_func ("/stencil/errors", test_errors);
  g_test_add_func ("/stencil/counters", test_counters);
  return g_test_run ();
}
