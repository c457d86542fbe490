/* test-heat.c: grids reduced to heat-map texels, with and without the
 * launch mask, against a cell-by-cell reference and examples worked by hand. */
#include <math.h>
#include <string.h>

#include "ws-heat.h"
#include "ws-test-util.h"

/* ---- Reference: every cell visited once, in the grid's row-major order ---- */

/* The texel (along one axis) that holds cell c: the t with
 * floor(t·side/texels) <= c < floor((t+1)·side/texels), i.e.
 * t·side < (c+1)·texels <= (t+1)·side. */
static guint
ref_texel_of (guint64 c, guint64 side, guint texels)
{
  return (guint) (((c + 1) * texels - 1) / side);
}

/* Whether cell (r, c) lies in one of the first `done` blocks, blocks
 * numbered row by row of blocks, left to right. */
static gboolean
ref_has_run (const WsHeatMask *mask, guint64 side, guint64 r, guint64 c)
{
  guint64 blocks_x;

  if (mask == NULL || mask->block_rows == 0)
    return TRUE;
  blocks_x = (side + mask->block_cols - 1) / mask->block_cols;
  return (r / mask->block_rows) * blocks_x + c / mask->block_cols < mask->done;
}

static double
ref_value (const WsArray *a, gsize i)
{
  return a->type == WS_KEY_INT32 ? (double) a->i32[i] : (double) a->f32[i];
}

/* Walking the region row by row meets each texel's cells row by row too,
 * so each texel's double sum is taken in its own row-major order. */
static float *
ref_fill (const WsArray *a, guint64 side, WsHeatRegion g, const WsHeatMask *mask, guint texels)
{
  g_autofree double *sum = g_new0 (double, (gsize) texels * texels);
  g_autofree guint64 *count = g_new0 (guint64, (gsize) texels * texels);
  float *out = g_new (float, (gsize) texels * texels);

  for (guint64 r = g.row; r < g.row + g.span; r++)
    for (guint64 c = g.col; c < g.col + g.span; c++)
      if (ref_has_run (mask, side, r, c))
        {
          gsize t = (gsize) ref_texel_of (r - g.row, g.span, texels) * texels
                    + ref_texel_of (c - g.col, g.span, texels);
          sum[t] += ref_value (a, r * side + c);
          count[t]++;
        }
  for (gsize t = 0; t < (gsize) texels * texels; t++)
    out[t] = count[t] ? (float) (sum[t] / (double) count[t]) : NAN;
  return out;
}

/* ws_heat_fill bit for bit against the reference (NaN included), over
 * region (NULL: the whole grid). */
static void
check_fill (const WsArray *a, guint64 side, const WsHeatRegion *region, const WsHeatMask *mask,
            guint texels)
{
  WsHeatRegion g = region ? *region : (WsHeatRegion) { 0, 0, side };
  gsize n = (gsize) texels * texels;
  g_autofree float *want = ref_fill (a, side, g, mask, texels);
  g_autofree float *got = g_new (float, n + 1);

  got[n] = 42.0f; /* nothing past texels² is written */
  ws_heat_fill (a, side, region, mask, texels, got);
  for (gsize t = 0; t < n; t++)
    if (memcmp (&got[t], &want[t], sizeof (float)) != 0)
      g_error ("side %" G_GUINT64_FORMAT ", region (%" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT
               ") span %" G_GUINT64_FORMAT ", texels %u, mask %s (%" G_GUINT64_FORMAT " × %"
               G_GUINT64_FORMAT ", done %" G_GUINT64_FORMAT "): texel (%" G_GSIZE_FORMAT
               ", %" G_GSIZE_FORMAT ") is %.9g, want %.9g",
               side, g.row, g.col, g.span, texels, mask ? "set" : "NULL",
               mask ? mask->block_rows : 0,
               mask ? mask->block_cols : 0, mask ? mask->done : 0, t % texels, t / texels,
               got[t], want[t]);
  g_assert_cmpfloat (got[n], ==, 42.0f);
}

/* ---- Texels and spans ---- */

static void
test_texels (void)
{
  g_assert_cmpuint (ws_heat_texels (10, 4), ==, 4);
  g_assert_cmpuint (ws_heat_texels (3, 100), ==, 3);
  g_assert_cmpuint (ws_heat_texels (7, 7), ==, 7);
  g_assert_cmpuint (ws_heat_texels (0, 5), ==, 0);
  g_assert_cmpuint (ws_heat_texels (G_GUINT64_CONSTANT (1) << 40, 512), ==, 512);
}

