/* test-gpu-networks.c: the GPU sorting networks — bitonic (gpu-seed,
 * gpu-seed-shared, gpu) and odd-even merge (gpu) as whole sorts against
 * qsort, and every pass of the three networks (ws_cuda_network_pass)
 * against the CPU's ws_network_apply_pass, bit for bit, flags included.
 */
#include <string.h>

#include "gpu-test-util.h"

/* What a whole-sort case runs: the algorithm and impl packed into extra. */
#define SORT_CASE(alg, impl) (((guint) (alg) << 8) | (guint) (impl))
#define CASE_ALG(extra)      ((WsCudaSort) ((extra) >> 8))
#define CASE_IMPL(extra)     ((WsCudaImpl) ((extra) & 0xff))

static const struct
{
  const char *name;
  guint       extra;
} sort_cases[] = {
  { "bitonic/gpu-seed", SORT_CASE (WS_CUDA_BITONIC, WS_CUDA_SEED) },
  { "bitonic/gpu-seed-shared", SORT_CASE (WS_CUDA_BITONIC, WS_CUDA_SEED_SHARED) },
  { "bitonic/gpu", SORT_CASE (WS_CUDA_BITONIC, WS_CUDA_OURS) },
  { "oddeven-merge/gpu", SORT_CASE (WS_CUDA_ODDEVEN_MERGE, WS_CUDA_OURS) },
};

/* ---- whole sorts --------------------------------------------------------- */

/* Sorts a copy of in on the GPU; checks the run and its timing, not the order. */
static WsArray *
gpu_sorted (WsCudaSort     alg,
            WsCudaImpl     impl,
            const WsArray *in,
            WsCudaTiming  *timing)
{
  g_autoptr (GError) error = NULL;
  WsArray *out = ws_array_copy (in, &error);

  g_assert_no_error (error);
  g_assert_true (ws_cuda_sort (alg, impl, gpu_test_type (in->type), out->data, out->n, timing,
                               &error));
  g_assert_no_error (error);
  gpu_test_assert_timing (timing);
  return out;
}

static void
check_sort (guint          extra,
            const WsArray *in)
{
  WsCudaTiming timing;
  g_autoptr (WsArray) out = gpu_sorted (CASE_ALG (extra), CASE_IMPL (extra), in, &timing);

  if (!ws_test_is_sorted_permutation (in, out))
    g_error ("case %#x, %" G_GSIZE_FORMAT " keys: not a sorted permutation", extra, in->n);
}

static void
test_sort_distribution (gconstpointer data)
{
  const WsTestCase *tc = data;

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) in = ws_test_generate (tc->type, tc->dist, ws_test_sizes[s], 11 + s);
      check_sort (tc->extra, in);
    }
}

static void
test_sort_special (gconstpointer data)
{
  const WsTestCase *tc = data;

  if (gpu_test_skip_without_device ())
    return;
  /* Every small size meets ±inf, ±0.0, the int extremes in many arrangements. */
  for (gsize n = 0; n <= 70; n++)
    {
      g_autoptr (WsArray) in = ws_test_special_array (tc->type, n, n);
      check_sort (tc->extra, in);
    }
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) in = ws_test_special_array (tc->type, ws_test_sizes[s], 100 + s);
      check_sort (tc->extra, in);
    }
}

/* Sizes that make gpu run every register group (1 to 4 passes) in global
 * memory and odd-even merge run many one-pass launches. */
static void
test_sort_medium (gconstpointer data)
{
  const WsTestCase *tc = data;
  const gsize sizes[] = { (1u << 20) + 5, 3u << 18, 8193 };

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (WsArray) in = ws_test_generate (tc->type, WS_DIST_UNIFORM16, sizes[s], s);
      check_sort (SORT_CASE (WS_CUDA_BITONIC, WS_CUDA_OURS), in);
      check_sort (SORT_CASE (WS_CUDA_ODDEVEN_MERGE, WS_CUDA_OURS), in);
    }
}

