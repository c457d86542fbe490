/* ws-interop-none.c: a build without a GPU library has no interop (with
 * CUDA, cuda/ws-cuda-interop.c defines ws_interop_for instead). */
#include "ws-interop.h"

const WsInterop *
ws_interop_for (const WsBackend *backend)
{
  return NULL;
}