/* Spans tile [0, side) in order, none empty, each cell in the texel the
 * reference formula names. */
static void
check_spans (guint64 side, guint texels)
{
  guint64 expect_first = 0;

  for (guint t = 0; t < texels; t++)
    {
      guint64 first = G_MAXUINT64, last = G_MAXUINT64;

      ws_heat_span (side, texels, t, &first, &last);
      g_assert_cmpuint (first, ==, expect_first);
      g_assert_cmpuint (last, >, first);
      g_assert_cmpuint (last, <=, side);
      if (side <= 4096)
        for (guint64 c = first; c < last; c++)
          g_assert_cmpuint (ref_texel_of (c, side, texels), ==, t);
      expect_first = last;
    }
  g_assert_cmpuint (expect_first, ==, side);
}

static void
test_spans (void)
{
  guint cases = 0;

  for (guint64 side = 1; side <= 300; side++)
    {
      for (guint texels = 1; texels <= MIN (side, 40); texels++, cases++)
        check_spans (side, texels);
      check_spans (side, (guint) side);
      if (side > 1)
        check_spans (side, (guint) side - 1);
      cases += 2;
    }
  check_spans (1000, 333);
  check_spans (4096, 512);
  check_spans (G_GUINT64_CONSTANT (1) << 40, 512);
  check_spans ((G_GUINT64_CONSTANT (1) << 33) + 7, 1000);
  g_test_message ("%u span cases", cases + 4);
}

/* ---- Hand-worked examples ---- */

static WsArray *
grid_0_to_15 (WsKeyType type)
{
  double v[16];

  for (guint i = 0; i < 16; i++)
    v[i] = i;
  return ws_test_array_of (type, 16, v);
}

static void
assert_texels (const float *got, const double *want, guint n)
{
  for (guint i = 0; i < n; i++)
    if (isnan (want[i]))
      g_assert_true (isnan (got[i]));
    else
      g_assert_cmpfloat (got[i], ==, (float) want[i]);
}

/*  0  1 |  2  3
 *  4  5 |  6  7
 *  -----+------
 *  8  9 | 10 11
 * 12 13 | 14 15    texel means: (0+1+4+5)/4 = 2.5, (2+3+6+7)/4 = 4.5, ... */
static void
test_hand_4x4 (void)
{
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr (WsArray) a = grid_0_to_15 (ws_test_key_types[k]);
      const double all[] = { 2.5, 4.5, 10.5, 12.5 };
      const double one[] = { 2.5, NAN, NAN, NAN };
      const double three[] = { 2.5, 4.5, 10.5, NAN };
      const double four[] = { 2.5, 4.5, 10.5, 12.5 };
      const double none[] = { NAN, NAN, NAN, NAN };
      WsHeatMask mask = { 2, 2, 1 };
      float out[4];

      ws_heat_fill (a, 4, NULL, NULL, 2, out);
      assert_texels (out, all, 4);
      ws_heat_fill (a, 4, NULL, &mask, 2, out);
      assert_texels (out, one, 4);
      mask.done = 3;
      ws_heat_fill (a, 4, NULL, &mask, 2, out);
      assert_texels (out, three, 4);
      mask.done = 4;
      ws_heat_fill (a, 4, NULL, &mask, 2, out);
      assert_texels (out, four, 4);
      mask.done = 0;
      ws_heat_fill (a, 4, NULL, &mask, 2, out);
      assert_texels (out, none, 4);
    }
}

/* Blocks that straddle texels: 1 × 3 blocks on the 4 × 4 grid, two a row
 * (cols 0-2 and 3), done 3 = all of row 0 and cells 4, 5, 6 of row 1.
 * Texel (0,0) = {0,1,4,5} → 2.5; texel (1,0) = {2,3,6} → 11/3; rest NaN.
 * One texel (the whole grid), done 5: rows 0-1 and 8, 9, 10 → 55/11 = 5. */
