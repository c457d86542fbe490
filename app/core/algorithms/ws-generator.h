/* ws-generator.h: input distributions, reproducible from a 64-bit seed.
 *
 * The same (type, distribution, n, seed) gives the same array on every
 * machine: the generator is our own xoshiro256** seeded through splitmix64,
 * not the C library's or GLib's, so results never depend on their versions.
 *
 * uniform, sorted, reversed, organ-pipe and nearly-sorted all draw the same
 * n uniform keys first, so for one seed they hold the same multiset.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"

G_BEGIN_DECLS

typedef enum
{
  WS_DIST_UNIFORM,       /* float32 in [0,1) as study 000; int32 over the whole range */
  WS_DIST_UNIFORM16,     /* integers in [0, 65536) (int32 mod 65536), for both types */
  WS_DIST_SORTED,        /* uniform keys, ascending */
  WS_DIST_REVERSED,      /* uniform keys, descending */
  WS_DIST_FEW_UNIQUE,    /* 16 distinct uniform keys, each about n/16 times, shuffled */
  WS_DIST_ORGAN_PIPE,    /* first ceil(n/2) ascending, the rest descending */
  WS_DIST_NEARLY_SORTED, /* ascending, then round(n/100) swaps of a key with one 1..8 places on */
  WS_N_DISTS,
} WsDistribution;

typedef struct
{
  guint64 s[4];
} WsRng;

void         ws_rng_init                (WsRng   *rng,
                                         guint64  seed);
guint64      ws_rng_next                (WsRng   *rng);
/* Uniform in [0, bound), without modulo bias; bound > 0. */
guint64      ws_rng_below               (WsRng   *rng,
                                         guint64  bound);
/* Uniform float32 in [0,1): every value a multiple of 2^-24. */
gfloat       ws_rng_float01             (WsRng   *rng);

const char  *ws_distribution_name       (WsDistribution dist);
gboolean     ws_distribution_from_string (const char     *name,
                                          WsDistribution *out,
                                          GError        **error);

/* n keys of the distribution, the same for the same seed. NULL with an
 * error when they cannot be allocated, or with WS_ERROR_CANCELLED when the
 * thread's run is cancelled meanwhile (ws-cancel.h). */
WsArray     *ws_generate                (WsKeyType       type,
                                         WsDistribution  dist,
                                         gsize           n,
                                         guint64         seed,
                                         GError        **error);

G_END_DECLS
