// ws-cuda-search.cu: study 004's searches of a sorted array for many keys —
// the study's per-key launches of p threads (gpu-seed), one thread per key
// (gpu) and Thrust's vectorised lower_bound (gpu-lib, binary search only).
// Every answer is the first index holding a value equal to the key, or -1,
// exactly as app/core/ws-search.c gives it.
#include "ws-cuda-internal.h"

#include <thrust/binary_search.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/system_error.h>

#include <algorithm>
#include <exception>

const unsigned ws::impls_binary_search
    = ws::impl_bit (WS_CUDA_SEED) | ws::impl_bit (WS_CUDA_OURS) | ws::impl_bit (WS_CUDA_LIB);
// No library has an interpolation search, so there is no gpu-lib to offer.
const unsigned ws::impls_interpolation_search
    = ws::impl_bit (WS_CUDA_SEED) | ws::impl_bit (WS_CUDA_OURS);

namespace
{

// 64-bit positions: arrays past 2^31 keys must index correctly.
using Index = unsigned long long;

constexpr unsigned kThreads = 256;   // gpu and gpu-lib: one key per thread
constexpr unsigned kSeedBlock = 256; // gpu-seed: its p threads, in blocks of at most this
constexpr int kMisses = 2;           // ws-search.c's WS_SEARCH_MISSES

// A search range: the answer's lower bound lies in [lo, hi]; every value
// before lo is below the key and a[hi] (when hi < n) is not. Aligned so
// that one 16-byte store writes it whole.
struct alignas (16) Range
{
  Index lo, hi;
};

// What a run searches, on the device.
template <typename T> struct Search
{
  const T *a;    // the sorted array
  Index n;
  const T *keys;
  Index m;
  int64_t *out;  // m answers
  unsigned p;    // segments
};

template <typename T>
__device__ __forceinline__ int64_t
answer_at (const T *a, Index n, Index pos, T key)
{
  return pos < n && a[pos] == key ? (int64_t) pos : -1;
}

// ---- gpu: one key per thread ----

// The first index whose value is not below key (n when none is). Branch
// free, so every thread of a warp takes the same ceil (log2 n) + 1 steps in
// lockstep and the loads of a step issue together; the top of the implicit
// tree is read by every thread and stays in L1/L2.
template <typename T>
__device__ Index
first_not_below (const T *__restrict__ a, Index n, T key)
{
  Index base = 0, len = n;

  if (n == 0)
    return 0;
  while (len > 1)
    {
      Index half = len / 2;
      base = __ldg (a + base + half) < key ? base + half : base;
      len -= half;
    }
  return base + (__ldg (a + base) < key ? 1 : 0);
}

// One thread's interpolation search, as ws-search.c's (same probes, same
// guards), on [lo, hi]; below = a[lo - 1] when lo > 0, above = a[hi] when hi < n.
template <typename T> struct Probe
{
  Index lo, hi;
  double below, above;
  int misses;  // interpolated probes that did not halve the range, since the last midpoint
  bool in_run; // two probes met the key: it fills a run of equal values
};

// Where the key should sit if the values grew linearly from below (at lo - 1)
// to above (at hi), kept in [lo, hi - 1]; the midpoint where the line is
// undefined (an infinite end or key).
template <typename T>
__device__ Index
interpolate (const Probe<T> &s, double key)
{
  Index len = s.hi - s.lo;
  double num = key - s.below, den = s.above - s.below;

  if (!(isfinite (num) && isfinite (den) && den > 0.0))
    return s.lo + len / 2;
  double off = num / den * (double) (len + 1);
  if (!(off >= 1.0))
    return s.lo;
  if (off >= (double) len)
    return s.hi - 1;
  Index step = (Index) off;
  return s.lo - 1 + (step < len ? step : len); // (double) len may have rounded up
}

// The next position to read: an open end first (the formula needs the values
// at both ends), then the interpolated guess, or the midpoint after
// kMisses guesses that did not halve the range or inside a run of the key
// (where the line always points at hi - 1 and would crawl).
template <typename T>
__device__ Index
next_probe (const Probe<T> &s, Index n, double key, bool *interpolated)
{
  *interpolated = false;
  if (s.lo == 0)
    return 0;
  if (s.hi == n)
    return s.hi - 1;
  if (s.in_run || s.misses >= kMisses)
    return s.lo + (s.hi - s.lo) / 2;
  *interpolated = true;
  return interpolate (s, key);
}

template <typename T>
__device__ Index
interpolation_lower_bound (const T *__restrict__ a, Index n, T key)
{
  Probe<T> s = { 0, n, 0.0, 0.0, 0, false };
  double k = (double) key;

  while (s.lo < s.hi)
    {
      Index len = s.hi - s.lo;
      bool interpolated, above_is_key = s.hi < n && s.above == k;
      Index pos = next_probe (s, n, k, &interpolated);
      T v = __ldg (a + pos);

      if (v < key)
        s.lo = pos + 1, s.below = (double) v;
      else
        s.hi = pos, s.above = (double) v;
      s.in_run = s.in_run || (above_is_key && v == key);
      if (!interpolated)
        s.misses = 0;
      else if (s.hi - s.lo > len / 2)
        s.misses++;
    }
  return s.hi;
}

// Consecutive threads take consecutive keys, so key reads and answer writes
// coalesce; the array itself stays in global memory, its hot top in L2.
template <typename T, bool Interpolation>
__global__ void
ours_kernel (Search<T> s)
{
  Index stride = (Index) gridDim.x * blockDim.x;

  for (Index i = (Index) blockIdx.x * blockDim.x + threadIdx.x; i < s.m; i += stride)
    {
      T key = s.keys[i];
      Index pos = Interpolation ? interpolation_lower_bound (s.a, s.n, key)
                                : first_not_below (s.a, s.n, key);
      s.out[i] = answer_at (s.a, s.n, pos, key);
    }
}

// ---- gpu-lib: Thrust ----

// Thrust left each key's lower bound in out; this turns it into the answer.
template <typename T>
__global__ void
lib_answer_kernel (Search<T> s)
{
  Index stride = (Index) gridDim.x * blockDim.x;

  for (Index i = (Index) blockIdx.x * blockDim.x + threadIdx.x; i < s.m; i += stride)
    s.out[i] = answer_at (s.a, s.n, (Index) s.out[i], s.keys[i]);
}

// Thrust reports failures by throwing; none may cross into C.
template <typename T>
bool
lib_lower_bounds (const Search<T> &s, GError **error)
{
  try
    {
      // par_nosync, not thrust::device: the latter waits for the search before
      // returning, and gpu-lib must not hold the host between its steps.
      thrust::lower_bound (thrust::cuda::par_nosync, s.a, s.a + s.n, s.keys, s.keys + s.m,
                           s.out);
      return true;
    }
  catch (const thrust::system_error &e)
    {
      if (e.code ().category () == thrust::cuda_category ())
        return ws::check ((cudaError_t) e.code ().value (), "Thrust lower_bound failed", error);
      g_set_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_FAILED, "Thrust lower_bound failed: %s",
                   e.what ());
    }
  catch (const std::exception &e)
    {
      g_set_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_FAILED, "Thrust lower_bound failed: %s",
                   e.what ());
    }
  return false;
}

