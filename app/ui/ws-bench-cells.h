/* ws-bench-cells.h: what the benchmark table's cells show of a row — each
 * column's id and title, a cell's text, tooltip and marks (CSS classes),
 * and the order a column sorts rows in. The table (ws-bench-table.c) makes
 * a column of each and binds its cells through these. */
#pragma once

#include <gtk/gtk.h>

#include "ws-bench-item.h"

G_BEGIN_DECLS

enum
{
  WS_BENCH_COLUMN_NUMERIC = 1 << 0,   /* right-aligned, tabular figures */
  WS_BENCH_COLUMN_EXPAND = 1 << 1,    /* takes the width left over */
  WS_BENCH_COLUMN_ELLIPSIZE = 1 << 2, /* long text ends in "…"; the tooltip has it all */
  WS_BENCH_COLUMN_BASELINE = 1 << 3,  /* shown while a baseline is (Compare with…) */
};

typedef struct
{
  const char        *id;
  const char        *title;
  char            *(*text)    (WsBenchItem *item);
  char            *(*tooltip) (WsBenchItem *item);                  /* NULL: none */
  int              (*compare) (WsBenchItem *a, WsBenchItem *b);      /* NULL: by number */
  WsBenchItemNumber  number;
  guint              flags;
  void             (*mark)    (GtkWidget *label, WsBenchItem *item); /* the cell's own classes */
} WsBenchColumn;

/* How many columns there are (ws_bench_columns's n). */
#define WS_BENCH_N_COLUMNS 12

/* The columns, in the order shown. */
const WsBenchColumn *ws_bench_columns        (guint               *n);
/* The index of the column with that id, or -1. */
int                  ws_bench_column_index   (const char          *id);
/* The column's order of two rows (its compare, else by its number, a
 * missing one larger than any other). */
int                  ws_bench_column_compare (const WsBenchColumn *column,
                                              WsBenchItem         *a,
                                              WsBenchItem         *b);
/* A label for the column's cells (alignment, ellipsis, tabular figures). */
GtkWidget           *ws_bench_cell_new       (const WsBenchColumn *column);
/* The label's classes for item in column: its row's mark (failed rows
 * "error", a baseline's own row "dim-label") and the cell's own (a
 * verdict's); item NULL takes every mark off (a cell unbound). */
void                 ws_bench_cell_mark      (GtkWidget           *label,
                                              const WsBenchColumn *column,
                                              WsBenchItem         *item);
/* Whether the row is marked as failed (status failed or error). */
gboolean             ws_bench_row_failed     (WsBenchItem         *item);

G_END_DECLS
