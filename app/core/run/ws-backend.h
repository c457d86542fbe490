/* ws-backend.h: how the engine reaches a compute device.
 *
 * A backend is a table of function pointers. app/core holds one instance for
 * the CPU and names another, the GPU's (ws_backend_gpu), which the GPU
 * library implements (cuda/ws-cuda-backend.c) when the build has CUDA and
 * ws-backend-none.c otherwise, saying why there is none. Core includes no
 * CUDA header and links no CUDA library, so it builds and tests on machines
 * without nvcc. Drawing from device memory (GL interop) is gl/'s business
 * (gl/ws-interop.h), not the engine's.
 */
#pragma once

#include <glib.h>

#include "ws-device-info.h"
#include "ws-heat.h"
#include "ws-network.h"
#include "ws-run-types.h"
#include "ws-types.h"

G_BEGIN_DECLS

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
 * counts and checks, and the frames' data made there — the bars view's
 * bins (same layout as ws-bars.h) and the heat maps' texels. Errors as the
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
  /* The heat map's texels (ws-heat.h) of a device grid's region (NULL:
   * all of it), into device memory (texels² floats). */
  gboolean (*heat_fill)     (WsKeyType      type,
                             gconstpointer  d_grid,
                             guint64        side,
                             const WsHeatRegion *region,
                             const WsHeatMask *mask,
                             guint          texels,
                             gpointer       d_out,
                             GError       **error);
  /* Waits for the device's work (for timing, and to surface faults). */
  gboolean (*synchronize)   (GError       **error);
} WsDeviceOps;

/* A student's stage kernel (issue 17): the source and what Warpscope
 * asks of it — the key type (WS_KEY in the source), the kernel's type as
 * C++ spells it and the declaration to show the student. */
typedef struct
{
  const char *path;      /* names the file in messages */
  const char *source;    /* NUL-terminated */
  const char *key;       /* "float" or "int" */
  const char *pointer;   /* "void (*) (float *, unsigned, unsigned, unsigned)" */
  const char *signature; /* "extern \"C\" __global__ void stage (float *keys, …)" */
} WsStageSource;

/* The device side of a student's kernel; errors as the engine's. */
typedef struct
{
  /* Compiled (NVRTC, loaded at run time) and loaded on the GPU: a handle
   * for run. WS_ERROR_PARSE lists the compiler's errors as
   * "file:line:column: error: …"; WS_ERROR_UNAVAILABLE says there is no
   * compiler, or no GPU (after checking that the source compiles). The
   * compiler's warnings, if any, go to *warnings (NULL otherwise). */
  gpointer (*compile) (const WsStageSource *source,
                       char               **warnings,
                       GError             **error);
  /* One launch: the keys, then n_params unsigned parameters, one thread
   * per key (threads) in blocks of `block`; waits for it. A fault is
   * WS_ERROR_DEVICE, after which the process's GPU context is lost. */
  gboolean (*run)     (gpointer             stage,
                       gpointer             d_keys,
                       guint                n_params,
                       const guint         *params,
                       guint64              threads,
                       guint                block,
                       GError             **error);
  void     (*free)    (gpointer             stage);
  /* *at = the first of n keys where d_a and d_b differ by value, or
   * G_MAXUINT64; d_word is 8 bytes of device memory to work in. */
  gboolean (*differ)  (WsKeyType            type,
                       gconstpointer        d_a,
                       gconstpointer        d_b,
                       gsize                n,
                       gpointer             d_word,
                       guint64             *at,
                       GError             **error);
} WsStageOps;

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

  /* Makes `device` (an index into query_devices' array) the calling
   * thread's: the runs, device memory and work this thread asks for from
   * now on go there; other threads keep theirs (each starts on device 0).
   * WS_ERROR_INVALID_ARGUMENT for a device that is not there,
   * WS_ERROR_UNAVAILABLE where there is no GPU at all. NULL where the
   * backend has no devices to choose from (the CPU). */
  gboolean  (*use_device)     (const WsBackend *self,
                               int              device,
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

  /* The device's copy bandwidth in GB/s (1e9 B/s), read and write counted
   * (2 × bytes a copy): a warm-up, then `repeat` device-to-device copies of
   * `bytes`, their median — the yardstick of the roofline table
   * (warpscope-cli roofline). FALSE with WS_ERROR_UNAVAILABLE saying why
   * where there is no GPU (the CPU, a build without CUDA, no device). */
  gboolean  (*copy_bandwidth) (const WsBackend *self,
                               gsize            bytes,
                               guint            repeat,
                               double          *gb_per_s,
                               GError         **error);

  /* Device memory and work for the animator; NULL where the backend has
   * no device (the CPU, a build without CUDA). */
  const WsDeviceOps *device;
  /* Students' kernels; NULL where the backend runs none (the CPU, a build
   * without CUDA). */
  const WsStageOps  *stage;
};

const WsBackend *ws_backend_cpu     (void);
const WsBackend *ws_backend_gpu     (void);

/* The backend that runs `variant`: the CPU one for cpu-*, the GPU one for gpu-*. */
const WsBackend *ws_backend_for     (WsVariant variant);

G_END_DECLS
