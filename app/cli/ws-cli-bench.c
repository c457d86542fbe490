/* ws-cli-bench.c: `bench` — run a preset, write result.csv row by row,
 * error.log, optional samples.csv, a console table and the plots.
 *
 * The plan runs on a worker thread while the main thread waits in a main
 * loop that turns Ctrl-C into a cancel, as the application will: finished
 * rows are on the disk, and the run says where it stopped.
 */
#include <errno.h>
#include <glib-unix.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ws-bench-csv.h"
#include "ws-bench-report.h"
#include "ws-cli.h"
#include "ws-config.h"
#include "ws-error.h"

typedef struct
{
  char    *output;
  gboolean quick;
  gboolean resume;
  gboolean samples;
} BenchOptions;

typedef struct
{
  BenchOptions  o;
  WsBenchPlan  *plan;
  WsBenchCsv   *csv;
  FILE         *samples;
  char         *error_log;
  GHashTable   *previous;   /* key -> row index in `table` (resume) */
  WsCsvTable   *table;
  gboolean      tty;
  guint         written;
  GCancellable *cancellable;
  GMainLoop    *loop;
  GError       *error;      /* how the worker ended */
  gboolean      ok;
  guint         interrupts;
} Bench;

/* ---- progress ---- */

static void
format_eta (double seconds, char *buf, gsize size)
{
  if (seconds < 0)
    g_strlcpy (buf, "…", size);
  else
    g_snprintf (buf, size, "%u:%02u", (guint) seconds / 60, (guint) seconds % 60);
}

static void
on_started (const WsBenchConfig *c, guint index, guint total, double eta, gpointer data)
{
  Bench *b = data;
  g_autofree char *what = ws_bench_config_describe (c);
  char left[32];
  guint width = 24, filled = total ? index * width / total : 0;

  format_eta (eta, left, sizeof left);
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

  if (!ws_bench_csv_append (b->csv, b->plan->preset, row, error)
      || (b->samples != NULL && !ws_bench_samples_append (b->samples, row, error)))
    return FALSE;
  ws_bench_error_log_append (b->error_log, row);
  b->written++;
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
  printf ("Resuming: %u rows of %s are kept.\n", b->table->rows->len, path);
  return TRUE;
}

static gboolean
open_outputs (Bench *b, GError **error)
{
  g_autofree char *csv = g_build_filename (b->o.output, "result.csv", NULL);

  if (!b->o.resume && g_file_test (csv, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "%s exists: add --resume to continue that run, or choose another directory "
                   "with -o", csv);
      return FALSE;
    }
  if (b->o.resume && !load_previous (b, csv, error))
    return FALSE;
  b->error_log = g_build_filename (b->o.output, "error.log", NULL);
  if ((b->csv = ws_bench_csv_open (csv, error)) == NULL)
    return FALSE;
  if (b->o.samples)
    {
      g_autofree char *path = g_build_filename (b->o.output, "samples.csv", NULL);
      if ((b->samples = g_fopen (path, "a")) == NULL)
        {
          g_set_error (error, WS_ERROR, WS_ERROR_IO, "Cannot open %s: %s", path, g_strerror (errno));
          return FALSE;
        }
    }
  return TRUE;
}

/* ---- the worker and Ctrl-C ---- */

static gboolean
worker_done (gpointer data)
{
  g_main_loop_quit (((Bench *) data)->loop);
  return G_SOURCE_REMOVE;
}

static gpointer
worker (gpointer data)
{
  Bench *b = data;
  const WsBenchCallbacks cb = { on_started, on_finished, on_done };

  b->ok = ws_bench_run (b->plan, &cb, b, b->cancellable, &b->error);
  g_idle_add (worker_done, b);
  return NULL;
}

/* The first Ctrl-C asks the worker to stop after the sample it is taking;
 * a second one quits at once (finished rows are already on the disk). */
