// ws-cuda-histogram.cu: B equal bins over [min, max] of the keys, exactly as
// the engine bins them (app/core/ws-primitives.c). gpu-seed is study 002's
// form: a block-wise min/max finished on the host, then one thread per key
// and global atomics. gpu reads the keys twice at memory speed, with no
// host round trip: min and max in one pass, then warp-private
// shared-memory bins (see "gpu" below). gpu-lib is CUB's reduce and
// histogram over our bin numbers.
#include "ws-cuda-histogram.cuh"

#include <algorithm>
#include <cfloat>
#include <cstring>

const unsigned ws::impls_histogram
    = ws::impl_bit (WS_CUDA_SEED) | ws::impl_bit (WS_CUDA_OURS) | ws::impl_bit (WS_CUDA_LIB);

namespace
{

using ws::hist::Bins;
using ws::hist::empty_max;
using ws::hist::empty_min;
using ws::hist::in_range;

constexpr unsigned FULL_MASK = 0xffffffffu;
constexpr guint MAX_BINS = 1u << 24; // WS_HISTOGRAM_MAX_BINS

// Keys as unsigned numbers in the same order (float: the sign flips the
// rest), so atomicMin finds the minimum of either type.
__host__ __device__ inline uint32_t
order_key (int32_t x)
{
  return (uint32_t) x ^ 0x80000000u;
}

__host__ __device__ inline uint32_t
order_key (float x)
{
  uint32_t b;
  memcpy (&b, &x, sizeof b);
  return (b & 0x80000000u) ? ~b : b | 0x80000000u;
}

template <typename T>
__host__ __device__ inline T
from_order_key (uint32_t k)
{
  uint32_t b = std::is_same_v<T, float> ? ((k & 0x80000000u) ? k ^ 0x80000000u : ~k)
                                         : k ^ 0x80000000u;
  T x;
  memcpy (&x, &b, sizeof x);
  return x;
}

/* ---- gpu-seed: study 002's shape ---- */

constexpr unsigned SEED_REDUCE_THREADS = 1024;
constexpr unsigned SEED_REDUCE_BLOCKS = 256;
constexpr unsigned SEED_HIST_THREADS = 256;

// Each thread over a grid-stride loop, then tree halving in shared memory;
// one min and max per block, which the host finishes.
template <typename T>
__global__ void
seed_minmax (const T *keys, size_t n, T *mins, T *maxs)
{
  __shared__ T lo[SEED_REDUCE_THREADS], hi[SEED_REDUCE_THREADS];
  unsigned t = threadIdx.x;
  T a = empty_min<T> (), b = empty_max<T> ();

  for (size_t i = (size_t) blockIdx.x * blockDim.x + t; i < n; i += (size_t) gridDim.x * blockDim.x)
    if (in_range (keys[i]))
      {
        a = keys[i] < a ? keys[i] : a;
        b = keys[i] > b ? keys[i] : b;
      }
  lo[t] = a;
  hi[t] = b;
  __syncthreads ();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1)
    {
      if (t < s)
        {
          lo[t] = lo[t + s] < lo[t] ? lo[t + s] : lo[t];
          hi[t] = hi[t + s] > hi[t] ? hi[t + s] : hi[t];
        }
      __syncthreads ();
    }
  if (t == 0)
    {
      mins[blockIdx.x] = lo[0];
      maxs[blockIdx.x] = hi[0];
    }
}

template <typename T>
__global__ void
seed_count (const T *keys, size_t n, Bins<T> plan, unsigned long long *counts)
{
  for (size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t) gridDim.x * blockDim.x)
    atomicAdd (&counts[plan.plain (keys[i])], 1ull);
}

