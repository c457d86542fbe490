// ws-cuda-stage.cu: a student's stage kernel (issue 17) — a device image
// that NVRTC made from the student's source, loaded into this process,
// launched one pass at a time on keys in device memory — and the
// comparison of its keys with the reference's, made where both are.
#include "ws-cuda-networks.cuh"

#include <cudaTypedefs.h>

struct _WsCudaStage
{
  cudaLibrary_t library;
  cudaKernel_t  kernel;
};

namespace
{

constexpr unsigned long long NONE = ~0ull;

// Keys compare by value, as every check of the engine does: -0.0 and +0.0
// are the same key.
template <typename T>
__global__ void
difference_kernel (const T *a, const T *b, size_t n, unsigned long long *first)
{
  size_t stride = (size_t) gridDim.x * blockDim.x;
  unsigned long long found = NONE;

  for (size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x; i < n && found == NONE;
       i += stride)
    if (a[i] != b[i])
      found = i;
  ws::block_lower (first, found);
}

// A library's kernel is launched through the driver (a CUkernel stands for
// a CUfunction there), reached through the runtime so that nothing links
// libcuda directly.
struct Driver
{
  PFN_cuLaunchKernel_v4000 launch = nullptr;
  PFN_cuGetErrorString_v6000 error_string = nullptr;
};

// Looked up once (a static's initialiser runs once, whichever thread
// comes first).
bool
driver (const Driver **out, GError **error)
{
  static const Driver d = [] {
    Driver found;
    cudaGetDriverEntryPointByVersion ("cuLaunchKernel", (void **) &found.launch, 4000,
                                      cudaEnableDefault, nullptr);
    cudaGetDriverEntryPointByVersion ("cuGetErrorString", (void **) &found.error_string, 6000,
                                      cudaEnableDefault, nullptr);
    return found;
  }();

  *out = &d;
  if (d.launch == nullptr || d.error_string == nullptr)
    return ws::invalid (error, "Cannot reach the driver's kernel launch (cuLaunchKernel)");
  return true;
}

bool
launched (const Driver *d, CUresult status, GError **error)
{
  const char *words = nullptr;

  if (status == CUDA_SUCCESS)
    return true;
  if (d->error_string (status, &words) != CUDA_SUCCESS || words == nullptr)
    words = "unknown error";
  g_set_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID,
               "Cannot launch your kernel: %s (too many threads a block, or too much shared "
               "memory or registers for one?)", words);
  return false;
}

} // namespace

gboolean
ws_cuda_device_arch (int *arch, GError **error)
{
  int device = 0, major = 0, minor = 0;

  if (!ws::check (cudaGetDevice (&device), "Cannot find a CUDA device", error)
      || !ws::check (cudaDeviceGetAttribute (&major, cudaDevAttrComputeCapabilityMajor, device),
                     "Cannot read the GPU's compute capability", error)
      || !ws::check (cudaDeviceGetAttribute (&minor, cudaDevAttrComputeCapabilityMinor, device),
                     "Cannot read the GPU's compute capability", error))
    return FALSE;
  *arch = major * 10 + minor;
  return TRUE;
}

WsCudaStage *
ws_cuda_stage_load (gconstpointer image, const char *entry, GError **error)
{
  WsCudaStage stage = {};

  if (!ws::check (cudaLibraryLoadData (&stage.library, image, nullptr, nullptr, 0, nullptr,
                                       nullptr, 0),
                  "Cannot load the compiled kernel onto the GPU", error))
    return nullptr;
  if (!ws::check (cudaLibraryGetKernel (&stage.kernel, stage.library, entry),
                  "Cannot find the kernel “stage” in the compiled code", error))
    {
      cudaLibraryUnload (stage.library);
      return nullptr;
    }
  return (WsCudaStage *) g_memdup2 (&stage, sizeof stage);
}

void
ws_cuda_stage_free (WsCudaStage *stage)
{
  if (stage == nullptr)
    return;
  cudaLibraryUnload (stage->library);
  g_free (stage);
}

gboolean
ws_cuda_stage_run (WsCudaStage *stage, gpointer d_keys, guint n_params, const guint *params,
                   guint64 threads, guint block, GError **error)
{
  void *args[4] = { &d_keys };
  guint64 blocks = threads == 0 ? 1 : (threads + block - 1) / block;
  const Driver *d;

  if (n_params > 3 || block == 0 || blocks > G_MAXUINT32)
    return ws::invalid (error, "Cannot launch %" G_GUINT64_FORMAT " threads in blocks of %u",
                        threads, block);
  for (guint p = 0; p < n_params; p++)
    args[p + 1] = (void *) &params[p];
  // cudaFree (nullptr) makes the primary context current, as the driver's
  // launch needs it.
  return driver (&d, error) && ws::check (cudaFree (nullptr), "Cannot use the GPU", error)
         && launched (d, d->launch ((CUfunction) stage->kernel, (unsigned) blocks, 1, 1, block, 1,
                                    1, 0, nullptr, args, nullptr),
                      error)
         && ws::synchronize ("Your kernel failed", error);
}

gboolean
ws_cuda_first_difference (WsCudaType type, gconstpointer d_a, gconstpointer d_b, gsize n,
                          guint64 *d_first, guint64 *at, GError **error)
{
  unsigned long long *first = (unsigned long long *) d_first;
  unsigned long long found = NONE;

  *at = G_MAXUINT64;
  if (n == 0)
    return TRUE;
  if (first == nullptr)
    return ws::invalid (error, "No device word to compare the keys into");
  if (!ws::check (cudaMemsetAsync (first, 0xff, sizeof found),
                     "Cannot compare the keys", error)
      || !ws::with_type (type, [&]<typename T> () {
           difference_kernel<<<ws::tally_blocks (n), ws::TALLY_THREADS>>> (
             static_cast<const T *> (d_a), static_cast<const T *> (d_b), n, first);
           return ws::check_launch ("Cannot launch the comparison of the keys", error);
         })
      || !ws::download (&found, first, sizeof found, error))
    return FALSE;
  *at = found;
  return TRUE;
}
