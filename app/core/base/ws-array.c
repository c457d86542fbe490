/* ws-array.c: typed host arrays that never abort on allocation. */
#include "ws-array.h"

#include <string.h>

#include "ws-error.h"

gpointer
ws_try_alloc (gsize       n,
              gsize       elem_size,
              const char *what,
              GError    **error)
{
  gsize bytes;
  gpointer mem;

  if (n == 0)
    return g_malloc0 (1); /* a valid pointer for empty arrays */
  if (!g_size_checked_mul (&bytes, n, elem_size))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_NO_MEMORY,
                   "Cannot allocate %s: %" G_GSIZE_FORMAT " elements of %" G_GSIZE_FORMAT
                   " bytes exceed the address space; choose a smaller size",
                   what, n, elem_size);
      return NULL;
    }
  mem = g_try_malloc0 (bytes);
  if (mem == NULL)
    {
      g_autofree char *human = g_format_size_full (bytes, G_FORMAT_SIZE_IEC_UNITS);
      g_set_error (error, WS_ERROR, WS_ERROR_NO_MEMORY,
                   "Cannot allocate %s: %s (%" G_GSIZE_FORMAT " elements) is more memory "
                   "than this machine can give; choose a smaller size",
                   what, human, n);
    }
  return mem;
}

WsArray *
ws_array_new (WsKeyType type,
              gsize     n,
              GError  **error)
{
  gpointer data = ws_try_alloc (n, ws_key_type_size (type), "the key array", error);
  WsArray *array;

  if (data == NULL)
    return NULL;
  array = g_new0 (WsArray, 1);
  array->type = type;
  array->n = n;
  array->data = data;
  return array;
}

WsArray *
ws_array_copy (const WsArray *array,
               GError       **error)
{
  WsArray *copy;

  g_return_val_if_fail (array != NULL, NULL);
  copy = ws_array_new (array->type, array->n, error);
  if (copy != NULL && array->n > 0)
    memcpy (copy->data, array->data, ws_array_bytes (array));
  return copy;
}

void
ws_array_free (WsArray *array)
{
  if (array == NULL)
    return;
  g_free (array->data);
  g_free (array);
}

gsize
ws_array_bytes (const WsArray *array)
{
  return array->n * ws_key_type_size (array->type);
}

/* Bitwise equality: -0.0 and +0.0 differ, as a file round trip must keep them. */
gboolean
ws_array_equal (const WsArray *a,
                const WsArray *b)
{
  if (a->type != b->type || a->n != b->n)
    return FALSE;
  return a->n == 0 || memcmp (a->data, b->data, ws_array_bytes (a)) == 0;
}

gsize
ws_array_first_difference (const WsArray *a,
                           const WsArray *b,
                           gsize          from,
                           gsize          to)
{
  g_return_val_if_fail (a->type == b->type && to <= a->n && to <= b->n, G_MAXSIZE);
  for (gsize i = from; i < to; i++)
    if (a->type == WS_KEY_INT32 ? a->i32[i] != b->i32[i] : a->f32[i] != b->f32[i])
      return i;
  return G_MAXSIZE;
}

int
ws_compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

double
ws_array_get_double (const WsArray *array,
                     gsize          i)
{
  g_return_val_if_fail (i < array->n, 0.0);
  return array->type == WS_KEY_INT32 ? (double) array->i32[i] : (double) array->f32[i];
}
