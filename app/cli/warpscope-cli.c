/* warpscope-cli: the headless face of Warpscope — list, info, run, bench, merge, plot, render,
 * diagram, roofline, check, demo. */
#include <locale.h>
#include <stdio.h>

#include "ws-cli.h"
#include "ws-config.h"
#include "ws-error.h"
#include "ws-file.h"

typedef struct
{
  const char *name;
  int (*func) (int argc, char **argv);
  const char *summary;
} Command;

static const Command commands[] = {
  { "list", ws_cli_list, "algorithms, variants, parameters and their ranges" },
  { "info", ws_cli_info, "this machine's CPU and GPUs" },
  { "run", ws_cli_run, "run one algorithm on generated or given data and verify it" },
  { "bench", ws_cli_bench, "run a benchmark preset: result.csv, error.log, table and plots" },
  { "merge", ws_cli_merge, "the folders of a plan's shards (bench --shard, --slurm) as one run" },
  { "compare", ws_cli_compare, "a run against a baseline: each configuration SAME, FASTER, SLOWER or UNCLEAR" },
  { "plot", ws_cli_plot, "draw a chart of a result.csv as PNG, SVG or PDF" },
  { "render", ws_cli_render, "draw every pass of a sorting network as PNG frames or a WebM, MP4 or GIF (headless OpenGL)" },
  { "diagram", ws_cli_diagram, "draw a sorting network's wires and comparators (PNG, SVG, PDF, TikZ) or print its layers as JSON" },
  { "roofline", ws_cli_roofline, "the roofline table: each GPU kernel's bytes, GB/s and share of the copy bandwidth" },
  { "check", ws_cli_check, "check a trace of your sort against the reference network, pass by pass" },
  { "demo", ws_cli_demo, "sort one random array with every CPU sorting network" },
};

static void
usage (FILE *to)
{
  fprintf (to, "Usage: warpscope-cli COMMAND [OPTION…]\n\nCommands:\n");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (to, "  %-8s %s\n", commands[i].name, commands[i].summary);
  fprintf (to, "\n“warpscope-cli COMMAND --help” describes a command's options.\n");
}

int
ws_cli_fail (const GError *error)
{
  fprintf (stderr, "warpscope-cli: %s\n", error->message);
  return 1;
}

void
ws_cli_usage_error (const char *command, const char *message)
{
  fprintf (stderr, "warpscope-cli: %s\nTry “warpscope-cli %s --help”.\n", message, command);
}

gboolean
ws_cli_parse_options (GOptionContext *context,
                      int            *argc,
                      char         ***argv,
                      int            *status)
{
  g_autoptr (GError) error = NULL;

  if (g_option_context_parse (context, argc, argv, &error))
    return TRUE;
  ws_cli_usage_error ((*argv)[0], error->message);
  *status = 2;
  return FALSE;
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_set_prgname ("warpscope-cli");
  ws_file_clean_on_signals (); /* Ctrl-C in a big --output leaves no FILE.XXXXXX */
  if (argc < 2 || g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h"))
    {
      usage (argc < 2 ? stderr : stdout);
      return argc < 2 ? 2 : 0;
    }
  if (g_str_equal (argv[1], "--version"))
    {
      printf ("warpscope-cli %s\n", WS_VERSION);
      return 0;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      return commands[i].func (argc - 1, argv + 1);
  fprintf (stderr, "warpscope-cli: unknown command “%s”\n", argv[1]);
  usage (stderr);
  return 2;
}
