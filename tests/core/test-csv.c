/* test-csv.c: CSV quoting and reading, and result.csv rows written by the
 * benchmark and read back (what --resume and `plot` rely on). */
#include <glib/gstdio.h>
#include <string.h>

#include "ws-csv.h"
#include "ws-error.h"

static char *
write_temp (const char *dir, const char *name, const char *text)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static void
test_quote (void)
{
  const struct { const char *in, *out; } cases[] = {
    { "plain", "plain" }, { "", "" }, { "a,b", "\"a,b\"" }, { "say \"hi\"", "\"say \"\"hi\"\"\"" },
    { "two\nlines", "\"two\nlines\"" }, { "µs ± 1", "µs ± 1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *q = ws_csv_quote (cases[i].in);
      g_assert_cmpstr (q, ==, cases[i].out);
    }
  g_autofree char *null = ws_csv_quote (NULL);
  g_assert_cmpstr (null, ==, "");
}

/* What ws_csv_quote writes, ws_csv_table_read gives back. */
static void
test_round_trip (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-csv-XXXXXX", NULL);
  const char *fields[] = { "a,b", "say \"hi\"", "two\nlines", "", "plain" };
  g_autoptr (GString) text = g_string_new ("c1,c2,c3,c4,c5\n");
  g_autofree char *path = NULL;
  g_autoptr (WsCsvTable) t = NULL;
  g_autoptr (GError) error = NULL;

  for (guint row = 0; row < 2; row++)
    {
      for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
        {
          g_autofree char *q = ws_csv_quote (fields[i]);
          g_string_append_printf (text, "%s%s", i ? "," : "", q);
        }
      g_string_append (text, row ? "\r\n" : "\n");
    }
  path = write_temp (dir, "t.csv", text->str);
  t = ws_csv_table_read (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (t->rows->len, ==, 2);
  for (guint row = 0; row < 2; row++)
    for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
      g_assert_cmpstr (((GStrv) g_ptr_array_index (t->rows, row))[i], ==, fields[i]);
  /* The second record starts on line 4: the first has a quoted line break. */
  g_assert_cmpuint (g_array_index (t->lines, guint, 1), ==, 4);
  g_assert_cmpint (ws_csv_table_column (t, "c3"), ==, 2);
  g_assert_cmpint (ws_csv_table_column (t, "nope"), ==, -1);
  g_assert_cmpstr (ws_csv_table_get (t, 1, "c5"), ==, "plain");
  g_assert_null (ws_csv_table_get (t, 1, "nope"));
  g_assert_null (ws_csv_table_get (t, 2, "c5"));
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_errors (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-csv-XXXXXX", NULL);
  const struct { const char *text, *needle; } cases[] = {
    { "a,b\n1,2\n3\n", "t.csv:3: 1 fields where the header names 2" },
    { "a,b\n1,2,3\n", "t.csv:2: 3 fields" },
    { "a,b\n\"open,2\n", "t.csv:2: a quoted field is not closed" },
    { "", "t.csv:1: no header line" },
    { "a,b", "t.csv:1: no header line" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = write_temp (dir, "t.csv", cases[i].text);
      g_autoptr (GError) error = NULL;
      g_assert_null (ws_csv_table_read (path, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, cases[i].needle));
      g_unlink (path);
    }
  g_autoptr (GError) missing = NULL;
  g_assert_null (ws_csv_table_read ("/nonexistent/t.csv", &missing));
  g_assert_nonnull (missing);
  g_rmdir (dir);
}

/* A crash mid-row leaves a last line without its newline: strict reading
 * takes it if it is whole, lenient reading drops it and says so. */
static void
test_lenient (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-csv-XXXXXX", NULL);
  g_autofree char *cut = write_temp (dir, "cut.csv", "a,b\n1,2\n3");
  g_autofree char *whole = write_temp (dir, "whole.csv", "a,b\n1,2\n3,4");
  g_autoptr (GError) error = NULL;
  gboolean dropped = FALSE;
  g_autoptr (WsCsvTable) t = ws_csv_table_read_lenient (cut, &dropped, &error);
  g_autoptr (WsCsvTable) s = ws_csv_table_read (whole, &error);

  g_assert_no_error (error);
  g_assert_true (dropped);
  g_assert_cmpuint (t->rows->len, ==, 1);
  g_assert_cmpuint (s->rows->len, ==, 2);
  g_clear_pointer (&t, ws_csv_table_free);
  t = ws_csv_table_read_lenient (whole, &dropped, &error);
  g_assert_true (dropped); /* no newline: it may be cut, so it is measured again */
  g_unlink (cut), g_unlink (whole);
  g_rmdir (dir);
}

/* A table filled row by row, as a live run fills it, written atomically
 * and read back the same; a line of fields is what a row writes. */
static void
test_build_and_write (void)
{
  const char *const header[] = { "a", "b, with comma", NULL };
  const char *const row[] = { "1", "say \"hi\"\nthere", NULL };
  g_autofree char *dir = g_dir_make_tmp ("ws-csv-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *bad = g_build_filename (dir, "missing", "out.csv", NULL);
  g_autofree char *line = ws_csv_record (row);
  g_autoptr (WsCsvTable) t = ws_csv_table_new (header);
  g_autoptr (WsCsvTable) back = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_cmpstr (line, ==, "1,\"say \"\"hi\"\"\nthere\"\n");
  ws_csv_table_append (t, g_strdupv ((char **) row));
  ws_csv_table_append (t, g_strdupv ((char **) (const char *const[]) { "2", "", NULL }));
  g_assert_cmpuint (g_array_index (t->lines, guint, 1), ==, 3);
  g_assert_true (ws_csv_table_write (t, path, &error));
  g_assert_no_error (error);
  back = ws_csv_table_read (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (back->header, t->header);
  g_assert_cmpuint (back->rows->len, ==, 2);
  g_assert_cmpstr (ws_csv_table_get (back, 0, "b, with comma"), ==, row[1]);
  g_assert_cmpstr (ws_csv_table_get (back, 1, "a"), ==, "2");
  /* A directory that is not there: an error naming the file. */
  g_assert_false (ws_csv_table_write (t, bad, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_IO);
  g_assert_nonnull (strstr (error->message, bad));
  g_unlink (path);
  g_rmdir (dir);
}

/* Fields that are not UTF-8 (a file saved as Latin-1) read as valid UTF-8,
 * their bad bytes as U+FFFD, the fields around them and the row count as
 * they are: they reach messages and chart labels, which need UTF-8. */
static void
test_not_utf8 (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-csv-XXXXXX", NULL);
  g_autofree char *path = write_temp (dir, "latin1.csv",
                                      "na\xefve,b\n"
                                      "caf\xe9,\"x\xff,y\"\n"
                                      "ok,µs\n"
                                      "\xc3,end");
  g_autoptr (GError) error = NULL;
  g_autoptr (WsCsvTable) t = ws_csv_table_read (path, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (t->header[0], ==, "na\xef\xbf\xbdve");
  g_assert_cmpstr (t->header[1], ==, "b");
  g_assert_cmpuint (t->rows->len, ==, 3);
  g_assert_cmpstr (ws_csv_table_get (t, 0, "b"), ==, "x\xef\xbf\xbd,y");
  g_assert_cmpstr (ws_csv_table_row (t, 0)[0], ==, "caf\xef\xbf\xbd");
  g_assert_cmpstr (ws_csv_table_row (t, 1)[1], ==, "µs");
  g_assert_cmpstr (ws_csv_table_row (t, 2)[0], ==, "\xef\xbf\xbd");
  g_assert_cmpstr (ws_csv_table_row (t, 2)[1], ==, "end");
  for (guint r = 0; r < t->rows->len; r++)
    for (guint i = 0; i < 2; i++)
      g_assert_true (g_utf8_validate (ws_csv_table_row (t, r)[i], -1, NULL));
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/csv/quote", test_quote);
  g_test_add_func ("/csv/round-trip", test_round_trip);
  g_test_add_func ("/csv/errors", test_errors);
  g_test_add_func ("/csv/lenient", test_lenient);
  g_test_add_func ("/csv/build-and-write", test_build_and_write);
  g_test_add_func ("/csv/not-utf8", test_not_utf8);
  return g_test_run ();
}
