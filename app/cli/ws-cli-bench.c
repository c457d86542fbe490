/* ws-cli-bench.c: `bench` — run a preset, write result.csv row by row,
 * result.json (the rows with every sample and the run's context, rewritten
 * as rows finish and at the end), error.log, run.ini, optional samples.csv,
 * a console table and the plots.
 *
 * Before anything is written the plan is estimated (a short calibration of
 * every variant it runs, ws-bench-estimate.h) and, past ten minutes, run
 * only with --yes or a yes on the terminal; --resume first checks that the
 * folder's run.ini matches the plan. The plan then runs on a worker thread
 * while the main thread waits in a main loop that turns SIGINT, SIGTERM and
 * SIGHUP into a cancel (ws-cli-stop.h), as the application does: finished rows are on the
 * disk, and the run says where it stopped, on the terminal and in
 * error.log. --devices (or the preset's devices key) runs the GPU
 * configurations on each GPU named, a worker thread each (ws-bench.h); the
 * callbacks here are never called two at once.
 */
#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ws-bench-csv.h"
#include "ws-bench-devices.h"
#include "ws-bench-estimate.h"
#include "ws-bench-json.h"
#include "ws-bench-record.h"
#include "ws-bench-samples.h"
#include "ws-bench-report.h"
#include "ws-cli-shard.h"
#include "ws-cli-stop.h"
#include "ws-cli.h"
#include "ws-config.h"
#include "ws-error.h"

typedef struct
{
  char    *output;
  gboolean quick;
  gboolean resume;
  gboolean samples;
  gboolean yes;
  gboolean force;
  gboolean cold;
  char    *devices;       /* --devices: "all" or "0,2" */
  gboolean all_devices;   /* … as parsed (usage_ok) */
  GArray  *device_list;
  WsCliSharding sharding; /* --shard, --slurm and theirs (ws-cli-shard.h) */
} BenchOptions;

typedef struct _Bench Bench;

struct _Bench
{
  BenchOptions   o;
  WsBenchPlan   *plan;
  WsBenchRecord *record;     /* this plan, build and device: run.ini */
  WsBenchCsv    *csv;
  WsBenchJson   *json;       /* result.json: the worker's while it runs */
  char          *json_path;
  FILE          *samples;
  char          *error_log;
  GHashTable    *previous;   /* key -> row index in `table` (resume) */
  WsCsvTable    *table;
  gboolean       tty;
  guint          written;    /* this run's rows (atomic: read on a signal) */
  guint          kept;       /* rows already in result.csv (resume) */
  GMutex         lock;       /* guards current */
  char          *current;    /* the configuration being measured */
  WsCliJob       job;        /* the plan on a worker; its cancellable and stop signal */
  GError        *error;      /* how the worker ended */
  gboolean       ok;
  gboolean       misuse;     /* prepare failed on the GPUs asked for: a usage error (status 2) */
};

/* ---- progress ---- */

static void
on_started (const WsBenchConfig *c, guint index, guint total, double eta, gpointer data)
{
  Bench *b = data;
  g_autofree char *what = ws_bench_config_describe (c);
  g_autofree char *left = eta < 0 ? g_strdup ("…") : ws_bench_format_duration (eta);
  guint width = 24, filled = total ? index * width / total : 0;

  g_mutex_lock (&b->lock);
  g_free (b->current), b->current = g_strdup (what);
  g_mutex_unlock (&b->lock);
  if (!b->tty)
    {
      printf ("[%u/%u] %s\n", index + 1, total, what);
      fflush (stdout);
      return;
    }
  g_autofree char *bar = g_strnfill (filled, '#');
  g_autofree char *rest = g_strnfill (width - filled, '.');
  printf ("\r\033[K[%s%s] %u/%u  %s  ETA %s", bar, rest, index + 1, total, what, left);
  fflush (stdout);
}

