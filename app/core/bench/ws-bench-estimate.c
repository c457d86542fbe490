/* ws-bench-estimate.c: a plan's time from each variant's cost model (see
 * ws-bench-estimate.h). */
#include "ws-bench-estimate.h"

#include <math.h>
#include <string.h>

#include "ws-cancel.h"
#include "ws-error.h"
#include "ws-run-data.h"
#include "ws-system.h"

/* Calibration: a run this long tells k from c well enough (shorter ones
 * are mostly start-up: threads, barriers, launches); a variant gets no more
 * than this much time in all. */
#define CALIBRATION_RUN_S   0.05
#define CALIBRATION_GROUP_S 0.3
#define CALIBRATION_START_N 1024

typedef struct
{
  double w, t;
} Point;

/* One quantity's fit: the points of least and most work seen (the newest
 * wins a tie), which make c + k·W. */
typedef struct
{
  Point    lo, hi;
  guint    n;
  gboolean none; /* cannot run here: takes no time */
} Fit;

struct _WsBenchEstimate
{
  const WsBenchPlan *plan;
  guint    n_algos;
  Fit     *runs;         /* [algo × WS_N_VARIANTS]: seconds per run */
  Fit     *generate;     /* [algo]: making a configuration's inputs */
  Fit     *overhead;     /* [algo]: verification and the rest of a configuration */
  gboolean *done;        /* per configuration */
  double   samples_taken, samples_bound; /* adaptive rows so far */
  double   calibration_s;
};

/* ---- fits ---- */

static void
fit_add (Fit *f, double w, double t)
{
  Point p = { w, MAX (t, 0.0) };

  if (f->n == 0 || w <= f->lo.w)
    f->lo = p;
  if (f->n == 0 || w >= f->hi.w)
    f->hi = p;
  f->n++;
}

/* The line through both anchors; where it would fall with more work or
 * start below zero (noise, caches), proportional through the larger one. */
static double
fit_predict (const Fit *f, double w)
{
  double k = 0, c = -1;

  if (f->none || f->n == 0)
    return 0.0;
  if (f->hi.w > f->lo.w)
    {
      k = (f->hi.t - f->lo.t) / (f->hi.w - f->lo.w);
      c = f->lo.t - k * f->lo.w;
    }
  if (k <= 0 || c < 0)
    k = f->hi.t / f->hi.w, c = 0;
  return c + k * w;
}

/* ---- where a configuration's figures go ---- */

static guint
algo_index (const WsAlgorithm *algo)
{
  guint n;
  const WsAlgorithm *const *all = ws_registry_list (&n);

  for (guint i = 0; i < n; i++)
    if (all[i] == algo)
      return i;
  g_return_val_if_reached (0);
}

static Fit *
runs_fit (const WsBenchEstimate *e, const WsBenchConfig *c)
{
  return &e->runs[algo_index (c->algo) * WS_N_VARIANTS + c->variant];
}

static const WsBenchConfig *
config_at (const WsBenchEstimate *e, guint index)
{
  return g_ptr_array_index (e->plan->configs, index);
}

/* The input elements a configuration's data and verification handle. */
static double
elements (const WsBenchConfig *c)
{
  double n = (double) c->n;

  if (c->algo->shape == WS_SHAPE_STENCIL)
    return n * n;
  if (c->algo->shape == WS_SHAPE_DOT)
    return 2 * n;
  return n;
}

static double
overhead_work (const WsBenchConfig *c)
{
  double e = elements (c);

  return MAX (e * log2 (MAX (e, 2.0)), 1.0);
}

static double
run_work (const WsBenchConfig *c)
{
  return ws_algorithm_work (c->algo, c->variant, c->n, &c->params);
}

/* ---- how many runs ---- */

/* Adaptive: the samples the budget allows at t seconds a run (warm-up runs
 * spend it too), between min_samples and max_samples. */
static double
samples_bound (const WsPreset *p, double t)
{
  double s = t > 0 ? ceil (p->time_budget / t) - p->warmup : p->max_samples;

  return CLAMP (s, (double) p->min_samples, (double) p->max_samples);
}

