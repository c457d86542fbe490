// ws-cuda-networks.cuh: what the sorting-network files share — the CPU's
// comparator, a pass's shape, the bank-spreading shared-memory index, the
// block totals of the passes' counts and checks, and the study variants of
// bitonic that ws-cuda-bitonic.cu dispatches to.
#pragma once

#include <cub/block/block_reduce.cuh>

#include "ws-cuda-internal.h"
#include "ws-launch-plan.h"

namespace ws
{

// One comparator as app/core applies it: min to `lo`, max to `hi`, and an
// exchange only when strictly out of order, so equal keys (-0.0 against
// +0.0 included) stay where they are and passes match the CPU bit for bit.
template <typename T>
__device__ __forceinline__ bool
order_pair (T &lo, T &hi)
{
  bool swap = lo > hi;
  T a = swap ? hi : lo;
  T b = swap ? lo : hi;
  lo = a;
  hi = b;
  return swap;
}

// The same comparator in the direction of a bitonic run.
template <typename T>
__device__ __forceinline__ void
order_dir (T &a, T &b, bool descending)
{
  if (descending)
    order_pair (b, a);
  else
    order_pair (a, b);
}

// One pass as app/core's ws-network-private.h describes it: a row of equal
// blocks of comparators, slot t being comparator t mod 2^block_log of block
// t >> block_log. Kernels locate each slot the same way, so they run (and
// check) exactly the CPU's comparators.
struct PassShape
{
  size_t n_slots;
  unsigned block_log;  // 2^block_log slots per block (63: a single block)
  unsigned stride_log; // lower ends 2^stride_log apart within a block
  size_t first;        // lower end of slot 0
  size_t dist;         // hi - lo; blocks start 2 * dist apart
  size_t dir_mask;     // bitonic k: the block descends when lo & k
  size_t run_len;      // merge 2p: both ends in one aligned run
  size_t limit;        // both ends below it
};

// The ends of slot t's comparator; false where the CPU has none.
__device__ __forceinline__ bool
slot_ends (const PassShape &g, size_t t, size_t *lo, size_t *hi)
{
  size_t b = t >> g.block_log;
  size_t o = t & (((size_t) 1 << g.block_log) - 1);

  *lo = g.first + b * 2 * g.dist + (o << g.stride_log);
  *hi = *lo + g.dist;
  return *hi < g.limit && (*lo ^ *hi) < g.run_len;
}

// The shape of a pass, its parameters checked as the CPU network would
// build them (ws-cuda-networks.cu).
bool shape_for (WsCudaSort network, gsize width, guint64 k, guint64 j, guint phase, PassShape *g,
                GError **error);

// The threads of a counting or checking launch, and its grid: a few blocks
// an SM, each thread striding over the slots, so that a block's total
// reaches the tally with one atomic (hundreds a pass, not millions).
constexpr unsigned TALLY_THREADS = 256;
unsigned tally_blocks (size_t slots);

// Adds v, summed over the block, to *to. All threads of the block call it.
__device__ inline void
block_add (unsigned long long *to, unsigned long long v)
{
  using Reduce = cub::BlockReduce<unsigned long long, TALLY_THREADS>;
  __shared__ typename Reduce::TempStorage tmp;
  unsigned long long sum = Reduce (tmp).Sum (v);

  if (threadIdx.x == 0 && sum != 0)
    atomicAdd (to, sum);
  __syncthreads (); // tmp is reused by the next call
}

struct Lowest
{
  __device__ unsigned long long
  operator() (unsigned long long a, unsigned long long b) const
  {
    return b < a ? b : a;
  }
};

// Lowers *to to v's minimum over the block. All threads of the block call it.
__device__ inline void
block_lower (unsigned long long *to, unsigned long long v)
{
  using Reduce = cub::BlockReduce<unsigned long long, TALLY_THREADS>;
  __shared__ typename Reduce::TempStorage tmp;
  unsigned long long least = Reduce (tmp).Reduce (v, Lowest ());

  if (threadIdx.x == 0 && least != ~0ull)
    atomicMin (to, least);
  __syncthreads ();
}

// Shared-memory slot of key i of a tile: one pad word every 32 keys, so
// that threads reading keys 2, 4, .., 16 apart hit different banks (at
// most 2-way conflicts instead of up to 16-way).
__device__ __forceinline__ unsigned
padded_index (unsigned i)
{
  return i + (i >> 5);
}

// The groups of a tile launch of the plan (ws-launch-plan.h) as its kernel
// walks them: group g runs passes[g] passes of stage 2^stage_log[g] from
// distance 2^dist_log[g] down, or (last_stage_log[g] above stage_log[g])
// sorts runs of 2^last_stage_log[g] keys whole. Passed as a
// __grid_constant__ parameter, so that the kernel reads it where the
// launch put it (no per-thread copy).
struct TileGroups
{
  unsigned char n;
  unsigned char stage_log[WS_PLAN_MAX_GROUPS];
  unsigned char dist_log[WS_PLAN_MAX_GROUPS];
  unsigned char last_stage_log[WS_PLAN_MAX_GROUPS];
  unsigned char passes[WS_PLAN_MAX_GROUPS];
};

inline TileGroups
tile_groups (const WsPlanLaunch &launch)
{
  TileGroups t{};

  t.n = (unsigned char) launch.n_groups;
  for (unsigned g = 0; g < launch.n_groups; g++)
    {
      t.stage_log[g] = (unsigned char) launch.groups[g].stage_log;
      t.dist_log[g] = (unsigned char) launch.groups[g].dist_log;
      t.last_stage_log[g] = (unsigned char) launch.groups[g].last_stage_log;
      t.passes[g] = (unsigned char) launch.groups[g].n_passes;
    }
  return t;
}

// study 002's chunk: SIZE_OF_BLOCKS keys, one thread each.
constexpr size_t SEED_SHARED_CHUNK = 1024;

// Study variants on keys already padded: w a power of two (seed), w a
// multiple of SEED_SHARED_CHUNK (seed-shared). Defined in
// ws-cuda-bitonic-seed.cu for int32_t and float.
template <typename T> bool bitonic_seed (T *keys, size_t w, guint64 *launches, GError **error);
template <typename T>
bool bitonic_seed_shared (T *keys, size_t w, guint64 *launches, GError **error);

} // namespace ws
