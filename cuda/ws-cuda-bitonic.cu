// ws-cuda-bitonic.cu: bitonic sort on the device — the padding every
// variant shares, our sort (gpu), and the dispatch to the study variants
// of ws-cuda-bitonic-seed.cu.
//
// gpu: the passes of the network are those of the CPU (pass (k, j), partner
// i ^ j, ascending when (i & k) == 0), but grouped so that the keys cross
// global memory about log2(w) times instead of log2(w)^2 / 2. The grouping
// is app/core's launch plan (ws-launch-plan.h), which bitonic_ours walks
// and the diagram draws:
//  1. one launch sorts every tile of TILE = 16384 keys in shared memory
//     (all stages k <= TILE; for w <= TILE the whole sort is one launch);
//  2. for each larger stage k, the distances j >= TILE go up to MAX_M at a
//     time through registers: a thread loads the 2^m keys base, base + jlo,
//     .., base + (2^m - 1) jlo (jlo the smallest distance of the group),
//     which the m passes only ever compare among themselves, runs the m
//     passes on them, and stores them once;
//  3. one tile launch per stage finishes the distances j < TILE, again
//     MAX_M of them per trip through registers.
// In a tile launch the first group loads its keys straight from global
// memory when a warp's loads are whole lines (the largest distances of a
// stage: jlo >= 32 keys; or units of 2 neighbouring keys), and the last
// group, the smallest distances, stores them straight to global memory
// when its units are 2 or 4 neighbouring keys (one 8- or 16-byte store
// each; every tile launch of a large sort ends so): no copy in or out
// through shared memory. Each group stays one trip through registers, as
// the plan and the diagram have it.
// The tile is 64 KB (4-byte keys, no padding: an XOR swizzle spreads the
// banks), the opt-in shared memory of every built arch (sm_75: 64 KB).
// Everything is launched on the default stream without a host sync.
#include <atomic>
#include <cstdint>

#include "ws-cuda-networks.cuh"

