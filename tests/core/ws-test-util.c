/* ws-test-util.c: plain references for the tests. */
#include "ws-test-util.h"

#include "ws-search.h"

#include <float.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

const gsize ws_test_sizes[] = { 0, 1, 2, 3, 5, 1000, 1024, 1025, 65537 };
const guint ws_test_n_sizes = G_N_ELEMENTS (ws_test_sizes);

const gsize ws_test_sort_sizes[] = { 0, 1, 2, 3, 5, 1000, 1024, 1025, 65537,
                                     4095, 4096, 4097, 8193, 300001 };
const guint ws_test_n_sort_sizes = G_N_ELEMENTS (ws_test_sort_sizes);

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

void
ws_test_assert_sorted_same (const WsArray *in,
                            const WsArray *out)
{
  const guint32 *x = in->data, *y = out->data;
  guint64 s1 = 0, s2 = 0, t1 = 0, t2 = 0;
  int (*cmp) (const void *, const void *) = in->type == WS_KEY_INT32 ? cmp_i32 : cmp_f32_total;

  g_assert_cmpint (in->type, ==, out->type);
  g_assert_cmpuint (in->n, ==, out->n);
  for (gsize i = 0; i < in->n; i++)
    {
      s1 += x[i];
      s2 += (guint64) x[i] * x[i];
      t1 += y[i];
      t2 += (guint64) y[i] * y[i];
      if (i > 0 && cmp (&y[i - 1], &y[i]) > 0)
        g_error ("not ascending at %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT, i, out->n);
    }
  g_assert_cmpuint (s1, ==, t1);
  g_assert_cmpuint (s2, ==, t2);
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
  WsArray *a = ws_test_array_new (type, n);
  WsRng rng;

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

char *
ws_test_make_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("warpscope-test-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

char *
ws_test_list_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

void
ws_test_remove_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        ws_test_remove_dir (path);
      else
        g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

WsArray *
ws_test_array_new (WsKeyType type,
                   gsize     n)
{
  g_autoptr (GError) error = NULL;
  WsArray *a = ws_array_new (type, n, &error);

  g_assert_no_error (error);
  return a;
}

void
ws_test_set_key (WsArray *a,
                 gsize    i,
                 double   v)
{
  if (a->type == WS_KEY_INT32)
    a->i32[i] = (gint32) v;
  else
    a->f32[i] = (float) v;
}

WsArray *
ws_test_array_of (WsKeyType     type,
                  gsize         n,
                  const double *values)
{
  WsArray *a = ws_test_array_new (type, n);

  for (gsize i = 0; i < n; i++)
    ws_test_set_key (a, i, values[i]);
  return a;
}

WsArray *
ws_test_array_filled (WsKeyType type,
                      gsize     n,
                      double    value)
{
  WsArray *a = ws_test_array_new (type, n);

  for (gsize i = 0; i < n; i++)
    ws_test_set_key (a, i, value);
  return a;
}

void
ws_test_fold_small (WsArray *a)
{
  for (gsize i = 0; i < a->n; i++)
    a->i32[i] = a->i32[i] % 1001;
}

void
ws_test_tame_flt_max (WsArray *a,
                      float    to)
{
  for (gsize i = 0; a->type == WS_KEY_FLOAT32 && i < a->n; i++)
    if (fabsf (a->f32[i]) == FLT_MAX)
      a->f32[i] = copysignf (to, a->f32[i]);
}

guint
ws_test_log2_width (gsize n)
{
  guint depth = 0;

  while (((gsize) 1 << depth) < n)
    depth++;
  return depth;
}

void
ws_test_check_scan_float32 (const WsArray *in,
                            const WsArray *out,
                            double         depth)
{
  double sum = 0.0, abs_sum = 0.0;

  for (gsize i = 0; i < in->n; i++)
    {
      double tol = depth * FLT_EPSILON * abs_sum + 1e-37;
      if (fabs (out->f32[i] - sum) > tol)
        g_error ("scan[%" G_GSIZE_FORMAT "] = %.9g, want %.9g (tolerance %.3g)", i,
                 out->f32[i], sum, tol);
      sum += in->f32[i];
      abs_sum += fabs (in->f32[i]);
    }
}

typedef struct
{
  double finite_abs; /* sum of |x| over the finite keys so far */
  double finite_sum; /* their sum, in double */
  gboolean pos_inf;
  gboolean neg_inf;
} Prefix;

/* What any order of float additions must give for this prefix, where that
 * is decided: NaN once +inf and -inf met, the infinity while the finite
 * part cannot overflow, the double sum within tolerance when all is finite.
 * Returns FALSE when float overflow makes the answer order-dependent. */
static gboolean
check_special_prefix (const Prefix *p,
                      float         got,
                      double        depth)
{
  gboolean tame = p->finite_abs <= FLT_MAX / 2;

  if (p->pos_inf && p->neg_inf)
    g_assert_true (isnan (got));
  else if ((p->pos_inf || p->neg_inf) && tame)
    g_assert_cmpfloat (got, ==, p->pos_inf ? INFINITY : -INFINITY);
  else if (!p->pos_inf && !p->neg_inf && tame)
    g_assert_cmpfloat_with_epsilon (got, p->finite_sum,
                                    depth * FLT_EPSILON * p->finite_abs + 1e-37);
  else
    return FALSE;
  return TRUE;
}

static void
prefix_add (Prefix *p,
            float   x)
{
  if (isinf (x))
    {
      p->pos_inf |= x > 0;
      p->neg_inf |= x < 0;
      return;
    }
  p->finite_abs += fabs (x);
  p->finite_sum += x;
}

void
ws_test_check_scan_float32_special (const WsArray *in,
                                    const WsArray *out,
                                    double         depth)
{
  Prefix p = { 0 };
  gsize decided = 0;

  for (gsize i = 0; i < in->n; i++)
    {
      decided += check_special_prefix (&p, out->f32[i], depth);
      prefix_add (&p, in->f32[i]);
    }
  if (in->n > 0)
    g_assert_cmpuint (decided, >, 0);
}

double
ws_test_step_key (WsKeyType type,
                  double    v,
                  int       dir)
{
  if (type == WS_KEY_FLOAT32)
    return isinf (v) ? v : nextafterf ((float) v, dir < 0 ? -INFINITY : INFINITY);
  if ((dir < 0 && v == G_MININT32) || (dir > 0 && v == G_MAXINT32))
    return v;
  return v + dir;
}

WsArray *
ws_test_search_keys (const WsArray *sorted,
                     gsize          n_random,
                     guint64        seed,
                     gboolean       edges_first)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) made = ws_search_make_keys (sorted, n_random, seed, &error);
  gsize n = sorted->n, inner = n > 0 ? MIN (n - 1, 16) : 0, edges = n > 0 ? 4 + inner : 0;
  WsArray *keys;
  gsize k;

  g_assert_no_error (error);
  keys = ws_test_array_new (sorted->type, edges + made->n);
  memcpy ((char *) keys->data + (edges_first ? edges : 0) * ws_key_type_size (keys->type),
          made->data, ws_array_bytes (made));
  k = edges_first ? 0 : made->n;
  if (n > 0)
    {
      double first = ws_array_get_double (sorted, 0), last = ws_array_get_double (sorted, n - 1);
      ws_test_set_key (keys, k++, first);
      ws_test_set_key (keys, k++, last);
      ws_test_set_key (keys, k++, ws_test_step_key (sorted->type, first, -1));
      ws_test_set_key (keys, k++, ws_test_step_key (sorted->type, last, 1));
      for (gsize j = 0; j < inner; j++)
        ws_test_set_key (keys, k++,
                         ws_test_step_key (sorted->type,
                                           ws_array_get_double (sorted, j * (n - 1) / 16), 1));
    }
  g_assert_cmpuint (k, ==, edges_first ? edges : keys->n);
  return keys;
}

WsTestDotRef
ws_test_dot_reference_sorted (const WsArray *a,
                              const WsArray *b)
{
  WsTestDotRef r = { 0.0, 0.0, FALSE, 0 };
#ifdef __SIZEOF_INT128__
  __int128 exact = 0;
#endif

  for (gsize i = 0; i < a->n; i++)
    {
      double p = ws_array_get_double (a, i) * ws_array_get_double (b, i);
      r.sum += p;
      r.abs_sum += fabs (p);
#ifdef __SIZEOF_INT128__
      if (a->type == WS_KEY_INT32)
        exact += (__int128) a->i32[i] * b->i32[i];
#endif
    }
#ifdef __SIZEOF_INT128__
  r.fits = exact >= G_MININT64 && exact <= G_MAXINT64;
  r.exact = r.fits ? (gint64) exact : 0;
#endif
  return r;
}

WsTestDotRef
ws_test_dot_reference (const WsArray *a,
                       const WsArray *b)
{
  g_autoptr (WsArray) sa = ws_test_qsort_copy (a);
  g_autoptr (WsArray) sb = ws_test_qsort_copy (b);

  return ws_test_dot_reference_sorted (sa, sb);
}

/* Each row's sums of w consecutive keys (side × (side - w + 1) of them). */
static void
window_rows (const WsArray *grid,
             gsize          side,
             gsize          w,
             double        *rs,
             double        *ra)
{
  gsize m = side - w + 1;

  for (gsize i = 0; i < side; i++)
    for (gsize c = 0; c < m; c++)
      {
        double s = 0.0, a = 0.0;
        for (gsize d = 0; d < w; d++)
          {
            double v = ws_array_get_double (grid, i * side + c + d);
            s += v;
            a += fabs (v);
          }
        rs[i * m + c] = s;
        ra[i * m + c] = a;
      }
}

WsTestWindowRef
ws_test_window_sum_reference (const WsArray *grid,
                              gsize          side,
                              guint          radius)
{
  gsize w = 2 * (gsize) radius + 1, m = side - 2 * (gsize) radius;
  g_autofree double *rs = g_new (double, side * m);
  g_autofree double *ra = g_new (double, side * m);
  WsTestWindowRef ref = { m, g_new (double, m * m), g_new (double, m * m) };

  window_rows (grid, side, w, rs, ra);
  for (gsize r = 0; r < m; r++)
    for (gsize c = 0; c < m; c++)
      {
        double s = 0.0, a = 0.0;
        for (gsize d = 0; d < w; d++)
          {
            s += rs[(r + d) * m + c];
            a += ra[(r + d) * m + c];
          }
        ref.sum[r * m + c] = s;
        ref.abs_sum[r * m + c] = a;
      }
  return ref;
}

void
ws_test_window_ref_clear (WsTestWindowRef *ref)
{
  g_clear_pointer (&ref->sum, g_free);
  g_clear_pointer (&ref->abs_sum, g_free);
}

gsize
ws_test_window_first_overflow (const WsTestWindowRef *ref)
{
  for (gsize i = 0; i < ref->m * ref->m; i++)
    if (ref->sum[i] < G_MININT32 || ref->sum[i] > G_MAXINT32)
      return i;
  return G_MAXSIZE;
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

WsArray *
ws_test_network_sort (WsNetworkKind  kind,
                      const WsArray *in,
                      WsVariant      variant,
                      gboolean       early_exit,
                      WsCounters    *counters)
{
  g_autoptr (GError) error = NULL;
  WsArray *out = ws_array_copy (in, &error);

  g_assert_no_error (error);
  g_assert_true (ws_network_sort (kind, out, variant, early_exit, counters, &error));
  g_assert_no_error (error);
  g_assert_true (ws_test_is_sorted_permutation (in, out));
  return out;
}

void
ws_test_assert_counters_equal (const WsCounters *a,
                               const WsCounters *b)
{
  g_assert_cmpuint (a->passes, ==, b->passes);
  g_assert_cmpuint (a->comparisons, ==, b->comparisons);
  g_assert_cmpuint (a->swaps, ==, b->swaps);
  g_assert_cmpuint (a->probes, ==, b->probes);
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
  guint n_dists = (axes & WS_TEST_PER_DIST) ? WS_N_DISTS : 1;

  if (test_cases == NULL)
    test_cases = g_ptr_array_new_with_free_func (g_free);
  for (guint t = 0; t < G_N_ELEMENTS (ws_test_key_types); t++)
    for (guint d = 0; d < n_dists; d++)
      {
        WsTestCase *c = g_new0 (WsTestCase, 1);
        GString *path = g_string_new (prefix);

        c->type = ws_test_key_types[t];
        c->variant = WS_VARIANT_CPU_SEQ;
        c->dist = (WsDistribution) d;
        c->extra = extra;
        g_ptr_array_add (test_cases, c);
        g_string_append_printf (path, "/%s", ws_key_type_name (c->type));
        if (axes & WS_TEST_PER_DIST)
          g_string_append_printf (path, "/%s", ws_distribution_name (c->dist));
        g_test_add_data_func (path->str, c, func);
        g_string_free (path, TRUE);
      }
}