static double
planned_runs (const WsBenchEstimate *e, const WsBenchConfig *c, double t)
{
  const WsPreset *p = e->plan->preset;
  double bound, share;

  if (!p->adaptive)
    return p->warmup + MAX (c->repetitions, 1u);
  /* The noise target often stops a row early: as often as it did so far. */
  bound = samples_bound (p, t);
  share = e->samples_bound > 0 ? e->samples_taken / e->samples_bound : 1.0;
  return p->warmup + CLAMP (ceil (bound * share), (double) p->min_samples, bound);
}

/* ---- calibration ---- */

/* One algorithm × variant to calibrate: its configuration of least work
 * (the template), and the most work and the largest n the plan gives it. */
typedef struct
{
  const WsBenchConfig *first;
  double               max_w;
  gsize                max_n;
} Group;

/* The groups of the configurations still to run, in plan order. */
static GArray *
calibration_groups (const WsBenchEstimate *e)
{
  GArray *groups = g_array_new (FALSE, TRUE, sizeof (Group));
  g_autofree int *slot = g_new (int, e->n_algos * WS_N_VARIANTS);

  for (guint k = 0; k < e->n_algos * WS_N_VARIANTS; k++)
    slot[k] = -1;
  for (guint i = 0; i < e->plan->configs->len; i++)
    {
      const WsBenchConfig *c = config_at (e, i);
      guint k = algo_index (c->algo) * WS_N_VARIANTS + c->variant;
      double w = run_work (c);
      Group *g;

      if (e->done[i] || c->n > c->algo->max_n)
        continue;
      if (slot[k] < 0)
        {
          Group fresh = { c, w, c->n };
          slot[k] = (int) groups->len;
          g_array_append_val (groups, fresh);
          continue;
        }
      g = &g_array_index (groups, Group, slot[k]);
      if (w < run_work (g->first))
        g->first = c;
      g->max_w = MAX (g->max_w, w), g->max_n = MAX (g->max_n, c->n);
    }
  return groups;
}

/* The template's parameters made small where the work model covers them:
 * a wide window or many queries would make the first runs slow. */
static WsParams
calibration_params (const WsBenchConfig *c)
{
  WsParams p = c->params;
  guint i;

  if (ws_algorithm_param (c->algo, "radius", &i) != NULL)
    p.values[i] = MIN (p.values[i], 2);
  if (ws_algorithm_param (c->algo, "queries", &i) != NULL)
    p.values[i] = MIN (p.values[i], 1000);
  return p;
}

static gboolean
timed_run (const WsRunInput *in, WsRunOutput *out, double *seconds, GError **error)
{
  double start = ws_system_now ();
  gboolean ok;

  memset (out, 0, sizeof *out);
  ok = ws_run (in, out, error);
  *seconds = ws_system_now () - start;
  return ok;
}

/* The faster of two runs: a busy machine only ever slows one down. */
static gboolean
best_run (const WsRunInput *in, WsRunOutput *out, double *seconds, GError **error)
{
  double again;

  if (!timed_run (in, out, seconds, error))
    return FALSE;
  ws_run_output_clear (out);
  if (!timed_run (in, out, &again, error))
    return FALSE;
  *seconds = MIN (*seconds, again);
  return TRUE;
}

/* One point: the inputs made, a run (after an untimed one when warm: the
 * first run of a variant starts threads or a GPU context) and its
 * verification, each timed into its fit. */
static gboolean
calibrate_at (WsBenchEstimate *e, const WsBenchConfig *probe, gboolean warm, double *run_s,
              GError **error)
{
  const WsPreset *p = e->plan->preset;
  WsRunInput in = { .algo = probe->algo, .variant = probe->variant, .params = probe->params,
                    .cold = probe->cold }; /* the flush is part of what a run costs */
  WsRunData data = { 0 };
  WsRunOutput out = { 0 };
  guint a = algo_index (probe->algo);
  double start = ws_system_now (), made, checked = 0;
  gboolean ok = ws_run_data_generate (probe->algo, &probe->params, p->type, p->distribution,
                                      probe->n, probe->seed, &data, error);

  made = ws_system_now () - start;
  ws_run_data_bind (&data, &in);
  if (ok && warm)
    {
      ok = timed_run (&in, &out, run_s, error);
      ws_run_output_clear (&out);
    }
  ok = ok && best_run (&in, &out, run_s, error);
  if (ok && p->verify)
    {
      g_autofree char *verdict = NULL;
      start = ws_system_now ();
      ws_run_verify (&in, &out, &verdict, NULL); /* a wrong result is the row's to report */
      checked = ws_system_now () - start;
    }
  if (ok)
    {
      fit_add (runs_fit (e, probe), run_work (probe), *run_s);
      fit_add (&e->generate[a], overhead_work (probe), made);
      fit_add (&e->overhead[a], overhead_work (probe), checked);
    }
  ws_run_output_clear (&out);
  ws_run_data_clear (&data);
  return ok;
}

