/* ws-cli-merge.c: `merge DIR… -o OUT` — the folders of a plan's shards
 * (bench --shard I/N, as a Slurm job array runs them) made into one run
 * folder (ws-bench-merge.h), with bench's table of its rows and its charts.
 * The charts are drawn without the preset (the shards' folders hold none):
 * the window sum's GFLOP/s against each parameter the preset varied is
 * the one chart bench draws that merge leaves to `plot --x`. */
#include <stdio.h>

#include "ws-bench-merge.h"
#include "ws-bench-report.h"
#include "ws-cli.h"

static int
merge (const char *const *dirs, const char *out)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *csv = g_build_filename (out, "result.csv", NULL);
  g_autoptr (WsCsvTable) table = NULL;

  if (!ws_bench_merge (dirs, out, &summary, &error)
      || (table = ws_csv_table_read (csv, &error)) == NULL)
    return ws_cli_fail (error);
  ws_bench_report_table (table, stdout);
  if (!ws_bench_report_plots (table, out, NULL, &error))
    return ws_cli_fail (error);
  printf ("%s, its charts beside it.\nOpen it in the application, or draw another chart: "
          "warpscope-cli plot %s\n", summary, csv);
  return 0;
}

int
ws_cli_merge (int argc, char **argv)
{
  g_autofree char *output = NULL;
  g_autoptr (GOptionContext) context = g_option_context_new ("DIR… — merge the shards of a plan into one run");
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "the folder for the merged result.csv, result.json and run.ini (new, or without a result.csv)", "OUT" },
    { NULL },
  };
  int status = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (context, "Each DIR is a shard's folder, written by "
                                    "“bench PLAN --shard I/N -o DIR” (a job of bench --slurm "
                                    "writes shard-1 … shard-N). They must be of one plan and one "
                                    "build, every shard once.");
  if (!ws_cli_parse_options (context, &argc, &argv, &status))
    return status;
  if (argc < 2 || output == NULL || output[0] == '\0')
    {
      ws_cli_usage_error ("merge", argc < 2 ? "merge takes the folders of the shards to merge"
                                            : "merge needs -o OUT: the folder for the merged run");
      return 2;
    }
  return merge ((const char *const *) argv + 1, output);
}
