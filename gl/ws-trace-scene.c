/* ws-trace-scene.c: a student's trace as an animation (see ws-trace-scene.h). */
#include "ws-trace-scene.h"

#include <string.h>

#include "ws-bar-values.h"
#include "ws-bars.h"
#include "ws-network-scene.h"

struct _WsTraceScene
{
  WsTrace      *trace;
  WsNetwork    *net;
  WsArray      *padded;   /* the input as the network pads it */
  gboolean      diverged;
  WsDivergence  divergence;
  guint         pass;     /* shown: keys after this many passes */
  guint8       *flags;    /* the shown pass's WS_BAR_* bits, width of them */
  WsComparator *comparators;
  gsize         n_comparators;
  char         *widest;   /* the widest key label of any pass (small arrays), or NULL */
  WsFramePath  *path;
};

/* Over every pass: a student's pass may write keys the input never held. */
static void
find_widest (WsTraceScene *s)
{
  if (s->padded->n > WS_RENDERER_VALUE_KEYS)
    return;
  ws_bar_values_widen (s->padded, &s->widest);
  for (guint i = 0; i < s->trace->passes->len; i++)
    ws_bar_values_widen (s->trace->passes->pdata[i], &s->widest);
}

WsTraceScene *
ws_trace_scene_new (WsNetworkKind kind, WsTrace *trace, GError **error)
{
  g_autoptr (WsTraceScene) s = g_new0 (WsTraceScene, 1);

  g_return_val_if_fail (trace != NULL, NULL);
  s->trace = trace;
  if (!ws_divergence_trace (kind, trace, &s->diverged, &s->divergence, error)
      || (s->net = ws_network_new (kind, trace->input->n, error)) == NULL
      || (s->padded = ws_network_pad (s->net, trace->input, error)) == NULL)
    return NULL;
  s->flags = g_malloc0 (MAX (s->padded->n, 1));
  find_widest (s);
  return g_steal_pointer (&s);
}

void
ws_trace_scene_free (WsTraceScene *s)
{
  if (s == NULL)
    return;
  g_clear_pointer (&s->path, ws_frame_path_free);
  g_clear_pointer (&s->trace, ws_trace_free);
  g_clear_pointer (&s->net, ws_network_free);
  g_clear_pointer (&s->padded, ws_array_free);
  g_free (s->flags);
  g_free (s->comparators);
  g_free (s->widest);
  g_free (s);
}

const WsNetwork *
ws_trace_scene_network (const WsTraceScene *s)
{
  return s->net;
}

const WsTrace *
ws_trace_scene_trace (const WsTraceScene *s)
{
  return s->trace;
}

gboolean
ws_trace_scene_divergence (const WsTraceScene *s, WsDivergence *found)
{
  if (s->diverged && found != NULL)
    *found = s->divergence;
  return s->diverged;
}

guint
ws_trace_scene_pass (const WsTraceScene *s)
{
  return s->pass;
}

guint
ws_trace_scene_n_passes (const WsTraceScene *s)
{
  return s->trace->passes->len;
}

const WsArray *
ws_trace_scene_keys (const WsTraceScene *s)
{
  return s->pass == 0 ? s->padded : s->trace->passes->pdata[s->pass - 1];
}

/* The shown pass's comparators (compared), and the keys it changed
 * (swapped: what the student's pass did, whatever it should have). */
static void
mark_pass (WsTraceScene *s)
{
  const WsArray *after = ws_trace_scene_keys (s), *before;
  guint done = s->pass - 1;

  memset (s->flags, 0, s->padded->n);
  g_clear_pointer (&s->comparators, g_free);
  s->n_comparators = 0;
  if (s->pass == 0)
    return;
  before = done == 0 ? s->padded : s->trace->passes->pdata[done - 1];
  s->n_comparators = ws_network_pass_comparators (s->net, done, NULL);
  s->comparators = g_new (WsComparator, MAX (s->n_comparators, 1));
  ws_network_pass_comparators (s->net, done, s->comparators);
  for (gsize c = 0; c < s->n_comparators; c++)
    s->flags[s->comparators[c].min_at] = s->flags[s->comparators[c].max_at] = WS_BAR_COMPARED;
  for (gsize i = 0; i < after->n; i++)
    if (ws_array_first_difference (before, after, i, i + 1) == i)
      s->flags[i] |= WS_BAR_SWAPPED;
}

void
ws_trace_scene_seek (WsTraceScene *s, guint pass)
{
  s->pass = MIN (pass, ws_trace_scene_n_passes (s));
  mark_pass (s);
}

void
ws_trace_scene_mark (WsRenderer *renderer, const WsBarsView *view, const WsDivergence *d,
                     int width, int height)
{
  ws_renderer_draw_key_mark (renderer, view, d->index, width, height);
  if (d->has_comparator)
    ws_renderer_draw_key_mark (renderer, view,
                               d->comparator.min_at == d->index ? d->comparator.max_at
                                                                : d->comparator.min_at,
                               width, height);
}

gboolean
ws_trace_scene_draw (WsTraceScene *s, WsRenderer *renderer, const char *caption, double vmin,
                     double vmax, int width, int height, double scale, GError **error)
{
  const WsArray *keys = ws_trace_scene_keys (s);
  guint columns = ws_renderer_bar_columns (width, scale);
  WsBarsView view = { ws_bars_count (keys->n, columns), keys->n, 0, scale, caption, TRUE,
                      vmin, vmax, .values = s->widest ? keys : NULL, .widest = s->widest };

  if (!ws_frame_path_ensure (&s->path, renderer, NULL, FALSE, columns, error))
    return FALSE;
  ws_frame_path_fill_host (s->path, keys, s->flags, vmin, vmax, columns);
  ws_renderer_draw_bars (renderer, &view, width, height);
  if (keys->n <= WS_NETWORK_SCENE_COMPARATOR_KEYS && s->n_comparators > 0)
    ws_renderer_draw_comparators (renderer, s->comparators, s->n_comparators, s->flags, &view,
                                  width, height);
  if (s->diverged && s->pass == s->divergence.pass + 1)
    ws_trace_scene_mark (renderer, &view, &s->divergence, width, height);
  return TRUE;
}

void
ws_trace_scene_release_gl (WsTraceScene *s)
{
  g_clear_pointer (&s->path, ws_frame_path_free);
}
