/* ws-movie.h: a scene's animation as numbered frames, for the files made of
 * it — `warpscope-cli render` (PNG frames, --video) and the application's
 * File ▸ Export Animation…. What frame i shows is decided here once, so
 * both draw the same pictures:
 *
 *   a network scene   frame i: pass i run (0: the keys as given), with the
 *                     highlights, comparators, runs and values the canvas
 *                     shows;
 *   a window sum      frame i: the first i rows of blocks of the launch
 *                     run, under a caption naming the run;
 *   a frames scene    frame i: the primitive's step i (0: its input).
 *
 * A movie borrows its scene; the scene's GL context must be current. */
#pragma once

#include "ws-frames-scene.h"
#include "ws-network-scene.h"
#include "ws-window-sum-scene.h"

G_BEGIN_DECLS

typedef enum
{
  WS_MOVIE_NETWORK,
  WS_MOVIE_WINDOW_SUM,
  WS_MOVIE_FRAMES,
} WsMovieKind;

typedef struct
{
  WsMovieKind       kind;
  WsNetworkScene   *network;    /* WS_MOVIE_NETWORK's */
  WsWindowSumScene *window_sum; /* WS_MOVIE_WINDOW_SUM's, and the variant */
  const char       *variant;    /* that computed its output ("cpu-seq") */
  WsFramesScene    *frames;     /* WS_MOVIE_FRAMES' */
} WsMovie;

/* The last frame's number: the frames are 0 … last. */
guint       ws_movie_last      (const WsMovie *movie);
/* What a frame's number counts, plural: "passes", "rows of blocks",
 * "steps". */
const char *ws_movie_unit      (WsMovieKind    kind);
/* The frame `frame` (≤ ws_movie_last) into the bound target of width ×
 * height device pixels. A network scene goes on from its pass, or replays
 * from the keys to go back; its stage checks run as it goes. */
gboolean    ws_movie_draw      (const WsMovie *movie,
                                guint          frame,
                                WsRenderer    *renderer,
                                int            width,
                                int            height,
                                double         scale,
                                GError       **error);

G_END_DECLS
