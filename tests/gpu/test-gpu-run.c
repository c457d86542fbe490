/* test-gpu-run.c: every GPU variant of every algorithm through the engine's
 * ws_run and its independent verifier — the path the CLI and the
 * application take — at small and awkward sizes. */
#include "gpu-test-util.h"
#include "ws-backend.h"
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
  const WsBackend *cuda = ws_backend_cuda ();
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
  const WsBackend *cuda = ws_backend_cuda ();

  for (guint i = 0; i < n; i++)
    for (WsVariant v = WS_VARIANT_GPU_SEED; v < WS_N_VARIANTS; v++)
      if (ws_algorithm_defines (algos[i], v) && !cuda->has_variant (cuda, algos[i]->name, v))
        g_error ("%s %s is listed but not built", algos[i]->name, ws_variant_name (v));
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
  return g_test_run ();
}
