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
  if (g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, out, NULL))
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "--seed: “%s” is not a whole number from 0 to 2^64−1", text);
  return FALSE;
}
