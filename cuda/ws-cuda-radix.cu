// ws-cuda-radix.cu: LSD radix sort on the GPU. Ours (gpu) is a
// reduce-then-scan sort over 8-bit digits: per pass a per-tile digit
// histogram, a scan over the (digit, tile) counts and a stable scatter that
// ranks each tile in shared memory; the library's (gpu-lib) is CUB's
// DeviceRadixSort. Both order keys exactly as app/core/ws-radix.h does.
#include "ws-cuda-internal.h"

#include <cub/block/block_radix_rank.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/device/device_radix_sort.cuh>

#include <type_traits>

// No study had a radix sort, so there is no gpu-seed.
const unsigned ws::impls_radix_sort = ws::impl_bit (WS_CUDA_OURS) | ws::impl_bit (WS_CUDA_LIB);

namespace
{

constexpr int RADIX_BITS = 8;
constexpr int DIGITS = 1 << RADIX_BITS;
constexpr int PASSES = 32 / RADIX_BITS;
// One thread per digit keeps the per-tile bookkeeping to one value a thread.
constexpr int THREADS = DIGITS;
constexpr int ITEMS = 16;
constexpr int TILE = THREADS * ITEMS;
constexpr int SCAN_THREADS = 512;
constexpr int SCAN_ITEMS = 4;
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

// Loads a tile warp-striped (what TileRank needs to rank stably): lane l of
// warp w holds its items at w*32*ITEMS + i*32 + l. Past n: the largest code,
// which ranks after every real key of the tile.
template <typename T>
__device__ inline void
load_tile (const uint32_t *src, size_t start, size_t n, bool convert, uint32_t (&codes)[ITEMS])
{
  size_t first = start + (threadIdx.x >> 5) * 32 * ITEMS + (threadIdx.x & 31);

#pragma unroll
  for (int i = 0; i < ITEMS; i++)
    {
      size_t at = first + (size_t) i * 32;
      uint32_t bits = at < n ? src[at] : 0u;
      codes[i] = at >= n ? 0xffffffffu : convert ? to_code<T> (bits) : bits;
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

  load_tile<T> (keys, 0, n, true, codes);
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

// Digit histograms of all passes at once, one read of the keys.
template <typename T>
__global__ void __launch_bounds__ (THREADS)
histogram_all_kernel (const uint32_t *keys, size_t n, unsigned long long *hist)
{
  constexpr int PER_THREAD = 4; // several loads in flight per thread
  __shared__ uint32_t h[PASSES][DIGITS];
  size_t stride = (size_t) gridDim.x * THREADS * PER_THREAD;

  for (int i = threadIdx.x; i < PASSES * DIGITS; i += THREADS)
    h[i / DIGITS][i % DIGITS] = 0;
  __syncthreads ();
  for (size_t base = (size_t) blockIdx.x * THREADS * PER_THREAD; base < n; base += stride)
    {
      uint32_t codes[PER_THREAD];
#pragma unroll
      for (int k = 0; k < PER_THREAD; k++)
        {
          size_t at = base + (size_t) k * THREADS + threadIdx.x;
          codes[k] = at < n ? to_code<T> (keys[at]) : 0u;
        }
#pragma unroll
      for (int k = 0; k < PER_THREAD; k++)
        for (int p = 0; p < PASSES; p++)
          ws::count_warp (h[p], (codes[k] >> (p * RADIX_BITS)) & (DIGITS - 1),
                          base + (size_t) k * THREADS + threadIdx.x < n);
    }
  __syncthreads ();
  for (int i = threadIdx.x; i < PASSES * DIGITS; i += THREADS)
    if (h[i / DIGITS][i % DIGITS] != 0)
      atomicAdd (&hist[i], (unsigned long long) h[i / DIGITS][i % DIGITS]);
}

// One block of DIGITS threads.
__global__ void
plan_kernel (const unsigned long long *hist, size_t n, Plan *plan)
{
  __shared__ int trivial[PASSES];

  for (int p = 0; p < PASSES; p++)
    {
      int t = __syncthreads_or (hist[p * DIGITS + threadIdx.x] == n);
      if (threadIdx.x == 0)
        trivial[p] = t;
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

// ---- One pass: tile histograms, scan, scatter ----

// counts[digit * tiles + tile]: digit-major, so one exclusive scan of the
// whole table would give each (digit, tile) its output offset.
template <typename T, typename Off>
__global__ void __launch_bounds__ (THREADS)
tile_histogram_kernel (const Plan *plan, int pass, const uint32_t *keys, const uint32_t *alt,
                       size_t n, Off *counts, size_t tiles)
{
  __shared__ uint32_t hist[DIGITS];
  PassPlan p = plan->pass[pass];
  size_t start = (size_t) blockIdx.x * TILE;
  uint32_t codes[ITEMS];

  if (!p.run)
    return;
  hist[threadIdx.x] = 0;
  __syncthreads ();
  load_tile<T> (p.from_alt ? alt : keys, start, n, p.first, codes);
  size_t first = start + (threadIdx.x >> 5) * 32 * ITEMS + (threadIdx.x & 31);
#pragma unroll
  for (int i = 0; i < ITEMS; i++)
    ws::count_warp (hist, DigitOf { pass * RADIX_BITS }.Digit (codes[i]), first + i * 32 < n);
  __syncthreads ();
  counts[(size_t) threadIdx.x * tiles + blockIdx.x] = hist[threadIdx.x];
}

// Block d turns digit d's row of counts into output offsets: the keys of
// smaller digits (from the all-pass histogram) plus the row's exclusive
// prefix. 256 independent rows keep the GPU busy without a second level.
template <typename Off>
__global__ void __launch_bounds__ (SCAN_THREADS)
scan_counts_kernel (const Plan *plan, int pass, const unsigned long long *hist, Off *counts,
                    size_t tiles)
{
  using Reduce = cub::BlockReduce<unsigned long long, SCAN_THREADS>;
  using Scan = cub::BlockScan<Off, SCAN_THREADS>;
  __shared__ union
  {
    typename Reduce::TempStorage reduce;
    typename Scan::TempStorage scan;
  } tmp;
  __shared__ Off row_start;
  unsigned digit = blockIdx.x;

  if (!plan->pass[pass].run)
    return;
  unsigned long long below = threadIdx.x < digit ? hist[pass * DIGITS + threadIdx.x] : 0ull;
  unsigned long long start = Reduce (tmp.reduce).Sum (below);
  if (threadIdx.x == 0)
    row_start = (Off) start;
  __syncthreads ();
  ws::RunningPrefix<Off> prefix { row_start };
  Off *row = counts + (size_t) digit * tiles;
  for (size_t base = 0; base < tiles; base += SCAN_THREADS * SCAN_ITEMS)
    {
      Off v[SCAN_ITEMS];
      size_t at = base + (size_t) threadIdx.x * SCAN_ITEMS;
#pragma unroll
      for (int k = 0; k < SCAN_ITEMS; k++)
        v[k] = at + k < tiles ? row[at + k] : 0;
      Scan (tmp.scan).ExclusiveSum (v, v, prefix);
#pragma unroll
      for (int k = 0; k < SCAN_ITEMS; k++)
        if (at + k < tiles)
          row[at + k] = v[k];
      __syncthreads (); // tmp is reused by the next chunk
    }
}

// Ranks the tile stably by the pass's digit, places it in shared memory in
// that order, then writes it out: neighbouring threads write neighbouring
// addresses within each digit's run, so the scatter stays mostly coalesced.
template <typename T, typename Off>
__global__ void __launch_bounds__ (THREADS)
scatter_kernel (const Plan *plan, int pass, uint32_t *keys, uint32_t *alt, size_t n,
                const Off *offsets, size_t tiles)
{
  __shared__ union
  {
    TileRank::TempStorage rank;
    uint32_t codes[TILE];
  } s;
  // Per digit: the output position of the tile's first such key, less its rank.
  __shared__ Off base[DIGITS];
  PassPlan p = plan->pass[pass];
  size_t start = (size_t) blockIdx.x * TILE;
  DigitOf digit_of { pass * RADIX_BITS };
  uint32_t codes[ITEMS];
  int ranks[ITEMS], below[1];

  if (!p.run)
    return;
  load_tile<T> (p.from_alt ? alt : keys, start, n, p.first, codes);
  TileRank (s.rank).RankKeys (codes, ranks, digit_of, below);
  base[threadIdx.x] = offsets[(size_t) threadIdx.x * tiles + blockIdx.x] - (Off) below[0];
  __syncthreads ();
#pragma unroll
  for (int i = 0; i < ITEMS; i++)
    s.codes[ranks[i]] = codes[i];
  __syncthreads ();
  uint32_t *dst = p.from_alt ? keys : alt;
  size_t valid = n - start < (size_t) TILE ? n - start : (size_t) TILE;
#pragma unroll
  for (int i = 0; i < ITEMS; i++)
    {
      unsigned at = i * THREADS + threadIdx.x;
      if (at >= valid)
        break;
      uint32_t code = s.codes[at];
      dst[base[digit_of.Digit (code)] + at] = p.last ? from_code<T> (code) : code;
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
// cudaMalloc costs time inside the measured run).
template <typename Off> struct Scratch
{
  ws::DeviceBuffer<unsigned char> buffer;
  uint32_t *alt;
  unsigned long long *hist;
  Plan *plan;
  Off *counts;

  bool
  alloc (size_t n, size_t tiles, GError **error)
  {
    size_t alt_bytes = round_up (n * sizeof (uint32_t));
    size_t hist_bytes = round_up (PASSES * DIGITS * sizeof (unsigned long long));
    size_t plan_bytes = round_up (sizeof (Plan));

    if (!buffer.alloc (alt_bytes + hist_bytes + plan_bytes + DIGITS * tiles * sizeof (Off),
                       "Cannot allocate the radix-sort buffers on the GPU", error))
      return false;
    alt = (uint32_t *) buffer.get ();
    hist = (unsigned long long *) (buffer.get () + alt_bytes);
    plan = (Plan *) (buffer.get () + alt_bytes + hist_bytes);
    counts = (Off *) (buffer.get () + alt_bytes + hist_bytes + plan_bytes);
    return true;
  }
};

template <typename T, typename Off>
bool
sort_passes (uint32_t *keys, size_t n, guint64 *launches, GError **error)
{
  size_t tiles = (n + TILE - 1) / TILE;
  Scratch<Off> s;

  if (!s.alloc (n, tiles, error)
      || !ws::check (cudaMemsetAsync (s.hist, 0, PASSES * DIGITS * sizeof (unsigned long long)),
                     "Cannot clear the radix-sort histogram", error))
    return false;
  unsigned grid = ws::blocks_for (n, THREADS * 4, (unsigned) ws::sm_count () * 8);
  histogram_all_kernel<T><<<grid, THREADS>>> (keys, n, s.hist);
  plan_kernel<<<1, DIGITS>>> (s.hist, n, s.plan);
  for (int pass = 0; pass < PASSES; pass++)
    {
      tile_histogram_kernel<T, Off><<<tiles, THREADS>>> (s.plan, pass, keys, s.alt, n, s.counts,
                                                         tiles);
      scan_counts_kernel<Off><<<DIGITS, SCAN_THREADS>>> (s.plan, pass, s.hist, s.counts, tiles);
      scatter_kernel<T, Off><<<tiles, THREADS>>> (s.plan, pass, keys, s.alt, n, s.counts, tiles);
    }
  copy_back_kernel<<<ws::blocks_for (n, 256, 4096), 256>>> (s.plan, s.alt, keys, n);
  *launches += 3 + 3 * PASSES;
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
  // 32-bit offsets halve the counts' traffic whenever they can hold n.
  return n <= UINT32_MAX ? sort_passes<T, uint32_t> (keys, n, launches, error)
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

// Sorts with a double buffer; *current says which buffer holds the result,
// which may lie in scratch: the caller keeps scratch until it has read it.
template <typename K, typename N>
bool
cub_sort (K *keys, N n, ws::DeviceBuffer<unsigned char> &scratch, K **current, GError **error)
{
  size_t temp_bytes = 0;
  cub::DoubleBuffer<K> buffers (keys, nullptr);

  if (!ws::check (cub::DeviceRadixSort::SortKeys (nullptr, temp_bytes, buffers, n),
                  "CUB cannot size its radix-sort storage", error))
    return false;
  size_t alt_bytes = round_up ((size_t) n * sizeof (K));
  // One allocation for CUB's storage and the second buffer.
  if (!scratch.alloc (alt_bytes + temp_bytes, "Cannot allocate the CUB radix-sort buffers", error))
    return false;
  buffers = cub::DoubleBuffer<K> (keys, (K *) scratch.get ());
  if (!ws::check (cub::DeviceRadixSort::SortKeys (scratch.get () + alt_bytes, temp_bytes, buffers,
                                                  n),
                  "CUB radix sort failed", error))
    return false;
  *current = buffers.Current ();
  return true;
}

template <typename K>
bool
cub_sort_any (K *keys, size_t n, ws::DeviceBuffer<unsigned char> &scratch, K **current,
              GError **error)
{
  return n <= UINT32_MAX ? cub_sort<K, uint32_t> (keys, (uint32_t) n, scratch, current, error)
                         : cub_sort<K, unsigned long long> (keys, n, scratch, current, error);
}

template <typename T>
bool
radix_lib (uint32_t *keys, size_t n, guint64 *launches, GError **error)
{
  unsigned grid = ws::blocks_for (n, 256, 4096);
  ws::DeviceBuffer<unsigned char> scratch; // freed (cudaFree waits) after the last read of it

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
