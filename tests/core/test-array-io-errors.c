/* test-array-io-errors.c: every way a key file can fail to load, and what
 * the message says about it (file, line, the key fact). */
#include <errno.h>
#include <string.h>

#include <glib/gstdio.h>

#include "array-io-helpers.h"
#include "ws-array-io.h"
#include "ws-error.h"
#include "ws-test-util.h"

/* Loads a text file that must fail at `line` with `code`, and returns the
 * message after checking that it names the file and the line. */
static char *
load_text_error (const char *contents,
                 WsKeyType   type,
                 int         code,
                 int         line)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = write_file ("bad.txt", contents, -1);
  g_autofree char *where = g_strdup_printf ("%s:%d:", path, line);
  g_autoptr (WsArray) a = ws_array_load (path, WS_FORMAT_TEXT, type, &error);

  g_assert_null (a);
  g_assert_error (error, WS_ERROR, code);
  assert_contains (error->message, where);
  return g_strdup (error->message);
}

/* ---- parse errors ------------------------------------------------------ */

static void
test_error_nan (void)
{
  const char *nans[] = { "nan", "NaN", "-nan", "NAN(123)" };

  for (guint i = 0; i < G_N_ELEMENTS (nans); i++)
    {
      g_autofree char *text = g_strdup_printf ("1\n2\n%s\n", nans[i]);
      g_autofree char *msg = load_text_error (text, WS_KEY_FLOAT32, WS_ERROR_PARSE, 3);
      assert_contains (msg, "NaN is not a valid key");
    }
}

static void
test_error_float_range (void)
{
  g_autofree char *msg = load_text_error ("1\n1e40\n", WS_KEY_FLOAT32, WS_ERROR_PARSE, 2);
  g_autofree char *neg = load_text_error ("\n\n\n-3.5e38", WS_KEY_FLOAT32, WS_ERROR_PARSE, 4);

  assert_contains (msg, "out of float32 range");
  assert_contains (msg, "1e40");
  assert_contains (neg, "out of float32 range");
}

static void
test_error_int_range (void)
{
  const char *tokens[] = { "2147483648", "-2147483649", "99999999999999999999999", "3e9",
                           "-1e10", "1e400" };

  for (guint i = 0; i < G_N_ELEMENTS (tokens); i++)
    {
      g_autofree char *text = g_strdup_printf ("0 1\n%s\n", tokens[i]);
      g_autofree char *msg = load_text_error (text, WS_KEY_INT32, WS_ERROR_PARSE, 2);
      assert_contains (msg, "int32 range");
      assert_contains (msg, "-2147483648");
      assert_contains (msg, tokens[i]);
    }
}

static void
test_error_fraction (void)
{
  g_autofree char *msg = load_text_error ("1 2 1.5", WS_KEY_INT32, WS_ERROR_PARSE, 1);
  g_autofree char *tiny = load_text_error ("\n1e-3", WS_KEY_INT32, WS_ERROR_PARSE, 2);

  assert_contains (msg, "“1.5”");
  assert_contains (msg, "whole numbers");
  assert_contains (msg, "--type float32");
  assert_contains (tiny, "whole numbers");
}

static void
test_error_bad_token (void)
{
  const char *bad_int[] = { "abc", "0x10", "1-2", "+", "-", "inf", "nan", "1.2.3", "e5" };
  const char *bad_float[] = { "abc", "1,5", "1.5f", "--1", "infinit", "." };

  for (guint i = 0; i < G_N_ELEMENTS (bad_int); i++)
    {
      g_autofree char *text = g_strdup_printf ("1\n\n%s 2\n", bad_int[i]);
      g_autofree char *msg = load_text_error (text, WS_KEY_INT32, WS_ERROR_PARSE, 3);
      g_autofree char *expect = g_strdup_printf ("cannot read “%s” as int32", bad_int[i]);
      assert_contains (msg, expect);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad_float); i++)
    {
      g_autofree char *text = g_strdup_printf ("%s", bad_float[i]);
      g_autofree char *msg = load_text_error (text, WS_KEY_FLOAT32, WS_ERROR_PARSE, 1);
      g_autofree char *expect = g_strdup_printf ("cannot read “%s” as float32", bad_float[i]);
      assert_contains (msg, expect);
    }
}

/* Binary junk and huge tokens are cut short and kept valid UTF-8. */
static void
test_error_token_shown (void)
{
  g_autofree char *longtok = g_strnfill (500, '7');
  g_autofree char *text = g_strdup_printf ("1 x%s", longtok);
  g_autofree char *msg = load_text_error (text, WS_KEY_INT32, WS_ERROR_PARSE, 1);
  g_autofree char *junk = load_text_error ("\xff\xfe\x01", WS_KEY_FLOAT32, WS_ERROR_PARSE, 1);

  assert_contains (msg, "…");
  g_assert_cmpuint (strlen (msg), <, 300);
  g_assert_true (g_utf8_validate (junk, -1, NULL));
  assert_contains (junk, "cannot read");
}

/* A file of several parsing chunks (one per whole MiB): the line numbers still
 * count from the top of the file, and of several bad tokens the first is
 * the one reported. */
static char *
big_file_error (int bad1,
                int bad2)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (int line = 1; line <= 400000; line++)
    {
      if (line == bad1 || line == bad2)
        g_string_append (text, "12 oops\n");
      else
        g_string_append_printf (text, "%d\n", line);
    }
  g_assert_cmpuint (text->len, >, 2 << 20);
  return load_text_error (text->str, WS_KEY_INT32, WS_ERROR_PARSE, MIN (bad1, bad2));
}

