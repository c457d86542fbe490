/* test-launch-plan.c: the gpu variants' launch plans (ws-launch-plan.h),
 * which the CUDA launchers walk and the diagram draws: every pass of the
 * network exactly once, in order, with the parameters the network gives it
 * (ws_network_pass_info, an independent table); groups and launches shaped
 * as the kernels need them; and as many launches as counted by hand from
 * the kernels' description. tests/core/test-network-sort.c checks, on a
 * GPU, that the engine reports that many launches. */
#include "ws-launch-plan.h"
#include "ws-network.h"

/* A bitonic group's passes against the network's table: from (stage_log,
 * dist_log) the distance halves, and after distance 1 the next stage
 * starts from its largest, ending in stage last_stage_log. Returns the
 * number of key-index bits the group's distances span: a thread's keys
 * are 2^that. */
static guint
assert_bitonic_group (const WsNetwork   *net,
                      const WsPlanGroup *g)
{
  guint stage = g->stage_log, dist = g->dist_log, lowest = dist, highest = dist;

  g_assert_cmpuint (g->dist_log, <, g->stage_log);
  for (guint i = 0; i < g->n_passes; i++)
    {
      WsPassInfo info;

      ws_network_pass_info (net, g->first_pass + i, &info);
      g_assert_cmpuint (info.k, ==, G_GUINT64_CONSTANT (1) << stage);
      g_assert_cmpuint (info.j, ==, G_GUINT64_CONSTANT (1) << dist);
      lowest = MIN (lowest, dist);
      highest = MAX (highest, dist);
      if (i + 1 < g->n_passes && dist-- == 0)
        dist = stage++;
    }
  g_assert_cmpuint (stage, ==, g->last_stage_log);
  return highest - lowest + 1;
}

/* A group's passes against the network's table; returns the bits of the
 * key index its distances span. */
static guint
assert_group_matches (const WsNetwork   *net,
                      const WsPlanGroup *g)
{
  WsPassInfo info;

  switch (ws_network_kind (net))
    {
    case WS_NETWORK_BITONIC:
      return assert_bitonic_group (net, g);
    case WS_NETWORK_ODD_EVEN_MERGE:
      ws_network_pass_info (net, g->first_pass, &info);
      g_assert_cmpuint (g->n_passes, ==, 1);
      g_assert_cmpuint (info.k, ==, G_GUINT64_CONSTANT (1) << g->stage_log);
      g_assert_cmpuint (info.j, ==, G_GUINT64_CONSTANT (1) << g->dist_log);
      return 1;
    default:
      return g->n_passes;
    }
}

/* A launch's groups follow each other; a group keeps its keys in registers
 * exactly when it has 2 passes or more. */
static guint
check_launch (const WsNetwork    *net,
              const WsPlanLaunch *launch,
              guint               next,
              guint               group,
              guint               tile_log)
{
  /* A tile of rows: a bitonic stage's distances at or above the tile. */
  gboolean rows = launch->memory == WS_PLAN_SHARED && ws_network_kind (net) == WS_NETWORK_BITONIC
                  && launch->groups[0].dist_log >= launch->tile_log;

  g_assert_cmpuint (launch->first_pass, ==, next);
  g_assert_cmpuint (launch->n_groups, >=, 1);
  g_assert_cmpuint (launch->n_groups, <=, WS_PLAN_MAX_GROUPS);
  g_assert_true (launch->memory == WS_PLAN_SHARED || launch->n_groups == 1);
  if (rows)
    {
      const WsPlanGroup *last = &launch->groups[launch->n_groups - 1];
      /* The rest of them, down to the tile's own distance: more than one
       * trip takes, in rows of 2^WS_PLAN_BITONIC_ROW_LOG keys or more. */
      g_assert_cmpuint (last->dist_log + 1 - last->n_passes, ==, launch->tile_log);
      g_assert_cmpuint (launch->n_passes, >, group);
      g_assert_cmpuint (launch->n_passes + WS_PLAN_BITONIC_ROW_LOG, <=, launch->tile_log);
    }
  for (guint i = 0; i < launch->n_groups; i++)
    {
      const WsPlanGroup *g = &launch->groups[i];
      g_assert_cmpuint (g->first_pass, ==, next);
      g_assert_cmpuint (g->n_passes, >=, 1);
      /* A thread holds at most 2^group keys (odd-even: group phases). */
      g_assert_cmpuint (assert_group_matches (net, g), <=, group);
      /* Only the first group of the first launch spans stages. */
      g_assert_true (g->last_stage_log == g->stage_log || (next == 0 && g->stage_log == 1));
      g_assert_cmpint (g->memory, ==, g->n_passes > 1 ? WS_PLAN_REGISTERS : launch->memory);
      /* A tile launch compares only keys of one tile (a group spanning
       * stages reaches the distance below its last stage). */
      if (rows)
        g_assert_cmpuint (g->stage_log, ==, launch->groups[0].stage_log);
      else if (launch->memory == WS_PLAN_SHARED)
        g_assert_cmpuint (g->last_stage_log > g->stage_log ? g->last_stage_log - 1 : g->dist_log,
                          <, MIN (launch->tile_log, tile_log));
      next += g->n_passes;
    }
  g_assert_cmpuint (next, ==, launch->first_pass + launch->n_passes);
  return next;
}

