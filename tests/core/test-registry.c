/* test-registry.c: the algorithm table, parameters, backends and the run
 * dispatcher with its verifier. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "ws-backend.h"
#include "ws-cancel.h"
#include "ws-error.h"
#include "ws-registry.h"
#include "ws-run.h"
#include "ws-test-util.h"

static void
test_every_algorithm_has_cpu_variants (void)
{
  guint n;
  const WsAlgorithm *const *algos = ws_registry_list (&n);

  g_assert_cmpuint (n, ==, 12);
  for (guint i = 0; i < n; i++)
    {
      g_assert_true (ws_algorithm_defines (algos[i], WS_VARIANT_CPU_SEQ));
      g_assert_true (ws_algorithm_defines (algos[i], WS_VARIANT_CPU_PAR));
      g_assert_true (ws_registry_lookup (algos[i]->name, NULL) == algos[i]);
      g_assert_cmpuint (algos[i]->n_params, <=, WS_MAX_PARAMS);
      g_assert_nonnull (algos[i]->description);
    }
}

static void
test_unknown_algorithm (void)
{
  g_autoptr (GError) error = NULL;

  g_assert_null (ws_registry_lookup ("bogosort", &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "bogosort"));
  g_assert_nonnull (strstr (error->message, "interpolation-search"));
}

static void
test_params (void)
{
  const WsAlgorithm *stencil = ws_registry_lookup ("stencil", NULL);
  WsParams params;
  g_autoptr (GError) e1 = NULL;
  g_autoptr (GError) e2 = NULL;

  ws_params_init_defaults (stencil, &params);
  g_assert_cmpint (ws_params_get (stencil, &params, "radius"), ==, 2);
  g_assert_true (ws_params_set (stencil, &params, "radius", 0, NULL));
  g_assert_cmpint (ws_params_get (stencil, &params, "radius"), ==, 0);
  g_assert_false (ws_params_set (stencil, &params, "radius", -1, &e1));
  g_assert_error (e1, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (e1->message, "0 to"));
  g_assert_false (ws_params_set (stencil, &params, "bins", 4, &e2));
  g_assert_error (e2, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
}

static void
test_check_run (void)
{
  const WsAlgorithm *counting = ws_registry_lookup ("counting-sort", NULL);
  const WsAlgorithm *odd_even = ws_registry_lookup ("odd-even", NULL);
  g_autoptr (GError) e1 = NULL;
  g_autoptr (GError) e2 = NULL;
  g_autoptr (GError) e3 = NULL;

  g_assert_true (ws_algorithm_check_run (counting, WS_VARIANT_CPU_PAR, WS_KEY_INT32, 10, NULL));
  g_assert_false (ws_algorithm_check_run (counting, WS_VARIANT_CPU_SEQ, WS_KEY_FLOAT32, 10, &e1));
  g_assert_error (e1, WS_ERROR, WS_ERROR_UNSUPPORTED);
  g_assert_false (ws_algorithm_check_run (odd_even, WS_VARIANT_CPU_SEQ, WS_KEY_INT32,
                                          odd_even->max_n + 1, &e2));
  g_assert_error (e2, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  /* odd-even has no library version at all: unsupported, whatever the machine. */
  g_assert_false (ws_algorithm_check_run (odd_even, WS_VARIANT_GPU_LIB, WS_KEY_INT32, 10, &e3));
  g_assert_error (e3, WS_ERROR, WS_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (e3->message, "gpu-seed-v1"));
}

