/* ws-backend-cuda.c: the CUDA backend, adapting libwarpscope-cuda's C API
 * (cuda/ws-cuda.h) to the engine's WsBackend. The only file of app/core that
 * knows the CUDA library exists; built only when it is. */
#include "ws-backend.h"

#include "ws-cancel.h"
#include "ws-cuda.h"
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

static void
copy_info (WsDeviceInfo *to, const WsCudaDeviceInfo *from)
{
  g_strlcpy (to->name, from->name, sizeof to->name);
  to->major = from->major;
  to->minor = from->minor;
  to->sm_count = from->sm_count;
  to->global_mem = from->global_mem;
  to->free_mem = from->free_mem;
  to->shared_mem_per_block = from->shared_mem_per_block;
  to->regs_per_block = from->regs_per_block;
  to->warp_size = from->warp_size;
  to->max_threads_per_block = from->max_threads_per_block;
  to->const_mem = from->const_mem;
  to->clock_khz = from->clock_khz;
  to->memory_clock_khz = from->memory_clock_khz;
  to->memory_bus_width = from->memory_bus_width;
}

/* The engine's error for a CUDA one: a GPU that cannot be used is
 * UNAVAILABLE (callers fall back to the CPU); the message is kept. */
static void
propagate (GError **error, GError *cuda_error)
{
  WsErrorCode code;

  switch (cuda_error->code)
    {
    case WS_CUDA_ERROR_OUT_OF_MEMORY: code = WS_ERROR_NO_MEMORY; break;
    case WS_CUDA_ERROR_UNSUPPORTED: code = WS_ERROR_UNSUPPORTED; break;
    case WS_CUDA_ERROR_INVALID: code = WS_ERROR_INVALID_ARGUMENT; break;
    case WS_CUDA_ERROR_KERNEL_FAULT: code = WS_ERROR_DEVICE; break;
    case WS_CUDA_ERROR_CANCELLED: code = WS_ERROR_CANCELLED; break;
    default: code = WS_ERROR_UNAVAILABLE; break;
    }
  g_set_error_literal (error, WS_ERROR, code, cuda_error->message);
  g_error_free (cuda_error);
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
      WsCudaDeviceInfo cinfo;
      WsDeviceInfo info = { 0 };
      if (ws_cuda_device_info (d, &cinfo, &local))
        {
          copy_info (&info, &cinfo);
          g_array_append_val (found, info);
        }
    }
  if (local != NULL)
    {
      propagate (error, local);
      return FALSE;
    }
  if (devices != NULL)
    *devices = g_steal_pointer (&found);
  return TRUE;
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
  ok = dispatch (in, out, &timing, &local);
  ws_cuda_set_stop_flag (NULL);
  if (!ok)
    {
      propagate (error, local);
      return FALSE;
    }
  copy_times (out, &timing);
  return TRUE;
}

/* ---- the animator's device side ---- */

static WsCudaType
cuda_type (WsKeyType type)
{
  return type == WS_KEY_INT32 ? WS_CUDA_INT32 : WS_CUDA_FLOAT32;
}

/* A CUDA result as the engine's: its error converted. The error comes by
 * address and is read here, after the call that set it: C leaves the order
 * of a call's arguments open, so `converted (f (&e), e, …)` could read e
 * before f ran (GCC does, and the message was lost). */
static gboolean
converted (gboolean ok, GError **cuda_error, GError **error)
{
  if (!ok && *cuda_error != NULL)
    propagate (error, g_steal_pointer (cuda_error));
  g_clear_error (cuda_error);
  return ok;
}

static gpointer
dev_alloc (gsize bytes, GError **error)
{
  GError *e = NULL;
  gpointer p = ws_cuda_malloc (bytes, &e);

  converted (p != NULL, &e, error);
  return p;
}

static gboolean
dev_upload (gpointer d, gconstpointer host, gsize bytes, GError **error)
{
  GError *e = NULL;

  return converted (ws_cuda_upload (d, host, bytes, &e), &e, error);
}

static gboolean
dev_download (gpointer host, gconstpointer d, gsize bytes, GError **error)
{
  GError *e = NULL;

  return converted (ws_cuda_download (host, d, bytes, &e), &e, error);
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

  return converted (ws_cuda_network_pass (cuda_sorts[kind], cuda_type (type), d_keys, width,
                                          info->k, info->j, info->phase, d_flags, d_tally, &e),
                    &e, error);
}

static gboolean
dev_tally_reset (gpointer d_tally, GError **error)
{
  GError *e = NULL;

  return converted (ws_cuda_tally_reset (d_tally, &e), &e, error);
}

