// ws-cuda-networks.cu: single passes of the three sorting networks for the
// animator (ws_cuda_network_pass), and Batcher's odd-even merge sort.
//
// A pass is a PassShape (ws-cuda-networks.cuh), so the kernels run exactly
// the CPU's comparators, and each comparator exchanges only on strict
// order as the CPU does, so passes agree bit for bit.
#include "ws-cuda-networks.cuh"

#include <cstdint>

namespace
{

using ws::is_pow2;
using ws::log2_exact;
using ws::PassShape;
using ws::slot_ends;

constexpr unsigned PASS_THREADS = 256;
constexpr unsigned MERGE_TILE_LOG = WS_PLAN_MERGE_TILE_LOG; // 8192 keys in shared memory
constexpr unsigned MERGE_TILE = 1u << MERGE_TILE_LOG;
constexpr unsigned MERGE_THREADS = 512;

// One pass, one thread per slot. With FLAGS, both ends of every comparator
// get COMPARED (and SWAPPED when it exchanged); the caller has zeroed the
// rest. With a tally, the comparators run and those that exchanged are
// added to it, a block's worth at a time.
template <typename T, bool FLAGS>
__global__ void
pass_kernel (T *a, guint8 *flags, PassShape g, WsCudaTally *tally)
{
  size_t stride = (size_t) gridDim.x * blockDim.x;
  unsigned long long compared = 0, swapped = 0;

  for (size_t t = (size_t) blockIdx.x * blockDim.x + threadIdx.x; t < g.n_slots; t += stride)
    {
      size_t lo, hi;
      if (!slot_ends (g, t, &lo, &hi))
        continue;
      size_t mn = (lo & g.dir_mask) != 0 ? hi : lo;
      size_t mx = mn == lo ? hi : lo;
      T x = a[mn], y = a[mx];
      bool swap = ws::order_pair (x, y);
      if (swap)
        {
          a[mn] = x;
          a[mx] = y;
        }
      compared++, swapped += swap;
      if (FLAGS)
        flags[lo] = flags[hi] = (guint8) (WS_CUDA_FLAG_COMPARED | (swap ? WS_CUDA_FLAG_SWAPPED : 0));
    }
  if (tally == nullptr) // the same for the whole grid
    return;
  ws::block_add ((unsigned long long *) &tally->comparisons, compared);
  ws::block_add ((unsigned long long *) &tally->swaps, swapped);
}

PassShape
bitonic_shape (size_t width, size_t k, size_t j)
{
  return PassShape{ width / 2, log2_exact (j), 0, 0, j, k, SIZE_MAX, width };
}

PassShape
odd_even_shape (size_t width, unsigned phase)
{
  size_t slots = width > phase ? (width - phase) / 2 : 0;
  return PassShape{ slots, 63, 1, phase, 1, 0, SIZE_MAX, width };
}

// Merge step j of stage p starts its blocks at j % p and keeps those with
// a comparator below n (the CPU's merge_n_blocks).
PassShape
merge_shape (size_t n, size_t p, size_t j)
{
  size_t first = j % p;
  size_t blocks = first + j < n ? (n - first - j - 1) / (2 * j) + 1 : 0;
  unsigned block_log = log2_exact (j);
  return PassShape{ blocks << block_log, block_log, 0, first, j, 0, 2 * p, n };
}

template <typename T>
bool
launch_pass (T *keys, guint8 *flags, const PassShape &g, WsCudaTally *tally, GError **error)
{
  unsigned threads = tally ? ws::TALLY_THREADS : PASS_THREADS;
  unsigned blocks = tally ? ws::tally_blocks (g.n_slots) : ws::blocks_for (g.n_slots, threads);

  if (flags != nullptr)
    pass_kernel<T, true><<<blocks, threads>>> (keys, flags, g, tally);
  else
    pass_kernel<T, false><<<blocks, threads>>> (keys, flags, g, tally);
  return ws::check_launch ("Cannot launch the network pass", error);
}

} // namespace

unsigned
ws::tally_blocks (size_t slots)
{
  return blocks_for (slots, TALLY_THREADS, (unsigned) sm_count () * (2048 / TALLY_THREADS));
}

// The parameters of a pass, checked as the CPU network would build them.
bool
ws::shape_for (WsCudaSort network, gsize width, guint64 k, guint64 j, guint phase, PassShape *g,
                GError **error)
{
  switch (network)
    {
    case WS_CUDA_BITONIC:
      if (!is_pow2 (width) || !is_pow2 (k) || !is_pow2 (j) || k < 2 || k > width || j >= k)
        return ws::invalid (error, "No bitonic pass k=%" G_GUINT64_FORMAT ", j=%" G_GUINT64_FORMAT
                            " on %" G_GSIZE_FORMAT " keys: the width and k must be powers of "
                            "two with 2 <= k <= width, and j a power of two below k",
                            k, j, width);
      *g = bitonic_shape (width, k, j);
      return true;
    case WS_CUDA_ODD_EVEN:
      if (phase > 1)
        return ws::invalid (error, "No odd-even phase %u: it is 0 (even) or 1 (odd)", phase);
      *g = odd_even_shape (width, phase);
      return true;
    case WS_CUDA_ODDEVEN_MERGE:
      if (!is_pow2 (k) || !is_pow2 (j) || j > k || k >= width)
        return ws::invalid (error, "No odd-even merge pass p=%" G_GUINT64_FORMAT ", k=%"
                            G_GUINT64_FORMAT " on %" G_GSIZE_FORMAT " keys: p and k must be "
                            "powers of two with k <= p < the width", k, j, width);
      *g = merge_shape (width, k, j);
      return true;
    default:
      return ws::invalid (error, "Sort %d is not a sorting network", (int) network);
    }
}

