/* ws-cli-util.c: small parsers shared by the subcommands. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ws-cli.h"
#include "ws-error.h"
#include "ws-size.h"


gboolean
ws_cli_parse_seed (const char *text,
                   guint64    *out,
                   GError    **error)
{
  g_autofree char *shown = NULL;

  /* Digits alone (a leading \v was taken once; found by fuzzing, as was a
   * message with the bytes given: messages are UTF-8). */
  if (ws_digits_parse (text, 0, G_MAXUINT64, out, NULL))
    return TRUE;
  shown = g_utf8_make_valid (text, -1);
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "--seed: “%s” is not a whole number from 0 to 2^64−1", shown);
  return FALSE;
}

gboolean
ws_cli_parse_size (const char *text,
                   int        *width,
                   int        *height,
                   GError    **error)
{
  g_auto (GStrv) parts = g_regex_split_simple ("[x×]", text, 0, 0);
  guint64 a, b;

  if (g_strv_length (parts) != 2 || !g_ascii_string_to_unsigned (parts[0], 10, 16, 8192, &a, NULL)
      || !g_ascii_string_to_unsigned (parts[1], 10, 16, 8192, &b, NULL))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "--size “%s”: write WIDTHxHEIGHT, each 16 … 8192 pixels", text);
      return FALSE;
    }
  *width = (int) a, *height = (int) b;
  return TRUE;
}

gboolean
ws_cli_parse_repeat (const char *text,
                     guint      *out,
                     GError    **error)
{
  gint64 r;

  if (!ws_int_parse ("--repeat", text, 1, WS_CLI_MAX_REPEAT, &r, error))
    return FALSE;
  *out = (guint) r;
  return TRUE;
}
