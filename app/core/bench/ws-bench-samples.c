/* ws-bench-samples.c: samples.csv read back (see ws-bench-samples.h). */
#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <glib/gstdio.h>

#include "ws-bench-samples.h"

#include "ws-csv.h"
#include "ws-error.h"

void
ws_bench_samples_free (WsBenchSamples *s)
{
  if (s == NULL)
    return;
  g_clear_pointer (&s->keys, g_ptr_array_unref);
  g_clear_pointer (&s->samples, g_hash_table_unref);
  g_free (s);
}

GArray *
ws_bench_samples_get (const WsBenchSamples *s, const char *key)
{
  return g_hash_table_lookup (s->samples, key);
}

void
ws_bench_samples_format (GString *out, const char *key, const GArray *samples)
{
  g_autofree char *quoted = ws_csv_quote (key);
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; samples != NULL && i < samples->len; i++)
    g_string_append_printf (out, "%s,%u,%s\n", quoted, i,
                            g_ascii_formatd (buf, sizeof buf, "%.9g",
                                             g_array_index (samples, double, i)));
}

/* One line's sample into its key's array; FALSE naming file:line. */
static gboolean
add_sample (WsBenchSamples *s, const char *const *fields, const char *path, guint line,
            GError **error)
{
  char *end = NULL;
  double seconds = g_ascii_strtod (fields[2], &end);

  if (end == fields[2] || *end != '\0' || !isfinite (seconds) || seconds < 0.0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_PARSE,
                   "%s:%u: “%s” is not a time in seconds; the samples file is damaged: run "
                   "the benchmark again with --samples",
                   path, line, fields[2]);
      return FALSE;
    }
  GArray *a = g_hash_table_lookup (s->samples, fields[0]);
  if (a == NULL)
    {
      char *key = g_strdup (fields[0]);
      a = g_array_new (FALSE, FALSE, sizeof (double));
      g_ptr_array_add (s->keys, key);
      g_hash_table_insert (s->samples, key, a);
    }
  g_array_append_val (a, seconds);
  return TRUE;
}

static gboolean
has_header (const char *const *first)
{
  return g_strcmp0 (first[0], "key") == 0 && g_strcmp0 (first[1], "index") == 0
         && g_strcmp0 (first[2], "seconds") == 0;
}

/* The file's samples; none (an empty file, or its header alone) an error
 * unless may_be_none, then an empty set. */
static WsBenchSamples *
samples_read (const char *path, gboolean may_be_none, GError **error)
{
  g_autoptr (WsBenchSamples) s = g_new0 (WsBenchSamples, 1);
  GStatBuf st;
  WsCsvReader *reader;
  const char *const *fields;
  GError *local = NULL;

  s->keys = g_ptr_array_new ();
  s->samples = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                      (GDestroyNotify) g_array_unref);
  if (may_be_none && g_stat (path, &st) == 0 && S_ISREG (st.st_mode) && st.st_size == 0)
    return g_steal_pointer (&s);
  if ((reader = ws_csv_reader_open (path, TRUE, error)) == NULL)
    return NULL;
  fields = ws_csv_reader_header (reader);
  if (g_strv_length ((char **) fields) != 3)
    g_set_error (&local, WS_ERROR, WS_ERROR_PARSE,
                 "%s:1: a samples file has three columns (key, index, seconds), not %u",
                 path, g_strv_length ((char **) fields));
  else if (!has_header (fields))
    add_sample (s, fields, path, 1, &local);
  while (local == NULL && (fields = ws_csv_reader_next (reader, &local)) != NULL)
    add_sample (s, fields, path, ws_csv_reader_line (reader), &local);
  ws_csv_reader_free (reader);
  if (local == NULL && s->keys->len == 0 && !may_be_none)
    g_set_error (&local, WS_ERROR, WS_ERROR_PARSE, "%s holds no samples", path);
  if (local != NULL)
    {
      g_propagate_error (error, local);
      return NULL;
    }
  return g_steal_pointer (&s);
}

WsBenchSamples *
ws_bench_samples_load (const char *path, GError **error)
{
  return samples_read (path, FALSE, error);
}

WsBenchSamples *
ws_bench_samples_load_any (const char *path, GError **error)
{
  return samples_read (path, TRUE, error);
}
