/* ws-launch-plan.c: the `gpu` variants' launches of the sorting networks,
 * one at a time (ws-launch-plan.h says what each network's plan is). */
#include "ws-launch-plan.h"

enum
{
  PLAN_BITONIC,
  PLAN_MERGE,
  PLAN_ODD_EVEN,
};

/* The smallest m with 2^m >= n. */
static guint
log2_ceil (guint64 n)
{
  guint m = 0;

  while (m < 64 && (G_GUINT64_CONSTANT (1) << m) < n)
    m++;
  return m;
}

static void
plan_init (WsLaunchPlan *plan,
           guint         network,
           guint64       size,
           guint         tile_log,
           guint         group)
{
  *plan = (WsLaunchPlan) { .network = network, .size = size, .group = MAX (group, 1) };
  plan->log_size = log2_ceil (size);
  plan->tile_log = MIN (CLAMP (tile_log, 1, WS_PLAN_MAX_TILE_LOG), plan->log_size);
}

guint
ws_plan_bitonic_tile_log (guint64 width)
{
  if (width >= (G_GUINT64_CONSTANT (1) << 21))
    return WS_PLAN_BITONIC_TILE_LOG;
  return width >= (G_GUINT64_CONSTANT (1) << 20) ? 13 : 12;
}

guint
ws_plan_bitonic_group (guint64 width)
{
  if (width <= (G_GUINT64_CONSTANT (1) << WS_PLAN_BITONIC_SMALL_LOG))
    return WS_PLAN_BITONIC_SMALL_GROUP;
  return width >= (G_GUINT64_CONSTANT (1) << 20) ? WS_PLAN_BITONIC_GROUP : 4;
}

void
ws_launch_plan_bitonic (WsLaunchPlan *plan,
                        guint64       width,
                        guint         tile_log,
                        guint         group)
{
  g_return_if_fail (plan != NULL);
  g_return_if_fail (width == 0 || (width & (width - 1)) == 0);
  plan_init (plan, PLAN_BITONIC, width, tile_log, group);
}

void
ws_launch_plan_merge (WsLaunchPlan *plan,
                      guint64       n,
                      guint         tile_log)
{
  g_return_if_fail (plan != NULL);
  plan_init (plan, PLAN_MERGE, n, tile_log, 1);
}

void
ws_launch_plan_odd_even (WsLaunchPlan *plan,
                         guint64       n,
                         guint         phases)
{
  g_return_if_fail (plan != NULL);
  /* n passes: pass numbers are guint, as the network's (ws-network.h). */
  plan_init (plan, PLAN_ODD_EVEN, 0, WS_PLAN_MAX_TILE_LOG, phases);
  g_return_if_fail (n <= G_MAXUINT);
  plan->size = n;
}

static void
begin_launch (WsLaunchPlan *plan,
              WsPlanLaunch *launch,
              WsPlanMemory  memory)
{
  launch->memory = memory;
  launch->tile_log = memory == WS_PLAN_SHARED ? plan->tile_log : 0;
  launch->first_pass = plan->next_pass;
  launch->n_passes = 0;
  launch->n_groups = 0;
}

/* The next n_passes passes, from stage 2^stage_log's distance 2^dist_log
 * to stage 2^last_stage_log, as one group of launch. */
static void
add_stages (WsLaunchPlan *plan,
            WsPlanLaunch *launch,
            guint         stage_log,
            guint         dist_log,
            guint         last_stage_log,
            guint         n_passes)
{
  WsPlanGroup *g = &launch->groups[launch->n_groups++];

  g_assert (launch->n_groups <= WS_PLAN_MAX_GROUPS);
  *g = (WsPlanGroup) {
    .first_pass = plan->next_pass,
    .n_passes = n_passes,
    .stage_log = stage_log,
    .dist_log = dist_log,
    .last_stage_log = last_stage_log,
    .memory = n_passes > 1 ? WS_PLAN_REGISTERS : launch->memory,
  };
  plan->next_pass += n_passes;
  launch->n_passes += n_passes;
}

/* The next n_passes passes, all of stage 2^stage_log, as one group. */
static void
add_group (WsLaunchPlan *plan,
           WsPlanLaunch *launch,
           guint         stage_log,
           guint         dist_log,
           guint         n_passes)
{
  add_stages (plan, launch, stage_log, dist_log, stage_log, n_passes);
}

/* Bitonic stage 2^stage_log's distances 2^(top-1) .. 2^bottom on a tile,
 * `group` of them per trip through registers, from the largest. */
