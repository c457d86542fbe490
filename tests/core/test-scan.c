/* test-scan.c: exclusive scan and its Blelloch schedule against plain
 * guint32 and double prefix sums. */
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-scan.h"
#include "ws-test-util.h"

static WsArray *
scan_copy (const WsArray *in,
           WsVariant      variant,
           WsCounters    *counters)
{
  g_autoptr (GError) error = NULL;
  WsArray *out = ws_array_new (in->type, in->n, &error);

  g_assert_no_error (error);
  g_assert_true (ws_scan_exclusive (in, out, variant, counters, &error));
  g_assert_no_error (error);
  return out;
}

/* int32: exact modulo 2^32, from a plain guint32 loop. */
static void
check_int32 (const WsArray *in,
             const WsArray *out)
{
  guint32 sum = 0;

  for (gsize i = 0; i < in->n; i++)
    {
      g_assert_cmpuint ((guint32) out->i32[i], ==, sum);
      sum += (guint32) in->i32[i];
    }
}

static double
float_depth (WsVariant variant,
             gsize     n)
{
  /* Blelloch: a tree sum and at most log2 (w) carries per output. cpu-par:
   * a chunk sum, the carries of the chunks before it, its own prefix. */
  if (variant == WS_VARIANT_CPU_SEQ)
    return 2.0 * ws_test_log2_width (n) + 2.0;
  return (double) n + 2.0;
}

static void
check_scan (const WsArray *in)
{
  g_autoptr (WsArray) seq = NULL;

  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      g_autoptr (WsArray) out = scan_copy (in, ws_test_cpu_variants[v], NULL);
      if (in->type == WS_KEY_INT32)
        check_int32 (in, out);
      else
        ws_test_check_scan_float32 (in, out, float_depth (ws_test_cpu_variants[v], in->n));
      if (v == 0)
        seq = g_steal_pointer (&out);
      else if (in->type == WS_KEY_INT32)
        g_assert_true (ws_array_equal (seq, out)); /* integers: the variants agree exactly */
    }
}

static void
test_distribution (gconstpointer data)
{
  const WsTestCase *c = data;

  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) in = ws_test_generate (c->type, c->dist, ws_test_sizes[s], 11 + s);
      check_scan (in);
    }
}

/* INT32_MAX and INT32_MIN wrap modulo 2^32 exactly as the reference does. */
static void
test_int32_special (void)
{
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) in = ws_test_special_array (WS_KEY_INT32, ws_test_sizes[s], 5 + s);
      check_scan (in);
    }
}

static void
test_int32_wraps (void)
{
  const gint32 values[] = { G_MAXINT32, 1, G_MININT32, -1, G_MININT32 };
  const gint32 want[] = { 0, G_MAXINT32, G_MININT32, 0, -1 };
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) in = ws_array_new (WS_KEY_INT32, G_N_ELEMENTS (values), &error);

  g_assert_no_error (error);
  memcpy (in->i32, values, sizeof values);
  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      g_autoptr (WsArray) out = scan_copy (in, ws_test_cpu_variants[v], NULL);
      g_assert_cmpmem (out->i32, sizeof want, want, sizeof want);
    }
}

static void
check_float32_special (const WsArray *in)
{
  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      g_autoptr (WsArray) out = scan_copy (in, ws_test_cpu_variants[v], NULL);
      ws_test_check_scan_float32_special (in, out, float_depth (ws_test_cpu_variants[v], in->n));
    }
}

/* ±inf, ±0.0, denormals and ±FLT_MAX; then the same with FLT_MAX tamed to
 * 1e30, so that the tolerance checks reach every position. */
static void
test_float32_special (void)
{
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      g_autoptr (WsArray) in = ws_test_special_array (WS_KEY_FLOAT32, ws_test_sizes[s], 8 + s);
      check_float32_special (in);
      ws_test_tame_flt_max (in, 1e30f);
      check_float32_special (in);
    }
}

