/* ws-cli-slurm.c: bench --slurm — a plan as a Slurm job array, one task a
 * shard (see ws-cli-shard.h).
 *
 * The job's folder holds a copy of the preset (plan.ini), so that every
 * task runs the plan as it was when the job was written, whichever node
 * it lands on and whatever happens to the original file; each task writes
 * shard-I/ there, and `merge` makes one run of them. The tasks run with
 * --resume: a task that failed or was cut short, submitted again, keeps
 * the rows it had.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ws-bench-shard.h"
#include "ws-cli-shard.h"
#include "ws-cli.h"
#include "ws-error.h"
#include "ws-file.h"
#include "ws-preset.h"

#define SCRIPT_FILE "bench.sbatch"
#define PLAN_FILE "plan.ini"

/* ---- the script ---- */

static void
append_header (GString *s, const WsCliSlurmJob *job)
{
  g_string_append_printf (s,
    "#!/bin/bash\n"
    "# %s as a Slurm job array, written by warpscope-cli bench --slurm.\n"
    "# %u configurations in %u shards, one array task each; a shard runs whole input\n"
    "# groups, so its speedups are against the baseline on the same input.\n"
    "# Task I writes shard-I/ beside this script. Submit it with\n"
    "#   sbatch %s/" SCRIPT_FILE "\n"
    "# and once every task has finished, make one run of the shards:\n"
    "#   warpscope-cli merge %s/shard-* -o %s/merged\n"
    "# A task that failed or was cut short resumes where it stopped when submitted\n"
    "# again: sbatch --array=I %s/" SCRIPT_FILE "\n",
    job->name, job->configurations, job->shards, job->dir, job->dir, job->dir, job->dir);
}

/* sbatch reads these lines itself, without a shell: values are written
 * bare, which is why the folder and partition may hold no blanks. */
static void
append_directives (GString *s, const WsCliSlurmJob *job)
{
  g_string_append_printf (s, "#SBATCH --job-name=warpscope-%s\n", job->name);
  g_string_append_printf (s, "#SBATCH --array=1-%u\n", job->shards);
  g_string_append (s, "#SBATCH --ntasks=1\n");
  g_string_append_printf (s, "#SBATCH --chdir=%s\n", job->dir);
  g_string_append_printf (s, "#SBATCH --output=%s/slurm-%%A_%%a.out\n", job->dir);
  if (job->partition != NULL)
    g_string_append_printf (s, "#SBATCH --partition=%s\n", job->partition);
  if (job->gpus_per_task > 0)
    g_string_append_printf (s, "#SBATCH --gpus-per-task=%u\n", job->gpus_per_task);
}

static void
append_command (GString *s, const WsCliSlurmJob *job)
{
  g_autofree char *cli = g_shell_quote (job->cli);
  g_autofree char *dir = g_shell_quote (job->dir);

  g_string_append (s, "\nset -eu\n");
  g_string_append_printf (s, "cd %s\n", dir);
  g_string_append_printf (s, "exec %s bench " PLAN_FILE " --shard \"${SLURM_ARRAY_TASK_ID}/%u\" "
                          "-o \"shard-${SLURM_ARRAY_TASK_ID}\" --resume --yes%s%s\n", cli,
                          job->shards, job->quick ? " --quick" : "",
                          job->samples ? " --samples" : "");
}

char *
ws_cli_slurm_script (const WsCliSlurmJob *job)
{
  GString *s = g_string_new (NULL);

  append_header (s, job);
  append_directives (s, job);
  append_command (s, job);
  return g_string_free (s, FALSE);
}

/* ---- the job's values ---- */

/* The preset's file name without .ini, in letters Slurm's job names and
 * squeue show as they are. */
static char *
job_name (const char *preset_path)
{
  g_autofree char *base = g_path_get_basename (preset_path);
  char *dot = strrchr (base, '.');

  if (dot != NULL && dot != base)
    *dot = '\0';
  for (char *c = base; *c; c++)
    if (!g_ascii_isalnum (*c) && *c != '-' && *c != '_' && *c != '.')
      *c = '_';
  return g_strdup (base);
}

static gboolean
has_blank (const char *text)
{
  for (const char *c = text; *c; c++)
    if (g_ascii_isspace (*c) || *c == '#')
      return TRUE;
  return FALSE;
}

static gboolean
check_bare (const char *what, const char *value, GError **error)
{
  if (!has_blank (value))
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "%s “%s” has a blank or a #: sbatch "
               "reads its #SBATCH lines without a shell and would cut it there. Choose one "
               "without", what, value);
  return FALSE;
}

/* The shards: as asked, checked against the plan's input groups; else one
 * a group up to WS_CLI_SLURM_SHARDS. */
static gboolean
count_shards (const WsCliSharding *s, WsBenchPlan *plan, guint *shards, GError **error)
{
  guint groups;
  g_autoptr (GArray) of = ws_bench_plan_groups (plan, &groups);
  WsBenchShard first;

  *shards = s->shards > 0 ? (guint) s->shards : MIN (groups, WS_CLI_SLURM_SHARDS);
  first = (WsBenchShard) { 1, *shards };
  /* Cutting a throwaway plan says in the same words as a task would why
   * there are too many. */
  return ws_bench_plan_shard (plan, &first, NULL, error);
}

