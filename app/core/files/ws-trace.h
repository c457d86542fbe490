/* ws-trace.h: a student's sort as a trace file — what any program in any
 * language can write, with no GPU (issue 17). The first non-blank line is
 * the input keys, each following one the array after one pass, keys
 * separated by white space; `#` starts a comment. An optional comment line
 * before the keys, `# warpscope-trace network=bitonic type=float32`, names
 * the network and the key type (the caller's choices override it).
 * docs/traces.md says it with examples.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"

G_BEGIN_DECLS

typedef struct
{
  char      *network;     /* from the header, or NULL */
  WsArray   *input;
  GPtrArray *passes;      /* WsArray: the keys after pass 1, 2, … */
  GArray    *pass_lines;  /* gsize: the file's line of each pass */
  gsize      input_line;
} WsTrace;

/* Reads the trace at path with keys of *type (NULL: the header's type,
 * else float32). Bad keys name file:line; a file without keys, passes of
 * different lengths and a header naming an unknown key type are errors
 * (WS_ERROR_PARSE), as is a file over 1 GiB. */
WsTrace *ws_trace_load  (const char      *path,
                         const WsKeyType *type,
                         GError         **error);
/* The same from text in memory (path names it in messages). */
WsTrace *ws_trace_parse (const char      *path,
                         const char      *text,
                         gsize            len,
                         const WsKeyType *type,
                         GError         **error);
void     ws_trace_free  (WsTrace    *trace);
/* Writes a trace (atomically): the header naming network and the input's
 * key type, a comment line (may be NULL), the input, each pass. */
gboolean ws_trace_save  (const char      *path,
                         const char      *network,
                         const char      *comment,
                         const WsArray   *input,
                         GPtrArray       *passes,
                         GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsTrace, ws_trace_free)

G_END_DECLS
