/* ws-frames-scene.c: frames computed ahead, shown one at a time (see
 * ws-frames-scene.h). */
#include "ws-frames-scene.h"

#include "ws-bar-values.h"

struct _WsFramesScene
{
  WsAnimation *animation;
  guint        at;
  const char  *compared_name, *swapped_name;
  char        *widest;   /* the widest value label of any frame (small arrays), or NULL */
  WsBarsView   view;     /* as last drawn */
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

/* The frame's values with their highlights, on the scale of every frame,
 * against a value axis (whole counts for a histogram). */
static WsBarsView
frame_view (const WsFramesScene *s, double scale)
{
  const WsAnimation *a = s->animation;
  const WsAnimationFrame *f = ws_frames_scene_frame (s);

  return (WsBarsView) { 0, f->values->n, f->boundary, scale, f->caption, TRUE, a->vmin, a->vmax,
                        s->compared_name, s->swapped_name, a->has_level, a->level,
                        .values = s->widest ? f->values : NULL, .widest = s->widest,
                        .axis = TRUE, .integral = f->values->type == WS_KEY_INT32 };
}

gboolean
ws_frames_scene_draw (WsFramesScene *s, WsRenderer *renderer, int width, int height, double scale,
                      GError **error)
{
  const WsAnimationFrame *f = ws_frames_scene_frame (s);
  guint columns;

  s->view = frame_view (s, scale);
  columns = ws_renderer_bars_columns (&s->view, width, height);
  if (!ws_frame_path_ensure (&s->path, renderer, NULL, FALSE, columns, error))
    return FALSE;
  s->view.bins = ws_bars_count (f->values->n, columns);
  ws_frame_path_fill_host (s->path, f->values, f->flags, s->view.vmin, s->view.vmax, columns);
  ws_renderer_draw_bars (renderer, &s->view, width, height);
  s->drawn = TRUE;
  if (f->values->n <= WS_FRAMES_SCENE_PAIR_KEYS && f->pairs->len > 0)
    ws_renderer_draw_comparators (renderer, (const WsComparator *) f->pairs->data, f->pairs->len,
                                  f->flags, &s->view, width, height);
  return TRUE;
}

const WsBarsView *
ws_frames_scene_view (const WsFramesScene *s)
{
  return s->drawn ? &s->view : NULL;
}

void
ws_frames_scene_release_gl (WsFramesScene *s)
{
  g_clear_pointer (&s->path, ws_frame_path_free);
}
