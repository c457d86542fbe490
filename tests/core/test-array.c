/* test-array.c: typed arrays (ws-array.c) and the names of ws-types.c. */
#include <math.h>
#include <string.h>

#include "ws-array.h"
#include "ws-error.h"
#include "ws-types.h"
#include "ws-test-util.h"

#ifdef __SANITIZE_ADDRESS__
/* ASan reports an impossible allocation as a crash unless told to return
 * NULL as malloc does; the out-of-memory path is what is under test. */
const char *__asan_default_options (void);
const char *
__asan_default_options (void)
{
  return "allocator_may_return_null=1";
}
#endif

static const WsKeyType key_types[] = { WS_KEY_INT32, WS_KEY_FLOAT32 };

/* ---- arrays ------------------------------------------------------------ */

static void
test_new_sizes (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (key_types); t++)
    for (guint s = 0; s < ws_test_n_sizes; s++)
      {
        g_autoptr (GError) error = NULL;
        gsize n = ws_test_sizes[s];
        g_autoptr (WsArray) a = ws_array_new (key_types[t], n, &error);

        g_assert_no_error (error);
        g_assert_nonnull (a);
        g_assert_nonnull (a->data); /* even when empty */
        g_assert_cmpint (a->type, ==, key_types[t]);
        g_assert_cmpuint (a->n, ==, n);
        g_assert_cmpuint (ws_array_bytes (a), ==, 4 * n);
        for (gsize i = 0; i < n; i++) /* zero-filled: +0.0 and 0 */
          g_assert_cmpint (a->i32[i], ==, 0);
      }
}

static void
test_key_type_size (void)
{
  g_assert_cmpuint (ws_key_type_size (WS_KEY_INT32), ==, sizeof (gint32));
  g_assert_cmpuint (ws_key_type_size (WS_KEY_FLOAT32), ==, sizeof (gfloat));
}

/* n * 4 overflows the address space: reported before any allocation. */
static void
test_new_overflow (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (key_types); t++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *n_text = g_strdup_printf ("%" G_GSIZE_FORMAT, G_MAXSIZE / 2);
      WsArray *a = ws_array_new (key_types[t], G_MAXSIZE / 2, &error);

      g_assert_null (a);
      g_assert_error (error, WS_ERROR, WS_ERROR_NO_MEMORY);
      g_assert_nonnull (strstr (error->message, n_text));
      g_assert_nonnull (strstr (error->message, "smaller size"));
    }
}

/* n * 4 fits in a size but no machine has that much memory. */
static void
test_new_too_big (void)
{
  g_autoptr (GError) error = NULL;
  WsArray *a = ws_array_new (WS_KEY_FLOAT32, G_MAXSIZE / 16, &error);

  g_assert_null (a);
  g_assert_error (error, WS_ERROR, WS_ERROR_NO_MEMORY);
  g_assert_nonnull (strstr (error->message, "key array"));
  g_assert_nonnull (strstr (error->message, "smaller size"));
}

static void
test_try_alloc (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree gint32 *empty = ws_try_alloc (0, 4, "nothing", &error);
  g_autofree guint8 *bytes = ws_try_alloc (100, 1, "bytes", &error);
  gpointer huge;

  g_assert_no_error (error);
  g_assert_nonnull (empty);
  for (int i = 0; i < 100; i++)
    g_assert_cmpuint (bytes[i], ==, 0);
  huge = ws_try_alloc (G_MAXSIZE / 3, 8, "the widget table", &error);
  g_assert_null (huge);
  g_assert_error (error, WS_ERROR, WS_ERROR_NO_MEMORY);
  g_assert_nonnull (strstr (error->message, "the widget table"));
}

static void
test_copy_equal (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (key_types); t++)
    for (guint s = 0; s < ws_test_n_sizes; s++)
      {
        g_autoptr (GError) error = NULL;
        g_autoptr (WsArray) a = ws_test_special_array (key_types[t], ws_test_sizes[s], s);
        g_autoptr (WsArray) c = ws_array_copy (a, &error);

        g_assert_no_error (error);
        g_assert_true (c->data != a->data);
        g_assert_cmpint (c->type, ==, a->type);
        g_assert_cmpuint (c->n, ==, a->n);
        g_assert_cmpmem (c->data, ws_array_bytes (c), a->data, ws_array_bytes (a));
        g_assert_true (ws_array_equal (a, c));
        if (a->n > 0)
          {
            c->i32[a->n - 1] ^= 1; /* one bit of the last key */
            g_assert_false (ws_array_equal (a, c));
          }
      }
}

