/* test-bars.c: keys reduced to the bars view's bins, and networks stepped
 * pass by pass with what each pass compared and swapped. */
#include <math.h>
#include <string.h>

#include "ws-bars.h"
#include "ws-stepper-private.h"
#include "ws-test-util.h"

/* Heights are 24-bit fixed point: within half a step of the value. */
static void
assert_height (float got, double want)
{
  g_assert_cmpfloat_with_epsilon (got, want, 0.5 / WS_BARS_ONE + 1e-12);
}

static WsArray *
floats (const double *v, gsize n)
{
  return ws_test_array_of (WS_KEY_FLOAT32, n, v);
}

/* Fewer keys than columns: one bin per key, scaled, flags kept. */
static void
test_one_per_key (void)
{
  const double v[] = { 0, 5, 10, 20 };
  const guint8 flags[] = { 0, WS_BAR_COMPARED, WS_BAR_SWAPPED, 0 };
  g_autoptr (WsArray) a = floats (v, 4);
  WsBarBin bins[4];

  g_assert_cmpuint (ws_bars_count (4, 100), ==, 4);
  ws_bars_fill (a, flags, 0, 10, 100, bins);
  assert_height (bins[1].lo, 0.5);
  assert_height (bins[1].hi, 0.5);
  assert_height (bins[1].mean, 0.5);
  assert_height (bins[3].hi, 1.0); /* clamped */
  g_assert_cmpfloat (bins[1].flags, ==, WS_BAR_COMPARED);
  g_assert_cmpfloat (bins[2].flags, ==, WS_BAR_SWAPPED);
}

/* More keys than columns: each bin spans its keys' min and max, their mean,
 * and the union of their flags; no key is left out. */
static void
test_columns (void)
{
  const double v[] = { 1, 9, 2, 2, 5, 5, 0, 8, 4, 4 };
  guint8 flags[10] = { 0 };
  g_autoptr (WsArray) a = floats (v, 10);
  WsBarBin bins[4];

  flags[7] = WS_BAR_SWAPPED, flags[6] = WS_BAR_COMPARED;
  g_assert_cmpuint (ws_bars_count (10, 4), ==, 4);
  ws_bars_fill (a, flags, 0, 10, 4, bins);
  /* Spans [0,2) [2,5) [5,7) [7,10). */
  assert_height (bins[0].lo, 0.1);
  assert_height (bins[0].hi, 0.9);
  assert_height (bins[0].mean, 0.5);
  assert_height (bins[1].lo, 0.2);
  assert_height (bins[1].hi, 0.5);
  g_assert_cmpfloat (bins[2].flags, ==, WS_BAR_COMPARED);
  g_assert_cmpfloat (bins[3].flags, ==, WS_BAR_SWAPPED);
  assert_height (bins[3].lo, 0.4);
  assert_height (bins[3].hi, 0.8);
}

static void
test_range (void)
{
  const double v[] = { 3, -2, INFINITY, 7 }, same[] = { 4, 4 };
  g_autoptr (WsArray) a = floats (v, 4);
  g_autoptr (WsArray) b = floats (same, 2);
  g_autoptr (WsArray) empty = ws_array_new (WS_KEY_INT32, 0, NULL);
  double lo, hi;

  ws_bars_range (a, &lo, &hi);
  g_assert_cmpfloat (lo, ==, -2.0);
  g_assert_cmpfloat (hi, ==, 7.0); /* infinities left out */
  ws_bars_range (b, &lo, &hi);
  g_assert_cmpfloat (lo, <, 4.0);
  g_assert_cmpfloat (hi, >, 4.0);
  ws_bars_range (empty, &lo, &hi);
  g_assert_cmpfloat (lo, <, hi);
}

/* Bitonic on 16 keys: 10 passes, every key compared in each, swaps marked
 * exactly where keys changed, runs of k marked, sorted at the end. */
static void
test_stepper (void)
{
  g_autoptr (WsArray) a = ws_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 16, 3, NULL);
  g_autoptr (WsStepper) s = ws_stepper_new (WS_NETWORK_BITONIC, a, NULL);
  g_autoptr (WsArray) before = NULL;
  guint passes = 0;

  g_assert_nonnull (s);
  g_assert_cmpuint (ws_stepper_done (s), ==, 0);
  g_assert_cmpuint (ws_stepper_run_length (s), ==, 0);
  g_autofree char *label0 = ws_stepper_label (s);
  g_assert_nonnull (strstr (label0, "initial"));
  for (;;)
    {
      g_clear_pointer (&before, ws_array_free);
      before = ws_array_copy (ws_stepper_keys (s), NULL);
      if (!ws_stepper_step (s))
        break;
      passes++;
      const guint8 *flags = ws_stepper_flags (s);
      for (gsize i = 0; i < 16; i++)
        {
          gboolean changed = ws_stepper_keys (s)->i32[i] != before->i32[i];
          g_assert_true (flags[i] & WS_BAR_COMPARED);
          g_assert_cmpint (!!(flags[i] & WS_BAR_SWAPPED), ==, changed);
        }
      g_assert_cmpuint (ws_stepper_run_length (s), >=, 2);
    }
  g_assert_cmpuint (passes, ==, 10);
  g_assert_true (ws_stepper_finished (s));
  for (gsize i = 1; i < 16; i++)
    g_assert_cmpint (ws_stepper_keys (s)->i32[i - 1], <=, ws_stepper_keys (s)->i32[i]);
  g_autofree char *label = ws_stepper_label (s);
  g_assert_nonnull (strstr (label, "pass 10 of 10"));
}