template <typename T>
bool
lib_binary (const Search<T> &s, ws::PhaseTimer &timer, GError **error)
{
  if (!lib_lower_bounds (s, error))
    return false;
  lib_answer_kernel<T><<<ws::blocks_for (s.m, kThreads), kThreads>>> (s);
  timer.launched (2); // the library call counts as one
  return ws::check_launch ("Binary search (gpu-lib) failed to launch", error);
}

// ---- gpu-seed: the study's p threads per key ----

// lo + floor (k * len / parts) without k * len overflowing (ws-search.c's boundary).
__device__ __forceinline__ Index
boundary (Index lo, Index len, unsigned parts, unsigned k)
{
  return lo + k * (len / parts) + (Index) k * (len % parts) / parts;
}

// Ranges of one key move between two slots: the blocks of a step run in no
// order, so a step must not overwrite the range its siblings still read. On
// an unsorted array writers may race; a mixed range is clamped, never read
// out of bounds.
__device__ __forceinline__ Range
read_range (const Range *slot)
{
  Range r = *slot;
  if (r.hi < r.lo)
    r.lo = r.hi;
  return r;
}

// One k-ary step of the study's binary search for key j: thread t of p owns
// segment t of the range, bounded by inner boundaries t and t + 1 (the
// range's own ends for the first and last segments); thread t probes
// boundary t and reads its neighbour's probe again. The one segment that
// must hold the first index not below the key becomes the next range. A
// range shorter than p is split at each of its positions, which finishes it
// (and a finished range just passes on, its answer rewritten).
template <typename T>
__global__ void
seed_binary_step (Search<T> s, Index j, bool first, Range *slots, unsigned from)
{
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  Range r = first ? Range{ 0, s.n } : read_range (slots + from);
  Index len = r.hi - r.lo;
  unsigned parts = len < s.p ? (unsigned) len + 1 : s.p;
  T key = s.keys[j];

  if (t >= parts)
    return;
  Index left = boundary (r.lo, len, parts, t), right = boundary (r.lo, len, parts, t + 1);
  bool past_left = t == 0 || s.a[left] < key;
  bool before_right = t + 1 == parts || !(s.a[right] < key);
  if (!(past_left && before_right))
    return;
  Range next = { t == 0 ? r.lo : left + 1, t + 1 == parts ? r.hi : right };
  slots[from ^ 1] = next;
  if (next.lo == next.hi)
    s.out[j] = answer_at (s.a, s.n, next.hi, key);
}

