/* ws-backend.c: the CPU backend, and the choice of backend for a variant. */
#include "ws-backend.h"

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

/* Host memory's bandwidth is not what the roofline table compares with. */
static gboolean
cpu_copy_bandwidth (const WsBackend *self,
                    gsize            bytes,
                    guint            repeat,
                    double          *gb_per_s,
                    GError         **error)
{
  g_set_error_literal (error, WS_ERROR, WS_ERROR_UNAVAILABLE,
                       "The CPU backend has no GPU whose copy bandwidth could be measured");
  return FALSE;
}

static const WsBackend cpu_backend = {
  .name = "cpu",
  .describe = cpu_describe,
  .query_devices = cpu_query_devices,
  .has_variant = cpu_has_variant,
  .run = cpu_run,
  .copy_bandwidth = cpu_copy_bandwidth,
};

const WsBackend *
ws_backend_cpu (void)
{
  return &cpu_backend;
}

const WsBackend *
ws_backend_for (WsVariant variant)
{
  return ws_variant_is_gpu (variant) ? ws_backend_gpu () : ws_backend_cpu ();
}
