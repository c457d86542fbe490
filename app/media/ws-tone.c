/* ws-tone.c: the tones of a sort made as PCM (see ws-tone.h); no
 * GStreamer here, so that they can be tested and reasoned about alone. */
#include "ws-tone.h"

#include <math.h>

#define AMPLITUDE 0.22 /* of full scale: a chord of tones never clips */
#define RAMP_S    0.002 /* each tone rises and falls over 2 ms: no clicks */

double
ws_tone_pitch (double t)
{
  t = isnan (t) ? 0 : CLAMP (t, 0.0, 1.0);
  return WS_TONE_LOW_HZ * pow (WS_TONE_HIGH_HZ / WS_TONE_LOW_HZ, t);
}

/* One tone of `samples` samples into out: a sine under a trapezoid. */
static void
render_one (gint16 *out, gsize samples, double hz)
{
  gsize ramp = MIN ((gsize) (RAMP_S * WS_TONE_RATE), samples / 2);

  for (gsize i = 0; i < samples; i++)
    {
      double edge = MIN (i, samples - 1 - i), gain = ramp > 0 && edge < ramp ? edge / ramp : 1.0;
      out[i] = (gint16) lrint (32767 * AMPLITUDE * gain * sin (2 * G_PI * hz * i / WS_TONE_RATE));
    }
}

gint16 *
ws_tone_render (const double *pitches, guint n, double seconds, gsize *n_samples)
{
  gsize total = (gsize) lrint (MAX (seconds, 0.0) * WS_TONE_RATE);
  gint16 *pcm = g_new0 (gint16, MAX (total, 1));

  for (guint i = 0; i < n && total > 0; i++)
    {
      gsize from = total * i / n, to = total * (i + 1) / n;
      render_one (pcm + from, to - from, pitches[i]);
    }
  *n_samples = total;
  return pcm;
}
