// ws-cuda-common.cu: errors, device choice, timing and transfers shared by
// every algorithm of libwarpscope-cuda.
#include "ws-cuda-common.cuh"

#include <algorithm>
#include <cstdarg>
#include <ctime>

// The flag a thread's runs stop on; nullptr: never (ws_cuda_set_stop_flag).
static thread_local const int *stop_flag = nullptr;

void
ws_cuda_set_stop_flag (const int *flag)
{
  stop_flag = flag;
}

namespace ws
{

static double
host_ms ()
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec * 1e3 + (double) ts.tv_nsec * 1e-6;
}

// The code and a hint a user can act on, for each status we can explain.
static WsCudaErrorCode
classify (cudaError_t status, const char **hint)
{
  *hint = "";
  switch (status)
    {
    case cudaErrorNoDevice:
      *hint = " (no NVIDIA GPU is visible to this process)";
      return WS_CUDA_ERROR_NO_DEVICE;
    case cudaErrorInsufficientDriver:
      *hint = " (update the NVIDIA driver to one that supports CUDA 13)";
      return WS_CUDA_ERROR_DRIVER;
    case cudaErrorNoKernelImageForDevice:
    case cudaErrorUnsupportedPtxVersion:
    case cudaErrorInvalidKernelImage:
      *hint = " (rebuild with this GPU's architecture in -Dcuda-arch)";
      return WS_CUDA_ERROR_NO_KERNEL;
    case cudaErrorMemoryAllocation:
      *hint = " (the GPU has too little free memory: choose a smaller size)";
      return WS_CUDA_ERROR_OUT_OF_MEMORY;
    case cudaErrorLaunchFailure:
    case cudaErrorIllegalAddress:
    case cudaErrorMisalignedAddress:
    case cudaErrorIllegalInstruction:
    case cudaErrorLaunchTimeout:
    case cudaErrorHardwareStackError:
    case cudaErrorAssert:
    case cudaErrorInvalidPc:
    case cudaErrorInvalidAddressSpace:
      *hint = " (a kernel faulted; the GPU context is lost until Warpscope restarts)";
      return WS_CUDA_ERROR_KERNEL_FAULT;
    default:
      return WS_CUDA_ERROR_FAILED;
    }
}

bool
check (cudaError_t status, const char *what, GError **error)
{
  const char *hint;
  WsCudaErrorCode code;

  if (status == cudaSuccess)
    return true;
  // A failed call leaves its error as the runtime's last error too: without
  // this, the next launch's check_launch would report a cudaMalloc that was
  // already handled (an out-of-memory run fell back, and the next run, with
  // room again, failed at its first kernel). Sticky errors stay regardless.
  cudaGetLastError ();
  code = classify (status, &hint);
  // The runtime says "insufficient driver" both for an old driver and for none at all.
  if (status == cudaErrorInsufficientDriver && ws_cuda_driver_version () == 0)
    {
      g_set_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_NO_DEVICE,
                   "%s: no NVIDIA driver is installed on this machine", what);
      return false;
    }
  g_set_error (error, WS_CUDA_ERROR, code, "%s: %s%s", what, cudaGetErrorString (status), hint);
  return false;
}

bool
check_launch (const char *what, GError **error)
{
  return check (cudaGetLastError (), what, error);
}

bool
use_device (WsCudaTiming *timing, GError **error)
{
  int device = 0;
  cudaDeviceProp prop;

  if (ws_cuda_device_count (error) == 0)
    return false;
  if (!check (cudaGetDevice (&device), "Cannot select the GPU", error)
      || !check (cudaGetDeviceProperties (&prop, device), "Cannot query the GPU", error))
    return false;
  if (timing != nullptr)
    {
      timing->device = device;
      g_strlcpy (timing->device_name, prop.name, sizeof timing->device_name);
    }
  return true;
}

double
median (double *ms, size_t n)
{
  std::sort (ms, ms + n);
  return n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
}

bool
stopped (GError **error)
{
  if (stop_flag == nullptr || g_atomic_int_get (stop_flag) == 0)
    return false;
  g_set_error_literal (error, WS_CUDA_ERROR, WS_CUDA_ERROR_CANCELLED, "Cancelled");
  return true;
}

const char *
impl_name (WsCudaImpl impl)
{
  static const char *const names[] = { "gpu-seed", "gpu-seed-shared", "gpu-seed-v1",
                                       "gpu-seed-v2", "gpu", "gpu-lib" };
  return (unsigned) impl < G_N_ELEMENTS (names) ? names[impl] : "?";
}

bool
unsupported (const char *algorithm, WsCudaImpl impl, GError **error)
{
  g_set_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_UNSUPPORTED,
               "%s has no %s variant", algorithm, impl_name (impl));
  return false;
}

bool
invalid (GError **error, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  g_autofree char *message = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error_literal (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID, message);
  return false;
}

PhaseTimer::PhaseTimer (WsCudaTiming *timing) : timing_ (timing)
{
  *timing_ = WsCudaTiming ();
}

PhaseTimer::~PhaseTimer ()
{
  gate_release (); // a run that failed midway
  if (created_)
    for (cudaEvent_t e : events_)
      cudaEventDestroy (e);
  for (cudaEvent_t e : { uploaded_, flushed_ })
    if (e != nullptr)
      cudaEventDestroy (e);
}

