/* test-bench-estimate.c: a plan's time from its variants' cost models —
 * the registry's models, the fit on synthetic rows, a quadratic plan
 * estimated far longer than a linear one, repetitions, warm-up and the
 * adaptive budget counted, resumed and unavailable rows taking no time, a
 * real calibration, study 003 past the ten minutes that ask first, the
 * run's ETA, and how durations read. */
#include <math.h>
#include <string.h>

#include "ws-bench-estimate.h"
#include "ws-cancel.h"
#include "ws-config.h"
#include "ws-error.h"
#include "ws-test-util.h"

#define PLAN(algo, variant, sizes, more)                                                         \
  "[preset]\nname = e\nalgorithms = " algo "\nvariants = " variant "\nsizes = " sizes "\n"        \
  "verify = false\n" more

static const WsBenchConfig *
config (const WsBenchPlan *plan, guint i)
{
  return g_ptr_array_index (plan->configs, i);
}

/* A row of `runs` runs of t seconds each, and nothing else. */
static void
observe (WsBenchEstimate *e, guint index, guint runs, double t)
{
  WsBenchTiming timing = { WS_BENCH_OK, runs * t, runs * t, runs, 0 };

  ws_bench_estimate_observe (e, index, &timing);
}

static double
work (const WsBenchPlan *plan, guint i)
{
  const WsBenchConfig *c = config (plan, i);

  return ws_algorithm_work (c->algo, c->variant, c->n, &c->params);
}

static void
test_registry_costs (void)
{
  const WsAlgorithm *odd = ws_registry_lookup ("odd-even", NULL);
  const WsAlgorithm *radix = ws_registry_lookup ("radix-sort", NULL);
  const WsAlgorithm *bitonic = ws_registry_lookup ("bitonic", NULL);
  const WsAlgorithm *stencil = ws_registry_lookup ("stencil", NULL);
  WsParams p;
  guint n;
  const WsAlgorithm *const *all = ws_registry_list (&n);

  g_assert_cmpint (ws_algorithm_cost (odd, WS_VARIANT_GPU_SEED_V2), ==, WS_COST_N2);
  g_assert_cmpint (ws_algorithm_cost (radix, WS_VARIANT_GPU), ==, WS_COST_N);
  g_assert_cmpint (ws_algorithm_cost (bitonic, WS_VARIANT_CPU_PAR), ==, WS_COST_N_LOG2_N);
  g_assert_cmpint (ws_algorithm_cost (stencil, WS_VARIANT_CPU_SEQ), ==, WS_COST_GRID_WINDOW);
  g_assert_cmpint (ws_algorithm_cost (stencil, WS_VARIANT_GPU), ==, WS_COST_GRID);
  /* Every defined variant resolves to a model of its own. */
  for (guint a = 0; a < n; a++)
    for (guint v = 0; v < WS_N_VARIANTS; v++)
      if (ws_algorithm_defines (all[a], v))
        g_assert_cmpint (ws_algorithm_cost (all[a], v), !=, WS_COST_OF_ALGORITHM);

  ws_params_init_defaults (odd, &p);
  g_assert_cmpfloat (ws_algorithm_work (odd, WS_VARIANT_CPU_SEQ, 2048, &p), ==,
                     4 * ws_algorithm_work (odd, WS_VARIANT_CPU_SEQ, 1024, &p));
  ws_params_init_defaults (radix, &p);
  g_assert_cmpfloat (ws_algorithm_work (radix, WS_VARIANT_CPU_SEQ, 2048, &p), ==,
                     2 * ws_algorithm_work (radix, WS_VARIANT_CPU_SEQ, 1024, &p));
  /* The seed sums each window: (N−2R)²·(2R+1)²; running sums N². */
  ws_params_init_defaults (stencil, &p);
  g_assert_true (ws_params_set (stencil, &p, "radius", 8, NULL));
  g_assert_cmpfloat (ws_algorithm_work (stencil, WS_VARIANT_CPU_SEQ, 116, &p), ==, 100.0 * 100 * 17 * 17);
  g_assert_cmpfloat (ws_algorithm_work (stencil, WS_VARIANT_CPU_PAR, 116, &p), ==, 116.0 * 116);
}

