/* ws-cuda.h: the C face of libwarpscope-cuda.
 *
 * Plain C with GLib types only, so that host code compiled by a C compiler
 * can call it. Of app/core it knows one plain table, WsDeviceInfo (base's
 * ws-device-info.h), which it fills; ws-cuda-backend.c adapts the rest to
 * the engine's backend and ws-cuda-interop.c to gl/'s interop. Every
 * function reports failures as a GError in the WS_CUDA_ERROR domain and
 * never exits.
 *
 * Whole runs take host arrays, do their own allocation and transfers, and
 * fill a WsCudaTiming with each phase. Pass-level calls take device
 * pointers, so the animator can run them on memory it has mapped from GL.
 */
#pragma once

#include <glib.h>

#include "ws-device-info.h"

G_BEGIN_DECLS

#define WS_CUDA_ERROR (ws_cuda_error_quark ())

typedef enum
{
  WS_CUDA_ERROR_NO_DEVICE,     /* no CUDA-capable GPU, or no driver */
  WS_CUDA_ERROR_DRIVER,        /* the driver is older than the runtime */
  WS_CUDA_ERROR_NO_KERNEL,     /* no code in the binary for this GPU */
  WS_CUDA_ERROR_OUT_OF_MEMORY, /* device memory exhausted */
  WS_CUDA_ERROR_KERNEL_FAULT,  /* a kernel failed while running */
  WS_CUDA_ERROR_UNSUPPORTED,   /* no such implementation of this algorithm */
  WS_CUDA_ERROR_INVALID,       /* a parameter out of range */
  WS_CUDA_ERROR_FAILED,        /* anything else the runtime reports */
  WS_CUDA_ERROR_CANCELLED,     /* the caller raised its stop flag (ws_cuda_set_stop_flag) */
} WsCudaErrorCode;


typedef enum
{
  WS_CUDA_INT32,
  WS_CUDA_FLOAT32,
} WsCudaType;

/* Which implementation runs: a study's code (and the named forms some studies
 * had), ours, or the library's. */
typedef enum
{
  WS_CUDA_SEED,        /* gpu-seed */
  WS_CUDA_SEED_SHARED, /* gpu-seed-shared: study 002's shared-memory bitonic */
  WS_CUDA_SEED_V1,     /* gpu-seed-v1: study 003's fused odd-even kernel on a stream */
  WS_CUDA_SEED_V2,     /* gpu-seed-v2: V1 with shared-memory staging */
  WS_CUDA_OURS,        /* gpu */
  WS_CUDA_LIB,         /* gpu-lib: CUB / Thrust */
} WsCudaImpl;

typedef enum
{
  WS_CUDA_BITONIC,
  WS_CUDA_ODD_EVEN,
  WS_CUDA_ODDEVEN_MERGE,
  WS_CUDA_RADIX_SORT,
  WS_CUDA_COUNTING_SORT,
} WsCudaSort;

/* Milliseconds per phase of one run. alloc and total come from the host
 * clock; h2d, kernel and d2h from CUDA events around those phases. The
 * kernel phase starts once the host has queued its launches (the launch
 * gate, ws-cuda-gate.cu): it times the GPU's work, not the host's launch
 * calls. The total leaves out a cold run's flush. */
typedef struct
{
  double  alloc_ms;
  double  h2d_ms;
  double  kernel_ms;
  double  d2h_ms;
  double  total_ms;
  guint64 launches;          /* kernel launches (library calls count as one) */
  gboolean cold;             /* L2 was emptied before the kernels (ws_cuda_set_cold) */
  int     device;
  char    device_name[256];
} WsCudaTiming;

typedef struct
{
  gboolean is_int;
  gint64   i;
  double   f;
} WsCudaScalar;

GQuark       ws_cuda_error_quark     (void);

/* Versions as CUDA encodes them (1000*major + 10*minor); 0 when unknown. */
int          ws_cuda_runtime_version (void);
int          ws_cuda_driver_version  (void);
/* The SASS architectures compiled in, e.g. "sm_75 sm_86 sm_89 sm_90 + PTX compute_90". */
const char  *ws_cuda_built_architectures (void);

