// ws-cuda-counting.cu: study 002's counting sort on the GPU (int32 keys,
// a key range of at most 2^26 values, as app/core/ws-primitives.h).
//
// gpu-seed keeps the study's shape: its fixed grid of 16 blocks of 1024
// threads, a histogram with global atomics, a Blelloch scan of the counts
// (2048 counts per block in shared memory, block sums scanned recursively)
// and a scatter of each key to the next free slot of its value.
// gpu (ours): a vectorised min/max reduction, a histogram privatised in
// shared memory while the range fits there, a three-kernel scan, and an
// output written by expanding the counts: every output position finds its
// value by a merge-path search over the inclusive prefix of the counts,
// so skewed counts cost no more than even ones and the writes coalesce.
//
// Both read min and max back to the host once: the range must be known to
// refuse it (INVALID) and to size the counters.
#include "ws-cuda-internal.h"

#include <cub/block/block_load.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>

const unsigned ws::impls_counting_sort = ws::impl_bit (WS_CUDA_SEED) | ws::impl_bit (WS_CUDA_OURS);

namespace
{

constexpr guint64 MAX_RANGE = G_GUINT64_CONSTANT (1) << 26;
constexpr uint32_t SIGN = 0x80000000u;

// The study's launch shape: NUM_OF_BLOCKS x SIZE_OF_BLOCKS (nvprof: 16 x 1024).
constexpr unsigned SEED_BLOCKS = 16;
constexpr unsigned SEED_THREADS = 1024;
constexpr unsigned SEED_SPAN = 2 * SEED_THREADS; // counts one Blelloch block scans

constexpr unsigned THREADS = 256;
constexpr unsigned SHARED_BINS = 12288;              // 48 KiB of counters: no opt-in needed
constexpr unsigned SCAN_THREADS = 512, SCAN_ITEMS = 8; // a scan tile of 4096 counts
constexpr unsigned SCAN_TILE = SCAN_THREADS * SCAN_ITEMS;
constexpr unsigned EXPAND_TILE = 2048; // merge-path diagonals per block

// min and max travel as unsigned codes (sign bit flipped) so that atomicMin
// orders them; max is kept complemented, so both start at all ones.
__device__ inline uint32_t
code_of (int32_t key)
{
  return (uint32_t) key ^ SIGN;
}

__device__ inline uint32_t
warp_min (uint32_t v)
{
  for (int d = 16; d > 0; d >>= 1)
    v = min (v, __shfl_xor_sync (0xffffffffu, v, d));
  return v;
}

// ---- gpu-seed ----

// Shared-memory tree reduction per block, then one atomic per block.
__global__ void
seed_minmax_kernel (const int32_t *keys, size_t n, uint32_t *mm)
{
  __shared__ uint32_t lo[SEED_THREADS], hi[SEED_THREADS];
  uint32_t l = UINT32_MAX, h = UINT32_MAX;

  for (size_t i = blockIdx.x * (size_t) SEED_THREADS + threadIdx.x; i < n;
       i += (size_t) gridDim.x * SEED_THREADS)
    {
      l = min (l, code_of (keys[i]));
      h = min (h, ~code_of (keys[i]));
    }
  lo[threadIdx.x] = l;
  hi[threadIdx.x] = h;
  for (unsigned s = SEED_THREADS / 2; s > 0; s >>= 1)
    {
      __syncthreads ();
      if (threadIdx.x < s)
        {
          lo[threadIdx.x] = min (lo[threadIdx.x], lo[threadIdx.x + s]);
          hi[threadIdx.x] = min (hi[threadIdx.x], hi[threadIdx.x + s]);
        }
    }
  if (threadIdx.x == 0)
    {
      atomicMin (&mm[0], lo[0]);
      atomicMin (&mm[1], hi[0]);
    }
}

__global__ void
seed_histogram_kernel (const int32_t *keys, size_t n, int32_t min, uint32_t *counts)
{
  for (size_t i = blockIdx.x * (size_t) SEED_THREADS + threadIdx.x; i < n;
       i += (size_t) gridDim.x * SEED_THREADS)
    atomicAdd (&counts[(uint32_t) (keys[i] - (int64_t) min)], 1u);
}

// Exclusive Blelloch scan of SEED_SPAN counts in shared memory: up-sweep,
// clear the root (its value is the block's sum), down-sweep.
__global__ void
seed_blelloch_kernel (uint32_t *data, size_t len, uint32_t *sums)
{
  __shared__ uint32_t s[SEED_SPAN];
  size_t base = blockIdx.x * (size_t) SEED_SPAN;
  unsigned t = threadIdx.x, offset = 1;

  for (unsigned k = t; k < SEED_SPAN; k += SEED_THREADS)
    s[k] = base + k < len ? data[base + k] : 0u;
  for (unsigned d = SEED_SPAN / 2; d > 0; d >>= 1, offset <<= 1)
    {
      __syncthreads ();
      if (t < d)
        s[offset * (2 * t + 2) - 1] += s[offset * (2 * t + 1) - 1];
    }
  __syncthreads ();
  if (t == 0)
    {
      sums[blockIdx.x] = s[SEED_SPAN - 1];
      s[SEED_SPAN - 1] = 0;
    }
  for (unsigned d = 1; d < SEED_SPAN; d <<= 1)
    {
      offset >>= 1;
      __syncthreads ();
      if (t < d)
        {
          uint32_t left = s[offset * (2 * t + 1) - 1];
          s[offset * (2 * t + 1) - 1] = s[offset * (2 * t + 2) - 1];
          s[offset * (2 * t + 2) - 1] += left;
        }
    }
  __syncthreads ();
  for (unsigned k = t; k < SEED_SPAN; k += SEED_THREADS)
    if (base + k < len)
      data[base + k] = s[k];
}

__global__ void
seed_add_sums_kernel (uint32_t *data, size_t len, const uint32_t *sums)
{
  size_t base = blockIdx.x * (size_t) SEED_SPAN;

  for (unsigned k = threadIdx.x; k < SEED_SPAN; k += SEED_THREADS)
    if (base + k < len)
      data[base + k] += sums[blockIdx.x];
}

// Each key takes the next free slot of its value; keys carry no payload,
// so the order among equal keys cannot show.
__global__ void
seed_scatter_kernel (const int32_t *keys, size_t n, int32_t min, uint32_t *start, int32_t *out)
{
  for (size_t i = blockIdx.x * (size_t) SEED_THREADS + threadIdx.x; i < n;
       i += (size_t) gridDim.x * SEED_THREADS)
    out[atomicAdd (&start[(uint32_t) (keys[i] - (int64_t) min)], 1u)] = keys[i];
}

// Block sums of every level of the recursive scan, one after another.
size_t
seed_sums_size (size_t len)
{
  size_t total = 0;

  for (size_t blocks = (len + SEED_SPAN - 1) / SEED_SPAN; len > 1;
       len = blocks, blocks = (len + SEED_SPAN - 1) / SEED_SPAN)
    total += blocks;
  return total + 1;
}

void
seed_scan (uint32_t *data, size_t len, uint32_t *sums, guint64 *launches)
{
  size_t blocks = (len + SEED_SPAN - 1) / SEED_SPAN;

  seed_blelloch_kernel<<<blocks, SEED_THREADS>>> (data, len, sums);
  *launches += 1;
  if (blocks < 2)
    return;
  seed_scan (sums, blocks, sums + blocks, launches);
  seed_add_sums_kernel<<<blocks, SEED_THREADS>>> (data, len, sums);
  *launches += 1;
}

// ---- gpu (ours) ----

// Four keys per load (when keys are 16-byte aligned, as cudaMalloc gives);
// each warp reduced by shuffles, one atomic per warp.
__global__ void __launch_bounds__ (THREADS)
minmax_kernel (const int32_t *keys, size_t n, size_t quads_n, uint32_t *mm)
{
  size_t stride = (size_t) gridDim.x * THREADS;
  size_t first = blockIdx.x * (size_t) THREADS + threadIdx.x;
  const int4 *quads = (const int4 *) keys;
  uint32_t l = UINT32_MAX, h = UINT32_MAX;

  for (size_t q = first; q < quads_n; q += stride)
    {
      int4 v = quads[q];
      l = min (min (l, code_of (v.x)), min (code_of (v.y), min (code_of (v.z), code_of (v.w))));
      h = min (min (h, ~code_of (v.x)),
               min (~code_of (v.y), min (~code_of (v.z), ~code_of (v.w))));
    }
  for (size_t i = quads_n * 4 + first; i < n; i += stride)
    {
      l = min (l, code_of (keys[i]));
      h = min (h, ~code_of (keys[i]));
    }
  l = warp_min (l);
  h = warp_min (h);
  if ((threadIdx.x & 31) == 0)
    {
      atomicMin (&mm[0], l);
      atomicMin (&mm[1], h);
    }
}

constexpr unsigned PER_THREAD = 4; // loads in flight per thread

// Counts the keys of one grid-stride step (and their scan tiles' sums when
// tile_sums is given); the trip count is the same for every lane of a
// warp, as ws::count_warp needs.
__device__ inline void
count_step (const int32_t *keys, size_t n, size_t base, int32_t key_min, uint32_t *counts,
            uint32_t *tile_sums)
{
  int32_t k[PER_THREAD];

#pragma unroll
  for (unsigned j = 0; j < PER_THREAD; j++)
    {
      size_t i = base + j * THREADS + threadIdx.x;
      k[j] = i < n ? keys[i] : key_min;
    }
#pragma unroll
  for (unsigned j = 0; j < PER_THREAD; j++)
    {
      uint32_t slot = (uint32_t) k[j] - (uint32_t) key_min;
      bool valid = base + j * THREADS + threadIdx.x < n;
      ws::count_warp (counts, slot, valid);
      if (tile_sums != nullptr)
        ws::count_warp (tile_sums, slot / SCAN_TILE, valid);
    }
}

// Privatised: each block counts into shared memory, then adds its nonzero
// counters to the global ones.
__global__ void __launch_bounds__ (THREADS)
histogram_shared_kernel (const int32_t *keys, size_t n, int32_t key_min, uint32_t range,
                         uint32_t *counts)
{
  extern __shared__ uint32_t bins[];
  size_t stride = (size_t) gridDim.x * THREADS * PER_THREAD;

  for (uint32_t b = threadIdx.x; b < range; b += THREADS)
    bins[b] = 0;
  __syncthreads ();
  for (size_t base = blockIdx.x * (size_t) THREADS * PER_THREAD; base < n; base += stride)
    count_step (keys, n, base, key_min, bins, nullptr);
  __syncthreads ();
  for (uint32_t b = threadIdx.x; b < range; b += THREADS)
    if (bins[b] != 0)
      atomicAdd (&counts[b], bins[b]);
}

// Ranges too wide for shared memory spread over many counters anyway.
// With fewer keys than counters, summing the scan tiles here (one more add
// per key) costs less than the scan reading every counter to sum them.
__global__ void __launch_bounds__ (THREADS)
histogram_global_kernel (const int32_t *keys, size_t n, int32_t key_min, uint32_t *counts,
                         uint32_t *tile_sums)
{
  size_t stride = (size_t) gridDim.x * THREADS * PER_THREAD;

  for (size_t base = blockIdx.x * (size_t) THREADS * PER_THREAD; base < n; base += stride)
    count_step (keys, n, base, key_min, counts, tile_sums);
}

using ScanLoad = cub::BlockLoad<uint32_t, SCAN_THREADS, SCAN_ITEMS, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
using ScanStore
    = cub::BlockStore<uint32_t, SCAN_THREADS, SCAN_ITEMS, cub::BLOCK_STORE_WARP_TRANSPOSE>;
using ScanBlock = cub::BlockScan<uint32_t, SCAN_THREADS>;
using SumBlock = cub::BlockReduce<uint32_t, SCAN_THREADS>;

// Scan, step 1: the sum of each tile of counts.
__global__ void __launch_bounds__ (SCAN_THREADS)
tile_sums_kernel (const uint32_t *counts, size_t len, uint32_t *sums)
{
  __shared__ SumBlock::TempStorage tmp;
  size_t base = blockIdx.x * (size_t) SCAN_TILE;
  uint32_t sum = 0;

  for (unsigned k = threadIdx.x; k < SCAN_TILE; k += SCAN_THREADS)
    sum += base + k < len ? counts[base + k] : 0u;
  sum = SumBlock (tmp).Sum (sum);
  if (threadIdx.x == 0)
    sums[blockIdx.x] = sum;
}

// Scan, step 2: one block turns the tile sums (at most 2^26 / 4096 of them)
// into exclusive tile offsets.
__global__ void __launch_bounds__ (SCAN_THREADS)
scan_sums_kernel (uint32_t *sums, size_t len)
{
  __shared__ ScanBlock::TempStorage tmp;
  ws::RunningPrefix<uint32_t> prefix { 0 };

  for (size_t base = 0; base < len; base += SCAN_THREADS)
    {
      size_t i = base + threadIdx.x;
      uint32_t v = i < len ? sums[i] : 0u;
      ScanBlock (tmp).ExclusiveSum (v, v, prefix);
      if (i < len)
        sums[i] = v;
      __syncthreads (); // tmp is reused by the next chunk
    }
}

// Scan, step 3: each tile's inclusive scan, shifted by its tile offset
// (none when the counts fit one tile).
__global__ void __launch_bounds__ (SCAN_THREADS)
scan_tiles_kernel (uint32_t *counts, size_t len, const uint32_t *offsets)
{
  __shared__ union
  {
    ScanLoad::TempStorage load;
    ScanStore::TempStorage store;
    ScanBlock::TempStorage scan;
  } tmp;
  size_t base = blockIdx.x * (size_t) SCAN_TILE;
  int valid = (int) (len - base < SCAN_TILE ? len - base : SCAN_TILE);
  uint32_t v[SCAN_ITEMS];

  ScanLoad (tmp.load).Load (counts + base, v, valid, 0u);
  __syncthreads ();
  ScanBlock (tmp.scan).InclusiveSum (v, v);
  __syncthreads ();
  uint32_t shift = offsets != nullptr ? offsets[blockIdx.x] : 0u;
#pragma unroll
  for (unsigned k = 0; k < SCAN_ITEMS; k++)
    v[k] += shift;
  ScanStore (tmp.store).Store (counts + base, v, valid);
}

// Merge path of the value ends incl[0..range) with the output positions
// 0..n-1 (a value's end comes first on a tie): how many values precede
// diagonal d. Output b holds value v exactly when incl[v-1] <= b < incl[v].
__device__ inline size_t
merge_split (const uint32_t *incl, size_t range, size_t n, size_t d)
{
  size_t lo = d > n ? d - n : 0, hi = d < range ? d : range;

  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if ((size_t) incl[mid] <= d - 1 - mid)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

// The value of output b: a0 plus how many staged ends are <= b.
__device__ inline size_t
value_at (const uint32_t *ends, unsigned len, size_t a0, size_t b)
{
  unsigned lo = 0, hi = len;

  while (lo < hi)
    {
      unsigned mid = (lo + hi) / 2;
      if ((size_t) ends[mid] <= b)
        lo = mid + 1;
      else
        hi = mid;
    }
  return a0 + lo;
}

// Each block takes EXPAND_TILE diagonals: at most that many value ends
// (staged in shared memory) and outputs, written in order, coalesced.
__global__ void __launch_bounds__ (THREADS)
expand_kernel (int32_t *keys, size_t n, const uint32_t *incl, size_t range, int32_t key_min)
{
  __shared__ uint32_t ends[EXPAND_TILE];
  __shared__ size_t split[2];
  size_t total = n + range;
  size_t d0 = blockIdx.x * (size_t) EXPAND_TILE;
  size_t d1 = total - d0 < EXPAND_TILE ? total : d0 + EXPAND_TILE;

  if (threadIdx.x < 2)
    split[threadIdx.x] = merge_split (incl, range, n, threadIdx.x == 0 ? d0 : d1);
  __syncthreads ();
  size_t a0 = split[0], a1 = split[1];
  for (size_t a = a0 + threadIdx.x; a < a1; a += THREADS)
    ends[a - a0] = incl[a];
  __syncthreads ();
  for (size_t b = d0 - a0 + threadIdx.x; b < d1 - a1; b += THREADS)
    keys[b] = (int32_t) ((uint32_t) key_min
                         + (uint32_t) value_at (ends, (unsigned) (a1 - a0), a0, b));
}

// ---- Host side ----

// The inputs counting sort refuses, each with the way out (the CPU's words).
bool
accepts (WsCudaType type, size_t n, GError **error)
{
  if (type != WS_CUDA_INT32)
    {
      g_set_error_literal (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED,
                           "counting-sort sorts int32 keys; use radix-sort for float32");
      return false;
    }
  if ((guint64) n > G_MAXUINT32)
    return ws::invalid (error,
                        "counting-sort: %" G_GSIZE_FORMAT " keys exceed its 32-bit counters "
                        "(at most 4294967295 keys); use radix-sort",
                        n);
  return true;
}

// Starts min/max at all ones (see code_of).
bool
alloc_minmax (ws::PoolBuffer<uint32_t> &mm, GError **error)
{
  return mm.alloc (2, "Cannot allocate the counting-sort key range on the GPU", error)
         && ws::check (cudaMemsetAsync (mm.get (), 0xff, 2 * sizeof (uint32_t)),
                       "Cannot clear the counting-sort key range", error);
}

// Reads min and max back (the one wait for the GPU) and checks the range.
bool
key_range (const uint32_t *d_mm, int32_t *key_min, size_t *range, GError **error)
{
  uint32_t mm[2];

  ws::gate_release (); // the copy waits for the GPU
  if (!ws::check_launch ("The counting-sort min/max kernel could not start", error)
      || !ws::check (cudaMemcpy (mm, d_mm, sizeof mm, cudaMemcpyDeviceToHost),
                     "Cannot read the key range back from the GPU", error))
    return false;
  int32_t max = (int32_t) (~mm[1] ^ SIGN);
  *key_min = (int32_t) (mm[0] ^ SIGN);
  guint64 span = (guint64) ((gint64) max - *key_min) + 1;
  if (span > MAX_RANGE)
    return ws::invalid (error,
                        "counting-sort: the key range is too wide: keys span %" G_GINT32_FORMAT
                        " to %" G_GINT32_FORMAT " (%" G_GUINT64_FORMAT " values), more than "
                        "2^26 counters; use radix-sort for wide keys such as uniform int32",
                        *key_min, max, span);
  *range = (size_t) span;
  return true;
}

bool
clear (uint32_t *counts, size_t len, GError **error)
{
  return ws::check (cudaMemsetAsync (counts, 0, len * sizeof (uint32_t)),
                    "Cannot clear the counting-sort counters", error);
}

bool
counting_seed (int32_t *keys, size_t n, guint64 *launches, GError **error)
{
  ws::PoolBuffer<uint32_t> mm, work;
  int32_t key_min;
  size_t range;

  if (!alloc_minmax (mm, error))
    return false;
  seed_minmax_kernel<<<SEED_BLOCKS, SEED_THREADS>>> (keys, n, mm.get ());
  *launches += 1;
  if (!key_range (mm.get (), &key_min, &range, error))
    return false;
  // Counters, the block sums of every scan level, the output keys.
  size_t sums = seed_sums_size (range);
  if (!work.alloc (range + sums + n, "Cannot allocate the counting-sort counters on the GPU", error)
      || !clear (work.get (), range, error))
    return false;
  uint32_t *counts = work.get ();
  int32_t *out = (int32_t *) (counts + range + sums);
  seed_histogram_kernel<<<SEED_BLOCKS, SEED_THREADS>>> (keys, n, key_min, counts);
  seed_scan (counts, range, counts + range, launches);
  seed_scatter_kernel<<<SEED_BLOCKS, SEED_THREADS>>> (keys, n, key_min, counts, out);
  *launches += 2;
  return ws::check_launch ("The counting-sort kernels could not start", error)
         && ws::check (cudaMemcpyAsync (keys, out, n * sizeof (int32_t), cudaMemcpyDeviceToDevice),
                       "Cannot copy the sorted keys back", error);
}

// Privatised counters pay range atomics per block to flush: few blocks
// when the keys are few for the range, enough to fill the GPU otherwise.
// tile_sums, when given, receives the scan tiles' sums too.
void
histogram (const int32_t *keys, size_t n, int32_t key_min, size_t range, uint32_t *counts,
           uint32_t *tile_sums, unsigned sms)
{
  if (range <= SHARED_BINS)
    {
      size_t want = n / (range * 8) + 1;
      unsigned grid = (unsigned) (want < sms * 4 ? want : sms * 4);
      histogram_shared_kernel<<<grid, THREADS, range * sizeof (uint32_t)>>> (
          keys, n, key_min, (uint32_t) range, counts);
    }
  else
    histogram_global_kernel<<<ws::blocks_for (n, THREADS * PER_THREAD, sms * 16), THREADS>>> (
        keys, n, key_min, counts, tile_sums);
}

// counts[0..range) become their inclusive prefix; tile_offsets holds the
// tiles' sums already when summed is set.
void
scan_counts (uint32_t *counts, size_t range, uint32_t *tile_offsets, bool summed,
             guint64 *launches)
{
  size_t tiles = (range + SCAN_TILE - 1) / SCAN_TILE;

  if (tiles > 1)
    {
      if (!summed)
        tile_sums_kernel<<<tiles, SCAN_THREADS>>> (counts, range, tile_offsets);
      scan_sums_kernel<<<1, SCAN_THREADS>>> (tile_offsets, tiles);
      *launches += summed ? 1 : 2;
    }
  scan_tiles_kernel<<<tiles, SCAN_THREADS>>> (counts, range, tiles > 1 ? tile_offsets : nullptr);
  *launches += 1;
}

bool
counting_ours (int32_t *keys, size_t n, guint64 *launches, GError **error)
{
  ws::PoolBuffer<uint32_t> mm, work;
  unsigned sms = (unsigned) ws::sm_count ();
  int32_t key_min;
  size_t range;

  if (!alloc_minmax (mm, error))
    return false;
  size_t quads_n = (uintptr_t) keys % 16 == 0 ? n / 4 : 0;
  minmax_kernel<<<ws::blocks_for (n / 4 + 1, THREADS, sms * 8), THREADS>>> (keys, n, quads_n,
                                                                           mm.get ());
  *launches += 1;
  if (!key_range (mm.get (), &key_min, &range, error))
    return false;
  size_t tiles = (range + SCAN_TILE - 1) / SCAN_TILE;
  bool sum_tiles = range > SHARED_BINS && n < range;
  if (!work.alloc (range + tiles, "Cannot allocate the counting-sort counters on the GPU", error)
      || !clear (work.get (), range + tiles, error))
    return false;
  uint32_t *counts = work.get (), *tile_sums = counts + range;
  histogram (keys, n, key_min, range, counts, sum_tiles ? tile_sums : nullptr, sms);
  scan_counts (counts, range, tile_sums, sum_tiles, launches);
  expand_kernel<<<(n + range + EXPAND_TILE - 1) / EXPAND_TILE, THREADS>>> (keys, n, counts, range,
                                                                          key_min);
  *launches += 2;
  return ws::check_launch ("The counting-sort kernels could not start", error);
}

} // namespace

size_t
ws::counting_sort_scratch (WsCudaImpl impl, WsCudaType type, size_t n)
{
  // The key range and, for the study's variant, its output copy; the
  // counters depend on the keys' range, found on the GPU mid-run.
  return 2 * sizeof (uint32_t) + (impl == WS_CUDA_SEED ? n * sizeof (int32_t) : 0);
}

bool
ws::counting_sort_device (WsCudaImpl impl, WsCudaType type, void *d_keys, size_t n,
                          guint64 *launches, GError **error)
{
  if (impl != WS_CUDA_SEED && impl != WS_CUDA_OURS)
    return unsupported ("counting-sort", impl, error);
  if (!accepts (type, n, error))
    return false;
  if (n < 2)
    return true; // nothing to order, and no range to check (as the CPU)
  return impl == WS_CUDA_SEED ? counting_seed ((int32_t *) d_keys, n, launches, error)
                              : counting_ours ((int32_t *) d_keys, n, launches, error);
}
