/* test-cli-compare.c: `warpscope-cli compare BASE NEW` on samples files
 * written here — a configuration 50% slower, one a third faster, one 0.05%
 * apart, one of identical samples, one in each run only — as text and as
 * JSON, with its exit status for CI, and its refusals. */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "cli-util.h"
#include "ws-test-util.h"

/* Thirty distinct samples around `seconds` (0.1% apart), scaled. */
static void
append_run (GString *s, const char *key, double seconds, double scale)
{
  for (guint i = 0; i < 30; i++)
    g_string_append_printf (s, "%s,%u,%.9g\n", key, i, scale * seconds * (1.0 + 0.001 * i));
}

/* DIR/base/samples.csv and DIR/new/samples.csv; header says whether the
 * files start with theirs (files of older runs do not). */
static char *
make_runs (gboolean header)
{
  char *dir = g_dir_make_tmp ("ws-compare-XXXXXX", NULL);
  const char *names[] = { "base", "new" };

  for (guint r = 0; r < 2; r++)
    {
      g_autoptr (GString) s = g_string_new (header ? "key,index,seconds\n" : "");
      g_autofree char *sub = g_build_filename (dir, names[r], NULL);
      g_autofree char *file = g_build_filename (sub, "samples.csv", NULL);
      append_run (s, "bitonic|gpu|1024", 1e-3, r == 0 ? 1.0 : 1.5);
      append_run (s, "scan|gpu|1024", 3e-3, r == 0 ? 1.0 : 2.0 / 3.0);
      append_run (s, "reduce|gpu|1024", 2e-3, r == 0 ? 1.0 : 1.0005);
      append_run (s, "\"dot|gpu|1024, quoted\"", 1e-3, 1.0);
      append_run (s, r == 0 ? "only-base" : "only-new", 1e-3, 1.0);
      g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
      g_assert_true (g_file_set_contents (file, s->str, -1, NULL));
    }
  return dir;
}

/* The text line of key in out. */
static char *
line_of (const char *out, const char *key)
{
  g_auto (GStrv) lines = g_strsplit (out, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], key))
      return g_strdup (lines[i]);
  return NULL;
}

static void
assert_verdict (const char *out, const char *key, const char *verdict)
{
  g_autofree char *line = line_of (out, key);

  g_assert_nonnull (line);
  g_assert_true (g_str_has_suffix (line, verdict));
}

static void
test_text (void)
{
  g_autofree char *dir = make_runs (TRUE);
  g_autofree char *base = g_build_filename (dir, "base", NULL);
  g_autofree char *fresh = g_build_filename (dir, "new", NULL);
  g_autoptr (CliResult) r = cli_run ("compare", base, fresh, NULL);

  /* A configuration SLOWER past the default 5%: status 1, for CI. */
  g_assert_cmpint (r->status, ==, 1);
  assert_verdict (r->out, "bitonic|gpu|1024", "SLOWER");
  assert_verdict (r->out, "scan|gpu|1024", "FASTER");
  assert_verdict (r->out, "reduce|gpu|1024", "SAME");
  assert_verdict (r->out, "dot|gpu|1024, quoted", "SAME");
  g_assert_nonnull (strstr (r->out, "only in the baseline: only-base"));
  g_assert_nonnull (strstr (r->out, "only in the new run: only-new"));
  g_assert_nonnull (strstr (r->out, "1.500"));

  /* Past a 60% threshold nothing matters: status 0. */
  g_autoptr (CliResult) loose = cli_run ("compare", base, fresh, "--threshold", "60%", NULL);
  g_assert_cmpint (loose->status, ==, 0);
  g_assert_null (strstr (loose->out, "SLOWER"));
  g_assert_null (strstr (loose->out, "FASTER"));

  /* The files themselves, and a run against itself. */
  g_autofree char *file = g_build_filename (base, "samples.csv", NULL);
  g_autoptr (CliResult) self = cli_run ("compare", file, file, NULL);
  g_assert_cmpint (self->status, ==, 0);
  g_assert_null (strstr (self->out, "only in"));
}

