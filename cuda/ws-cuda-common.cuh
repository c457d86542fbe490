// ws-cuda-common.cuh: what every kernel file of libwarpscope-cuda shares —
// turning CUDA statuses into GErrors, device buffers that free themselves,
// the phase timer behind WsCudaTiming, and launch sizing.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "ws-cuda.h"
#include "ws-cuda-pool.cuh"

namespace ws
{

// The most GPUs a process keeps state for, per device, in fixed tables
// (the memory pool's state, cold runs' flush buffers, kernel attributes set
// once a device): more than a host has.
constexpr int MAX_DEVICES = 64;

// TRUE when status is cudaSuccess; otherwise sets error ("what: reason (hint)").
bool check (cudaError_t status, const char *what, GError **error);

// After launches: reports a bad launch configuration at once (kernel faults
// show up at the next synchronising call, which check() also maps).
bool check_launch (const char *what, GError **error);

// Makes sure a device is there and current; fills name/number into timing.
bool use_device (WsCudaTiming *timing, GError **error);

// True, with a CANCELLED error, once the calling thread's stop flag
// (ws_cuda_set_stop_flag) is raised. Host loops that launch kernel after
// kernel ask before each launch: a thread-local read and an atomic load,
// nothing beside a launch. Work already queued still runs; the DeviceBuffers
// freed on the way out wait for it, so a loop that does not wait for the GPU
// keeps its queue short with a LaunchPacer, and no single launch may run
// long (issue 15: a cancel is answered within 200 ms).
//
// Runs with no look between their launches (library calls, a few kernels)
// must be short as a whole. At the largest sizes offered their kernels took,
// on an H100 (tests/gpu/test-gpu-cancel.c asserts under 100 ms and logs
// them): CUB's radix sort 1.0 ms and ours 2.0 at 2^24 keys; reduce ≤ 0.2,
// scan ≤ 0.8, histogram ≤ 1.4 (12.5 for the study's atomics into one bin),
// counting sort ≤ 3.8, dot ≤ 1.1 at 4194304 keys; bitonic 3.4 and
// odd-even merge 10.1 at 2^24; our window sums 2.3 (R = 8) and 6.3 ms
// (R = 1024) at N = 16384, so about 20 and 50 at N = 46340. Sizes past
// those offered (the CLI allows 2^32 keys) can make one call longer. Since
// issue 20 (H100, 2026-11-26, docs/performance.md) the sorts are shorter:
// CUB's radix 0.49 and ours 0.59 ms, bitonic 1.9 ms at 2^24; the window
// sums up to R = 127 one launch of about 0.5 ms at N = 8192.
bool stopped (GError **error);

// Keeps a host loop that launches without waiting from running far ahead
// of the GPU: after every `group` launches on `stream` it records an event
// and waits for the event of the group before, so that at most two groups
// are queued when a stop ends the loop, while one group is always queued
// as the host waits, so that the GPU does not idle. The loops that use one
// launch at most ~0.2 ms of work a launch at the largest sizes offered, so
// 32 a group leave a few milliseconds queued. Not copyable.
class LaunchPacer
{
public:
  explicit LaunchPacer (cudaStream_t stream = nullptr, unsigned group = 32)
      : stream_ (stream), group_ (group ? group : 1)
  {
  }
  ~LaunchPacer ();
  LaunchPacer (const LaunchPacer &) = delete;
  LaunchPacer &operator= (const LaunchPacer &) = delete;

