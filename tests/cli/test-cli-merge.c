/* test-cli-merge.c: a plan cut in shards and merged — bench --shard I/N
 * three times and merge (the folders in any order) give the rows of one
 * unsharded run: the same keys in the same order and the same values but
 * for the timings, a run.ini of the whole plan that bench --resume accepts,
 * and the samples. Every refusal of merge (another plan, another build,
 * another cut, a shard twice or missing, a folder without result.csv or
 * run.ini, a damaged result.csv by file:line, rows missing or twice, an
 * output that exists) and of --shard; and bench --slurm's batch script,
 * read as text (no Slurm here: tests/slurm runs one). The merged
 * result.json: the shards' configurations in the plan's order with the
 * merged rows and the shards' own samples, every shard's machine in its
 * context, compare against an unsharded run; a result.json that disagrees
 * with its result.csv refused, a shard without one merged from its CSV
 * files. */
#include <glib/gstdio.h>
#include <string.h>

#include "cli-util.h"
#include "ws-bench-json.h"
#include "ws-bench-samples.h"
#include "ws-csv.h"
#include "ws-test-util.h"

/* Two sizes, three algorithms (one a search), two instances: 12 input
 * groups of two variants. */
#define PLAN                                                                                 \
  "[preset]\nname = Shards\nalgorithms = bitonic, reduce, binary-search\n"                    \
  "variants = cpu-seq, cpu-par\nbaseline = cpu-seq\nsizes = 1024, 4096\nrepetitions = 3\n"    \
  "warmup = 1\ninstances = 2\ntype = float32\n[params]\nqueries = 100\n"
#define OTHER_PLAN                                                                           \
  "[preset]\nname = Shards\nalgorithms = bitonic, reduce, binary-search\n"                    \
  "variants = cpu-seq, cpu-par\nbaseline = cpu-seq\nsizes = 1024, 4096\nrepetitions = 5\n"    \
  "warmup = 1\ninstances = 2\ntype = float32\n[params]\nqueries = 100\n"

/* Runs made once for every case. */
static char *top, *plan, *other_plan, *local, *shard[4], *other_shard, *half;

static char *
in_dir (const char *dir, const char *name)
{
  return g_build_filename (dir, name, NULL);
}

static void
bench_ok (const char *preset, const char *dir, const char *shard_text)
{
  g_autoptr (CliResult) r = shard_text
      ? cli_run ("bench", preset, "--shard", shard_text, "--samples", "-o", dir, NULL)
      : cli_run ("bench", preset, "--samples", "-o", dir, NULL);

  if (r->status != 0)
    g_printerr ("%s\n%s\n", r->out, r->err);
  g_assert_cmpint (r->status, ==, 0);
}

static void
make_runs (void)
{
  top = g_dir_make_tmp ("ws-merge-XXXXXX", NULL);
  plan = cli_write_file ("shards.ini", PLAN);
  other_plan = cli_write_file ("other.ini", OTHER_PLAN);
  local = in_dir (top, "local");
  bench_ok (plan, local, NULL);
  for (guint s = 1; s <= 3; s++)
    {
      g_autofree char *name = g_strdup_printf ("shard-%u", s);
      g_autofree char *text = g_strdup_printf ("%u/3", s);
      shard[s] = in_dir (top, name);
      bench_ok (plan, shard[s], text);
    }
  other_shard = in_dir (top, "other-3");
  bench_ok (other_plan, other_shard, "3/3");
  half = in_dir (top, "half-2");
  bench_ok (plan, half, "2/2");
}

