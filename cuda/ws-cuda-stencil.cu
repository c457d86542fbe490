// ws-cuda-stencil.cu: study 001's radius-R window sum on the GPU.
//
// An N×N grid in, (N − 2R)² window sums out, as app/core/ws-stencil.h says:
// int32 sums exact in 64 bits (an output outside int32 is an error naming
// the first one in row-major order), float32 sums with the IEEE semantics of
// the study's loops (+inf gives +inf, +inf with −inf gives NaN).
//
// gpu-seed is the study's kernel: BS×BS blocks, K consecutive outputs per
// thread, each window summed whole from global memory — O(R²) per output.
//
// gpu (ours) sums R <= 2 directly from registers, and larger radii up to
// 127 first by running sums (ws-cuda-stencil-slide.cu): one read of the
// grid, exact for int32 and for float32 keys whose magnitudes keep every
// running sum exact in double. Where float32 keys do not (infinities, NaN,
// −0.0, a wide span of magnitudes), it sums again, and past R = 127 it
// sums, by the paths below, which hold for any input.
//
// Those do O(1) work per output once R is past a few, in double / int64,
// in one fused pass: blocks own tall bands of output columns, sum
// each input row's windows from chunk suffixes, chunk totals and chunk
// prefixes in shared memory, and the columns of those by van Herk /
// Gil-Werman (each window is the suffix of one aligned block of 2R + 1
// values plus the prefix of the next) in a shared-memory ring; only the
// outputs go to global memory. No sum ever holds a value from outside its
// window, so an infinity or FLT_MAX never leaks into a neighbour through a
// running sum's subtraction, and inf − inf never appears. R <= 2 sums
// directly from registers (about 2(2R + 1) adds per output); where a
// block's shared memory is too small for the band's ring (R > 90 on an
// H200, R > 15 with 64 KB) the same register strips (R <= 8) or the older
// column and row passes over an 8-byte buffer in global memory do it.
#include "ws-cuda-internal.h"
#include "ws-cuda-stencil.cuh"

#include <algorithm>
#include <chrono>
#include <cmath>

#include <type_traits>
#include <utility>

const unsigned ws::impls_stencil = ws::impl_bit (WS_CUDA_SEED) | ws::impl_bit (WS_CUDA_OURS);

namespace
{

using ws::stencil::AccT;
using ws::stencil::store;

// An int32 window of (2R + 1)² <= 2^32 values sums to at most 2^63 in
// magnitude; larger windows could leave int64 (the CPU's limit too).
constexpr unsigned MAX_I32_RADIUS = 32767;
constexpr unsigned long long NO_OVERFLOW = ~0ull;

// Ours, where the fused bands do not fit a block's shared memory: register
// strips up to this radius, the two passes beyond (on an H200 at N = 8192
// the two passes take ~1.1 ms whatever R, the strips 0.32 ms at R = 4 and
// 0.59 at R = 8, the study's kernel 1.6 ms at R = 4 and 5 ms at R = 8).
constexpr unsigned DIRECT_MAX_R = 8;
// The strips always up to this radius (see choose_path).
constexpr unsigned STRIP_MAX_R = 2;
// Output rows per thread (at most; fewer on small grids, so that enough
// threads run: 2^16 of them fill an H100/H200), and threads per block.
constexpr unsigned STRIP = 32, STRIP_MIN = 4, STRIP_THREADS = 128;
constexpr size_t STRIP_TARGET_THREADS = 1u << 16;

template <typename T> struct SeedAcc; // what the study added in (64 bits for int32)
template <> struct SeedAcc<float> { using type = float; };
template <> struct SeedAcc<int32_t> { using type = long long; };
template <typename T> using SeedAccT = typename SeedAcc<T>::type;

// -0.0 is the exact additive identity (0.0 would turn a lone -0.0 into
// +0.0), so that R = 0 copies the grid bit for bit.
template <typename A> __device__ inline A zero () { return A (); }
template <> __device__ inline double zero<double> () { return -0.0; }
template <> __device__ inline float zero<float> () { return -0.0f; }

// One block's geometry in the fused kernel, the same on host and device.
struct BandShape
{
  unsigned width;  // input columns held a row: TW + 2R + B (the last few only padding)
  unsigned pitch;  // words a row of the batch takes: one spare after every chunk
  unsigned totals; // chunk totals a row: TW / B + w / B
  unsigned stage;  // values a row of H takes: TW / B chunks of B + 1
  size_t rows;     // output rows a block, of the bands laid end to end
  size_t bytes;    // dynamic shared memory
};

// How ours sums: R = 0 copies; the fused bands where the GPU gives a block
// their shared memory; else register strips up to DIRECT_MAX_R and the two
// passes beyond.
enum class Path { SEED, COPY, BAND, STRIP, SWEEP };

struct Plan
{
  WsCudaImpl impl;
  WsCudaType type;
  size_t side, m, w; // N, N − 2R, 2R + 1
  unsigned radius, block, per_thread;
  size_t band_rows;  // output rows per band of the two passes
  Path path;
  BandShape band;            // the fused kernel's geometry
  unsigned band_tw, band_b;  // its output columns a block and chunk
  bool slide;                // sliding sums first; `path` where they may not be exact

