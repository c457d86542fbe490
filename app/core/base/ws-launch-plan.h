/* ws-launch-plan.h: how the `gpu` variants of the sorting networks group
 * their passes into kernel launches — written once, as plain arithmetic,
 * so that the CUDA launchers iterate it (cuda/ws-cuda-bitonic.cu,
 * ws-cuda-networks.cu, ws-cuda-oddeven.cu) and the diagram draws it
 * (app/core/diagram/): the picture cannot drift from the kernels. Plain C
 * and GLib types, no CUDA: it is a schedule, not device code.
 *
 * A plan is a sequence of launches; each launch runs a run of consecutive
 * passes as one or more groups. A group is the passes one trip of the keys
 * through a thread's registers covers: the keys are loaded once, the
 * group's passes compare them there, and they are stored once. Between the
 * groups of one launch the keys wait in shared memory (a tile launch); a
 * launch of a single group reads them from and writes them back to global
 * memory. Every launch is one trip of all keys through global memory.
 *
 *  bitonic (width w = 2^m): one tile launch sorts every tile of 2^tile_log
 *    keys (all stages k ≤ the tile; its first group sorts each thread's
 *    2^group neighbouring keys whole, stages 2 .. 2^group in one trip
 *    through registers: no stage of it compares keys further apart than
 *    the group spans); then each larger stage k runs its
 *    distances j ≥ the tile `group` passes at a time straight from global
 *    memory (one launch per group), and one tile launch for its distances
 *    j < the tile, again `group` passes per trip through registers.
 *    Where a stage has more than `group` distances ≥ the tile, yet few
 *    enough that 2^that rows of 2^WS_PLAN_BITONIC_ROW_LOG keys or more fit
 *    the tile, one tile launch takes them all instead: its tile is a tile
 *    of rows, keys that lie a distance ≥ the tile apart (see
 *    cuda/ws-cuda-bitonic.cu), and its groups run in shared memory as a
 *    tile launch's do — one trip through global memory for the stage's
 *    distances ≥ the tile rather than two.
 *  oddeven-merge (n keys): one tile launch runs every stage p with 2p ≤ the
 *    tile (2^tile_log, or n rounded up to a power of two when smaller), each
 *    pass on the tile in shared memory; then one launch per pass on global
 *    memory (a merge step straddles every tile of a run, see
 *    ws-cuda-networks.cu).
 *  odd-even transposition (n keys): `phases` passes per launch, all in
 *    registers (windows with halos; shared memory only stages the loads).
 * Sizes below 2 have no comparators and no launches. The gpu variant's
 * sorts of one launch (widths up to 2^WS_PLAN_BITONIC_SMALL_LOG) keep every
 * key of a thread in registers from the first group to the last, the
 * groups' trips through shared memory in between.
 *
 * Pass numbers are ws_network_pass_info's (ws-network.h): the plan covers
 * them all, each exactly once, in order. Not part of a plan: the padding a
 * bitonic sort of n < w keys fills first (one launch more, common to every
 * bitonic variant but for gpu's sorts of one launch, which pad in
 * registers) and the odd-even fallback of one pass per launch when its
 * scratch buffer does not fit (the plan with phases = 1).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The kernels' constants, which cuda/ compiles with. */
#define WS_PLAN_BITONIC_TILE_LOG 14  /* the largest tile, 16384 keys: 64 KB of shared memory */
#define WS_PLAN_BITONIC_GROUP    5   /* the most passes per trip through registers */
#define WS_PLAN_BITONIC_ROW_LOG  4   /* a tile of rows' shortest row: 16 keys, 64 bytes */
#define WS_PLAN_BITONIC_SMALL_LOG 12  /* the largest one-launch sort (a block; sm_90: 4 at 2^12) */
#define WS_PLAN_BITONIC_SMALL_GROUP 3 /* its passes per trip: 8 keys a thread */
#define WS_PLAN_MERGE_TILE_LOG   13
#define WS_PLAN_ODD_EVEN_PHASES  128 /* passes per launch */

/* The largest tile a plan takes, and the most groups a launch then has
 * (a tile of 2^14 with one pass a group: 14 · 15 / 2 passes). */
#define WS_PLAN_MAX_TILE_LOG 14
#define WS_PLAN_MAX_GROUPS   105

typedef enum
{
  WS_PLAN_GLOBAL,    /* each comparator's keys come from global memory */
  WS_PLAN_SHARED,    /* ... from a tile staged in shared memory */
  WS_PLAN_REGISTERS, /* ... stay in registers from the group's pass before */
} WsPlanMemory;

