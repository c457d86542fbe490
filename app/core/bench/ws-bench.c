/* ws-bench.c: measuring a lane of a plan's configurations (see ws-bench.h;
 * ws-bench-lanes.c runs the lanes). */
#include "ws-bench-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ws-cancel.h"
#include "ws-device-info.h"
#include "ws-error.h"
#include "ws-roofline.h"
#include "ws-run-data.h"
#include "ws-system.h"

/* What one lane keeps between its configurations. */
typedef struct
{
  WsBenchShared          *shared;
  WsBenchPlan            *plan;       /* shared->plan */
  WsRunData               data;       /* the inputs of the current group */
  const WsBenchConfig    *data_of;    /* the configuration they were made for */
  double                  peak_gbps;  /* the lane's GPU's, 0 when unknown */
  WsBenchTiming           timing;     /* of the configuration being measured */
} Bench;

/* ---- inputs ---- */

static gboolean
ensure_data (Bench *b, const WsBenchConfig *c, GError **error)
{
  const WsPreset *p = b->plan->preset;
  double start = ws_system_now ();

  if (b->data_of != NULL && ws_bench_config_same_data (b->data_of, c))
    return TRUE;
  ws_run_data_clear (&b->data);
  b->data_of = NULL;
  if (!ws_run_data_generate (c->algo, &c->params, p->type, p->distribution, c->n, c->seed, &b->data,
                             error))
    return FALSE;
  b->data_of = c;
  b->timing.generate_seconds = ws_system_now () - start;
  return TRUE;
}

/* ---- one sample ---- */

/* The timed quantity of a run: kernels with the data on the device, or the
 * whole run with allocation and transfers; a CPU run is one figure. */
static double
timed (const WsPreset *p, const WsRunOutput *out)
{
  if (out->times.device[0] == '\0')
    return out->seconds;
  return p->timing == WS_TIMING_KERNEL ? out->times.kernel : out->times.total;
}

static gboolean
run_once (Bench *b, const WsBenchConfig *c, WsRunOutput *out, GError **error)
{
  WsRunInput in = { .algo = c->algo, .variant = c->variant, .params = c->params,
                    .cold = c->cold };
  double start = ws_system_now ();
  gboolean ok;

  ws_run_data_bind (&b->data, &in);
  memset (out, 0, sizeof *out);
  ok = ws_run (&in, out, error);
  /* Wall clock, for the estimate: what a run costs the plan. */
  b->timing.run_seconds += ws_system_now () - start;
  b->timing.runs++;
  return ok;
}

static gboolean
verify (Bench *b, const WsBenchConfig *c, const WsRunOutput *out, GError **error)
{
  WsRunInput in = { .algo = c->algo, .variant = c->variant, .params = c->params };
  g_autofree char *verdict = NULL;

  ws_run_data_bind (&b->data, &in);
  return ws_run_verify (&in, out, &verdict, error);
}

/* ---- the samples of one configuration ---- */

typedef struct
{
  GArray *alloc, *upload, *kernel, *download;
} Phases;

static void
phases_add (Phases *ph, const WsRunOutput *out)
{
  double k = out->times.device[0] ? out->times.kernel : out->seconds;

  g_array_append_val (ph->alloc, out->times.alloc);
  g_array_append_val (ph->upload, out->times.upload);
  g_array_append_val (ph->kernel, k);
  g_array_append_val (ph->download, out->times.download);
}

static double
median_of (GArray *a)
{
  WsStats s;

  if (a->len == 0)
    return 0.0;
  ws_stats_compute ((const double *) a->data, a->len, &s);
  return s.median;
}

/* Enough samples? Fixed: the preset's count. Adaptive: at least
 * min_samples, then until the median is known to target_noise, the budget
 * is spent or max_samples are taken. */
static gboolean
enough (const WsPreset *p, const WsBenchConfig *c, GArray *samples, double spent)
{
  WsStats s;

  if (!p->adaptive)
    return samples->len >= c->repetitions;
  if (samples->len >= p->max_samples)
    return TRUE;
  if (samples->len < p->min_samples)
    return FALSE;
  if (spent >= p->time_budget)
    return TRUE;
  ws_stats_compute ((const double *) samples->data, samples->len, &s);
  return ws_stats_relative_noise (&s) <= p->target_noise;
}

