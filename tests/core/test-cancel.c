/* test-cancel.c: cancelling inside one long run (ws-cancel.h) — the
 * per-thread slot itself, runs that must stop long before they would end
 * (odd-even transposition at 2^16 keys, bitonic with padding, the window
 * sum's four loops), cpu-par's threads leaving together, and a benchmark
 * whose second configuration is interrupted.
 *
 * Every cancel comes from another thread 50 ms after the run starts (later
 * where a sort's setup outlasts that, see assert_sort_stops); each run
 * cancelled here takes seconds whole, so none can finish first. */
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "ws-bench.h"
#include "ws-cancel.h"
#include "ws-error.h"
#include "ws-network.h"
#include "ws-registry.h"
#include "ws-run.h"
#include "ws-test-util.h"

#define CANCEL_DELAY_US (50 * 1000)

/* ---- the slot ---- */

static void
test_slot (void)
{
  g_autoptr (GCancellable) c = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  const gint *flag;

  g_assert_true (ws_cancel_check (&error));
  g_assert_false (ws_cancel_requested ());
  g_assert_null (ws_cancel_current ());
  g_assert_null (ws_cancel_stop_flag ());

  ws_cancel_push (c);
  g_assert_true (ws_cancel_current () == c);
  flag = ws_cancel_stop_flag ();
  g_assert_nonnull (flag);
  g_assert_cmpint (g_atomic_int_get (flag), ==, 0);
  g_assert_true (ws_cancel_check (&error));
  g_cancellable_cancel (c);
  g_assert_cmpint (g_atomic_int_get (flag), ==, 1);
  g_assert_true (ws_cancel_requested ());
  g_assert_false (ws_cancel_check (&error));
  g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
  g_assert_cmpstr (error->message, ==, "Cancelled");
  g_clear_error (&error);
  ws_cancel_pop ();

  g_assert_true (ws_cancel_check (&error));
  g_assert_no_error (error);
  g_assert_null (ws_cancel_current ());
  g_assert_null (ws_cancel_stop_flag ());
}

/* Pushed already cancelled: the flag is up at once. A NULL push hides the
 * outer cancellable until popped. */
static void
test_slot_nesting (void)
{
  g_autoptr (GCancellable) c = g_cancellable_new ();

  g_cancellable_cancel (c);
  ws_cancel_push (c);
  g_assert_cmpint (g_atomic_int_get (ws_cancel_stop_flag ()), ==, 1);
  ws_cancel_push (NULL);
  g_assert_null (ws_cancel_current ());
  g_assert_false (ws_cancel_requested ());
  g_assert_cmpint (g_atomic_int_get (ws_cancel_stop_flag ()), ==, 0);
  ws_cancel_pop ();
  g_assert_true (ws_cancel_current () == c);
  g_assert_true (ws_cancel_requested ());
  ws_cancel_pop ();
  g_assert_null (ws_cancel_current ());
}

/* Another thread's slot is its own. */
static gpointer
requested_elsewhere (gpointer data)
{
  return GINT_TO_POINTER (ws_cancel_requested () || ws_cancel_current () != NULL);
}

static void
test_slot_per_thread (void)
{
  g_autoptr (GCancellable) c = g_cancellable_new ();
  GThread *other;

  g_cancellable_cancel (c);
  ws_cancel_push (c);
  other = g_thread_new ("other", requested_elsewhere, NULL);
  g_assert_false (GPOINTER_TO_INT (g_thread_join (other)));
  ws_cancel_pop ();
}

/* ---- runs ---- */

/* One network sort cancelled delay_us in: it must stop with
 * WS_ERROR_CANCELLED; returns the passes it ran. */
static guint64
sort_cancelled_after (WsNetworkKind  kind,
                      const WsArray *in,
                      WsVariant      variant,
                      gulong         delay_us)
{
  g_autoptr (GCancellable) c = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) work = ws_array_copy (in, &error);
  WsCounters counters = { 0 };
  GThread *canceller;

  g_assert_no_error (error);
  ws_cancel_push (c);
  canceller = ws_test_cancel_after (c, delay_us, NULL);
  g_assert_false (ws_network_sort (kind, work, variant, FALSE, &counters, &error));
  g_thread_join (canceller);
  ws_cancel_pop ();
  g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
  return counters.passes;
}

/* A network sort cancelled mid-way: WS_ERROR_CANCELLED, and the counters
 * show that some passes ran but far fewer than the network has. The cancel
 * comes 50 ms in; on a loaded machine (the sanitizer build in CI) the setup
 * before the first pass — bitonic's padded copy — can take longer than
 * that, so a cancel that lands before any pass is tried again later. */
