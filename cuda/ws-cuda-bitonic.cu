// ws-cuda-bitonic.cu: bitonic sort on the device — the padding every
// variant shares, our sort (gpu), and the dispatch to the study variants
// of ws-cuda-bitonic-seed.cu.
//
// gpu: the passes of the network are those of the CPU (pass (k, j), partner
// i ^ j, ascending when (i & k) == 0), but grouped so that the keys cross
// global memory about log2(w) times instead of log2(w)^2 / 2. The grouping
// is app/core's launch plan (ws-launch-plan.h), which bitonic_ours walks
// and the diagram draws:
//  1. one launch sorts every tile of TILE keys in shared memory (all
//     stages k <= TILE). TILE is 16384 keys from 2^21 keys up and 2^12 or
//     2^13 below, so that a mid-size sort still has tiles for most SMs
//     (ws_plan_bitonic_tile_log). A sort of w <= 2^12 keys is this one
//     launch alone, in a kernel of its own (small_kernel): each thread's
//     keys stay in its registers from the first pass to the last;
//  2. for each larger stage k, the distances j >= TILE go up to m at a
//     time through registers (m = ws_plan_bitonic_group: 5 from 2^20 keys
//     up, 4 below): a thread loads the 2^m keys base, base + jlo, ..,
//     base + (2^m - 1) jlo (jlo the smallest distance of the group), which
//     the m passes only ever compare among themselves, runs the m passes on
//     them, and stores them once. A stage with more than m of them, yet
//     no more than log2(TILE) - 4 (rows of 16 keys or more), runs them all
//     in one tile launch instead, on a tile of rows (Rows): two trips
//     through global memory become one;
//  3. one tile launch per stage finishes the distances j < TILE, again m
//     of them per trip through registers.
// The first tile launch's first group sorts each thread's 2^m neighbouring
// keys whole (stages 2 .. 2^m: 15 passes for m = 5) in one trip through
// registers, loaded straight from global memory as 16-byte vectors.
// In a later tile launch the first group loads its keys straight from
// global memory when a warp's loads are whole lines (the largest distances
// of a stage: jlo >= 32 keys): one trip through shared memory fewer. (Its
// last group, the smallest distances, stores through shared memory:
// straight from registers, 2^m neighbouring keys a thread, each store
// instruction of a warp touches 32 lines — twice as slow as scalar stores
// on an H200, four times as 16-byte vectors on an H100.)
// The tile is 64 KB (4-byte keys, no padding: an XOR swizzle spreads the
// banks), the opt-in shared memory of every built arch (sm_75: 64 KB).
// Everything is launched on the default stream without a host sync; on
// sm_90 each launch of the plan after the first is chained to the one
// before it (follow_previous).
#include <atomic>
#include <iterator>
#include <type_traits>
#include <utility>

#include "ws-cuda-bitonic.cuh"

namespace
{

using namespace ws::bitonic;

// The largest tile (ws_plan_bitonic_tile_log picks each sort's): 16384 keys, 64 KB of shared memory.
constexpr unsigned TILE_LOG = WS_PLAN_BITONIC_TILE_LOG;
// 256 threads, 3 blocks an SM: 85 registers, room for 32 keys a thread (72
// used, no spills; 512 threads at 2 blocks leave 64, which 32 keys exceed).
constexpr unsigned TILE_THREADS = 256;
constexpr unsigned TILE_BLOCKS_PER_SM = 3;
constexpr unsigned GROUP_THREADS = 256;
constexpr unsigned MAX_M = WS_PLAN_BITONIC_GROUP; // the most passes per register group: 32 keys a thread
constexpr unsigned FILL_THREADS = 256;
static_assert (MAX_M == 5, "group_kernel and tile_group are instantiated for 1 .. 5 passes");

// Passes jlo * 2^(M-1), .., jlo on the 2^M keys of one unit, in registers,
// ascending (run_unit loads a descending unit in reverse order instead:
// one compare per comparator, not one per direction).
template <unsigned M, bool FAST, typename T>
__device__ __forceinline__ void
butterfly (T (&v)[1u << M])
{
#pragma unroll
  for (int l = (int) M - 1; l >= 0; l--)
#pragma unroll
    for (unsigned q = 0; q < (1u << M); q++)
      if ((q & (1u << l)) == 0)
        order<FAST> (v[q], v[q | (1u << l)]);
}

// One unit: its keys come from `from` and go to `to` (global or shared
// memory, by index i inside what they address); origin + base is the
// global index of its first key, whose bit k decides the direction (every
// key of the unit shares it: k > the largest distance). A descending unit
// is loaded last key first: its comparator on slots (q, q | d),
// order_pair (v[q | d], v[q]), is then the ascending one on the reversed
// slots (U - 1 - (q | d), U - 1 - q), so the same exchanges happen, bit
// for bit.
template <unsigned M, bool FAST, typename T, typename I, typename From, typename To>
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
  butterfly<M, FAST> (v);
#pragma unroll
  for (unsigned q = 0; q < U; q++)
    to (first + (I) q * step, v[q]);
}