/* Rows on t = c + k·W at two sizes: the larger sizes are estimated on the
 * same line. */
static void
test_fit_synthetic (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (PLAN ("bitonic", "cpu-seq", "2^10..2^20 x4",
                                                        "repetitions = 1\nwarmup = 0\n"));
  WsBenchEstimate *e = plan->estimate = ws_bench_estimate_new (plan);
  double k = 2e-9, c = 1e-4, left = 0;

  g_assert_cmpfloat (ws_bench_estimate_left (e, 0), <, 0); /* nothing known yet */
  observe (e, 0, 1, c + k * work (plan, 0));
  observe (e, 1, 1, c + k * work (plan, 1));
  for (guint i = 2; i < plan->configs->len; i++)
    {
      double expect = c + k * work (plan, i);
      g_assert_cmpfloat (fabs (ws_bench_estimate_config (e, i) - expect), <, 1e-9 * expect);
      left += expect;
    }
  g_assert_cmpfloat (fabs (ws_bench_estimate_left (e, 2) - left), <, 1e-9 * left);
}

static double
left_after_two_rows (const char *algo)
{
  g_autofree char *text = g_strdup_printf (PLAN ("%s", "cpu-seq", "2^10..2^20 x4",
                                                 "repetitions = 1\nwarmup = 0\ntype = int32\n"), algo);
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (text);
  WsBenchEstimate *e = plan->estimate = ws_bench_estimate_new (plan);

  /* The same times measured at the small sizes for both algorithms. */
  observe (e, 0, 1, 0.001);
  observe (e, 1, 1, 0.004);
  return ws_bench_estimate_left (e, 2);
}

/* The same first rows, a quadratic and a linear model: the quadratic
 * plan's big sizes are estimated far longer. */
static void
test_quadratic_longer (void)
{
  double quadratic = left_after_two_rows ("odd-even"), linear = left_after_two_rows ("radix-sort");

  g_test_message ("odd-even %.3g s, radix-sort %.3g s", quadratic, linear);
  g_assert_cmpfloat (linear, >, 0);
  g_assert_cmpfloat (quadratic, >, 100 * linear);
}

/* Repetitions and warm-up runs are counted: 2 + 10 runs against 0 + 1. */
static void
test_repetitions_and_warmup (void)
{
  g_autoptr (WsBenchPlan) few = ws_test_plan_of (PLAN ("reduce", "cpu-seq", "1024, 2048, 4096",
                                                       "repetitions = 1\nwarmup = 0\n"));
  g_autoptr (WsBenchPlan) many = ws_test_plan_of (PLAN ("reduce", "cpu-seq", "1024, 2048, 4096",
                                                        "repetitions = 10\nwarmup = 2\n"));
  WsBenchEstimate *a = few->estimate = ws_bench_estimate_new (few);
  WsBenchEstimate *b = many->estimate = ws_bench_estimate_new (many);

  observe (a, 0, 1, 0.01), observe (a, 1, 1, 0.02);
  observe (b, 0, 12, 0.01), observe (b, 1, 12, 0.02);
  g_assert_cmpfloat (fabs (ws_bench_estimate_config (a, 2) - 0.04), <, 1e-12);
  g_assert_cmpfloat (fabs (ws_bench_estimate_config (b, 2) - 12 * 0.04), <, 1e-12);
}

/* Adaptive: bounded by the budget (warm-up included) until rows show the
 * noise target stopping earlier. */