static gboolean
on_finished (const WsBenchRow *row, gpointer data, GError **error)
{
  Bench *b = data;
  g_autofree char *line = ws_bench_row_summary (row);
  g_auto (GStrv) fields = ws_bench_csv_fields (b->plan->preset, row);

  ws_bench_json_add_row (b->json, row, (const char *const *) fields);
  if (!ws_bench_csv_append_fields (b->csv, (const char *const *) fields, error)
      || (b->samples != NULL && !ws_bench_samples_append (b->samples, row, error))
      || !ws_bench_json_write_due (b->json, b->json_path, error))
    return FALSE;
  ws_bench_error_log_append (b->error_log, row);
  g_atomic_int_inc (&b->written);
  if (!b->tty || row->status != WS_BENCH_OK)
    printf ("%s      %s\n", b->tty ? "\r\033[K" : "", line);
  return TRUE;
}

/* Resume: a configuration already in result.csv is skipped; its row still
 * serves as a baseline. */
static gboolean
on_done (const WsBenchConfig *c, WsBenchRow *row, gpointer data)
{
  Bench *b = data;
  gpointer index;

  if (b->previous == NULL || !g_hash_table_lookup_extended (b->previous, c->key, NULL, &index))
    return FALSE;
  return ws_bench_csv_row (b->table, GPOINTER_TO_UINT (index), row, NULL);
}

/* ---- output files ---- */

/* A row cut short by a crash (no newline at the end) is cut off, so that
 * appended rows start on a line of their own. */
static gboolean
trim_partial_row (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  gsize length;
  char *last;

  if (!g_file_get_contents (path, &text, &length, error))
    return FALSE;
  if (length == 0 || text[length - 1] == '\n')
    return TRUE;
  last = strrchr (text, '\n');
  return g_file_set_contents (path, text, last ? last - text + 1 : 0, error);
}

static gboolean
load_previous (Bench *b, const char *path, GError **error)
{
  gboolean dropped;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return TRUE;
  if ((b->table = ws_csv_table_read_lenient (path, &dropped, error)) == NULL)
    return FALSE;
  if (dropped && !trim_partial_row (path, error))
    return FALSE;
  if (dropped)
    printf ("The last row of %s was cut short; it will be measured again.\n", path);
  b->previous = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint r = 0; r < b->table->rows->len; r++)
    g_hash_table_insert (b->previous, (gpointer) ws_csv_table_get (b->table, r, WS_BENCH_CSV_KEY),
                         GUINT_TO_POINTER (r));
  b->kept = b->table->rows->len;
  printf ("Resuming: %u rows of %s are kept.\n", b->table->rows->len, path);
  return TRUE;
}

/* --resume keeps rows only of the same plan, build and device (run.ini);
 * --force keeps them whatever they were, saying so. */
static gboolean
check_record (Bench *b, GError **error)
{
  g_autoptr (GError) local = NULL;

  if (ws_bench_record_check (b->o.output, b->record, &local))
    return TRUE;
  if (b->o.force)
    {
      fprintf (stderr, "warpscope-cli: warning: %s; resuming anyway (--force)\n", local->message);
      return TRUE;
    }
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "Cannot resume: %s. Run this plan "
               "afresh in another folder (-o), or add --force to keep those rows anyway",
               local->message);
  return FALSE;
}

static gboolean
check_outputs (Bench *b, GError **error)
{
  g_autofree char *csv = g_build_filename (b->o.output, "result.csv", NULL);

  if (!b->o.resume && g_file_test (csv, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "%s exists: add --resume to continue that run, or choose another directory "
                   "with -o", csv);
      return FALSE;
    }
  if (b->o.resume && (!check_record (b, error) || !load_previous (b, csv, error)))
    return FALSE;
  return TRUE;
}

/* Resume: result.json keeps the rows result.csv keeps, each with its
 * samples from the result.json of the run before; a row that has none
 * there (a crash before that file was written again, or a run of a
 * version without it) keeps its fields and no samples. */
static void
keep_previous_json (Bench *b)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (WsBenchJson) was = NULL;

  if (b->table == NULL)
    return;
  if (g_file_test (b->json_path, G_FILE_TEST_EXISTS)
      && (was = ws_bench_json_load (b->json_path, &local)) == NULL)
    fprintf (stderr, "warpscope-cli: warning: %s; the samples of the rows kept are not carried "
             "over\n", local->message);
  for (guint r = 0; r < b->table->rows->len; r++)
    {
      const char *key = ws_csv_table_get (b->table, r, WS_BENCH_CSV_KEY);
      const WsBenchJsonConfig *c = was ? ws_bench_json_lookup (was, key) : NULL;
      g_autoptr (GArray) none = g_array_new (FALSE, FALSE, sizeof (double));
      WsBenchJsonConfig row = { (char *) key, (GStrv) ws_csv_table_row (b->table, r), none };
      ws_bench_json_add_config (b->json, c != NULL ? c : &row);
    }
}