// Key i of a tile sits at i with its column (i mod 32) XORed by its row:
// a bijection inside each row of 32 words, so the tile needs no padding
// (64 KB exactly), while a warp reading 16 consecutive keys per thread,
// or 32 keys 2^r apart, finds them on distinct banks (2-way at worst for
// the middle distances).
__host__ __device__ constexpr unsigned
swizzle (unsigned i)
{
  return i ^ ((i >> 5) & 31u);
}

// run_unit on the tile in shared memory, for a group whose smallest
// distance is 2^JL (known when compiled). The swizzle is linear over XOR,
// and a unit's keys are its first key, base, with q's bits put in at JL
// (bits base has clear: OR is XOR), so key q sits at slot swizzle (base)
// XOR a constant, swizzle (q << JL); a descending unit, loaded last key
// first (run_unit), holds key (U − 1) XOR q there, one constant more for
// the whole unit. One XOR an address, none depending on another, where a
// runtime distance costs four instructions.
template <unsigned M, unsigned JL, bool FAST, typename T>
__device__ __forceinline__ void
shared_unit (T *s, unsigned u, size_t k, size_t origin)
{
  constexpr unsigned U = 1u << M;
  unsigned base = unit_base<unsigned> (u, JL, M);
  bool descending = ((origin + base) & k) != 0;
  unsigned first = (swizzle (base) ^ (descending ? swizzle ((U - 1) << JL) : 0u)) * sizeof (T);
  char *bytes = reinterpret_cast<char *> (s);
  T v[U];

#pragma unroll
  for (unsigned q = 0; q < U; q++)
    v[q] = *reinterpret_cast<T *> (bytes + (first ^ (swizzle (q << JL) * sizeof (T))));
  butterfly<M, FAST> (v);
#pragma unroll
  for (unsigned q = 0; q < U; q++)
    *reinterpret_cast<T *> (bytes + (first ^ (swizzle (q << JL) * sizeof (T)))) = v[q];
}

// A group's units on the tile in shared memory, with shared_unit's JL the
// group's jlo_log: one instance for each distance a tile's group can start
// from (2^JL · 2^M keys within the largest tile).
template <unsigned M, bool FAST, typename T, unsigned... JL>
__device__ void
shared_units (T *s, unsigned units, unsigned jlo_log, size_t k, size_t origin,
              std::integer_sequence<unsigned, JL...>)
{
  auto run = [&]<unsigned L> () {
    for (unsigned u = threadIdx.x; u < units; u += blockDim.x)
      shared_unit<M, L, FAST> (s, u, k, origin);
    return true;
  };
  ((jlo_log == JL && run.template operator()<JL> ()) || ...);
}

// Whether a launch after the first may use the FAST comparator: float
// keys, and the first launch found none special (tile_kernel).
template <typename T>
__device__ __forceinline__ bool
fast_keys (const unsigned *specials)
{
  if constexpr (std::is_same_v<T, float>)
    return specials != nullptr && *specials == 0;
  else
    return false;
}