/* Walks the plan; returns its launches after checking it covers net's
 * passes once each, in order. */
static guint
walk (const WsNetwork *net,
      WsLaunchPlan    *plan,
      guint            group,
      guint            tile_log)
{
  WsPlanLaunch launch;
  guint next = 0, launches = 0;

  while (ws_launch_plan_next (plan, &launch))
    {
      next = check_launch (net, &launch, next, group, tile_log);
      launches++;
    }
  g_assert_false (ws_launch_plan_next (plan, &launch)); /* and stays done */
  /* Sizes below 2 launch nothing (odd-even's one pass has no comparator). */
  g_assert_cmpuint (next, ==, ws_network_size (net) < 2 ? 0 : ws_network_n_passes (net));
  return launches;
}

static guint
bitonic_launches (gsize n,
                  guint tile_log,
                  guint group)
{
  g_autoptr (WsNetwork) net = ws_network_new (WS_NETWORK_BITONIC, n, NULL);
  WsLaunchPlan plan;

  ws_launch_plan_bitonic (&plan, ws_network_width (net), tile_log, group);
  return walk (net, &plan, group, tile_log);
}

static guint
merge_launches (gsize n,
                guint tile_log)
{
  g_autoptr (WsNetwork) net = ws_network_new (WS_NETWORK_ODD_EVEN_MERGE, n, NULL);
  WsLaunchPlan plan;

  ws_launch_plan_merge (&plan, n, tile_log);
  return walk (net, &plan, 1, tile_log);
}

static guint
odd_even_launches (gsize n,
                   guint phases)
{
  g_autoptr (WsNetwork) net = ws_network_new (WS_NETWORK_ODD_EVEN, n, NULL);
  WsLaunchPlan plan;

  ws_launch_plan_odd_even (&plan, n, phases);
  return walk (net, &plan, phases, WS_PLAN_MAX_TILE_LOG);
}

static void
test_bitonic_covers (void)
{
  for (guint log_w = 0; log_w <= 24; log_w++)
    for (guint tile_log = 1; tile_log <= WS_PLAN_MAX_TILE_LOG; tile_log++)
      for (guint group = 1; group <= 5; group++)
        bitonic_launches ((gsize) 1 << log_w, tile_log, group);
}

static void
test_merge_covers (void)
{
  for (gsize n = 0; n <= 300; n++)
    for (guint tile_log = 1; tile_log <= WS_PLAN_MAX_TILE_LOG; tile_log++)
      merge_launches (n, tile_log);
  merge_launches ((gsize) 1 << 26, WS_PLAN_MERGE_TILE_LOG);
}

static void
test_odd_even_covers (void)
{
  for (gsize n = 0; n <= 600; n++)
    for (guint phases = 1; phases <= 7; phases++)
      odd_even_launches (n, phases);
  odd_even_launches (100000, WS_PLAN_ODD_EVEN_PHASES);
}

/* With the kernels' constants, counted by hand: bitonic launches once for
 * all stages up to the tile of 2^14, then per larger stage k = 2^s one
 * register launch per `group` distances of the s - 14 at or above the
 * tile — one tile of rows for them all where they are more than `group`
 * and at most 14 - 4 — and one tile launch; merge once for its tile of
 * 2^13, then once per pass of each stage p = 2^s ≥ 2^13 (s + 1 passes);
 * odd-even once per 128 phases. */
