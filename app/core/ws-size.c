/* ws-size.c: sizes as people write them — 65536, 2^20, 1e6, 64k, 16M. */
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-size.h"

static gboolean
size_error (const char *option, const char *text, GError **error)
{
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "%s: “%s” is not a size; write it as 65536, 2^20, 1e6, 64k or 16M", option, text);
  return FALSE;
}

/* "2^k" */
static gboolean
parse_power (const char *option, const char *text, const char *caret, gsize *out, GError **error)
{
  guint64 base, exp;
  g_autofree char *b = g_strndup (text, caret - text);

  if (!g_ascii_string_to_unsigned (b, 10, 2, 2, &base, NULL)
      || !g_ascii_string_to_unsigned (caret + 1, 10, 0, 8 * sizeof (gsize) - 1, &exp, NULL))
    return size_error (option, text, error);
  *out = (gsize) 1 << exp;
  return TRUE;
}

gboolean
ws_size_parse (const char *option,
               const char *text,
               gsize      *out,
               GError    **error)
{
  const char *caret = strchr (text, '^');
  char *end = NULL;
  double value, scale = 1.0;

  if (caret != NULL)
    return parse_power (option, text, caret, out, error);
  if (text[0] == '-' || text[0] == '\0')
    return size_error (option, text, error);
  value = g_ascii_strtod (text, &end);
  if (end != NULL && (*end == 'k' || *end == 'K'))
    scale = 1024.0, end++;
  else if (end != NULL && *end == 'M')
    scale = 1024.0 * 1024.0, end++;
  else if (end != NULL && *end == 'G')
    scale = 1024.0 * 1024.0 * 1024.0, end++;
  value *= scale;
  if (end == text || *end != '\0' || !isfinite (value) || value < 0 || value != floor (value)
      || value >= 18446744073709551616.0)
    return size_error (option, text, error);
  *out = (gsize) value;
  return TRUE;
}
