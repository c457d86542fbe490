/* ws-preset-reader.c: a preset's text, with a line number for every key.
 *
 * GKeyFile parses the values but cannot say where a key was, and it accepts
 * things a preset must not: a typo'd key is simply never read, a repeated
 * key or group silently keeps the last. So the text is scanned here first,
 * with GKeyFile's own line rules, to record the line of every group and key
 * and to refuse the unknown and the repeated; only then does GKeyFile read
 * it, and any complaint of its own still gets a line (see first_bad_line).
 */
#include "ws-preset-private.h"

#include <stdarg.h>
#include <string.h>

#include "ws-error.h"
#include "ws-registry.h"
#include "ws-size.h"

#define UTF8_BOM "\xef\xbb\xbf"
#define SUGGEST_DISTANCE 2 /* typos this close to a known key get a "did you mean" */

static const char *const groups[] = { "preset", "adaptive", "params", NULL };

static const char *const preset_keys[] = {
  "name", "description", "algorithms", "variants", "baseline", "sizes", "repetitions", "warmup",
  "instances", "distribution", "seed", "type", "verify", "stop_on_failure", "timing", "cold",
  "devices", NULL,
};

static const char *const adaptive_keys[] = {
  "min_samples", "max_samples", "time_budget", "target_noise", NULL,
};

/* ---- errors ------------------------------------------------------------ */

static gboolean
fail_va (const char *name,
         gsize       line,
         const char *label,
         GError    **error,
         const char *format,
         va_list     args)
{
  g_autofree char *what = g_strdup_vprintf (format, args);

  if (label != NULL)
    g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "%s:%" G_GSIZE_FORMAT ": %s: %s",
                 name, line, label, what);
  else
    g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "%s:%" G_GSIZE_FORMAT ": %s",
                 name, line, what);
  return FALSE;
}

/* An error at a known line; label NULL for lines that hold no key. */
G_GNUC_PRINTF (5, 6)
static gboolean
fail_at (const WsPresetReader *reader,
         gsize                 line,
         const char           *label,
         GError              **error,
         const char           *format,
         ...)
{
  va_list args;

  va_start (args, format);
  fail_va (reader->name, line, label, error, format, args);
  va_end (args);
  return FALSE;
}

/* "radius" in [params] is "params.radius"; [preset]'s keys go bare. */
static char *
key_label (const char *group,
           const char *key)
{
  if (key == NULL)
    return g_strdup_printf ("[%s]", group);
  if (g_str_equal (group, "preset"))
    return g_strdup (key);
  return g_strdup_printf ("%s.%s", group, key);
}

gboolean
ws_preset_fail (const WsPresetReader *reader,
                const char           *group,
                const char           *key,
                GError              **error,
                const char           *format,
                ...)
{
  g_autofree char *label = key_label (group, key);
  gsize line = ws_preset_reader_line (reader, group, key);
  va_list args;

  va_start (args, format);
  fail_va (reader->name, line ? line : 1, label, error, format, args);
  va_end (args);
  return FALSE;
}

/* ---- the text as a whole ----------------------------------------------- */

static gsize
line_of (const char *text,
         const char *at)
{
  gsize line = 1;

  for (const char *p = text; p < at; p++)
    line += *p == '\n';
  return line;
}

static gboolean
check_text (const char *name,
            const char *text,
            gsize       length,
            GError    **error)
{
  const char *end = NULL;

  if (length > WS_PRESET_MAX_BYTES)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "%s: the file is %" G_GSIZE_FORMAT " bytes; a preset may be at most 1 MiB",
                   name, length);
      return FALSE;
    }
  if (g_utf8_validate_len (text, length, &end))
    return TRUE;
  if (*end == '\0')
    g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                 "%s:%" G_GSIZE_FORMAT ": a NUL byte; a preset is plain text", name,
                 line_of (text, end));
  else
    g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                 "%s:%" G_GSIZE_FORMAT ": byte 0x%02x is not UTF-8 text; save the file as UTF-8",
                 name, line_of (text, end), (guint) (guchar) *end);
  return FALSE;
}

/* ---- the scan ---------------------------------------------------------- */

typedef struct
{
  WsPresetReader *reader;
  const char     *group; /* one of groups[], NULL before the first header */
  gsize           line;
} Scan;

static const char *
find_name (const char *const *names,
           const char        *name)
{
  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], name))
      return names[i];
  return NULL;
}