template <typename T>
bool
seed_histogram (const T *keys, size_t n, unsigned bins, unsigned long long *counts,
                T *partials, double *lo, double *hi, guint64 *launches, GError **error)
{
  unsigned blocks = ws::blocks_for (n, SEED_REDUCE_THREADS, SEED_REDUCE_BLOCKS);
  T mins[SEED_REDUCE_BLOCKS], maxs[SEED_REDUCE_BLOCKS];

  seed_minmax<<<blocks, SEED_REDUCE_THREADS>>> (keys, n, partials, partials + SEED_REDUCE_BLOCKS);
  ++*launches;
  if (!ws::check_launch ("The histogram's min/max could not start", error)
      || !ws::download (mins, partials, blocks * sizeof (T), error)
      || !ws::download (maxs, partials + SEED_REDUCE_BLOCKS, blocks * sizeof (T), error))
    return false;
  T mn = mins[0], mx = maxs[0];
  for (unsigned b = 1; b < blocks; b++)
    {
      mn = mins[b] < mn ? mins[b] : mn;
      mx = maxs[b] > mx ? maxs[b] : mx;
    }
  bool any = mn <= mx;
  *lo = any ? (double) mn : 0.0;
  *hi = any ? (double) mx : 0.0;
  seed_count<<<ws::blocks_for (n, SEED_HIST_THREADS), SEED_HIST_THREADS>>> (
      keys, n, Bins<T> (mn, mx, any, bins), counts);
  ++*launches;
  return ws::check_launch ("The histogram's count could not start", error);
}

/* ---- gpu: two reads of the keys, at memory speed ---- */

// Pass 1 (range_parts): each block folds its share of the keys into the
// smallest and largest order key in registers, then warp shuffles, and
// stores one pair; it also clears the counts. Pass 2 (count_private, or
// count_global when the bins do not fit shared memory) first folds those
// pairs into the range (a few KB from L2 in each block: no atomics, no
// memset, no third launch), then bins every key into warp-private
// shared-memory counts and adds them to the result, one atomic per bin per
// block. Both passes load 16 bytes a thread at a time, several loads in
// flight, over a grid that fills the GPU once; pass 2 walks the keys from
// the end, so it starts on the part pass 1 left in L2.

constexpr unsigned THREADS = 256;
constexpr unsigned WARPS = THREADS / 32;
constexpr unsigned BLOCKS_PER_SM = 4;   // with 16-byte loads, 4 in flight: 64 KB a SM
// count_private's blocks: 512 threads, two an SM, one copy of the counts
// a warp: 0.144 ms for 2^26 float32 keys and 256 bins on an H200 (issue
// 20's tuning harness, both passes), where 256 threads at four an SM took
// 0.151 (fewer blocks folding pass 1's pairs and merging their counts).
constexpr unsigned COUNT_THREADS = 512;
constexpr unsigned COUNT_BLOCKS_PER_SM = 2;
constexpr unsigned UNROLL = 4;          // 16-byte loads a thread issues before using any
constexpr unsigned KEYS_PER_THREAD = 32; // fewer keys than this per thread: a smaller grid
constexpr unsigned MAX_PARTS = 4096;    // pass 1's blocks at most, so its pairs fit the scratch
constexpr unsigned KEYS_PER_COUNTER = 4; // a block's keys per private counter to repay it
// Warp-private copies while they take at most this much a block (256
// bins: all 16 of count_private's warps), so that its two blocks an SM
// still fit.
constexpr size_t PRIVATE_BYTES = 32 * 1024;

// Where the range lives in the scratch area: the final pair, then pass 1's.
constexpr size_t PARTS_OFFSET = 256;

template <typename T> __device__ inline T key_of (uint32_t bits);
template <> __device__ inline float key_of<float> (uint32_t bits) { return __uint_as_float (bits); }
template <> __device__ inline int32_t key_of<int32_t> (uint32_t bits) { return (int32_t) bits; }

// Keys before the first 16-byte boundary (cudaMalloc's buffers start on
// one, so 0 there; the kernels do not rely on it), at most n.
template <typename T>
__device__ inline size_t
head_of (const T *keys, size_t n)
{
  size_t head = ((16 - ((uintptr_t) keys & 15)) & 15) / sizeof (T);
  return head < n ? head : n;
}

