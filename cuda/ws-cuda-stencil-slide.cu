// ws-cuda-stencil-slide.cu: the window sum as running sums, one read of
// the grid and one write of the outputs (issue 20: N = 8192 in <= 0.25 ms
// for every R up to 64 on an H200, where the fused van Herk bands took
// 0.5–1.8 ms: their rings of 2R + 1 rows of doubles filled the shared
// memory, so one or two blocks ran an SM).
//
// A block owns SPAN = COLS·THREADS adjacent input columns and the
// SPAN − 2R output columns whose windows lie inside them (rounded down to
// a multiple of COLS, but for the last strip's), over a run of output
// rows, which it walks down or, every other run, up. Each thread keeps its
// COLS columns' vertical window sums V (2R + 1 rows) in registers and
// slides them by a row by adding the entering value and subtracting the
// leaving one, which it reads again (2R + 1 rows back: from L2 while the
// rows fit it, R <= 8 or so at N = 8192, else from memory: then two reads
// and a write an output). A row's outputs are then differences of the
// block's prefix sums of V: out[c] = P[c + 2R] − P[c − 1]. Each thread
// holds P just below its own columns in registers and reads only the upper
// ends from shared memory, where each warp leaves its prefixes; every warp
// then scans the warps' totals itself. Up to DIRECT_MAX_R the outputs are
// instead the sums of their 2R + 1 vertical sums, read from shared memory
// four at a time where they can (each thread leaves the sum of its own
// four there too), and no scan runs. Either way a batch of K rows meets
// one barrier, and the next batch's loads are in flight across it.
//
// Subtraction is exact in int64 for int32 keys (every running sum is a sum
// of at most SPAN·(2R + 2) keys, far inside int64; a direct sum of fewer).
// For float32 it is exact only while every partial sum is exact in double
// (a direct sum's too: it has fewer terms): the block checks
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
// 16-byte aligned), threads a block, rows a batch, and blocks an SM (78
// registers; with K = 4 or 4 blocks an SM the registers spill). On an
// H200 at N = 8192, launches back to back (issue 20's tuning harness):
// 0.24–0.28 ms for R = 3 … 64, float32 and int32, where K = 4 with three
// barriers a batch and every prefix in shared memory took 0.26–0.31 (and
// 0.33–0.42 before its stores were 16 bytes wide); K = 3, 1 or 4 blocks
// an SM, cache hints and taller runs were no faster.
constexpr unsigned COLS = 4, THREADS = 256, K = 2, MIN_BLOCKS = 3;
constexpr unsigned WARP = 32, WARPS = THREADS / WARP, SPAN = COLS * THREADS;
// Odd runs walk up (slide_kernel) from this radius, which took 3–5% off
// R = 16 … 64 on an H100: below, a run's start-up is a few rows and walking
// up measured no better (int32 R = 3: 0.259–0.272 ms against 0.257 all
// down; R = 4 level, R = 5 and 6 1–2% faster). The kernel below it is the
// one that walks only down (UP false).
constexpr unsigned UP_MIN_R = 4;
// Rows sum their windows directly (slide_kernel's DIRECT: about R / 2 + 6
// shared-memory reads and as many adds a thread, direct_sums) from R = 2
// up to this radius, where the prefix sums cost a scan across the block
// whatever R. On an H200 at N = 8192 with ae023d7's scans (run's kernel
// medians, float32 / int32, ms, one call): R = 17 0.214 / 0.214 with the
// prefixes, 0.213 / 0.210 directly; R = 20 0.212 / 0.211 and 0.210 /
// 0.209; R = 21 0.216 / 0.214 and 0.218 / 0.213; R = 24 0.213 / 0.211 and
// 0.215 / 0.213; R = 29 0.219 / 0.216 and 0.234 / 0.227; R = 32 0.213 /
// 0.211 and 0.226 / 0.219. (Before those scans the prefixes lost up to
// R = 32.)
constexpr unsigned DIRECT_MAX_R = 20;

