/* test-bench.c: the benchmark engine — plans expanded from presets, runs
 * on the CPU (GPU rows are unavailable without a GPU, ok with one), the
 * statistics and speedups of rows, adaptive stopping, cancel and resume,
 * and result.csv rows read back. */
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "ws-bench-csv.h"
#include "ws-bench.h"
#include "ws-error.h"
#include "ws-test-util.h"

static const WsBenchConfig *
config (const WsBenchPlan *plan, guint i)
{
  return g_ptr_array_index (plan->configs, i);
}

/* Per size: radius × block = 4 combinations; cpu-seq and gpu read only the
 * radius (2 configurations each), gpu-seed both (4): 8, times 2 instances,
 * times 2 sizes. */
static void
test_plan (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (
      "[preset]\nname = plan\nalgorithms = stencil\nvariants = gpu-seed, gpu, cpu-seq\n"
      "baseline = cpu-seq\nsizes = 100, 200\ninstances = 2\nrepetitions = 3\n"
      "[params]\nradius = 2, 8\nblock = 8, 16\n");
  GHashTable *keys = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_cmpuint (plan->configs->len, ==, 32);
  /* The first group: size 100, radius 2, block 8, instance 0 — the baseline first. */
  g_assert_cmpint (config (plan, 0)->variant, ==, WS_VARIANT_CPU_SEQ);
  g_assert_cmpstr (config (plan, 0)->params_text, ==, "radius=2");
  g_assert_cmpint (config (plan, 1)->variant, ==, WS_VARIANT_GPU_SEED);
  g_assert_cmpstr (config (plan, 1)->params_text, ==, "radius=2;block=8");
  g_assert_cmpint (config (plan, 2)->variant, ==, WS_VARIANT_GPU);
  g_assert_cmpstr (config (plan, 2)->params_text, ==, "radius=2");
  for (guint i = 0; i < plan->configs->len; i++)
    {
      const WsBenchConfig *c = config (plan, i);
      g_assert_true (g_hash_table_add (keys, c->key)); /* every key once */
      g_assert_cmpuint (c->n, ==, i < 16 ? 100 : 200);
      g_assert_cmpuint (c->seed, ==, 1 + c->instance);
      g_assert_cmpuint (c->repetitions, ==, 3);
    }
  g_hash_table_unref (keys);
}

typedef struct
{
  GPtrArray *rows;      /* WsBenchRow copies: status, time, speedup */
  guint      cancel_at; /* cancel when this configuration starts; 0: never */
  guint      skip;      /* resume: the first `skip` configurations are done */
  GCancellable *cancellable;
  double     eta_seen;
} Collect;

typedef struct
{
  WsBenchStatus status;
  WsStats       time;
  gboolean      has_speedup;
  WsSpeedup     speedup;
  WsVariant     variant;
  const char   *algo;
  double        gflop_per_s, flop_per_byte;
  gsize         n;
  guint         samples;
} Seen;

static void
on_started (const WsBenchConfig *c, guint index, guint total, double eta, gpointer data)
{
  Collect *k = data;

  g_assert_cmpuint (index, <, total);
  if (index > k->skip)
    k->eta_seen = MAX (k->eta_seen, eta);
  if (k->cancel_at != 0 && index == k->cancel_at)
    g_cancellable_cancel (k->cancellable);
}

static gboolean
on_finished (const WsBenchRow *row, gpointer data, GError **error)
{
  Collect *k = data;
  Seen *s = g_new0 (Seen, 1);

  s->status = row->status, s->time = row->time, s->has_speedup = row->has_speedup;
  s->speedup = row->speedup, s->variant = row->config->variant, s->n = row->config->n;
  s->algo = row->config->algo->name;
  s->gflop_per_s = row->gflop_per_s, s->flop_per_byte = row->flop_per_byte;
  s->samples = row->samples ? row->samples->len : 0;
  g_ptr_array_add (k->rows, s);
  return TRUE;
}

/* Resume: bitonic's baseline at 256 keys is done; its row says 2 ms. */
static gboolean
on_done (const WsBenchConfig *c, WsBenchRow *row, gpointer data)
{
  Collect *k = data;
  static const double two_ms[] = { 0.002, 0.002, 0.002 };

  if (k->skip == 0 || !g_str_has_prefix (c->key, "bitonic|cpu-seq|") || strstr (c->key, "|256|") == NULL)
    return FALSE;
  row->status = WS_BENCH_OK;
  ws_stats_compute (two_ms, 3, &row->time);
  return TRUE;
}

static gboolean
run (WsBenchPlan *plan, Collect *k, GError **error)
{
  const WsBenchCallbacks cb = { on_started, on_finished, on_done };

  k->rows = g_ptr_array_new_with_free_func (g_free);
  k->cancellable = g_cancellable_new ();
  return ws_bench_run (plan, &cb, k, k->cancellable, error);
}