/* Odd-even marks no stage runs; a padded bitonic width shows its pads. */
static void
test_stepper_kinds (void)
{
  g_autoptr (WsArray) a = ws_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 5, 1, NULL);
  g_autoptr (WsStepper) oe = ws_stepper_new (WS_NETWORK_ODD_EVEN, a, NULL);
  g_autoptr (WsStepper) bi = ws_stepper_new (WS_NETWORK_BITONIC, a, NULL);

  g_assert_true (ws_stepper_step (oe));
  g_assert_cmpuint (ws_stepper_run_length (oe), ==, 0);
  g_assert_cmpuint (ws_stepper_keys (bi)->n, ==, 8);
}

/* The stepper's counts, pass by pass, are what the network's own
 * application counts (ws_network_apply_pass's WsCounters), for every
 * network and a size that pads. */
static void
test_stepper_counts (void)
{
  for (WsNetworkKind kind = WS_NETWORK_BITONIC; kind <= WS_NETWORK_ODD_EVEN_MERGE; kind++)
    {
      g_autoptr (WsArray) a = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 77, 5);
      g_autoptr (WsStepper) s = ws_stepper_new (kind, a, NULL);
      g_autoptr (WsNetwork) net = ws_test_network_new (kind, 77);
      g_autoptr (WsArray) work = ws_network_pad (net, a, NULL);
      WsCounters want = { 0 };
      guint64 comparisons, swaps;

      for (guint pass = 0; ws_stepper_step (s); pass++)
        {
          ws_network_apply_pass (net, work, pass, &want);
          g_assert_true (ws_stepper_counts (s, &comparisons, &swaps, NULL));
          g_assert_cmpuint (comparisons, ==, want.comparisons);
          g_assert_cmpuint (swaps, ==, want.swaps);
        }
      g_assert_cmpuint (want.swaps, >, 0);
    }
}

/* The checks say what ws_network_check_pass says: nothing before the first
 * stage ends, then that stages hold, then sorted; keys exchanged after a
 * stage make it fail at the key that check names, and it stays failed. */
static void
test_stepper_checks (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 32, 9);
  g_autoptr (WsStepper) s = ws_stepper_new (WS_NETWORK_BITONIC, a, NULL);
  g_autoptr (GError) error = NULL;
  gsize bad = 0;

  g_assert_null (ws_stepper_check_text (s));
  g_assert_true (ws_stepper_step (s)); /* k=2, j=1: a stage ends */
  g_assert_cmpstr (ws_stepper_check_text (s), ==, "✓ the stage holds");
  g_assert_true (ws_stepper_step (s) && ws_stepper_step (s)); /* k=4 done */
  g_assert_true (ws_stepper_corrupt (s, 4, NULL));
  g_assert_false (ws_network_check_pass (ws_stepper_network (s), ws_stepper_keys (s), 2, &bad,
                                         &error));
  g_assert_cmpint (ws_stepper_bad_at (s), ==, (gint64) bad);
  g_assert_true (g_str_has_prefix (ws_stepper_check_text (s), "✗ broken at key "));
  g_assert_nonnull (strstr (ws_stepper_check_text (s), error->message));
  while (ws_stepper_step (s))
    ;
  g_assert_cmpint (ws_stepper_bad_at (s), ==, (gint64) bad);
  /* Without the fault the last check says sorted. */
  g_autoptr (WsStepper) clean = ws_stepper_new (WS_NETWORK_ODD_EVEN, a, NULL);
  while (ws_stepper_step (clean))
    ;
  g_assert_cmpstr (ws_stepper_check_text (clean), ==, "✓ sorted");
  g_assert_cmpint (ws_stepper_bad_at (clean), ==, -1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bars/one-per-key", test_one_per_key);
  g_test_add_func ("/bars/columns", test_columns);
  g_test_add_func ("/bars/range", test_range);
  g_test_add_func ("/stepper/bitonic", test_stepper);
  g_test_add_func ("/stepper/kinds", test_stepper_kinds);
  g_test_add_func ("/stepper/counts", test_stepper_counts);
  g_test_add_func ("/stepper/checks", test_stepper_checks);
  return g_test_run ();
}