static void
test_hand_partial (void)
{
  g_autoptr (WsArray) a = grid_0_to_15 (WS_KEY_INT32);
  const double want[] = { 2.5, 11.0 / 3.0, NAN, NAN };
  WsHeatMask mask = { 1, 3, 3 };
  float out[16];

  ws_heat_fill (a, 4, NULL, &mask, 2, out);
  assert_texels (out, want, 4);
  mask.done = 5;
  ws_heat_fill (a, 4, NULL, &mask, 1, out);
  g_assert_cmpfloat (out[0], ==, 5.0f);
  /* Texels of one cell each: the grid itself where run. */
  mask.done = 3;
  ws_heat_fill (a, 4, NULL, &mask, 4, out);
  g_assert_cmpfloat (out[0], ==, 0.0f);
  g_assert_cmpfloat (out[6], ==, 6.0f);
  g_assert_true (isnan (out[7]));
  g_assert_true (isnan (out[8]));
}

/* A region of the 4 × 4 grid: rows 1–2, columns 2–3, one texel a cell
 * (the grid's own values) and one texel for all four, masked or not. */
static void
test_hand_region (void)
{
  g_autoptr (WsArray) a = grid_0_to_15 (WS_KEY_FLOAT32);
  const WsHeatRegion region = { 1, 2, 2 };
  const double cells[] = { 6, 7, 10, 11 }, first_row_of_blocks[] = { 6, 7, NAN, NAN };
  WsHeatMask mask = { 2, 2, 2 };
  float out[4];

  ws_heat_fill (a, 4, &region, NULL, 2, out);
  assert_texels (out, cells, 4);
  ws_heat_fill (a, 4, &region, NULL, 1, out);
  g_assert_cmpfloat (out[0], ==, 8.5f);
  ws_heat_fill (a, 4, &region, &mask, 2, out);
  assert_texels (out, first_row_of_blocks, 4);
  g_assert_true (ws_heat_region_valid (&region, 4));
  g_assert_false (ws_heat_region_valid (&(WsHeatRegion) { 3, 0, 2 }, 4));
  g_assert_false (ws_heat_region_valid (&(WsHeatRegion) { 0, 0, 0 }, 4));
  g_assert_false (ws_heat_region_valid (&(WsHeatRegion) { 5, 0, 1 }, 4));
}

/* Side 10, blocks 2 rows × 3 cols: 4 blocks a row (cols 0-2, 3-5, 6-8, 9),
 * 5 rows of blocks (20 blocks). */
static void
test_row_done (void)
{
  WsHeatMask mask = { 2, 3, 6 };
  WsHeatMask every = { 0, 3, 0 };

  /* done 6: block row 0 complete, block row 1 has blocks 4, 5 (cols 0-5). */
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 0), ==, 10);
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 1), ==, 10);
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 2), ==, 6);
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 3), ==, 6);
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 4), ==, 0);
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 9), ==, 0);
  /* done 7: blocks 4-6, cols 0-8. */
  mask.done = 7;
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 3), ==, 9);
  /* done 8: block row 1 complete, block row 2 not started. */
  mask.done = 8;
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 3), ==, 10);
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 4), ==, 0);
  /* done 19: the last row of blocks lacks only the clipped block (col 9). */
  mask.done = 19;
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 7), ==, 10);
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 8), ==, 9);
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 9), ==, 9);
  /* done 20 (all) and beyond: every row full. */
  mask.done = 20;
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 9), ==, 10);
  mask.done = 1000;
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 9), ==, 10);
  /* done 0: nothing. */
  mask.done = 0;
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 0), ==, 0);
  /* done 1: only the first block, cols 0-2 of rows 0-1. */
  mask.done = 1;
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 1), ==, 3);
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 2), ==, 0);
  /* No mask, or block_rows 0: every cell, whatever done says. */
  g_assert_cmpuint (ws_heat_row_done (NULL, 10, 5), ==, 10);
  g_assert_cmpuint (ws_heat_row_done (&every, 10, 5), ==, 10);
  /* Blocks wider than the grid: one block a row of blocks. */
  mask = (WsHeatMask) { 4, 32, 2 };
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 7), ==, 10);
  g_assert_cmpuint (ws_heat_row_done (&mask, 10, 8), ==, 0);
}

/* ---- Brute force against the reference ---- */

static const guint64 sides[] = { 1, 2, 5, 64, 257 };

/* The masks of the brief for one side: NULL, block_rows 0, 8 × 32 and
 * 3 × 3 blocks at several counts done. Returns how many (first is NULL). */