static gboolean
scan_group (Scan       *s,
            const char *line,
            GError    **error)
{
  const char *close = strchr (line, ']');
  g_autofree char *name = close ? g_strndup (line + 1, close - line - 1) : NULL;
  const char *known;
  gsize first;

  if (name == NULL || close[1] != '\0' || name[0] == '\0' || strchr (name, '[') != NULL)
    return fail_at (s->reader, s->line, NULL, error,
                    "“%s” is not a group header; write [preset], [adaptive] or [params] alone "
                    "on its line", line);
  known = find_name (groups, name);
  if (known == NULL)
    return fail_at (s->reader, s->line, line, error,
                    "unknown group; a preset has [preset], [adaptive] and [params]");
  first = GPOINTER_TO_SIZE (g_hash_table_lookup (s->reader->lines, known));
  if (first != 0)
    return fail_at (s->reader, s->line, line, error,
                    "the group is already open on line %" G_GSIZE_FORMAT "; give each group once",
                    first);
  g_hash_table_insert (s->reader->lines, g_strdup (known), GSIZE_TO_POINTER (s->line));
  s->group = known;
  return TRUE;
}

/* The registry's parameter names, each once, in table order. */
static GPtrArray *
param_names (void)
{
  guint n;
  const WsAlgorithm *const *algos = ws_registry_list (&n);
  GPtrArray *names = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < algos[i]->n_params; j++)
      if (!g_ptr_array_find_with_equal_func (names, algos[i]->params[j].name, g_str_equal, NULL))
        g_ptr_array_add (names, (gpointer) algos[i]->params[j].name);
  g_ptr_array_add (names, NULL);
  return names;
}

/* Levenshtein distance of two short strings, for "did you mean". */
static guint
distance (const char *a,
          const char *b)
{
  gsize la = strlen (a), lb = strlen (b);
  g_autofree guint *row = g_new (guint, lb + 1);

  for (gsize j = 0; j <= lb; j++)
    row[j] = j;
  for (gsize i = 1; i <= la; i++)
    {
      guint diagonal = row[0];

      row[0] = i;
      for (gsize j = 1; j <= lb; j++)
        {
          guint above = row[j];

          row[j] = MIN (MIN (row[j] + 1, row[j - 1] + 1), diagonal + (a[i - 1] != b[j - 1]));
          diagonal = above;
        }
    }
  return row[lb];
}

static gboolean
unknown_key (Scan              *s,
             const char        *key,
             const char *const *known,
             GError           **error)
{
  g_autofree char *label = key_label (s->group, key);
  g_autofree char *list = g_strjoinv (", ", (char **) known);
  const char *what = g_str_equal (s->group, "params") ? "parameter" : "key";
  const char *near = NULL;

  for (guint i = 0; known[i] != NULL && near == NULL; i++)
    if (distance (key, known[i]) <= SUGGEST_DISTANCE)
      near = known[i];
  if (near != NULL)
    return fail_at (s->reader, s->line, label, error, "unknown %s in [%s]; did you mean %s? "
                    "(the %ss are %s)", what, s->group, near, what, list);
  return fail_at (s->reader, s->line, label, error, "unknown %s in [%s]; the %ss are %s",
                  what, s->group, what, list);
}

static gboolean
check_key_known (Scan       *s,
                 const char *key,
                 GError    **error)
{
  g_autoptr (GPtrArray) params = NULL;

  if (g_str_equal (s->group, "preset"))
    return find_name (preset_keys, key) || unknown_key (s, key, preset_keys, error);
  if (g_str_equal (s->group, "adaptive"))
    return find_name (adaptive_keys, key) || unknown_key (s, key, adaptive_keys, error);
  params = param_names ();
  return find_name ((const char *const *) params->pdata, key)
         || unknown_key (s, key, (const char *const *) params->pdata, error);
}

static gboolean
scan_key (Scan       *s,
          const char *line,
          GError    **error)
{
  const char *equals = strchr (line, '=');
  g_autofree char *key = equals ? g_strchomp (g_strndup (line, equals - line)) : NULL;
  g_autofree char *label = NULL;
  g_autofree char *where = NULL;
  gsize first;

  if (key == NULL || key[0] == '\0')
    return fail_at (s->reader, s->line, NULL, error,
                    "“%s” is not a key = value line, a [group] header or a # comment", line);
  if (s->group == NULL)
    return fail_at (s->reader, s->line, key, error,
                    "comes before any group; put it under [preset]");
  if (!check_key_known (s, key, error))
    return FALSE;
  label = key_label (s->group, key);
  where = g_strconcat (s->group, "\n", key, NULL);
  first = GPOINTER_TO_SIZE (g_hash_table_lookup (s->reader->lines, where));
  if (first != 0)
    return fail_at (s->reader, s->line, label, error,
                    "given twice (first on line %" G_GSIZE_FORMAT "); keep one", first);
  if (g_str_equal (s->group, "params"))
    g_ptr_array_add (s->reader->param_keys, g_strdup (key));
  g_hash_table_insert (s->reader->lines, g_steal_pointer (&where), GSIZE_TO_POINTER (s->line));
  return TRUE;
}

