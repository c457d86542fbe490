/* ws-compare-runs.c: a run beside a baseline, whole (see ws-compare-runs.h). */
#include "ws-compare-runs.h"

#include "ws-bench-csv.h"
#include "ws-bench-json.h"
#include "ws-bench-rows.h"
#include "ws-error.h"

/* ---- finding and reading a run's samples ---- */

/* A folder's file of samples: result.json, which every run since issue
 * 21 writes, else the samples.csv of `bench --samples` (older runs).
 * result_csv names the result.csv given for the folder, or is NULL. */
static char *
samples_in (const char *what, const char *dir, const char *result_csv, GError **error)
{
  g_autofree char *json = g_build_filename (dir, WS_BENCH_JSON_FILE, NULL);
  g_autofree char *csv = g_build_filename (dir, "samples.csv", NULL);
  g_autofree char *named = NULL;

  if (g_file_test (json, G_FILE_TEST_EXISTS))
    return g_steal_pointer (&json);
  if (g_file_test (csv, G_FILE_TEST_EXISTS))
    return g_steal_pointer (&csv);
  named = result_csv ? g_strdup_printf ("%s holds no samples, and its folder", result_csv)
                     : g_strdup (dir);
  g_set_error (error, WS_ERROR, WS_ERROR_IO,
               "%s %s has neither %s nor samples.csv: compare needs every sample of a run; run "
               "`warpscope-cli bench PLAN -o %s`",
               what, named, WS_BENCH_JSON_FILE, dir);
  return NULL;
}

typedef enum { OTHER_FILE, RESULT_CSV, SAMPLES_CSV } FileKind;

/* What a CSV file is by its first line: a result.csv (its rows, no
 * samples: result.csv's key and median columns), a samples.csv (three
 * columns: key, index, seconds, or a first sample in older files), or
 * neither. A file that cannot be read as CSV is left to the samples'
 * reader to say so. */
static FileKind
csv_kind (const char *path)
{
  g_autoptr (WsCsvReader) r = ws_csv_reader_open (path, TRUE, NULL);
  const char *const *h = r ? ws_csv_reader_header (r) : NULL;
  gboolean key = FALSE, median = FALSE;

  if (h == NULL)
    return SAMPLES_CSV;
  for (guint i = 0; h[i] != NULL; i++)
    {
      key |= g_str_equal (h[i], WS_BENCH_CSV_KEY);
      median |= g_str_equal (h[i], ws_bench_col_name (WS_BENCH_COL_MEDIAN));
    }
  if (key && median)
    return RESULT_CSV;
  return g_strv_length ((char **) h) == 3 ? SAMPLES_CSV : OTHER_FILE;
}

char *
ws_compare_samples_file (const char *what, const char *path, GError **error)
{
  g_autofree char *dir = NULL;

  g_return_val_if_fail (what != NULL && path != NULL, NULL);
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    return samples_in (what, path, NULL, error);
  if (ws_bench_json_is_json_path (path))
    return g_strdup (path);
  switch (csv_kind (path))
    {
    case RESULT_CSV:
      dir = g_path_get_dirname (path);
      return samples_in (what, dir, path, error);
    case SAMPLES_CSV:
      return g_strdup (path);
    case OTHER_FILE:
    default:
      g_set_error (error, WS_ERROR, WS_ERROR_PARSE,
                   "%s %s is not a run's result.json, result.csv or samples.csv: name a "
                   "benchmark's folder (bench -o DIR) or one of those files", what, path);
      return NULL;
    }
}

/* The rows beside a samples.csv, from its folder's result.csv: an empty
 * table where there is none to read (a samples file alone still
 * compares). */
static WsCsvTable *
rows_beside (const char *samples_file)
{
  g_autofree char *dir = g_path_get_dirname (samples_file);
  g_autofree char *csv = g_build_filename (dir, "result.csv", NULL);
  WsBenchLeftOut left_out = { 0 };
  WsCsvTable *t = ws_bench_results_read (csv, NULL, NULL, NULL, &left_out, NULL);

  ws_bench_left_out_clear (&left_out);
  return t != NULL ? t : ws_csv_table_new (ws_bench_csv_columns ());
}

