// ws-cuda-stencil-slide.cu: the window sum as running sums, one read of
// the grid and one write of the outputs (issue 20: N = 8192 in <= 0.25 ms
// for every R up to 64 on an H200, where the fused van Herk bands took
// 0.5–1.8 ms: their rings of 2R + 1 rows of doubles filled the shared
// memory, so one or two blocks ran an SM).
//
// A block owns THREADS adjacent input columns and the THREADS − 2R output
// columns whose windows lie inside them, over a run of output rows. Each
// thread keeps its column's vertical window sum V (2R + 1 rows) in a
// register and slides it down a row by adding the entering value and
// subtracting the leaving one, which it reads again (2R + 1 rows back: from
// L2, mostly). A row's outputs are then differences of the block's prefix
// sums of V: out[c] = P[c + 2R] − P[c − 1]. Rows go K at a time, so that
// each thread has 2K loads in flight and a block meets three barriers per
// K rows.
//
// Subtraction is exact in int64 for int32 keys (every running sum is a sum
// of at most THREADS·(2R + 2) keys, far inside int64). For float32 it is
// exact only while every partial sum is exact in double: the block checks
// each value it reads (finite, not −0.0, and the span from the lowest set
// bit of any value to the highest of any within 52 bits less the bits the
// count of terms needs) and, where its inputs fail, flags the run so that
// the caller sums again by the van Herk paths, which never subtract. Where
// they pass, every sum is the exact sum and its one rounding to float is
// what the direct double sums give: the same semantics, not an
// approximation of them. Uniform keys in [0, 1) (multiples of 2^−24) pass
// at every radius; infinities, NaN, −0.0 and keys whose magnitudes differ
// by more than about 2^35 take the exact path.
#include "ws-cuda-stencil.cuh"

#include <climits>

namespace
{

using ws::stencil::AccT;

// Output rows a block takes at once (2K loads in flight a thread).
constexpr unsigned K = 8;
constexpr unsigned WARP = 32;

// Each value a float32 block reads, for the exactness check: the bit
// positions (as powers of two) of its highest and lowest set bits, or that
// it is special (infinite, NaN, −0.0). +0.0 adds nothing and is skipped.
struct Span
{
  int hi = INT_MIN, lo = INT_MAX;
  bool special = false;