// Steps for one key, from n alone: a step leaves at most ceil (len / p) of
// len positions, and a range shorter than p closes in one. Counting them
// ahead lets the host queue every step without waiting (the study looped
// inside one kernel; its host did not wait between steps either).
unsigned
seed_binary_steps (size_t n, unsigned p)
{
  unsigned steps = 0;
  size_t len = n;

  do
    {
      len = len < p ? 0 : (len + p - 1) / p;
      steps++;
    }
  while (len > 0);
  return steps;
}

template <typename T>
bool
seed_binary (const Search<T> &s, Range *slots, ws::PhaseTimer &timer, GError **error)
{
  unsigned steps = seed_binary_steps (s.n, s.p);
  unsigned threads = std::min (s.p, kSeedBlock), blocks = (s.p + threads - 1) / threads;
  // Millions of queries make tens of millions of launches of p threads.
  ws::LaunchPacer pacer (nullptr, ws::pace_group (s.p));

  // One key at a time, as the study searched one key.
  for (Index j = 0; j < s.m; j++)
    {
      if (ws::stopped (error))
        return false;
      for (unsigned k = 0; k < steps; k++)
        seed_binary_step<T><<<blocks, threads>>> (s, j, k == 0, slots, k & 1);
      timer.launched (steps);
      if (!ws::check_launch ("Binary search (gpu-seed) failed to launch", error)
          || !pacer.launched (error, steps))
        return false;
    }
  return true;
}

// The study's formula inside [first_at, last_at], with first < key <= last:
// pos = left + (key - a[left]) * (right - left) / (a[right] - a[left]), kept
// below last_at so that the probe always shrinks the range; the midpoint
// where the line is undefined (infinities).
template <typename T>
__device__ Index
seed_position (Index first_at, Index last_at, T first, T last, T key)
{
  double num = (double) key - (double) first, den = (double) last - (double) first;
  Index span = last_at - first_at;

  if (!(isfinite (num) && isfinite (den) && den > 0.0))
    return first_at + span / 2;
  double off = num / den * (double) span;
  return off >= (double) (span - 1) ? last_at - 1 : first_at + (Index) off;
}

