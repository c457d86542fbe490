// ws-cuda-scan.cu: exclusive prefix sums on the GPU. gpu-seed is study 002's
// recursive Blelloch scan, gpu a single-pass scan with decoupled look-back,
// gpu-lib CUB's; ws_cuda_scan_level steps the engine's Blelloch schedule.
//
// int32 runs on its bits as uint32 so that wrapping modulo 2^32 is defined
// (the engine's semantics, app/core/ws-scan.h); float32 adds in float.
#include "ws-cuda-internal.h"

#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <type_traits>

const unsigned ws::impls_scan
    = ws::impl_bit (WS_CUDA_SEED) | ws::impl_bit (WS_CUDA_OURS) | ws::impl_bit (WS_CUDA_LIB);

namespace
{

// The type the additions run in: uint32 for int32 keys, float for float32.
template <typename T> using Sum = std::conditional_t<std::is_same_v<T, float>, float, uint32_t>;

constexpr unsigned FULL_MASK = 0xffffffffu;

/* ---- gpu-seed: study 002's block-wise Blelloch scan ---- */

constexpr unsigned SEED_THREADS = 512;
constexpr unsigned SEED_CHUNK = 2 * SEED_THREADS; // each thread owns two values
constexpr unsigned SEED_ADD_THREADS = 256;

// Up-sweep then down-sweep over one chunk in shared memory (no bank-conflict
// padding: the study's plain form). The chunk's total goes to sums[c].
template <typename V>
__device__ void
seed_sweep (V *tile, V *sums, size_t c)
{
  unsigned t = threadIdx.x, offset = 1;

  for (unsigned d = SEED_CHUNK >> 1; d > 0; d >>= 1, offset <<= 1)
    {
      __syncthreads ();
      if (t < d)
        tile[offset * (2 * t + 2) - 1] += tile[offset * (2 * t + 1) - 1];
    }
  if (t == 0)
    {
      sums[c] = tile[SEED_CHUNK - 1];
      tile[SEED_CHUNK - 1] = V (0);
    }
  for (unsigned d = 1; d < SEED_CHUNK; d <<= 1)
    {
      offset >>= 1;
      __syncthreads ();
      if (t < d)
        {
          unsigned a = offset * (2 * t + 1) - 1, b = offset * (2 * t + 2) - 1;
          V left = tile[a];
          tile[a] = tile[b];
          tile[b] += left;
        }
    }
  __syncthreads ();
}

// Scans every SEED_CHUNK-value chunk of data in place; the chunk past n is
// padded with zeros, the identity, so it needs no special case.
template <typename V>
__global__ void
seed_block_scan (V *data, size_t n, V *sums)
{
  __shared__ V tile[SEED_CHUNK];
  size_t chunks = (n + SEED_CHUNK - 1) / SEED_CHUNK;

  for (size_t c = blockIdx.x; c < chunks; c += gridDim.x)
    {
      size_t base = c * SEED_CHUNK;
      for (unsigned k = threadIdx.x; k < SEED_CHUNK; k += SEED_THREADS)
        tile[k] = base + k < n ? data[base + k] : V (0);
      seed_sweep (tile, sums, c);
      for (unsigned k = threadIdx.x; k < SEED_CHUNK; k += SEED_THREADS)
        if (base + k < n)
          data[base + k] = tile[k];
      __syncthreads (); // the next chunk reuses tile
    }
}

// Adds the scanned chunk totals back: one thread per value.
template <typename V>
__global__ void
seed_add_sums (V *data, size_t n, const V *sums)
{
  size_t stride = (size_t) gridDim.x * blockDim.x;

  for (size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    data[i] += sums[i / SEED_CHUNK];
}

// Values of scratch the recursion needs: the chunk totals of every level.
size_t
seed_scratch_values (size_t n)
{
  size_t total = 0;

  while (n > 1)
    {
      n = (n + SEED_CHUNK - 1) / SEED_CHUNK;
      total += n;
    }
  return total + 1; // the last level's single total
}

// Scans data (n >= 1 values), its chunk totals recursively with the same
// kernel, then adds them back.
template <typename V>
bool
seed_scan (V *data, size_t n, V *sums, guint64 *launches, GError **error)
{
  size_t chunks = (n + SEED_CHUNK - 1) / SEED_CHUNK;

  seed_block_scan<V><<<ws::blocks_for (chunks, 1), SEED_THREADS>>> (data, n, sums);
  ++*launches;
  if (!ws::check_launch ("The scan's block pass could not start", error))
    return false;
  if (chunks == 1)
    return true;
  if (!seed_scan (sums, chunks, sums + chunks, launches, error))
    return false;
  seed_add_sums<V><<<ws::blocks_for (n, SEED_ADD_THREADS), SEED_ADD_THREADS>>> (data, n, sums);
  ++*launches;
  return ws::check_launch ("The scan's add-back pass could not start", error);
}

/* ---- gpu: one pass with decoupled look-back ---- */

// A tile is LB_THREADS threads of `items` values, 32 or 16 (lookback_items
// picks one for the device). Each warp loads its own 32 x items keys as
// 16-byte vectors and transposes them through its own slice of shared
// memory: no block barrier between a warp's loads and its sums. The keys
// stay there across the look-back rather than in registers, so that 40
// registers a thread do at 32 values (32 at 16) and 6 blocks of 33 KiB (8
// of 17 KiB) run on an SM. On an H200 (2^26 float keys, the kernels phase,
// issue 20's harness): 8192-value tiles 0.177 ms, 4096-value ones 0.197,
// the earlier 4096-value tile held in registers 0.213 (its 40 registers let
// only 6 of its 8 blocks run), CUB 0.181. The 0.177 was measured with the
// statuses tagged by run in place of the memset, which costs nothing
// measurable (0.1968 against 0.1966 at 4096 values).
constexpr unsigned LB_THREADS = 256;
constexpr unsigned LB_WARPS = LB_THREADS / 32;

template <unsigned ITEMS> constexpr unsigned lb_tile = LB_THREADS * ITEMS;
// A warp's slice of the tile, and its size in shared memory (padded).
template <unsigned ITEMS> constexpr unsigned lb_span = 32 * ITEMS;
template <unsigned ITEMS> constexpr unsigned lb_slice = lb_span<ITEMS> + lb_span<ITEMS> / 32;

// Threads an SM runs at once on the architecture being compiled (the host
// pass sees none and takes 2048).
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 750
constexpr unsigned SM_THREADS = 1024;
#elif defined(__CUDA_ARCH__)                                                                       \
    && (__CUDA_ARCH__ == 860 || __CUDA_ARCH__ == 870 || __CUDA_ARCH__ == 890                       \
        || __CUDA_ARCH__ >= 1200)
constexpr unsigned SM_THREADS = 1536;
#else
constexpr unsigned SM_THREADS = 2048;
#endif

// Blocks an SM for __launch_bounds__, which then keeps the registers to
// what lets them all run: as many as Hopper's 228 KB of shared memory
// holds, but no more than the SM's threads allow (past those ptxas would
// drop the bound with a warning, as on sm_75).
template <unsigned ITEMS>
constexpr unsigned lb_blocks_per_sm = std::min (ITEMS == 32 ? 6u : 8u, SM_THREADS / LB_THREADS);

// A tile's status word: the flag in the high half, the value's bits in the
// low half, so one 64-bit store publishes both together.
enum : unsigned
{
  FLAG_NONE = 0,
  FLAG_AGGREGATE = 1, // the tile's own total
  FLAG_PREFIX = 2,    // the total of every tile up to and including it
};

__device__ inline uint32_t to_bits (uint32_t v) { return v; }
__device__ inline uint32_t to_bits (float v) { return __float_as_uint (v); }
template <typename V> __device__ inline V from_bits (uint32_t b);
template <> __device__ inline uint32_t from_bits<uint32_t> (uint32_t b) { return b; }
template <> __device__ inline float from_bits<float> (uint32_t b) { return __uint_as_float (b); }

template <typename V>
__device__ inline void
publish (unsigned long long *slot, unsigned flag, V v)
{
  *(volatile unsigned long long *) slot = (unsigned long long) flag << 32 | to_bits (v);
}

__device__ inline unsigned long long
peek (const unsigned long long *slot)
{
  // volatile: read L2 afresh on every spin, never a stale L1 line.
  return *(const volatile unsigned long long *) slot;
}

// Index into a warp's slice of shared memory: one pad word per 32 keeps
// both the striped accesses and the blocked ones (`items` consecutive
// values a lane) free of bank conflicts.
__device__ inline unsigned padded (unsigned i) { return i + i / 32; }

// Coalesced load of the warp's keys from data + off into its slice, striped
// across the warp; zeros past n. Full tiles move as 16-byte vectors.
template <unsigned ITEMS, typename V>
__device__ void
load_slice (const V *data, size_t off, size_t n, bool full, V *slice)
{
  unsigned lane = threadIdx.x & 31;

  if (full)
    {
      const uint4 *src = (const uint4 *) (data + off);
      uint4 q[ITEMS / 4];
#pragma unroll
      for (unsigned j = 0; j < ITEMS / 4; j++) // every load in flight before the first store
        q[j] = src[j * 32 + lane];
#pragma unroll
      for (unsigned j = 0; j < ITEMS / 4; j++)
        {
          unsigned v = j * 32 + lane;
          slice[padded (4 * v)] = from_bits<V> (q[j].x);
          slice[padded (4 * v + 1)] = from_bits<V> (q[j].y);
          slice[padded (4 * v + 2)] = from_bits<V> (q[j].z);
          slice[padded (4 * v + 3)] = from_bits<V> (q[j].w);
        }
      return;
    }
#pragma unroll
  for (unsigned j = 0; j < ITEMS; j++)
    {
      unsigned i = j * 32 + lane;
      slice[padded (i)] = off + i < n ? data[off + i] : V (0);
    }
}

template <unsigned ITEMS, typename V>
__device__ void
store_slice (const V *slice, size_t off, size_t n, bool full, V *data)
{
  unsigned lane = threadIdx.x & 31;

  if (full)
    {
      uint4 *dst = (uint4 *) (data + off);
#pragma unroll
      for (unsigned j = 0; j < ITEMS / 4; j++)
        {
          unsigned v = j * 32 + lane;
          dst[v] = make_uint4 (to_bits (slice[padded (4 * v)]), to_bits (slice[padded (4 * v + 1)]),
                               to_bits (slice[padded (4 * v + 2)]),
                               to_bits (slice[padded (4 * v + 3)]));
        }
      return;
    }
#pragma unroll
  for (unsigned j = 0; j < ITEMS; j++)
    {
      unsigned i = j * 32 + lane;
      if (off + i < n)
        data[off + i] = slice[padded (i)];
    }
}

template <typename V>
__device__ inline V
warp_inclusive (V x)
{
  unsigned lane = threadIdx.x & 31;

#pragma unroll
  for (unsigned d = 1; d < 32; d <<= 1)
    {
      V y = __shfl_up_sync (FULL_MASK, x, d);
      if (lane >= d)
        x += y;
    }
  return x;
}

template <typename V>
__device__ inline V
warp_total (V x)
{
#pragma unroll
  for (unsigned d = 16; d > 0; d >>= 1)
    x += __shfl_xor_sync (FULL_MASK, x, d);
  return x;
}

// Exclusive scan of one value per thread across the block; *total gets the
// block's sum. Shuffles within warps, then warp 0 scans the warp totals.
template <typename V>
__device__ V
block_exclusive (V x, V *warp_sums, V *total)
{
  unsigned lane = threadIdx.x & 31, warp = threadIdx.x / 32;
  V inclusive = warp_inclusive (x);
  V before = __shfl_up_sync (FULL_MASK, inclusive, 1); // exact, unlike inclusive - x

  if (lane == 31)
    warp_sums[warp] = inclusive;
  __syncthreads ();
  if (warp == 0)
    {
      V s = warp_inclusive (lane < LB_WARPS ? warp_sums[lane] : V (0));
      if (lane < LB_WARPS)
        warp_sums[lane] = s;
    }
  __syncthreads ();
  *total = warp_sums[LB_WARPS - 1];
  if (lane == 0)
    before = V (0);
  return warp == 0 ? before : warp_sums[warp - 1] + before;
}

// Warp 0 of tile `tile` (> 0): waits for the 32 tiles before the window's
// start to publish, adds aggregates back to the nearest inclusive prefix,
// and slides the window back while none is found. Returns the tile's
// exclusive prefix in every lane.
template <typename V>
__device__ V
look_back (const unsigned long long *status, long long tile)
{
  unsigned lane = threadIdx.x & 31;
  V prefix = V (0);

  for (long long newest = tile - 1;; newest -= 32)
    {
      long long idx = newest - lane;
      // Tile 0 always ends the walk with a prefix, so idx < 0 is never summed.
      unsigned long long w = idx >= 0 ? peek (&status[idx]) : (unsigned long long) FLAG_PREFIX << 32;
      while (__any_sync (FULL_MASK, (unsigned) (w >> 32) == FLAG_NONE))
        if ((unsigned) (w >> 32) == FLAG_NONE)
          w = peek (&status[idx]);
      unsigned prefixes = __ballot_sync (FULL_MASK, (unsigned) (w >> 32) == FLAG_PREFIX);
      unsigned last = prefixes ? __ffs (prefixes) - 1 : 31;
      prefix += warp_total (lane <= last ? from_bits<V> ((uint32_t) w) : V (0));
      if (prefixes)
        return prefix;
    }
}

// The tile's exclusive prefix, published as early as possible: the tile's
// own total first (so later tiles need not wait), the inclusive one after.
template <typename V>
__device__ V
tile_prefix (unsigned long long *status, long long tile, V total)
{
  V prefix = V (0);

  if (status == nullptr) // the only tile
    return prefix;
  if (tile == 0)
    {
      if (threadIdx.x == 0)
        publish (&status[0], FLAG_PREFIX, total);
      return prefix;
    }
  if (threadIdx.x == 0)
    publish (&status[tile], FLAG_AGGREGATE, total);
  prefix = look_back<V> (status, tile);
  if (threadIdx.x == 0)
    publish (&status[tile], FLAG_PREFIX, prefix + total);
  return prefix;
}

// One tile a block. Tiles are numbered in the order blocks start (an atomic
// counter in state[0]), so every tile a block waits for belongs to a block
// already running: no deadlock whatever the schedule. A single tile (state
// null) needs neither the counter nor statuses, so small scans are one launch.
template <typename V, unsigned ITEMS>
__global__ void __launch_bounds__ (LB_THREADS, lb_blocks_per_sm<ITEMS>)
lookback_scan (V *data, size_t n, unsigned long long *state)
{
  __shared__ V stage[LB_WARPS * lb_slice<ITEMS>];
  __shared__ V warp_sums[LB_WARPS];
  __shared__ unsigned long long tile_s;
  __shared__ V prefix_s;
  unsigned long long *status = state != nullptr ? state + 1 : nullptr;
  unsigned lane = threadIdx.x & 31, warp = threadIdx.x / 32;
  V *slice = stage + warp * lb_slice<ITEMS>;
  V total, sum = V (0);

  if (threadIdx.x == 0)
    tile_s = state != nullptr ? atomicAdd (&state[0], 1ull) : 0;
  __syncthreads ();
  long long tile = (long long) tile_s;
  size_t base = (size_t) tile * lb_tile<ITEMS>;
  size_t off = base + (size_t) warp * lb_span<ITEMS>;
  bool full = base + lb_tile<ITEMS> <= n;
  load_slice<ITEMS> (data, off, n, full, slice);
  __syncwarp ();
#pragma unroll
  for (unsigned k = 0; k < ITEMS; k++)
    sum += slice[padded (lane * ITEMS + k)];
  V running = block_exclusive (sum, warp_sums, &total);
  if (threadIdx.x < 32)
    {
      V prefix = tile_prefix (status, tile, total);
      if (threadIdx.x == 0)
        prefix_s = prefix;
    }
  __syncthreads ();
  running = prefix_s + running;
  // In place: the lane's values become their exclusive sums, in the order
  // they were added above.
#pragma unroll
  for (unsigned k = 0; k < ITEMS; k++)
    {
      V x = slice[padded (lane * ITEMS + k)];
      slice[padded (lane * ITEMS + k)] = running;
      running += x;
    }
  __syncwarp ();
  store_slice<ITEMS> (slice, off, n, full, data);
}

// Values a thread for this device: 32 where an SM holds at least as many
// keys in flight in 8192-value tiles as in 4096-value ones (Hopper: 6 blocks
// against 8), else 16 (a Turing SM's 64 KB holds one 33 KiB block but three
// of 17 KiB; Ada's 100 KB two against five).
template <typename V>
bool
lookback_items (unsigned *items, GError **error)
{
  int big = 0, small = 0;

  if (!ws::check (cudaOccupancyMaxActiveBlocksPerMultiprocessor (&big, lookback_scan<V, 32>,
                                                                 LB_THREADS, 0),
                  "Cannot size the scan's tiles", error)
      || !ws::check (cudaOccupancyMaxActiveBlocksPerMultiprocessor (&small, lookback_scan<V, 16>,
                                                                    LB_THREADS, 0),
                     "Cannot size the scan's tiles", error))
    return false;
  *items = 2 * big >= small ? 32 : 16;
  return true;
}

size_t
lookback_tiles (size_t n, unsigned items)
{
  size_t tile = (size_t) LB_THREADS * items;

  return (n + tile - 1) / tile;
}

template <typename V>
bool
lookback_run (V *data, size_t n, unsigned items, unsigned long long *state, guint64 *launches,
              GError **error)
{
  size_t tiles = lookback_tiles (n, items);

  if (tiles > 0x7fffffffu)
    return ws::invalid (error, "scan: %zu keys are more tiles than one grid holds", n);
  if (tiles == 1)
    state = nullptr;
  // Statuses start invalid and the tile counter at 0 on every run.
  else if (!ws::check (cudaMemsetAsync (state, 0, (tiles + 1) * sizeof *state),
                       "Cannot clear the scan's tile states", error))
    return false;
  if (items == 32)
    lookback_scan<V, 32><<<(unsigned) tiles, LB_THREADS>>> (data, n, state);
  else
    lookback_scan<V, 16><<<(unsigned) tiles, LB_THREADS>>> (data, n, state);
  ++*launches;
  return ws::check_launch ("The scan kernel could not start", error);
}

/* ---- gpu-lib: CUB, in place ---- */

// 32-bit offsets while they suffice: CUB's faster kernels.
template <typename V>
cudaError_t
cub_scan (void *temp, size_t &temp_bytes, V *data, size_t n)
{
  if (n <= UINT32_MAX)
    return cub::DeviceScan::ExclusiveSum (temp, temp_bytes, data, (uint32_t) n);
  return cub::DeviceScan::ExclusiveSum (temp, temp_bytes, data, n);
}

/* ---- Whole runs ---- */

// Bytes of device scratch `impl` needs for n keys (n >= 1); for gpu also
// the values a thread its tiles take on this device.
template <typename V>
bool
scratch_bytes (WsCudaImpl impl, size_t n, size_t *bytes, unsigned *items, GError **error)
{
  if (impl == WS_CUDA_SEED)
    *bytes = seed_scratch_values (n) * sizeof (V);
  else if (impl == WS_CUDA_OURS)
    {
      if (!lookback_items<V> (items, error))
        return false;
      *bytes = (lookback_tiles (n, *items) + 1) * sizeof (unsigned long long);
    }
  else
    return ws::check (cub_scan<V> (nullptr, *bytes, nullptr, n),
                      "Cannot size the CUB scan's scratch", error);
  return true;
}

template <typename V>
bool
scan_device (WsCudaImpl impl, V *data, size_t n, void *scratch, size_t temp_bytes,
             unsigned items, guint64 *launches, GError **error)
{
  if (impl == WS_CUDA_SEED)
    return seed_scan (data, n, (V *) scratch, launches, error);
  if (impl == WS_CUDA_OURS)
    return lookback_run (data, n, items, (unsigned long long *) scratch, launches, error);
  ++*launches;
  return ws::check (cub_scan (scratch, temp_bytes, data, n), "The CUB scan failed", error);
}

// Scratch for a whole run, sized and allocated before the clock's upload.
struct Scratch
{
  ws::DeviceBuffer<unsigned long long> buffer; // 8-byte aligned for the tile states
  size_t bytes = 0;
  unsigned items = 0; // gpu: values a thread (chosen here, outside the kernels phase)

  bool
  alloc (WsCudaImpl impl, WsCudaType type, size_t n, GError **error)
  {
    if (n > 0
        && !ws::with_type (type, [&]<typename T> () {
             return scratch_bytes<Sum<T>> (impl, n, &bytes, &items, error);
           }))
      return false;
    return buffer.alloc ((bytes + 7) / 8, "Cannot allocate the scan's scratch on the GPU", error);
  }
};

bool
scan_args_valid (WsCudaImpl impl, const void *in, void *out, gsize n, GError **error)
{
  if (!ws::has ("scan", impl))
    return ws::unsupported ("scan", impl, error);
  if (n > 0 && (in == nullptr || out == nullptr))
    return ws::invalid (error, "scan: %zu keys need an input and an output array", (size_t) n);
  return true;
}

} // namespace

gboolean
ws_cuda_scan (WsCudaImpl    impl,
              WsCudaType    type,
              const void   *in,
              void         *out,
              gsize         n,
              WsCudaTiming *timing,
              GError      **error)
{
  WsCudaTiming unused;
  ws::PhaseTimer timer (timing != nullptr ? timing : &unused);
  ws::DeviceBuffer<int32_t> d_data; // 4-byte keys of either type, scanned in place
  Scratch scratch;
  size_t bytes = n * sizeof (int32_t);
  guint64 *launches = timing != nullptr ? &timing->launches : &unused.launches;

  if (!scan_args_valid (impl, in, out, n, error) || !timer.start (error)
      || !d_data.alloc (n, "Cannot allocate the keys on the GPU", error)
      || !scratch.alloc (impl, type, n, error))
    return FALSE;
  timer.allocated ();
  if (!ws::upload (d_data.get (), in, bytes, error))
    return FALSE;
  timer.mark (ws::PhaseTimer::AFTER_UPLOAD);
  if (n > 0 && !ws::with_type (type, [&]<typename T> () {
        return scan_device (impl, (Sum<T> *) d_data.get (), n, scratch.buffer.get (),
                            scratch.bytes, scratch.items, launches, error);
      }))
    return FALSE;
  timer.mark (ws::PhaseTimer::AFTER_KERNELS);
  if (!ws::download (out, d_data.get (), bytes, error))
    return FALSE;
  timer.mark (ws::PhaseTimer::AFTER_DOWNLOAD);
  return timer.finish (error);
}

/* ---- One level of the Blelloch schedule, for the animator ---- */

namespace
{

// Exactly the engine's up_sweep_* / down_sweep_* (app/core/ws-scan.c), one
// thread per operation, so that stepping every level matches cpu-seq bit for bit.
template <typename V>
__global__ void
level_up_sweep (V *x, size_t stride, size_t active)
{
  size_t step = (size_t) gridDim.x * blockDim.x;

  for (size_t k = (size_t) blockIdx.x * blockDim.x + threadIdx.x; k < active; k += step)
    x[k * stride + stride - 1] += x[k * stride + stride / 2 - 1];
}

template <typename V>
__global__ void
level_down_sweep (V *x, size_t stride, size_t active)
{
  size_t step = (size_t) gridDim.x * blockDim.x;

  for (size_t k = (size_t) blockIdx.x * blockDim.x + threadIdx.x; k < active; k += step)
    {
      V left = x[k * stride + stride / 2 - 1];
      x[k * stride + stride / 2 - 1] = x[k * stride + stride - 1];
      x[k * stride + stride - 1] += left;
    }
}

bool
level_args_valid (gpointer d_work, gsize width, guint phase, guint64 stride, GError **error)
{
  if (!ws::is_pow2 (width))
    return ws::invalid (error, "scan level: the width %zu is not a power of two", (size_t) width);
  if (d_work == nullptr)
    return ws::invalid (error, "scan level: no device array given");
  if (phase > 2)
    return ws::invalid (error, "scan level: phase %u is not 0 (up-sweep), 1 (clear root) "
                        "or 2 (down-sweep)", phase);
  if (phase != 1 && (!ws::is_pow2 (stride) || stride < 2 || stride > width))
    return ws::invalid (error, "scan level: the stride %" G_GUINT64_FORMAT " is not a power of "
                        "two between 2 and the width %zu", stride, (size_t) width);
  return true;
}

} // namespace

gboolean
ws_cuda_scan_level (WsCudaType type,
                    gpointer   d_work,
                    gsize      width,
                    guint      phase,
                    guint64    stride,
                    GError   **error)
{
  const unsigned threads = 256;

  if (width == 0) // the empty schedule has no levels; nothing to do
    return TRUE;
  if (!level_args_valid (d_work, width, phase, stride, error))
    return FALSE;
  if (phase == 1) // all-zero bits: 0 and +0.0, as the engine's memset
    return ws::check (cudaMemsetAsync ((int32_t *) d_work + width - 1, 0, sizeof (int32_t)),
                      "Cannot clear the scan's root", error);
  size_t active = width / stride;
  ws::with_type (type, [&]<typename T> () {
    Sum<T> *x = (Sum<T> *) d_work;
    if (phase == 0)
      level_up_sweep<<<ws::blocks_for (active, threads), threads>>> (x, stride, active);
    else
      level_down_sweep<<<ws::blocks_for (active, threads), threads>>> (x, stride, active);
    return true;
  });
  return ws::check_launch ("The scan level could not start", error);
}
