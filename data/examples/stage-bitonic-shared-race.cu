// warpscope-kernel network=bitonic type=float32 block=256
//
// A bug to find: a race on shared memory. The block stages its keys in
// shared memory, the lower thread of each pair exchanges the two there,
// and every thread writes its own slot back — but with no __syncthreads()
// between the exchange and the write-back. While a pair sits in one warp
// this goes right; from the first pass whose distance reaches across warps
// (j = 32, pass 16), the upper thread can write its slot back before its
// partner has exchanged it: one key is lost and the other doubled.
// compute-sanitizer --tool racecheck names the two lines.
extern "C" __global__ void stage (float *keys, unsigned n, unsigned k, unsigned j)
{
  __shared__ float tile[256];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned t = threadIdx.x;
  if (j >= blockDim.x || n < blockDim.x)
    {
      // partners in other blocks, or fewer keys than a block: global memory
      if (i >= n || (i ^ j) <= i)
        return;
      bool ascending = (i & k) == 0;
      float a = keys[i], b = keys[i ^ j];
      if (ascending ? a > b : a < b)
        keys[i] = b, keys[i ^ j] = a;
      return;
    }
  tile[t] = keys[i];
  __syncthreads ();
  if ((t ^ j) > t)
    {
      bool ascending = (i & k) == 0;
      float a = tile[t], b = tile[t ^ j];
      if (ascending ? a > b : a < b)
        tile[t] = b, tile[t ^ j] = a;
    }
  // missing: __syncthreads ();
  keys[i] = tile[t];
}
