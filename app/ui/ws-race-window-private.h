/* ws-race-window-private.h: what the race window's two files share —
 * ws-race-window.c (the window, its lanes' controls, the actions) and
 * ws-race-window-play.c (the scenes on one clock, the timing, the
 * counters and the drawing). */
#pragma once

#include "ws-canvas.h"
#include "ws-network-scene.h"
#include "ws-pacer.h"
#include "ws-race-window.h"

typedef struct
{
  WsRaceWindow    *window;
  guint            index;
  /* controls, made in code */
  GtkWidget       *box;
  GtkLabel        *title, *counters;
  GtkDropDown     *network;
  GtkToggleButton *cpu, *gpu;
  GtkButton       *remove;
  WsCanvas        *canvas;
  /* what runs */
  WsNetworkKind    kind;
  gboolean         on_gpu;
  WsNetworkScene  *scene;
  double           seconds;   /* the whole sort (a GPU's kernels), ≤ 0 until timed */
  char            *problem;   /* why the lane has no scene or no time */
} WsRaceLaneView;

struct _WsRaceWindow
{
  GtkWindow       parent_instance;

  /* template */
  GtkDropDown    *clock;
  GtkLabel       *input_label, *clock_label, *verdict;
  GtkBox         *lanes_box;
  GtkButton      *play_button, *add_button;
  GtkAdjustment  *tick_adjustment;
  GtkSpinButton  *speed;

  WsArray        *input;
  WsRaceLaneView  lanes[WS_RACE_MAX_LANES];
  guint           n_lanes;
  gboolean        have_gpu;
  char           *gpu_words;   /* the GPU's name, or why there is none */
  WsRaceClock     clock_kind;
  guint           tick;
  WsPacer         pacer;
  gboolean        seeking;     /* the scale follows the clock */
  GCancellable   *timing;      /* the sorts timed on a worker */
  GtkWidget      *followed;    /* the main window whose presentation mode we follow */
};

/* ws-race-window-play.c */
void     ws_race_window_init_play  (WsRaceWindow *self);
/* Every lane's scene made again over the input, the clock at 0 and the
 * sorts timed again. */
void     ws_race_window_restart    (WsRaceWindow *self);
void     ws_race_window_play       (WsRaceWindow *self);
void     ws_race_window_faster     (WsRaceWindow *self,
                                    double        factor);
/* The race's lanes and clock as core's arithmetic sees them. */
void     ws_race_window_race       (WsRaceWindow *self,
                                    WsRace       *race);
/* Draws lane's canvas again and its counters. */
void     ws_race_window_show_lanes (WsRaceWindow *self);
/* Stops the clock and drops the scenes (each in its canvas's context):
 * before the widgets go. */
void     ws_race_window_stop       (WsRaceWindow *self);
void     ws_race_window_drop_scene (WsRaceLaneView *lane);