/* A copy of a shard's flat folder, to damage. */
static char *
copy_of (const char *dir, const char *name)
{
  char *copy = in_dir (top, name);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *f;

  g_assert_cmpint (g_mkdir (copy, 0700), ==, 0);
  while ((f = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *from = in_dir (dir, f), *to = in_dir (copy, f);
      g_autofree char *text = NULL;
      gsize length;
      if (!g_file_test (from, G_FILE_TEST_IS_REGULAR))
        continue;
      g_assert_true (g_file_get_contents (from, &text, &length, NULL));
      g_assert_true (g_file_set_contents (to, text, length, NULL));
    }
  return copy;
}

static WsCsvTable *
table_of (const char *dir, const char *file)
{
  g_autofree char *path = in_dir (dir, file);
  g_autoptr (GError) error = NULL;
  WsCsvTable *t = ws_csv_table_read (path, &error);

  g_assert_no_error (error);
  return t;
}

/* The value of `key=` in an .ini file. */
static char *
ini_value (const char *path, const char *key)
{
  g_autofree char *text = cli_read_file (path);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autofree char *prefix = g_strconcat (key, "=", NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return g_strdup (lines[i] + strlen (prefix));
  return NULL;
}

/* Replaces `key=...` in dir/run.ini. */
static void
set_ini_value (const char *dir, const char *key, const char *value)
{
  g_autofree char *path = in_dir (dir, "run.ini");
  g_autofree char *old = ini_value (path, key);
  g_autofree char *text = cli_read_file (path);
  g_autofree char *from = g_strdup_printf ("%s=%s\n", key, old);
  g_autofree char *to = g_strdup_printf ("%s=%s\n", key, value);
  g_autoptr (GString) s = g_string_new (text);

  g_assert_nonnull (old);
  g_assert_cmpuint (g_string_replace (s, from, to, 1), ==, 1);
  g_assert_true (g_file_set_contents (path, s->str, -1, NULL));
}

/* Appends text to dir/name. */
static void
append_to (const char *dir, const char *name, const char *text)
{
  g_autofree char *path = in_dir (dir, name);
  g_autofree char *old = cli_read_file (path);
  g_autofree char *now = g_strconcat (old, text, NULL);

  g_assert_true (g_file_set_contents (path, now, -1, NULL));
}

static CliResult *
merge3 (const char *a, const char *b, const char *c, const char *out)
{
  return cli_run ("merge", a, b, c, "-o", out, NULL);
}

/* The columns a run on this machine repeats exactly: all but the times
 * and what is reckoned from them. */
static const char *const kept[] = { "key", "algorithm", "variant", "type", "distribution", "n",
                                    "params", "instance", "seed", "timing", "baseline", "status",
                                    "samples", "device", "message", NULL };

static void
test_round_trip (void)
{
  g_autofree char *out = in_dir (top, "merged");
  g_autoptr (CliResult) r = merge3 (shard[3], shard[1], shard[2], out);
  g_autoptr (WsCsvTable) whole = table_of (local, "result.csv");
  g_autoptr (WsCsvTable) merged = NULL, whole_samples = NULL, merged_samples = NULL;
  g_autofree char *ini = in_dir (out, "run.ini"), *local_ini = in_dir (local, "run.ini");
  g_autofree char *record = NULL, *hash = NULL, *local_hash = NULL;

  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "Merged 24 rows of 3 shards"));
  merged = table_of (out, "result.csv");
  g_assert_true (g_strv_equal ((const char *const *) merged->header,
                               (const char *const *) whole->header));
  g_assert_cmpuint (whole->rows->len, ==, 24);
  g_assert_cmpuint (merged->rows->len, ==, whole->rows->len);
  for (guint i = 0; i < whole->rows->len; i++)
    {
      for (guint k = 0; kept[k] != NULL; k++)
        g_assert_cmpstr (ws_csv_table_get (merged, i, kept[k]), ==,
                         ws_csv_table_get (whole, i, kept[k]));
      /* A speedup where the whole run has one: each baseline ran in its shard. */
      g_assert_cmpint (ws_csv_table_get (merged, i, "speedup")[0] != '\0', ==,
                       ws_csv_table_get (whole, i, "speedup")[0] != '\0');
    }
  /* run.ini: the whole plan's (its hash), no shard. */
  record = cli_read_file (ini);
  g_assert_null (strstr (record, "shard"));
  hash = ini_value (ini, "hash");
  local_hash = ini_value (local_ini, "hash");
  g_assert_cmpuint (strlen (hash), ==, 16);
  g_assert_cmpstr (hash, ==, local_hash);
  /* Every sample, in the plan's order. */
  whole_samples = table_of (local, "samples.csv");
  merged_samples = table_of (out, "samples.csv");
  g_assert_cmpuint (merged_samples->rows->len, ==, whole_samples->rows->len);
  for (guint i = 0; i < whole_samples->rows->len; i++)
    g_assert_cmpstr (ws_csv_table_row (merged_samples, i)[0], ==,
                     ws_csv_table_row (whole_samples, i)[0]);
  /* The charts bench draws. */
  g_autofree char *chart = in_dir (out, "bitonic-speedup.svg");
  g_assert_true (g_file_test (chart, G_FILE_TEST_IS_REGULAR));
  /* bench --resume opens it as the plan's run: nothing left to measure. */
  g_autoptr (CliResult) resumed = cli_run ("bench", plan, "--resume", "-o", out, NULL);
  g_assert_cmpint (resumed->status, ==, 0);
  g_assert_nonnull (strstr (resumed->out, "Resuming: 24 rows"));
  g_assert_nonnull (strstr (resumed->out, "0 rows written"));
  /* Again into the same folder: refused. */
  g_autoptr (CliResult) again = merge3 (shard[1], shard[2], shard[3], out);
  cli_assert_fails (again, "result.csv exists", "new folder", NULL);
}

static WsBenchJson *
json_of (const char *dir)
{
  g_autofree char *path = in_dir (dir, WS_BENCH_JSON_FILE);
  g_autoptr (GError) error = NULL;
  WsBenchJson *j = ws_bench_json_load (path, &error);

  g_assert_no_error (error);
  return j;
}

static void
assert_same_samples (const GArray *a, const GArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    g_assert_cmpfloat (g_array_index (a, double, i), ==, g_array_index (b, double, i));
}

