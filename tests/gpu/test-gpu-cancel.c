/* test-gpu-cancel.c: issue 15's guard on the GPU — a cancel is answered
 * within 200 ms (WS_TEST_CANCEL_BOUND_S) at the largest sizes the
 * application or a preset offers, through ws_run as the CLI and the
 * application run it.
 *
 * Long kinds are cancelled from another thread while they run (ws-test-run.c
 * says how): the launch-per-phase loops and the loops that queue launches
 * without waiting (odd-even's four variants at 2^22, study 002's bitonic
 * merges at 2^24, study 004's per-key launches), the study's window-sum
 * kernel cut into tiles (N = 16384 at R = 1024; one-thread blocks, BS = 1,
 * at R = 1024; K = 64 at R = 64), transfers cut into pieces (a grid of
 * N = 46340, 8 GiB each way) and searches cut into pieces of queries (2^28
 * queries).
 *
 * Short kinds have no look between their launches: one library call or a
 * few kernels, which a cancel must wait out, so at the largest size their
 * kernels together must take well within the bound (half of it here; the
 * transfers around them go in pieces with looks between). They run once
 * uncancelled; the test asserts the kernels' time and logs it with the
 * whole run's: the bound measured for CUB's and our single launches.
 *
 * Every case skips without a CUDA device. Host memory: up to 17 GiB (the
 * 46340 grid and its sums), 3 GiB for 2^28 queries; the GPU machine has
 * 128 GiB. */
#include "gpu-test-util.h"
#include "ws-backend.h"
#include "ws-error.h"
#include "ws-registry.h"
#include "ws-system.h"

#define KEYS_MAX ((gsize) 1 << 24)
#define ODD_EVEN_MAX ((gsize) 1 << 22)
#define DOT_MAX ((gsize) 4194304)
#define GRID_MAX ((gsize) 46340)
#define QUERIES_MAX ((gint64) 1 << 28)

#define I32 WS_KEY_INT32
#define F32 WS_KEY_FLOAT32
#define SEED WS_VARIANT_GPU_SEED
#define GPU WS_VARIANT_GPU
#define LIB WS_VARIANT_GPU_LIB

/* The first GPU run of a process creates the CUDA context (a few hundred
 * milliseconds that no cancel can cut): made here, before any measure. */
static void
warm_up (void)
{
  static const WsTestRunCase small = { "warm-up", "reduce", GPU, I32, WS_DIST_UNIFORM, 1024 };
  g_autoptr (GError) error = NULL;
  WsTestRunFixture f;

  ws_test_run_fixture_init (&f, &small);
  g_assert_true (ws_test_run_fixture_work (&f, &error));
  g_assert_no_error (error);
  ws_test_run_fixture_clear (&f);
}

static gboolean
skip (const WsTestRunCase *c)
{
  const WsBackend *cuda = ws_backend_gpu ();

  if (gpu_test_skip_without_device ())
    return TRUE;
  if (!cuda->has_variant (cuda, c->algorithm, c->variant))
    {
      g_test_skip ("this variant is not built");
      return TRUE;
    }
  warm_up ();
  return FALSE;
}

/* ---- long kinds: cancelled mid-run ---- */

static const WsTestRunCase long_runs[] = {
  { "odd-even/gpu-seed", "odd-even", SEED, I32, WS_DIST_UNIFORM, ODD_EVEN_MAX },
  { "odd-even/gpu-seed-v1", "odd-even", WS_VARIANT_GPU_SEED_V1, I32, WS_DIST_UNIFORM,
    ODD_EVEN_MAX },
  { "odd-even/gpu-seed-v2", "odd-even", WS_VARIANT_GPU_SEED_V2, F32, WS_DIST_UNIFORM,
    ODD_EVEN_MAX },
  { "odd-even/gpu", "odd-even", GPU, F32, WS_DIST_UNIFORM, ODD_EVEN_MAX },
  { "bitonic/gpu-seed-shared", "bitonic", WS_VARIANT_GPU_SEED_SHARED, I32, WS_DIST_UNIFORM16,
    KEYS_MAX },
  { "stencil/gpu-seed", "stencil", SEED, F32, WS_DIST_UNIFORM16, 16384, { "radius" }, { 1024 } },
  { "stencil/gpu-seed/narrow", "stencil", SEED, F32, WS_DIST_UNIFORM16, 8192,
    { "radius", "block" }, { 1024, 1 } },
  { "stencil/gpu-seed/per-thread", "stencil", SEED, I32, WS_DIST_UNIFORM16, 8192,
    { "radius", "per-thread" }, { 64, 64 } },
  { "stencil/gpu/transfers", "stencil", GPU, F32, WS_DIST_UNIFORM16, GRID_MAX, { "radius" },
    { 2 } },
  { "binary-search/gpu-seed", "binary-search", SEED, I32, WS_DIST_UNIFORM, KEYS_MAX,
    { "segments", "queries" }, { 65536, 1 << 22 } },
  { "interpolation-search/gpu-seed", "interpolation-search", SEED, F32, WS_DIST_UNIFORM,
    KEYS_MAX, { "queries" }, { 1 << 22 } },
  { "binary-search/gpu", "binary-search", GPU, I32, WS_DIST_UNIFORM, KEYS_MAX, { "queries" },
    { QUERIES_MAX } },
  { "binary-search/gpu-lib", "binary-search", LIB, F32, WS_DIST_UNIFORM, KEYS_MAX,
    { "queries" }, { QUERIES_MAX } },
  { "interpolation-search/gpu", "interpolation-search", GPU, F32, WS_DIST_UNIFORM, KEYS_MAX,
    { "queries" }, { QUERIES_MAX } },
};

