/* ws-test-variant.c: test tables over an algorithm's variants (see
 * ws-test-variant.h). Apart from ws-test-util.c, like ws-test-run.c, so
 * that only the programs that run variants link the backends. */
#include "ws-test-variant.h"

#include <string.h>

#include "ws-backend.h"
#include "ws-registry.h"

typedef struct
{
  WsTestCase    c;      /* first: func gets &c */
  GTestDataFunc func;
} Row;

typedef struct
{
  GTestFunc   func;
  const char *algorithm;
} GpuCase;

/* Every case ever registered: GLib keeps only the pointers, and this keeps
 * them reachable (so LeakSanitizer is quiet) until the process ends. */
static GPtrArray *cases = NULL;

static gpointer
keep (gpointer data)
{
  if (cases == NULL)
    cases = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (cases, data);
  return data;
}

/* Why the backend cannot run anything now, or NULL when it can. */
static char *
backend_unusable (const WsBackend *backend)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) devices = NULL;

  if (!backend->query_devices (backend, &devices, &error))
    return g_strdup (error->message);
  if (backend != ws_backend_cpu () && devices->len == 0)
    return g_strdup ("no CUDA device found");
  return NULL;
}

gboolean
ws_test_skip_variant (const WsAlgorithm *algo,
                      WsVariant          variant)
{
  const WsBackend *backend = ws_backend_for (variant);
  g_autofree char *why = backend_unusable (backend);

  if (why == NULL && !backend->has_variant (backend, algo->name, variant))
    why = g_strdup_printf ("%s %s is not in the %s backend", algo->name,
                           ws_variant_name (variant), backend->name);
  if (why == NULL)
    return FALSE;
  g_test_skip (why);
  return TRUE;
}

gboolean
ws_test_skip_without_gpu (void)
{
  g_autofree char *why = backend_unusable (ws_backend_gpu ());

  if (why == NULL)
    return FALSE;
  g_test_skip (why);
  return TRUE;
}

static void
run_row (gconstpointer data)
{
  const Row *row = data;

  if (!ws_test_skip_variant (row->c.algo, row->c.variant))
    row->func (&row->c);
}

static void
add_row (const WsTestRows *r,
         const WsAlgorithm *algo,
         WsKeyType          type,
         WsVariant          variant,
         WsDistribution     dist)
{
  Row *row = keep (g_new0 (Row, 1));
  g_autoptr (GString) path = g_string_new (r->path);

  row->c = (WsTestCase) { .type = type, .variant = variant, .dist = dist, .extra = r->extra,
                          .algo = algo };
  row->func = r->func;
  g_string_append_printf (path, "/%s/%s", ws_key_type_name (type), ws_variant_name (variant));
  if (r->per_dist)
    g_string_append_printf (path, "/%s", ws_distribution_name (dist));
  g_test_add_data_func (path->str, row, run_row);
}

/* One WsTestRows: its types × the variants the registry defines × dists. */
static void
add_rows (const WsTestRows *r)
{
  const WsAlgorithm *algo = ws_registry_lookup (r->algorithm, NULL);
  guint variants = r->variants != 0 ? r->variants : WS_TEST_ALL;
  guint types = r->types != 0 ? r->types : ~0u;

  g_assert_nonnull (algo);
  for (guint t = 0; t < G_N_ELEMENTS (ws_test_key_types); t++)
    for (WsVariant v = 0; v < WS_N_VARIANTS; v++)
      for (guint d = 0; d < (r->per_dist ? WS_N_DISTS : 1); d++)
        if ((types & WS_TEST_TYPE (ws_test_key_types[t])) != 0
            && ws_algorithm_supports_type (algo, ws_test_key_types[t])
            && (variants & WS_TEST_VARIANT (v)) != 0 && ws_algorithm_defines (algo, v))
          add_row (r, algo, ws_test_key_types[t], v, (WsDistribution) d);
}

void
ws_test_add_rows (const WsTestRows *rows,
                  guint             n_rows)
{
  for (guint i = 0; i < n_rows; i++)
    add_rows (&rows[i]);
}

WsRunInput
ws_test_run_input (const WsTestCase *c,
                   const WsArray    *input)
{
  WsRunInput in = { .algo = c->algo, .variant = c->variant, .input = input };

  ws_params_init_defaults (c->algo, &in.params);
  return in;
}

void
ws_test_run_param (WsRunInput *in,
                   const char *name,
                   gint64      value)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (ws_params_set (in->algo, &in->params, name, value, &error));
  g_assert_no_error (error);
}

