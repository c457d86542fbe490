/* test-network-sort.c: sorting networks as whole sorts, every variant of
 * bitonic (cpu-seq, cpu-par, gpu-seed, gpu-seed-shared, gpu), odd-even
 * transposition (cpu-seq, cpu-par, gpu-seed, gpu-seed-v1, gpu-seed-v2, gpu)
 * and odd-even merge (cpu-seq, cpu-par, gpu), against qsort and, for
 * odd-even, against its network written out plainly; the CPU's counters
 * and early exit; the gpu variants' kernel launches, as many as their
 * launch plans have (ws-launch-plan.h, which the diagram draws). Passes one
 * at a time are test-network-pass.c's. */
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-launch-plan.h"
#include "ws-network.h"
#include "ws-test-variant.h"
#if WS_HAVE_CUDA
#include "ws-cuda.h"
#endif

/* ---- Every variant, through ws_run ---- */

/* Odd-even transposition is O(n^2): on the CPU keep it to small sizes. */
static gboolean
size_fits (const WsTestCase *c,
           gsize             n)
{
  return !g_str_equal (c->algo->name, "odd-even") || ws_variant_is_gpu (c->variant) || n <= 2000;
}

/* Kernel launches of odd-even's GPU variants: gpu runs 128 phases a
 * launch, the seeds one (gpu-seed's n/2 iterations of two, plus one for
 * odd n). */
static guint64
odd_even_launches (WsVariant variant,
                   gsize     n)
{
  if (variant == WS_VARIANT_GPU)
    return n < 2 ? 0 : (n + 127) / 128;
  return n;
}

/* The launches of the gpu variant's plan (ws-launch-plan.h), which its
 * CUDA launcher walks, plus the padding bitonic fills for n below its
 * width (but in its one-launch sorts, which pad in registers): what the
 * engine must report. */
static guint64
planned_launches (WsNetworkKind kind,
                  gsize         n)
{
  WsLaunchPlan plan;
  WsPlanLaunch launch;
  guint64 launches = 0;
  gsize width = 1;

  while (width < n)
    width *= 2;
  if (kind == WS_NETWORK_BITONIC)
    ws_launch_plan_bitonic (&plan, n < 2 ? 1 : width, ws_plan_bitonic_tile_log (width),
                            ws_plan_bitonic_group (width));
  else if (kind == WS_NETWORK_ODD_EVEN_MERGE)
    ws_launch_plan_merge (&plan, n, WS_PLAN_MERGE_TILE_LOG);
  else
    ws_launch_plan_odd_even (&plan, n, WS_PLAN_ODD_EVEN_PHASES);
  while (ws_launch_plan_next (&plan, &launch))
    launches++;
  return launches + (kind == WS_NETWORK_BITONIC && width > (1u << WS_PLAN_BITONIC_SMALL_LOG)
                     && width != n);
}

/* A sorted copy of in from the case's variant (odd-even's GPU variants
 * launching as many kernels as their phases say, every gpu variant as many
 * as its plan), and its run's times. */
static WsArray *
run_sort (const WsTestCase *c,
          const WsArray    *in,
          WsPhaseTimes     *times)
{
  WsRunInput run = ws_test_run_input (c, in);
  WsPhaseTimes t;
  WsArray *sorted = ws_test_run_array (&run, NULL, &t);
  WsNetworkKind kind;

  if (ws_variant_is_gpu (c->variant) && g_str_equal (c->algo->name, "odd-even"))
    g_assert_cmpuint (t.launches, ==, odd_even_launches (c->variant, in->n));
  if (c->variant == WS_VARIANT_GPU && ws_network_kind_from_name (c->algo->name, &kind))
    g_assert_cmpuint (t.launches, ==, planned_launches (kind, in->n));
  if (times != NULL)
    *times = t;
  return sorted;
}

static void
check_sort (const WsTestCase *c,
            const WsArray    *in)
{
  g_autoptr (WsArray) out = run_sort (c, in, NULL);

  if (!ws_test_is_sorted_permutation (in, out))
    g_error ("%s %s, %" G_GSIZE_FORMAT " keys: not a sorted permutation", c->algo->name,
             ws_variant_name (c->variant), in->n);
}

static void
test_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    if (size_fits (c, ws_test_sizes[s]))
      {
        g_autoptr (WsArray) in = ws_test_generate (c->type, c->dist, ws_test_sizes[s], 7 + s);
        check_sort (c, in);
      }
}

/* Every small size meets ±inf, ±0.0 and the int extremes in many
 * arrangements; then the test sizes. */
