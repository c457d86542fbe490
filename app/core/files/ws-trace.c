/* ws-trace.c: trace files (see ws-trace.h). Comments become blanks, so
 * that the keys parse as a key file does — in one go, each bad key named by
 * its line — and the lines' lengths cut them into rows. */
#include "ws-trace.h"

#include <string.h>

#include "ws-array-io.h"
#include "ws-array-text.h"
#include "ws-error.h"
#include "ws-file.h"
#include "ws-header.h"

#define HEADER "# warpscope-trace"
#define MAX_TRACE_BYTES (G_GINT64_CONSTANT (1) << 30)

void
ws_trace_free (WsTrace *t)
{
  if (t == NULL)
    return;
  g_free (t->network);
  g_clear_pointer (&t->input, ws_array_free);
  g_clear_pointer (&t->passes, g_ptr_array_unref);
  g_clear_pointer (&t->pass_lines, g_array_unref);
  g_free (t);
}

typedef struct
{
  gsize line;  /* 1-based */
  gsize keys;
} Row;

static gsize
count_keys (const char *p, const char *end)
{
  gsize n = 0;
  gboolean in = FALSE;

  for (; p < end; p++)
    {
      gboolean blank = *p == ' ' || (*p >= '\t' && *p <= '\r');
      n += !blank && !in;
      in = !blank;
    }
  return n;
}

/* Blanks out comments in text (a copy), reading the header where it
 * stands before the keys, and lists the rows of keys. */
static gboolean
scan_lines (const char *path, char *text, gsize len, GArray *rows, WsHeader *header,
            GError **error)
{
  gsize line = 1;

  for (char *p = text, *end = text + len; p < end; line++)
    {
      char *eol = memchr (p, '\n', (gsize) (end - p)), *hash;
      eol = eol ? eol : end;
      hash = memchr (p, '#', (gsize) (eol - p));
      if (hash != NULL)
        {
          g_autofree char *comment = g_strndup (hash, (gsize) (eol - hash));
          if (rows->len == 0 && g_str_has_prefix (comment, HEADER)
              && !ws_header_read (header, path, line, comment + strlen (HEADER), FALSE, error))
            return FALSE;
          memset (hash, ' ', (gsize) (eol - hash));
        }
      Row r = { line, count_keys (p, eol) };
      if (r.keys > 0)
        g_array_append_val (rows, r);
      p = eol < end ? eol + 1 : end;
    }
  return TRUE;
}

/* Every pass holds as many keys as the first. */
static gboolean
check_rows (const char *path, GArray *rows, GError **error)
{
  const Row *first_pass = rows->len > 1 ? &g_array_index (rows, Row, 1) : NULL;

  if (rows->len == 0)
    return ws_file_parse_error (error, path, 1, "no keys: the first line holds the input keys, each "
                        "following line the keys after one pass");
  for (guint i = 2; i < rows->len; i++)
    {
      const Row *r = &g_array_index (rows, Row, i);
      if (r->keys != first_pass->keys)
        return ws_file_parse_error (error, path, r->line, "this pass has %" G_GSIZE_FORMAT " key%s but "
                            "the first pass (line %" G_GSIZE_FORMAT ") has %" G_GSIZE_FORMAT,
                            r->keys, r->keys == 1 ? "" : "s", first_pass->line, first_pass->keys);
    }
  return TRUE;
}

/* Keys [from, from + n) of all as an array of their own. */
static WsArray *
slice (const WsArray *all, gsize from, gsize n, GError **error)
{
  WsArray *a = ws_array_new (all->type, n, error);
  gsize size = ws_key_type_size (all->type);

  if (a != NULL)
    memcpy (a->data, (const char *) all->data + from * size, n * size);
  return a;
}

static gboolean
cut_rows (WsTrace *t, const WsArray *all, GArray *rows, GError **error)
{
  gsize at = 0;

  t->passes = g_ptr_array_new_with_free_func ((GDestroyNotify) ws_array_free);
  t->pass_lines = g_array_new (FALSE, FALSE, sizeof (gsize));
  for (guint i = 0; i < rows->len; i++)
    {
      const Row *r = &g_array_index (rows, Row, i);
      WsArray *a = slice (all, at, r->keys, error);
      if (a == NULL)
        return FALSE;
      at += r->keys;
      if (i == 0)
        t->input = a, t->input_line = r->line;
      else
        g_ptr_array_add (t->passes, a), g_array_append_val (t->pass_lines, r->line);
    }
  return TRUE;
}

WsTrace *
ws_trace_parse (const char *path, const char *text, gsize len, const WsKeyType *type,
                GError **error)
{
  g_autoptr (WsTrace) t = g_new0 (WsTrace, 1);
  g_autofree char *clean = g_memdup2 (text, len + 1);
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (Row));
  g_autoptr (WsArray) all = NULL;
  WsHeader header = { NULL, WS_KEY_FLOAT32, 0 };
  gboolean ok;

  /* The keys first: a file that is not a trace at all (binary, another
   * format) is best told by its first key that is not one. */
  ok = scan_lines (path, clean, len, rows, &header, error)
       && (all = ws_text_parse (path, clean, len, type ? *type : header.type, NULL, error)) != NULL
       && check_rows (path, rows, error) && cut_rows (t, all, rows, error);
  t->network = g_steal_pointer (&header.network);
  ws_header_clear (&header);
  return ok ? g_steal_pointer (&t) : NULL;
}

WsTrace *
ws_trace_load (const char *path, const WsKeyType *type, GError **error)
{
  g_autofree char *text = NULL;
  gsize len;

  if (!ws_file_read_input (path, MAX_TRACE_BYTES, "a trace", &text, &len, error))
    return NULL;
  return ws_trace_parse (path, text, len, type, error);
}

static void
append_row (GString *s, const WsArray *a)
{
  gsize size = ws_key_type_size (a->type);

  for (gsize i = 0; i < a->n; i++)
    {
      if (i > 0)
        g_string_append_c (s, ' ');
      ws_format_key (s, a->type, (const char *) a->data + i * size);
    }
  g_string_append_c (s, '\n');
}

gboolean
ws_trace_save (const char *path, const char *network, const char *comment, const WsArray *input,
               GPtrArray *passes, GError **error)
{
  g_autoptr (GString) s = g_string_new (NULL);

  g_string_append_printf (s, HEADER " network=%s type=%s\n", network,
                          ws_key_type_name (input->type));
  if (comment != NULL)
    g_string_append_printf (s, "# %s\n", comment);
  append_row (s, input);
  for (guint p = 0; p < passes->len; p++)
    append_row (s, passes->pdata[p]);
  return ws_file_write_atomic (path, s->str, s->len, error);
}