/* Number of usable GPUs; 0 with an error saying why when there are none.
 * Devices are numbered 0 … count − 1 as the runtime sees them: under
 * CUDA_VISIBLE_DEVICES=2,3 the machine's GPU 2 is device 0. */
int          ws_cuda_device_count    (GError          **error);
/* The device's table, its UUID ("GPU-…", as nvidia-smi writes it) and PCI
 * address ("0000:65:00.0") included: what tells two GPUs of one model
 * apart. */
gboolean     ws_cuda_device_info     (int               device,
                                      WsDeviceInfo     *info,
                                      GError          **error);
/* Makes `device` the calling thread's GPU: the whole runs, device memory
 * and events this thread makes from now on are there. The runtime's
 * current device is the host thread's own (cudaSetDevice), 0 until it is
 * set, so a thread that works on another GPU calls this first, and other
 * threads are unaffected. A device that is not there is
 * WS_CUDA_ERROR_INVALID saying how many there are ("GPU 3 is not on this
 * machine: it has 1 GPU, numbered from 0"); no GPU at all is
 * WS_CUDA_ERROR_NO_DEVICE, as ws_cuda_device_count says it. */
gboolean     ws_cuda_set_device      (int               device,
                                      GError          **error);
/* The calling thread's GPU (0 until ws_cuda_set_device); -1 when the
 * runtime cannot say (no GPU, no driver). */
int          ws_cuda_current_device  (void);
/* The current GPU's copy bandwidth in GB/s (1e9 bytes a second), read and
 * write counted (2 × bytes a copy): one device-to-device cudaMemcpy of
 * `bytes` to warm up, then `repeat` copies, each timed with CUDA events;
 * their median. The yardstick of the roofline table (warpscope-cli
 * roofline). bytes and repeat of 0 are refused (WS_CUDA_ERROR_INVALID). */
gboolean     ws_cuda_copy_bandwidth  (gsize             bytes,
                                      guint             repeat,
                                      double           *gb_per_s,
                                      GError          **error);
/* Whether `impl` of the algorithm named as the engine names it exists. */
gboolean     ws_cuda_has             (const char *algorithm,
                                      WsCudaImpl  impl);

/* The calling thread's stop flag. Whole runs on this thread whose host
 * loops make many launches (the studies' launch-per-phase seeds, one
 * launch per network pass) look at *flag between launches and, once it is
 * nonzero, stop with WS_CUDA_ERROR_CANCELLED: their device memory freed,
 * the device usable for the next run. It is read atomically, so another
 * thread may raise it. NULL, the default: never stop. The int must outlive
 * the runs that may read it (until this is called again). */
void         ws_cuda_set_stop_flag   (const int *flag);

/* Whether the calling thread's whole runs are cold (issue 21, as nvbench's
 * cold measurements): after the upload and before the kernels phase's
 * first event, a write over a device buffer twice the GPU's L2
 * (cudaDevAttrL2CacheSize) leaves none of the input in L2, and no phase nor
 * the total times it. The buffer is made on the first cold run of each
 * device and kept; where it cannot be, the run fails with
 * WS_CUDA_ERROR_OUT_OF_MEMORY. FALSE, the default: warm. */
void         ws_cuda_set_cold        (gboolean   cold);
/* Frees the flush buffers (each device's); the next cold run makes its own
 * again. Call it while no cold run is going on, on any thread; the
 * process's exit frees them as well. */
void         ws_cuda_flush_release   (void);
/* The bytes of `device`'s flush buffer; 0 before its first cold run. */
gsize        ws_cuda_flush_bytes     (int        device);

/* ---- Whole runs on host arrays ---- */

gboolean ws_cuda_sort      (WsCudaSort    algorithm,
                            WsCudaImpl    impl,
                            WsCudaType    type,
                            void         *keys,
                            gsize         n,
                            WsCudaTiming *timing,
                            GError      **error);

gboolean ws_cuda_reduce    (WsCudaImpl    impl,
                            WsCudaType    type,
                            const void   *keys,
                            gsize         n,
                            WsCudaScalar *out,
                            WsCudaTiming *timing,
                            GError      **error);

