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

// Adjacent columns a thread (one 16-byte load a row where the rows are
// 16-byte aligned), threads a block, and rows a batch.
constexpr unsigned COLS = 4, THREADS = 256, K = 4;
constexpr unsigned WARP = 32, WARPS = THREADS / WARP, SPAN = COLS * THREADS;

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

// A thread's COLS values of one row.
template <typename T> struct Quad
{
  T v[COLS];
};

// The COLS values of `row` from column col (0 past the grid's right edge,
// whose columns no output reads), noted for the exactness check when NOTE
// (a value leaving a window was noted when it entered). VEC: one 16-byte
// load (side a multiple of 4, col too).
template <bool VEC, bool NOTE, typename T>
__device__ inline Quad<T>
load (const T *grid, size_t side, size_t row, size_t col, bool need, Span &span)
{
  Quad<T> q;
  const T *at = grid + row * side + col;

  if (VEC && need && col < side)
    {
      using V4 = std::conditional_t<std::is_same_v<T, float>, float4, int4>;
      V4 x = *reinterpret_cast<const V4 *> (at);
      q.v[0] = x.x, q.v[1] = x.y, q.v[2] = x.z, q.v[3] = x.w;
    }
  else
#pragma unroll
    for (unsigned j = 0; j < COLS; j++)
      q.v[j] = need && col + j < side ? at[j] : T (0);
  if constexpr (NOTE && checks_span<T>)
#pragma unroll
    for (unsigned j = 0; j < COLS; j++)
      span.note (q.v[j]);
  return q;
}

// The block's shared memory, two of each so that a batch's writes never
// meet the previous batch's reads (see the barriers in block_prefix).
// prefix holds column c at slot (c % COLS)·THREADS + c / COLS: a warp's
// threads touch consecutive slots both when each writes its own column j
// and when each reads column c + d for any shift d, so no access meets a
// bank conflict (held column by column, thread t's four doubles 32 bytes
// apart made every access 8-way: 0.54 ms at R = 16, N = 8192 on an H200).
template <typename A> struct SlideShared
{
  A warp_sums[2][K][WARPS];
  A prefix[2][K][SPAN];
};

__device__ inline unsigned
slot (unsigned c)
{
  return (c % COLS) * THREADS + c / COLS;
}

// Turns the K rows' vertical sums of the block's SPAN columns (COLS a
// thread in v) into prefix sums over those columns in prefix[q][k][·].
template <typename A>
__device__ inline void
block_prefix (const A (&v)[K][COLS], SlideShared<A> &sh, unsigned q)
{
  unsigned t = threadIdx.x, lane = t % WARP, warp = t / WARP;
  A before[K];

  // The thread's own prefixes, and its total scanned over the warp.
#pragma unroll
  for (unsigned k = 0; k < K; k++)
    {
      A p = v[k][0];
      sh.prefix[q][k][t] = p;
#pragma unroll
      for (unsigned j = 1; j < COLS; j++)
        {
          p += v[k][j];
          sh.prefix[q][k][j * THREADS + t] = p;
        }
      A incl = p;
#pragma unroll
      for (unsigned d = 1; d < WARP; d <<= 1)
        {
          A up = __shfl_up_sync (0xffffffffu, incl, d);
          if (lane >= d)
            incl += up;
        }
      A excl = __shfl_up_sync (0xffffffffu, incl, 1);
      before[k] = lane == 0 ? A (0) : excl;
      if (lane == WARP - 1)
        sh.warp_sums[q][k][warp] = incl;
    }
  __syncthreads ();
  // Warp k turns row k's warp totals into exclusive offsets.
  if (warp < K)
    {
      A w = lane < WARPS ? sh.warp_sums[q][warp][lane] : A (0);
#pragma unroll
      for (unsigned d = 1; d < WARPS; d <<= 1)
        {
          A up = __shfl_up_sync (0xffffffffu, w, d);
          if (lane >= d)
            w += up;
        }
      A excl = __shfl_up_sync (0xffffffffu, w, 1);
      if (lane < WARPS)
        sh.warp_sums[q][warp][lane] = lane == 0 ? A (0) : excl;
    }
  __syncthreads ();
  // Each thread adds what lies before it to its own columns.
#pragma unroll
  for (unsigned k = 0; k < K; k++)
    {
      A off = before[k] + sh.warp_sums[q][k][warp];
#pragma unroll
      for (unsigned j = 0; j < COLS; j++)
        sh.prefix[q][k][j * THREADS + t] += off;
    }
  __syncthreads ();
}

// A float32 block whose values could make a running sum inexact flags the
// run (*inexact = 1). `limit` is the widest span from lowest to highest set
// bit that keeps every sum exact.
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