/* Sorted runs of 1 key, or blocks other than single keys, are not a stage
 * end's invariant: the animator checks only those. */
static gboolean
dev_check (WsNetworkKind kind, WsKeyType type, gconstpointer d_keys, gsize width,
           const WsPassInfo *info, const WsPassCheck *check, gpointer d_tally, GError **error)
{
  GError *e = NULL;

  if (check->kind == WS_PASS_CHECK_COMPARATORS)
    return converted (ws_cuda_check_pass (cuda_sorts[kind], cuda_type (type), d_keys, width,
                                          info->k, info->j, info->phase, d_tally, &e),
                      &e, error);
  g_return_val_if_fail (check->block == 1, FALSE);
  return converted (ws_cuda_check_runs (cuda_type (type), d_keys, width, check->run,
                                        check->dir_mask, d_tally, &e),
                    &e, error);
}

static gboolean
dev_bars_fill (WsKeyType type, gconstpointer d_keys, const guint8 *d_flags, gsize n, double vmin,
               double vmax, guint columns, gpointer d_bins, GError **error)
{
  GError *e = NULL;

  return converted (ws_cuda_bars_fill (cuda_type (type), d_keys, d_flags, n, vmin, vmax, columns,
                                       d_bins, &e),
                    &e, error);
}

static gpointer
dev_gl_register (guint buffer, GError **error)
{
  GError *e = NULL;
  WsCudaGlBuffer *b = ws_cuda_gl_register (buffer, &e);

  converted (b != NULL, &e, error);
  return b;
}

static gboolean
dev_gl_map (gpointer handle, gpointer *d_ptr, GError **error)
{
  GError *e = NULL;
  gsize size;

  return converted (ws_cuda_gl_map (handle, d_ptr, &size, &e), &e, error);
}

static gboolean
dev_gl_unmap (gpointer handle, GError **error)
{
  GError *e = NULL;

  return converted (ws_cuda_gl_unmap (handle, &e), &e, error);
}

static void
dev_gl_unregister (gpointer handle)
{
  ws_cuda_gl_unregister (handle);
}

/* The engine's launch mask as libwarpscope-cuda's (NULL stays NULL). */
static const WsCudaHeatMask *
cuda_mask (const WsHeatMask *mask, WsCudaHeatMask *to)
{
  if (mask == NULL)
    return NULL;
  *to = (WsCudaHeatMask) { mask->block_rows, mask->block_cols, mask->done };
  return to;
}

static gboolean
dev_heat_fill (WsKeyType type, gconstpointer d_grid, guint64 side, const WsHeatMask *mask,
               guint texels, gpointer d_out, GError **error)
{
  GError *e = NULL;
  WsCudaHeatMask m;

  return converted (ws_cuda_heat_fill (cuda_type (type), d_grid, side, cuda_mask (mask, &m),
                                       texels, d_out, &e),
                    &e, error);
}

static gpointer
dev_gl_register_image (guint texture, GError **error)
{
  GError *e = NULL;
  WsCudaGlImage *image = ws_cuda_gl_register_image (texture, &e);

  converted (image != NULL, &e, error);
  return image;
}

static gboolean
dev_heat_fill_image (gpointer handle, WsKeyType type, gconstpointer d_grid, guint64 side,
                     const WsHeatMask *mask, guint texels, GError **error)
{
  GError *e = NULL;
  WsCudaHeatMask m;

  return converted (ws_cuda_heat_fill_image (handle, cuda_type (type), d_grid, side,
                                             cuda_mask (mask, &m), texels, &e),
                    &e, error);
}

static void
dev_gl_unregister_image (gpointer handle)
{
  ws_cuda_gl_unregister_image (handle);
}

static gboolean
dev_synchronize (GError **error)
{
  GError *e = NULL;

  return converted (ws_cuda_synchronize (&e), &e, error);
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
  .gl_register = dev_gl_register,
  .gl_map = dev_gl_map,
  .gl_unmap = dev_gl_unmap,
  .gl_unregister = dev_gl_unregister,
  .heat_fill = dev_heat_fill,
  .gl_register_image = dev_gl_register_image,
  .heat_fill_image = dev_heat_fill_image,
  .gl_unregister_image = dev_gl_unregister_image,
  .synchronize = dev_synchronize,
};

static const WsBackend cuda_backend = {
  .name = "cuda",
  .describe = cuda_describe,
  .query_devices = cuda_query_devices,
  .has_variant = cuda_has_variant,
  .run = cuda_run,
  .device = &cuda_device,
};

const WsBackend *
ws_backend_cuda (void)
{
  return &cuda_backend;
}
