// ws-cuda-stage-check.cu: an animation's tally — what its passes did and
// the first key its checks found out of order — kept on the device, and
// the checks themselves, run where the keys are (ws-cuda.h). The host
// reads the 24-byte tally a pass; the keys stay where they are.
//
// The checks say what app/core's ws_network_check_pass says for keys
// without NaN (which no input path lets in): the lowest index that breaks
// the stage's invariant.
#include "ws-cuda-networks.cuh"

namespace
{

using ws::PassShape;

constexpr unsigned long long NONE = ~0ull;

// Runs of 2^run_log keys (or one run of all when run_log is 64 or more):
// key i breaks its run when it is out of order with key i − 1 of the same
// run. The keys before i in that run are then in order, so this is the
// first key app/core finds under the run's running maximum.
template <typename T>
__global__ void
runs_kernel (const T *a, size_t width, unsigned run_log, size_t dir_mask, WsCudaTally *tally)
{
  size_t stride = (size_t) gridDim.x * blockDim.x;
  size_t start_mask = run_log >= 64 ? 0 : ~(((size_t) 1 << run_log) - 1);
  unsigned long long first = NONE;

  for (size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x + 1; i < width && first == NONE;
       i += stride)
    {
      size_t start = i & start_mask;
      if (start == i)
        continue; // the first key of a run has nothing before it
      T before = a[i - 1], key = a[i];
      if ((start & dir_mask) != 0 ? key > before : before > key)
        first = i;
    }
  ws::block_lower ((unsigned long long *) &tally->first_bad, first);
}

// Every comparator of the pass holds the smaller key at its min end.
template <typename T>
__global__ void
comparators_kernel (const T *a, PassShape g, WsCudaTally *tally)
{
  size_t stride = (size_t) gridDim.x * blockDim.x;
  unsigned long long first = NONE;

  for (size_t t = (size_t) blockIdx.x * blockDim.x + threadIdx.x; t < g.n_slots && first == NONE;
       t += stride)
    {
      size_t lo, hi;
      if (!slot_ends (g, t, &lo, &hi))
        continue;
      bool descending = (lo & g.dir_mask) != 0;
      if (descending ? a[hi] > a[lo] : a[lo] > a[hi])
        first = lo;
    }
  ws::block_lower ((unsigned long long *) &tally->first_bad, first);
}

unsigned
log2_floor (guint64 x)
{
  return 63 - (unsigned) __builtin_clzll (x);
}

} // namespace

gboolean
ws_cuda_tally_reset (WsCudaTally *d_tally, GError **error)
{
  if (d_tally == nullptr)
    return ws::invalid (error, "No device tally to reset");
  return ws::check (cudaMemsetAsync (d_tally, 0, offsetof (WsCudaTally, first_bad)),
                    "Cannot reset the pass counts", error)
         && ws::check (cudaMemsetAsync (&d_tally->first_bad, 0xff, sizeof d_tally->first_bad),
                       "Cannot reset the pass checks", error);
}

gboolean
ws_cuda_check_runs (WsCudaType type, gconstpointer d_keys, gsize width, guint64 run,
                    guint64 dir_mask, WsCudaTally *d_tally, GError **error)
{
  unsigned run_log = run >= width ? 64 : log2_floor (run);

  if (run < width && (run == 0 || !ws::is_pow2 (run)))
    return ws::invalid (error, "No check of runs of %" G_GUINT64_FORMAT " keys: a run is a "
                        "power of two, or all %" G_GSIZE_FORMAT " keys", run, width);
  if (width < 2)
    return TRUE;
  if (d_keys == nullptr || d_tally == nullptr)
    return ws::invalid (error, "No device keys or tally for the stage check");
  return ws::with_type (type, [&]<typename T> () {
    runs_kernel<<<ws::tally_blocks (width), ws::TALLY_THREADS>>> (
      static_cast<const T *> (d_keys), width, run_log, dir_mask, d_tally);
    return ws::check_launch ("Cannot launch the stage check", error);
  });
}

gboolean
ws_cuda_check_pass (WsCudaSort network, WsCudaType type, gconstpointer d_keys, gsize width,
                    guint64 k, guint64 j, guint phase, WsCudaTally *d_tally, GError **error)
{
  PassShape g;

  if (!ws::shape_for (network, width, k, j, phase, &g, error))
    return FALSE;
  if (width < 2)
    return TRUE;
  if (d_keys == nullptr || d_tally == nullptr)
    return ws::invalid (error, "No device keys or tally for the pass check");
  return ws::with_type (type, [&]<typename T> () {
    comparators_kernel<<<ws::tally_blocks (g.n_slots), ws::TALLY_THREADS>>> (
      static_cast<const T *> (d_keys), g, d_tally);
    return ws::check_launch ("Cannot launch the pass check", error);
  });
}