  __device__ void
  note (float x)
  {
    unsigned b = __float_as_uint (x), e = (b >> 23) & 0xffu, mant = b & 0x7fffffu;

    if (e == 0xffu || b == 0x80000000u)
      special = true;
    else if ((b & 0x7fffffffu) != 0)
      {
        // x = ±sig · 2^base, sig an integer of at most 24 bits.
        unsigned sig = e != 0 ? (mant | 0x800000u) : mant;
        int base = e != 0 ? (int) e - 150 : -149;
        hi = max (hi, base + 31 - __clz (sig));
        lo = min (lo, base + __ffs (sig) - 1);
      }
  }
};

// int64 running sums are exact for any int32 keys: only float32 checks.
template <typename T> constexpr bool checks_span = std::is_same_v<T, float>;

// The grid's value at (row, col), or 0 past the grid's right edge (columns
// no output reads); noted for the exactness check when NOTE (a value that
// leaves a window was noted when it entered).
template <bool NOTE, typename T>
__device__ inline T
load (const T *grid, size_t side, size_t row, size_t col, bool in, Span &span)
{
  if (!in)
    return T (0);
  T v = grid[row * side + col];
  if constexpr (NOTE && checks_span<T>)
    span.note (v);
  return v;
}

// Inclusive sums over the warp's lanes, K rows at once.
template <typename A>
__device__ inline void
warp_scan (A (&v)[K], unsigned lane)
{
#pragma unroll
  for (unsigned d = 1; d < WARP; d <<= 1)
#pragma unroll
    for (unsigned k = 0; k < K; k++)
      {
        A up = __shfl_up_sync (0xffffffffu, v[k], d);
        if (lane >= d)
          v[k] += up;
      }
}

// The block's shared memory, two of each so that a batch's writes never
// meet the previous batch's reads (see the barriers in slide_kernel).
template <typename A, unsigned THREADS> struct SlideShared
{
  A warp_sums[2][K][THREADS / WARP];
  A prefix[2][K][THREADS];
};

// The block's vertical sums V[k] for K rows, as prefix sums over its
// columns in prefix[q][k][·].
template <typename A, unsigned THREADS>
__device__ inline void
block_prefix (A (&v)[K], SlideShared<A, THREADS> &sh, unsigned q)
{
  unsigned lane = threadIdx.x % WARP, warp = threadIdx.x / WARP;
  constexpr unsigned WARPS = THREADS / WARP;

  warp_scan (v, lane);
  if (lane == WARP - 1)
#pragma unroll
    for (unsigned k = 0; k < K; k++)
      sh.warp_sums[q][k][warp] = v[k];
  __syncthreads ();
  // Warp k turns row k's warp totals into exclusive offsets.
  if (warp < K)
    {
      A t = lane < WARPS ? sh.warp_sums[q][warp][lane] : A (0);
#pragma unroll
      for (unsigned d = 1; d < WARP; d <<= 1)
        {
          A up = __shfl_up_sync (0xffffffffu, t, d);
          if (lane >= d)
            t += up;
        }
      A before = __shfl_up_sync (0xffffffffu, t, 1);
      if (lane < WARPS)
        sh.warp_sums[q][warp][lane] = lane == 0 ? A (0) : before;
    }
  __syncthreads ();
#pragma unroll
  for (unsigned k = 0; k < K; k++)
    sh.prefix[q][k][threadIdx.x] = v[k] + sh.warp_sums[q][k][warp];
  __syncthreads ();
}

// Where a block works: input columns [col0, col0 + THREADS) (those past
// the grid read as 0), output columns [col0, col0 + tw) ∩ [0, m), output
// rows [row0, row_end).
struct Part
{
  size_t col0, row0, row_end;
};

__device__ inline Part
part_of (size_t m, unsigned tw, unsigned strips, size_t rows_per_block)
{
  Part p;
  p.col0 = (size_t) (blockIdx.x % strips) * tw;
  p.row0 = (size_t) (blockIdx.x / strips) * rows_per_block;
  p.row_end = min (p.row0 + rows_per_block, m);
  return p;
}

// A float32 block whose values could make a running sum inexact flags the
// run (*inexact = 1). `limit` is the widest span from lowest to highest set
// bit that keeps every sum exact.
template <unsigned THREADS>
__device__ inline void
report_span (const Span &span, int limit, unsigned *inexact)
{
  __shared__ int hi, lo;

  if (threadIdx.x == 0)
    hi = INT_MIN, lo = INT_MAX;
  __syncthreads ();
  atomicMax (&hi, span.hi);
  atomicMin (&lo, span.lo);
  int special = __syncthreads_or (span.special);
  if (threadIdx.x == 0 && (special || (lo <= hi && hi - lo > limit)))
    atomicOr (inexact, 1u);
}

template <typename T, unsigned THREADS>
__global__ void __launch_bounds__ (THREADS)
slide_kernel (const T *grid, T *out, size_t side, unsigned radius, unsigned strips,
              size_t rows_per_block, int span_limit, unsigned *inexact,
              unsigned long long *first_bad)
{
  using A = AccT<T>;
  extern __shared__ __align__ (16) unsigned char raw[];
  auto &sh = *reinterpret_cast<SlideShared<A, THREADS> *> (raw);
  size_t m = side - 2 * (size_t) radius;
  unsigned tw = THREADS - 2 * radius, t = threadIdx.x;
  Part p = part_of (m, tw, strips, rows_per_block);
  size_t col = p.col0 + t, out_col = p.col0 + t;
  bool in = col < side, writes = t < tw && out_col < m;
  Span span;

  if (p.row0 >= m) // the whole block: no barrier is skipped by part of it
    return;
  // The first row's vertical sum, in two chains for the loads' sake.
  A v0 = A (0), v1 = A (0);
  size_t r = p.row0, w = 2 * (size_t) radius + 1, i = 0;
  for (; i + 1 < w; i += 2)
    {
      v0 += (A) load<true> (grid, side, r + i, col, in, span);
      v1 += (A) load<true> (grid, side, r + i + 1, col, in, span);
    }
  if (i < w)
    v0 += (A) load<true> (grid, side, r + i, col, in, span);
  A vsum = v0 + v1;

  for (unsigned q = 0; r < p.row_end; r += K, q ^= 1)
    {
      T enter[K], leave[K];
      A v[K];
      // Rows r + 1 .. r + K: what enters (row + 2R) and leaves (row − 1).
#pragma unroll
      for (unsigned k = 1; k <= K; k++)
        {
          bool need = r + k < p.row_end;
          enter[k - 1] = load<true> (grid, side, r + k + 2 * radius, col, in && need, span);
          leave[k - 1] = load<false> (grid, side, r + k - 1, col, in && need, span);
        }
      v[0] = vsum;
#pragma unroll
      for (unsigned k = 1; k < K; k++)
        v[k] = v[k - 1] + (A) enter[k - 1] - (A) leave[k - 1];
      vsum = v[K - 1] + (A) enter[K - 1] - (A) leave[K - 1];
      block_prefix<A, THREADS> (v, sh, q);
      if (writes)
#pragma unroll
        for (unsigned k = 0; k < K; k++)
          if (r + k < p.row_end)
            {
              A below = t > 0 ? sh.prefix[q][k][t - 1] : A (0);
              ws::stencil::store (out, (r + k) * m + out_col,
                                  sh.prefix[q][k][t + 2 * radius] - below, first_bad);
            }
    }
  if constexpr (checks_span<T>)
    report_span<THREADS> (span, span_limit, inexact);
}

// Bits a count of terms needs: every running sum adds at most THREADS
// vertical sums of 2R + 2 values.
int
count_bits (unsigned threads, unsigned radius)
{
  unsigned long long terms = (unsigned long long) threads * (2ull * radius + 2);
  int bits = 0;

  while ((1ull << bits) < terms)
    bits++;
  return bits;
}

template <typename T, unsigned THREADS>
bool
launch_with (const T *grid, T *out, size_t side, unsigned radius, unsigned *inexact,
             unsigned long long *first_bad, GError **error)
{
  using Shared = SlideShared<AccT<T>, THREADS>;
  auto kernel = slide_kernel<T, THREADS>;
  size_t m = side - 2 * (size_t) radius;
  unsigned tw = THREADS - 2 * radius;
  unsigned strips = (unsigned) ((m + tw - 1) / tw);
  int per_sm = 0;

  if (!ws::check (cudaFuncSetAttribute (kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        (int) sizeof (Shared)),
                  "The window sum needs more shared memory than this GPU gives a block", error)
      || !ws::check (cudaOccupancyMaxActiveBlocksPerMultiprocessor (&per_sm, kernel, THREADS,
                                                                    sizeof (Shared)),
                     "Cannot size the window sum's launch", error))
    return false;
  // One wave: each strip cut into as many row runs as fill the GPU, each
  // run paying its 2R rows of start-up once.
  size_t wave = (size_t) ws::sm_count () * (size_t) (per_sm > 0 ? per_sm : 1);
  size_t runs = (wave + strips - 1) / strips;
  size_t rows_per_block = (m + runs - 1) / runs;
  runs = (m + rows_per_block - 1) / rows_per_block;
  // Values a-part: the lowest set bit may sit at most 52 − bits below the
  // highest for every sum of up to 2^bits terms to be exact in double.
  int limit = 52 - count_bits (THREADS, radius);

  kernel<<<(unsigned) (strips * runs), THREADS, sizeof (Shared)>>> (
      grid, out, side, radius, strips, rows_per_block, limit, inexact, first_bad);
  return ws::check_launch ("Cannot launch the window sum", error);
}

} // namespace

