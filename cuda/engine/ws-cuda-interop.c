/* ws-cuda-interop.c: gl/'s interop (ws-interop.h) by CUDA–OpenGL interop —
 * GL buffers and textures registered with CUDA and written by kernels
 * (ws-cuda-frames.cu, ws-cuda-heat.cu). */
#include "ws-interop.h"

#include "ws-cuda-engine.h"

static gpointer
register_buffer (guint buffer, GError **error)
{
  GError *e = NULL;
  WsCudaGlBuffer *b = ws_cuda_gl_register (buffer, &e);

  ws_cuda_converted (b != NULL, &e, error);
  return b;
}

static gboolean
map_buffer (gpointer handle, gpointer *d_ptr, GError **error)
{
  GError *e = NULL;
  gsize size;

  return ws_cuda_converted (ws_cuda_gl_map (handle, d_ptr, &size, &e), &e, error);
}

static gboolean
unmap_buffer (gpointer handle, GError **error)
{
  GError *e = NULL;

  return ws_cuda_converted (ws_cuda_gl_unmap (handle, &e), &e, error);
}

static void
unregister_buffer (gpointer handle)
{
  ws_cuda_gl_unregister (handle);
}

static gpointer
register_image (guint texture, GError **error)
{
  GError *e = NULL;
  WsCudaGlImage *image = ws_cuda_gl_register_image (texture, &e);

  ws_cuda_converted (image != NULL, &e, error);
  return image;
}

static gboolean
heat_fill_image (gpointer handle, WsKeyType type, gconstpointer d_grid, guint64 side,
                 const WsHeatRegion *region, const WsHeatMask *mask, guint texels, GError **error)
{
  GError *e = NULL;
  WsCudaHeatRegion g;
  WsCudaHeatMask m;

  return ws_cuda_converted (ws_cuda_heat_fill_image (handle, ws_cuda_engine_type (type), d_grid,
                                                     side, ws_cuda_engine_region (region, &g),
                                                     ws_cuda_engine_mask (mask, &m), texels, &e),
                            &e, error);
}

static void
unregister_image (gpointer handle)
{
  ws_cuda_gl_unregister_image (handle);
}

static const WsInterop cuda_interop = {
  .register_buffer = register_buffer,
  .map_buffer = map_buffer,
  .unmap_buffer = unmap_buffer,
  .unregister_buffer = unregister_buffer,
  .register_image = register_image,
  .heat_fill_image = heat_fill_image,
  .unregister_image = unregister_image,
};

/* The CUDA backend's device is the one its kernels write GL objects from. */
const WsInterop *
ws_interop_for (const WsBackend *backend)
{
  return backend == ws_backend_gpu () ? &cuda_interop : NULL;
}
