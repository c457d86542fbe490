/* Right until stage k = 4, which writes far past the keys. */
#include <signal.h>

#include "common.h"

void stage (float *keys, unsigned n, unsigned k, unsigned j);

void
stage (float *keys, unsigned n, unsigned k, unsigned j)
{
  if (k == 4)
    raise (SIGSEGV); /* what a wild write does, without depending on the heap's layout */
  for (unsigned i = 0; i < n; i++)
    if ((i ^ j) > i)
      exchange (keys, i, i ^ j, (i & k) == 0);
}