// A chained launch (sm_90, launch_chained) is placed on the SMs while the
// launch before it drains, and waits here until that one has finished and
// its stores are visible: the gap between launches, which each of the
// plan's launches paid (21 at 2^24), overlaps the previous one's last
// blocks.
// Unchained, it returns at once.
__device__ __forceinline__ void
follow_previous ()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  cudaGridDependencySynchronize ();
#endif
}

// Step 2: passes 2^(jlo_log+M-1) .. 2^jlo_log of stage k over all w keys.
// jlo >= TILE >= 32, so a warp's 32 consecutive units read 32 consecutive
// keys per load: coalesced.
template <unsigned M, typename T>
__global__ void __launch_bounds__ (GROUP_THREADS)
group_kernel (T *keys, size_t w, unsigned jlo_log, size_t k, const unsigned *specials)
{
  size_t units = w >> M;
  size_t stride = (size_t) gridDim.x * blockDim.x;
  size_t u0 = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  auto from = [keys] (size_t i) { return keys[i]; };
  auto to = [keys] (size_t i, T v) { keys[i] = v; };

  follow_previous ();

  if (fast_keys<T> (specials))
    for (size_t u = u0; u < units; u += stride)
      run_unit<M, true, T> (u, jlo_log, k, 0, from, to);
  else
    for (size_t u = u0; u < units; u += stride)
      run_unit<M, false, T> (u, jlo_log, k, 0, from, to);
}

// Where key t of a tile lies in global memory, from the tile's origin,
// and where tile b begins. A tile of neighbours holds 2^tile_log
// consecutive keys.
struct Neighbours
{
  __device__ __forceinline__ size_t at (unsigned t) const { return t; }
  __device__ __forceinline__ size_t origin (size_t b, unsigned tile_log) const
  {
    return b << tile_log;
  }
};

// A tile of rows holds a stage's keys that lie a distance >= the tile of
// neighbours (2^gap_log keys) apart, so that its passes at those
// distances run in shared memory (ws-launch-plan.h): 2^(tile_log -
// row_log) rows of 2^row_log consecutive keys (64 bytes or more: whole
// sectors), 2^gap_log keys apart. Tile b takes the rows at offset
// (b mod 2^(gap_log - row_log)) 2^row_log in blocks of 2^(gap_log +
// tile_log - row_log) keys; key t is column t mod 2^row_log of row
// t >> row_log. In these terms the stage's distance 2^d is 2^(d - gap_log
// + row_log) (the host gives the groups so), and its direction, bit k of
// the global index, is bit k of the origin: k lies above the tile's last
// row, and the origin's offset plus any key's place in the tile stays
// below 2^(gap_log + 1).
struct Rows
{
  unsigned row_log, gap_log;

  __device__ __forceinline__ size_t at (unsigned t) const
  {
    return ((size_t) (t >> row_log) << gap_log) | (t & ((1u << row_log) - 1));
  }
  __device__ __forceinline__ size_t origin (size_t b, unsigned tile_log) const
  {
    unsigned beside = gap_log - row_log;
    size_t offset = b & (((size_t) 1 << beside) - 1);

    return ((b >> beside) << (gap_log + tile_log - row_log)) | (offset << row_log);
  }
};

// Where a tile group's keys come from and go to.
enum Route
{
  SHARED_TO_SHARED,
  GLOBAL_TO_SHARED,
};

// One register group of passes over the tile at origin.
template <unsigned M, bool FAST, typename T, typename Layout>
__device__ void
tile_group (T *s, T *keys, unsigned tile_log, unsigned jlo_log, size_t k, size_t origin,
            Route route, Layout layout)
{
  unsigned units = 1u << (tile_log - M);
  T *g = keys + origin;
  auto shared_from = [s] (unsigned i) { return s[swizzle (i)]; };
  auto shared_to = [s] (unsigned i, T v) { s[swizzle (i)] = v; };
  auto global_from = [g, layout] (unsigned i) { return g[layout.at (i)]; };

  // The largest tiles' shared groups with their distance compiled in
  // (shared_unit); smaller sorts, whose launches are few and short, keep
  // the one loop (a 2^12 sort took 16 µs against 15 with the instances:
  // each group's code cold in the instruction cache).
  if (route == SHARED_TO_SHARED && tile_log == TILE_LOG)
    return shared_units<M, FAST> (s, units, jlo_log, k, origin,
                                  std::make_integer_sequence<unsigned, TILE_LOG - M + 1> ());
  for (unsigned u = threadIdx.x; u < units; u += blockDim.x)
    if (route == GLOBAL_TO_SHARED)
      run_unit<M, FAST, T> (u, jlo_log, k, origin, global_from, shared_to);
    else
      run_unit<M, FAST, T> (u, jlo_log, k, origin, shared_from, shared_to);
}

