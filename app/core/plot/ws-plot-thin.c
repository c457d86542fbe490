/* ws-plot-thin.c: series denser than pixels (see ws-plot-thin.h). */
#include "ws-plot-thin.h"

#include <math.h>
#include <stdlib.h>

/* A device pixel in user units when the series has more points than the
 * area has pixels across; else 0. */
static double
dense_step (const WsPlotFrame *f,
            const GArray      *spots)
{
  double dx = 1, dy = 0;

  cairo_device_to_user_distance (f->cr, &dx, &dy);
  dx = fabs (dx);
  return dx > 0 && spots->len > f->area.w / dx ? dx : 0;
}

void
ws_plot_thin_init (WsPlotThin        *t,
                   const WsPlotFrame *f,
                   const GArray      *spots)
{
  t->step = dense_step (f, spots);
  t->column = G_MININT64;
  t->seen = t->step > 0 ? g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) : NULL;
}

static gint64
cell (double v,
      double step)
{
  return (gint64) floor (v / step);
}

gboolean
ws_plot_thin_keep (WsPlotThin *t,
                   double      x,
                   double      a,
                   double      b)
{
  gint64 column;
  guint64 mark;

  if (t->step <= 0)
    return TRUE;
  column = cell (x, t->step);
  if (column != t->column)
    {
      g_hash_table_remove_all (t->seen);
      t->column = column;
    }
  /* Pixel rows fit 32 bits many times over: both ends in one key. */
  mark = (guint64) (guint32) cell (a, t->step) << 32 | (guint32) cell (b, t->step);
  if (g_hash_table_contains (t->seen, &mark))
    return FALSE;
  g_hash_table_add (t->seen, g_memdup2 (&mark, sizeof mark));
  return TRUE;
}

void
ws_plot_thin_clear (WsPlotThin *t)
{
  g_clear_pointer (&t->seen, g_hash_table_unref);
}

/* One pixel column of the line: its first, lowest, highest and last
 * vertex, in x order. */
typedef struct
{
  gint64 column;
  guint  first, low, high, last;
} Column;

static int
compare_guint (gconstpointer a,
               gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return (x > y) - (x < y);
}

static void
column_draw (const WsPlotFrame *f,
             const GArray      *spots,
             const Column      *c)
{
  guint k[4] = { c->first, c->low, c->high, c->last };

  qsort (k, 4, sizeof k[0], compare_guint);
  for (guint i = 0; i < 4; i++)
    if (i == 0 || k[i] != k[i - 1])
      {
        const WsPlotSpot *s = &g_array_index (spots, WsPlotSpot, k[i]);
        cairo_line_to (f->cr, s->x, s->y);
      }
}

static void
column_add (Column       *c,
            const GArray *spots,
            guint         k)
{
  double y = g_array_index (spots, WsPlotSpot, k).y;

  if (y < g_array_index (spots, WsPlotSpot, c->low).y)
    c->low = k;
  if (y > g_array_index (spots, WsPlotSpot, c->high).y)
    c->high = k;
  c->last = k;
}

void
ws_plot_thin_line (const WsPlotFrame *f,
                   const GArray      *spots)
{
  double step = dense_step (f, spots);
  Column c = { G_MININT64, 0, 0, 0, 0 };

  for (guint k = 0; k < spots->len; k++)
    {
      const WsPlotSpot *s = &g_array_index (spots, WsPlotSpot, k);
      gint64 column = step > 0 ? cell (s->x, step) : (gint64) k; /* ordinary: a column a vertex */
      if (column == c.column)
        {
          column_add (&c, spots, k);
          continue;
        }
      if (k > 0)
        column_draw (f, spots, &c);
      c = (Column) { column, k, k, k, k };
    }
  if (spots->len > 0)
    column_draw (f, spots, &c);
}
