/* The direction from the distance j instead of the stage k. */
#include "common.h"

void stage (float *keys, unsigned n, unsigned k, unsigned j);

void
stage (float *keys, unsigned n, unsigned k, unsigned j)
{
  for (unsigned i = 0; i < n; i++)
    if ((i ^ j) > i)
      exchange (keys, i, i ^ j, (i & j) == 0);
}
