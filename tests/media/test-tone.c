/* test-tone.c: the sound of a sort — each value's pitch, the tones made as
 * PCM (their frequencies counted back from the samples, no clicks at their
 * joins, no clipping), and the player taking them to a sink (fakesink:
 * CI has no sound device). */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-tone.h"

static void
test_pitch (void)
{
  g_assert_cmpfloat_with_epsilon (ws_tone_pitch (0), WS_TONE_LOW_HZ, 1e-9);
  g_assert_cmpfloat_with_epsilon (ws_tone_pitch (1), WS_TONE_HIGH_HZ, 1e-9);
  /* evenly in octaves: the middle is the geometric mean */
  g_assert_cmpfloat_with_epsilon (ws_tone_pitch (0.5), sqrt (WS_TONE_LOW_HZ * WS_TONE_HIGH_HZ), 1e-9);
  g_assert_cmpfloat (ws_tone_pitch (0.3), <, ws_tone_pitch (0.31));
  g_assert_cmpfloat_with_epsilon (ws_tone_pitch (-2), WS_TONE_LOW_HZ, 1e-9);
  g_assert_cmpfloat_with_epsilon (ws_tone_pitch (7), WS_TONE_HIGH_HZ, 1e-9);
  g_assert_cmpfloat_with_epsilon (ws_tone_pitch (NAN), WS_TONE_LOW_HZ, 1e-9);
}

/* Sign changes in pcm[from, to): twice the cycles of a sine. */
static guint
crossings (const gint16 *pcm, gsize from, gsize to)
{
  guint n = 0;

  for (gsize i = from + 1; i < to; i++)
    n += (pcm[i - 1] < 0) != (pcm[i] < 0);
  return n;
}

static void
test_render (void)
{
  const double pitches[] = { 440, 880 };
  gsize n = 0, half;
  g_autofree gint16 *pcm = ws_tone_render (pitches, 2, 0.2, &n);
  int peak = 0;

  g_assert_cmpuint (n, ==, WS_TONE_RATE / 5);
  half = n / 2;
  /* 0.1 s of 440 Hz: 88 crossings; of 880 Hz: 176 (±2 at the ends) */
  g_assert_cmpint (ABS ((int) crossings (pcm, 0, half) - 88), <=, 2);
  g_assert_cmpint (ABS ((int) crossings (pcm, half, n) - 176), <=, 2);
  /* each tone starts and ends near silence: no click where they join */
  g_assert_cmpint (ABS (pcm[0]), <, 300);
  g_assert_cmpint (ABS (pcm[half - 1]), <, 300);
  g_assert_cmpint (ABS (pcm[half]), <, 300);
  g_assert_cmpint (ABS (pcm[n - 1]), <, 300);
  for (gsize i = 0; i < n; i++)
    peak = MAX (peak, ABS (pcm[i]));
  g_assert_cmpint (peak, >, 5000);
  g_assert_cmpint (peak, <, 32767 / 3); /* head room: never clips */
}

static void
test_render_empty (void)
{
  gsize n = 1;
  g_autofree gint16 *silence = ws_tone_render (NULL, 0, 0.05, &n);
  g_autofree gint16 *none = ws_tone_render (NULL, 0, 0, &n);

  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpint (silence[0], ==, 0);
}

static void
test_player (void)
{
  const double pitches[] = { 300, 600, 900 };
  g_autoptr (GError) error = NULL;
  g_autoptr (WsTonePlayer) player = NULL;

  g_setenv ("WS_AUDIO_SINK", "fakesink", TRUE);
  player = ws_tone_player_new (&error);
  g_assert_no_error (error);
  for (int i = 0; i < 4; i++)
    g_assert_true (ws_tone_player_play (player, pitches, 3, 0.05, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ws_tone_player_n_tones (player), ==, 12);
}

static void
test_player_no_sink (void)
{
  g_autoptr (GError) error = NULL;
  WsTonePlayer *player;

  g_setenv ("WS_AUDIO_SINK", "nosuchaudiosink", TRUE);
  player = ws_tone_player_new (&error);
  g_assert_null (player);
  g_assert_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE);
  g_assert_nonnull (strstr (error->message, "nosuchaudiosink"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tone/pitch", test_pitch);
  g_test_add_func ("/tone/render", test_render);
  g_test_add_func ("/tone/render-empty", test_render_empty);
  g_test_add_func ("/tone/player", test_player);
  g_test_add_func ("/tone/player-no-sink", test_player_no_sink);
  return g_test_run ();
}