/* A folder that already holds another job (another plan, cut or
 * request) is refused: its shards' folders would be of that one, and
 * resubmitted tasks refuse to resume them. The same job again is fine. */
static gboolean
check_folder (const char *dir, const char *script, const char *plan, gsize plan_length,
              GError **error)
{
  g_autofree char *script_path = g_build_filename (dir, SCRIPT_FILE, NULL);
  g_autofree char *plan_path = g_build_filename (dir, PLAN_FILE, NULL);
  g_autofree char *old_script = NULL, *old_plan = NULL;
  gsize old_length = 0;

  if (!g_file_get_contents (script_path, &old_script, NULL, NULL))
    return TRUE;
  if (g_str_equal (old_script, script) && g_file_get_contents (plan_path, &old_plan, &old_length, NULL)
      && old_length == plan_length && memcmp (old_plan, plan, plan_length) == 0)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "%s holds another job (its %s or %s "
               "differs from this one's), whose shards' folders would not fit this plan or cut: "
               "choose another folder with -o, or remove that one", dir, SCRIPT_FILE, PLAN_FILE);
  return FALSE;
}

static gboolean
write_job (const WsCliSlurmJob *job, const char *text, gsize length, GError **error)
{
  g_autofree char *plan = g_build_filename (job->dir, PLAN_FILE, NULL);
  g_autofree char *script_path = g_build_filename (job->dir, SCRIPT_FILE, NULL);
  g_autofree char *script = ws_cli_slurm_script (job);

  if (!check_folder (job->dir, script, text, length, error))
    return FALSE;
  if (g_mkdir_with_parents (job->dir, 0777) != 0)
    return ws_file_io_error (error, job->dir, "make the folder", errno, "choose another with -o");
  return ws_file_write_atomic (plan, text, length, error)
         && ws_file_write_atomic (script_path, script, strlen (script), error);
}

static void
say_how (const WsCliSlurmJob *job)
{
  printf ("Wrote %s/" SCRIPT_FILE ": %u configurations in %u shards (a job array of %u tasks).\n"
          "Submit it:\n  sbatch %s/" SCRIPT_FILE "\n"
          "Once every task has finished, merge the shards for the application to open:\n"
          "  warpscope-cli merge %s/shard-* -o %s/merged\n",
          job->dir, job->configurations, job->shards, job->shards, job->dir, job->dir, job->dir);
}

/* --gpus-per-task's default: none for a CPU plan; where the preset lists
 * devices, enough for the highest (a task's GPUs are numbered from 0 under
 * the CUDA_VISIBLE_DEVICES Slurm sets); else one (devices = all then uses
 * the one). */
static guint
default_gpus (const WsPreset *preset)
{
  int most = 0;

  if (!ws_preset_has_gpu (preset))
    return 0;
  for (guint i = 0; preset->devices != NULL && i < preset->devices->len; i++)
    most = MAX (most, g_array_index (preset->devices, int, i) + 1);
  return MAX (most, 1);
}

static gboolean
slurm (const WsCliSharding *s, const char *preset_path, const char *output, gboolean quick,
       gboolean samples, GError **error)
{
  g_autofree char *cli = g_file_read_link ("/proc/self/exe", error);
  g_autofree char *dir = g_canonicalize_filename (output, NULL);
  g_autofree char *name = job_name (preset_path);
  WsCliSlurmJob job = { cli, dir, name, s->partition, 0, 0, 0, quick, samples };
  g_autoptr (WsBenchPlan) plan = NULL;
  g_autofree char *text = NULL; /* the preset as read: plan.ini is a copy of it */
  gsize length = 0;
  WsPreset *preset;

  if (cli == NULL || (preset = ws_preset_load_text (preset_path, &text, &length, error)) == NULL)
    return FALSE;
  if (quick)
    ws_preset_make_quick (preset, WS_PRESET_QUICK_MAX_SIZE);
  job.gpus_per_task = s->gpus_per_task >= 0 ? (guint) s->gpus_per_task : default_gpus (preset);
  /* devices = all is each task's node's GPUs: there to list, not here. */
  preset->all_devices = FALSE;
  if ((plan = ws_bench_plan_new (preset, error)) == NULL)
    return FALSE;
  job.configurations = plan->configs->len;
  if (!check_bare ("The folder", dir, error)
      || (s->partition != NULL && !check_bare ("The partition", s->partition, error))
      || !count_shards (s, plan, &job.shards, error) || !write_job (&job, text, length, error))
    return FALSE;
  say_how (&job);
  return TRUE;
}

int
ws_cli_bench_slurm (const WsCliSharding *s, const char *preset_path, const char *dir,
                    gboolean quick, gboolean samples)
{
  g_autoptr (GError) error = NULL;

  if (!slurm (s, preset_path, dir, quick, samples, &error))
    return ws_cli_fail (error);
  return 0;
}
