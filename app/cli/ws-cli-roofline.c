/* ws-cli-roofline.c: `roofline` — issue 20's table. For a fixed list of
 * configurations and every GPU variant the registry defines for them: the
 * bytes each must move (ws-roofline.h, a floor), its kernels' median time
 * (the engine of `run --repeat`, ws-bench-repeat.h), the GB/s that makes
 * and its share of the GPU's copy bandwidth, measured in the same run
 * before the first configuration and after the last. Rows are verified; a
 * wrong result fails the command. The lead runs it on the GPU machines and
 * pastes the table into docs/performance.md. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ws-backend.h"
#include "ws-bench-repeat.h"
#include "ws-cancel.h"
#include "ws-cli-roofline.h"
#include "ws-cli-stop.h"
#include "ws-cli.h"
#include "ws-error.h"
#include "ws-file.h"
#include "ws-run-data.h"

#define DEFAULT_REPEAT 10
#define COPY_BYTES ((gsize) 1 << 30)  /* 1 GiB, as the issue's 4.23 TB/s */
#define QUICK_DIVISOR 16

/* Which of a configuration's GPU variants are rows. */
typedef enum
{
  ROWS_ALL,
  ROWS_OURS,    /* the `gpu` variant alone */
  ROWS_NO_SEED, /* all but the studies' variants */
  ROWS_SEED     /* the studies' variants alone */
} Rows;

/* One configuration of the table; its GPU variants that `rows` names are rows. */
typedef struct
{
  const char    *algorithm;
  WsKeyType      type;
  gsize          n;        /* keys, the grid side N for stencil */
  gint64         radius;   /* stencil */
  gint64         queries;  /* searches */
  gint64         bins;     /* histogram */
  WsDistribution dist;
  Rows           rows;
} Config;

#define F32 WS_KEY_FLOAT32
#define I32 WS_KEY_INT32
#define U WS_DIST_UNIFORM

/* Issue 20's list. Counting sort takes int32 keys whose range is at most
 * 2^26, and an int32 window sum must stay within int32 ((2R+1)² keys: 16641
 * at R = 64): uniform16's keys, 0 … 65535, do both. The studies' searches
 * relaunch for every step of each query (study 004 asked 100): they answer
 * 2^10, else one run of 2^20 would take over a minute (an H200 took 5 s for
 * 2^16). */
static const Config configs[] = {
  { "bitonic", F32, 1 << 24, 0, 0, 0, U, ROWS_ALL },
  { "oddeven-merge", F32, 1 << 24, 0, 0, 0, U, ROWS_ALL },
  { "odd-even", F32, 1 << 16, 0, 0, 0, U, ROWS_ALL },
  { "radix-sort", I32, 1 << 24, 0, 0, 0, U, ROWS_ALL },
  { "counting-sort", I32, 1 << 24, 0, 0, 0, WS_DIST_UNIFORM16, ROWS_ALL },
  { "reduce", F32, 1 << 26, 0, 0, 0, U, ROWS_ALL },
  { "scan", F32, 1 << 26, 0, 0, 0, U, ROWS_ALL },
  { "histogram", F32, 1 << 26, 0, 0, 256, U, ROWS_ALL },
  { "dot", F32, 1 << 24, 0, 0, 0, U, ROWS_ALL },
  { "stencil", F32, 8192, 1, 0, 0, U, ROWS_ALL },
  { "stencil", F32, 8192, 8, 0, 0, U, ROWS_ALL },
  { "stencil", F32, 8192, 64, 0, 0, U, ROWS_ALL },
  { "stencil", I32, 8192, 1, 0, 0, WS_DIST_UNIFORM16, ROWS_OURS },
  { "stencil", I32, 8192, 8, 0, 0, WS_DIST_UNIFORM16, ROWS_OURS },
  { "stencil", I32, 8192, 64, 0, 0, WS_DIST_UNIFORM16, ROWS_OURS },
  { "binary-search", F32, 1 << 24, 0, 1 << 20, 0, U, ROWS_NO_SEED },
  { "interpolation-search", F32, 1 << 24, 0, 1 << 20, 0, U, ROWS_NO_SEED },
  { "binary-search", F32, 1 << 24, 0, 1 << 10, 0, U, ROWS_SEED },
  { "interpolation-search", F32, 1 << 24, 0, 1 << 10, 0, U, ROWS_SEED },
};