namespace
{

constexpr unsigned TILE_LOG = WS_PLAN_BITONIC_TILE_LOG; // 16384 keys: 64 KB of shared memory
// Tile launches over many tiles: 3 blocks of 256 threads an SM (sm_90:
// 192 KB of its 228), so that one block's trips through global memory overlap the
// others' trips through shared memory. In the issue-20 tuning harness (an
// H200, 2^24 keys) a later tile launch in the plan's groups of 4 took
// 0.062 ms so against 0.069 with 2 blocks of 512 (this file's earlier
// kernel, 2 of 512: 0.064). At most 85 registers: no spills.
constexpr unsigned TILE_THREADS = 256;
constexpr unsigned TILE_BLOCKS_PER_SM = 3;
// Where the launch's tiles all fit at once in 512-thread blocks (sm_90:
// up to 2 an SM, w <= 2^15 * SMs) a tile has an SM of its own or shares it
// with one other, and its trips are a chain of barriers: there 2 blocks of
// 512 threads were faster (same harness, whole sorts: one tile 0.047
// against 0.050 ms; 2^20, 64 tiles, 0.137 against 0.144). And where an SM
// holds no more 256-thread blocks than 512-thread ones (64 KB of shared
// memory each: sm_75, sm_86, sm_89 hold 1, sm_80 2), always these.
constexpr unsigned FEW_TILE_THREADS = 512;
constexpr unsigned FEW_TILE_BLOCKS_PER_SM = 2;
// Global groups: 4 adjacent units a thread, each of its 2^m loads and
// stores 16 bytes (4 keys), 128 threads a block (118 registers: 4 blocks
// an SM).
constexpr unsigned GROUP_THREADS = 128;
constexpr unsigned GROUP_UNITS = 4;
constexpr unsigned MAX_M = WS_PLAN_BITONIC_GROUP; // passes per register group: 16 keys per thread
constexpr unsigned FILL_THREADS = 256;
static_assert (MAX_M == 4, "group_kernel and tile_group are instantiated for 1 .. 4 passes");
static_assert ((1u << TILE_LOG) % GROUP_UNITS == 0, "a global group's distances are whole vectors");

// Unit u of a group whose smallest distance is 2^jlo_log and that spans m
// passes starts at u with m zero bits inserted at bit jlo_log: the bits the
// group's distances flip.
template <typename I>
__device__ __forceinline__ I
unit_base (I u, unsigned jlo_log, unsigned m)
{
  I low = u & (((I) 1 << jlo_log) - 1);
  return ((u >> jlo_log) << (jlo_log + m)) | low;
}

// Passes jlo * 2^(M-1), .., jlo on the 2^M keys of one unit, in registers,
// ascending (run_unit loads a descending unit in reverse order instead:
// one compare per comparator, not one per direction).
template <unsigned M, typename T>
__device__ __forceinline__ void
butterfly (T (&v)[1u << M])
{
#pragma unroll
  for (int l = (int) M - 1; l >= 0; l--)
#pragma unroll
    for (unsigned q = 0; q < (1u << M); q++)
      if ((q & (1u << l)) == 0)
        ws::order_pair (v[q], v[q | (1u << l)]);
}

// V neighbouring keys (the keys are 4 bytes) as one 4-, 8- or 16-byte
// access of global memory; loads skip L1 (ld.global.cg: each key is read
// once a launch).
template <typename T, unsigned V> struct Vec;
template <> struct Vec<float, 1> { using type = float; };
template <> struct Vec<float, 2> { using type = float2; };
template <> struct Vec<float, 4> { using type = float4; };
template <> struct Vec<int32_t, 1> { using type = int32_t; };
template <> struct Vec<int32_t, 2> { using type = int2; };
template <> struct Vec<int32_t, 4> { using type = int4; };

template <unsigned V, typename T>
__device__ __forceinline__ void
load_vec (const T *p, T (&o)[V])
{
  auto x = __ldcg (reinterpret_cast<const typename Vec<T, V>::type *> (p));

  if constexpr (V == 1)
    o[0] = x;
  else if constexpr (V == 2)
    {
      o[0] = x.x;
      o[1] = x.y;
    }
  else
    {
      o[0] = x.x;
      o[1] = x.y;
      o[2] = x.z;
      o[3] = x.w;
    }
}

template <unsigned V, typename T>
__device__ __forceinline__ void
store_vec (T *p, const T (&o)[V])
{
  using W = typename Vec<T, V>::type;

  if constexpr (V == 1)
    *p = o[0];
  else if constexpr (V == 2)
    *reinterpret_cast<W *> (p) = W{ o[0], o[1] };
  else
    *reinterpret_cast<W *> (p) = W{ o[0], o[1], o[2], o[3] };
}

// One unit: its keys come from `from` and go to `to` (global or shared
// memory, by index i inside what they address); origin + base is the
// global index of its first key, whose bit k decides the direction (every
// key of the unit shares it: k > the largest distance). A descending unit
// is loaded last key first: its comparator on slots (q, q | d),
// order_pair (v[q | d], v[q]), is then the ascending one on the reversed
// slots (U - 1 - (q | d), U - 1 - q), so the same exchanges happen, bit
// for bit.
template <unsigned M, typename T, typename I, typename From, typename To>
__device__ __forceinline__ void
run_unit (I u, unsigned jlo_log, size_t k, size_t origin, From from, To to)
{
  constexpr unsigned U = 1u << M;
  I base = unit_base<I> (u, jlo_log, M);
  I jlo = (I) 1 << jlo_log;
  bool descending = ((origin + base) & k) != 0;
  // Unsigned arithmetic wraps, so first + q * step stays exact for a
  // negative step.
  I first = descending ? base + (I) (U - 1) * jlo : base;
  I step = descending ? (I) 0 - jlo : jlo;
  T v[U];

#pragma unroll
  for (unsigned q = 0; q < U; q++)
    v[q] = from (first + (I) q * step);
  butterfly<M> (v);
#pragma unroll
  for (unsigned q = 0; q < U; q++)
    to (first + (I) q * step, v[q]);
}

// Key i of a tile sits at i with its column (i mod 32) XORed by its row:
// a bijection inside each row of 32 words, so the tile needs no padding
// (64 KB exactly), while a warp reading 16 consecutive keys per thread,
// or 32 keys 2^r apart, finds them on distinct banks (2-way at worst for
// the middle distances; none for 2 or 4 consecutive keys a thread).
__device__ __forceinline__ unsigned
swizzle (unsigned i)
{
  return i ^ ((i >> 5) & 31u);
}

// Step 2: passes 2^(jlo_log+M-1) .. 2^jlo_log of stage k over all w keys.
// A thread takes GROUP_UNITS adjacent units (jlo >= TILE: their keys lie
// side by side, one vector per distance step), so each of its 2^M loads
// and stores moves 16 bytes, and a warp's reads 512 consecutive bytes.
// Measured in the harness (H200, 2^24): 0.0373 ms a launch against 0.0380
// with one unit a thread and 4-byte accesses (256 threads a block).
template <unsigned M, typename T>
__global__ void __launch_bounds__ (GROUP_THREADS)
group_kernel (T *keys, size_t w, unsigned jlo_log, size_t k)
{
  constexpr unsigned U = 1u << M;
  constexpr unsigned V = GROUP_UNITS;
  size_t n = (w >> M) / V;
  size_t stride = (size_t) gridDim.x * blockDim.x;
  size_t jlo = (size_t) 1 << jlo_log;

  for (size_t t = (size_t) blockIdx.x * blockDim.x + threadIdx.x; t < n; t += stride)
    {
      size_t base = unit_base<size_t> (t * V, jlo_log, M);
      bool descending = (base & k) != 0;
      size_t first = descending ? base + (U - 1) * jlo : base;
      size_t step = descending ? (size_t) 0 - jlo : jlo;
      T r[U][V];

#pragma unroll
      for (unsigned q = 0; q < U; q++)
        load_vec<V> (keys + (first + q * step), r[q]);
      // Column c is unit t * V + c: the same comparators as run_unit's.
#pragma unroll
      for (unsigned c = 0; c < V; c++)
        {
          T v[U];
#pragma unroll
          for (unsigned q = 0; q < U; q++)
            v[q] = r[q][c];
          butterfly<M> (v);
#pragma unroll
          for (unsigned q = 0; q < U; q++)
            r[q][c] = v[q];
        }
#pragma unroll
      for (unsigned q = 0; q < U; q++)
        store_vec<V> (keys + (first + q * step), r[q]);
    }
}

// Where a tile group's keys come from and go to.
enum Route
{
  SHARED_TO_SHARED,
  GLOBAL_TO_SHARED,
  SHARED_TO_GLOBAL,
  GLOBAL_TO_GLOBAL,
};

// One unit of 2^M <= 4 neighbouring keys (distances 2^(M-1) .. 1): where
// it meets global memory, a single 8- or 16-byte access (a warp's covers
// 256 or 512 consecutive bytes); loaded mirrored when it descends, as
// run_unit (first + q * step with step -1 is key base + U - 1 - q).
template <unsigned M, typename T>
__device__ __forceinline__ void
near_unit (T *s, T *g, unsigned u, size_t k, size_t origin, bool from_global, bool to_global)
{
  constexpr unsigned U = 1u << M;
  unsigned base = u << M;
  bool descending = ((origin + base) & k) != 0;
  T r[U], v[U];

  if (from_global)
    load_vec<U> (g + base, r);
  else
#pragma unroll
    for (unsigned q = 0; q < U; q++)
      r[q] = s[swizzle (base + q)];
#pragma unroll
  for (unsigned q = 0; q < U; q++)
    v[q] = descending ? r[U - 1 - q] : r[q];
  butterfly<M> (v);
#pragma unroll
  for (unsigned q = 0; q < U; q++)
    r[q] = descending ? v[U - 1 - q] : v[q];
  if (to_global)
    store_vec<U> (g + base, r);
  else
#pragma unroll
    for (unsigned q = 0; q < U; q++)
      s[swizzle (base + q)] = r[q];
}

// One register group of passes over the tile at origin. Global memory
// only as vectors_whole or lines_whole allow (see tile_kernel).
template <unsigned M, typename T>
__device__ void
tile_group (T *s, T *keys, unsigned tile_log, unsigned jlo_log, size_t k, size_t origin, Route route)
{
  unsigned units = 1u << (tile_log - M);
  T *g = keys + origin;
  bool from_global = route == GLOBAL_TO_SHARED || route == GLOBAL_TO_GLOBAL;
  bool to_global = route == SHARED_TO_GLOBAL || route == GLOBAL_TO_GLOBAL;
  auto shared_from = [s] (unsigned i) { return s[swizzle (i)]; };
  auto shared_to = [s] (unsigned i, T v) { s[swizzle (i)] = v; };
  auto global_from = [g] (unsigned i) { return g[i]; };

  if constexpr (M <= 2)
    if (jlo_log == 0)
      {
        for (unsigned u = threadIdx.x; u < units; u += blockDim.x)
          near_unit<M, T> (s, g, u, k, origin, from_global, to_global);
        return;
      }
  for (unsigned u = threadIdx.x; u < units; u += blockDim.x)
    if (from_global)
      run_unit<M, T> (u, jlo_log, k, origin, global_from, shared_to);
    else
      run_unit<M, T> (u, jlo_log, k, origin, shared_from, shared_to);
}

// Group g of a tile launch: its m passes from distance 2^dist_log down.
template <typename T>
__device__ void
tile_run_group (T *s, T *keys, unsigned tile_log, const ws::TileGroups &groups, unsigned g,
                size_t origin, Route route)
{
  unsigned m = groups.passes[g];
  unsigned jlo_log = groups.dist_log[g] + 1 - m;
  size_t k = (size_t) 1 << groups.stage_log[g];

  switch (m)
    {
    case 1: tile_group<1> (s, keys, tile_log, jlo_log, k, origin, route); break;
    case 2: tile_group<2> (s, keys, tile_log, jlo_log, k, origin, route); break;
    case 3: tile_group<3> (s, keys, tile_log, jlo_log, k, origin, route); break;
    default: tile_group<4> (s, keys, tile_log, jlo_log, k, origin, route); break;
    }
}

// Whether group g's units are 2 or 4 neighbouring keys (distances 2 and 1,
// or 1): one vector access a unit, a warp's 256 or 512 consecutive bytes.
__device__ __forceinline__ bool
vectors_whole (const ws::TileGroups &groups, unsigned g)
{
  return groups.dist_log[g] + 1 == groups.passes[g] && groups.passes[g] <= 2;
}

// Whether group g reads whole lines of global memory: a warp's 32 units
// are 32 consecutive keys per load (jlo >= 32), or vectors_whole.
__device__ __forceinline__ bool
lines_whole (const ws::TileGroups &groups, unsigned g)
{
  unsigned jlo_log = groups.dist_log[g] + 1 - groups.passes[g];

  return jlo_log >= 5 || vectors_whole (groups, g);
}

// Steps 1 (every stage k <= tile) and 3 (the passes j < tile of stage k):
// the plan's groups on tiles of 2^tile_log keys, one tile per block at a
// time, in 4 << tile_log bytes of dynamic shared memory; each group is one
// trip of the keys through registers, as the plan (and the diagram) has
// it. The first group reads global memory itself where its loads are
// whole lines (else a plain copy does), and the last group, the smallest
// distances, writes it itself where its units are 2 or 4 neighbouring
// keys (one 8- or 16-byte store a unit; else a plain copy from shared
// memory does: 16 neighbouring keys a thread, a warp's store touches 32
// lines for 4 bytes each, measured twice as slow on an H200). Tile
// launches above the tile end in 2 passes (14 = 4 + 4 + 4 + 2), as does
// the first one: neither copies in nor out. Between groups the tile waits
// in shared memory.
template <typename T, unsigned THREADS, unsigned BLOCKS_PER_SM>
__global__ void __launch_bounds__ (THREADS, BLOCKS_PER_SM)
tile_kernel (T *keys, size_t w, unsigned tile_log, const __grid_constant__ ws::TileGroups groups)
{
  extern __shared__ __align__ (16) unsigned char tile_bytes[];
  T *s = reinterpret_cast<T *> (tile_bytes);
  unsigned tile = 1u << tile_log;
  unsigned last = groups.n - 1;
  bool direct_in = lines_whole (groups, 0);
  bool direct_out = vectors_whole (groups, last);

  for (size_t origin = (size_t) blockIdx.x * tile; origin < w; origin += (size_t) gridDim.x * tile)
    {
      if (!direct_in)
        {
          for (unsigned i = threadIdx.x; i < tile; i += THREADS)
            s[swizzle (i)] = keys[origin + i];
          __syncthreads ();
        }
      for (unsigned g = 0; g < groups.n; g++)
        {
          bool in = g == 0 && direct_in, out = g == last && direct_out;
          Route route = in ? (out ? GLOBAL_TO_GLOBAL : GLOBAL_TO_SHARED)
                           : (out ? SHARED_TO_GLOBAL : SHARED_TO_SHARED);

          tile_run_group (s, keys, tile_log, groups, g, origin, route);
          // After the last group: the next tile overwrites s only after
          // everyone has read this one.
          __syncthreads ();
        }
      if (!direct_out)
        {
          for (unsigned i = threadIdx.x; i < tile; i += THREADS)
            keys[origin + i] = s[swizzle (i)];
          __syncthreads ();
        }
    }
}

template <typename T>
bool
launch_group (T *keys, size_t w, unsigned m, unsigned jlo_log, size_t k, GError **error)
{
  unsigned blocks = ws::blocks_for ((w >> m) / GROUP_UNITS, GROUP_THREADS);

  switch (m)
    {
    case 1: group_kernel<1><<<blocks, GROUP_THREADS>>> (keys, w, jlo_log, k); break;
    case 2: group_kernel<2><<<blocks, GROUP_THREADS>>> (keys, w, jlo_log, k); break;
    case 3: group_kernel<3><<<blocks, GROUP_THREADS>>> (keys, w, jlo_log, k); break;
    default: group_kernel<4><<<blocks, GROUP_THREADS>>> (keys, w, jlo_log, k); break;
    }
  return ws::check_launch ("Cannot launch a bitonic register pass", error);
}

// One launch of the plan: a tile launch, or one register group straight
// on global memory. few_tiles: at most this many tiles take the 512-thread
// blocks (tile_setup).
template <typename T>
bool
launch_planned (T *keys, size_t w, const WsPlanLaunch &launch, size_t few_tiles, GError **error)
{
  const WsPlanGroup &g = launch.groups[0];
  unsigned tiles = ws::blocks_for (w >> launch.tile_log, 1);
  size_t bytes = sizeof (T) << launch.tile_log;
  ws::TileGroups groups = ws::tile_groups (launch);

  if (launch.memory == WS_PLAN_GLOBAL)
    return launch_group (keys, w, g.n_passes, g.dist_log + 1 - g.n_passes,
                         (size_t) 1 << g.stage_log, error);
  if (tiles <= few_tiles)
    tile_kernel<T, FEW_TILE_THREADS, FEW_TILE_BLOCKS_PER_SM>
      <<<tiles, FEW_TILE_THREADS, bytes>>> (keys, w, launch.tile_log, groups);
  else
    tile_kernel<T, TILE_THREADS, TILE_BLOCKS_PER_SM>
      <<<tiles, TILE_THREADS, bytes>>> (keys, w, launch.tile_log, groups);
  return ws::check_launch ("Cannot launch a bitonic tile kernel", error);
}

// The tile kernels' 64 KB are above the 48 KB a block gets without opting
// in; every built arch allows them (sm_75: 64 KB at most). Sets that up
// and finds how many tiles the 512-thread blocks take (*few_tiles: those
// an SM holds at once, times the SMs, where an SM holds more 256-thread
// blocks, as sm_90's 3 against 2; elsewhere every tile launch). Once per
// device and type, since the calls cost microseconds of host time that a
// small sort's launch would wait for (two threads doing it at once is
// harmless, hence relaxed atomics).
template <typename T>
bool
tile_setup (size_t *few_tiles, GError **error)
{
  static std::atomic<size_t> known[64]; // *few_tiles a device; 0: not yet
  const char *what = "Cannot give the bitonic tile kernel 64 KB of shared memory";
  size_t bytes = sizeof (T) << TILE_LOG;
  size_t few = 0, many = 0;
  int device = 0;

  if (!ws::check (cudaGetDevice (&device), "Cannot read the current GPU", error))
    return false;
  if (device >= 0 && device < 64
      && (*few_tiles = known[device].load (std::memory_order_relaxed)) != 0)
    return true;
  if (!ws::resident_blocks (tile_kernel<T, FEW_TILE_THREADS, FEW_TILE_BLOCKS_PER_SM>,
                            FEW_TILE_THREADS, bytes, what, &few, error)
      || !ws::resident_blocks (tile_kernel<T, TILE_THREADS, TILE_BLOCKS_PER_SM>, TILE_THREADS,
                               bytes, what, &many, error))
    return false;
  *few_tiles = many > few ? few : SIZE_MAX;
  if (device >= 0 && device < 64)
    known[device].store (*few_tiles, std::memory_order_relaxed);
  return true;
}

// gpu: w a power of two, at least 2, keys 16-byte aligned (sort_padded
// sees to it); the launches are the plan's.
template <typename T>
bool
bitonic_ours (T *keys, size_t w, guint64 *launches, GError **error)
{
  WsLaunchPlan plan;
  WsPlanLaunch launch;
  size_t few_tiles;

  if (!tile_setup<T> (&few_tiles, error))
    return false;
  ws_launch_plan_bitonic (&plan, w, TILE_LOG, MAX_M);
  while (ws_launch_plan_next (&plan, &launch))
    {
      if (ws::stopped (error) || !launch_planned (keys, w, launch, few_tiles, error))
        return false;
      ++*launches;
    }
  return true;
}

template <typename T>
__global__ void
fill_kernel (T *keys, size_t from, size_t to)
{
  size_t stride = (size_t) gridDim.x * blockDim.x;

  for (size_t i = from + (size_t) blockIdx.x * blockDim.x + threadIdx.x; i < to; i += stride)
    keys[i] = ws::max_key<T> ();
}

// Runs sort on the n keys padded with the largest key to w, as the CPU
// engine pads: in a scratch copy when w > n (or the keys are not 16-byte
// aligned), in place otherwise. The sentinel is >= every key, so the first
// n keys of the sorted scratch are the answer.
template <typename T, typename Sort>
bool
sort_padded (T *keys, size_t n, size_t w, guint64 *launches, GError **error, Sort &&sort)
{
  ws::PoolBuffer<T> scratch;

  // gpu's 8- and 16-byte accesses need the keys 16-byte aligned, as every
  // caller's allocation is; others (none today) are sorted in a copy.
  if (w == n && ((uintptr_t) keys & 15) == 0)
    return sort (keys);
  if (!scratch.alloc (w, "Cannot allocate the padded bitonic keys on the GPU", error)
      || !ws::check (cudaMemcpyAsync (scratch.get (), keys, n * sizeof (T),
                                      cudaMemcpyDeviceToDevice),
                     "Cannot copy the keys into the padding", error))
    return false;
  if (w > n)
    {
      fill_kernel<<<ws::blocks_for (w - n, FILL_THREADS), FILL_THREADS>>> (scratch.get (), n, w);
      ++*launches;
      if (!ws::check_launch ("Cannot launch the bitonic padding", error))
        return false;
    }
  return sort (scratch.get ())
         && ws::check (cudaMemcpyAsync (keys, scratch.get (), n * sizeof (T),
                                        cudaMemcpyDeviceToDevice),
                       "Cannot copy the sorted keys out of the padding", error);
}

template <typename T>
bool
bitonic_impl (WsCudaImpl impl, T *keys, size_t w, guint64 *launches, GError **error)
{
  switch (impl)
    {
    case WS_CUDA_SEED: return ws::bitonic_seed (keys, w, launches, error);
    case WS_CUDA_SEED_SHARED: return ws::bitonic_seed_shared (keys, w, launches, error);
    default: return bitonic_ours (keys, w, launches, error);
    }
}

} // namespace

