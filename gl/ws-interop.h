/* ws-interop.h: how a compute device writes OpenGL's objects directly —
 * the interface the frame path's interop route needs, implemented by the
 * GPU library (cuda/ws-cuda-interop.c: CUDA–GL interop), so that neither
 * app/core nor gl/ itself knows CUDA. Every call runs with the GL context
 * of the objects current. Errors as the engine's (WS_ERROR_*).
 */
#pragma once

#include "ws-backend.h"
#include "ws-heat.h"

G_BEGIN_DECLS

typedef struct
{
  /* A GL buffer object registered with the device, or NULL saying why
   * (software OpenGL, a context on another GPU). */
  gpointer (*register_buffer)   (guint          gl_buffer,
                                 GError       **error);
  /* The buffer mapped for the device's kernels (*d_ptr), and unmapped for
   * GL's use again. */
  gboolean (*map_buffer)        (gpointer       buffer,
                                 gpointer      *d_ptr,
                                 GError       **error);
  gboolean (*unmap_buffer)      (gpointer       buffer,
                                 GError       **error);
  void     (*unregister_buffer) (gpointer       buffer);
  /* A GL texture (GL_R32F) registered with the device, or NULL saying why. */
  gpointer (*register_image)    (guint          gl_texture,
                                 GError       **error);
  /* The heat map's texels (ws-heat.h) of a device grid's region (NULL:
   * all of it) written into the registered texture by the device. */
  gboolean (*heat_fill_image)   (gpointer          image,
                                 WsKeyType         type,
                                 gconstpointer     d_grid,
                                 guint64           side,
                                 const WsHeatRegion *region,
                                 const WsHeatMask *mask,
                                 guint             texels,
                                 GError          **error);
  void     (*unregister_image)  (gpointer       image);
} WsInterop;

/* The interop of backend's device: the GPU library's for its backend, NULL
 * for one without (the CPU), or in a build without a GPU library. */
const WsInterop *ws_interop_for (const WsBackend *backend);

G_END_DECLS