/* The files are made only once the run is agreed to; run.ini after
 * result.csv, whose folder that makes; result.json at once, so that it is
 * there, with the rows kept, whatever happens to the run. */
static gboolean
open_outputs (Bench *b, GError **error)
{
  g_autofree char *csv = g_build_filename (b->o.output, "result.csv", NULL);

  b->error_log = g_build_filename (b->o.output, "error.log", NULL);
  b->json_path = g_build_filename (b->o.output, WS_BENCH_JSON_FILE, NULL);
  b->json = ws_bench_json_new (ws_bench_context_new (b->plan->preset, b->record, b->plan->gpus));
  if ((b->csv = ws_bench_csv_open (csv, error)) == NULL) /* checks the kept rows' columns */
    return FALSE;
  keep_previous_json (b);
  if (!ws_bench_record_write (b->record, b->o.output, error)
      || !ws_cli_sharding_write (&b->o.sharding, b->o.output, error)
      || !ws_bench_json_write (b->json, b->json_path, error))
    return FALSE;
  if (b->o.samples)
    {
      g_autofree char *path = g_build_filename (b->o.output, "samples.csv", NULL);
      if ((b->samples = g_fopen (path, "a")) == NULL)
        {
          g_set_error (error, WS_ERROR, WS_ERROR_IO, "Cannot open %s: %s", path, g_strerror (errno));
          return FALSE;
        }
      /* A new file starts with its header; a resumed one has it. */
      if (fseek (b->samples, 0, SEEK_END) == 0 && ftell (b->samples) == 0
          && fputs (WS_BENCH_SAMPLES_HEADER, b->samples) < 0)
        {
          g_set_error (error, WS_ERROR, WS_ERROR_IO, "Cannot write %s: %s", path,
                       g_strerror (errno));
          return FALSE;
        }
    }
  return TRUE;
}

/* ---- the estimate ---- */

/* Rows already in result.csv take no time. */
static void
mark_done (Bench *b, WsBenchEstimate *e)
{
  for (guint i = 0; b->previous != NULL && i < b->plan->configs->len; i++)
    {
      const WsBenchConfig *c = g_ptr_array_index (b->plan->configs, i);
      if (g_hash_table_contains (b->previous, c->key))
        ws_bench_estimate_set_done (e, i);
    }
}

/* Past ten minutes: --yes, or a yes typed on the terminal. Without a
 * terminal to ask on, a script that wanted a long run says so. */
static gboolean
agreed (Bench *b, const char *time, GError **error)
{
  char answer[64] = "";

  if (!isatty (STDIN_FILENO))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "Not started: the run is estimated "
                   "to take %s, more than 10 minutes. Add --yes to run it, or --quick (or fewer "
                   "sizes) for a first look", time);
      return FALSE;
    }
  printf ("It takes more than 10 minutes. Run it? [y/N] ");
  fflush (stdout);
  if (fgets (answer, sizeof answer, stdin) != NULL
      && (g_ascii_strcasecmp (g_strstrip (answer), "y") == 0
          || g_ascii_strcasecmp (answer, "yes") == 0))
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "Not started (estimated %s)", time);
  return FALSE;
}

/* How long the plan will take, said before anything is written (its GPUs
 * at once, where it names several). */
static gboolean
estimate (Bench *b, GError **error)
{
  WsBenchEstimate *e = ws_bench_estimate_new (b->plan);
  double seconds;
  g_autofree char *time = NULL;

  b->plan->estimate = e;
  mark_done (b, e);
  if (!ws_bench_estimate_calibrate (e, error))
    return FALSE;
  seconds = ws_bench_estimate_plan_left (e); /* its GPUs at once */
  time = ws_bench_format_duration (seconds);
  printf ("Estimated time: about %s (calibrated in %.1f s)\n", time,
          ws_bench_estimate_calibration_seconds (e));
  return seconds <= WS_BENCH_CONFIRM_SECONDS || b->o.yes || agreed (b, time, error);
}