static void
test_schedule_levels (void)
{
  for (guint s = 0; s < ws_test_n_sizes; s++)
    {
      gsize n = ws_test_sizes[s];
      g_autoptr (GError) error = NULL;
      g_autoptr (WsScanSchedule) sched = ws_scan_schedule_new (n, &error);
      guint depth = ws_test_log2_width (n);
      gsize w = n == 0 ? 0 : (gsize) 1 << depth;

      g_assert_no_error (error);
      g_assert_cmpuint (ws_scan_schedule_width (sched), ==, w);
      g_assert_cmpuint (ws_scan_schedule_n_levels (sched), ==, n == 0 ? 0 : 2 * depth + 1);
      for (guint level = 0; level < ws_scan_schedule_n_levels (sched); level++)
        {
          WsScanLevelInfo info;
          guint d = level < depth ? level : 2 * depth - level;
          ws_scan_schedule_level_info (sched, level, &info);
          g_assert_cmpint (info.phase, ==, level < depth    ? WS_SCAN_UP_SWEEP
                                           : level == depth ? WS_SCAN_CLEAR_ROOT
                                                            : WS_SCAN_DOWN_SWEEP);
          g_assert_cmpuint (info.stride, ==, level == depth ? w : (guint64) 2 << d);
          g_assert_cmpuint (info.active * info.stride, ==, w);
        }
    }
}

static void
test_schedule_labels (void)
{
  g_autoptr (WsScanSchedule) s = ws_scan_schedule_new (1000, NULL);
  g_autofree char *first = ws_scan_schedule_level_label (s, 0);
  g_autofree char *third = ws_scan_schedule_level_label (s, 2);
  g_autofree char *clear = ws_scan_schedule_level_label (s, 10);
  g_autofree char *last = ws_scan_schedule_level_label (s, 20);

  g_assert_cmpuint (ws_scan_schedule_width (s), ==, 1024);
  g_assert_cmpuint (ws_scan_schedule_n_levels (s), ==, 21);
  g_assert_cmpstr (first, ==, "up-sweep d=0 (stride 2)");
  g_assert_cmpstr (third, ==, "up-sweep d=2 (stride 8)");
  g_assert_cmpstr (clear, ==, "clear root");
  g_assert_cmpstr (last, ==, "down-sweep d=0 (stride 2)");
}

/* Stepping the levels one by one, as the animator will, gives bitwise the
 * cpu-seq result; after the up-sweep the root holds the total. */
static void
check_stepwise (const WsArray *in)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsScanSchedule) s = ws_scan_schedule_new (in->n, &error);
  g_autoptr (WsArray) work = ws_scan_schedule_pad (s, in, &error);
  g_autoptr (WsArray) whole = NULL;
  WsCounters counters = { 0 }, whole_counters = { 0 };
  guint depth = ws_test_log2_width (in->n);
  guint32 total = 0;

  g_assert_no_error (error);
  for (gsize i = 0; i < in->n; i++)
    total += (guint32) (in->type == WS_KEY_INT32 ? in->i32[i] : 0);
  for (guint level = 0; level < ws_scan_schedule_n_levels (s); level++)
    {
      ws_scan_schedule_apply_level (s, work, level, &counters);
      if (level + 1 == depth && in->type == WS_KEY_INT32)
        g_assert_cmpuint ((guint32) work->i32[work->n - 1], ==, total);
    }
  whole = scan_copy (in, WS_VARIANT_CPU_SEQ, &whole_counters);
  g_assert_cmpmem (work->data, ws_array_bytes (in), whole->data, ws_array_bytes (whole));
  g_assert_cmpuint (counters.passes, ==, ws_scan_schedule_n_levels (s));
  g_assert_cmpuint (whole_counters.passes, ==, counters.passes);
}

static void
test_schedule_stepwise (void)
{
  for (guint t = 0; t < 2; t++)
    for (guint s = 0; s < ws_test_n_sizes; s++)
      {
        g_autoptr (WsArray) in = ws_test_generate ((WsKeyType) t, WS_DIST_UNIFORM,
                                                   ws_test_sizes[s], 21 + s);
        check_stepwise (in);
      }
}

static void
test_schedule_pad (void)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 5, 2);
  g_autoptr (WsScanSchedule) s = ws_scan_schedule_new (5, NULL);
  g_autoptr (WsArray) work = ws_scan_schedule_pad (s, in, NULL);

  g_assert_cmpuint (work->n, ==, 8);
  g_assert_cmpmem (work->f32, 5 * sizeof (float), in->f32, 5 * sizeof (float));
  for (gsize i = 5; i < 8; i++)
    g_assert_true (work->f32[i] == 0.0f && !signbit (work->f32[i]));
}

