/* fuzz-size.c: sizes and numbers as people type them — ws_size_parse (the
 * CLI's --n and --bins, a preset's sizes, the app's n field), ws_int_parse
 * and ws_decimal_parse.
 *
 * The bytes, cut at the first NUL as an argument or an entry would be, go
 * to each parser. ws-size.h lists the only forms a size may take; the
 * harness checks with a grammar of its own that everything taken has one of
 * them, that the three parsers agree where they overlap, that a value
 * written back in digits reads the same, and that every message is UTF-8.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-util.h"
#include "ws-size.h"

static gsize
digits (const char *s)
{
  return strspn (s, "0123456789");
}

/* 65536 | 2^20 | 1e6 | 2.5e3 | 64k 16M 1G: ws-size.h's list, written
 * apart from ws-size.c so that the two can disagree. */
static gboolean
is_size_form (const char *s)
{
  gsize n = digits (s);

  if (n == 0)
    return FALSE;
  if (s[n] == '\0')
    return TRUE;
  if (n == 1 && s[0] == '2' && s[1] == '^')
    return digits (s + 2) > 0 && s[2 + digits (s + 2)] == '\0';
  if (strchr ("kKMG", s[n]) != NULL)
    return s[n + 1] == '\0';
  if (s[n] == '.')
    {
      gsize f = digits (s + n + 1);
      if (f == 0)
        return FALSE;
      n += 1 + f;
    }
  return (s[n] == 'e' || s[n] == 'E') && digits (s + n + 1) > 0
         && s[n + 1 + digits (s + n + 1)] == '\0';
}

/* [-]digits[.digits][(e|E)[+-]digits] */
static gboolean
is_decimal_form (const char *s)
{
  gsize n;

  s += s[0] == '-';
  if ((n = digits (s)) == 0)
    return FALSE;
  s += n;
  if (s[0] == '.')
    {
      if ((n = digits (s + 1)) == 0)
        return FALSE;
      s += 1 + n;
    }
  if (s[0] == 'e' || s[0] == 'E')
    {
      s += 1 + (s[1] == '+' || s[1] == '-');
      if ((n = digits (s)) == 0)
        return FALSE;
      s += n;
    }
  return s[0] == '\0';
}

static void
check_size (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *back = NULL;
  gsize v = 0, again = 0;
  gint64 i = 0;

  if (!ws_size_parse ("--n", text, &v, &error))
    {
      ws_fuzz_check_error (error);
      return;
    }
  ws_fuzz_check (is_size_form (text), "“%s” is taken as the size %zu but is no documented form",
                 text, v);
  ws_fuzz_check (ws_size_parse_range ("--n", text, v, v, &again, NULL) && again == v,
                 "“%s” is %zu, yet out of [%zu, %zu]", text, v, v, v);
  if (v <= G_MAXINT64)
    ws_fuzz_check (ws_int_parse ("--bins", text, 0, G_MAXINT64, &i, NULL) && (gsize) i == v,
                   "“%s”: size %zu but whole number %" G_GINT64_FORMAT, text, v, i);
  back = g_strdup_printf ("%zu", v);
  ws_fuzz_check (ws_size_parse ("--n", back, &again, NULL) && again == v,
                 "%zu written in digits reads as %zu", v, again);
}

static void
check_int (const char *text)
{
  g_autoptr (GError) error = NULL;
  gint64 v = 0, plain = 0;

  if (!ws_int_parse ("--bins", text, G_MININT64, G_MAXINT64, &v, &error))
    {
      ws_fuzz_check_error (error);
      return;
    }
  if (text[0] != '-')
    return; /* check_size covers the size forms */
  ws_fuzz_check (digits (text + 1) > 0 && text[1 + digits (text + 1)] == '\0',
                 "“%s” is taken as %" G_GINT64_FORMAT " but is no documented form", text, v);
  ws_fuzz_check (g_ascii_string_to_signed (text, 10, G_MININT64, G_MAXINT64, &plain, NULL)
                 && plain == v, "“%s” reads as %" G_GINT64_FORMAT, text, v);
}

static void
check_decimal (const char *text)
{
  double v = NAN;

  if (!ws_decimal_parse (text, &v))
    return;
  ws_fuzz_check (is_decimal_form (text), "“%s” is taken as the decimal %g but is no such form",
                 text, v);
  ws_fuzz_check (isfinite (v) && v == g_ascii_strtod (text, NULL), "“%s” reads as %g", text, v);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = NULL;

  ws_fuzz_init ();
  text = ws_fuzz_cstring (data, size);
  check_size (text);
  check_int (text);
  check_decimal (text);
  return 0;
}
