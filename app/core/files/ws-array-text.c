/* ws-array-text.c: the text form of key files, both ways.
 *
 * Parsing scans a file already in memory twice without allocating per
 * token: the first pass counts the values (and checks a grid's shape), so
 * the array is allocated once at its exact size; the second parses them.
 * Both passes run on chunks of the file in parallel.
 */
#define _GNU_SOURCE /* strtof_l, strtod_l */

#include "ws-array-text.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ws-array-io.h"
#include "ws-error.h"
#include "ws-file.h"

#define TOKEN_STACK 64  /* tokens shorter than this are parsed from the stack */
#define KEY_TEXT_MAX 32 /* room for any key's text and its terminator */
#define SHOWN_TOKEN 40  /* bytes of a bad token quoted in a message */
#define PLURAL(n) ((n) == 1 ? "" : "s")
#define UTF8_BOM "\xef\xbb\xbf"

/* Numbers in files are always C-locale numbers, whatever the user's locale. */
static locale_t
c_locale (void)
{
  static gsize once = 0;

  if (g_once_init_enter (&once))
    {
      locale_t loc = newlocale (LC_ALL_MASK, "C", (locale_t) 0);
      g_assert (loc != (locale_t) 0); /* only fails when out of memory */
      g_once_init_leave (&once, (gsize) loc);
    }
  return (locale_t) once;
}

/* ---- scanning ---------------------------------------------------------- */

typedef struct
{
  const char *path;
  const char *p;   /* first unread byte */
  const char *end;
  gsize       line; /* 1-based line of p */
} Scanner;

/* C's isspace in the C locale: space, \t, \n, \v, \f, \r (GLib's
 * g_ascii_isspace leaves out \v). */
static inline gboolean
is_space (char c)
{
  return c == ' ' || (c >= '\t' && c <= '\r');
}

/* Moves to the next whitespace-separated token; FALSE at the end. */
static gboolean
next_token (Scanner     *s,
            const char **tok,
            gsize       *len)
{
  const char *p = s->p;

  for (; p < s->end && is_space (*p); p++)
    if (*p == '\n')
      s->line++;
  *tok = p;
  while (p < s->end && !is_space (*p))
    p++;
  *len = (gsize) (p - *tok);
  s->p = p;
  return *len > 0;
}

/* Counts the tokens up to the end; s->line then counts the newlines too. */
static gsize
count_tokens (Scanner *s)
{
  const char *tok;
  gsize len, count = 0;

  while (next_token (s, &tok, &len))
    count++;
  return count;
}

G_GNUC_PRINTF (3, 4)
static gboolean
parse_error (const Scanner *s,
             GError       **error,
             const char    *format,
             ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  return ws_file_parse_error (error, s->path, s->line, "%s", what);
}

/* ---- grid shape -------------------------------------------------------- */

typedef struct
{
  gsize rows;   /* non-blank lines seen */
  gsize cols;   /* values on the first of them */
  gsize in_row; /* values on the current one */
  gsize line;   /* line number of the current one */
} GridRows;

static gboolean
end_row (const Scanner *s,
         GridRows      *g,
         GError       **error)
{
  Scanner at = *s;

  if (g->rows == 1)
    g->cols = g->in_row;
  if (g->in_row == g->cols)
    return TRUE;
  at.line = g->line;
  return parse_error (&at, error,
                      "this line has %" G_GSIZE_FORMAT " value%s but the first has %"
                      G_GSIZE_FORMAT "; a square grid of side N needs N values on each of N lines",
                      g->in_row, PLURAL (g->in_row), g->cols);
}

/* Checks that the non-blank lines form an N×N grid and returns N. */
static gboolean
measure_grid (Scanner  s,
              gsize   *side,
              GError **error)
{
  GridRows g = { 0 };
  const char *tok;
  gsize len;

  while (next_token (&s, &tok, &len))
    {
      if (s.line != g.line)
        {
          if (g.rows > 0 && !end_row (&s, &g, error))
            return FALSE;
          g.rows++;
          g.line = s.line;
          g.in_row = 0;
        }
      g.in_row++;
    }
  if (g.rows > 0 && !end_row (&s, &g, error))
    return FALSE;
  s.line = g.line;
  if (g.rows != g.cols)
    return parse_error (&s, error,
                        "the grid has %" G_GSIZE_FORMAT " line%s of %" G_GSIZE_FORMAT
                        " value%s, which is not square; a grid of side N needs N lines of N values",
                        g.rows, PLURAL (g.rows), g.cols, PLURAL (g.cols));
  *side = g.rows;
  return TRUE;
}

