/* test-gpu-run.c: every GPU variant of every algorithm through the engine's
 * ws_run and its independent verifier — the path the CLI and the
 * application take — at small and awkward sizes; and a long GPU run
 * cancelled from another thread. */
#include "gpu-test-util.h"
#include "ws-backend.h"
#include "ws-error.h"
#include "ws-registry.h"
#include "ws-run.h"

static const gsize sizes[] = { 0, 1, 2, 3, 5, 1000, 1025, 65537 };

static WsArray *
make_input (const WsAlgorithm *algo, WsKeyType type, gsize n, gsize *side)
{
  *side = 40;
  if (algo->shape == WS_SHAPE_STENCIL)
    return ws_test_generate (type, WS_DIST_UNIFORM16, *side * *side, n + 1);
  return ws_test_generate (type, WS_DIST_UNIFORM16, n, n + 1);
}

static void
run_one (const WsAlgorithm *algo, WsVariant variant, WsKeyType type, gsize n)
{
  gsize side;
  g_autoptr (WsArray) a = make_input (algo, type, n, &side);
  g_autoptr (WsArray) b = ws_test_generate (type, WS_DIST_UNIFORM16, n, n + 2);
  g_autoptr (WsArray) sorted = ws_test_qsort_copy (a);
  g_autoptr (WsArray) keys = ws_test_generate (type, WS_DIST_UNIFORM16, 300, n + 3);
  WsRunInput in = { .algo = algo, .variant = variant, .input = a, .side = side, .input2 = b,
                    .keys = keys };
  WsRunOutput out;
  g_autoptr (GError) error = NULL;
  g_autofree char *verdict = NULL;

  if (algo->shape == WS_SHAPE_SEARCH)
    in.input = sorted;
  ws_params_init_defaults (algo, &in.params);
  if (algo->shape == WS_SHAPE_STENCIL)
    ws_params_set (algo, &in.params, "radius", 3, NULL);
  if (!ws_run (&in, &out, &error))
    g_error ("%s %s %s n=%" G_GSIZE_FORMAT ": %s", algo->name, ws_variant_name (variant),
             ws_key_type_name (type), n, error->message);
  g_assert_cmpstr (out.times.device, !=, "");
  g_assert_cmpfloat (out.times.total, >=, out.times.kernel);
  if (!ws_run_verify (&in, &out, &verdict, &error))
    g_error ("%s %s %s n=%" G_GSIZE_FORMAT ": %s", algo->name, ws_variant_name (variant),
             ws_key_type_name (type), n, error->message);
  ws_run_output_clear (&out);
}

static void
test_algorithm (gconstpointer data)
{
  const WsAlgorithm *algo = data;
  const WsBackend *cuda = ws_backend_gpu ();
  guint ran = 0;

  if (gpu_test_skip_without_device ())
    return;
  for (WsVariant v = WS_VARIANT_GPU_SEED; v < WS_N_VARIANTS; v++)
    {
      if (!ws_algorithm_defines (algo, v) || !cuda->has_variant (cuda, algo->name, v))
        continue;
      for (WsKeyType t = WS_KEY_INT32; t <= WS_KEY_FLOAT32; t++)
        for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
          if (ws_algorithm_supports_type (algo, t) && sizes[s] <= algo->max_n)
            run_one (algo, v, t, sizes[s]);
      ran++;
    }
  if (ran == 0)
    g_test_skip ("no GPU variant of this algorithm is built");
}

/* Every variant the registry promises is built into this binary. */
static void
test_every_defined_variant_built (void)
{
  guint n;
  const WsAlgorithm *const *algos = ws_registry_list (&n);
  const WsBackend *cuda = ws_backend_gpu ();

  for (guint i = 0; i < n; i++)
    for (WsVariant v = WS_VARIANT_GPU_SEED; v < WS_N_VARIANTS; v++)
      if (ws_algorithm_defines (algos[i], v) && !cuda->has_variant (cuda, algos[i]->name, v))
        g_error ("%s %s is listed but not built", algos[i]->name, ws_variant_name (v));
}

/* ---- cancelling inside one run ---- */

/* ws_run cancelled from another thread 50 ms in. */
static gboolean
run_cancelled (const WsRunInput *in, WsRunOutput *out, GError **error)
{
  double lag = 0.0;
  gboolean ok = ws_test_run_cancelled (in, out, 50 * 1000, &lag, error);

  /* stderr, so that TAP readers pass it through: how soon it stopped */
  g_printerr ("odd-even %s n = %" G_GSIZE_FORMAT ": returned %.3f s after the cancel\n",
              ws_variant_name (in->variant), in->input->n, lag);
  return ok;
}

/* Odd-even with a launch per phase: gpu-seed waits for the GPU after every
 * even+odd pair (2^19 waits at 2^20 keys), gpu-seed-v1 queues 2^22
 * launches at 2^22 keys; whole, each takes seconds. Cancelled 50 ms in,
 * the run stops with WS_ERROR_CANCELLED and the keys given are untouched;
 * the next run of the variant then sorts, so the device was left usable. */
static void
test_cancel (gconstpointer data)
{
  WsVariant variant = GPOINTER_TO_INT (data);
  const WsAlgorithm *algo = ws_registry_lookup ("odd-even", NULL);
  gsize n = variant == WS_VARIANT_GPU_SEED ? (gsize) 1 << 20 : (gsize) 1 << 22;
  g_autoptr (WsArray) keys = NULL;
  g_autoptr (WsArray) before = NULL;
  g_autoptr (WsArray) small = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *verdict = NULL;
  WsRunInput in = { .algo = algo, .variant = variant };
  WsRunOutput out;

  if (gpu_test_skip_without_device ())
    return;
  keys = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, n, 5);
  before = ws_array_copy (keys, &error);
  g_assert_no_error (error);
  ws_params_init_defaults (algo, &in.params);
  in.input = keys;
  g_assert_false (run_cancelled (&in, &out, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
  g_assert_null (out.array);
  g_assert_true (ws_array_equal (keys, before));
  g_clear_error (&error);

  small = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, (gsize) 1 << 16, 6);
  in.input = small;
  g_assert_true (ws_run (&in, &out, &error));
  g_assert_no_error (error);
  g_assert_true (ws_run_verify (&in, &out, &verdict, &error));
  g_assert_no_error (error);
  g_assert_true (ws_test_is_sorted_permutation (small, out.array));
  ws_run_output_clear (&out);
}

int
main (int argc, char **argv)
{
  guint n;
  const WsAlgorithm *const *algos = ws_registry_list (&n);

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_strdup_printf ("/gpu/run/%s", algos[i]->name);
      g_test_add_data_func (path, algos[i], test_algorithm);
    }
  g_test_add_func ("/gpu/run/every-defined-variant-built", test_every_defined_variant_built);
  g_test_add_data_func ("/gpu/run/cancel/odd-even/gpu-seed", GINT_TO_POINTER (WS_VARIANT_GPU_SEED),
                        test_cancel);
  g_test_add_data_func ("/gpu/run/cancel/odd-even/gpu-seed-v1",
                        GINT_TO_POINTER (WS_VARIANT_GPU_SEED_V1), test_cancel);
  return g_test_run ();
}
