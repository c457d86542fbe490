/* test-cli-bench-json.c: result.json end to end (issue 21) — `bench`
 * writes it beside result.csv with every sample, read here with JSON-GLib
 * alone and checked against samples.csv, result.csv and run.ini; --resume
 * keeps the earlier rows' samples; `compare` reads two runs' result.json
 * (folders without samples.csv, and the files named); `plot` charts one. */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "cli-util.h"
#include "ws-test-util.h"

#define PLAN                                                                                   \
  "[preset]\nname = Json run\nalgorithms = bitonic, reduce\nvariants = cpu-seq, cpu-par, gpu\n" \
  "sizes = 256, 2000\nrepetitions = 5\n"

static char *
in_dir (const char *dir, const char *name)
{
  return g_build_filename (dir, name, NULL);
}

static JsonParser *
parse (const char *path)
{
  JsonParser *parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  return parser;
}

/* samples.csv as key → its samples in order (the file written with its header). */
static GHashTable *
samples_csv (const char *path)
{
  g_autofree char *text = cli_read_file (path);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  GHashTable *by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                              (GDestroyNotify) g_array_unref);

  g_assert_cmpstr (lines[0], ==, "key,index,seconds");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      /* Keys have no commas here: no parameters are varied. */
      g_auto (GStrv) f = g_strsplit (lines[i], ",", -1);
      GArray *a = g_hash_table_lookup (by_key, f[0]);
      double v = g_ascii_strtod (f[2], NULL);
      g_assert_cmpuint (g_strv_length (f), ==, 3);
      if (a == NULL)
        g_hash_table_insert (by_key, g_strdup (f[0]), a = g_array_new (FALSE, FALSE, sizeof (double)));
      g_assert_cmpuint (g_ascii_strtoull (f[1], NULL, 10), ==, a->len);
      g_array_append_val (a, v);
    }
  return by_key;
}

static char *
record_hash (const char *dir)
{
  g_autofree char *path = in_dir (dir, "run.ini");
  g_autoptr (GKeyFile) file = g_key_file_new ();

  g_assert_true (g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL));
  return g_key_file_get_string (file, "run", "hash", NULL);
}

/* Every configuration's samples in result.json are samples.csv's (to its
 * 9 digits), in order; the rows with none are those that did not run. */
static guint
assert_samples_match (JsonArray *configs, GHashTable *csv)
{
  guint with = 0;

  for (guint i = 0; i < json_array_get_length (configs); i++)
    {
      JsonObject *c = json_array_get_object_element (configs, i);
      const char *key = json_object_get_string_member (c, "key");
      JsonObject *row = json_object_get_object_member (c, "row");
      JsonArray *s = json_object_get_array_member (c, "samples");
      GArray *want = g_hash_table_lookup (csv, key);
      if (want == NULL)
        {
          g_assert_cmpuint (json_array_get_length (s), ==, 0);
          g_assert_cmpstr (json_object_get_string_member (row, "status"), !=, "ok");
          continue;
        }
      with++;
      g_assert_cmpstr (json_object_get_string_member (row, "status"), ==, "ok");
      g_assert_cmpint (json_object_get_int_member (row, "samples"), ==, 5);
      g_assert_cmpuint (json_array_get_length (s), ==, want->len);
      for (guint k = 0; k < want->len; k++)
        {
          double a = json_array_get_double_element (s, k), b = g_array_index (want, double, k);
          g_assert_cmpfloat (fabs (a - b), <=, 1e-8 * b);
        }
    }
  return with;
}

/* bench: result.json with the context and every configuration of
 * result.csv, its samples samples.csv's. */