// Each value a float32 block reads, for the exactness check: the bit
// positions (as powers of two) of its highest and lowest set bits over the
// block, or that it is special (infinite, NaN, −0.0). +0.0 adds nothing.
// note () keeps off the conversion unit (clz and ffs run there, at a
// quarter of the integer rate, beside the float-to-double conversions): it
// gathers the largest magnitude's bits, the smallest lowest-set-bit value's
// bits less one (zeros wrap to the top) and the smallest bits as a signed
// word (INT_MIN only for −0.0); finish () turns them into hi, lo, special.
struct Span
{
  int hi = INT_MIN, lo = INT_MAX;
  bool special = false;
  unsigned amax = 0, lmin = 0xffffffffu;
  int smin = INT_MAX;

  __device__ void
  note (float x)
  {
    unsigned b = __float_as_uint (x), a = b & 0x7fffffffu;
    amax = max (amax, a);
    smin = min (smin, (int) b);
    // a less its lowest set bit stays in a's binade while that bit is a
    // mantissa bit, so the difference is exact: the bit's own value. For a
    // power of two 2^e (no mantissa bits) it clears an exponent bit
    // instead and leaves 2^e less a lower power, whose highest bit is e or
    // e − 1: at worst one bit below the truth, which only widens the span
    // (never passes values that fail). Telling powers of two apart cost
    // three instructions a value, and uniform keys keep 10 bits to spare at
    // R = 64.
    float low = __uint_as_float (a) - __uint_as_float (a & (a - 1));
    lmin = min (lmin, __float_as_uint (low) - 1);
  }

  // The power of two of the highest set bit of the float with bits v > 0.
  __device__ static int
  top_bit (unsigned v)
  {
    unsigned e = v >> 23;
    return e != 0 ? (int) e - 127 : (31 - __clz (v)) - 149;
  }

