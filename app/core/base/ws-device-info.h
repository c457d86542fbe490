/* ws-device-info.h: one compute device as the studies tabulated it — the
 * one type the CUDA library fills (ws_cuda_device_info) and the engine's
 * backends hand out (WsBackend.query_devices). Plain C, no CUDA. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Sizes in bytes. */
typedef struct
{
  char    name[256];
  int     major;                 /* compute capability */
  int     minor;
  int     sm_count;
  guint64 global_mem;
  guint64 free_mem;              /* free when queried, for the current device; 0: unknown */
  guint64 shared_mem_per_block;
  int     regs_per_block;
  int     warp_size;
  int     max_threads_per_block;
  guint64 const_mem;
  int     clock_khz;
  int     memory_clock_khz;
  int     memory_bus_width;      /* bits */
  char    uuid[48];              /* "GPU-1b2c…" as nvidia-smi writes it; "" when unknown */
  char    pci_bus_id[32];        /* "0000:65:00.0"; "" when unknown */
} WsDeviceInfo;

/* The memory bandwidth the device's bus allows (double data rate), GB/s;
 * 0 when the clock or the width is unknown. */
double ws_device_peak_gbps (const WsDeviceInfo *info);

G_END_DECLS