/* ---- parsing one token ------------------------------------------------- */

typedef enum
{
  NUM_OK,
  NUM_SYNTAX,
  NUM_RANGE,
  NUM_FRACTION,
} NumStatus;

/* The C parsers need a terminated string, and a mapped file has none at
 * its end, so tokens are copied out: onto the stack unless absurdly long. */
static const char *
token_cstr (const char *tok,
            gsize       len,
            char       *stack,
            char      **heap)
{
  if (len < TOKEN_STACK)
    {
      memcpy (stack, tok, len);
      stack[len] = '\0';
      return stack;
    }
  *heap = g_strndup (tok, len);
  return *heap;
}

/* A token fit for a message: short, and valid UTF-8 even in a binary file. */
static char *
shown_token (const char *tok,
             gsize       len)
{
  g_autofree char *cut = g_strndup (tok, MIN (len, SHOWN_TOKEN));
  g_autofree char *valid = g_utf8_make_valid (cut, -1);

  if (len <= SHOWN_TOKEN)
    return g_steal_pointer (&valid);
  return g_strconcat (valid, "…", NULL);
}

/* [+-]digits: the form integer files almost always use, parsed directly. */
static NumStatus
scan_integer (const char *tok,
              gsize       len,
              gint32     *out)
{
  gboolean negative = tok[0] == '-';
  gsize i = (tok[0] == '-' || tok[0] == '+') ? 1 : 0;
  guint64 magnitude = 0;

  if (i == len)
    return NUM_SYNTAX;
  for (; i < len; i++)
    {
      if (!g_ascii_isdigit (tok[i]))
        return NUM_SYNTAX;
      if (magnitude <= G_MAXUINT32) /* stop growing once out of range anyway */
        magnitude = magnitude * 10 + (guint64) (tok[i] - '0');
    }
  if (magnitude > (negative ? G_GUINT64_CONSTANT (2147483648) : (guint64) G_MAXINT32))
    return NUM_RANGE;
  *out = (gint32) (negative ? -(gint64) magnitude : (gint64) magnitude);
  return NUM_OK;
}

/* Whole numbers written as decimals ("3.0", "1e3") are accepted too; the
 * character filter keeps out hex, inf and nan, which strtod would take. */
static NumStatus
scan_decimal_integer (const char *cstr,
                      gint32     *out)
{
  char *end;
  double d;

  if (cstr[strspn (cstr, "0123456789+-.eE")] != '\0')
    return NUM_SYNTAX;
  errno = 0;
  d = strtod_l (cstr, &end, c_locale ());
  if (end == cstr || *end != '\0')
    return NUM_SYNTAX;
  if (isinf (d))
    return NUM_RANGE;
  if (d != floor (d) || (d == 0.0 && errno == ERANGE))
    return NUM_FRACTION;
  if (d < (double) G_MININT32 || d > (double) G_MAXINT32)
    return NUM_RANGE;
  *out = (gint32) d;
  return NUM_OK;
}

static gboolean
parse_i32 (const Scanner *s,
           const char    *tok,
           gsize          len,
           gint32        *out,
           GError       **error)
{
  g_autofree char *heap = NULL;
  g_autofree char *shown = NULL;
  char stack[TOKEN_STACK];
  NumStatus status = scan_integer (tok, len, out);

  if (status == NUM_SYNTAX)
    status = scan_decimal_integer (token_cstr (tok, len, stack, &heap), out);
  if (status == NUM_OK)
    return TRUE;
  shown = shown_token (tok, len);
  if (status == NUM_RANGE)
    return parse_error (s, error, "“%s” is outside the int32 range [-2147483648, 2147483647]",
                        shown);
  if (status == NUM_FRACTION)
    return parse_error (s, error, "“%s” is not a whole number: int32 input takes whole "
                        "numbers; use --type float32 for fractions", shown);
  return parse_error (s, error, "cannot read “%s” as int32", shown);
}

/* The forms a float32 key file documents: decimals ("1.5", "-2e3", "+.5")
 * and inf or infinity with either sign; nan is let through to be named as
 * such. strtof would also take hexadecimal ("0x10" as 16), which no file
 * of ours holds and a user would not mean. */