/* Passes first_pass .. first_pass + n_passes - 1, in one trip through
 * registers. Bitonic: stage k = 2^stage_log, distances 2^dist_log, then
 * halved for each further pass; after distance 1 the group goes on with
 * the next stage from its largest distance, up to stage 2^last_stage_log
 * (only the first launch's first group spans stages: 1 .. group; every
 * other group has last_stage_log == stage_log); merge: stage p =
 * 2^stage_log, step 2^dist_log; odd-even: both 0. memory: REGISTERS when
 * the group has two passes or more (the keys stay in registers between
 * them), else its launch's. */
typedef struct
{
  guint        first_pass;
  guint        n_passes;
  guint        stage_log;
  guint        dist_log;
  guint        last_stage_log;
  WsPlanMemory memory;
} WsPlanGroup;

/* memory: SHARED for a tile launch (tiles of 2^tile_log keys staged in
 * shared memory between its groups), GLOBAL otherwise. */
typedef struct
{
  WsPlanMemory memory;
  guint        tile_log;
  guint        first_pass;
  guint        n_passes;
  guint        n_groups;
  WsPlanGroup  groups[WS_PLAN_MAX_GROUPS];
} WsPlanLaunch;

/* A plan walked launch by launch (no memory is allocated, so that 2^15
 * odd-even launches cost nothing to list). The fields are the walk's own. */
typedef struct
{
  guint   network;
  guint64 size;
  guint   tile_log;
  guint   group;
  guint   log_size;
  guint   stage;
  guint   top;
  guint   next_pass;
  gboolean started;
} WsLaunchPlan;

/* The tile the gpu variant sorts `width` keys with (2^result keys; a plan
 * clamps it to the width): the largest, 2^14, from 2^21 keys up; 2^13 at
 * 2^20; 2^12 below. The tile launches run one tile a block, so a sort of
 * few large tiles leaves most of the GPU idle: with 2^12 keys a tile, 2^16
 * keys sorted in 43 µs where 2^14 took 74 (an H100's 132 SMs, 2026-11-26,
 * docs/performance.md), although the smaller tile needs more launches. */
guint    ws_plan_bitonic_tile_log (guint64 width);
/* The passes per trip through registers the gpu variant sorts `width` keys
 * with (a thread holds 2^result keys): WS_PLAN_BITONIC_GROUP from 2^20
 * keys up, 4 below, where a tile's 2^12 keys as 16 a thread keep twice
 * the threads at work (2^24: 1.62 ms against 1.87 with 4, on an H100,
 * 2026-11-26, docs/performance.md); WS_PLAN_BITONIC_SMALL_GROUP up to
 * 2^WS_PLAN_BITONIC_SMALL_LOG, the sorts of one launch, whose kernel
 * compiles each size's trips: 2^10 keys in 4.8 µs against 5.5 with 16
 * keys a thread and 7.0 with 32 (an H200, 2026-11-27). */
guint    ws_plan_bitonic_group    (guint64 width);

/* width: a power of two; tile_log 1 .. WS_PLAN_MAX_TILE_LOG (the kernel's:
 * ws_plan_bitonic_tile_log); group ≥ 1 passes per trip through registers
 * (the kernel's: ws_plan_bitonic_group). */
void     ws_launch_plan_bitonic  (WsLaunchPlan *plan,
                                  guint64       width,
                                  guint         tile_log,
                                  guint         group);
/* tile_log 1 .. WS_PLAN_MAX_TILE_LOG (the kernel's: WS_PLAN_MERGE_TILE_LOG). */
void     ws_launch_plan_merge    (WsLaunchPlan *plan,
                                  guint64       n,
                                  guint         tile_log);
/* phases ≥ 1 per launch (the kernel's: WS_PLAN_ODD_EVEN_PHASES); n at
 * most G_MAXUINT, as the network's (a larger n: no launches). */
void     ws_launch_plan_odd_even (WsLaunchPlan *plan,
                                  guint64       n,
                                  guint         phases);
/* Fills launch with the next launch; FALSE once there is none. */
gboolean ws_launch_plan_next     (WsLaunchPlan *plan,
                                  WsPlanLaunch *launch);

/* "global memory", "shared memory", "registers". */
const char *ws_plan_memory_name  (WsPlanMemory memory);

G_END_DECLS
