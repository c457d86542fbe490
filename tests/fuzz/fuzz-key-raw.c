/* fuzz-key-raw.c: raw key files (`run --input F --format raw-i32|raw-f32`).
 *
 * A raw file is little-endian 4-byte keys and nothing else, so what loads
 * is known exactly: every byte in order, for float32 none of them a NaN;
 * and what is refused is known too: a length that is not a multiple of 4,
 * or a NaN. The harness checks both ways.
 */
#include <math.h>
#include <string.h>

#include "fuzz-util.h"
#include "ws-array-io.h"

/* Whether the bytes hold a float32 NaN (the host is little-endian, as the
 * meson build of the project assumes for raw files anyway). */
static gboolean
has_nan (const uint8_t *data,
         size_t         size)
{
  for (size_t i = 0; i + 4 <= size; i += 4)
    {
      gfloat f;

      memcpy (&f, data + i, sizeof f);
      if (isnan (f))
        return TRUE;
    }
  return FALSE;
}

static void
load_as (const char    *path,
         WsFileFormat   format,
         const uint8_t *data,
         size_t         size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) array = ws_array_load (path, format, WS_KEY_FLOAT32, &error);
  gboolean valid = size % 4 == 0 && (format == WS_FORMAT_RAW_I32 || !has_nan (data, size));

  if (array == NULL)
    {
      ws_fuzz_check_error (error);
      ws_fuzz_check (!valid, "%s refused a valid file: %s", ws_file_format_name (format),
                     error->message);
      return;
    }
  ws_fuzz_check (valid, "%s took a file of %zu bytes it should refuse",
                 ws_file_format_name (format), size);
  ws_fuzz_check (array->type == ws_file_format_key_type (format, WS_KEY_FLOAT32)
                 && array->n == size / 4 && (size == 0 || memcmp (array->data, data, size) == 0),
                 "%s did not load the file's bytes as they are", ws_file_format_name (format));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *path;

  ws_fuzz_init ();
  path = ws_fuzz_file (data, size);
  load_as (path, WS_FORMAT_RAW_I32, data, size);
  load_as (path, WS_FORMAT_RAW_F32, data, size);
  return 0;
}
