/* ws-cli-util.c: small parsers shared by the subcommands. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ws-cli.h"
#include "ws-error.h"


gboolean
ws_cli_parse_seed (const char *text,
                   guint64    *out,
                   GError    **error)
{
  g_autofree char *shown = NULL;

  /* Digits alone: g_ascii_string_to_unsigned would also take a leading \v,
   * which g_ascii_isspace does not call space but strtoull skips (found by
   * fuzzing, as was a message with the bytes given: messages are UTF-8). */
  if (text[0] != '\0' && text[strspn (text, "0123456789")] == '\0'
      && g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, out, NULL))
    return TRUE;
  shown = g_utf8_make_valid (text, -1);
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "--seed: “%s” is not a whole number from 0 to 2^64−1", shown);
  return FALSE;
}