// Scalar key j of the at most 6 keys outside the 16-byte loads: the head,
// then the tail after the last whole vector. valid: lane j has one.
__device__ inline size_t
scalar_index (unsigned lane, size_t head, size_t n_vec, size_t n, bool *valid)
{
  size_t tail = head + 4 * n_vec;
  *valid = lane < head + (n - tail);
  return lane < head ? lane : tail + (lane - head);
}

template <typename T>
__device__ inline void
fold (T x, uint32_t &lo, uint32_t &hi)
{
  if (in_range (x))
    {
      uint32_t k = order_key (x);
      lo = min (lo, k);
      hi = max (hi, k);
    }
}

// The block's lo (min) and hi (max), returned to every thread; `pairs`
// holds one per warp of the NT threads. Call once per kernel (its buffer
// is not reused).
template <unsigned NT = THREADS>
__device__ inline uint2
block_range (uint32_t lo, uint32_t hi, uint2 *pairs)
{
  for (unsigned d = 16; d > 0; d >>= 1)
    {
      lo = min (lo, __shfl_xor_sync (FULL_MASK, lo, d));
      hi = max (hi, __shfl_xor_sync (FULL_MASK, hi, d));
    }
  if ((threadIdx.x & 31) == 0)
    pairs[threadIdx.x / 32] = make_uint2 (lo, hi);
  __syncthreads ();
  uint2 r = pairs[0];
  for (unsigned w = 1; w < NT / 32; w++)
    r = make_uint2 (min (r.x, pairs[w].x), max (r.y, pairs[w].y));
  return r;
}

// Pass 1: parts[block] = the smallest and largest order key of the keys
// that span the range (lo > hi: none); counts cleared on the way.
template <typename T>
__global__ void __launch_bounds__ (THREADS, BLOCKS_PER_SM)
range_parts (const T *keys, size_t n, uint2 *parts, unsigned long long *counts, unsigned bins)
{
  __shared__ uint2 pairs[WARPS];
  uint32_t lo = ~0u, hi = 0;
  size_t head = head_of (keys, n), n_vec = (n - head) / 4;
  const uint4 *vec = (const uint4 *) (keys + head);
  size_t stride = (size_t) gridDim.x * THREADS;
  size_t first = (size_t) blockIdx.x * THREADS + threadIdx.x;

  for (size_t b = first; b < bins; b += stride)
    counts[b] = 0;
  for (size_t i = first; i < n_vec; i += UNROLL * stride)
    {
      uint4 v[UNROLL];
#pragma unroll
      for (unsigned u = 0; u < UNROLL; u++) // past the end: vector i stands in
        v[u] = vec[i + u * stride < n_vec ? i + u * stride : i];
#pragma unroll
      for (unsigned u = 0; u < UNROLL; u++)
        {
          fold (key_of<T> (v[u].x), lo, hi);
          fold (key_of<T> (v[u].y), lo, hi);
          fold (key_of<T> (v[u].z), lo, hi);
          fold (key_of<T> (v[u].w), lo, hi);
        }
    }
  if (blockIdx.x == 0 && threadIdx.x < 32)
    {
      bool valid;
      size_t j = scalar_index (threadIdx.x, head, n_vec, n, &valid);
      if (valid)
        fold (keys[j], lo, hi);
    }
  uint2 r = block_range (lo, hi, pairs);
  if (threadIdx.x == 0)
    parts[blockIdx.x] = r;
}

// The engine's float32 bin, kept out of line: only keys near a bin edge,
// ±inf and NaN come here.
__device__ __noinline__ unsigned
exact_bin (Bins<float> plan, float x)
{
  return plan.plain (x);
}

constexpr unsigned MAGIC = 0x4B000000u; // the bits of 2^23

