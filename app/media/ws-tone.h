/* ws-tone.h: the sound of a sort, as Sound of Sorting made it heard — each
 * comparison a short tone whose pitch rises with the keys' value — played
 * through GStreamer in step with the animation (off by default).
 *
 * The tones are made here (a sine each, with a short rise and fall so that
 * they join without clicks); GStreamer takes them to the sound device
 * (appsrc → audioconvert → audioresample → autoaudiosink, or the sink that
 * WS_AUDIO_SINK names: the tests' fakesink). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define WS_TONE_RATE     44100 /* samples a second, mono 16-bit */
#define WS_TONE_LOW_HZ   120.0
#define WS_TONE_HIGH_HZ  1320.0

/* The pitch of a value at t ∈ [0, 1] of its range (clamped): from
 * WS_TONE_LOW_HZ to WS_TONE_HIGH_HZ, evenly in octaves, as the ear hears. */
double   ws_tone_pitch      (double t);

/* n tones one after the other, filling `seconds`, as PCM (signed 16-bit,
 * mono, WS_TONE_RATE); *n_samples gets their count. n 0: silence. */
gint16  *ws_tone_render     (const double *pitches,
                             guint         n,
                             double        seconds,
                             gsize        *n_samples);

typedef struct _WsTonePlayer WsTonePlayer;

/* A player on the sound device; NULL with an error that says why (no
 * GStreamer, no sound device). */
WsTonePlayer *ws_tone_player_new  (GError      **error);
/* Queues n tones over `seconds` after what is already queued; at most
 * about half a second waits (older tones are dropped, so the sound keeps
 * up with the animation). FALSE with an error when the device failed. */
gboolean  ws_tone_player_play      (WsTonePlayer *player,
                                    const double *pitches,
                                    guint         n,
                                    double        seconds,
                                    GError      **error);
/* Tones the player has taken so far (for the tests). */
guint64   ws_tone_player_n_tones   (WsTonePlayer *player);
void      ws_tone_player_free      (WsTonePlayer *player);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsTonePlayer, ws_tone_player_free)

G_END_DECLS
