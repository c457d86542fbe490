/* test-network-pass.c: sorting networks one pass at a time, as the
 * animator steps them: on the CPU (stepping gives the whole sort; every
 * pass meets its invariant, and the checks find the first bad index) and
 * on the device through the CUDA backend's device side (every pass against
 * its comparators applied by a plain loop, flags included). Whole sorts of
 * every variant are test-network-sort.c's. */
#include <math.h>
#include <string.h>

#include "ws-backend.h"
#include "ws-bars.h"
#include "ws-error.h"
#include "ws-network.h"
#include "ws-test-variant.h"
#if WS_HAVE_CUDA
#include "ws-cuda.h"
#endif

/* ---- The CPU's passes: stepped one by one, the whole sort ---- */

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
        g_autoptr (WsArray) sorted = ws_test_network_sort (kind, in, WS_VARIANT_CPU_SEQ, FALSE,
                                                           &whole);

        g_assert_no_error (error);
        for (guint pass = 0; pass < ws_network_n_passes (net); pass++)
          ws_network_apply_pass (net, work, pass, &by_pass);
        g_assert_true (ws_network_strip (net, work, stepped, &error));
        g_assert_no_error (error);
        g_assert_true (ws_array_equal (stepped, sorted));
        ws_test_assert_counters_equal (&by_pass, &whole);
      }
}

/* ---- The CPU's invariant checks ---- */

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

/* ---- GPU only: every pass on the device ---- */

/* One pass by its comparators, as the network defines them: a strict >
 * exchanges (so equal keys, -0.0 and +0.0 too, stay), as 32-bit patterns.
 * want gets the flags the device must leave: COMPARED at both ends of
 * each comparator, SWAPPED where the keys changed, 0 elsewhere. */
static void
plain_pass (const WsNetwork *net,
            guint            pass,
            WsArray         *keys,
            guint8          *want)
{
  gsize count = ws_network_pass_comparators (net, pass, NULL);
  g_autofree WsComparator *comps = g_new (WsComparator, MAX (count, 1));

  memset (want, 0, keys->n);
  ws_network_pass_comparators (net, pass, comps);
  for (gsize c = 0; c < count; c++)
    {
      guint64 lo = comps[c].min_at, hi = comps[c].max_at;
      want[lo] = want[hi] = WS_BAR_COMPARED;
      if (ws_array_get_double (keys, lo) > ws_array_get_double (keys, hi))
        {
          gint32 t = keys->i32[lo];
          keys->i32[lo] = keys->i32[hi];
          keys->i32[hi] = t;
          want[lo] = want[hi] = WS_BAR_COMPARED | WS_BAR_SWAPPED;
        }
    }
}

typedef struct
{
  const WsDeviceOps *ops;
  WsArray *want;   /* the keys as the plain passes leave them */
  WsArray *got;    /* downloaded from the device */
  guint8  *flags;  /* downloaded */
  guint8  *want_flags;
  gpointer d_keys;
  guint8  *d_flags; /* NULL: run without flags */
} PassRun;

/* The first index where the device's keys differ bitwise, or -1. */
static gint64
first_difference (const WsArray *a,
                  const WsArray *b)
{
  for (gsize i = 0; i < a->n; i++)
    if (a->i32[i] != b->i32[i])
      return (gint64) i;
  return -1;
}

/* One pass on both sides, then keys (and flags) compared. */
static void
run_one_pass (const WsNetwork *net,
              PassRun         *r,
              guint            pass)
{
  g_autoptr (GError) error = NULL;
  gsize width = ws_network_width (net);
  WsPassInfo info;
  gint64 bad;

  ws_network_pass_info (net, pass, &info);
  g_assert_true (r->ops->pass (ws_network_kind (net), r->want->type, r->d_keys, width, &info,
                               r->d_flags, NULL, &error));
  g_assert_no_error (error);
  plain_pass (net, pass, r->want, r->want_flags);
  g_assert_true (r->ops->download (r->got->data, r->d_keys, ws_array_bytes (r->got), &error));
  g_assert_no_error (error);
  if ((bad = first_difference (r->got, r->want)) >= 0)
    g_error ("%s, %" G_GSIZE_FORMAT " keys, pass %u: key %" G_GINT64_FORMAT " is %08x, want %08x",
             ws_network_kind_name (ws_network_kind (net)), ws_network_size (net), pass, bad,
             (guint32) r->got->i32[bad], (guint32) r->want->i32[bad]);
  if (r->d_flags == NULL)
    return;
  g_assert_true (r->ops->download (r->flags, r->d_flags, width, &error));
  g_assert_no_error (error);
  for (gsize i = 0; i < width; i++)
    if (r->flags[i] != r->want_flags[i])
      g_error ("pass %u: flag %u at %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT ", want %u", pass,
               r->flags[i], i, width, r->want_flags[i]);
}