static void
test_equal_shape (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) i = ws_array_new (WS_KEY_INT32, 3, &error);
  g_autoptr (WsArray) f = ws_array_new (WS_KEY_FLOAT32, 3, &error);
  g_autoptr (WsArray) shorter = ws_array_new (WS_KEY_INT32, 2, &error);
  g_autoptr (WsArray) e1 = ws_array_new (WS_KEY_INT32, 0, &error);
  g_autoptr (WsArray) e2 = ws_array_new (WS_KEY_INT32, 0, &error);

  g_assert_no_error (error);
  g_assert_false (ws_array_equal (i, f)); /* same bytes (zeros), other type */
  g_assert_false (ws_array_equal (i, shorter));
  g_assert_true (ws_array_equal (e1, e2));
  g_assert_true (ws_array_equal (i, i));
}

/* Bitwise: -0.0 and +0.0 differ, as a file round trip must keep them. */
static void
test_equal_signed_zero (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) a = ws_array_new (WS_KEY_FLOAT32, 1, &error);
  g_autoptr (WsArray) b = ws_array_new (WS_KEY_FLOAT32, 1, &error);

  a->f32[0] = 0.0f;
  b->f32[0] = -0.0f;
  g_assert_false (ws_array_equal (a, b));
  b->f32[0] = 0.0f;
  g_assert_true (ws_array_equal (a, b));
}

static void
test_get_double (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) i = ws_array_new (WS_KEY_INT32, 3, &error);
  g_autoptr (WsArray) f = ws_array_new (WS_KEY_FLOAT32, 3, &error);

  i->i32[0] = G_MININT32;
  i->i32[1] = G_MAXINT32;
  i->i32[2] = -7;
  f->f32[0] = 0.1f;
  f->f32[1] = -INFINITY;
  f->f32[2] = 1e-45f;
  g_assert_cmpfloat (ws_array_get_double (i, 0), ==, -2147483648.0);
  g_assert_cmpfloat (ws_array_get_double (i, 1), ==, 2147483647.0);
  g_assert_cmpfloat (ws_array_get_double (i, 2), ==, -7.0);
  g_assert_cmpfloat (ws_array_get_double (f, 0), ==, (double) 0.1f);
  g_assert_cmpfloat (ws_array_get_double (f, 1), ==, -INFINITY);
  g_assert_cmpfloat (ws_array_get_double (f, 2), ==, (double) 1e-45f);
}

static void
test_free_null (void)
{
  ws_array_free (NULL);
}

/* ---- names ------------------------------------------------------------- */

static void
test_key_type_names (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (key_types); t++)
    {
      g_autoptr (GError) error = NULL;
      WsKeyType back = t == 0 ? WS_KEY_FLOAT32 : WS_KEY_INT32;

      g_assert_true (ws_key_type_from_string (ws_key_type_name (key_types[t]), &back, &error));
      g_assert_no_error (error);
      g_assert_cmpint (back, ==, key_types[t]);
    }
  g_assert_cmpstr (ws_key_type_name (WS_KEY_INT32), ==, "int32");
  g_assert_cmpstr (ws_key_type_name (WS_KEY_FLOAT32), ==, "float32");
}