static void
test_special (gconstpointer data)
{
  const WsTestCase *c = data;

  for (gsize n = 0; n <= 70; n++)
    {
      g_autoptr (WsArray) in = ws_test_special_array (c->type, n, n);
      check_sort (c, in);
    }
  for (guint s = 0; s < ws_test_n_sizes; s++)
    if (size_fits (c, ws_test_sizes[s]))
      {
        g_autoptr (WsArray) in = ws_test_special_array (c->type, ws_test_sizes[s], 100 + s);
        check_sort (c, in);
      }
}

/* ---- odd-even: exactly its network's n phases ---- */

/* The network written out plainly: n phases of neighbour comparators, the
 * even pairs first, each exchanging on a strict > (so -0.0 and +0.0 stay
 * where they are) as 32-bit patterns. */
static WsArray *
plain_odd_even (const WsArray *in)
{
  WsArray *a = ws_array_copy (in, NULL);

  for (gsize phase = 0; phase < a->n; phase++)
    for (gsize i = phase % 2; i + 1 < a->n; i += 2)
      if (ws_array_get_double (a, i) > ws_array_get_double (a, i + 1))
        {
          gint32 t = a->i32[i];
          a->i32[i] = a->i32[i + 1];
          a->i32[i + 1] = t;
        }
  return a;
}

/* 1, 2, .., n-1, 0 (the minimum must walk the whole array) when min_last,
 * else n-1, 0, 1, .., n-2 (the maximum must). */
static WsArray *
travelling_key (WsKeyType type,
                gsize     n,
                gboolean  min_last)
{
  WsArray *a = ws_test_array_new (type, n);

  for (gsize i = 0; i < n; i++)
    ws_test_set_key (a, i, min_last ? (double) ((i + 1) % n) : (double) ((i + n - 1) % n));
  return a;
}

/* Many equal keys: for float32 -0.0 and +0.0 mixed with ±1 and ±inf, whose
 * final order shows every exchange that was or was not made. */
static WsArray *
many_equal (WsKeyType type,
            gsize     n,
            guint64   seed)
{
  static const float f[] = { -0.0f, 0.0f, -1.0f, 1.0f, INFINITY, -INFINITY, 0.0f, -0.0f };
  WsArray *a = ws_test_array_new (type, n);
  WsRng rng;

  ws_rng_init (&rng, seed);
  for (gsize i = 0; i < n; i++)
    {
      guint pick = (guint) ws_rng_below (&rng, G_N_ELEMENTS (f));
      ws_test_set_key (a, i, type == WS_KEY_INT32 ? (double) pick - 4.0 : (double) f[pick]);
    }
  return a;
}

static void
assert_plain_network (const WsTestCase *c,
                      const WsArray    *in)
{
  g_autoptr (WsArray) out = run_sort (c, in, NULL);
  g_autoptr (WsArray) want = plain_odd_even (in);

  if (!ws_array_equal (want, out))
    g_error ("%s differs from the plain network at n = %" G_GSIZE_FORMAT,
             ws_variant_name (c->variant), in->n);
}

static void
check_network_at (const WsTestCase *c,
                  gsize             n)
{
  g_autoptr (WsArray) min_last = travelling_key (c->type, n, TRUE);
  g_autoptr (WsArray) max_first = travelling_key (c->type, n, FALSE);
  g_autoptr (WsArray) equal = many_equal (c->type, n, n);
  g_autoptr (WsArray) reversed = ws_test_generate (c->type, WS_DIST_REVERSED, n, n);

  assert_plain_network (c, min_last);
  assert_plain_network (c, max_first);
  assert_plain_network (c, equal);
  assert_plain_network (c, reversed);
}

/* Every variant must run exactly the n phases, on inputs that need every
 * phase (a key that has to travel the whole array moves one place a
 * phase): small n (gpu's 128 phases a launch exceed n up to 127), then on
 * the GPU sizes past gpu's window of 768 keys with even and odd launch
 * counts (odd: the result is copied back from the scratch buffer). */
static void
test_plain_network (gconstpointer data)
{
  static const gsize larger[] = { 769, 1537, 2049, 3001, 4097 };
  const WsTestCase *c = data;

  for (gsize n = 1; n <= 200; n++)
    check_network_at (c, n);
  for (guint i = 0; ws_variant_is_gpu (c->variant) && i < G_N_ELEMENTS (larger); i++)
    check_network_at (c, larger[i]);
}

/* ---- GPU only: the CPU's exchanges, bit for bit ---- */

