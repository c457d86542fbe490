/* ws-cuda-backend.c: the engine's GPU backend (app/core's WsBackend and its
 * device ops), adapting libwarpscope-cuda's C API (ws-cuda.h). Core names
 * the interface and calls ws_backend_gpu; this file, built only with
 * CUDA, is what answers — core itself knows no CUDA. */
#include "ws-backend.h"

#include "ws-cancel.h"
#include "ws-cuda-engine.h"
#include "ws-error.h"

static char *
cuda_describe (const WsBackend *self)
{
  int rt = ws_cuda_runtime_version ();
  int drv = ws_cuda_driver_version ();

  if (drv == 0)
    return g_strdup_printf ("CUDA runtime %d.%d, no NVIDIA driver; built for %s",
                            rt / 1000, rt % 1000 / 10, ws_cuda_built_architectures ());
  return g_strdup_printf ("CUDA runtime %d.%d, driver supports CUDA %d.%d; built for %s",
                          rt / 1000, rt % 1000 / 10, drv / 1000, drv % 1000 / 10,
                          ws_cuda_built_architectures ());
}

static gboolean
cuda_query_devices (const WsBackend *self,
                    GArray         **devices,
                    GError         **error)
{
  GError *local = NULL;
  g_autoptr (GArray) found = g_array_new (FALSE, TRUE, sizeof (WsDeviceInfo));
  int count = ws_cuda_device_count (&local);

  for (int d = 0; d < count && local == NULL; d++)
    {
      WsDeviceInfo info = { 0 };
      if (ws_cuda_device_info (d, &info, &local))
        g_array_append_val (found, info);
    }
  if (local != NULL)
    {
      ws_cuda_engine_error (error, local);
      return FALSE;
    }
  if (devices != NULL)
    *devices = g_steal_pointer (&found);
  return TRUE;
}

static gboolean
cuda_use_device (const WsBackend *self,
                 int              device,
                 GError         **error)
{
  GError *local = NULL;
  gboolean ok = ws_cuda_set_device (device, &local);

  return ws_cuda_converted (ok, &local, error);
}

static WsCudaImpl
impl_of (WsVariant variant)
{
  switch (variant)
    {
    case WS_VARIANT_GPU_SEED: return WS_CUDA_SEED;
    case WS_VARIANT_GPU_SEED_SHARED: return WS_CUDA_SEED_SHARED;
    case WS_VARIANT_GPU_SEED_V1: return WS_CUDA_SEED_V1;
    case WS_VARIANT_GPU_SEED_V2: return WS_CUDA_SEED_V2;
    case WS_VARIANT_GPU_LIB: return WS_CUDA_LIB;
    default: return WS_CUDA_OURS;
    }
}

static gboolean
cuda_has_variant (const WsBackend *self,
                  const char      *algorithm,
                  WsVariant        variant)
{
  return ws_variant_is_gpu (variant) && ws_cuda_has (algorithm, impl_of (variant));
}

static WsCudaType
type_of (const WsArray *a)
{
  return a->type == WS_KEY_INT32 ? WS_CUDA_INT32 : WS_CUDA_FLOAT32;
}

static gboolean
sort_kind (const char *name, WsCudaSort *kind)
{
  static const char *const names[] = { "bitonic", "odd-even", "oddeven-merge", "radix-sort",
                                       "counting-sort" };

  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    if (g_str_equal (name, names[k]))
      {
        *kind = (WsCudaSort) k;
        return TRUE;
      }
  return FALSE;
}

static void
copy_scalar (WsRunOutput *out, const WsCudaScalar *s)
{
  out->has_scalar = TRUE;
  out->scalar.is_int = s->is_int;
  out->scalar.i = s->i;
  out->scalar.f = s->f;
}

static gboolean
run_sort (const WsRunInput *in, WsRunOutput *out, WsCudaTiming *t, GError **error)
{
  WsCudaSort kind;

  if (!sort_kind (in->algo->name, &kind))
    g_return_val_if_reached (FALSE);
  return ws_cuda_sort (kind, impl_of (in->variant), type_of (in->input), out->array->data,
                       out->array->n, t, error);
}

