/* ws-size.c: sizes as people write them — 65536, 2^20, 1e6, 64k, 16M — and
 * nothing else (see ws-size.h). Everything is integer arithmetic with
 * overflow checks, so 1e19 or 2.5e3 is exact and 1e20 is "too large"
 * rather than a rounded double.
 */
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-size.h"

static gboolean
size_error (const char *what, const char *text, GError **error)
{
  g_autofree char *shown = g_utf8_make_valid (text, -1);

  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "%s: “%s” is not a size; write it as " WS_SIZE_FORMS, what, shown);
  return FALSE;
}

static gboolean
too_large (const char *what, const char *text, GError **error)
{
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "%s: “%s” is too large (sizes go up to 2^64−1)", what, text);
  return FALSE;
}

/* len > 0 decimal digits and nothing else. */
static gboolean
all_digits (const char *s, gsize len)
{
  if (len == 0)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isdigit (s[i]))
      return FALSE;
  return TRUE;
}

/* *acc = *acc * 10 + digit, FALSE on overflow. */
static gboolean
push_digit (guint64 *acc, char digit)
{
  guint64 d = (guint64) (digit - '0');

  if (*acc > (G_MAXUINT64 - d) / 10)
    return FALSE;
  *acc = *acc * 10 + d;
  return TRUE;
}

/* Digits already checked; FALSE on overflow. */
static gboolean
digits_value (const char *s, gsize len, guint64 *out)
{
  *out = 0;
  for (gsize i = 0; i < len; i++)
    if (!push_digit (out, s[i]))
      return FALSE;
  return TRUE;
}

/* Whether `text` is one of the forms, and whether its value fits. */
typedef enum { FORM_OK, FORM_SYNTAX, FORM_OVERFLOW } FormStatus;

static FormStatus
parse_power (const char *text, const char *caret, guint64 *out)
{
  guint64 exp;

  if (caret - text != 1 || text[0] != '2' || !all_digits (caret + 1, strlen (caret + 1)))
    return FORM_SYNTAX;
  if (!digits_value (caret + 1, strlen (caret + 1), &exp) || exp > 63)
    return FORM_OVERFLOW;
  *out = G_GUINT64_CONSTANT (1) << exp;
  return FORM_OK;
}

static FormStatus
parse_suffix (const char *text, gsize len, guint64 *out)
{
  guint shift = text[len - 1] == 'G' ? 30 : text[len - 1] == 'M' ? 20 : 10;
  guint64 v;

  if (!all_digits (text, len - 1))
    return FORM_SYNTAX;
  if (!digits_value (text, len - 1, &v) || v > (G_MAXUINT64 >> shift))
    return FORM_OVERFLOW;
  *out = v << shift;
  return FORM_OK;
}

/* MANTISSA e EXPONENT with MANTISSA = digits [. digits]: whole in value. */
static FormStatus
parse_exponent (const char *text, const char *e, guint64 *out)
{
  const char *dot = memchr (text, '.', (gsize) (e - text));
  gsize int_len = (gsize) ((dot ? dot : e) - text);
  gsize frac_len = dot ? (gsize) (e - dot - 1) : 0;
  guint64 m = 0, exp, cancel;

  if (!all_digits (text, int_len) || (dot && !all_digits (dot + 1, frac_len))
      || !all_digits (e + 1, strlen (e + 1)))
    return FORM_SYNTAX;
  for (gsize i = 0; i < int_len + (dot ? frac_len + 1 : 0); i++)
    if (text[i] != '.' && !push_digit (&m, text[i]))
      return FORM_OVERFLOW;
  if (!digits_value (e + 1, strlen (e + 1), &exp) || exp > 40)
    return m == 0 ? (*out = 0, FORM_OK) : FORM_OVERFLOW;
  cancel = MIN (frac_len, exp); /* each step of the exponent moves the point one digit */
  frac_len -= cancel;
  exp -= cancel;
  for (; frac_len > 0; frac_len--, m /= 10)
    if (m % 10 != 0)
      return FORM_SYNTAX; /* not whole: 1.5e0 */
  for (; exp > 0; exp--)
    if (!push_digit (&m, '0'))
      return FORM_OVERFLOW;
  *out = m;
  return FORM_OK;
}

static FormStatus
parse_form (const char *text, guint64 *out)
{
  gsize len = strlen (text);
  const char *caret = strchr (text, '^');
  const char *e = strpbrk (text, "eE");

  if (len == 0)
    return FORM_SYNTAX;
  if (caret != NULL)
    return parse_power (text, caret, out);
  if (strchr ("kKMG", text[len - 1]) != NULL)
    return parse_suffix (text, len, out);
  if (e != NULL)
    return parse_exponent (text, e, out);
  if (!all_digits (text, len))
    return FORM_SYNTAX;
  return digits_value (text, len, out) ? FORM_OK : FORM_OVERFLOW;
}