static void
check_device_passes (WsNetworkKind kind,
                     WsKeyType     type,
                     gsize         n,
                     gboolean      with_flags)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsNetwork) net = ws_test_network_new (kind, n);
  g_autoptr (WsArray) in = ws_test_special_array (type, n, 1000 + n);
  gsize width = ws_network_width (net);
  PassRun r = { .ops = ws_backend_gpu ()->device };

  r.want = kind == WS_NETWORK_BITONIC ? ws_network_pad (net, in, &error)
                                      : ws_array_copy (in, &error);
  g_assert_no_error (error);
  r.got = ws_array_copy (r.want, &error);
  g_assert_no_error (error);
  r.flags = g_malloc (MAX (width, 1));
  r.want_flags = g_malloc (MAX (width, 1));
  r.d_keys = r.ops->alloc (MAX (ws_array_bytes (r.want), 1), &error);
  g_assert_no_error (error);
  r.d_flags = with_flags ? r.ops->alloc (MAX (width, 1), &error) : NULL;
  g_assert_no_error (error);
  g_assert_true (r.ops->upload (r.d_keys, r.want->data, ws_array_bytes (r.want), &error));
  g_assert_no_error (error);
  for (guint pass = 0; pass < ws_network_n_passes (net); pass++)
    run_one_pass (net, &r, pass);
  r.ops->release (r.d_keys);
  if (r.d_flags != NULL)
    r.ops->release (r.d_flags);
  g_free (r.flags);
  g_free (r.want_flags);
  ws_array_free (r.want);
  ws_array_free (r.got);
}

/* Every small size, and some past a block; without a flag buffer the keys
 * move the same. */
static void
test_device_passes (gconstpointer data)
{
  const WsTestCase *c = data;
  WsNetworkKind kind;

  g_assert_true (ws_network_kind_from_name (c->algo->name, &kind));
  for (gsize n = 1; n <= 70; n++)
    check_device_passes (kind, c->type, n, TRUE);
  check_device_passes (kind, c->type, 1000, TRUE);
  check_device_passes (kind, c->type, 1025, TRUE);
  check_device_passes (kind, c->type, 37, FALSE);
  check_device_passes (kind, c->type, 1025, FALSE);
}

/* ---- GPU only: the CUDA library's own checks ---- */

#if WS_HAVE_CUDA
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
test_gpu_pass_invalid (void)
{
  g_autoptr (GError) error = NULL;
  gpointer d_keys = ws_cuda_malloc (16 * sizeof (gint32), &error);

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
#endif

/* The device's passes are the gpu variant's: its rows, one per network. */
#define DEVICE_ROWS(alg) \
  { "/network-pass/" alg "/device", alg, WS_TEST_VARIANT (WS_VARIANT_GPU), 0, FALSE, \
    test_device_passes }

static const WsTestRows rows[] = {
  DEVICE_ROWS ("bitonic"), DEVICE_ROWS ("odd-even"), DEVICE_ROWS ("oddeven-merge"),
};

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (WsNetworkKind kind = 0; kind < WS_N_NETWORKS; kind++)
    {
      const char *name = ws_network_kind_name (kind);
      g_autofree char *apply = g_strdup_printf ("/network-pass/%s/apply-passes", name);
      g_autofree char *invariants = g_strdup_printf ("/network-pass/%s/invariants", name);

      g_test_add_data_func (apply, GUINT_TO_POINTER (kind), test_apply_passes);
      g_test_add_data_func (invariants, GUINT_TO_POINTER (kind), test_invariants);
    }
  g_test_add_func ("/network-pass/check/first-bad", test_check_first_bad);
  g_test_add_func ("/network-pass/check/signed-zeros", test_check_signed_zeros);
  ws_test_add_rows (rows, G_N_ELEMENTS (rows));
  ws_test_add_gpu_func ("/network-pass/gpu/invalid", WS_TEST_CUDA (test_gpu_pass_invalid));
  return g_test_run ();
}
