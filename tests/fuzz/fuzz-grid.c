/* fuzz-grid.c: grid files (the window sum's `run stencil --input`).
 *
 * The bytes are read as a square grid in each format and key type through
 * ws_grid_load. A grid that loads must be side × side keys, and hold the
 * same keys as the file read as a plain array: the grid's shape check may
 * refuse a file, never change what it reads.
 */
#include <string.h>

#include "fuzz-util.h"
#include "ws-array-io.h"

static void
load_as (const char   *path,
         WsFileFormat  format,
         WsKeyType     type)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) grid = NULL;
  g_autoptr (WsArray) plain = NULL;
  gsize side = G_MAXSIZE;

  grid = ws_grid_load (path, format, type, &side, &error);
  if (grid == NULL)
    {
      ws_fuzz_check_error (error);
      return;
    }
  ws_fuzz_check (side != G_MAXSIZE && side * side == grid->n,
                 "a grid of %zu keys with side %zu", grid->n, side);
  plain = ws_array_load (path, format, type, &error);
  ws_fuzz_check (plain != NULL, "a grid that does not load as an array: %s", error->message);
  ws_fuzz_check (ws_array_equal (grid, plain), "the grid and the array of one file differ");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *path;

  ws_fuzz_init ();
  path = ws_fuzz_file (data, size);
  load_as (path, WS_FORMAT_TEXT, WS_KEY_INT32);
  load_as (path, WS_FORMAT_TEXT, WS_KEY_FLOAT32);
  load_as (path, WS_FORMAT_RAW_I32, WS_KEY_INT32);
  load_as (path, WS_FORMAT_RAW_F32, WS_KEY_FLOAT32);
  return 0;
}
