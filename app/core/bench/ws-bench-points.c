/* ws-bench-points.c: distinct names and averaged points, hashed (see
 * ws-bench-points.h). */
#include "ws-bench-points.h"

#include <math.h>

void
ws_names_init (WsNames *n)
{
  n->set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  n->order = g_ptr_array_new ();
}

void
ws_names_clear (WsNames *n)
{
  g_clear_pointer (&n->order, g_ptr_array_unref);
  g_clear_pointer (&n->set, g_hash_table_unref);
}

const char *
ws_names_add (WsNames *n, const char *name)
{
  char *have = g_hash_table_lookup (n->set, name);

  if (have == NULL)
    {
      have = g_strdup (name);
      g_hash_table_add (n->set, have);
      g_ptr_array_add (n->order, have);
    }
  return have;
}

gboolean
ws_names_has (const WsNames *n, const char *name)
{
  return g_hash_table_contains (n->set, name);
}

/* A list a reader takes in: a file may hold thousands of names. */
#define LIST_MOST 12

char *
ws_names_list (const WsNames *n, const char *first)
{
  g_autoptr (GString) s = g_string_new (first);
  guint shown = MIN (n->order->len, LIST_MOST), count = shown + (first != NULL);

  for (guint i = 0; i < shown; i++)
    {
      guint at = i + (first != NULL);
      g_autofree char *name = ws_bench_field_shown (n->order->pdata[i]);
      g_string_append_printf (s, "%s%s", at == 0 ? "" : at + 1 == count && shown == n->order->len
                                                          ? " or " : ", ", name);
    }
  if (shown < n->order->len)
    g_string_append_printf (s, " and %u more", n->order->len - shown);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* Names are pooled: their pointers say which they are. */
static guint
point_hash (gconstpointer data)
{
  const WsPoint *p = data;

  return g_direct_hash (p->series) * 31u + g_direct_hash (p->row) * 17u + g_double_hash (&p->x);
}

static gboolean
point_equal (gconstpointer a, gconstpointer b)
{
  const WsPoint *p = a, *q = b;

  return p->series == q->series && p->row == q->row && p->x == q->x;
}

void
ws_points_init (WsPoints *p)
{
  p->set = g_hash_table_new (point_hash, point_equal);
  p->order = g_ptr_array_new_with_free_func (g_free);
}

void
ws_points_clear (WsPoints *p)
{
  g_clear_pointer (&p->set, g_hash_table_unref);
  g_clear_pointer (&p->order, g_ptr_array_unref);
}

WsPoint *
ws_points_find (const WsPoints *p, const char *series, const char *row, double x)
{
  WsPoint key = { series, row, x == 0 ? 0.0 : x }; /* -0 equals 0 but hashes apart */

  return g_hash_table_lookup (p->set, &key);
}

WsPoint *
ws_points_get (WsPoints *p, const char *series, const char *row, double x)
{
  WsPoint *pt = ws_points_find (p, series, row, x);

  if (pt != NULL)
    return pt;
  pt = g_new0 (WsPoint, 1);
  pt->series = series, pt->row = row, pt->x = x == 0 ? 0.0 : x;
  pt->lo = INFINITY, pt->hi = -INFINITY;
  g_hash_table_add (p->set, pt);
  g_ptr_array_add (p->order, pt);
  return pt;
}

void
ws_point_add (WsPoint *p, double y, double spread, double lo, double hi)
{
  p->sum += y;
  p->sq += spread * spread;
  p->count++;
  if (isfinite (lo))
    p->lo = MIN (p->lo, lo);
  if (isfinite (hi))
    p->hi = MAX (p->hi, hi);
}

double
ws_point_mean (const WsPoint *p)
{
  return p->sum / p->count;
}