/* OUT/result.json is OUT/result.csv's rows in its order, each with the
 * samples its shard's result.json holds, and says every shard's machine. */
static void
test_json (void)
{
  g_autofree char *out = in_dir (top, "merged-json");
  g_autoptr (CliResult) r = merge3 (shard[2], shard[3], shard[1], out);
  g_autoptr (WsCsvTable) rows = NULL, whole = table_of (local, "result.csv");
  g_autoptr (WsBenchJson) merged = NULL, alone = json_of (local);
  WsBenchJson *own[4] = { NULL };
  const WsBenchContext *c;
  g_autofree char *ini = in_dir (out, "run.ini");
  g_autofree char *device = NULL;
  guint from[4] = { 0 };

  g_assert_cmpint (r->status, ==, 0);
  g_assert_null (strstr (r->out, "No result.json"));
  merged = json_of (out);
  rows = table_of (out, "result.csv");
  for (guint s = 1; s <= 3; s++)
    own[s] = json_of (shard[s]);
  g_assert_cmpuint (ws_bench_json_n_configs (merged), ==, 24);
  g_assert_cmpuint (ws_bench_json_n_configs (merged), ==, rows->rows->len);
  for (guint i = 0; i < rows->rows->len; i++)
    {
      const WsBenchJsonConfig *m = ws_bench_json_config (merged, i), *o = NULL;
      g_assert_cmpstr (m->key, ==, ws_csv_table_get (rows, i, "key"));
      g_assert_cmpstr (m->key, ==, ws_csv_table_get (whole, i, "key")); /* the plan's order */
      g_assert_true (g_strv_equal ((const char *const *) m->fields, ws_csv_table_row (rows, i)));
      for (guint s = 1; s <= 3 && o == NULL; s++)
        if ((o = ws_bench_json_lookup (own[s], m->key)) != NULL)
          from[s]++;
      g_assert_nonnull (o);
      g_assert_cmpuint (m->samples->len, ==, 3); /* repetitions = 3 */
      assert_same_samples (m->samples, o->samples);
      g_assert_true (g_strv_equal ((const char *const *) m->fields, (const char *const *) o->fields));
    }
  /* Every configuration of each shard came over, none twice. */
  for (guint s = 1; s <= 3; s++)
    g_assert_cmpuint (from[s], ==, ws_bench_json_n_configs (own[s]));
  /* One context: the whole plan's, no shard, every shard's machine. */
  c = ws_bench_json_context (merged);
  device = ini_value (ini, "device");
  g_assert_null (c->shard);
  g_assert_cmpstr (c->plan_hash, ==, ws_bench_json_context (alone)->plan_hash);
  g_assert_cmpstr (c->build, ==, ws_bench_json_context (alone)->build);
  g_assert_cmpstr (c->device, ==, device);
  g_assert_cmpstr (c->host, ==, ws_bench_json_context (own[1])->host); /* one machine here */
  g_assert_cmpuint (c->logical_cpus, ==, ws_bench_json_context (own[1])->logical_cpus);
  g_assert_true (g_strv_equal ((const char *const *) c->settings,
                               (const char *const *) ws_bench_json_context (alone)->settings));
  g_assert_nonnull (c->shards);
  g_assert_cmpuint (c->shards->len, ==, 3);
  for (guint s = 1; s <= 3; s++)
    {
      const WsBenchContext *e = c->shards->pdata[s - 1], *mine = ws_bench_json_context (own[s]);
      g_autofree char *name = g_strdup_printf ("%u/3", s);
      g_assert_cmpstr (e->shard, ==, name);
      g_assert_cmpstr (mine->shard, ==, name); /* a shard's own context names it */
      g_assert_cmpstr (e->host, ==, mine->host);
      g_assert_cmpstr (e->cpu, ==, mine->cpu);
      g_assert_cmpuint (e->threads, ==, mine->threads);
      g_assert_cmpstr (e->device, ==, mine->device);
    }
  for (guint s = 1; s <= 3; s++)
    ws_bench_json_free (own[s]);
}

/* compare reads the merged run's result.json (samples.csv gone) beside an
 * unsharded run's: every configuration in both, none apart. */
static void
test_json_compare (void)
{
  g_autofree char *out = in_dir (top, "merged-compare");
  g_autoptr (CliResult) m = merge3 (shard[1], shard[2], shard[3], out);
  g_autofree char *samples = in_dir (out, "samples.csv");
  g_autoptr (WsCsvTable) whole = table_of (local, "result.csv");

  g_assert_cmpint (m->status, ==, 0);
  g_assert_cmpint (g_remove (samples), ==, 0);
  g_autoptr (CliResult) r = cli_run ("compare", local, out, "--threshold", "99%", NULL);
  g_autoptr (CliResult) back = cli_run ("compare", out, local, "--threshold", "99%", NULL);
  /* 1: a configuration slower beyond the threshold, which a loaded machine may make one. */
  g_assert_cmpint (r->status, >=, 0);
  g_assert_cmpint (r->status, <=, 1);
  g_assert_cmpint (back->status, <=, 1);
  g_assert_null (strstr (r->out, "only in"));
  g_assert_null (strstr (back->out, "only in"));
  for (guint i = 0; i < whole->rows->len; i++)
    {
      g_autofree char *line = g_strdup_printf ("\n%s ", ws_csv_table_get (whole, i, "key"));
      g_assert_nonnull (strstr (r->out, line));
    }
}

