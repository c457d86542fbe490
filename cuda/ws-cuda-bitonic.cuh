// ws-cuda-bitonic.cuh: what the gpu variant's bitonic kernels share — the
// tile and register kernels of ws-cuda-bitonic.cu and the one-launch sorts
// of ws-cuda-bitonic-small.cu: a unit's keys, the comparators, a run
// sorted in registers and loaded as vectors.
#pragma once

#include <type_traits>

#include "ws-cuda-networks.cuh"

namespace ws
{

// gpu's sort of 2 <= n <= 2^WS_PLAN_BITONIC_SMALL_LOG keys in one launch,
// padded in registers (ws-cuda-bitonic-small.cu); sm90: the device's
// compute capability is 9.0 or more (clusters).
template <typename T>
bool bitonic_small (T *keys, size_t n, bool sm90, guint64 *launches, GError **error);

namespace bitonic
{

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

// The comparator: ws::order_pair, or where FAST (float keys among which
// none is NaN or −0.0: see tile_kernel, small_kernel) fminf and fmaxf, two
// instructions instead of a compare and two selects. They move the same
// bit patterns there: lo > hi swaps, lo < hi keeps, and equal floats other
// than ±0 have equal bits. (int32: the compiler makes min and max of
// order_pair.)
template <bool FAST, typename T>
__device__ __forceinline__ void
order (T &lo, T &hi)
{
  if constexpr (FAST && std::is_same_v<T, float>)
    {
      T a = fminf (lo, hi);
      hi = fmaxf (lo, hi);
      lo = a;
    }
  else
    ws::order_pair (lo, hi);
}

// Whether a float key is one the FAST comparator would move unlike the
// CPU's: NaN, or −0.0 (equal to +0.0, with other bits).
__device__ __forceinline__ bool
special_key (float x)
{
  unsigned b = __float_as_uint (x);
  return b == 0x80000000u || (b & 0x7fffffffu) > 0x7f800000u;
}

// Stages 2 .. 2^LAST of the network on the 2^M keys of a run, in
// registers, with either comparator: pass (k, j) orders slots (q, q | j)
// ascending when (q & k) == 0, as the CPU orders keys (i, i | j) for a run
// whose bit M is clear.
template <unsigned M, unsigned LAST, bool FAST, typename T>
__device__ __forceinline__ void
sort_stages (T (&v)[1u << M])
{
#pragma unroll
  for (unsigned st = 1; st <= LAST; st++)
#pragma unroll
    for (int l = (int) st - 1; l >= 0; l--)
#pragma unroll
      for (unsigned q = 0; q < (1u << M); q++)
        if ((q & (1u << l)) == 0)
          {
            if ((q & (1u << st)) == 0)
              order<FAST> (v[q], v[q | (1u << l)]);
            else
              order<FAST> (v[q | (1u << l)], v[q]);
          }
}

// Stages 2 .. 2^M on a run, with the CPU's comparator. A run whose last
// stage descends (bit M set) is loaded last key first (tile_sort):
// reversing the slots flips both the direction bit and which end is the
// lower one of every earlier stage's comparator, so those stay the same
// exchanges, and the last stage turns ascending, as in run_unit.
template <unsigned M, typename T>
__device__ __forceinline__ void
sort_run (T (&v)[1u << M])
{
  sort_stages<M, M, false> (v);
}

// The U keys at p into r: as 16-byte vectors where p is 16-byte aligned
// (a thread's run is 64 or 128 bytes: one vector load for every four
// scalar ones, each of which would touch a sector of its own).
template <unsigned U, typename T>
__device__ __forceinline__ void
load_run (const T *p, T (&r)[U], bool vectors)
{
  if (U % 4 == 0 && vectors)
    {
      const ws::Vec4<T> *p4 = reinterpret_cast<const ws::Vec4<T> *> (p);
#pragma unroll
      for (unsigned c = 0; c < U / 4; c++)
        {
          ws::Vec4<T> w = p4[c];
          r[4 * c] = w.x, r[4 * c + 1] = w.y, r[4 * c + 2] = w.z, r[4 * c + 3] = w.w;
        }
    }
  else
#pragma unroll
    for (unsigned q = 0; q < U; q++)
      r[q] = p[q];
}

} // namespace bitonic
} // namespace ws
