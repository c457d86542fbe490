/* test-input-guards.c: the holes a hostile run found in sizes, numbers,
 * input paths and output paths (issue 15), each closed at its guard:
 * ws-size.c's one parser, ws-file.c's reading and writing. */
#define _GNU_SOURCE /* symlink, lstat, mkfifo under -std=c17 */

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "array-io-helpers.h"
#include "ws-array-io.h"
#include "ws-error.h"
#include "ws-file.h"
#include "ws-size.h"
#include "ws-test-util.h"

/* ---- sizes and numbers ---- */

static void
test_size_documented_forms (void)
{
  static const struct { const char *text; guint64 value; } ok[] = {
    { "65536", 65536 }, { "0", 0 }, { "007", 7 }, { "2^0", 1 }, { "2^20", 1 << 20 },
    { "2^63", G_GUINT64_CONSTANT (1) << 63 }, { "1e6", 1000000 }, { "1E3", 1000 },
    { "2.5e3", 2500 }, { "1.50e2", 150 }, { "0e9999", 0 }, { "64k", 65536 }, { "1K", 1024 },
    { "16M", 16 << 20 }, { "1G", 1 << 30 }, { "0k", 0 },
    { "18446744073709551615", G_MAXUINT64 }, { "1e19", G_GUINT64_CONSTANT (10000000000000000000) },
  };

  for (guint i = 0; i < G_N_ELEMENTS (ok); i++)
    {
      g_autoptr (GError) error = NULL;
      gsize v = 12345;
      g_assert_true (ws_size_parse ("--n", ok[i].text, &v, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (v, ==, ok[i].value);
    }
}

static void
test_size_undocumented_forms (void)
{
  static const char *const bad[] = {
    "k", "K", "M", "G", "", " 5", "5 ", "+5", "-5", "0x10", "0x1p20", "1.5k", "1.5", "2.5e0",
    "1e-3", "1e+3", "3^4", "2^", "^2", "2^-1", "2^+3", "inf", "nan", "1e", "e6", "1.e3",
    "64kb", "64 k", "1,000", "1_000", "٣", "\xff\xfe",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      gsize v = 77;
      g_assert_false (ws_size_parse ("--n", bad[i], &v, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      assert_contains (error->message, "--n");
      assert_contains (error->message, WS_SIZE_FORMS);
      g_assert_cmpuint (v, ==, 77); /* untouched */
    }
}

static void
test_size_too_large (void)
{
  static const char *const big[] = { "2^64", "18446744073709551616", "1e20", "17179869184G",
                                     "99999999999999999999k" };

  for (guint i = 0; i < G_N_ELEMENTS (big); i++)
    {
      g_autoptr (GError) error = NULL;
      gsize v;
      g_assert_false (ws_size_parse ("sizes", big[i], &v, &error));
      assert_contains (error->message, "too large");
    }
}

static void
test_size_range (void)
{
  g_autoptr (GError) zero = NULL;
  g_autoptr (GError) above = NULL;
  gsize v;

  g_assert_false (ws_size_parse_range ("--n", "0k", 1, G_MAXSIZE, &v, &zero));
  assert_contains (zero->message, "at least 1");
  g_assert_false (ws_size_parse_range ("n", "2^25", 1, 1 << 24, &v, &above));
  assert_contains (above->message, "from 1 to 16777216");
  g_assert_true (ws_size_parse_range ("n", "2^24", 1, 1 << 24, &v, NULL));
  g_assert_cmpuint (v, ==, 1 << 24);
}

static void
test_int_parse (void)
{
  static const char *const bad[] = { "+5", " 5", "0x10", "-", "--5", "-0x1", "5.0", "-1e3", "" };
  gint64 v;

  g_assert_true (ws_int_parse ("--radius", "-7", -100, 100, &v, NULL));
  g_assert_cmpint (v, ==, -7);
  g_assert_true (ws_int_parse ("--bins", "64k", 1, 1 << 24, &v, NULL));
  g_assert_cmpint (v, ==, 65536);
  g_assert_true (ws_int_parse ("x", "-9223372036854775808", G_MININT64, 0, &v, NULL));
  g_assert_cmpint (v, ==, G_MININT64);
  g_assert_true (ws_int_parse ("x", "-0", -1, 1, &v, NULL));
  g_assert_cmpint (v, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_false (ws_int_parse ("--radius", bad[i], G_MININT64, G_MAXINT64, &v, &error));
      assert_contains (error->message, "--radius");
    }
  {
    g_autoptr (GError) error = NULL;
    g_assert_false (ws_int_parse ("--repeat", "0", 1, 100000, &v, &error));
    assert_contains (error->message, "from 1 to 100000");
  }
}

static void
test_decimal_parse (void)
{
  static const char *const ok[] = { "0.02", "1", "-3.5", "1e3", "2.5E-2", "10" };
  static const char *const bad[] = { "0x10", "0x1p3", "inf", "nan", "+1", " 1", "1 ", ".5",
                                     "5.", "1e", "1e+", "abc", "", "1e999" };
  double v;

  for (guint i = 0; i < G_N_ELEMENTS (ok); i++)
    g_assert_true (ws_decimal_parse (ok[i], &v));
  g_assert_true (ws_decimal_parse ("2.5E-2", &v));
  g_assert_cmpfloat (v, ==, 0.025);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_false (ws_decimal_parse (bad[i], &v));
}

/* ---- key files ---- */

static void
test_float_hex_refused (void)
{
  static const char *const hex[] = { "0x10", "0X1p4", "-0x1", "1.5f", "infinit", "0b101" };

  for (guint i = 0; i < G_N_ELEMENTS (hex); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *text = g_strdup_printf ("1.5\n%s\n", hex[i]);
      g_autofree char *path = write_file ("hex.txt", text, -1);
      g_autoptr (WsArray) a = ws_array_load (path, WS_FORMAT_TEXT, WS_KEY_FLOAT32, &error);
      g_assert_null (a);
      g_assert_error (error, WS_ERROR, WS_ERROR_PARSE);
      assert_contains (error->message, "hex.txt:2:");
      assert_contains (error->message, hex[i]);
    }
}

static void
test_float_words_kept (void)
{
  g_autofree char *path = write_file ("inf.txt", "inf -INF +Infinity -infinity 1e3 +.5 -0\n", -1);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) a = ws_array_load (path, WS_FORMAT_TEXT, WS_KEY_FLOAT32, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (a->n, ==, 7);
  g_assert_true (isinf (a->f32[0]) && a->f32[0] > 0);
  g_assert_true (isinf (a->f32[1]) && a->f32[1] < 0);
  g_assert_true (isinf (a->f32[2]) && a->f32[2] > 0);
  g_assert_cmpfloat (a->f32[4], ==, 1000.0f);
  g_assert_cmpfloat (a->f32[5], ==, 0.5f);
  g_assert_true (signbit (a->f32[6]));
}

static void
test_bom_skipped (void)
{
  g_autofree char *path = write_file ("bom.txt", "\xef\xbb\xbf" "3 -1\n2\n", -1);
  g_autofree char *grid = write_file ("bom-grid.txt", "\xef\xbb\xbf" "1 2\n3 4\n", -1);
  g_autofree char *bad = write_file ("bom-bad.txt", "\xef\xbb\xbf" "1\nx\n", -1);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) a = ws_array_load (path, WS_FORMAT_TEXT, WS_KEY_INT32, &error);
  g_autoptr (WsArray) g = NULL;
  g_autoptr (WsArray) b = NULL;
  gsize side = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (a->n, ==, 3);
  g_assert_cmpint (a->i32[0], ==, 3);
  g = ws_grid_load (grid, WS_FORMAT_TEXT, WS_KEY_FLOAT32, &side, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (side, ==, 2);
  b = ws_array_load (bad, WS_FORMAT_TEXT, WS_KEY_INT32, &error);
  g_assert_null (b);
  assert_contains (error->message, "bom-bad.txt:2:"); /* lines still counted from the top */
}

/* ---- input paths ---- */

static void
assert_refused (const char *path, const char *kind)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) a = ws_array_load (path, WS_FORMAT_TEXT, WS_KEY_FLOAT32, &error);
  g_autofree char *contents = NULL;
  gint64 start = g_get_monotonic_time ();

  g_assert_null (a);
  g_assert_error (error, WS_ERROR, WS_ERROR_IO);
  assert_contains (error->message, kind);
  assert_contains (error->message, "not a regular file");
  g_clear_error (&error);
  g_assert_false (ws_file_read_input (path, 0, NULL, &contents, NULL, &error));
  assert_contains (error->message, kind);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC); /* never waits */
}

static void
test_input_not_regular (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *fifo = g_build_filename (dir, "fifo", NULL);

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  assert_refused (fifo, "FIFO");     /* no writer: used to hang */
  assert_refused (dir, "folder");
  assert_refused ("/dev/zero", "character device"); /* used to never end */
  ws_test_remove_dir (dir);
}

static void
test_input_symlink_followed (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *target = g_build_filename (dir, "keys.txt", NULL);
  g_autofree char *link = g_build_filename (dir, "link.txt", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) a = NULL;

  g_assert_true (g_file_set_contents (target, "5 4\n", -1, NULL));
  g_assert_cmpint (symlink ("keys.txt", link), ==, 0);
  a = ws_array_load (link, WS_FORMAT_TEXT, WS_KEY_INT32, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (a->n, ==, 2);
  ws_test_remove_dir (dir);
}

static void
test_input_size_limit (void)
{
  g_autofree char *path = write_file ("big.ini", "0123456789", -1);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  gsize len = 0;

  g_assert_false (ws_file_read_input (path, 9, "a preset", &text, &len, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  assert_contains (error->message, "a preset may be at most 9 bytes");
  g_clear_error (&error);
  g_assert_true (ws_file_read_input (path, 10, "a preset", &text, &len, &error));
  g_assert_cmpuint (len, ==, 10);
  g_assert_cmpstr (text, ==, "0123456789");
}

/* ---- output paths ---- */

static char *
read_text (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
test_output_symlink_followed (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *target = g_build_filename (dir, "target.txt", NULL);
  g_autofree char *link = g_build_filename (dir, "link.txt", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.txt", NULL);
  g_autofree char *made = g_build_filename (dir, "made.txt", NULL);
  g_autofree char *text = NULL;
  g_autofree char *listing = NULL;
  GStatBuf st;

  g_assert_true (g_file_set_contents (target, "old", -1, NULL));
  g_assert_cmpint (chmod (target, 0640), ==, 0);
  g_assert_cmpint (symlink ("target.txt", link), ==, 0);
  g_assert_true (ws_file_write_atomic (link, "new", 3, NULL));
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));                    /* the link stays a link */
  g_assert_cmpstr ((text = read_text (target)), ==, "new"); /* its file was replaced */
  g_assert_cmpint (g_stat (target, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);           /* with its permissions */
  g_assert_cmpint (symlink ("made.txt", dangling), ==, 0);
  g_assert_true (ws_file_write_atomic (dangling, "x", 1, NULL));
  g_assert_cmpint (g_lstat (dangling, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_true (g_file_test (made, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpstr ((listing = ws_test_list_dir (dir)), ==,
                   "dangling.txt link.txt made.txt target.txt"); /* no temporary left */
  ws_test_remove_dir (dir);
}

static gpointer
read_fifo (gpointer path)
{
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, NULL);
  return text;
}

static void
test_output_fifo_and_devices (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *fifo = g_build_filename (dir, "out.fifo", NULL);
  g_autoptr (GError) error = NULL;
  GThread *reader;
  g_autofree char *got = NULL;
  GStatBuf st;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  reader = g_thread_new ("fifo-reader", read_fifo, fifo);
  g_assert_true (ws_file_write_atomic (fifo, "1\n2\n", 4, &error));
  g_assert_no_error (error);
  got = g_thread_join (reader);
  g_assert_cmpstr (got, ==, "1\n2\n");
  g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode)); /* still a FIFO */
  g_assert_true (ws_file_write_atomic ("/dev/null", "x", 1, &error));
  g_assert_cmpint (g_stat ("/dev/null", &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
  if (g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_assert_false (ws_file_write_atomic ("/dev/full", "x", 1, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_IO);
      g_clear_error (&error);
      g_assert_cmpint (g_stat ("/dev/full", &st), ==, 0);
      g_assert_true (S_ISCHR (st.st_mode)); /* used to become a regular file as root */
    }
  ws_test_remove_dir (dir);
}

static void
test_output_refused (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *listing = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_false (ws_file_write_atomic ("", "x", 1, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (ws_file_write_atomic (dir, "x", 1, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_IO);
  assert_contains (error->message, "folder");
  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));
  g_assert_cmpstr ((listing = ws_test_list_dir (dir)), ==, "");
  ws_test_remove_dir (dir);
}

static void
test_output_stdout (void)
{
  if (g_test_subprocess ())
    {
      printf ("before\n");
      g_assert_true (ws_file_write_atomic ("-", "keys\n", 5, NULL));
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("before\nkeys\n*");
}

/* ---- temporary files and signals ---- */

static void
test_temp_registry (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *a = g_build_filename (dir, "a.tmp", NULL);
  g_autofree char *b = g_build_filename (dir, "b.tmp", NULL);

  g_assert_true (g_file_set_contents (a, "", 0, NULL));
  g_assert_true (g_file_set_contents (b, "", 0, NULL));
  ws_temp_file_add (a);
  ws_temp_file_add (b);
  ws_temp_file_remove (b); /* renamed into place: no longer temporary */
  ws_temp_files_unlink ();
  g_assert_false (g_file_test (a, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (b, G_FILE_TEST_EXISTS));
  ws_temp_file_remove (a);
  ws_test_remove_dir (dir);
}

/* A program killed by each signal while a temporary file exists removes it
 * and still dies of that signal. */
static void
test_temp_removed_on_signal (gconstpointer data)
{
  int sig = GPOINTER_TO_INT (data);
  /* The parent's pid names it: the child is a new process with its own
   * test folder. */
  pid_t parent = g_test_subprocess () ? getppid () : getpid ();
  g_autofree char *name = g_strdup_printf ("warpscope-pending-%d-%d.AbC123", (int) parent, sig);
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), name, NULL);

  if (g_test_subprocess ())
    {
      g_assert_true (g_file_set_contents (path, "partial", -1, NULL));
      ws_file_clean_on_signals ();
      ws_temp_file_add (path);
      raise (sig);
      g_assert_not_reached ();
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/guards/size/documented", test_size_documented_forms);
  g_test_add_func ("/guards/size/undocumented", test_size_undocumented_forms);
  g_test_add_func ("/guards/size/too-large", test_size_too_large);
  g_test_add_func ("/guards/size/range", test_size_range);
  g_test_add_func ("/guards/int", test_int_parse);
  g_test_add_func ("/guards/decimal", test_decimal_parse);
  g_test_add_func ("/guards/keys/float-hex", test_float_hex_refused);
  g_test_add_func ("/guards/keys/float-words", test_float_words_kept);
  g_test_add_func ("/guards/keys/bom", test_bom_skipped);
  g_test_add_func ("/guards/input/not-regular", test_input_not_regular);
  g_test_add_func ("/guards/input/symlink", test_input_symlink_followed);
  g_test_add_func ("/guards/input/size-limit", test_input_size_limit);
  g_test_add_func ("/guards/output/symlink", test_output_symlink_followed);
  g_test_add_func ("/guards/output/fifo-and-devices", test_output_fifo_and_devices);
  g_test_add_func ("/guards/output/refused", test_output_refused);
  g_test_add_func ("/guards/output/stdout", test_output_stdout);
  g_test_add_func ("/guards/temp/registry", test_temp_registry);
  g_test_add_data_func ("/guards/temp/sigint", GINT_TO_POINTER (SIGINT), test_temp_removed_on_signal);
  g_test_add_data_func ("/guards/temp/sigterm", GINT_TO_POINTER (SIGTERM), test_temp_removed_on_signal);
  g_test_add_data_func ("/guards/temp/sighup", GINT_TO_POINTER (SIGHUP), test_temp_removed_on_signal);
  return g_test_run ();
}