static gboolean
sample (Bench *b, const WsBenchConfig *c, WsBenchRow *row, Phases *ph, GError **error)
{
  const WsPreset *p = b->plan->preset;
  gint64 start = g_get_monotonic_time ();
  WsRunOutput out;

  for (guint w = 0; w <= p->warmup; w++)
    {
      if (!ws_cancel_check (error))
        return FALSE;
      gboolean ok = run_once (b, c, &out, error);
      if (ok && w == p->warmup && p->verify)
        ok = verify (b, c, &out, error);
      if (ok && w == p->warmup)
        {
          double t = timed (p, &out);
          g_array_append_val (row->samples, t);
          phases_add (ph, &out);
          memcpy (row->device, out.times.device, sizeof row->device);
          if (row->device[0] != '\0')
            row->device_index = out.times.device_index;
        }
      ws_run_output_clear (&out);
      if (!ok)
        return FALSE;
    }
  while (!enough (p, c, row->samples, (g_get_monotonic_time () - start) / 1e6))
    {
      if (!ws_cancel_check (error))
        return FALSE;
      if (!run_once (b, c, &out, error))
        return FALSE;
      double t = timed (p, &out);
      g_array_append_val (row->samples, t);
      phases_add (ph, &out);
      ws_run_output_clear (&out);
    }
  return TRUE;
}

/* ---- derived figures ---- */

/* The bytes the algorithm must at least read and write once
 * (ws-roofline.h): the figure behind "effective GB/s". */
static double
min_bytes (const WsBenchConfig *c, WsKeyType type)
{
  WsTraffic traffic;

  if (!ws_roofline_traffic (c->algo->name, type, c->n, &c->params, &traffic, NULL))
    g_return_val_if_reached (0.0);
  return (double) ws_traffic_bytes (&traffic);
}

static double
elements (const WsBenchConfig *c)
{
  if (c->algo->shape == WS_SHAPE_STENCIL)
    return (double) c->n * c->n;
  if (c->algo->shape == WS_SHAPE_SEARCH)
    return (double) ws_params_get (c->algo, &c->params, "queries");
  return (double) c->n;
}

static void
derive_rates (const Bench *b, const WsBenchConfig *c, WsBenchRow *row)
{
  double t = row->time.median;

  row->elements_per_s = ws_rate_per_second (elements (c), t);
  row->gb_per_s = ws_rate_per_second (min_bytes (c, b->plan->preset->type), t) / 1e9;
  if (row->device[0] != '\0' && b->peak_gbps > 0)
    row->peak_share = row->gb_per_s / b->peak_gbps;
  if (c->algo->shape == WS_SHAPE_STENCIL)
    {
      guint64 r = (guint64) ws_params_get (c->algo, &c->params, "radius");
      row->gflop_per_s = ws_rate_per_second (ws_stencil_flop (c->n, r), t) / 1e9;
      row->flop_per_byte = ws_stencil_flop_per_byte (c->n, r);
    }
}

/* The baseline row this one is compared with: the baseline variant on the
 * same input, with the parameters the baseline reads — on the same GPU
 * where both are GPU variants, on the first GPU named where only the
 * baseline is. */
static char *
baseline_key (const WsBenchShared *s, const WsBenchConfig *c)
{
  const WsPreset *p = s->plan->preset;
  g_autofree char *params = ws_bench_params_text (p, c->algo, p->baseline, &c->params);
  int device = c->device >= 0 ? c->device : s->base_device;

  return ws_bench_config_key (p, c->algo, p->baseline, c->n, params, c->instance, device);
}

/* These two under the shared lock: the lanes share the baselines. */
static void
compare_with_baseline (WsBenchShared *s, const WsBenchConfig *c, WsBenchRow *row)
{
  g_autofree char *key = baseline_key (s, c);
  const WsStats *base = g_hash_table_lookup (s->baselines, key);

  if (base != NULL && row->status == WS_BENCH_OK)
    row->has_speedup = ws_speedup_compute (base, &row->time, &row->speedup);
}

static void
remember_baseline (WsBenchShared *s, const WsBenchConfig *c, const WsBenchRow *row)
{
  if (c->variant == s->plan->preset->baseline && row->status == WS_BENCH_OK)
    g_hash_table_insert (s->baselines, g_strdup (c->key), g_memdup2 (&row->time, sizeof row->time));
}

