// ws-cuda-sum.cuh: the sums that reduce (ws-cuda-reduce.cu) and dot
// (ws-cuda-dot.cu) share — exact accumulators and the results they give,
// block reductions with warp shuffles, our one-kernel sum (each block adds
// its partial into an exact fixed-point total with integer atomics, so that
// results never change from run to run, as atomic adds of doubles would make
// them), and the gpu-seed block sums of study 000's dot-product kernel.
#pragma once

#include "ws-cuda-exact.cuh"
#include "ws-cuda-internal.h"

namespace ws::sum
{

// A 128-bit two's complement sum. int32 products take 63 bits, so a 64-bit
// sum could overflow midway although the total fits; in 128 bits the verdict
// depends only on the total, whatever the order of the adds.
struct Wide
{
  unsigned long long lo;
  long long hi;
};

__host__ __device__ inline Wide
operator+ (Wide a, Wide b)
{
  unsigned long long lo = a.lo + b.lo;
  return Wide{ lo, a.hi + b.hi + (lo < a.lo ? 1 : 0) };
}

__host__ __device__ inline Wide
wide_of (long long v)
{
  return Wide{ (unsigned long long) v, v < 0 ? -1 : 0 };
}

__host__ __device__ inline Wide
wide_of (Wide w)
{
  return w;
}

// TRUE, with the value, when w lies in the int64 range.
inline bool
wide_fits (Wide w, gint64 *value)
{
  const unsigned long long sign = 1ull << 63;

  if ((w.hi == 0 && w.lo < sign) || (w.hi == -1 && w.lo >= sign))
    {
      *value = (gint64) w.lo; // two's complement: the low word is the value
      return true;
    }
  return false;
}

inline double
wide_approx (Wide w)
{
  return (double) w.hi * 0x1p64 + (double) w.lo;
}

// Stores a sum as the result: a double (float32 keys) as out->f; an exact
// sum (int32 keys) as out->i and out->f when it lies in int64, and
// otherwise returns what overflow (double approx) returns — false, with the
// caller's error set.
template <typename Overflow>
bool
to_scalar (double v, WsCudaScalar *out, Overflow &&)
{
  out->f = v;
  return true;
}

template <typename Overflow>
bool
to_scalar (Wide v, WsCudaScalar *out, Overflow &&overflow)
{
  gint64 i;

  if (!wide_fits (v, &i))
    return overflow (wide_approx (v));
  out->is_int = TRUE;
  out->i = i;
  out->f = (double) i;
  return true;
}

// a + b for CUB and for the kernels alike.
struct Add
{
  template <typename A>
  __host__ __device__ A
  operator() (A a, A b) const
  {
    return a + b;
  }
};

template <typename A>
__device__ inline A
shfl_down (A v, unsigned d)
{
  return __shfl_down_sync (0xffffffffu, v, d);
}

template <>
__device__ inline Wide
shfl_down<Wide> (Wide v, unsigned d)
{
  return Wide{ __shfl_down_sync (0xffffffffu, v.lo, d), __shfl_down_sync (0xffffffffu, v.hi, d) };
}

// The sum over the block (blockDim.x a multiple of 32), valid in thread 0.
template <typename A>
__device__ A
block_sum (A v)
{
  __shared__ A warps[32];
  unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;

  for (unsigned d = 16; d > 0; d >>= 1)
    v = v + shfl_down (v, d);
  if (lane == 0)
    warps[warp] = v;
  __syncthreads ();
  if (warp != 0)
    return v;
  v = lane < blockDim.x / 32 ? warps[lane] : A ();
  for (unsigned d = 16; d > 0; d >>= 1)
    v = v + shfl_down (v, d);
  return v;
}

// ---- exact totals of the block partials ----

// A total that sums exactly (see ws-cuda-exact.h): DIGITS 32-bit digits of
// magnitude for the positive partials and as many for the negative ones,
// digit k weighing 2^(LSB + 32 k), and flags for infinities and NaN.
template <int LSB, unsigned DIGITS> struct Exact
{
  static_assert (DIGITS <= WS_EXACT_MAX_DIGITS, "ws_exact_value reads this many digits");
  unsigned long long pos[DIGITS], neg[DIGITS];
  unsigned flags;
};

// float32 keys are multiples of 2^-149 below 2^128, and so are their sums
// in double (rounding keeps a multiple of 2^-149 a multiple): 40 bits of
// headroom (2^40 keys) put the top below 2^-149 * 2^320.
using FloatSum = Exact<-149, 10>;
// Products of two float32 are exact in double, multiples of 2^-298 below
// 2^256; with 40 bits of headroom they fit below 2^-298 * 2^640.
using ProductSum = Exact<-298, 20>;
// Integer partials (int32 keys, or their int64 products for dot) stay below
// 2^62 * 2^40 keys: 128 bits hold them.
struct IntSum : Exact<0, 4>
{
};

// How thread 0 puts its block's partial into the total: with atomic adds
// whose results it never waits for, or, when its block is the grid's only
// one (ONLY), with plain stores into the zeroed total.
template <bool ONLY> struct Put
{
  unsigned long long *w;

  __device__ void
  operator() (unsigned k, unsigned digit) const
  {
    if constexpr (ONLY)
      w[k] = digit;
    else
      atomicAdd (w + k, (unsigned long long) digit);
  }
};

template <bool ONLY>
__device__ inline void
put_flag (unsigned *flags, unsigned flag)
{
  if constexpr (ONLY)
    *flags = flag;
  else
    atomicOr (flags, flag);
}

template <bool ONLY>
__device__ void
put_partial (IntSum *total, Wide v)
{
  exact::add_int128 (Put<ONLY>{ v.hi < 0 ? total->neg : total->pos }, 4, v.lo, v.hi);
}

// add_double cannot refuse these partials: FloatSum and ProductSum are sized
// for every sum their keys can make.
template <bool ONLY, int LSB, unsigned DIGITS>
__device__ void
put_partial (Exact<LSB, DIGITS> *total, double v)
{
  if (isnan (v))
    put_flag<ONLY> (&total->flags, WS_EXACT_NAN);
  else if (isinf (v))
    put_flag<ONLY> (&total->flags, v > 0 ? WS_EXACT_POS_INF : WS_EXACT_NEG_INF);
  else if (v != 0.0)
    exact::add_double (Put<ONLY>{ v > 0 ? total->pos : total->neg }, DIGITS, LSB, fabs (v));
}

// The total as a value: 128 bits for integers, the nearest double for the
// others. (The words are GLib's guint64: unsigned long on LP64, the same
// 64 bits.)
inline Wide
total_value (const IntSum &t)
{
  guint64 lo;
  gint64 hi;

  ws_exact_int128 (reinterpret_cast<const guint64 *> (t.pos),
                   reinterpret_cast<const guint64 *> (t.neg), 4, &lo, &hi);
  return Wide{ lo, hi };
}

template <int LSB, unsigned DIGITS>
double
total_value (const Exact<LSB, DIGITS> &t)
{
  static_assert (sizeof (guint64) == sizeof (unsigned long long), "a word is a guint64");
  return ws_exact_value (reinterpret_cast<const guint64 *> (t.pos),
                         reinterpret_cast<const guint64 *> (t.neg), t.flags, DIGITS, LSB);
}

// ---- our one-kernel sum ----

constexpr unsigned THREADS = 512;
// 512 blocks of 512 threads fill an H100 or H200 (132 SMs x 2048 threads)
// about once; more would only add atomic adds to the total.
constexpr unsigned MAX_BLOCKS = 512;

// Blocks for n items: four per thread, one round of loads in flight, until
// the grid is full. Small sums are bound by latency, not bandwidth, so they
// win by spreading over many SMs (measured on an H200 against 256-thread
// blocks, 1024-thread blocks and 1, 2 or 8 items per thread).
inline unsigned
blocks_for (size_t n)
{
  return ws::blocks_for (n, THREADS * 4u, MAX_BLOCKS);
}

// Whether a load also gives items 4q … 4q + 3 summed, from one vector load.
template <typename Load>
concept HasQuads = requires (const Load &l) { l.quad (size_t ()); };

// This thread's grid-stride sum of load (i), i < n: four loads in flight,
// or two 16-byte quads and the items past the last quad.
template <typename Load>
__device__ auto
thread_sum (const Load &load, size_t n)
{
  using A = decltype (load (size_t ()));
  size_t stride = (size_t) gridDim.x * blockDim.x;
  size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  A acc = A ();

  if constexpr (HasQuads<Load>)
    {
      size_t quads = n / 4, tail = 4 * quads + i;
      for (; i + stride < quads; i += 2 * stride)
        {
          A a = load.quad (i), b = load.quad (i + stride);
          acc = acc + (a + b);
        }
      for (; i < quads; i += stride)
        acc = acc + load.quad (i);
      if (tail < n)
        acc = acc + load (tail);
    }
  else
    {
      for (; i + 3 * stride < n; i += 4 * stride)
        {
          A a = load (i), b = load (i + stride), c = load (i + 2 * stride),
            d = load (i + 3 * stride);
          acc = acc + ((a + b) + (c + d));
        }
      for (; i < n; i += stride)
        acc = acc + load (i);
    }
  return acc;
}

// Each block's grid-stride sum of load (i), i < n, added into *total: one
// launch whatever n, and no block waits for another.
template <typename Total, typename Load>
__global__ void
sum_kernel (Load load, size_t n, Total *total)
{
  auto acc = block_sum (thread_sum (load, n));
  if (threadIdx.x == 0 && gridDim.x == 1)
    put_partial<true> (total, acc);
  else if (threadIdx.x == 0)
    put_partial<false> (total, acc);
}

// The device total of one sum, zeroed here, at allocation, so that the
// kernel phase is one launch. A Scratch serves one launch.
template <typename Total> struct Scratch
{
  DeviceBuffer<Total> total;

  bool
  alloc (GError **error)
  {
    return total.alloc (1, "Cannot allocate the sum on the GPU", error)
           && check (cudaMemset (total.get (), 0, sizeof (Total)), "Cannot clear the sum", error);
  }
};

// Launches the sum of load (i) over i < n into s.total on the default stream
// (no host synchronisation).
template <typename Total, typename Load>
bool
launch (Load load, size_t n, Scratch<Total> &s, guint64 *launches, GError **error)
{
  sum_kernel<<<blocks_for (n), THREADS>>> (load, n, s.total.get ());
  *launches += 1;
  return check_launch ("Cannot launch the sum kernel", error);
}

// ---- gpu-seed: study 000's dot-product reduction ----

constexpr unsigned SEED_BLOCK = 1024; // the study's blockSizeDotProd

// The study's shared-memory halving tree over the per-thread sums of a block
// of SEED_BLOCK threads; thread 0 stores the block's sum.
template <typename A>
__device__ void
seed_block_sum (A v, A *partials)
{
  __shared__ A cache[SEED_BLOCK];

  cache[threadIdx.x] = v;
  __syncthreads ();
  for (unsigned i = blockDim.x / 2; i != 0; i /= 2)
    {
      if (threadIdx.x < i)
        cache[threadIdx.x] = cache[threadIdx.x] + cache[threadIdx.x + i];
      __syncthreads ();
    }
  if (threadIdx.x == 0)
    partials[blockIdx.x] = cache[0];
}

// The host adds the block sums in block order, as the study did: float ones
// in a float (the study's rounding), integer ones exactly.
inline double
seed_total (const float *part, size_t blocks)
{
  float res = 0.0f;

  for (size_t i = 0; i < blocks; i++)
    res += part[i];
  return res;
}

template <typename P>
Wide
seed_total (const P *part, size_t blocks)
{
  Wide res{ 0, 0 };

  for (size_t i = 0; i < blocks; i++)
    res = res + wide_of (part[i]);
  return res;
}

} // namespace ws::sum
