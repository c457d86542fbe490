/* test-array-io.c: text and raw key files and grids: round trips, layout,
 * parsing, and atomic saving. Load errors are in test-array-io-errors.c. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "array-io-helpers.h"
#include "ws-array-io.h"
#include "ws-error.h"
#include "ws-test-util.h"

static const WsKeyType key_types[] = { WS_KEY_INT32, WS_KEY_FLOAT32 };

/* ---- helpers ----------------------------------------------------------- */

static WsArray *
load_ok (const char  *contents,
         WsKeyType    type)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = write_file ("ok.txt", contents, -1);
  WsArray *a = ws_array_load (path, WS_FORMAT_TEXT, type, &error);

  g_assert_no_error (error);
  g_assert_nonnull (a);
  g_assert_cmpint (a->type, ==, type);
  return a;
}

static guint32
bits_of (float f)
{
  guint32 b;

  memcpy (&b, &f, sizeof b);
  return b;
}

static float
float_of (guint32 b)
{
  float f;

  memcpy (&f, &b, sizeof f);
  return f;
}

static void
assert_round_trip (const WsArray *a,
                   WsFileFormat   format)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = ws_test_tmp_path ("round-trip");
  g_autoptr (WsArray) back = NULL;

  g_assert_true (ws_array_save (a, path, format, &error));
  g_assert_no_error (error);
  back = ws_array_load (path, format, a->type, &error);
  g_assert_no_error (error);
  g_assert_true (ws_array_equal (a, back));
  g_unlink (path);
}

/* ---- formats and key text ---------------------------------------------- */

static void
test_format_names (void)
{
  const WsFileFormat formats[] = { WS_FORMAT_TEXT, WS_FORMAT_RAW_F32, WS_FORMAT_RAW_I32 };
  g_autoptr (GError) error = NULL;
  WsFileFormat out = WS_FORMAT_TEXT;

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_assert_true (ws_file_format_from_string (ws_file_format_name (formats[i]), &out, &error));
      g_assert_no_error (error);
      g_assert_cmpint (out, ==, formats[i]);
    }
  g_assert_cmpstr (ws_file_format_name (WS_FORMAT_RAW_F32), ==, "raw-f32");
  g_assert_false (ws_file_format_from_string ("csv", &out, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  assert_contains (error->message, "csv");
  assert_contains (error->message, "raw-i32");
  g_assert_cmpint (ws_file_format_key_type (WS_FORMAT_RAW_F32, WS_KEY_INT32), ==, WS_KEY_FLOAT32);
  g_assert_cmpint (ws_file_format_key_type (WS_FORMAT_RAW_I32, WS_KEY_FLOAT32), ==, WS_KEY_INT32);
  g_assert_cmpint (ws_file_format_key_type (WS_FORMAT_TEXT, WS_KEY_INT32), ==, WS_KEY_INT32);
  g_assert_cmpint (ws_file_format_key_type (WS_FORMAT_TEXT, WS_KEY_FLOAT32), ==, WS_KEY_FLOAT32);
}

static void
check_key_text (WsKeyType   type,
                const void *key,
                const char *expect)
{
  g_autoptr (GString) s = g_string_new ("x");

  ws_format_key (s, type, key); /* appends */
  g_assert_cmpstr (s->str + 1, ==, expect);
  g_assert_cmpint (s->str[0], ==, 'x');
}

static void
test_format_key (void)
{
  const struct { gint32 v; const char *text; } ints[] = {
    { G_MININT32, "-2147483648" }, { G_MAXINT32, "2147483647" }, { 0, "0" }, { -1, "-1" },
    { 65536, "65536" },
  };
  const struct { float v; const char *text; } floats[] = {
    { INFINITY, "inf" }, { -INFINITY, "-inf" }, { -0.0f, "-0" }, { 0.0f, "0" },
    { 0.1f, "0.100000001" }, { FLT_TRUE_MIN, "1.40129846e-45" }, { -FLT_MIN, "-1.17549435e-38" },
    { FLT_MAX, "3.40282347e+38" }, { 1.5f, "1.5" }, { 16777216.0f, "16777216" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (ints); i++)
    check_key_text (WS_KEY_INT32, &ints[i].v, ints[i].text);
  for (guint i = 0; i < G_N_ELEMENTS (floats); i++)
    check_key_text (WS_KEY_FLOAT32, &floats[i].v, floats[i].text);
}

/* ---- round trips ------------------------------------------------------- */

static void
test_round_trip_text (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (key_types); t++)
    for (guint s = 0; s < ws_test_n_sizes; s++)
      {
        g_autoptr (WsArray) special = ws_test_special_array (key_types[t], ws_test_sizes[s], s);
        g_autoptr (WsArray) uniform = ws_test_generate (key_types[t], WS_DIST_UNIFORM,
                                                        ws_test_sizes[s], s);
        assert_round_trip (special, WS_FORMAT_TEXT);
        assert_round_trip (uniform, WS_FORMAT_TEXT);
      }
}

static void
test_round_trip_raw (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (key_types); t++)
    for (guint s = 0; s < ws_test_n_sizes; s++)
      {
        g_autoptr (WsArray) special = ws_test_special_array (key_types[t], ws_test_sizes[s], s);
        assert_round_trip (special, key_types[t] == WS_KEY_INT32 ? WS_FORMAT_RAW_I32
                                                                 : WS_FORMAT_RAW_F32);
      }
}