static void
test_in_place (void)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 1025, 4);

  for (guint v = 0; v < G_N_ELEMENTS (ws_test_cpu_variants); v++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) a = ws_array_copy (in, &error);
      g_assert_true (ws_scan_exclusive (a, a, ws_test_cpu_variants[v], NULL, &error));
      g_assert_no_error (error);
      check_int32 (in, a);
    }
}

static void
test_counters (void)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 1025, 4);
  g_autoptr (WsArray) empty = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 0, 4);
  WsCounters seq = { 0 }, par = { 0 }, none = { 0 };
  g_autoptr (WsArray) a = scan_copy (in, WS_VARIANT_CPU_SEQ, &seq);
  g_autoptr (WsArray) b = scan_copy (in, WS_VARIANT_CPU_PAR, &par);
  g_autoptr (WsArray) c = scan_copy (empty, WS_VARIANT_CPU_PAR, &none);
  g_autoptr (WsArray) d = scan_copy (empty, WS_VARIANT_CPU_SEQ, &none);

  g_assert_cmpuint (seq.passes, ==, 2 * 11 + 1);
  g_assert_cmpuint (par.passes, ==, 3);
  g_assert_cmpuint (none.passes, ==, 0);
}

static void
test_mismatch (void)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 100, 1);
  g_autoptr (WsArray) shorter = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 99, 1);
  g_autoptr (WsArray) floats = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 100, 1);
  g_autoptr (GError) error = NULL;

  g_assert_false (ws_scan_exclusive (in, shorter, WS_VARIANT_CPU_SEQ, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "99"));
  g_assert_nonnull (strstr (error->message, "100"));
  g_clear_error (&error);
  g_assert_false (ws_scan_exclusive (in, floats, WS_VARIANT_CPU_PAR, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "float32"));
}

static void
test_unsupported_variant (void)
{
  g_autoptr (WsArray) in = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 10, 1);
  g_autoptr (WsArray) out = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 10, 1);

  for (WsVariant v = WS_VARIANT_GPU_SEED; v < WS_N_VARIANTS; v++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_false (ws_scan_exclusive (in, out, v, NULL, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED);
      g_assert_nonnull (strstr (error->message, "scan"));
      g_assert_nonnull (strstr (error->message, ws_variant_name (v)));
    }
}

/* Sizes past the address space are errors that name the problem, not aborts. */
static void
test_no_memory (void)
{
  g_autoptr (GError) error = NULL;
  gint32 keys[2] = { 1, 2 };
  WsArray huge = { .type = WS_KEY_INT32, .n = G_MAXSIZE / 4 + 1, .i32 = keys };

  g_assert_null (ws_scan_schedule_new (G_MAXSIZE, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_NO_MEMORY);
  g_assert_nonnull (strstr (error->message, "power of two"));
  g_clear_error (&error);
  g_assert_false (ws_scan_exclusive (&huge, &huge, WS_VARIANT_CPU_SEQ, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_NO_MEMORY);
  g_assert_cmpint (keys[0], ==, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ws_test_add_cases ("/scan", WS_TEST_PER_DIST, 0, test_distribution);
  g_test_add_func ("/scan/int32/special", test_int32_special);
  g_test_add_func ("/scan/int32/wraps", test_int32_wraps);
  g_test_add_func ("/scan/float32/special", test_float32_special);
  g_test_add_func ("/scan/schedule/levels", test_schedule_levels);
  g_test_add_func ("/scan/schedule/labels", test_schedule_labels);
  g_test_add_func ("/scan/schedule/stepwise", test_schedule_stepwise);
  g_test_add_func ("/scan/schedule/pad", test_schedule_pad);
  g_test_add_func ("/scan/in-place", test_in_place);
  g_test_add_func ("/scan/counters", test_counters);
  g_test_add_func ("/scan/mismatch", test_mismatch);
  g_test_add_func ("/scan/unsupported-variant", test_unsupported_variant);
  g_test_add_func ("/scan/no-memory", test_no_memory);

  return g_test_run ();
}
