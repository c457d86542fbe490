/* ws-bench-merge.c: shards' folders into one run (see ws-bench-merge.h).
 *
 * Everything is read and checked before anything is written, so a refusal
 * leaves no half-merged folder behind.
 */
#include "ws-bench-merge.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ws-bench-csv.h"
#include "ws-bench-json.h"
#include "ws-bench-record.h"
#include "ws-bench-samples.h"
#include "ws-bench-shard.h"
#include "ws-error.h"
#include "ws-file.h"

/* One shard's folder, read. */
typedef struct
{
  const char    *dir;
  WsBenchRecord *record;
  WsBenchShard   shard;
  WsCsvTable    *rows;    /* result.csv */
  WsBenchPlanKeys *plan;  /* plan-keys.txt: the whole plan, each row's shard */
  WsBenchJson   *json;    /* result.json; NULL where the folder has none */
  WsBenchSamples *samples; /* samples.csv; NULL where it has none, or no sample in it */
  gboolean       has_samples; /* it has a samples.csv (bench --samples), sample or not */
} Part;

static void
part_clear (Part *p)
{
  g_clear_pointer (&p->record, ws_bench_record_free);
  g_clear_pointer (&p->rows, ws_csv_table_free);
  g_clear_pointer (&p->plan, ws_bench_plan_keys_free);
  g_clear_pointer (&p->json, ws_bench_json_free);
  g_clear_pointer (&p->samples, ws_bench_samples_free);
}

#define REFUSE(...) (g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, __VA_ARGS__), FALSE)

/* ---- one shard ---- */

static gboolean
read_record (Part *p, GError **error)
{
  g_autoptr (GError) local = NULL;
  const char *shard;

  if ((p->record = ws_bench_record_read (p->dir, &local)) == NULL)
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return REFUSE ("%s has no %s: nothing says which plan and build its rows are of (is it "
                       "a folder that bench --shard I/N wrote?)", p->dir, WS_BENCH_RECORD_FILE);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if ((shard = ws_bench_record_get (p->record, "shard")) == NULL)
    return REFUSE ("%s/%s names no shard: it is a whole run, not a part written by bench "
                   "--shard I/N, and there is nothing to merge it with", p->dir,
                   WS_BENCH_RECORD_FILE);
  if (!ws_bench_shard_parse (shard, &p->shard, &local))
    return REFUSE ("%s/%s: %s", p->dir, WS_BENCH_RECORD_FILE, local->message);
  return TRUE;
}

static gboolean
read_rows (Part *p, GError **error)
{
  g_autofree char *csv = g_build_filename (p->dir, "result.csv", NULL);

  if (!g_file_test (csv, G_FILE_TEST_EXISTS))
    return REFUSE ("%s has no result.csv: its shard has not run, or did not get as far as its "
                   "first row (see its error.log, or the job's output). Run it, then merge",
                   p->dir);
  g_autoptr (WsCsvTable) older = NULL;

  /* Strict: a row cut short is a damaged file here, named by its line. */
  if ((p->rows = ws_csv_table_read (csv, error)) == NULL)
    return FALSE;
  if (g_strv_equal ((const char *const *) p->rows->header, ws_bench_csv_columns ()))
    return TRUE;
  /* A version before a column was added (cold, device_index): its rows in
   * this one's columns, as every reader takes them. */
  older = g_steal_pointer (&p->rows);
  if ((p->rows = ws_bench_csv_upgrade (older)) != NULL)
    return TRUE;
  return REFUSE ("%s is not a result file of this version of Warpscope (its columns differ): "
                 "merge with the warpscope-cli that ran the shards", csv);
}

/* Every configuration in one of run.ini's N shards. */
static gboolean
check_keys (const Part *p, GError **error)
{
  for (guint i = 0; i < p->plan->shards->len; i++)
    if (g_array_index (p->plan->shards, guint, i) > p->shard.count)
      return REFUSE ("%s/%s gives “%s” to shard %u, but run.ini cuts the plan in %u: was it "
                     "edited? Run that shard again", p->dir, WS_BENCH_PLAN_KEYS_FILE,
                     (char *) p->plan->keys->pdata[i], g_array_index (p->plan->shards, guint, i),
                     p->shard.count);
  return TRUE;
}

/* result.json; where the folder has none (a build before result.json, or
 * a file lost) it is merged from its CSV files (see ws-bench-merge.h). */
