/* ws-csv.c: CSV quoting and reading (see ws-csv.h). */
#include "ws-csv.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ws-error.h"
#include "ws-file.h"

char *
ws_csv_quote (const char *field)
{
  g_autoptr (GString) s = NULL;

  if (field == NULL)
    return g_strdup ("");
  if (strpbrk (field, ",\"\r\n") == NULL)
    return g_strdup (field);
  s = g_string_new ("\"");
  for (const char *p = field; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (s, '"');
      g_string_append_c (s, *p);
    }
  g_string_append_c (s, '"');
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* ---- reading row by row ---- */

#define CHUNK (64 * 1024) /* read at a time: a row never needs the whole file */

struct _WsCsvReader
{
  char      *path;
  int        fd;
  char      *buf;       /* CHUNK bytes; [pos, len) not yet parsed */
  gsize      pos, len;
  guint64    offset;    /* bytes read from the file so far */
  guint64    size;
  guint      line;      /* the line the parser is on */
  guint      row_line;  /* the line the last record started on */
  guint      cut_line;
  guint      width;     /* the header's fields */
  gboolean   lenient;
  /* The record being read: its fields one after the other in text, each
   * NUL-terminated, field i from starts[i]; starts[n_starts - 1] is where
   * the next field would start. Plain arrays rather than GString and
   * GArray: a million rows of 38 fields spend their time here. */
  char      *text;
  gsize      text_len, text_size;
  gsize     *starts;
  guint      n_starts, starts_size;
  const char **fields;  /* into text, NULL-terminated; fields_size slots */
  guint      fields_size;
  GStrv      header;
};

/* How a record ended. */
typedef enum
{
  RECORD_LINE,    /* at its newline */
  RECORD_UNENDED, /* at the end of the file, without a newline */
  RECORD_NONE,    /* the file ended before it */
  RECORD_ERROR,
} RecordEnd;

static gboolean
parse_error (const WsCsvReader *r, guint line, const char *what, GError **error)
{
  g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "%s:%u: %s", r->path, line, what);
  return FALSE;
}

/* More bytes into buf; FALSE at the end of the file or on an error (set). */
static gboolean
refill (WsCsvReader *r, GError **error)
{
  gssize got;

  do
    got = read (r->fd, r->buf, CHUNK);
  while (got < 0 && errno == EINTR);
  if (got < 0)
    return ws_file_io_error (error, r->path, "read", errno, "check the file");
  r->pos = 0, r->len = (gsize) got, r->offset += (guint64) got;
  return got > 0;
}

/* The bytes up to the first that ends a span of a field, or len. */
static gsize
span_end (const WsCsvReader *r, gboolean quoted)
{
  const char *p = r->buf + r->pos, *end = r->buf + r->len;

  if (quoted)
    while (p < end && *p != '"' && *p != '\n')
      p++;
  else
    while (p < end && *p != ',' && *p != '\n' && *p != '\r' && *p != '"')
      p++;
  return (gsize) (p - r->buf);
}

static inline void
text_put (WsCsvReader *r, const char *bytes, gsize n)
{
  if (r->text_len + n > r->text_size)
    {
      r->text_size = MAX (2 * r->text_size, r->text_len + n);
      r->text = g_realloc (r->text, r->text_size);
    }
  memcpy (r->text + r->text_len, bytes, n);
  r->text_len += n;
}

static void
end_field (WsCsvReader *r)
{
  text_put (r, "", 1);
  if (r->n_starts == r->starts_size)
    {
      r->starts_size *= 2;
      r->starts = g_renew (gsize, r->starts, r->starts_size);
    }
  r->starts[r->n_starts++] = r->text_len;
}

/* The quote at buf[pos - 1] inside a quoted field: doubled, it stands for
 * itself; alone, it closes the field. *quoted says which. */