// A key's bin, the engine's exactly, with a few float or integer steps.
template <typename T> struct Binner;

// float32: f = (x − min)·(B / span) in float is within 3·2^-24·f of the
// engine's double quotient q (three roundings to float and one to double
// against the engine's three to double; a product below 2^-126 errs by
// 2^-150 at most, its f and q both far below 1), so q lies inside
// (f − f·2^-20, f + f·2^-20): where both ends have
// the same floor, that is q's bin; where the lower end is already in the
// last bin, so is q. Otherwise (a key this close to an edge, ±inf, NaN,
// f past 2^23) the engine's own expression decides. With span 0 (all
// finite keys equal) the scale is 0: every finite key gets f = 0, bin 0,
// as the engine's, while ±inf and NaN make f NaN and go exact.
template <> struct Binner<float>
{
  Bins<float> exact;
  float lo = 0.0f;
  float scale = NAN; // NaN where a float scale would lose precision: every key goes exact
  unsigned top = MAGIC; // 2^23 + B − 1, the last bin in the bits below

  __device__
  Binner (uint2 range, unsigned bins)
  {
    bool any = range.x <= range.y;
    float mn = from_order_key<float> (range.x), mx = from_order_key<float> (range.y);
    exact = Bins<float> (mn, mx, any, bins);
    lo = mn;
    double s = exact.span > 0.0 ? (double) bins / exact.span : 0.0;
    if (exact.span == 0.0)
      scale = 0.0f;
    else if (s >= FLT_MIN && s <= FLT_MAX)
      scale = (float) s;
    top = MAGIC + bins - 1;
  }

  __device__ unsigned
  bin (float x) const
  {
    float f = __fmul_rn (__fsub_rn (x, lo), scale);
    float below = __fmaf_rd (f, -0x1p-20f, f), above = __fmaf_ru (f, 0x1p-20f, f);
    // For ends in [0, 2^23) (not for NaN, ±inf): in [2^23, 2^24) a float's
    // low bits are the integer, so rounding end + 2^23 down gives 2^23 + floor.
    unsigned fb = __float_as_uint (__fadd_rd (below, 0x1p23f));
    unsigned fa = __float_as_uint (__fadd_rd (above, 0x1p23f));
    // One branch, rarely taken, rather than one per case.
    bool sure = below >= 0.0f && above < 0x1p23f && (fb >= top || fb == fa);

    if (sure)
      return min (fb, top) - MAGIC;
    return exact_bin (exact, x);
  }
};

// int32: q = ⌊u·B / R⌋ (u = x − min, R = max − min < 2^32) from
// M = ⌊B·2^32 / R⌋: ⌊u·M / 2^32⌋ is q or q − 1, and the remainder
// u·B − q·R says which. Exact for every key, no division.
template <> struct Binner<int32_t>
{
  uint32_t base = 0, range = 0; // base: min as unsigned; range 0: every key in bin 0
  uint32_t m_hi = 0, m_lo = 0;
  unsigned bins = 1;

  __device__
  Binner (uint2 r, unsigned b)
      : base (r.x ^ 0x80000000u), range (r.y - r.x), bins (b)
  {
    unsigned long long m = range != 0 ? ((unsigned long long) bins << 32) / range : 0;
    m_hi = (uint32_t) (m >> 32);
    m_lo = (uint32_t) m;
  }

  __device__ unsigned
  bin (int32_t x) const
  {
    if (range == 0)
      return 0;
    uint32_t u = (uint32_t) x - base;
    uint32_t q = u * m_hi + __umulhi (u, m_lo); // at most q <= B: no wrap
    unsigned long long p = (unsigned long long) u * bins;
    if (p - (unsigned long long) q * range >= range)
      q++;
    return q < bins - 1 ? q : bins - 1;
  }
};

