// ws-cuda-reduce.cu: the sum of all keys on the GPU (study 002's reduce,
// written in study 000's dot-product shape for gpu-seed).
//
// int32 sums are exact (128-bit accumulation; a total outside int64 is an
// error), float32 sums come back as a double. gpu-seed keeps the study's
// float accumulator, so its rounding is the study's.
#include "ws-cuda-sum.cuh"

#include <cub/device/device_reduce.cuh>

const unsigned ws::impls_reduce
    = ws::impl_bit (WS_CUDA_SEED) | ws::impl_bit (WS_CUDA_OURS) | ws::impl_bit (WS_CUDA_LIB);

namespace
{

using ws::sum::Wide;

// What ours and gpu-lib add keys up in: exact for int32, double for float32;
// and what our blocks add their partials into: exact for both.
template <typename T> struct Exact;
template <> struct Exact<int32_t>
{
  using type = Wide;
  using total = ws::sum::IntSum;
  __host__ __device__ static Wide of (int32_t v) { return ws::sum::wide_of (v); }
};
template <> struct Exact<float>
{
  using type = double;
  using total = ws::sum::FloatSum;
  __host__ __device__ static double of (float v) { return v; }
};

template <typename T> using ExactT = typename Exact<T>::type;

// Key i widened, for our kernels; keys 4q … 4q + 3 summed from one 16-byte
// load (cudaMalloc aligns x), which the sum kernel takes where a load has
// quads: fewer load instructions for the same bytes in flight (2^26 float32
// keys on an H100, back to back: 0.0892 ms against 0.0915 for one key a
// load, in a standalone harness).
template <typename T> struct LoadKey
{
  const T *x;
  __device__ ExactT<T> operator() (size_t i) const { return Exact<T>::of (x[i]); }
  __device__ ExactT<T>
  quad (size_t q) const
  {
    ws::Vec4<T> v = __ldg (reinterpret_cast<const ws::Vec4<T> *> (x) + q);
    return (Exact<T>::of (v.x) + Exact<T>::of (v.y)) + (Exact<T>::of (v.z) + Exact<T>::of (v.w));
  }
};

// A key widened, for CUB's transform.
template <typename T> struct Widen
{
  __host__ __device__ ExactT<T> operator() (T v) const { return Exact<T>::of (v); }
};

// The sum as the result, or the error for an int32 sum outside int64.
template <typename A>
bool
to_scalar (A v, size_t n, WsCudaScalar *out, GError **error)
{
  return ws::sum::to_scalar (v, out, [&] (double approx) {
    return ws::invalid (error,
                        "reduce: the sum of %" G_GSIZE_FORMAT " int32 keys is about %.6g, outside "
                        "the int64 range of the result; reduce a smaller part of the array",
                        (gsize) n, approx);
  });
}

// ---- gpu-seed: study 000's dot-product reduction applied to a sum ----

using ws::sum::SEED_BLOCK;

// The study accumulated in float. int32 keys add up exactly in 64 bits: a
// block sums at most 1024 of them; the host adds the blocks in 128 bits.
template <typename T> struct SeedAcc
{
  using type = float;
};
template <> struct SeedAcc<int32_t>
{
  using type = long long;
};

template <typename T> using SeedAccT = typename SeedAcc<T>::type;

// Per-thread grid-stride sum, then the shared-memory halving tree of the
// study; thread 0 stores the block's sum.
template <typename T>
__global__ void
seed_kernel (const T *x, SeedAccT<T> *partials, size_t n)
{
  size_t idx = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  SeedAccT<T> sum = 0;

  while (idx < n)
    {
      sum += x[idx];
      idx += (size_t) blockDim.x * gridDim.x;
    }
  ws::sum::seed_block_sum (sum, partials);
}

template <typename T>
bool
seed_reduce (const void *keys, size_t n, WsCudaScalar *out, WsCudaTiming *timing, GError **error)
{
  ws::PhaseTimer timer (timing);
  ws::DeviceBuffer<T> d_keys;
  ws::DeviceBuffer<SeedAccT<T>> d_part;
  size_t blocks = (n + SEED_BLOCK - 1) / SEED_BLOCK; // one key per thread, as the study sized it
  g_autofree SeedAccT<T> *part = g_try_new (SeedAccT<T>, blocks + 1);

  if (part == nullptr)
    return ws::invalid (error, "reduce: no host memory for %" G_GSIZE_FORMAT " block sums",
                        (gsize) blocks);
  if (!timer.start (error) || !d_keys.alloc (n, "Cannot allocate the keys on the GPU", error)
      || !d_part.alloc (blocks, "Cannot allocate the block sums on the GPU", error))
    return false;
  timer.allocated ();
  if (!ws::upload (d_keys.get (), keys, n * sizeof (T), error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_UPLOAD);
  if (blocks > 0)
    {
      seed_kernel<T><<<(unsigned) blocks, SEED_BLOCK>>> (d_keys.get (), d_part.get (), n);
      timer.launched ();
      if (!ws::check_launch ("Cannot launch the reduce kernel", error))
        return false;
    }
  timer.mark (ws::PhaseTimer::AFTER_KERNELS);
  if (!ws::download (part, d_part.get (), blocks * sizeof (SeedAccT<T>), error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_DOWNLOAD);
  return timer.finish (error) && to_scalar (ws::sum::seed_total (part, blocks), n, out, error);
}

// ---- gpu: one launch, block partials added exactly into one total ----

template <typename T>
bool
ours_reduce (const void *keys, size_t n, WsCudaScalar *out, WsCudaTiming *timing, GError **error)
{
  using Total = typename Exact<T>::total;
  ws::PhaseTimer timer (timing);
  ws::DeviceBuffer<T> d_keys;
  ws::sum::Scratch<Total> scratch;
  Total sum;

  if (!timer.start (error) || !d_keys.alloc (n, "Cannot allocate the keys on the GPU", error)
      || !scratch.alloc (error))
    return false;
  timer.allocated ();
  if (!ws::upload (d_keys.get (), keys, n * sizeof (T), error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_UPLOAD);
  if (!ws::sum::launch (LoadKey<T>{ d_keys.get () }, n, scratch, &timing->launches, error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_KERNELS);
  if (!ws::download (&sum, scratch.total.get (), sizeof sum, error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_DOWNLOAD);
  return timer.finish (error) && to_scalar (ws::sum::total_value (sum), n, out, error);
}

// ---- gpu-lib: cub::DeviceReduce over the widened keys ----

// CUB's sum into the exact type; with d_temp NULL it only sizes its
// scratch. float32 keys go to DeviceReduce::Sum with a double result, which
// adds in double (the type of double + float) with vector loads, as a
// program calling CUB would; int32 keys need the 128-bit type, whose
// widening TransformReduce does key by key.
template <typename T>
cudaError_t
cub_sum (void *d_temp, size_t &bytes, const T *d_keys, ExactT<T> *d_sum, size_t n)
{
  if constexpr (std::is_same_v<T, float>)
    return cub::DeviceReduce::Sum (d_temp, bytes, d_keys, d_sum, n);
  else
    return cub::DeviceReduce::TransformReduce (d_temp, bytes, d_keys, d_sum, n, ws::sum::Add{},
                                               Widen<T>{}, ExactT<T> ());
}

template <typename T>
bool
lib_reduce (const void *keys, size_t n, WsCudaScalar *out, WsCudaTiming *timing, GError **error)
{
  using A = ExactT<T>;
  ws::PhaseTimer timer (timing);
  ws::DeviceBuffer<T> d_keys;
  ws::DeviceBuffer<A> d_sum;
  ws::DeviceBuffer<unsigned char> d_temp;
  size_t temp_bytes = 0;
  A sum;

  if (!timer.start (error) || !d_keys.alloc (n, "Cannot allocate the keys on the GPU", error)
      || !d_sum.alloc (1, "Cannot allocate the sum on the GPU", error)
      || !ws::check (cub_sum<T> (nullptr, temp_bytes, d_keys.get (), d_sum.get (), n),
                     "CUB cannot size the reduction", error)
      || !d_temp.alloc (temp_bytes, "Cannot allocate CUB's scratch on the GPU", error))
    return false;
  timer.allocated ();
  if (!ws::upload (d_keys.get (), keys, n * sizeof (T), error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_UPLOAD);
  if (!ws::check (cub_sum<T> (d_temp.get (), temp_bytes, d_keys.get (), d_sum.get (), n),
                  "CUB's reduction failed", error))
    return false;
  timer.launched ();
  timer.mark (ws::PhaseTimer::AFTER_KERNELS);
  if (!ws::download (&sum, d_sum.get (), sizeof sum, error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_DOWNLOAD);
  return timer.finish (error) && to_scalar (sum, n, out, error);
}

} // namespace

gboolean
ws_cuda_reduce (WsCudaImpl    impl,
                WsCudaType    type,
                const void   *keys,
                gsize         n,
                WsCudaScalar *out,
                WsCudaTiming *timing,
                GError      **error)
{
  if (!ws::has ("reduce", impl))
    return ws::unsupported ("reduce", impl, error);
  *out = WsCudaScalar ();
  return ws::with_type (type, [&]<typename T> () {
    switch (impl)
      {
      case WS_CUDA_SEED: return seed_reduce<T> (keys, n, out, timing, error);
      case WS_CUDA_LIB: return lib_reduce<T> (keys, n, out, timing, error);
      default: return ours_reduce<T> (keys, n, out, timing, error);
      }
  });
}
