/* ws-error.h: the error domain every Warpscope library call reports through.
 *
 * Messages are written for users: what went wrong, where, and what to do.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define WS_ERROR (ws_error_quark ())

typedef enum
{
  WS_ERROR_INVALID_ARGUMENT, /* a parameter out of range or not understood */
  WS_ERROR_PARSE,            /* a bad token in an input file (file:line) */
  WS_ERROR_IO,               /* a file that cannot be read or written */
  WS_ERROR_NO_MEMORY,        /* a size that cannot be allocated */
  WS_ERROR_UNSUPPORTED,      /* a key type or variant this algorithm lacks */
  WS_ERROR_OVERFLOW,         /* a result that does not fit its type */
  WS_ERROR_VERIFY,           /* a result that disagrees with the reference */
  WS_ERROR_UNAVAILABLE,      /* no GPU, driver too old, not built with CUDA */
  WS_ERROR_DEVICE,           /* the GPU failed while running (a kernel fault) */
  WS_ERROR_CANCELLED,
} WsErrorCode;

GQuark ws_error_quark (void);

G_END_DECLS
