// warpscope-kernel network=oddeven-merge type=float32 block=256
//
// One pass of Batcher's odd-even merge sort, one thread per key. Stage p
// merges runs of p keys into runs of 2p; its passes compare keys k apart
// (k = p, p/2, …, 1), and only keys of the same run of 2p.
extern "C" __global__ void stage (float *keys, unsigned n, unsigned p, unsigned k)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned first = k % p;           // where this pass's comparators start
  if (i < first || i + k >= n)
    return;
  unsigned offset = i - first;
  if ((offset & k) != 0)             // the upper end of a comparator: its partner acts
    return;
  if (i / (2 * p) != (i + k) / (2 * p)) // ends in different runs of 2p: no comparator
    return;
  float a = keys[i], b = keys[i + k];
  if (a > b)
    {
      keys[i] = b;
      keys[i + k] = a;
    }
}
