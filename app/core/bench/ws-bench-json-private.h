/* ws-bench-json-private.h: what the writer (ws-bench-json.c) and the
 * reader (ws-bench-json-read.c) of result.json share. */
#pragma once

#include "ws-bench-json.h"

G_BEGIN_DECLS

/* How a column of result.csv is held in a row of result.json. */
typedef enum
{
  WS_BENCH_JSON_TEXT,    /* a string (the seed too: see ws-bench-json.h) */
  WS_BENCH_JSON_COUNT,   /* a whole number: n, instance, samples */
  WS_BENCH_JSON_NUMBER,  /* any other number */
  WS_BENCH_JSON_FLAG,    /* true or false: cold */
} WsBenchJsonKind;

WsBenchJsonKind ws_bench_json_column_kind (const char *column);

/* Takes c into j (ws-bench-json.c), a configuration of the same key
 * replaced in its place: the reader's, built whole, go in as they are. */
void            ws_bench_json_put_config  (WsBenchJson       *j,
                                           WsBenchJsonConfig *c);

G_END_DECLS