/* A result.json that is not of its folder's result.csv (a configuration
 * fewer, or one more), or not JSON: refused, naming it, nothing written. */
static void
test_json_disagrees (void)
{
  g_autofree char *fewer = copy_of (shard[2], "json-fewer-2"), *more = copy_of (shard[2], "json-more-2");
  g_autofree char *broken = copy_of (shard[2], "json-broken-2");
  g_autofree char *fewer_json = in_dir (fewer, WS_BENCH_JSON_FILE);
  g_autofree char *more_json = in_dir (more, WS_BENCH_JSON_FILE);
  g_autofree char *broken_json = in_dir (broken, WS_BENCH_JSON_FILE);
  g_autofree char *out = in_dir (top, "never-json");
  g_autoptr (WsBenchJson) j = json_of (shard[2]), cut = NULL, extended = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (WsCsvTable) own = table_of (shard[2], "result.csv");
  const char *last_key = ws_csv_table_get (own, own->rows->len - 1, "key");
  guint n = ws_bench_json_n_configs (j);
  WsBenchJsonConfig extra = *ws_bench_json_config (j, 0);

  /* fewer: without its last configuration. */
  g_assert_cmpuint (n, ==, own->rows->len);
  g_assert_cmpstr (ws_bench_json_config (j, n - 1)->key, ==, last_key);
  cut = ws_bench_json_new (ws_bench_context_copy (ws_bench_json_context (j)));
  extended = ws_bench_json_new (ws_bench_context_copy (ws_bench_json_context (j)));
  for (guint i = 0; i < n; i++)
    {
      if (i + 1 < n)
        ws_bench_json_add_config (cut, ws_bench_json_config (j, i));
      ws_bench_json_add_config (extended, ws_bench_json_config (j, i));
    }
  /* more: one configuration of no row. */
  extra.key = (char *) "nosuch|key";
  ws_bench_json_add_config (extended, &extra);
  g_assert_true (ws_bench_json_write (cut, fewer_json, &error));
  g_assert_true (ws_bench_json_write (extended, more_json, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (broken_json, "{ \"format\": ", -1, NULL));
  g_autoptr (CliResult) a = merge3 (shard[1], fewer, shard[3], out);
  g_autoptr (CliResult) b = merge3 (shard[1], more, shard[3], out);
  g_autoptr (CliResult) c = merge3 (shard[1], broken, shard[3], out);
  g_autofree char *where = g_strdup_printf ("configurations[%u] “nosuch|key” has no row in "
                                            "result.csv", n);
  g_autofree char *missing = g_strdup_printf ("“%s” has a row in result.csv (line %u) but not in "
                                              "result.json", last_key, own->rows->len + 1);
  cli_assert_fails (a, fewer_json, "does not agree with its result.csv", missing,
                    "--shard 2/3 --resume", NULL);
  cli_assert_fails (b, more_json, "does not agree with its result.csv", where, NULL);
  cli_assert_fails (c, broken_json, "not valid JSON", NULL);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
}

/* A shard's folder without result.json (an older build's) is merged from
 * its CSV files: its rows, the samples of its samples.csv, or none (a
 * samples.csv of only its header is not refused). */
static void
test_json_missing (void)
{
  g_autofree char *csv_only = copy_of (shard[2], "csv-only-2");
  g_autofree char *bare = copy_of (shard[3], "bare-3");
  g_autofree char *a_json = in_dir (csv_only, WS_BENCH_JSON_FILE);
  g_autofree char *b_json = in_dir (bare, WS_BENCH_JSON_FILE);
  g_autofree char *b_samples = in_dir (bare, "samples.csv");
  g_autofree char *own_samples = in_dir (shard[2], "samples.csv");
  g_autofree char *out = in_dir (top, "merged-older");
  g_autoptr (WsBenchJson) merged = NULL, one = json_of (shard[1]);
  g_autoptr (WsBenchSamples) csv_samples = NULL;
  g_autoptr (WsCsvTable) rows = NULL;
  g_autoptr (GError) error = NULL;
  const WsBenchContext *c;

  g_assert_cmpint (g_remove (a_json), ==, 0);
  g_assert_cmpint (g_remove (b_json), ==, 0);
  /* Only the header, as a shard whose every row failed leaves it. */
  g_assert_true (g_file_set_contents (b_samples, "key,index,seconds\n", -1, NULL));
  g_autoptr (CliResult) r = merge3 (shard[1], csv_only, bare, out);
  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "No result.json in"));
  g_assert_nonnull (strstr (r->out, csv_only));
  g_assert_nonnull (strstr (r->out, bare));
  csv_samples = ws_bench_samples_load (own_samples, &error);
  g_assert_no_error (error);
  merged = json_of (out);
  rows = table_of (out, "result.csv");
  g_assert_cmpuint (ws_bench_json_n_configs (merged), ==, 24);
  for (guint i = 0; i < rows->rows->len; i++)
    {
      const WsBenchJsonConfig *m = ws_bench_json_config (merged, i);
      const WsBenchJsonConfig *first = ws_bench_json_lookup (one, m->key);
      GArray *from_csv = ws_bench_samples_get (csv_samples, m->key);
      g_assert_cmpstr (m->key, ==, ws_csv_table_get (rows, i, "key"));
      g_assert_true (g_strv_equal ((const char *const *) m->fields, ws_csv_table_row (rows, i)));
      if (first != NULL)
        assert_same_samples (m->samples, first->samples);
      else if (from_csv != NULL)
        assert_same_samples (m->samples, from_csv);
      else
        g_assert_cmpuint (m->samples->len, ==, 0); /* shard 3: nothing kept its samples */
    }
  c = ws_bench_json_context (merged);
  g_assert_cmpuint (c->shards->len, ==, 3);
  g_assert_nonnull (((WsBenchContext *) c->shards->pdata[0])->host);
  g_assert_null (((WsBenchContext *) c->shards->pdata[1])->host); /* unknown: not guessed */
  g_assert_cmpstr (((WsBenchContext *) c->shards->pdata[2])->shard, ==, "3/3");
  g_assert_nonnull (((WsBenchContext *) c->shards->pdata[2])->device);
  g_assert_nonnull (c->plan_hash); /* from run.ini */
}

