/* ws-cli-check.c: `check` — a student's sort against the reference network,
 * for a course's autograder: a trace (docs/traces.md) read and every pass
 * compared, or a kernel (.cu) or C function (.so) run on a suite of inputs
 * (ws-cli-check-student.c, in a worker process: ws-cli-check-watch.c).
 * Exit status 0 when every pass matches, 1 at the first that does not, 2
 * for a file or a request that cannot be checked; what it says is
 * ws-cli-check-verdict.c's. */
#include <stdio.h>
#include <string.h>

#include "ws-cli-check.h"
#include "ws-cli.h"
#include "ws-divergence.h"
#include "ws-error.h"
#include "ws-student.h"

/* The network: --network, else the trace's header. */
static gboolean
network_of (const CheckOptions *o, const WsTrace *t, WsNetworkKind *kind, GError **error)
{
  const char *name = o->network ? o->network : t->network;

  if (name == NULL)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "Which network does the trace follow? Give --network bitonic, odd-even or "
                   "oddeven-merge, or a header line “# warpscope-trace network=bitonic”");
      return FALSE;
    }
  return ws_network_kind_parse (name, kind, error);
}

static char *
trace_words (const WsTrace *t, WsNetworkKind kind, gboolean diverged, const WsDivergence *d)
{
  g_autoptr (WsNetwork) net = ws_network_new (kind, t->input->n, NULL);
  g_autofree char *text = NULL, *padding = ws_cli_check_padding (kind, t->input->n);

  if (diverged)
    {
      text = ws_divergence_describe (net, d);
      return g_strdup_printf ("%s (line %" G_GSIZE_FORMAT " of the trace)", text,
                              g_array_index (t->pass_lines, gsize, d->pass));
    }
  if (t->passes->len == 0)
    text = g_strdup ("no passes to compare, and none in the trace");
  else
    text = g_strdup_printf ("all %u pass%s match the reference", t->passes->len,
                            t->passes->len == 1 ? "" : "es");
  return g_strdup_printf ("%s on %" G_GSIZE_FORMAT " key%s%s: %s", ws_network_kind_name (kind),
                          t->input->n, t->input->n == 1 ? "" : "s", padding, text);
}

static int
check_trace (const char *path, const CheckOptions *o)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsTrace) t = NULL;
  g_autofree char *text = NULL;
  WsKeyType type;
  WsNetworkKind kind;
  WsDivergence d;
  gboolean diverged;

  if (o->n || o->seed || o->keys || o->write_trace || o->block || o->time_limit)
    {
      g_set_error (&error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "--n, --seed, --keys, --block, "
                   "--time-limit and --write-trace choose how a kernel (.cu) or a C function (.so) "
                   "is run; %s is read as a trace, which holds its own input", path);
      return ws_cli_check_unusable (error);
    }
  if (o->type != NULL && !ws_key_type_from_string (o->type, &type, &error))
    return ws_cli_check_unusable (error);
  if ((t = ws_trace_load (path, o->type ? &type : NULL, &error)) == NULL
      || !network_of (o, t, &kind, &error)
      || !ws_divergence_trace (kind, t, &diverged, &d, &error))
    return ws_cli_check_unusable (error);
  text = trace_words (t, kind, diverged, &d);
  if (diverged)
    ws_cli_check_print ((CheckVerdict[]) { ws_cli_check_diverged (&d, path, text) }, o->json);
  else
    ws_cli_check_print (&(CheckVerdict) { .input = path, .text = text }, o->json);
  return diverged ? CHECK_DIVERGED : CHECK_OK;
}

static const char *summary =
  "A trace of your sort is read and every pass compared with the reference network's. A CUDA "
  "stage kernel (FILE.cu) or a C function in a shared object (FILE.so) is run on a suite of "
  "inputs — 1 to 2^20 keys, duplicates, negatives, sorted, reversed, -0.0 and ±inf — and every "
  "pass compared. Exit status: 0 all match, 1 a pass parts from the reference, 2 the file cannot "
  "be checked. docs/traces.md and docs/kernels.md say what the files hold.";

int
ws_cli_check (int argc, char **argv)
{
  CheckOptions o = { .worker_fd = -1 };
  g_auto (GStrv) original = g_strdupv (argv);
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE — your sort (a trace, FILE.cu or FILE.so), checked pass by pass against the reference network");
  const GOptionEntry entries[] = {
    { "network", 0, 0, G_OPTION_ARG_STRING, &o.network, "bitonic, odd-even or oddeven-merge (default: the file's header)", "NET" },
    { "type", 't', 0, G_OPTION_ARG_STRING, &o.type, "int32 or float32 (default: the file's header, else float32)", "T" },
    { "n", 'n', 0, G_OPTION_ARG_STRING, &o.n, "kernels and functions: check inputs of N keys only, one of each kind", "N" },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &o.seed, "kernels and functions: the seed of the random inputs (default 1)", "S" },
    { "keys", 0, 0, G_OPTION_ARG_FILENAME, &o.keys, "kernels and functions: check this key file (text) instead of the suite", "FILE" },
    { "block", 0, 0, G_OPTION_ARG_INT, &o.block, "kernels: threads a block (default: the file's header, else 256)", "B" },
    { "time-limit", 0, 0, G_OPTION_ARG_STRING, &o.time_limit, "kernels and functions: seconds a pass may take (default 2)", "SECONDS" },
    { "write-trace", 0, 0, G_OPTION_ARG_FILENAME, &o.write_trace, "kernels and functions: write the first input's passes as a trace", "FILE" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &o.json, "print one JSON object (ok, pass, index, expected, got, kind, input, message)", NULL },
    { "worker-fd", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, &o.worker_fd, NULL, NULL },
    { NULL },
  };
  int status = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (context, summary);
  if (!ws_cli_parse_options (context, &argc, &argv, &status))
    status = CHECK_UNUSABLE;
  else if (argc != 2)
    {
      ws_cli_usage_error ("check", "check takes one FILE: a trace of your sort, a kernel (.cu) "
                                   "or a C function (.so)");
      status = CHECK_UNUSABLE;
    }
  else if (ws_student_path_kind (argv[1]) == WS_STUDENT_TRACE)
    status = check_trace (argv[1], &o);
  else if (o.worker_fd >= 0)
    status = ws_cli_check_student (argv[1], &o);
  else
    status = ws_cli_check_supervise (argv[1], &o, original);
  g_free (o.network), g_free (o.type), g_free (o.n), g_free (o.seed), g_free (o.keys);
  g_free (o.write_trace), g_free (o.time_limit);
  return status;
}