static gboolean
read_json (Part *p, GError **error)
{
  g_autofree char *path = g_build_filename (p->dir, WS_BENCH_JSON_FILE, NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return TRUE;
  return (p->json = ws_bench_json_load (path, error)) != NULL;
}

/* samples.csv if any, by the one reader of the file: merged into OUT's
 * where every shard has one, and the samples of result.json where a shard
 * has none of that. Only its header is no damage: every row of the shard
 * failed before a sample was taken. */
static gboolean
read_samples (Part *p, GError **error)
{
  g_autofree char *path = g_build_filename (p->dir, "samples.csv", NULL);

  if (!(p->has_samples = g_file_test (path, G_FILE_TEST_EXISTS)))
    return TRUE;
  if ((p->samples = ws_bench_samples_load_any (path, error)) == NULL)
    return FALSE;
  if (p->samples->keys->len == 0)
    g_clear_pointer (&p->samples, ws_bench_samples_free);
  return TRUE;
}

/* result.json must hold the configurations result.csv has rows of, no
 * more and no fewer: a file of another run, or one that a killed run left
 * behind its result.csv, would put samples beside rows they are not of.
 * Asked once result.csv's rows are known to be the shard's, whole, so
 * that a shard cut short is told how to finish rather than this. */
static gboolean
check_json (const Part *p, GError **error)
{
  g_autofree char *path = g_build_filename (p->dir, WS_BENCH_JSON_FILE, NULL);
  g_autoptr (GHashTable) keys = g_hash_table_new (g_str_hash, g_str_equal);

  if (p->json == NULL)
    return TRUE;
  for (guint r = 0; r < p->rows->rows->len; r++)
    {
      const char *key = ws_csv_table_get (p->rows, r, WS_BENCH_CSV_KEY);
      g_hash_table_add (keys, (gpointer) key);
      if (ws_bench_json_lookup (p->json, key) == NULL)
        return REFUSE ("%s does not agree with its result.csv: “%s” has a row in result.csv "
                       "(line %u) but not in result.json. Run the shard again with --resume "
                       "(bench PLAN --shard %u/%u --resume -o %s), which writes result.json "
                       "anew, then merge", path, key, g_array_index (p->rows->lines, guint, r),
                       p->shard.index, p->shard.count, p->dir);
    }
  for (guint i = 0; i < ws_bench_json_n_configs (p->json); i++)
    {
      const char *key = ws_bench_json_config (p->json, i)->key;
      if (!g_hash_table_contains (keys, key))
        return REFUSE ("%s does not agree with its result.csv: configurations[%u] “%s” has no "
                       "row in result.csv. Was one of the files edited, or copied from another "
                       "run? Run the shard again", path, i, key);
    }
  return TRUE;
}

static gboolean
part_read (Part *p, GError **error)
{
  return read_record (p, error) && read_rows (p, error) && read_json (p, error)
         && read_samples (p, error) && (p->plan = ws_bench_plan_keys_read (p->dir, error)) != NULL && check_keys (p, error);
}

/* ---- the shards together ---- */

static gboolean
same_plan (const WsBenchPlanKeys *a, const WsBenchPlanKeys *b)
{
  if (a->keys->len != b->keys->len
      || memcmp (a->shards->data, b->shards->data, a->shards->len * sizeof (guint)) != 0)
    return FALSE;
  for (guint i = 0; i < a->keys->len; i++)
    if (strcmp (a->keys->pdata[i], b->keys->pdata[i]) != 0)
      return FALSE;
  return TRUE;
}

static gboolean
check_alike (const Part *first, const Part *p, GError **error)
{
  const char *hash = ws_bench_record_get (p->record, "hash");
  const char *build = ws_bench_record_get (p->record, "build");
  const char *first_build = ws_bench_record_get (first->record, "build");

  if (g_strcmp0 (hash, ws_bench_record_get (first->record, "hash")) != 0)
    {
      g_autofree char *changes = ws_bench_record_plan_changes (first->record, p->record);
      return REFUSE ("%s and %s are shards of different plans (%s): merge the shards of one "
                     "plan only", first->dir, p->dir, changes ? changes : "their hashes differ");
    }
  if (g_strcmp0 (build, first_build) != 0)
    return REFUSE ("%s and %s were run by different builds (%s and %s): their rows are not "
                   "comparable. Run every shard with the same warpscope-cli", first->dir,
                   p->dir, first_build, build);
  if (p->shard.count != first->shard.count)
    return REFUSE ("%s is shard %u/%u but %s is %u/%u: they are of different cuts of the plan. "
                   "Merge the folders of one job", p->dir, p->shard.index, p->shard.count,
                   first->dir, first->shard.index, first->shard.count);
  if (!same_plan (p->plan, first->plan))
    return REFUSE ("%s/%s lists another plan than %s/%s, though run.ini gives the same hash: "
                   "was it edited? Run that shard again", p->dir, WS_BENCH_PLAN_KEYS_FILE,
                   first->dir, WS_BENCH_PLAN_KEYS_FILE);
  return TRUE;
}

/* Each shard once, none missing. */
static gboolean
check_cover (const Part *parts, guint n, GError **error)
{
  guint count = parts[0].shard.count;
  g_autofree const Part **seen = g_new0 (const Part *, count + 1);
  g_autoptr (GString) missing = g_string_new (NULL);
  guint n_missing = 0;

  for (guint i = 0; i < n; i++)
    {
      const Part *p = &parts[i], *other = seen[p->shard.index];
      if (other != NULL)
        return REFUSE ("Shard %u/%u is given twice: %s and %s. Give each shard's folder once",
                       p->shard.index, count, other->dir, p->dir);
      seen[p->shard.index] = p;
    }
  for (guint s = 1; s <= count; s++)
    if (seen[s] == NULL)
      g_string_append_printf (missing, "%s%u", n_missing++ ? ", " : "", s);
  if (n_missing > 0)
    return REFUSE ("Shard%s %s of %u %s missing: give the folders of all %u shards (the job "
                   "writes them as shard-1 … shard-%u)", n_missing == 1 ? "" : "s", missing->str,
                   count, n_missing == 1 ? "is" : "are", count, count);
  return TRUE;
}

/* ---- the rows in the plan's order ---- */

typedef struct
{
  const Part *part;
  guint       row;
} Source;

/* sources[i]: where configuration i of the plan has its row. A row must
 * be of the plan, in the shard the plan gives it, and alone. */
static gboolean
place_row (const Part *p, guint r, GHashTable *index, Source *sources, GError **error)
{
  const char *key = ws_csv_table_get (p->rows, r, WS_BENCH_CSV_KEY);
  guint line = g_array_index (p->rows->lines, guint, r), i, shard;
  gpointer at;
  Source *src;

  if (!g_hash_table_lookup_extended (index, key, NULL, &at))
    return REFUSE ("%s/result.csv:%u: “%s” is not a configuration of the plan in %s", p->dir,
                   line, key, WS_BENCH_PLAN_KEYS_FILE);
  i = GPOINTER_TO_UINT (at);
  shard = g_array_index (p->plan->shards, guint, i);
  if (shard != p->shard.index)
    return REFUSE ("%s/result.csv:%u: “%s” is shard %u/%u's, not this folder's %u/%u: was the "
                   "file edited or copied?", p->dir, line, key, shard, p->shard.count,
                   p->shard.index, p->shard.count);
  src = &sources[i];
  if (src->part != NULL)
    return REFUSE ("%s/result.csv:%u: “%s” has a row already, in %s/result.csv:%u: a "
                   "configuration is measured once", p->dir, line, key, src->part->dir,
                   g_array_index (src->part->rows->lines, guint, src->row));
  *src = (Source) { p, r };
  return TRUE;
}

static gboolean
place_rows (const Part *parts, guint n, Source *sources, GError **error)
{
  const GPtrArray *keys = parts[0].plan->keys;
  g_autoptr (GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < keys->len; i++)
    g_hash_table_insert (index, keys->pdata[i], GUINT_TO_POINTER (i));
  for (guint s = 0; s < n; s++)
    for (guint r = 0; r < parts[s].rows->rows->len; r++)
      if (!place_row (&parts[s], r, index, sources, error))
        return FALSE;
  return TRUE;
}

/* A shard whose task did not finish: named, with how to finish it. */
static gboolean
check_complete (const Part *parts, guint n, const Source *sources, GError **error)
{
  const WsBenchPlanKeys *plan = parts[0].plan;
  guint count = parts[0].shard.count;
  g_autofree guint *missing = g_new0 (guint, count + 1), *of = g_new0 (guint, count + 1);
  g_autofree guint *first = g_new0 (guint, count + 1);

  for (guint i = plan->keys->len; i-- > 0;)
    {
      guint s = g_array_index (plan->shards, guint, i);
      of[s]++;
      if (sources[i].part == NULL)
        missing[s]++, first[s] = i;
    }
  for (guint i = 0; i < n; i++)
    {
      const Part *p = &parts[i];
      guint s = p->shard.index;
      if (missing[s] > 0)
        return REFUSE ("%s (shard %u/%u) has %u of its %u rows (the first missing: “%s”): its run "
                       "did not finish. Run it again — its array task (sbatch --array=%u on the "
                       "job's script) or bench PLAN --shard %u/%u --resume -o %s — then merge",
                       p->dir, s, count, of[s] - missing[s], of[s],
                       (char *) plan->keys->pdata[first[s]], s, s, count, p->dir);
    }
  return TRUE;
}

static WsCsvTable *
merged_rows (const Source *sources, guint total)
{
  WsCsvTable *table = ws_csv_table_new (ws_bench_csv_columns ());

  for (guint i = 0; i < total; i++)
    {
      const char *const *fields = ws_csv_table_row (sources[i].part->rows, sources[i].row);
      ws_csv_table_append (table, g_strdupv ((GStrv) fields));
    }
  return table;
}

/* ---- the other files ---- */

/* The devices the shards ran on, each once, in the order of the folders. */
static char *
devices (const Part *parts, guint n, guint *n_devices)
{
  g_autoptr (GPtrArray) seen = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    {
      const char *d = ws_bench_record_get (parts[i].record, "device");
      if (!g_ptr_array_find_with_equal_func (seen, d, g_str_equal, NULL))
        g_ptr_array_add (seen, (gpointer) d);
    }
  *n_devices = seen->len;
  g_ptr_array_add (seen, NULL);
  return g_strjoinv (" | ", (GStrv) seen->pdata);
}

/* samples.csv, where every shard has one: each configuration's samples in
 * the plan's order, from its own shard's file. */
static gboolean
merge_samples (const Part *parts, const Source *sources, guint n, const char *out,
               GError **error)
{
  g_autoptr (GString) text = g_string_new (WS_BENCH_SAMPLES_HEADER);
  g_autofree char *path = g_build_filename (out, "samples.csv", NULL);

  for (guint i = 0; i < n; i++)
    if (!parts[i].has_samples)
      return TRUE;
  for (guint i = 0; i < parts[0].plan->keys->len; i++)
    {
      const WsBenchSamples *own = sources[i].part->samples;
      const char *key = parts[0].plan->keys->pdata[i];
      if (own != NULL)
        ws_bench_samples_format (text, key, ws_bench_samples_get (own, key));
    }
  return ws_file_write_atomic (path, text->str, text->len, error);
}

/* error.log: the shards' logs one after another, each under its name. */
static gboolean
merge_error_logs (const Part *parts, guint n, const char *out, GError **error)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree char *path = g_build_filename (out, "error.log", NULL);

  for (guint s = 1; s <= parts[0].shard.count; s++)
    for (guint i = 0; i < n; i++)
      {
        g_autofree char *file = g_build_filename (parts[i].dir, "error.log", NULL);
        g_autofree char *log = NULL;
        if (parts[i].shard.index != s || !g_file_get_contents (file, &log, NULL, NULL)
            || log[0] == '\0')
          continue;
        g_string_append_printf (text, "# shard %u/%u (%s)\n%s", s, parts[i].shard.count,
                                parts[i].dir, log);
      }
  return text->len == 0 || ws_file_write_atomic (path, text->str, text->len, error);
}