static void
test_bench_writes (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-json-XXXXXX", NULL);
  g_autofree char *ini = cli_write_file ("json-run.ini", PLAN);
  g_autofree char *json = in_dir (dir, "result.json"), *samples = in_dir (dir, "samples.csv");
  g_autofree char *csv = in_dir (dir, "result.csv"), *csv_text = NULL, *hash = NULL;
  g_autoptr (CliResult) r = cli_run ("bench", ini, "-o", dir, "--samples", NULL);
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GHashTable) by_key = NULL;
  JsonObject *root, *context;
  JsonArray *configs;

  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "result.csv and result.json"));
  parser = parse (json);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "warpscope-result");
  g_assert_cmpint (json_object_get_int_member (root, "version"), ==, 1);
  context = json_object_get_object_member (root, "context");
  g_assert_cmpstr (json_object_get_string_member (context, "host"), ==, g_get_host_name ());
  hash = record_hash (dir);
  g_assert_cmpstr (json_object_get_string_member (context, "plan_hash"), ==, hash);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (context, "cpu"),
                                               "logical_cpus"), >, 0);
  g_assert_true (json_object_has_member (context, "gpu"));
  g_assert_nonnull (json_object_get_string_member (context, "cuda"));
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (context, "plan"),
                                                  "repetitions"), ==, "5");
  configs = json_object_get_array_member (root, "configurations");
  /* 2 algorithms × 3 variants × 2 sizes, as in result.csv. */
  g_assert_cmpuint (json_array_get_length (configs), ==, 12);
  csv_text = cli_read_file (csv);
  for (guint i = 0; i < 12; i++)
    g_assert_nonnull (strstr (csv_text, json_object_get_string_member (
                                json_array_get_object_element (configs, i), "key")));
  by_key = samples_csv (samples);
  g_assert_cmpuint (assert_samples_match (configs, by_key), ==, g_hash_table_size (by_key));
  g_assert_cmpuint (g_hash_table_size (by_key), >=, 8); /* the CPU rows */
  ws_test_remove_dir (dir);
}

/* --resume: the rows kept keep their samples (from the result.json
 * before); without that file, their rows with no samples. */
static void
test_resume (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-json-XXXXXX", NULL);
  g_autofree char *ini = cli_write_file ("json-resume.ini", PLAN);
  g_autofree char *json = in_dir (dir, "result.json"), *samples = in_dir (dir, "samples.csv");
  g_autoptr (CliResult) first = cli_run ("bench", ini, "-o", dir, NULL);
  g_autoptr (CliResult) again = cli_run ("bench", ini, "-o", dir, "--resume", NULL);
  g_autoptr (JsonParser) parser = NULL;
  JsonArray *configs;

  g_assert_cmpint (first->status, ==, 0);
  g_assert_false (g_file_test (samples, G_FILE_TEST_EXISTS));
  g_assert_cmpint (again->status, ==, 0);
  g_assert_nonnull (strstr (again->out, "0 rows written"));
  parser = parse (json);
  configs = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                          "configurations");
  g_assert_cmpuint (json_array_get_length (configs), ==, 12);
  for (guint i = 0; i < 12; i++)
    {
      JsonObject *c = json_array_get_object_element (configs, i);
      JsonObject *row = json_object_get_object_member (c, "row");
      gboolean ok = g_str_equal (json_object_get_string_member (row, "status"), "ok");
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (c, "samples")), ==,
                        ok ? 5 : 0);
    }
  g_clear_object (&parser);

  g_assert_cmpint (g_remove (json), ==, 0);
  g_autoptr (CliResult) third = cli_run ("bench", ini, "-o", dir, "--resume", NULL);
  g_assert_cmpint (third->status, ==, 0);
  parser = parse (json);
  configs = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                          "configurations");
  g_assert_cmpuint (json_array_get_length (configs), ==, 12);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_array_get_object_element (configs, 0), "samples")), ==, 0);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (
                     json_array_get_object_element (configs, 0), "row"), "algorithm"), ==, "bitonic");
  ws_test_remove_dir (dir);
}

/* compare: two runs' folders of result.json only, and the files named;
 * a damaged result.json is an error (status 2) naming it. */