static void
assert_gpu_times (const WsPhaseTimes *t)
{
  g_assert_cmpfloat (t->alloc, >=, 0.0);
  g_assert_cmpfloat (t->upload, >=, 0.0);
  g_assert_cmpfloat (t->kernel, >=, 0.0);
  g_assert_cmpfloat (t->download, >=, 0.0);
  g_assert_cmpfloat (t->total, >=, t->kernel);
  g_assert_cmpuint (strlen (t->device), >, 0);
}

gboolean
ws_test_run (const WsRunInput *in,
             WsRunOutput      *out,
             GError          **error)
{
  if (!ws_run (in, out, error))
    return FALSE;
  if (ws_variant_is_gpu (in->variant))
    assert_gpu_times (&out->times);
  return TRUE;
}

void
ws_test_run_ok (const WsRunInput *in,
                WsRunOutput      *out)
{
  g_autoptr (GError) error = NULL;

  if (!ws_test_run (in, out, &error))
    g_error ("%s %s, %s, n = %" G_GSIZE_FORMAT ": %s", in->algo->name,
             ws_variant_name (in->variant), ws_key_type_name (in->input->type), in->input->n,
             error->message);
}

WsArray *
ws_test_run_array (const WsRunInput *in,
                   WsCounters       *counters,
                   WsPhaseTimes     *times)
{
  WsRunOutput out;
  WsArray *array;

  ws_test_run_ok (in, &out);
  g_assert_nonnull (out.array);
  if (counters != NULL)
    *counters = out.counters;
  if (times != NULL)
    *times = out.times;
  array = g_steal_pointer (&out.array);
  ws_run_output_clear (&out);
  return array;
}

double
ws_test_fastest_kernel_ms (const WsRunInput *in,
                           guint             runs,
                           WsTestCheck       check,
                           gpointer          data)
{
  double best = G_MAXDOUBLE;

  for (guint r = 0; r < runs; r++)
    {
      WsRunOutput out;
      ws_test_run_ok (in, &out);
      if (check != NULL)
        check (in, &out, data);
      best = MIN (best, out.times.kernel * 1e3);
      ws_run_output_clear (&out);
    }
  return best;
}

void
ws_test_check_sorted (const WsRunInput  *in,
                      const WsRunOutput *out,
                      gpointer           data)
{
  ws_test_assert_sorted_same (in->input, out->array);
}

gboolean
ws_test_run_unchecked (const WsRunInput *in,
                       WsRunOutput      *out,
                       GError          **error)
{
  const WsBackend *backend = ws_backend_for (in->variant);

  g_assert_true (in->algo->shape != WS_SHAPE_SORT && in->algo->shape != WS_SHAPE_DOT);
  *out = (WsRunOutput) { 0 };
  if (backend->run (backend, in, out, error))
    return TRUE;
  ws_run_output_clear (out);
  return FALSE;
}

static void
run_gpu_case (gconstpointer data)
{
  const GpuCase *gc = data;

  if (ws_test_skip_without_gpu ())
    return;
  /* With a device the build has CUDA, and WS_TEST_CUDA gave the function. */
  g_assert_nonnull (gc->func);
  gc->func ();
}

void
ws_test_add_gpu_func (const char *path,
                      GTestFunc   func)
{
  GpuCase *gc = keep (g_new0 (GpuCase, 1));

  gc->func = func;
  g_test_add_data_func (path, gc, run_gpu_case);
}

static void
check_gpu_built (gconstpointer data)
{
  const GpuCase *gc = data;
  const WsAlgorithm *algo = ws_registry_lookup (gc->algorithm, NULL);
  const WsBackend *cuda = ws_backend_gpu ();

  if (cuda->device == NULL)
    {
      g_autofree char *built = cuda->describe (cuda);
      g_autofree char *why = g_strdup_printf ("no CUDA backend: %s", built);
      g_test_skip (why);
      return;
    }
  for (WsVariant v = WS_VARIANT_GPU_SEED; v < WS_N_VARIANTS; v++)
    if (cuda->has_variant (cuda, algo->name, v) != ws_algorithm_defines (algo, v))
      g_error ("%s %s: the registry %s it, the CUDA backend %s", algo->name,
               ws_variant_name (v), ws_algorithm_defines (algo, v) ? "defines" : "does not define",
               cuda->has_variant (cuda, algo->name, v) ? "has it" : "does not");
}

void
ws_test_add_gpu_built (const char *path,
                       const char *algorithm)
{
  GpuCase *gc = keep (g_new0 (GpuCase, 1));

  g_assert_nonnull (ws_registry_lookup (algorithm, NULL));
  gc->algorithm = algorithm;
  g_test_add_data_func (path, gc, check_gpu_built);
}