/* Sorts a and b ascending in place (bitonic as study 000; CUB radix for
 * gpu-lib), then their dot product. */
gboolean ws_cuda_dot       (WsCudaImpl    impl,
                            WsCudaType    type,
                            void         *a,
                            void         *b,
                            gsize         n,
                            WsCudaScalar *out,
                            WsCudaTiming *timing,
                            GError      **error);

gboolean ws_cuda_scan      (WsCudaImpl    impl,
                            WsCudaType    type,
                            const void   *in,
                            void         *out,
                            gsize         n,
                            WsCudaTiming *timing,
                            GError      **error);

/* B equal bins over [min, max] of the keys as in the engine (docs/algorithms.md). */
gboolean ws_cuda_histogram (WsCudaImpl    impl,
                            WsCudaType    type,
                            const void   *keys,
                            gsize         n,
                            guint         bins,
                            guint64      *counts,
                            double       *lo,
                            double       *hi,
                            WsCudaTiming *timing,
                            GError      **error);

/* out: (side−2R)² values. block (BS) and per_thread (K) shape gpu-seed only. */
gboolean ws_cuda_stencil   (WsCudaImpl    impl,
                            WsCudaType    type,
                            const void   *grid,
                            gsize         side,
                            guint         radius,
                            guint         block,
                            guint         per_thread,
                            void         *out,
                            WsCudaTiming *timing,
                            GError      **error);

gboolean ws_cuda_search    (WsCudaImpl    impl,
                            gboolean      interpolation,
                            WsCudaType    type,
                            const void   *sorted,
                            gsize         n,
                            const void   *keys,
                            gsize         n_keys,
                            guint         segments,
                            gint64       *result,
                            WsCudaTiming *timing,
                            GError      **error);

/* ---- Pass-level calls on device memory, for the animator ---- */

/* Flag bits a pass writes per element of the network's width when asked:
 * COMPARED for both ends of every comparator, with SWAPPED added (3) where
 * it exchanged them; 0 elsewhere. */
typedef enum
{
  WS_CUDA_FLAG_NONE = 0,
  WS_CUDA_FLAG_COMPARED = 1,
  WS_CUDA_FLAG_SWAPPED = 2,
} WsCudaFlag;

gpointer ws_cuda_malloc         (gsize         bytes,
                                 GError      **error);
void     ws_cuda_free           (gpointer      device_ptr);
gboolean ws_cuda_upload         (gpointer      device_ptr,
                                 gconstpointer host,
                                 gsize         bytes,
                                 GError      **error);
gboolean ws_cuda_download       (gpointer      host,
                                 gconstpointer device_ptr,
                                 gsize         bytes,
                                 GError      **error);

/* Waits for all launched work; a kernel's fault surfaces here. */
gboolean ws_cuda_synchronize    (GError      **error);

/* What an animation's passes did and what its checks found, kept in
 * device memory so that the host reads these 24 bytes a pass instead of
 * the keys. Counts add up over passes; first_bad is G_MAXUINT64 until a
 * check finds a key out of order, then the lowest such index. */
typedef struct
{
  guint64 comparisons;
  guint64 swaps;
  guint64 first_bad;
} WsCudaTally;

/* Zero counts, no key out of order. */
gboolean ws_cuda_tally_reset    (WsCudaTally  *d_tally,
                                 GError      **error);

/* One pass of a network on `width` keys at d_keys (bitonic: width a power
 * of two, padding already in place). Bitonic: stage k, distance j;
 * odd-even: phase 0/1; oddeven-merge: stage p = k, distance j. d_flags
 * (width bytes, or NULL) receives the WsCudaFlag bits of each element;
 * d_tally (or NULL) gets the pass's comparators and exchanges added.
 * Launches without waiting: a fault surfaces at the next synchronising call. */
gboolean ws_cuda_network_pass   (WsCudaSort    network,
                                 WsCudaType    type,
                                 gpointer      d_keys,
                                 gsize         width,
                                 guint64       k,
                                 guint64       j,
                                 guint         phase,
                                 guint8       *d_flags,
                                 WsCudaTally  *d_tally,
                                 GError      **error);

