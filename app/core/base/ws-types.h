/* ws-types.h: small value types shared by every algorithm of the engine. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  WS_KEY_INT32,
  WS_KEY_FLOAT32,
} WsKeyType;

/* Implementations of one algorithm. The GPU ones are provided by a backend
 * (see ws-backend.h); the CPU ones live in app/core. */
typedef enum
{
  WS_VARIANT_CPU_SEQ,
  WS_VARIANT_CPU_PAR,
  WS_VARIANT_GPU_SEED,        /* the study's GPU code, written anew */
  WS_VARIANT_GPU_SEED_SHARED, /* study 002's shared-memory bitonic */
  WS_VARIANT_GPU_SEED_V1,     /* study 003's optimised odd-even, V1 */
  WS_VARIANT_GPU_SEED_V2,     /* study 003's V2: V1 with shared-memory staging */
  WS_VARIANT_GPU,             /* ours */
  WS_VARIANT_GPU_LIB,         /* the library's (CUB, Thrust) */
  WS_N_VARIANTS,
} WsVariant;

/* What an algorithm did, for the CLI table and the animator's labels.
 * Every field is a plain count; an algorithm fills the ones it knows and
 * leaves the rest at zero. */
typedef struct
{
  guint64 passes;      /* network passes, scan levels, search steps */
  guint64 comparisons; /* key comparisons (comparators evaluated) */
  guint64 swaps;       /* exchanges made by comparators */
  guint64 probes;      /* array elements read by a search */
} WsCounters;

/* A single-number result (reduce, dot): exact int64 for int32 keys, double
 * for float32 keys. */
typedef struct
{
  gboolean is_int;
  gint64   i;
  double   f;
} WsScalar;

gsize        ws_key_type_size        (WsKeyType type);
const char  *ws_key_type_name        (WsKeyType type);
gboolean     ws_key_type_from_string (const char *name,
                                      WsKeyType  *out,
                                      GError    **error);

const char  *ws_variant_name         (WsVariant variant);
gboolean     ws_variant_from_string  (const char *name,
                                      WsVariant  *out,
                                      GError    **error);
gboolean     ws_variant_is_gpu       (WsVariant variant);

void         ws_counters_add         (WsCounters       *into,
                                      const WsCounters *from);

G_END_DECLS
