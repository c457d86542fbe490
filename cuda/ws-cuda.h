/* ws-cuda.h: the C face of libwarpscope-cuda.
 *
 * Plain C with GLib types only, so that host code compiled by a C compiler
 * can call it. Every function reports failures as a GError in the
 * WS_CUDA_ERROR domain and never exits.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define WS_CUDA_ERROR (ws_cuda_error_quark ())

typedef enum
{
  WS_CUDA_ERROR_NO_DEVICE,     /* no CUDA-capable GPU, or no driver */
  WS_CUDA_ERROR_DRIVER,        /* the driver is older than the runtime */
  WS_CUDA_ERROR_NO_KERNEL,     /* no code in the binary for this GPU */
  WS_CUDA_ERROR_OUT_OF_MEMORY, /* device memory exhausted */
  WS_CUDA_ERROR_FAILED,        /* anything else the runtime reports */
} WsCudaErrorCode;

/* The table every study printed about its GPU. */
typedef struct
{
  char    name[256];
  int     major;
  int     minor;
  int     sm_count;
  guint64 global_mem;
  guint64 shared_mem_per_block;
  int     regs_per_block;
  int     warp_size;
  int     max_threads_per_block;
  guint64 const_mem;
  int     clock_khz;
  int     memory_bus_width;
  int     memory_clock_khz;
} WsCudaDeviceInfo;

GQuark   ws_cuda_error_quark     (void);

/* Versions as CUDA encodes them (1000*major + 10*minor); 0 when unknown. */
int      ws_cuda_runtime_version (void);
int      ws_cuda_driver_version  (void);

/* Number of usable GPUs; 0 with an error saying why when there are none. */
int      ws_cuda_device_count    (GError          **error);
gboolean ws_cuda_device_info     (int               device,
                                  WsCudaDeviceInfo *info,
                                  GError          **error);

G_END_DECLS