static void
test_key_type_unknown (void)
{
  const char *bad[] = { "float64", "INT32", "", "int" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      WsKeyType out = WS_KEY_FLOAT32;

      g_assert_false (ws_key_type_from_string (bad[i], &out, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
      g_assert_cmpint (out, ==, WS_KEY_FLOAT32);
      g_assert_nonnull (strstr (error->message, bad[i]));
      g_assert_nonnull (strstr (error->message, "int32"));
      g_assert_nonnull (strstr (error->message, "float32"));
    }
}

static void
test_variant_names (void)
{
  const char *expect[WS_N_VARIANTS] = { "cpu-seq", "cpu-par", "gpu-seed", "gpu-seed-shared",
                                        "gpu-seed-v1", "gpu-seed-v2", "gpu", "gpu-lib" };

  for (int v = 0; v < WS_N_VARIANTS; v++)
    {
      g_autoptr (GError) error = NULL;
      WsVariant back = WS_N_VARIANTS;

      g_assert_cmpstr (ws_variant_name ((WsVariant) v), ==, expect[v]);
      g_assert_true (ws_variant_from_string (expect[v], &back, &error));
      g_assert_no_error (error);
      g_assert_cmpint (back, ==, v);
    }
}

static void
test_variant_unknown (void)
{
  g_autoptr (GError) error = NULL;
  WsVariant out = WS_VARIANT_GPU;

  g_assert_false (ws_variant_from_string ("gpu-fast", &out, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (out, ==, WS_VARIANT_GPU);
  g_assert_nonnull (strstr (error->message, "gpu-fast"));
  for (int v = 0; v < WS_N_VARIANTS; v++)
    g_assert_nonnull (strstr (error->message, ws_variant_name ((WsVariant) v)));
}

static void
test_variant_is_gpu (void)
{
  g_assert_false (ws_variant_is_gpu (WS_VARIANT_CPU_SEQ));
  g_assert_false (ws_variant_is_gpu (WS_VARIANT_CPU_PAR));
  g_assert_true (ws_variant_is_gpu (WS_VARIANT_GPU_SEED));
  g_assert_true (ws_variant_is_gpu (WS_VARIANT_GPU));
  g_assert_true (ws_variant_is_gpu (WS_VARIANT_GPU_LIB));
}

static void
test_counters_add (void)
{
  WsCounters into = { 1, 2, 3, 4 };
  const WsCounters from = { 10, 20, 30, G_MAXUINT64 - 4 };

  ws_counters_add (&into, &from);
  g_assert_cmpuint (into.passes, ==, 11);
  g_assert_cmpuint (into.comparisons, ==, 22);
  g_assert_cmpuint (into.swaps, ==, 33);
  g_assert_cmpuint (into.probes, ==, G_MAXUINT64);
}

/* Keys compare by value: -0.0 is +0.0; the range bounds the search. */
static void
test_first_difference (void)
{
  g_autoptr (WsArray) a = ws_array_new (WS_KEY_FLOAT32, 5, NULL);
  g_autoptr (WsArray) b = ws_array_new (WS_KEY_FLOAT32, 5, NULL);
  const float left[] = { 1.0f, -0.0f, INFINITY, 4.0f, 5.0f };
  const float right[] = { 1.0f, 0.0f, INFINITY, 7.0f, 5.0f };

  memcpy (a->f32, left, sizeof left);
  memcpy (b->f32, right, sizeof right);
  g_assert_cmpuint (ws_array_first_difference (a, b, 0, 5), ==, 3);
  g_assert_cmpuint (ws_array_first_difference (a, b, 0, 3), ==, G_MAXSIZE);
  g_assert_cmpuint (ws_array_first_difference (a, b, 4, 5), ==, G_MAXSIZE);
  b->f32[4] = 6.0f;
  g_assert_cmpuint (ws_array_first_difference (a, b, 4, 5), ==, 4);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/array/new/sizes", test_new_sizes);
  g_test_add_func ("/array/new/key-size", test_key_type_size);
  g_test_add_func ("/array/new/overflow", test_new_overflow);
  g_test_add_func ("/array/new/too-big", test_new_too_big);
  g_test_add_func ("/array/try-alloc", test_try_alloc);
  g_test_add_func ("/array/copy-equal", test_copy_equal);
  g_test_add_func ("/array/equal/shape", test_equal_shape);
  g_test_add_func ("/array/equal/signed-zero", test_equal_signed_zero);
  g_test_add_func ("/array/get-double", test_get_double);
  g_test_add_func ("/array/free-null", test_free_null);
  g_test_add_func ("/types/key-type/names", test_key_type_names);
  g_test_add_func ("/types/key-type/unknown", test_key_type_unknown);
  g_test_add_func ("/types/variant/names", test_variant_names);
  g_test_add_func ("/types/variant/unknown", test_variant_unknown);
  g_test_add_func ("/types/variant/is-gpu", test_variant_is_gpu);
  g_test_add_func ("/types/counters/add", test_counters_add);
  g_test_add_func ("/array/first-difference", test_first_difference);
  return g_test_run ();
}
