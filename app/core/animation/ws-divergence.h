/* ws-divergence.h: where a student's sort first parts from the reference
 * network (issue 17's comparison). Given the keys before a pass, the
 * reference's keys after it and the student's, it finds the first key that
 * differs, the comparator that should have produced it, and the kind of
 * fault: keys in the wrong order, or keys lost or duplicated (the pass
 * changed the multiset — an overwrite instead of a swap).
 *
 * Keys compare by value, as the engine's checks do: -0.0 and +0.0 are the
 * same key wherever they sit.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"
#include "ws-network.h"
#include "ws-trace.h"

G_BEGIN_DECLS

typedef enum
{
  WS_DIVERGENCE_ORDER, /* the same keys, one in the wrong place */
  WS_DIVERGENCE_KEYS,  /* a key lost or duplicated */
} WsDivergenceKind;

typedef struct
{
  WsDivergenceKind kind;
  guint            pass;           /* the network's pass (from 0) */
  gsize            index;          /* the first key that differs */
  WsKeyType        type;
  double           expected, got;  /* the reference's key there, and the student's */
  gboolean         has_comparator; /* the pass has a comparator at index: */
  WsComparator     comparator;     /*   that one */
} WsDivergence;

/* Compares got with expected, both the network's width of keys after pass
 * `pass` applied to `before` (by the student and by the reference). FALSE
 * when they hold the same keys in the same order; else TRUE and *found. */
gboolean  ws_divergence_find     (const WsNetwork    *net,
                                  guint               pass,
                                  const WsArray      *before,
                                  const WsArray      *expected,
                                  const WsArray      *got,
                                  WsDivergence       *found);

/* "pass 3 of 21 (stage k=4, distance j=1): key 5 is 0.25 where the
 * reference has 0.5 — comparator (4, 5) should have produced it; the keys
 * are in the wrong order". Free with g_free. */
char     *ws_divergence_describe (const WsNetwork    *net,
                                  const WsDivergence *divergence);

/* A trace against kind's network on its input (padded as the engine pads:
 * bitonic to a power of two with the largest key): *diverged tells whether
 * a pass parts from the reference, and *found the first that does. A
 * trace with another number of passes, or passes of another length, is
 * WS_ERROR_INVALID_ARGUMENT saying what the network needs. */
gboolean  ws_divergence_trace    (WsNetworkKind       kind,
                                  const WsTrace      *trace,
                                  gboolean           *diverged,
                                  WsDivergence       *found,
                                  GError            **error);

G_END_DECLS