static gboolean
quote_in_quotes (WsCsvReader *r, gboolean *quoted, GError **error)
{
  GError *local = NULL;

  if (r->pos == r->len && !refill (r, &local))
    {
      *quoted = FALSE;
      return local == NULL || (g_propagate_error (error, local), FALSE);
    }
  if (r->buf[r->pos] == '"')
    text_put (r, "\"", 1), r->pos++;
  else
    *quoted = FALSE;
  return TRUE;
}

/* Where the parser of a record is. */
typedef struct
{
  gboolean quoted;     /* inside a quoted field */
  gboolean done;       /* the record's newline was read */
  guint    quote_line; /* where the quoted field began, for its error */
} Parse;

/* What ends a span: a delimiter, a line's end, or a quote. */
static gboolean
special (WsCsvReader *r, char c, Parse *s, GError **error)
{
  gsize field_start = r->starts[r->n_starts - 1];

  if (s->quoted && c == '"')
    return quote_in_quotes (r, &s->quoted, error);
  if (c == '\n')
    {
      r->line++;
      if (s->quoted)
        text_put (r, "\n", 1);
      else
        end_field (r), s->done = TRUE;
    }
  else if (c == ',')
    end_field (r);
  else if (c == '"' && r->text_len == field_start)
    s->quoted = TRUE, s->quote_line = r->line; /* a quote opens only a field's first byte */
  else if (c == '"')
    text_put (r, "\"", 1);
  return TRUE; /* '\r' outside quotes: dropped */
}

static void
start_record (WsCsvReader *r)
{
  r->text_len = 0;
  r->starts[0] = 0, r->n_starts = 1;
  r->row_line = r->line;
}

/* A field that is not UTF-8 (a file saved in Latin-1, a damaged one)
 * reaches messages, table cells and chart labels, which all need UTF-8 and
 * which cairo stops drawing on otherwise: each such field is read with its
 * bad bytes as U+FFFD. The file itself is left as it is. */
static void
make_record_valid (WsCsvReader *r)
{
  gsize n = r->n_starts;
  g_autofree char *old = NULL;
  g_autofree gsize *old_starts = NULL;
  gboolean valid = TRUE;
  gsize i = 0;

  while (i < r->text_len && (guchar) r->text[i] < 0x80)
    i++;
  if (i == r->text_len)
    return; /* ASCII, as results almost always are */
  for (i = 0; i + 1 < n && valid; i++)
    valid = g_utf8_validate (r->text + r->starts[i], -1, NULL);
  if (valid)
    return;
  old = g_memdup2 (r->text, r->text_len);
  old_starts = g_memdup2 (r->starts, n * sizeof *r->starts);
  r->text_len = 0, r->n_starts = 1;
  for (i = 0; i + 1 < n; i++)
    {
      g_autofree char *field = g_utf8_make_valid (old + old_starts[i], -1);

      text_put (r, field, strlen (field));
      end_field (r);
    }
}

static RecordEnd
read_record (WsCsvReader *r, GError **error)
{
  Parse s = { FALSE, FALSE, r->line };
  GError *local = NULL;

  start_record (r);
  while (!s.done)
    {
      gsize stop;
      if (r->pos == r->len && !refill (r, &local))
        break;
      stop = span_end (r, s.quoted);
      text_put (r, r->buf + r->pos, stop - r->pos);
      r->pos = stop;
      if (stop < r->len && !special (r, r->buf[r->pos++], &s, error))
        return RECORD_ERROR;
    }
  if (local != NULL)
    return g_propagate_error (error, local), RECORD_ERROR;
  if (s.quoted)
    return parse_error (r, s.quote_line, "a quoted field is not closed", error), RECORD_ERROR;
  if (s.done)
    return make_record_valid (r), RECORD_LINE;
  if (r->text_len == 0 && r->n_starts == 1)
    return RECORD_NONE;
  end_field (r);
  make_record_valid (r);
  return RECORD_UNENDED;
}

/* The record's fields as pointers into its text (which may have moved
 * while it grew). */
