// warpscope-kernel network=bitonic type=float32 block=256
//
// A bug to find: the partner is k away instead of j. In pass 1 (k = 2,
// j = 1) key 0 is compared with key 2, not key 1.
extern "C" __global__ void stage (float *keys, unsigned n, unsigned k, unsigned j)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned partner = i ^ k; // should be i ^ j
  if (partner <= i || partner >= n)
    return;
  bool ascending = (i & k) == 0;
  float a = keys[i], b = keys[partner];
  if (ascending ? a > b : a < b)
    {
      keys[i] = b;
      keys[partner] = a;
    }
}
