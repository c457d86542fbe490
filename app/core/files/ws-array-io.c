/* ws-array-io.c: key arrays and grids in files: formats, raw files, and
 * the choice of reader and writer. The text form lives in ws-array-text.c;
 * opening, mapping and atomic writing in ws-file.c.
 */
#include "ws-array-io.h"

#include <math.h>
#include <string.h>

#include "ws-array-text.h"
#include "ws-error.h"
#include "ws-file.h"

static const char *const format_names[] = { "text", "raw-f32", "raw-i32" };

/* ---- formats ----------------------------------------------------------- */

const char *
ws_file_format_name (WsFileFormat format)
{
  g_return_val_if_fail (format <= WS_FORMAT_RAW_I32, "?");
  return format_names[format];
}

gboolean
ws_file_format_from_string (const char    *name,
                            WsFileFormat  *out,
                            GError       **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (format_names); i++)
    if (g_strcmp0 (name, format_names[i]) == 0)
      {
        *out = (WsFileFormat) i;
        return TRUE;
      }
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "Unknown file format “%s”: use text, raw-f32 or raw-i32", name);
  return FALSE;
}

WsKeyType
ws_file_format_key_type (WsFileFormat format,
                         WsKeyType    text_type)
{
  switch (format)
    {
    case WS_FORMAT_RAW_F32:
      return WS_KEY_FLOAT32;
    case WS_FORMAT_RAW_I32:
      return WS_KEY_INT32;
    default:
      return text_type;
    }
}

/* ---- shared helpers ---------------------------------------------------- */

/* Raw files are little-endian; host arrays are converted in place (and back). */
static void
swap_little_endian (WsArray *array)
{
#if G_BYTE_ORDER == G_BIG_ENDIAN
  guint32 *words = array->data;

  for (gsize i = 0; i < array->n; i++)
    words[i] = GUINT32_SWAP_LE_BE (words[i]);
#else
  (void) array;
#endif
}

/* ---- reading ----------------------------------------------------------- */

/* ---- loading ----------------------------------------------------------- */

static gboolean
check_no_nan (const char    *path,
              const WsArray *array,
              GError       **error)
{
  for (gsize i = 0; i < array->n; i++)
    if (isnan (array->f32[i]))
      {
        g_autofree char *shown = g_filename_display_name (path);
        g_set_error (error, WS_ERROR, WS_ERROR_PARSE,
                     "%s: element %" G_GSIZE_FORMAT " (byte offset %" G_GSIZE_FORMAT ") is NaN; "
                     "NaN is not a valid key", shown, i, i * sizeof (gfloat));
        return FALSE;
      }
  return TRUE;
}

static WsArray *
load_raw (const char *path,
          const char *bytes,
          gsize       len,
          WsKeyType   type,
          GError    **error)
{
  g_autoptr (WsArray) array = NULL;

  if (len % 4 != 0)
    {
      g_autofree char *shown = g_filename_display_name (path);
      g_set_error (error, WS_ERROR, WS_ERROR_PARSE,
                   "%s: its size of %" G_GSIZE_FORMAT " bytes is not a multiple of 4; a %s file "
                   "holds only little-endian 4-byte keys", shown, len,
                   type == WS_KEY_INT32 ? "raw-i32" : "raw-f32");
      return NULL;
    }
  array = ws_array_new (type, len / 4, error);
  if (array == NULL)
    return NULL;
  if (len > 0)
    memcpy (array->data, bytes, len);
  swap_little_endian (array);
  if (type == WS_KEY_FLOAT32 && !check_no_nan (path, array, error))
    return NULL;
  return g_steal_pointer (&array);
}

static gboolean
raw_grid_side (const char *path,
               gsize       n,
               gsize      *side,
               GError    **error)
{
  g_autofree char *shown = NULL;
  gsize r = (gsize) sqrt ((double) n);

  while (r > 0 && r * r > n)
    r--;
  while ((r + 1) * (r + 1) <= n)
    r++;
  if (r * r == n)
    {
      *side = r;
      return TRUE;
    }
  shown = g_filename_display_name (path);
  g_set_error (error, WS_ERROR, WS_ERROR_PARSE,
               "%s: %" G_GSIZE_FORMAT " values do not form a square grid (it lies between %"
               G_GSIZE_FORMAT "×%" G_GSIZE_FORMAT " and %" G_GSIZE_FORMAT "×%" G_GSIZE_FORMAT
               "); a raw grid of side N holds exactly N×N values", shown, n, r, r, r + 1, r + 1);
  return FALSE;
}

