/* ws-registry.c: the table of algorithms, variants and parameters. */
#include "ws-registry.h"

#include <math.h>

#include "ws-error.h"

#define BOTH_TYPES ((1u << WS_KEY_INT32) | (1u << WS_KEY_FLOAT32))
#define INT_ONLY (1u << WS_KEY_INT32)
#define ARRAY_MAX ((gsize) 1 << 32)

static const WsParamSpec odd_even_params[] = {
  { "early-exit", "CPU: stop after an even+odd pass pair without a swap (study 003's CPU code)", 0, 1, 0,
    (1u << WS_VARIANT_CPU_SEQ) | (1u << WS_VARIANT_CPU_PAR) },
};
static const WsParamSpec stencil_params[] = {
  { "radius", "window radius R: each output sums (2R+1)² inputs", 0, 1 << 20, 2 },
  { "block", "gpu-seed: BS, blocks of BS×BS threads (study 001 used 8, 16, 32)", 1, 32, 16,
    1u << WS_VARIANT_GPU_SEED },
  { "per-thread", "gpu-seed: K consecutive outputs per thread (study 001 used 1, 4, 16)", 1, 64, 1,
    1u << WS_VARIANT_GPU_SEED },
};
static const WsParamSpec histogram_params[] = {
  { "bins", "number B of equal-width bins over [min, max]", 1, 1 << 24, 256 },
};
static const WsParamSpec search_params[] = {
  { "segments", "p: segments probed per step (2 = classic binary search)", 2, 65536, 2 },
  { "queries", "number of generated query keys (when no --keys file is given)", 1, 1 << 28, 1000 },
};

#define NETWORK_PAR "OpenMP: the comparators of each pass split over threads, a barrier between passes"

static const WsAlgorithm bitonic = {
  "bitonic", "Bitonic sorting network", "000, 003",
  "Batcher's bitonic sort as log2(w)(log2(w)+1)/2 passes of disjoint comparators; any n, padded "
  "to the next power of two w with a sentinel that is stripped afterwards",
  WS_SHAPE_SORT, BOTH_TYPES, 1 << 16, ARRAY_MAX, NULL, 0,
  { "study 000's loops over stage k, distance j and element i", NETWORK_PAR,
    [WS_VARIANT_GPU_SEED] = "studies 000/003: one launch per (k, j), one thread per element, a sync after each",
    [WS_VARIANT_GPU_SEED_SHARED] = "study 002: block-local bitonic in shared memory, then even/odd block merges",
    [WS_VARIANT_GPU] = "ours: tiles sorted in shared memory, several global steps per launch in registers" },
  WS_COST_N_LOG2_N,
};

static const WsAlgorithm odd_even = {
  "odd-even", "Odd-even transposition (brick) sort", "003",
  "n alternating even and odd passes of neighbour comparators; O(n²) work",
  WS_SHAPE_SORT, BOTH_TYPES, 1 << 12, 1 << 22, odd_even_params, G_N_ELEMENTS (odd_even_params),
  { "even and odd passes in turn", NETWORK_PAR,
    [WS_VARIANT_GPU_SEED] = "study 003: Even and Odd kernels, 32-thread blocks, a sync after every iteration",
    [WS_VARIANT_GPU_SEED_V1] = "study 003 V1: one kernel with a phase argument on a stream, no per-launch sync",
    [WS_VARIANT_GPU_SEED_V2] = "study 003 V2: V1 with shared-memory staging",
    [WS_VARIANT_GPU] = "ours: many phases per launch in shared memory (time-tiled with halos)" },
  WS_COST_N2,
};

static const WsAlgorithm oddeven_merge = {
  "oddeven-merge", "Batcher odd-even merge sort", NULL,
  "Batcher's odd-even merging network for any n (comparators past the end are dropped); "
  "fewer comparators than bitonic",
  WS_SHAPE_SORT, BOTH_TYPES, 1 << 16, ARRAY_MAX, NULL, 0,
  { "the network's passes in order", NETWORK_PAR,
    [WS_VARIANT_GPU] = "ours: one launch per pass, one thread per comparator" },
  WS_COST_N_LOG2_N,
};