/* ---- the worker and the stop signals ---- */

static gpointer
worker (gpointer data)
{
  Bench *b = data;
  const WsBenchCallbacks cb = { on_started, on_finished, on_done };

  b->ok = ws_bench_run (b->plan, &cb, b, b->job.cancellable, &b->error);
  return NULL;
}

/* error.log says that the run was cut short, by what, where and with how
 * many rows kept, as the terminal does: a run in the background (nohup,
 * a batch system's SIGTERM) has no terminal to read afterwards. */
static void
log_interrupt (Bench *b)
{
  g_autofree char *line = NULL;
  guint rows = b->kept + (guint) g_atomic_int_get (&b->written);

  g_mutex_lock (&b->lock);
  line = g_strdup_printf ("interrupted: %s during %s; %u rows kept in result.csv (run again "
                          "with --resume to go on)", ws_cli_signal_text (b->job.signum),
                          b->current ? b->current : "the start", rows);
  g_mutex_unlock (&b->lock);
  ws_bench_error_log_note (b->error_log, line);
}

/* The first stop signal asks the worker to stop after the sample it is
 * taking; a second one quits at once (finished rows are already on the
 * disk). */
static void
on_stop_signal (int signum, gboolean again, gpointer data)
{
  Bench *b = data;

  if (again)
    {
      fprintf (stderr, "\nwarpscope-cli: %s again; quitting now\n", ws_cli_signal_text (signum));
      log_interrupt (b);
      _exit (128 + b->job.signum);
    }
  fprintf (stderr, "\nwarpscope-cli: %s: stopping after the current sample (send it again to "
           "quit at once)\n", ws_cli_signal_text (signum));
}

static void
run_plan (Bench *b)
{
  b->job = (WsCliJob) { worker, on_stop_signal, b };
  ws_cli_job_run (&b->job, "bench");
}

/* ---- the command ---- */

/* PRESET is a file, or the name of a shipped one ("study-003"). */
static char *
find_preset (const char *name)
{
  g_autofree char *file = NULL;

  if (g_file_test (name, G_FILE_TEST_IS_REGULAR) || strchr (name, '/') != NULL)
    return g_strdup (name);
  file = g_str_has_suffix (name, ".ini") ? g_strdup (name) : g_strconcat (name, ".ini", NULL);
  return g_build_filename (WS_PRESETS_DIR, file, NULL);
}

static char *
default_output (const char *preset)
{
  g_autofree char *base = g_path_get_basename (preset);
  char *dot = strrchr (base, '.');

  if (dot != NULL)
    *dot = '\0';
  return g_build_filename ("bench-results", base, NULL);
}

/* The GPUs the plan runs on: --devices over the preset's key, listed
 * against the GPUs there are (asked once: the record, result.json and the
 * rows read the answer, *gpus). A GPU that is not there is a usage error. */
static gboolean
choose_devices (Bench *b, WsPreset *preset, GArray **gpus, GError **error)
{
  g_autofree char *why = NULL, *what = NULL;

  if (b->o.devices != NULL)
    {
      g_clear_pointer (&preset->devices, g_array_unref);
      preset->all_devices = b->o.all_devices;
      preset->devices = b->o.device_list ? g_array_copy (b->o.device_list) : NULL;
    }
  *gpus = ws_bench_query_gpus (preset, &why);
  what = b->o.devices ? g_strdup ("--devices") : g_strdup_printf ("%s: devices =", preset->name);
  b->misuse = !ws_bench_devices_resolve (preset, *gpus, why, what, error);
  return !b->misuse;
}

/* " on GPUs 0, 1" for a plan that names devices. */
static char *
devices_note (const WsPreset *preset)
{
  g_autofree char *list = ws_bench_devices_text (preset->devices);

  if (preset->devices == NULL)
    return g_strdup ("");
  return g_strdup_printf (" on GPU%s %s", preset->devices->len > 1 ? "s" : "", list);
}

/* The plan, checked against what the output folder holds and estimated;
 * nothing is written yet. */
