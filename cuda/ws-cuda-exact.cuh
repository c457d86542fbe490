// ws-cuda-exact.cuh: how a partial sum lands in the 32-bit digits of an
// exact number (ws-cuda-exact.h), shared by the GPU's blocks and the host's
// tests. `add (k, d)` adds digit value d (< 2^32) to digit k's word.
#pragma once

#include "ws-cuda-exact.h"

#include <cmath>

namespace ws::exact
{

// Adds hi:lo * 2^s (s < 32; the callers' values keep it within 128 bits)
// from digit `at` up, one digit at a time, skipping zero digits. False,
// adding nothing, where a digit would fall beyond the number.
template <typename Add>
__host__ __device__ inline bool
add_bits (Add add, unsigned digits, unsigned at, unsigned long long lo, unsigned long long hi,
          unsigned s)
{
  // Shift left by s (< 32) across the two words: hi keeps at most 32 + s bits.
  unsigned long long top = s != 0 ? (hi << s) | (lo >> (64u - s)) : hi;
  unsigned long long low = lo << s;
  unsigned d[4] = { (unsigned) low, (unsigned) (low >> 32), (unsigned) top, (unsigned) (top >> 32) };

  for (unsigned k = 0; k < 4; k++)
    if (d[k] != 0 && at + k >= digits)
      return false;
  for (unsigned k = 0; k < 4; k++)
    if (d[k] != 0)
      add (at + k, d[k]);
  return true;
}

// Adds m (finite, > 0, a multiple of 2^lsb) into the digits that add adds
// to; false, adding nothing, when m has bits below 2^lsb or beyond the top.
template <typename Add>
__host__ __device__ inline bool
add_double (Add add, unsigned digits, int lsb, double m)
{
  int e;
  double f = frexp (m, &e);                                     // m = f * 2^e, 0.5 <= f < 1
  unsigned long long mant = (unsigned long long) ldexp (f, 53); // exact: m = mant * 2^(e-53)
  int shift = e - 53 - lsb;                                     // bit of the number mant starts at

  if (shift < 0)
    {
      if (shift <= -64 || (mant & ((1ull << -shift) - 1)) != 0)
        return false;
      mant >>= -shift;
      shift = 0;
    }
  return add_bits (add, digits, (unsigned) shift / 32u, mant, 0, (unsigned) shift % 32u);
}

// Adds the magnitude of the 128-bit two's complement hi:lo.
template <typename Add>
__host__ __device__ inline bool
add_int128 (Add add, unsigned digits, unsigned long long lo, long long hi)
{
  unsigned long long ulo = lo, uhi = (unsigned long long) hi;

  if (hi < 0) // negate: invert and add one
    {
      ulo = ~lo + 1;
      uhi = ~uhi + (ulo == 0 ? 1 : 0);
    }
  return add_bits (add, digits, 0, ulo, uhi, 0);
}

} // namespace ws::exact
