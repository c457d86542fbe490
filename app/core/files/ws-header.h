/* ws-header.h: the header line a student's files may start with — a
 * trace's `# warpscope-trace network=bitonic type=int32`, a kernel's
 * `// warpscope-kernel network=bitonic type=float32 block=256`: words of
 * key=value after the marker, each optional, others ignored. */
#pragma once

#include <glib.h>

#include "ws-types.h"

G_BEGIN_DECLS

typedef struct
{
  char     *network; /* as written, or NULL */
  WsKeyType type;    /* float32 unless the header says */
  guint     block;   /* threads a block; 0 unless the header says */
} WsHeader;

/* Reads the words after the marker into *header (filled from
 * { NULL, WS_KEY_FLOAT32, 0 } by the caller); block= only with_block (a
 * kernel's), else it is ignored as any other word. A type other than
 * int32 or float32, or a block not from 1 to 1024, is WS_ERROR_PARSE
 * naming path:line. */
gboolean ws_header_read  (WsHeader    *header,
                          const char  *path,
                          gsize        line,
                          const char  *words,
                          gboolean     with_block,
                          GError     **error);
void     ws_header_clear (WsHeader    *header);

G_END_DECLS