static gboolean
prepare (Bench *b, const char *name, GError **error)
{
  g_autofree char *path = find_preset (name);
  g_autofree char *on = NULL;
  g_autoptr (GArray) gpus = NULL;
  WsPreset *preset = ws_preset_load (path, error);

  if (preset == NULL)
    return FALSE;
  if (b->o.quick)
    ws_preset_make_quick (preset, WS_PRESET_QUICK_MAX_SIZE);
  if (b->o.cold)
    preset->cold = TRUE; /* before the record: run.ini and its hash say cold */
  if (!choose_devices (b, preset, &gpus, error))
    return ws_preset_free (preset), FALSE;
  if (b->o.output == NULL)
    b->o.output = default_output (path);
  b->record = ws_bench_record_new (preset, gpus);
  if ((b->plan = ws_bench_plan_new (preset, error)) == NULL)
    return FALSE;
  b->plan->gpus = g_steal_pointer (&gpus);
  if (!ws_cli_sharding_cut (&b->o.sharding, b->plan, b->record, error))
    return FALSE;
  on = devices_note (preset);
  printf ("%s: %u configurations%s → %s%s%s\n", preset->name, b->plan->configs->len, on,
          b->o.output, b->o.quick ? " (quick)" : "",
          preset->cold ? " (cold: L2 emptied before each GPU sample)" : "");
  return check_outputs (b, error) && estimate (b, error) && open_outputs (b, error);
}

/* After the run: the table and the plots from everything result.csv holds
 * (resumed rows included). */
static gboolean
report (Bench *b, GError **error)
{
  g_autofree char *csv = g_build_filename (b->o.output, "result.csv", NULL);
  g_autoptr (WsCsvTable) table = ws_csv_table_read (csv, error);

  if (table == NULL)
    return FALSE;
  ws_bench_report_table (table, stdout);
  return ws_bench_report_plots (table, b->o.output, b->plan->preset, error);
}

static int
finish (Bench *b)
{
  g_autoptr (GError) error = NULL;

  if (b->tty)
    printf ("\r\033[K");
  /* Every row, the last ones' samples included, whether the run ended,
   * failed or was stopped. */
  if (!ws_bench_json_write (b->json, b->json_path, &error))
    return ws_cli_fail (error);
  printf ("%u rows written to %s/result.csv and %s\n", b->written, b->o.output,
          WS_BENCH_JSON_FILE);
  if (b->error != NULL && g_error_matches (b->error, WS_ERROR, WS_ERROR_CANCELLED))
    {
      fprintf (stderr, "warpscope-cli: %s (%s). Finished rows are kept; run again with --resume "
               "to go on.\n", b->error->message, ws_cli_signal_text (b->job.signum));
      log_interrupt (b);
      return 128 + (b->job.signum ? b->job.signum : SIGINT);
    }
  if (!report (b, &error))
    return ws_cli_fail (error);
  return b->ok ? 0 : ws_cli_fail (b->error);
}

static void
bench_clear (Bench *b)
{
  g_clear_pointer (&b->plan, ws_bench_plan_free);
  g_clear_pointer (&b->record, ws_bench_record_free);
  g_clear_pointer (&b->csv, ws_bench_csv_close);
  g_clear_pointer (&b->json, ws_bench_json_free);
  g_free (b->json_path);
  g_clear_pointer (&b->samples, fclose);
  g_clear_pointer (&b->previous, g_hash_table_unref);
  g_clear_pointer (&b->table, ws_csv_table_free);
  g_clear_error (&b->error);
  g_free (b->current);
  g_free (b->error_log);
  g_free (b->o.output);
  g_free (b->o.devices);
  g_clear_pointer (&b->o.device_list, g_array_unref);
  ws_cli_sharding_clear (&b->o.sharding);
  g_mutex_clear (&b->lock);
}

/* --devices as written, checked before anything is asked of the GPU:
 * whether they are there is prepare's to say. NULL, or the problem. */
