// warpscope-kernel network=odd-even type=float32 block=256
//
// One phase of odd-even transposition sort: Warpscope launches it n times
// with one thread per key. In the even phase (phase 0) keys 0-1, 2-3, …
// are compared; in the odd phase (1) keys 1-2, 3-4, …
extern "C" __global__ void stage (float *keys, unsigned n, unsigned phase)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if ((i & 1) != phase || i + 1 >= n)
    return;
  float a = keys[i], b = keys[i + 1];
  if (a > b)
    {
      keys[i] = b;
      keys[i + 1] = a;
    }
}
