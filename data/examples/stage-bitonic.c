/* A bitonic pass as a C function, for students without a GPU. Build it as a
 * shared object and check it:
 *   cc -shared -fPIC -O2 -o stage-bitonic.so data/examples/stage-bitonic.c
 *   warpscope-cli check stage-bitonic.so --network bitonic
 * Warpscope calls stage once per pass; it does the whole pass. */
void stage (float *keys, unsigned n, unsigned k, unsigned j);

void
stage (float *keys, unsigned n, unsigned k, unsigned j)
{
  for (unsigned i = 0; i < n; i++)
    {
      unsigned partner = i ^ j;
      if (partner <= i)
        continue;
      int ascending = (i & k) == 0;
      float a = keys[i], b = keys[partner];
      if (ascending ? a > b : a < b)
        {
          keys[i] = b;
          keys[partner] = a;
        }
    }
}