static void
test_error_line_in_big_file (void)
{
  g_autofree char *late = big_file_error (350001, 390000);
  g_autofree char *early = big_file_error (380000, 100001);

  assert_contains (late, "“oops”");
  assert_contains (early, "“oops”");
}

/* ---- file-level errors ------------------------------------------------- */

static void
test_error_missing_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = ws_test_tmp_path ("no-such-file.txt");
  g_autofree char *dir = ws_test_tmp_path ("a-directory");
  gsize side;

  g_assert_null (ws_array_load (path, WS_FORMAT_TEXT, WS_KEY_INT32, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_IO);
  assert_contains (error->message, path);
  assert_contains (error->message, g_strerror (ENOENT));
  g_clear_error (&error);
  g_assert_null (ws_grid_load (path, WS_FORMAT_RAW_I32, WS_KEY_INT32, &side, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_IO);
  g_clear_error (&error);
  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  g_assert_null (ws_array_load (dir, WS_FORMAT_RAW_F32, WS_KEY_FLOAT32, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_IO);
  assert_contains (error->message, dir);
  g_rmdir (dir);
}

static void
test_error_raw_size (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = write_file ("seven.raw", "1234567", 7);

  g_assert_null (ws_array_load (path, WS_FORMAT_RAW_I32, WS_KEY_INT32, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_PARSE);
  assert_contains (error->message, path);
  assert_contains (error->message, "7 bytes");
  assert_contains (error->message, "multiple of 4");
}

static void
test_error_raw_nan (void)
{
  g_autoptr (GError) error = NULL;
  const guint32 words[] = { GUINT32_TO_LE (0x3f800000), GUINT32_TO_LE (0xff800000),
                            GUINT32_TO_LE (0x00000001), GUINT32_TO_LE (0x7fc00000) };
  g_autofree char *path = write_file ("nan.raw", (const char *) words, sizeof words);
  g_autoptr (WsArray) ints = NULL;

  g_assert_null (ws_array_load (path, WS_FORMAT_RAW_F32, WS_KEY_INT32, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_PARSE);
  assert_contains (error->message, path);
  assert_contains (error->message, "element 3");
  assert_contains (error->message, "NaN");
  g_clear_error (&error);
  /* The same bytes are fine int32 keys. */
  ints = ws_array_load (path, WS_FORMAT_RAW_I32, WS_KEY_FLOAT32, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ints->type, ==, WS_KEY_INT32);
  g_assert_cmpint (ints->i32[3], ==, 0x7fc00000);
}

static void
assert_grid_error (const char *contents,
                   int         line,
                   const char *needle1,
                   const char *needle2)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = write_file ("bad-grid.txt", contents, -1);
  g_autofree char *where = g_strdup_printf ("%s:%d:", path, line);
  gsize side = 77;

  g_assert_null (ws_grid_load (path, WS_FORMAT_TEXT, WS_KEY_FLOAT32, &side, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_PARSE);
  assert_contains (error->message, where);
  assert_contains (error->message, needle1);
  assert_contains (error->message, needle2);
}

static void
test_error_grid_text (void)
{
  assert_grid_error ("1 2\n3\n", 2, "has 1 value but", "first has 2");
  assert_grid_error ("1 2\n\n3 4 5\n", 3, "has 3 values", "first has 2");
  assert_grid_error ("1 2 3\n4 5 6\n", 2, "2 lines of 3 values", "not square");
  assert_grid_error ("1 2\n3 4\n5 6\n", 3, "3 lines of 2 values", "not square");
  assert_grid_error ("1\n2\n", 2, "2 lines of 1 value,", "not square");
  /* The shape is checked before the values are read. */
  assert_grid_error ("1 x\n3\n", 2, "has 1 value but", "first has 2");
}

static void
test_error_grid_raw (void)
{
  g_autoptr (GError) error = NULL;
  const gint32 five[5] = { 0 };
  g_autofree char *path = write_file ("five.raw", (const char *) five, sizeof five);
  gsize side = 7;

  g_assert_null (ws_grid_load (path, WS_FORMAT_RAW_I32, WS_KEY_INT32, &side, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_PARSE);
  assert_contains (error->message, path);
  assert_contains (error->message, "5 values");
  assert_contains (error->message, "square");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/array-io/error/nan", test_error_nan);
  g_test_add_func ("/array-io/error/float-range", test_error_float_range);
  g_test_add_func ("/array-io/error/int-range", test_error_int_range);
  g_test_add_func ("/array-io/error/fraction", test_error_fraction);
  g_test_add_func ("/array-io/error/bad-token", test_error_bad_token);
  g_test_add_func ("/array-io/error/token-shown", test_error_token_shown);
  g_test_add_func ("/array-io/error/line-in-big-file", test_error_line_in_big_file);
  g_test_add_func ("/array-io/error/missing-file", test_error_missing_file);
  g_test_add_func ("/array-io/error/raw-size", test_error_raw_size);
  g_test_add_func ("/array-io/error/raw-nan", test_error_raw_nan);
  g_test_add_func ("/array-io/error/grid-text", test_error_grid_text);
  g_test_add_func ("/array-io/error/grid-raw", test_error_grid_raw);
  return g_test_run ();
}
