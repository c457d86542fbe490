/* ws-bench-report.h: what a benchmark's rows say — a line per row, the
 * console table of study 003 (median ± sd per size and implementation), and
 * the charts (time, speedup, throughput, GFLOP/s) built from result.csv,
 * for the CLI's `bench` and `plot` and for the application's panel.
 */
#pragma once

#include <stdio.h>

#include "ws-bench.h"
#include "ws-bench-rows.h"
#include "ws-csv.h"
#include "ws-plot.h"

G_BEGIN_DECLS

typedef enum
{
  WS_CHART_TIME,       /* median time vs x, log-log, the median's 95% CI as error bars */
  WS_CHART_SPEEDUP,    /* over the baseline, with its interval, and the line at 1 */
  WS_CHART_THROUGHPUT, /* effective GB/s, with the GPU's peak bandwidth */
  WS_CHART_GFLOPS,     /* study 001: GFLOP/s of the window sum */
} WsChartKind;

gboolean  ws_chart_kind_from_string (const char  *name,
                                     WsChartKind *out,
                                     GError     **error);
const char *ws_chart_kind_name      (WsChartKind  kind);

/* "1.23 ms", "456 µs", "2.5 s". */
char     *ws_format_seconds       (double seconds);

/* "bitonic gpu n=1024 #0: 1.23 ms ± 0.01 ms (20 samples), 14.7× over cpu-seq"
 * or the row's status and message. */
char     *ws_bench_row_summary    (const WsBenchRow *row);

/* Per algorithm: one line per size (and parameters), one column per
 * variant, "median ± sd"; several instances are averaged. */
void      ws_bench_report_table   (const WsCsvTable *table,
                                   FILE             *out);

/* A chart of the table's ok rows of one algorithm (NULL: all): x is n, or
 * a parameter ("radius", "block", "per-thread", …) with the other
 * parameters in the series names ("ALGO VARIANT [PARAMS]"). Instances of
 * one point are averaged (hashed: one lookup a row); their intervals
 * joined. Columns are found by name, in any order.
 *
 * Errors (a mistake is said, never drawn as an empty chart): a column the
 * kind needs is missing (WS_ERROR_PARSE, naming each one); the algorithm is
 * not one of the rows', or x not n nor a parameter of the algorithm's rows
 * (WS_ERROR_INVALID_ARGUMENT, listing those there are). Rows whose values
 * are not what a benchmark writes (ws_bench_row_fault: a median "abc", a
 * negative n) are left out.
 *
 * A speedup chart marks where each series overtakes the baseline: where,
 * in x order, its speedup first goes from below 1 to 1 or more, a vline
 * at the x where the segment drawn between those two points crosses 1
 * (ws_plot_add_series_crossing: interpolated on the scales the chart is
 * drawn with, log10 of x and of the speedup on log axes, and moved when
 * they change), labelled "SERIES ≥ 1× from n ≈ 12.3k" (the parameter's
 * name for a parameter's x, the x to 3 significant digits). A series
 * always above or always below 1 gets none; at most 4 lines, the first
 * series' in order. */
WsPlot   *ws_bench_chart          (const WsCsvTable *table,
                                   const char       *algorithm,
                                   WsChartKind       kind,
                                   const char       *x,
                                   GError          **error);

/* Compare with…: the series of a baseline's chart (ws_bench_chart of its
 * rows, the same algorithm, kind and x) added to plot, the chart of the
 * run shown — each "NAME (baseline)", dashed, in the colour and marker of
 * plot's series of the same name (a colour of its own where plot has
 * none), its points and intervals as they are. Only series: plot's own
 * reference lines and crossings are the chart's. */
void      ws_bench_chart_add_baseline (WsPlot           *plot,
                                       const WsPlot     *baseline);

/* The same chart straight from a result.csv, row by row: only its points
 * are held, so a file of a million rows charts in the memory of its points
 * (the CLI's `plot`). A path ending in .json is read as a result.json
 * (ws-bench-json.h), whole, its rows charted as result.csv's. The file is read leniently (a last line cut short by
 * an interrupted run is left out). Besides the errors above, a chart with
 * no point is one, saying why (WS_ERROR_INVALID_ARGUMENT). *warning (free
 * it) counts the rows left out and names the first (file:line and why:
 * ws_bench_row_fault), or is NULL when none was. */
WsPlot   *ws_bench_chart_read     (const char       *path,
                                   const char       *algorithm,
                                   WsChartKind       kind,
                                   const char       *x,
                                   char            **warning,
                                   GError          **error);

/* The charts a finished run gets in dir, per algorithm, as PNG and SVG:
 * ALGO-time, ALGO-speedup, ALGO-throughput; for window sums, GFLOP/s
 * against N and against each parameter the preset varies (study 001's
 * charts). */
gboolean  ws_bench_report_plots   (const WsCsvTable *table,
                                   const char       *dir,
                                   const WsPreset   *preset,
                                   GError          **error);

G_END_DECLS