// Pass 2's first step in every block of NT threads: pass 1's pairs folded
// into the range (order keys); block 0 leaves it in cells for the host.
template <unsigned NT>
__device__ inline uint2
gather_range (const uint2 *parts, unsigned n_parts, uint2 *pairs, uint32_t *cells)
{
  uint32_t lo = ~0u, hi = 0;

  for (unsigned i = threadIdx.x; i < n_parts; i += NT)
    {
      uint2 p = parts[i];
      lo = min (lo, p.x);
      hi = max (hi, p.y);
    }
  uint2 r = block_range<NT> (lo, hi, pairs);
  if (blockIdx.x == 0 && threadIdx.x == 0)
    {
      cells[0] = r.x;
      cells[1] = r.y;
    }
  return r;
}

struct SharedCounts
{
  unsigned *bins;
  __device__ void add (unsigned b, unsigned c) const { atomicAdd (&bins[b], c); }
};

struct GlobalCounts
{
  unsigned long long *bins;
  __device__ void add (unsigned b, unsigned c) const { atomicAdd (&bins[b], (unsigned long long) c); }
};

// One 16-byte load's 4 keys counted. A warp whose 128 keys share a bin
// (all keys equal, one bin, sorted runs) adds 128 once instead of queueing
// 128 atomics on one counter. Whole warps call it (the vote sees every lane).
template <typename T, typename C>
__device__ inline void
count_four (const C &counts, const Binner<T> &binner, uint4 v, bool valid)
{
  unsigned b0 = binner.bin (key_of<T> (v.x)), b1 = binner.bin (key_of<T> (v.y));
  unsigned b2 = binner.bin (key_of<T> (v.z)), b3 = binner.bin (key_of<T> (v.w));
  unsigned lead = __shfl_sync (FULL_MASK, b0, 0);

  if (__all_sync (FULL_MASK, valid && b0 == lead && b1 == lead && b2 == lead && b3 == lead))
    {
      if ((threadIdx.x & 31) == 0)
        counts.add (lead, 128);
    }
  else if (valid)
    {
      counts.add (b0, 1);
      counts.add (b1, 1);
      counts.add (b2, 1);
      counts.add (b3, 1);
    }
}

// Every key of the block's share (blocks of NT threads) into counts, the
// vectors from the last one down. The loop runs a warp at a time (its
// bound is the same for the 32 lanes), as count_four needs.
template <unsigned NT, typename T, typename C>
__device__ void
count_keys (const T *keys, size_t n, const Binner<T> &binner, const C &counts)
{
  size_t head = head_of (keys, n), n_vec = (n - head) / 4;
  const uint4 *vec = (const uint4 *) (keys + head);
  size_t stride = (size_t) gridDim.x * NT;
  unsigned lane = threadIdx.x & 31;

  for (size_t w = (size_t) blockIdx.x * NT + (threadIdx.x - lane); w < n_vec;
       w += UNROLL * stride)
    {
      uint4 v[UNROLL];
#pragma unroll
      for (unsigned u = 0; u < UNROLL; u++)
        {
          size_t i = w + lane + u * stride;
          v[u] = i < n_vec ? vec[n_vec - 1 - i] : make_uint4 (0, 0, 0, 0);
        }
#pragma unroll
      for (unsigned u = 0; u < UNROLL; u++)
        count_four (counts, binner, v[u], w + lane + u * stride < n_vec);
    }
  if (blockIdx.x == 0 && threadIdx.x < 32)
    {
      bool valid;
      size_t j = scalar_index (lane, head, n_vec, n, &valid);
      if (valid)
        counts.add (binner.bin (keys[j]), 1);
    }
}