/* Each shard's own context, in the shards' order: its result.json's, or
 * where it has none (*lacking gets those folders, joined) only its shard
 * and device; run.ini, which merge checked, names both. Taken before
 * write_run makes the first shard's record the merged run's. */
static GPtrArray *
shard_contexts (const Part *parts, guint n, char **lacking)
{
  guint count = parts[0].shard.count;
  GPtrArray *contexts = g_ptr_array_new_with_free_func ((GDestroyNotify) ws_bench_context_free);
  g_autoptr (GPtrArray) without = g_ptr_array_new ();

  for (guint s = 1; s <= count; s++)
    for (guint i = 0; i < n; i++)
      if (parts[i].shard.index == s)
        {
          const WsBenchContext *own = parts[i].json ? ws_bench_json_context (parts[i].json) : NULL;
          WsBenchContext *c = own ? ws_bench_context_copy (own) : g_new0 (WsBenchContext, 1);
          if (own == NULL)
            g_ptr_array_add (without, (gpointer) parts[i].dir);
          g_free (c->shard), g_free (c->device);
          c->shard = g_strdup (ws_bench_record_get (parts[i].record, "shard"));
          c->device = g_strdup (ws_bench_record_get (parts[i].record, "device"));
          g_ptr_array_add (contexts, c);
        }
  if (without->len > 0)
    {
      g_ptr_array_add (without, NULL);
      *lacking = g_strjoinv (", ", (GStrv) without->pdata);
    }
  return contexts;
}

