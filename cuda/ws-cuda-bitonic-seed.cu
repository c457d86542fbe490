// ws-cuda-bitonic-seed.cu: the studies' GPU bitonic sorts, written anew
// with their structure, on keys ws-cuda-bitonic.cu has already padded.
//
//  gpu-seed (studies 000 and 003): one launch per pass (k, j), one thread
//    per key, blocks of 1024, and a cudaDeviceSynchronize after every
//    launch as study 003's host loop had.
//  gpu-seed-shared (study 002): SortStep sorts chunks of SIZE_OF_BLOCKS
//    keys in shared memory, then BitonicMerge merge-splits neighbouring
//    half-chunks on alternating offsets, 2 * (w / SIZE_OF_BLOCKS) times.
#include "ws-cuda-networks.cuh"

namespace
{

// Study 000's BLOCK_SIZE_SORT.
constexpr unsigned SEED_THREADS = 1024;
constexpr unsigned CHUNK = (unsigned) ws::SEED_SHARED_CHUNK;

// Study 000's bitonicSortStep. The study launched a fixed grid of 4096
// blocks that only covered 4M keys; a grid-stride loop covers any w.
template <typename T>
__global__ void
seed_step (T *a, size_t w, size_t j, size_t k)
{
  size_t stride = (size_t) gridDim.x * blockDim.x;

  for (size_t idx = (size_t) blockIdx.x * blockDim.x + threadIdx.x; idx < w; idx += stride)
    {
      size_t partner = idx ^ j;
      if (partner <= idx)
        continue;
      if ((idx & k) == 0)
        {
          if (a[idx] > a[partner])
            {
              T t = a[idx];
              a[idx] = a[partner];
              a[partner] = t;
            }
        }
      else if (a[idx] < a[partner])
        {
          T t = a[idx];
          a[idx] = a[partner];
          a[partner] = t;
        }
    }
}

// The j-loop of study 002's kernels on one chunk in shared memory:
// ascending when (pos & k) == 0. Every thread owns pos = threadIdx.x.
template <typename T>
__device__ void
chunk_merge (T *s, unsigned k, unsigned j_top)
{
  unsigned pos = threadIdx.x;

  for (unsigned j = j_top; j > 0; j >>= 1)
    {
      unsigned partner = pos ^ j;
      if (partner > pos)
        {
          bool swap = (pos & k) != 0 ? s[pos] < s[partner] : s[pos] > s[partner];
          if (swap)
            {
              T t = s[pos];
              s[pos] = s[partner];
              s[partner] = t;
            }
        }
      __syncthreads ();
    }
}

// Study 002's SortStep: all j-steps of stage k on each chunk. (The study
// launched it once per (k, j) but the kernel reset j to k / 2 itself, so
// every launch after the first of a stage redid the same work on sorted
// runs; we launch it once per k.)
template <typename T>
__global__ void
sort_step (T *data, unsigned k, size_t size)
{
  __shared__ T s[CHUNK];
  unsigned pos = threadIdx.x;

  for (size_t i = (size_t) blockIdx.x * CHUNK; i < size; i += (size_t) gridDim.x * CHUNK)
    {
      s[pos] = data[i + pos];
      __syncthreads ();
      chunk_merge (s, k, k / 2);
      data[i + pos] = s[pos];
    }
}

// Study 002's BitonicMerge/MergeStep: each window of CHUNK keys holds two
// sorted halves; the upper half is loaded reversed, which makes the window
// bitonic, and one ascending bitonic merge sorts it. Odd launches shift
// the windows by half a chunk, so half-chunks trade keys with both
// neighbours: a block odd-even transposition sort of 2 w / CHUNK units.
template <typename T>
__global__ void
bitonic_merge (T *data, size_t size, bool odd)
{
  __shared__ T s[CHUNK];
  unsigned pos = threadIdx.x;
  size_t left = (size_t) blockIdx.x * CHUNK + (odd ? CHUNK / 2 : 0);
  // size >= CHUNK always: the keys are padded to at least one chunk.
  size_t right = odd ? size - CHUNK : size;

  for (size_t i = left; i < right; i += (size_t) gridDim.x * CHUNK)
    {
      s[pos] = pos < CHUNK / 2 ? data[i + pos] : data[i + CHUNK * 3 / 2 - 1 - pos];
      __syncthreads ();
      // k = CHUNK: (pos & CHUNK) is 0 for every thread, so all ascending.
      chunk_merge (s, CHUNK, CHUNK / 2);
      data[i + pos] = s[pos];
    }
}

} // namespace

template <typename T>
bool
ws::bitonic_seed (T *keys, size_t w, guint64 *launches, GError **error)
{
  unsigned blocks = blocks_for (w, SEED_THREADS);

  for (size_t k = 2; k <= w; k <<= 1)
    for (size_t j = k >> 1; j > 0; j >>= 1)
      {
        if (stopped (error))
          return false;
        seed_step<<<blocks, SEED_THREADS>>> (keys, w, j, k);
        ++*launches;
        // Study 003 waited for every pass before launching the next.
        if (!check_launch ("Cannot launch the bitonic step", error)
            || !synchronize ("The bitonic step failed", error))
          return false;
      }
  return true;
}

template <typename T>
bool
ws::bitonic_seed_shared (T *keys, size_t w, guint64 *launches, GError **error)
{
  // The study's NUM_OF_BLOCKS is not in its listing: one block per chunk,
  // the grid-stride loops take the rest past the cap.
  unsigned blocks = blocks_for (w, CHUNK);
  size_t merges = 2 * (w / CHUNK);
  // 2^15 merges of the whole array at 2^24 keys, a second and a half.
  LaunchPacer pacer (nullptr, pace_group (w));

  for (unsigned k = 2; k <= CHUNK; k <<= 1)
    {
      sort_step<<<blocks, CHUNK>>> (keys, k, w);
      ++*launches;
      if (!check_launch ("Cannot launch the shared-memory bitonic sort", error))
        return false;
    }
  // As the study: the first merge is the odd one ((i % 2 == 0) passed as isOdd).
  for (size_t i = 0; i < merges; i++)
    {
      if (stopped (error))
        return false;
      bitonic_merge<<<blocks, CHUNK>>> (keys, w, i % 2 == 0);
      ++*launches;
      if (!check_launch ("Cannot launch the bitonic merge", error) || !pacer.launched (error))
        return false;
    }
  return true;
}

template bool ws::bitonic_seed<int32_t> (int32_t *, size_t, guint64 *, GError **);
template bool ws::bitonic_seed<float> (float *, size_t, guint64 *, GError **);
template bool ws::bitonic_seed_shared<int32_t> (int32_t *, size_t, guint64 *, GError **);
template bool ws::bitonic_seed_shared<float> (float *, size_t, guint64 *, GError **);