// Pass 2 with the bins in shared memory: `copies` copies (1, 2, 4 or 8),
// warp w counting into copy w mod copies, so that skewed keys queue on a
// counter of their own warp's; merged, one global atomic per bin.
template <typename T>
__global__ void __launch_bounds__ (COUNT_THREADS, COUNT_BLOCKS_PER_SM)
count_private (const T *keys, size_t n, const uint2 *parts, unsigned n_parts, unsigned bins,
               unsigned copies, uint32_t *cells, unsigned long long *counts)
{
  extern __shared__ unsigned local[];
  __shared__ uint2 pairs[COUNT_THREADS / 32];

  for (unsigned i = threadIdx.x; i < copies * bins; i += COUNT_THREADS)
    local[i] = 0;
  // gather_range's __syncthreads also puts the clearing before any count.
  Binner<T> binner (gather_range<COUNT_THREADS> (parts, n_parts, pairs, cells), bins);
  count_keys<COUNT_THREADS> (keys, n, binner,
                             SharedCounts{ local + (threadIdx.x / 32) % copies * bins });
  __syncthreads ();
  for (unsigned b = threadIdx.x; b < bins; b += COUNT_THREADS)
    {
      unsigned sum = 0; // the block's keys: below 2^32 (count_blocks)
      for (unsigned c = 0; c < copies; c++)
        sum += local[c * bins + b];
      if (sum != 0)
        atomicAdd (&counts[b], (unsigned long long) sum);
    }
}

// Pass 2 with atomics on the result, for bins past shared memory or too
// few keys to repay private counts.
template <typename T>
__global__ void __launch_bounds__ (THREADS, BLOCKS_PER_SM)
count_global (const T *keys, size_t n, const uint2 *parts, unsigned n_parts, unsigned bins,
              uint32_t *cells, unsigned long long *counts)
{
  __shared__ uint2 pairs[WARPS];

  Binner<T> binner (gather_range<THREADS> (parts, n_parts, pairs, cells), bins);
  count_keys<THREADS> (keys, n, binner, GlobalCounts{ counts });
}

// The launch shapes of one run, worked out before the upload so that the
// timed kernel phase holds no host queries.
struct OursPlan
{
  unsigned range_blocks = 1;
  unsigned count_blocks = 1;
  unsigned copies = 1;
  size_t smem = 0;
  bool private_bins = false;
};

// Warp-private copies (one a warp of count_private's) of `bins` counters
// that PRIVATE_BYTES holds (at least 1).
unsigned
private_copies (unsigned bins)
{
  unsigned copies = COUNT_THREADS / 32;
  while (copies > 1 && (size_t) copies * bins * sizeof (unsigned) > PRIVATE_BYTES)
    copies /= 2;
  return copies;
}

template <typename T>
bool
ours_plan (size_t n, unsigned bins, OursPlan *plan, GError **error)
{
  int device = 0, optin = 48 * 1024;
  size_t most = 0;
  size_t wanted = ws::blocks_for (n, THREADS * KEYS_PER_THREAD);

  if (!ws::check (cudaGetDevice (&device), "Cannot select the GPU", error)
      || !ws::check (cudaDeviceGetAttribute (&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                                             device),
                     "Cannot query the GPU", error)
      || !ws::resident_blocks (range_parts<T>, THREADS, 0, "Cannot size the histogram's grid",
                               &most, error))
    return false;
  plan->range_blocks = (unsigned) std::min ({ most, wanted, (size_t) MAX_PARTS });

  // Each block's 32-bit counters must stay below 2^32: under 2^31 keys a block.
  size_t needed = (n >> 31) + 1;
  plan->copies = private_copies (bins);
  plan->smem = (size_t) plan->copies * bins * sizeof (unsigned);
  if (plan->smem <= (size_t) optin)
    {
      if (!ws::resident_blocks (count_private<T>, COUNT_THREADS, plan->smem,
                                "Cannot give the histogram its shared memory", &most, error))
        return false;
      size_t wanted_private = ws::blocks_for (n, COUNT_THREADS * KEYS_PER_THREAD);
      plan->count_blocks = (unsigned) std::max (std::min (most, wanted_private), needed);
      // Private counts pay off while each block counts several keys per
      // counter it must clear and merge. (Measured on an H200: counting
      // 65536 bins in two shared-memory slices lost to global atomics,
      // 1.44 against 0.87 ms at 2^26 keys, so no slices.)
      plan->private_bins = n >= (size_t) KEYS_PER_COUNTER * plan->count_blocks * bins;
    }
  if (!plan->private_bins)
    {
      if (!ws::resident_blocks (count_global<T>, THREADS, 0, "Cannot size the histogram's grid",
                                &most, error))
        return false;
      plan->count_blocks = (unsigned) std::min (most, wanted);
    }
  return true;
}