static void
test_adaptive_budget (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (PLAN ("reduce", "cpu-seq", "1000, 2000, 3000, 4000",
      "warmup = 1\nrepetitions = adaptive\n[adaptive]\nmin_samples = 5\nmax_samples = 1000\n"
      "time_budget = 0.5\n"));
  WsBenchEstimate *e = plan->estimate = ws_bench_estimate_new (plan);
  double bounded, early;

  /* 0.01 s a run at n = 1000: 1 warm-up and 49 samples spend the 0.5 s;
   * so at n = 2000, 0.02 s a run, 1 and 24, and at 4000, 1 and 12. */
  observe (e, 0, 50, 0.01);
  g_assert_cmpfloat (fabs (ws_bench_estimate_config (e, 1) - 25 * 0.02), <, 1e-9);
  bounded = ws_bench_estimate_config (e, 3);
  g_assert_cmpfloat (fabs (bounded - 13 * 0.04), <, 1e-9);
  /* A row whose noise target stopped it at 5 samples of the 24 allowed:
   * fewer expected from now on, never below min_samples. */
  observe (e, 1, 6, 0.02);
  early = ws_bench_estimate_config (e, 3);
  g_assert_cmpfloat (early, <, bounded);
  g_assert_cmpfloat (early, >=, 6 * 0.04 - 1e-9);
}

/* Resumed rows take no time; a variant that cannot run here neither; a
 * size above the algorithm's limit neither. */
static void
test_done_and_unavailable (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (PLAN ("odd-even", "cpu-seq, gpu", "1024, 2048, 2^23",
                                                        "repetitions = 1\nwarmup = 0\n"));
  WsBenchEstimate *e = plan->estimate = ws_bench_estimate_new (plan);
  WsBenchTiming unavailable = { WS_BENCH_UNAVAILABLE, 0.001, 0, 0, 0 };
  double all;

  g_assert_cmpuint (plan->configs->len, ==, 6); /* cpu-seq, gpu per size */
  observe (e, 0, 1, 0.001);
  ws_bench_estimate_observe (e, 1, &unavailable);
  g_assert_cmpfloat (ws_bench_estimate_config (e, 3), ==, 0.0); /* gpu */
  g_assert_cmpfloat (ws_bench_estimate_config (e, 4), ==, 0.0); /* 2^23 > 2^22 */
  g_assert_cmpfloat (ws_bench_estimate_config (e, 2), >, 0.0);
  all = ws_bench_estimate_left (e, 2);
  g_assert_cmpfloat (all, ==, ws_bench_estimate_config (e, 2));
  ws_bench_estimate_set_done (e, 2);
  g_assert_cmpfloat (ws_bench_estimate_left (e, 2), ==, 0.0);
}

