/* ws-bench-page.h: the benchmark mode — timed CPU vs GPU comparisons run
 * from a shipped preset or a plan built by clicking, on a worker, their
 * rows arriving live in a table and a chart; results exported as CSV and
 * the chart as PNG, SVG or PDF; a result.csv from elsewhere opened and
 * plotted.
 *
 * The functions below are what the controls do; the tests drive the page
 * through them, without file dialogs. */
#pragma once

#include <gtk/gtk.h>

#include "ws-bench-report.h"
#include "ws-bench-table.h"
#include "ws-plot.h"

G_BEGIN_DECLS

#define WS_TYPE_BENCH_PAGE (ws_bench_page_get_type ())
G_DECLARE_FINAL_TYPE (WsBenchPage, ws_bench_page, WS, BENCH_PAGE, GtkBox)

GtkWidget    *ws_bench_page_new            (void);

/* A shipped preset by name ("smoke", "study-001"), or NULL for the plan the
 * controls build; FALSE when there is no such preset. */
gboolean      ws_bench_page_choose_preset  (WsBenchPage  *page,
                                            const char   *name);
/* A preset file from anywhere, checked, added to the list and chosen. */
gboolean      ws_bench_page_open_preset    (WsBenchPage  *page,
                                            const char   *path,
                                            GError      **error);
/* The sizes' controls, as typed: smallest, largest, step (× by default). */
void          ws_bench_page_set_sizes      (WsBenchPage  *page,
                                            const char   *from,
                                            const char   *to,
                                            const char   *step);
void          ws_bench_page_set_quick      (WsBenchPage  *page,
                                            gboolean      quick);
/* The "Cold L2 (GPU)" switch: the plan's cold setting (a chosen preset's
 * cold key sets it; the plan run takes it as it stands). */
void          ws_bench_page_set_cold       (WsBenchPage  *page,
                                            gboolean      cold);
gboolean      ws_bench_page_get_cold       (WsBenchPage  *page);
/* The folder under which each run gets its own (default: the user's data
 * folder, warpscope/runs). */
void          ws_bench_page_set_output_dir (WsBenchPage  *page,
                                            const char   *dir);
/* The controls' plan as the preset text it makes (what Run loads). */
char         *ws_bench_page_plan_text      (WsBenchPage  *page);

void          ws_bench_page_run            (WsBenchPage  *page);
void          ws_bench_page_cancel         (WsBenchPage  *page);
/* A run estimated past ten minutes waits, its dialog open, for the answer:
 * TRUE while it does; ws_bench_page_confirm gives the answer (what the
 * dialog's Run and Cancel buttons do). */
gboolean      ws_bench_page_confirming     (WsBenchPage  *page);
void          ws_bench_page_confirm        (WsBenchPage  *page,
                                            gboolean      run);
gboolean      ws_bench_page_running        (WsBenchPage  *page);
/* The last run's result.csv, or NULL. */
const char   *ws_bench_page_result_path    (WsBenchPage  *page);

/* Opens a result.csv on a worker thread (what Open Results… does): the
 * progress bar says how much is read, Cancel (ws_bench_page_cancel) stops
 * it, and at the end its rows replace those shown, the status line saying
 * which rows were left out (file:line and why). A second open replaces the
 * first; what an open returns after it was replaced or cancelled is
 * dropped. FALSE (error) when it cannot begin: a benchmark is running. */
gboolean      ws_bench_page_open           (WsBenchPage  *page,
                                            const char   *path,
                                            GError      **error);
/* TRUE while a result.csv is being read. */
gboolean      ws_bench_page_opening        (WsBenchPage  *page);
/* The same as ws_bench_page_open, read on this thread: for scripts and
 * tests that want the rows before going on. */
gboolean      ws_bench_page_open_csv       (WsBenchPage  *page,
                                            const char   *path,
                                            GError      **error);
/* Compare with…: puts a baseline run beside the results shown — its
 * folder, its result.json or result.csv (the samples beside it), or a
 * samples.csv — read and compared on a worker thread as `warpscope-cli
 * compare` compares (ws-compare-runs.h, at its default 5% threshold). Set,
 * the table gains the Baseline, Ratio and vs Baseline columns (and a
 * dimmed row for each configuration of the baseline alone), the chart the
 * baseline's series dashed, and a bar over the table names it ("Compared
 * with: base · 12 shared configurations") with Clear Baseline; results
 * shown later (opened, or a run once it ends) are compared with it in
 * turn. A file that cannot be a baseline, or one sharing no configuration
 * with the results shown, is said in the status line (and a toast), the
 * results and any baseline before it kept. A second call replaces the
 * first; what a replaced or cleared one returns is dropped. TRUE: it
 * began. */
gboolean      ws_bench_page_set_baseline   (WsBenchPage  *page,
                                            const char   *path,
                                            GError      **error);
void          ws_bench_page_clear_baseline (WsBenchPage  *page);
/* TRUE while a baseline is read or the results compared with it. */
gboolean      ws_bench_page_comparing      (WsBenchPage  *page);
/* The bar's words ("Compared with: base · 12 shared configurations"), or
 * NULL while no baseline is set. */
const char   *ws_bench_page_baseline_text  (WsBenchPage  *page);
gboolean      ws_bench_page_export_csv     (WsBenchPage  *page,
                                            const char   *path,
                                            GError      **error);
gboolean      ws_bench_page_export_plot    (WsBenchPage  *page,
                                            const char   *path,
                                            GError      **error);

void          ws_bench_page_set_chart      (WsBenchPage  *page,
                                            WsChartKind   kind);
const char   *ws_bench_page_status_text    (WsBenchPage  *page);
/* What the plan panel says of results opened from a file (they are not
 * the plan's), or NULL while the results shown are a run's or none. */
const char   *ws_bench_page_source_text    (WsBenchPage  *page);
WsBenchTable *ws_bench_page_table          (WsBenchPage  *page);
/* The chart shown, or NULL before there are rows. */
WsPlot       *ws_bench_page_plot           (WsBenchPage  *page);
GtkWidget    *ws_bench_page_plot_view      (WsBenchPage  *page);

G_END_DECLS