// Thread t of the p segments [b_t, b_t+1 - 1] of [lo, hi): the segment whose
// last value reaches the key while the value before it does not interpolates
// inside itself and keeps what its probe leaves (every thread computes its
// segment's test; the study's blocks all interpolated).
template <typename T>
__device__ void
seed_segment (const Search<T> &s, T key, Range r, unsigned t, Range *slot, int64_t *out)
{
  Index len = r.hi - r.lo, first_at = boundary (r.lo, len, s.p, t);
  Index last_at = boundary (r.lo, len, s.p, t + 1) - 1;
  T last = s.a[last_at];

  if (!((t == 0 || s.a[first_at - 1] < key) && (t + 1 == s.p || !(last < key))))
    return;
  Range next = { first_at, last_at };
  if (last < key) // the last segment, wholly below the key: the answer is hi
    next = Range{ r.hi, r.hi };
  else if (last_at > first_at)
    {
      T first = s.a[first_at];
      Index pos = first < key ? seed_position (first_at, last_at, first, last, key) : first_at;
      if (s.a[pos] < key)
        next.lo = pos + 1;
      else
        next.hi = pos;
    }
  *slot = next;
  if (next.lo == next.hi)
    *out = answer_at (s.a, s.n, next.hi, key);
}

// The lower-bound step that finishes a range shorter than p: thread t of
// len + 1 tests whether lo + t is the first index not below the key.
template <typename T>
__device__ void
seed_finish (const Search<T> &s, T key, Range r, unsigned t, Range *slot, int64_t *out)
{
  Index len = r.hi - r.lo, at = r.lo + t;

  if (t > len)
    return;
  if ((t == 0 || s.a[at - 1] < key) && (t == len || !(s.a[at] < key)))
    {
      *slot = Range{ at, at };
      *out = answer_at (s.a, s.n, at, key);
    }
}

// One launch of the study's interpolation search for key j on the sub-array
// [lo, hi) that the host passed.
template <typename T>
__global__ void
seed_interpolation_step (Search<T> s, Index j, Range r, Range *slot)
{
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  T key = s.keys[j];

  if (r.hi - r.lo < s.p)
    seed_finish (s, key, r, t, slot, s.out + j);
  else if (t < s.p)
    seed_segment (s, key, r, t, slot, s.out + j);
}

// The study relaunched its kernel on the sub-array that holds the key, so
// its host waited after each launch to learn that sub-array: so does this.
// A range that did not shrink (only on an unsorted array) ends the key.
template <typename T>
bool
seed_interpolation_key (const Search<T> &s, Index j, Range *slot, ws::PhaseTimer &timer,
                        GError **error)
{
  Range r = { 0, s.n }, next;

  for (;;)
    {
      Index len = r.hi - r.lo;
      unsigned total = len < s.p ? (unsigned) len + 1 : s.p;
      unsigned threads = std::min (total, kSeedBlock);
      seed_interpolation_step<T><<<(total + threads - 1) / threads, threads>>> (s, j, r, slot);
      timer.launched ();
      if (!ws::check_launch ("Interpolation search (gpu-seed) failed to launch", error)
          || !ws::download (&next, slot, sizeof next, error))
        return false;
      if (next.lo >= next.hi || next.lo < r.lo || next.hi > r.hi || next.hi - next.lo >= len)
        return true;
      r = next;
    }
}

template <typename T>
bool
seed_interpolation (const Search<T> &s, Range *slot, ws::PhaseTimer &timer, GError **error)
{
  for (Index j = 0; j < s.m; j++)
    if (ws::stopped (error) || !seed_interpolation_key (s, j, slot, timer, error))
      return false;
  return true;
}

// The seed's answers default to -1 and its range slots to empty ranges, so
// that a key whose search never settles (only on an unsorted array) still
// reads as an answer and no step ever reads an unwritten range.
template <typename T>
bool
seed_search (const Search<T> &s, bool interpolation, Range *slots, ws::PhaseTimer &timer,
             GError **error)
{
  if (!ws::check (cudaMemset (slots, 0, 2 * sizeof (Range)), "Cannot clear the ranges", error)
      || !ws::check (cudaMemset (s.out, 0xff, s.m * sizeof (int64_t)),
                     "Cannot clear the answers", error))
    return false;
  return interpolation ? seed_interpolation (s, slots, timer, error)
                       : seed_binary (s, slots, timer, error);
}

// ---- Whole runs ----

// Queries a launch of gpu or gpu-lib searches: 2^22 of them in 2^24 keys
// take milliseconds, while the 2^28 the engine allows would take most of a
// second in one launch, past what a cancel may wait (issue 15).
constexpr Index kQueryPiece = (Index) 1 << 22;

