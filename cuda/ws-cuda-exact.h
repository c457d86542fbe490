/* ws-cuda-exact.h: exact sums as fixed-point numbers of 32-bit digits.
 *
 * The GPU sums (reduce, dot) end with every block adding its partial sum
 * into one such number with integer atomic adds. Integer adds commute, so
 * the order in which blocks finish cannot change a result (as it would with
 * atomic adds of doubles), and no block waits for another.
 *
 * A number is `digits` 32-bit digits of magnitude for the positive
 * partials and as many for the negative ones; digit k weighs 2^(lsb + 32 k).
 * Each digit lives in its own 64-bit word, so that up to 2^32 adds of a
 * digit cannot overflow it: a block adds its digits and never waits to see
 * a carry, and carries are taken when the number is read. Flags record
 * partials that are no numbers. Plain C, so that tests can check the
 * arithmetic without a GPU. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

enum
{
  WS_EXACT_NAN = 1u << 0,
  WS_EXACT_POS_INF = 1u << 1,
  WS_EXACT_NEG_INF = 1u << 2,
};

#define WS_EXACT_MAX_DIGITS 32

/* Adds v on the host as a block adds it on the GPU. FALSE, leaving the
 * number as it was, when v is not a multiple of 2^lsb or too large for
 * `digits` digits; the GPU sums size their numbers so that this never
 * happens. */
gboolean ws_exact_add (guint64 *pos, guint64 *neg, guint *flags, guint digits, gint lsb, double v);

/* Adds the 128-bit two's complement integer hi:lo (lsb 0, at least four
 * digits), as a block of an integer sum does. */
void ws_exact_add_int128 (guint64 *pos, guint64 *neg, guint digits, guint64 lo, gint64 hi);

/* The double nearest the number (ties to even): NaN for a NaN partial or for
 * both infinities, an infinity for either, otherwise the rounded value. */
double ws_exact_value (const guint64 *pos, const guint64 *neg, guint flags, guint digits,
                       gint lsb);

/* An integer number (lsb 0) modulo 2^128, as two's complement hi:lo. */
void ws_exact_int128 (const guint64 *pos, const guint64 *neg, guint digits, guint64 *lo,
                      gint64 *hi);

G_END_DECLS