static void
test_compare (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-json-XXXXXX", NULL);
  g_autofree char *ini = cli_write_file ("json-compare.ini", PLAN);
  g_autofree char *a = in_dir (dir, "a"), *b = in_dir (dir, "b");
  g_autofree char *a_json = in_dir (a, "result.json"), *b_json = in_dir (b, "result.json");
  g_autofree char *bad = in_dir (dir, "bad.json"), *a_samples = in_dir (a, "samples.csv");
  g_autoptr (CliResult) ra = cli_run ("bench", ini, "-o", a, NULL);
  g_autoptr (CliResult) rb = cli_run ("bench", ini, "-o", b, NULL);

  g_assert_cmpint (ra->status, ==, 0);
  g_assert_cmpint (rb->status, ==, 0);
  g_assert_false (g_file_test (a_samples, G_FILE_TEST_EXISTS));
  g_autoptr (CliResult) folders = cli_run ("compare", a, b, "--json", NULL);
  g_assert_cmpint (folders->status, !=, 2);
  {
    g_autoptr (JsonParser) parser = json_parser_new ();
    JsonObject *root;
    g_assert_true (json_parser_load_from_data (parser, folders->out, -1, NULL));
    root = json_node_get_object (json_parser_get_root (parser));
    /* Every CPU configuration in both; the GPU rows, which did not run,
     * in neither. */
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "configurations")),
                      >=, 8);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "only_in_base")),
                      ==, 0);
  }
  /* A run against itself: the same samples, nothing slower. */
  g_autoptr (CliResult) files = cli_run ("compare", a_json, a_json, NULL);
  g_assert_cmpint (files->status, ==, 0);
  g_assert_nonnull (strstr (files->out, "bitonic|cpu-seq"));
  g_assert_null (strstr (files->out, "SLOWER"));

  g_assert_true (g_file_set_contents (bad, "{\"format\": \"warpscope-result\", \"version\": 1, "
                                      "\"configurations\": [{\"key\": \"k\", \"row\": {}, "
                                      "\"samples\": [\"soon\"]}]}", -1, NULL));
  g_autoptr (CliResult) damaged = cli_run ("compare", bad, a, NULL);
  g_assert_cmpint (damaged->status, ==, 2);
  g_assert_nonnull (strstr (damaged->err, "bad.json: configurations[0].samples[0] is a string"));
  g_autoptr (CliResult) empty_dir = cli_run ("compare", dir, a, NULL);
  g_assert_cmpint (empty_dir->status, ==, 2);
  g_assert_nonnull (strstr (empty_dir->err, "has neither result.json nor samples.csv"));
  ws_test_remove_dir (dir);
}

/* plot: a result.json charts as its result.csv does. */
static void
test_plot (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-json-XXXXXX", NULL);
  g_autofree char *ini = cli_write_file ("json-plot.ini", PLAN);
  g_autofree char *json = in_dir (dir, "result.json"), *csv = in_dir (dir, "result.csv");
  g_autofree char *from_json = in_dir (dir, "json.svg"), *from_csv = in_dir (dir, "csv.svg");
  g_autofree char *a = NULL, *b = NULL, *bad = in_dir (dir, "bad.json");
  g_autoptr (CliResult) r = cli_run ("bench", ini, "-o", dir, NULL);

  g_assert_cmpint (r->status, ==, 0);
  g_autoptr (CliResult) pj = cli_run ("plot", json, "-a", "bitonic", "-o", from_json, NULL);
  g_autoptr (CliResult) pc = cli_run ("plot", csv, "-a", "bitonic", "-o", from_csv, NULL);
  g_assert_cmpint (pj->status, ==, 0);
  g_assert_cmpint (pc->status, ==, 0);
  /* The same points: the same drawing. */
  a = cli_read_file (from_json), b = cli_read_file (from_csv);
  g_assert_cmpuint (strlen (a), >, 1000);
  g_assert_cmpstr (a, ==, b);
  g_assert_true (g_file_set_contents (bad, "[]", -1, NULL));
  g_autoptr (CliResult) refused = cli_run ("plot", bad, "-o", from_json, NULL);
  cli_assert_fails (refused, "bad.json: the file holds an array", NULL);
  ws_test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/bench-json/bench-writes", test_bench_writes);
  g_test_add_func ("/cli/bench-json/resume", test_resume);
  g_test_add_func ("/cli/bench-json/compare", test_compare);
  g_test_add_func ("/cli/bench-json/plot", test_plot);
  return g_test_run ();
}
