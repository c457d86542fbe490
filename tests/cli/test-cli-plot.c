/* test-cli-plot.c: `plot` refuses nonsense (issue 15, item 9) — an
 * algorithm or an x axis the file does not have is an error listing those
 * it has, missing columns are named, reordered columns chart the same,
 * rows with nonsense values are left out with a warning naming the first
 * (file:line), and a chart with nothing on it is an error saying why —
 * and reads big files row by row (item 6; the timing is a benchmark in
 * docs/performance.md, not a test). */
#include <glib/gstdio.h>
#include <string.h>

#include "cli-util.h"
#include "ws-csv.h"
#include "ws-test-util.h"

/* Study 001's results from the GPU machine: the window sum against N, R,
 * BS and K. */
static char *
study (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "..", "docs", "results", "h200", name, "result.csv", NULL);
}

static char *
in_tmp (const char *name)
{
  return ws_test_tmp_path (name);
}

/* The table written to name in the test's folder, columns in the order of
 * `order` (indices into the table's header; NULL: as they are). */
static char *
write_table (const WsCsvTable *t, const char *name, const guint *order)
{
  guint width = g_strv_length (t->header);
  g_autoptr (GString) s = g_string_new (NULL);
  g_autofree const char **fields = g_new0 (const char *, width + 1);

  for (guint r = 0; r <= t->rows->len; r++)
    {
      const char *const *row = r == 0 ? (const char *const *) t->header : ws_csv_table_row (t, r - 1);
      g_autofree char *line = NULL;
      for (guint i = 0; i < width; i++)
        fields[i] = row[order ? order[i] : i];
      line = ws_csv_record (fields);
      g_string_append (s, line);
    }
  return cli_write_file (name, s->str);
}

static WsCsvTable *
read_study (const char *name)
{
  g_autofree char *path = study (name);
  g_autoptr (GError) error = NULL;
  WsCsvTable *t = ws_csv_table_read (path, &error);

  g_assert_no_error (error);
  return t;
}

/* Row r's field in column name, replaced by value. */
static void
set_field (WsCsvTable *t, guint r, const char *name, const char *value)
{
  GStrv row = g_ptr_array_index (t->rows, r);
  int c = ws_csv_table_column (t, name);

  g_assert_cmpint (c, >=, 0);
  g_free (row[c]);
  row[c] = g_strdup (value);
}

static void
rename_column (WsCsvTable *t, const char *name, const char *new_name)
{
  int c = ws_csv_table_column (t, name);

  g_assert_cmpint (c, >=, 0);
  g_free (t->header[c]);
  t->header[c] = g_strdup (new_name);
}

static void
test_unknown_algorithm (void)
{
  g_autofree char *csv = study ("study-001");
  g_autofree char *png = in_tmp ("bogo.png");
  g_autoptr (CliResult) r = cli_run ("plot", csv, "-a", "bogo", "-o", png, NULL);

  cli_assert_fails (r, "“bogo” is not an algorithm of", "study-001/result.csv",
                    "choose one it has: stencil", NULL);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
}

static void
test_unknown_x (void)
{
  g_autofree char *csv = study ("study-001");
  g_autofree char *png = in_tmp ("bogus.png");
  g_autoptr (CliResult) r = cli_run ("plot", csv, "-a", "stencil", "-x", "bogus", "-o", png, NULL);
  g_autoptr (CliResult) ok = cli_run ("plot", csv, "-a", "stencil", "-x", "radius", "-k", "gflops",
                                      "-o", png, NULL);

  cli_assert_fails (r, "“bogus” is not a parameter of stencil",
                    "the x axis can be n, radius, block or per-thread", NULL);
  g_assert_cmpint (ok->status, ==, 0);
  g_assert_true (g_file_test (png, G_FILE_TEST_EXISTS));
}

/* A header with renamed columns: each missing one is named. */
static void
test_renamed_columns (void)
{
  g_autoptr (WsCsvTable) t = read_study ("study-000");
  g_autofree char *csv = NULL, *png = in_tmp ("renamed.png");
  g_autoptr (CliResult) r = NULL;

  rename_column (t, "median_s", "median");
  rename_column (t, "variant", "impl");
  csv = write_table (t, "renamed.csv", NULL);
  r = cli_run ("plot", csv, "-o", png, NULL);
  cli_assert_fails (r, "renamed.csv is not a Warpscope result.csv",
                    "no columns “variant”, “median_s”", NULL);
}