/* ---- one configuration ---- */

static WsBenchStatus
status_of (const GError *e)
{
  if (g_error_matches (e, WS_ERROR, WS_ERROR_VERIFY))
    return WS_BENCH_FAILED;
  if (g_error_matches (e, WS_ERROR, WS_ERROR_UNAVAILABLE))
    return WS_BENCH_UNAVAILABLE;
  return WS_BENCH_ERROR;
}

static void
summarise (Bench *b, const WsBenchConfig *c, WsBenchRow *row, Phases *ph)
{
  ws_stats_compute ((const double *) row->samples->data, row->samples->len, &row->time);
  row->alloc = median_of (ph->alloc);
  row->upload = median_of (ph->upload);
  row->kernel = median_of (ph->kernel);
  row->download = median_of (ph->download);
  derive_rates (b, c, row);
}

static void
phases_init (Phases *ph)
{
  ph->alloc = g_array_new (FALSE, FALSE, sizeof (double));
  ph->upload = g_array_new (FALSE, FALSE, sizeof (double));
  ph->kernel = g_array_new (FALSE, FALSE, sizeof (double));
  ph->download = g_array_new (FALSE, FALSE, sizeof (double));
}

static void
phases_clear (Phases *ph)
{
  g_clear_pointer (&ph->alloc, g_array_unref);
  g_clear_pointer (&ph->upload, g_array_unref);
  g_clear_pointer (&ph->kernel, g_array_unref);
  g_clear_pointer (&ph->download, g_array_unref);
}

/* Measures c into row; what goes wrong becomes the row's status. FALSE only
 * for what ends the whole run: a cancel. */
static gboolean
measure (Bench *b, const WsBenchConfig *c, WsBenchRow *row, GError **error)
{
  const WsPreset *p = b->plan->preset;
  g_autoptr (GError) local = NULL;
  Phases ph;

  phases_init (&ph);
  if (c->n > c->algo->max_n)
    {
      row->status = WS_BENCH_SKIPPED;
      row->message = g_strdup_printf ("n = %" G_GSIZE_FORMAT " is above %s's limit of %"
                                      G_GSIZE_FORMAT, c->n, c->algo->name, c->algo->max_n);
    }
  else if (!ws_algorithm_check_run (c->algo, c->variant, p->type, c->n, &local)
           || !ensure_data (b, c, &local) || !sample (b, c, row, &ph, &local))
    {
      /* Between samples or inside a run's loop (ws-cancel.h): either way
       * the run ends here, saying where. */
      if (g_error_matches (local, WS_ERROR, WS_ERROR_CANCELLED))
        {
          g_autofree char *what = ws_bench_config_describe (c);

          phases_clear (&ph);
          g_set_error (error, WS_ERROR, WS_ERROR_CANCELLED, "Stopped during %s", what);
          return FALSE;
        }
      row->status = status_of (local);
      row->message = g_strdup (local->message);
    }
  if (row->status == WS_BENCH_OK)
    summarise (b, c, row, &ph);
  phases_clear (&ph);
  return TRUE;
}

/* ---- the lane ---- */

/* The peak bandwidth of the lane's GPU (GPU 0 for a lane without one, whose
 * GPU rows run there), from the table asked once for the run. */
static double
lane_peak (const WsBenchPlan *plan, int device)
{
  int d = MAX (device, 0);

  if (plan->gpus == NULL || (guint) d >= plan->gpus->len)
    return 0.0;
  return ws_device_peak_gbps (&g_array_index (plan->gpus, WsDeviceInfo, d));
}

static gboolean
stop_for_failure (const WsPreset *p, const WsBenchRow *row, GError **error)
{
  g_autofree char *what = NULL;

  if (row->status != WS_BENCH_FAILED || !p->stop_on_failure)
    return FALSE;
  what = ws_bench_config_describe (row->config);
  g_set_error (error, WS_ERROR, WS_ERROR_VERIFY, "Stopped at %s (stop_on_failure): %s", what,
               row->message);
  return TRUE;
}

