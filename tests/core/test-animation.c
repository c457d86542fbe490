/* test-animation.c: the primitives' frames show what the engine computes —
 * the scan's last frame is ws_scan_exclusive's answer, the histogram's is
 * ws_histogram's, the search's marks the reference answer — with the
 * highlights where each step read and wrote. */
#include <string.h>

#include "ws-animation.h"
#include "ws-bars.h"
#include "ws-primitives.h"
#include "ws-scan.h"
#include "ws-search.h"
#include "ws-test-util.h"

static WsAnimationFrame *
frame (WsAnimation *a, guint i)
{
  return g_ptr_array_index (a->frames, i);
}

static void
test_scan (void)
{
  const gsize sizes[] = { 1, 5, 64, 1000 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (WsArray) in = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, sizes[s], s);
      g_autoptr (WsArray) want = ws_array_new (WS_KEY_FLOAT32, in->n, NULL);
      g_autoptr (WsAnimation) a = ws_animation_scan (in, NULL);
      g_autoptr (WsScanSchedule) sched = ws_scan_schedule_new (in->n, NULL);
      WsAnimationFrame *last;

      g_assert_true (ws_scan_exclusive (in, want, WS_VARIANT_CPU_SEQ, NULL, NULL));
      g_assert_cmpuint (a->frames->len, ==, ws_scan_schedule_n_levels (sched) + 1);
      /* padding is told only where there is some: 5 and 1000 keys, not 1 or 64 */
      g_assert_true ((strstr (frame (a, 0)->caption, "padded") != NULL) == (sizes[s] == 5 || sizes[s] == 1000));
      last = frame (a, a->frames->len - 1);
      g_assert_cmpmem (last->values->data, in->n * sizeof (float), want->data, in->n * sizeof (float));
      g_assert_cmpmem (frame (a, 0)->values->data, in->n * sizeof (float), in->data, in->n * sizeof (float));
    }
}

/* Eight keys: the first up-sweep level (stride 2) writes 1, 3, 5, 7 from
 * 0, 2, 4, 6; the clear writes 7 alone. */
static void
test_scan_highlights (void)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 8, 1);
  g_autoptr (WsAnimation) a = ws_animation_scan (in, NULL);
  WsAnimationFrame *up = frame (a, 1), *clear = frame (a, 4);

  g_assert_cmpuint (a->frames->len, ==, 8); /* input + 3 up + clear + 3 down */
  for (guint i = 0; i < 8; i++)
    g_assert_cmpuint (up->flags[i], ==, i % 2 ? WS_BAR_COMPARED | WS_BAR_SWAPPED : WS_BAR_COMPARED);
  g_assert_cmpuint (up->pairs->len, ==, 4);
  g_assert_cmpuint (up->boundary, ==, 2);
  for (guint i = 0; i < 8; i++)
    g_assert_cmpuint (clear->flags[i], ==, i == 7 ? WS_BAR_COMPARED | WS_BAR_SWAPPED : 0);
  g_assert_nonnull (strstr (clear->caption, "clear"));
}

static void
test_histogram (void)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 5000, 3);
  g_autoptr (WsAnimation) a = ws_animation_histogram (in, 32, 10, NULL);
  guint64 want[32];
  double lo, hi;

  g_assert_true (ws_histogram (in, 32, WS_VARIANT_CPU_SEQ, want, &lo, &hi, NULL));
  g_assert_cmpuint (a->frames->len, ==, 11);
  /* counts scale from 0 (an empty bin is drawn empty) to the largest count */
  g_assert_cmpfloat (a->vmin, ==, 0.0);
  {
    guint64 most = 0;
    for (guint b = 0; b < 32; b++)
      most = MAX (most, want[b]);
    g_assert_cmpfloat (a->vmax, ==, (double) most);
  }
  for (guint f = 0; f < a->frames->len; f++)
    {
      gint64 total = 0;
      for (guint b = 0; b < 32; b++)
        total += frame (a, f)->values->i32[b];
      g_assert_cmpint (total, ==, (gint64) f * 5000 / 10);
    }
  for (guint b = 0; b < 32; b++)
    g_assert_cmpint (frame (a, 10)->values->i32[b], ==, (gint64) want[b]);
  g_assert_null (ws_animation_histogram (in, 0, 10, NULL));
}

/* Every step's range holds the answer; the last frame marks it. */
static void
test_search (void)
{
  g_autoptr (WsArray) raw = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 3000, 4);
  g_autoptr (WsArray) sorted = ws_test_qsort_copy (raw);
  double key = ws_array_get_double (sorted, 1234);
  g_autoptr (WsAnimation) a = ws_animation_search (sorted, key, 4, FALSE, NULL);
  g_autoptr (WsArray) keys = ws_array_new (WS_KEY_FLOAT32, 1, NULL);

  /* the key sought is drawn as a line across the keys */
  g_assert_true (a->has_level);
  g_assert_cmpfloat (a->level, ==, key);
  gint64 want;
  WsAnimationFrame *last;

  keys->f32[0] = (float) key;
  ws_search_reference (sorted, keys, &want);
  last = frame (a, a->frames->len - 1);
  g_assert_cmpuint (last->flags[want], ==, WS_BAR_COMPARED | WS_BAR_SWAPPED);
  for (guint f = 1; f + 1 < a->frames->len; f++)
    g_assert_true (frame (a, f)->flags[want] & WS_BAR_COMPARED);
  g_assert_cmpuint (a->frames->len, <=, 2 + 7); /* log4 3000 < 6, plus the last short steps */
  g_assert_null (ws_animation_search (raw, key, 4, FALSE, NULL)); /* unsorted */
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/animation/scan", test_scan);
  g_test_add_func ("/animation/scan-highlights", test_scan_highlights);
  g_test_add_func ("/animation/histogram", test_histogram);
  g_test_add_func ("/animation/search", test_search);
  return g_test_run ();
}