static void
test_other_plan (void)
{
  g_autofree char *out = in_dir (top, "never-plan");
  g_autoptr (CliResult) r = merge3 (shard[1], shard[2], other_shard, out);

  cli_assert_fails (r, "shards of different plans", "repetitions changed from 3 to 5", NULL);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS)); /* nothing written */
}

static void
test_other_build (void)
{
  g_autofree char *copy = copy_of (shard[3], "build-3");
  g_autofree char *out = in_dir (top, "never-build");
  g_autoptr (CliResult) r = NULL;

  set_ini_value (copy, "build", "0.0.1 (elsewhere)");
  r = merge3 (shard[1], shard[2], copy, out);
  cli_assert_fails (r, "different builds", "0.0.1 (elsewhere)", "same warpscope-cli", NULL);
}

static void
test_other_cut (void)
{
  g_autofree char *out = in_dir (top, "never-cut");
  g_autoptr (CliResult) r = merge3 (shard[1], shard[3], half, out);

  cli_assert_fails (r, "is shard 2/2 but", "is 1/3", NULL);
}

static void
test_twice_and_missing (void)
{
  g_autofree char *copy = copy_of (shard[1], "again-1");
  g_autofree char *out = in_dir (top, "never-twice");
  g_autoptr (CliResult) twice = merge3 (shard[1], copy, shard[2], out);
  g_autoptr (CliResult) missing = cli_run ("merge", shard[3], "-o", out, NULL);

  cli_assert_fails (twice, "Shard 1/3 is given twice", copy, NULL);
  cli_assert_fails (missing, "Shards 1, 2 of 3 are missing", NULL);
}

static void
test_not_shards (void)
{
  g_autofree char *no_csv = copy_of (shard[2], "no-csv-2");
  g_autofree char *no_ini = copy_of (shard[2], "no-ini-2");
  g_autofree char *csv = in_dir (no_csv, "result.csv"), *ini = in_dir (no_ini, "run.ini");
  g_autofree char *out = in_dir (top, "never-not");

  g_assert_cmpint (g_remove (csv), ==, 0);
  g_assert_cmpint (g_remove (ini), ==, 0);
  g_autoptr (CliResult) a = merge3 (shard[1], no_csv, shard[3], out);
  g_autoptr (CliResult) b = merge3 (shard[1], no_ini, shard[3], out);
  g_autoptr (CliResult) c = merge3 (shard[1], local, shard[3], out);
  cli_assert_fails (a, "has no result.csv", NULL);
  cli_assert_fails (b, "has no run.ini", NULL);
  cli_assert_fails (c, "names no shard", "whole run", NULL);
}

/* A row of the wrong width: named by file and line. */
static void
test_damaged (void)
{
  g_autofree char *copy = copy_of (shard[2], "damaged-2");
  g_autofree char *out = in_dir (top, "never-damaged");
  g_autoptr (WsCsvTable) t = table_of (copy, "result.csv");
  g_autofree char *where = g_strdup_printf ("damaged-2/result.csv:%u:", t->rows->len + 2);

  append_to (copy, "result.csv", "not,a,row\n");
  g_autoptr (CliResult) r = merge3 (shard[1], copy, shard[3], out);
  cli_assert_fails (r, where, NULL);
}