static void
test_unsupported (void)
{
  const WsCudaImpl others[] = { WS_CUDA_SEED_V1, WS_CUDA_SEED_V2, WS_CUDA_LIB };
  gint32 keys[3] = { 3, 1, 2 };

  if (gpu_test_skip_without_device ())
    return;
  g_assert_true (ws_cuda_has ("bitonic", WS_CUDA_SEED));
  g_assert_true (ws_cuda_has ("bitonic", WS_CUDA_SEED_SHARED));
  g_assert_true (ws_cuda_has ("bitonic", WS_CUDA_OURS));
  g_assert_true (ws_cuda_has ("oddeven-merge", WS_CUDA_OURS));
  g_assert_false (ws_cuda_has ("oddeven-merge", WS_CUDA_SEED));
  g_assert_false (ws_cuda_has ("oddeven-merge", WS_CUDA_SEED_SHARED));
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      g_autoptr (GError) error = NULL;
      WsCudaTiming timing;

      g_assert_false (ws_cuda_has ("bitonic", others[i]));
      g_assert_false (ws_cuda_has ("oddeven-merge", others[i]));
      g_assert_false (ws_cuda_sort (WS_CUDA_BITONIC, others[i], WS_CUDA_INT32, keys, 3, &timing,
                                    &error));
      g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED);
    }
  /* Untouched by the refused runs. */
  g_assert_cmpint (keys[0], ==, 3);
}

/* 2^24 float keys on every bitonic variant, timed; 2^24 + 3 on gpu. */
static void
test_large (void)
{
  const WsCudaImpl impls[] = { WS_CUDA_SEED, WS_CUDA_SEED_SHARED, WS_CUDA_OURS };
  const char *names[] = { "gpu-seed", "gpu-seed-shared", "gpu" };
  gsize n = (gsize) 1 << 24;
  g_autoptr (WsArray) in = NULL;
  g_autoptr (WsArray) ref = NULL;
  g_autoptr (WsArray) odd = NULL;
  g_autoptr (WsArray) odd_out = NULL;
  double ms[G_N_ELEMENTS (impls)];
  WsCudaTiming timing;

  if (gpu_test_skip_without_device ())
    return;
  in = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, n, 24);
  /* Uniform [0,1) keys hold no -0.0, so a sorted permutation of them is
   * bit-identical to the qsort reference: one qsort serves every impl. */
  ref = ws_test_qsort_copy (in);
  for (guint i = 0; i < G_N_ELEMENTS (impls); i++)
    {
      g_autoptr (WsArray) warm_in = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 1 << 17, i);
      /* A small run first, so the timed one does not load the kernels. */
      g_autoptr (WsArray) warm = gpu_sorted (WS_CUDA_BITONIC, impls[i], warm_in, &timing);
      g_autoptr (WsArray) out = gpu_sorted (WS_CUDA_BITONIC, impls[i], in, &timing);

      g_assert_true (ws_array_equal (out, ref));
      ms[i] = timing.kernel_ms;
      g_printerr ("netw: bitonic %s, 2^24 float32: kernel %.3f ms, %" G_GUINT64_FORMAT
                  " launches, total %.1f ms on %s\n", names[i], timing.kernel_ms,
                  timing.launches, timing.total_ms, timing.device_name);
    }
  g_printerr ("netw: gpu is %.1fx gpu-seed and %.1fx gpu-seed-shared in kernel time\n",
              ms[0] / ms[2], ms[1] / ms[2]);
  odd = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, n + 3, 25);
  odd_out = gpu_sorted (WS_CUDA_BITONIC, WS_CUDA_OURS, odd, &timing);
  g_printerr ("netw: bitonic gpu, 2^24+3 float32: kernel %.3f ms, %" G_GUINT64_FORMAT
              " launches\n", timing.kernel_ms, timing.launches);
  g_assert_true (ws_test_is_sorted_permutation (odd, odd_out));
}

/* ---- single passes ------------------------------------------------------- */

static WsCudaSort
cuda_network (WsNetworkKind kind)
{
  switch (kind)
    {
    case WS_NETWORK_BITONIC: return WS_CUDA_BITONIC;
    case WS_NETWORK_ODD_EVEN: return WS_CUDA_ODD_EVEN;
    default: return WS_CUDA_ODDEVEN_MERGE;
    }
}

/* First index where a and b differ bitwise, or -1. */
static gint64
first_difference (const WsArray *a,
                  const WsArray *b)
{
  for (gsize i = 0; i < a->n; i++)
    if (memcmp (&a->i32[i], &b->i32[i], sizeof (gint32)) != 0)
      return (gint64) i;
  return -1;
}