static void
test_counts (void)
{
  const guint tile = WS_PLAN_BITONIC_TILE_LOG;

  g_assert_cmpuint (bitonic_launches (1, tile, 4), ==, 0);
  g_assert_cmpuint (bitonic_launches (2, tile, 4), ==, 1);
  g_assert_cmpuint (bitonic_launches (16384, tile, 4), ==, 1);
  g_assert_cmpuint (bitonic_launches (32768, tile, 4), ==, 3);
  /* stages 15 … 20: four register launches of up to 4 passes, two of
   * rows (5 and 6 passes), 6 tile launches */
  g_assert_cmpuint (bitonic_launches (1 << 20, tile, 4), ==, 13);
  /* … stages 21 … 24: 4 of rows (7 … 10 passes), 4 tile launches more */
  g_assert_cmpuint (bitonic_launches (1 << 24, tile, 4), ==, 21);
  /* Up to 5 passes a trip: stages 15 … 19 one register launch each, 20 …
   * 24 one of rows each, and 10 tile launches */
  g_assert_cmpuint (bitonic_launches (1 << 24, tile, WS_PLAN_BITONIC_GROUP), ==, 21);
  /* Stages 25 and 26 have 11 and 12 distances ≥ the tile, more than rows
   * of 16 keys hold: a register launch of 5 first, then rows of 6 and 7. */
  g_assert_cmpuint (bitonic_launches (1 << 26, tile, WS_PLAN_BITONIC_GROUP), ==, 27);
  /* The tile and the passes a trip the gpu variant picks by width (a
   * power of two past a bound takes the larger), and what it launches
   * then: 2^16 with tiles of 2^12, stages 13 … 16 one register launch and
   * one tile launch each. */
  g_assert_cmpuint (ws_plan_bitonic_tile_log (2), ==, 12);
  g_assert_cmpuint (ws_plan_bitonic_tile_log (1 << 19), ==, 12);
  g_assert_cmpuint (ws_plan_bitonic_tile_log (1 << 20), ==, 13);
  g_assert_cmpuint (ws_plan_bitonic_tile_log (1 << 21), ==, WS_PLAN_BITONIC_TILE_LOG);
  g_assert_cmpuint (ws_plan_bitonic_tile_log (G_GUINT64_CONSTANT (1) << 40), ==,
                    WS_PLAN_BITONIC_TILE_LOG);
  /* The one-launch sorts (up to 2^12) hold 8 keys a thread, the rest
   * below 2^20 16. */
  g_assert_cmpuint (ws_plan_bitonic_group (2), ==, WS_PLAN_BITONIC_SMALL_GROUP);
  g_assert_cmpuint (ws_plan_bitonic_group (1 << WS_PLAN_BITONIC_SMALL_LOG), ==,
                    WS_PLAN_BITONIC_SMALL_GROUP);
  g_assert_cmpuint (ws_plan_bitonic_group (1 << (WS_PLAN_BITONIC_SMALL_LOG + 1)), ==, 4);
  g_assert_cmpuint (ws_plan_bitonic_group (1 << 19), ==, 4);
  g_assert_cmpuint (ws_plan_bitonic_group (1 << 20), ==, WS_PLAN_BITONIC_GROUP);
  g_assert_cmpuint (ws_plan_bitonic_group (G_GUINT64_CONSTANT (1) << 40), ==,
                    WS_PLAN_BITONIC_GROUP);
  g_assert_cmpuint (bitonic_launches (4096, ws_plan_bitonic_tile_log (4096),
                                      ws_plan_bitonic_group (4096)), ==, 1);
  g_assert_cmpuint (bitonic_launches (1 << 16, ws_plan_bitonic_tile_log (1 << 16),
                                      ws_plan_bitonic_group (1 << 16)), ==, 9);
  /* 2^20 with tiles of 2^13: stages 14 … 18 one register launch each, 19
   * and 20 one of rows, and 7 tile launches */
  g_assert_cmpuint (bitonic_launches (1 << 20, ws_plan_bitonic_tile_log (1 << 20),
                                      ws_plan_bitonic_group (1 << 20)), ==, 15);
  g_assert_cmpuint (merge_launches (1, WS_PLAN_MERGE_TILE_LOG), ==, 0);
  g_assert_cmpuint (merge_launches (8192, WS_PLAN_MERGE_TILE_LOG), ==, 1);
  g_assert_cmpuint (merge_launches (8193, WS_PLAN_MERGE_TILE_LOG), ==, 15);
  /* stages 13 … 19: 14 + 15 + … + 20 passes */
  g_assert_cmpuint (merge_launches (1 << 20, WS_PLAN_MERGE_TILE_LOG), ==, 120);
  g_assert_cmpuint (odd_even_launches (1, WS_PLAN_ODD_EVEN_PHASES), ==, 0);
  g_assert_cmpuint (odd_even_launches (128, WS_PLAN_ODD_EVEN_PHASES), ==, 1);
  g_assert_cmpuint (odd_even_launches (129, WS_PLAN_ODD_EVEN_PHASES), ==, 2);
  g_assert_cmpuint (odd_even_launches (1000, WS_PLAN_ODD_EVEN_PHASES), ==, 8);
}