bool
PhaseTimer::start (GError **error)
{
  host_start_ = host_ms ();
  if (!use_device (timing_, error))
    return false;
  for (cudaEvent_t &e : events_)
    if (!check (cudaEventCreate (&e), "Cannot create a CUDA event", error))
      return false;
  created_ = true;
  double before = host_ms ();
  if (!check (cudaEventCreate (&uploaded_), "Cannot create a CUDA event", error))
    return false;
  gate_prepare ();
  if (cold_wanted ()
      && (!flush_prepare (&flush_, &flush_bytes_, error)
          || !check (cudaEventCreate (&flushed_), "Cannot create a CUDA event", error)))
    return false;
  // The gate's flag and the flush buffer, made once, are not the algorithm's allocation.
  host_start_ += host_ms () - before;
  return true;
}

void
PhaseTimer::allocated ()
{
  timing_->alloc_ms = host_ms () - host_start_;
  mark (BEFORE_UPLOAD);
}

void
PhaseTimer::mark (Mark m)
{
  if (m == AFTER_UPLOAD)
    {
      cudaEventRecord (uploaded_);
      if (flush_ != nullptr)
        {
          if (flush_status_ == cudaSuccess)
            flush_status_ = flush_run (flush_, flush_bytes_);
          cudaEventRecord (flushed_);
        }
      gate_hold ();
    }
  cudaEventRecord (events_[m]);
  // After the event: it must be queued before the kernels can end.
  if (m == AFTER_KERNELS)
    gate_release ();
}

static double
between (cudaEvent_t a, cudaEvent_t b)
{
  float ms = 0.0f;
  cudaEventElapsedTime (&ms, a, b);
  return ms;
}

bool
PhaseTimer::finish (GError **error)
{
  gate_release ();
  if (!check (flush_status_, "Cannot empty the GPU's L2 cache for a cold run", error)
      || !check (cudaEventSynchronize (events_[AFTER_DOWNLOAD]), "The GPU run failed", error))
    return false;
  // Between the upload and the kernels, in no phase: the flush, which the
  // total leaves out too, and the gate's hold, which it keeps — the host's
  // launch calls, which a run without the gate waits for as well.
  double flush_ms = flushed_ != nullptr ? between (uploaded_, flushed_) : 0.0;
  timing_->h2d_ms = between (events_[BEFORE_UPLOAD], uploaded_);
  timing_->kernel_ms = between (events_[AFTER_UPLOAD], events_[AFTER_KERNELS]);
  timing_->d2h_ms = between (events_[AFTER_KERNELS], events_[AFTER_DOWNLOAD]);
  timing_->total_ms = host_ms () - host_start_ - flush_ms;
  timing_->cold = flush_ != nullptr;
  return true;
}

LaunchPacer::~LaunchPacer ()
{
  for (cudaEvent_t e : events_)
    if (e != nullptr)
      cudaEventDestroy (e);
}

bool
LaunchPacer::launched (GError **error, unsigned n)
{
  count_ += n;
  if (count_ < group_)
    return true;
  count_ = 0;
  if (events_[next_] == nullptr
      && !check (cudaEventCreateWithFlags (&events_[next_], cudaEventDisableTiming),
                 "Cannot create a CUDA event", error))
    return false;
  if (!check (cudaEventRecord (events_[next_], stream_), "Cannot record a CUDA event", error))
    return false;
  recorded_[next_] = true;
  next_ ^= 1;
  gate_release ();
  // The group before this one: done, or about to be while this one waits.
  return !recorded_[next_]
         || check (cudaEventSynchronize (events_[next_]), "The GPU's launches failed", error);
}

// Pieces of at most TRANSFER_PIECE bytes, a look for a stop between two.
static bool
copy_in_pieces (char *to, const char *from, size_t bytes, cudaMemcpyKind kind, const char *what,
                GError **error)
{
  gate_release (); // cudaMemcpy waits for the GPU
  for (size_t done = 0; done < bytes; done += TRANSFER_PIECE)
    {
      size_t piece = bytes - done < TRANSFER_PIECE ? bytes - done : TRANSFER_PIECE;
      if ((done > 0 && stopped (error))
          || !check (cudaMemcpy (to + done, from + done, piece, kind), what, error))
        return false;
    }
  return true;
}

bool
upload (void *device, const void *host, size_t bytes, GError **error)
{
  return copy_in_pieces ((char *) device, (const char *) host, bytes, cudaMemcpyHostToDevice,
                         "Cannot copy the input to the GPU", error);
}

bool
download (void *host, const void *device, size_t bytes, GError **error)
{
  return copy_in_pieces ((char *) host, (const char *) device, bytes, cudaMemcpyDeviceToHost,
                         "Cannot copy the result from the GPU", error);
}

int
sm_count ()
{
  int device = 0, sms = 0;
  cudaGetDevice (&device);
  if (cudaDeviceGetAttribute (&sms, cudaDevAttrMultiProcessorCount, device) != cudaSuccess
      || sms <= 0)
    sms = 32;
  return sms;
}

} // namespace ws
