/* test-network-sort.c: sorting networks as whole CPU sorts (cpu-seq and
 * cpu-par), pass by pass, with early exit, and their per-pass invariants.
 *
 * Results are checked against qsort (ws_test_is_sorted_permutation), and the
 * invariant checks against hand-made arrays with known first bad indexes.
 */
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-network.h"
#include "ws-test-util.h"

/* ---- whole sorts --------------------------------------------------------- */

/* Odd-even transposition is O(n^2): keep it to the small sizes. */
static gboolean
size_fits (WsNetworkKind kind,
           gsize         n)
{
  return kind != WS_NETWORK_ODD_EVEN || n <= 2000;
}

/* A sorted copy of in, checked against qsort. */
static WsArray *
sorted_copy (WsNetworkKind  kind,
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

static void
test_sort_distributions (gconstpointer data)
{
  const WsTestCase *sc = data;
  WsNetworkKind kind = (WsNetworkKind) sc->extra;

  for (WsDistribution dist = 0; dist < WS_N_DISTS; dist++)
    for (guint s = 0; s < ws_test_n_sizes; s++)
      if (size_fits (kind, ws_test_sizes[s]))
        {
          g_autoptr (WsArray) in = ws_test_generate (sc->type, dist, ws_test_sizes[s], 7 + s);
          g_autoptr (WsArray) out = sorted_copy (kind, in, sc->variant, FALSE, NULL);
        }
}

static void
test_sort_special (gconstpointer data)
{
  const WsTestCase *sc = data;
  WsNetworkKind kind = (WsNetworkKind) sc->extra;

  /* Every small size meets the special keys in many arrangements. */
  for (gsize n = 0; n <= 70; n++)
    {
      g_autoptr (WsArray) in = ws_test_special_array (sc->type, n, n);
      g_autoptr (WsArray) out = sorted_copy (kind, in, sc->variant, FALSE, NULL);
    }
  for (guint s = 0; s < ws_test_n_sizes; s++)
    if (size_fits (kind, ws_test_sizes[s]))
      {
        g_autoptr (WsArray) in = ws_test_special_array (sc->type, ws_test_sizes[s], s);
        g_autoptr (WsArray) out = sorted_copy (kind, in, sc->variant, FALSE, NULL);
      }
}

static void
assert_counters_equal (const WsCounters *a,
                       const WsCounters *b)
{
  g_assert_cmpuint (a->passes, ==, b->passes);
  g_assert_cmpuint (a->comparisons, ==, b->comparisons);
  g_assert_cmpuint (a->swaps, ==, b->swaps);
  g_assert_cmpuint (a->probes, ==, b->probes);
}

static guint64
total_comparators (const WsNetwork *net)
{
  guint64 total = 0;

  for (guint pass = 0; pass < ws_network_n_passes (net); pass++)
    total += ws_network_pass_comparators (net, pass, NULL);
  return total;
}

/* cpu-seq and cpu-par run the same comparators: same result, same counts. */
static void
test_counters_seq_par (gconstpointer data)
{
  WsNetworkKind kind = GPOINTER_TO_UINT (data);
  /* cpu-par uses one thread per 2048 comparators of the widest pass: 8193
   * and 65537 keys make sure that several threads share the passes. */
  static const gsize sizes[] = { 2, 37, 1000, 1025, 8193, 65537 };

  for (guint t = 0; t < G_N_ELEMENTS (ws_test_key_types); t++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      if (kind != WS_NETWORK_ODD_EVEN || sizes[s] <= 8193)
        {
          g_autoptr (WsNetwork) net = ws_test_network_new (kind, sizes[s]);
          g_autoptr (WsArray) in = ws_test_generate (ws_test_key_types[t], WS_DIST_FEW_UNIQUE,
                                                     sizes[s], s);
          WsCounters seq = { 0 }, par = { 0 };
          g_autoptr (WsArray) out_seq = sorted_copy (kind, in, WS_VARIANT_CPU_SEQ, FALSE, &seq);
          g_autoptr (WsArray) out_par = sorted_copy (kind, in, WS_VARIANT_CPU_PAR, FALSE, &par);

          g_assert_true (ws_array_equal (out_seq, out_par));
          assert_counters_equal (&seq, &par);
          g_assert_cmpuint (seq.passes, ==, ws_network_n_passes (net));
          g_assert_cmpuint (seq.comparisons, ==, total_comparators (net));
          g_assert_cmpuint (seq.swaps, >, 0);
          g_assert_cmpuint (seq.swaps, <=, seq.comparisons);
        }
}

static void
test_counters_accumulate (void)
{
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_SORTED, 16, 1);
  WsCounters counters = { .passes = 1, .comparisons = 2, .swaps = 3, .probes = 4 };

  g_assert_true (ws_network_sort (WS_NETWORK_BITONIC, a, WS_VARIANT_CPU_PAR, FALSE,
                                  &counters, NULL));
  g_assert_cmpuint (counters.passes, ==, 1 + 10);
  g_assert_cmpuint (counters.comparisons, ==, 2 + 10 * 8);
  g_assert_cmpuint (counters.probes, ==, 4);
  /* Sorted input still meets the descending half-runs of bitonic. */
  g_assert_cmpuint (counters.swaps, >, 3);
}

/* ---- odd-even early exit --------------------------------------------------- */

static void
check_early_exit (const WsArray  *in,
                  WsDistribution  dist,
                  WsVariant       variant,
                  WsCounters     *early)
{
  WsCounters full = { 0 };
  gsize n = in->n;
  g_autoptr (WsArray) full_out = sorted_copy (WS_NETWORK_ODD_EVEN, in, variant, FALSE, &full);
  g_autoptr (WsArray) early_out = sorted_copy (WS_NETWORK_ODD_EVEN, in, variant, TRUE, early);

  g_assert_true (ws_array_equal (full_out, early_out));
  g_assert_cmpuint (full.passes, ==, n);
  g_assert_cmpuint (early->passes, <=, n);
  g_assert_true (early->passes % 2 == 0 || early->passes == n);
  /* Once a pair exchanges nothing, nothing later would: the same swaps. */
  g_assert_cmpuint (early->swaps, ==, full.swaps);
  if (dist == WS_DIST_SORTED && n >= 2)
    {
      g_assert_cmpuint (early->passes, ==, 2);
      g_assert_cmpuint (early->comparisons, ==, n - 1);
    }
  if (dist == WS_DIST_NEARLY_SORTED && n >= 1000)
    g_assert_cmpuint (early->passes, <, n / 10);
}

static void
test_early_exit (void)
{
  static const WsDistribution dists[] = { WS_DIST_SORTED, WS_DIST_NEARLY_SORTED,
                                          WS_DIST_UNIFORM, WS_DIST_REVERSED };
  static const gsize sizes[] = { 0, 1, 2, 3, 5, 1000, 1025 };

  for (guint t = 0; t < G_N_ELEMENTS (ws_test_key_types); t++)
    for (guint d = 0; d < G_N_ELEMENTS (dists); d++)
      for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
        {
          g_autoptr (WsArray) in = ws_test_generate (ws_test_key_types[t], dists[d], sizes[s], s);
          WsCounters seq = { 0 }, par = { 0 };

          check_early_exit (in, dists[d], WS_VARIANT_CPU_SEQ, &seq);
          check_early_exit (in, dists[d], WS_VARIANT_CPU_PAR, &par);
          assert_counters_equal (&seq, &par);
        }
}

/* Sizes at which cpu-par runs several threads, so the pair sums go
 * through the reduction and the barriers of the parallel early exit.
 * (test_early_exit has already compared early exit with full sorts.) */
static void
test_early_exit_threads (void)
{
  static const struct { WsDistribution dist; gsize n; } cases[] = {
    { WS_DIST_SORTED, 16384 }, { WS_DIST_NEARLY_SORTED, 16384 }, { WS_DIST_UNIFORM, 8193 },
  };

  for (guint t = 0; t < G_N_ELEMENTS (ws_test_key_types); t++)
    for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
      {
        g_autoptr (WsArray) in = ws_test_generate (ws_test_key_types[t], cases[c].dist,
                                                   cases[c].n, c);
        WsCounters seq = { 0 }, par = { 0 };
        g_autoptr (WsArray) out_seq = sorted_copy (WS_NETWORK_ODD_EVEN, in, WS_VARIANT_CPU_SEQ,
                                                   TRUE, &seq);
        g_autoptr (WsArray) out_par = sorted_copy (WS_NETWORK_ODD_EVEN, in, WS_VARIANT_CPU_PAR,
                                                   TRUE, &par);

        g_assert_true (ws_array_equal (out_seq, out_par));
        assert_counters_equal (&seq, &par);
        if (cases[c].dist != WS_DIST_UNIFORM)
          g_assert_cmpuint (seq.passes, <, cases[c].n / 10);
      }
}

/* early_exit is odd-even's alone: the other networks run every pass. */
static void
test_early_exit_ignored (void)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_SORTED, 1000, 1);

  for (WsNetworkKind kind = 0; kind < WS_N_NETWORKS; kind++)
    if (kind != WS_NETWORK_ODD_EVEN)
      {
        g_autoptr (WsNetwork) net = ws_test_network_new (kind, in->n);
        WsCounters counters = { 0 };
        g_autoptr (WsArray) out = sorted_copy (kind, in, WS_VARIANT_CPU_SEQ, TRUE, &counters);

        g_assert_cmpuint (counters.passes, ==, ws_network_n_passes (net));
      }
}

