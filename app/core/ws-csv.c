/* ws-csv.c: CSV quoting and reading (see ws-csv.h). */
#include "ws-csv.h"

#include <math.h>
#include <string.h>

#include "ws-array-io.h"
#include "ws-error.h"

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

typedef struct
{
  const char *path;
  const char *p, *end;
  guint       line;
} Reader;

static gboolean
parse_error (const Reader *r, guint line, const char *what, GError **error)
{
  g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "%s:%u: %s", r->path, line, what);
  return FALSE;
}

/* One quoted field, r->p just past its opening quote. */
static gboolean
read_quoted (Reader *r, GString *field, GError **error)
{
  guint start = r->line;

  for (; r->p < r->end; r->p++)
    {
      if (*r->p == '"' && r->p + 1 < r->end && r->p[1] == '"')
        g_string_append_c (field, '"'), r->p++;
      else if (*r->p == '"')
        {
          r->p++;
          return TRUE;
        }
      else
        {
          r->line += *r->p == '\n';
          g_string_append_c (field, *r->p);
        }
    }
  return parse_error (r, start, "a quoted field is not closed", error);
}

/* One record into fields; *complete is FALSE when the input ended before
 * its newline. */
static gboolean
read_record (Reader *r, GPtrArray *fields, gboolean *complete, GError **error)
{
  g_autoptr (GString) field = g_string_new (NULL);

  *complete = FALSE;
  while (r->p < r->end)
    {
      if (*r->p == '"' && field->len == 0)
        {
          r->p++;
          if (!read_quoted (r, field, error))
            return FALSE;
          continue;
        }
      if (*r->p == ',' || *r->p == '\n')
        {
          g_ptr_array_add (fields, g_strdup (field->str));
          g_string_truncate (field, 0);
          if (*r->p++ == '\n')
            {
              r->line++;
              *complete = TRUE;
              return TRUE;
            }
          continue;
        }
      if (*r->p != '\r')
        g_string_append_c (field, *r->p);
      r->p++;
    }
  g_ptr_array_add (fields, g_strdup (field->str));
  return TRUE;
}

static GStrv
steal_strv (GPtrArray *fields)
{
  g_ptr_array_add (fields, NULL);
  return (GStrv) g_ptr_array_free (fields, FALSE);
}

static gboolean
read_rows (Reader *r, WsCsvTable *t, gboolean lenient, gboolean *dropped, GError **error)
{
  guint width = g_strv_length (t->header);

  while (r->p < r->end)
    {
      guint line = r->line;
      GPtrArray *fields = g_ptr_array_new_with_free_func (g_free);
      gboolean complete;
      if (!read_record (r, fields, &complete, error))
        return g_ptr_array_unref (fields), FALSE;
      if (!complete && lenient)
        {
          *dropped = TRUE;
          g_ptr_array_unref (fields);
          return TRUE;
        }
      if (fields->len != width)
        {
          g_autofree char *what = g_strdup_printf ("%u fields where the header names %u",
                                                   fields->len, width);
          g_ptr_array_unref (fields);
          return parse_error (r, line, what, error);
        }
      g_array_append_val (t->lines, line);
      g_ptr_array_add (t->rows, steal_strv (fields));
    }
  return TRUE;
}

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
ws_csv_table_append (WsCsvTable *t, GStrv fields)
{
  /* The line it would have in the file: the header is line 1. */
  guint line = t->rows->len + 2;

  g_return_if_fail (fields != NULL && g_strv_length (fields) == g_strv_length (t->header));
  g_array_append_val (t->lines, line);
  g_ptr_array_add (t->rows, fields);
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
  g_autofree char *text = NULL;
  gsize length;
  g_autoptr (WsCsvTable) t = ws_csv_table_new (NULL);
  Reader r = { path, NULL, NULL, 1 };
  GPtrArray *header = g_ptr_array_new_with_free_func (g_free);
  gboolean complete;

  if (!g_file_get_contents (path, &text, &length, error))
    return g_ptr_array_unref (header), NULL;
  r.p = text, r.end = text + length;
  if (length == 0 || !read_record (&r, header, &complete, error) || !complete)
    {
      g_ptr_array_unref (header);
      if (error != NULL && *error == NULL)
        parse_error (&r, 1, "no header line", error);
      return NULL;
    }
  t->header = steal_strv (header);
  if (!read_rows (&r, t, lenient, dropped, error))
    return NULL;
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