/* result.json: every configuration in the plan's order with its row (the
 * one result.csv has) and its shard's samples — those of its result.json,
 * else of its samples.csv, else none — in one context of every shard
 * (contexts, taken; ws_bench_context_merge). */
static gboolean
merge_json (const Part *parts, const Source *sources, GPtrArray *contexts,
            const WsBenchRecord *record, const char *out, GError **error)
{
  guint total = parts[0].plan->keys->len;
  g_autoptr (WsBenchJson) json = NULL;
  g_autofree char *path = g_build_filename (out, WS_BENCH_JSON_FILE, NULL);

  json = ws_bench_json_new (ws_bench_context_merge (contexts, record));
  for (guint i = 0; i < total; i++)
    {
      const Part *p = sources[i].part;
      const char *const *fields = ws_csv_table_row (p->rows, sources[i].row);
      const char *key = ws_csv_table_get (p->rows, sources[i].row, WS_BENCH_CSV_KEY);
      const WsBenchJsonConfig *own = p->json ? ws_bench_json_lookup (p->json, key) : NULL;
      GArray *csv_samples = p->samples ? ws_bench_samples_get (p->samples, key) : NULL;
      g_autoptr (GArray) none = g_array_new (FALSE, FALSE, sizeof (double));
      WsBenchJsonConfig c = { (char *) key, (GStrv) fields,
                              own ? own->samples : csv_samples ? csv_samples : none };
      ws_bench_json_add_config (json, &c);
    }
  return ws_bench_json_write (json, path, error);
}

