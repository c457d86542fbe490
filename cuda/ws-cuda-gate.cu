// ws-cuda-gate.cu: the launch gate. A run's kernel phase starts with an
// event on the default stream; without the gate, that event fires as soon as
// the upload is done, and the GPU then idles while the host makes its first
// launch calls (tens of microseconds: a 2^26 reduce of 0.09 ms measured 20%
// slower that way on an H100). The gate is a kernel queued before the event
// that waits until the host has queued the phase's launches, so that the
// phase times the kernels running back to back, as CUB's own benchmarks and
// nvbench's blocking kernel do. The host releases it at the AFTER_KERNELS
// mark or before any wait for the GPU; a release that never comes costs at
// most GATE_CAP_NS, after which the gate lets the GPU go by itself.
// WARPSCOPE_LAUNCH_GATE=0 in the environment turns it off, to see what the
// launch calls cost (docs/performance.md compares both).
#include "ws-cuda-common.cuh"

#include <atomic>
#include <mutex>

namespace ws
{

namespace
{

// Long enough for a host to queue a run's launches (bitonic at 2^24: 29),
// short enough that a wait nobody released costs little.
constexpr unsigned long long GATE_CAP_NS = 1000000ull;
// Flags in one block of mapped host memory: a thread takes one on its first
// gate, so threads timing runs at once (one per GPU) do not share.
constexpr unsigned GATE_SLOTS = 256;

std::mutex lock;
unsigned *host_flags = nullptr;
bool flags_failed = false;
std::atomic<unsigned> next_slot{ 0 };
std::atomic<unsigned> next_token{ 0 };

thread_local int slot = -1;
thread_local unsigned held_token = 0;
thread_local bool held = false;

__device__ inline unsigned long long
global_ns ()
{
  unsigned long long t;
  asm volatile ("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__global__ void
gate_kernel (const volatile unsigned *flag, unsigned token, unsigned long long cap_ns)
{
  unsigned long long start = global_ns ();

  while (*flag != token && global_ns () - start < cap_ns)
    __nanosleep (500);
}

// The flags, allocated once for the process (4 bytes a slot; never freed:
// a pinned page the driver releases with the context).
bool
flags_ready ()
{
  std::lock_guard<std::mutex> guard (lock);

  if (host_flags == nullptr && !flags_failed)
    {
      void *p = nullptr;
      if (cudaHostAlloc (&p, GATE_SLOTS * sizeof (unsigned),
                         cudaHostAllocPortable | cudaHostAllocMapped)
          != cudaSuccess)
        {
          cudaGetLastError ();
          flags_failed = true; // runs go ungated, as before the gate
          return false;
        }
      host_flags = static_cast<unsigned *> (p);
      for (unsigned i = 0; i < GATE_SLOTS; i++)
        host_flags[i] = 0;
    }
  return host_flags != nullptr;
}

// Whether the environment leaves the gate on (read once).
bool
gate_wanted ()
{
  static const bool wanted = g_strcmp0 (g_getenv ("WARPSCOPE_LAUNCH_GATE"), "0") != 0;
  return wanted;
}

} // namespace

void
gate_prepare ()
{
  if (slot < 0 && gate_wanted () && flags_ready ())
    slot = (int) (next_slot++ % GATE_SLOTS);
}

void
gate_hold ()
{
  unsigned *dev = nullptr;

  gate_release ();
  if (slot < 0 || cudaHostGetDevicePointer ((void **) &dev, host_flags + slot, 0) != cudaSuccess)
    {
      cudaGetLastError ();
      return;
    }
  // Tokens are never 0, the flags' first value.
  held_token = ++next_token;
  if (held_token == 0)
    held_token = ++next_token;
  gate_kernel<<<1, 1>>> (dev, held_token, GATE_CAP_NS);
  held = cudaGetLastError () == cudaSuccess;
}

void
gate_release ()
{
  if (!held)
    return;
  held = false;
  std::atomic_ref<unsigned> (host_flags[slot]).store (held_token, std::memory_order_release);
}

bool
synchronize (const char *what, GError **error)
{
  gate_release ();
  return check (cudaDeviceSynchronize (), what, error);
}

} // namespace ws