/* A shard cut short: named, with its missing rows; a row twice; a row of
 * another shard; a row of no configuration of the plan. */
static void
test_rows (void)
{
  g_autofree char *short_copy = copy_of (shard[2], "short-2");
  g_autofree char *dup = copy_of (shard[2], "dup-2"), *stray = copy_of (shard[2], "stray-2");
  g_autofree char *moved = copy_of (shard[2], "moved-2");
  g_autofree char *csv = in_dir (short_copy, "result.csv");
  g_autofree char *text = cli_read_file (csv);
  g_autofree char *out = in_dir (top, "never-rows");
  g_autoptr (WsCsvTable) first = table_of (shard[1], "result.csv");
  g_autoptr (WsCsvTable) own = table_of (shard[2], "result.csv");
  g_autofree char *other_row = ws_csv_record (ws_csv_table_row (first, 0));
  g_autofree char *own_row = ws_csv_record (ws_csv_table_row (own, 0));
  g_autofree char *stray_row = g_strdup_printf ("nosuch%s", own_row);
  g_autofree char *again = g_strdup_printf ("dup-2/result.csv:%u: ", own->rows->len + 2);
  char *last = text + strlen (text) - 1;

  g_assert_cmpuint (own->rows->len, ==, 8); /* 4 groups of the 12, 2 variants each */
  *last = '\0';
  *(strrchr (text, '\n') + 1) = '\0'; /* the last row gone */
  g_assert_true (g_file_set_contents (csv, text, -1, NULL));
  append_to (dup, "result.csv", own_row);
  append_to (moved, "result.csv", other_row);
  append_to (stray, "result.csv", stray_row);
  g_autoptr (CliResult) a = merge3 (shard[1], short_copy, shard[3], out);
  g_autoptr (CliResult) b = merge3 (shard[1], dup, shard[3], out);
  g_autoptr (CliResult) c = merge3 (shard[1], moved, shard[3], out);
  g_autoptr (CliResult) d = merge3 (shard[1], stray, shard[3], out);
  cli_assert_fails (a, "short-2 (shard 2/3) has 7 of its 8 rows", "did not finish",
                    "sbatch --array=2", "--shard 2/3 --resume", NULL);
  cli_assert_fails (b, again, "has a row already, in", "dup-2/result.csv:2", NULL);
  cli_assert_fails (c, "is shard 1/3's, not this folder's 2/3", NULL);
  cli_assert_fails (d, "is not a configuration of the plan", NULL);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
}

/* plan-keys.txt edited: another plan than the others', or not readable. */
static void
test_keys_file (void)
{
  g_autofree char *edited = copy_of (shard[3], "keys-3"), *broken = copy_of (shard[3], "broken-3");
  g_autofree char *out = in_dir (top, "never-keys");

  g_autofree char *beyond = copy_of (shard[3], "beyond-3");

  append_to (edited, "plan-keys.txt", "3\textra|key\n");
  append_to (broken, "plan-keys.txt", "no tab here\n");
  append_to (beyond, "plan-keys.txt", "4\textra|key\n");
  g_autoptr (CliResult) a = merge3 (shard[1], shard[2], edited, out);
  g_autoptr (CliResult) b = merge3 (shard[1], shard[2], broken, out);
  g_autoptr (CliResult) c = merge3 (shard[1], shard[2], beyond, out);
  cli_assert_fails (a, "keys-3/plan-keys.txt lists another plan", NULL);
  cli_assert_fails (b, "broken-3/plan-keys.txt:", "not a shard and a configuration's key", NULL);
  cli_assert_fails (c, "gives “extra|key” to shard 4, but run.ini cuts the plan in 3", NULL);
}

static void
test_usage (void)
{
  g_autoptr (CliResult) no_out = cli_run ("merge", shard[1], NULL);
  g_autoptr (CliResult) no_dirs = cli_run ("merge", "-o", top, NULL);
  g_autoptr (CliResult) bad_shard = cli_run ("bench", plan, "--shard", "4/3", "-o", top, NULL);
  g_autoptr (CliResult) too_many = cli_run ("bench", plan, "--shard", "1/13", "-o", top, NULL);
  g_autoptr (CliResult) alone = cli_run ("bench", plan, "--partition", "p", "-o", top, NULL);
  g_autoptr (CliResult) other_shard_resumed = cli_run ("bench", plan, "--shard", "2/3", "--resume",
                                                     "-o", shard[1], NULL);

  g_assert_cmpint (no_out->status, ==, 2);
  g_assert_nonnull (strstr (no_out->err, "-o OUT"));
  g_assert_cmpint (no_dirs->status, ==, 2);
  cli_assert_fails (bad_shard, "“4/3” is not a shard", NULL);
  cli_assert_fails (too_many, "12 input groups", "too few for 13 shards", NULL);
  g_assert_cmpint (alone->status, ==, 2);
  g_assert_nonnull (strstr (alone->err, "only go with --slurm"));
  /* A shard's folder goes on with that shard only. */
  cli_assert_fails (other_shard_resumed, "Cannot resume", "shard changed from 1/3 to 2/3", NULL);
}