static void
add_tile_stage (WsLaunchPlan *plan,
                WsPlanLaunch *launch,
                guint         stage_log,
                guint         top,
                guint         bottom)
{
  while (top > bottom)
    {
      guint m = MIN (top - bottom, plan->group);
      add_group (plan, launch, stage_log, top - 1, m);
      top -= m;
    }
}

/* The first launch sorts the tiles; then each stage above the tile runs
 * its distances ≥ the tile from global memory (a tile of rows where they
 * take more than one trip) and ends with a tile launch. */
static gboolean
next_bitonic (WsLaunchPlan *plan,
              WsPlanLaunch *launch)
{
  if (!plan->started)
    {
      plan->started = TRUE;
      plan->stage = plan->top = plan->tile_log + 1; /* past the end, for a width of 1 */
      if (plan->log_size == 0)
        return FALSE;
      /* Stages 2 .. 2^first compare only keys of one aligned run of
       * 2^first: one trip sorts each run whole, first (first + 1) / 2 passes. */
      guint first = MIN (plan->group, plan->tile_log);
      begin_launch (plan, launch, WS_PLAN_SHARED);
      add_stages (plan, launch, 1, 0, first, first * (first + 1) / 2);
      for (guint s = first + 1; s <= plan->tile_log; s++)
        add_tile_stage (plan, launch, s, s, 0);
      return TRUE;
    }
  if (plan->stage > plan->log_size)
    return FALSE;
  if (plan->top > plan->tile_log)
    {
      guint above = plan->top - plan->tile_log, m = MIN (above, plan->group);
      if (above > plan->group && plan->tile_log >= WS_PLAN_BITONIC_ROW_LOG + above)
        {
          /* More than one trip's worth, few enough for a tile of rows. */
          begin_launch (plan, launch, WS_PLAN_SHARED);
          add_tile_stage (plan, launch, plan->stage, plan->top, plan->tile_log);
          plan->top = plan->tile_log;
          return TRUE;
        }
      begin_launch (plan, launch, WS_PLAN_GLOBAL);
      add_group (plan, launch, plan->stage, plan->top - 1, m);
      plan->top -= m;
      return TRUE;
    }
  begin_launch (plan, launch, WS_PLAN_SHARED);
  add_tile_stage (plan, launch, plan->stage, plan->tile_log, 0);
  plan->stage = plan->top = plan->stage + 1;
  return TRUE;
}

/* Merge stage p = 2^s has steps 2^s .. 1; the tile launch takes the stages
 * s < tile_log (2p ≤ the tile), then every pass is a launch of its own. */
static gboolean
next_merge (WsLaunchPlan *plan,
            WsPlanLaunch *launch)
{
  if (!plan->started)
    {
      plan->started = TRUE;
      if (plan->size < 2)
        return FALSE;
      begin_launch (plan, launch, WS_PLAN_SHARED);
      for (guint s = 0; s < plan->tile_log; s++)
        for (guint d = s + 1; d-- > 0;)
          add_group (plan, launch, s, d, 1);
      plan->stage = plan->top = plan->tile_log;
      return TRUE;
    }
  if (plan->stage >= plan->log_size)
    return FALSE;
  begin_launch (plan, launch, WS_PLAN_GLOBAL);
  add_group (plan, launch, plan->stage, plan->top, 1);
  if (plan->top-- == 0)
    plan->stage = plan->top = plan->stage + 1;
  return TRUE;
}

static gboolean
next_odd_even (WsLaunchPlan *plan,
               WsPlanLaunch *launch)
{
  if (plan->size < 2 || plan->next_pass >= plan->size)
    return FALSE;
  begin_launch (plan, launch, WS_PLAN_GLOBAL);
  add_group (plan, launch, 0, 0, (guint) MIN (plan->group, plan->size - plan->next_pass));
  return TRUE;
}

gboolean
ws_launch_plan_next (WsLaunchPlan *plan,
                     WsPlanLaunch *launch)
{
  g_return_val_if_fail (plan != NULL && launch != NULL, FALSE);

  switch (plan->network)
    {
    case PLAN_BITONIC:
      return next_bitonic (plan, launch);
    case PLAN_MERGE:
      return next_merge (plan, launch);
    default:
      return next_odd_even (plan, launch);
    }
}

const char *
ws_plan_memory_name (WsPlanMemory memory)
{
  static const char *const names[] = { "global memory", "shared memory", "registers" };

  g_return_val_if_fail ((guint) memory < G_N_ELEMENTS (names), "?");
  return names[memory];
}