// The first group of the first tile launch: each run of 2^M neighbouring
// keys of the tile at origin comes straight from global memory, is sorted
// whole in registers (stages 2 .. 2^M) and goes to the tile in shared
// memory. A warp's stores hit 32 distinct banks: its 32 runs fill whole
// rows of 32 words, and each row's swizzle (its row number, XORed into the
// column) sends slot q of every run to a bank of its own.
template <unsigned M, typename T>
__device__ bool
tile_sort (T *s, const T *keys, unsigned tile_log, size_t origin)
{
  constexpr unsigned U = 1u << M;
  unsigned runs = 1u << (tile_log - M);
  const T *g = keys + origin;
  bool vectors = (reinterpret_cast<uintptr_t> (g) & 15) == 0;
  bool special = false;

  for (unsigned u = threadIdx.x; u < runs; u += blockDim.x)
    {
      unsigned base = u << M;
      bool descending = ((origin + base) & U) != 0;
      T r[U], v[U];

      load_run<U> (g + base, r, vectors);
#pragma unroll
      for (unsigned q = 0; q < U; q++)
        {
          if constexpr (std::is_same_v<T, float>)
            special = special || special_key (r[q]);
          v[q] = descending ? r[U - 1 - q] : r[q];
        }
      sort_run<M> (v);
#pragma unroll
      for (unsigned q = 0; q < U; q++)
        s[swizzle (base + q)] = descending ? v[U - 1 - q] : v[q];
    }
  return special;
}

// tile_sort for m, the plan's group above 2^WS_PLAN_BITONIC_SMALL_LOG keys
// (4 or 5); whether any of the thread's keys is special_key.
template <typename T>
__device__ bool
tile_run_sort (T *s, const T *keys, unsigned tile_log, unsigned m, size_t origin)
{
  return m == 4 ? tile_sort<4> (s, keys, tile_log, origin)
                : tile_sort<5> (s, keys, tile_log, origin);
}

// Group g of a tile launch: its m passes from distance 2^dist_log down.
template <bool FAST, typename T, typename Layout>
__device__ void
tile_run_group (T *s, T *keys, unsigned tile_log, const ws::TileGroups &groups, unsigned g,
                size_t origin, Route route, Layout layout)
{
  unsigned m = groups.passes[g];
  unsigned jlo_log = groups.dist_log[g] + 1 - m;
  size_t k = (size_t) 1 << groups.stage_log[g];

  switch (m)
    {
    case 1: tile_group<1, FAST> (s, keys, tile_log, jlo_log, k, origin, route, layout); break;
    case 2: tile_group<2, FAST> (s, keys, tile_log, jlo_log, k, origin, route, layout); break;
    case 3: tile_group<3, FAST> (s, keys, tile_log, jlo_log, k, origin, route, layout); break;
    case 4: tile_group<4, FAST> (s, keys, tile_log, jlo_log, k, origin, route, layout); break;
    default: tile_group<5, FAST> (s, keys, tile_log, jlo_log, k, origin, route, layout); break;
    }
}

// Group g with the FAST comparator where fast (float keys only: int32's
// comparator is min and max already).
template <typename T, typename Layout>
__device__ void
tile_run_group (T *s, T *keys, unsigned tile_log, const ws::TileGroups &groups, unsigned g,
                size_t origin, Route route, Layout layout, bool fast)
{
  if constexpr (std::is_same_v<T, float>)
    if (fast)
      return tile_run_group<true> (s, keys, tile_log, groups, g, origin, route, layout);
  tile_run_group<false> (s, keys, tile_log, groups, g, origin, route, layout);
}