static gboolean
on_interrupt (gpointer data)
{
  Bench *b = data;

  if (++b->interrupts > 1)
    {
      fprintf (stderr, "\nwarpscope-cli: interrupted again; quitting now\n");
      _exit (130);
    }
  fprintf (stderr, "\nwarpscope-cli: stopping after the current sample (Ctrl-C again to quit)\n");
  g_cancellable_cancel (b->cancellable);
  return G_SOURCE_CONTINUE;
}

static void
run_plan (Bench *b)
{
  GThread *thread;
  guint sigint, sigterm;

  b->cancellable = g_cancellable_new ();
  b->loop = g_main_loop_new (NULL, FALSE);
  sigint = g_unix_signal_add (SIGINT, on_interrupt, b);
  sigterm = g_unix_signal_add (SIGTERM, on_interrupt, b);
  thread = g_thread_new ("bench", worker, b);
  g_main_loop_run (b->loop);
  g_thread_join (thread);
  g_source_remove (sigint);
  g_source_remove (sigterm);
  g_clear_pointer (&b->loop, g_main_loop_unref);
  g_clear_object (&b->cancellable);
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

static gboolean
prepare (Bench *b, const char *name, GError **error)
{
  g_autofree char *path = find_preset (name);
  WsPreset *preset = ws_preset_load (path, error);

  if (preset == NULL)
    return FALSE;
  if (b->o.quick)
    ws_preset_make_quick (preset, WS_PRESET_QUICK_MAX_SIZE);
  if (b->o.output == NULL)
    b->o.output = default_output (path);
  if ((b->plan = ws_bench_plan_new (preset, error)) == NULL)
    return FALSE;
  printf ("%s: %u configurations → %s%s\n", preset->name, b->plan->configs->len, b->o.output,
          b->o.quick ? " (quick)" : "");
  return open_outputs (b, error);
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
  printf ("%u rows written to %s/result.csv\n", b->written, b->o.output);
  if (b->error != NULL && g_error_matches (b->error, WS_ERROR, WS_ERROR_CANCELLED))
    {
      fprintf (stderr, "warpscope-cli: %s. Finished rows are kept; run again with --resume to go "
               "on.\n", b->error->message);
      return 130;
    }
  if (!report (b, &error))
    return ws_cli_fail (error);
  return b->ok ? 0 : ws_cli_fail (b->error);
}

static void
bench_clear (Bench *b)
{
  g_clear_pointer (&b->plan, ws_bench_plan_free);
  g_clear_pointer (&b->csv, ws_bench_csv_close);
  g_clear_pointer (&b->samples, fclose);
  g_clear_pointer (&b->previous, g_hash_table_unref);
  g_clear_pointer (&b->table, ws_csv_table_free);
  g_clear_error (&b->error);
  g_free (b->error_log);
  g_free (b->o.output);
}

int
ws_cli_bench (int argc, char **argv)
{
  Bench b = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (GOptionContext) context = g_option_context_new ("PRESET — run a benchmark preset");
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &b.o.output, "directory for result.csv, error.log and plots", "DIR" },
    { "quick", 0, 0, G_OPTION_ARG_NONE, &b.o.quick, "small sizes and few samples, to try a preset", NULL },
    { "resume", 0, 0, G_OPTION_ARG_NONE, &b.o.resume, "keep the rows of DIR/result.csv and run the rest", NULL },
    { "samples", 0, 0, G_OPTION_ARG_NONE, &b.o.samples, "also write every sample to DIR/samples.csv", NULL },
    { NULL },
  };
  int status = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (context, "PRESET is a file or a shipped preset: smoke, showcase, "
                                    "study-000 … study-004 (see docs/presets.md).");
  if (!ws_cli_parse_options (context, &argc, &argv, &status))
    return status;
  if (argc != 2)
    {
      fprintf (stderr, "warpscope-cli: bench takes one preset\nTry “warpscope-cli bench --help”.\n");
      g_free (b.o.output);
      return 2;
    }
  b.tty = isatty (STDOUT_FILENO);
  if (!prepare (&b, argv[1], &error))
    status = ws_cli_fail (error);
  else
    {
      run_plan (&b);
      status = finish (&b);
    }
  bench_clear (&b);
  return status;
}
