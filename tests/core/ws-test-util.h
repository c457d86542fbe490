/* ws-test-util.h: independent references and fixtures shared by the tests.
 *
 * References here are deliberately the plainest possible code (qsort, double
 * loops) so that they share nothing with the engine they check.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"
#include "ws-generator.h"

G_BEGIN_DECLS

/* The sizes every algorithm is checked at (issue: 0, 1, 2, 3, 5, 1000, 1024, 1025, 65537). */
extern const gsize ws_test_sizes[];
extern const guint ws_test_n_sizes;

/* A copy of a, sorted by qsort in the total order -inf < ... < -0.0 < +0.0 < ... < +inf. */
WsArray  *ws_test_qsort_copy     (const WsArray *a);

/* TRUE when out is a an ascending (by value) permutation of in (bitwise multiset).
 * On failure prints what broke and where with g_test_message. */
gboolean  ws_test_is_sorted_permutation (const WsArray *in,
                                         const WsArray *out);

/* An array of n keys mixing the hard cases: INT32_MIN/MAX, 0, ±1 for int32;
 * ±inf, ±0.0, denormals, FLT_MAX, tiny and ordinary values for float32. */
WsArray  *ws_test_special_array  (WsKeyType type,
                                  gsize     n,
                                  guint64   seed);

/* ws_generate that asserts success. */
WsArray  *ws_test_generate       (WsKeyType      type,
                                  WsDistribution dist,
                                  gsize          n,
                                  guint64        seed);

/* Path of a fresh file name inside a per-test temporary directory. */
char     *ws_test_tmp_path       (const char *name);

G_END_DECLS