static void
collect_clear (Collect *k)
{
  g_clear_pointer (&k->rows, g_ptr_array_unref);
  g_clear_object (&k->cancellable);
}

#define SMALL_PRESET                                                                   \
  "[preset]\nname = small\nalgorithms = bitonic, reduce\nvariants = cpu-seq, cpu-par, gpu\n" \
  "sizes = 256, 1024\nrepetitions = 3, 4\nwarmup = 1\n"

/* Study 001's grid: per N, cpu-seq and gpu read only the radius (3 each),
 * gpu-seed all three parameters (27): 33 configurations, none twice. */
static void
test_plan_study_001 (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (
      "[preset]\nname = s\nalgorithms = stencil\nvariants = cpu-seq, gpu-seed, gpu\n"
      "sizes = 1000, 1500, 2000\n[params]\nradius = 2, 8, 16\nblock = 8, 16, 32\n"
      "per-thread = 1, 4, 16\n");
  g_autoptr (GHashTable) keys = g_hash_table_new (g_str_hash, g_str_equal);
  guint seq = 0;

  g_assert_cmpuint (plan->configs->len, ==, 99);
  for (guint i = 0; i < plan->configs->len; i++)
    {
      g_assert_true (g_hash_table_add (keys, config (plan, i)->key));
      seq += config (plan, i)->variant == WS_VARIANT_CPU_SEQ;
    }
  g_assert_cmpuint (seq, ==, 9);
}