  bool copy () const { return path == Path::COPY; }
  bool sweep () const { return path == Path::SWEEP; }
};

// ---- gpu-seed: study 001's localKernel ----

// The part of the study's launch that one launch runs: output rows
// [row0, row_end), thread columns [col0, col_end) and, of each thread's K
// outputs, [k0, k1). One launch of the whole is all of them.
struct SeedTile
{
  size_t row0, row_end, col0, col_end;
  unsigned k0, k1;
};

// Thread (x, y) sums the windows of outputs (y, x·K .. x·K + K − 1). The y
// loop only strides when the grid is taller than CUDA's 65535 blocks.
template <typename T>
__global__ void
seed_kernel (const T *tab, T *out, size_t side, size_t outsize, unsigned radius, unsigned kk,
             SeedTile tile, unsigned long long *first_bad)
{
  size_t col = tile.col0 + (size_t) threadIdx.x + (size_t) blockIdx.x * blockDim.x;
  size_t i = col * kk;
  size_t span = 2 * (size_t) radius;

  if (col >= tile.col_end)
    return;
  for (size_t j = tile.row0 + threadIdx.y + (size_t) blockIdx.y * blockDim.y; j < tile.row_end;
       j += (size_t) gridDim.y * blockDim.y)
    for (unsigned k = tile.k0; k < tile.k1; k++)
      {
        size_t ik = i + k;
        if (ik >= outsize)
          break;
        SeedAccT<T> sum = zero<SeedAccT<T>> ();
        for (size_t y = 0; y <= span; y++)
          {
            const T *row = tab + (j + y) * side + ik;
            for (size_t x = 0; x <= span; x++)
              sum += row[x];
          }
        store (out, j * outsize + ik, sum, first_bad);
      }
}

// The study's one launch sums (N − 2R)² windows of (2R + 1)² values: at
// N = 46340 and R = 1024 (what the window-sum page offers) that is tens of
// minutes, and a cancel must be answered within 200 ms (issue 15). So a run
// past SEED_ONE_LAUNCH_ADDS (fewer for shapes that add slowly, below) goes
// as tiles of the same launch, each waited for, with a look for a stop
// between them. Every output is summed by the same thread in the same order
// either way, so the sums are the same bits, and the study's configurations
// (N ≤ 2000, R ≤ 16) stay one launch, as does N = 8192 at R = 16 (19 ms on
// an H200; tiled it took 3% longer).
//
// How long a tile takes depends on the shape more than on its size. On an
// H100 the kernel adds ~4·10^12 values a second with K = 1, ~3·10^11 with
// K = 64 (threads 64 keys apart share no cache line: a K of 16 and more
// reads a line a thread), ~10^11 with BS = 1 (one lane of a warp), and a thread
// adds its windows one value after another: a window of R = 1024 is ~10 ms
// for a thread of a 16 × 16 block, ~0.2 s for one of BS = 1 (one thread a
// block). So no thread gets more than SEED_THREAD_ADDS values in a tile (a
// large R splits each thread's K outputs over tiles), and the threads a tile
// gets are found by trying: from a few per SM, doubled while a tile stays
// within SEED_TILE_S or, where a single window on one thread is longer,
// within a quarter more than that; halved when one did not. (Windows past
// the page's R = 1024 can take longer than the bound on one thread; no
// tiling of this kernel cuts them.)
constexpr double SEED_ONE_LAUNCH_ADDS = 0x1p37; // K = 1, blocks of a warp or more
constexpr double SEED_THREAD_ADDS = 0x1p19;
constexpr double SEED_TILE_S = 0.04;

// One launch of a tile, waited for, as the study waited for its kernel
// before copying the result back.
template <typename T>
bool
seed_tile (const Plan &p, const T *grid, T *out, const SeedTile &tile,
           unsigned long long *bad, GError **error)
{
  size_t rows = (tile.row_end - tile.row0 + p.block - 1) / p.block;
  dim3 threads (p.block, p.block);
  dim3 blocks ((unsigned) ((tile.col_end - tile.col0 + p.block - 1) / p.block),
               (unsigned) (rows < 65535 ? rows : 65535));

  seed_kernel<T><<<blocks, threads>>> (grid, out, p.side, p.m, p.radius, p.per_thread, tile, bad);
  return ws::check_launch ("Cannot launch the window sum kernel", error)
         && ws::synchronize ("The window sum kernel failed", error);
}

// Cuts the launch into tiles: rows of all the thread columns while a row
// of blocks is no more than the threads a tile gets, else columns of one
// row of blocks; and sizes each from the times the last ones took.
class SeedTiler
{
public:
  explicit SeedTiler (const Plan &p);

  bool one_launch () const { return whole_; }
  unsigned k_step () const { return k_step_; }
  size_t cols () const { return cols_; }
  // The tile from row r (and thread column c, inside a row of blocks) for
  // outputs [k, k + k_step) of each thread.
  SeedTile next (size_t r, size_t c, unsigned k) const;
  // The last tile took `seconds`.
  void took (double seconds);

private:
  size_t whole_blocks (size_t n, size_t all) const;

