/* ws-cli-render-bench.c: `render --bench` — how long the application's
 * frame takes, through the same scene: the pass with its counts and stage
 * check, the counts read (step), the bins on the active frame path (fill)
 * and the drawing with caption, legend and stage runs (draw), each waited
 * for, medians over up to 64 passes a size, and the frames per second they
 * allow, for n = 2^10 … 2^24. No read-back: an animation never reads its
 * frames back. */
#include <stdio.h>

#include "ws-cli-render.h"
#include "ws-cli.h"
#include "ws-size.h"

enum { PASSES = 64, WARMUP = 3 };

typedef struct
{
  GArray *step, *fill, *draw, *frame;
} Times;

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

static double
median (GArray *a)
{
  return render_median ((const double *) a->data, a->len);
}

static void
keep_times (Times *t, double t0, double t1, double t2, double t3)
{
  double d[4] = { t1 - t0, t2 - t1, t3 - t2, t3 - t0 };

  g_array_append_val (t->step, d[0]), g_array_append_val (t->fill, d[1]);
  g_array_append_val (t->draw, d[2]), g_array_append_val (t->frame, d[3]);
}

/* One frame as the sorting page makes it, each phase waited for so that
 * it is timed alone. */
static gboolean
time_frame (Render *r, Times *t, gboolean keep, gboolean *stepped, GError **error)
{
  guint64 comparisons, swaps;
  double t0 = now (), t1, t2, t3;
  guint ran;

  if (!ws_network_scene_advance (r->scene, 1, 0, &ran, error)
      || !ws_network_scene_counts (r->scene, &comparisons, &swaps, error)
      || !ws_network_scene_wait (r->scene, error))
    return FALSE;
  *stepped = ran > 0;
  t1 = now ();
  if (!ws_network_scene_fill (r->scene, r->renderer, r->width, r->scale, TRUE, error)
      || !ws_network_scene_wait (r->scene, error))
    return FALSE;
  t2 = now ();
  /* The caption changes every pass: its text is painted again each frame,
   * as the application's is. */
  WsNetworkStyle style = { TRUE, TRUE, TRUE, TRUE, NULL };
  if (!ws_network_scene_paint (r->scene, r->renderer, &style, r->width, r->height, r->scale,
                               error))
    return FALSE;
  ws_gl_context_finish (r->gl);
  t3 = now ();
  if (keep)
    keep_times (t, t0, t1, t2, t3);
  return TRUE;
}

static gboolean
bench_size (Render *r, const char *algo, const RenderOptions *o, gsize n, GError **error)
{
  Times t = { g_array_new (FALSE, FALSE, sizeof (double)), g_array_new (FALSE, FALSE, sizeof (double)),
              g_array_new (FALSE, FALSE, sizeof (double)), g_array_new (FALSE, FALSE, sizeof (double)) };
  gboolean stepped = TRUE, ok = render_setup_keys (r, algo, o, n, error);
  char label[16];

  for (guint i = 0; ok && stepped && i < WARMUP + PASSES; i++)
    ok = time_frame (r, &t, i >= WARMUP, &stepped, error);
  g_snprintf (label, sizeof label, "2^%d", g_bit_nth_msf (n, -1));
  if (ok && t.frame->len > 0)
    printf ("%-9s %-8s %9.3f %9.3f %9.3f %9.3f %9.0f\n", label,
            ws_frame_path_name (ws_frame_path_kind (ws_network_scene_path (r->scene))),
            median (t.step) * 1e3, median (t.fill) * 1e3, median (t.draw) * 1e3,
            median (t.frame) * 1e3, 1.0 / median (t.frame));
  g_array_unref (t.step), g_array_unref (t.fill), g_array_unref (t.draw), g_array_unref (t.frame);
  render_drop_keys (r);
  return ok;
}

int
render_bench (Render *r, const char *algo, const RenderOptions *o)
{
  g_autoptr (GError) error = NULL;
  gsize most = (gsize) 1 << 24;

  if (o->up_to != NULL && !ws_size_parse_range ("--up-to", o->up_to, 1, G_MAXSIZE, &most, &error))
    return ws_cli_fail (error);
  printf ("%s, %d×%d, medians over %u passes after %u\nOpenGL: %s\n", algo, r->width, r->height,
          PASSES, WARMUP, ws_gl_context_describe (r->gl));
  printf ("%-9s %-8s %9s %9s %9s %9s %9s\n", "n", "path", "step ms", "fill ms", "draw ms",
          "frame ms", "fps");
  for (guint e = 10; e <= 24 && ((gsize) 1 << e) <= most; e += 2)
    if (!bench_size (r, algo, o, (gsize) 1 << e, &error))
      return ws_cli_fail (error);
  return 0;
}
