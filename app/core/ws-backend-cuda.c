/* ws-backend-cuda.c: the CUDA backend, adapting libwarpscope-cuda's C API
 * (cuda/ws-cuda.h) to the engine's WsBackend. The only file of app/core that
 * knows the CUDA library exists; built only when it is. */
#include "ws-backend.h"

#include "ws-cuda.h"
#include "ws-error.h"

static char *
cuda_describe (const WsBackend *self)
{
  int rt = ws_cuda_runtime_version ();
  int drv = ws_cuda_driver_version ();

  if (drv == 0)
    return g_strdup_printf ("CUDA runtime %d.%d, no NVIDIA driver", rt / 1000, rt % 1000 / 10);
  return g_strdup_printf ("CUDA runtime %d.%d, driver supports CUDA %d.%d",
                          rt / 1000, rt % 1000 / 10, drv / 1000, drv % 1000 / 10);
}

static void
copy_info (WsDeviceInfo *to, const WsCudaDeviceInfo *from)
{
  g_strlcpy (to->name, from->name, sizeof to->name);
  to->major = from->major;
  to->minor = from->minor;
  to->sm_count = from->sm_count;
  to->global_mem = from->global_mem;
  to->shared_mem_per_block = from->shared_mem_per_block;
  to->regs_per_block = from->regs_per_block;
  to->warp_size = from->warp_size;
  to->max_threads_per_block = from->max_threads_per_block;
  to->const_mem = from->const_mem;
  to->clock_khz = from->clock_khz;
  to->memory_clock_khz = from->memory_clock_khz;
  to->memory_bus_width = from->memory_bus_width;
}

/* CUDA errors become WS_ERROR_UNAVAILABLE: to the engine, a GPU that cannot
 * be used is a GPU that is not there, and the message says why. */
static gboolean
cuda_query_devices (const WsBackend *self,
                    GArray         **devices,
                    GError         **error)
{
  g_autoptr (GError) local = NULL;
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
      g_set_error_literal (error, WS_ERROR, WS_ERROR_UNAVAILABLE, local->message);
      *devices = NULL;
      return FALSE;
    }
  *devices = g_steal_pointer (&found);
  return TRUE;
}

static gboolean
cuda_has_variant (const WsBackend *self,
                  const char      *algorithm,
                  WsVariant        variant)
{
  return FALSE; /* the kernels arrive with the next milestone */
}

static const WsBackend cuda_backend = {
  .name = "cuda",
  .describe = cuda_describe,
  .query_devices = cuda_query_devices,
  .has_variant = cuda_has_variant,
};

const WsBackend *
ws_backend_cuda (void)
{
  return &cuda_backend;
}
