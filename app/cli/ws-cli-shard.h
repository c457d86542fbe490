/* ws-cli-shard.h: bench's options for a plan cut in shards — --shard I/N
 * (run one shard) and --slurm (write a job array that runs every shard) —
 * and `merge`, which puts the shards' folders back together. Kept apart
 * from ws-cli-bench.c, which calls in here at three points: its options,
 * its plan before the estimate, and its files once the run is agreed to.
 */
#pragma once

#include <gio/gio.h>

#include "ws-bench-record.h"
#include "ws-bench-shard.h"

G_BEGIN_DECLS

typedef struct
{
  char    *shard;          /* --shard I/N */
  gboolean slurm;          /* --slurm */
  char    *partition;      /* --partition */
  int      gpus_per_task;  /* --gpus-per-task; -1: 1 where the plan has GPU variants */
  int      shards;         /* --shards; 0: one an input group, up to WS_CLI_SLURM_SHARDS */
  WsBenchPlanKeys *plan_keys; /* the whole plan's, once --shard has cut it */
} WsCliSharding;

/* --shards' default at most: a job array wider than this is more tasks
 * (each calibrating its variants) than most plans gain from. */
#define WS_CLI_SLURM_SHARDS 8

void     ws_cli_sharding_init    (WsCliSharding       *s);
void     ws_cli_sharding_clear   (WsCliSharding       *s);
/* Adds --shard, --slurm, --partition, --gpus-per-task and --shards. */
void     ws_cli_sharding_add_options (GOptionContext *context,
                                      WsCliSharding  *s);
/* Options that do not go together (with --resume and -o as bench has
 * them): the problem in words, or NULL. */
const char *ws_cli_sharding_misuse (const WsCliSharding *s,
                                    gboolean             resume,
                                    const char          *output);

/* --shard: plan keeps its shard's configurations, record names the shard.
 * Without --shard, nothing. */
gboolean ws_cli_sharding_cut     (WsCliSharding       *s,
                                  WsBenchPlan         *plan,
                                  WsBenchRecord       *record,
                                  GError             **error);
/* --shard: plan-keys.txt in dir, beside run.ini. Without it, nothing. */
gboolean ws_cli_sharding_write   (const WsCliSharding *s,
                                  const char          *dir,
                                  GError             **error);

/* --slurm: dir/plan.ini (the preset, copied) and dir/bench.sbatch; prints
 * how to submit it and merge. The exit status. */
int      ws_cli_bench_slurm      (const WsCliSharding *s,
                                  const char          *preset_path,
                                  const char          *dir,
                                  gboolean             quick,
                                  gboolean             samples);

/* The batch script (for the tests to read too): every value given. */
typedef struct
{
  const char *cli;            /* warpscope-cli, absolute */
  const char *dir;            /* the job's folder, absolute */
  const char *name;           /* the job's name */
  const char *partition;      /* NULL: the cluster's default */
  guint       gpus_per_task;  /* 0: none asked */
  guint       shards;
  guint       configurations;
  gboolean    quick, samples;
} WsCliSlurmJob;

char    *ws_cli_slurm_script     (const WsCliSlurmJob *job);

G_END_DECLS
