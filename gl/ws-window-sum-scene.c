/* ws-window-sum-scene.c: study 001's animation (see ws-window-sum-scene.h). */
#include "ws-window-sum-scene.h"

#include <string.h>

#include "ws-bars.h"

struct _WsWindowSumScene
{
  WsStencilShape     shape;
  WsArray           *grids[WS_HEAT_SLOTS];   /* input, output */
  double             lo[WS_HEAT_SLOTS], hi[WS_HEAT_SLOTS]; /* colour scales, fixed */
  const WsBackend   *device;                  /* NULL: drawn from the host */
  gpointer           d_grids[WS_HEAT_SLOTS];
  gboolean           allow_interop;
  guint64            done, row, col;
  WsWindowSumZoom    zoom;
  WsFramePath       *path;
  /* Each map's texels and region as last made (0: never); the output's
   * also change with the launch. */
  guint              made[WS_HEAT_SLOTS];
  WsHeatRegion       made_region[WS_HEAT_SLOTS];
  guint64            made_done;
};

static guint64
slot_side (const WsWindowSumScene *s, guint slot)
{
  return slot == WS_HEAT_INPUT ? s->shape.side : ws_stencil_outputs (&s->shape);
}

static void
drop_device (WsWindowSumScene *s)
{
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    if (s->d_grids[slot] != NULL)
      s->device->device->release (s->d_grids[slot]);
  memset (s->d_grids, 0, sizeof s->d_grids);
  s->device = NULL;
}

/* A GPU variant's grids go to device memory, where the frames come from. */
static gboolean
to_device (WsWindowSumScene *s, const WsBackend *device, GError **error)
{
  const WsDeviceOps *ops = device->device;

  s->device = device;
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    {
      gsize bytes = ws_array_bytes (s->grids[slot]);
      if ((s->d_grids[slot] = ops->alloc (MAX (bytes, 1), error)) == NULL
          || !ops->upload (s->d_grids[slot], s->grids[slot]->data, bytes, error))
        return FALSE;
    }
  return TRUE;
}

WsWindowSumScene *
ws_window_sum_scene_new (const WsStencilShape *shape, WsArray *input, WsArray *output,
                         const WsBackend *device, GError **why)
{
  WsWindowSumScene *s = g_new0 (WsWindowSumScene, 1);
  guint64 middle = ws_stencil_outputs (shape) / 2;

  g_return_val_if_fail (device == NULL || device->device != NULL, NULL);
  s->shape = *shape, s->grids[WS_HEAT_INPUT] = input, s->grids[WS_HEAT_OUTPUT] = output;
  s->allow_interop = TRUE, s->row = s->col = middle;
  s->done = ws_window_sum_scene_blocks (s);
  s->zoom = ws_window_sum_zoom_clamp (shape, (WsWindowSumZoom) { 0 });
  /* Fixed for the whole animation, so colours do not shift as it fills. */
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    ws_bars_range (s->grids[slot], &s->lo[slot], &s->hi[slot]);
  if (device != NULL && !to_device (s, device, why))
    drop_device (s);
  return s;
}

void
ws_window_sum_scene_free (WsWindowSumScene *s)
{
  if (s == NULL)
    return;
  g_clear_pointer (&s->path, ws_frame_path_free);
  drop_device (s);
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    g_clear_pointer (&s->grids[slot], ws_array_free);
  g_free (s);
}

const WsStencilShape *
ws_window_sum_scene_shape (const WsWindowSumScene *s)
{
  return &s->shape;
}

const WsArray *
ws_window_sum_scene_input (const WsWindowSumScene *s)
{
  return s->grids[WS_HEAT_INPUT];
}

const WsArray *
ws_window_sum_scene_output (const WsWindowSumScene *s)
{
  return s->grids[WS_HEAT_OUTPUT];
}

gboolean
ws_window_sum_scene_on_device (const WsWindowSumScene *s)
{
  return s->device != NULL;
}

guint64
ws_window_sum_scene_blocks (const WsWindowSumScene *s)
{
  guint64 bx, by;

  ws_stencil_blocks (&s->shape, &bx, &by);
  return bx * by;
}

guint64
ws_window_sum_scene_done (const WsWindowSumScene *s)
{
  return s->done;
}

void
ws_window_sum_scene_set_done (WsWindowSumScene *s, guint64 done)
{
  s->done = MIN (done, ws_window_sum_scene_blocks (s));
}

void
ws_window_sum_scene_choose (WsWindowSumScene *s, guint64 row, guint64 col)
{
  guint64 m = ws_stencil_outputs (&s->shape);

  g_return_if_fail (row < m && col < m);
  s->row = row, s->col = col;
}