/* A real calibration: every configuration known before its first row. */
static void
test_calibrate (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (
      "[preset]\nname = c\nalgorithms = bitonic, stencil, binary-search\n"
      "variants = cpu-seq, cpu-par, gpu\nsizes = 256, 4096\nrepetitions = 2\n"
      "[params]\nradius = 2, 8\nqueries = 100\n");
  g_autoptr (GError) error = NULL;
  WsBenchEstimate *e = plan->estimate = ws_bench_estimate_new (plan);

  g_assert_true (ws_bench_estimate_calibrate (e, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < plan->configs->len; i++)
    g_assert_cmpfloat (ws_bench_estimate_config (e, i), >=, 0.0);
  g_assert_cmpfloat (ws_bench_estimate_left (e, 0), >, 0.0);
  g_assert_cmpfloat (ws_bench_estimate_calibration_seconds (e), >, 0.0);
}

/* Calibrating under a cancelled cancellable stops at once. */
static void
test_calibrate_cancelled (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (PLAN ("bitonic", "cpu-seq", "4096", ""));
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  WsBenchEstimate *e = plan->estimate = ws_bench_estimate_new (plan);

  g_cancellable_cancel (cancel);
  ws_cancel_push (cancel);
  g_assert_false (ws_bench_estimate_calibrate (e, &error));
  ws_cancel_pop ();
  g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
}

/* Study 003 (odd-even to 2^22) is estimated past the ten minutes that ask
 * first, on any machine; its quick form far below it. */
static void
test_study_003 (void)
{
  g_autofree char *path = g_build_filename (WS_PRESETS_DIR, "study-003.ini", NULL);
  g_autoptr (GError) error = NULL;
  WsPreset *full = ws_preset_load (path, &error), *quick = ws_preset_load (path, &error);
  g_autoptr (WsBenchPlan) plan = NULL, small = NULL;
  double hours, minutes;

  g_assert_no_error (error);
  ws_preset_make_quick (quick, WS_PRESET_QUICK_MAX_SIZE);
  plan = ws_bench_plan_new (full, &error), small = ws_bench_plan_new (quick, &error);
  plan->estimate = ws_bench_estimate_new (plan);
  small->estimate = ws_bench_estimate_new (small);
  g_assert_true (ws_bench_estimate_calibrate (plan->estimate, &error));
  g_assert_true (ws_bench_estimate_calibrate (small->estimate, &error));
  hours = ws_bench_estimate_left (plan->estimate, 0);
  minutes = ws_bench_estimate_left (small->estimate, 0);
  g_test_message ("study-003: %.0f s; quick: %.1f s", hours, minutes);
  g_assert_cmpfloat (hours, >, WS_BENCH_CONFIRM_SECONDS);
  g_assert_cmpfloat (hours, >, 100 * minutes);
}

typedef struct
{
  GArray *etas;
} Etas;

static void
on_started (const WsBenchConfig *c, guint index, guint total, double eta, gpointer data)
{
  g_array_append_val (((Etas *) data)->etas, eta);
}

static gboolean
on_finished (const WsBenchRow *row, gpointer data, GError **error)
{
  return TRUE;
}

/* The run's ETA: unknown before an uncalibrated plan's first row, then
 * from the rows; with a calibration, known from the start. */
static void
test_run_eta (void)
{
  const char *text = PLAN ("reduce", "cpu-seq", "1024, 2048, 4096", "repetitions = 2\n");
  g_autoptr (WsBenchPlan) bare = ws_test_plan_of (text), calibrated = ws_test_plan_of (text);
  const WsBenchCallbacks cb = { on_started, on_finished, NULL };
  Etas a = { g_array_new (FALSE, FALSE, sizeof (double)) };
  Etas b = { g_array_new (FALSE, FALSE, sizeof (double)) };

  g_assert_true (ws_bench_run (bare, &cb, &a, NULL, NULL));
  g_assert_cmpuint (a.etas->len, ==, 3);
  g_assert_cmpfloat (g_array_index (a.etas, double, 0), <, 0);
  g_assert_cmpfloat (g_array_index (a.etas, double, 2), >=, 0);
  calibrated->estimate = ws_bench_estimate_new (calibrated);
  g_assert_true (ws_bench_estimate_calibrate (calibrated->estimate, NULL));
  g_assert_true (ws_bench_run (calibrated, &cb, &b, NULL, NULL));
  for (guint i = 0; i < b.etas->len; i++)
    g_assert_cmpfloat (g_array_index (b.etas, double, i), >=, 0);
  g_array_unref (a.etas);
  g_array_unref (b.etas);
}

static void
assert_duration (double seconds, const char *expect)
{
  g_autofree char *text = ws_bench_format_duration (seconds);

  g_assert_cmpstr (text, ==, expect);
}

static void
test_format (void)
{
  assert_duration (-1, "unknown");
  assert_duration (0.2, "1 s");
  assert_duration (45, "45 s");
  assert_duration (251, "4 min 11 s");
  assert_duration (5 * 3600 + 12 * 60, "5 h 12 min");
  assert_duration (3 * 86400 + 4 * 3600 + 5, "3 d 4 h");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bench-estimate/registry-costs", test_registry_costs);
  g_test_add_func ("/bench-estimate/fit-synthetic", test_fit_synthetic);
  g_test_add_func ("/bench-estimate/quadratic-longer", test_quadratic_longer);
  g_test_add_func ("/bench-estimate/repetitions-and-warmup", test_repetitions_and_warmup);
  g_test_add_func ("/bench-estimate/adaptive-budget", test_adaptive_budget);
  g_test_add_func ("/bench-estimate/done-and-unavailable", test_done_and_unavailable);
  g_test_add_func ("/bench-estimate/calibrate", test_calibrate);
  g_test_add_func ("/bench-estimate/calibrate-cancelled", test_calibrate_cancelled);
  g_test_add_func ("/bench-estimate/study-003", test_study_003);
  g_test_add_func ("/bench-estimate/run-eta", test_run_eta);
  g_test_add_func ("/bench-estimate/format", test_format);
  return g_test_run ();
}
