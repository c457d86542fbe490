/* ws-test-util.c: plain references for the tests. */
#include "ws-test-util.h"

#include <float.h>
#include <math.h>
#include <string.h>

const gsize ws_test_sizes[] = { 0, 1, 2, 3, 5, 1000, 1024, 1025, 65537 };
const guint ws_test_n_sizes = G_N_ELEMENTS (ws_test_sizes);

const WsKeyType ws_test_key_types[2] = { WS_KEY_INT32, WS_KEY_FLOAT32 };
const WsVariant ws_test_cpu_variants[2] = { WS_VARIANT_CPU_SEQ, WS_VARIANT_CPU_PAR };

static int
cmp_i32 (const void *pa, const void *pb)
{
  gint32 a = *(const gint32 *) pa, b = *(const gint32 *) pb;
  return (a > b) - (a < b);
}

/* Total order on floats without NaN: by value, and -0.0 before +0.0. */
static int
cmp_f32_total (const void *pa, const void *pb)
{
  float a = *(const float *) pa, b = *(const float *) pb;
  if (a < b)
    return -1;
  if (a > b)
    return 1;
  return (int) !signbit (a) - (int) !signbit (b);
}

WsArray *
ws_test_qsort_copy (const WsArray *a)
{
  g_autoptr (GError) error = NULL;
  WsArray *copy = ws_array_copy (a, &error);

  g_assert_no_error (error);
  if (copy->n > 0)
    qsort (copy->data, copy->n, ws_key_type_size (copy->type),
           copy->type == WS_KEY_INT32 ? cmp_i32 : cmp_f32_total);
  return copy;
}

static gboolean
is_ascending (const WsArray *out)
{
  for (gsize i = 1; i < out->n; i++)
    {
      gboolean bad = out->type == WS_KEY_INT32 ? out->i32[i - 1] > out->i32[i]
                                               : out->f32[i - 1] > out->f32[i];
      if (bad)
        {
          g_test_message ("not ascending at index %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT,
                          i, out->n);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
ws_test_is_sorted_permutation (const WsArray *in,
                               const WsArray *out)
{
  g_autoptr (WsArray) ref = NULL;
  g_autoptr (WsArray) got = NULL;

  if (in->type != out->type || in->n != out->n)
    {
      g_test_message ("type or size changed: %" G_GSIZE_FORMAT " -> %" G_GSIZE_FORMAT,
                      in->n, out->n);
      return FALSE;
    }
  if (!is_ascending (out))
    return FALSE;
  ref = ws_test_qsort_copy (in);
  got = ws_test_qsort_copy (out);
  if (!ws_array_equal (ref, got))
    {
      g_test_message ("output is not a permutation of the input");
      return FALSE;
    }
  return TRUE;
}

static const gint32 special_i32[] = { G_MININT32, G_MAXINT32, 0, 1, -1, G_MININT32 + 1,
                                      G_MAXINT32 - 1, 65535, -65536 };

static float
special_f32 (guint which)
{
  switch (which % 10)
    {
    case 0: return INFINITY;
    case 1: return -INFINITY;
    case 2: return 0.0f;
    case 3: return -0.0f;
    case 4: return FLT_TRUE_MIN;          /* smallest denormal */
    case 5: return -FLT_MIN / 4.0f;       /* a negative denormal */
    case 6: return FLT_MAX;
    case 7: return -FLT_MAX;
    case 8: return FLT_MIN;
    default: return 1.5f;
    }
}

WsArray *
ws_test_special_array (WsKeyType type,
                       gsize     n,
                       guint64   seed)
{
  g_autoptr (GError) error = NULL;
  WsArray *a = ws_array_new (type, n, &error);
  WsRng rng;

  g_assert_no_error (error);
  ws_rng_init (&rng, seed);
  for (gsize i = 0; i < n; i++)
    {
      /* Half special values, half ordinary ones, in random order. */
      gboolean special = ws_rng_below (&rng, 2) == 0;
      guint pick = (guint) ws_rng_below (&rng, 1000);
      if (type == WS_KEY_INT32)
        a->i32[i] = special ? special_i32[pick % G_N_ELEMENTS (special_i32)]
                            : (gint32) (guint32) ws_rng_next (&rng);
      else
        a->f32[i] = special ? special_f32 (pick) : ws_rng_float01 (&rng) * 200.0f - 100.0f;
    }
  return a;
}

WsArray *
ws_test_generate (WsKeyType      type,
                  WsDistribution dist,
                  gsize          n,
                  guint64        seed)
{
  g_autoptr (GError) error = NULL;
  WsArray *a = ws_generate (type, dist, n, seed, &error);

  g_assert_no_error (error);
  g_assert_nonnull (a);
  g_assert_cmpuint (a->n, ==, n);
  return a;
}

char *
ws_test_tmp_path (const char *name)
{
  static char *dir = NULL;

  if (dir == NULL)
    {
      g_autoptr (GError) error = NULL;
      dir = g_dir_make_tmp ("warpscope-test-XXXXXX", &error);
      g_assert_no_error (error);
    }
  return g_build_filename (dir, name, NULL);
}

WsNetwork *
ws_test_network_new (WsNetworkKind kind,
                     gsize         n)
{
  g_autoptr (GError) error = NULL;
  WsNetwork *net = ws_network_new (kind, n, &error);

  g_assert_no_error (error);
  g_assert_nonnull (net);
  return net;
}

/* Every WsTestCase ever registered: GLib keeps only the pointers, and this
 * keeps them reachable (so LeakSanitizer is quiet) until the process ends. */
static GPtrArray *test_cases = NULL;

void
ws_test_add_cases (const char    *prefix,
                   WsTestAxes     axes,
                   guint          extra,
                   GTestDataFunc  func)
{
  guint n_variants = (axes & WS_TEST_PER_VARIANT) ? G_N_ELEMENTS (ws_test_cpu_variants) : 1;
  guint n_dists = (axes & WS_TEST_PER_DIST) ? WS_N_DISTS : 1;

  if (test_cases == NULL)
    test_cases = g_ptr_array_new_with_free_func (g_free);
  for (guint t = 0; t < G_N_ELEMENTS (ws_test_key_types); t++)
    for (guint v = 0; v < n_variants; v++)
      for (guint d = 0; d < n_dists; d++)
        {
          WsTestCase *c = g_new0 (WsTestCase, 1);
          GString *path = g_string_new (prefix);

          c->type = ws_test_key_types[t];
          c->variant = ws_test_cpu_variants[v];
          c->dist = (WsDistribution) d;
          c->extra = extra;
          g_ptr_array_add (test_cases, c);
          g_string_append_printf (path, "/%s", ws_key_type_name (c->type));
          if (axes & WS_TEST_PER_VARIANT)
            g_string_append_printf (path, "/%s", ws_variant_name (c->variant));
          if (axes & WS_TEST_PER_DIST)
            g_string_append_printf (path, "/%s", ws_distribution_name (c->dist));
          g_test_add_data_func (path->str, c, func);
          g_string_free (path, TRUE);
        }
}