/* The next probe is not worth it: a run already long enough, or more than
 * the plan itself asks for, or the group's time is up. */
static gboolean
calibrated (const Group *g, const WsBenchConfig *next, double run_s, double spent)
{
  return run_s >= CALIBRATION_RUN_S || spent >= CALIBRATION_GROUP_S || next->n > g->max_n
         || next->n > next->algo->max_n || run_work (next) > g->max_w;
}

static gboolean
calibrate_group (WsBenchEstimate *e, const Group *g, GError **error)
{
  WsBenchConfig probe = *g->first, next;
  Fit *f = runs_fit (e, g->first);
  gsize start_n = probe.algo->shape == WS_SHAPE_STENCIL ? 32 : CALIBRATION_START_N;
  double start = ws_system_now (), run_s = 0;

  probe.params = calibration_params (g->first);
  probe.n = MIN (g->first->n, start_n);
  for (gboolean first = TRUE;; first = FALSE)
    {
      g_autoptr (GError) local = NULL;
      if (!ws_cancel_check (error))
        return FALSE;
      if (!calibrate_at (e, &probe, first, &run_s, &local))
        {
          if (g_error_matches (local, WS_ERROR, WS_ERROR_CANCELLED))
            return g_propagate_error (error, g_steal_pointer (&local)), FALSE;
          /* Unavailable here, or failing: its rows end as fast. */
          f->none = f->n == 0;
          return TRUE;
        }
      next = probe;
      next.n = probe.n * (probe.algo->shape == WS_SHAPE_STENCIL ? 2 : 4);
      if (calibrated (g, &next, run_s, ws_system_now () - start))
        return TRUE;
      probe = next;
    }
}

gboolean
ws_bench_estimate_calibrate (WsBenchEstimate *e, GError **error)
{
  g_autoptr (GArray) groups = NULL;
  double start = ws_system_now ();
  gboolean ok = TRUE;

  g_return_val_if_fail (e != NULL, FALSE);
  groups = calibration_groups (e);
  for (guint i = 0; ok && i < groups->len; i++)
    ok = calibrate_group (e, &g_array_index (groups, Group, i), error);
  e->calibration_s += ws_system_now () - start;
  return ok;
}

/* ---- the public side ---- */

WsBenchEstimate *
ws_bench_estimate_new (const WsBenchPlan *plan)
{
  WsBenchEstimate *e = g_new0 (WsBenchEstimate, 1);

  g_return_val_if_fail (plan != NULL, NULL);
  e->plan = plan;
  ws_registry_list (&e->n_algos);
  e->runs = g_new0 (Fit, e->n_algos * WS_N_VARIANTS);
  e->generate = g_new0 (Fit, e->n_algos);
  e->overhead = g_new0 (Fit, e->n_algos);
  e->done = g_new0 (gboolean, MAX (plan->configs->len, 1));
  return e;
}

void
ws_bench_estimate_free (WsBenchEstimate *e)
{
  if (e == NULL)
    return;
  g_free (e->runs);
  g_free (e->generate);
  g_free (e->overhead);
  g_free (e->done);
  g_free (e);
}

void
ws_bench_estimate_set_done (WsBenchEstimate *e, guint index)
{
  g_return_if_fail (e != NULL && index < e->plan->configs->len);
  e->done[index] = TRUE;
}

double
ws_bench_estimate_calibration_seconds (const WsBenchEstimate *e)
{
  return e->calibration_s;
}

void
ws_bench_estimate_observe (WsBenchEstimate *e, guint index, const WsBenchTiming *t)
{
  const WsBenchConfig *c;
  guint a;
  double per_run;

  g_return_if_fail (e != NULL && t != NULL && index < e->plan->configs->len);
  c = config_at (e, index), a = algo_index (c->algo);
  if (t->status == WS_BENCH_UNAVAILABLE)
    runs_fit (e, c)->none = TRUE;
  if (t->status != WS_BENCH_OK || t->runs == 0)
    return;
  per_run = t->run_seconds / t->runs;
  fit_add (runs_fit (e, c), run_work (c), per_run);
  if (t->generate_seconds > 0)
    fit_add (&e->generate[a], overhead_work (c), t->generate_seconds);
  fit_add (&e->overhead[a], overhead_work (c), t->seconds - t->run_seconds - t->generate_seconds);
  if (e->plan->preset->adaptive)
    {
      e->samples_taken += t->runs - e->plan->preset->warmup;
      e->samples_bound += samples_bound (e->plan->preset, per_run);
    }
}