  __device__ void
  finish ()
  {
    special = amax >= 0x7f800000u || smin == INT_MIN;
    if (amax != 0)
      {
        hi = top_bit (amax);
        lo = top_bit (lmin + 1);
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

// The COLS values at `at`, column col of its row (0 past the grid's right
// edge, whose columns no output reads), noted for the exactness check when
// NOTE (a value leaving a window was noted when it entered). VEC: one
// 16-byte load (side a multiple of 4, col too).
template <bool VEC, bool NOTE, typename T>
__device__ inline Quad<T>
load (const T *at, size_t side, size_t col, bool need, Span &span)
{
  Quad<T> q;

  if constexpr (VEC)
    {
      // col and side are multiples of COLS: a quad lies wholly inside the
      // row or wholly past its end, so one predicated load and no scalar
      // path. Its branches, which no thread took, were about a quarter of
      // the loop's code (sm_90), on the H200 a kernel that issues an
      // instruction in two of three cycles (docs/performance.md).
      ws::Vec4<T> x = {};
      if (need && col < side)
        x = *reinterpret_cast<const ws::Vec4<T> *> (at);
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

// Stores a thread's `valid` outputs from idx: one 16-byte store where all
// COLS are there and aligned, two 8-byte ones where 8-byte aligned, else
// one by one (int32 sums outside int32 are marked as store () does). Four
// 4-byte stores 16 bytes apart each touched 16 sectors of a warp's 512
// bytes: the L2 merged them four times over, and int32 R = 16 at N = 8192
// took 0.41 ms on an H200 where one 16-byte store takes 0.29. Rows 8 bytes
// off (m ≡ 2 mod 4) stay two 8-byte stores: trading two sums with the lane
// before for one aligned 16-byte store was slower (H100, int32 R = 3:
// 0.287 against 0.255 ms).
template <typename T, typename A>
__device__ inline void
store_quad (T *out, size_t idx, const A (&s)[COLS], unsigned valid, unsigned long long *first_bad)
{
  static_assert (COLS == 4, "a quad is one 16-byte vector");
  bool fit = valid == COLS;
  T v[COLS];

#pragma unroll
  for (unsigned j = 0; j < COLS; j++)
    {
      if constexpr (std::is_same_v<T, int32_t>)
        fit = fit && s[j] >= INT32_MIN && s[j] <= INT32_MAX;
      v[j] = (T) s[j];
    }
  if (fit && idx % 4 == 0)
    *reinterpret_cast<ws::Vec4<T> *> (out + idx) = ws::Vec4<T>{ v[0], v[1], v[2], v[3] };
  else if (fit && idx % 2 == 0)
    {
      using V2 = std::conditional_t<std::is_same_v<T, float>, float2, int2>;
      *reinterpret_cast<V2 *> (out + idx) = V2{ v[0], v[1] };
      *reinterpret_cast<V2 *> (out + idx + 2) = V2{ v[2], v[3] };
    }
  else
#pragma unroll
    for (unsigned j = 0; j < COLS; j++)
      if (j < valid)
        ws::stencil::store (out, idx + j, s[j], first_bad);
}

// The block's shared memory, two of each so that a batch's writes never
// meet the previous batch's reads: the batch after next writes them again
// only after the next batch's barrier, which every thread reaches once it
// has read this batch's. prefix holds, for each of K rows, column c's
// prefix within its warp (DIRECT: its vertical sum) at slot (c % COLS)·
// THREADS + c / COLS: a warp's
// threads touch consecutive slots both when each writes its own column j
// and when each reads column c + d for any shift d, so no access meets a
// bank conflict (held column by column, thread t's four doubles 32 bytes
// apart made every access 8-way: 0.54 ms at R = 16, N = 8192 on an H200).
// wsum holds each warp's total of each row; quad (DIRECT) each thread's
// sum of its COLS vertical sums.
template <typename A> struct SlideShared
{
  A wsum[2][K][WARPS];
  A prefix[2][K][SPAN];
  A quad[2][K][THREADS];
};

__device__ inline unsigned
slot (unsigned c)
{
  return (c % COLS) * THREADS + c / COLS;
}

// Where a run's rows are: the element offset into the grid (or the
// outputs) of its first row's, and from one row to the next (± a row, as
// the run walks down or up; unsigned, so that an offset past the grid
// wraps, and such a row is never read). Stepped by adds instead of a 64-bit
// product and a choice between the walks for every load and store.
struct Walk
{
  size_t at, step;
};

// The loads of batch i of a run of `count` rows, the batch's first rows
// entering and leaving at enter_at.at and leave_at.at: for each of its K rows,
// the row entering the window as the output moves on by one and the row
// leaving it; none past the run.
template <bool VEC, typename T>
__device__ inline void
load_batch (const T *grid, size_t side, Walk enter_at, Walk leave_at, size_t i, size_t count,
            size_t col, Quad<T> (&enter)[K], Quad<T> (&leave)[K])
{
  Span unused;

#pragma unroll
  for (unsigned k = 0; k < K; k++)
    {
      bool need = i + k + 1 < count;
      enter[k] = load<VEC, false> (grid + enter_at.at + k * enter_at.step, side, col, need, unused);
      leave[k] = load<VEC, false> (grid + leave_at.at + k * leave_at.step, side, col, need, unused);
    }
}

// shfl_up_add's common part: x's two 32-bit halves from the lane d below
// in the segment (%2: its width, as shfl.sync's c operand packs it) into
// lo and hi, and p set where that lane exists.
#define WS_SHFL_UP_HALVES                                                    \
  "{\n\t.reg .pred p;\n\t.reg .b32 lo, hi;\n\t.reg .b64 u;\n\t"              \
  "mov.b64 {lo, hi}, %0;\n\t"                                                \
  "shfl.sync.up.b32 lo|p, lo, %1, %2, 0xffffffff;\n\t"                       \
  "shfl.sync.up.b32 hi, hi, %1, %2, 0xffffffff;\n\t"
// ZERO: x becomes the other lane's x or 0; else p guards the add of it.
#define WS_SHFL_UP_TAKE "mov.b64 %0, 0;\n\t@p mov.b64 %0, {lo, hi};\n\t}"
#define WS_SHFL_UP_ADD(type) "mov.b64 u, {lo, hi};\n\t@p add." type " %0, %0, u;\n\t}"

// Adds to x (a double or a long long) the x of the lane d below it in its
// WIDTH-lane part of the warp, where there is one, or where ZERO sets x to
// that lane's x (0 at the part's first d lanes). The shuffle's own
// in-range predicate guards the add, where __shfl_up_sync left a compare
// of the lane's position to each step. ptxas still makes the guarded add
// an add and a select of each 32-bit half, but the slide kernels came out
// 16–48 instructions shorter (sm_90), and one of them no longer spills
// (12 bytes).
template <unsigned WIDTH, bool ZERO = false, typename A>
__device__ inline void
shfl_up_add (A &x, unsigned d)
{
  constexpr unsigned segment = (WARP - WIDTH) << 8;
  constexpr bool f64 = std::is_same_v<A, double>;

  if constexpr (ZERO && f64)
    asm (WS_SHFL_UP_HALVES WS_SHFL_UP_TAKE : "+d"(x) : "r"(d), "n"(segment));
  else if constexpr (ZERO)
    asm (WS_SHFL_UP_HALVES WS_SHFL_UP_TAKE : "+l"(x) : "r"(d), "n"(segment));
  else if constexpr (f64)
    asm (WS_SHFL_UP_HALVES WS_SHFL_UP_ADD ("f64") : "+d"(x) : "r"(d), "n"(segment));
  else
    asm (WS_SHFL_UP_HALVES WS_SHFL_UP_ADD ("s64") : "+l"(x) : "r"(d), "n"(segment));
}
#undef WS_SHFL_UP_HALVES
#undef WS_SHFL_UP_TAKE
#undef WS_SHFL_UP_ADD

// The inclusive sum of x over the lanes of the thread's WIDTH-lane part
// of the warp (WIDTH a power of two up to 32), up to its own; the sum of
// those before it in *before (a shift, not a difference: exact whatever
// the values).
template <unsigned WIDTH, typename A>
__device__ inline A
segment_scan (A x, A *before)
{
#pragma unroll
  for (unsigned d = 1; d < WIDTH; d <<= 1)
    shfl_up_add<WIDTH> (x, d);
  *before = x;
  shfl_up_add<WIDTH, true> (*before, 1);
  return x;
}

// Inclusive prefix sums of the thread's COLS sums within its warp, in p;
// the warp's total of row k into wsum; the prefix just below each column
// (the thread's exclusive prefix for the first) into below.
template <typename A>
__device__ inline void
warp_prefix (const A (&v)[COLS], A (&p)[COLS], A (&below)[COLS], A *wsum)
{
  A before;

  p[0] = v[0];
#pragma unroll
  for (unsigned j = 1; j < COLS; j++)
    p[j] = p[j - 1] + v[j];
  A incl = segment_scan<WARP> (p[COLS - 1], &before);
#pragma unroll
  for (unsigned j = 0; j < COLS; j++)
    below[j] = (j == 0 ? A (0) : p[j - 1]) + before;
#pragma unroll
  for (unsigned j = 0; j < COLS; j++)
    p[j] += before;
  if (threadIdx.x % WARP == WARP - 1)
    wsum[threadIdx.x / WARP] = incl;
}

// After the barrier: lane k·WARPS + w gets the sum of row k's warps before
// w (every warp scans the K·WARPS totals itself, no second barrier).
template <typename A>
__device__ inline A
warp_offsets (const A (&wsum)[K][WARPS])
{
  static_assert (K * WARPS <= WARP, "one warp holds every row's warp totals");
  unsigned lane = threadIdx.x % WARP;
  A before;

  segment_scan<WARPS> (lane < K * WARPS ? wsum[lane / WARPS][lane % WARPS] : A (0), &before);
  return before;
}

// A float32 block whose values could make a running sum inexact flags the
// run (*inexact = 1). `limit` is the widest span from lowest to highest set
// bit that keeps every sum exact.
__device__ inline void
report_span (Span &span, int limit, unsigned *inexact)
{
  span.finish ();
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

// Output (row k of the batch, c0 + j) for j < valid as the sum of the
// window's 2R + 1 vertical sums, directly: the thread's own four (mine),
// the next threads' sums of four (quads) while whole fours fit the window,
// the rest column by column (column c at slot (c)), then each further
// output by one added and one left behind: about R / 2 + 6 reads of
// shared memory. R >= 2, so the window reaches past the thread's own
// columns.
template <typename A>
__device__ inline void
direct_sums (const A (&mine)[COLS], const A *vs, const A *quads, unsigned t, unsigned radius,
             A (&sums)[COLS])
{
  unsigned width = 2 * radius + 1, whole = width / COLS, c0 = COLS * t;
  A w = mine[0];

#pragma unroll
  for (unsigned j = 1; j < COLS; j++)
    w += mine[j];
#pragma unroll 4
  for (unsigned u = 1; u < whole; u++)
    w += quads[t + u];
#pragma unroll
  for (unsigned d = COLS * whole; d < width; d++)
    w += vs[slot (c0 + d)];
  sums[0] = w;
#pragma unroll
  for (unsigned j = 1; j < COLS; j++)
    {
      w += vs[slot (c0 + j + 2 * radius)] - mine[j - 1];
      sums[j] = w;
    }
}

// Block b owns input columns [col0, col0 + SPAN) and the tw output
// columns from col0 (the last strip: the rest of the row) over a run of
// output rows [row0, row0 + count). Odd runs walk up from their last row
// where UP (from UP_MIN_R), even ones down from their first, so that two
// neighbouring runs reach the 2R rows they both read at the same time, at
// their starts or at their ends: the second read comes from L2. A row's
// outputs are differences of the block's prefix sums of V, or where DIRECT
// (R up to DIRECT_MAX_R) sums of 2R + 1 of them (direct_sums), with no
// scan across the block.
template <typename T, bool VEC, bool UP, bool DIRECT>
__global__ void __launch_bounds__ (THREADS, MIN_BLOCKS)
slide_kernel (const T *grid, T *out, size_t side, unsigned radius, unsigned tw, unsigned strips,
              size_t rows_per_block, int span_limit, unsigned *inexact,
              unsigned long long *first_bad)
{
  using A = AccT<T>;
  extern __shared__ __align__ (16) unsigned char raw[];
  auto &sh = *reinterpret_cast<SlideShared<A> *> (raw);
  size_t m = side - 2 * (size_t) radius;
  size_t col0 = (size_t) (blockIdx.x % strips) * tw;
  size_t run = blockIdx.x / strips, row0 = run * rows_per_block;
  unsigned t = threadIdx.x, c0 = COLS * t, warp = t / WARP;
  size_t col = col0 + c0;
  Span span;

  if (row0 >= m) // the whole block: no barrier is skipped by part of it
    return;
  size_t count = min (rows_per_block, m - row0);
  bool up = UP && run % 2 == 1;
  size_t first = up ? row0 + count - 1 : row0;
  // How many of the thread's columns are outputs (the last strip's are the
  // rest of the row: launch_with; where its last thread has 2, direct_sums
  // reads columns past the strip, inside the shared row, for the 2 it does
  // not store), and which warps hold the upper ends of their windows (one,
  // or two neighbours: top0 and the next).
  unsigned width = blockIdx.x % strips == strips - 1 ? (unsigned) (m - col0) : tw;
  unsigned valid = c0 < width ? min (COLS, width - c0) : 0;
  unsigned top0 = min ((c0 + 2 * radius) / (WARP * COLS), WARPS - 1);

  // The first row's vertical sums.
  A v[COLS] = {};
#pragma unroll 4
  for (size_t i = 0; i <= 2 * (size_t) radius; i++)
    {
      Quad<T> x = load<VEC, true> (grid + (first + i) * side + col, side, col, true, span);
#pragma unroll
      for (unsigned j = 0; j < COLS; j++)
        v[j] += (A) x.v[j];
    }

  // Output row first ± i enters row first ± i + 2R + 1 (walking up: first
  // − i − 1) and leaves row first ± i (first − i + 2R).
  size_t down = up ? (size_t) 0 - side : side, rows = up ? (size_t) 0 - m : m;
  Walk in = { (up ? first - 1 : first + 2 * (size_t) radius + 1) * side + col, down };
  Walk gone = { (up ? first + 2 * (size_t) radius : first) * side + col, down };
  Walk outs = { first * m + col0 + c0, rows };
  Quad<T> enter[K], leave[K];
  load_batch<VEC> (grid, side, in, gone, 0, count, col, enter, leave);
  unsigned q = 0;
  for (size_t i = 0; i < count; i += K, q ^= 1)
    {
      // below: the prefixes just below the thread's columns, or where
      // DIRECT its own vertical sums.
      A below[K][COLS];
#pragma unroll
      for (unsigned k = 0; k < K; k++)
        {
          A p[COLS];
          if constexpr (DIRECT)
            {
              A sum = A (0);
#pragma unroll
              for (unsigned j = 0; j < COLS; j++)
                {
                  p[j] = below[k][j] = v[j];
                  sum += v[j];
                }
              sh.quad[q][k][t] = sum;
            }
          else
            warp_prefix (v, p, below[k], sh.wsum[q][k]);
#pragma unroll
          for (unsigned j = 0; j < COLS; j++)
            {
              sh.prefix[q][k][j * THREADS + t] = p[j];
              if constexpr (checks_span<T>)
                span.note (enter[k].v[j]);
              v[j] += (A) enter[k].v[j] - (A) leave[k].v[j];
            }
        }
      in.at += K * in.step;
      gone.at += K * gone.step;
      load_batch<VEC> (grid, side, in, gone, i + K, count, col, enter, leave);
      __syncthreads ();
      A offsets = A (0);
      if constexpr (!DIRECT)
        offsets = warp_offsets (sh.wsum[q]);
#pragma unroll
      for (unsigned k = 0; k < K; k++)
        {
          A sums[COLS] = {};
          if constexpr (DIRECT)
            {
              if (i + k >= count)
                break;
              if (valid > 0)
                direct_sums (below[k], sh.prefix[q][k], sh.quad[q][k], t, radius, sums);
            }
          else
            {
              // Output (row, col0 + c) is P[c + 2R] − P[c − 1]. Both are
              // prefixes within their warps plus the totals of the warps
              // before: the difference is the prefix at the upper end, plus
              // the totals of the warps from the thread's own to top0
              // (rise), plus top0's total where the end lies in the warp
              // after it, less the prefix below within the thread's own
              // warp. Every partial result is a sum of a subset of the
              // block's vertical sums, so it is exact wherever they are,
              // and it takes no choice between two offsets a column. Every
              // lane shuffles before any leaves the loop.
              A own = __shfl_sync (0xffffffffu, offsets, k * WARPS + warp);
              A rise = __shfl_sync (0xffffffffu, offsets, k * WARPS + top0) - own;
              if (i + k >= count)
                break;
              A next = sh.wsum[q][k][top0];
              // Every column, clamped into the row: a branch a column cost
              // more than the sums store_quad leaves out.
#pragma unroll
              for (unsigned j = 0; j < COLS; j++)
                {
                  unsigned c = min (c0 + j + 2 * radius, SPAN - 1);
                  A end = sh.prefix[q][k][slot (c)] + rise;
                  if (c / (WARP * COLS) != top0)
                    end += next;
                  sums[j] = end - below[k][j];
                }
            }
          store_quad (out, outs.at + k * outs.step, sums, valid, first_bad);
        }
      outs.at += K * outs.step;
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
  auto kernel = radius >= 2 && radius <= DIRECT_MAX_R
                    ? (radius >= UP_MIN_R ? slide_kernel<T, VEC, true, true>
                                          : slide_kernel<T, VEC, false, true>)
                    : (radius >= UP_MIN_R ? slide_kernel<T, VEC, true, false>
                                          : slide_kernel<T, VEC, false, false>);
  size_t m = side - 2 * (size_t) radius;
  unsigned tw = (SPAN - 2 * radius) / COLS * COLS;
  unsigned strips = (unsigned) ((m + tw - 1) / tw);
  // A block has outputs for SPAN − 2R columns, tw of them rounded down to
  // whole threads: where what the rounding drops holds the last strip, the
  // strip before it takes it (R = 63 at N = 8192: 9 strips instead of 10,
  // whose tenth of 2 columns cut every block's share of the wave by a
  // tenth).
  if (strips > 1 && m - (size_t) (strips - 1) * tw <= SPAN - 2 * radius - tw)
    strips--;
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
         && sizeof (SlideShared<char>) * acc <= optin_bytes;
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
