/* test-gl-race.c: a race's lanes as the Race window steps them — one host
 * network scene a lane, sought to the pass core's clock (ws-race.h) says
 * at each tick — count what the networks themselves count: at the end the
 * comparators and swaps of ws_network_sort over the same keys, and the
 * keys sorted; a GPU lane's scene in device memory counts the same, and
 * the trips the window counts for it are the launches the engine reports
 * (skipped without a device). No GL is needed: the scenes are only
 * stepped. */
#include <glib.h>

#include "ws-backend.h"
#include "ws-launch-plan.h"
#include "ws-network-scene.h"
#include "ws-registry.h"
#include "ws-run.h"
#include "ws-race.h"
#include "ws-test-variant.h"

static WsArray *
keys (gsize n)
{
  g_autoptr (GError) error = NULL;
  WsArray *a = ws_array_new (WS_KEY_FLOAT32, n, &error);

  g_assert_no_error (error);
  for (gsize i = 0; i < n; i++)
    a->f32[i] = (float) ((i * 7919u + 13u) % 1009u) / 1009.0f;
  return a;
}

static void
expect_sort_counts (WsNetworkKind kind, const WsArray *input, WsNetworkScene *scene)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) copy = ws_array_copy (input, &error);
  WsCounters c = { 0 };
  guint64 comparisons, swaps;

  g_assert_true (ws_network_sort (kind, copy, WS_VARIANT_CPU_SEQ, FALSE, &c, &error));
  g_assert_true (ws_network_scene_counts (scene, &comparisons, &swaps, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (comparisons, ==, c.comparisons);
  g_assert_cmpuint (swaps, ==, c.swaps);
  g_assert_cmpuint (ws_network_scene_pass (scene), ==, c.passes);
}

static void
race_to_end (WsRaceClock clock, gsize n)
{
  const WsNetworkKind kinds[] = { WS_NETWORK_BITONIC, WS_NETWORK_ODD_EVEN,
                                  WS_NETWORK_ODD_EVEN_MERGE };
  g_autoptr (WsArray) input = keys (n);
  WsNetworkScene *scenes[3];
  WsRace race = { clock, 3, { { 0 } } };
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < 3; i++)
    {
      scenes[i] = ws_network_scene_new (kinds[i], input, NULL, &error);
      g_assert_no_error (error);
      race.lanes[i] = (WsRaceLane) { ws_network_scene_n_passes (scenes[i]), (i + 1) * 1e-3 };
    }
  for (guint t = 0; t <= ws_race_n_ticks (&race); t++)
    for (guint i = 0; i < 3; i++)
      {
        g_assert_true (ws_network_scene_seek (scenes[i], ws_race_pass_at (&race, i, t), &error));
        g_assert_no_error (error);
      }
  for (guint i = 0; i < 3; i++)
    {
      g_assert_true (ws_network_scene_finished (scenes[i]));
      expect_sort_counts (kinds[i], input, scenes[i]);
      ws_network_scene_free (scenes[i]);
    }
}

static void
test_counts_by_pass (void)
{
  race_to_end (WS_RACE_BY_PASS, 64);
  race_to_end (WS_RACE_BY_PASS, 100);
}

static void
test_counts_by_time (void)
{
  race_to_end (WS_RACE_BY_TIME, 64);
  race_to_end (WS_RACE_BY_TIME, 37);
}

/* Mid-race, a lane's counts are those of its passes so far on a copy. */
static void
test_counts_midway (void)
{
  g_autoptr (WsArray) input = keys (64);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsNetworkScene) scene = ws_network_scene_new (WS_NETWORK_ODD_EVEN, input, NULL,
                                                           &error);
  g_autoptr (WsNetwork) net = ws_network_new (WS_NETWORK_ODD_EVEN, 64, &error);
  g_autoptr (WsArray) work = ws_network_pad (net, input, &error);
  WsRace race = { WS_RACE_BY_PASS, 2, { { 21, 0 }, { 64, 0 } } };
  WsCounters c = { 0 };
  guint64 comparisons, swaps;
  guint pass = ws_race_pass_at (&race, 1, 15);

  g_assert_cmpuint (pass, ==, 15);
  g_assert_true (ws_network_scene_seek (scene, pass, &error));
  for (guint p = 0; p < pass; p++)
    ws_network_apply_pass (net, work, p, &c);
  g_assert_true (ws_network_scene_counts (scene, &comparisons, &swaps, &error));
  g_assert_cmpuint (comparisons, ==, c.comparisons);
  g_assert_cmpuint (swaps, ==, c.swaps);
}

/* The launches `warpscope-cli run` reports for the gpu variant: the
 * plan's, and the launch that fills bitonic's padded copy (widths above
 * the one-launch sorts', which pad in registers). */
static guint64
engine_launches (WsNetworkKind kind, const WsArray *input)
{
  g_autoptr (GError) error = NULL;
  WsRunInput in = { ws_registry_lookup (ws_network_kind_name (kind), &error), WS_VARIANT_GPU };
  WsRunOutput out = { 0 };
  guint64 launches;

  g_assert_nonnull (in.algo);
  ws_params_init_defaults (in.algo, &in.params);
  in.input = input;
  g_assert_true (ws_run (&in, &out, &error));
  g_assert_no_error (error);
  launches = out.times.launches;
  ws_run_output_clear (&out);
  return launches;
}

static void
test_gpu_lane (void)
{
  const WsNetworkKind kinds[] = { WS_NETWORK_BITONIC, WS_NETWORK_ODD_EVEN,
                                  WS_NETWORK_ODD_EVEN_MERGE };
  const gsize sizes[] = { 64, 1000, 20000 };
  const WsBackend *gpu = ws_backend_gpu ();

  /* a CUDA build without a driver has device ops but no device: skips too */
  if (ws_test_skip_without_gpu ())
    return;
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
      {
        g_autoptr (WsArray) input = keys (sizes[s]);
        g_autoptr (GError) error = NULL;
        g_autoptr (WsNetworkScene) scene = ws_network_scene_new (kinds[k], input, gpu, &error);
        g_autoptr (WsNetwork) net = ws_network_new (kinds[k], sizes[s], &error);
        guint64 width = ws_network_width (net);
        guint64 padding = kinds[k] == WS_NETWORK_BITONIC && width != sizes[s]
                          && width > (G_GUINT64_CONSTANT (1) << WS_PLAN_BITONIC_SMALL_LOG);

        g_assert_no_error (error);
        g_assert_true (ws_network_scene_on_device (scene));
        g_assert_true (ws_network_scene_seek (scene, ws_network_scene_n_passes (scene), &error));
        expect_sort_counts (kinds[k], input, scene);
        g_assert_cmpuint (ws_race_gpu_trips (kinds[k], sizes[s], G_MAXUINT) + padding, ==,
                          engine_launches (kinds[k], input));
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/gl/race/counts-by-pass", test_counts_by_pass);
  g_test_add_func ("/gl/race/counts-by-time", test_counts_by_time);
  g_test_add_func ("/gl/race/counts-midway", test_counts_midway);
  g_test_add_func ("/gl/race/gpu-lane", test_gpu_lane);
  return g_test_run ();
}
