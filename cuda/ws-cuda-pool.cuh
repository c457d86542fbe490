// ws-cuda-pool.cuh: scratch memory from the device's stream-ordered pool.
//
// A run's scratch (a radix sort's second buffer and CUB's temporary
// storage, a bitonic sort's padded copy, odd-even's ping-pong buffer) is
// taken and given back between its kernels. With cudaMalloc and cudaFree
// there, the kernels phase timed the allocator (cudaFree also waits for the
// whole device): CUB's radix sort reported 0.87–1.0 ms at 2^24 keys on an
// H200 where CUB called alone takes 0.43. Taken from the pool instead, it
// costs a few microseconds of host time and no wait, and a run reserves its
// scratch first (pool_reserve) so that the pool's first growth is counted
// in the allocation phase, as study 002 split its phases.
//
// The pool keeps what it has grown to across runs and repetitions (its
// release threshold is raised): cudaMalloc elsewhere, finding the device
// full, trims it (DeviceBuffer does) and tries again, so that kept scratch
// never makes a later allocation fail.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "ws-cuda.h"

namespace ws
{

// Makes sure the current device's pool holds `bytes` of free memory for
// the next pooled allocations on the default stream; growing it costs the
// time of a cudaMalloc, here rather than between kernels. False with an
// out-of-memory error when the device cannot give that much.
bool pool_reserve (size_t bytes, GError **error);

// Gives the pool's unused memory back to the device (after waiting for it
// to be idle, so that frees queued on streams are done).
void pool_trim ();

// cudaMalloc, once more after pool_trim when the device is full: scratch
// the pool keeps from earlier runs is not lost to this allocation.
cudaError_t malloc_trimming (void **ptr, size_t bytes);

// Stream-ordered allocation on the default stream from the pool (plain
// cudaMalloc where the device has no pools); false with an error naming
// `what`.
bool pool_alloc (void **ptr, size_t bytes, const char *what, GError **error);
void pool_free (void *ptr);

// Pooled device memory of n elements, given back to the pool (in stream
// order: kernels queued before the release still see it) when the buffer
// goes out of scope. Not copyable.
template <typename T> class PoolBuffer
{
public:
  PoolBuffer () = default;
  PoolBuffer (const PoolBuffer &) = delete;
  PoolBuffer &operator= (const PoolBuffer &) = delete;
  ~PoolBuffer () { release (); }

  bool
  alloc (size_t n, const char *what, GError **error)
  {
    void *p = nullptr;

    release ();
    if (!pool_alloc (&p, (n ? n : 1) * sizeof (T), what, error))
      return false;
    ptr_ = (T *) p;
    n_ = n;
    return true;
  }
  void
  release ()
  {
    if (ptr_ != nullptr)
      pool_free (ptr_);
    ptr_ = nullptr;
    n_ = 0;
  }
  T *get () const { return ptr_; }
  size_t size () const { return n_; }

private:
  T *ptr_ = nullptr;
  size_t n_ = 0;
};

} // namespace ws