/* Every float32 bit pattern class survives text: a sweep of exponents. */
static void
test_round_trip_float_sweep (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) a = ws_array_new (WS_KEY_FLOAT32, 200000, &error);
  WsRng rng;

  ws_rng_init (&rng, 17);
  for (gsize i = 0; i < a->n; i++)
    {
      guint32 b = (guint32) ws_rng_next (&rng);
      if ((b & 0x7f800000u) == 0x7f800000u)
        b &= ~0x00800000u; /* no NaN (nor inf) from the all-ones exponent */
      a->f32[i] = float_of (b);
    }
  assert_round_trip (a, WS_FORMAT_TEXT);
}

/* Files bigger than one parsing chunk: order and values must survive. */
static void
test_round_trip_chunked (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (key_types); t++)
    {
      g_autoptr (WsArray) a = ws_test_generate (key_types[t], WS_DIST_UNIFORM, 400000, 9);
      assert_round_trip (a, WS_FORMAT_TEXT);
    }
}

static void
assert_grid_round_trip (const WsArray *a,
                        gsize          side,
                        WsFileFormat   format)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = ws_test_tmp_path ("grid");
  g_autoptr (WsArray) back = NULL;
  gsize got = 12345;

  g_assert_true (ws_grid_save (a, side, path, format, &error));
  g_assert_no_error (error);
  back = ws_grid_load (path, format, a->type, &got, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (got, ==, side);
  g_assert_true (ws_array_equal (a, back));
  g_unlink (path);
}

static void
test_round_trip_grid (void)
{
  const gsize sides[] = { 0, 1, 2, 3, 17, 100, 256 };

  for (guint t = 0; t < G_N_ELEMENTS (key_types); t++)
    for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
      {
        g_autoptr (WsArray) a = ws_test_special_array (key_types[t], sides[s] * sides[s], s);
        assert_grid_round_trip (a, sides[s], WS_FORMAT_TEXT);
        assert_grid_round_trip (a, sides[s], key_types[t] == WS_KEY_INT32 ? WS_FORMAT_RAW_I32
                                                                          : WS_FORMAT_RAW_F32);
      }
}

/* ---- what files look like ---------------------------------------------- */

static void
test_text_layout (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) a = ws_array_new (WS_KEY_INT32, 6, &error);
  g_autofree char *path = ws_test_tmp_path ("layout.txt");
  g_autofree char *text = NULL;

  for (int i = 0; i < 6; i++)
    a->i32[i] = i % 2 ? -i : i;
  g_assert_true (ws_array_save (a, path, WS_FORMAT_TEXT, &error));
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_cmpstr (text, ==, "0\n-1\n2\n-3\n4\n-5\n");
  g_clear_pointer (&text, g_free);
  g_assert_true (ws_grid_save (a, 3, path, WS_FORMAT_TEXT, &error));
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_cmpstr (text, ==, "0 -1 2\n-3 4 -5\n");
  g_assert_no_error (error);
}

static void
test_raw_layout (void)
{
  static const guint8 expect[] = { 0x01, 0x00, 0x00, 0x00, 0xfe, 0xff, 0xff, 0xff,
                                   0x00, 0x00, 0x80, 0x3f };
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) ints = ws_array_new (WS_KEY_INT32, 2, &error);
  g_autoptr (WsArray) one = ws_array_new (WS_KEY_FLOAT32, 1, &error);
  g_autofree char *path = ws_test_tmp_path ("layout.raw");
  g_autofree char *bytes = NULL;
  gsize len;

  ints->i32[0] = 1;
  ints->i32[1] = -2;
  one->f32[0] = 1.0f;
  g_assert_true (ws_array_save (ints, path, WS_FORMAT_RAW_I32, &error));
  g_assert_true (g_file_get_contents (path, &bytes, &len, &error));
  g_assert_cmpmem (bytes, len, expect, 8);
  g_clear_pointer (&bytes, g_free);
  g_assert_true (ws_array_save (one, path, WS_FORMAT_RAW_F32, &error));
  g_assert_true (g_file_get_contents (path, &bytes, &len, &error));
  g_assert_cmpmem (bytes, len, expect + 8, 4);
  g_assert_no_error (error);
}

