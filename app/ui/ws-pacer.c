/* ws-pacer.c: steps paced by the frame clock (see ws-pacer.h). */
#include "ws-pacer.h"

void
ws_pacer_init (WsPacer *pacer, const WsPacerSpec *spec, GtkWidget *clock, gpointer data)
{
  *pacer = (WsPacer) { .spec = spec, .data = data, .clock = clock };
}

guint64
ws_pacer_accrue (WsPacer *pacer, gint64 now_us)
{
  double rate = MAX (pacer->spec->rate (pacer->data), 0.0);

  if (pacer->last_us != 0 && now_us > pacer->last_us)
    pacer->owed += rate * (double) (now_us - pacer->last_us) / 1e6;
  pacer->last_us = now_us;
  pacer->owed = MIN (pacer->owed, pacer->spec->cap);
  return (guint64) pacer->owed;
}

static void
announce (WsPacer *pacer)
{
  if (pacer->spec->changed != NULL)
    pacer->spec->changed (pacer->data, pacer->tick != 0);
}

static gboolean
on_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  WsPacer *pacer = data;
  guint64 due = ws_pacer_accrue (pacer, gdk_frame_clock_get_frame_time (clock));

  if (due > 0 && !pacer->spec->finished (pacer->data))
    pacer->owed -= (double) MIN (pacer->spec->step (pacer->data, due), due);
  if (!pacer->spec->finished (pacer->data))
    return G_SOURCE_CONTINUE;
  pacer->tick = 0; /* GTK removes the callback on G_SOURCE_REMOVE */
  announce (pacer);
  return G_SOURCE_REMOVE;
}

/* Returns whether it plays: not when there is nothing left to play. */
gboolean
ws_pacer_start (WsPacer *pacer)
{
  if (pacer->tick == 0 && !pacer->spec->finished (pacer->data))
    {
      pacer->last_us = 0, pacer->owed = pacer->spec->first;
      pacer->tick = gtk_widget_add_tick_callback (pacer->clock, on_tick, pacer, NULL);
    }
  announce (pacer);
  return pacer->tick != 0;
}

void
ws_pacer_clear (WsPacer *pacer)
{
  if (pacer->tick != 0)
    gtk_widget_remove_tick_callback (pacer->clock, pacer->tick);
  pacer->tick = 0;
}

void
ws_pacer_stop (WsPacer *pacer)
{
  ws_pacer_clear (pacer);
  announce (pacer);
}

void
ws_pacer_forget (WsPacer *pacer)
{
  pacer->owed = 0;
}

void
ws_play_button_show (GtkButton *button, gboolean playing)
{
  gtk_button_set_icon_name (button, playing ? "media-playback-pause-symbolic"
                                            : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (button), playing ? "Pause (Space)"
                                                            : "Play (Space)");
}

void
ws_pacer_set (WsPacer *pacer, gboolean play)
{
  if (play)
    ws_pacer_start (pacer);
  else
    ws_pacer_stop (pacer);
}

gboolean
ws_pacer_playing (const WsPacer *pacer)
{
  return pacer->tick != 0;
}
