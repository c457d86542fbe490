/* ws-race.h: a race of sorting networks — two or three lanes sorting the
 * same keys on one clock — as plain arithmetic, apart from any drawing:
 * which pass each lane shows at a tick of the clock, what a GPU lane's
 * real kernels move through global memory by then, and the verdict once
 * all have finished. The application's Race window (app/ui/ws-race-window.c)
 * steps one scene a lane to the passes this says.
 *
 * Two clocks:
 *  BY_PASS: every lane runs one pass a tick; a lane that has run all its
 *    passes waits at its last. The race lasts as many ticks as the longest
 *    lane has passes.
 *  BY_TIME: each lane's whole sort was timed; a pass takes its lane's time
 *    over its passes, and at tick t (the clock at t × the slowest lane's
 *    time / the ticks) a lane shows the passes that time covers, so the
 *    faster sort finishes first. The race lasts as many ticks as the
 *    longest lane has passes, the slowest lane finishing at the last. */
#pragma once

#include <glib.h>

#include "ws-network.h"

G_BEGIN_DECLS

#define WS_RACE_MAX_LANES 3

typedef enum
{
  WS_RACE_BY_PASS,
  WS_RACE_BY_TIME,
} WsRaceClock;

typedef struct
{
  guint  n_passes;
  double seconds;  /* the whole sort, as measured; ≤ 0: not measured */
} WsRaceLane;

typedef struct
{
  WsRaceClock clock;
  guint       n_lanes;
  WsRaceLane  lanes[WS_RACE_MAX_LANES];
} WsRace;

/* Ticks until every lane has finished (0 when no lane has passes). */
guint    ws_race_n_ticks     (const WsRace *race);
/* The pass lane shows at tick (0: its input), at most its passes. */
guint    ws_race_pass_at     (const WsRace *race,
                              guint         lane,
                              guint         tick);
/* The first tick at which lane shows its last pass. */
guint    ws_race_finish_tick (const WsRace *race,
                              guint         lane);
/* BY_TIME: the clock's time at tick, in seconds of the measured sorts. */
double   ws_race_seconds_at  (const WsRace *race,
                              guint         tick);
/* Whether every lane has a time (BY_TIME needs them). */
gboolean ws_race_timed       (const WsRace *race);

/* A GPU lane's counters, the `gpu` variant's as it really runs
 * (ws-launch-plan.h), not the animation's one launch a pass: the launches
 * begun once `passes` passes have run — each one trip of all width keys
 * through global memory — and the bytes they move (each key read and
 * written once a trip). The launch that fills a bitonic sort's padded copy
 * (n < width, above the one-launch sorts, which pad in registers) is not
 * counted (it is not in the plan). */
guint64  ws_race_gpu_trips   (WsNetworkKind kind,
                              gsize         n,
                              guint         passes);
guint64  ws_race_gpu_bytes   (WsNetworkKind kind,
                              gsize         n,
                              gsize         key_size,
                              guint64       trips);

/* "0.8 ms", "2.10 s", "35 µs". Free with g_free. */
char    *ws_race_time_text   (double        seconds);

/* What a lane did, for the verdict. */
typedef struct
{
  const char *name;     /* "odd-even merge (CPU)" */
  guint       n_passes;
  double      seconds;  /* ≤ 0: not measured */
} WsRaceResult;

/* Once all have finished: "oddeven-merge finished first: 21 passes vs 36;
 * 0.8 ms vs 2.1 ms" — the winner first (fewest passes BY_PASS, least time
 * BY_TIME), then the others in lane order; lanes tied with the winner are
 * named with it ("… and … finished together: …"). The times are left out
 * where any is missing. Free with g_free. */
char    *ws_race_verdict     (WsRaceClock         clock,
                              const WsRaceResult *results,
                              guint               n);

G_END_DECLS
