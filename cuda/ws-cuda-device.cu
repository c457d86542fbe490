// ws-cuda-device.cu: which GPUs are there, what they can do, what this
// binary was built for, and raw device memory for the pass-level calls.
#include "ws-cuda-common.cuh"

#include <cstring>

G_DEFINE_QUARK (ws-cuda-error-quark, ws_cuda_error)

int
ws_cuda_runtime_version (void)
{
  int v = 0;
  return cudaRuntimeGetVersion (&v) == cudaSuccess ? v : 0;
}

int
ws_cuda_driver_version (void)
{
  int v = 0;
  return cudaDriverGetVersion (&v) == cudaSuccess ? v : 0;
}

const char *
ws_cuda_built_architectures (void)
{
  return WS_CUDA_ARCHS; // set by cuda/meson.build from -Dcuda-arch
}

int
ws_cuda_device_count (GError **error)
{
  int count = 0;

  if (!ws::check (cudaGetDeviceCount (&count), "No CUDA device", error))
    return 0;
  if (count == 0)
    g_set_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_NO_DEVICE,
                 "No CUDA device: the driver reports no GPU");
  return count;
}

static int
attribute (cudaDeviceAttr attr, int device)
{
  int value = 0;
  if (cudaDeviceGetAttribute (&value, attr, device) != cudaSuccess)
    return 0;
  return value;
}

// As nvidia-smi -L writes it: "GPU-" and the 16 bytes in groups 4-2-2-2-6.
static void
format_uuid (const cudaUUID_t &uuid, char *out, size_t size)
{
  const unsigned char *b = (const unsigned char *) uuid.bytes;

  g_snprintf (out, size,
              "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
              b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12],
              b[13], b[14], b[15]);
}

gboolean
ws_cuda_device_info (int               device,
                     WsDeviceInfo *info,
                     GError          **error)
{
  cudaDeviceProp prop;

  if (!ws::check (cudaGetDeviceProperties (&prop, device), "Cannot query the GPU", error))
    return FALSE;
  memset (info, 0, sizeof *info);
  g_strlcpy (info->name, prop.name, sizeof info->name);
  info->major = prop.major;
  info->minor = prop.minor;
  info->sm_count = prop.multiProcessorCount;
  info->global_mem = prop.totalGlobalMem;
  info->shared_mem_per_block = prop.sharedMemPerBlock;
  info->regs_per_block = prop.regsPerBlock;
  info->warp_size = prop.warpSize;
  info->max_threads_per_block = prop.maxThreadsPerBlock;
  info->const_mem = prop.totalConstMem;
  // Clock rates left cudaDeviceProp in CUDA 13; attributes still carry them.
  info->clock_khz = attribute (cudaDevAttrClockRate, device);
  info->memory_clock_khz = attribute (cudaDevAttrMemoryClockRate, device);
  info->memory_bus_width = prop.memoryBusWidth;
  format_uuid (prop.uuid, info->uuid, sizeof info->uuid);
  if (cudaDeviceGetPCIBusId (info->pci_bus_id, (int) sizeof info->pci_bus_id, device) != cudaSuccess)
    {
      cudaGetLastError ();
      info->pci_bus_id[0] = '\0';
    }
  int current = -1;
  size_t free_bytes = 0, total = 0;
  if (cudaGetDevice (&current) == cudaSuccess && current == device
      && cudaMemGetInfo (&free_bytes, &total) == cudaSuccess)
    info->free_mem = free_bytes; // what a run about to start can have
  return TRUE;
}

gboolean
ws_cuda_set_device (int      device,
                    GError **error)
{
  int count = ws_cuda_device_count (error);

  if (count == 0)
    return FALSE;
  if (device < 0 || device >= count)
    return ws::invalid (error, "GPU %d is not on this machine: it has %d GPU%s, numbered from 0",
                        device, count, count == 1 ? "" : "s");
  return ws::check (cudaSetDevice (device), "Cannot make the GPU current", error);
}

int
ws_cuda_current_device (void)
{
  int device = -1;

  if (cudaGetDevice (&device) != cudaSuccess)
    {
      cudaGetLastError ();
      return -1;
    }
  return device;
}

gpointer
ws_cuda_malloc (gsize    bytes,
                GError **error)
{
  void *ptr = nullptr;

  if (!ws::use_device (nullptr, error)
      || !ws::check (cudaMalloc (&ptr, bytes ? bytes : 1), "Cannot allocate GPU memory", error))
    return nullptr;
  return ptr;
}

void
ws_cuda_free (gpointer device_ptr)
{
  if (device_ptr != nullptr)
    cudaFree (device_ptr);
}

gboolean
ws_cuda_upload (gpointer      device_ptr,
                gconstpointer host,
                gsize         bytes,
                GError      **error)
{
  return ws::upload (device_ptr, host, bytes, error);
}

gboolean
ws_cuda_download (gpointer      host,
                  gconstpointer device_ptr,
                  gsize         bytes,
                  GError      **error)
{
  return ws::download (host, device_ptr, bytes, error);
}

gboolean
ws_cuda_synchronize (GError **error)
{
  return ws::synchronize ("The GPU failed while working", error);
}
