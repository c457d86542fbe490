/* ws-memory.c: estimating a run's memory and checking it against what the
 * machine has (see ws-memory.h). */
#include "ws-memory.h"

#include <stdlib.h>
#include <string.h>

#include "ws-backend.h"
#include "ws-error.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)
#define HOST_MARGIN (64 * MIB)     /* the program itself, threads' stacks, small buffers */
#define DEVICE_MARGIN (256 * MIB)  /* the CUDA context, library scratch, fragmentation */
#define COUNTERS (G_GUINT64_CONSTANT (1) << 26) /* counting sort's widest key range */

/* Host and device bytes, as multiples of the input's bytes, per shape.
 * Host figures are the peak resident size of `warpscope-cli run` (cpu-par,
 * cpu-seq, 2^22 keys) less the program, divided by the input, rounded up
 * and one more for a result written out; device figures count the kernels'
 * buffers (networks pad to a power of two; CUB's scratch as one more). */
typedef struct
{
  guint host;
  guint device;
} Factors;

static Factors
factors_of (WsShape shape)
{
  switch (shape)
    {
    case WS_SHAPE_SORT:      return (Factors) { 6, 3 };
    case WS_SHAPE_DOT:       return (Factors) { 8, 6 };
    case WS_SHAPE_STENCIL:   return (Factors) { 5, 4 };
    case WS_SHAPE_REDUCE:    return (Factors) { 2, 1 };
    case WS_SHAPE_SCAN:      return (Factors) { 4, 3 };
    case WS_SHAPE_HISTOGRAM: return (Factors) { 2, 1 };
    case WS_SHAPE_SEARCH:    return (Factors) { 3, 1 };
    default:                 return (Factors) { 6, 3 };
    }
}

/* a * b, saturating: an estimate past 2^64 is simply "too much". */
static guint64
mul (guint64 a, guint64 b)
{
  return (b != 0 && a > G_MAXUINT64 / b) ? G_MAXUINT64 : a * b;
}

static guint64
add (guint64 a, guint64 b)
{
  return a > G_MAXUINT64 - b ? G_MAXUINT64 : a + b;
}

static guint64
next_pow2 (guint64 n)
{
  guint64 w = 1;

  while (w < n && w <= G_MAXUINT64 / 2)
    w <<= 1;
  return w;
}

static gint64
param_or (const WsAlgorithm *algo, const WsParams *params, const char *name, gint64 fallback)
{
  guint index;

  if (params == NULL || ws_algorithm_param (algo, name, &index) == NULL)
    return fallback;
  return params->values[index];
}

/* What comes on top of the keys: a search's queries and their answers, a
 * histogram's bins (per thread on the CPU), counting sort's counters. */
static guint64
extra_bytes (const WsAlgorithm *algo, const WsParams *params, gsize elem)
{
  if (algo->shape == WS_SHAPE_SEARCH)
    return mul ((guint64) MAX (param_or (algo, params, "queries", 0), 0), 2 * (elem + 8));
  if (algo->shape == WS_SHAPE_HISTOGRAM)
    return mul ((guint64) MAX (param_or (algo, params, "bins", 0), 0), 8 * 64);
  if (g_strcmp0 (algo->name, "counting-sort") == 0)
    return mul (COUNTERS, 4);
  return 0;
}

void
ws_memory_estimate (const WsAlgorithm *algo,
                    WsVariant          variant,
                    const WsParams    *params,
                    WsKeyType          type,
                    gsize              n,
                    WsMemoryNeed      *need)
{
  gsize elem = ws_key_type_size (type);
  guint64 cells = algo->shape == WS_SHAPE_STENCIL ? mul (n, n) : n;
  guint64 bytes = mul (cells, elem);
  guint64 padded = algo->shape == WS_SHAPE_SORT || algo->shape == WS_SHAPE_DOT
                     ? mul (next_pow2 (cells), elem) : bytes;
  guint64 extra = extra_bytes (algo, params, elem);
  Factors f = factors_of (algo->shape);

  g_return_if_fail (algo != NULL && need != NULL);
  need->host = add (add (mul (bytes, f.host), extra), HOST_MARGIN);
  need->device = 0;
  if (ws_variant_is_gpu (variant))
    need->device = add (add (mul (padded, f.device), extra), DEVICE_MARGIN);
}

/* ---- what is available ---- */

/* A "Key:   123 kB" line of /proc/meminfo, in bytes; 0 when absent. */
static guint64
meminfo (const char *text, const char *key)
{
  const char *line = strstr (text, key);

  if (line == NULL)
    return 0;
  return g_ascii_strtoull (line + strlen (key), NULL, 10) * 1024;
}

/* One number in a file, or G_MAXUINT64 ("max", absent, unreadable). */
static guint64
number_in (const char *path)
{
  g_autofree char *text = NULL;
  char *end = NULL;
  guint64 v;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return G_MAXUINT64;
  v = g_ascii_strtoull (text, &end, 10);
  return end == text ? G_MAXUINT64 : v;
}