static gboolean
run_dot (const WsRunInput *in, WsRunOutput *out, WsCudaTiming *t, GError **error)
{
  WsCudaScalar s = { 0 };

  if (out->array->n != out->array2->n)
    {
      g_set_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID,
                   "dot needs arrays of one size: %" G_GSIZE_FORMAT " and %" G_GSIZE_FORMAT " keys given",
                   out->array->n, out->array2->n);
      return FALSE;
    }
  if (!ws_cuda_dot (impl_of (in->variant), type_of (in->input), out->array->data,
                    out->array2->data, out->array->n, &s, t, error))
    return FALSE;
  copy_scalar (out, &s);
  return TRUE;
}

static gboolean
run_stencil (const WsRunInput *in, WsRunOutput *out, WsCudaTiming *t, GError **error)
{
  const WsAlgorithm *a = in->algo;

  out->array = ws_array_new (in->input->type, out->rows * out->cols, NULL);
  if (out->array == NULL)
    {
      g_set_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_OUT_OF_MEMORY,
                   "Cannot allocate the window sums on the host");
      return FALSE;
    }
  return ws_cuda_stencil (impl_of (in->variant), type_of (in->input), in->input->data, in->side,
                          (guint) ws_params_get (a, &in->params, "radius"),
                          (guint) ws_params_get (a, &in->params, "block"),
                          (guint) ws_params_get (a, &in->params, "per-thread"),
                          out->array->data, t, error);
}

static gboolean
run_reduce (const WsRunInput *in, WsRunOutput *out, WsCudaTiming *t, GError **error)
{
  WsCudaScalar s = { 0 };

  if (!ws_cuda_reduce (impl_of (in->variant), type_of (in->input), in->input->data, in->input->n,
                       &s, t, error))
    return FALSE;
  copy_scalar (out, &s);
  return TRUE;
}

static gboolean
run_scan (const WsRunInput *in, WsRunOutput *out, WsCudaTiming *t, GError **error)
{
  out->array = ws_array_new (in->input->type, in->input->n, NULL);
  if (out->array == NULL)
    {
      g_set_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_OUT_OF_MEMORY,
                   "Cannot allocate the prefix sums on the host");
      return FALSE;
    }
  return ws_cuda_scan (impl_of (in->variant), type_of (in->input), in->input->data,
                       out->array->data, in->input->n, t, error);
}

static gboolean
run_histogram (const WsRunInput *in, WsRunOutput *out, WsCudaTiming *t, GError **error)
{
  guint bins = (guint) ws_params_get (in->algo, &in->params, "bins");

  out->counts = g_try_new0 (guint64, bins);
  out->n_counts = bins;
  if (out->counts == NULL)
    {
      g_set_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_OUT_OF_MEMORY,
                   "Cannot allocate %u histogram bins on the host", bins);
      return FALSE;
    }
  return ws_cuda_histogram (impl_of (in->variant), type_of (in->input), in->input->data,
                            in->input->n, bins, out->counts, &out->lo, &out->hi, t, error);
}

static gboolean
run_search (const WsRunInput *in, WsRunOutput *out, WsCudaTiming *t, GError **error)
{
  gboolean interpolation = g_str_equal (in->algo->name, "interpolation-search");

  out->n_indices = in->keys->n;
  out->indices = g_try_new0 (gint64, MAX (in->keys->n, 1));
  if (out->indices == NULL)
    {
      g_set_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_OUT_OF_MEMORY,
                   "Cannot allocate the search results on the host");
      return FALSE;
    }
  return ws_cuda_search (impl_of (in->variant), interpolation, type_of (in->input),
                         in->input->data, in->input->n, in->keys->data, in->keys->n,
                         (guint) ws_params_get (in->algo, &in->params, "segments"), out->indices,
                         t, error);
}