/* c sorts in as the CPU's network of `kind` does, bit for bit; `what`
 * names the input in the failure. */
static void
assert_cpu_network (const WsTestCase *c,
                    WsNetworkKind     kind,
                    const WsArray    *in,
                    const char       *what)
{
  g_autoptr (WsArray) out = run_sort (c, in, NULL);
  WsCounters counters = { 0 };
  g_autoptr (WsArray) want = ws_test_network_sort (kind, in, WS_VARIANT_CPU_SEQ, FALSE, &counters);

  if (!ws_array_equal (want, out))
    g_error ("%s %s differs from the CPU's network %s", c->algo->name,
             ws_variant_name (c->variant), what);
}

/* The gpu variant makes exactly the CPU network's exchanges: with many
 * equal keys (-0.0 beside +0.0, ±inf) any comparator run the wrong way
 * round, or on other slots, moves a bit pattern the CPU leaves. Sizes:
 * runs of 4, 8 and 16 sorted whole in the first trip (w = 4, 8, ≥ 16),
 * their descending halves loaded in reverse, a tile of 2^12 whole, and
 * the larger tiles with the launches above them. (The study variants run
 * their own comparators: gpu-seed-shared is not this network.) */
static void
test_same_exchanges (gconstpointer data)
{
  static const gsize sizes[] = { 3, 4, 7, 8, 16, 17, 31, 32, 100, 1000, 4096, 5000, 16385,
                                 (1u << 20) + 3, (1u << 21) + 1 };
  const WsTestCase *c = data;
  WsNetworkKind kind;

  g_assert_true (ws_network_kind_from_name (c->algo->name, &kind));
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (WsArray) in = many_equal (c->type, sizes[s], 40 + s);
      g_autofree char *what = g_strdup_printf ("at n = %" G_GSIZE_FORMAT, sizes[s]);

      assert_cpu_network (c, kind, in, what);
    }
  /* Float keys that are all plain but a -0.0 and a +0.0, in two tiles of a
   * bitonic sort of several launches: gpu sorts the other tiles of its first
   * launch with fminf and fmaxf, those two tiles and every later launch
   * with the exact comparator (tile_kernel in cuda/ws-cuda-bitonic.cu). */
  if (c->type == WS_KEY_FLOAT32)
    {
      gsize n = (1u << 20) + 3;
      g_autoptr (WsArray) in = ws_test_generate (c->type, WS_DIST_UNIFORM, n, 77);

      ws_test_set_key (in, 7, -0.0);
      ws_test_set_key (in, n - 9, 0.0);
      assert_cpu_network (c, kind, in, "with one -0.0 and one +0.0");
    }
  /* ... and both in one quarter of a one-launch sort of 2^12 keys, which
   * gpu spreads over a cluster of four blocks (sm_90 and up, cuda/
   * ws-cuda-bitonic-small.cu): that block sorts with the exact comparator,
   * the other three fast until the first trip that brings them its keys,
   * and from there all four exactly. */
  if (c->type == WS_KEY_FLOAT32)
    for (gsize quarter = 0; quarter < 4; quarter++)
      {
        g_autoptr (WsArray) in = ws_test_generate (c->type, WS_DIST_UNIFORM, 4000, 90 + quarter);
        g_autofree char *what = g_strdup_printf ("with +0.0 and -0.0 in quarter %" G_GSIZE_FORMAT
                                                 " of 4000 keys", quarter);

        ws_test_set_key (in, quarter * 1024 + 5, 0.0);
        ws_test_set_key (in, quarter * 1024 + 700, -0.0);
        assert_cpu_network (c, kind, in, what);
      }
}

/* ---- GPU only: bigger sizes, and kernel times for the report ---- */

/* Sizes that make odd-even merge run many one-pass launches, and bitonic's
 * gpu meet each edge of its plan: the one-launch sort below, at and above
 * its tile of 2^14 (a first group reading global memory itself, or a
 * plain copy), one and two stages above the tile, register launches of
 * 1 to 5 passes from global memory and tiles of rows for more (2^20 + 5
 * pads to 2^21: 7 distances at or above the tile, rows of 128 keys;
 * 2^23 + 1 pads to 2^24: stages of 1 to 10, rows of 256 down to 16 keys;
 * 65537 pads to 2^17, tiles of 2^12 and 4 passes a trip: 5 distances, rows
 * of 128), 16 keys a thread below 2^20 and 32 from there, and odd sizes
 * between. */
