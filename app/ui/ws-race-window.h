/* ws-race-window.h: Race — two or three sorting networks, or one network
 * on the CPU and the GPU, sorting the same keys one above the other on one
 * clock: pass by pass, or by their measured time so that the faster sort
 * visibly finishes first. Each lane counts its passes, comparators and
 * swaps, and a GPU lane its real kernels' trips through global memory, the
 * bytes they move and their time; when all have finished the window says
 * who won. Opened from the Sorting Networks mode (Race…) over its keys. */
#pragma once

#include <gtk/gtk.h>

#include "ws-array.h"
#include "ws-network.h"
#include "ws-race.h"

G_BEGIN_DECLS

#define WS_TYPE_RACE_WINDOW (ws_race_window_get_type ())
G_DECLARE_FINAL_TYPE (WsRaceWindow, ws_race_window, WS, RACE_WINDOW, GtkWindow)

/* A race over a copy of input (the first WS_RACE_WINDOW_MAX_KEYS keys),
 * network in the first lane and another in the second, both on the CPU.
 * Presentation mode follows parent's (its "presentation" property). */
#define WS_RACE_WINDOW_MAX_KEYS 65536
GtkWidget  *ws_race_window_new          (GtkWindow     *parent,
                                         const WsArray *input,
                                         WsNetworkKind  network);

guint       ws_race_window_n_lanes      (WsRaceWindow  *self);
/* A third lane (FALSE when there are three already). */
gboolean    ws_race_window_add_lane     (WsRaceWindow  *self);
void        ws_race_window_remove_lane  (WsRaceWindow  *self,
                                         guint          lane);
/* What lane runs: the race starts again. GPU only where there is one. */
void        ws_race_window_set_lane     (WsRaceWindow  *self,
                                         guint          lane,
                                         WsNetworkKind  network,
                                         gboolean       gpu);
void        ws_race_window_set_clock    (WsRaceWindow  *self,
                                         WsRaceClock    clock);

/* The clock: the tick shown and the ticks in all; each lane's pass. */
guint       ws_race_window_tick         (WsRaceWindow  *self);
guint       ws_race_window_n_ticks      (WsRaceWindow  *self);
void        ws_race_window_seek         (WsRaceWindow  *self,
                                         guint          tick);
guint       ws_race_window_lane_pass    (WsRaceWindow  *self,
                                         guint          lane);
/* Whether every lane's sort has been timed. */
gboolean    ws_race_window_timed        (WsRaceWindow  *self);

/* For tests: what the window says — a lane's counters, the verdict. */
const char *ws_race_window_counters_text (WsRaceWindow *self,
                                          guint         lane);
const char *ws_race_window_verdict      (WsRaceWindow  *self);

G_END_DECLS