/* GKeyFile skips leading ASCII space and takes '#' lines and blank lines as
 * comments; a line is then a [group] or a key=value. */
static gboolean
scan_line (Scan       *s,
           const char *start,
           const char *end,
           GError    **error)
{
  g_autofree char *line = g_strstrip (g_strndup (start, end - start));

  if (line[0] == '\0' || line[0] == '#')
    return TRUE;
  if (line[0] == '[')
    return scan_group (s, line, error);
  return scan_key (s, line, error);
}

static gboolean
scan (WsPresetReader *reader,
      const char     *text,
      gsize           length,
      GError        **error)
{
  Scan s = { reader, NULL, 1 };
  const char *end = text + length;

  for (const char *p = text; p < end; s.line++)
    {
      const char *eol = memchr (p, '\n', end - p);

      if (eol == NULL)
        eol = end;
      if (!scan_line (&s, p, eol, error))
        return FALSE;
      p = eol + 1;
    }
  return TRUE;
}

/* ---- GKeyFile ---------------------------------------------------------- */

static gsize
prefix_length (const char *text,
               gsize       length,
               gsize       lines)
{
  gsize at = 0;

  for (gsize seen = 0; at < length && seen < lines; at++)
    seen += text[at] == '\n';
  return at;
}

static gboolean
prefix_loads (const char *text,
              gsize       length,
              gsize       lines)
{
  g_autoptr (GKeyFile) keys = g_key_file_new ();

  return g_key_file_load_from_data (keys, text, prefix_length (text, length, lines),
                                    G_KEY_FILE_NONE, NULL);
}

/* GKeyFile rejected text the scan let through. It parses line by line and
 * stops at the first line it cannot take, so the first `n` lines load
 * exactly when n is before that line: bisect for it. */