/* The flags a pass must leave: COMPARED at both ends of each CPU comparator,
 * SWAPPED where the CPU pass changed the keys, 0 elsewhere. */
static void
expected_flags (const WsNetwork *net,
                guint            pass,
                const WsArray   *before,
                const WsArray   *after,
                guint8          *want)
{
  gsize count = ws_network_pass_comparators (net, pass, NULL);
  g_autofree WsComparator *comps = g_new (WsComparator, MAX (count, 1));

  memset (want, 0, before->n);
  ws_network_pass_comparators (net, pass, comps);
  for (gsize c = 0; c < count; c++)
    want[comps[c].min_at] = want[comps[c].max_at] = WS_CUDA_FLAG_COMPARED;
  for (gsize i = 0; i < before->n; i++)
    if (memcmp (&before->i32[i], &after->i32[i], sizeof (gint32)) != 0)
      want[i] |= WS_CUDA_FLAG_SWAPPED;
}

static void
assert_same_flags (const guint8 *got,
                   const guint8 *want,
                   gsize         width,
                   guint         pass)
{
  for (gsize i = 0; i < width; i++)
    if (got[i] != want[i])
      g_error ("pass %u: flag %u at %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT ", want %u", pass,
               got[i], i, width, want[i]);
}

typedef struct
{
  WsArray *cpu;    /* the keys as the CPU passes leave them */
  WsArray *before; /* the same, before the current pass */
  WsArray *got;    /* downloaded from the device */
  guint8  *flags;  /* downloaded */
  guint8  *want;
  gpointer d_keys;
  guint8  *d_flags; /* NULL: run without flags */
} PassRun;

/* One pass on both sides, then keys (and flags) compared. */
static void
run_one_pass (const WsNetwork *net,
              PassRun         *r,
              WsKeyType        type,
              guint            pass)
{
  g_autoptr (GError) error = NULL;
  gsize width = ws_network_width (net);
  gsize bytes = ws_array_bytes (r->cpu);
  WsPassInfo info;
  gint64 bad;

  ws_network_pass_info (net, pass, &info);
  memcpy (r->before->data, r->cpu->data, bytes);
  g_assert_true (ws_cuda_network_pass (cuda_network (ws_network_kind (net)), gpu_test_type (type),
                                       r->d_keys, width, info.k, info.j, info.phase, r->d_flags,
                                       NULL, &error));
  g_assert_no_error (error);
  ws_network_apply_pass (net, r->cpu, pass, NULL);
  g_assert_true (ws_cuda_download (r->got->data, r->d_keys, bytes, &error));
  g_assert_no_error (error);
  bad = first_difference (r->got, r->cpu);
  if (bad >= 0)
    g_error ("%s, %" G_GSIZE_FORMAT " keys, pass %u: key %" G_GINT64_FORMAT " differs from the "
             "CPU", ws_network_kind_name (ws_network_kind (net)), ws_network_size (net), pass, bad);
  if (r->d_flags == NULL)
    return;
  g_assert_true (ws_cuda_download (r->flags, r->d_flags, width, &error));
  g_assert_no_error (error);
  expected_flags (net, pass, r->before, r->cpu, r->want);
  assert_same_flags (r->flags, r->want, width, pass);
}

static void
check_passes (WsNetworkKind kind,
              WsKeyType     type,
              gsize         n,
              gboolean      with_flags)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsNetwork) net = ws_test_network_new (kind, n);
  g_autoptr (WsArray) in = ws_test_special_array (type, n, 1000 + n);
  gsize width = ws_network_width (net);
  PassRun r = { 0 };

  r.cpu = kind == WS_NETWORK_BITONIC ? ws_network_pad (net, in, &error) : ws_array_copy (in, &error);
  g_assert_no_error (error);
  r.before = ws_array_copy (r.cpu, &error);
  r.got = ws_array_copy (r.cpu, &error);
  g_assert_no_error (error);
  r.flags = g_malloc (MAX (width, 1));
  r.want = g_malloc (MAX (width, 1));
  r.d_keys = ws_cuda_malloc (ws_array_bytes (r.cpu), &error);
  g_assert_no_error (error);
  r.d_flags = with_flags ? ws_cuda_malloc (width, &error) : NULL;
  g_assert_no_error (error);
  g_assert_true (ws_cuda_upload (r.d_keys, r.cpu->data, ws_array_bytes (r.cpu), &error));
  g_assert_no_error (error);
  for (guint pass = 0; pass < ws_network_n_passes (net); pass++)
    run_one_pass (net, &r, type, pass);
  ws_cuda_free (r.d_keys);
  ws_cuda_free (r.d_flags);
  g_free (r.flags);
  g_free (r.want);
  ws_array_free (r.cpu);
  ws_array_free (r.before);
  ws_array_free (r.got);
}