static void
test_json (void)
{
  g_autofree char *dir = make_runs (FALSE); /* older files, no header */
  g_autofree char *base = g_build_filename (dir, "base", NULL);
  g_autofree char *fresh = g_build_filename (dir, "new", NULL);
  g_autoptr (CliResult) r = cli_run ("compare", base, fresh, "--json", "--threshold", "0.02", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (r->status, ==, 1);
  g_assert_true (json_parser_load_from_data (parser, r->out, -1, &error));
  g_assert_no_error (error);
  JsonObject *root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpfloat (json_object_get_double_member (root, "threshold"), ==, 0.02);
  JsonArray *configs = json_object_get_array_member (root, "configurations");
  g_assert_cmpuint (json_array_get_length (configs), ==, 4);
  JsonObject *first = json_array_get_object_element (configs, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "key"), ==, "bitonic|gpu|1024");
  g_assert_cmpstr (json_object_get_string_member (first, "verdict"), ==, "SLOWER");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (first, "ratio"), 1.5, 1e-6);
  g_assert_cmpfloat (json_object_get_double_member (first, "u"), ==, 900.0);
  g_assert_cmpfloat (json_object_get_double_member (first, "effect"), ==, 1.0);
  g_assert_cmpfloat (json_object_get_double_member (first, "p"), <, 1e-6);
  JsonArray *only = json_object_get_array_member (root, "only_in_base");
  g_assert_cmpuint (json_array_get_length (only), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (only, 0), ==, "only-base");
}

static void
test_refusals (void)
{
  g_autofree char *dir = make_runs (TRUE);
  g_autofree char *base = g_build_filename (dir, "base", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.csv", NULL);
  g_autoptr (CliResult) none = cli_run ("compare", base, dir, NULL);
  g_autoptr (CliResult) one = cli_run ("compare", base, NULL);
  g_autoptr (CliResult) five = cli_run ("compare", base, base, "--threshold", "5", NULL);
  g_autoptr (CliResult) huge = cli_run ("compare", base, base, "--threshold", "150%", NULL);

  /* Status 2, not 1: an error is not a slower run. */
  g_assert_cmpint (none->status, ==, 2);
  g_assert_nonnull (strstr (none->err, "has neither result.json nor samples.csv"));
  g_assert_nonnull (strstr (none->err, "warpscope-cli bench PLAN -o"));
  g_assert_cmpint (one->status, ==, 2);
  g_assert_nonnull (strstr (one->err, "two runs"));
  g_assert_cmpint (five->status, ==, 2);
  g_assert_nonnull (strstr (five->err, "5%"));
  g_assert_cmpint (huge->status, ==, 2);
  g_assert_nonnull (strstr (huge->err, "out of range"));

  g_assert_true (g_file_set_contents (bad, "key,index,seconds\nx,0,1e-3\nx,1,soon\n", -1, NULL));
  g_autoptr (CliResult) damaged = cli_run ("compare", bad, base, NULL);
  g_assert_cmpint (damaged->status, ==, 2);
  g_assert_nonnull (strstr (damaged->err, "bad.csv:3"));
  g_assert_nonnull (strstr (damaged->err, "soon"));

  g_assert_true (g_file_set_contents (bad, "key,index,seconds\nx,0,1e-3\n", -1, NULL));
  g_autoptr (CliResult) apart = cli_run ("compare", bad, base, NULL);
  g_assert_cmpint (apart->status, ==, 2);
  g_assert_nonnull (strstr (apart->err, "share no configuration"));
}

/* A run's result.csv names the run: its samples are those of the
 * result.json beside it; a result.csv alone says where samples come from. */
static void
test_result_csv (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *base = g_build_filename (dir, "base", NULL);
  g_autofree char *fresh = g_build_filename (dir, "new", NULL);
  g_autofree char *base_csv = g_build_filename (base, "result.csv", NULL);
  g_autofree char *fresh_csv = g_build_filename (fresh, "result.csv", NULL);
  const WsTestConfig before[] = { { "bitonic", "cpu-seq", 1024, 1e-3 } };
  const WsTestConfig after[] = { { "bitonic", "cpu-seq", 1024, 2e-3 } };

  g_free (ws_test_write_run (base, before, 1));
  g_free (ws_test_write_run (fresh, after, 1));
  g_autoptr (CliResult) r = cli_run ("compare", base_csv, fresh_csv, NULL);
  g_assert_cmpint (r->status, ==, 1);
  assert_verdict (r->out, "bitonic|cpu-seq", "SLOWER");

  g_autofree char *json = g_build_filename (base, "result.json", NULL);
  g_assert_cmpint (g_unlink (json), ==, 0);
  g_autoptr (CliResult) alone = cli_run ("compare", base_csv, fresh_csv, NULL);
  g_assert_cmpint (alone->status, ==, 2);
  g_assert_nonnull (strstr (alone->err, "result.csv holds no samples"));
  ws_test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/compare/text", test_text);
  g_test_add_func ("/compare/json", test_json);
  g_test_add_func ("/compare/refusals", test_refusals);
  g_test_add_func ("/compare/result-csv", test_result_csv);
  return g_test_run ();
}
