/* ws-bench-page-private.h: what the benchmark page's files share
 * (ws-bench-page.c: the run, the results and the files; ws-bench-chart.c:
 * the chart; ws-bench-plan.c: the plan — presets and the controls that
 * build one; ws-bench-open.c: opening a result.csv on a worker;
 * ws-bench-compare.c: Compare with…, a baseline beside the results). */
#pragma once

#include "ws-bench-job.h"
#include "ws-bench-page.h"
#include "ws-bench-rows.h"
#include "ws-compare-runs.h"
#include "ws-csv.h"
#include "ws-plot-view.h"
#include "ws-preset.h"
#include "ws-registry.h"

G_BEGIN_DECLS

/* A baseline as read (ws-bench-compare.c). */
typedef struct _WsBenchBaseline WsBenchBaseline;

/* The parameter grids the controls offer: study 001's R, BS, K; study
 * 004's p. */
enum { GRID_RADIUS, GRID_BLOCK, GRID_PER_THREAD, GRID_SEGMENTS, N_GRIDS };

struct _WsBenchPage
{
  GtkBox           parent_instance;

  /* The template's. */
  WsPlotView      *plot_view;
  WsBenchTable    *table;
  GtkDropDown     *chart_kind, *chart_algorithm, *chart_x, *preset;
  GtkToggleButton *log_x, *log_y;
  GtkButton       *export_plot_button, *open_button, *export_csv_button;
  GtkButton       *run_button, *cancel_button, *open_preset_button;
  GtkLabel        *rows_label, *preset_label, *source_label, *status_label;
  GtkCheckButton  *quick;
  GtkSwitch       *cold;
  GtkBox          *custom_box;
  GtkFlowBox      *algorithms_box, *variants_box;
  GtkGrid         *form_grid;
  GtkProgressBar  *progress;

  /* The plan's controls, made by ws-bench-plan.c. */
  GPtrArray       *algorithm_checks;  /* GtkCheckButton *, registry order */
  GtkCheckButton  *variant_checks[WS_N_VARIANTS];
  GtkEntry        *size_from, *size_to, *size_step;
  GtkDropDown     *step_kind, *rep_kind, *distribution, *key_type, *baseline;
  GtkSpinButton   *repetitions, *budget;
  GtkCheckButton  *verify;
  GtkEntry        *grids[N_GRIDS];
  GtkDropDown     *devices;           /* "All (N GPUs)", each GPU; shown with more than one */
  GPtrArray       *preset_paths;      /* char *, the dropdown's items after "Custom plan" */

  /* The results and the run. */
  WsCsvTable      *results;           /* every row shown, in arrival order */
  char            *results_name;      /* what they are: a run's folder or an opened file */
  WsBenchJob      *job;               /* the run going on, or NULL */
  GtkWindow       *confirm_dialog;    /* asking whether to run a long plan, or NULL */
  char            *output_dir;
  char            *result_path;       /* the last run's result.csv, in a folder of its own */
  guint            chart_idle;        /* a chart rebuild is due */
  GCancellable    *opening;           /* a result.csv being read (ws-bench-open.c), or NULL */
  guint            open_generation;   /* the open whose result is awaited; older ones are dropped */

  /* Compare with… (ws-bench-compare.c). */
  GtkButton       *compare_button, *clear_baseline_button;
  GtkBox          *baseline_bar;
  GtkLabel        *baseline_label;
  WsBenchBaseline *base_run;          /* the baseline set (Compare with…), or NULL */
  WsCompareRuns   *comparison;        /* the results shown against it, or NULL */
  char            *comparison_note;   /* why there is none (no samples here), or NULL */
  GCancellable    *comparing;         /* a baseline read or a compare under way, or NULL */
  guint            compare_generation; /* the compare awaited; older ones are dropped */
  guint            results_serial;    /* moves when the results shown change */
};

/* ws-bench-chart.c */
/* No chart, and no choices but n: new results are coming. */
void      ws_bench_chart_reset       (WsBenchPage *page);
/* Rows from r on are new in page->results. */
void      ws_bench_chart_rows_arrived (WsBenchPage *page,
                                       guint        r);
/* A rebuild that is due happens now (the run ended, the page goes). */
void      ws_bench_chart_flush       (WsBenchPage *page);
void      ws_bench_chart_connect     (WsBenchPage *page);
/* The chart made again as it stands (a baseline set or cleared). */
void      ws_bench_chart_refresh     (WsBenchPage *page);

/* ws-bench-results.c, for ws-bench-page.c and ws-bench-open.c */
/* Takes table: its rows in the table and the chart, name in the rows line. */
void      ws_bench_page_show_results (WsBenchPage *page,
                                      WsCsvTable  *table,
                                      const char  *name);
/* Empties the table and the chart for new results (table taken, or NULL). */
void      ws_bench_page_reset_results (WsBenchPage *page,
                                       WsCsvTable  *table,
                                       const char  *name);
/* Rows from r on are new: into the table, the choices and the chart. */
void      ws_bench_page_rows_arrived (WsBenchPage *page,
                                      guint        r);
/* Run and Open off, Cancel on: for a run, or results being read. */
void      ws_bench_page_set_busy     (WsBenchPage *page,
                                      gboolean     busy);

/* ws-bench-open.c */
/* Stops the open under way and says so: TRUE; FALSE when there is none. */
gboolean  ws_bench_page_cancel_open  (WsBenchPage *page);

/* ws-bench-compare.c */
/* The baseline's rows (its series on the chart), or NULL without one. */
const WsCsvTable *ws_bench_page_baseline_rows   (WsBenchPage *page);
/* The results shown were emptied for new ones: their comparison goes. */
void      ws_bench_compare_results_reset (WsBenchPage *page);
/* The results shown are whole (opened, or their run ended): compared with
 * the baseline, if one is set. */
void      ws_bench_compare_results_whole (WsBenchPage *page);
/* The bar says again how the comparison stands (a run began or ended). */
void      ws_bench_compare_show_state (WsBenchPage *page);
void      ws_bench_compare_dispose   (WsBenchPage *page);

/* ws-bench-plan.c */
void      ws_bench_page_build_form   (WsBenchPage *page);
void      ws_bench_page_list_presets (WsBenchPage *page);
void      ws_bench_page_show_preset  (WsBenchPage *page);
/* The plan to run: the chosen preset or the controls', made quick if asked. */
WsPreset *ws_bench_page_make_preset  (WsBenchPage *page,
                                      GError     **error);

G_END_DECLS
