/* ws-frames-scene.c: frames computed ahead, shown one at a time (see
 * ws-frames-scene.h). */
#include "ws-frames-scene.h"

#include <math.h>

#include "ws-bar-values.h"

/* The input band's share of the height: the frames' own bars, where the
 * step happens, keep the larger part. */
#define INPUT_SHARE 0.4

struct _WsFramesScene
{
  WsAnimation *animation;
  guint        at;
  const char  *compared_name, *swapped_name;
  char        *widest;   /* the widest value label of any frame (small arrays), or NULL */
  WsBarsView   views[2]; /* as last drawn: the frame's, the input band's */
  gboolean     drawn;
  WsFramePath *path;
};

/* Over every frame, so that the labels' size and direction hold still
 * while a scan's sums or a histogram's counts grow. */
static void
find_widest (WsFramesScene *s)
{
  for (guint i = 0; i < s->animation->frames->len; i++)
    {
      const WsAnimationFrame *f = g_ptr_array_index (s->animation->frames, i);
      if (f->values->n > WS_RENDERER_VALUE_KEYS)
        return;
      ws_bar_values_widen (f->values, &s->widest);
    }
}

WsFramesScene *
ws_frames_scene_new (WsAnimation *animation, const char *compared_name, const char *swapped_name)
{
  WsFramesScene *s = g_new0 (WsFramesScene, 1);

  g_return_val_if_fail (animation != NULL && animation->frames->len > 0, NULL);
  s->animation = animation;
  s->compared_name = compared_name, s->swapped_name = swapped_name;
  find_widest (s);
  return s;
}

void
ws_frames_scene_free (WsFramesScene *s)
{
  if (s == NULL)
    return;
  g_clear_pointer (&s->path, ws_frame_path_free);
  ws_animation_free (s->animation);
  g_free (s->widest);
  g_free (s);
}

guint
ws_frames_scene_at (const WsFramesScene *s)
{
  return s->at;
}

guint
ws_frames_scene_n_frames (const WsFramesScene *s)
{
  return s->animation->frames->len;
}

const WsAnimationFrame *
ws_frames_scene_frame (const WsFramesScene *s)
{
  return g_ptr_array_index (s->animation->frames, s->at);
}

void
ws_frames_scene_seek (WsFramesScene *s, gint64 at)
{
  s->at = (guint) CLAMP (at, 0, (gint64) s->animation->frames->len - 1);
}

/* ---- drawing ---- */

static const WsAnimationFrame *
input_frame (const WsFramesScene *s)
{
  return g_ptr_array_index (s->animation->frames, 0);
}

/* The frame's values with their highlights, on the scale of every frame,
 * against a value axis (whole counts for a histogram). */
static WsBarsView
frame_view (const WsFramesScene *s, double scale, WsRect panel)
{
  const WsAnimation *a = s->animation;
  const WsAnimationFrame *f = ws_frames_scene_frame (s);

  return (WsBarsView) { 0, f->values->n, f->boundary, scale, f->caption, TRUE, a->vmin, a->vmax,
                        s->compared_name, s->swapped_name, a->has_level, a->level,
                        .values = s->widest ? f->values : NULL, .widest = s->widest,
                        .axis = TRUE, .integral = f->values->type == WS_KEY_INT32,
                        .panel = panel };
}

/* The input on its own scale: no highlights, no colour legend (its axis
 * says the scale). */
static WsBarsView
input_view (const WsFramesScene *s, double scale, WsRect panel)
{
  const WsAnimation *a = s->animation;
  const WsArray *values = input_frame (s)->values;

  return (WsBarsView) { 0, values->n, 0, scale, "the input, on its own scale", FALSE,
                        a->input_vmin, a->input_vmax, .values = s->widest ? values : NULL,
                        .widest = s->widest, .axis = TRUE,
                        .integral = values->type == WS_KEY_INT32, .panel = panel,
                        .name = "input" };
}

/* The views of this frame: the frame's alone, or under the input band,
 * both axes as wide as the wider needs, so that key i has one column in
 * both. */
static guint
make_views (WsFramesScene *s, int width, int height, double scale)
{
  WsBarsView *frame = &s->views[0], *input = &s->views[1];
  int split = s->animation->input_band ? (int) lround (height * INPUT_SHARE) : 0;

  *frame = frame_view (s, scale, (WsRect) { 0, split, width, height - split });
  if (split > 0)
    {
      *input = input_view (s, scale, (WsRect) { 0, 0, width, split });
      frame->axis_width = input->axis_width
        = MAX (ws_renderer_bars_axis_width (frame, width, height),
               ws_renderer_bars_axis_width (input, width, height));
    }
  return ws_renderer_bars_columns (frame, width, height);
}

static void
draw_band (WsFramesScene *s, WsRenderer *renderer, WsBarsView *view, const WsArray *values,
           const guint8 *flags, guint columns, int width, int height)
{
  view->bins = ws_bars_count (values->n, columns);
  ws_frame_path_fill_host (s->path, values, flags, view->vmin, view->vmax, columns);
  ws_renderer_draw_bars (renderer, view, width, height);
}

gboolean
ws_frames_scene_draw (WsFramesScene *s, WsRenderer *renderer, int width, int height, double scale,
                      GError **error)
{
  const WsAnimationFrame *f = ws_frames_scene_frame (s);
  guint columns = make_views (s, width, height, scale);

  if (!ws_frame_path_ensure (&s->path, renderer, NULL, FALSE, columns, error))
    return FALSE;
  if (s->animation->input_band)
    draw_band (s, renderer, &s->views[1], input_frame (s)->values, NULL, columns, width, height);
  draw_band (s, renderer, &s->views[0], f->values, f->flags, columns, width, height);
  s->drawn = TRUE;
  if (f->values->n <= WS_FRAMES_SCENE_PAIR_KEYS && f->pairs->len > 0)
    ws_renderer_draw_comparators (renderer, (const WsComparator *) f->pairs->data, f->pairs->len,
                                  f->flags, &s->views[0], width, height);
  return TRUE;
}

const WsBarsView *
ws_frames_scene_view (const WsFramesScene *s, gboolean input)
{
  if (!s->drawn || (input && !s->animation->input_band))
    return NULL;
  return &s->views[input ? 1 : 0];
}

void
ws_frames_scene_release_gl (WsFramesScene *s)
{
  g_clear_pointer (&s->path, ws_frame_path_free);
}