  const Plan &p_;
  size_t cols_, threads_, least_, most_;
  double alone_ = G_MAXDOUBLE; // the quickest tile: about one thread's work
  unsigned k_step_;
  bool whole_;
};

SeedTiler::SeedTiler (const Plan &p) : p_ (p)
{
  double window = (double) p.w * (double) p.w;
  double lanes = std::min (1.0, p.block * p.block / 32.0); // of a warp, busy
  double spread = std::min (p.per_thread, 16u);            // lines a warp's load reads, about
  unsigned k_tiles = (unsigned) std::ceil (p.per_thread * window / SEED_THREAD_ADDS);

  cols_ = (p.m + p.per_thread - 1) / p.per_thread;
  k_step_ = (p.per_thread + k_tiles - 1) / k_tiles;
  whole_ = k_step_ == p.per_thread
           && (double) p.m * (double) p.m * window <= SEED_ONE_LAUNCH_ADDS * lanes / spread;
  // A few threads on every SM, within the 32 blocks an SM holds at once.
  least_ = threads_ = (size_t) ws::sm_count () * std::min (64u, 32 * p.block * p.block);
  most_ = G_MAXSIZE;
}

size_t
SeedTiler::whole_blocks (size_t n, size_t all) const
{
  return std::min (std::max<size_t> (n / p_.block, 1) * p_.block, all);
}

SeedTile
SeedTiler::next (size_t r, size_t c, unsigned k) const
{
  unsigned k_end = std::min (k + k_step_, p_.per_thread);
  size_t rows;

  if (c == 0 && threads_ >= cols_ * p_.block)
    {
      rows = whole_blocks (threads_ / cols_, p_.m - r);
      return SeedTile{ r, r + rows, 0, cols_, k, k_end };
    }
  rows = std::min<size_t> (p_.block, p_.m - r);
  return SeedTile{ r, r + rows, c, c + whole_blocks (threads_ / rows, cols_ - c), k, k_end };
}

void
SeedTiler::took (double seconds)
{
  double limit;

  alone_ = std::min (alone_, seconds);
  limit = std::max (SEED_TILE_S, 1.25 * alone_);
  if (seconds > limit)
    {
      most_ = threads_ / 2; // as many again would be too slow
      threads_ = std::max (least_, threads_ / 2);
    }
  else if (2 * threads_ <= most_)
    threads_ *= 2;
}

template <typename T>
bool
seed_launch (const Plan &p, const T *grid, T *out, unsigned long long *bad, guint64 *launches,
             GError **error)
{
  SeedTiler tiler (p);

  if (tiler.one_launch ())
    {
      *launches += 1;
      return seed_tile (p, grid, out, SeedTile{ 0, p.m, 0, tiler.cols (), 0, p.per_thread }, bad,
                        error);
    }
  for (unsigned k = 0; k < p.per_thread; k += tiler.k_step ())
    for (size_t r = 0, c = 0; r < p.m;)
      {
        SeedTile t = tiler.next (r, c, k);
        auto start = std::chrono::steady_clock::now ();
        if (ws::stopped (error) || !seed_tile (p, grid, out, t, bad, error))
          return false;
        tiler.took (std::chrono::duration<double> (std::chrono::steady_clock::now () - start)
                        .count ());
        *launches += 1;
        // Next: the columns after these in the same rows, or the next rows.
        c = t.col_end < tiler.cols () ? t.col_end : 0;
        r = c == 0 ? t.row_end : r;
      }
  return true;
}

// ---- gpu, small R: strips of rows summed from registers ----
//
// Thread c walks down output column c over a strip of output rows, keeping the
// row sums (2R + 1 inputs each) of the last 2R + 1 input rows in registers:
// each input row is summed once per strip, each output adds 2R + 1 row sums.
// No shared memory and no barriers; a warp's row loads are 32 neighbouring
// columns, so they coalesce and share cache lines. R is a template argument
// so that the register window is fully unrolled.

template <typename T, unsigned W>
__device__ inline AccT<T>
row_sum (const T *p)
{
  AccT<T> s = zero<AccT<T>> ();

#pragma unroll
  for (unsigned d = 0; d < W; d++)
    s += p[d];
  return s;
}

// Outputs [r0, end) of column c: h[k] holds the row sum of input row r + k.
template <typename T, unsigned R>
__device__ void
strip_column (const T *grid, T *out, size_t side, size_t m, size_t c, size_t r0, size_t end,
              unsigned long long *bad)
{
  constexpr unsigned W = 2 * R + 1;
  AccT<T> h[W];

#pragma unroll
  for (unsigned k = 0; k + 1 < W; k++)
    h[k + 1] = row_sum<T, W> (grid + (r0 + k) * side + c);
#pragma unroll 2
  for (size_t r = r0; r < end; r++)
    {
      AccT<T> s = zero<AccT<T>> ();
#pragma unroll
      for (unsigned k = 0; k + 1 < W; k++)
        h[k] = h[k + 1];
      h[W - 1] = row_sum<T, W> (grid + (r + W - 1) * side + c); // input row r + 2R < side
#pragma unroll
      for (unsigned k = 0; k < W; k++)
        s += h[k];
      store (out, r * m + c, s, bad);
    }
}

template <typename T, unsigned R>
__global__ void
strip_kernel (const T *grid, T *out, size_t side, size_t m, size_t strip, unsigned long long *bad)
{
  size_t c = (size_t) blockIdx.x * blockDim.x + threadIdx.x;

  if (c >= m)
    return;
  for (size_t r0 = (size_t) blockIdx.y * strip; r0 < m; r0 += (size_t) gridDim.y * strip)
    strip_column<T, R> (grid, out, side, m, c, r0, r0 + strip < m ? r0 + strip : m, bad);
}

template <typename T>
using StripKernel = void (*) (const T *, T *, size_t, size_t, size_t, unsigned long long *);

// strip_kernel<T, R> for R = 1 .. DIRECT_MAX_R, indexed by R − 1.
template <typename T, unsigned... Rs>
constexpr StripKernel<T>
strip_for (unsigned radius, std::integer_sequence<unsigned, Rs...>)
{
  constexpr StripKernel<T> kernels[] = { strip_kernel<T, Rs + 1>... };
  return kernels[radius - 1];
}

template <typename T>
bool
strip_launch (const Plan &p, const T *grid, T *out, unsigned long long *bad, GError **error)
{
  StripKernel<T> kernel
      = strip_for<T> (p.radius, std::make_integer_sequence<unsigned, DIRECT_MAX_R> ());
  size_t strip = std::clamp<size_t> (p.m * p.m / STRIP_TARGET_THREADS, STRIP_MIN, STRIP);
  size_t strips = (p.m + strip - 1) / strip;
  dim3 blocks ((unsigned) ((p.m + STRIP_THREADS - 1) / STRIP_THREADS),
               (unsigned) (strips < 65535 ? strips : 65535));

  kernel<<<blocks, STRIP_THREADS>>> (grid, out, p.side, p.m, strip, bad);
  return ws::check_launch ("Cannot launch the window sum kernel", error);
}

// ---- gpu, fused: tall bands, both axes in shared memory ----
//
// A block owns TW output columns (TW threads) and a strip of output rows,
// and walks its input rows, TW + 2R columns wide, down in batches of
// BAND_ROWS:
//  1. the batch goes to shared memory; each thread loads the next batch into
//     registers before summing this one, so that its loads are in flight
//     while the block computes;
//  2. row window sums H, TW a row: a thread takes B consecutive outputs
//     (a chunk) and sums each as the suffix of its chunk, the totals of the
//     whole chunks after it (summed once a batch by all threads) and a
//     prefix of the chunks where its windows end: about 4 + w / B² adds an
//     output whatever R;
//  3. column window sums of H by van Herk / Gil-Werman, thread c down
//     column c: a ring of w values holds the suffixes of the last aligned
//     block of w rows, and the next block's raw values replace them one by
//     one as its running prefix completes their windows.
// Every partial sum holds values of its window only (as in the two passes
// below: exact int64, float rounded once from double, no inf − inf), and
// only the outputs go to global memory: about (1 + 2R / rows) reads of
// the grid (the column halo comes from L2 while the neighbouring blocks
// read it) and one write. The ring is w · TW · 8 bytes (R = 64 takes 129
// KB at TW = 128); where the GPU cannot give a block that, the register
// strips (R <= 8) or the two passes below do the work.
constexpr unsigned BAND_ROWS = 16; // input rows a batch
constexpr unsigned BAND_SPAN = 3;  // columns a thread loads of a row: TW + 2R + B <= 3 TW


// Column j of a batch row: the spare word after each chunk of B puts the
// chunks that 32 lanes read at once in 32 different banks.
template <unsigned B>
__device__ inline unsigned
padded (unsigned j)
{
  return j + j / B;
}

template <typename T, unsigned TW>
__device__ inline void
band_load (const T *grid, size_t side, size_t c0, size_t p0, size_t in_end, unsigned width,
           T (&next)[BAND_ROWS][BAND_SPAN])
{
#pragma unroll
  for (unsigned k = 0; k < BAND_ROWS; k++)
#pragma unroll
    for (unsigned j = 0; j < BAND_SPAN; j++)
      {
        unsigned col = threadIdx.x + j * TW;
        next[k][j] = p0 + k < in_end && col < width && c0 + col < side
                         ? grid[(p0 + k) * side + c0 + col]
                         : T ();
      }
}

template <typename T, unsigned TW, unsigned B>
__device__ inline void
band_store (const T (&next)[BAND_ROWS][BAND_SPAN], T *in, const BandShape &s)
{
#pragma unroll
  for (unsigned k = 0; k < BAND_ROWS; k++)
#pragma unroll
    for (unsigned j = 0; j < BAND_SPAN; j++)
      {
        unsigned col = threadIdx.x + j * TW;
        if (col < s.width)
          in[k * s.pitch + padded<B> (col)] = next[k][j];
      }
}

// A thread's walk over the chunk totals of a batch, tasks k · totals + v
// from threadIdx.x in steps of TW, kept as (k, v) so that no division by
// the runtime `totals` runs in the loop (it cost about 10 instructions an
// output).
struct TotalsWalk
{
  unsigned k, v, dk, dv;
};

// tot[k][v] = the sum of chunk v of batch row k.
template <typename T, unsigned TW, unsigned B>
__device__ inline void
band_totals (const T *in, const BandShape &s, TotalsWalk at, AccT<T> *tot)
{
  while (at.k < BAND_ROWS)
    {
      const T *x = in + at.k * s.pitch + at.v * (B + 1);
      AccT<T> sum = x[0];
#pragma unroll
      for (unsigned i = 1; i < B; i++)
        sum += x[i];
      tot[at.k * s.totals + at.v] = sum;
      at.k += at.dk;
      at.v += at.dv;
      if (at.v >= s.totals) // dv < totals: one wrap at most
        {
          at.v -= s.totals;
          at.k++;
        }
    }
}

// H of chunk u's outputs: window [uB + i, uB + i + w) = suffix [uB + i,
// uB + B) + whole chunks u + 1 .. u + q − 1 + the first rest + i values
// from chunk u + q (w = qB + rest, B <= w). Stored in stage, chunk u at
// u (B + 1).
template <typename T, unsigned TW, unsigned B>
__device__ inline void
band_rows (const T *in, const AccT<T> *tot, const BandShape &s, unsigned w, AccT<T> *stage)
{
  using A = AccT<T>;
  constexpr unsigned CHUNKS = TW / B;
  const unsigned q = w / B, rest = w % B;

  for (unsigned task = threadIdx.x; task < BAND_ROWS * CHUNKS; task += TW)
    {
      unsigned k = task / CHUNKS, u = task % CHUNKS;
      const T *x = in + k * s.pitch + u * (B + 1), *y = in + k * s.pitch + (u + q) * (B + 1);
      const A *t = tot + k * s.totals;
      A *o = stage + k * s.stage + u * (B + 1);
      A suf[B], mid = zero<A> (), pre = zero<A> ();

      suf[B - 1] = x[B - 1];
#pragma unroll
      for (unsigned i = B - 1; i-- > 0;)
        suf[i] = x[i] + suf[i + 1];
      for (unsigned v = u + 1; v < u + q; v++)
        mid += t[v];
      for (unsigned j = 0; j < rest; j++) // rest < B: inside chunk u + q
        pre += y[j];
#pragma unroll
      for (unsigned i = 0; i < B; i++)
        {
          unsigned j = rest + i; // < 2B: chunk u + q or the next
          o[i] = suf[i] + mid + pre;
          if (i + 1 < B)
            pre += y[j + j / B];
        }
    }
}

// Where thread c stands in its column: input rows of the strip seen so far
// make `phase` rows into van Herk block `block`, whose prefix is `pref`.
template <typename A> struct BandColumn
{
  unsigned phase;
  size_t block;
  A pref;
};

// Input rows [p0, p0 + rows) of column c: H enters the ring; output rows
// whose windows it completes leave. The ring's slot t holds, before the
// row of phase t arrives, the suffix from t of the last whole block.
template <typename T, unsigned TW, unsigned B>
__device__ inline void
band_cols (const AccT<T> *stage, AccT<T> *ring, const BandShape &s, unsigned w, unsigned rows,
           size_t r0, T *out, size_t m, size_t col, bool col_ok, BandColumn<AccT<T>> &at,
           unsigned long long *bad)
{
  using A = AccT<T>;
  const unsigned c = threadIdx.x;
  const A *h_at = stage + (c / B) * (B + 1) + c % B;
  A *mine = ring + c;

  for (unsigned k = 0; k < rows; k++)
    {
      A h = h_at[k * s.stage];
      at.pref = at.phase == 0 ? h : at.pref + h;
      if (at.phase + 1 < w)
        {
          // Output row (block − 1)·w + phase + 1: the old block's suffix from
          // there, and this block's prefix up to here.
          if (at.block > 0 && col_ok)
            store (out, (r0 + (at.block - 1) * w + at.phase + 1) * m + col,
                   mine[(at.phase + 1) * TW] + at.pref, bad);
          mine[at.phase * TW] = h;
          at.phase++;
          continue;
        }
      // The block is whole: it is the window of its first row; its suffixes
      // (from slot 1: slot 0's is that window) serve the next block.
      if (col_ok)
        store (out, (r0 + at.block * w) * m + col, at.pref, bad);
      A suffix = h;
      for (unsigned i = w - 1; i-- > 1;)
        {
          suffix = mine[i * TW] + suffix;
          mine[i * TW] = suffix;
        }
      mine[(w - 1) * TW] = h;
      at.phase = 0;
      at.block++;
    }
}

// The shared memory of a block, carved as band_fits counts it.
template <typename T> struct BandSmem
{
  AccT<T> *ring, *stage, *tot;
  T *in;
};

// Output rows [r0, r_end) of the columns [c0, c0 + TW). Its input rows end
// at the last output row + 2R, so every output row it stores is its own.
// The one before left nothing that this one reads: each thread's ring is
// its own column, and the batch, totals and H are written after barriers
// that every read of the last ones came before.
template <typename T, unsigned TW, unsigned B>
__device__ void
band_segment (const T *grid, T *out, size_t side, size_t m, unsigned radius, const BandShape &s,
              const TotalsWalk &walk, const BandSmem<T> &sm, size_t c0, size_t r0, size_t r_end,
              unsigned long long *bad)
{
  const unsigned w = 2 * radius + 1;
  const size_t in_end = r_end + 2 * (size_t) radius;
  const bool col_ok = c0 + threadIdx.x < m;
  T next[BAND_ROWS][BAND_SPAN];
  BandColumn<AccT<T>> at{ 0, 0, zero<AccT<T>> () };

  band_load<T, TW> (grid, side, c0, r0, in_end, s.width, next);
  for (size_t p0 = r0; p0 < in_end; p0 += BAND_ROWS)
    {
      // The last batch's rows and totals were read before the barrier
      // that ended its row sums; its H before the one below.
      band_store<T, TW, B> (next, sm.in, s);
      __syncthreads ();
      if (p0 + BAND_ROWS < in_end)
        band_load<T, TW> (grid, side, c0, p0 + BAND_ROWS, in_end, s.width, next);
      band_totals<T, TW, B> (sm.in, s, walk, sm.tot);
      __syncthreads ();
      band_rows<T, TW, B> (sm.in, sm.tot, s, w, sm.stage);
      __syncthreads ();
      unsigned rows = in_end - p0 < BAND_ROWS ? (unsigned) (in_end - p0) : BAND_ROWS;
      band_cols<T, TW, B> (sm.stage, sm.ring, s, w, rows, r0, out, m, c0 + threadIdx.x, col_ok,
                           at, bad);
    }
}

// The bands of TW columns laid end to end make cols · m output rows; block
// b takes rows [b · s.rows, (b + 1) · s.rows) of them, in one band or the
// end of one and the start of the next (each part re-reads its 2R rows of
// halo). So every block has the same work, and one wave of blocks, as many
// as the GPU holds at once, does it all: whole strips per block left the
// last of several waves partly empty (~20% at N = 8192).
template <typename T, unsigned TW, unsigned B>
__global__ void __launch_bounds__ (TW)
band_kernel (const T *grid, T *out, size_t side, size_t m, unsigned radius, BandShape s,
             unsigned long long *bad)
{
  extern __shared__ double band_smem[]; // 8-byte aligned: ring, stage, totals, batch
  BandSmem<T> sm;
  const size_t total = (m + TW - 1) / TW * m, g1 = (blockIdx.x + 1) * s.rows;
  const TotalsWalk walk{ threadIdx.x / s.totals, threadIdx.x % s.totals, TW / s.totals,
                         TW % s.totals };

  sm.ring = reinterpret_cast<AccT<T> *> (band_smem);
  sm.stage = sm.ring + (size_t) (2 * radius + 1) * TW;
  sm.tot = sm.stage + BAND_ROWS * s.stage;
  sm.in = reinterpret_cast<T *> (sm.tot + BAND_ROWS * s.totals);
  for (size_t g = blockIdx.x * s.rows; g < total && g < g1;)
    {
      size_t band = g / m, r0 = g % m, r_end = std::min (m, r0 + (std::min (g1, total) - g));
      band_segment<T, TW, B> (grid, out, side, m, radius, s, walk, sm, band * TW, r0, r_end, bad);
      g += r_end - r0;
    }
}

// The geometry at TW columns and chunks of B, if it fits: TW + 2R + B <=
// BAND_SPAN · TW columns, B <= w, and `optin` bytes of shared memory.
bool
band_fits (unsigned radius, unsigned tw, unsigned b, size_t optin, BandShape *s)
{
  size_t w = 2 * (size_t) radius + 1;

  if (w < b || tw + 2 * (size_t) radius + b > BAND_SPAN * (size_t) tw)
    return false;
  s->width = tw + 2 * radius + b;
  s->pitch = s->width + s->width / b + 1;
  s->totals = tw / b + (unsigned) (w / b);
  s->stage = tw / b * (b + 1);
  s->rows = 0;
  s->bytes = (w * tw + BAND_ROWS * (s->stage + s->totals)) * 8 + BAND_ROWS * s->pitch * 4;
  return s->bytes <= optin;
}

template <typename T, unsigned TW, unsigned B>
bool
band_go (const Plan &p, BandShape s, const T *grid, T *out, unsigned long long *bad,
         GError **error)
{
  auto kernel = band_kernel<T, TW, B>;
  size_t cols = (p.m + TW - 1) / TW, slots = 0;

  if (!ws::resident_blocks (kernel, TW, s.bytes, "Cannot size the window sum's grid", &slots,
                            error))
    return false;
  s.rows = (cols * p.m + slots - 1) / slots;
  kernel<<<(unsigned) ((cols * p.m + s.rows - 1) / s.rows), TW, s.bytes>>> (grid, out, p.side, p.m,
                                                                             p.radius, s, bad);
  return ws::check_launch ("Cannot launch the window sum kernel", error);
}

// Chunks of 8 where w allows (fewer adds an output), of 2 for R < 4.
template <typename T>
bool
band_launch (const Plan &p, const T *grid, T *out, unsigned long long *bad, GError **error)
{
  bool wide = p.band_tw == 256, big = p.band_b == 8;

  if (wide)
    return big ? band_go<T, 256, 8> (p, p.band, grid, out, bad, error)
               : band_go<T, 256, 2> (p, p.band, grid, out, bad, error);
  return big ? band_go<T, 128, 8> (p, p.band, grid, out, bad, error)
             : band_go<T, 128, 2> (p, p.band, grid, out, bad, error);
}

// ---- gpu, larger R: two passes of van Herk / Gil-Werman window sums ----
//
// Cut a line into aligned blocks of w = 2R + 1 values. The window [c, c + w)
// is the suffix of c's block from c, plus (unless c starts a block) the
// prefix of the next block up to c + w − 1: three adds per output whatever R.

// Column pass over one band: rows[p][j] = the w inputs of column j from band
// row p down, p < h. One thread per (column, block): the suffix walk stores
// suffixes in place, the prefix walk over the next block completes them.
// Neighbouring threads take neighbouring columns, so every access coalesces.
template <typename T>
__device__ void
col_suffixes (const T *g, size_t side, size_t b0, size_t w, size_t h, AccT<T> *rows)
{
  AccT<T> s = g[(b0 + w - 1) * side];

  if (b0 + w - 1 < h)
    rows[(b0 + w - 1) * side] = s;
#pragma unroll 4
  for (size_t p = b0 + w - 1; p-- > b0;)
    {
      s += g[p * side];
      if (p < h)
        rows[p * side] = s;
    }
}

// Outputs c in (b0, b0 + w): their windows end at c + w − 1 in the next block.
template <typename T>
__device__ void
col_prefixes (const T *g, size_t side, size_t b0, size_t w, size_t h, AccT<T> *rows)
{
  size_t end = b0 + w < h ? b0 + w : h;
  AccT<T> pre = AccT<T> ();

#pragma unroll 4
  for (size_t c = b0 + 1; c < end; c++)
    {
      AccT<T> v = g[(c + w - 1) * side];
      pre = c == b0 + 1 ? v : pre + v;
      rows[c * side] += pre;
    }
}

template <typename T>
__global__ void
cols_kernel (const T *g, size_t side, size_t h, size_t w, AccT<T> *rows)
{
  size_t j = (size_t) blockIdx.x * blockDim.x + threadIdx.x;

  if (j >= side)
    return;
  for (size_t b0 = (size_t) blockIdx.y * w; b0 < h; b0 += (size_t) gridDim.y * w)
    {
      col_suffixes (g + j, side, b0, w, h, rows + j);
      col_prefixes (g + j, side, b0, w, h, rows + j);
    }
}

// Inclusive sum over lanes 0..lane (only lanes below contribute, so lanes
// past the valid ones cannot disturb them).
template <typename A>
__device__ A
warp_scan (A v)
{
  unsigned lane = threadIdx.x & 31u;

  for (unsigned d = 1; d < 32; d <<= 1)
    {
      A u = __shfl_up_sync (0xffffffffu, v, d);
      if (lane >= d)
        v += u;
    }
  return v;
}

// Row pass, suffixes of the block [b0, b0 + w) of row x, 32 positions at a
// time from its end (lane l takes top − 1 − l): stored in place for p < m;
// the whole block is output b0's window. Output c is out[base + c].
template <typename T>
__device__ void
row_suffixes (AccT<T> *x, size_t b0, size_t w, size_t m, T *out, size_t base,
              unsigned long long *bad)
{
  unsigned lane = threadIdx.x & 31u;
  AccT<T> carry = AccT<T> ();

  for (size_t top = b0 + w; top > b0;)
    {
      size_t count = top - b0 < 32 ? top - b0 : 32, p = top - 1 - lane;
      bool ok = lane < count;
      AccT<T> v = warp_scan (ok ? x[p] : AccT<T> ());
      if (top < b0 + w)
        v += carry;
      if (ok && p < m)
        x[p] = v;
      if (ok && p == b0)
        store (out, base + b0, v, bad);
      carry = __shfl_sync (0xffffffffu, v, 31);
      top -= count;
    }
}

// Row pass, prefixes of the block from b0 (positions p < end, still the
// originals): output p − w + 1 = its suffix (stored in place) + this prefix.
template <typename T>
__device__ void
row_prefixes (AccT<T> *x, size_t b0, size_t w, size_t end, T *out, size_t base,
              unsigned long long *bad)
{
  unsigned lane = threadIdx.x & 31u;
  AccT<T> carry = AccT<T> ();

  for (size_t lo = b0; lo < end; lo += 32)
    {
      size_t p = lo + lane;
      bool ok = p < end;
      AccT<T> v = warp_scan (ok ? x[p] : AccT<T> ());
      if (lo > b0)
        v += carry;
      if (ok)
        store (out, base + p - (w - 1), x[p - (w - 1)] + v, bad);
      carry = __shfl_sync (0xffffffffu, v, 31);
    }
}

// One warp per row of the column sums, walking its blocks in order: the
// prefixes of block b read its originals before its suffixes replace them.
template <typename T>
__global__ void
rows_kernel (AccT<T> *rows, size_t side, size_t h, size_t w, T *out, size_t row0,
             unsigned long long *bad)
{
  size_t i = (size_t) blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, m = side - w + 1;
  size_t base = (row0 + i) * m; // the row's first output
  AccT<T> *x = rows + i * side;

  if (i >= h) // a whole warp leaves together
    return;
  for (size_t b0 = 0;; b0 += w)
    {
      if (b0 > 0)
        row_prefixes<T> (x, b0, w, b0 + w - 1 < m + w - 1 ? b0 + w - 1 : m + w - 1, out, base,
                         bad);
      __syncwarp ();
      if (b0 >= m)
        break;
      row_suffixes<T> (x, b0, w, m, out, base, bad);
      __syncwarp ();
    }
}

template <typename T>
bool
sweep_launch (const Plan &p, const T *grid, T *out, AccT<T> *rows, unsigned long long *bad,
              guint64 *launches, GError **error)
{
  for (size_t r0 = 0; r0 < p.m; r0 += p.band_rows)
    {
      size_t h = p.band_rows < p.m - r0 ? p.band_rows : p.m - r0, blocks_y = (h + p.w - 1) / p.w;
      dim3 cols ((unsigned) ((p.side + 127) / 128), (unsigned) (blocks_y < 65535 ? blocks_y : 65535));
      cols_kernel<T><<<cols, 128>>> (grid + r0 * p.side, p.side, h, p.w, rows);
      rows_kernel<T><<<(unsigned) ((h + 7) / 8), 256>>> (rows, p.side, h, p.w, out, r0, bad);
      *launches += 2;
    }
  return ws::check_launch ("Cannot launch the window sum kernels", error);
}

// ---- Whole runs ----

template <typename T> struct Buffers
{
  ws::DeviceBuffer<T> grid, out;
  ws::DeviceBuffer<AccT<T>> rows;
  ws::DeviceBuffer<unsigned long long> bad;
  ws::DeviceBuffer<unsigned> inexact; // set by a sliding float32 block that could not be exact
};

// Output rows per band of the two passes: all of them when half the free
// memory holds their column sums (the most parallel), fewer otherwise.
bool
choose_band (Plan &p, size_t acc_bytes, GError **error)
{
  size_t free_bytes = 0, total = 0, rows;

  if (!ws::check (cudaMemGetInfo (&free_bytes, &total), "Cannot query the GPU's memory", error))
    return false;
  rows = free_bytes / 2 / (p.side * acc_bytes);
  p.band_rows = rows < 1 ? 1 : (rows > p.m ? p.m : rows);
  return true;
}

template <typename T>
bool
alloc_all (Plan &p, Buffers<T> &b, GError **error)
{
  if (!b.grid.alloc (p.side * p.side, "Cannot allocate the grid on the GPU", error))
    return false;
  if (p.copy ()) // R = 0: the grid is the answer
    return true;
  // The flags are cleared with the allocation, as part of preparing the
  // buffers: two 4-byte memsets are no work of the window sum's, and in
  // the kernels' phase they cost a launch each.
  if (!b.out.alloc (p.m * p.m, "Cannot allocate the window sums on the GPU", error)
      || !b.bad.alloc (1, "Cannot allocate the overflow flag on the GPU", error)
      || !b.inexact.alloc (1, "Cannot allocate the exactness flag on the GPU", error)
      || !ws::check (cudaMemsetAsync (b.bad.get (), 0xff, sizeof (unsigned long long)),
                     "Cannot clear the overflow flag", error)
      || !ws::check (cudaMemsetAsync (b.inexact.get (), 0, sizeof (unsigned)),
                     "Cannot clear the exactness flag", error))
    return false;
  return !p.sweep ()
         || (choose_band (p, sizeof (AccT<T>), error)
             && b.rows.alloc (p.band_rows * p.side, "Cannot allocate the column sums on the GPU",
                              error));
}

// The sliding sums, queued.
template <typename T>
bool
slide_sums (const Plan &p, Buffers<T> &b, guint64 *launches, GError **error)
{
  if (!ws::stencil::slide_launch (b.grid.get (), b.out.get (), p.side, p.radius, b.inexact.get (),
                                  b.bad.get (), error))
    return false;
  *launches += 1;
  return true;
}

// Whether the sliding sums were exact: always for int32; float32 inputs
// may leave some block unsure (its flag, read back), when the caller sums
// again by p.path.
template <typename T>
bool
slide_exact (Buffers<T> &b, bool *exact, GError **error)
{
  unsigned inexact = 0;

  if (std::is_same_v<T, float>
      && !ws::download (&inexact, b.inexact.get (), sizeof inexact, error))
    return false;
  *exact = inexact == 0;
  return true;
}

// The kernels of p.path (after the sliding sums, where those were not exact).
template <typename T>
bool
launch_path (const Plan &p, Buffers<T> &b, guint64 *launches, GError **error)
{
  if (p.sweep ())
    return sweep_launch (p, b.grid.get (), b.out.get (), b.rows.get (), b.bad.get (), launches,
                         error);
  if (p.impl == WS_CUDA_SEED)
    return seed_launch (p, b.grid.get (), b.out.get (), b.bad.get (), launches, error);
  *launches += 1;
  if (p.path == Path::BAND)
    return band_launch (p, b.grid.get (), b.out.get (), b.bad.get (), error);
  return strip_launch (p, b.grid.get (), b.out.get (), b.bad.get (), error);
}

// Every kernel of the run, each phase's end marked. The kernels' phase ends
// with the sliding sums: the exactness flag's read-back (a host round trip
// that made float32 12–26 µs slower than int32 in `run` on an H200) is a
// download, and where a second summing follows, the end is marked again
// after it.
template <typename T>
bool
launch_all (const Plan &p, Buffers<T> &b, ws::PhaseTimer &timer, guint64 *launches,
            GError **error)
{
  bool exact = false;

  if (p.copy ())
    {
      timer.mark (ws::PhaseTimer::AFTER_KERNELS);
      return true;
    }
  if (p.slide)
    {
      if (!slide_sums (p, b, launches, error))
        return false;
      timer.mark (ws::PhaseTimer::AFTER_KERNELS);
      if (!slide_exact (b, &exact, error))
        return false;
      if (exact)
        return true;
    }
  if (!launch_path (p, b, launches, error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_KERNELS);
  return true;
}

// Ours: the fused bands at 256 columns a block where their ring fits the
// shared memory a block may have, else at 128 (more halo a column), else
// the older kernels.
bool
choose_path (Plan &p, GError **error)
{
  int device = 0, optin = 0;

  if (p.impl != WS_CUDA_OURS)
    p.path = Path::SEED;
  else if (p.radius == 0)
    p.path = Path::COPY;
  else
    {
      if (!ws::check (cudaGetDevice (&device), "Cannot select the GPU", error)
          || !ws::check (cudaDeviceGetAttribute (&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                                                 device),
                         "Cannot query the GPU", error))
        return false;
      // R <= 2: the register strips, measured at 0.23 and 0.24 ms for N =
      // 8192 on an H200, already read each input about once.
      if (p.radius <= STRIP_MAX_R)
        {
          p.path = Path::STRIP;
          return true;
        }
      // Beyond, sliding sums where they are exact (always for int32), and
      // the path below where float32 inputs keep them from it.
      p.slide = ws::stencil::slide_fits (p.type, p.radius, (size_t) optin);
      p.band_b = p.radius >= 4 ? 8 : 2;
      p.band_tw = 256;
      if (!band_fits (p.radius, p.band_tw, p.band_b, (size_t) optin, &p.band))
        p.band_tw = 128;
      if (band_fits (p.radius, p.band_tw, p.band_b, (size_t) optin, &p.band))
        p.path = Path::BAND;
      else
        p.path = p.radius <= DIRECT_MAX_R ? Path::STRIP : Path::SWEEP;
    }
  return true;
}

// The message the CPU gives, with the window's exact sum (recomputed here:
// the kernels only kept where it was).
bool
report_overflow (const Plan &p, const int32_t *grid, unsigned long long idx, GError **error)
{
  size_t r = idx / p.m, c = idx % p.m;
  gint64 sum = 0; // exact: the radius limit keeps every window within int64

  for (size_t i = r; i < r + p.w; i++)
    for (size_t j = c; j < c + p.w; j++)
      sum += grid[i * p.side + j];
  return ws::invalid (error,
                      "The window sum at output row %" G_GSIZE_FORMAT ", column %" G_GSIZE_FORMAT
                      " (centred on input row %" G_GSIZE_FORMAT ", column %" G_GSIZE_FORMAT
                      ") is %" G_GINT64_FORMAT ", outside the int32 range; use --type float32 or "
                      "smaller values",
                      (gsize) r, (gsize) c, (gsize) (r + p.radius), (gsize) (c + p.radius), sum);
}

template <typename T>
bool
fetch (const Plan &p, Buffers<T> &b, void *out, unsigned long long *bad, GError **error)
{
  const T *result = p.copy () ? b.grid.get () : b.out.get ();

  return ws::download (out, result, p.m * p.m * sizeof (T), error)
         && (!std::is_same_v<T, int32_t> || p.copy ()
             || ws::download (bad, b.bad.get (), sizeof *bad, error));
}

template <typename T>
bool
stencil_run (Plan &p, const void *grid, void *out, WsCudaTiming *timing, GError **error)
{
  ws::PhaseTimer timer (timing);
  Buffers<T> b;
  unsigned long long bad = NO_OVERFLOW;

  if (!timer.start (error) || !choose_path (p, error) || !alloc_all (p, b, error))
    return false;
  timer.allocated ();
  if (!ws::upload (b.grid.get (), grid, p.side * p.side * sizeof (T), error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_UPLOAD);
  if (!launch_all (p, b, timer, &timing->launches, error))
    return false;
  if (!fetch (p, b, out, &bad, error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_DOWNLOAD);
  return timer.finish (error)
         && (bad == NO_OVERFLOW || report_overflow (p, (const int32_t *) grid, bad, error));
}

// The CPU's refusals (ws_stencil_check, the int32 radius limit), and the
// study's launch shape limits.
bool
check_args (const Plan &p, WsCudaType type, GError **error)
{
  guint64 two_r = 2 * (guint64) p.radius;
  size_t cells;

  if (p.side == 0 || two_r >= p.side)
    return ws::invalid (error,
                        "A window of radius R = %u does not fit a grid of side N = %" G_GSIZE_FORMAT
                        ": N must exceed 2R = %" G_GUINT64_FORMAT "; use a grid side of at least %"
                        G_GUINT64_FORMAT " or a smaller radius",
                        p.radius, (gsize) p.side, two_r, two_r + 1);
  if (!g_size_checked_mul (&cells, p.side, p.side))
    return ws::invalid (error, "A grid of side %" G_GSIZE_FORMAT " is too large", (gsize) p.side);
  if (type == WS_CUDA_INT32 && p.radius > MAX_I32_RADIUS)
    return ws::invalid (error,
                        "A radius of %u makes int32 windows of more than 2^32 values, whose sums "
                        "could leave even 64 bits; use --type float32 or a radius of at most %u",
                        p.radius, MAX_I32_RADIUS);
  if (p.impl == WS_CUDA_SEED && (p.block < 1 || p.block > 32 || p.per_thread < 1))
    return ws::invalid (error,
                        "gpu-seed needs a block side BS of 1 to 32 and K >= 1 outputs per thread, "
                        "not BS = %u, K = %u", p.block, p.per_thread);
  return true;
}

} // namespace

gboolean
ws_cuda_stencil (WsCudaImpl    impl,
                 WsCudaType    type,
                 const void   *grid,
                 gsize         side,
                 guint         radius,
                 guint         block,
                 guint         per_thread,
                 void         *out,
                 WsCudaTiming *timing,
                 GError      **error)
{
  Plan p{ impl, type, side, 0, 0, radius, block, per_thread, 0, Path::SEED, {}, 0, 0, false };

  if (!ws::has ("stencil", impl))
    return ws::unsupported ("stencil", impl, error);
  if (!check_args (p, type, error))
    return FALSE;
  p.m = side - 2 * (size_t) radius;
  p.w = 2 * (size_t) radius + 1;
  return ws::with_type (type,
                        [&]<typename T> () { return stencil_run<T> (p, grid, out, timing, error); });
}