static void
test_passes (gconstpointer data)
{
  const WsTestCase *tc = data;
  WsNetworkKind kind = (WsNetworkKind) tc->extra;

  if (gpu_test_skip_without_device ())
    return;
  for (gsize n = 1; n <= 70; n++)
    check_passes (kind, tc->type, n, TRUE);
  check_passes (kind, tc->type, 1000, TRUE);
  check_passes (kind, tc->type, 1025, TRUE);
  /* Without a flag buffer the keys move the same. */
  check_passes (kind, tc->type, 37, FALSE);
  check_passes (kind, tc->type, 1025, FALSE);
}

static void
assert_invalid (WsCudaSort network,
                gpointer   d_keys,
                gsize      width,
                guint64    k,
                guint64    j,
                guint      phase)
{
  g_autoptr (GError) error = NULL;

  g_assert_false (ws_cuda_network_pass (network, WS_CUDA_INT32, d_keys, width, k, j, phase, NULL,
                                        NULL, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
}

static void
test_pass_invalid (void)
{
  g_autoptr (GError) error = NULL;
  gpointer d_keys;

  if (gpu_test_skip_without_device ())
    return;
  d_keys = ws_cuda_malloc (16 * sizeof (gint32), &error);
  g_assert_no_error (error);
  assert_invalid (WS_CUDA_BITONIC, d_keys, 12, 4, 2, 0);   /* width not a power of two */
  assert_invalid (WS_CUDA_BITONIC, d_keys, 16, 32, 2, 0);  /* k above the width */
  assert_invalid (WS_CUDA_BITONIC, d_keys, 16, 4, 4, 0);   /* j not below k */
  assert_invalid (WS_CUDA_BITONIC, d_keys, 16, 6, 2, 0);   /* k not a power of two */
  assert_invalid (WS_CUDA_ODD_EVEN, d_keys, 16, 0, 1, 2);  /* no phase 2 */
  assert_invalid (WS_CUDA_ODDEVEN_MERGE, d_keys, 16, 2, 4, 0);  /* step above the stage */
  assert_invalid (WS_CUDA_ODDEVEN_MERGE, d_keys, 16, 16, 1, 0); /* no stage p >= n */
  assert_invalid (WS_CUDA_RADIX_SORT, d_keys, 16, 2, 1, 0);     /* not a network */
  assert_invalid (WS_CUDA_BITONIC, NULL, 16, 2, 1, 0);          /* no keys */
  ws_cuda_free (d_keys);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (sort_cases); i++)
    {
      g_autofree char *dist = g_strdup_printf ("/gpu-networks/sort/%s", sort_cases[i].name);
      g_autofree char *special = g_strdup_printf ("/gpu-networks/special/%s", sort_cases[i].name);

      ws_test_add_cases (dist, WS_TEST_PER_DIST, sort_cases[i].extra, test_sort_distribution);
      ws_test_add_cases (special, WS_TEST_PER_TYPE, sort_cases[i].extra, test_sort_special);
    }
  ws_test_add_cases ("/gpu-networks/medium", WS_TEST_PER_TYPE, 0, test_sort_medium);
  g_test_add_func ("/gpu-networks/unsupported", test_unsupported);
  for (guint k = 0; k < WS_N_NETWORKS; k++)
    {
      g_autofree char *path = g_strdup_printf ("/gpu-networks/pass/%s",
                                               ws_network_kind_name ((WsNetworkKind) k));
      ws_test_add_cases (path, WS_TEST_PER_TYPE, k, test_passes);
    }
  g_test_add_func ("/gpu-networks/pass-invalid", test_pass_invalid);
  g_test_add_func ("/gpu-networks/large", test_large);
  return g_test_run ();
}
