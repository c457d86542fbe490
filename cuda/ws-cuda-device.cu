// ws-cuda-device.cu: which GPUs are there and what they can do.
#include "ws-cuda.h"

#include <cuda_runtime.h>

#include <cstring>

G_DEFINE_QUARK (ws-cuda-error-quark, ws_cuda_error)

// Map a runtime status to our error codes, with a message a user can act on.
static void
set_cuda_error (GError **error, cudaError_t status, const char *what)
{
  WsCudaErrorCode code = WS_CUDA_ERROR_FAILED;
  const char *hint = "";

  switch (status)
    {
    case cudaErrorNoDevice:
      code = WS_CUDA_ERROR_NO_DEVICE;
      hint = " (no NVIDIA GPU is visible to this process)";
      break;
    case cudaErrorInsufficientDriver:
      // The runtime says this both for an old driver and for none at all.
      if (ws_cuda_driver_version () == 0)
        {
          g_set_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_NO_DEVICE,
                       "%s: no NVIDIA driver is installed on this machine", what);
          return;
        }
      code = WS_CUDA_ERROR_DRIVER;
      hint = " (update the NVIDIA driver to one that supports CUDA 13)";
      break;
    case cudaErrorNoKernelImageForDevice:
    case cudaErrorUnsupportedPtxVersion:
      code = WS_CUDA_ERROR_NO_KERNEL;
      hint = " (rebuild with this GPU's architecture in -Dcuda_arch)";
      break;
    case cudaErrorMemoryAllocation:
      code = WS_CUDA_ERROR_OUT_OF_MEMORY;
      hint = " (choose a smaller size)";
      break;
    default:
      break;
    }
  g_set_error (error, WS_CUDA_ERROR, code, "%s: %s%s", what,
               cudaGetErrorString (status), hint);
}

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

int
ws_cuda_device_count (GError **error)
{
  int count = 0;
  cudaError_t status = cudaGetDeviceCount (&count);

  if (status != cudaSuccess)
    {
      set_cuda_error (error, status, "No CUDA device");
      return 0;
    }
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

gboolean
ws_cuda_device_info (int               device,
                     WsCudaDeviceInfo *info,
                     GError          **error)
{
  cudaDeviceProp prop;
  cudaError_t status = cudaGetDeviceProperties (&prop, device);

  if (status != cudaSuccess)
    {
      set_cuda_error (error, status, "Cannot query the GPU");
      return FALSE;
    }
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
  return TRUE;
}
