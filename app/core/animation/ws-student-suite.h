/* ws-student-suite.h: the inputs an autograder runs a student's sort on
 * (issue 17): sizes from 1 to 2^20, powers of two and not, duplicates,
 * negatives, sorted and reversed, and -0.0, ±inf for float32 (the
 * extremes of int32 for int32). Odd-even transposition takes a pass per
 * key, so its inputs stop at 2^16 keys. The same inputs for the same
 * seed, on every machine. */
#pragma once

#include <glib.h>

#include "ws-array.h"
#include "ws-network.h"

G_BEGIN_DECLS

typedef enum
{
  WS_SUITE_UNIFORM,    /* negative and positive, few repeats */
  WS_SUITE_DUPLICATES, /* 16 distinct keys, negatives among them */
  WS_SUITE_SORTED,
  WS_SUITE_REVERSED,
  WS_SUITE_SPECIAL,    /* float32: -0.0, +0.0, ±inf among duplicates; int32: its extremes */
  WS_SUITE_N_SHAPES,
} WsSuiteShape;

typedef struct
{
  gsize        n;
  WsSuiteShape shape;
} WsSuiteInput;

#define WS_SUITE_MAX_ODD_EVEN 65536

/* The suite for a network: every input, smallest first; with only_n > 0,
 * each shape at that size (odd-even past WS_SUITE_MAX_ODD_EVEN is
 * WS_ERROR_INVALID_ARGUMENT). An array of WsSuiteInput. */
GArray  *ws_student_suite        (WsNetworkKind        network,
                                  gsize                only_n,
                                  GError             **error);
/* The input's keys for a seed. */
WsArray *ws_student_suite_keys   (const WsSuiteInput  *input,
                                  WsKeyType            type,
                                  guint64              seed,
                                  GError             **error);
/* "257 keys: -0.0, ±inf and duplicates (seed 1)". Free with g_free. */
char    *ws_student_suite_label  (const WsSuiteInput  *input,
                                  WsKeyType            type,
                                  guint64              seed);

G_END_DECLS