static gboolean
parse_u64 (const char *what, const char *text, guint64 *out, GError **error)
{
  switch (parse_form (text, out))
    {
    case FORM_OK:
      return TRUE;
    case FORM_OVERFLOW:
      return too_large (what, text, error);
    default:
      return size_error (what, text, error);
    }
}

gboolean
ws_size_parse (const char *what,
               const char *text,
               gsize      *out,
               GError    **error)
{
  return ws_size_parse_range (what, text, 0, G_MAXSIZE, out, error);
}

gboolean
ws_size_parse_range (const char *what,
                     const char *text,
                     gsize       min,
                     gsize       max,
                     gsize      *out,
                     GError    **error)
{
  guint64 v;

  g_return_val_if_fail (what != NULL && text != NULL && out != NULL, FALSE);
  if (!parse_u64 (what, text, &v, error))
    return FALSE;
  if (v < min || v > max)
    {
      if (max == G_MAXSIZE)
        g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                     "%s: %s is too small; give a size of at least %" G_GSIZE_FORMAT,
                     what, text, min);
      else
        g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                     "%s: %s is out of range; give a size from %" G_GSIZE_FORMAT " to %"
                     G_GSIZE_FORMAT, what, text, min, max);
      return FALSE;
    }
  *out = (gsize) v;
  return TRUE;
}

static gboolean
int_range_error (const char *what, const char *text, gint64 min, gint64 max, GError **error)
{
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "%s: %s is out of range; give a whole number from %" G_GINT64_FORMAT " to %"
               G_GINT64_FORMAT, what, text, min, max);
  return FALSE;
}

gboolean
ws_int_parse (const char *what,
              const char *text,
              gint64      min,
              gint64      max,
              gint64     *out,
              GError    **error)
{
  guint64 v;
  gint64 value;

  g_return_val_if_fail (what != NULL && text != NULL && out != NULL, FALSE);
  if (text[0] != '-')
    {
      if (!parse_u64 (what, text, &v, error))
        return FALSE;
      if (v > (guint64) G_MAXINT64 || (gint64) v < min || (gint64) v > max)
        return int_range_error (what, text, min, max, error);
      *out = (gint64) v;
      return TRUE;
    }
  if (!all_digits (text + 1, strlen (text + 1)))
    {
      g_autofree char *shown = g_utf8_make_valid (text, -1);
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "%s: “%s” is not a whole number; write digits, e.g. 16, or " WS_SIZE_FORMS,
                   what, shown);
      return FALSE;
    }
  if (!digits_value (text + 1, strlen (text + 1), &v) || v > (guint64) G_MAXINT64 + 1)
    return int_range_error (what, text, min, max, error);
  value = v == (guint64) G_MAXINT64 + 1 ? G_MININT64 : -(gint64) v;
  if (value < min || value > max)
    return int_range_error (what, text, min, max, error);
  *out = value;
  return TRUE;
}

/* [-]digits[.digits][(e|E)[+-]digits]: what strtod reads, less its hex,
 * inf, nan, leading space and '+'. */
static gboolean
is_decimal (const char *s)
{
  gsize n;

  s += s[0] == '-';
  if ((n = strspn (s, "0123456789")) == 0)
    return FALSE;
  s += n;
  if (s[0] == '.' && (n = strspn (s + 1, "0123456789")) > 0)
    s += n + 1;
  if (s[0] == 'e' || s[0] == 'E')
    {
      s += 1 + (s[1] == '+' || s[1] == '-');
      if ((n = strspn (s, "0123456789")) == 0)
        return FALSE;
      s += n;
    }
  return s[0] == '\0';
}

gboolean
ws_digits_parse (const char *text,
                 guint64     min,
                 guint64     max,
                 guint64    *out,
                 GError    **error)
{
  if (!all_digits (text, strlen (text)))
    {
      g_set_error_literal (error, G_NUMBER_PARSER_ERROR, G_NUMBER_PARSER_ERROR_INVALID,
                           "not decimal digits");
      return FALSE;
    }
  return g_ascii_string_to_unsigned (text, 10, min, max, out, error);
}

gboolean
ws_decimal_parse (const char *text,
                  double     *out)
{
  double v;

  g_return_val_if_fail (text != NULL && out != NULL, FALSE);
  if (!is_decimal (text))
    return FALSE;
  v = g_ascii_strtod (text, NULL);
  if (!isfinite (v))
    return FALSE;
  *out = v;
  return TRUE;
}
