// ws-cuda-networks.cuh: what the sorting-network files share — the CPU's
// comparator, the bank-spreading shared-memory index, and the study
// variants of bitonic that ws-cuda-bitonic.cu dispatches to.
#pragma once

#include "ws-cuda-internal.h"

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

// Shared-memory slot of key i of a tile: one pad word every 32 keys, so
// that threads reading keys 2, 4, .., 16 apart hit different banks (at
// most 2-way conflicts instead of up to 16-way).
__device__ __forceinline__ unsigned
padded_index (unsigned i)
{
  return i + (i >> 5);
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
