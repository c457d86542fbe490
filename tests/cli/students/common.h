/* common.h: the students' C functions of test-cli-check-student — one
 * bitonic pass each, right or with one bug. */
#pragma once

static inline void
exchange (float *keys, unsigned a, unsigned b, int ascending)
{
  float x = keys[a], y = keys[b];
  if (ascending ? x > y : x < y)
    keys[a] = y, keys[b] = x;
}
