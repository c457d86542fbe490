/* ws-test-util.h: independent references and fixtures shared by the tests.
 *
 * References here are deliberately the plainest possible code (qsort, double
 * loops) so that they share nothing with the engine they check.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"
#include "ws-generator.h"
#include "ws-network.h"
#include "ws-types.h"

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

/* ws_network_new that asserts success. */
WsNetwork *ws_test_network_new   (WsNetworkKind kind,
                                  gsize         n);

/* Both key types, and the two CPU variants, in enum order. */
extern const WsKeyType ws_test_key_types[2];
extern const WsVariant ws_test_cpu_variants[2];

/* One registered test case: what ws_test_add_cases passes as the data. */
typedef struct
{
  WsKeyType      type;
  WsVariant      variant; /* WS_VARIANT_CPU_SEQ unless per variant */
  WsDistribution dist;    /* WS_DIST_UNIFORM unless per distribution */
  guint          extra;   /* the caller's own value, the same in every case */
} WsTestCase;

/* What ws_test_add_cases registers a test for, besides every key type. */
typedef enum
{
  WS_TEST_PER_TYPE    = 0,      /* the key type alone */
  WS_TEST_PER_VARIANT = 1 << 0, /* and each of ws_test_cpu_variants */
  WS_TEST_PER_DIST    = 1 << 1, /* and each WsDistribution */
} WsTestAxes;

/* Registers func once per key type (× CPU variant, × distribution, as axes
 * says) under "<prefix>/<type>[/<variant>][/<dist>]", with a WsTestCase that
 * lives for the whole run as its data. */
void      ws_test_add_cases      (const char    *prefix,
                                  WsTestAxes     axes,
                                  guint          extra,
                                  GTestDataFunc  func);

G_END_DECLS