/* ---- errors ---------------------------------------------------------------- */

static void
test_unsupported_variant (void)
{
  for (WsVariant v = WS_VARIANT_GPU_SEED; v < WS_N_VARIANTS; v++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 100, 1);
      g_autoptr (WsArray) before = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 100, 1);
      WsCounters counters = { 0 };

      g_assert_false (ws_network_sort (WS_NETWORK_BITONIC, a, v, FALSE, &counters, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED);
      g_assert_nonnull (strstr (error->message, ws_variant_name (v)));
      g_assert_nonnull (strstr (error->message, "cpu-seq"));
      g_assert_true (ws_array_equal (a, before));
      g_assert_cmpuint (counters.passes, ==, 0);
    }
}

/* A padded width whose byte size overflows: WS_ERROR_NO_MEMORY, no abort. */
static void
test_no_memory (void)
{
  g_autoptr (GError) error = NULL;
  WsArray huge = { .type = WS_KEY_INT32, .n = ((gsize) 1 << 62) + 1, .data = NULL };
  WsCounters counters = { 0 };

  if (GLIB_SIZEOF_SIZE_T < 8)
    {
      g_test_skip ("needs a 64-bit gsize");
      return;
    }
  g_assert_false (ws_network_sort (WS_NETWORK_BITONIC, &huge, WS_VARIANT_CPU_SEQ, FALSE,
                                   &counters, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_NO_MEMORY);
  g_assert_nonnull (strstr (error->message, "Padding"));
  g_assert_cmpuint (counters.passes, ==, 0);
}

/* ---- passes one by one ------------------------------------------------------ */

static void
test_apply_passes (gconstpointer data)
{
  WsNetworkKind kind = GPOINTER_TO_UINT (data);
  static const gsize sizes[] = { 0, 1, 2, 3, 33, 1000, 1025 };

  for (guint t = 0; t < G_N_ELEMENTS (ws_test_key_types); t++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        g_autoptr (GError) error = NULL;
        g_autoptr (WsNetwork) net = ws_test_network_new (kind, sizes[s]);
        g_autoptr (WsArray) in = ws_test_special_array (ws_test_key_types[t], sizes[s], s);
        g_autoptr (WsArray) work = ws_network_pad (net, in, &error);
        g_autoptr (WsArray) stepped = ws_array_copy (in, &error);
        WsCounters by_pass = { 0 }, whole = { 0 };
        g_autoptr (WsArray) sorted = sorted_copy (kind, in, WS_VARIANT_CPU_SEQ, FALSE, &whole);

        g_assert_no_error (error);
        for (guint pass = 0; pass < ws_network_n_passes (net); pass++)
          ws_network_apply_pass (net, work, pass, &by_pass);
        g_assert_true (ws_network_strip (net, work, stepped, &error));
        g_assert_no_error (error);
        g_assert_true (ws_array_equal (stepped, sorted));
        assert_counters_equal (&by_pass, &whole);
      }
}

/* ---- invariants ------------------------------------------------------------ */

static void
check_every_pass (WsNetworkKind  kind,
                  const WsArray *in)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsNetwork) net = ws_test_network_new (kind, in->n);
  g_autoptr (WsArray) work = ws_network_pad (net, in, &error);

  g_assert_no_error (error);
  for (guint pass = 0; pass < ws_network_n_passes (net); pass++)
    {
      gsize bad = 4242;

      ws_network_apply_pass (net, work, pass, NULL);
      g_assert_true (ws_network_check_pass (net, work, pass, &bad, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (bad, ==, 4242);
    }
}

static void
test_invariants (gconstpointer data)
{
  WsNetworkKind kind = GPOINTER_TO_UINT (data);
  static const gsize sizes[] = { 2, 3, 37, 300, 1025, 4096 };

  for (guint t = 0; t < G_N_ELEMENTS (ws_test_key_types); t++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      if (kind != WS_NETWORK_ODD_EVEN || sizes[s] <= 300)
        {
          g_autoptr (WsArray) uniform = ws_test_generate (ws_test_key_types[t], WS_DIST_UNIFORM,
                                                          sizes[s], s);
          g_autoptr (WsArray) few = ws_test_generate (ws_test_key_types[t], WS_DIST_FEW_UNIQUE,
                                                      sizes[s], s);
          g_autoptr (WsArray) special = ws_test_special_array (ws_test_key_types[t], sizes[s], s);

          check_every_pass (kind, uniform);
          check_every_pass (kind, few);
          check_every_pass (kind, special);
        }
}

/* Arrays that break (or just meet) the invariant of one pass; bad is the
 * index the check must report, G_MAXSIZE when the invariant holds. */
typedef struct
{
  WsNetworkKind kind;
  gsize         n;
  guint         pass;
  gint32        keys[8];
  gsize         bad;
} Crafted;

static const Crafted crafted[] = {
  /* bitonic (k=2, j=1): runs at 0 and 4 ascend, at 2 and 6 descend */
  { WS_NETWORK_BITONIC, 8, 0, { 0, 1, 3, 2, 4, 5, 7, 6 }, G_MAXSIZE },
  { WS_NETWORK_BITONIC, 8, 0, { 0, 1, 2, 3, 4, 5, 7, 6 }, 3 },
  /* bitonic (k=4, j=2): blocks of 2 ordered within runs of 4, free inside */
  { WS_NETWORK_BITONIC, 8, 1, { 1, 0, 3, 2, 7, 6, 5, 4 }, G_MAXSIZE },
  { WS_NETWORK_BITONIC, 8, 1, { 1, 3, 2, 0, 7, 6, 5, 4 }, 2 },
  { WS_NETWORK_BITONIC, 8, 1, { 1, 0, 3, 2, 5, 4, 7, 6 }, 6 },
  /* bitonic (k=8, j=1): sorted */
  { WS_NETWORK_BITONIC, 8, 5, { 0, 1, 2, 3, 4, 5, 7, 6 }, 7 },
  /* merge (p=2, k=2): comparators (0,2) (1,3) (4,6) (5,7) */
  { WS_NETWORK_ODD_EVEN_MERGE, 8, 1, { 1, 0, 3, 2, 5, 4, 7, 6 }, G_MAXSIZE },
  { WS_NETWORK_ODD_EVEN_MERGE, 8, 1, { 0, 1, 2, 3, 6, 5, 4, 7 }, 4 },
  { WS_NETWORK_ODD_EVEN_MERGE, 8, 1, { 0, 9, 2, 3, 4, 5, 6, 7 }, 1 },
  /* merge (p=2, k=1) ends the stage: runs of 4 sorted, the partial one too */
  { WS_NETWORK_ODD_EVEN_MERGE, 6, 2, { 4, 5, 6, 7, 0, 1 }, G_MAXSIZE },
  { WS_NETWORK_ODD_EVEN_MERGE, 6, 2, { 0, 1, 2, 3, 5, 4 }, 5 },
  { WS_NETWORK_ODD_EVEN_MERGE, 6, 2, { 0, 2, 1, 3, 5, 4 }, 2 },
  /* odd-even n=5: even pass (0,1) (2,3), odd pass (1,2) (3,4), last sorted */
  { WS_NETWORK_ODD_EVEN, 5, 0, { 0, 1, 3, 2, 0 }, 2 },
  { WS_NETWORK_ODD_EVEN, 5, 1, { 0, 1, 3, 2, 0 }, 3 },
  { WS_NETWORK_ODD_EVEN, 5, 2, { 0, 1, 2, 4, 3 }, G_MAXSIZE },
  { WS_NETWORK_ODD_EVEN, 5, 4, { 0, 1, 2, 4, 3 }, 4 },
};

static void
check_crafted (const Crafted *c,
               WsKeyType      type)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsNetwork) net = ws_test_network_new (c->kind, c->n);
  g_autoptr (WsArray) work = ws_array_new (type, c->n, &error);
  g_autofree char *label = ws_network_pass_label (net, c->pass);
  g_autofree char *where = g_strdup_printf (" %" G_GSIZE_FORMAT " (", c->bad);
  gsize bad = G_MAXSIZE;

  g_assert_no_error (error);
  for (gsize i = 0; i < c->n; i++)
    if (type == WS_KEY_INT32)
      work->i32[i] = c->keys[i];
    else
      work->f32[i] = (float) c->keys[i] - 3.5f;
  g_assert_cmpint (ws_network_check_pass (net, work, c->pass, &bad, &error), ==,
                   c->bad == G_MAXSIZE);
  g_assert_cmpuint (bad, ==, c->bad);
  if (c->bad == G_MAXSIZE)
    {
      g_assert_no_error (error);
      return;
    }
  g_assert_error (error, WS_ERROR, WS_ERROR_VERIFY);
  g_assert_nonnull (strstr (error->message, label));
  g_assert_nonnull (strstr (error->message, where));
}

