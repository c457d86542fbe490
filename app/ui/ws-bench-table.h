/* ws-bench-table.h: the benchmark panel's results — result.csv rows in a
 * sortable column view, added one by one as a run delivers them or all at
 * once from an opened file.
 *
 * Columns (ids): "configuration", "median", "spread" (the standard
 * deviation; the median's confidence interval, at the row's ci_level, as
 * its tooltip), "speedup" (with
 * its interval; the baseline as its tooltip), "elements", "gbps", "peak",
 * "gflops", "verdict" (status and message), and against a baseline
 * "baseline-median", "ratio" and "comparison" (below). Failed and error rows are
 * drawn in the theme's error colour, unavailable and skipped rows dimmed.
 * A number missing from the row (NAN) leaves its cell empty. Every column
 * sorts by its underlying value; missing numbers count as larger than any
 * other, so they gather at one end (the end, ascending; the start,
 * descending, as GtkColumnView inverts the sorter). */
#pragma once

#include <gtk/gtk.h>

#include "ws-bench-item.h"
#include "ws-compare-runs.h"
#include "ws-csv.h"

G_BEGIN_DECLS

#define WS_TYPE_BENCH_TABLE (ws_bench_table_get_type ())
G_DECLARE_FINAL_TYPE (WsBenchTable, ws_bench_table, WS, BENCH_TABLE, GtkWidget)

GtkWidget   *ws_bench_table_new       (void);
/* Removes every row. */
void         ws_bench_table_clear     (WsBenchTable     *table);
/* Appends row r of a table with result.csv's columns (copied: csv may be
 * freed after); the row takes its place in the current sort order. */
void         ws_bench_table_add       (WsBenchTable     *table,
                                       const WsCsvTable *csv,
                                       guint             r);
/* Appends rows from r to the end at once: a file of many thousand rows,
 * added one by one, had the list models redo their work per row (minutes
 * at 80 000 rows). */
void         ws_bench_table_add_from  (WsBenchTable     *table,
                                       const WsCsvTable *csv,
                                       guint             r);
guint        ws_bench_table_n_rows    (WsBenchTable     *table);
/* The row shown at position (after sorting); transfer none. */
WsBenchItem *ws_bench_table_get       (WsBenchTable     *table,
                                       guint             position);
/* Sorts as a click on the column's header does. */
void         ws_bench_table_sort      (WsBenchTable     *table,
                                       const char       *column_id,
                                       GtkSortType       order);
/* The text the cell at position in that column shows. */
char        *ws_bench_table_cell_text (WsBenchTable     *table,
                                       guint             position,
                                       const char       *column_id);
/* TRUE where the row at position is marked as failed (the "error" class:
 * status failed or error). */
gboolean     ws_bench_table_row_marked (WsBenchTable    *table,
                                        guint            position);

/* Compare with…: the columns "baseline-median" (the baseline's median),
 * "ratio" (new/base with its interval) and "comparison" (the verdict —
 * SAME, FASTER in the theme's success colour, SLOWER in error's, UNCLEAR
 * in warning's, bold — or "not in baseline", "only in baseline", dimmed),
 * shown while a baseline is set. */
void         ws_bench_table_show_baseline  (WsBenchTable        *table,
                                            gboolean             shown);
gboolean     ws_bench_table_column_shown   (WsBenchTable        *table,
                                            const char          *column_id);
/* Each row's place against the baseline by its key: compared (runs' pair),
 * measured here only, or there only (its median from baseline, the
 * baseline's rows); and a row of its own, dimmed, for each configuration
 * of the baseline alone that the table has no row of. runs NULL: no row
 * compared, the baseline's own rows gone. Rows added later are not
 * compared: new results come after ws_bench_table_clear. */
void         ws_bench_table_set_comparison (WsBenchTable        *table,
                                            const WsCompareRuns *runs,
                                            const WsCsvTable    *baseline);
/* Whether the cell at position in that column carries css_class (its
 * row's mark, or a verdict's). */
gboolean     ws_bench_table_cell_has_class (WsBenchTable        *table,
                                            guint                position,
                                            const char          *column_id,
                                            const char          *css_class);

G_END_DECLS
