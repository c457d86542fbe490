/* ws-nvrtc.h: a student's stage kernel compiled at run time by NVRTC, the
 * CUDA toolkit's compiler library, loaded when first asked for
 * (libnvrtc.so.13) so that Warpscope starts and works on machines that have
 * the driver but not the toolkit. Private to cuda/engine. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  const char *path;      /* names the file in messages */
  const char *source;    /* the student's text, NUL-terminated */
  const char *key;       /* "float" or "int": WS_KEY in the source */
  const char *pointer;   /* the kernel's type, "void (*) (float *, unsigned, …)" */
  const char *signature; /* the declaration it asks of the student, for messages */
  int         arch;      /* the GPU's (90); 0: no GPU, check the source only */
} WsNvrtcRequest;

/* The device image for the request's GPU and, in *entry, the kernel's
 * lowered name; NULL with WS_ERROR_UNAVAILABLE where NVRTC cannot be
 * loaded, or WS_ERROR_PARSE listing the compiler's errors as
 * "file:line:column: error: …" (the signature's check named as such).
 * *warnings (may be NULL) gets the compiler's warnings in the same form,
 * or NULL. With arch 0 the source is checked and an empty image returned. */
GBytes *ws_nvrtc_compile (const WsNvrtcRequest *request,
                          char                **entry,
                          char                **warnings,
                          GError              **error);

G_END_DECLS