void
ws_window_sum_scene_set_zoom (WsWindowSumScene *s, WsWindowSumZoom zoom)
{
  s->zoom = ws_window_sum_zoom_clamp (&s->shape, zoom);
}

WsWindowSumZoom
ws_window_sum_scene_zoom (const WsWindowSumScene *s)
{
  return s->zoom;
}

WsWindowSumView
ws_window_sum_scene_view (const WsWindowSumScene *s, const WsWindowSumStyle *style, int width,
                          int height, double scale)
{
  WsWindowSumView v = { s->shape, s->lo[WS_HEAT_INPUT], s->hi[WS_HEAT_INPUT],
                        s->lo[WS_HEAT_OUTPUT], s->hi[WS_HEAT_OUTPUT] };

  v.chosen = TRUE, v.row = s->row, v.col = s->col, v.zoom = s->zoom;
  v.pending = s->done < ws_window_sum_scene_blocks (s);
  v.launch_lines = style->launch_lines;
  v.caption = style->caption;
  v.free_right = style->free_right;
  v.scale = scale;
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    v.texels[slot] = ws_window_sum_texels (&v, slot, width, height);
  return v;
}

gboolean
ws_window_sum_scene_hit (const WsWindowSumScene *s, const WsWindowSumStyle *style, int width,
                         int height, double scale, double x, double y, guint64 *row, guint64 *col)
{
  WsWindowSumView v = ws_window_sum_scene_view (s, style, width, height, scale);

  return ws_window_sum_hit (&v, width, height, x, y, row, col);
}

/* ---- frames ---- */

void
ws_window_sum_scene_set_interop (WsWindowSumScene *s, gboolean allow)
{
  s->allow_interop = allow;
}

/* One map's texels from where its grid lives, over the region the view
 * shows; the output's masked to the blocks the launch has run. */
static gboolean
fill_slot (WsWindowSumScene *s, guint slot, const WsWindowSumView *view, GError **error)
{
  WsHeatMask mask = { s->shape.block, (guint64) s->shape.block * s->shape.per_thread, s->done };
  const WsHeatMask *m = slot == WS_HEAT_OUTPUT ? &mask : NULL;
  const WsArray *grid = s->grids[slot];
  WsHeatRegion region = ws_window_sum_region (view, slot);
  guint texels = view->texels[slot];

  if (s->device == NULL)
    ws_frame_path_fill_heat_host (s->path, slot, grid, slot_side (s, slot), &region, m, texels);
  else if (!ws_frame_path_fill_heat_device (s->path, slot, grid->type, s->d_grids[slot],
                                            slot_side (s, slot), &region, m, texels, error))
    return FALSE;
  s->made[slot] = texels, s->made_region[slot] = region;
  if (slot == WS_HEAT_OUTPUT)
    s->made_done = s->done;
  return TRUE;
}

gboolean
ws_window_sum_scene_fill (WsWindowSumScene *s, WsRenderer *renderer, const WsWindowSumView *view,
                          gboolean all, GError **error)
{
  if (s->path == NULL
      && (s->path = ws_frame_path_new (renderer, s->device, s->allow_interop, 1, error)) == NULL)
    return FALSE;
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    {
      WsHeatRegion region = ws_window_sum_region (view, slot);
      gboolean changed = all || s->made[slot] != view->texels[slot]
                         || memcmp (&s->made_region[slot], &region, sizeof region) != 0
                         || (slot == WS_HEAT_OUTPUT && s->made_done != s->done);
      if (changed && !fill_slot (s, slot, view, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
ws_window_sum_scene_draw (WsWindowSumScene *s, WsRenderer *renderer, const WsWindowSumStyle *style,
                          int width, int height, double scale, GError **error)
{
  WsWindowSumView v = ws_window_sum_scene_view (s, style, width, height, scale);

  if (!ws_window_sum_scene_fill (s, renderer, &v, FALSE, error))
    return FALSE;
  ws_window_sum_draw (renderer, &v, width, height);
  return TRUE;
}

gboolean
ws_window_sum_scene_wait (WsWindowSumScene *s, GError **error)
{
  return s->device == NULL || s->device->device->synchronize (error);
}

const WsFramePath *
ws_window_sum_scene_path (const WsWindowSumScene *s)
{
  return s->path;
}

void
ws_window_sum_scene_release_gl (WsWindowSumScene *s)
{
  g_clear_pointer (&s->path, ws_frame_path_free);
  memset (s->made, 0, sizeof s->made);
}
