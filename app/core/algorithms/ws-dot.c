/* ws-dot.c: study 000's sorted dot product on the CPU. */
#include "ws-dot.h"

#include <math.h>

#include "ws-error.h"
#include "ws-network.h"
#include "ws-cpu.h"

/* A 128-bit two's complement sum. One int32 product takes up to 63 bits, so
 * a 64-bit sum could overflow midway although the total fits; in 128 bits
 * the verdict depends only on the total, never on the order of the adds or
 * on how the threads split them. hi stays tiny: it moves by at most 1 per
 * add. */
typedef struct
{
  guint64 lo;
  gint64  hi;
} WsAcc128;

static inline void
acc_add (WsAcc128 *acc,
         guint64   lo,
         gint64    hi)
{
  guint64 sum = acc->lo + lo;

  acc->hi += hi + (sum < lo ? 1 : 0); /* the carry out of the low word */
  acc->lo = sum;
}

static WsAcc128
dot_i32_range (const WsArray *a,
               const WsArray *b,
               gsize          begin,
               gsize          end)
{
  WsAcc128 acc = { 0, 0 };

  for (gsize i = begin; i < end; i++)
    {
      gint64 p = (gint64) a->i32[i] * b->i32[i]; /* |p| <= 2^62: exact */
      acc_add (&acc, (guint64) p, p < 0 ? -1 : 0);
    }
  return acc;
}

static double
dot_f32_range (const WsArray *a,
               const WsArray *b,
               gsize          begin,
               gsize          end)
{
  double sum = 0.0;

  /* A product of two floats is exact in double. */
  for (gsize i = begin; i < end; i++)
    sum += (double) a->f32[i] * (double) b->f32[i];
  return sum;
}

/* Study 000's loop: float products added to a float, in index order. */
static double
dot_f32_seq (const WsArray *a,
             const WsArray *b)
{
  float sum = 0.0f;

  for (gsize i = 0; i < a->n; i++)
    sum += a->f32[i] * b->f32[i];
  return sum;
}

/* Fixed chunks per thread, added in chunk order, so that a cpu-par result
 * does not change from run to run as a reduction's order could. */
static void
dot_par (const WsArray *a,
         const WsArray *b,
         WsAcc128      *isum,
         double        *fsum)
{
  guint parts = ws_cpu_threads_for (a->n, WS_CPU_GRAIN);
  g_autofree WsAcc128 *ip = g_new0 (WsAcc128, parts);
  g_autofree double *fp = g_new0 (double, parts);

#pragma omp parallel for num_threads (parts) schedule (static, 1)
  for (guint k = 0; k < parts; k++)
    {
      gsize begin, end;
      ws_chunk_bounds (a->n, parts, k, &begin, &end);
      if (a->type == WS_KEY_INT32)
        ip[k] = dot_i32_range (a, b, begin, end);
      else
        fp[k] = dot_f32_range (a, b, begin, end);
    }
  for (guint k = 0; k < parts; k++)
    {
      acc_add (isum, ip[k].lo, ip[k].hi);
      *fsum += fp[k];
    }
}

static gboolean
acc_to_scalar (WsAcc128  acc,
               gsize     n,
               WsScalar *out,
               GError  **error)
{
  const guint64 sign = G_GUINT64_CONSTANT (1) << 63;

  if (acc.hi == 0 && acc.lo < sign)
    out->i = (gint64) acc.lo;
  else if (acc.hi == -1 && acc.lo >= sign)
    out->i = (gint64) (acc.lo - sign) + G_MININT64; /* lo - 2^64, without overflow */
  else
    {
      g_set_error (error, WS_ERROR, WS_ERROR_OVERFLOW,
                   "The int32 dot product of %" G_GSIZE_FORMAT " keys is about %.6g, outside "
                   "the int64 range of an exact result; use --type float32 or smaller keys",
                   n, (double) acc.hi * 0x1p64 + (double) acc.lo);
      return FALSE;
    }
  out->is_int = TRUE;
  out->f = (double) out->i;
  return TRUE;
}

static gboolean
check_pair (const WsArray *a,
            const WsArray *b,
            GError       **error)
{
  if (a->type == b->type && a->n == b->n)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "The dot product needs two arrays of one length and type, but A holds %"
               G_GSIZE_FORMAT " %s keys and B %" G_GSIZE_FORMAT " %s keys; give both the same "
               "size and type", a->n, ws_key_type_name (a->type), b->n,
               ws_key_type_name (b->type));
  return FALSE;
}

gboolean
ws_dot (WsArray    *a,
        WsArray    *b,
        WsVariant   variant,
        WsScalar   *out,
        WsCounters *counters,
        GError    **error)
{
  WsAcc128 isum = { 0, 0 };
  double fsum = 0.0;

  g_return_val_if_fail (a != NULL && b != NULL && out != NULL, FALSE);
  if (!ws_require_cpu_variant ("The dot product", variant, error) || !check_pair (a, b, error))
    return FALSE;
  if (!ws_network_sort (WS_NETWORK_BITONIC, a, variant, FALSE, counters, error)
      || !ws_network_sort (WS_NETWORK_BITONIC, b, variant, FALSE, counters, error))
    return FALSE;
  if (variant == WS_VARIANT_CPU_PAR)
    dot_par (a, b, &isum, &fsum);
  else if (a->type == WS_KEY_INT32)
    isum = dot_i32_range (a, b, 0, a->n);
  else
    fsum = dot_f32_seq (a, b);
  if (a->type == WS_KEY_INT32)
    return acc_to_scalar (isum, a->n, out, error);
  out->is_int = FALSE;
  out->i = 0;
  out->f = fsum;
  return TRUE;
}

double
ws_dot_reference (const WsArray *a,
                  const WsArray *b)
{
  double sum = 0.0;

  g_return_val_if_fail (a != NULL && b != NULL && a->n == b->n, NAN);
  for (gsize i = 0; i < a->n; i++)
    sum += ws_array_get_double (a, i) * ws_array_get_double (b, i);
  return sum;
}