/* ---- parsing ----------------------------------------------------------- */

static void
test_parse_whitespace (void)
{
  g_autoptr (WsArray) i = load_ok ("  1\t2\r\n\n 3 \v4\f+5\n-6", WS_KEY_INT32);
  g_autoptr (WsArray) f = load_ok ("\n\n 0.5 \t-2.25\r\n1e3 ", WS_KEY_FLOAT32);
  const gint32 expect[] = { 1, 2, 3, 4, 5, -6 };

  g_assert_cmpmem (i->data, ws_array_bytes (i), expect, sizeof expect);
  g_assert_cmpuint (f->n, ==, 3);
  g_assert_cmpfloat (f->f32[0], ==, 0.5f);
  g_assert_cmpfloat (f->f32[1], ==, -2.25f);
  g_assert_cmpfloat (f->f32[2], ==, 1000.0f);
}

static void
test_parse_infinity (void)
{
  g_autoptr (WsArray) f = load_ok ("inf +inf -inf infinity INF -Infinity +INFINITY",
                                   WS_KEY_FLOAT32);
  const int sign[] = { 1, 1, -1, 1, 1, -1, 1 };

  g_assert_cmpuint (f->n, ==, 7);
  for (int k = 0; k < 7; k++)
    g_assert_cmpfloat (f->f32[k], ==, sign[k] * INFINITY);
}

/* Single rounding: next to a midpoint between two floats, rounding first
 * to double lands on the midpoint and then picks the wrong neighbour. */
static void
test_parse_rounding (void)
{
  g_autoptr (WsArray) f = load_ok ("1.00000017881393432617187499\n"    /* just below a midpoint */
                                   "1.0000000596046447753906250000001\n" /* just above one */
                                   "1.000000059604644775390625\n"       /* on it: to even */
                                   "1.4e-45\n-0\n1e-50\n-0.0\n7.01e-46\n",
                                   WS_KEY_FLOAT32);

  g_assert_cmpuint (f->n, ==, 8);
  g_assert_cmphex (bits_of (f->f32[0]), ==, 0x3f800001);
  g_assert_cmphex (bits_of (f->f32[1]), ==, 0x3f800001);
  g_assert_cmphex (bits_of (f->f32[2]), ==, 0x3f800000);
  g_assert_cmphex (bits_of (f->f32[3]), ==, 0x00000001);
  g_assert_cmphex (bits_of (f->f32[4]), ==, 0x80000000);
  g_assert_cmphex (bits_of (f->f32[5]), ==, 0x00000000); /* underflow rounds to zero */
  g_assert_cmphex (bits_of (f->f32[6]), ==, 0x80000000);
  g_assert_cmphex (bits_of (f->f32[7]), ==, 0x00000001); /* just above half the least */
}

static void
test_parse_int_decimal (void)
{
  g_autoptr (WsArray) a = load_ok ("3.0 1e3 -2e0 +7 -2147483648 2147483647 2.147483647e9 -0",
                                   WS_KEY_INT32);
  const gint32 expect[] = { 3, 1000, -2, 7, G_MININT32, G_MAXINT32, G_MAXINT32, 0 };

  g_assert_cmpmem (a->data, ws_array_bytes (a), expect, sizeof expect);
}

static void
test_parse_empty (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (key_types); t++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) empty = load_ok ("", key_types[t]);
      g_autoptr (WsArray) blank = load_ok (" \n\n\t\r\n", key_types[t]);
      g_autofree char *path = write_file ("empty.raw", "", 0);
      g_autoptr (WsArray) raw = ws_array_load (path, WS_FORMAT_RAW_F32, key_types[t], &error);
      g_autoptr (WsArray) grid = NULL;
      gsize side = 99;

      g_assert_cmpuint (empty->n, ==, 0);
      g_assert_cmpuint (blank->n, ==, 0);
      g_assert_no_error (error);
      g_assert_cmpuint (raw->n, ==, 0);
      g_assert_cmpint (raw->type, ==, WS_KEY_FLOAT32); /* raw formats decide the type */
      grid = ws_grid_load (path, WS_FORMAT_TEXT, key_types[t], &side, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (side, ==, 0);
      g_assert_cmpuint (grid->n, ==, 0);
    }
}

static void
test_grid_blank_lines (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = write_file ("blank-grid.txt", "\n1 2\n\n  \n3\t4\n\n", -1);
  gsize side = 0;
  g_autoptr (WsArray) a = ws_grid_load (path, WS_FORMAT_TEXT, WS_KEY_INT32, &side, &error);
  const gint32 expect[] = { 1, 2, 3, 4 };

  g_assert_no_error (error);
  g_assert_cmpuint (side, ==, 2);
  g_assert_cmpmem (a->data, ws_array_bytes (a), expect, sizeof expect);
}

