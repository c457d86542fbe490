/* ws-network-private.h: the shape of a pass, shared by the schedule
 * (ws-network.c), the CPU kernels (ws-network-sort.c) and the invariant
 * checks (ws-network-check.c) so that the three agree on which comparators
 * a pass has by construction.
 *
 * Every pass of the three networks is a row of equal blocks: block b starts
 * at first + b * block_step and holds 2^block_shift comparators whose lower
 * ends follow each other 2^stride_shift apart and whose upper ends are dist
 * further on. Slot t is comparator t mod 2^block_shift of block
 * t >> block_shift, so a pass can be cut into ranges of slots for threads,
 * and any slot located with shifts, without listing its comparators.
 *
 *   bitonic (k, j):  first 0, blocks of j, block_step 2j, stride 1, dist j;
 *                    a block descends when (start & k) != 0;
 *   odd-even phase:  first phase, a single block (block_shift 63) of
 *                    floor ((n - phase) / 2) slots, stride 2, dist 1;
 *   merge (p, k):    first k % p, blocks of k, block_step 2k, stride 1,
 *                    dist k; a comparator exists only if both ends lie in
 *                    [0, n) and in the same aligned run of 2p keys.
 */
#pragma once

#include "ws-network.h"

G_BEGIN_DECLS

typedef struct
{
  guint64 n_slots;
  guint   block_shift;
  guint   stride_shift;
  guint64 block_step;
  guint64 first;
  guint64 dist;
  guint64 dir_mask;   /* bitonic k: a block descends when start & dir_mask */
  guint64 run_len;    /* merge 2p: both ends must share an aligned run */
  guint64 limit;      /* both ends must be below it (n, or the width) */
} WsPassGeometry;

void ws_network_pass_geometry (const WsNetwork *net,
                               guint            pass,
                               WsPassGeometry  *geo);

/* A span of count comparators: first, then first shifted by stride, ... */
typedef gboolean (*WsSpanFunc) (const WsComparator *first,
                                guint64             count,
                                guint64             stride,
                                gpointer            data);

/* Call visit for the comparators of pass, in increasing order of their lower
 * index, until it returns FALSE; returns FALSE when it was stopped. */
gboolean ws_network_foreach_span (const WsNetwork *net,
                                  guint            pass,
                                  WsSpanFunc       visit,
                                  gpointer         data);

/* The comparators of slots t .. t + len - 1 (t < n_slots, all in one block)
 * that exist: returns how many (a prefix of them, possibly none) and sets
 * *min_at / *max_at to the ends of the first; the others follow by stride.
 *
 * Testing the first comparator is enough: the same-run test answers alike
 * for a whole merge block (its lower ends fill [start, start + k), and since
 * start is a multiple of 2p or an odd multiple of k, a 2p boundary can only
 * fall at start + k, separating every pair of the block or none), and
 * hi < limit keeps a prefix. (lo ^ hi) < run_len is lo / run_len ==
 * hi / run_len for a power-of-two run_len. */
static inline guint64
ws_pass_span (const WsPassGeometry *geo,
              guint64               t,
              guint64               len,
              guint64              *min_at,
              guint64              *max_at)
{
  guint64 b = t >> geo->block_shift;
  guint64 o = t & ((G_GUINT64_CONSTANT (1) << geo->block_shift) - 1);
  guint64 lo = geo->first + b * geo->block_step + (o << geo->stride_shift);
  guint64 hi = lo + geo->dist;
  gboolean descending = (lo & geo->dir_mask) != 0;

  if (hi >= geo->limit || (lo ^ hi) >= geo->run_len)
    return 0;
  *min_at = descending ? hi : lo;
  *max_at = descending ? lo : hi;
  /* How many of hi, hi + stride, hi + 2 stride, .. lie below limit. */
  return MIN (len, ((geo->limit - hi - 1) >> geo->stride_shift) + 1);
}

G_END_DECLS
