/* ws-array-io.h: key arrays and square grids in files.
 *
 * Text files hold numbers separated by any whitespace; float32 values are
 * written with 9 significant digits ("%.9g" in the C locale) and read back
 * with one correct rounding, so a save/load round trip is bit-exact,
 * -0.0, denormals and ±inf included. NaN is never a valid key.
 *
 * Raw files hold little-endian 4-byte values and nothing else.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"
#include "ws-file.h" /* ws_file_write_atomic */

G_BEGIN_DECLS

typedef enum
{
  WS_FORMAT_TEXT,
  WS_FORMAT_RAW_F32,
  WS_FORMAT_RAW_I32,
} WsFileFormat;

/* "text", "raw-f32", "raw-i32" */
const char *ws_file_format_name        (WsFileFormat   format);
gboolean    ws_file_format_from_string (const char    *name,
                                        WsFileFormat  *out,
                                        GError       **error);
/* Raw formats decide the key type; for text, `text_type` does. */
WsKeyType   ws_file_format_key_type    (WsFileFormat   format,
                                        WsKeyType      text_type);

/* An empty file is a valid empty array. */
WsArray    *ws_array_load              (const char    *path,
                                        WsFileFormat   format,
                                        WsKeyType      type,
                                        GError       **error);
/* A square grid of side N, row-major: text has N lines of N values (blank
 * lines ignored); raw needs a perfect square count. */
WsArray    *ws_grid_load               (const char    *path,
                                        WsFileFormat   format,
                                        WsKeyType      type,
                                        gsize         *side,
                                        GError       **error);

/* Text: one value per line. A raw format must match the array's key type. */
gboolean    ws_array_save              (const WsArray *array,
                                        const char    *path,
                                        WsFileFormat   format,
                                        GError       **error);
/* Text: rows of `cols` values separated by one space; array->n must be a
 * multiple of cols. */
gboolean    ws_grid_save               (const WsArray *array,
                                        gsize          cols,
                                        const char    *path,
                                        WsFileFormat   format,
                                        GError       **error);

/* Appends the text form of one key, the way files hold it (float32: "%.9g"
 * whatever the locale, "inf", "-inf", "-0"). */
void        ws_format_key              (GString       *out,
                                        WsKeyType      type,
                                        const void    *key);

G_END_DECLS