static guint
masks_for (guint64 side, WsHeatMask *masks, gboolean *is_null)
{
  guint n = 0;
  guint64 all8 = ((side + 31) / 32) * ((side + 7) / 8);
  guint64 bx3 = (side + 2) / 3, all3 = bx3 * bx3;
  const guint64 done8[] = { 0, 1, 5, all8, all8 + 1, all8 + 100 };
  const guint64 done3[] = { 0, 1, 2, bx3 - 1, bx3, bx3 + 1, all3 / 2, all3 - 1, all3, all3 + 7 };

  is_null[n] = TRUE, masks[n++] = (WsHeatMask) { 0 };
  is_null[n] = FALSE, masks[n++] = (WsHeatMask) { 0, 7, 0 };
  for (guint i = 0; i < G_N_ELEMENTS (done8); i++)
    is_null[n] = FALSE, masks[n++] = (WsHeatMask) { 8, 32, done8[i] };
  for (guint i = 0; i < G_N_ELEMENTS (done3); i++)
    is_null[n] = FALSE, masks[n++] = (WsHeatMask) { 3, 3, done3[i] };
  return n;
}

/* Regions of the grid as a zoomed map takes them: a corner, the middle,
 * the far edge, one cell; at one texel a cell and at fewer. */
static guint
check_regions (const WsArray *a, guint64 side, const WsHeatMask *masks, const gboolean *is_null,
               guint n_masks)
{
  const WsHeatRegion regions[] = { { 0, 0, (side + 1) / 2 },
                                   { side / 4, side / 3, side / 2 + (side == 1) },
                                   { side - (side + 2) / 3, side / 5, (side + 2) / 3 },
                                   { side - 1, side - 1, 1 } };
  guint cases = 0;

  for (guint g = 0; g < G_N_ELEMENTS (regions); g++)
    {
      guint fewer = (guint) MAX (regions[g].span / 3, 1);
      g_assert_true (ws_heat_region_valid (&regions[g], side));
      for (guint m = 0; m < n_masks; m += 3, cases += 2)
        {
          check_fill (a, side, &regions[g], is_null[m] ? NULL : &masks[m], (guint) regions[g].span);
          check_fill (a, side, &regions[g], is_null[m] ? NULL : &masks[m], fewer);
        }
    }
  return cases;
}

static guint
check_grid (const WsArray *a, guint64 side)
{
  const guint texels[] = { 1, 3, (guint) side, (guint) side / 2 };
  WsHeatMask masks[32];
  gboolean is_null[32];
  guint n_masks = masks_for (side, masks, is_null), cases = 0;

  for (guint t = 0; t < G_N_ELEMENTS (texels); t++)
    {
      if (texels[t] == 0 || texels[t] > side)
        continue;
      for (guint m = 0; m < n_masks; m++, cases++)
        check_fill (a, side, NULL, is_null[m] ? NULL : &masks[m], texels[t]);
    }
  return cases + check_regions (a, side, masks, is_null, n_masks);
}

static void
test_fill (gconstpointer data)
{
  const WsTestCase *tc = data;
  const WsDistribution dists[] = { WS_DIST_UNIFORM, WS_DIST_SORTED, WS_DIST_FEW_UNIQUE };
  guint cases = 0;

  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    {
      gsize n = (gsize) (sides[s] * sides[s]);

      for (guint d = 0; d < G_N_ELEMENTS (dists); d++)
        {
          g_autoptr (WsArray) a = ws_test_generate (tc->type, dists[d], n, 17 + s);
          cases += check_grid (a, sides[s]);
        }
      /* ±inf, ±0, denormals, extremes: same order, same bits (NaN too). */
      g_autoptr (WsArray) special = ws_test_special_array (tc->type, n, 5 + s);
      cases += check_grid (special, sides[s]);
    }
  g_test_message ("%u fill cases", cases);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/heat/texels", test_texels);
  g_test_add_func ("/heat/spans", test_spans);
  g_test_add_func ("/heat/hand/4x4", test_hand_4x4);
  g_test_add_func ("/heat/hand/partial", test_hand_partial);
  g_test_add_func ("/heat/hand/region", test_hand_region);
  g_test_add_func ("/heat/row-done", test_row_done);
  ws_test_add_cases ("/heat/fill", WS_TEST_PER_TYPE, 0, test_fill);
  return g_test_run ();
}