// Block b owns input columns [col0, col0 + SPAN) and the tw output
// columns from col0 (tw = SPAN − 2R rounded down to a multiple of COLS, so
// that col0 stays one), over output rows [row0, row_end).
template <typename T, bool VEC>
__global__ void __launch_bounds__ (THREADS)
slide_kernel (const T *grid, T *out, size_t side, unsigned radius, unsigned tw, unsigned strips,
              size_t rows_per_block, int span_limit, unsigned *inexact,
              unsigned long long *first_bad)
{
  using A = AccT<T>;
  extern __shared__ __align__ (16) unsigned char raw[];
  auto &sh = *reinterpret_cast<SlideShared<A> *> (raw);
  size_t m = side - 2 * (size_t) radius;
  size_t col0 = (size_t) (blockIdx.x % strips) * tw;
  size_t row0 = (size_t) (blockIdx.x / strips) * rows_per_block;
  size_t row_end = min (row0 + rows_per_block, m);
  unsigned t = threadIdx.x, c0 = COLS * t;
  size_t col = col0 + c0;
  Span span;

  if (row0 >= m) // the whole block: no barrier is skipped by part of it
    return;
  // The first row's vertical sums.
  A v[COLS] = {};
#pragma unroll 4
  for (size_t i = 0; i <= 2 * (size_t) radius; i++)
    {
      Quad<T> x = load<VEC, true> (grid, side, row0 + i, col, true, span);
#pragma unroll
      for (unsigned j = 0; j < COLS; j++)
        v[j] += (A) x.v[j];
    }

  unsigned q = 0;
  for (size_t r = row0; r < row_end; r += K, q ^= 1)
    {
      Quad<T> enter[K], leave[K];
      A rows[K][COLS];
      // Rows r + 1 .. r + K: what enters (row + 2R) and leaves (row − 1).
#pragma unroll
      for (unsigned k = 1; k <= K; k++)
        {
          bool need = r + k < row_end;
          enter[k - 1] = load<VEC, true> (grid, side, r + k + 2 * radius, col, need, span);
          leave[k - 1] = load<VEC, false> (grid, side, r + k - 1, col, need, span);
        }
#pragma unroll
      for (unsigned k = 0; k < K; k++)
#pragma unroll
        for (unsigned j = 0; j < COLS; j++)
          {
            rows[k][j] = v[j];
            v[j] += (A) enter[k].v[j] - (A) leave[k].v[j];
          }
      block_prefix (rows, sh, q);
      // Output (row, col0 + c) is P[c + 2R] − P[c − 1].
#pragma unroll
      for (unsigned k = 0; k < K; k++)
        {
          size_t row = r + k;
          if (row >= row_end)
            break;
#pragma unroll
          for (unsigned j = 0; j < COLS; j++)
            {
              unsigned c = c0 + j;
              if (c < tw && col0 + c < m)
                {
                  A below = c > 0 ? sh.prefix[q][k][slot (c - 1)] : A (0);
                  ws::stencil::store (out, row * m + col0 + c,
                                      sh.prefix[q][k][slot (c + 2 * radius)] - below,
                                      first_bad);
                }
            }
        }
    }
  if constexpr (checks_span<T>)
    report_span (span, span_limit, inexact);
}

// Bits a count of terms needs: every running sum adds at most SPAN
// vertical sums of 2R + 2 values.
int
count_bits (unsigned radius)
{
  unsigned long long terms = (unsigned long long) SPAN * (2ull * radius + 2);
  int bits = 0;

  while ((1ull << bits) < terms)
    bits++;
  return bits;
}

template <typename T, bool VEC>
bool
launch_with (const T *grid, T *out, size_t side, unsigned radius, unsigned *inexact,
             unsigned long long *first_bad, GError **error)
{
  using Shared = SlideShared<AccT<T>>;
  auto kernel = slide_kernel<T, VEC>;
  size_t m = side - 2 * (size_t) radius;
  unsigned tw = (SPAN - 2 * radius) / COLS * COLS;
  unsigned strips = (unsigned) ((m + tw - 1) / tw);
  size_t wave = 0;

  if (!ws::resident_blocks (kernel, THREADS, sizeof (Shared), "Cannot size the window sum's launch",
                            &wave, error))
    return false;
  // One wave: each strip cut into as many row runs as the GPU holds at
  // once, each run paying its 2R rows of start-up once. Rounded down: four
  // blocks past a wave of 396 doubled R = 100's time.
  size_t runs = wave / strips > 0 ? wave / strips : 1;
  size_t rows_per_block = (m + runs - 1) / runs;
  runs = (m + rows_per_block - 1) / rows_per_block;
  // The lowest set bit of any value may sit at most 52 − bits below the
  // highest for every sum of up to 2^bits terms to be exact in double.
  int limit = 52 - count_bits (radius);

  kernel<<<(unsigned) (strips * runs), THREADS, sizeof (Shared)>>> (
      grid, out, side, radius, tw, strips, rows_per_block, limit, inexact, first_bad);
  return ws::check_launch ("Cannot launch the window sum", error);
}

} // namespace

bool
ws::stencil::slide_fits (WsCudaType type, unsigned radius, size_t optin_bytes)
{
  size_t acc = type == WS_CUDA_INT32 ? sizeof (long long) : sizeof (double);

  return radius >= 1 && radius <= SLIDE_MAX_R
         && 2 * K * (SPAN + WARPS) * acc <= optin_bytes;
}

template <typename T>
bool
ws::stencil::slide_launch (const T *grid, T *out, size_t side, unsigned radius, unsigned *inexact,
                           unsigned long long *first_bad, GError **error)
{
  // 16-byte loads where every row starts 16-byte aligned (cudaMalloc
  // aligns the grid; blocks start at multiples of COLS columns).
  if (side % COLS == 0)
    return launch_with<T, true> (grid, out, side, radius, inexact, first_bad, error);
  return launch_with<T, false> (grid, out, side, radius, inexact, first_bad, error);
}

template bool ws::stencil::slide_launch<float> (const float *, float *, size_t, unsigned,
                                                unsigned *, unsigned long long *, GError **);
template bool ws::stencil::slide_launch<int32_t> (const int32_t *, int32_t *, size_t, unsigned,
                                                  unsigned *, unsigned long long *, GError **);