static void
test_medium (gconstpointer data)
{
  static const gsize merge_sizes[] = { (1u << 20) + 5, 3u << 18, 8193 };
  static const gsize bitonic_sizes[] = { 31, 33, 4095, 4097, 16383, 16384, 16385, 32767, 32768,
                                         32769, 65536, 65537, (1u << 20) + 5, 3u << 18,
                                         (1u << 23) + 1 };
  const WsTestCase *c = data;
  gboolean bitonic = g_str_equal (c->algo->name, "bitonic");
  const gsize *sizes = bitonic ? bitonic_sizes : merge_sizes;
  guint n_sizes = bitonic ? G_N_ELEMENTS (bitonic_sizes) : G_N_ELEMENTS (merge_sizes);

  for (guint s = 0; s < n_sizes; s++)
    {
      g_autoptr (WsArray) in = ws_test_generate (c->type, WS_DIST_UNIFORM16, sizes[s], s);
      g_autoptr (WsArray) out = run_sort (c, in, NULL);
      ws_test_assert_sorted_same (in, out);
    }
}

static void
timed_sort (const WsTestCase *c,
            gsize             n)
{
  g_autoptr (WsArray) in = ws_test_generate (c->type, WS_DIST_UNIFORM, n, 24);
  /* A small run first, so the timed one does not load the kernels. */
  g_autoptr (WsArray) warm_in = ws_test_generate (c->type, WS_DIST_UNIFORM, MIN (n, 1 << 12), 1);
  g_autoptr (WsArray) warm = run_sort (c, warm_in, NULL);
  WsPhaseTimes t;
  g_autoptr (WsArray) out = run_sort (c, in, &t);

  ws_test_assert_sorted_same (in, out);
  g_test_message ("%s %s n=%" G_GSIZE_FORMAT " %s: kernel %.3f ms, %" G_GUINT64_FORMAT
                  " launches, total %.1f ms on %s", c->algo->name, ws_variant_name (c->variant), n,
                  ws_key_type_name (c->type), t.kernel * 1e3, t.launches, t.total * 1e3, t.device);
}

/* bitonic: 2^24 keys on every variant, 2^24 + 3 on gpu. odd-even: 2^20 for
 * gpu and gpu-seed-v1, 2^16 for gpu and gpu-seed (whose host sync every
 * iteration makes 2^20 take minutes). Figures, not assertions: speed is
 * measured by benchmarks (docs/performance.md). */
static void
test_large (gconstpointer data)
{
  const WsTestCase *c = data;

  if (g_str_equal (c->algo->name, "bitonic"))
    {
      timed_sort (c, (gsize) 1 << 24);
      if (c->variant == WS_VARIANT_GPU)
        timed_sort (c, ((gsize) 1 << 24) + 3);
      return;
    }
  if (c->variant != WS_VARIANT_GPU_SEED)
    timed_sort (c, (gsize) 1 << 20);
  if (c->variant != WS_VARIANT_GPU_SEED_V1)
    timed_sort (c, (gsize) 1 << 16);
}

/* ---- The CPU's counters ---- */

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
          g_autoptr (WsArray) out_seq = ws_test_network_sort (kind, in, WS_VARIANT_CPU_SEQ, FALSE,
                                                              &seq);
          g_autoptr (WsArray) out_par = ws_test_network_sort (kind, in, WS_VARIANT_CPU_PAR, FALSE,
                                                              &par);

          g_assert_true (ws_array_equal (out_seq, out_par));
          ws_test_assert_counters_equal (&seq, &par);
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

/* ---- odd-even's early exit (the CPU's) ---- */

static void
check_early_exit (const WsArray  *in,
                  WsDistribution  dist,
                  WsVariant       variant,
                  WsCounters     *early)
{
  WsCounters full = { 0 };
  gsize n = in->n;
  g_autoptr (WsArray) full_out = ws_test_network_sort (WS_NETWORK_ODD_EVEN, in, variant, FALSE,
                                                       &full);
  g_autoptr (WsArray) early_out = ws_test_network_sort (WS_NETWORK_ODD_EVEN, in, variant, TRUE,
                                                        early);

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
          ws_test_assert_counters_equal (&seq, &par);
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
        g_autoptr (WsArray) out_seq = ws_test_network_sort (WS_NETWORK_ODD_EVEN, in,
                                                            WS_VARIANT_CPU_SEQ, TRUE, &seq);
        g_autoptr (WsArray) out_par = ws_test_network_sort (WS_NETWORK_ODD_EVEN, in,
                                                            WS_VARIANT_CPU_PAR, TRUE, &par);

        g_assert_true (ws_array_equal (out_seq, out_par));
        ws_test_assert_counters_equal (&seq, &par);
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
        g_autoptr (WsArray) out = ws_test_network_sort (kind, in, WS_VARIANT_CPU_SEQ, TRUE,
                                                        &counters);

        g_assert_cmpuint (counters.passes, ==, ws_network_n_passes (net));
      }
}

