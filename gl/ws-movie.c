/* ws-movie.c: a scene's animation as numbered frames (see ws-movie.h). */
#include "ws-movie.h"

static guint
window_sum_rows (const WsWindowSumScene *scene, guint64 *blocks_x)
{
  guint64 x, y;

  ws_stencil_blocks (ws_window_sum_scene_shape (scene), &x, &y);
  if (blocks_x != NULL)
    *blocks_x = x;
  return (guint) MIN (y, G_MAXUINT);
}

guint
ws_movie_last (const WsMovie *movie)
{
  switch (movie->kind)
    {
    case WS_MOVIE_NETWORK:
      return ws_network_scene_n_passes (movie->network);
    case WS_MOVIE_WINDOW_SUM:
      return window_sum_rows (movie->window_sum, NULL);
    case WS_MOVIE_FRAMES:
      return ws_frames_scene_n_frames (movie->frames) - 1;
    }
  g_return_val_if_reached (0);
}

const char *
ws_movie_unit (WsMovieKind kind)
{
  static const char *const units[] = { "passes", "rows of blocks", "steps" };

  g_return_val_if_fail (kind <= WS_MOVIE_FRAMES, "frames");
  return units[kind];
}

static gboolean
draw_network (const WsMovie *m, guint frame, WsRenderer *renderer, int width, int height,
              double scale, GError **error)
{
  WsNetworkStyle style = { TRUE, TRUE, TRUE, TRUE, NULL };

  return ws_network_scene_seek (m->network, frame, error)
         && ws_network_scene_draw (m->network, renderer, &style, width, height, scale, error);
}

/* Frame `rows`: the launch's first rows of blocks have run. */
static gboolean
draw_window_sum (const WsMovie *m, guint rows, WsRenderer *renderer, int width, int height,
                 double scale, GError **error)
{
  const WsStencilShape *shape = ws_window_sum_scene_shape (m->window_sum);
  guint64 blocks_x;
  guint blocks_y = window_sum_rows (m->window_sum, &blocks_x);
  g_autofree char *caption = g_strdup_printf (
    "window sum (%s)  N = %" G_GUINT64_FORMAT ", R = %u  ·  study 001's launch: BS = %u, K = %u"
    "  ·  block rows run: %u of %u", m->variant ? m->variant : "cpu-seq", shape->side,
    shape->radius, shape->block, shape->per_thread, rows, blocks_y);
  WsWindowSumStyle style = { TRUE, caption };

  ws_window_sum_scene_set_done (m->window_sum, (guint64) rows * blocks_x);
  return ws_window_sum_scene_draw (m->window_sum, renderer, &style, width, height, scale, error);
}

gboolean
ws_movie_draw (const WsMovie *movie, guint frame, WsRenderer *renderer, int width, int height,
               double scale, GError **error)
{
  g_return_val_if_fail (frame <= ws_movie_last (movie), FALSE);
  switch (movie->kind)
    {
    case WS_MOVIE_NETWORK:
      return draw_network (movie, frame, renderer, width, height, scale, error);
    case WS_MOVIE_WINDOW_SUM:
      return draw_window_sum (movie, frame, renderer, width, height, scale, error);
    case WS_MOVIE_FRAMES:
      ws_frames_scene_seek (movie->frames, frame);
      return ws_frames_scene_draw (movie->frames, renderer, width, height, scale, error);
    }
  g_return_val_if_reached (FALSE);
}
