/* ws-bench-plan.c: a preset expanded into configurations (see ws-bench.h).
 *
 * Order: size, then algorithm, then parameter combination, then instance,
 * then variant (the baseline first), then device (a GPU variant's, where
 * the preset names devices), so that the variants of one input run back to
 * back on the same data and the baseline is known before the rows that are
 * compared with it.
 */
#include "ws-bench.h"

#include "ws-bench-estimate.h"
#include "ws-error.h"

static void
config_free (gpointer data)
{
  WsBenchConfig *c = data;

  g_free (c->params_text);
  g_free (c->key);
  g_free (c);
}

char *
ws_bench_params_text (const WsPreset *preset, const WsAlgorithm *algo, WsVariant variant,
                      const WsParams *params)
{
  g_autoptr (GString) s = g_string_new (NULL);

  for (guint i = 0; i < algo->n_params; i++)
    {
      const WsParamSpec *spec = &algo->params[i];
      if (ws_preset_grid (preset, spec->name) == NULL || !ws_param_applies (spec, variant))
        continue;
      g_string_append_printf (s, "%s%s=%" G_GINT64_FORMAT, s->len ? ";" : "", spec->name,
                              params->values[i]);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

gboolean
ws_bench_config_cold (const WsPreset *preset, WsVariant variant)
{
  return preset->cold && ws_variant_is_gpu (variant);
}

char *
ws_bench_config_key (const WsPreset *preset, const WsAlgorithm *algo, WsVariant variant, gsize n,
                     const char *params, guint instance, int device)
{
  char gpu[32] = "";

  /* "|cold" only on cold rows, "|gpuN" only past device 0: a warm row of
   * GPU 0 keeps the key it had before cold runs and devices existed, so
   * older result files, samples and baselines still match. */
  if (device > 0 && ws_variant_is_gpu (variant))
    g_snprintf (gpu, sizeof gpu, "|gpu%d", device);
  return g_strdup_printf ("%s|%s|%s|%s|%" G_GSIZE_FORMAT "|%s|%u|%" G_GUINT64_FORMAT "|%s%s%s",
                          algo->name, ws_variant_name (variant), ws_key_type_name (preset->type),
                          ws_distribution_name (preset->distribution), n, params, instance,
                          preset->seed + instance, ws_timing_name (preset->timing),
                          ws_bench_config_cold (preset, variant) ? "|cold" : "", gpu);
}

/* Every combination of the grids of the algorithm's parameters, as WsParams
 * (parameters without a grid keep their defaults). */
static GArray *
param_combos (const WsPreset *preset, const WsAlgorithm *algo)
{
  GArray *combos = g_array_new (FALSE, FALSE, sizeof (WsParams));
  WsParams first;

  ws_params_init_defaults (algo, &first);
  g_array_append_val (combos, first);
  for (guint i = 0; i < algo->n_params; i++)
    {
      const WsParamGrid *grid = ws_preset_grid (preset, algo->params[i].name);
      if (grid == NULL)
        continue;
      GArray *next = g_array_new (FALSE, FALSE, sizeof (WsParams));
      for (guint c = 0; c < combos->len; c++)
        for (guint v = 0; v < grid->values->len; v++)
          {
            WsParams p = g_array_index (combos, WsParams, c);
            p.values[i] = g_array_index (grid->values, gint64, v);
            g_array_append_val (next, p);
          }
      g_array_unref (combos);
      combos = next;
    }
  return combos;
}

typedef struct
{
  WsBenchPlan       *plan;
  const WsAlgorithm *algo;
  gsize              n;
  guint              repetitions;
  GHashTable        *seen; /* keys already planned: variants that ignore a grid repeat */
} Expand;

static void
add_config (Expand *e, WsVariant variant, const WsParams *params, guint instance, int device)
{
  const WsPreset *preset = e->plan->preset;
  WsBenchConfig *c;
  WsParams p = *params;

  /* A parameter the variant does not read stays at its default. */
  for (guint i = 0; i < e->algo->n_params; i++)
    if (!ws_param_applies (&e->algo->params[i], variant))
      p.values[i] = e->algo->params[i].def;
  c = g_new0 (WsBenchConfig, 1);
  c->algo = e->algo, c->variant = variant, c->n = e->n, c->params = p;
  c->params_text = ws_bench_params_text (preset, e->algo, variant, &p);
  c->instance = instance;
  c->seed = preset->seed + instance;
  c->repetitions = e->repetitions;
  c->cold = ws_bench_config_cold (preset, variant);
  c->device = device;
  c->key = ws_bench_config_key (preset, e->algo, variant, e->n, c->params_text, instance, device);
  /* Not g_hash_table_add's verdict: on a repeat it swaps in the new key,
   * which is freed here. */
  if (g_hash_table_contains (e->seen, c->key))
    {
      config_free (c);
      return;
    }
  g_hash_table_add (e->seen, c->key);
  g_ptr_array_add (e->plan->configs, c);
}

/* The variants in run order: the baseline first, then the others as listed,
 * each only where the algorithm defines it. */
static GArray *
run_order (const WsPreset *preset, const WsAlgorithm *algo)
{
  GArray *order = g_array_new (FALSE, FALSE, sizeof (WsVariant));

  if (ws_algorithm_defines (algo, preset->baseline))
    g_array_append_val (order, preset->baseline);
  for (guint i = 0; i < preset->variants->len; i++)
    {
      WsVariant v = g_array_index (preset->variants, WsVariant, i);
      if (v != preset->baseline && ws_algorithm_defines (algo, v))
        g_array_append_val (order, v);
    }
  return order;
}

/* A variant on its input: once, or a GPU variant once on each device named. */
static void
add_variant (Expand *e, WsVariant variant, const WsParams *params, guint instance)
{
  const GArray *devices = e->plan->preset->devices;

  if (devices == NULL || !ws_variant_is_gpu (variant))
    {
      add_config (e, variant, params, instance, -1);
      return;
    }
  for (guint d = 0; d < devices->len; d++)
    add_config (e, variant, params, instance, g_array_index (devices, int, d));
}

static void
expand_algorithm (Expand *e)
{
  const WsPreset *preset = e->plan->preset;
  g_autoptr (GArray) combos = param_combos (preset, e->algo);
  g_autoptr (GArray) order = run_order (preset, e->algo);

  for (guint c = 0; c < combos->len; c++)
    for (guint inst = 0; inst < preset->instances; inst++)
      for (guint v = 0; v < order->len; v++)
        add_variant (e, g_array_index (order, WsVariant, v), &g_array_index (combos, WsParams, c),
                     inst);
}

WsBenchPlan *
ws_bench_plan_new (WsPreset *preset, GError **error)
{
  g_autoptr (WsBenchPlan) plan = g_new0 (WsBenchPlan, 1);
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  g_return_val_if_fail (preset != NULL, NULL);
  plan->preset = preset;
  /* all stands for the GPUs of the machine that runs the plan:
   * ws_bench_devices_resolve lists them. */
  if (preset->all_devices)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "%s: devices = all must be "
                   "listed as this machine's GPUs before the plan is made",
                   preset->path ? preset->path : preset->name);
      return NULL;
    }
  plan->configs = g_ptr_array_new_with_free_func (config_free);
  for (guint s = 0; s < preset->sizes->len; s++)
    for (guint a = 0; a < preset->algorithms->len; a++)
      {
        Expand e = { plan, g_ptr_array_index (preset->algorithms, a),
                     g_array_index (preset->sizes, gsize, s),
                     preset->adaptive ? 0 : g_array_index (preset->repetitions, guint, s), seen };
        expand_algorithm (&e);
      }
  if (plan->configs->len == 0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "%s: no listed algorithm defines any listed variant; nothing to run",
                   preset->path ? preset->path : preset->name);
      return NULL;
    }
  return g_steal_pointer (&plan);
}