static gboolean
f32_form (const char *tok,
          gsize       len)
{
  static const char *const words[] = { "inf", "infinity", "nan" };
  gsize sign = (tok[0] == '-' || tok[0] == '+') ? 1 : 0;

  if (strspn (tok, "0123456789+-.eE") >= len)
    return TRUE;
  if (len - sign > 4 && g_ascii_strncasecmp (tok + sign, "nan(", 4) == 0 && tok[len - 1] == ')')
    return TRUE; /* a NaN with its payload, to be named as NaN */
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (len - sign == strlen (words[i]) && g_ascii_strncasecmp (tok + sign, words[i], len - sign) == 0)
      return TRUE;
  return FALSE;
}

/* strtof_l rounds once, straight from the decimal text: going through a
 * double would round twice and could miss the nearest float. */
static gboolean
parse_f32 (const Scanner *s,
           const char    *tok,
           gsize          len,
           gfloat        *out,
           GError       **error)
{
  g_autofree char *heap = NULL;
  g_autofree char *shown = NULL;
  char stack[TOKEN_STACK];
  const char *cstr = token_cstr (tok, len, stack, &heap);
  char *end = (char *) cstr; /* nothing read: a token is never empty */

  errno = 0;
  if (f32_form (cstr, len))
    *out = strtof_l (cstr, &end, c_locale ());
  if (end == cstr + len && !isnan (*out) && !(isinf (*out) && errno == ERANGE))
    return TRUE;
  shown = shown_token (tok, len);
  if (end != cstr + len)
    return parse_error (s, error, "cannot read “%s” as float32; write decimal numbers "
                        "(1.5, -2e3) or inf", shown);
  if (isnan (*out))
    return parse_error (s, error, "NaN is not a valid key (keys must be ordered); "
                        "remove it or replace it with a number");
  return parse_error (s, error, "“%s” is out of float32 range (magnitudes up to "
                      "3.40282347e+38); write inf for an infinite key", shown);
}

/* ---- parsing a file ---------------------------------------------------- */

/* A big file is cut at whitespace into chunks that threads count and then
 * parse independently; the counts give each chunk its first array index
 * and first line number, so messages still name the right line. */
#define CHUNK_BYTES (1 << 20)
#define MAX_CHUNKS 4096

typedef struct
{
  Scanner s;
  gsize   values;
  gsize   first_index;
  GError *error;
} Chunk;

static Chunk *
split_chunks (const char *path,
              const char *bytes,
              gsize       len,
              int        *n_chunks)
{
  int n = (int) CLAMP (len / CHUNK_BYTES, 1, MAX_CHUNKS);
  Chunk *chunks = g_new0 (Chunk, n);
  gsize start = 0;

  for (int k = 0; k < n; k++)
    {
      gsize end = k + 1 == n ? len : MAX (start, len / (gsize) n * (gsize) (k + 1));
      while (end < len && !is_space (bytes[end])) /* never split a token */
        end++;
      chunks[k].s = (Scanner) { path, bytes + start, bytes + end, 0 };
      start = end;
    }
  *n_chunks = n;
  return chunks;
}

static gsize
count_chunks (Chunk *chunks,
              int    n)
{
  gsize total = 0, line = 1;

#pragma omp parallel for schedule(dynamic, 1)
  for (int k = 0; k < n; k++)
    {
      Scanner s = chunks[k].s;
      chunks[k].values = count_tokens (&s);
      chunks[k].s.line = s.line; /* newlines inside, for now */
    }
  for (int k = 0; k < n; k++)
    {
      gsize newlines = chunks[k].s.line;
      chunks[k].first_index = total;
      chunks[k].s.line = line;
      total += chunks[k].values;
      line += newlines;
    }
  return total;
}

