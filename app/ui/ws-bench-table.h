/* ws-bench-table.h: the benchmark panel's results — result.csv rows in a
 * sortable column view, added one by one as a run delivers them or all at
 * once from an opened file.
 *
 * Columns (ids): "configuration", "median", "spread" (the standard
 * deviation; the median's confidence interval, at the row's ci_level, as
 * its tooltip), "speedup" (with
 * its interval; the baseline as its tooltip), "elements", "gbps", "peak",
 * "gflops", "verdict" (status and message). Failed and error rows are
 * drawn in the theme's error colour, unavailable and skipped rows dimmed.
 * A number missing from the row (NAN) leaves its cell empty. Every column
 * sorts by its underlying value; missing numbers count as larger than any
 * other, so they gather at one end (the end, ascending; the start,
 * descending, as GtkColumnView inverts the sorter). */
#pragma once

#include <gtk/gtk.h>

#include "ws-bench-item.h"
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

G_END_DECLS
