// ws-cuda-oddeven.cu: odd-even transposition (brick) sort on the GPU.
//
// Every variant runs the CPU's network exactly (app/core/ws-network.h): n
// phases, phase t pairing (i, i + 1) for i % 2 == t % 2, each comparator
// exchanging only when the lower key is strictly greater. No early exit, as
// study 003's GPU code had none.
//
//  gpu-seed     study 003 §3.2: kernels Even and Odd, 32 threads a block, one
//               thread a pair, n/2 iterations of Even + Odd, each followed by
//               cudaDeviceSynchronize.
//  gpu-seed-v1  §3.3.1: one kernel with a phase argument, sized from the
//               device's properties, n launches on a created stream.
//  gpu-seed-v2  §3.3.2: V1 with each block staging its keys in shared memory.
//  gpu          ours: s phases per launch on tiles with halos (trapezoidal
//               time tiling), the phases in registers; see run_tiles. Its
//               launches are app/core's launch plan (ws-launch-plan.h).
#include "ws-cuda-internal.h"
#include "ws-launch-plan.h"

#include <type_traits>

const unsigned ws::impls_odd_even = ws::impl_bit (WS_CUDA_SEED) | ws::impl_bit (WS_CUDA_SEED_V1)
                                    | ws::impl_bit (WS_CUDA_SEED_V2) | ws::impl_bit (WS_CUDA_OURS);