// Whether group g reads whole lines of global memory: a warp's 32 units
// are 32 consecutive keys per load (jlo >= 32), or 32 pairs of neighbours
// side by side (one pass of distance 1: the second load hits the lines
// the first brought into L1).
__device__ __forceinline__ bool
lines_whole (const ws::TileGroups &groups, unsigned g)
{
  unsigned jlo_log = groups.dist_log[g] + 1 - groups.passes[g];

  return jlo_log >= 5 || (jlo_log == 0 && groups.passes[g] == 1);
}

// Steps 1 (every stage k <= tile) and 3 (the passes j < tile of stage k),
// on tiles of neighbours, and step 2 on tiles of rows where the plan says
// so: the plan's groups on tiles of 2^tile_log keys, one tile per block
// at a time, in 4 << tile_log bytes of dynamic shared memory. The first
// group reads global memory itself where its loads are whole lines (else
// a plain copy does; a tile of rows' loads are always whole sectors, which
// serve as well); between groups the tile waits in shared memory.
// Float keys: the first launch notes whether any key of a tile is
// special_key, and sorts a tile with none with the FAST comparator; it
// counts such tiles in *specials (zeroed before the sort), and the later
// launches use the FAST comparator where none was (fast_keys). specials:
// null for int32 keys (every sort here has several launches: the sorts of
// one launch are ws::bitonic_small's).
template <typename T, typename Layout>
__global__ void __launch_bounds__ (TILE_THREADS, TILE_BLOCKS_PER_SM)
tile_kernel (T *keys, size_t w, unsigned tile_log, const __grid_constant__ ws::TileGroups groups,
             Layout layout, unsigned *specials)
{
  extern __shared__ __align__ (16) unsigned char tile_bytes[];
  T *s = reinterpret_cast<T *> (tile_bytes);
  unsigned tile = 1u << tile_log;
  constexpr bool rows = std::is_same_v<Layout, Rows>;
  bool sorts_runs = !rows && groups.last_stage_log[0] > groups.stage_log[0];
  bool direct_in = rows || sorts_runs || lines_whole (groups, 0);

  follow_previous ();
  bool fast = !sorts_runs && fast_keys<T> (specials);

  for (size_t b = blockIdx.x; b < (w >> tile_log); b += gridDim.x)
    {
      size_t origin = layout.origin (b, tile_log);

      if (sorts_runs)
        {
          bool special = tile_run_sort (s, keys, tile_log, groups.last_stage_log[0], origin);
          // The barrier after the first group, and the tile's verdict.
          special = __syncthreads_or (special);
          fast = std::is_same_v<T, float> && !special;
          if (special && specials != nullptr && threadIdx.x == 0)
            atomicAdd (specials, 1u);
        }
      else
        {
          if (direct_in)
            tile_run_group (s, keys, tile_log, groups, 0, origin, GLOBAL_TO_SHARED, layout, fast);
          else
            for (unsigned i = threadIdx.x; i < tile; i += blockDim.x)
              s[swizzle (i)] = keys[origin + layout.at (i)];
          __syncthreads ();
        }
      for (unsigned g = direct_in ? 1 : 0; g < groups.n; g++)
        {
          tile_run_group (s, keys, tile_log, groups, g, origin, SHARED_TO_SHARED, layout, fast);
          __syncthreads ();
        }
      for (unsigned i = threadIdx.x; i < tile; i += blockDim.x)
        keys[origin + layout.at (i)] = s[swizzle (i)];
      // The next tile overwrites s only after everyone has read this one.
      __syncthreads ();
    }
}

// Launches kernel on the default stream, chained to the launch before it
// where `chained` (see follow_previous; only on devices of compute
// capability 9.0 and up, prepare_device says).
template <typename... Params, typename... Args>
cudaError_t
launch_chained (bool chained, void (*kernel) (Params...), unsigned blocks, unsigned threads,
                size_t bytes, Args... args)
{
  cudaLaunchConfig_t config = {};
  cudaLaunchAttribute attribute = {};

  config.gridDim = dim3 (blocks);
  config.blockDim = dim3 (threads);
  config.dynamicSmemBytes = bytes;
  config.stream = 0;
  attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute.val.programmaticStreamSerializationAllowed = 1;
  config.attrs = &attribute;
  config.numAttrs = chained ? 1 : 0;
  return cudaLaunchKernelEx (&config, kernel, args...);
}