/* ---- bench --slurm ---- */

static char *
script_of (const char *job)
{
  g_autofree char *path = in_dir (job, "bench.sbatch");

  return cli_read_file (path);
}

static void
test_slurm_script (void)
{
  g_autofree char *job = in_dir (top, "job");
  g_autofree char *plan_copy = in_dir (job, "plan.ini");
  g_autofree char *submit = g_strdup_printf ("sbatch %s/bench.sbatch", job);
  g_autofree char *merge = g_strdup_printf ("warpscope-cli merge %s/shard-* -o %s/merged", job, job);
  g_autofree char *exec = NULL, *cd = NULL, *copied = NULL, *script = NULL, *cli = NULL;
  g_autoptr (CliResult) r = cli_run ("bench", plan, "--slurm", "--partition", "gpu",
                                     "--gpus-per-task", "2", "--shards", "3", "--samples", "-o",
                                     job, NULL);

  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, submit));
  g_assert_nonnull (strstr (r->out, merge));
  g_assert_nonnull (strstr (r->out, "24 configurations in 3 shards"));
  script = script_of (job);
  cli = g_shell_quote (g_getenv ("WS_CLI"));
  exec = g_strdup_printf ("\nexec %s bench plan.ini --shard \"${SLURM_ARRAY_TASK_ID}/3\" -o "
                          "\"shard-${SLURM_ARRAY_TASK_ID}\" --resume --yes --samples\n", cli);
  cd = g_strdup_printf ("\nset -eu\ncd '%s'\n", job);
  g_assert_true (g_str_has_prefix (script, "#!/bin/bash\n"));
  g_assert_nonnull (strstr (script, "\n#SBATCH --job-name=warpscope-shards\n"));
  g_assert_nonnull (strstr (script, "\n#SBATCH --array=1-3\n"));
  g_assert_nonnull (strstr (script, "\n#SBATCH --ntasks=1\n"));
  g_assert_nonnull (strstr (script, "\n#SBATCH --partition=gpu\n"));
  g_assert_nonnull (strstr (script, "\n#SBATCH --gpus-per-task=2\n"));
  g_assert_nonnull (strstr (script, "/slurm-%A_%a.out\n"));
  g_assert_nonnull (strstr (script, cd));
  g_assert_nonnull (strstr (script, exec));
  /* sbatch reads #SBATCH lines only before the first command. */
  g_assert_true (strstr (script, "#SBATCH --gpus-per-task") < strstr (script, "set -eu"));
  /* The preset as it is now, whatever happens to the file later. */
  copied = cli_read_file (plan_copy);
  g_assert_cmpstr (copied, ==, PLAN);
  /* The same job again: written again; another cut into that folder: refused. */
  g_autoptr (CliResult) same = cli_run ("bench", plan, "--slurm", "--partition", "gpu",
                                        "--gpus-per-task", "2", "--shards", "3", "--samples", "-o",
                                        job, NULL);
  g_autoptr (CliResult) other = cli_run ("bench", plan, "--slurm", "--shards", "4", "-o", job, NULL);
  g_assert_cmpint (same->status, ==, 0);
  cli_assert_fails (other, "holds another job", "choose another folder", NULL);
  g_autofree char *rewritten = script_of (job);
  g_assert_cmpstr (rewritten, ==, script);
  /* Written, not run. */
  g_autofree char *first = in_dir (job, "shard-1");
  g_assert_false (g_file_test (first, G_FILE_TEST_EXISTS));
}

/* Defaults: a shard an input group up to 8; a GPU where the plan has GPU
 * variants, none for a CPU plan; --quick passed on. */
static void
test_slurm_defaults (void)
{
  g_autofree char *cpu = in_dir (top, "job-cpu"), *gpu = in_dir (top, "job-gpu");
  g_autoptr (CliResult) a = cli_run ("bench", plan, "--slurm", "-o", cpu, NULL);
  g_autoptr (CliResult) b = cli_run ("bench", "smoke", "--slurm", "--quick", "-o", gpu, NULL);
  g_autofree char *cpu_script = NULL, *gpu_script = NULL;

  g_assert_cmpint (a->status, ==, 0);
  g_assert_cmpint (b->status, ==, 0);
  cpu_script = script_of (cpu);
  gpu_script = script_of (gpu);
  g_assert_nonnull (strstr (cpu_script, "\n#SBATCH --array=1-8\n"));
  g_assert_null (strstr (cpu_script, "--gpus-per-task"));
  g_assert_null (strstr (cpu_script, "--partition"));
  g_assert_null (strstr (cpu_script, " --quick"));
  g_assert_nonnull (strstr (gpu_script, "\n#SBATCH --gpus-per-task=1\n"));
  g_assert_nonnull (strstr (gpu_script, "--resume --yes --quick\n"));
  g_assert_nonnull (strstr (gpu_script, "#SBATCH --job-name=warpscope-smoke\n"));
}