static const char *const *
record_fields (WsCsvReader *r)
{
  if (r->n_starts > r->fields_size)
    {
      r->fields_size = r->n_starts;
      r->fields = g_renew (const char *, r->fields, r->fields_size);
    }
  for (guint i = 0; i + 1 < r->n_starts; i++)
    r->fields[i] = r->text + r->starts[i];
  r->fields[r->n_starts - 1] = NULL;
  return r->fields;
}

/* A UTF-8 byte order mark, as some editors write, is not part of a name. */
static void
skip_bom (WsCsvReader *r)
{
  if (r->len >= 3 && memcmp (r->buf, "\xEF\xBB\xBF", 3) == 0)
    r->pos = 3;
}

static WsCsvReader *
reader_new (const char *path, int fd, gboolean lenient)
{
  WsCsvReader *r = g_new0 (WsCsvReader, 1);
  struct stat st;

  r->path = g_strdup (path), r->fd = fd, r->lenient = lenient, r->line = 1;
  r->buf = g_malloc (CHUNK);
  r->size = fstat (fd, &st) == 0 ? (guint64) st.st_size : 0;
  r->text_size = 1024, r->text = g_malloc (r->text_size);
  r->starts_size = 64, r->starts = g_new (gsize, r->starts_size);
  return r;
}

static gboolean
read_header (WsCsvReader *r, GError **error)
{
  GError *local = NULL;

  if (refill (r, &local))
    skip_bom (r);
  if (local == NULL && read_record (r, &local) == RECORD_LINE)
    {
      r->header = g_strdupv ((char **) record_fields (r));
      r->width = g_strv_length (r->header);
      return TRUE;
    }
  if (local != NULL)
    return g_propagate_error (error, local), FALSE;
  return parse_error (r, 1, "no header line", error);
}

WsCsvReader *
ws_csv_reader_open (const char *path, gboolean lenient, GError **error)
{
  g_autoptr (WsCsvReader) r = NULL;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  if ((fd = ws_file_open_input (path, error)) < 0)
    return NULL;
  r = reader_new (path, fd, lenient);
  if (!read_header (r, error))
    return NULL;
  return g_steal_pointer (&r);
}

const char *const *
ws_csv_reader_header (const WsCsvReader *r)
{
  return (const char *const *) r->header;
}

const char *const *
ws_csv_reader_next (WsCsvReader *r, GError **error)
{
  RecordEnd end;

  g_return_val_if_fail (r != NULL, NULL);
  if (r->cut_line != 0 || (end = read_record (r, error)) == RECORD_NONE || end == RECORD_ERROR)
    return NULL;
  if (end == RECORD_UNENDED && r->lenient)
    {
      r->cut_line = r->row_line;
      return NULL;
    }
  if (r->n_starts - 1 != r->width)
    {
      g_autofree char *what = g_strdup_printf ("%u fields where the header names %u",
                                               r->n_starts - 1, r->width);
      parse_error (r, r->row_line, what, error);
      return NULL;
    }
  return record_fields (r);
}

guint
ws_csv_reader_line (const WsCsvReader *r)
{
  return r->row_line;
}

guint64
ws_csv_reader_offset (const WsCsvReader *r)
{
  return r->offset - (r->len - r->pos);
}

guint64
ws_csv_reader_size (const WsCsvReader *r)
{
  return r->size;
}

guint
ws_csv_reader_cut_line (const WsCsvReader *r)
{
  return r->cut_line;
}

void
ws_csv_reader_free (WsCsvReader *r)
{
  if (r == NULL)
    return;
  if (r->fd >= 0)
    close (r->fd);
  g_free (r->path);
  g_free (r->buf);
  g_free (r->text);
  g_free (r->starts);
  g_free (r->fields);
  g_strfreev (r->header);
  g_free (r);
}

/* ---- whole tables ---- */

WsCsvTable *
ws_csv_table_new (const char *const *header)
{
  WsCsvTable *t = g_new0 (WsCsvTable, 1);

  t->header = header ? g_strdupv ((char **) header) : NULL;
  t->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  t->lines = g_array_new (FALSE, FALSE, sizeof (guint));
  return t;
}

