/* ws-frame-path.c: interop, staging or cpu (see ws-frame-path.h). */
#include "ws-frame-path.h"

#include "ws-error.h"
#include "ws-interop.h"

struct _WsFramePath
{
  WsFramePathKind    kind;
  char              *reason;
  WsRenderer        *renderer;  /* not owned */
  const WsDeviceOps *device;
  const WsInterop   *interop;   /* how the device writes GL's objects */
  gpointer           gl_buffer; /* interop: the registered GL buffer */
  gpointer           d_bins;    /* staging: bins on the device */
  WsBarBin          *bins;      /* staging and cpu: bins on the host */
  guint              max_bins;
  /* Heat maps. Interop: each slot's texture registered at its size. */
  gpointer           images[WS_HEAT_SLOTS];
  guint              image_texels[WS_HEAT_SLOTS];
  /* Staging and cpu: texels on the host (and the device), grown as needed. */
  float             *texels;
  gpointer           d_texels;
  gsize              texels_capacity;
};

static const char *const names[] = { "interop", "staging", "cpu" };

static void
choose (WsFramePath *p, const WsBackend *backend, gboolean allow_interop)
{
  g_autoptr (GError) why = NULL;

  if (backend == NULL || backend->device == NULL)
    {
      p->kind = WS_FRAME_PATH_CPU;
      p->reason = g_strdup ("the data are on the host (a CPU variant)");
      return;
    }
  p->device = backend->device;
  p->interop = ws_interop_for (backend);
  if (!allow_interop || p->interop == NULL)
    {
      p->kind = WS_FRAME_PATH_STAGING;
      p->reason = g_strdup (allow_interop ? "this device cannot write OpenGL's objects; the "
                                            "frames' data come through the host"
                                          : "interop was turned off; the frames' data come "
                                            "through the host");
      return;
    }
  p->gl_buffer = p->interop->register_buffer (ws_renderer_bins_buffer (p->renderer, p->max_bins),
                                              &why);
  if (p->gl_buffer != NULL)
    {
      p->kind = WS_FRAME_PATH_INTEROP;
      p->reason = g_strdup ("the GPU writes each frame's data into OpenGL's buffer and textures: no host copy");
      return;
    }
  p->kind = WS_FRAME_PATH_STAGING;
  p->reason = g_strdup_printf ("the GL context cannot be shared with the GPU (%s); the "
                               "frames' data come through the host", why->message);
}

WsFramePath *
ws_frame_path_new (WsRenderer *renderer, const WsBackend *backend, gboolean allow_interop,
                   guint max_bins, GError **error)
{
  g_autoptr (WsFramePath) p = g_new0 (WsFramePath, 1);

  p->renderer = renderer;
  p->max_bins = MAX (max_bins, 1);
  choose (p, backend, allow_interop);
  if (p->kind != WS_FRAME_PATH_INTEROP)
    p->bins = g_new (WsBarBin, p->max_bins);
  if (p->kind == WS_FRAME_PATH_STAGING
      && (p->d_bins = p->device->alloc (p->max_bins * sizeof (WsBarBin), error)) == NULL)
    return NULL;
  return g_steal_pointer (&p);
}

enum { MIN_PATH_BINS = 4096 };

gboolean
ws_frame_path_ensure (WsFramePath **path, WsRenderer *renderer, const WsBackend *backend,
                      gboolean allow_interop, guint columns, GError **error)
{
  if (*path != NULL && columns <= (*path)->max_bins)
    return TRUE;
  g_clear_pointer (path, ws_frame_path_free);
  *path = ws_frame_path_new (renderer, backend, allow_interop, MAX (columns, MIN_PATH_BINS), error);
  return *path != NULL;
}

void
ws_frame_path_free (WsFramePath *p)
{
  if (p == NULL)
    return;
  if (p->gl_buffer != NULL)
    p->interop->unregister_buffer (p->gl_buffer);
  for (guint i = 0; i < WS_HEAT_SLOTS; i++)
    if (p->images[i] != NULL)
      p->interop->unregister_image (p->images[i]);
  if (p->d_bins != NULL)
    p->device->release (p->d_bins);
  if (p->d_texels != NULL)
    p->device->release (p->d_texels);
  g_free (p->bins);
  g_free (p->texels);
  g_free (p->reason);
  g_free (p);
}

WsFramePathKind
ws_frame_path_kind (const WsFramePath *p)
{
  return p->kind;
}

const char *
ws_frame_path_name (WsFramePathKind kind)
{
  return names[kind];
}

const char *
ws_frame_path_reason (const WsFramePath *p)
{
  return p->reason;
}

char *
ws_frame_path_describe (const WsFramePath *p)
{
  return g_strdup_printf ("frame path: %s — %s", names[p->kind], p->reason);
}

/* Map, fill on the device, unmap; GL then copies the buffer into the
 * texture on the GPU. */
