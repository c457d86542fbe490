/* test-race.c: the race's clock (ws-race.h) — pass by pass, a lane that
 * finishes waits; by measured time, a lane twice as fast finishes at half
 * the clock — a GPU lane's trips against the launch plan, and the verdict. */
#include <glib.h>

#include "ws-launch-plan.h"
#include "ws-race.h"

static void
test_by_pass (void)
{
  WsRace race = { WS_RACE_BY_PASS, 2, { { 10, 0 }, { 21, 0 } } };

  g_assert_cmpuint (ws_race_n_ticks (&race), ==, 21);
  g_assert_cmpuint (ws_race_pass_at (&race, 0, 0), ==, 0);
  g_assert_cmpuint (ws_race_pass_at (&race, 0, 15), ==, 10);
  g_assert_cmpuint (ws_race_pass_at (&race, 1, 15), ==, 15);
  g_assert_cmpuint (ws_race_pass_at (&race, 1, 99), ==, 21);
  g_assert_cmpuint (ws_race_finish_tick (&race, 0), ==, 10);
  g_assert_cmpuint (ws_race_finish_tick (&race, 1), ==, 21);
}

static void
test_by_time (void)
{
  /* the same passes, one sort twice as fast */
  WsRace race = { WS_RACE_BY_TIME, 2, { { 10, 1e-3 }, { 10, 2e-3 } } };

  g_assert_true (ws_race_timed (&race));
  g_assert_cmpuint (ws_race_n_ticks (&race), ==, 10);
  g_assert_cmpuint (ws_race_finish_tick (&race, 0), ==, 5);
  g_assert_cmpuint (ws_race_finish_tick (&race, 1), ==, 10);
  g_assert_cmpuint (ws_race_pass_at (&race, 0, 3), ==, 6);
  g_assert_cmpuint (ws_race_pass_at (&race, 1, 3), ==, 3);
  g_assert_cmpfloat_with_epsilon (ws_race_seconds_at (&race, 5), 1e-3, 1e-12);
  /* a lane timed at 0.3 of the other's with more passes */
  race = (WsRace) { WS_RACE_BY_TIME, 2, { { 64, 3e-3 }, { 21, 1e-3 } } };
  g_assert_cmpuint (ws_race_n_ticks (&race), ==, 64);
  g_assert_cmpuint (ws_race_finish_tick (&race, 0), ==, 64);
  g_assert_cmpuint (ws_race_finish_tick (&race, 1), ==, 22); /* 64/3 rounded up */
  for (guint t = 0; t < 64; t++)
    g_assert_cmpuint (ws_race_pass_at (&race, 1, t), <=, ws_race_pass_at (&race, 1, t + 1));
}

static void
test_untimed (void)
{
  /* until the sorts are timed, the time clock counts passes */
  WsRace race = { WS_RACE_BY_TIME, 2, { { 10, 1e-3 }, { 21, 0 } } };

  g_assert_false (ws_race_timed (&race));
  g_assert_cmpuint (ws_race_pass_at (&race, 1, 15), ==, 15);
  race = (WsRace) { WS_RACE_BY_PASS, 1, { { 0, 0 } } };
  g_assert_cmpuint (ws_race_n_ticks (&race), ==, 0);
  g_assert_cmpuint (ws_race_finish_tick (&race, 0), ==, 0);
}

/* The trips are the plan's launches begun. */
static void
test_gpu_trips (void)
{
  WsLaunchPlan plan;
  WsPlanLaunch launch;
  guint64 launches = 0;

  ws_launch_plan_merge (&plan, 100000, WS_PLAN_MERGE_TILE_LOG);
  while (ws_launch_plan_next (&plan, &launch))
    launches++;
  g_autoptr (WsNetwork) net = ws_network_new (WS_NETWORK_ODD_EVEN_MERGE, 100000, NULL);
  guint passes = ws_network_n_passes (net);
  g_assert_cmpuint (ws_race_gpu_trips (WS_NETWORK_ODD_EVEN_MERGE, 100000, passes), ==, launches);
  g_assert_cmpuint (ws_race_gpu_trips (WS_NETWORK_ODD_EVEN_MERGE, 100000, 0), ==, 0);
  g_assert_cmpuint (ws_race_gpu_trips (WS_NETWORK_ODD_EVEN_MERGE, 100000, 1), ==, 1);
  /* 64 keys: one tile launch sorts them all */
  g_assert_cmpuint (ws_race_gpu_trips (WS_NETWORK_BITONIC, 64, 21), ==, 1);
  /* bitonic's width: 100 keys padded to 128 */
  g_assert_cmpuint (ws_race_gpu_bytes (WS_NETWORK_BITONIC, 100, 4, 3), ==, 3 * 2 * 128 * 4);
  /* odd-even: 128 phases a launch */
  g_assert_cmpuint (ws_race_gpu_trips (WS_NETWORK_ODD_EVEN, 1000, 1000), ==, 8);
}

static void
test_verdict (void)
{
  WsRaceResult r[] = { { "bitonic", 36, 2.1e-3 }, { "oddeven-merge", 21, 0.8e-3 } };
  g_autofree char *v = ws_race_verdict (WS_RACE_BY_PASS, r, 2);
  g_autofree char *t = NULL, *u = NULL, *w = NULL;
  WsRaceResult tie[] = { { "bitonic", 21, 0 }, { "odd-even", 64, 0 }, { "oddeven-merge", 21, 0 } };
  WsRaceResult slow[] = { { "a", 10, 2e-3 }, { "b", 40, 1e-3 } };

  g_assert_cmpstr (v, ==, "oddeven-merge finished first: 21 passes vs 36; 0.8 ms vs 2.1 ms");
  t = ws_race_verdict (WS_RACE_BY_PASS, tie, 3);
  g_assert_cmpstr (t, ==, "bitonic and oddeven-merge finished together: 21 passes vs 64 vs 21");
  u = ws_race_verdict (WS_RACE_BY_TIME, slow, 2);
  g_assert_cmpstr (u, ==, "b finished first: 40 passes vs 10; 1.0 ms vs 2.0 ms");
  w = ws_race_time_text (0.35);
  g_assert_cmpstr (w, ==, "350 ms");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/race/by-pass", test_by_pass);
  g_test_add_func ("/race/by-time", test_by_time);
  g_test_add_func ("/race/untimed", test_untimed);
  g_test_add_func ("/race/gpu-trips", test_gpu_trips);
  g_test_add_func ("/race/verdict", test_verdict);
  return g_test_run ();
}
