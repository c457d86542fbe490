/* test-cancel-lag.c: issue 15's guard that a cancel is answered within
 * WS_TEST_CANCEL_BOUND_S (200 ms; 1 s in sanitizer builds) at the largest
 * sizes the application or a preset offers, for every CPU variant of every
 * algorithm and for the work a benchmark does around its runs: generating
 * the inputs and verifying the results (ws_bench_run does both under the
 * cancellable of the run). One test per kind of work and variant; each
 * cancels from another thread while the work runs (ws-test-run.c says
 * how) and logs the delays measured.
 *
 * Sizes: 2^24 keys (the sorting page's largest preset, showcase's sizes),
 * odd-even at 2^22 (study 003), dot at 4194304 (study 000). The window sum
 * page offers N up to 46340 and R up to 1024, but a grid of N = 46340 is
 * 8 GiB; the looks come after so much work, not after so many rows, so
 * N = 8192 (R = 1024 for the O(R²) loops) shows the same delays. Searches
 * take 2^22 queries of p = 2 segments (the default) and of p = 65536, the
 * most the registry allows.
 * No test needs much more than 1 GiB. */
#include "ws-registry.h"
#include "ws-test-util.h"

#define KEYS_MAX ((gsize) 1 << 24)
#define ODD_EVEN_MAX ((gsize) 1 << 22)
#define DOT_MAX ((gsize) 4194304)
#define GRID_SIDE ((gsize) 8192)
#define QUERIES ((gint64) 1 << 22)

#define SEQ WS_VARIANT_CPU_SEQ
#define PAR WS_VARIANT_CPU_PAR
#define I32 WS_KEY_INT32
#define F32 WS_KEY_FLOAT32

static const WsTestRunCase runs[] = {
  { "network/bitonic/cpu-seq", "bitonic", SEQ, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "network/bitonic/cpu-par", "bitonic", PAR, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "network/bitonic-padded/cpu-par", "bitonic", PAR, I32, WS_DIST_UNIFORM, KEYS_MAX - 1 },
  { "network/odd-even/cpu-seq", "odd-even", SEQ, I32, WS_DIST_UNIFORM, ODD_EVEN_MAX },
  { "network/odd-even/cpu-par", "odd-even", PAR, I32, WS_DIST_UNIFORM, ODD_EVEN_MAX },
  { "network/oddeven-merge/cpu-seq", "oddeven-merge", SEQ, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "network/oddeven-merge/cpu-par", "oddeven-merge", PAR, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "radix/cpu-seq", "radix-sort", SEQ, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "radix/cpu-par", "radix-sort", PAR, I32, WS_DIST_UNIFORM, KEYS_MAX },
  { "counting/cpu-seq", "counting-sort", SEQ, I32, WS_DIST_UNIFORM16, KEYS_MAX },
  { "counting/cpu-par", "counting-sort", PAR, I32, WS_DIST_UNIFORM16, KEYS_MAX },
  { "dot/cpu-seq", "dot", SEQ, F32, WS_DIST_UNIFORM, DOT_MAX },
  { "dot/cpu-par", "dot", PAR, I32, WS_DIST_UNIFORM16, DOT_MAX },
  { "stencil/cpu-seq", "stencil", SEQ, F32, WS_DIST_UNIFORM16, GRID_SIDE, { "radius" }, { 1024 } },
  { "stencil/cpu-par", "stencil", PAR, I32, WS_DIST_UNIFORM16, GRID_SIDE, { "radius" }, { 2 } },
  { "reduce/cpu-seq", "reduce", SEQ, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "reduce/cpu-par", "reduce", PAR, I32, WS_DIST_UNIFORM, KEYS_MAX },
  { "scan/cpu-seq", "scan", SEQ, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "scan/cpu-par", "scan", PAR, I32, WS_DIST_UNIFORM, KEYS_MAX },
  { "histogram/cpu-seq", "histogram", SEQ, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "histogram/cpu-par", "histogram", PAR, I32, WS_DIST_UNIFORM, KEYS_MAX, { "bins" },
    { 1 << 24 } },
  { "search/binary/cpu-seq", "binary-search", SEQ, I32, WS_DIST_UNIFORM, KEYS_MAX,
    { "queries" }, { QUERIES } },
  { "search/binary/cpu-par", "binary-search", PAR, F32, WS_DIST_UNIFORM, KEYS_MAX,
    { "segments", "queries" }, { 65536, QUERIES } },
  { "search/interpolation/cpu-seq", "interpolation-search", SEQ, F32, WS_DIST_UNIFORM, KEYS_MAX,
    { "segments", "queries" }, { 65536, QUERIES } },
  { "search/interpolation/cpu-par", "interpolation-search", PAR, I32, WS_DIST_UNIFORM, KEYS_MAX,
    { "queries" }, { QUERIES } },
};