static const WsAlgorithm radix_sort = {
  "radix-sort", "LSD radix sort", NULL,
  "least-significant-digit radix sort, 8-bit digits, stable; the best-CPU reference for honest "
  "CPU-vs-GPU comparisons",
  WS_SHAPE_SORT, BOTH_TYPES, 1 << 20, ARRAY_MAX, NULL, 0,
  { "four counting passes over 8-bit digits", "OpenMP: per-thread digit counts, stable parallel scatter",
    [WS_VARIANT_GPU] = "ours: per-tile digit counts, a scan, a stable block-ranked scatter per digit",
    [WS_VARIANT_GPU_LIB] = "CUB DeviceRadixSort::SortKeys" },
  WS_COST_N,
};

static const WsAlgorithm counting_sort = {
  "counting-sort", "Counting sort", "002",
  "histogram of the keys over [min, max], exclusive scan of the counts, stable scatter; int32 keys "
  "whose range max−min+1 is at most 2^26",
  WS_SHAPE_SORT, INT_ONLY, 1 << 20, ARRAY_MAX, NULL, 0,
  { "count, scan, scatter", "OpenMP: per-thread counts, parallel scatter",
    [WS_VARIANT_GPU_SEED] = "study 002: histogram with global atomics, a Blelloch scan, the keys written back",
    [WS_VARIANT_GPU] = "ours: privatised counts, a fast scan, the sorted keys expanded from the counts" },
  WS_COST_N,
};

static const WsAlgorithm dot = {
  "dot", "Sort two arrays, then their dot product", "000",
  "study 000: both arrays sorted ascending with the bitonic network, then Σ a[i]·b[i]",
  WS_SHAPE_DOT, BOTH_TYPES, 1 << 16, ARRAY_MAX, NULL, 0,
  { "bitonic cpu-seq sorts, float accumulator (study 000)",
    "bitonic cpu-par sorts, OpenMP double partial sums",
    [WS_VARIANT_GPU_SEED] = "study 000: gpu-seed bitonic sorts, per-thread sums, a shared tree, host adds blocks",
    [WS_VARIANT_GPU] = "ours: gpu bitonic sorts, one reduction pass (double for float32, exact for int32)",
    [WS_VARIANT_GPU_LIB] = "CUB DeviceRadixSort, then DeviceReduce over the products" },
  WS_COST_N_LOG2_N, { [WS_VARIANT_GPU_LIB] = WS_COST_N },
};

static const WsAlgorithm stencil = {
  "stencil", "Radius-R window sum", "001",
  "N×N grid in, (N−2R)×(N−2R) out; every output is the sum of the (2R+1)² inputs around it",
  WS_SHAPE_STENCIL, BOTH_TYPES, 1000, 46340, stencil_params, G_N_ELEMENTS (stencil_params),
  { "study 001's four nested loops, O(R²) per output",
    "running window sums in double, O(1) per output, OpenMP over rows",
    [WS_VARIANT_GPU_SEED] = "study 001: BS×BS blocks, K outputs per thread, each window summed from memory",
    [WS_VARIANT_GPU] = "ours: a row pass and a column pass of running sums, O(1) per output" },
  WS_COST_GRID_WINDOW, { [WS_VARIANT_CPU_PAR] = WS_COST_GRID, [WS_VARIANT_GPU] = WS_COST_GRID },
};

static const WsAlgorithm reduce = {
  "reduce", "Sum reduction", "002",
  "the sum of all keys: exact 64-bit integer for int32, floating point for float32",
  WS_SHAPE_REDUCE, BOTH_TYPES, 1 << 20, ARRAY_MAX, NULL, 0,
  { "one loop, float accumulator for float32", "OpenMP double partial sums",
    [WS_VARIANT_GPU_SEED] = "study 000's shape: per-thread sums, a shared-memory tree, host adds blocks",
    [WS_VARIANT_GPU] = "ours: one pass with warp shuffles (double for float32)",
    [WS_VARIANT_GPU_LIB] = "CUB DeviceReduce::Sum" },
  WS_COST_N,
};

static const WsAlgorithm scan = {
  "scan", "Exclusive prefix sum (Blelloch)", "002",
  "out[i] = in[0] + … + in[i−1]; int32 wraps modulo 2^32 as on a GPU",
  WS_SHAPE_SCAN, BOTH_TYPES, 1 << 20, ARRAY_MAX, NULL, 0,
  { "Blelloch up-sweep and down-sweep, level by level (as animated)",
    "OpenMP three-phase chunked scan",
    [WS_VARIANT_GPU_SEED] = "study 002: Blelloch scan per block in shared memory, then the block sums",
    [WS_VARIANT_GPU] = "ours: large tiles per block, warp-shuffle scans",
    [WS_VARIANT_GPU_LIB] = "CUB DeviceScan::ExclusiveSum" },
  WS_COST_N,
};