/* What a cgroup's limit leaves (v2, then v1), G_MAXUINT64 without one. */
static guint64
cgroup_left (void)
{
  static const char *const limits[][2] = {
    { "/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current" },
    { "/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/memory/memory.usage_in_bytes" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
    {
      guint64 limit = number_in (limits[i][0]), used = number_in (limits[i][1]);
      if (limit != G_MAXUINT64 && used != G_MAXUINT64 && limit < (G_GUINT64_CONSTANT (1) << 60))
        return limit > used ? limit - used : 0;
    }
  return G_MAXUINT64;
}

guint64
ws_memory_host_available (void)
{
  const char *forced = g_getenv ("WARPSCOPE_MEMORY_AVAILABLE");
  g_autofree char *text = NULL;
  guint64 available;

  if (forced != NULL && forced[0] != '\0')
    return g_ascii_strtoull (forced, NULL, 10);
  if (!g_file_get_contents ("/proc/meminfo", &text, NULL, NULL))
    return 0;
  available = meminfo (text, "MemAvailable:");
  return available == 0 ? 0 : MIN (available, cgroup_left ());
}

/* Free memory of the device a GPU variant runs on — the calling thread's,
 * the one device whose free memory the table knows (a thread of bench
 * --devices may be on another than GPU 0); 0 where it cannot be told. */
static guint64
device_available (WsVariant variant)
{
  const WsBackend *backend = ws_backend_for (variant);
  const char *forced = g_getenv ("WARPSCOPE_DEVICE_MEMORY_AVAILABLE");
  g_autoptr (GArray) devices = NULL;

  if (forced != NULL && forced[0] != '\0')
    return g_ascii_strtoull (forced, NULL, 10);

  if (backend == NULL || !backend->query_devices (backend, &devices, NULL))
    return 0;
  for (guint d = 0; d < devices->len; d++)
    if (g_array_index (devices, WsDeviceInfo, d).free_mem > 0)
      return g_array_index (devices, WsDeviceInfo, d).free_mem;
  return 0;
}

/* ---- the check ---- */

static char *
format_bytes (guint64 bytes)
{
  return g_format_size_full (bytes, G_FORMAT_SIZE_IEC_UNITS);
}

/* The largest n (a power of two, or the grid side) whose need fits. */
static gsize
largest_fitting (const WsAlgorithm *algo, WsVariant variant, const WsParams *params,
                 WsKeyType type, gsize n, guint64 host, guint64 device)
{
  gsize best = 0;

  for (gsize m = 1; m < n && m != 0; m = algo->shape == WS_SHAPE_STENCIL ? m + MAX (m / 8, 1) : m * 2)
    {
      WsMemoryNeed need;
      ws_memory_estimate (algo, variant, params, type, m, &need);
      if (need.host > host || (device > 0 && need.device > device))
        break;
      best = m;
    }
  return best;
}

static char *
describe_n (const WsAlgorithm *algo, gsize n)
{
  if (algo->shape == WS_SHAPE_STENCIL)
    return g_strdup_printf ("N = %" G_GSIZE_FORMAT, n);
  if (n > 0 && (n & (n - 1)) == 0)
    return g_strdup_printf ("n = 2^%d", g_bit_nth_lsf (n, -1));
  return g_strdup_printf ("n = %" G_GSIZE_FORMAT, n);
}

static gboolean
refuse (GError **error, const WsAlgorithm *algo, WsVariant variant, const WsParams *params,
        WsKeyType type, gsize n, const char *where, guint64 needed, guint64 available,
        guint64 host, guint64 device)
{
  g_autofree char *what = describe_n (algo, n);
  /* The host's need is every variant's; the device's, this variant's. */
  g_autofree char *who = ws_variant_is_gpu (variant) && strcmp (where, "GPU") == 0
                           ? g_strdup_printf ("%s %s", algo->name, ws_variant_name (variant))
                           : g_strdup (algo->name);
  g_autofree char *need_text = needed == G_MAXUINT64 ? g_strdup ("more than 16 EiB")
                                                      : format_bytes (needed);
  g_autofree char *have_text = format_bytes (available);
  gsize fits = largest_fitting (algo, variant, params, type, n, host, device);
  g_autofree char *fits_text = fits > 0 ? describe_n (algo, fits) : NULL;

  /* "on n = 2^32 float32 keys", or for a grid "on an N = 46340 grid of float32 keys" */
  gboolean grid = algo->shape == WS_SHAPE_STENCIL;

  g_set_error (error, WS_ERROR, WS_ERROR_NO_MEMORY,
               "%s on %s%s %s%s keys needs %s%s of %s memory, but only %s is available; "
               "choose a smaller size%s%s", who, grid ? "an " : "", what, grid ? "grid of " : "",
               ws_key_type_name (type),
               needed == G_MAXUINT64 ? "" : "about ", need_text, where, have_text,
               fits_text ? ", at most " : " or free some memory", fits_text ? fits_text : "");
  return FALSE;
}

gboolean
ws_memory_check (const WsAlgorithm *algo,
                 WsVariant          variant,
                 const WsParams    *params,
                 WsKeyType          type,
                 gsize              n,
                 WsMemoryWhere      where,
                 GError           **error)
{
  WsMemoryNeed need;
  guint64 host = ws_memory_host_available ();
  guint64 device = 0;

  g_return_val_if_fail (algo != NULL, FALSE);
  ws_memory_estimate (algo, variant, params, type, n, &need);
  if ((where & WS_MEMORY_HOST) && host > 0 && need.host > host)
    return refuse (error, algo, variant, params, type, n, "host", need.host, host, host, 0);
  if (!(where & WS_MEMORY_DEVICE) || need.device == 0
      || (device = device_available (variant)) == 0)
    return TRUE;
  if (need.device > device)
    return refuse (error, algo, variant, params, type, n, "GPU", need.device, device,
                   host > 0 ? host : G_MAXUINT64, device);
  return TRUE;
}