namespace
{

// ---- the comparator -------------------------------------------------------

// The lower and upper key of the comparator (a, b) as the CPU leaves them:
// exchanged only when a > b, so equal keys (-0.0 and +0.0 too) stay put.
template <typename T>
__device__ __forceinline__ T
lower_of (T a, T b)
{
  if constexpr (std::is_integral_v<T>)
    return min (a, b); // equal ints are the same bits: min/max is the same comparator, cheaper
  else
    return a > b ? b : a;
}

template <typename T>
__device__ __forceinline__ T
upper_of (T a, T b)
{
  if constexpr (std::is_integral_v<T>)
    return max (a, b);
  else
    return a > b ? a : b;
}

template <typename T>
__device__ __forceinline__ void
order (T &a, T &b)
{
  T lo = lower_of (a, b), hi = upper_of (a, b);
  a = lo;
  b = hi;
}

// The comparator (i, i + 1) on global memory, as every seed kernel does it.
template <typename T>
__device__ __forceinline__ void
order_global (T *keys, size_t i)
{
  T first = keys[i], second = keys[i + 1];
  if (first > second)
    {
      keys[i] = second;
      keys[i + 1] = first;
    }
}

// ---- gpu-seed: Even and Odd kernels --------------------------------------

// Thread p takes pair 2p (+ 1 for Odd); the grid-stride loop only matters
// when n outgrows the grid, which the study never met.
template <typename T>
__global__ void
even_kernel (T *keys, size_t n)
{
  size_t stride = (size_t) gridDim.x * blockDim.x;
  for (size_t p = blockIdx.x * (size_t) blockDim.x + threadIdx.x; 2 * p + 1 < n; p += stride)
    order_global (keys, 2 * p);
}

template <typename T>
__global__ void
odd_kernel (T *keys, size_t n)
{
  size_t stride = (size_t) gridDim.x * blockDim.x;
  for (size_t p = blockIdx.x * (size_t) blockDim.x + threadIdx.x; 2 * p + 2 < n; p += stride)
    order_global (keys, 2 * p + 1);
}

// One iteration is an even and an odd phase; an odd n needs one more even
// phase to make n phases, waited for like the iterations before it.
template <typename T>
bool
seed_sort (T *keys, size_t n, guint64 *launches, GError **error)
{
  const unsigned threads = 32; // the study's block: one warp
  unsigned blocks = ws::blocks_for (n / 2, threads);

  for (size_t i = 0; i < n / 2 + n % 2; i++)
    {
      if (ws::stopped (error))
        return false;
      even_kernel<T><<<blocks, threads>>> (keys, n);
      *launches += 1;
      if (i < n / 2)
        {
          odd_kernel<T><<<blocks, threads>>> (keys, n);
          *launches += 1;
        }
      // The study synchronised the host after every iteration: part of what gpu-seed measures.
      if (!ws::check_launch ("Cannot launch the odd-even kernels", error)
          || !ws::synchronize ("The odd-even kernels failed", error))
        return false;
    }
  return true;
}

// ---- gpu-seed-v1 and -v2: one kernel a phase on a created stream ----------

// V1's OddEven: thread p orders pair 2p + phase.
template <typename T>
__global__ void
phase_kernel (T *keys, size_t n, unsigned phase)
{
  size_t stride = (size_t) gridDim.x * blockDim.x;
  for (size_t p = blockIdx.x * (size_t) blockDim.x + threadIdx.x; 2 * p + phase + 1 < n;
       p += stride)
    order_global (keys, 2 * p + phase);
}

// V2's OddEven: one thread a key. Each block stages its keys in shared memory;
// the thread at a pair's lower end orders it there. A pair that straddles two
// blocks belongs to the block of its lower end, whose last thread also stages
// the upper key (the extra slot); so the next block's first thread, holding
// that upper key, stays out. Unlike the study, inactive threads do not return
// before the barriers, which all threads of a block must reach.
template <typename T>
__global__ void
staged_kernel (T *keys, size_t n, unsigned phase)
{
  extern __shared__ __align__ (16) unsigned char raw[];
  T *tile = reinterpret_cast<T *> (raw); // blockDim.x + 1 keys
  unsigned t = threadIdx.x;

  for (size_t base = blockIdx.x * (size_t) blockDim.x; base < n;
       base += (size_t) gridDim.x * blockDim.x)
    {
      size_t g = base + t;
      bool lower = g % 2 == phase;
      bool active = g + 1 < n && !(base != 0 && t == 0 && !lower);
      bool edge = active && lower && (g + 2 >= n || t + 1 == blockDim.x);

      if (active)
        tile[t] = keys[g];
      if (edge)
        tile[t + 1] = keys[g + 1];
      __syncthreads ();
      if (active && lower)
        order (tile[t], tile[t + 1]);
      __syncthreads ();
      if (active)
        keys[g] = tile[t];
      if (edge)
        keys[g + 1] = tile[t + 1];
      __syncthreads (); // the next grid-stride round refills the tile
    }
}

// The study's CalculateThreadsBlocksAmount: as many blocks as the GPU holds
// at once, each of a multiple of the warp size covering `length` work items;
// past the largest block, fewer blocks of the largest size.
bool
seed_shape (size_t length, unsigned *threads, unsigned *blocks, GError **error)
{
  int device = 0, warp = 0, per_sm = 0, sms = 0, max_threads = 0;

  if (!ws::check (cudaGetDevice (&device), "Cannot select the GPU", error)
      || !ws::check (cudaDeviceGetAttribute (&warp, cudaDevAttrWarpSize, device),
                     "Cannot query the GPU", error)
      || !ws::check (cudaDeviceGetAttribute (&per_sm, cudaDevAttrMaxBlocksPerMultiprocessor, device),
                     "Cannot query the GPU", error)
      || !ws::check (cudaDeviceGetAttribute (&sms, cudaDevAttrMultiProcessorCount, device),
                     "Cannot query the GPU", error)
      || !ws::check (cudaDeviceGetAttribute (&max_threads, cudaDevAttrMaxThreadsPerBlock, device),
                     "Cannot query the GPU", error))
    return false;
  size_t all = (size_t) sms * per_sm;
  size_t each = (length + all - 1) / all;
  size_t rounded = (each + warp - 1) / warp * warp;
  *threads = (unsigned) (rounded < (size_t) warp ? warp : rounded);
  *blocks = (unsigned) all;
  if (*threads > (unsigned) max_threads)
    {
      *threads = max_threads;
      *blocks = ws::blocks_for (length, *threads, 0x7fffffffu);
    }
  return true;
}

// A created stream that follows the default stream's work before it and
// that the default stream follows after it, without the host waiting: the
// wrapper's events on the default stream then time the V1/V2 launches.
class Stream
{
public:
  Stream () = default;
  Stream (const Stream &) = delete;
  Stream &operator= (const Stream &) = delete;
  ~Stream ()
  {
    if (joined_ != nullptr)
      cudaEventDestroy (joined_);
    if (stream_ != nullptr)
      cudaStreamDestroy (stream_); // returns at once; the stream goes when its work is done
  }

