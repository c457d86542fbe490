// warpscope-kernel network=bitonic type=float32 block=256
//
// One pass of a bitonic sort: Warpscope launches this once per pass with
// one thread per key (n threads, in blocks of 256). Stage k sorts runs of
// k keys, alternately ascending and descending; pass j compares each key
// with the one j away.
//   warpscope-cli check data/examples/stage-bitonic.cu
extern "C" __global__ void stage (float *keys, unsigned n, unsigned k, unsigned j)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned partner = i ^ j;
  if (partner <= i)
    return; // the lower end of each pair does the work
  bool ascending = (i & k) == 0;
  float a = keys[i], b = keys[partner];
  if (ascending ? a > b : a < b)
    {
      keys[i] = b;
      keys[partner] = a;
    }
}
