/* ws-bench-points.h: what the console table and the charts of benchmark
 * results (ws-bench-report.c, ws-bench-chart-rows.c) gather rows into —
 * distinct names in the order the rows gave them, and points averaged
 * over the instances of a configuration — each found by hashing, so that
 * a file of a million rows, each a point of its own, takes a lookup a row
 * rather than a search through every point before it. Private to core.
 */
#pragma once

#include <glib.h>

#include "ws-bench-rows.h"

G_BEGIN_DECLS

/* A row's field and number by column (ws-bench-rows.h), briefly. */
#define WS_FIELD(c, f, col)  ws_bench_field ((c), (f), WS_BENCH_COL_##col)
#define WS_NUMBER(c, f, col) ws_bench_number ((c), (f), WS_BENCH_COL_##col)

/* One pooled copy per distinct name, so that points compare names by
 * pointer; order holds them as they first came. */
typedef struct
{
  GHashTable *set;   /* char * (owned) */
  GPtrArray  *order;
} WsNames;

void        ws_names_init  (WsNames       *names);
void        ws_names_clear (WsNames       *names);
/* The pooled copy of name, added when new. */
const char *ws_names_add   (WsNames       *names,
                            const char    *name);
gboolean    ws_names_has   (const WsNames *names,
                            const char    *name);
/* "first, a, b or c" (first may be NULL), for the choices a message lists. */
char       *ws_names_list  (const WsNames *names,
                            const char    *first);

/* One point of a chart or one cell of the table: the instances of a
 * configuration averaged, their intervals joined. */
typedef struct
{
  const char *series;  /* pooled: chart series, or table column */
  const char *row;     /* pooled table row label; NULL for charts */
  double      x;
  double      sum, sq, lo, hi;
  guint       count;
} WsPoint;

/* A point per (series, row, x). */
typedef struct
{
  GHashTable *set;   /* WsPoint *, not owned */
  GPtrArray  *order; /* WsPoint * (owned), first appearance first */
} WsPoints;

void        ws_points_init  (WsPoints       *points);
void        ws_points_clear (WsPoints       *points);
/* The point, or NULL. series and row are pooled names. */
WsPoint    *ws_points_find  (const WsPoints *points,
                             const char     *series,
                             const char     *row,
                             double          x);
/* The point, made (with no value yet) when new. */
WsPoint    *ws_points_get   (WsPoints       *points,
                             const char     *series,
                             const char     *row,
                             double          x);
/* One more instance: its value, spread (averaged as a variance) and
 * interval (joined; NAN for none). */
void        ws_point_add    (WsPoint        *point,
                             double          y,
                             double          spread,
                             double          lo,
                             double          hi);
double      ws_point_mean   (const WsPoint  *point);

G_END_DECLS