const unsigned ws::impls_bitonic = ws::impl_bit (WS_CUDA_SEED) | ws::impl_bit (WS_CUDA_SEED_SHARED)
                                   | ws::impl_bit (WS_CUDA_OURS);

// The width bitonic_sort_device pads n keys to.
static size_t
padded_width (WsCudaImpl impl, size_t n)
{
  // Study 002's merge-split passes need whole chunks, not a power of two.
  return impl == WS_CUDA_SEED_SHARED
             ? (n + ws::SEED_SHARED_CHUNK - 1) / ws::SEED_SHARED_CHUNK * ws::SEED_SHARED_CHUNK
             : ws::next_pow2 (n);
}

size_t
ws::bitonic_sort_scratch (WsCudaImpl impl, WsCudaType type, size_t n)
{
  size_t w = padded_width (impl, n);

  return n >= 2 && w > n ? w * sizeof (int32_t) : 0; // the padded copy
}

bool
ws::bitonic_sort_device (WsCudaImpl impl, WsCudaType type, void *d_keys, size_t n,
                         guint64 *launches, GError **error)
{
  size_t w;

  if ((unsigned) impl > WS_CUDA_LIB || (impls_bitonic & impl_bit (impl)) == 0)
    return unsupported ("bitonic", impl, error);
  if (n < 2)
    return true;
  w = padded_width (impl, n);
  return with_type (type, [&]<typename T> () {
    return sort_padded (static_cast<T *> (d_keys), n, w, launches, error,
                        [&] (T *keys) { return bitonic_impl (impl, keys, w, launches, error); });
  });
}
