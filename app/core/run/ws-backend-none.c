/* ws-backend-none.c: the GPU backend of a build without CUDA — it says why
 * there is no GPU. With CUDA, cuda/ws-cuda-backend.c defines
 * ws_backend_gpu instead, and core knows nothing of it. */
#include "ws-backend.h"

#include "ws-error.h"

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
nocuda_use_device (const WsBackend *self,
                   int              device,
                   GError         **error)
{
  return nocuda_query_devices (self, NULL, error);
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

static gboolean
nocuda_copy_bandwidth (const WsBackend *self,
                       gsize            bytes,
                       guint            repeat,
                       double          *gb_per_s,
                       GError         **error)
{
  return nocuda_query_devices (self, NULL, error);
}

static const WsBackend nocuda_backend = {
  .name = "cuda",
  .describe = nocuda_describe,
  .query_devices = nocuda_query_devices,
  .use_device = nocuda_use_device,
  .has_variant = nocuda_has_variant,
  .run = nocuda_run,
  .copy_bandwidth = nocuda_copy_bandwidth,
};

const WsBackend *
ws_backend_gpu (void)
{
  return &nocuda_backend;
}
