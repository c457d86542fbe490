/* ws-array.h: a typed host array of int32 or float32 keys.
 *
 * The engine passes WsArray everywhere a list of keys travels: generators
 * fill it, files load into it, algorithms sort or scan it in place or into a
 * second one. Allocation never aborts: a size that cannot be had is a
 * WS_ERROR_NO_MEMORY that names the size.
 */
#pragma once

#include <glib.h>

#include "ws-types.h"

G_BEGIN_DECLS

typedef struct
{
  WsKeyType type;
  gsize     n;
  union
  {
    gpointer data;
    gint32  *i32;
    gfloat  *f32;
  };
} WsArray;

WsArray  *ws_array_new        (WsKeyType     type,
                               gsize         n,
                               GError      **error);
WsArray  *ws_array_copy       (const WsArray *array,
                               GError      **error);
void      ws_array_free       (WsArray      *array);
gsize     ws_array_bytes      (const WsArray *array);
gboolean  ws_array_equal      (const WsArray *a,
                               const WsArray *b);
/* The first index of [from, to) where a and b hold different values, as
 * keys compare (-0.0 equals +0.0), or G_MAXSIZE; both hold at least `to`. */
gsize     ws_array_first_difference (const WsArray *a,
                                     const WsArray *b,
                                     gsize          from,
                                     gsize          to);
/* Orders two doubles, for qsort and g_array_sort (NaN-free). */
int       ws_compare_doubles  (const void    *a,
                               const void    *b);
/* Value of element i widened to double (int32 converts exactly). */
double    ws_array_get_double (const WsArray *array,
                               gsize          i);

/* Allocate n elements of elem_size bytes, or report which size failed. */
gpointer  ws_try_alloc        (gsize         n,
                               gsize         elem_size,
                               const char   *what,
                               GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsArray, ws_array_free)

G_END_DECLS
