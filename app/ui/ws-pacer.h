/* ws-pacer.h: plays an animation at a rate in steps per second, whatever
 * the display's frame rate.
 *
 * A page owns a WsPacer inside its instance struct. While it plays, a tick
 * callback on a widget accrues rate × elapsed time as steps owed and hands
 * the whole steps to the page; the page says how many it took (a worker
 * may still hold the data, or a frame budget may cut it short). The owed
 * count is capped so that a stalled frame does not make the animation
 * jump ahead when it resumes. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct
{
  double   (*rate)     (gpointer data);               /* steps a second */
  guint64  (*step)     (gpointer data, guint64 due);  /* takes ≤ due steps; returns how many */
  gboolean (*finished) (gpointer data);               /* nothing left to play */
  void     (*changed)  (gpointer data, gboolean playing); /* may be NULL */
  double   first;      /* steps owed on start: 1 shows the first step at once */
  double   cap;        /* most steps owed at any time */
} WsPacerSpec;

typedef struct
{
  const WsPacerSpec *spec;
  gpointer           data;
  GtkWidget         *clock;    /* whose frame clock paces the steps */
  guint              tick;     /* 0 when paused */
  gint64             last_us;  /* the last frame's time, 0 before the first */
  double             owed;
} WsPacer;

void     ws_pacer_init    (WsPacer *pacer, const WsPacerSpec *spec, GtkWidget *clock, gpointer data);
gboolean ws_pacer_start   (WsPacer *pacer);
void     ws_pacer_stop    (WsPacer *pacer);
gboolean ws_pacer_playing (const WsPacer *pacer);
void     ws_pacer_set     (WsPacer *pacer, gboolean play);
/* Stops without telling the page (its widgets may be going). */
void     ws_pacer_clear   (WsPacer *pacer);
/* Drops the steps owed: new data owes nothing for the old data's frames. */
void     ws_pacer_forget  (WsPacer *pacer);

/* A play/pause button shows what pressing it does: the pause icon while
 * playing, the play icon otherwise, with a tooltip to match. */
void     ws_play_button_show (GtkButton *button, gboolean playing);

/* The accounting of one frame at `now_us`, without the widget: adds the
 * steps the rate owes since the last frame and returns the whole steps due. */
guint64  ws_pacer_accrue  (WsPacer *pacer, gint64 now_us);

G_END_DECLS
