/* ws-race.c: the race's clock, a GPU lane's trips through global memory
 * and the verdict (see ws-race.h). */
#include "ws-race.h"

#include <math.h>

#include "ws-launch-plan.h"

/* Tick arithmetic in doubles: a pass reached exactly must not be lost to
 * rounding (10 passes in 1 s, at 0.5 s: pass 5, not 4). */
#define EPSILON 1e-9

guint
ws_race_n_ticks (const WsRace *race)
{
  guint most = 0;

  g_return_val_if_fail (race != NULL && race->n_lanes <= WS_RACE_MAX_LANES, 0);
  for (guint i = 0; i < race->n_lanes; i++)
    most = MAX (most, race->lanes[i].n_passes);
  return most;
}

gboolean
ws_race_timed (const WsRace *race)
{
  g_return_val_if_fail (race != NULL, FALSE);
  for (guint i = 0; i < race->n_lanes; i++)
    if (race->lanes[i].seconds <= 0 && race->lanes[i].n_passes > 0)
      return FALSE;
  return race->n_lanes > 0;
}

static double
slowest (const WsRace *race)
{
  double most = 0;

  for (guint i = 0; i < race->n_lanes; i++)
    most = MAX (most, race->lanes[i].seconds);
  return most;
}

double
ws_race_seconds_at (const WsRace *race, guint tick)
{
  guint ticks = ws_race_n_ticks (race);

  if (ticks == 0)
    return 0;
  return slowest (race) * MIN (tick, ticks) / ticks;
}

guint
ws_race_pass_at (const WsRace *race, guint lane, guint tick)
{
  const WsRaceLane *l;
  double reached;

  g_return_val_if_fail (race != NULL && lane < race->n_lanes, 0);
  l = &race->lanes[lane];
  /* untimed, the clock can only count passes */
  if (race->clock == WS_RACE_BY_PASS || !ws_race_timed (race) || l->n_passes == 0)
    return MIN (tick, l->n_passes);
  reached = ws_race_seconds_at (race, tick) * l->n_passes / l->seconds;
  return (guint) MIN (floor (reached + EPSILON), (double) l->n_passes);
}

guint
ws_race_finish_tick (const WsRace *race, guint lane)
{
  guint lo = 0, hi;

  g_return_val_if_fail (race != NULL && lane < race->n_lanes, 0);
  hi = ws_race_n_ticks (race);
  /* the passes shown never fall as the clock runs: the first tick there */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (ws_race_pass_at (race, lane, mid) >= race->lanes[lane].n_passes)
        hi = mid;
      else
        lo = mid + 1;
    }
  return lo;
}

/* ---- a GPU lane's trips ---- */

static void
plan_for (WsLaunchPlan *plan, WsNetworkKind kind, gsize n)
{
  switch (kind)
    {
    case WS_NETWORK_BITONIC:
      {
        guint64 width = 1;
        while (width < n)
          width <<= 1;
        ws_launch_plan_bitonic (plan, n < 2 ? n : width, ws_plan_bitonic_tile_log (width),
                                ws_plan_bitonic_group (width));
        return;
      }
    case WS_NETWORK_ODD_EVEN_MERGE:
      return ws_launch_plan_merge (plan, n, WS_PLAN_MERGE_TILE_LOG);
    default:
      return ws_launch_plan_odd_even (plan, n, WS_PLAN_ODD_EVEN_PHASES);
    }
}

guint64
ws_race_gpu_trips (WsNetworkKind kind, gsize n, guint passes)
{
  WsLaunchPlan plan;
  WsPlanLaunch launch;
  guint64 trips = 0;

  plan_for (&plan, kind, n);
  while (ws_launch_plan_next (&plan, &launch) && launch.first_pass < passes)
    trips++;
  return trips;
}

guint64
ws_race_gpu_bytes (WsNetworkKind kind, gsize n, gsize key_size, guint64 trips)
{
  g_autoptr (WsNetwork) net = ws_network_new (kind, n, NULL);
  guint64 width = net ? ws_network_width (net) : n;

  return trips * 2 * width * key_size;
}

/* ---- words ---- */

char *
ws_race_time_text (double seconds)
{
  if (seconds >= 1)
    return g_strdup_printf ("%.2f s", seconds);
  if (seconds >= 10e-3)
    return g_strdup_printf ("%.0f ms", seconds * 1e3);
  if (seconds >= 0.1e-3 - 1e-12)
    return g_strdup_printf ("%.1f ms", seconds * 1e3);
  if (seconds >= 10e-6)
    return g_strdup_printf ("%.0f µs", seconds * 1e6);
  return g_strdup_printf ("%.1f µs", seconds * 1e6);
}

/* Negative when a finishes before b on this clock. */
static double
ahead (WsRaceClock clock, const WsRaceResult *a, const WsRaceResult *b)
{
  if (clock == WS_RACE_BY_TIME && a->seconds > 0 && b->seconds > 0)
    return a->seconds - b->seconds;
  return (double) a->n_passes - (double) b->n_passes;
}

static guint
winner (WsRaceClock clock, const WsRaceResult *r, guint n)
{
  guint best = 0;

  for (guint i = 1; i < n; i++)
    if (ahead (clock, &r[i], &r[best]) < 0)
      best = i;
  return best;
}

static gboolean
all_timed (const WsRaceResult *r, guint n)
{
  for (guint i = 0; i < n; i++)
    if (r[i].seconds <= 0)
      return FALSE;
  return TRUE;
}

/* "bitonic", "bitonic and odd-even", "a, b and c": the winner and those
 * tied with it. */
static void
append_winners (GString *s, WsRaceClock clock, const WsRaceResult *r, guint n, guint best,
                guint *tied)
{
  *tied = 0;
  g_string_append (s, r[best].name);
  for (guint i = 0; i < n; i++)
    if (i != best && ahead (clock, &r[i], &r[best]) == 0)
      {
        g_string_append_printf (s, " and %s", r[i].name);
        (*tied)++;
      }
}

/* "21 passes vs 36": the winner's figure first, then the others'. */
static void
append_figures (GString *s, const WsRaceResult *r, guint n, guint best, gboolean times)
{
  for (guint k = 0; k < n; k++)
    {
      guint i = k == 0 ? best : (k <= best ? k - 1 : k);
      g_autofree char *t = times ? ws_race_time_text (r[i].seconds) : NULL;

      if (k > 0)
        g_string_append (s, " vs ");
      if (times)
        g_string_append (s, t);
      else
        g_string_append_printf (s, k == 0 ? "%u passes" : "%u", r[i].n_passes);
    }
}

char *
ws_race_verdict (WsRaceClock clock, const WsRaceResult *results, guint n)
{
  GString *s;
  guint best, tied;

  g_return_val_if_fail (results != NULL && n > 0, NULL);
  s = g_string_new (NULL);
  best = winner (clock, results, n);
  append_winners (s, clock, results, n, best, &tied);
  g_string_append (s, tied ? " finished together: " : " finished first: ");
  append_figures (s, results, n, best, FALSE);
  if (all_timed (results, n))
    {
      g_string_append (s, "; ");
      append_figures (s, results, n, best, TRUE);
    }
  return g_string_free (s, FALSE);
}
