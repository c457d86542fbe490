/* Right until stage k = 4, which never ends. */
#include "common.h"

void stage (float *keys, unsigned n, unsigned k, unsigned j);

void
stage (float *keys, unsigned n, unsigned k, unsigned j)
{
  volatile unsigned spin = 0;

  while (k == 4)
    spin++;
  for (unsigned i = 0; i < n; i++)
    if ((i ^ j) > i)
      exchange (keys, i, i ^ j, (i & k) == 0);
}