static void
assert_sort_stops (WsNetworkKind  kind,
                   const WsArray *in,
                   WsVariant      variant)
{
  g_autoptr (WsNetwork) net = ws_test_network_new (kind, in->n);
  gulong delay_us = CANCEL_DELAY_US;
  guint64 passes = 0;

  for (int attempt = 0; attempt < 6 && passes == 0; attempt++, delay_us *= 2)
    {
      passes = sort_cancelled_after (kind, in, variant, delay_us);
      g_test_message ("cancelled %lu ms in: %" G_GUINT64_FORMAT " passes",
                      delay_us / 1000, passes);
    }
  g_assert_cmpuint (passes, >, 0);
  g_assert_cmpuint (passes, <, ws_network_n_passes (net) / 2);
}

/* The same through ws_run: cancelled, the input untouched, no output
 * left; then a run without a cancel sorts the same keys. */
static void
assert_run_stops_then_sorts (const char    *algorithm,
                             const WsArray *in,
                             WsVariant      variant)
{
  const WsAlgorithm *algo = ws_registry_lookup (algorithm, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) before = ws_array_copy (in, &error);
  WsRunInput run = { .algo = algo, .variant = variant, .input = in };
  WsRunOutput out;

  g_assert_no_error (error);
  ws_params_init_defaults (algo, &run.params);
  g_assert_false (ws_test_run_cancelled (&run, &out, CANCEL_DELAY_US, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
  g_assert_null (out.array);
  g_assert_true (ws_array_equal (in, before));
  g_clear_error (&error);

  g_assert_true (ws_run (&run, &out, &error));
  g_assert_no_error (error);
  g_assert_true (ws_test_is_sorted_permutation (in, out.array));
  ws_run_output_clear (&out);
}

static void
set_threads (int threads)
{
#ifdef _OPENMP
  omp_set_num_threads (threads);
#else
  (void) threads;
#endif
}

/* O(n^2): 2^16 keys need 2^16 passes of 2^15 comparators each. */
static void
test_odd_even (gconstpointer data)
{
  WsVariant variant = GPOINTER_TO_INT (data) == 0 ? WS_VARIANT_CPU_SEQ : WS_VARIANT_CPU_PAR;
  int threads = MAX (GPOINTER_TO_INT (data), 1);
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 1u << 16, 7);

  set_threads (threads);
  assert_sort_stops (WS_NETWORK_ODD_EVEN, in, variant);
  assert_run_stops_then_sorts ("odd-even", in, variant);
}

/* Bitonic at 2^22 + 1 keys works on a padded copy of 2^23: cancelled, the
 * copy is freed (the sanitizer build checks) and the caller's keys stay. */
static void
test_bitonic_padded (gconstpointer data)
{
  WsVariant variant = GPOINTER_TO_INT (data) == 0 ? WS_VARIANT_CPU_SEQ : WS_VARIANT_CPU_PAR;
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, (1u << 22) + 1, 9);

  set_threads (2);
  assert_sort_stops (WS_NETWORK_BITONIC, in, variant);
}