// Threads a block for radius R: 256 columns while the halo is a quarter of
// them at most, 512 beyond (R = 64: 384 outputs of 512 columns).
static unsigned
threads_for (unsigned radius)
{
  return 2 * radius <= 64 ? 256 : 512;
}

bool
ws::stencil::slide_fits (WsCudaType type, unsigned radius, size_t optin_bytes)
{
  size_t acc = type == WS_CUDA_INT32 ? sizeof (long long) : sizeof (double);
  unsigned threads = threads_for (radius);

  return radius >= 1 && radius <= SLIDE_MAX_R
         && 2 * K * (threads + threads / WARP) * acc <= optin_bytes;
}

template <typename T>
bool
ws::stencil::slide_launch (const T *grid, T *out, size_t side, unsigned radius, unsigned *inexact,
                           unsigned long long *first_bad, GError **error)
{
  if (threads_for (radius) == 256)
    return launch_with<T, 256> (grid, out, side, radius, inexact, first_bad, error);
  return launch_with<T, 512> (grid, out, side, radius, inexact, first_bad, error);
}

template bool ws::stencil::slide_launch<float> (const float *, float *, size_t, unsigned,
                                                unsigned *, unsigned long long *, GError **);
template bool ws::stencil::slide_launch<int32_t> (const int32_t *, int32_t *, size_t, unsigned,
                                                  unsigned *, unsigned long long *, GError **);