/* side: NULL for a plain array, else where a grid's side goes. */
static WsArray *
load (const char   *path,
      WsFileFormat  format,
      WsKeyType     type,
      gsize        *side,
      GError      **error)
{
  g_autoptr (GMappedFile) map = NULL;
  g_autoptr (WsArray) array = NULL;
  const char *bytes;
  gsize len;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (format <= WS_FORMAT_RAW_I32, NULL);
  map = ws_file_map_input (path, error);
  if (map == NULL)
    return NULL;
  len = g_mapped_file_get_length (map);
  bytes = len > 0 ? g_mapped_file_get_contents (map) : ""; /* an empty map has no pointer */
  if (format == WS_FORMAT_TEXT)
    return ws_text_parse (path, bytes, len, type, side, error);
  array = load_raw (path, bytes, len, ws_file_format_key_type (format, type), error);
  if (array == NULL || (side != NULL && !raw_grid_side (path, array->n, side, error)))
    return NULL;
  return g_steal_pointer (&array);
}

WsArray *
ws_array_load (const char   *path,
               WsFileFormat  format,
               WsKeyType     type,
               GError      **error)
{
  return load (path, format, type, NULL, error);
}

WsArray *
ws_grid_load (const char   *path,
              WsFileFormat  format,
              WsKeyType     type,
              gsize        *side,
              GError      **error)
{
  g_return_val_if_fail (side != NULL, NULL);
  return load (path, format, type, side, error);
}

/* ---- saving ------------------------------------------------------------ */

static gboolean
save_raw (const WsArray *array,
          const char    *path,
          WsFileFormat   format,
          GError       **error)
{
  g_autoptr (WsArray) little = NULL;

  if (ws_file_format_key_type (format, array->type) != array->type)
    {
      g_autofree char *shown = g_filename_display_name (path);
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "Cannot save %s keys to “%s” as %s: use %s or text",
                   ws_key_type_name (array->type), shown, ws_file_format_name (format),
                   array->type == WS_KEY_INT32 ? "raw-i32" : "raw-f32");
      return FALSE;
    }
  if (G_BYTE_ORDER == G_LITTLE_ENDIAN)
    return ws_file_write_atomic (path, array->data, ws_array_bytes (array), error);
  little = ws_array_copy (array, error);
  if (little == NULL)
    return FALSE;
  swap_little_endian (little);
  return ws_file_write_atomic (path, little->data, ws_array_bytes (little), error);
}

static gboolean
save (const WsArray *array,
      gsize          cols,
      const char    *path,
      WsFileFormat   format,
      GError       **error)
{
  g_autofree char *text = NULL;
  gsize len = 0;

  g_return_val_if_fail (array != NULL && path != NULL, FALSE);
  g_return_val_if_fail (format <= WS_FORMAT_RAW_I32, FALSE);
  if (format != WS_FORMAT_TEXT)
    return save_raw (array, path, format, error);
  text = ws_text_format (array, cols, &len, error);
  return text != NULL && ws_file_write_atomic (path, text, len, error);
}

gboolean
ws_array_save (const WsArray *array,
               const char    *path,
               WsFileFormat   format,
               GError       **error)
{
  return save (array, 1, path, format, error);
}

gboolean
ws_grid_save (const WsArray *array,
              gsize          cols,
              const char    *path,
              WsFileFormat   format,
              GError       **error)
{
  g_return_val_if_fail (array != NULL, FALSE);
  if (cols == 0 ? array->n != 0 : array->n % cols != 0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "Cannot save %" G_GSIZE_FORMAT " keys as a grid of %" G_GSIZE_FORMAT
                   " columns: the count must be a multiple of the width", array->n, cols);
      return FALSE;
    }
  return save (array, MAX (cols, 1), path, format, error);
}