void
ws_csv_table_append_line (WsCsvTable *t, GStrv fields, guint line)
{
  g_return_if_fail (fields != NULL && g_strv_length (fields) == g_strv_length (t->header));
  g_array_append_val (t->lines, line);
  g_ptr_array_add (t->rows, fields);
}

void
ws_csv_table_append (WsCsvTable *t, GStrv fields)
{
  /* The line it would have in the file: the header is line 1. */
  ws_csv_table_append_line (t, fields, t->rows->len + 2);
}

char *
ws_csv_record (const char *const *fields)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; fields[i] != NULL; i++)
    {
      g_autofree char *q = ws_csv_quote (fields[i]);
      g_string_append_printf (s, "%s%s", i ? "," : "", q);
    }
  g_string_append_c (s, '\n');
  return g_string_free (s, FALSE);
}

gboolean
ws_csv_table_write (const WsCsvTable *t, const char *path, GError **error)
{
  g_autoptr (GString) s = g_string_new (NULL);

  for (guint r = 0; r <= t->rows->len; r++)
    {
      g_autofree char *line = ws_csv_record (r == 0 ? (const char *const *) t->header
                                                    : t->rows->pdata[r - 1]);
      g_string_append (s, line);
    }
  return ws_file_write_atomic (path, s->str, s->len, error);
}

static WsCsvTable *
read_table (const char *path, gboolean lenient, gboolean *dropped, GError **error)
{
  g_autoptr (WsCsvReader) r = ws_csv_reader_open (path, lenient, error);
  g_autoptr (WsCsvTable) t = NULL;
  const char *const *fields;
  GError *local = NULL;

  if (r == NULL)
    return NULL;
  t = ws_csv_table_new (ws_csv_reader_header (r));
  while ((fields = ws_csv_reader_next (r, &local)) != NULL)
    ws_csv_table_append_line (t, g_strdupv ((char **) fields), ws_csv_reader_line (r));
  if (local != NULL)
    return g_propagate_error (error, local), NULL;
  *dropped = ws_csv_reader_cut_line (r) != 0;
  return g_steal_pointer (&t);
}

WsCsvTable *
ws_csv_table_read (const char *path, GError **error)
{
  gboolean dropped = FALSE;

  return read_table (path, FALSE, &dropped, error);
}

WsCsvTable *
ws_csv_table_read_lenient (const char *path, gboolean *dropped, GError **error)
{
  *dropped = FALSE;
  return read_table (path, TRUE, dropped, error);
}

void
ws_csv_table_free (WsCsvTable *t)
{
  if (t == NULL)
    return;
  g_strfreev (t->header);
  g_clear_pointer (&t->rows, g_ptr_array_unref);
  g_clear_pointer (&t->lines, g_array_unref);
  g_free (t);
}

const char *const *
ws_csv_table_row (const WsCsvTable *t, guint r)
{
  g_return_val_if_fail (r < t->rows->len, NULL);
  return (const char *const *) g_ptr_array_index (t->rows, r);
}

int
ws_csv_table_column (const WsCsvTable *t, const char *name)
{
  for (guint i = 0; t->header[i] != NULL; i++)
    if (strcmp (t->header[i], name) == 0)
      return (int) i;
  return -1;
}

const char *
ws_csv_table_get (const WsCsvTable *t, guint r, const char *name)
{
  int c = ws_csv_table_column (t, name);

  if (c < 0 || r >= t->rows->len)
    return NULL;
  return ((GStrv) g_ptr_array_index (t->rows, r))[c];
}

gboolean
ws_csv_table_number (const WsCsvTable *t, guint r, const char *name, double *out)
{
  const char *text = ws_csv_table_get (t, r, name);
  char *end = NULL;
  double v;

  *out = NAN;
  if (text == NULL || text[0] == '\0')
    return FALSE;
  v = g_ascii_strtod (text, &end);
  if (end == NULL || *end != '\0' || !isfinite (v))
    return FALSE;
  *out = v;
  return TRUE;
}