void
ws_bench_plan_free (WsBenchPlan *plan)
{
  if (plan == NULL)
    return;
  g_clear_pointer (&plan->estimate, ws_bench_estimate_free);
  g_clear_pointer (&plan->configs, g_ptr_array_unref);
  g_clear_pointer (&plan->preset, ws_preset_free);
  g_clear_pointer (&plan->gpus, g_array_unref);
  g_free (plan);
}

/* Only a search's number of queries, of all parameters, changes the data. */
static gint64
queries (const WsBenchConfig *c)
{
  return c->algo->shape == WS_SHAPE_SEARCH ? ws_params_get (c->algo, &c->params, "queries") : 0;
}

gboolean
ws_bench_config_same_data (const WsBenchConfig *a, const WsBenchConfig *b)
{
  return a->algo == b->algo && a->n == b->n && a->instance == b->instance
         && queries (a) == queries (b);
}

char *
ws_bench_config_data_name (const WsBenchConfig *c)
{
  return g_strdup_printf ("%s|%" G_GSIZE_FORMAT "|%u|%" G_GINT64_FORMAT, c->algo->name, c->n,
                          c->instance, queries (c));
}

char *
ws_bench_config_describe (const WsBenchConfig *c)
{
  char gpu[32] = "";

  if (c->device >= 0)
    g_snprintf (gpu, sizeof gpu, " on GPU %d", c->device);
  return g_strdup_printf ("%s %s n=%" G_GSIZE_FORMAT "%s%s #%u seed %" G_GUINT64_FORMAT "%s%s",
                          c->algo->name, ws_variant_name (c->variant), c->n,
                          c->params_text[0] ? " " : "", c->params_text, c->instance, c->seed,
                          c->cold ? " cold" : "", gpu);
}

void
ws_bench_lane_free (WsBenchLane *lane)
{
  if (lane == NULL)
    return;
  g_array_unref (lane->configs);
  g_free (lane);
}

static WsBenchLane *
lane_new (int device)
{
  WsBenchLane *lane = g_new0 (WsBenchLane, 1);

  lane->device = device;
  lane->configs = g_array_new (FALSE, FALSE, sizeof (guint));
  return lane;
}

/* The lane of configuration i: the CPU's (lanes[0] when there is one), or
 * its device's, in the preset's order. */
static WsBenchLane *
lane_of (GPtrArray *lanes, const WsBenchConfig *c)
{
  for (guint l = 0; l < lanes->len; l++)
    if (((WsBenchLane *) lanes->pdata[l])->device == c->device)
      return lanes->pdata[l];
  g_return_val_if_reached (lanes->pdata[0]);
}

GPtrArray *
ws_bench_plan_lanes (const WsBenchPlan *plan)
{
  GPtrArray *lanes = g_ptr_array_new_with_free_func ((GDestroyNotify) ws_bench_lane_free);
  const GArray *devices = plan->preset->devices;
  gboolean cpu = devices == NULL;

  for (guint i = 0; !cpu && i < plan->configs->len; i++)
    cpu = ((const WsBenchConfig *) plan->configs->pdata[i])->device < 0;
  if (cpu)
    g_ptr_array_add (lanes, lane_new (-1));
  for (guint d = 0; devices != NULL && d < devices->len; d++)
    g_ptr_array_add (lanes, lane_new (g_array_index (devices, int, d)));
  for (guint i = 0; i < plan->configs->len; i++)
    g_array_append_val (lane_of (lanes, plan->configs->pdata[i])->configs, i);
  return lanes;
}
