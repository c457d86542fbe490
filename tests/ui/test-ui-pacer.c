/* test-ui-pacer.c: the pacer that plays the three modes' animations —
 * its accounting of steps against frame times (no display needed), and a
 * real tick callback in a window under Xvfb that plays to the end and says
 * so. */
#include <gtk/gtk.h>

#include "ui-test-util.h"
#include "ws-pacer.h"

typedef struct
{
  double   rate;
  guint64  done, total;  /* steps taken, steps there are */
  guint64  most;         /* most steps taken in one call */
  guint64  per_call;     /* the most it accepts a call (0: all it is given) */
  int      started, stopped;
} Player;

static double
player_rate (gpointer data)
{
  return ((Player *) data)->rate;
}

static guint64
player_step (gpointer data, guint64 due)
{
  Player *p = data;
  guint64 n = MIN (due, p->total - p->done);

  if (p->per_call != 0)
    n = MIN (n, p->per_call);
  p->done += n, p->most = MAX (p->most, n);
  return n;
}

static gboolean
player_finished (gpointer data)
{
  Player *p = data;

  return p->done >= p->total;
}

static void
player_changed (gpointer data, gboolean playing)
{
  Player *p = data;

  if (playing)
    p->started++;
  else
    p->stopped++;
}

static const WsPacerSpec spec = {
  .rate = player_rate, .step = player_step, .finished = player_finished,
  .changed = player_changed, .first = 1.0, .cap = 50.0,
};

/* 10 steps a second over 60 Hz frames: 10 whole steps owed after one
 * second (plus the first, owed at once), whatever the frame times. */
static void
test_accrue (void)
{
  Player p = { .rate = 10.0, .total = 1000 };
  WsPacer pacer;
  guint64 taken = 0;

  ws_pacer_init (&pacer, &spec, NULL, &p);
  pacer.owed = spec.first;
  for (int frame = 0; frame <= 60; frame++)
    {
      guint64 due = ws_pacer_accrue (&pacer, 1000000 + frame * G_GINT64_CONSTANT (1000000) / 60);
      g_assert_cmpuint (due, <=, 1);
      pacer.owed -= (double) due, taken += due;
    }
  g_assert_cmpuint (taken, ==, 11);
  g_assert_cmpfloat (pacer.owed, <, 1e-6 + 1.0);
}

/* A frame ten seconds late owes at most the cap, not 100 steps. */
static void
test_cap (void)
{
  Player p = { .rate = 10.0, .total = 1000 };
  WsPacer pacer;

  ws_pacer_init (&pacer, &spec, NULL, &p);
  g_assert_cmpuint (ws_pacer_accrue (&pacer, 5000000), ==, 0);
  g_assert_cmpuint (ws_pacer_accrue (&pacer, 15000000), ==, 50);
  /* A clock that goes back owes nothing. */
  pacer.owed = 0;
  g_assert_cmpuint (ws_pacer_accrue (&pacer, 14000000), ==, 0);
}

/* New data forgets what the old owed; the rate accrues again from the
 * last frame, not from the start. */
static void
test_forget (void)
{
  Player p = { .rate = 10.0, .total = 1000 };
  WsPacer pacer;

  ws_pacer_init (&pacer, &spec, NULL, &p);
  ws_pacer_accrue (&pacer, 1000000);
  g_assert_cmpuint (ws_pacer_accrue (&pacer, 3000000), ==, 20);
  ws_pacer_forget (&pacer);
  g_assert_cmpuint (ws_pacer_accrue (&pacer, 3000000), ==, 0);
  g_assert_cmpuint (ws_pacer_accrue (&pacer, 3500000), ==, 5);
}

/* The play button shows what pressing it will do. */
static void
test_button (void)
{
  GtkButton *button = GTK_BUTTON (g_object_ref_sink (gtk_button_new ()));
  ws_play_button_show (button, TRUE);
  g_assert_cmpstr (gtk_button_get_icon_name (button), ==, "media-playback-pause-symbolic");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (button)), ==, "Pause (Space)");
  ws_play_button_show (button, FALSE);
  g_assert_cmpstr (gtk_button_get_icon_name (button), ==, "media-playback-start-symbolic");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (button)), ==, "Play (Space)");
  g_object_unref (button);
}

static gboolean
stopped (gpointer data)
{
  return ((Player *) data)->stopped > 0;
}

/* In a window: fast enough to finish within a second; the pacer hands
 * out only what was taken, tells play and stop once each, and ends. */
static void
test_play_to_end (void)
{
  Player p = { .rate = 2000.0, .total = 300, .per_call = 40 };
  GtkWidget *label = gtk_label_new ("pacing");
  GtkWidget *window = ui_present (label, 200, 100);
  WsPacer pacer;

  ws_pacer_init (&pacer, &spec, label, &p);
  g_assert_true (ws_pacer_start (&pacer));
  g_assert_true (ws_pacer_playing (&pacer));
  g_assert_cmpint (p.started, ==, 1);
  g_assert_true (ui_spin_until (stopped, &p, 10.0));
  g_assert_false (ws_pacer_playing (&pacer));
  g_assert_cmpuint (p.done, ==, 300);
  g_assert_cmpuint (p.most, <=, 40);
  g_assert_cmpint (p.stopped, ==, 1);
  /* Nothing left: start refuses and says it is not playing. */
  g_assert_false (ws_pacer_start (&pacer));
  g_assert_cmpint (p.started, ==, 1);
  g_assert_cmpint (p.stopped, ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Stopped halfway it stays where it was; clear leaves no callback and says
 * nothing. */
static void
test_stop (void)
{
  Player p = { .rate = 20.0, .total = 1000 };
  GtkWidget *label = gtk_label_new ("pacing");
  GtkWidget *window = ui_present (label, 200, 100);
  WsPacer pacer;
  guint64 at;

  ws_pacer_init (&pacer, &spec, label, &p);
  ws_pacer_set (&pacer, TRUE);
  ui_spin (0.3);
  ws_pacer_set (&pacer, FALSE);
  g_assert_false (ws_pacer_playing (&pacer));
  at = p.done;
  g_assert_cmpuint (at, >=, 1);   /* the first at once */
  g_assert_cmpuint (at, <, 1000);
  ui_spin (0.2);
  g_assert_cmpuint (p.done, ==, at);
  ws_pacer_start (&pacer);
  ws_pacer_clear (&pacer);
  g_assert_false (ws_pacer_playing (&pacer));
  g_assert_cmpint (p.stopped, ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/pacer/accrue", test_accrue);
  g_test_add_func ("/ui/pacer/cap", test_cap);
  g_test_add_func ("/ui/pacer/forget", test_forget);
  g_test_add_func ("/ui/pacer/button", test_button);
  g_test_add_func ("/ui/pacer/play-to-end", test_play_to_end);
  g_test_add_func ("/ui/pacer/stop", test_stop);
  return g_test_run ();
}