static void
test_check_first_bad (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (crafted); i++)
    for (guint t = 0; t < G_N_ELEMENTS (ws_test_key_types); t++)
      check_crafted (&crafted[i], ws_test_key_types[t]);
}

/* -0.0 and +0.0 are equal keys: either order meets every invariant. */
static void
test_check_signed_zeros (void)
{
  g_autoptr (WsNetwork) net = ws_test_network_new (WS_NETWORK_BITONIC, 4);
  g_autoptr (WsArray) work = ws_array_new (WS_KEY_FLOAT32, 4, NULL);
  const float keys[4] = { 0.0f, -0.0f, -0.0f, 0.0f };

  memcpy (work->f32, keys, sizeof keys);
  for (guint pass = 0; pass < ws_network_n_passes (net); pass++)
    g_assert_true (ws_network_check_pass (net, work, pass, NULL, NULL));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (WsNetworkKind kind = 0; kind < WS_N_NETWORKS; kind++)
    {
      const char *name = ws_network_kind_name (kind);
      g_autofree char *sort = g_strdup_printf ("/network/%s/sort", name);
      g_autofree char *special = g_strdup_printf ("/network/%s/sort/special", name);
      g_autofree char *counters = g_strdup_printf ("/network/%s/counters-seq-par", name);
      g_autofree char *apply = g_strdup_printf ("/network/%s/apply-passes", name);
      g_autofree char *invariants = g_strdup_printf ("/network/%s/invariants", name);

      ws_test_add_cases (sort, WS_TEST_PER_VARIANT, kind, test_sort_distributions);
      ws_test_add_cases (special, WS_TEST_PER_VARIANT, kind, test_sort_special);
      g_test_add_data_func (counters, GUINT_TO_POINTER (kind), test_counters_seq_par);
      g_test_add_data_func (apply, GUINT_TO_POINTER (kind), test_apply_passes);
      g_test_add_data_func (invariants, GUINT_TO_POINTER (kind), test_invariants);
    }
  g_test_add_func ("/network/sort/counters-accumulate", test_counters_accumulate);
  g_test_add_func ("/network/odd-even/early-exit", test_early_exit);
  g_test_add_func ("/network/odd-even/early-exit-threads", test_early_exit_threads);
  g_test_add_func ("/network/sort/early-exit-ignored", test_early_exit_ignored);
  g_test_add_func ("/network/sort/unsupported-variant", test_unsupported_variant);
  g_test_add_func ("/network/sort/no-memory", test_no_memory);
  g_test_add_func ("/network/check/first-bad", test_check_first_bad);
  g_test_add_func ("/network/check/signed-zeros", test_check_signed_zeros);
  return g_test_run ();
}
