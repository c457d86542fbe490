/* ws-cli-shard.c: bench --shard I/N, and the options bench takes for
 * sharding (see ws-cli-shard.h). */
#include "ws-cli-shard.h"

void
ws_cli_sharding_init (WsCliSharding *s)
{
  *s = (WsCliSharding) { .gpus_per_task = -1 };
}

void
ws_cli_sharding_clear (WsCliSharding *s)
{
  g_clear_pointer (&s->shard, g_free);
  g_clear_pointer (&s->partition, g_free);
  g_clear_pointer (&s->plan_keys, ws_bench_plan_keys_free);
}

void
ws_cli_sharding_add_options (GOptionContext *context, WsCliSharding *s)
{
  const GOptionEntry entries[] = {
    { "shard", 0, 0, G_OPTION_ARG_STRING, &s->shard, "run only shard I of N of the plan (whole input groups); DIR is then one part for merge", "I/N" },
    { "slurm", 0, 0, G_OPTION_ARG_NONE, &s->slurm, "write DIR/bench.sbatch, a Slurm job array running each shard, instead of running the plan", NULL },
    { "partition", 0, 0, G_OPTION_ARG_STRING, &s->partition, "with --slurm: the partition to run on", "P" },
    { "gpus-per-task", 0, 0, G_OPTION_ARG_INT, &s->gpus_per_task, "with --slurm: GPUs a task asks for (default 1 where the plan has GPU variants, else 0)", "G" },
    { "shards", 0, 0, G_OPTION_ARG_INT, &s->shards, "with --slurm: the tasks of the array (default one an input group, at most " G_STRINGIFY (WS_CLI_SLURM_SHARDS) ")", "N" },
    { NULL },
  };

  /* The main group copies the entries: this array may go. */
  g_option_context_add_main_entries (context, entries, NULL);
}

const char *
ws_cli_sharding_misuse (const WsCliSharding *s, gboolean resume, const char *output)
{
  gboolean slurm_only = s->partition != NULL || s->gpus_per_task != -1 || s->shards != 0;

  if (slurm_only && !s->slurm)
    return "--partition, --gpus-per-task and --shards only go with --slurm";
  if (s->slurm && s->shard != NULL)
    return "--slurm writes a job that runs every shard: leave out --shard";
  if (s->slurm && resume)
    return "--slurm writes a job, it runs nothing: leave out --resume (the job's tasks resume "
           "by themselves when submitted again)";
  if (s->slurm && output == NULL)
    return "--slurm needs -o DIR: the folder for the job's script and its shards' results, "
           "on a file system every node sees";
  if (s->gpus_per_task < -1 || s->gpus_per_task > 64)
    return "--gpus-per-task takes 0 to 64";
  if (s->shards < 0 || s->shards > 10000)
    return "--shards takes 1 to 10000";
  return NULL;
}

gboolean
ws_cli_sharding_cut (WsCliSharding *s, WsBenchPlan *plan, WsBenchRecord *record, GError **error)
{
  WsBenchShard shard;
  g_autofree char *text = NULL;

  if (s->shard == NULL)
    return TRUE;
  if (!ws_bench_shard_parse (s->shard, &shard, error)
      || !ws_bench_plan_shard (plan, &shard, &s->plan_keys, error))
    return FALSE;
  text = ws_bench_shard_text (&shard);
  ws_bench_record_set_shard (record, text);
  return TRUE;
}

gboolean
ws_cli_sharding_write (const WsCliSharding *s, const char *dir, GError **error)
{
  return s->plan_keys == NULL
         || ws_bench_plan_keys_write (dir, s->plan_keys, error);
}