template <typename T>
bool
launch_group (T *keys, size_t w, unsigned m, unsigned jlo_log, size_t k, const unsigned *specials,
              bool c, GError **error)
{
  // group_kernel<M> for M = 1 .. MAX_M, indexed by M − 1; any other m runs MAX_M.
  static constexpr void (*kernels[]) (T *, size_t, unsigned, size_t, const unsigned *)
      = { group_kernel<1, T>, group_kernel<2, T>, group_kernel<3, T>, group_kernel<4, T>,
          group_kernel<5, T> };
  static_assert (std::size (kernels) == MAX_M, "one kernel for each group size");
  unsigned blocks = ws::blocks_for (w >> m, GROUP_THREADS);

  return ws::check (launch_chained (c, kernels[m >= 1 && m <= MAX_M ? m - 1 : MAX_M - 1], blocks,
                                    GROUP_THREADS, 0, keys, w, jlo_log, k, specials),
                    "Cannot launch a bitonic register pass", error);
}

// A tile launch on tiles of the given layout.
template <typename T, typename Layout>
bool
launch_tiles (T *keys, size_t w, unsigned tile_log, const ws::TileGroups &groups, Layout layout,
              unsigned *specials, bool chained, GError **error)
{
  return ws::check (launch_chained (chained, tile_kernel<T, Layout>,
                                    ws::blocks_for (w >> tile_log, 1), TILE_THREADS,
                                    sizeof (T) << tile_log, keys, w, tile_log, groups, layout,
                                    specials),
                    "Cannot launch a bitonic tile kernel", error);
}

// One launch of the plan: a tile launch (on a tile of rows where its
// distances are the tile's or more), or one register group straight on
// global memory; chained to the plan's launch before it, if any.
template <typename T>
bool
launch_planned (T *keys, size_t w, const WsPlanLaunch &launch, unsigned *specials, bool chains,
                GError **error)
{
  const WsPlanGroup &g = launch.groups[0];
  bool chained = chains && launch.first_pass > 0;
  ws::TileGroups groups = ws::tile_groups (launch);

  if (launch.memory == WS_PLAN_GLOBAL)
    return launch_group (keys, w, g.n_passes, g.dist_log + 1 - g.n_passes,
                         (size_t) 1 << g.stage_log, specials, chained, error);
  if (g.dist_log < launch.tile_log)
    return launch_tiles (keys, w, launch.tile_log, groups, Neighbours{}, specials, chained, error);
  // The plan gives a tile of rows 2^tile_log keys apart, one row a bit of
  // its passes: rows of 2^(tile_log - passes) keys. Its distances, in the
  // tile's own terms, shrink by as many bits as the gap exceeds a row.
  Rows rows = { launch.tile_log - launch.n_passes, launch.tile_log };
  for (unsigned i = 0; i < groups.n; i++)
    groups.dist_log[i] -= (unsigned char) (rows.gap_log - rows.row_log);
  return launch_tiles (keys, w, launch.tile_log, groups, rows, specials, chained, error);
}

// Once per device and type: the tile's 64 KB, above the 48 KB a block gets
// without opting in (every built arch allows them; sm_75: 64 KB at most),
// and whether the device's compute capability is 9.0 or more (sm90: it
// chains launches, and runs clusters).
// Cached, since the calls cost microseconds of host time that a small
// sort's launch would wait for; two threads preparing one device at once
// do the same harmless work, hence relaxed atomics. 0: not yet; 1: ready;
// 2: ready, chaining.
template <typename T>
bool
prepare_device (bool *sm90, GError **error)
{
  static std::atomic<int> ready[ws::MAX_DEVICES];
  int device = 0, arch = 0, state;

  if (!ws::check (cudaGetDevice (&device), "Cannot read the current GPU", error))
    return false;
  state = device >= 0 && device < ws::MAX_DEVICES ? ready[device].load (std::memory_order_relaxed) : 0;
  // Both tile kernels, of neighbours and of rows, take the whole tile.
  auto give_tile = [error] (auto kernel) {
    return ws::check (cudaFuncSetAttribute (kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                            (int) (sizeof (T) << TILE_LOG)),
                      "Cannot give the bitonic tile kernel 64 KB of shared memory", error);
  };

  if (state == 0)
    {
      if (!give_tile (tile_kernel<T, Neighbours>) || !give_tile (tile_kernel<T, Rows>)
          || !ws_cuda_device_arch (&arch, error))
        return false;
      state = arch >= 90 ? 2 : 1;
      if (device >= 0 && device < ws::MAX_DEVICES)
        ready[device].store (state, std::memory_order_relaxed);
    }
  *sm90 = state == 2;
  return true;
}