static gboolean
fill_interop (WsFramePath *p, WsKeyType type, gconstpointer d_keys, const guint8 *d_flags, gsize n,
              double vmin, double vmax, guint columns, GError **error)
{
  gpointer d_bins;
  gboolean ok;

  if (!p->interop->map_buffer (p->gl_buffer, &d_bins, error))
    return FALSE;
  ok = p->device->bars_fill (type, d_keys, d_flags, n, vmin, vmax, columns, d_bins, error);
  if (!p->interop->unmap_buffer (p->gl_buffer, ok ? error : NULL) || !ok)
    return FALSE;
  ws_renderer_upload_bins_from_buffer (p->renderer, ws_bars_count (n, columns));
  return TRUE;
}

gboolean
ws_frame_path_fill_device (WsFramePath *p, WsKeyType type, gconstpointer d_keys,
                           const guint8 *d_flags, gsize n, double vmin, double vmax, guint columns,
                           GError **error)
{
  guint count = ws_bars_count (n, columns);

  g_return_val_if_fail (p->kind != WS_FRAME_PATH_CPU && count <= p->max_bins, FALSE);
  if (p->kind == WS_FRAME_PATH_INTEROP)
    return fill_interop (p, type, d_keys, d_flags, n, vmin, vmax, columns, error);
  if (!p->device->bars_fill (type, d_keys, d_flags, n, vmin, vmax, columns, p->d_bins, error)
      || !p->device->download (p->bins, p->d_bins, count * sizeof (WsBarBin), error))
    return FALSE;
  ws_renderer_upload_bins (p->renderer, p->bins, count);
  return TRUE;
}

void
ws_frame_path_fill_host (WsFramePath *p, const WsArray *keys, const guint8 *flags, double vmin,
                         double vmax, guint columns)
{
  guint count = ws_bars_count (keys->n, columns);

  g_return_if_fail (p->bins != NULL && count <= p->max_bins);
  ws_bars_fill (keys, flags, vmin, vmax, columns, p->bins);
  ws_renderer_upload_bins (p->renderer, p->bins, count);
}

/* ---- heat maps ---- */

/* The slot's texture at texels a side, registered with the device; a
 * resize re-specifies the texture, so the old registration goes first. */
static gboolean
image_for (WsFramePath *p, WsHeatSlot slot, guint texels, GError **error)
{
  if (p->images[slot] != NULL && p->image_texels[slot] == texels)
    return TRUE;
  g_clear_pointer (&p->images[slot], p->interop->unregister_image);
  p->images[slot] = p->interop->register_image (
    ws_renderer_heat_texture (p->renderer, slot, texels), error);
  p->image_texels[slot] = texels;
  return p->images[slot] != NULL;
}

/* Room for texels² floats on the host (and the device, when staging). */
static gboolean
reserve_texels (WsFramePath *p, guint texels, GError **error)
{
  gsize need = (gsize) texels * texels;

  if (need <= p->texels_capacity)
    return TRUE;
  g_free (p->texels);
  p->texels = g_new (float, need);
  p->texels_capacity = need;
  if (p->kind != WS_FRAME_PATH_STAGING)
    return TRUE;
  g_clear_pointer (&p->d_texels, p->device->release);
  p->d_texels = p->device->alloc (need * sizeof (float), error);
  if (p->d_texels == NULL)
    p->texels_capacity = 0;
  return p->d_texels != NULL;
}

gboolean
ws_frame_path_fill_heat_device (WsFramePath *p, WsHeatSlot slot, WsKeyType type,
                                gconstpointer d_grid, guint64 side, const WsHeatRegion *region,
                                const WsHeatMask *mask, guint texels, GError **error)
{
  g_return_val_if_fail (p->kind != WS_FRAME_PATH_CPU && slot < WS_HEAT_SLOTS, FALSE);
  g_return_val_if_fail (texels >= 1 && texels <= (region ? region->span : side), FALSE);
  if (p->kind == WS_FRAME_PATH_INTEROP)
    return image_for (p, slot, texels, error)
           && p->interop->heat_fill_image (p->images[slot], type, d_grid, side, region, mask,
                                           texels, error);
  if (!reserve_texels (p, texels, error)
      || !p->device->heat_fill (type, d_grid, side, region, mask, texels, p->d_texels, error)
      || !p->device->download (p->texels, p->d_texels, (gsize) texels * texels * sizeof (float),
                               error))
    return FALSE;
  ws_renderer_upload_heat (p->renderer, slot, p->texels, texels);
  return TRUE;
}

void
ws_frame_path_fill_heat_host (WsFramePath *p, WsHeatSlot slot, const WsArray *grid, guint64 side,
                              const WsHeatRegion *region, const WsHeatMask *mask, guint texels)
{
  g_return_if_fail (p->kind == WS_FRAME_PATH_CPU && slot < WS_HEAT_SLOTS);
  g_return_if_fail (texels >= 1 && texels <= (region ? region->span : side)
                    && grid->n == side * side);
  reserve_texels (p, texels, NULL);
  ws_heat_fill (grid, side, region, mask, texels, p->texels);
  ws_renderer_upload_heat (p->renderer, slot, p->texels, texels);
}
