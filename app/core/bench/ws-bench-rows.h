/* ws-bench-rows.h: the rows of a result.csv as the charts and the table
 * read them — each column found by its name in the header (in any order),
 * the columns a chart needs checked, each row's values checked, and the
 * rows left out counted with the first one named — so that nonsense in a
 * file is said rather than drawn as an empty chart, and row by row, so
 * that a file of a million rows need not be held whole.
 */
#pragma once

#include <gio/gio.h>

#include "ws-csv.h"

G_BEGIN_DECLS

/* The columns the charts and the table read. */
typedef enum
{
  WS_BENCH_COL_ALGORITHM,
  WS_BENCH_COL_VARIANT,
  WS_BENCH_COL_N,
  WS_BENCH_COL_PARAMS,
  WS_BENCH_COL_STATUS,
  WS_BENCH_COL_TIMING,
  WS_BENCH_COL_BASELINE,
  WS_BENCH_COL_MEDIAN,
  WS_BENCH_COL_SD,
  WS_BENCH_COL_CI_LO,
  WS_BENCH_COL_CI_HI,
  WS_BENCH_COL_SPEEDUP,
  WS_BENCH_COL_SPEEDUP_LO,
  WS_BENCH_COL_SPEEDUP_HI,
  WS_BENCH_COL_GB_PER_S,
  WS_BENCH_COL_PEAK_SHARE,
  WS_BENCH_COL_GFLOP_PER_S,
  WS_BENCH_COL_CI_LEVEL,   /* the interval's coverage (3 samples: 0.75) */
  WS_BENCH_COL_DEVICE_INDEX, /* a GPU row's device; empty for the CPU, missing in files from before it */
  WS_BENCH_N_COLS,
} WsBenchCol;

typedef struct
{
  int at[WS_BENCH_N_COLS]; /* the column's index in the header; -1 when missing */
} WsBenchColumns;

/* The name a column has in result.csv ("median_s"). */
const char *ws_bench_col_name       (WsBenchCol col);
void        ws_bench_columns_find   (WsBenchColumns     *columns,
                                     const char *const  *header);
/* Whether the header has every column of needed (n of them); if not, a
 * WS_ERROR_PARSE error naming each one missing, where (path, or "the
 * results" for NULL) and what to do. */
gboolean    ws_bench_columns_check  (const WsBenchColumns *columns,
                                     const WsBenchCol     *needed,
                                     guint                 n,
                                     const char           *path,
                                     GError              **error);
/* A row's field; "" for a column the header lacks. */
const char *ws_bench_field          (const WsBenchColumns *columns,
                                     const char *const    *fields,
                                     WsBenchCol            col);
/* A field as a number; NAN when empty, missing or not a number. */
double      ws_bench_number         (const WsBenchColumns *columns,
                                     const char *const    *fields,
                                     WsBenchCol            col);

/* A field as messages quote it: at most 40 characters, then "…" (a
 * field may be a megabyte of nonsense). */
char       *ws_bench_field_shown    (const char           *text);

/* Why a row must be left out of every chart, or NULL when it need not:
 * its status is not one a benchmark writes, or it is ok and a value is not
 * what it must be — n a whole number ≥ 0; the median time, and (where
 * given: a baseline has no speedup, a CPU no share of a GPU's peak) the
 * other times, speedups and rates, finite numbers ≥ 0. In words for the user:
 * "median_s is “abc”, not a number". */
char       *ws_bench_row_fault      (const WsBenchColumns *columns,
                                     const char *const    *fields);

/* A row's numbers by column: NAN where empty, not a number, or not read. */
typedef struct
{
  double v[WS_BENCH_N_COLS];
} WsBenchValues;

/* ws_bench_row_fault, keeping the numbers it reads (each field is parsed
 * once: a million rows take long enough to parse): an ok row without a
 * fault has every number column in values; other rows have NANs there. */
char       *ws_bench_row_check      (const WsBenchColumns *columns,
                                     const char *const    *fields,
                                     WsBenchValues        *values);

/* An ok row without a fault: one that charts and tables show. */
gboolean    ws_bench_row_usable     (const WsBenchColumns *columns,
                                     const char *const    *fields);

/* The rows left out of a chart, counted, the first one named. */
typedef struct
{
  guint  count;
  guint  first_line;
  char  *first_why;
  guint  cut_line;   /* a final line cut short (an interrupted run), dropped; 0 for none */
} WsBenchLeftOut;

/* Counts one more; keeps why (taken) when it is the first. */
void        ws_bench_left_out_add      (WsBenchLeftOut       *left_out,
                                        guint                 line,
                                        char                 *why);
/* "2 rows left out as unreadable, the first result.csv:5: median_s is
 * “abc”, not a number ≥ 0", and the line cut short, as one sentence; NULL
 * when nothing was left out. */
char       *ws_bench_left_out_describe (const WsBenchLeftOut *left_out,
                                        const char           *path);
void        ws_bench_left_out_clear    (WsBenchLeftOut       *left_out);

/* Called from the reading thread, at most about a hundred times a file:
 * the share of its bytes read so far. */
typedef void (*WsBenchProgress) (double   fraction,
                                 gpointer data);

/* A whole result.csv for the application's table: read leniently (a final
 * line cut short is dropped), the columns the table and charts need
 * checked, every row checked (left_out counts those every chart leaves
 * out). Stops with WS_ERROR_CANCELLED when cancellable is cancelled. A
 * path ending in .json is read as a result.json (ws-bench-json.h) and its
 * rows checked the same way, at once: no progress, no cancel. */
WsCsvTable *ws_bench_results_read      (const char      *path,
                                        GCancellable    *cancellable,
                                        WsBenchProgress  progress,
                                        gpointer         data,
                                        WsBenchLeftOut  *left_out,
                                        GError         **error);

G_END_DECLS