/* ---- The CPU engine's own checks ---- */

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

/* ---- GPU only: the CUDA library's own checks ---- */

#if WS_HAVE_CUDA
/* Implementations a network lacks refuse and leave the keys alone. */
static void
test_gpu_unsupported (void)
{
  static const struct { WsCudaSort network; WsCudaImpl impl; } missing[] = {
    { WS_CUDA_BITONIC, WS_CUDA_SEED_V1 }, { WS_CUDA_BITONIC, WS_CUDA_SEED_V2 },
    { WS_CUDA_BITONIC, WS_CUDA_LIB }, { WS_CUDA_ODD_EVEN, WS_CUDA_SEED_SHARED },
    { WS_CUDA_ODD_EVEN, WS_CUDA_LIB },
  };

  for (guint i = 0; i < G_N_ELEMENTS (missing); i++)
    {
      g_autoptr (GError) error = NULL;
      gint32 keys[3] = { 3, 1, 2 };
      WsCudaTiming timing;
      g_assert_false (ws_cuda_sort (missing[i].network, missing[i].impl, WS_CUDA_INT32, keys, 3,
                                    &timing, &error));
      g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED);
      g_assert_cmpint (keys[0], ==, 3);
    }
}
#endif

#define SORT_ROWS(alg)                                                          \
  { "/network/" alg "/sort", alg, WS_TEST_ALL, 0, TRUE, test_distribution },    \
  { "/network/" alg "/special", alg, WS_TEST_ALL, 0, FALSE, test_special },     \
  { "/network/" alg "/large", alg, LARGE, FLOAT32_ONLY, FALSE, test_large }

#define FLOAT32_ONLY WS_TEST_TYPE (WS_KEY_FLOAT32)
#define GPU_OURS     WS_TEST_VARIANT (WS_VARIANT_GPU)
/* odd-even's gpu-seed-v2 has no large run (as before the merge). */
#define LARGE        (WS_TEST_GPU & ~WS_TEST_VARIANT (WS_VARIANT_GPU_SEED_V2))

static const WsTestRows rows[] = {
  SORT_ROWS ("bitonic"),
  SORT_ROWS ("odd-even"),
  SORT_ROWS ("oddeven-merge"),
  { "/network/odd-even/plain-network", "odd-even", WS_TEST_ALL, 0, FALSE, test_plain_network },
  { "/network/bitonic/medium", "bitonic", GPU_OURS, 0, FALSE, test_medium },
  { "/network/bitonic/same-exchanges", "bitonic", GPU_OURS, 0, FALSE, test_same_exchanges },
  { "/network/oddeven-merge/same-exchanges", "oddeven-merge", GPU_OURS, 0, FALSE,
    test_same_exchanges },
  { "/network/oddeven-merge/medium", "oddeven-merge", GPU_OURS, 0, FALSE, test_medium },
};

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ws_test_add_rows (rows, G_N_ELEMENTS (rows));
  for (WsNetworkKind kind = 0; kind < WS_N_NETWORKS; kind++)
    {
      g_autofree char *counters = g_strdup_printf ("/network/%s/counters-seq-par",
                                                   ws_network_kind_name (kind));
      g_test_add_data_func (counters, GUINT_TO_POINTER (kind), test_counters_seq_par);
    }
  g_test_add_func ("/network/sort/counters-accumulate", test_counters_accumulate);
  g_test_add_func ("/network/odd-even/early-exit", test_early_exit);
  g_test_add_func ("/network/odd-even/early-exit-threads", test_early_exit_threads);
  g_test_add_func ("/network/sort/early-exit-ignored", test_early_exit_ignored);
  g_test_add_func ("/network/sort/unsupported-variant", test_unsupported_variant);
  g_test_add_func ("/network/sort/no-memory", test_no_memory);
  ws_test_add_gpu_func ("/network/gpu/unsupported", WS_TEST_CUDA (test_gpu_unsupported));
  ws_test_add_gpu_built ("/network/gpu/built/bitonic", "bitonic");
  ws_test_add_gpu_built ("/network/gpu/built/odd-even", "odd-even");
  ws_test_add_gpu_built ("/network/gpu/built/oddeven-merge", "oddeven-merge");
  return g_test_run ();
}