/* Whether configuration index makes its inputs anew: its lane (the CPU's,
 * or its GPU's: each keeps its own inputs, ws-bench.c) reuses them from
 * the lane's configuration before it when that ran on the same data.
 * Without devices every configuration has device -1: one lane, the plan's
 * order. */
static gboolean
makes_data (const WsBenchEstimate *e, guint index)
{
  const WsBenchConfig *c = config_at (e, index);

  for (guint i = index; i-- > 0;)
    if (config_at (e, i)->device == c->device)
      return e->done[i] || !ws_bench_config_same_data (config_at (e, i), c);
  return TRUE;
}

double
ws_bench_estimate_config (const WsBenchEstimate *e, guint index)
{
  const WsBenchConfig *c;
  const Fit *f;
  guint a;
  double t, seconds;

  g_return_val_if_fail (e != NULL && index < e->plan->configs->len, -1.0);
  c = config_at (e, index), f = runs_fit (e, c), a = algo_index (c->algo);
  if (c->n > c->algo->max_n || f->none)
    return 0.0;
  if (f->n == 0)
    return -1.0;
  t = fit_predict (f, run_work (c));
  seconds = planned_runs (e, c, t) * t + fit_predict (&e->overhead[a], overhead_work (c));
  if (makes_data (e, index))
    seconds += fit_predict (&e->generate[a], overhead_work (c));
  return seconds;
}

/* Adds configuration i's seconds to *sum unless it is done or finished;
 * FALSE while its time is unknown. */
static gboolean
add_left (const WsBenchEstimate *e, guint i, const gboolean *finished, double *sum)
{
  double s = e->done[i] || (finished != NULL && finished[i]) ? 0.0 : ws_bench_estimate_config (e, i);

  *sum += s;
  return s >= 0;
}

double
ws_bench_estimate_left (const WsBenchEstimate *e, guint from)
{
  double sum = 0;

  g_return_val_if_fail (e != NULL, -1.0);
  for (guint i = from; i < e->plan->configs->len; i++)
    if (!add_left (e, i, NULL, &sum))
      return -1.0;
  return sum;
}

double
ws_bench_estimate_lanes_left (const WsBenchEstimate *e, const GPtrArray *lanes,
                              const gboolean *finished)
{
  double cpu = 0, gpus = 0;

  g_return_val_if_fail (e != NULL && lanes != NULL, -1.0);
  for (guint l = 0; l < lanes->len; l++)
    {
      const WsBenchLane *lane = lanes->pdata[l];
      double sum = 0;
      for (guint k = 0; k < lane->configs->len; k++)
        if (!add_left (e, g_array_index (lane->configs, guint, k), finished, &sum))
          return -1.0;
      if (lane->device < 0)
        cpu = sum;
      else
        gpus = MAX (gpus, sum);
    }
  return cpu + gpus;
}

double
ws_bench_estimate_plan_left (const WsBenchEstimate *e)
{
  g_autoptr (GPtrArray) lanes = NULL;

  g_return_val_if_fail (e != NULL, -1.0);
  lanes = ws_bench_plan_lanes (e->plan);
  return ws_bench_estimate_lanes_left (e, lanes, NULL);
}

char *
ws_bench_format_duration (double s)
{
  guint64 t;

  if (s < 0 || !isfinite (s))
    return g_strdup ("unknown");
  t = (guint64) ceil (MAX (s, 1.0));
  if (t < 60)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " s", t);
  if (t < 3600)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " min %02" G_GUINT64_FORMAT " s", t / 60, t % 60);
  if (t < 86400)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " h %02" G_GUINT64_FORMAT " min", t / 3600,
                            t % 3600 / 60);
  return g_strdup_printf ("%" G_GUINT64_FORMAT " d %" G_GUINT64_FORMAT " h", t / 86400,
                          t % 86400 / 3600);
}