typedef struct
{
  char    *repeat;
  char    *format;
  char    *output;
  gboolean quick;
} Options;

typedef struct
{
  Options         o;
  gsize           divisor;  /* QUICK_DIVISOR with --quick, else 1 */
  WsRooflineTable t;        /* what is measured, for the table */
  guint           planned;  /* rows */
  WsCliJob        job;
  gboolean        ok;       /* the worker got to the end */
  GError         *error;    /* why it did not */
} Roofline;

static void
row_clear (gpointer data)
{
  g_free (((WsRooflineRow *) data)->failure);
}

/* ---- the options ---- */

static gboolean
parse_format (const char *text, WsRooflineFormat *out, GError **error)
{
  static const char *const names[] = { "text", "markdown", "csv" };

  for (guint f = 0; f < G_N_ELEMENTS (names); f++)
    if (g_strcmp0 (text, names[f]) == 0)
      {
        *out = (WsRooflineFormat) f;
        return TRUE;
      }
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "--format “%s”: choose text, markdown or csv", text);
  return FALSE;
}

static gboolean
parse (Roofline *r, int argc, GError **error)
{
  r->t.repeat = DEFAULT_REPEAT;
  r->divisor = r->o.quick ? QUICK_DIVISOR : 1;
  r->t.copy_bytes = COPY_BYTES / r->divisor;
  if (argc != 1)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "roofline takes no arguments, only options");
      return FALSE;
    }
  if (r->o.output != NULL && r->o.output[0] == '\0')
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "-o/--output is empty: name the file for the table (or leave it out for "
                   "standard output)");
      return FALSE;
    }
  return (r->o.repeat == NULL || ws_cli_parse_repeat (r->o.repeat, &r->t.repeat, error))
         && (r->o.format == NULL || parse_format (r->o.format, &r->t.format, error))
         && (r->o.output == NULL || ws_cli_check_output_path ("-o/--output", r->o.output, error));
}

/* The first GPU and the backend's build, for the table; FALSE saying why
 * there is no GPU. */
static gboolean
find_gpu (Roofline *r, GError **error)
{
  const WsBackend *gpu = ws_backend_gpu ();
  g_autoptr (GArray) devices = NULL;
  g_autofree char *backend = NULL;

  if (!gpu->query_devices (gpu, &devices, error))
    return FALSE;
  backend = gpu->describe (gpu);
  r->t.device = g_strdup_printf ("%s (%s)", g_array_index (devices, WsDeviceInfo, 0).name, backend);
  return TRUE;
}

/* ---- measuring (on the worker) ---- */

static gboolean
measure_copy (Roofline *r, guint which, GError **error)
{
  const WsBackend *gpu = ws_backend_gpu ();

  fprintf (stderr, "copy bandwidth (%s)…\n", which == 0 ? "start" : "end");
  return gpu->copy_bandwidth (gpu, r->t.copy_bytes, r->t.repeat, &r->t.copy[which], error);
}

static gboolean
config_params (const Config *c, const WsAlgorithm *algo, gsize divisor, WsParams *params,
               GError **error)
{
  ws_params_init_defaults (algo, params);
  return (c->radius == 0 || ws_params_set (algo, params, "radius", c->radius, error))
         && (c->bins == 0 || ws_params_set (algo, params, "bins", c->bins, error))
         && (c->queries == 0
             || ws_params_set (algo, params, "queries", c->queries / (gint64) divisor, error));
}

static gboolean
wanted (const Config *c, const WsAlgorithm *algo, WsVariant v)
{
  gboolean seed = v == WS_VARIANT_GPU_SEED || v == WS_VARIANT_GPU_SEED_SHARED
                  || v == WS_VARIANT_GPU_SEED_V1 || v == WS_VARIANT_GPU_SEED_V2;

  if (!ws_variant_is_gpu (v) || !ws_algorithm_defines (algo, v))
    return FALSE;
  switch (c->rows)
    {
    case ROWS_OURS: return v == WS_VARIANT_GPU;
    case ROWS_NO_SEED: return !seed;
    case ROWS_SEED: return seed;
    default: return TRUE;
    }
}