/* Bitonic on 16 wires with a tile of 4 keys, by hand: the tile launch runs
 * stages 2 and 4 (three passes) in one trip through registers;
 * stage 8 runs distance 4 from global memory, then 2 and 1 in a tile;
 * stage 16 runs distances 8 and 4 in registers from global memory, then 2
 * and 1 in a tile. */
static void
test_bitonic_shape (void)
{
  static const struct
  {
    WsPlanMemory memory;
    guint        first_pass, n_passes;
    WsPlanMemory group;
  } expected[] = {
    { WS_PLAN_SHARED, 0, 3, WS_PLAN_REGISTERS },
    { WS_PLAN_GLOBAL, 3, 1, WS_PLAN_GLOBAL },
    { WS_PLAN_SHARED, 4, 2, WS_PLAN_REGISTERS },
    { WS_PLAN_GLOBAL, 6, 2, WS_PLAN_REGISTERS },
    { WS_PLAN_SHARED, 8, 2, WS_PLAN_REGISTERS },
  };
  WsLaunchPlan plan;
  WsPlanLaunch launch;

  ws_launch_plan_bitonic (&plan, 16, 2, ws_plan_bitonic_group (16));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_assert_true (ws_launch_plan_next (&plan, &launch));
      g_assert_cmpint (launch.memory, ==, expected[i].memory);
      g_assert_cmpuint (launch.groups[0].first_pass, ==, expected[i].first_pass);
      g_assert_cmpuint (launch.groups[0].n_passes, ==, expected[i].n_passes);
      g_assert_cmpint (launch.groups[0].memory, ==, expected[i].group);
    }
  g_assert_false (ws_launch_plan_next (&plan, &launch));
}

/* Bitonic on 256 wires with a tile of 64 keys and one pass a trip, by
 * hand: the tile launch runs stages 2 … 64 (21 passes); stage 128 runs
 * distance 64 from global memory, then 32 … 1 in a tile; stage 256 has two
 * distances ≥ the tile, 128 and 64, which one tile of rows takes (four
 * rows of 16 keys, 64 keys apart), each pass a group of its own in shared
 * memory; then 32 … 1 in a tile. */
static void
test_bitonic_rows (void)
{
  static const struct
  {
    guint first_pass, n_passes, n_groups, dist_log;
  } expected[] = {
    { 0, 21, 21, 0 }, { 21, 1, 1, 6 }, { 22, 6, 6, 5 }, { 28, 2, 2, 7 }, { 30, 6, 6, 5 },
  };
  WsLaunchPlan plan;
  WsPlanLaunch launch;

  ws_launch_plan_bitonic (&plan, 256, 6, 1);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_assert_true (ws_launch_plan_next (&plan, &launch));
      g_assert_cmpint (launch.memory, ==, (i == 1 ? WS_PLAN_GLOBAL : WS_PLAN_SHARED));
      g_assert_cmpuint (launch.first_pass, ==, expected[i].first_pass);
      g_assert_cmpuint (launch.n_passes, ==, expected[i].n_passes);
      g_assert_cmpuint (launch.n_groups, ==, expected[i].n_groups);
      g_assert_cmpuint (launch.groups[0].dist_log, ==, expected[i].dist_log);
      g_assert_cmpint (launch.groups[0].memory, ==, launch.memory);
    }
  g_assert_false (ws_launch_plan_next (&plan, &launch));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/launch-plan/bitonic-covers", test_bitonic_covers);
  g_test_add_func ("/launch-plan/merge-covers", test_merge_covers);
  g_test_add_func ("/launch-plan/odd-even-covers", test_odd_even_covers);
  g_test_add_func ("/launch-plan/counts", test_counts);
  g_test_add_func ("/launch-plan/bitonic-shape", test_bitonic_shape);
  g_test_add_func ("/launch-plan/bitonic-rows", test_bitonic_rows);
  return g_test_run ();
}
