/* ws-bench-shard.h: one part of a plan, for running a plan on several
 * machines at once (a Slurm job array, one task a shard) and merging the
 * parts afterwards (ws-bench-merge.h).
 *
 * A row's speedup is against the baseline variant on the same input, so a
 * shard takes whole input groups — every configuration that runs on the
 * inputs of one (algorithm, size, instance, queries), see
 * ws_bench_config_same_data — never part of one. Groups are dealt out in
 * turn, group g (in the plan's order of first appearance) to shard
 * g mod N + 1: the plan runs from small sizes to large, so dealing them
 * out gives every shard a share of the large ones, where cutting the plan
 * in N pieces would give the last shard all of them.
 */
#pragma once

#include "ws-bench.h"

G_BEGIN_DECLS

/* Shard `index` of `count`, counted from 1 as "2/4" writes it (as a
 * Slurm array task's id counts). */
typedef struct
{
  guint index;
  guint count;
} WsBenchShard;

/* The most shards a plan may be cut into (a job array of more tasks is
 * more likely a typing mistake than a plan). */
#define WS_BENCH_MAX_SHARDS 10000

/* The file beside a shard's result.csv listing every configuration of the
 * whole plan, one key a line, in the plan's order: merge puts the shards'
 * rows back in that order and finds the ones missing. */
#define WS_BENCH_PLAN_KEYS_FILE "plan-keys.txt"

/* "2/4": 1 ≤ index ≤ count ≤ WS_BENCH_MAX_SHARDS. WS_ERROR_INVALID_ARGUMENT
 * saying what was wrong and the form wanted. */
gboolean  ws_bench_shard_parse  (const char          *text,
                                 WsBenchShard        *shard,
                                 GError             **error);
/* "2/4". Free with g_free. */
char     *ws_bench_shard_text   (const WsBenchShard  *shard);

/* Each configuration's input group, numbered from 0 in the order of the
 * groups' first configurations (guint per configuration); *n_groups is
 * how many there are. */
GArray   *ws_bench_plan_groups  (const WsBenchPlan   *plan,
                                 guint               *n_groups);

/* Every configuration of a plan in order, with the shard that runs it:
 * what WS_BENCH_PLAN_KEYS_FILE holds. */
typedef struct
{
  GPtrArray *keys;    /* char *, the plan's order */
  GArray    *shards;  /* guint: the shard (1 … N) each configuration is in */
} WsBenchPlanKeys;

void      ws_bench_plan_keys_free  (WsBenchPlanKeys     *keys);

/* Keeps only the configurations of shard (in the plan's order). Refused
 * with WS_ERROR_INVALID_ARGUMENT when the plan has fewer input groups than
 * shards: a shard would have nothing to run. *all (may be NULL) gets every
 * configuration of the whole plan and its shard. */
gboolean  ws_bench_plan_shard   (WsBenchPlan         *plan,
                                 const WsBenchShard  *shard,
                                 WsBenchPlanKeys    **all,
                                 GError             **error);

/* WS_BENCH_PLAN_KEYS_FILE in dir, written atomically / read back: a
 * comment line, then "SHARD<tab>KEY" a configuration. Reading says
 * file:line of a line that is not one. */
gboolean         ws_bench_plan_keys_write (const char            *dir,
                                           const WsBenchPlanKeys *keys,
                                           GError               **error);
WsBenchPlanKeys *ws_bench_plan_keys_read  (const char            *dir,
                                           GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsBenchPlanKeys, ws_bench_plan_keys_free)

G_END_DECLS
