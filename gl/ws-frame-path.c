/* ws-frame-path.c: interop, staging or cpu (see ws-frame-path.h). */
#include "ws-frame-path.h"

#include "ws-error.h"

struct _WsFramePath
{
  WsFramePathKind    kind;
  char              *reason;
  WsRenderer        *renderer;  /* not owned */
  const WsDeviceOps *device;
  gpointer           gl_buffer; /* interop: the registered GL buffer */
  gpointer           d_bins;    /* staging: bins on the device */
  WsBarBin          *bins;      /* staging and cpu: bins on the host */
  guint              max_bins;
};

static const char *const names[] = { "interop", "staging", "cpu" };

static void
choose (WsFramePath *p, const WsBackend *backend, gboolean allow_interop)
{
  g_autoptr (GError) why = NULL;

  if (backend == NULL || backend->device == NULL)
    {
      p->kind = WS_FRAME_PATH_CPU;
      p->reason = g_strdup ("the keys are on the host (a CPU variant)");
      return;
    }
  p->device = backend->device;
  if (!allow_interop)
    {
      p->kind = WS_FRAME_PATH_STAGING;
      p->reason = g_strdup ("interop was turned off; the bins come through the host");
      return;
    }
  p->gl_buffer = p->device->gl_register (ws_renderer_bins_buffer (p->renderer, p->max_bins), &why);
  if (p->gl_buffer != NULL)
    {
      p->kind = WS_FRAME_PATH_INTEROP;
      p->reason = g_strdup ("the GPU writes the bins into the OpenGL buffer: no host copy");
      return;
    }
  p->kind = WS_FRAME_PATH_STAGING;
  p->reason = g_strdup_printf ("the GL context cannot be shared with the GPU (%s); the bins "
                               "come through the host", why->message);
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

void
ws_frame_path_free (WsFramePath *p)
{
  if (p == NULL)
    return;
  if (p->gl_buffer != NULL)
    p->device->gl_unregister (p->gl_buffer);
  if (p->d_bins != NULL)
    p->device->release (p->d_bins);
  g_free (p->bins);
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

/* Map, fill on the device, unmap; GL then copies the buffer into the
 * texture on the GPU. */
static gboolean
fill_interop (WsFramePath *p, WsKeyType type, gconstpointer d_keys, const guint8 *d_flags, gsize n,
              double vmin, double vmax, guint columns, GError **error)
{
  gpointer d_bins;
  gboolean ok;

  if (!p->device->gl_map (p->gl_buffer, &d_bins, error))
    return FALSE;
  ok = p->device->bars_fill (type, d_keys, d_flags, n, vmin, vmax, columns, d_bins, error);
  if (!p->device->gl_unmap (p->gl_buffer, ok ? error : NULL) || !ok)
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
