/* ws-cli-plot.c: `plot` — a chart of a result.csv or a result.json to PNG,
 * SVG or PDF. */
#include <stdio.h>

#include "ws-bench-report.h"
#include "ws-cli.h"

typedef struct
{
  char *kind;
  char *algorithm;
  char *x;
  char *output;
  int   width;
  int   height;
} PlotOptions;

/* The file is read row by row (ws_bench_chart_read): a result.csv of a
 * million rows charts in the memory of its points. Rows left out are said
 * on stderr, the chart is still made of the others. */
static int
plot (const char *csv, const PlotOptions *o)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsPlot) chart = NULL;
  g_autofree char *warning = NULL;
  WsChartKind kind = WS_CHART_TIME;

  if ((o->kind != NULL && !ws_chart_kind_from_string (o->kind, &kind, &error))
      || (chart = ws_bench_chart_read (csv, o->algorithm, kind, o->x, &warning, &error)) == NULL)
    return ws_cli_fail (error);
  if (warning != NULL)
    fprintf (stderr, "warpscope-cli: warning: %s\n", warning);
  if (!ws_plot_save (chart, o->output, o->width, o->height, &error))
    return ws_cli_fail (error);
  printf ("%s chart of %s written to %s\n", ws_chart_kind_name (kind), csv, o->output);
  return 0;
}

int
ws_cli_plot (int argc, char **argv)
{
  PlotOptions o = { .width = WS_PLOT_FILE_WIDTH, .height = WS_PLOT_FILE_HEIGHT };
  g_autoptr (GOptionContext) context = g_option_context_new ("RESULT — chart a benchmark's results (result.csv or result.json)");
  const GOptionEntry entries[] = {
    { "kind", 'k', 0, G_OPTION_ARG_STRING, &o.kind, "time (default), speedup, throughput or gflops", "KIND" },
    { "algorithm", 'a', 0, G_OPTION_ARG_STRING, &o.algorithm, "only this algorithm's rows (one the file has)", "NAME" },
    { "x", 'x', 0, G_OPTION_ARG_STRING, &o.x, "the x axis: n (default) or a parameter of the rows (radius, block, per-thread, …)", "PARAM" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o.output, "the file to write: .png, .svg or .pdf", "FILE" },
    { "width", 0, 0, G_OPTION_ARG_INT, &o.width, "width in pixels (default " G_STRINGIFY (WS_PLOT_FILE_WIDTH) ")", "W" },
    { "height", 0, 0, G_OPTION_ARG_INT, &o.height, "height in pixels (default " G_STRINGIFY (WS_PLOT_FILE_HEIGHT) ")", "H" },
    { NULL },
  };
  int status = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!ws_cli_parse_options (context, &argc, &argv, &status))
    return status;
  if (argc != 2 || o.output == NULL)
    {
      ws_cli_usage_error ("plot", "plot takes one RESULT (result.csv or result.json) and -o FILE");
      status = 2;
    }
  else
    status = plot (argv[1], &o);
  g_free (o.kind), g_free (o.algorithm), g_free (o.x), g_free (o.output);
  return status;
}