static WsBenchSamples *
load_json (const char *file, WsCsvTable **rows, GError **error)
{
  g_autoptr (WsBenchJson) json = ws_bench_json_load (file, error);
  g_autoptr (WsBenchSamples) samples = json ? ws_bench_json_samples (json) : NULL;

  if (samples == NULL)
    return NULL;
  if (samples->keys->len == 0) /* as ws_bench_samples_load says of an empty samples.csv */
    {
      g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "%s holds no samples: none of its %u rows ran",
                   file, ws_bench_json_n_configs (json));
      return NULL;
    }
  if (rows != NULL)
    *rows = ws_bench_json_table (json);
  return g_steal_pointer (&samples);
}

WsBenchSamples *
ws_compare_load_run (const char *what, const char *path, WsCsvTable **rows, GError **error)
{
  g_autofree char *file = ws_compare_samples_file (what, path, error);
  WsBenchSamples *samples;

  if (file == NULL)
    return NULL;
  if (ws_bench_json_is_json_path (file))
    return load_json (file, rows, error);
  if ((samples = ws_bench_samples_load (file, error)) != NULL && rows != NULL)
    *rows = rows_beside (file);
  return samples;
}

/* ---- comparing them ---- */

void
ws_compare_runs_free (WsCompareRuns *runs)
{
  if (runs == NULL)
    return;
  for (guint i = 0; runs->pairs != NULL && i < runs->pairs->len; i++)
    g_free (g_array_index (runs->pairs, WsComparePair, i).key);
  g_clear_pointer (&runs->pairs, g_array_unref);
  g_clear_pointer (&runs->only_base, g_ptr_array_unref);
  g_clear_pointer (&runs->only_new, g_ptr_array_unref);
  g_clear_pointer (&runs->by_key, g_hash_table_unref);
  g_free (runs);
}

/* The keys of `in` that `other` has no samples of, in in's order. */
static GPtrArray *
keys_apart (const WsBenchSamples *in, const WsBenchSamples *other)
{
  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < in->keys->len; i++)
    if (ws_bench_samples_get (other, in->keys->pdata[i]) == NULL)
      g_ptr_array_add (keys, g_strdup (in->keys->pdata[i]));
  return keys;
}

/* Each key both have, in the baseline's order; FALSE when one is refused. */
static gboolean
compare_shared (WsCompareRuns *runs, const WsBenchSamples *base, const WsBenchSamples *fresh,
                GError **error)
{
  for (guint i = 0; i < base->keys->len; i++)
    {
      const char *key = base->keys->pdata[i];
      GArray *b = ws_bench_samples_get (base, key), *f = ws_bench_samples_get (fresh, key);
      WsComparePair p = { NULL };
      if (f == NULL)
        continue;
      if (!ws_compare_samples ((const double *) b->data, b->len, (const double *) f->data, f->len,
                               runs->threshold, &p.c, error))
        {
          g_prefix_error (error, "%s: ", key);
          return FALSE;
        }
      p.key = g_strdup (key);
      runs->slower |= p.c.verdict == WS_VERDICT_SLOWER;
      g_array_append_val (runs->pairs, p);
    }
  return TRUE;
}

WsCompareRuns *
ws_compare_runs (const WsBenchSamples *base, const WsBenchSamples *fresh, double threshold,
                 GError **error)
{
  g_autoptr (WsCompareRuns) runs = g_new0 (WsCompareRuns, 1);

  g_return_val_if_fail (base != NULL && fresh != NULL, NULL);
  runs->threshold = threshold;
  runs->pairs = g_array_new (FALSE, FALSE, sizeof (WsComparePair));
  if (!compare_shared (runs, base, fresh, error))
    return NULL;
  if (runs->pairs->len == 0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "The two runs share no configuration: compare runs of the same plan");
      return NULL;
    }
  runs->only_base = keys_apart (base, fresh);
  runs->only_new = keys_apart (fresh, base);
  /* The array is complete: pointers into it stay put from here on. */
  runs->by_key = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < runs->pairs->len; i++)
    {
      WsComparePair *p = &g_array_index (runs->pairs, WsComparePair, i);
      g_hash_table_insert (runs->by_key, p->key, p);
    }
  return g_steal_pointer (&runs);
}

const WsComparison *
ws_compare_runs_lookup (const WsCompareRuns *runs, const char *key)
{
  const WsComparePair *p;

  g_return_val_if_fail (runs != NULL && key != NULL, NULL);
  p = g_hash_table_lookup (runs->by_key, key);
  return p != NULL ? &p->c : NULL;
}