static const WsAlgorithm histogram = {
  "histogram", "Histogram", "002",
  "counts of the keys in B equal-width bins over [min, max], max in the last bin",
  WS_SHAPE_HISTOGRAM, BOTH_TYPES, 1 << 20, ARRAY_MAX, histogram_params,
  G_N_ELEMENTS (histogram_params),
  { "one counting loop", "OpenMP per-thread histograms, merged",
    [WS_VARIANT_GPU_SEED] = "study 002: one thread per key, global atomics",
    [WS_VARIANT_GPU] = "ours: per-block histograms in shared memory, merged",
    [WS_VARIANT_GPU_LIB] = "CUB DeviceHistogram::HistogramEven over our bin indices" },
  WS_COST_N,
};

static const WsAlgorithm binary_search = {
  "binary-search", "Parallel binary (k-ary) search", "004",
  "first index of each query key in a sorted array, or −1; each step probes the p−1 inner "
  "boundaries of p equal segments",
  WS_SHAPE_SEARCH, BOTH_TYPES, 1 << 20, ARRAY_MAX, search_params, G_N_ELEMENTS (search_params),
  { "queries one after another", "OpenMP over queries",
    [WS_VARIANT_GPU_SEED] = "study 004: per key, p threads probe p segments, relaunched on the one that holds it",
    [WS_VARIANT_GPU] = "ours: one query per thread, lower-bound search",
    [WS_VARIANT_GPU_LIB] = "Thrust lower_bound" },
  WS_COST_QUERIES_KARY,
  { [WS_VARIANT_GPU] = WS_COST_QUERIES_LOG_N, [WS_VARIANT_GPU_LIB] = WS_COST_QUERIES_LOG_N },
};

static const WsAlgorithm interpolation_search = {
  "interpolation-search", "Parallel interpolation search", "004",
  "first index of each query key in a sorted array, or −1; probes placed by linear interpolation "
  "after a first split into p segments",
  WS_SHAPE_SEARCH, BOTH_TYPES, 1 << 20, ARRAY_MAX, search_params, G_N_ELEMENTS (search_params),
  { "queries one after another", "OpenMP over queries",
    [WS_VARIANT_GPU_SEED] = "study 004: per key, p blocks interpolate in their segments, relaunched",
    [WS_VARIANT_GPU] = "ours: one query per thread, interpolation with a bisection safeguard" },
  WS_COST_QUERIES_SPLIT, { [WS_VARIANT_GPU] = WS_COST_QUERIES_LOG_N },
};

static const WsAlgorithm *const algorithms[] = {
  &bitonic, &odd_even, &oddeven_merge, &radix_sort, &counting_sort, &dot, &stencil,
  &reduce, &scan, &histogram, &binary_search, &interpolation_search,
};

const WsAlgorithm *const *
ws_registry_list (guint *n_algorithms)
{
  *n_algorithms = G_N_ELEMENTS (algorithms);
  return algorithms;
}

static char *
algorithm_names (void)
{
  g_autoptr (GString) names = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (algorithms); i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "", algorithms[i]->name);
  return g_string_free (g_steal_pointer (&names), FALSE);
}

const WsAlgorithm *
ws_registry_lookup (const char *name,
                    GError    **error)
{
  g_autofree char *names = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (algorithms); i++)
    if (g_strcmp0 (name, algorithms[i]->name) == 0)
      return algorithms[i];
  names = algorithm_names ();
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "Unknown algorithm “%s”: choose one of %s (warpscope-cli list describes them)",
               name ? name : "", names);
  return NULL;
}

gboolean
ws_algorithm_defines (const WsAlgorithm *algo,
                      WsVariant          variant)
{
  g_return_val_if_fail (algo != NULL, FALSE);
  return variant < WS_N_VARIANTS && algo->variants[variant] != NULL;
}

gboolean
ws_algorithm_supports_type (const WsAlgorithm *algo,
                            WsKeyType          type)
{
  return (algo->key_types & (1u << type)) != 0;
}