/* Cancelled, and then the variant runs whole on small keys with its
 * default parameters: the device was left usable. */
static void
test_long (gconstpointer data)
{
  const WsTestRunCase *c = data;
  gboolean grid = g_str_equal (c->algorithm, "stencil");
  WsTestRunCase small = { c->path, c->algorithm, c->variant, c->type, c->dist, grid ? 300 : 4096,
                          { grid ? "radius" : NULL }, { 2 } };
  g_autoptr (GError) error = NULL;
  WsTestRunFixture f;

  if (skip (c))
    return;
  ws_test_run_fixture_init (&f, c);
  g_printerr ("%s: ", c->path); /* stderr: TAP readers on the GPU machine pass it through */
  g_printerr ("best %.1f ms\n", 1e3 * ws_test_assert_cancel_answers (c->path,
                                                                     ws_test_run_fixture_work, &f));
  ws_test_run_fixture_clear (&f);

  ws_test_run_fixture_init (&f, &small);
  g_assert_true (ws_test_run_fixture_work (&f, &error));
  g_assert_no_error (error);
  ws_test_run_fixture_clear (&f);
}

/* ---- short kinds: their kernels within the bound ---- */

static const WsTestRunCase short_runs[] = {
  { "bitonic/gpu-seed", "bitonic", SEED, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "bitonic/gpu", "bitonic", GPU, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "oddeven-merge/gpu", "oddeven-merge", GPU, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "radix-sort/gpu", "radix-sort", GPU, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "radix-sort/gpu-lib", "radix-sort", LIB, I32, WS_DIST_UNIFORM, KEYS_MAX },
  { "counting-sort/gpu-seed", "counting-sort", SEED, I32, WS_DIST_UNIFORM16, KEYS_MAX },
  { "counting-sort/gpu", "counting-sort", GPU, I32, WS_DIST_UNIFORM16, KEYS_MAX },
  { "dot/gpu-seed", "dot", SEED, F32, WS_DIST_UNIFORM, DOT_MAX },
  { "dot/gpu", "dot", GPU, I32, WS_DIST_UNIFORM16, DOT_MAX },
  { "dot/gpu-lib", "dot", LIB, F32, WS_DIST_UNIFORM, DOT_MAX },
  { "reduce/gpu-seed", "reduce", SEED, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "reduce/gpu", "reduce", GPU, I32, WS_DIST_UNIFORM, KEYS_MAX },
  { "reduce/gpu-lib", "reduce", LIB, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "scan/gpu-seed", "scan", SEED, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "scan/gpu", "scan", GPU, I32, WS_DIST_UNIFORM, KEYS_MAX },
  { "scan/gpu-lib", "scan", LIB, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "histogram/gpu-seed/one-bin", "histogram", SEED, I32, WS_DIST_UNIFORM, KEYS_MAX, { "bins" },
    { 1 } },
  { "histogram/gpu-seed", "histogram", SEED, F32, WS_DIST_UNIFORM, KEYS_MAX, { "bins" },
    { 1 << 24 } },
  { "histogram/gpu", "histogram", GPU, I32, WS_DIST_UNIFORM, KEYS_MAX, { "bins" }, { 1 << 24 } },
  { "histogram/gpu-lib", "histogram", LIB, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "stencil/gpu/small-r", "stencil", GPU, F32, WS_DIST_UNIFORM16, 16384, { "radius" }, { 8 } },
  { "stencil/gpu/large-r", "stencil", GPU, F32, WS_DIST_UNIFORM16, 16384, { "radius" },
    { 1024 } },
};

/* Their kernels within half the bound: the rest is left to the host's work
 * around them and to the piece of a transfer under way. */
static void
test_short (gconstpointer data)
{
  const WsTestRunCase *c = data;
  g_autoptr (GError) error = NULL;
  WsTestRunFixture f;
  double start, whole;
  gboolean ok;

  if (skip (c))
    return;
  ws_test_run_fixture_init (&f, c);
  start = ws_system_now ();
  ok = ws_run (&f.in, &f.out, &error);
  whole = ws_system_now () - start;
  g_assert_no_error (error);
  g_assert_true (ok);
  g_printerr ("%s: whole run %.1f ms (kernels %.1f ms, %" G_GUINT64_FORMAT " launches)\n",
              c->path, whole * 1e3, f.out.times.kernel * 1e3, f.out.times.launches);
  g_assert_cmpfloat (f.out.times.kernel, <, WS_TEST_CANCEL_BOUND_S / 2);
  ws_test_run_fixture_clear (&f);
}

static void
add_cases (const char *prefix, const WsTestRunCase *cases, guint n, GTestDataFunc func)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_strconcat (prefix, cases[i].path, NULL);
      g_test_add_data_func (path, &cases[i], func);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  add_cases ("/gpu/cancel/", long_runs, G_N_ELEMENTS (long_runs), test_long);
  add_cases ("/gpu/cancel/short/", short_runs, G_N_ELEMENTS (short_runs), test_short);
  return g_test_run ();
}
