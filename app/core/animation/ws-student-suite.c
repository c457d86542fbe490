/* ws-student-suite.c: an autograder's inputs (see ws-student-suite.h). */
#include "ws-student-suite.h"

#include <math.h>

#include "ws-error.h"
#include "ws-generator.h"

/* Each shape at least once, at sizes that catch the usual slips: one key,
 * two, odd counts, one either side of a power of two and of a block. */
static const WsSuiteInput suite[] = {
  { 1, WS_SUITE_UNIFORM },         { 2, WS_SUITE_REVERSED },      { 3, WS_SUITE_UNIFORM },
  { 5, WS_SUITE_SPECIAL },         { 16, WS_SUITE_DUPLICATES },   { 33, WS_SUITE_REVERSED },
  { 100, WS_SUITE_UNIFORM },       { 255, WS_SUITE_SORTED },      { 256, WS_SUITE_REVERSED },
  { 257, WS_SUITE_SPECIAL },       { 1000, WS_SUITE_DUPLICATES }, { 4097, WS_SUITE_UNIFORM },
  { 65536, WS_SUITE_SPECIAL },     { 1 << 20, WS_SUITE_UNIFORM },
};

static const char *const shape_words[WS_SUITE_N_SHAPES] = {
  [WS_SUITE_UNIFORM] = "random, negatives among them",
  [WS_SUITE_DUPLICATES] = "16 distinct keys repeated, negatives among them",
  [WS_SUITE_SORTED] = "already sorted",
  [WS_SUITE_REVERSED] = "in reverse order",
};

GArray *
ws_student_suite (WsNetworkKind network, gsize only_n, GError **error)
{
  GArray *inputs = g_array_new (FALSE, FALSE, sizeof (WsSuiteInput));
  gsize cap = network == WS_NETWORK_ODD_EVEN ? WS_SUITE_MAX_ODD_EVEN : G_MAXSIZE;

  if (only_n > cap)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "Odd-even transposition takes a pass per key: check it on at most %d keys",
                   WS_SUITE_MAX_ODD_EVEN);
      g_array_unref (inputs);
      return NULL;
    }
  for (guint s = 0; only_n > 0 && s < WS_SUITE_N_SHAPES; s++)
    g_array_append_val (inputs, ((WsSuiteInput) { only_n, s }));
  for (guint i = 0; only_n == 0 && i < G_N_ELEMENTS (suite); i++)
    if (suite[i].n <= cap)
      g_array_append_val (inputs, suite[i]);
  return inputs;
}

/* Keys of the generator's distribution, moved to straddle zero. */
static WsArray *
signed_keys (WsDistribution dist, WsKeyType type, gsize n, guint64 seed, GError **error)
{
  WsArray *a = ws_generate (type, dist, n, seed, error);

  for (gsize i = 0; a != NULL && type == WS_KEY_FLOAT32 && i < n; i++)
    a->f32[i] = a->f32[i] * 2000.0f - 1000.0f;
  return a;
}

/* Duplicates with the values a careless comparison gets wrong. */
static WsArray *
special_keys (WsKeyType type, gsize n, guint64 seed, GError **error)
{
  static const float f[] = { -0.0f, 0.0f, INFINITY, -INFINITY, -1.5f, 2.0f, -0.0f, 7.25f };
  static const gint32 i[] = { G_MININT32, G_MAXINT32, 0, -1, 1, G_MININT32 + 1, G_MAXINT32 - 1, 0 };
  WsArray *a = ws_array_new (type, n, error);
  WsRng rng;

  ws_rng_init (&rng, seed);
  for (gsize k = 0; a != NULL && k < n; k++)
    {
      guint pick = (guint) ws_rng_below (&rng, G_N_ELEMENTS (f));
      if (type == WS_KEY_FLOAT32)
        a->f32[k] = f[pick];
      else
        a->i32[k] = i[pick];
    }
  return a;
}

WsArray *
ws_student_suite_keys (const WsSuiteInput *in, WsKeyType type, guint64 seed, GError **error)
{
  switch (in->shape)
    {
    case WS_SUITE_DUPLICATES: return signed_keys (WS_DIST_FEW_UNIQUE, type, in->n, seed, error);
    case WS_SUITE_SORTED: return signed_keys (WS_DIST_SORTED, type, in->n, seed, error);
    case WS_SUITE_REVERSED: return signed_keys (WS_DIST_REVERSED, type, in->n, seed, error);
    case WS_SUITE_SPECIAL: return special_keys (type, in->n, seed, error);
    default: return signed_keys (WS_DIST_UNIFORM, type, in->n, seed, error);
    }
}

char *
ws_student_suite_label (const WsSuiteInput *in, WsKeyType type, guint64 seed)
{
  const char *what = in->shape != WS_SUITE_SPECIAL ? shape_words[in->shape]
                     : type == WS_KEY_FLOAT32      ? "-0.0, 0.0, ±inf and duplicates"
                                                   : "the largest and smallest int32 and duplicates";

  return g_strdup_printf ("%" G_GSIZE_FORMAT " %s key%s: %s (seed %" G_GUINT64_FORMAT ")", in->n,
                          type == WS_KEY_INT32 ? "int32" : "float32", in->n == 1 ? "" : "s", what,
                          seed);
}