/* A warm-up, the timed repeats, then the last result verified. A wrong
 * result or a failed run is the row's verdict; only a cancel ends the table. */
static gboolean
measure_row (Roofline *r, const WsRunData *data, WsRooflineRow *row, GError **error)
{
  WsRunInput in = { .algo = row->algo, .variant = row->variant, .params = row->params };
  WsRunOutput out = { 0 };
  WsRepeatTiming timing = { 0 };
  g_autofree char *verdict = NULL;
  g_autoptr (GError) local = NULL;

  ws_run_data_bind (data, &in);
  if (ws_run (&in, &out, &local) && ws_bench_repeat (&in, r->t.repeat, &out, &timing, &local)
      && ws_run_verify (&in, &out, &verdict, &local))
    row->kernel_s = timing.median.kernel;
  ws_run_output_clear (&out);
  if (local == NULL)
    return TRUE;
  if (g_error_matches (local, WS_ERROR, WS_ERROR_CANCELLED))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  row->failure = g_strdup (local->message);
  return TRUE;
}

static void
report_progress (const Roofline *r, const WsRooflineRow *row)
{
  g_autofree char *size = ws_cli_roofline_size (row);

  fprintf (stderr, "[%u/%u] %s %s %s %s: ", r->t.rows->len, r->planned, row->algo->name,
           ws_variant_name (row->variant), ws_key_type_name (row->type), size);
  if (row->failure != NULL)
    fprintf (stderr, "FAILED: %s\n", row->failure);
  else
    fprintf (stderr, "%.3f ms\n", row->kernel_s * 1e3);
}

/* Every wanted variant of one configuration, on inputs made once. */
static gboolean
measure_config (Roofline *r, const Config *c, GError **error)
{
  const WsAlgorithm *algo = ws_registry_lookup (c->algorithm, error);
  gsize n = c->n / r->divisor;
  WsParams params;
  WsRunData data = { 0 };
  gboolean ok = TRUE;

  if (algo == NULL || !config_params (c, algo, r->divisor, &params, error)
      || !ws_run_data_generate (algo, &params, c->type, c->dist, n, 1, &data, error))
    return FALSE;
  for (guint v = 0; v < WS_N_VARIANTS && ok; v++)
    if (wanted (c, algo, (WsVariant) v))
      {
        WsRooflineRow row = { algo, (WsVariant) v, c->type, params, n };
        ok = ws_roofline_traffic (algo->name, c->type, n, &params, &row.traffic, error)
             && measure_row (r, &data, &row, error);
        if (ok)
          g_array_append_val (r->t.rows, row), report_progress (r, &row);
      }
  ws_run_data_clear (&data);
  return ok;
}

static guint
count_rows (void)
{
  guint rows = 0;

  for (guint i = 0; i < G_N_ELEMENTS (configs); i++)
    {
      const WsAlgorithm *algo = ws_registry_lookup (configs[i].algorithm, NULL);
      for (guint v = 0; algo != NULL && v < WS_N_VARIANTS; v++)
        rows += wanted (&configs[i], algo, (WsVariant) v);
    }
  return rows;
}