  // After each launch (n launches at once: counts n); false with an error
  // when recording or waiting failed.
  bool launched (GError **error, unsigned n = 1);

private:
  cudaStream_t stream_;
  unsigned group_, count_ = 0;
  cudaEvent_t events_[2] = {};
  bool recorded_[2] = {};
  int next_ = 0;
};

// Sets an UNSUPPORTED / INVALID error; always returns false.
bool unsupported (const char *algorithm, WsCudaImpl impl, GError **error);
bool invalid (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

const char *impl_name (WsCudaImpl impl);

// Device memory of n elements, freed when the buffer goes out of scope.
template <typename T> class DeviceBuffer
{
public:
  DeviceBuffer () = default;
  DeviceBuffer (const DeviceBuffer &) = delete;
  DeviceBuffer &operator= (const DeviceBuffer &) = delete;
  ~DeviceBuffer () { release (); }

  bool
  alloc (size_t n, const char *what, GError **error)
  {
    release ();
    n_ = n;
    // cudaMalloc (0) is valid but gives nullptr; one element keeps pointers usable.
    return check (malloc_trimming ((void **) &ptr_, (n ? n : 1) * sizeof (T)), what, error);
  }
  void
  release ()
  {
    if (ptr_ != nullptr)
      cudaFree (ptr_);
    ptr_ = nullptr;
    n_ = 0;
  }
  T *get () const { return ptr_; }
  size_t size () const { return n_; }
  size_t bytes () const { return n_ * sizeof (T); }

private:
  T *ptr_ = nullptr;
  size_t n_ = 0;
};

// Cold runs (ws-cuda-flush.cu): whether this thread's runs are cold
// (ws_cuda_set_cold); the current device's flush buffer, made on first use
// and kept (an OUT_OF_MEMORY error a user can act on where it cannot be
// made); and the write over it that empties L2, queued on the default stream.
bool cold_wanted ();
bool flush_prepare (void **buffer, size_t *bytes, GError **error);
cudaError_t flush_run (void *buffer, size_t bytes);

// The launch gate (ws-cuda-gate.cu): gate_prepare readies this thread's
// flag (once); gate_hold queues a kernel on the default stream that holds
// the GPU until gate_release (or a millisecond has passed). Every wait for
// the GPU inside a run's kernel phase must release it first: synchronize
// does, as do download, LaunchPacer and the AFTER_KERNELS mark.
void gate_prepare ();
void gate_hold ();
void gate_release ();
bool synchronize (const char *what, GError **error);

// The phases of a whole run, timed as WsCudaTiming promises: the host clock
// for allocation and total, events for upload, kernels and download. At the
// AFTER_UPLOAD mark, between the upload's end and the kernels' start, a cold
// run (ws_cuda_set_cold) empties L2, and every run holds the launch gate
// until the AFTER_KERNELS mark, so that the kernel phase times the GPU's
// work and not the host's launch calls. Neither phase times the flush or the
// hold; the total leaves out the flush and keeps the hold (the launch calls
// it waits for, which a run without the gate waits for too). Every
// algorithm gets both from the marks it has.
class PhaseTimer
{
public:
  enum Mark { BEFORE_UPLOAD, AFTER_UPLOAD, AFTER_KERNELS, AFTER_DOWNLOAD, N_MARKS };

  explicit PhaseTimer (WsCudaTiming *timing);
  ~PhaseTimer ();
  PhaseTimer (const PhaseTimer &) = delete;
  PhaseTimer &operator= (const PhaseTimer &) = delete;

  // Picks the device and starts the host clock; call first.
  bool start (GError **error);
  // Allocation is over (host clock); records BEFORE_UPLOAD.
  void allocated ();
  void mark (Mark m);
  // Counts kernel launches for the report.
  void launched (guint64 n = 1) { timing_->launches += n; }
  // Waits for the last mark, fills the event times and the total.
  bool finish (GError **error);

private:
  WsCudaTiming *timing_;
  double host_start_ = 0.0;
  cudaEvent_t events_[N_MARKS] = {};
  bool created_ = false;
  // The upload's end (AFTER_UPLOAD follows the flush and the gate); cold:
  // the flush buffer, the flush's end and its status, reported by finish ().
  void *flush_ = nullptr;
  size_t flush_bytes_ = 0;
  cudaEvent_t uploaded_ = nullptr;
  cudaEvent_t flushed_ = nullptr;
  cudaError_t flush_status_ = cudaSuccess;
};

// The group for launches over `keys` keys each: 32 from 2^17 keys up, more
// for smaller ones, whose launches take microseconds (a wait every 32 of
// them cost V1's odd-even 5% at 1000 keys on an H200), up to 1024.
inline unsigned
pace_group (size_t keys)
{
  size_t group = ((size_t) 1 << 22) / (keys ? keys : 1);
  return (unsigned) (group < 32 ? 32 : (group > 1024 ? 1024 : group));
}

// Upload/download wrappers that name what moves. Copies past
// TRANSFER_PIECE go in pieces with a look at the stop flag between them: a
// grid of N = 46340 is 8 GiB, most of a second each way.
constexpr size_t TRANSFER_PIECE = (size_t) 64 << 20;
bool upload (void *device, const void *host, size_t bytes, GError **error);
bool download (void *host, const void *device, size_t bytes, GError **error);

// Blocks for n work items of `threads` each, at most `cap` blocks
// (grid-stride loops cover the rest).
inline unsigned
blocks_for (size_t n, unsigned threads, unsigned cap = 65535u * 32u)
{
  size_t b = (n + threads - 1) / threads;
  return (unsigned) (b == 0 ? 1 : (b > cap ? cap : b));
}

inline size_t
next_pow2 (size_t n)
{
  size_t w = 1;
  while (w < n)
    w <<= 1;
  return w;
}

// m with 2^m = power, for a power of two (the smallest 2^m >= power otherwise).
inline unsigned
log2_exact (size_t power)
{
  unsigned m = 0;
  while (((size_t) 1 << m) < power)
    m++;
  return m;
}

inline bool
is_pow2 (guint64 x)
{
  return x != 0 && (x & (x - 1)) == 0;
}

// A start and a stop event for timing one piece of work outside a whole
// run's PhaseTimer (the copy bandwidth, CUB called alone), destroyed with
// the pair. Not copyable.
class EventPair
{
public:
  EventPair () = default;
  ~EventPair ()
  {
    for (int i = 0; i < created_; i++)
      cudaEventDestroy (events_[i]);
  }
  EventPair (const EventPair &) = delete;
  EventPair &operator= (const EventPair &) = delete;

  bool
  create (GError **error)
  {
    for (; created_ < 2; created_++)
      if (!check (cudaEventCreate (&events_[created_]), "Cannot create a CUDA event", error))
        return false;
    return true;
  }
  // Records the start; what is queued after it until end () is timed.
  bool
  begin (GError **error) const
  {
    return check (cudaEventRecord (events_[0]), "Cannot record a CUDA event", error);
  }
  // Records the stop, waits for it, and gives the milliseconds between;
  // `what` names the timed work in an error (a fault shows here).
  bool
  end (const char *what, double *ms, GError **error) const
  {
    float elapsed = 0.0f;

    if (!check (cudaEventRecord (events_[1]), "Cannot record a CUDA event", error)
        || !check (cudaEventSynchronize (events_[1]), what, error)
        || !check (cudaEventElapsedTime (&elapsed, events_[0], events_[1]),
                   "Cannot read a CUDA event", error))
      return false;
    *ms = elapsed;
    return true;
  }

private:
  cudaEvent_t events_[2] = {};
  int created_ = 0;
};

// The median of n times (n >= 1; the array is reordered).
double median (double *ms, size_t n);

// The current device's multiprocessor count. Only sizes grids: a failed
// query falls back to a modest guess (32).
int sm_count ();

// Blocks of `kernel` (threads a block, smem bytes of dynamic shared
// memory) that the current GPU holds at once, at least one an SM; first
// allows the kernel shared memory past the 48 KB a block gets by default.
// `what` names the kernel's launch in an error (a GPU that cannot give that
// much refuses here). Host calls of microseconds.
template <typename K>
bool
resident_blocks (K kernel, unsigned threads, size_t smem, const char *what, size_t *blocks,
                 GError **error)
{
  int per_sm = 0;

  if ((smem > 48 * 1024
       && !check (cudaFuncSetAttribute (kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        (int) smem),
                  what, error))
      || !check (cudaOccupancyMaxActiveBlocksPerMultiprocessor (&per_sm, kernel, (int) threads,
                                                                smem),
                 what, error))
    return false;
  *blocks = (size_t) sm_count () * (size_t) (per_sm > 0 ? per_sm : 1);
  return true;
}

// A running total for CUB's block scans over a row taken a block at a time:
// hands out the total so far (each chunk's offset) and adds the chunk's sum.
template <typename Off> struct RunningPrefix
{
  Off total;
  __device__ Off
  operator() (Off block_sum)
  {
    Off before = total;
    total += block_sum;
    return before;
  }
};

// Adds one to counters[slot] for each valid lane. When the whole warp holds
// one slot (all keys equal, one bin, sorted runs, a constant digit) a single
// add of 32 spares 32 conflicting atomics on one counter. Whole warps call
// it (the same trip count for all 32 lanes, so that the vote sees them all).
template <typename C>
__device__ inline void
count_warp (C *counters, unsigned slot, bool valid)
{
  unsigned first = __shfl_sync (0xffffffffu, slot, 0);

  if (__all_sync (0xffffffffu, valid && slot == first))
    {
      if ((threadIdx.x & 31) == 0)
        atomicAdd (&counters[slot], (C) 32);
    }
  else if (valid)
    atomicAdd (&counters[slot], (C) 1);
}

// The largest key of each type: the sentinel that pads bitonic sorts.
template <typename T> __host__ __device__ inline T max_key ();
template <> __host__ __device__ inline int32_t max_key<int32_t> () { return INT32_MAX; }
template <> __host__ __device__ inline float max_key<float> () { return INFINITY; }

// Four keys of type T (float or int32_t) as one 16-byte vector.
template <typename T> using Vec4 = std::conditional_t<std::is_same_v<T, float>, float4, int4>;

// Calls f.template operator()<T> () with T the C++ type of `type`.
template <typename F>
bool
with_type (WsCudaType type, F &&f)
{
  return type == WS_CUDA_INT32 ? f.template operator()<int32_t> () : f.template operator()<float> ();
}

} // namespace ws