/* A stage's invariant, checked where the keys are: every aligned run of
 * `run` keys (a power of two, or ≥ width for one run of all) sorted,
 * descending where the run's first index has a bit of dir_mask set,
 * ascending elsewhere. The first key that breaks it (the lowest i with
 * keys i − 1 and i in the wrong order, as app/core's check names it for
 * NaN-free keys) goes to d_tally->first_bad, if lower. */
gboolean ws_cuda_check_runs     (WsCudaType    type,
                                 gconstpointer d_keys,
                                 gsize         width,
                                 guint64       run,
                                 guint64       dir_mask,
                                 WsCudaTally  *d_tally,
                                 GError      **error);
/* The invariant of a pass that ends no sorted run: every comparator of
 * the pass (as ws_cuda_network_pass takes it) holds its smaller key at
 * its min end; the lower end of the first one that does not goes to
 * d_tally->first_bad, if lower. */
gboolean ws_cuda_check_pass     (WsCudaSort    network,
                                 WsCudaType    type,
                                 gconstpointer d_keys,
                                 gsize         width,
                                 guint64       k,
                                 guint64       j,
                                 guint         phase,
                                 WsCudaTally  *d_tally,
                                 GError      **error);

/* One level of the Blelloch scan on `width` (a power of two) values:
 * phase 0 up-sweep, 1 clear the root, 2 down-sweep; stride = 2^(d+1). */
gboolean ws_cuda_scan_level     (WsCudaType    type,
                                 gpointer      d_work,
                                 gsize         width,
                                 guint         phase,
                                 guint64       stride,
                                 GError      **error);

/* ---- Frames for the renderer ---- */

/* The bars view's bins (four floats each: lo, hi, mean, flags — app/core's
 * WsBarBin) from n device keys and their WsCudaFlag bits (or NULL), as
 * app/core's ws_bars_fill makes them on the host, bit for bit. d_bins holds
 * MIN (n, columns) bins. Launches without waiting. */
gboolean ws_cuda_bars_fill      (WsCudaType    type,
                                 gconstpointer d_keys,
                                 const guint8 *d_flags,
                                 gsize         n,
                                 double        vmin,
                                 double        vmax,
                                 guint         columns,
                                 gpointer      d_bins,
                                 GError      **error);

/* An OpenGL buffer object registered with CUDA (the GL context current on
 * the calling thread): WS_CUDA_ERROR_* saying why when CUDA cannot reach
 * it — software OpenGL, or a context on another GPU. */
typedef struct _WsCudaGlBuffer WsCudaGlBuffer;

WsCudaGlBuffer *ws_cuda_gl_register   (guint            gl_buffer,
                                       GError         **error);
/* The buffer's device address for kernels, until unmapped; GL must not use
 * it meanwhile. */
gboolean        ws_cuda_gl_map        (WsCudaGlBuffer  *buffer,
                                       gpointer        *d_ptr,
                                       gsize           *size,
                                       GError         **error);
gboolean        ws_cuda_gl_unmap      (WsCudaGlBuffer  *buffer,
                                       GError         **error);
void            ws_cuda_gl_unregister (WsCudaGlBuffer  *buffer);

/* ---- Heat-map texels ---- */

/* app/core's WsHeatMask: blocks of block_rows × block_cols cells in launch
 * order (x fastest), the first `done` of them run; block_rows = 0: all. */
typedef struct
{
  guint64 block_rows;
  guint64 block_cols;
  guint64 done;
} WsCudaHeatMask;

/* app/core's WsHeatRegion: rows [row, row + span) × columns [col, col +
 * span) of the grid, the cells a zoomed map's texels come from. */
typedef struct
{
  guint64 row, col;
  guint64 span;
} WsCudaHeatRegion;

/* texels² floats (row-major) at d_out from region of the side × side
 * device grid (NULL: all of it), as app/core's ws_heat_fill makes them on
 * the host, bit for bit: each texel the mean of its cells that have run
 * (NaN if none), summed in double in row-major order. mask may be NULL.
 * texels ≤ the region's span. Launches without waiting. */