static gboolean
check_out (const char *out, GError **error)
{
  g_autofree char *csv = g_build_filename (out, "result.csv", NULL);

  if (g_file_test (csv, G_FILE_TEST_EXISTS))
    return REFUSE ("%s exists: merge into a new folder (-o)", csv);
  if (g_mkdir_with_parents (out, 0777) != 0)
    {
      int saved = errno;
      g_set_error (error, WS_ERROR, WS_ERROR_IO, "Cannot make the folder %s: %s; choose another "
                   "with -o", out, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

/* result.csv, then run.ini: a whole run's record (no shard), naming every
 * machine the rows were measured on; result.json last. */
static gboolean
write_run (const Part *parts, guint n, const Source *sources, const char *out, char **summary,
           GError **error)
{
  g_autofree char *lacking = NULL;
  g_autoptr (GPtrArray) contexts = shard_contexts (parts, n, &lacking);
  guint total = parts[0].plan->keys->len, n_devices;
  g_autoptr (WsCsvTable) rows = merged_rows (sources, total);
  g_autofree char *csv = g_build_filename (out, "result.csv", NULL);
  g_autofree char *device = devices (parts, n, &n_devices);

  if (!ws_csv_table_write (rows, csv, error))
    return FALSE;
  ws_bench_record_set_shard (parts[0].record, NULL);
  ws_bench_record_set_device (parts[0].record, device);
  if (!ws_bench_record_write (parts[0].record, out, error)
      || !merge_samples (parts, sources, n, out, error)
      || !merge_error_logs (parts, n, out, error)
      || !merge_json (parts, sources, g_steal_pointer (&contexts), parts[0].record, out, error))
    return FALSE;
  if (summary != NULL)
    *summary = g_strdup_printf ("Merged %u rows of %u shards into %s%s%s%s%s%s", total, n, csv,
                                n_devices > 1 ? "; they ran on different machines: " : "",
                                n_devices > 1 ? device : "",
                                lacking ? ".\nNo result.json in " : "", lacking ? lacking : "",
                                lacking ? " (written by an older Warpscope, or lost): their rows "
                                          "are in result.json with the samples of their "
                                          "samples.csv where they have one, else none, and their "
                                          "machines only as run.ini names them" : "");
  return TRUE;
}

gboolean
ws_bench_merge (const char *const *dirs, const char *out, char **summary, GError **error)
{
  guint n = g_strv_length ((GStrv) dirs);
  Part *parts = g_new0 (Part, MAX (n, 1));
  g_autofree Source *sources = NULL;
  gboolean ok = n > 0;

  g_return_val_if_fail (out != NULL, FALSE);
  if (n == 0)
    g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "No shard folders to merge");
  for (guint i = 0; ok && i < n; i++)
    {
      parts[i].dir = dirs[i];
      ok = part_read (&parts[i], error) && check_alike (&parts[0], &parts[i], error);
    }
  if (ok)
    {
      sources = g_new0 (Source, parts[0].plan->keys->len + 1);
      ok = check_cover (parts, n, error) && place_rows (parts, n, sources, error)
           && check_complete (parts, n, sources, error);
      for (guint i = 0; ok && i < n; i++)
        ok = check_json (&parts[i], error);
      ok = ok && check_out (out, error)
           && write_run (parts, n, sources, out, summary, error);
    }
  for (guint i = 0; i < n; i++)
    part_clear (&parts[i]);
  g_free (parts);
  return ok;
}
