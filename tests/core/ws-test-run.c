/* ws-test-run.c: benchmark plans and cancelled runs for the tests (see
 * ws-test-util.h). Apart from ws-test-util.c so that only the programs
 * that use these link the run machinery (and with it the CUDA kernels):
 * the GPU machine's test pack stays small. */
#include <string.h>

#include "ws-bench-csv.h"
#include "ws-cancel.h"
#include "ws-error.h"
#include "ws-registry.h"
#include "ws-test-util.h"

const char *
ws_test_row_field (const char *const *fields, const char *column)
{
  const char *const *columns = ws_bench_csv_columns ();

  for (guint i = 0; columns[i] != NULL; i++)
    if (g_str_equal (columns[i], column))
      return fields[i];
  g_assert_not_reached ();
}

WsBenchPlan *
ws_test_plan_of (const char *text)
{
  g_autoptr (GError) error = NULL;
  WsPreset *preset = ws_preset_load_data ("test.ini", text, strlen (text), &error);
  WsBenchPlan *plan;

  g_assert_no_error (error);
  plan = ws_bench_plan_new (preset, &error);
  g_assert_no_error (error);
  return plan;
}

typedef struct
{
  GCancellable *cancellable;
  gulong        delay_us;
  gint64       *cancelled_at;
} DelayedCancel;

static gpointer
cancel_soon (gpointer data)
{
  DelayedCancel *d = data;

  g_usleep (d->delay_us);
  /* Before the cancel: once it lands the caller may read the time. */
  if (d->cancelled_at != NULL)
    *d->cancelled_at = g_get_monotonic_time ();
  g_cancellable_cancel (d->cancellable);
  g_free (d);
  return NULL;
}

GThread *
ws_test_cancel_after (GCancellable *c,
                      gulong        delay_us,
                      gint64       *cancelled_at)
{
  DelayedCancel *d = g_new (DelayedCancel, 1);

  d->cancellable = c;
  d->delay_us = delay_us;
  d->cancelled_at = cancelled_at;
  return g_thread_new ("cancel-later", cancel_soon, d);
}

gboolean
ws_test_call_cancelled (WsTestWork work,
                        gpointer   data,
                        gulong     delay_us,
                        double    *lag_s,
                        GError   **error)
{
  g_autoptr (GCancellable) c = g_cancellable_new ();
  gint64 cancelled_at = 0, returned_at;
  GThread *canceller;
  gboolean ok;

  ws_cancel_push (c);
  canceller = ws_test_cancel_after (c, delay_us, &cancelled_at);
  ok = work (data, error);
  returned_at = g_get_monotonic_time ();
  /* Joined first: work that returned before the cancel has no time yet. */
  g_thread_join (canceller);
  ws_cancel_pop ();
  if (lag_s != NULL)
    *lag_s = (returned_at - cancelled_at) / 1e6;
  return ok;
}

typedef struct
{
  const WsRunInput *in;
  WsRunOutput      *out;
} RunWork;

static gboolean
run_work (gpointer data,
          GError **error)
{
  RunWork *r = data;

  return ws_run (r->in, r->out, error);
}

gboolean
ws_test_run_cancelled (const WsRunInput *in,
                       WsRunOutput      *out,
                       gulong            delay_us,
                       double           *lag_s,
                       GError          **error)
{
  RunWork r = { in, out };

  return ws_test_call_cancelled (run_work, &r, delay_us, lag_s, error);
}

void
ws_test_run_case_params (const WsTestRunCase *c,
                         WsParams            *params)
{
  const WsAlgorithm *algo = ws_registry_lookup (c->algorithm, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (algo);
  ws_params_init_defaults (algo, params);
  for (guint i = 0; i < G_N_ELEMENTS (c->param) && c->param[i] != NULL; i++)
    {
      g_assert_true (ws_params_set (algo, params, c->param[i], c->value[i], &error));
      g_assert_no_error (error);
    }
}

void
ws_test_run_fixture_init (WsTestRunFixture    *f,
                          const WsTestRunCase *c)
{
  g_autoptr (GError) error = NULL;

  *f = (WsTestRunFixture) { .c = c, .algo = ws_registry_lookup (c->algorithm, NULL) };
  ws_test_run_case_params (c, &f->in.params);
  f->in.algo = f->algo;
  f->in.variant = c->variant;
  g_assert_true (ws_run_data_generate (f->algo, &f->in.params, c->type, c->dist, c->n, 7,
                                       &f->data, &error));
  g_assert_no_error (error);
  ws_run_data_bind (&f->data, &f->in);
}

void
ws_test_run_fixture_clear (WsTestRunFixture *f)
{
  ws_run_output_clear (&f->out);
  ws_run_data_clear (&f->data);
}

gboolean
ws_test_run_fixture_work (gpointer fixture,
                          GError **error)
{
  WsTestRunFixture *f = fixture;
  gboolean ok = ws_run (&f->in, &f->out, error);

  ws_run_output_clear (&f->out);
  return ok;
}

#define FIRST_DELAY_US (100 * 1000)
#define ATTEMPTS 12 /* enough halvings to reach a cancel at once, and retries */
#define SLOW_TRIES 3

double
ws_test_assert_cancel_answers (const char *what,
                               WsTestWork  work,
                               gpointer    data)
{
  gulong delay_us = FIRST_DELAY_US;
  double best = G_MAXDOUBLE, whole = G_MAXDOUBLE;
  guint slow = 0;

  for (guint attempt = 0; attempt < ATTEMPTS && best >= WS_TEST_CANCEL_BOUND_S
                          && slow < SLOW_TRIES; attempt++)
    {
      g_autoptr (GError) error = NULL;
      double lag = 0.0;
      gint64 start = g_get_monotonic_time ();

      if (ws_test_call_cancelled (work, data, delay_us, &lag, &error))
        {
          whole = MIN (whole, (g_get_monotonic_time () - start) / 1e6);
          g_test_message ("%s: finished before the cancel %lu ms in", what, delay_us / 1000);
          delay_us = delay_us > 1000 ? delay_us / 2 : 0;
          continue;
        }
      g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
      g_test_message ("%s: cancelled %lu ms in, returned %.1f ms later", what, delay_us / 1000,
                      lag * 1e3);
      best = MIN (best, lag);
      slow += lag >= WS_TEST_CANCEL_BOUND_S;
    }
  /* On a machine with many cores some work ends before a thread started
   * with it can cancel it: a cancel is then answered by the end itself, as
   * long as that comes within the bound. */
  if (best == G_MAXDOUBLE && whole < WS_TEST_CANCEL_BOUND_S)
    {
      g_test_message ("%s: the whole work takes %.1f ms, less than the bound", what, whole * 1e3);
      return whole;
    }
  if (best == G_MAXDOUBLE)
    g_error ("%s: finished every time before the cancel, in %.0f ms at best", what, whole * 1e3);
  g_assert_cmpfloat (best, <, WS_TEST_CANCEL_BOUND_S);
  return best;
}