static char *
devices_misuse (Bench *b)
{
  g_autoptr (GError) error = NULL;

  if (b->o.devices == NULL)
    return NULL;
  /* The job's tasks run plan.ini on their nodes, where the preset's key
   * reaches them and this switch would not. */
  if (b->o.sharding.slurm)
    return g_strdup ("--devices does not reach --slurm's tasks: write devices = all (or the "
                     "GPUs' numbers) in the preset instead, and --gpus-per-task for how many a "
                     "task gets");
  if (ws_bench_devices_parse (b->o.devices, &b->o.all_devices, &b->o.device_list, &error))
    return NULL;
  return g_strdup_printf ("--devices: %s", error->message);
}

/* Mistakes in the options themselves: status 2, as for a parse error. */
static gboolean
usage_ok (Bench *b, int argc)
{
  const char *problem = NULL;
  g_autofree char *devices = devices_misuse (b);

  if (argc != 2)
    problem = "bench takes one preset";
  else if (b->o.output != NULL && b->o.output[0] == '\0')
    problem = "-o/--output is empty: name the folder for result.csv, error.log and the plots "
              "(it is bench-results/PRESET when -o is left out)";
  else if (b->o.force && !b->o.resume)
    problem = "--force only goes with --resume";
  /* The job's tasks run plan.ini, a copy of the preset: a switch here
   * would not reach them, where the preset's key does. */
  else if (b->o.cold && b->o.sharding.slurm)
    problem = "--cold does not reach --slurm's tasks: write cold = true in the preset instead";
  else if (devices != NULL)
    problem = devices;
  else
    problem = ws_cli_sharding_misuse (&b->o.sharding, b->o.resume, b->o.output);
  if (problem != NULL)
    ws_cli_usage_error ("bench", problem);
  return problem == NULL;
}

static int
bench (Bench *b, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;

  if (!usage_ok (b, argc))
    return 2;
  if (b->o.sharding.slurm)
    {
      g_autofree char *path = find_preset (argv[1]);
      return ws_cli_bench_slurm (&b->o.sharding, path, b->o.output, b->o.quick, b->o.samples);
    }
  b->tty = isatty (STDOUT_FILENO);
  if (!prepare (b, argv[1], &error) && b->misuse)
    return ws_cli_usage_error ("bench", error->message), 2;
  if (error != NULL)
    return ws_cli_fail (error);
  run_plan (b);
  return finish (b);
}

int
ws_cli_bench (int argc, char **argv)
{
  Bench b = { 0 };
  g_autoptr (GOptionContext) context = g_option_context_new ("PRESET — run a benchmark preset");
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &b.o.output, "directory for result.csv, result.json, error.log and plots", "DIR" },
    { "quick", 0, 0, G_OPTION_ARG_NONE, &b.o.quick, "small sizes and few samples, to try a preset", NULL },
    { "resume", 0, 0, G_OPTION_ARG_NONE, &b.o.resume, "keep the rows of DIR/result.csv and run the rest (same plan, build and device only)", NULL },
    { "force", 0, 0, G_OPTION_ARG_NONE, &b.o.force, "with --resume: keep the rows even where DIR/run.ini differs or is missing", NULL },
    { "yes", 'y', 0, G_OPTION_ARG_NONE, &b.o.yes, "run a plan estimated at more than 10 minutes without asking", NULL },
    { "samples", 0, 0, G_OPTION_ARG_NONE, &b.o.samples, "also write every sample to DIR/samples.csv", NULL },
    { "cold", 0, 0, G_OPTION_ARG_NONE, &b.o.cold, "empty the GPU's L2 cache before each sample of a GPU variant, as the preset's cold = true", NULL },
    { "devices", 0, 0, G_OPTION_ARG_STRING, &b.o.devices, "run each GPU configuration on each GPU named, at once (all: every GPU this process sees; 0,2: those); CPU configurations once", "all|N,N…" },
    { NULL },
  };
  int status = 0;

  g_mutex_init (&b.lock);
  ws_cli_sharding_init (&b.o.sharding);
  g_option_context_add_main_entries (context, entries, NULL);
  ws_cli_sharding_add_options (context, &b.o.sharding);
  g_option_context_set_description (context, "PRESET is a file or a shipped preset: smoke, showcase, "
                                    "study-000 … study-004 (see docs/presets.md).");
  if (ws_cli_parse_options (context, &argc, &argv, &status))
    status = bench (&b, argc, argv);
  bench_clear (&b);
  return status;
}