gboolean ws_cuda_heat_fill      (WsCudaType              type,
                                 gconstpointer           d_grid,
                                 guint64                 side,
                                 const WsCudaHeatRegion *region,
                                 const WsCudaHeatMask   *mask,
                                 guint                   texels,
                                 gpointer                d_out,
                                 GError                **error);

/* An OpenGL texture (GL_TEXTURE_2D, GL_R32F) of the current context
 * registered with CUDA for surface stores; NULL saying why when CUDA
 * cannot reach it. */
typedef struct _WsCudaGlImage WsCudaGlImage;

WsCudaGlImage *ws_cuda_gl_register_image   (guint            gl_texture,
                                            GError         **error);
/* Maps the texture, writes the texels as ws_cuda_heat_fill does (texels ≤
 * the texture's size; the rest of it is left alone) with surface stores,
 * unmaps it. */
gboolean       ws_cuda_heat_fill_image     (WsCudaGlImage         *image,
                                            WsCudaType             type,
                                            gconstpointer          d_grid,
                                            guint64                side,
                                            const WsCudaHeatRegion *region,
                                            const WsCudaHeatMask  *mask,
                                            guint                  texels,
                                            GError               **error);
void           ws_cuda_gl_unregister_image (WsCudaGlImage         *image);

/* ---- A student's stage kernel (issue 17) ----
 * NVRTC (loaded by cuda/engine) compiles the student's source into a
 * device image for this GPU; these load it, launch its `stage` one pass at
 * a time and compare the keys it leaves with the reference's. */
typedef struct _WsCudaStage WsCudaStage;

/* The current GPU's compute capability as NVRTC names it (90 for sm_90). */
gboolean     ws_cuda_device_arch      (int           *arch,
                                       GError       **error);
/* The image's kernel named entry (its lowered name), ready to launch. */
WsCudaStage *ws_cuda_stage_load       (gconstpointer  image,
                                       const char    *entry,
                                       GError       **error);
void         ws_cuda_stage_free       (WsCudaStage   *stage);
/* One launch of the kernel: keys, then n_params (≤ 3) unsigned
 * parameters, in ceil(threads / block) blocks of block threads; waits for
 * it. A kernel that faults is WS_CUDA_ERROR_KERNEL_FAULT (the context is
 * lost: the process can launch nothing more); a launch the GPU refuses
 * (a block too large, too many registers) is an error saying so. */
gboolean     ws_cuda_stage_run        (WsCudaStage   *stage,
                                       gpointer       d_keys,
                                       guint          n_params,
                                       const guint   *params,
                                       guint64        threads,
                                       guint          block,
                                       GError       **error);
/* *at = the first index where the n keys at d_a and d_b differ by value
 * (-0.0 equals +0.0), or G_MAXUINT64; d_first is one device word to work
 * in. Waits for the answer (8 bytes). */
gboolean     ws_cuda_first_difference (WsCudaType     type,
                                       gconstpointer  d_a,
                                       gconstpointer  d_b,
                                       gsize          n,
                                       guint64       *d_first,
                                       guint64       *at,
                                       GError       **error);

/* ---- CUB called directly: the yardstick for gpu-lib ---- */

typedef enum
{
  WS_CUDA_CUB_RADIX_SORT,    /* DeviceRadixSort::SortKeys, int32 keys */
  WS_CUDA_CUB_EXCLUSIVE_SUM, /* DeviceScan::ExclusiveSum, float32, in place */
  WS_CUDA_CUB_REDUCE_SUM     /* DeviceReduce::Sum, float32 into a double */
} WsCudaCubCall;

/* The median, over `repeat` calls after one warm-up, of the CUDA-event
 * time of one CUB call on the n keys at `keys` (host; 4 bytes each), each
 * call on a fresh device copy, its storage allocated beforehand: CUB as a
 * program calls it, beside which gpu-lib's kernels phase is judged (the gpu
 * suite's test-gpu-cub). */
gboolean     ws_cuda_cub_direct       (WsCudaCubCall  call,
                                       gconstpointer  keys,
                                       gsize          n,
                                       guint          repeat,
                                       double        *median_ms,
                                       GError       **error);

G_END_DECLS