/* ---- save errors ------------------------------------------------------- */

static void
test_error_save_arguments (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 10, 1);
  g_autofree char *path = ws_test_tmp_path ("never-written");

  g_assert_false (ws_array_save (a, path, WS_FORMAT_RAW_F32, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  assert_contains (error->message, "int32");
  assert_contains (error->message, "raw-i32");
  g_clear_error (&error);
  g_assert_false (ws_grid_save (a, 3, path, WS_FORMAT_TEXT, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  assert_contains (error->message, "10 keys");
  g_clear_error (&error);
  g_assert_false (ws_grid_save (a, 0, path, WS_FORMAT_TEXT, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

static void
test_error_save_missing_dir (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *parent = ws_test_tmp_path ("save-missing");
  g_autofree char *path = g_build_filename (parent, "missing", "keys.txt", NULL);
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 100, 1);
  g_autofree char *listing = NULL;

  g_assert_cmpint (g_mkdir (parent, 0755), ==, 0);
  for (int f = WS_FORMAT_TEXT; f <= WS_FORMAT_RAW_F32; f++)
    {
      g_assert_false (ws_array_save (a, path, (WsFileFormat) f, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_IO);
      assert_contains (error->message, path);
      assert_contains (error->message, g_strerror (ENOENT));
      g_clear_error (&error);
    }
  listing = ws_test_list_dir (parent);
  g_assert_cmpstr (listing, ==, "");
}

/* A rename that fails (the target is a directory) must not leave the
 * temporary file behind. */
static void
test_error_save_no_leftover (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *parent = ws_test_tmp_path ("save-leftover");
  g_autofree char *target = g_build_filename (parent, "taken", NULL);
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 1000, 1);
  g_autofree char *listing = NULL;

  g_assert_cmpint (g_mkdir_with_parents (target, 0755), ==, 0);
  g_assert_false (ws_array_save (a, target, WS_FORMAT_TEXT, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_IO);
  assert_contains (error->message, target);
  g_clear_error (&error);
  g_assert_false (ws_file_write_atomic (target, "x", 1, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_IO);
  listing = ws_test_list_dir (parent);
  g_assert_cmpstr (listing, ==, "taken");
}

/* Overwriting replaces the whole file and leaves nothing else. */
static void
test_atomic_overwrite (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *parent = ws_test_tmp_path ("atomic");
  g_autofree char *path = g_build_filename (parent, "data.bin", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *listing = NULL;
  gsize len;

  g_assert_cmpint (g_mkdir (parent, 0755), ==, 0);
  g_assert_true (ws_file_write_atomic (path, "a long first version", 20, &error));
  g_assert_true (ws_file_write_atomic (path, "short", 5, &error));
  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (contents, len, "short", 5);
  g_assert_true (ws_file_write_atomic (path, NULL, 0, &error));
  g_assert_no_error (error);
  listing = ws_test_list_dir (parent);
  g_assert_cmpstr (listing, ==, "data.bin");
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  g_assert_cmpuint (len, ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/array-io/format/names", test_format_names);
  g_test_add_func ("/array-io/format/key-text", test_format_key);
  g_test_add_func ("/array-io/round-trip/text", test_round_trip_text);
  g_test_add_func ("/array-io/round-trip/raw", test_round_trip_raw);
  g_test_add_func ("/array-io/round-trip/float-sweep", test_round_trip_float_sweep);
  g_test_add_func ("/array-io/round-trip/chunked", test_round_trip_chunked);
  g_test_add_func ("/array-io/round-trip/grid", test_round_trip_grid);
  g_test_add_func ("/array-io/layout/text", test_text_layout);
  g_test_add_func ("/array-io/layout/raw", test_raw_layout);
  g_test_add_func ("/array-io/parse/whitespace", test_parse_whitespace);
  g_test_add_func ("/array-io/parse/infinity", test_parse_infinity);
  g_test_add_func ("/array-io/parse/rounding", test_parse_rounding);
  g_test_add_func ("/array-io/parse/int-decimal", test_parse_int_decimal);
  g_test_add_func ("/array-io/parse/empty", test_parse_empty);
  g_test_add_func ("/array-io/parse/grid-blank-lines", test_grid_blank_lines);
  g_test_add_func ("/array-io/save/bad-arguments", test_error_save_arguments);
  g_test_add_func ("/array-io/save/missing-dir", test_error_save_missing_dir);
  g_test_add_func ("/array-io/save/no-leftover", test_error_save_no_leftover);
  g_test_add_func ("/array-io/atomic/overwrite", test_atomic_overwrite);
  return g_test_run ();
}