template <typename T>
bool
ours_piece (bool interpolation, const Search<T> &s, ws::PhaseTimer &timer, GError **error)
{
  if (interpolation)
    ours_kernel<T, true><<<ws::blocks_for (s.m, kThreads), kThreads>>> (s);
  else
    ours_kernel<T, false><<<ws::blocks_for (s.m, kThreads), kThreads>>> (s);
  timer.launched ();
  return ws::check_launch ("Search (gpu) failed to launch", error);
}

// gpu and gpu-lib over the queries kQueryPiece at a time, a look for a
// stop before each piece; every query is answered as in one launch.
template <typename T>
bool
search_pieces (WsCudaImpl impl, bool interpolation, const Search<T> &s, ws::PhaseTimer &timer,
               GError **error)
{
  ws::LaunchPacer pacer (nullptr, 1); // a piece runs while the next is queued

  for (Index from = 0; from < s.m; from += kQueryPiece)
    {
      Search<T> part = s;
      part.keys += from;
      part.out += from;
      part.m = std::min (kQueryPiece, s.m - from);
      if (ws::stopped (error))
        return false;
      if (!(impl == WS_CUDA_LIB ? lib_binary (part, timer, error)
                                : ours_piece (interpolation, part, timer, error))
          || !pacer.launched (error))
        return false;
    }
  return true;
}

template <typename T>
bool
search_device (WsCudaImpl impl, bool interpolation, const Search<T> &s, Range *slots,
               ws::PhaseTimer &timer, GError **error)
{
  if (s.m == 0)
    return true;
  if (impl == WS_CUDA_OURS || impl == WS_CUDA_LIB)
    return search_pieces (impl, interpolation, s, timer, error);
  return seed_search (s, interpolation, slots, timer, error);
}

// Allocate, upload both arrays, search, download the answers, each phase timed.
template <typename T>
bool
whole_run (WsCudaImpl impl, bool interpolation, const void *sorted, size_t n, const void *keys,
           size_t m, unsigned p, gint64 *result, ws::PhaseTimer &timer, GError **error)
{
  ws::DeviceBuffer<T> d_a, d_keys;
  ws::DeviceBuffer<int64_t> d_out;
  ws::DeviceBuffer<Range> slots; // gpu-seed's: allocated here, outside the kernels' time

  if (!timer.start (error) || !d_a.alloc (n, "Cannot allocate the sorted array on the GPU", error)
      || !d_keys.alloc (m, "Cannot allocate the search keys on the GPU", error)
      || !d_out.alloc (m, "Cannot allocate the search results on the GPU", error)
      || (impl == WS_CUDA_SEED && !slots.alloc (2, "Cannot allocate the search ranges", error)))
    return false;
  timer.allocated ();
  if (!ws::upload (d_a.get (), sorted, d_a.bytes (), error)
      || !ws::upload (d_keys.get (), keys, d_keys.bytes (), error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_UPLOAD);
  Search<T> s = { d_a.get (), n, d_keys.get (), m, d_out.get (), p };
  if (!search_device (impl, interpolation, s, slots.get (), timer, error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_KERNELS);
  if (!ws::download (result, d_out.get (), d_out.bytes (), error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_DOWNLOAD);
  return timer.finish (error);
}

} // namespace

gboolean
ws_cuda_search (WsCudaImpl impl, gboolean interpolation, WsCudaType type, const void *sorted,
                gsize n, const void *keys, gsize n_keys, guint segments, gint64 *result,
                WsCudaTiming *timing, GError **error)
{
  const char *name = interpolation ? "interpolation-search" : "binary-search";
  WsCudaTiming unused;
  ws::PhaseTimer timer (timing != nullptr ? timing : &unused);

  if (!ws::has (name, impl))
    return ws::unsupported (name, impl, error);
  if (segments < 2 || segments > 65536)
    return ws::invalid (error, "%s splits each range into 2 to 65536 segments, not %u", name,
                        segments);
  if ((n > 0 && sorted == nullptr) || (n_keys > 0 && (keys == nullptr || result == nullptr)))
    return ws::invalid (error, "%s was given no array, keys or result to use", name);
  return ws::with_type (type, [&]<typename T> () {
    return whole_run<T> (impl, interpolation, sorted, n, keys, n_keys, segments, result, timer,
                         error);
  });
}