static void
test_run_cpu (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (SMALL_PRESET);
  g_autoptr (GError) error = NULL;
  Collect k = { 0 };

  g_assert_true (run (plan, &k, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (k.rows->len, ==, plan->configs->len);
  g_assert_cmpuint (k.rows->len, ==, 12);
  for (guint i = 0; i < k.rows->len; i++)
    {
      Seen *s = g_ptr_array_index (k.rows, i);
      if (s->variant == WS_VARIANT_GPU && s->status == WS_BENCH_UNAVAILABLE)
        continue; /* no GPU here */
      g_assert_cmpint (s->status, ==, WS_BENCH_OK);
      g_assert_cmpuint (s->samples, ==, s->n == 256 ? 3 : 4);
      g_assert_cmpuint (s->time.n, ==, s->samples);
      g_assert_cmpfloat (s->time.median, >, 0);
      g_assert_cmpfloat (s->time.min, <=, s->time.median);
      g_assert_true (s->has_speedup);
      if (s->variant == WS_VARIANT_CPU_SEQ) /* the baseline against itself */
        g_assert_cmpfloat (s->speedup.value, ==, 1.0);
    }
  collect_clear (&k);
}

static void
test_adaptive (void)
{
  /* A millisecond sort: no two samples agree to the nanosecond, so the
   * interval never shrinks to the 1e-9 target. */
  g_autoptr (WsBenchPlan) many = ws_test_plan_of (
      "[preset]\nname = a\nalgorithms = bitonic\nvariants = cpu-seq\nsizes = 2^14\n"
      "repetitions = adaptive\n[adaptive]\nmin_samples = 5\nmax_samples = 9\ntarget_noise = 1e-9\n"
      "time_budget = 60\n");
  g_autoptr (WsBenchPlan) few = ws_test_plan_of (
      "[preset]\nname = a\nalgorithms = reduce\nvariants = cpu-seq\nsizes = 64\n"
      "repetitions = adaptive\n[adaptive]\nmin_samples = 5\nmax_samples = 900\n"
      "target_noise = 0.5\ntime_budget = 1e-9\n");
  Collect k = { 0 };

  /* Noise never low enough, budget never spent: max_samples. */
  g_assert_true (run (many, &k, NULL));
  g_assert_cmpuint (((Seen *) g_ptr_array_index (k.rows, 0))->samples, ==, 9);
  collect_clear (&k);
  /* Budget spent at once: min_samples. */
  g_assert_true (run (few, &k, NULL));
  g_assert_cmpuint (((Seen *) g_ptr_array_index (k.rows, 0))->samples, ==, 5);
  collect_clear (&k);
}

static void
test_cancel (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (SMALL_PRESET);
  g_autoptr (GError) error = NULL;
  Collect k = { .cancel_at = 4 };

  g_assert_false (run (plan, &k, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
  g_assert_nonnull (strstr (error->message, "Stopped during"));
  g_assert_cmpuint (k.rows->len, ==, 4); /* rows before the cancel were handed over */
  collect_clear (&k);
}

/* A resumed configuration is not run, and its row still serves as the
 * baseline: cpu-par at 256 keys is compared with the resumed 2 ms. */
static void
test_resume (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (SMALL_PRESET);
  Collect k = { .skip = 1 };

  g_assert_true (run (plan, &k, NULL));
  g_assert_cmpuint (k.rows->len, ==, 12 - 1);
  for (guint i = 0; i < k.rows->len; i++)
    {
      Seen *s = g_ptr_array_index (k.rows, i);
      gboolean bitonic_256 = g_str_equal (s->algo, "bitonic") && s->n == 256;
      g_assert_false (bitonic_256 && s->variant == WS_VARIANT_CPU_SEQ);
      if (bitonic_256 && s->variant == WS_VARIANT_CPU_PAR)
        g_assert_cmpfloat_with_epsilon (s->speedup.value, 0.002 / s->time.median, 1e-12);
    }
  collect_clear (&k);
}

static void
test_skipped_and_rates (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (
      "[preset]\nname = s\nalgorithms = odd-even\nvariants = cpu-seq\n"
      "sizes = 2^23\nrepetitions = 1\nwarmup = 0\n");
  g_autoptr (WsBenchPlan) stencil = ws_test_plan_of (
      "[preset]\nname = s\nalgorithms = stencil\nvariants = cpu-par\nsizes = 100\n"
      "repetitions = 2\n[params]\nradius = 3\n");
  Collect k = { 0 };

  /* odd-even stops at 2^22 keys: skipped, saying why, without running. */
  g_assert_true (run (plan, &k, NULL));
  g_assert_cmpint (((Seen *) g_ptr_array_index (k.rows, 0))->status, ==, WS_BENCH_SKIPPED);
  collect_clear (&k);

  g_assert_true (run (stencil, &k, NULL));
  Seen *s = g_ptr_array_index (k.rows, 0);
  g_assert_cmpint (s->status, ==, WS_BENCH_OK);
  /* 94² outputs of 7² inputs each. */
  g_assert_cmpfloat_with_epsilon (s->gflop_per_s, 94.0 * 94 * 49 / s->time.median / 1e9, 1e-6);
  g_assert_cmpfloat_with_epsilon (s->flop_per_byte, 49.0 / (50 * 4), 1e-12);
  collect_clear (&k);
}

/* A row written to result.csv and read back, as --resume reads it. */
static void
test_csv_rows (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (SMALL_PRESET);
  g_autofree char *dir = g_dir_make_tmp ("ws-bench-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "result.csv", NULL);
  const double samples[] = { 0.003, 0.001, 0.002 };
  WsBenchRow row = { .config = config (plan, 0), .status = WS_BENCH_OK };
  WsBenchRow back = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (WsCsvTable) t = NULL;

  ws_stats_compute (samples, 3, &row.time);
  g_strlcpy (row.device, "Test GPU, \"quoted\"", sizeof row.device);
  for (guint pass = 0; pass < 2; pass++) /* the second open appends: resume */
    {
      g_autoptr (WsBenchCsv) csv = ws_bench_csv_open (path, &error);
      g_assert_no_error (error);
      g_auto (GStrv) fields = ws_bench_csv_fields (plan->preset, &row);
      g_assert_true (ws_bench_csv_append_fields (csv, (const char *const *) fields, &error));
    }
  t = ws_csv_table_read (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (t->rows->len, ==, 2);
  g_assert_cmpstr (ws_csv_table_get (t, 1, WS_BENCH_CSV_KEY), ==, config (plan, 0)->key);
  g_assert_cmpstr (ws_csv_table_get (t, 0, "status"), ==, "ok");
  g_assert_cmpstr (ws_csv_table_get (t, 0, "speedup"), ==, ""); /* none given */
  g_assert_true (ws_bench_csv_row (t, 1, &back, &error));
  g_assert_cmpint (back.status, ==, WS_BENCH_OK);
  g_assert_cmpfloat (back.time.median, ==, 0.002);
  g_assert_cmpuint (back.time.n, ==, 3);
  g_assert_cmpstr (back.device, ==, "Test GPU, \"quoted\"");
  /* The fields the application shows of a live row are the file's. */
  {
    g_auto (GStrv) fields = ws_bench_csv_fields (plan->preset, &row);
    const char *const *columns = ws_bench_csv_columns ();

    g_assert_cmpuint (g_strv_length (fields), ==, g_strv_length (t->header));
    for (guint i = 0; columns[i] != NULL; i++)
      {
        g_assert_cmpstr (columns[i], ==, t->header[i]);
        g_assert_cmpstr (fields[i], ==, ws_csv_table_get (t, 0, columns[i]));
      }
  }

  /* Another file under the same name is refused, not appended to. */
  g_assert_true (g_file_set_contents (path, "x,y\n1,2\n", -1, NULL));
  g_assert_null (ws_bench_csv_open (path, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bench/plan", test_plan);
  g_test_add_func ("/bench/plan-study-001", test_plan_study_001);
  g_test_add_func ("/bench/run-cpu", test_run_cpu);
  g_test_add_func ("/bench/adaptive", test_adaptive);
  g_test_add_func ("/bench/cancel", test_cancel);
  g_test_add_func ("/bench/resume", test_resume);
  g_test_add_func ("/bench/skipped-and-rates", test_skipped_and_rates);
  g_test_add_func ("/bench/csv-rows", test_csv_rows);
  return g_test_run ();
}
