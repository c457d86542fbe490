/* ws-sorting-sound.c: the sound of the sort shown (off by default; the
 * main menu's Sound, kept in the settings): after each pass shown, a short
 * tone per comparison of that pass (up to MAX_TONES of them), its pitch
 * rising with the larger key's value, played in the time until the next
 * pass is shown — so the sound keeps step with the pacer, and a pause is
 * silence. Hears the page's "shown" signal; the widget calls its init. */
#include "ws-sorting-page-private.h"

#include "ws-tone.h"
#include "ws-ui-services.h"

#define MAX_TONES   64    /* a pass of more comparisons sounds an even choice of them */
#define MIN_SECONDS 0.02  /* a pass sounds at least this long … */
#define MAX_SECONDS 0.5   /* … and at most this (a step by hand) */

static gboolean
sound_on (WsSortingPage *self)
{
  return self->sound_settings != NULL && g_settings_get_boolean (self->sound_settings, "sound");
}

/* No sound device: said once, and Sound turned off again. */
static void
give_up (WsSortingPage *self, const GError *error)
{
  g_autofree char *text = g_strdup_printf ("No sound: %s", error->message);

  if (!ws_ui_toast (GTK_WIDGET (self), text, TRUE))
    g_message ("%s", text);
  g_settings_set_boolean (self->sound_settings, "sound", FALSE);
  g_clear_pointer (&self->tones, ws_tone_player_free);
}

/* The time the pass has until the next one, as the pacer's speed says. */
static double
pass_seconds (WsSortingPage *self)
{
  return CLAMP (1.0 / ws_sorting_page_get_speed (self), MIN_SECONDS, MAX_SECONDS);
}

static void
on_shown (WsSortingPage *self)
{
  guint pass = self->scene ? ws_network_scene_pass (self->scene) : 0;
  double t[MAX_TONES], pitches[MAX_TONES];
  g_autoptr (GError) error = NULL;
  guint n;
  gboolean new_pass = pass != self->sound_pass;

  self->sound_pass = pass;
  if (!new_pass || !sound_on (self) || self->advancing != NULL)
    return;
  n = ws_network_scene_pass_tones (self->scene, t, MAX_TONES, NULL);
  if (n == 0)
    return;
  for (guint i = 0; i < n; i++)
    pitches[i] = ws_tone_pitch (t[i]);
  if (self->tones == NULL && (self->tones = ws_tone_player_new (&error)) == NULL)
    return give_up (self, error);
  if (!ws_tone_player_play (self->tones, pitches, n, pass_seconds (self), &error))
    give_up (self, error);
}

/* Turned off: the device is let go. */
static void
on_sound_changed (WsSortingPage *self)
{
  if (!sound_on (self))
    g_clear_pointer (&self->tones, ws_tone_player_free);
}

void
ws_sorting_page_sound_init (WsSortingPage *self)
{
  self->sound_settings = ws_ui_settings ();
  if (self->sound_settings == NULL)
    return;
  g_signal_connect (self, "shown", G_CALLBACK (on_shown), NULL);
  g_signal_connect_swapped (self->sound_settings, "changed::sound", G_CALLBACK (on_sound_changed), self);
}

void
ws_sorting_page_sound_dispose (WsSortingPage *self)
{
  g_clear_pointer (&self->tones, ws_tone_player_free);
  g_clear_object (&self->sound_settings);
}

guint64
ws_sorting_page_tones_played (WsSortingPage *self)
{
  return self->tones ? ws_tone_player_n_tones (self->tones) : 0;
}