/* N = 3000, R = 16: 2968^2 outputs of 33^2 values, seconds of loops. */
static void
test_stencil (gconstpointer data)
{
  WsKeyType type = GPOINTER_TO_INT (data) == 0 ? WS_KEY_INT32 : WS_KEY_FLOAT32;
  const WsAlgorithm *algo = ws_registry_lookup ("stencil", NULL);
  g_autoptr (WsArray) grid = ws_test_generate (type, WS_DIST_UNIFORM16, 3000 * 3000, 5);
  g_autoptr (WsArray) small = ws_test_generate (type, WS_DIST_UNIFORM16, 200 * 200, 6);
  g_autoptr (GError) error = NULL;
  g_autofree char *verdict = NULL;
  WsRunInput run = { .algo = algo, .variant = WS_VARIANT_CPU_SEQ, .input = grid, .side = 3000 };
  WsRunOutput out;

  ws_params_init_defaults (algo, &run.params);
  g_assert_true (ws_params_set (algo, &run.params, "radius", 16, &error));
  g_assert_false (ws_test_run_cancelled (&run, &out, CANCEL_DELAY_US, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
  g_assert_null (out.array);
  g_clear_error (&error);

  /* Nothing is left behind: the next run is whole and right. */
  run.input = small;
  run.side = 200;
  g_assert_true (ws_run (&run, &out, &error));
  g_assert_no_error (error);
  g_assert_true (ws_run_verify (&run, &out, &verdict, &error));
  g_assert_no_error (error);
  ws_run_output_clear (&out);
}

/* Runs that start already cancelled stop at their first look, in every
 * variant that looks: cpu-par's too (its threads ask together every few
 * passes, its window sums every row), and the sorts inside dot. */
static void
test_pre_cancelled (void)
{
  g_autoptr (GCancellable) c = g_cancellable_new ();
  g_autoptr (WsArray) keys = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 4096, 3);
  g_autoptr (WsArray) grid = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM16, 300 * 300, 4);
  const WsAlgorithm *stencil = ws_registry_lookup ("stencil", NULL);
  const WsAlgorithm *dot = ws_registry_lookup ("dot", NULL);

  g_cancellable_cancel (c);
  ws_cancel_push (c);
  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      WsVariant variant = ws_test_cpu_variants[v];
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) work = ws_array_copy (keys, &error);
      WsCounters counters = { 0 };
      WsRunInput run = { .algo = stencil, .variant = variant, .input = grid, .side = 300 };
      WsRunOutput out;

      g_assert_false (ws_network_sort (WS_NETWORK_ODD_EVEN, work, variant, FALSE, &counters,
                                       &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
      g_assert_cmpuint (counters.passes, <, 4096);
      g_clear_error (&error);

      ws_params_init_defaults (stencil, &run.params);
      g_assert_false (ws_run (&run, &out, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
      g_clear_error (&error);

      run = (WsRunInput) { .algo = dot, .variant = variant, .input = keys, .input2 = keys };
      g_assert_false (ws_run (&run, &out, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
    }
  ws_cancel_pop ();
}

/* ---- a benchmark ---- */

typedef struct
{
  GCancellable *cancellable;
  GThread      *canceller;
  GArray       *sizes;    /* gsize n of each finished row */
  guint         started;
} Bench;

static void
on_started (const WsBenchConfig *c, guint index, guint total, double eta, gpointer data)
{
  Bench *b = data;

  b->started++;
}

/* The first row is in: cancel 50 ms into the next configuration. */
static gboolean
on_finished (const WsBenchRow *row, gpointer data, GError **error)
{
  Bench *b = data;

  g_assert_cmpint (row->status, ==, WS_BENCH_OK);
  g_array_append_val (b->sizes, row->config->n);
  if (b->canceller == NULL)
    b->canceller = ws_test_cancel_after (b->cancellable, CANCEL_DELAY_US, NULL);
  return TRUE;
}

static void
test_bench (void)
{
  static const char text[] = "[preset]\nname = cancel\nalgorithms = odd-even\nvariants = cpu-seq\n"
                             "sizes = 1024, 65536\nrepetitions = 1\nverify = false\n";
  const WsBenchCallbacks cb = { on_started, on_finished, NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (text);
  Bench b = { g_cancellable_new (), NULL, g_array_new (FALSE, FALSE, sizeof (gsize)), 0 };

  g_assert_cmpuint (plan->configs->len, ==, 2);

  g_assert_false (ws_bench_run (plan, &cb, &b, b.cancellable, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
  g_assert_nonnull (strstr (error->message, "n=65536"));
  g_assert_cmpuint (b.started, ==, 2);
  g_assert_cmpuint (b.sizes->len, ==, 1); /* not the interrupted one */
  g_assert_cmpuint (g_array_index (b.sizes, gsize, 0), ==, 1024);
  /* The run popped its cancellable. */
  g_assert_null (ws_cancel_current ());

  g_assert_nonnull (b.canceller);
  g_thread_join (b.canceller);
  g_object_unref (b.cancellable);
  g_array_unref (b.sizes);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cancel/slot", test_slot);
  g_test_add_func ("/cancel/slot-nesting", test_slot_nesting);
  g_test_add_func ("/cancel/slot-per-thread", test_slot_per_thread);
  g_test_add_data_func ("/cancel/odd-even/cpu-seq", GINT_TO_POINTER (0), test_odd_even);
  g_test_add_data_func ("/cancel/odd-even/cpu-par-1", GINT_TO_POINTER (1), test_odd_even);
  g_test_add_data_func ("/cancel/odd-even/cpu-par-2", GINT_TO_POINTER (2), test_odd_even);
  g_test_add_data_func ("/cancel/bitonic-padded/cpu-seq", GINT_TO_POINTER (0), test_bitonic_padded);
  g_test_add_data_func ("/cancel/bitonic-padded/cpu-par", GINT_TO_POINTER (1), test_bitonic_padded);
  g_test_add_data_func ("/cancel/stencil/int32", GINT_TO_POINTER (0), test_stencil);
  g_test_add_data_func ("/cancel/stencil/float32", GINT_TO_POINTER (1), test_stencil);
  g_test_add_func ("/cancel/pre-cancelled", test_pre_cancelled);
  g_test_add_func ("/cancel/bench", test_bench);
  return g_test_run ();
}
