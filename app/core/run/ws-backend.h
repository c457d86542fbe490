/* ws-backend.h: how the engine reaches a compute device.
 *
 * A backend is a table of function pointers. app/core holds one instance for
 * the CPU and reaches CUDA only through another instance, filled in by
 * ws-backend-cuda.c when the build has CUDA (and by a stub that explains why
 * not otherwise). That keeps every CUDA header out of core, so core builds
 * and tests on machines without nvcc.
 */
#pragma once

#include <glib.h>

#include "ws-heat.h"
#include "ws-network.h"
#include "ws-run-types.h"
#include "ws-types.h"

G_BEGIN_DECLS

/* One compute device as the studies tabulated it. Sizes in bytes. */
typedef struct
{
  char    name[256];
  int     major;                 /* compute capability */
  int     minor;
  int     sm_count;
  guint64 global_mem;
  guint64 free_mem;              /* free when queried (cudaMemGetInfo); 0: unknown */
  guint64 shared_mem_per_block;
  int     regs_per_block;
  int     warp_size;
  int     max_threads_per_block;
  guint64 const_mem;
  int     clock_khz;
  int     memory_clock_khz;
  int     memory_bus_width;      /* bits */
} WsDeviceInfo;

/* The memory bandwidth the device's bus allows (double data rate), GB/s;
 * 0 when the clock or the width is unknown. */
double ws_device_peak_gbps (const WsDeviceInfo *info);

/* What an animation's passes did and what its checks found, kept in
 * device memory (the layout of libwarpscope-cuda's tally): the host reads
 * these bytes, not the keys. Counts add up over passes; first_bad is
 * G_MAXUINT64 until a check finds a key out of order. */
typedef struct
{
  guint64 comparisons;
  guint64 swaps;
  guint64 first_bad;
} WsDeviceTally;

/* The animator's device side: keys in device memory, network passes, their
 * counts and checks and the bars view's bins made there (same layout as
 * ws-bars.h), and OpenGL buffers the device can write. Errors as the
 * engine's (WS_ERROR_*). */
typedef struct
{
  gpointer (*alloc)         (gsize          bytes,
                             GError       **error);
  void     (*release)       (gpointer       d_ptr);
  gboolean (*upload)        (gpointer       d_ptr,
                             gconstpointer  host,
                             gsize          bytes,
                             GError       **error);
  gboolean (*download)      (gpointer       host,
                             gconstpointer  d_ptr,
                             gsize          bytes,
                             GError       **error);
  /* One pass on `width` keys; d_flags (or NULL) gets WS_BAR_* bits, and
   * d_tally (a WsDeviceTally in device memory, or NULL) its counts. */
  gboolean (*pass)          (WsNetworkKind  kind,
                             WsKeyType      type,
                             gpointer       d_keys,
                             gsize          width,
                             const WsPassInfo *info,
                             guint8        *d_flags,
                             gpointer       d_tally,
                             GError       **error);
  gboolean (*tally_reset)   (gpointer       d_tally,
                             GError       **error);
  /* The invariant of a pass that ends a stage (ws_network_pass_check:
   * sorted runs, or the pass's comparators ordered), checked on the
   * device; the first key that breaks it lowers d_tally's first_bad. */
  gboolean (*check)         (WsNetworkKind  kind,
                             WsKeyType      type,
                             gconstpointer  d_keys,
                             gsize          width,
                             const WsPassInfo *info,
                             const WsPassCheck *check,
                             gpointer       d_tally,
                             GError       **error);
  gboolean (*bars_fill)     (WsKeyType      type,
                             gconstpointer  d_keys,
                             const guint8  *d_flags,
                             gsize          n,
                             double         vmin,
                             double         vmax,
                             guint          columns,
                             gpointer       d_bins,
                             GError       **error);
  /* A GL buffer object of the current context, or NULL saying why. */
  gpointer (*gl_register)   (guint          gl_buffer,
                             GError       **error);
  gboolean (*gl_map)        (gpointer       handle,
                             gpointer      *d_ptr,
                             GError       **error);
  gboolean (*gl_unmap)      (gpointer       handle,
                             GError       **error);
  void     (*gl_unregister) (gpointer       handle);
  /* The heat map's texels (ws-heat.h) of a device grid, into device
   * memory (texels² floats) … */
  gboolean (*heat_fill)     (WsKeyType      type,
                             gconstpointer  d_grid,
                             guint64        side,
                             const WsHeatMask *mask,
                             guint          texels,
                             gpointer       d_out,
                             GError       **error);
  /* … or into a GL texture (GL_R32F) of the current context: registered
   * once (NULL saying why it cannot be), then written by the device. */
  gpointer (*gl_register_image) (guint      gl_texture,
                                 GError   **error);
  gboolean (*heat_fill_image)   (gpointer   handle,
                                 WsKeyType  type,
                                 gconstpointer d_grid,
                                 guint64    side,
                                 const WsHeatMask *mask,
                                 guint      texels,
                                 GError   **error);
  void     (*gl_unregister_image) (gpointer handle);
  /* Waits for the device's work (for timing, and to surface faults). */
  gboolean (*synchronize)   (GError       **error);
} WsDeviceOps;

typedef struct _WsBackend WsBackend;

struct _WsBackend
{
  const char *name;              /* "cpu" or "cuda" */

  /* A line saying what this backend was built with ("CUDA runtime 13.0,
   * driver 13.0", "OpenMP 4.5, 2 threads"). Free with g_free. */
  char     *(*describe)       (const WsBackend *self);

  /* The devices it can compute on, as an array of WsDeviceInfo. FALSE and an
   * error saying why (no GPU, no driver, not built with CUDA) when none. */
  gboolean  (*query_devices)  (const WsBackend *self,
                               GArray         **devices,
                               GError         **error);

  /* Whether it implements `variant` of the named algorithm. */
  gboolean  (*has_variant)    (const WsBackend *self,
                               const char      *algorithm,
                               WsVariant        variant);

  /* Runs in->variant, filling out's results, counters and times. ws_run has
   * checked the request and copied what an in-place algorithm changes. */
  gboolean  (*run)            (const WsBackend  *self,
                               const WsRunInput *in,
                               WsRunOutput      *out,
                               GError          **error);

  /* Device memory and work for the animator; NULL where the backend has
   * no device (the CPU, a build without CUDA). */
  const WsDeviceOps *device;
};

const WsBackend *ws_backend_cpu     (void);
const WsBackend *ws_backend_cuda    (void);

/* The backend that runs `variant`: the CPU one for cpu-*, CUDA for gpu-*. */
const WsBackend *ws_backend_for     (WsVariant variant);

G_END_DECLS