namespace
{

// The plan's passes — every pass of the stages p with 2p <= the tile — on
// one tile of 2^tile_log keys per block at a time: a tile starts at a
// multiple of 2p, so each of these comparators has both ends in one tile.
// Keys from n on are never loaded: the comparators that would reach them
// are dropped.
template <typename T>
__device__ void
merge_tile_pass (T *s, size_t len, unsigned tile_log, unsigned p, unsigned j)
{
  unsigned first = j % p;
  unsigned j_log = 31 - __clz (j);

  for (unsigned t = threadIdx.x; t < (1u << (tile_log - 1)); t += blockDim.x)
    {
      unsigned lo = first + (t >> j_log) * 2 * j + (t & (j - 1));
      unsigned hi = lo + j;
      if (hi < len && (lo ^ hi) < 2 * p)
        ws::order_pair (s[ws::padded_index (lo)], s[ws::padded_index (hi)]);
    }
}

template <typename T>
__global__ void __launch_bounds__ (MERGE_THREADS)
merge_tile_kernel (T *keys, size_t n, unsigned tile_log,
                   const __grid_constant__ ws::TileGroups passes)
{
  __shared__ T s[MERGE_TILE + MERGE_TILE / 32];
  size_t tile = (size_t) 1 << tile_log;

  for (size_t origin = (size_t) blockIdx.x * tile; origin < n; origin += (size_t) gridDim.x * tile)
    {
      size_t len = n - origin < tile ? n - origin : tile;
      for (unsigned i = threadIdx.x; i < len; i += blockDim.x)
        s[ws::padded_index (i)] = keys[origin + i];
      __syncthreads ();
      // Each group of a merge plan is one pass (p, j).
      for (unsigned g = 0; g < passes.n; g++)
        {
          merge_tile_pass (s, len, tile_log, 1u << passes.stage_log[g], 1u << passes.dist_log[g]);
          __syncthreads ();
        }
      for (unsigned i = threadIdx.x; i < len; i += blockDim.x)
        keys[origin + i] = s[ws::padded_index (i)];
      __syncthreads ();
    }
}

// One launch of the plan: the tile launch, or one pass on global memory.
template <typename T>
bool
launch_planned (T *keys, size_t n, const WsPlanLaunch &launch, GError **error)
{
  const WsPlanGroup &g = launch.groups[0];

  if (launch.memory == WS_PLAN_GLOBAL)
    return launch_pass (keys, (guint8 *) nullptr,
                        merge_shape (n, (size_t) 1 << g.stage_log, (size_t) 1 << g.dist_log),
                        nullptr, error);
  merge_tile_kernel<<<ws::blocks_for (n, 1u << launch.tile_log), MERGE_THREADS>>> (
      keys, n, launch.tile_log, ws::tile_groups (launch));
  return ws::check_launch ("Cannot launch the odd-even merge tile sort", error);
}

// gpu: the plan's launches (ws-launch-plan.h) — the stages that fit a tile
// in one shared-memory launch, then one launch per pass (odd-even merge
// steps of a stage straddle every 2k boundary inside a run, so they cannot
// be cut into tiles as bitonic can).
template <typename T>
bool
merge_sort (T *keys, size_t n, guint64 *launches, GError **error)
{
  WsLaunchPlan plan;
  WsPlanLaunch launch;

  ws_launch_plan_merge (&plan, n, MERGE_TILE_LOG);
  while (ws_launch_plan_next (&plan, &launch))
    {
      if (ws::stopped (error) || !launch_planned (keys, n, launch, error))
        return false;
      ++*launches;
    }
  return true;
}

} // namespace

const unsigned ws::impls_oddeven_merge = ws::impl_bit (WS_CUDA_OURS);

size_t
ws::oddeven_merge_sort_scratch (WsCudaImpl, WsCudaType, size_t)
{
  return 0; // in place, past-the-end comparators skipped
}

bool
ws::oddeven_merge_sort_device (WsCudaImpl impl, WsCudaType type, void *d_keys, size_t n,
                               guint64 *launches, GError **error)
{
  if ((unsigned) impl > WS_CUDA_LIB || (impls_oddeven_merge & impl_bit (impl)) == 0)
    return unsupported ("oddeven-merge", impl, error);
  if (n < 2)
    return true;
  return with_type (type, [&]<typename T> () {
    return merge_sort (static_cast<T *> (d_keys), n, launches, error);
  });
}

// Launched on the default stream without waiting: a fault shows at the next
// synchronising call (the download that reads the keys back).
gboolean
ws_cuda_network_pass (WsCudaSort    network,
                      WsCudaType    type,
                      gpointer      d_keys,
                      gsize         width,
                      guint64       k,
                      guint64       j,
                      guint         phase,
                      guint8       *d_flags,
                      WsCudaTally  *d_tally,
                      GError      **error)
{
  PassShape g;

  if (!ws::shape_for (network, width, k, j, phase, &g, error))
    return FALSE;
  if (width == 0)
    return TRUE;
  if (d_keys == nullptr)
    return ws::invalid (error, "No device keys for the network pass");
  // Every flag is written each pass: zeros here, the comparators' in the kernel.
  if (d_flags != nullptr
      && !ws::check (cudaMemsetAsync (d_flags, 0, width), "Cannot clear the pass flags", error))
    return FALSE;
  return ws::with_type (type, [&]<typename T> () {
    return launch_pass (static_cast<T *> (d_keys), d_flags, g, d_tally, error);
  });
}