static void
test_slurm_refusals (void)
{
  g_autofree char *blank = in_dir (top, "a job");
  g_autofree char *job = in_dir (top, "job-refused");
  g_autoptr (CliResult) too_many = cli_run ("bench", plan, "--slurm", "--shards", "13", "-o", job, NULL);
  g_autoptr (CliResult) spaced = cli_run ("bench", plan, "--slurm", "-o", blank, NULL);
  g_autoptr (CliResult) no_out = cli_run ("bench", plan, "--slurm", NULL);
  g_autoptr (CliResult) with_shard = cli_run ("bench", plan, "--slurm", "--shard", "1/2", "-o", job, NULL);
  g_autoptr (CliResult) with_resume = cli_run ("bench", plan, "--slurm", "--resume", "-o", job, NULL);

  cli_assert_fails (too_many, "too few for 13 shards", "Use 12 shards or fewer", NULL);
  cli_assert_fails (spaced, "has a blank", NULL);
  g_assert_false (g_file_test (job, G_FILE_TEST_EXISTS));
  g_assert_cmpint (no_out->status, ==, 2);
  g_assert_nonnull (strstr (no_out->err, "--slurm needs -o DIR"));
  g_assert_cmpint (with_shard->status, ==, 2);
  g_assert_cmpint (with_resume->status, ==, 2);
}

/* The script's tasks run by bash as Slurm would run them (its array id in
 * the environment), then merged: the plan's rows. */
static void
test_slurm_tasks (void)
{
  g_autofree char *job = in_dir (top, "job-run");
  g_autofree char *script = in_dir (job, "bench.sbatch");
  g_autofree char *s1 = in_dir (job, "shard-1"), *s2 = in_dir (job, "shard-2");
  g_autofree char *out = in_dir (job, "merged");
  g_autoptr (CliResult) w = cli_run ("bench", plan, "--slurm", "--shards", "2", "-o", job, NULL);
  g_autoptr (WsCsvTable) whole = table_of (local, "result.csv"), merged = NULL;

  g_assert_cmpint (w->status, ==, 0);
  for (guint task = 1; task <= 2; task++)
    {
      g_autofree char *id = g_strdup_printf ("SLURM_ARRAY_TASK_ID=%u", task);
      const char *argv[] = { "env", id, "bash", script, NULL };
      int status;
      g_autoptr (GError) error = NULL;
      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH
                                   | G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status,
                                   &error));
      g_assert_no_error (error);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
    }
  g_autoptr (CliResult) m = cli_run ("merge", s2, s1, "-o", out, NULL);
  g_assert_cmpint (m->status, ==, 0);
  merged = table_of (out, "result.csv");
  g_assert_cmpuint (merged->rows->len, ==, whole->rows->len);
  for (guint r = 0; r < whole->rows->len; r++)
    g_assert_cmpstr (ws_csv_table_get (merged, r, "key"), ==, ws_csv_table_get (whole, r, "key"));
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  make_runs ();
  g_test_add_func ("/cli/merge/round-trip", test_round_trip);
  g_test_add_func ("/cli/merge/json", test_json);
  g_test_add_func ("/cli/merge/json-compare", test_json_compare);
  g_test_add_func ("/cli/merge/json-disagrees", test_json_disagrees);
  g_test_add_func ("/cli/merge/json-missing", test_json_missing);
  g_test_add_func ("/cli/merge/other-plan", test_other_plan);
  g_test_add_func ("/cli/merge/other-build", test_other_build);
  g_test_add_func ("/cli/merge/other-cut", test_other_cut);
  g_test_add_func ("/cli/merge/twice-and-missing", test_twice_and_missing);
  g_test_add_func ("/cli/merge/not-shards", test_not_shards);
  g_test_add_func ("/cli/merge/damaged", test_damaged);
  g_test_add_func ("/cli/merge/rows", test_rows);
  g_test_add_func ("/cli/merge/keys-file", test_keys_file);
  g_test_add_func ("/cli/merge/usage", test_usage);
  g_test_add_func ("/cli/slurm/script", test_slurm_script);
  g_test_add_func ("/cli/slurm/defaults", test_slurm_defaults);
  g_test_add_func ("/cli/slurm/refusals", test_slurm_refusals);
  g_test_add_func ("/cli/slurm/tasks", test_slurm_tasks);
  status = g_test_run ();
  ws_test_remove_dir (top);
  return status;
}