static gboolean
measure_all (Roofline *r, GError **error)
{
  if (!measure_copy (r, 0, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (configs); i++)
    if (!measure_config (r, &configs[i], error))
      return FALSE;
  return measure_copy (r, 1, error);
}

static gpointer
worker (gpointer data)
{
  Roofline *r = data;

  ws_cancel_push (r->job.cancellable);
  r->ok = measure_all (r, &r->error);
  ws_cancel_pop ();
  return NULL;
}

/* The first stop signal ends the table after the run in progress; a
 * second quits at once (nothing is written before the end). */
static void
on_stop_signal (int signum, gboolean again, gpointer data)
{
  if (again)
    {
      fprintf (stderr, "\nwarpscope-cli: %s again; quitting now\n", ws_cli_signal_text (signum));
      _exit (128 + ((Roofline *) data)->job.signum);
    }
  fprintf (stderr, "\nwarpscope-cli: %s: stopping after the current run (send it again to quit "
           "at once)\n", ws_cli_signal_text (signum));
}

/* ---- the command ---- */

static guint
failures (const Roofline *r)
{
  guint failed = 0;

  for (guint i = 0; i < r->t.rows->len; i++)
    failed += g_array_index (r->t.rows, WsRooflineRow, i).failure != NULL;
  return failed;
}

static gboolean
write_table (const Roofline *r, GError **error)
{
  g_autofree char *table = ws_cli_roofline_render (&r->t);

  if (r->o.output == NULL)
    {
      fputs (table, stdout);
      return TRUE;
    }
  return ws_file_write_atomic (r->o.output, table, strlen (table), error);
}

static int
finish (Roofline *r)
{
  g_autofree char *warning = NULL;
  g_autoptr (GError) error = NULL;
  guint failed;

  if (!r->ok && g_error_matches (r->error, WS_ERROR, WS_ERROR_CANCELLED))
    {
      fprintf (stderr, "warpscope-cli: stopped by %s after %u of %u rows; no table written\n",
               ws_cli_signal_text (r->job.signum), r->t.rows->len, r->planned);
      return 128 + (r->job.signum ? r->job.signum : SIGINT);
    }
  if (!r->ok)
    return ws_cli_fail (r->error);
  if ((warning = ws_cli_roofline_drift (&r->t)) != NULL)
    fprintf (stderr, "warpscope-cli: warning: %s\n", warning);
  if (!write_table (r, &error))
    return ws_cli_fail (error);
  if ((failed = failures (r)) == 0)
    return 0;
  fprintf (stderr, "warpscope-cli: %u of %u rows failed (see the verified column)\n", failed,
           r->t.rows->len);
  return 1;
}

static int
roofline (Roofline *r, int argc)
{
  g_autoptr (GError) error = NULL;

  if (!parse (r, argc, &error))
    {
      ws_cli_usage_error ("roofline", error->message);
      return 2;
    }
  /* No GPU is not a failure of the table but a machine it cannot run on. */
  if (!find_gpu (r, &error))
    {
      fprintf (stderr, "warpscope-cli: roofline needs a CUDA GPU: %s\n", error->message);
      return 2;
    }
  r->planned = count_rows ();
  r->job = (WsCliJob) { worker, on_stop_signal, r };
  ws_cli_job_run (&r->job, "roofline");
  return finish (r);
}

static void
roofline_clear (Roofline *r)
{
  g_free (r->o.repeat), g_free (r->o.format), g_free (r->o.output);
  g_free (r->t.command), g_free (r->t.device);
  g_clear_pointer (&r->t.rows, g_array_unref);
  g_clear_error (&r->error);
}

int
ws_cli_roofline (int argc, char **argv)
{
  Roofline r = { 0 };
  g_autoptr (GOptionContext) context = g_option_context_new ("— the roofline table of the GPU kernels");
  const GOptionEntry entries[] = {
    { "repeat", 0, 0, G_OPTION_ARG_STRING, &r.o.repeat, "timed runs of each row and copies of the bandwidth after a warm-up; medians (default 10)", "R" },
    { "quick", 0, 0, G_OPTION_ARG_NONE, &r.o.quick, "every size divided by 16: a fast look, and the tests", NULL },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &r.o.format, "text (default), markdown or csv", "F" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &r.o.output, "write the table to FILE (atomically) instead of standard output", "FILE" },
    { NULL },
  };
  int status = 0;

  r.t.command = g_strjoinv (" ", argv);
  r.t.rows = g_array_new (FALSE, TRUE, sizeof (WsRooflineRow));
  g_array_set_clear_func (r.t.rows, row_clear);
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (context,
    "Each GPU variant of a fixed list (sorts at 2^24 keys, odd-even at 2^16, reduce, scan and\n"
    "histogram at 2^26, window sums at N = 8192 with R = 1, 8, 64, searches of 2^20 queries in\n"
    "2^24 keys, 2^10 for the studies' searches): the bytes it must move at least (each input\n"
    "read once, each output written once), its kernels' median time, the GB/s that makes and\n"
    "its share of the GPU's copy bandwidth, measured before and after. Progress goes to\n"
    "standard error.\n"
    "Exit status: 0 all rows verified, 1 a row failed, 2 no CUDA GPU or a bad option.\n"
    "docs/performance.md explains the columns.");
  if (ws_cli_parse_options (context, &argc, &argv, &status))
    status = roofline (&r, argc);
  roofline_clear (&r);
  return status;
}
