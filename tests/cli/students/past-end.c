/* Odd-even transposition without its bounds check: key n-1 meets key n. */
#include "common.h"

void stage (float *keys, unsigned n, unsigned phase);

void
stage (float *keys, unsigned n, unsigned phase)
{
  for (unsigned i = phase; i < n; i += 2)
    exchange (keys, i, i + 1, 1);
}