static gsize
first_bad_line (const char *text,
                gsize       length)
{
  gsize lo = 1, hi = line_of (text, text + length);

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (prefix_loads (text, length, mid))
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static gboolean
load_keys (WsPresetReader *reader,
           const char     *text,
           gsize           length,
           GError        **error)
{
  g_autoptr (GError) local = NULL;

  reader->keys = g_key_file_new ();
  g_key_file_set_list_separator (reader->keys, ',');
  if (g_key_file_load_from_data (reader->keys, text, length, G_KEY_FILE_NONE, &local))
    return TRUE;
  return fail_at (reader, first_bad_line (text, length), NULL, error, "%s", local->message);
}

/* ---- the reader -------------------------------------------------------- */

WsPresetReader *
ws_preset_reader_new (const char *name,
                      const char *text,
                      gsize       length,
                      GError    **error)
{
  g_autoptr (WsPresetReader) reader = g_new0 (WsPresetReader, 1);

  if (!check_text (name, text, length, error))
    return NULL;
  /* Editors on Windows start UTF-8 files with a byte-order mark, which
   * GKeyFile would take for part of the first line. */
  if (length >= 3 && memcmp (text, UTF8_BOM, 3) == 0)
    text += 3, length -= 3;
  reader->name = name;
  reader->lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  reader->param_keys = g_ptr_array_new_with_free_func (g_free);
  if (!scan (reader, text, length, error) || !load_keys (reader, text, length, error))
    return NULL;
  return g_steal_pointer (&reader);
}

void
ws_preset_reader_free (WsPresetReader *reader)
{
  if (reader == NULL)
    return;
  g_clear_pointer (&reader->keys, g_key_file_unref);
  g_clear_pointer (&reader->lines, g_hash_table_unref);
  g_clear_pointer (&reader->param_keys, g_ptr_array_unref);
  g_free (reader);
}

gsize
ws_preset_reader_line (const WsPresetReader *reader,
                       const char           *group,
                       const char           *key)
{
  g_autofree char *where = key ? g_strconcat (group, "\n", key, NULL) : NULL;
  gsize line = where ? GPOINTER_TO_SIZE (g_hash_table_lookup (reader->lines, where)) : 0;

  return line ? line : GPOINTER_TO_SIZE (g_hash_table_lookup (reader->lines, group));
}

gboolean
ws_preset_reader_has (const WsPresetReader *reader,
                      const char           *group,
                      const char           *key)
{
  g_autofree char *where = key ? g_strconcat (group, "\n", key, NULL) : g_strdup (group);

  return g_hash_table_contains (reader->lines, where);
}

/* ---- values ------------------------------------------------------------ */

static gboolean
bad_escape (const WsPresetReader *reader,
            const char           *group,
            const char           *key,
            GError              **error)
{
  g_autofree char *raw = g_key_file_get_value (reader->keys, group, key, NULL);

  return ws_preset_fail (reader, group, key, error,
                         "“%s” has a backslash GKeyFile does not know; the escapes are "
                         "\\s \\n \\t \\r and \\\\", raw);
}

gboolean
ws_preset_reader_text (const WsPresetReader *reader,
                       const char           *group,
                       const char           *key,
                       char                **out,
                       GError              **error)
{
  g_autoptr (GError) local = NULL;
  g_autofree char *value = NULL;

  *out = NULL;
  if (!ws_preset_reader_has (reader, group, key))
    return TRUE;
  value = g_key_file_get_string (reader->keys, group, key, &local);
  if (local != NULL)
    return bad_escape (reader, group, key, error);
  *out = g_strstrip (g_steal_pointer (&value));
  return TRUE;
}

/* GKeyFile ends a list at a trailing separator without a word, so "1, 2,"
 * would quietly read as "1, 2"; a preset calls that an empty item. */
static gboolean
check_items (const WsPresetReader *reader,
             const char           *group,
             const char           *key,
             GStrv                 items,
             GError              **error)
{
  g_autofree char *raw = g_strstrip (g_key_file_get_value (reader->keys, group, key, NULL));

  for (guint i = 0; items[i] != NULL; i++)
    if (g_strstrip (items[i])[0] == '\0')
      return ws_preset_fail (reader, group, key, error,
                             "item %u of “%s” is empty; separate the values with single commas",
                             i + 1, raw);
  if (g_str_has_suffix (raw, ","))
    return ws_preset_fail (reader, group, key, error,
                           "“%s” ends with a comma; drop it or add the missing value", raw);
  return TRUE;
}

gboolean
ws_preset_reader_items (const WsPresetReader *reader,
                        const char           *group,
                        const char           *key,
                        const char           *example,
                        GStrv                *out,
                        GError              **error)
{
  g_autoptr (GError) local = NULL;
  g_auto (GStrv) items = NULL;

  *out = NULL;
  if (!ws_preset_reader_has (reader, group, key))
    return TRUE;
  items = g_key_file_get_string_list (reader->keys, group, key, NULL, &local);
  if (local != NULL && g_error_matches (local, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE))
    return bad_escape (reader, group, key, error);
  if (items == NULL || items[0] == NULL)
    return ws_preset_fail (reader, group, key, error, "no value; give %s", example);
  if (!check_items (reader, group, key, items, error))
    return FALSE;
  *out = g_steal_pointer (&items);
  return TRUE;
}

gboolean
ws_preset_parse_count (const WsPresetReader *reader,
                       const char           *group,
                       const char           *key,
                       const char           *text,
                       guint64               min,
                       guint64               max,
                       guint64              *out,
                       GError              **error)
{
  g_autoptr (GError) local = NULL;

  /* Digits alone: a leading \v, which g_strstrip leaves, was taken once
   * (found by fuzzing). */
  if (ws_digits_parse (text, min, max, out, &local))
    return TRUE;
  if (text[0] == '\0')
    return ws_preset_fail (reader, group, key, error,
                           "no value; give a whole number from %" G_GUINT64_FORMAT " to %"
                           G_GUINT64_FORMAT, min, max);
  if (g_error_matches (local, G_NUMBER_PARSER_ERROR, G_NUMBER_PARSER_ERROR_OUT_OF_BOUNDS))
    return ws_preset_fail (reader, group, key, error,
                           "%s is out of range; use %" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT,
                           text, min, max);
  return ws_preset_fail (reader, group, key, error,
                         "“%s” is not a whole number from %" G_GUINT64_FORMAT " to %"
                         G_GUINT64_FORMAT, text, min, max);
}
