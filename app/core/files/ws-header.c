/* ws-header.c: a student's file's header line (see ws-header.h). */
#include "ws-header.h"

#include <string.h>

#include "ws-file.h"

static gboolean
read_field (WsHeader *h, const char *path, gsize line, const char *field, gboolean with_block,
            GError **error)
{
  guint64 block = 0;

  if (g_str_has_prefix (field, "network="))
    g_free (h->network), h->network = g_strdup (field + strlen ("network="));
  else if (g_str_has_prefix (field, "type=")
           && !ws_key_type_from_string (field + strlen ("type="), &h->type, NULL))
    return ws_file_parse_error (error, path, line, "the header's key type “%s” is neither "
                                "int32 nor float32", field + strlen ("type="));
  else if (with_block && g_str_has_prefix (field, "block="))
    {
      if (!g_ascii_string_to_unsigned (field + strlen ("block="), 10, 1, 1024, &block, NULL))
        return ws_file_parse_error (error, path, line, "the header's block size “%s” is not a "
                                    "number of threads from 1 to 1024", field + strlen ("block="));
      h->block = (guint) block;
    }
  return TRUE;
}

gboolean
ws_header_read (WsHeader *h, const char *path, gsize line, const char *words, gboolean with_block,
                GError **error)
{
  g_auto (GStrv) fields = g_strsplit_set (words, " \t\r", -1);

  for (guint i = 0; fields[i] != NULL; i++)
    if (!read_field (h, path, line, fields[i], with_block, error))
      return FALSE;
  return TRUE;
}

void
ws_header_clear (WsHeader *h)
{
  g_clear_pointer (&h->network, g_free);
}