  bool
  create (GError **error)
  {
    return ws::check (cudaStreamCreate (&stream_), "Cannot create a CUDA stream", error)
           && ws::check (cudaEventCreateWithFlags (&joined_, cudaEventDisableTiming),
                         "Cannot create a CUDA event", error)
           && follow (nullptr, stream_, error);
  }
  bool join (GError **error) { return follow (stream_, nullptr, error); }
  cudaStream_t get () const { return stream_; }

private:
  bool
  follow (cudaStream_t first, cudaStream_t then, GError **error)
  {
    return ws::check (cudaEventRecord (joined_, first), "Cannot order CUDA streams", error)
           && ws::check (cudaStreamWaitEvent (then, joined_, 0), "Cannot order CUDA streams", error);
  }

  cudaStream_t stream_ = nullptr;
  cudaEvent_t joined_ = nullptr;
};

// V1 sizes its grid for the n/2 pairs, V2 for the n keys (a thread each).
template <typename T>
bool
seed_stream_sort (T *keys, size_t n, bool staged, guint64 *launches, GError **error)
{
  unsigned threads = 0, blocks = 0;
  Stream stream;

  if (!seed_shape (staged ? n : (n + 1) / 2, &threads, &blocks, error) || !stream.create (error))
    return false;
  size_t shared = staged ? (threads + 1) * sizeof (T) : 0;
  // V1 did not wait between its launches; the pacer lets the host run ahead
  // of the GPU by a few dozen of them, so that a stop leaves little queued.
  ws::LaunchPacer pacer (stream.get (), ws::pace_group (n));
  for (size_t i = 0; i < n; i++)
    {
      if (ws::stopped (error))
        return false;
      if (staged)
        staged_kernel<T><<<blocks, threads, shared, stream.get ()>>> (keys, n, (unsigned) (i % 2));
      else
        phase_kernel<T><<<blocks, threads, 0, stream.get ()>>> (keys, n, (unsigned) (i % 2));
      if (!pacer.launched (error))
        return false;
    }
  *launches += n;
  return ws::check_launch ("Cannot launch the odd-even kernel", error) && stream.join (error);
}

// ---- gpu: trapezoidal time tiling ------------------------------------------
//
// A launch runs HALO consecutive phases. Each warp takes a window of WINDOW
// keys: an interior of INTERIOR keys with HALO keys either side, starting at
// an even index so that window positions have the global parity. The
// comparators that cross the window's edges are missing, and a phase spreads
// a wrong key by at most one place, so after HALO phases only the HALO keys
// next to each edge can be wrong: the interior is exact, and only it is
// written. Outside [0, n) the window holds the lowest key on the left and the
// highest on the right; `>` never exchanges them with anything, which is
// exactly the array end's having no comparator. Windows overlap their
// neighbours' interiors, so a launch reads one buffer and writes the other.
//
// Each lane holds KEYS consecutive keys in registers (an even start, so the
// even phase is all inside lanes and the odd one crosses to the next lane by
// a shuffle): compare-exchanges in registers cost a fraction of the shared
// memory round trips; shared memory only stages the window so that global
// loads and stores coalesce.
constexpr int KEYS = 32; // keys a lane; also the warp size the staging assumes
constexpr int WINDOW = 32 * KEYS;
constexpr int HALO = WS_PLAN_ODD_EVEN_PHASES; // phases a launch; even, so every launch starts on an even phase
constexpr int INTERIOR = WINDOW - 2 * HALO;
constexpr int WARPS = 4; // windows a block
constexpr unsigned FULL = 0xffffffffu;
static_assert (KEYS == 32, "the staging maps window position j * 32 + lane to lane j, slot lane");
static_assert (HALO % 2 == 0 && INTERIOR % 2 == 0 && INTERIOR > 0, "windows start on even indices");

template <typename T> __device__ __forceinline__ T lowest ();
template <> __device__ __forceinline__ int32_t lowest<int32_t> () { return INT32_MIN; }
template <> __device__ __forceinline__ float lowest<float> () { return -INFINITY; }

template <typename T>
__device__ __forceinline__ void
even_phase (T (&r)[KEYS])
{
#pragma unroll
  for (int i = 0; i + 1 < KEYS; i += 2)
    order (r[i], r[i + 1]);
}

// Lane l's last key pairs with lane l + 1's first; both lanes compute the
// same comparator from the shuffled copies. Lane 0's first and lane 31's last
// keys have their partner outside the window and stay.
template <typename T>
__device__ __forceinline__ void
odd_phase (T (&r)[KEYS], unsigned lane)
{
  T next = __shfl_down_sync (FULL, r[0], 1);
  T prev = __shfl_up_sync (FULL, r[KEYS - 1], 1);
#pragma unroll
  for (int i = 1; i + 1 < KEYS; i += 2)
    order (r[i], r[i + 1]);
  r[KEYS - 1] = lane < 31 ? lower_of (r[KEYS - 1], next) : r[KEYS - 1];
  r[0] = lane > 0 ? upper_of (prev, r[0]) : r[0];
}

template <typename T>
__device__ void
run_phases (T (&r)[KEYS], unsigned lane, unsigned parity, unsigned steps)
{
  unsigned k = 0;

  if (parity == 1 && steps > 0)
    {
      odd_phase (r, lane);
      k = 1;
    }
  for (; k + 2 <= steps; k += 2)
    {
      even_phase (r);
      odd_phase (r, lane);
    }
  if (k < steps)
    even_phase (r);
}

// Window position p = j * 32 + lane belongs to lane j, slot lane; the stage
// rows are KEYS + 1 long so that both the coalesced pass (row j, column lane)
// and the per-lane pass (row lane, column i) hit 32 different banks.
template <typename T>
__device__ void
load_window (const T *src, size_t n, long long w0, T *stage, T (&r)[KEYS], unsigned lane)
{
#pragma unroll
  for (int j = 0; j < KEYS; j++)
    {
      long long g = w0 + j * 32 + lane;
      stage[j * (KEYS + 1) + lane]
          = g < 0 ? lowest<T> () : (g >= (long long) n ? ws::max_key<T> () : src[g]);
    }
  __syncwarp ();
#pragma unroll
  for (int i = 0; i < KEYS; i++)
    r[i] = stage[lane * (KEYS + 1) + i];
}

template <typename T>
__device__ void
store_interior (T *dst, size_t n, long long w0, T *stage, const T (&r)[KEYS], unsigned lane)
{
  __syncwarp (); // every lane has read the stage of load_window
#pragma unroll
  for (int i = 0; i < KEYS; i++)
    stage[lane * (KEYS + 1) + i] = r[i];
  __syncwarp ();
#pragma unroll
  for (int j = 0; j < KEYS; j++)
    {
      int p = j * 32 + lane;
      long long g = w0 + p;
      if (p >= HALO && p < HALO + INTERIOR && g < (long long) n)
        dst[g] = stage[j * (KEYS + 1) + lane];
    }
  __syncwarp (); // before a next window refills the stage
}

// src and dst are the same buffer only when there is a single window, which
// then reads all its keys before writing any.
template <typename T>
__global__ void __launch_bounds__ (WARPS * 32)
tiled_kernel (const T *src, T *dst, size_t n, size_t windows, unsigned parity, unsigned steps)
{
  __shared__ T stage[WARPS][32 * (KEYS + 1)];
  unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  T r[KEYS];

  for (size_t w = blockIdx.x * (size_t) WARPS + warp; w < windows; w += (size_t) gridDim.x * WARPS)
    {
      long long w0 = (long long) (w * INTERIOR) - HALO;
      load_window (src, n, w0, stage[warp], r, lane);
      run_phases (r, lane, parity, steps);
      store_interior (dst, n, w0, stage[warp], r, lane);
    }
}

// n phases in ceil(n / HALO) launches (the plan's), ping-ponging between
// keys and scratch (scratch == keys when a single window covers the array).
template <typename T>
bool
run_tiles (T *keys, T *scratch, size_t n, guint64 *launches, GError **error)
{
  size_t windows = (n + INTERIOR - 1) / INTERIOR;
  unsigned blocks = ws::blocks_for (windows, WARPS);
  T *src = keys, *dst = scratch;
  ws::LaunchPacer pacer; // 2^15 launches at 2^22 keys, seconds whole
  WsLaunchPlan plan;
  WsPlanLaunch launch;

  ws_launch_plan_odd_even (&plan, n, HALO);
  while (ws_launch_plan_next (&plan, &launch))
    {
      if (ws::stopped (error))
        return false;
      tiled_kernel<T><<<blocks, WARPS * 32>>> (src, dst, n, windows, launch.first_pass % 2,
                                               launch.n_passes);
      *launches += 1;
      if (!pacer.launched (error))
        return false;
      T *was = src;
      src = dst;
      dst = was;
    }
  if (!ws::check_launch ("Cannot launch the odd-even kernel", error))
    return false;
  return src == keys
         || ws::check (cudaMemcpyAsync (keys, src, n * sizeof (T), cudaMemcpyDeviceToDevice),
                       "Cannot copy the sorted keys back", error);
}

// Without room for the scratch buffer, one phase a launch in place (the
// plan of one phase a launch): the same network, slower, but every n that
// fits the GPU still sorts.
template <typename T>
bool
run_phases_in_place (T *keys, size_t n, guint64 *launches, GError **error)
{
  unsigned blocks = ws::blocks_for ((n + 1) / 2, 256);
  ws::LaunchPacer pacer (nullptr, ws::pace_group (n));
  WsLaunchPlan plan;
  WsPlanLaunch launch;

  ws_launch_plan_odd_even (&plan, n, 1);
  while (ws_launch_plan_next (&plan, &launch))
    {
      if (ws::stopped (error))
        return false;
      phase_kernel<T><<<blocks, 256>>> (keys, n, launch.first_pass % 2);
      *launches += 1;
      if (!pacer.launched (error))
        return false;
    }
  return ws::check_launch ("Cannot launch the odd-even kernel", error);
}

template <typename T>
bool
ours_sort (T *keys, size_t n, guint64 *launches, GError **error)
{
  ws::PoolBuffer<T> scratch;
  g_autoptr (GError) no_room = NULL;

  if (n < 2) // no comparators at all
    return true;
  if (n <= (size_t) INTERIOR)
    return run_tiles (keys, keys, n, launches, error);
  if (scratch.alloc (n, "Cannot allocate the odd-even scratch", &no_room))
    return run_tiles (keys, scratch.get (), n, launches, error);
  if (no_room->code != WS_CUDA_ERROR_OUT_OF_MEMORY)
    {
      g_propagate_error (error, g_steal_pointer (&no_room));
      return false;
    }
  return run_phases_in_place (keys, n, launches, error);
}

template <typename T>
bool
sort_typed (WsCudaImpl impl, T *keys, size_t n, guint64 *launches, GError **error)
{
  switch (impl)
    {
    case WS_CUDA_SEED: return seed_sort (keys, n, launches, error);
    case WS_CUDA_SEED_V1: return seed_stream_sort (keys, n, false, launches, error);
    case WS_CUDA_SEED_V2: return seed_stream_sort (keys, n, true, launches, error);
    case WS_CUDA_OURS: return ours_sort (keys, n, launches, error);
    default: return ws::unsupported ("odd-even", impl, error);
    }
}

} // namespace

size_t
ws::odd_even_sort_scratch (WsCudaImpl impl, WsCudaType type, size_t n)
{
  // ours_sort's ping-pong buffer; the studies' variants sort in place.
  return impl == WS_CUDA_OURS && n > (size_t) INTERIOR ? n * sizeof (int32_t) : 0;
}

bool
ws::odd_even_sort_device (WsCudaImpl impl, WsCudaType type, void *d_keys, size_t n,
                          guint64 *launches, GError **error)
{
  return with_type (type, [&]<typename T> () {
    return sort_typed (impl, static_cast<T *> (d_keys), n, launches, error);
  });
}