/* Columns in another order are found by name: the same chart, byte for
 * byte. */
static void
test_reordered_columns (void)
{
  g_autoptr (WsCsvTable) t = read_study ("study-000");
  guint width = g_strv_length (t->header);
  g_autofree guint *reversed = g_new (guint, width);
  g_autofree char *csv = NULL, *original = study ("study-000");
  g_autofree char *a = in_tmp ("original.png"), *b = in_tmp ("reordered.png");
  g_autofree char *png_a = NULL, *png_b = NULL;
  gsize len_a, len_b;

  for (guint i = 0; i < width; i++)
    reversed[i] = width - 1 - i;
  csv = write_table (t, "reordered.csv", reversed);
  g_autoptr (CliResult) ra = cli_run ("plot", original, "-k", "speedup", "-o", a, NULL);
  g_autoptr (CliResult) rb = cli_run ("plot", csv, "-k", "speedup", "-o", b, NULL);
  g_assert_cmpint (ra->status, ==, 0);
  g_assert_cmpint (rb->status, ==, 0);
  g_assert_cmpstr (rb->err, ==, "");
  g_assert_true (g_file_get_contents (a, &png_a, &len_a, NULL));
  g_assert_true (g_file_get_contents (b, &png_b, &len_b, NULL));
  g_assert_cmpmem (png_a, len_a, png_b, len_b);
}

/* Rows whose median is "abc" or "NaN", or whose n is −1024: charted
 * without them, a warning counting them and naming the first. */
static void
test_bad_values (void)
{
  g_autoptr (WsCsvTable) t = read_study ("study-000");
  g_autofree char *csv = NULL, *png = in_tmp ("bad.png");
  g_autoptr (CliResult) r = NULL;

  set_field (t, 2, "median_s", "abc");
  set_field (t, 4, "median_s", "NaN");
  set_field (t, 6, "n", "-1024");
  csv = write_table (t, "bad.csv", NULL);
  r = cli_run ("plot", csv, "-o", png, NULL);
  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->err, "warning: 3 rows left out as unreadable, the first "));
  g_assert_nonnull (strstr (r->err, "bad.csv:4: median_s is “abc”, not a number ≥ 0"));
  g_assert_true (g_file_test (png, G_FILE_TEST_EXISTS));
}

/* Nothing left to draw is an error that says why, not an empty chart. */
static void
test_nothing_to_chart (void)
{
  g_autoptr (WsCsvTable) t = read_study ("study-000");
  g_autofree char *csv = NULL, *png = in_tmp ("nothing.png"), *real = study ("study-000");
  g_autoptr (CliResult) gflops = cli_run ("plot", real, "-k", "gflops", "-o", png, NULL);
  g_autoptr (CliResult) bad = NULL;

  cli_assert_fails (gflops, "Nothing to chart", "GFLOP/s (only stencil rows have them)", NULL);
  for (guint r = 0; r < t->rows->len; r++)
    set_field (t, r, "median_s", "NaN");
  csv = write_table (t, "all-bad.csv", NULL);
  bad = cli_run ("plot", csv, "-o", png, NULL);
  cli_assert_fails (bad, "Nothing to chart", "all-bad.csv:2: median_s is “NaN”", NULL);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
}

/* An interrupted run's last line, cut short, is left out with a word. */
static void
test_cut_short (void)
{
  g_autofree char *real = study ("study-000"), *text = NULL, *csv = NULL;
  g_autofree char *png = in_tmp ("cut.png");
  g_autoptr (CliResult) r = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (real, &text, &len, NULL));
  text[len - 20] = '\0';
  csv = cli_write_file ("cut.csv", text);
  r = cli_run ("plot", csv, "-o", png, NULL);
  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->err, "cut.csv:50, the last line, is cut short"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/plot/unknown-algorithm", test_unknown_algorithm);
  g_test_add_func ("/cli/plot/unknown-x", test_unknown_x);
  g_test_add_func ("/cli/plot/renamed-columns", test_renamed_columns);
  g_test_add_func ("/cli/plot/reordered-columns", test_reordered_columns);
  g_test_add_func ("/cli/plot/bad-values", test_bad_values);
  g_test_add_func ("/cli/plot/nothing-to-chart", test_nothing_to_chart);
  g_test_add_func ("/cli/plot/cut-short", test_cut_short);
  return g_test_run ();
}
