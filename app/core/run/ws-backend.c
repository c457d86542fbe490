/* ws-backend.c: the CPU backend, and the CUDA stand-in for builds without CUDA. */
#include "ws-backend.h"

#include "ws-config.h"
#include "ws-error.h"
#include "ws-registry.h"
#include "ws-run-cpu.h"
#include "ws-system.h"

static char *
cpu_describe (const WsBackend *self)
{
  WsCpuInfo cpu;

  ws_system_cpu_info (&cpu);
  return g_strdup_printf ("%s, %u threads", ws_system_openmp_name (), cpu.omp_threads);
}

/* The CPU is described by ws-system.h; it has no WsDeviceInfo table. */
static gboolean
cpu_query_devices (const WsBackend *self,
                   GArray         **devices,
                   GError         **error)
{
  *devices = g_array_new (FALSE, TRUE, sizeof (WsDeviceInfo));
  return TRUE;
}

static gboolean
cpu_has_variant (const WsBackend *self,
                 const char      *algorithm,
                 WsVariant        variant)
{
  const WsAlgorithm *algo = ws_registry_lookup (algorithm, NULL);

  return algo != NULL && !ws_variant_is_gpu (variant) && ws_algorithm_defines (algo, variant);
}

static gboolean
cpu_run (const WsBackend  *self,
         const WsRunInput *in,
         WsRunOutput      *out,
         GError          **error)
{
  return ws_run_on_cpu (in, out, error);
}

static const WsBackend cpu_backend = {
  .name = "cpu",
  .describe = cpu_describe,
  .query_devices = cpu_query_devices,
  .has_variant = cpu_has_variant,
  .run = cpu_run,
};

const WsBackend *
ws_backend_cpu (void)
{
  return &cpu_backend;
}

const WsBackend *
ws_backend_for (WsVariant variant)
{
  return ws_variant_is_gpu (variant) ? ws_backend_cuda () : ws_backend_cpu ();
}

#if !WS_HAVE_CUDA
static char *
nocuda_describe (const WsBackend *self)
{
  return g_strdup ("not built (nvcc was not found when Warpscope was configured)");
}

static gboolean
nocuda_query_devices (const WsBackend *self,
                      GArray         **devices,
                      GError         **error)
{
  if (devices != NULL)
    *devices = NULL;
  g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE,
               "This build of Warpscope has no CUDA backend: install the CUDA toolkit "
               "(nvcc) and rebuild with -Dcuda=enabled to use a GPU");
  return FALSE;
}

static gboolean
nocuda_has_variant (const WsBackend *self,
                    const char      *algorithm,
                    WsVariant        variant)
{
  return FALSE;
}

static gboolean
nocuda_run (const WsBackend  *self,
            const WsRunInput *in,
            WsRunOutput      *out,
            GError          **error)
{
  return nocuda_query_devices (self, NULL, error);
}

static const WsBackend nocuda_backend = {
  .name = "cuda",
  .describe = nocuda_describe,
  .query_devices = nocuda_query_devices,
  .has_variant = nocuda_has_variant,
  .run = nocuda_run,
};

const WsBackend *
ws_backend_cuda (void)
{
  return &nocuda_backend;
}
#endif

double
ws_device_peak_gbps (const WsDeviceInfo *info)
{
  g_return_val_if_fail (info != NULL, 0.0);
  if (info->memory_bus_width <= 0 || info->memory_clock_khz <= 0)
    return 0.0;
  return 2.0 * info->memory_clock_khz * 1e3 * (info->memory_bus_width / 8) / 1e9;
}
