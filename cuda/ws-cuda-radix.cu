// ws-cuda-radix.cu: LSD radix sort on the GPU. Ours (gpu) is a one-sweep
// sort over 8-bit digits: one read of the keys counts the digits of all
// four passes, a tiny launch turns them into each digit's start, then one
// launch a pass ranks each tile stably in shared memory, finds its offsets
// by decoupled look-back over the tiles before it and scatters. The
// library's (gpu-lib) is CUB's DeviceRadixSort. Both order keys exactly as
// app/core/ws-radix.h does. Times below: 2^24 uniform int32 keys on an
// H200, kernels only (gpu 0.386 ms against CUB's 0.412; 0.504 before the
// histogram and sweep took their present shapes).
#include "ws-cuda-internal.h"

#include <cub/block/block_radix_rank.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/device/device_radix_sort.cuh>

#include <cuda/atomic>

#include <type_traits>

// No study had a radix sort, so there is no gpu-seed.
const unsigned ws::impls_radix_sort = ws::impl_bit (WS_CUDA_OURS) | ws::impl_bit (WS_CUDA_LIB);

namespace
{

constexpr int RADIX_BITS = 8;
constexpr int DIGITS = 1 << RADIX_BITS;
constexpr int PASSES = 32 / RADIX_BITS;
// The single-block sort of small arrays: one thread per digit.
constexpr int THREADS = DIGITS;
constexpr int ITEMS = 16;
constexpr int TILE = THREADS * ITEMS;
// A sweep tile: 6144 keys, in registers while they are ranked. The pass
// is bound by how many tiles are in flight more than by the look-back's
// traffic (a word per digit per tile, 1 KiB against the tile's 24 KiB in
// and 24 out): 384 x 16 fits 56 registers, so three blocks share a
// multiprocessor (as CUB's onesweep kernel does), and a pass over 2^24
// keys took 85 us on an H200; the same tile at two blocks took 99, and
// 384 x 20, at the two blocks its 80 registers allow, 92 (110 with the
// former ranking, which spilled). 384 x 18 at three blocks took 87 in a
// leaner kernel; 256 x 16 at three, 102; 512 x 16 at one, 124. The shared
// memory (24 KiB of keys, a little more for the offsets) stays under the
// 48 KiB every architecture gives without opting in; sm_75 holds two
// blocks (its 1024 threads), and the dynamic tile order needs no
// particular occupancy.
constexpr int SWEEP_THREADS = 384;
constexpr int SWEEP_ITEMS = 16;
constexpr int SWEEP_TILE = SWEEP_THREADS * SWEEP_ITEMS;
static_assert (SWEEP_THREADS >= DIGITS, "a sweep looks back with one thread per digit");
static_assert (SWEEP_THREADS % 32 == 0, "tiles are loaded a whole warp at a time");
// The look-back reads this many tiles' words at once, one round trip to L2
// for all of them: on an H200 a pass of 384 x 20 tiles took 92 us against
// 100 with one at a time (8 at once: 93).
constexpr int LOOK_BACK_WINDOW = 4;
// The histogram: blocks of 256 threads, 8 a multiprocessor, each thread
// with four 16-byte loads in flight, counting into one of two copies of
// the counters in shared memory (half the warps each, so fewer collide on
// a counter); 36 us on an H200, where a block of one thread per digit with
// a warp vote per key and digit took 57 (one copy: 37; 128 threads with
// eight loads: 50).
constexpr int HIST_THREADS = 256;
constexpr int HIST_BLOCKS_PER_SM = 8;
constexpr int HIST_COPIES = 2;
constexpr int HIST_VECTORS = 4;
constexpr uint32_t SIGN = 0x80000000u;

// ---- Order-preserving codes: the sort works on unsigned codes ----

template <typename T> __device__ inline uint32_t to_code (uint32_t bits);
template <typename T> __device__ inline uint32_t from_code (uint32_t code);

template <>
__device__ inline uint32_t
to_code<int32_t> (uint32_t bits)
{
  return bits ^ SIGN;
}

template <>
__device__ inline uint32_t
from_code<int32_t> (uint32_t code)
{
  return code ^ SIGN;
}

// Negatives grow more negative as their bits grow, hence the full flip;
// -0.0 (0x80000000) becomes 0x7fffffff, just below +0.0's 0x80000000.
template <>
__device__ inline uint32_t
to_code<float> (uint32_t bits)
{
  return (bits & SIGN) ? ~bits : bits | SIGN;
}

template <>
__device__ inline uint32_t
from_code<float> (uint32_t code)
{
  return (code & SIGN) ? code ^ SIGN : ~code;
}

struct DigitOf
{
  int shift;
  __device__ uint32_t Digit (uint32_t code) const { return (code >> shift) & (DIGITS - 1); }
};

using TileRank = cub::BlockRadixRankMatch<THREADS, RADIX_BITS, false>;
// The sweep counts each warp's digits before it ranks the keys, so the
// tile's counts can be published before the ranking ends (see
// PublishEarly): the tiles after it wait less. It is CUB's onesweep
// ranking, and with it a pass took 92 us on an H200 against 110.
using SweepRank = cub::BlockRadixRankMatchEarlyCounts<SWEEP_THREADS, RADIX_BITS, false,
                                                      cub::BLOCK_SCAN_RAKING_MEMOIZE>;

// Loads the tile that starts at src warp-striped (what the block ranks
// need to rank stably): lane l of warp w holds its K items at w*32*K +
// i*32 + l. Past the tile's `valid` keys: the largest code, which ranks
// after every real key of the tile. A whole tile, the common case, loads
// without a check a key; 32-bit offsets, as a tile is small.
template <typename T, int BLOCK, int K>
__device__ inline void
load_tile (const uint32_t *src, unsigned valid, bool convert, uint32_t (&codes)[K])
{
  unsigned first = (threadIdx.x >> 5) * 32 * K + (threadIdx.x & 31);
  const uint32_t *at = src + first;

  if (valid == (unsigned) (BLOCK * K))
    {
#pragma unroll
      for (int i = 0; i < K; i++)
        codes[i] = at[i * 32];
      if (convert)
#pragma unroll
        for (int i = 0; i < K; i++)
          codes[i] = to_code<T> (codes[i]);
      return;
    }
#pragma unroll
  for (int i = 0; i < K; i++)
    {
      bool real = first + i * 32 < valid;
      uint32_t bits = real ? at[i * 32] : 0u;
      codes[i] = !real ? 0xffffffffu : convert ? to_code<T> (bits) : bits;
    }
}

// ---- Small arrays: one block sorts all four digits in shared memory ----

template <typename T>
__global__ void __launch_bounds__ (THREADS)
sort_small_kernel (uint32_t *keys, size_t n)
{
  __shared__ union
  {
    TileRank::TempStorage rank;
    uint32_t codes[TILE];
  } s;
  uint32_t codes[ITEMS];
  int ranks[ITEMS];
  int striped = (threadIdx.x >> 5) * 32 * ITEMS + (threadIdx.x & 31);

  load_tile<T, THREADS> (keys, (unsigned) n, true, codes);
  for (int pass = 0; pass < PASSES; pass++)
    {
      TileRank (s.rank).RankKeys (codes, ranks, DigitOf { pass * RADIX_BITS });
      __syncthreads (); // the ranking's counters share memory with codes[]
#pragma unroll
      for (int i = 0; i < ITEMS; i++)
        s.codes[ranks[i]] = codes[i];
      __syncthreads ();
#pragma unroll
      for (int i = 0; i < ITEMS; i++)
        codes[i] = s.codes[striped + i * 32];
      __syncthreads ();
    }
  for (size_t i = threadIdx.x; i < n; i += THREADS)
    keys[i] = from_code<T> (s.codes[i]);
}

// ---- The plan: which passes run, decided on the GPU ----

// A pass whose digit is the same for every key would only copy the array,
// so it is skipped; the kernels read this plan instead of the host reading
// the histogram, so the host never waits between steps.
struct PassPlan
{
  int run;      // the digit varies
  int from_alt; // input in the second buffer (an odd number of passes ran before)
  int first;    // the first pass that runs: converts keys to codes as it loads
  int last;     // the last pass that runs: converts codes back as it stores
};

struct Plan
{
  PassPlan pass[PASSES];
  int odd; // the result ended in the second buffer
};

// For the look-back, a status word per (tile, digit), which the tile
// publishes with the value and its kind in one store, so a reader never
// sees a flag without its value: zero, not yet published; AGGREGATE, the
// tile's own count of the digit; INCLUSIVE, the count of the digit over
// this tile and all before it. Words of 32 bits hold values below 2^30.
template <typename Off> struct Status
{
  static constexpr int VALUE_BITS = sizeof (Off) * 8 - 2;
  static constexpr Off AGGREGATE = (Off) 1 << VALUE_BITS;
  static constexpr Off INCLUSIVE = (Off) 2 << VALUE_BITS;
  static constexpr Off VALUE = AGGREGATE - 1;
};

// Counts one key in each pass's counters.
template <typename T>
__device__ inline void
count_key (uint32_t (*h)[DIGITS], uint32_t bits)
{
  uint32_t code = to_code<T> (bits);

#pragma unroll
  for (int p = 0; p < PASSES; p++)
    atomicAdd (&h[p][(code >> (p * RADIX_BITS)) & (DIGITS - 1)], 1u);
}

// Digit histograms of all passes at once, one read of the keys: 16-byte
// loads, a plain shared atomic a key and digit (on uniform keys a warp's
// 32 rarely share a digit, and the warp vote that merged equal ones cost
// more than it saved), and one global atomic a counter and block at the
// end.
template <typename T>
__global__ void __launch_bounds__ (HIST_THREADS)
histogram_all_kernel (const uint32_t *keys, size_t n, unsigned long long *hist)
{
  __shared__ uint32_t h[HIST_COPIES][PASSES][DIGITS];
  uint32_t *flat = &h[0][0][0];
  uint32_t (*mine)[DIGITS] = h[(threadIdx.x >> 5) % HIST_COPIES];
  // Keys before the first 16-byte boundary and after the last whole
  // vector are counted one a thread by block 0.
  size_t head = ((16 - ((uintptr_t) keys & 15)) / 4) & 3;
  head = head < n ? head : n;
  const uint4 *v = (const uint4 *) (keys + head);
  size_t nv = (n - head) / 4, tail = head + nv * 4;
  size_t stride = (size_t) gridDim.x * HIST_THREADS;
  size_t i = blockIdx.x * (size_t) HIST_THREADS + threadIdx.x;

  for (int b = threadIdx.x; b < HIST_COPIES * PASSES * DIGITS; b += HIST_THREADS)
    flat[b] = 0;
  __syncthreads ();
  if (blockIdx.x == 0 && threadIdx.x < head)
    count_key<T> (mine, keys[threadIdx.x]);
  if (blockIdx.x == 0 && threadIdx.x < n - tail)
    count_key<T> (mine, keys[tail + threadIdx.x]);
  for (; i + (size_t) (HIST_VECTORS - 1) * stride < nv; i += (size_t) HIST_VECTORS * stride)
    {
      uint4 q[HIST_VECTORS]; // all loads issued before the first is counted
#pragma unroll
      for (int u = 0; u < HIST_VECTORS; u++)
        q[u] = v[i + (size_t) u * stride];
#pragma unroll
      for (int u = 0; u < HIST_VECTORS; u++)
        {
          count_key<T> (mine, q[u].x);
          count_key<T> (mine, q[u].y);
          count_key<T> (mine, q[u].z);
          count_key<T> (mine, q[u].w);
        }
    }
  for (; i < nv; i += stride)
    {
      uint4 q = v[i];
      count_key<T> (mine, q.x);
      count_key<T> (mine, q.y);
      count_key<T> (mine, q.z);
      count_key<T> (mine, q.w);
    }
  __syncthreads ();
  for (int b = threadIdx.x; b < PASSES * DIGITS; b += HIST_THREADS)
    {
      uint32_t sum = 0;
#pragma unroll
      for (int c = 0; c < HIST_COPIES; c++)
        sum += flat[c * PASSES * DIGITS + b];
      if (sum != 0)
        atomicAdd (&hist[b], (unsigned long long) sum);
    }
}

// One block of DIGITS threads: the plan, and per pass each digit's first
// output position (the exclusive scan of the pass's histogram).
__global__ void __launch_bounds__ (DIGITS)
plan_kernel (const unsigned long long *hist, size_t n, Plan *plan, unsigned long long *starts)
{
  using Scan = cub::BlockScan<unsigned long long, DIGITS>;
  __shared__ typename Scan::TempStorage scan;
  __shared__ int trivial[PASSES];

  for (int p = 0; p < PASSES; p++)
    {
      unsigned long long count = hist[p * DIGITS + threadIdx.x], start;
      int t = __syncthreads_or (count == n);
      if (threadIdx.x == 0)
        trivial[p] = t;
      Scan (scan).ExclusiveSum (count, start);
      starts[p * DIGITS + threadIdx.x] = start;
      __syncthreads (); // scan is reused by the next pass
    }
  __syncthreads ();
  if (threadIdx.x != 0)
    return;
  int first = -1, last = -1, ran = 0;
  for (int p = 0; p < PASSES; p++)
    if (!trivial[p])
      {
        first = first < 0 ? p : first;
        last = p;
      }
  for (int p = 0; p < PASSES; p++)
    {
      plan->pass[p] = PassPlan { !trivial[p], ran & 1, p == first, p == last };
      ran += !trivial[p];
    }
  plan->odd = ran & 1;
}

// ---- One pass: rank, look back, scatter (one launch) ----

// Digit d's offset in the output of the tiles before `tile`: walks back
// from the tile before, LOOK_BACK_WINDOW tiles a round (their loads in
// flight together), adding aggregates until an inclusive value ends the
// walk; a word not yet published ends the round, and the next one reads it
// again. Only tiles with a smaller index are awaited, and those were taken
// by blocks already running, so the wait always ends.
template <typename Off>
__device__ inline Off
look_back (Off *status, unsigned tile, int d)
{
  using S = Status<Off>;
  Off before = 0;
  unsigned j = tile; // tiles j - 1, j - 2, ... are still to add

  for (;;)
    {
      Off w[LOOK_BACK_WINDOW];
#pragma unroll
      for (int k = 0; k < LOOK_BACK_WINDOW; k++)
        // Tile 0 is inclusive, so a walk never passes it; the guard only
        // keeps the window's reads inside the array.
        w[k] = j > (unsigned) k ? cuda::atomic_ref<Off, cuda::thread_scope_device> (
                                      status[(size_t) (j - 1 - k) * DIGITS + d])
                                      .load (cuda::memory_order_relaxed)
                                : S::INCLUSIVE;
      bool done = false;
      unsigned used = 0;
#pragma unroll
      for (int k = 0; k < LOOK_BACK_WINDOW; k++)
        if (!done && used == (unsigned) k && w[k] != 0)
          {
            before += w[k] & S::VALUE;
            used++;
            done = (w[k] & S::INCLUSIVE) != 0;
          }
      if (done)
        return before;
      j -= used;
    }
}

template <typename Off>
__device__ inline void
publish (Off *status, unsigned tile, int d, Off word)
{
  cuda::atomic_ref<Off, cuda::thread_scope_device> (status[(size_t) tile * DIGITS + d])
      .store (word, cuda::memory_order_relaxed);
}

// The ranking's callback once the tile's digits are counted, before its
// keys are ranked: publishes this thread's digit's count at once (less the
// padding past n, all of digit 255), so that the tiles after it wait less.
template <typename Off> struct PublishEarly
{
  Off *status;
  unsigned tile;
  Off *count;   // the thread's digit's count in the tile, for its look-back
  unsigned pad; // keys past n in the tile
  __device__ __forceinline__ void
  operator() (int (&bins)[1])
  {
    using S = Status<Off>;
    int d = threadIdx.x;

    if (d < DIGITS)
      {
        *count = (Off) bins[0] - (d == DIGITS - 1 ? (Off) pad : (Off) 0);
        publish<Off> (status, tile, d, (tile == 0 ? S::INCLUSIVE : S::AGGREGATE) | *count);
      }
  }
};

// Sweep blocks a multiprocessor holds: three, which caps a thread at 56
// registers (as CUB's onesweep kernel); int32 and float32, with 32- or
// 64-bit status words, all fit without spilling (ptxas, sm_90). sm_75 runs
// at most 1024 threads a multiprocessor, so two blocks there.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 750
constexpr int SWEEP_BLOCKS = 2;
#else
constexpr int SWEEP_BLOCKS = 3;
#endif

// One tile of one pass. Blocks take tiles in the order they start (a
// counter, not blockIdx, which the hardware may schedule in any order), so
// that every tile a block waits for belongs to a block already running.
// The tile is ranked stably by the pass's digit; each digit's count goes
// out as an aggregate as soon as it is known, then the look-back turns it
// into the tile's global offsets; meanwhile the keys wait in shared memory
// in rank order, from where neighbouring threads write neighbouring
// addresses of each digit's run, so the scatter stays mostly coalesced.
template <typename T, typename Off>
__global__ void __launch_bounds__ (SWEEP_THREADS, SWEEP_BLOCKS)
sweep_kernel (const Plan *plan, int pass, uint32_t *keys, uint32_t *alt, size_t n,
              const unsigned long long *starts, Off *status, unsigned *next_tile)
{
  using S = Status<Off>;
  static_assert (SweepRank::BINS_PER_THREAD == 1, "a thread counts one digit");
  __shared__ union
  {
    SweepRank::TempStorage rank;
    uint32_t codes[SWEEP_TILE];
  } s;
  __shared__ Off base[DIGITS]; // per digit: the output position of rank 0
  __shared__ unsigned tile_of_block;
  PassPlan p = plan->pass[pass];
  DigitOf digit_of { pass * RADIX_BITS };
  uint32_t codes[SWEEP_ITEMS];
  int ranks[SWEEP_ITEMS], below[1]; // below: the tile's keys of digits under the thread's
  int d = threadIdx.x; // the digit this thread looks back for, if below DIGITS

  if (!p.run)
    return;
  if (threadIdx.x == 0)
    tile_of_block = atomicAdd (next_tile, 1u);
  __syncthreads ();
  unsigned tile = tile_of_block;
  size_t start = (size_t) tile * SWEEP_TILE;
  unsigned valid = n - start < (size_t) SWEEP_TILE ? (unsigned) (n - start) : SWEEP_TILE;

  load_tile<T, SWEEP_THREADS> ((p.from_alt ? alt : keys) + start, valid, p.first, codes);
  Off count = 0;
  SweepRank (s.rank).RankKeys (codes, ranks, digit_of, below,
                               PublishEarly<Off> { status, tile, &count, SWEEP_TILE - valid });
  __syncthreads (); // the ranking's storage is free
#pragma unroll
  for (int i = 0; i < SWEEP_ITEMS; i++)
    s.codes[ranks[i]] = codes[i];
  if (d < DIGITS)
    {
      Off before = tile == 0 ? 0 : look_back<Off> (status, tile, d);
      if (tile != 0)
        publish<Off> (status, tile, d, S::INCLUSIVE | (before + count));
      // May wrap below zero; adding a rank of at least below[0] wraps back.
      base[d] = (Off) starts[pass * DIGITS + d] + before - (Off) below[0];
    }
  __syncthreads ();
  uint32_t *dst = p.from_alt ? keys : alt;
#pragma unroll
  for (int i = 0; i < SWEEP_ITEMS; i++)
    {
      unsigned at = i * SWEEP_THREADS + threadIdx.x;
      if (at >= valid)
        break;
      uint32_t code = s.codes[at];
      dst[(size_t) (Off) (base[digit_of.Digit (code)] + (Off) at)] = p.last ? from_code<T> (code)
                                                                            : code;
    }
}

// After an odd number of passes the keys lie in the second buffer.
__global__ void
copy_back_kernel (const Plan *plan, const uint32_t *alt, uint32_t *keys, size_t n)
{
  if (!plan->odd)
    return;
  for (size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x; i < n;
       i += (size_t) gridDim.x * blockDim.x)
    keys[i] = alt[i];
}

size_t
round_up (size_t bytes)
{
  return (bytes + 255) & ~(size_t) 255;
}

// The scratch of the multi-pass sort, carved from one allocation (each
// cudaMalloc costs time inside the measured run). The part that must start
// at zero (histogram, tile counters, every pass's status words) lies at the
// end in one piece, so one memset clears it.
template <typename Off> struct Scratch
{
  ws::PoolBuffer<unsigned char> buffer;
  uint32_t *alt;
  Plan *plan;
  unsigned long long *starts;
  unsigned char *zeroed;
  size_t zeroed_bytes;
  unsigned long long *hist;
  unsigned *next_tile; // one per pass
  Off *status;         // [PASSES][tiles][DIGITS]

  // Where each part starts in one allocation of bytes () for n keys.
  struct Layout
  {
    size_t plan, starts, zeroed, next, status, zeroed_bytes, bytes;
  };
  static Layout
  layout (size_t n)
  {
    size_t tiles = (n + SWEEP_TILE - 1) / SWEEP_TILE;
    size_t hist_bytes = round_up (PASSES * DIGITS * sizeof (unsigned long long));
    Layout l;

    l.plan = round_up (n * sizeof (uint32_t));
    l.starts = l.plan + round_up (sizeof (Plan));
    l.zeroed = l.starts + round_up (PASSES * DIGITS * sizeof (unsigned long long));
    l.next = l.zeroed + hist_bytes;
    l.status = l.next + round_up (PASSES * sizeof (unsigned));
    l.bytes = l.status + PASSES * tiles * DIGITS * sizeof (Off);
    l.zeroed_bytes = l.bytes - l.zeroed;
    return l;
  }

  bool
  alloc (size_t n, GError **error)
  {
    Layout l = layout (n);

    if (!buffer.alloc (l.bytes, "Cannot allocate the radix-sort buffers on the GPU", error))
      return false;
    alt = (uint32_t *) buffer.get ();
    plan = (Plan *) (buffer.get () + l.plan);
    starts = (unsigned long long *) (buffer.get () + l.starts);
    zeroed = buffer.get () + l.zeroed;
    zeroed_bytes = l.zeroed_bytes;
    hist = (unsigned long long *) zeroed;
    next_tile = (unsigned *) (buffer.get () + l.next);
    status = (Off *) (buffer.get () + l.status);
    return true;
  }
};

// 32-bit status words halve the look-back's traffic whenever their 30 bits
// of value can count every key.
bool
narrow_status (size_t n)
{
  return n < Status<uint32_t>::AGGREGATE;
}

// The pooled scratch radix_ours takes for n keys.
size_t
ours_scratch (size_t n)
{
  if (n <= (size_t) TILE)
    return 0;
  return narrow_status (n) ? Scratch<uint32_t>::layout (n).bytes
                           : Scratch<unsigned long long>::layout (n).bytes;
}

template <typename T, typename Off>
bool
sort_passes (uint32_t *keys, size_t n, guint64 *launches, GError **error)
{
  size_t tiles = (n + SWEEP_TILE - 1) / SWEEP_TILE;
  Scratch<Off> s;

  if (!s.alloc (n, error)
      || !ws::check (cudaMemsetAsync (s.zeroed, 0, s.zeroed_bytes),
                     "Cannot clear the radix-sort histogram and look-back status", error))
    return false;
  // A block for every 4096 keys, at most HIST_BLOCKS_PER_SM a
  // multiprocessor; each block strides over the keys.
  unsigned grid = ws::blocks_for (n, HIST_THREADS * 4 * HIST_VECTORS,
                                  (unsigned) ws::sm_count () * HIST_BLOCKS_PER_SM);
  histogram_all_kernel<T><<<grid, HIST_THREADS>>> (keys, n, s.hist);
  plan_kernel<<<1, DIGITS>>> (s.hist, n, s.plan, s.starts);
  for (int pass = 0; pass < PASSES; pass++)
    sweep_kernel<T, Off><<<(unsigned) tiles, SWEEP_THREADS>>> (
        s.plan, pass, keys, s.alt, n, s.starts, s.status + (size_t) pass * tiles * DIGITS,
        s.next_tile + pass);
  copy_back_kernel<<<ws::blocks_for (n, 256, 4096), 256>>> (s.plan, s.alt, keys, n);
  *launches += 3 + PASSES;
  return ws::check_launch ("The radix-sort kernels could not start", error);
}

template <typename T>
bool
radix_ours (uint32_t *keys, size_t n, guint64 *launches, GError **error)
{
  if (n <= (size_t) TILE)
    {
      sort_small_kernel<T><<<1, THREADS>>> (keys, n);
      *launches += 1;
      return ws::check_launch ("The radix-sort kernel could not start", error);
    }
  return narrow_status (n) ? sort_passes<T, uint32_t> (keys, n, launches, error)
                           : sort_passes<T, unsigned long long> (keys, n, launches, error);
}

// ---- gpu-lib: CUB ----

template <typename T, bool TO_CODE>
__global__ void
convert_kernel (const uint32_t *in, uint32_t *out, size_t n)
{
  for (size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x; i < n;
       i += (size_t) gridDim.x * blockDim.x)
    out[i] = TO_CODE ? to_code<T> (in[i]) : from_code<T> (in[i]);
}

// CUB's storage and the second buffer, in one pooled allocation: bytes of
// it, and where the storage starts.
template <typename K, typename N>
bool
cub_scratch (N n, size_t *alt_bytes, size_t *temp_bytes, GError **error)
{
  cub::DoubleBuffer<K> buffers (nullptr, nullptr);

  *alt_bytes = round_up ((size_t) n * sizeof (K));
  return ws::check (cub::DeviceRadixSort::SortKeys (nullptr, *temp_bytes, buffers, n),
                    "CUB cannot size its radix-sort storage", error);
}

// Sorts with a double buffer; *current says which buffer holds the result,
// which may lie in scratch: the caller keeps scratch until it has read it.
template <typename K, typename N>
bool
cub_sort (K *keys, N n, ws::PoolBuffer<unsigned char> &scratch, K **current, GError **error)
{
  size_t alt_bytes = 0, temp_bytes = 0;

  if (!cub_scratch<K> (n, &alt_bytes, &temp_bytes, error)
      || !scratch.alloc (alt_bytes + temp_bytes, "Cannot allocate the CUB radix-sort buffers",
                         error))
    return false;
  cub::DoubleBuffer<K> buffers (keys, (K *) scratch.get ());
  if (!ws::check (cub::DeviceRadixSort::SortKeys (scratch.get () + alt_bytes, temp_bytes, buffers,
                                                  n),
                  "CUB radix sort failed", error))
    return false;
  *current = buffers.Current ();
  return true;
}

template <typename K>
bool
cub_sort_any (K *keys, size_t n, ws::PoolBuffer<unsigned char> &scratch, K **current,
              GError **error)
{
  return n <= UINT32_MAX ? cub_sort<K, uint32_t> (keys, (uint32_t) n, scratch, current, error)
                         : cub_sort<K, unsigned long long> (keys, n, scratch, current, error);
}

size_t
lib_scratch (size_t n)
{
  size_t alt_bytes = 0, temp_bytes = 0;
  bool sized = n <= UINT32_MAX ? cub_scratch<uint32_t> ((uint32_t) n, &alt_bytes, &temp_bytes,
                                                        nullptr)
                               : cub_scratch<uint32_t> ((unsigned long long) n, &alt_bytes,
                                                        &temp_bytes, nullptr);
  return sized ? alt_bytes + temp_bytes : 0;
}

template <typename T>
bool
radix_lib (uint32_t *keys, size_t n, guint64 *launches, GError **error)
{
  unsigned grid = ws::blocks_for (n, 256, 4096);
  ws::PoolBuffer<unsigned char> scratch; // given back, in stream order, after the last read of it

  if constexpr (std::is_same_v<T, int32_t>)
    {
      // CUB orders int32 as we do (sign bit flipped).
      int32_t *current = nullptr;
      if (!cub_sort_any<int32_t> ((int32_t *) keys, n, scratch, &current, error))
        return false;
      *launches += 1;
      return (uint32_t *) current == keys
             || ws::check (cudaMemcpyAsync (keys, current, n * sizeof (int32_t),
                                            cudaMemcpyDeviceToDevice),
                           "Cannot copy the sorted keys back", error);
    }
  else
    {
      // CUB treats -0.0 and +0.0 as equal; sorting our codes as unsigned
      // puts -0.0 first, as the CPU does.
      uint32_t *current = nullptr;
      convert_kernel<T, true><<<grid, 256>>> (keys, keys, n);
      if (!ws::check_launch ("The key conversion could not start", error)
          || !cub_sort_any<uint32_t> (keys, n, scratch, &current, error))
        return false;
      convert_kernel<T, false><<<grid, 256>>> (current, keys, n);
      *launches += 3;
      return ws::check_launch ("The key conversion could not start", error);
    }
}

} // namespace

size_t
ws::radix_sort_scratch (WsCudaImpl impl, WsCudaType type, size_t n)
{
  if (n < 2)
    return 0;
  return impl == WS_CUDA_LIB ? lib_scratch (n) : ours_scratch (n);
}

bool
ws::radix_sort_device (WsCudaImpl impl, WsCudaType type, void *d_keys, size_t n,
                       guint64 *launches, GError **error)
{
  uint32_t *keys = (uint32_t *) d_keys;

  if (impl != WS_CUDA_OURS && impl != WS_CUDA_LIB)
    return unsupported ("radix-sort", impl, error);
  if (n < 2)
    return true;
  return with_type (type, [&]<typename T> () {
    return impl == WS_CUDA_OURS ? radix_ours<T> (keys, n, launches, error)
                                : radix_lib<T> (keys, n, launches, error);
  });
}