char *
ws_algorithm_types_string (const WsAlgorithm *algo)
{
  g_autoptr (GString) s = g_string_new (NULL);

  for (guint t = WS_KEY_INT32; t <= WS_KEY_FLOAT32; t++)
    if (ws_algorithm_supports_type (algo, (WsKeyType) t))
      g_string_append_printf (s, "%s%s", s->len ? ", " : "", ws_key_type_name ((WsKeyType) t));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

const WsParamSpec *
ws_algorithm_param (const WsAlgorithm *algo,
                    const char        *name,
                    guint             *index)
{
  for (guint i = 0; i < algo->n_params; i++)
    if (g_strcmp0 (algo->params[i].name, name) == 0)
      {
        if (index != NULL)
          *index = i;
        return &algo->params[i];
      }
  return NULL;
}

gboolean
ws_param_applies (const WsParamSpec *spec, WsVariant variant)
{
  g_return_val_if_fail (spec != NULL, FALSE);
  return spec->variants == 0 || (spec->variants & (1u << variant)) != 0;
}

void
ws_params_init_defaults (const WsAlgorithm *algo,
                         WsParams          *params)
{
  *params = (WsParams) { { 0 } };
  for (guint i = 0; i < algo->n_params; i++)
    params->values[i] = algo->params[i].def;
}

gboolean
ws_params_set (const WsAlgorithm *algo,
               WsParams          *params,
               const char        *name,
               gint64             value,
               GError           **error)
{
  guint index;
  const WsParamSpec *spec = ws_algorithm_param (algo, name, &index);

  if (spec == NULL)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "%s takes no parameter “%s”", algo->name, name);
      return FALSE;
    }
  if (value < spec->min || value > spec->max)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "%s: %s = %" G_GINT64_FORMAT " is out of range: use %" G_GINT64_FORMAT
                   " to %" G_GINT64_FORMAT,
                   algo->name, name, value, spec->min, spec->max);
      return FALSE;
    }
  params->values[index] = value;
  return TRUE;
}

gint64
ws_params_get (const WsAlgorithm *algo,
               const WsParams    *params,
               const char        *name)
{
  guint index;

  if (ws_algorithm_param (algo, name, &index) == NULL)
    g_return_val_if_reached (0);
  return params->values[index];
}

WsCost
ws_algorithm_cost (const WsAlgorithm *algo,
                   WsVariant          variant)
{
  g_return_val_if_fail (algo != NULL && variant < WS_N_VARIANTS, WS_COST_N);
  return algo->variant_cost[variant] != WS_COST_OF_ALGORITHM ? algo->variant_cost[variant] : algo->cost;
}

/* A parameter's value where the algorithm has it, else `otherwise`. */
static double
param_or (const WsAlgorithm *algo, const WsParams *params, const char *name, double otherwise)
{
  return ws_algorithm_param (algo, name, NULL) ? (double) ws_params_get (algo, params, name) : otherwise;
}

double
ws_algorithm_work (const WsAlgorithm *algo,
                   WsVariant          variant,
                   gsize              n,
                   const WsParams    *params)
{
  double x = (double) n, lg = log2 (MAX (x, 2.0));
  double q = param_or (algo, params, "queries", 1), p = MAX (param_or (algo, params, "segments", 2), 2);
  double r = param_or (algo, params, "radius", 0), out = x > 2 * r ? x - 2 * r : 0;
  double w = x;

  switch (ws_algorithm_cost (algo, variant))
    {
    case WS_COST_OF_ALGORITHM:
    case WS_COST_N:             w = x; break;
    case WS_COST_N_LOG_N:       w = x * lg; break;
    case WS_COST_N_LOG2_N:      w = x * lg * lg; break;
    case WS_COST_N2:            w = x * x; break;
    case WS_COST_GRID:          w = x * x; break;
    case WS_COST_GRID_WINDOW:   w = out * out * (2 * r + 1) * (2 * r + 1); break;
    case WS_COST_QUERIES_LOG_N: w = q * lg; break;
    case WS_COST_QUERIES_KARY:  w = q * p * lg / log2 (p); break;
    case WS_COST_QUERIES_SPLIT: w = q * (p + lg); break;
    }
  return MAX (w, 1.0);
}
