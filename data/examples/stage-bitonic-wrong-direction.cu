// warpscope-kernel network=bitonic type=float32 block=256
//
// A bug to find: the direction comes from the distance j instead of the
// stage k, so every pair is sorted ascending and the runs never become
// bitonic.
extern "C" __global__ void stage (float *keys, unsigned n, unsigned k, unsigned j)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned partner = i ^ j;
  if (partner <= i)
    return;
  bool ascending = (i & j) == 0; // should be (i & k) == 0
  float a = keys[i], b = keys[partner];
  if (ascending ? a > b : a < b)
    {
      keys[i] = b;
      keys[partner] = a;
    }
}