static void
test_backends (void)
{
  const WsBackend *cpu = ws_backend_cpu ();
  const WsBackend *cuda = ws_backend_gpu ();
  g_autoptr (GArray) devices = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *about = cuda->describe (cuda);

  g_assert_true (ws_backend_for (WS_VARIANT_CPU_SEQ) == cpu);
  g_assert_true (ws_backend_for (WS_VARIANT_GPU_SEED) == cuda);
  g_assert_true (cpu->has_variant (cpu, "bitonic", WS_VARIANT_CPU_PAR));
  g_assert_false (cpu->has_variant (cpu, "bitonic", WS_VARIANT_GPU));
  /* A defined GPU variant that cannot run says why: no device, or not built. */
  if (!cuda->query_devices (cuda, NULL, NULL))
    {
      const WsAlgorithm *bitonic = ws_registry_lookup ("bitonic", NULL);
      g_autoptr (WsArray) a = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 10, 1);
      WsRunInput in = { .algo = bitonic, .variant = WS_VARIANT_GPU, .input = a };
      WsRunOutput out;
      g_autoptr (GError) e = NULL;
      g_assert_false (ws_run (&in, &out, &e));
      g_assert_error (e, WS_ERROR, WS_ERROR_UNAVAILABLE);
    }
  g_assert_false (cpu->has_variant (cpu, "no-such", WS_VARIANT_CPU_SEQ));
  g_assert_nonnull (about);
  /* With or without a GPU, the query answers: devices, or an error saying why not. */
  if (cuda->query_devices (cuda, &devices, &error))
    g_assert_cmpuint (devices->len, >, 0);
  else
    {
      g_assert_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE);
      g_assert_cmpuint (strlen (error->message), >, 10);
    }
}

/* ws_run + ws_run_verify on every algorithm and CPU variant. */
static void
test_run_and_verify_all (void)
{
  guint n;
  const WsAlgorithm *const *algos = ws_registry_list (&n);

  for (guint i = 0; i < n; i++)
    for (WsVariant v = WS_VARIANT_CPU_SEQ; v <= WS_VARIANT_CPU_PAR; v++)
      {
        WsKeyType t = ws_algorithm_supports_type (algos[i], WS_KEY_FLOAT32) ? WS_KEY_FLOAT32 : WS_KEY_INT32;
        gsize size = algos[i]->shape == WS_SHAPE_STENCIL ? 30 : 777;
        g_autoptr (WsArray) a = ws_test_generate (t, WS_DIST_UNIFORM16, algos[i]->shape == WS_SHAPE_STENCIL ? 900 : size, 3);
        g_autoptr (WsArray) b = ws_test_generate (t, WS_DIST_UNIFORM16, size, 4);
        g_autoptr (WsArray) sorted = ws_test_qsort_copy (a);
        g_autoptr (WsArray) keys = ws_test_generate (t, WS_DIST_UNIFORM16, 100, 5);
        WsRunInput in = { .algo = algos[i], .variant = v, .input = a, .side = 30, .input2 = b, .keys = keys };
        WsRunOutput out;
        g_autoptr (GError) error = NULL;
        g_autofree char *verdict = NULL;

        if (algos[i]->shape == WS_SHAPE_SEARCH)
          in.input = sorted;
        ws_params_init_defaults (algos[i], &in.params);
        g_assert_true (ws_run (&in, &out, &error));
        g_assert_no_error (error);
        g_assert_true (ws_run_verify (&in, &out, &verdict, &error));
        g_assert_no_error (error);
        g_assert_nonnull (verdict);
        ws_run_output_clear (&out);
      }
}

/* The verifier must catch a wrong answer, not just bless every one. */
static void
test_verify_catches_errors (void)
{
  const WsAlgorithm *radix = ws_registry_lookup ("radix-sort", NULL);
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 1000, 9);
  WsRunInput in = { .algo = radix, .variant = WS_VARIANT_CPU_SEQ, .input = a };
  WsRunOutput out;
  g_autoptr (GError) e1 = NULL;
  g_autoptr (GError) e2 = NULL;

  g_assert_true (ws_run (&in, &out, NULL));
  out.array->i32[500] = out.array->i32[501]; /* still sorted, no longer a permutation */
  g_assert_false (ws_run_verify (&in, &out, NULL, &e1));
  g_assert_error (e1, WS_ERROR, WS_ERROR_VERIFY);
  out.array->i32[0] = G_MAXINT32; /* not sorted */
  g_assert_false (ws_run_verify (&in, &out, NULL, &e2));
  g_assert_error (e2, WS_ERROR, WS_ERROR_VERIFY);
  g_assert_nonnull (strstr (e2->message, "element 0"));
  ws_run_output_clear (&out);
}

/* Floats across the whole range — negatives, ±0, subnormals, infinities,
 * repeats — sorted by a network: verified; the same result with one -0
 * made +0 (still ascending by value) or one key's last bit changed: not
 * a permutation of the input. And int32 at both ends of its range. */