static void
test_run (gconstpointer data)
{
  WsTestRunFixture f;

  ws_test_run_fixture_init (&f, data);
  ws_test_assert_cancel_answers (f.c->path, ws_test_run_fixture_work, &f);
  ws_test_run_fixture_clear (&f);
}

/* ---- verification ---- */

static gboolean
verify_work (gpointer data, GError **error)
{
  WsTestRunFixture *f = data;
  g_autofree char *verdict = NULL;

  return ws_run_verify (&f->in, &f->out, &verdict, error);
}

/* The run whose result is checked is made first, without a cancel. */
static const WsTestRunCase verifications[] = {
  { "verify/sort", "radix-sort", PAR, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "verify/dot", "dot", PAR, F32, WS_DIST_UNIFORM, DOT_MAX },
  { "verify/stencil", "stencil", PAR, F32, WS_DIST_UNIFORM16, GRID_SIDE, { "radius" }, { 1024 } },
  { "verify/reduce", "reduce", PAR, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "verify/scan", "scan", PAR, I32, WS_DIST_UNIFORM, KEYS_MAX },
  { "verify/histogram", "histogram", PAR, F32, WS_DIST_UNIFORM, KEYS_MAX },
  { "verify/search", "binary-search", PAR, I32, WS_DIST_UNIFORM, KEYS_MAX,
    { "queries" }, { QUERIES } },
};

static void
test_verify (gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  WsTestRunFixture f;

  ws_test_run_fixture_init (&f, data);
  g_assert_true (ws_run (&f.in, &f.out, &error));
  g_assert_no_error (error);
  ws_test_assert_cancel_answers (f.c->path, verify_work, &f);
  ws_test_run_fixture_clear (&f);
}

/* ---- generation ---- */

static gboolean
generate_work (gpointer data, GError **error)
{
  const WsTestRunCase *c = data;
  WsRunData made;
  WsParams params;

  ws_test_run_case_params (c, &params);
  if (!ws_run_data_generate (ws_registry_lookup (c->algorithm, NULL), &params, c->type, c->dist,
                             c->n, 9, &made, error))
    return FALSE;
  ws_run_data_clear (&made);
  return TRUE;
}

/* The inputs of these, as ws_bench_run makes them: drawn keys, drawn and
 * shuffled, drawn and sorted; a sorted array and its queries. */
static const WsTestRunCase generations[] = {
  { "generate/grid", "stencil", PAR, F32, WS_DIST_UNIFORM, GRID_SIDE },
  { "generate/few-unique", "reduce", PAR, I32, WS_DIST_FEW_UNIQUE, KEYS_MAX },
  { "generate/sorted", "reduce", PAR, F32, WS_DIST_SORTED, KEYS_MAX },
  { "generate/search", "binary-search", PAR, I32, WS_DIST_UNIFORM, KEYS_MAX,
    { "queries" }, { QUERIES } },
};

static void
test_generate (gconstpointer data)
{
  const WsTestRunCase *c = data;

  ws_test_assert_cancel_answers (c->path, generate_work, (gpointer) c);
}

static void
add_cases (const WsTestRunCase *cases, guint n, GTestDataFunc func)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_strconcat ("/cancel-lag/", cases[i].path, NULL);
      g_test_add_data_func (path, &cases[i], func);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  add_cases (runs, G_N_ELEMENTS (runs), test_run);
  add_cases (verifications, G_N_ELEMENTS (verifications), test_verify);
  add_cases (generations, G_N_ELEMENTS (generations), test_generate);
  return g_test_run ();
}