static gboolean
dispatch (const WsRunInput *in, WsRunOutput *out, WsCudaTiming *t, GError **error)
{
  switch (in->algo->shape)
    {
    case WS_SHAPE_SORT: return run_sort (in, out, t, error);
    case WS_SHAPE_DOT: return run_dot (in, out, t, error);
    case WS_SHAPE_STENCIL: return run_stencil (in, out, t, error);
    case WS_SHAPE_REDUCE: return run_reduce (in, out, t, error);
    case WS_SHAPE_SCAN: return run_scan (in, out, t, error);
    case WS_SHAPE_HISTOGRAM: return run_histogram (in, out, t, error);
    case WS_SHAPE_SEARCH: return run_search (in, out, t, error);
    }
  g_return_val_if_reached (FALSE);
}

static void
copy_times (WsRunOutput *out, const WsCudaTiming *t)
{
  out->times.alloc = t->alloc_ms * 1e-3;
  out->times.upload = t->h2d_ms * 1e-3;
  out->times.kernel = t->kernel_ms * 1e-3;
  out->times.download = t->d2h_ms * 1e-3;
  out->times.total = t->total_ms * 1e-3;
  out->times.launches = t->launches;
  g_strlcpy (out->times.device, t->device_name, sizeof out->times.device);
  out->times.device_index = t->device;
  out->seconds = out->times.kernel;
}

static gboolean
cuda_run (const WsBackend  *self,
          const WsRunInput *in,
          WsRunOutput      *out,
          GError          **error)
{
  WsCudaTiming timing = { 0 };
  GError *local = NULL;
  gboolean ok;

  /* The run's long host loops stop when this thread's run is cancelled
   * (ws-cancel.h); the library cannot see GCancellable, only the int. */
  ws_cuda_set_stop_flag (ws_cancel_stop_flag ());
  ws_cuda_set_cold (in->cold);
  ok = dispatch (in, out, &timing, &local);
  ws_cuda_set_cold (FALSE);
  ws_cuda_set_stop_flag (NULL);
  if (!ok)
    {
      ws_cuda_engine_error (error, local);
      return FALSE;
    }
  copy_times (out, &timing);
  return TRUE;
}

static gboolean
cuda_copy_bandwidth (const WsBackend *self,
                     gsize            bytes,
                     guint            repeat,
                     double          *gb_per_s,
                     GError         **error)
{
  GError *e = NULL;
  gboolean ok;

  /* A cancel is answered between copies (ws-cancel.h), as between launches. */
  ws_cuda_set_stop_flag (ws_cancel_stop_flag ());
  ok = ws_cuda_copy_bandwidth (bytes, repeat, gb_per_s, &e);
  ws_cuda_set_stop_flag (NULL);
  return ws_cuda_converted (ok, &e, error);
}

/* ---- the animator's device side ---- */

static gpointer
dev_alloc (gsize bytes, GError **error)
{
  GError *e = NULL;
  gpointer p = ws_cuda_malloc (bytes, &e);

  ws_cuda_converted (p != NULL, &e, error);
  return p;
}

static gboolean
dev_upload (gpointer d, gconstpointer host, gsize bytes, GError **error)
{
  GError *e = NULL;

  return ws_cuda_converted (ws_cuda_upload (d, host, bytes, &e), &e, error);
}

static gboolean
dev_download (gpointer host, gconstpointer d, gsize bytes, GError **error)
{
  GError *e = NULL;

  return ws_cuda_converted (ws_cuda_download (host, d, bytes, &e), &e, error);
}

static const WsCudaSort cuda_sorts[] = { [WS_NETWORK_BITONIC] = WS_CUDA_BITONIC,
                                         [WS_NETWORK_ODD_EVEN] = WS_CUDA_ODD_EVEN,
                                         [WS_NETWORK_ODD_EVEN_MERGE] = WS_CUDA_ODDEVEN_MERGE };