static void
test_verify_floats_bitwise (void)
{
  static const float keys[] = { 3.5f, -0.0f, -INFINITY, 1e-40f, 0.0f, -2.25f, INFINITY, -0.0f,
                                1e30f, -1e-40f, 3.5f, -1e30f, 0.0f, 7.0f, -7.0f, FLT_MAX, -FLT_MAX };
  const WsAlgorithm *bitonic = ws_registry_lookup ("bitonic", NULL);
  g_autoptr (WsArray) a = ws_array_new (WS_KEY_FLOAT32, G_N_ELEMENTS (keys), NULL);
  WsRunInput in = { .algo = bitonic, .variant = WS_VARIANT_CPU_SEQ };
  WsRunOutput out;
  g_autoptr (GError) e1 = NULL;
  g_autoptr (GError) e2 = NULL;
  gsize zero = G_MAXSIZE;

  memcpy (a->f32, keys, sizeof keys);
  in.input = a;
  ws_params_init_defaults (bitonic, &in.params);
  g_assert_true (ws_run (&in, &out, NULL));
  g_assert_true (ws_run_verify (&in, &out, NULL, NULL));
  for (gsize i = 0; i < out.array->n && zero == G_MAXSIZE; i++)
    if (out.array->f32[i] == 0.0f && signbit (out.array->f32[i]))
      zero = i;
  g_assert_cmpuint (zero, <, out.array->n);
  out.array->f32[zero] = 0.0f;
  g_assert_false (ws_run_verify (&in, &out, NULL, &e1));
  g_assert_error (e1, WS_ERROR, WS_ERROR_VERIFY);
  out.array->f32[zero] = -0.0f;
  g_assert_cmpfloat (out.array->f32[out.array->n - 2], ==, FLT_MAX);
  out.array->i32[out.array->n - 2] ^= 1; /* FLT_MAX one ulp less: still in order */
  g_assert_false (ws_run_verify (&in, &out, NULL, &e2));
  g_assert_error (e2, WS_ERROR, WS_ERROR_VERIFY);
  ws_run_output_clear (&out);

  {
    static const gint32 ints[] = { 5, G_MININT32, -1, G_MAXINT32, 0, G_MININT32, -5, 1 };
    g_autoptr (WsArray) b = ws_array_new (WS_KEY_INT32, G_N_ELEMENTS (ints), NULL);
    memcpy (b->i32, ints, sizeof ints);
    in.input = b;
    g_assert_true (ws_run (&in, &out, NULL));
    g_assert_true (ws_run_verify (&in, &out, NULL, NULL));
    out.array->i32[1] = out.array->i32[2]; /* one G_MININT32 lost, still in order */
    g_assert_false (ws_run_verify (&in, &out, NULL, NULL));
    ws_run_output_clear (&out);
  }
}

/* A sort's check is heard by a Cancel: the benchmark's run stops in it. */
static void
test_verify_cancelled (void)
{
  const WsAlgorithm *radix = ws_registry_lookup ("radix-sort", NULL);
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 100000, 9);
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  WsRunInput in = { .algo = radix, .variant = WS_VARIANT_CPU_SEQ, .input = a };
  WsRunOutput out;
  g_autoptr (GError) error = NULL;

  g_assert_true (ws_run (&in, &out, NULL));
  ws_cancel_push (cancel);
  g_assert_true (ws_run_verify (&in, &out, NULL, NULL));
  g_cancellable_cancel (cancel);
  g_assert_false (ws_run_verify (&in, &out, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
  ws_cancel_pop ();
  g_assert_true (ws_run_verify (&in, &out, NULL, NULL));
  ws_run_output_clear (&out);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/registry/cpu-variants", test_every_algorithm_has_cpu_variants);
  g_test_add_func ("/registry/unknown-algorithm", test_unknown_algorithm);
  g_test_add_func ("/registry/params", test_params);
  g_test_add_func ("/registry/check-run", test_check_run);
  g_test_add_func ("/registry/backends", test_backends);
  g_test_add_func ("/registry/run-and-verify-all", test_run_and_verify_all);
  g_test_add_func ("/registry/verify-catches-errors", test_verify_catches_errors);
  g_test_add_func ("/registry/verify-floats-bitwise", test_verify_floats_bitwise);
  g_test_add_func ("/registry/verify-cancelled", test_verify_cancelled);
  return g_test_run ();
}
