// warpscope-kernel network=odd-even type=float32 block=256
//
// A bug to find: no bounds check. The last thread of the phase compares
// key n-1 with key n, which is not one of the keys — and the threads of
// the last block past n touch memory that is not ours. Warpscope keeps
// very small keys past the end, so the first such exchange pulls one in.
extern "C" __global__ void stage (float *keys, unsigned n, unsigned phase)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if ((i & 1) != phase) // missing: || i + 1 >= n
    return;
  float a = keys[i], b = keys[i + 1];
  if (a > b)
    {
      keys[i] = b;
      keys[i + 1] = a;
    }
}