template <typename T>
bool
ours_histogram (const T *keys, size_t n, unsigned bins, const OursPlan &plan,
                unsigned long long *counts, void *scratch, guint64 *launches, GError **error)
{
  uint32_t *cells = (uint32_t *) scratch;
  uint2 *parts = (uint2 *) ((char *) scratch + PARTS_OFFSET);

  range_parts<<<plan.range_blocks, THREADS>>> (keys, n, parts, counts, bins);
  ++*launches;
  if (!ws::check_launch ("The histogram's min/max could not start", error))
    return false;
  if (plan.private_bins)
    count_private<<<plan.count_blocks, COUNT_THREADS, plan.smem>>> (
        keys, n, parts, plan.range_blocks, bins, plan.copies, cells, counts);
  else
    count_global<<<plan.count_blocks, THREADS>>> (keys, n, parts, plan.range_blocks, bins, cells,
                                                  counts);
  ++*launches;
  return ws::check_launch ("The histogram's count could not start", error);
}

/* ---- Whole runs ---- */

// Device memory of one run besides the keys: the counts, then a scratch
// area whose first 256 bytes hold the range (seed partials need more, gpu
// its pass 1 pairs after them); gpu's launch shapes.
struct HistMemory
{
  ws::DeviceBuffer<unsigned long long> counts;
  ws::DeviceBuffer<unsigned long long> scratch; // 8-byte aligned
  size_t temp_offset = 0;                        // CUB's scratch, in bytes
  size_t temp_bytes = 0;
  OursPlan plan;

  template <typename T>
  bool
  alloc (WsCudaImpl impl, size_t n, unsigned bins, GError **error)
  {
    size_t bytes = 256;
    if (impl == WS_CUDA_SEED)
      bytes = 2 * SEED_REDUCE_BLOCKS * sizeof (T);
    if (impl == WS_CUDA_OURS && n > 0)
      {
        if (!ours_plan<T> (n, bins, &plan, error))
          return false;
        bytes = PARTS_OFFSET + plan.range_blocks * sizeof (uint2);
      }
    if (impl == WS_CUDA_LIB && n > 0
        && !ws::hist::lib_temp_bytes (ws::hist::type_of<T> (), n, bins, &temp_bytes, error))
      return false;
    temp_offset = bytes;
    return counts.alloc (bins, "Cannot allocate the histogram on the GPU", error)
           && scratch.alloc ((bytes + temp_bytes + 7) / 8,
                             "Cannot allocate the histogram's scratch on the GPU", error);
  }
  void *temp () const { return (char *) scratch.get () + temp_offset; }
};

// The keys binned into counts (already zero, except for gpu) by `impl`; *lo and *hi are known
// on the host afterwards for seed, else read back by finish_range.
template <typename T>
bool
histogram_device (WsCudaImpl impl, const T *keys, size_t n, unsigned bins, HistMemory &mem,
                  double *lo, double *hi, guint64 *launches, GError **error)
{
  if (impl == WS_CUDA_SEED)
    return seed_histogram (keys, n, bins, mem.counts.get (), (T *) mem.scratch.get (), lo, hi,
                           launches, error);
  if (impl == WS_CUDA_OURS)
    return ours_histogram (keys, n, bins, mem.plan, mem.counts.get (), mem.scratch.get (),
                           launches, error);
  return ws::hist::lib_histogram (ws::hist::type_of<T> (), keys, n, bins, mem.counts.get (),
                                 mem.scratch.get (), mem.temp (), mem.temp_bytes, launches, error);
}

