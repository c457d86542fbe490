/* ws-bench-item.h: one row of result.csv as a GObject — what the benchmark
 * table lists, sorts and binds its cells to.
 *
 * An item copies what it shows from its WsCsvTable row when it is made, so
 * the table may be freed (or grow) after. Numbers are NAN where the row's
 * field is empty: an unavailable variant has no median, a row without a
 * baseline no speedup. Every property is read-only. */
#pragma once

#include <glib-object.h>

#include "ws-compare-runs.h"
#include "ws-csv.h"

G_BEGIN_DECLS

/* The item's numbers, in the order of their properties. */
typedef enum
{
  WS_BENCH_ITEM_MEDIAN,          /* "median": seconds */
  WS_BENCH_ITEM_SD,              /* "sd": seconds */
  WS_BENCH_ITEM_CI_LO,           /* "ci-lo": the median's interval, seconds */
  WS_BENCH_ITEM_CI_HI,           /* "ci-hi" */
  WS_BENCH_ITEM_CI_LEVEL,        /* "ci-level": of that interval, 0 … 1 */
  WS_BENCH_ITEM_SPEEDUP,         /* "speedup": over the row's baseline */
  WS_BENCH_ITEM_SPEEDUP_LO,      /* "speedup-lo" */
  WS_BENCH_ITEM_SPEEDUP_HI,      /* "speedup-hi" */
  WS_BENCH_ITEM_ELEMENTS_PER_S,  /* "elements-per-s" */
  WS_BENCH_ITEM_GB_PER_S,        /* "gb-per-s" */
  WS_BENCH_ITEM_PEAK_SHARE,      /* "peak-share": of the device's bandwidth, 0 … 1 */
  WS_BENCH_ITEM_GFLOP_PER_S,     /* "gflop-per-s" */
  WS_BENCH_ITEM_N_NUMBERS
} WsBenchItemNumber;

/* Where a row stands against the baseline of Compare with…. */
typedef enum
{
  WS_BENCH_ITEM_UNCOMPARED,       /* no baseline, or no samples of it here */
  WS_BENCH_ITEM_COMPARED,         /* in both runs: the comparison holds */
  WS_BENCH_ITEM_NOT_IN_BASELINE,  /* measured here, not in the baseline */
  WS_BENCH_ITEM_ONLY_IN_BASELINE, /* measured in the baseline alone */
} WsBenchItemSide;

#define WS_TYPE_BENCH_ITEM (ws_bench_item_get_type ())
G_DECLARE_FINAL_TYPE (WsBenchItem, ws_bench_item, WS, BENCH_ITEM, GObject)

/* Row r of a table with result.csv's columns (ws_bench_csv_columns); a
 * missing column reads as an empty field. */
WsBenchItem *ws_bench_item_new                (const WsCsvTable  *table,
                                               guint              r);
/* A configuration of a baseline that the results shown do not have: row r
 * of the baseline's table named as ws_bench_item_new names it, with no
 * status and no figures of its own, ONLY_IN_BASELINE with the baseline's
 * median. */
WsBenchItem *ws_bench_item_new_baseline_only  (const WsCsvTable  *baseline,
                                               guint              r);
/* Whether the item is such a row of the baseline's, not of the results. */
gboolean     ws_bench_item_is_baseline_only   (WsBenchItem       *item);

/* "bitonic gpu n=1048576 radius=2": algorithm, variant, size and the
 * parameters, with " #k" for instance k > 0. */
const char  *ws_bench_item_get_configuration  (WsBenchItem       *item);
const char  *ws_bench_item_get_algorithm      (WsBenchItem       *item);
const char  *ws_bench_item_get_variant        (WsBenchItem       *item);
/* The variant the speedup is over ("cpu-seq"), "" when none. */
const char  *ws_bench_item_get_baseline       (WsBenchItem       *item);
/* "ok", "failed", "unavailable", "error" or "skipped". */
const char  *ws_bench_item_get_status         (WsBenchItem       *item);
/* Why a row is not ok; "" for most ok rows. */
const char  *ws_bench_item_get_message        (WsBenchItem       *item);
guint64      ws_bench_item_get_n              (WsBenchItem       *item);
/* The configuration's key (result.csv's key column): what compare pairs
 * rows by. */
const char  *ws_bench_item_get_key            (WsBenchItem       *item);

/* Its place against a baseline: side; for COMPARED the comparison
 * (copied), else NULL; base_median the baseline's median (NAN where it
 * has none). What the table's comparison columns show. */
void         ws_bench_item_set_comparison     (WsBenchItem        *item,
                                               WsBenchItemSide     side,
                                               const WsComparison *comparison,
                                               double              base_median);
WsBenchItemSide ws_bench_item_get_side        (WsBenchItem       *item);
/* NULL unless COMPARED. */
const WsComparison *ws_bench_item_get_comparison (WsBenchItem    *item);
double       ws_bench_item_get_base_median    (WsBenchItem       *item);

/* Any number by its index: what the table's sorters compare. */
double       ws_bench_item_get_number         (WsBenchItem       *item,
                                               WsBenchItemNumber  which);
double       ws_bench_item_get_median         (WsBenchItem       *item);
double       ws_bench_item_get_sd             (WsBenchItem       *item);
double       ws_bench_item_get_ci_lo          (WsBenchItem       *item);
double       ws_bench_item_get_ci_hi          (WsBenchItem       *item);
double       ws_bench_item_get_ci_level       (WsBenchItem       *item);
double       ws_bench_item_get_speedup        (WsBenchItem       *item);
double       ws_bench_item_get_speedup_lo     (WsBenchItem       *item);
double       ws_bench_item_get_speedup_hi     (WsBenchItem       *item);
double       ws_bench_item_get_elements_per_s (WsBenchItem       *item);
double       ws_bench_item_get_gb_per_s       (WsBenchItem       *item);
double       ws_bench_item_get_peak_share     (WsBenchItem       *item);
double       ws_bench_item_get_gflop_per_s    (WsBenchItem       *item);

/* Places each of items (the results' rows, WsBenchItem *) against a
 * baseline by its key: COMPARED with runs' pair, NOT_IN_BASELINE, or
 * ONLY_IN_BASELINE with its median from baseline (the baseline's rows);
 * then appends a baseline-only item for each configuration of the
 * baseline alone that items have no row of (where baseline has its row).
 * runs NULL: every item UNCOMPARED. */
void         ws_bench_items_compare           (GPtrArray           *items,
                                               const WsCompareRuns *runs,
                                               const WsCsvTable    *baseline);

G_END_DECLS
