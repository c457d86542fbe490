/* ws-array-text.h: the text form of key files, private to the files room
 * (ws-array-io.c, ws-trace.c). */
#pragma once

#include <glib.h>

#include "ws-array.h"

G_BEGIN_DECLS

/* Parses the text of `path` (bytes need no terminator). side: NULL for a
 * plain array, else where the side of the square grid it must hold goes. */
WsArray *ws_text_parse  (const char    *path,
                         const char    *bytes,
                         gsize          len,
                         WsKeyType      type,
                         gsize         *side,
                         GError       **error);

/* The text of an array with `cols` values per line (1: one per line),
 * allocated with ws_try_alloc; *len receives its length. */
char    *ws_text_format (const WsArray *array,
                         gsize          cols,
                         gsize         *len,
                         GError       **error);

G_END_DECLS
