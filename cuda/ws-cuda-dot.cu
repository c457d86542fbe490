// ws-cuda-dot.cu: study 000 on the GPU — sort a and b ascending in place,
// then their dot product; both arrays come back sorted.
//
// gpu-seed: the study's bitonic sort and its dot kernel (float products in a
// per-thread float sum, the shared cache[1024] halving tree, block partials
// added on the host). gpu: our bitonic sort, then double products (float32)
// or exact 128-bit sums of int64 products (int32) in our one-kernel sum,
// whose block partials add up exactly.
// gpu-lib: CUB's radix sort and CUB's reduction of the products.
#include "ws-cuda-sum.cuh"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/counting_iterator.h>

const unsigned ws::impls_dot
    = ws::impl_bit (WS_CUDA_SEED) | ws::impl_bit (WS_CUDA_OURS) | ws::impl_bit (WS_CUDA_LIB);

namespace
{

using ws::sum::Wide;

// The exact (int32) or double (float32) product of a[i] and b[i]: a product
// of two floats is exact in double, one of two int32 in int64.
template <typename T> struct Product;
template <> struct Product<int32_t>
{
  using type = Wide;
  using total = ws::sum::IntSum; // what our blocks add their partials into
  const int32_t *a, *b;
  __host__ __device__ Wide
  operator() (size_t i) const
  {
    return ws::sum::wide_of ((long long) a[i] * b[i]);
  }
};
template <> struct Product<float>
{
  using type = double;
  using total = ws::sum::ProductSum;
  const float *a, *b;
  __host__ __device__ double
  operator() (size_t i) const
  {
    return (double) a[i] * (double) b[i];
  }
};

template <typename T> using ProductT = typename Product<T>::type;

// The dot product as the result, or the error for an int32 one outside int64.
template <typename A>
bool
to_scalar (A v, size_t n, WsCudaScalar *out, GError **error)
{
  return ws::sum::to_scalar (v, out, [&] (double approx) {
    return ws::invalid (error,
                        "The int32 dot product of %" G_GSIZE_FORMAT " keys is about %.6g, outside "
                        "the int64 range of an exact result; use --type float32 or smaller keys",
                        (gsize) n, approx);
  });
}

// The two arrays on the device and where their sorted keys end up (CUB's
// radix sort may leave them in its spare buffer).
template <typename T> struct Pair
{
  ws::DeviceBuffer<T> a, b, spare;
  T *sorted_a = nullptr, *sorted_b = nullptr;
  size_t n = 0;

  bool
  alloc (size_t count, bool with_spare, GError **error)
  {
    n = count;
    if (!a.alloc (n, "Cannot allocate the first array on the GPU", error)
        || !b.alloc (n, "Cannot allocate the second array on the GPU", error)
        || (with_spare && !spare.alloc (n, "Cannot allocate the sort's buffer on the GPU", error)))
      return false;
    sorted_a = a.get ();
    sorted_b = b.get ();
    return true;
  }
  bool
  upload (const void *ha, const void *hb, GError **error)
  {
    return ws::upload (a.get (), ha, n * sizeof (T), error)
           && ws::upload (b.get (), hb, n * sizeof (T), error);
  }
  bool
  download (void *ha, void *hb, GError **error)
  {
    return ws::download (ha, sorted_a, n * sizeof (T), error)
           && ws::download (hb, sorted_b, n * sizeof (T), error);
  }
};

// Both arrays through the bitonic network of `impl` (fewer than 2 keys are sorted).
bool
bitonic_pair (WsCudaImpl impl, WsCudaType type, void *a, void *b, size_t n, guint64 *launches,
              GError **error)
{
  return n < 2
         || (ws::bitonic_sort_device (impl, type, a, n, launches, error)
             && ws::bitonic_sort_device (impl, type, b, n, launches, error));
}

// ---- gpu-seed: study 000's dotProdKernel ----

using ws::sum::SEED_BLOCK;

// The study multiplied and added in float. int32 products need 63 bits and
// a block's sum up to 73: 128-bit sums keep the seed exact.
template <typename T> struct SeedAcc
{
  using type = float;
};
template <> struct SeedAcc<int32_t>
{
  using type = Wide;
};

template <typename T> using SeedAccT = typename SeedAcc<T>::type;

__device__ inline float seed_product (float a, float b) { return a * b; }
__device__ inline Wide seed_product (int32_t a, int32_t b) { return ws::sum::wide_of ((long long) a * b); }

template <typename T>
__global__ void
seed_kernel (const T *a, const T *b, SeedAccT<T> *partials, size_t n)
{
  size_t idx = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
  SeedAccT<T> sum = SeedAccT<T> ();

  while (idx < n)
    {
      sum = sum + seed_product (a[idx], b[idx]);
      idx += (size_t) blockDim.x * gridDim.x;
    }
  ws::sum::seed_block_sum (sum, partials);
}

template <typename T>
bool
seed_dot (WsCudaType type, void *a, void *b, size_t n, WsCudaScalar *out, WsCudaTiming *timing,
          GError **error)
{
  ws::PhaseTimer timer (timing);
  Pair<T> d;
  ws::DeviceBuffer<SeedAccT<T>> d_part;
  size_t blocks = (n + SEED_BLOCK - 1) / SEED_BLOCK; // one element per thread, as the study sized it
  g_autofree SeedAccT<T> *part = g_try_new (SeedAccT<T>, blocks + 1);

  if (part == nullptr)
    return ws::invalid (error, "dot: no host memory for %" G_GSIZE_FORMAT " block sums",
                        (gsize) blocks);
  if (!timer.start (error) || !d.alloc (n, false, error)
      || !d_part.alloc (blocks, "Cannot allocate the block sums on the GPU", error))
    return false;
  timer.allocated ();
  if (!d.upload (a, b, error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_UPLOAD);
  if (!bitonic_pair (WS_CUDA_SEED, type, d.a.get (), d.b.get (), n, &timing->launches, error))
    return false;
  if (blocks > 0)
    {
      seed_kernel<T><<<(unsigned) blocks, SEED_BLOCK>>> (d.a.get (), d.b.get (), d_part.get (), n);
      timer.launched ();
      if (!ws::check_launch ("Cannot launch the dot kernel", error))
        return false;
    }
  timer.mark (ws::PhaseTimer::AFTER_KERNELS);
  if (!d.download (a, b, error)
      || !ws::download (part, d_part.get (), blocks * sizeof (SeedAccT<T>), error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_DOWNLOAD);
  return timer.finish (error) && to_scalar (ws::sum::seed_total (part, blocks), n, out, error);
}

// ---- gpu: our bitonic sort, then the one-kernel sum of the products ----

template <typename T>
bool
ours_dot (WsCudaType type, void *a, void *b, size_t n, WsCudaScalar *out, WsCudaTiming *timing,
          GError **error)
{
  using Total = typename Product<T>::total;
  ws::PhaseTimer timer (timing);
  Pair<T> d;
  ws::sum::Scratch<Total> scratch;
  Total sum;

  if (!timer.start (error) || !d.alloc (n, false, error) || !scratch.alloc (error))
    return false;
  timer.allocated ();
  if (!d.upload (a, b, error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_UPLOAD);
  if (!bitonic_pair (WS_CUDA_OURS, type, d.a.get (), d.b.get (), n, &timing->launches, error)
      || !ws::sum::launch (Product<T>{ d.a.get (), d.b.get () }, n, scratch, &timing->launches,
                           error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_KERNELS);
  if (!d.download (a, b, error) || !ws::download (&sum, scratch.total.get (), sizeof sum, error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_DOWNLOAD);
  return timer.finish (error) && to_scalar (ws::sum::total_value (sum), n, out, error);
}

// ---- gpu-lib: CUB radix sort, then CUB's reduction of the products ----

// With d_temp NULL these only size CUB's scratch.
template <typename T>
cudaError_t
cub_sort (void *d_temp, size_t &bytes, cub::DoubleBuffer<T> &keys, size_t n)
{
  return cub::DeviceRadixSort::SortKeys (d_temp, bytes, keys, n);
}

template <typename T>
cudaError_t
cub_dot (void *d_temp, size_t &bytes, Product<T> product, ProductT<T> *d_sum, size_t n)
{
  return cub::DeviceReduce::TransformReduce (d_temp, bytes, thrust::counting_iterator<size_t> (0),
                                             d_sum, n, ws::sum::Add{}, product, ProductT<T> ());
}

// Sorts the keys at *cur; afterwards *cur holds them sorted and *spare is free.
template <typename T>
bool
lib_sort (T **cur, T **spare, size_t n, void *d_temp, size_t bytes, GError **error)
{
  cub::DoubleBuffer<T> keys (*cur, *spare);

  if (!ws::check (cub_sort<T> (d_temp, bytes, keys, n), "CUB's radix sort failed", error))
    return false;
  *cur = keys.Current ();
  *spare = keys.Alternate ();
  return true;
}

// One scratch buffer serves both sorts and the reduction.
template <typename T>
bool
lib_temp (Pair<T> &d, ProductT<T> *d_sum, ws::DeviceBuffer<unsigned char> &temp, size_t *bytes,
          GError **error)
{
  size_t sort_bytes = 0, dot_bytes = 0;
  cub::DoubleBuffer<T> keys (d.a.get (), d.spare.get ());

  if (!ws::check (cub_sort<T> (nullptr, sort_bytes, keys, d.n), "CUB cannot size the sort", error)
      || !ws::check (cub_dot<T> (nullptr, dot_bytes, Product<T>{ d.a.get (), d.b.get () }, d_sum,
                                 d.n), "CUB cannot size the reduction", error))
    return false;
  *bytes = sort_bytes > dot_bytes ? sort_bytes : dot_bytes;
  return temp.alloc (*bytes, "Cannot allocate CUB's scratch on the GPU", error);
}

template <typename T>
bool
lib_kernels (Pair<T> &d, ProductT<T> *d_sum, void *d_temp, size_t bytes, guint64 *launches,
             GError **error)
{
  T *spare = d.spare.get ();

  // Fewer than 2 keys are sorted already.
  if (d.n >= 2
      && (!lib_sort (&d.sorted_a, &spare, d.n, d_temp, bytes, error)
          || !lib_sort (&d.sorted_b, &spare, d.n, d_temp, bytes, error)))
    return false;
  *launches += d.n >= 2 ? 3 : 1; // each library call counts as one
  return ws::check (cub_dot<T> (d_temp, bytes, Product<T>{ d.sorted_a, d.sorted_b }, d_sum, d.n),
                    "CUB's reduction failed", error);
}

template <typename T>
bool
lib_dot (void *a, void *b, size_t n, WsCudaScalar *out, WsCudaTiming *timing, GError **error)
{
  using A = ProductT<T>;
  ws::PhaseTimer timer (timing);
  Pair<T> d;
  ws::DeviceBuffer<A> d_sum;
  ws::DeviceBuffer<unsigned char> d_temp;
  size_t bytes = 0;
  A sum;

  if (!timer.start (error) || !d.alloc (n, true, error)
      || !d_sum.alloc (1, "Cannot allocate the dot product on the GPU", error)
      || !lib_temp (d, d_sum.get (), d_temp, &bytes, error))
    return false;
  timer.allocated ();
  if (!d.upload (a, b, error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_UPLOAD);
  if (!lib_kernels (d, d_sum.get (), d_temp.get (), bytes, &timing->launches, error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_KERNELS);
  if (!d.download (a, b, error) || !ws::download (&sum, d_sum.get (), sizeof sum, error))
    return false;
  timer.mark (ws::PhaseTimer::AFTER_DOWNLOAD);
  return timer.finish (error) && to_scalar (sum, n, out, error);
}

} // namespace

gboolean
ws_cuda_dot (WsCudaImpl    impl,
             WsCudaType    type,
             void         *a,
             void         *b,
             gsize         n,
             WsCudaScalar *out,
             WsCudaTiming *timing,
             GError      **error)
{
  if (!ws::has ("dot", impl))
    return ws::unsupported ("dot", impl, error);
  *out = WsCudaScalar ();
  return ws::with_type (type, [&]<typename T> () {
    switch (impl)
      {
      case WS_CUDA_SEED: return seed_dot<T> (type, a, b, n, out, timing, error);
      case WS_CUDA_LIB: return lib_dot<T> (a, b, n, out, timing, error);
      default: return ours_dot<T> (type, a, b, n, out, timing, error);
      }
  });
}