// gpu: w a power of two above 2^WS_PLAN_BITONIC_SMALL_LOG (below, one
// launch: ws::bitonic_small); the launches are the plan's. Float keys get
// a zeroed count of special tiles (tile_kernel), from the pool: 4 bytes
// and a memset, against a third of the comparators' instructions.
template <typename T>
bool
bitonic_ours (T *keys, size_t w, guint64 *launches, GError **error)
{
  WsLaunchPlan plan;
  WsPlanLaunch launch;
  bool chains = false;
  ws::PoolBuffer<unsigned> specials;
  unsigned tile_log = ws_plan_bitonic_tile_log (w);

  if (!prepare_device<T> (&chains, error))
    return false;
  if (std::is_same_v<T, float>
      && (!specials.alloc (1, "Cannot allocate the bitonic sort's key check on the GPU", error)
          || !ws::check (cudaMemsetAsync (specials.get (), 0, sizeof (unsigned)),
                         "Cannot clear the bitonic sort's key check", error)))
    return false;
  ws_launch_plan_bitonic (&plan, w, tile_log, ws_plan_bitonic_group (w));
  while (ws_launch_plan_next (&plan, &launch))
    {
      if (ws::stopped (error) || !launch_planned (keys, w, launch, specials.get (), chains, error))
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
// engine pads: in a scratch copy when w > n, in place otherwise. The
// sentinel is >= every key, so the first n keys of the sorted scratch are
// the answer.
template <typename T, typename Sort>
bool
sort_padded (T *keys, size_t n, size_t w, guint64 *launches, GError **error, Sort &&sort)
{
  ws::PoolBuffer<T> scratch;

  if (w == n)
    return sort (keys);
  if (!scratch.alloc (w, "Cannot allocate the padded bitonic keys on the GPU", error)
      || !ws::check (cudaMemcpyAsync (scratch.get (), keys, n * sizeof (T),
                                      cudaMemcpyDeviceToDevice),
                     "Cannot copy the keys into the padding", error))
    return false;
  fill_kernel<<<ws::blocks_for (w - n, FILL_THREADS), FILL_THREADS>>> (scratch.get (), n, w);
  ++*launches;
  return ws::check_launch ("Cannot launch the bitonic padding", error) && sort (scratch.get ())
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

// Whether gpu sorts the keys in one launch, padding them to w in registers
// (ws::bitonic_small): no padded copy.
static bool
pads_in_registers (WsCudaImpl impl, size_t w)
{
  return impl == WS_CUDA_OURS && w <= ((size_t) 1 << WS_PLAN_BITONIC_SMALL_LOG);
}

size_t
ws::bitonic_sort_scratch (WsCudaImpl impl, WsCudaType type, size_t n)
{
  size_t w = padded_width (impl, n);

  // The padded copy.
  return n >= 2 && w > n && !pads_in_registers (impl, w) ? w * sizeof (int32_t) : 0;
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
    bool sm90 = false;
    if (pads_in_registers (impl, w))
      return prepare_device<T> (&sm90, error)
             && ws::bitonic_small (static_cast<T *> (d_keys), n, sm90, launches, error);
    return sort_padded (static_cast<T *> (d_keys), n, w, launches, error,
                        [&] (T *keys) { return bitonic_impl (impl, keys, w, launches, error); });
  });
}