static gboolean
parse_chunk (Scanner  s,
             WsArray *array,
             gsize    index,
             GError **error)
{
  const char *tok;
  gsize len;

  for (gsize i = index; next_token (&s, &tok, &len); i++)
    {
      gboolean ok = array->type == WS_KEY_INT32
                      ? parse_i32 (&s, tok, len, &array->i32[i], error)
                      : parse_f32 (&s, tok, len, &array->f32[i], error);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* Reports the error of the earliest failing chunk, the first in the file. */
static gboolean
parse_chunks (Chunk   *chunks,
              int      n,
              WsArray *array,
              GError **error)
{
  gboolean ok = TRUE;

#pragma omp parallel for schedule(dynamic, 1)
  for (int k = 0; k < n; k++)
    parse_chunk (chunks[k].s, array, chunks[k].first_index, &chunks[k].error);
  for (int k = 0; k < n; k++)
    {
      if (chunks[k].error == NULL)
        continue;
      if (ok)
        g_propagate_error (error, g_steal_pointer (&chunks[k].error));
      else
        g_clear_error (&chunks[k].error);
      ok = FALSE;
    }
  return ok;
}

WsArray *
ws_text_parse (const char *path,
               const char *bytes,
               gsize       len,
               WsKeyType   type,
               gsize      *side,
               GError    **error)
{
  g_autoptr (WsArray) array = NULL;
  g_autofree Chunk *chunks = NULL;
  Scanner whole;
  int n_chunks;

  if (len >= 3 && memcmp (bytes, UTF8_BOM, 3) == 0) /* editors on Windows add one */
    bytes += 3, len -= 3;
  whole = (Scanner) { path, bytes, bytes + len, 1 };

  if (side != NULL && !measure_grid (whole, side, error))
    return NULL;
  chunks = split_chunks (path, bytes, len, &n_chunks);
  array = ws_array_new (type, count_chunks (chunks, n_chunks), error);
  if (array == NULL || !parse_chunks (chunks, n_chunks, array, error))
    return NULL;
  return g_steal_pointer (&array);
}

/* ---- formatting -------------------------------------------------------- */

static gsize
format_i32 (char   *buf,
            gint32  v)
{
  char digits[10];
  guint32 magnitude = v < 0 ? 0u - (guint32) v : (guint32) v; /* INT32_MIN too */
  gsize nd = 0, len = 0;

  do
    digits[nd++] = (char) ('0' + magnitude % 10);
  while ((magnitude /= 10) != 0);
  if (v < 0)
    buf[len++] = '-';
  while (nd > 0)
    buf[len++] = digits[--nd];
  buf[len] = '\0';
  return len;
}

/* Writes one key's text and its terminator into buf (KEY_TEXT_MAX bytes).
 * Nine significant digits identify every float32 exactly. */
static gsize
format_key_into (char       *buf,
                 WsKeyType   type,
                 const void *key)
{
  gint32 i;
  gfloat f;

  if (type == WS_KEY_INT32)
    {
      memcpy (&i, key, sizeof i);
      return format_i32 (buf, i);
    }
  memcpy (&f, key, sizeof f);
  g_ascii_formatd (buf, KEY_TEXT_MAX, "%.9g", (double) f);
  return strlen (buf);
}

void
ws_format_key (GString    *out,
               WsKeyType   type,
               const void *key)
{
  char buf[KEY_TEXT_MAX];

  g_return_if_fail (out != NULL && key != NULL);
  g_string_append_len (out, buf, (gssize) format_key_into (buf, type, key));
}

/* The text of a grid with `cols` values per line (1 for an array). Every
 * key gets a slot wide enough for the longest ("-2147483648",
 * "-1.17549435e-38") and a separator, so a huge array fails cleanly before
 * any work, and threads can format into their slots independently; the
 * slot's last byte keeps the length until the keys slide left into place. */
char *
ws_text_format (const WsArray *array,
                gsize          cols,
                gsize         *len,
                GError       **error)
{
  gsize slot = array->type == WS_KEY_INT32 ? 12 : 16;
  gsize elem = ws_key_type_size (array->type);
  char *text = ws_try_alloc (array->n, slot, "the text of the file", error);
  gsize pos = 0;

  if (text == NULL)
    return NULL;
#pragma omp parallel for schedule(static)
  for (gsize i = 0; i < array->n; i++)
    {
      char key[KEY_TEXT_MAX];
      gsize klen = format_key_into (key, array->type, (const char *) array->data + i * elem);
      memcpy (text + i * slot, key, klen);
      text[i * slot + slot - 1] = (char) klen;
    }
  for (gsize i = 0; i < array->n; i++)
    {
      gsize klen = (guchar) text[i * slot + slot - 1];
      memmove (text + pos, text + i * slot, klen); /* pos <= i * slot: never ahead */
      pos += klen;
      text[pos++] = (i + 1) % cols == 0 ? '\n' : ' ';
    }
  *len = pos;
  return text;
}