/* The engine's tally is libwarpscope-cuda's, field for field. */
G_STATIC_ASSERT (sizeof (WsDeviceTally) == sizeof (WsCudaTally));
G_STATIC_ASSERT (G_STRUCT_OFFSET (WsDeviceTally, first_bad) == G_STRUCT_OFFSET (WsCudaTally, first_bad));

static gboolean
dev_pass (WsNetworkKind kind, WsKeyType type, gpointer d_keys, gsize width, const WsPassInfo *info,
          guint8 *d_flags, gpointer d_tally, GError **error)
{
  GError *e = NULL;

  return ws_cuda_converted (ws_cuda_network_pass (cuda_sorts[kind], ws_cuda_engine_type (type), d_keys, width,
                                          info->k, info->j, info->phase, d_flags, d_tally, &e),
                    &e, error);
}

static gboolean
dev_tally_reset (gpointer d_tally, GError **error)
{
  GError *e = NULL;

  return ws_cuda_converted (ws_cuda_tally_reset (d_tally, &e), &e, error);
}

/* Sorted runs of 1 key, or blocks other than single keys, are not a stage
 * end's invariant: the animator checks only those. */
static gboolean
dev_check (WsNetworkKind kind, WsKeyType type, gconstpointer d_keys, gsize width,
           const WsPassInfo *info, const WsPassCheck *check, gpointer d_tally, GError **error)
{
  GError *e = NULL;

  if (check->kind == WS_PASS_CHECK_COMPARATORS)
    return ws_cuda_converted (ws_cuda_check_pass (cuda_sorts[kind], ws_cuda_engine_type (type), d_keys, width,
                                          info->k, info->j, info->phase, d_tally, &e),
                      &e, error);
  g_return_val_if_fail (check->block == 1, FALSE);
  return ws_cuda_converted (ws_cuda_check_runs (ws_cuda_engine_type (type), d_keys, width, check->run,
                                        check->dir_mask, d_tally, &e),
                    &e, error);
}

static gboolean
dev_bars_fill (WsKeyType type, gconstpointer d_keys, const guint8 *d_flags, gsize n, double vmin,
               double vmax, guint columns, gpointer d_bins, GError **error)
{
  GError *e = NULL;

  return ws_cuda_converted (ws_cuda_bars_fill (ws_cuda_engine_type (type), d_keys, d_flags, n, vmin, vmax, columns,
                                       d_bins, &e),
                    &e, error);
}

static gboolean
dev_heat_fill (WsKeyType type, gconstpointer d_grid, guint64 side, const WsHeatRegion *region,
               const WsHeatMask *mask, guint texels, gpointer d_out, GError **error)
{
  GError *e = NULL;
  WsCudaHeatRegion g;
  WsCudaHeatMask m;

  return ws_cuda_converted (ws_cuda_heat_fill (ws_cuda_engine_type (type), d_grid, side,
                                               ws_cuda_engine_region (region, &g),
                                               ws_cuda_engine_mask (mask, &m), texels, d_out, &e),
                            &e, error);
}

static gboolean
dev_synchronize (GError **error)
{
  GError *e = NULL;

  return ws_cuda_converted (ws_cuda_synchronize (&e), &e, error);
}

static const WsDeviceOps cuda_device = {
  .alloc = dev_alloc,
  .release = ws_cuda_free,
  .upload = dev_upload,
  .download = dev_download,
  .pass = dev_pass,
  .tally_reset = dev_tally_reset,
  .check = dev_check,
  .bars_fill = dev_bars_fill,
  .heat_fill = dev_heat_fill,
  .synchronize = dev_synchronize,
};

static const WsBackend cuda_backend = {
  .name = "cuda",
  .describe = cuda_describe,
  .query_devices = cuda_query_devices,
  .use_device = cuda_use_device,
  .has_variant = cuda_has_variant,
  .run = cuda_run,
  .copy_bandwidth = cuda_copy_bandwidth,
  .device = &cuda_device,
  .stage = &ws_cuda_stage_ops,
};

const WsBackend *
ws_backend_gpu (void)
{
  return &cuda_backend;
}