// lo and hi of gpu and gpu-lib, from what their kernels left in scratch.
template <typename T>
bool
finish_range (WsCudaImpl impl, const HistMemory &mem, double *lo, double *hi, GError **error)
{
  uint32_t cells[2];
  T range[2];

  if (impl == WS_CUDA_OURS)
    {
      if (!ws::download (cells, mem.scratch.get (), sizeof cells, error))
        return false;
      range[0] = from_order_key<T> (cells[0]);
      range[1] = from_order_key<T> (cells[1]);
      if (cells[0] > cells[1]) // no finite key
        range[0] = range[1] = T (0);
    }
  else if (!ws::download (range, mem.scratch.get (), sizeof range, error))
    return false;
  bool any = range[0] <= range[1];
  *lo = any ? (double) range[0] : 0.0;
  *hi = any ? (double) range[1] : 0.0;
  return true;
}

bool
histogram_args_valid (WsCudaImpl impl, const void *keys, gsize n, guint bins,
                      const guint64 *counts, GError **error)
{
  if (!ws::has ("histogram", impl))
    return ws::unsupported ("histogram", impl, error);
  if (bins < 1 || bins > MAX_BINS)
    return ws::invalid (error, "histogram: %u bins is out of range; choose between 1 and %u "
                        "(2^24) bins", bins, MAX_BINS);
  if (counts == nullptr || (n > 0 && keys == nullptr))
    return ws::invalid (error, "histogram: no keys or no array for the counts given");
  return true;
}

} // namespace

gboolean
ws_cuda_histogram (WsCudaImpl    impl,
                   WsCudaType    type,
                   const void   *keys,
                   gsize         n,
                   guint         bins,
                   guint64      *counts,
                   double       *lo,
                   double       *hi,
                   WsCudaTiming *timing,
                   GError      **error)
{
  WsCudaTiming unused;
  ws::PhaseTimer timer (timing != nullptr ? timing : &unused);
  guint64 *launches = timing != nullptr ? &timing->launches : &unused.launches;
  ws::DeviceBuffer<int32_t> d_keys; // 4-byte keys of either type
  HistMemory mem;
  double min = 0.0, max = 0.0;

  if (!histogram_args_valid (impl, keys, n, bins, counts, error) || !timer.start (error)
      || !d_keys.alloc (n, "Cannot allocate the keys on the GPU", error)
      || !ws::with_type (type, [&]<typename T> () { return mem.alloc<T> (impl, n, bins, error); }))
    return FALSE;
  timer.allocated ();
  if (!ws::upload (d_keys.get (), keys, n * sizeof (int32_t), error))
    return FALSE;
  timer.mark (ws::PhaseTimer::AFTER_UPLOAD);
  // gpu's first kernel clears the counts itself.
  if ((impl != WS_CUDA_OURS || n == 0)
      && !ws::check (cudaMemsetAsync (mem.counts.get (), 0, mem.counts.bytes ()),
                     "Cannot clear the histogram", error))
    return FALSE;
  if (n > 0 && !ws::with_type (type, [&]<typename T> () {
        return histogram_device (impl, (const T *) d_keys.get (), n, bins, mem, &min, &max,
                                 launches, error);
      }))
    return FALSE;
  timer.mark (ws::PhaseTimer::AFTER_KERNELS);
  if (!ws::download (counts, mem.counts.get (), mem.counts.bytes (), error)
      || (n > 0 && impl != WS_CUDA_SEED && !ws::with_type (type, [&]<typename T> () {
            return finish_range<T> (impl, mem, &min, &max, error);
          })))
    return FALSE;
  timer.mark (ws::PhaseTimer::AFTER_DOWNLOAD);
  if (lo != nullptr)
    *lo = min;
  if (hi != nullptr)
    *hi = max;
  return timer.finish (error);
}
