/* ws-test-run.c: benchmark plans and cancelled runs for the tests (see
 * ws-test-util.h). Apart from ws-test-util.c so that only the programs
 * that use these link the run machinery (and with it the CUDA kernels):
 * the GPU machine's test pack stays small. */
#include <string.h>

#include "ws-cancel.h"
#include "ws-test-util.h"

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
ws_test_run_cancelled (const WsRunInput *in,
                       WsRunOutput      *out,
                       gulong            delay_us,
                       double           *lag_s,
                       GError          **error)
{
  g_autoptr (GCancellable) c = g_cancellable_new ();
  gint64 cancelled_at = 0, returned_at;
  GThread *canceller;
  gboolean ok;

  ws_cancel_push (c);
  canceller = ws_test_cancel_after (c, delay_us, &cancelled_at);
  ok = ws_run (in, out, error);
  returned_at = g_get_monotonic_time ();
  /* Joined first: a run that returned before the cancel has no time yet. */
  g_thread_join (canceller);
  ws_cancel_pop ();
  if (lag_s != NULL)
    *lag_s = (returned_at - cancelled_at) / 1e6;
  return ok;
}