/* Tells the caller that configuration index starts, with the time left. */
static void
announce (WsBenchShared *s, const WsBenchConfig *c)
{
  g_mutex_lock (&s->lock);
  if (s->cb->started != NULL)
    s->cb->started (c, s->reached, s->plan->configs->len,
                    ws_bench_estimate_lanes_left (s->plan->estimate, s->lanes, s->finished),
                    s->user_data);
  s->reached++;
  g_mutex_unlock (&s->lock);
}

/* Compares the measured row with its baseline, hands it over and tells the
 * estimate what it took, under the lock: FALSE when the run must end. */
static gboolean
hand_over (Bench *b, guint index, WsBenchRow *row, gboolean ok, double start, GError **error)
{
  WsBenchShared *s = b->shared;
  const WsBenchConfig *c = row->config;

  g_mutex_lock (&s->lock);
  remember_baseline (s, c, row);
  compare_with_baseline (s, c, row);
  ok = ok && s->cb->finished (row, s->user_data, error)
       && !stop_for_failure (b->plan->preset, row, error);
  s->finished[index] = TRUE;
  b->timing.status = row->status;
  b->timing.seconds = ws_system_now () - start;
  g_debug ("configuration %u: %.3g s, estimated %.3g s", index, b->timing.seconds,
           ws_bench_estimate_config (b->plan->estimate, index));
  if (ok)
    ws_bench_estimate_observe (b->plan->estimate, index, &b->timing);
  g_mutex_unlock (&s->lock);
  return ok;
}

/* Measures configuration index into row, compares it with its baseline,
 * hands it over, and tells the estimate what it took. */
static gboolean
measure_step (Bench *b, guint index, WsBenchRow *row, GError **error)
{
  double start = ws_system_now ();
  gboolean ok;

  b->timing = (WsBenchTiming) { 0 };
  announce (b->shared, row->config);
  ok = measure (b, row->config, row, error);
  return hand_over (b, index, row, ok, start, error);
}

/* Resume: whether the caller has the row already (then it still serves as
 * a baseline, and takes no time). */
static gboolean
skip_done (WsBenchShared *s, guint index, WsBenchRow *row)
{
  gboolean done;

  g_mutex_lock (&s->lock);
  done = s->cb->done != NULL && s->cb->done (row->config, row, s->user_data);
  if (done)
    {
      remember_baseline (s, row->config, row);
      ws_bench_estimate_set_done (s->plan->estimate, index);
      s->finished[index] = TRUE;
      s->reached++;
    }
  g_mutex_unlock (&s->lock);
  return done;
}

/* One configuration: skipped when already done, else measured. */
static gboolean
step (Bench *b, guint index, GError **error)
{
  const WsBenchConfig *c = g_ptr_array_index (b->plan->configs, index);
  WsBenchRow row = { .config = c, .samples = g_array_new (FALSE, FALSE, sizeof (double)),
                     .device_index = c->device };
  gboolean ok = TRUE;

  if (!skip_done (b->shared, index, &row))
    ok = measure_step (b, index, &row, error);
  ws_bench_row_clear (&row);
  return ok;
}

gboolean
ws_bench_lane_run (WsBenchShared *shared, const WsBenchLane *lane, GError **error)
{
  Bench b = { shared, shared->plan };
  gboolean ok = TRUE;

  b.peak_gbps = lane_peak (shared->plan, lane->device);
  for (guint i = 0; ok && i < lane->configs->len; i++)
    ok = step (&b, g_array_index (lane->configs, guint, i), error);
  ws_run_data_clear (&b.data);
  return ok;
}

void
ws_bench_row_clear (WsBenchRow *row)
{
  g_clear_pointer (&row->message, g_free);
  g_clear_pointer (&row->samples, g_array_unref);
}

static const char *const status_names[] = { "ok", "failed", "unavailable", "error", "skipped" };

const char *
ws_bench_status_name (WsBenchStatus status)
{
  g_return_val_if_fail ((guint) status < G_N_ELEMENTS (status_names), "?");
  return status_names[status];
}

gboolean
ws_bench_status_from_string (const char *name, WsBenchStatus *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (status_names); i++)
    if (g_strcmp0 (name, status_names[i]) == 0)
      {
        *out = (WsBenchStatus) i;
        return TRUE;
      }
  return FALSE;
}
