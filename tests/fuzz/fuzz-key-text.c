/* fuzz-key-text.c: key text files (`run --input`, the app's Load File).
 *
 * The bytes are a file read as int32 keys and as float32 keys through
 * ws_array_load. Beyond not crashing, what loads must survive the round
 * trip the documentation promises: written back with ws_format_key, one key
 * a line, it loads bit for bit the same.
 */
#include <string.h>

#include "fuzz-util.h"
#include "ws-array-io.h"

static void
check_round_trip (const WsArray *array)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) again = NULL;
  gsize elem = ws_key_type_size (array->type);

  for (gsize i = 0; i < array->n; i++)
    {
      ws_format_key (text, array->type, (const char *) array->data + i * elem);
      g_string_append_c (text, '\n');
    }
  again = ws_array_load (ws_fuzz_file2 (text->str, text->len), WS_FORMAT_TEXT, array->type,
                         &error);
  ws_fuzz_check (again != NULL, "the text of loaded keys does not load again: %s",
                 error->message);
  ws_fuzz_check (ws_array_equal (array, again), "%s keys do not survive their round trip "
                 "through text", ws_key_type_name (array->type));
}

static void
load_as (const char *path,
         WsKeyType   type)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) array = ws_array_load (path, WS_FORMAT_TEXT, type, &error);

  if (array == NULL)
    {
      /* Every refusal says why: a NULL without a message is a bug. */
      ws_fuzz_check_error (error);
      return;
    }
  ws_fuzz_check (error == NULL && array->type == type, "loaded with an error set");
  check_round_trip (array);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *path;

  ws_fuzz_init ();
  path = ws_fuzz_file (data, size);
  load_as (path, WS_KEY_INT32);
  load_as (path, WS_KEY_FLOAT32);
  return 0;
}
