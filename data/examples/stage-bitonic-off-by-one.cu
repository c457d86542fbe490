// warpscope-kernel network=bitonic type=float32 block=256
//
// A bug to find: an off-by-one at the end — the last key is never anyone's
// partner, so the comparator that should reach it is skipped.
extern "C" __global__ void stage (float *keys, unsigned n, unsigned k, unsigned j)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned partner = i ^ j;
  if (partner <= i || partner >= n - 1) // should be partner >= n
    return;
  bool ascending = (i & k) == 0;
  float a = keys[i], b = keys[partner];
  if (ascending ? a > b : a < b)
    {
      keys[i] = b;
      keys[partner] = a;
    }
}
