// ws-cuda-sum.cuh: the sums that reduce (ws-cuda-reduce.cu) and dot
// (ws-cuda-dot.cu) share — an exact 128-bit integer accumulator and the
// result it gives, block reductions with warp shuffles, our one-kernel sum
// (per-block partials, which the last block to finish adds in a fixed order,
// so that results never change from run to run as atomic adds would make
// them), and the gpu-seed block sums of study 000's dot-product kernel.
#pragma once

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

constexpr unsigned THREADS = 256;
// 1024 blocks of 256 threads fill an H100 (132 SMs × 2048 threads) once;
// more would only lengthen the last block's sum.
constexpr unsigned MAX_BLOCKS = 1024;

// Blocks for n items: each thread should take several, so loads overlap.
inline unsigned
blocks_for (size_t n)
{
  return ws::blocks_for (n, THREADS * 8u, MAX_BLOCKS);
}

// A partial written by another block: read past L1, which does not see
// other SMs' writes.
__device__ inline double load_cg (const double *p) { return __ldcg (p); }
__device__ inline Wide
load_cg (const Wide *p)
{
  return Wide{ __ldcg (&p->lo), __ldcg (&p->hi) };
}

// The last block to finish adds the partials in a fixed order into *out.
template <typename A>
__device__ void
finish_last (A *partials, unsigned *done, A *out)
{
  __shared__ bool last;
  A acc = A ();

  if (threadIdx.x == 0)
    {
      __threadfence (); // this block's partial is visible before it counts
      last = atomicAdd (done, 1u) == gridDim.x - 1;
    }
  __syncthreads ();
  if (!last)
    return;
  for (unsigned i = threadIdx.x; i < gridDim.x; i += blockDim.x)
    acc = acc + load_cg (partials + i);
  acc = block_sum (acc);
  if (threadIdx.x == 0)
    *out = acc;
}

// Each block's grid-stride sum of load (i), i < n, into partials[blockIdx.x];
// the last block then adds them up: one launch whatever n. Four loads in
// flight per thread keep the memory system busy.
template <typename A, typename Load>
__global__ void
sum_kernel (Load load, size_t n, A *partials, unsigned *done, A *out)
{
  size_t stride = (size_t) gridDim.x * blockDim.x;
  size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  A acc = A ();

  for (; i + 3 * stride < n; i += 4 * stride)
    {
      A a = load (i), b = load (i + stride), c = load (i + 2 * stride), d = load (i + 3 * stride);
      acc = acc + ((a + b) + (c + d));
    }
  for (; i < n; i += stride)
    acc = acc + load (i);
  acc = block_sum (acc);
  if (gridDim.x == 1) // small n: one block is its own last, no fence or count needed
    {
      if (threadIdx.x == 0)
        *out = acc;
      return;
    }
  if (threadIdx.x == 0)
    partials[blockIdx.x] = acc;
  __syncthreads (); // block_sum's shared slots are reused below
  finish_last (partials, done, out);
}

// The device memory of one sum: block partials, the count of blocks done
// (zeroed here, at allocation, so that the kernel phase is one launch) and
// the result.
template <typename A> struct Scratch
{
  DeviceBuffer<A> partials, result;
  DeviceBuffer<unsigned> done;

  bool
  alloc (size_t n, GError **error)
  {
    return partials.alloc (blocks_for (n), "Cannot allocate the block sums on the GPU", error)
           && result.alloc (1, "Cannot allocate the sum on the GPU", error)
           && done.alloc (1, "Cannot allocate the sum's counter on the GPU", error)
           && check (cudaMemset (done.get (), 0, sizeof (unsigned)),
                     "Cannot clear the sum's counter", error);
  }
};

// Launches the sum of load (i) over i < n into s.result on the default
// stream (no host synchronisation). A Scratch serves one launch.
template <typename A, typename Load>
bool
launch (Load load, size_t n, Scratch<A> &s, guint64 *launches, GError **error)
{
  sum_kernel<A><<<blocks_for (n), THREADS>>> (load, n, s.partials.get (), s.done.get (),
                                              s.result.get ());
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
