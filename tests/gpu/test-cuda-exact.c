/* test-cuda-exact.c: the exact fixed-point sums that GPU blocks add their
 * partials into (cuda/ws-cuda-exact.h), on the host: no GPU needed, so this
 * suite runs everywhere CUDA code is built. References are independent:
 * values built to be exact, and __float128 sums where they are exact. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "ws-cuda-exact.h"

#define DIGITS 10
#define LSB (-149) /* the float32 sums' range (FloatSum in ws-cuda-sum.cuh) */

typedef struct
{
  guint64 pos[DIGITS], neg[DIGITS];
  guint flags;
} Num;

static void
add (Num *x, double v)
{
  g_assert_true (ws_exact_add (x->pos, x->neg, &x->flags, DIGITS, LSB, v));
}

static double
value (const Num *x)
{
  return ws_exact_value (x->pos, x->neg, x->flags, DIGITS, LSB);
}

/* A random double with 53 random bits whose lowest weighs 2^low. */
static double
random_double (GRand *r, gint low)
{
  guint64 mant = ((guint64) g_rand_int (r) << 21) ^ g_rand_int (r);
  mant |= 1ull << 52;
  mant &= (1ull << 53) - 1;
  return (g_rand_boolean (r) ? 1.0 : -1.0) * ldexp ((double) mant, low);
}

static void
test_round_trip (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (11);
  const double fixed[] = { ldexp (1.0, LSB), -ldexp (3.0, LSB), ldexp (1.0, -126), 1.0, -0.1f,
                           (double) FLT_MAX, -(double) FLT_MAX * 1024.0 };

  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
    {
      Num x = { 0 };
      add (&x, fixed[i]);
      g_assert_cmpfloat (value (&x), ==, fixed[i]);
    }
  for (guint i = 0; i < 2000; i++)
    {
      Num x = { 0 };
      double v = random_double (r, g_rand_int_range (r, LSB, 170 - 53));
      add (&x, v);
      g_assert_cmpfloat (value (&x), ==, v);
    }
}

/* v + w - w == v exactly, however far apart v and w lie. */
static void
test_cancellation (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (12);

  for (guint i = 0; i < 2000; i++)
    {
      Num x = { 0 };
      double v = random_double (r, g_rand_int_range (r, LSB, 117));
      double w = random_double (r, g_rand_int_range (r, LSB, 117));
      add (&x, w);
      add (&x, v);
      add (&x, -w);
      g_assert_cmpfloat (value (&x), ==, v);
    }
  Num z = { 0 };
  add (&z, 2.5);
  add (&z, -2.5);
  g_assert_cmpfloat (value (&z), ==, 0.0);
  Num neg = { 0 };
  add (&neg, 1.0);
  add (&neg, -3.0);
  g_assert_cmpfloat (value (&neg), ==, -2.0);
}

/* 2^60 + t for small t: the ulp there is 2^8, so t decides the rounding. */
static void
test_rounding (void)
{
  const struct
  {
    double t[3];
    double expect;
  } cases[] = {
    { { 1.0, 0, 0 }, 0 },                        /* below half an ulp: down */
    { { 128.0, 0, 0 }, 0 },                      /* a tie, 2^60 is even: down */
    { { 128.0, ldexp (1.0, -140), 0 }, 256.0 },  /* above the tie by a far bit: up */
    { { 384.0, 0, 0 }, 512.0 },                  /* a tie, 2^60 + 256 is odd: up */
    { { 255.0, 0, 0 }, 256.0 },                  /* above half an ulp: up */
    { { -64.0, 0, 0 }, 0 },                      /* a tie below 2^60 (ulp 2^7 there): to 2^60 */
    { { -64.0, -ldexp (1.0, -149), 0 }, -128.0 }, /* just past that tie: down */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Num x = { 0 };
      add (&x, ldexp (1.0, 60));
      for (guint k = 0; k < 3; k++)
        if (cases[i].t[k] != 0)
          add (&x, cases[i].t[k]);
      g_assert_cmpfloat (value (&x), ==, ldexp (1.0, 60) + cases[i].expect);
    }
}

/* Digits full of ones: one more 2^LSB must carry through all of them when
 * the number is read. */
static void
test_carries (void)
{
  for (guint full = 1; full < DIGITS; full++)
    {
      Num x = { 0 };
      for (guint b = 0; b < 32 * full; b++)
        add (&x, ldexp (1.0, LSB + (gint) b));
      add (&x, ldexp (1.0, LSB));
      g_assert_cmpfloat (value (&x), ==, ldexp (1.0, LSB + 32 * (gint) full));
    }
}

/* A digit's word takes many adds beyond 32 bits (as many blocks make): 2^20
 * adds of 2^(LSB+31) + 2^(LSB+63) fill the words of digits 0 and 1 to 2^51
 * each, and read as their sum, 2^(LSB+51) + 2^(LSB+83). */
static void
test_full_words (void)
{
  Num x = { 0 };

  for (guint i = 0; i < (1u << 20); i++)
    add (&x, ldexp (1.0, LSB + 63) + ldexp (1.0, LSB + 31));
  g_assert_cmpuint (x.pos[0], ==, (guint64) 1 << 51);
  g_assert_cmpuint (x.pos[1], ==, (guint64) 1 << 51);
  g_assert_cmpfloat (value (&x), ==, ldexp (1.0, LSB + 83) + ldexp (1.0, LSB + 51));
}

/* 128-bit integer totals against gcc's __int128. */
static void
test_int128 (void)
{
#ifdef __SIZEOF_INT128__
  g_autoptr (GRand) r = g_rand_new_with_seed (15);

  for (guint round = 0; round < 100; round++)
    {
      guint64 pos[4] = { 0 }, neg[4] = { 0 }, lo;
      gint64 hi;
      __int128 ref = 0;
      for (guint i = 0; i < 1000; i++)
        {
          /* Values up to about 2^100 in magnitude, of both signs. */
          __int128 v = (__int128) (gint64) (((guint64) g_rand_int (r) << 32) | g_rand_int (r));
          v <<= g_rand_int_range (r, 0, 37);
          ref += v;
          ws_exact_add_int128 (pos, neg, 4, (guint64) v, (gint64) (v >> 64));
        }
      ws_exact_int128 (pos, neg, 4, &lo, &hi);
      g_assert_cmpuint (lo, ==, (guint64) ref);
      g_assert_cmpint (hi, ==, (gint64) (ref >> 64));
    }
  guint64 pos[4] = { 0 }, neg[4] = { 0 }, lo;
  gint64 hi;
  ws_exact_add_int128 (pos, neg, 4, 0, G_MININT64); /* -2^127, the most negative */
  ws_exact_int128 (pos, neg, 4, &lo, &hi);
  g_assert_cmpuint (lo, ==, 0);
  g_assert_cmpint (hi, ==, G_MININT64);
#else
  g_test_skip ("this compiler has no __int128");
#endif
}

/* Many integers: the sum is exact in int64 and in a double. */
static void
test_integers (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (13);
  Num x = { 0 };
  gint64 ref = 0;

  for (guint i = 0; i < 100000; i++)
    {
      gint32 v = (gint32) g_rand_int (r);
      ref += v;
      add (&x, v);
    }
  g_assert_cmpfloat (value (&x), ==, (double) ref);
}

/* Random sums whose exact value fits a __float128, whose conversion to
 * double rounds to nearest, ties to even. */
static void
test_against_float128 (void)
{
#ifdef __SIZEOF_FLOAT128__
  g_autoptr (GRand) r = g_rand_new_with_seed (14);

  for (guint round = 0; round < 200; round++)
    {
      Num x = { 0 };
      __float128 ref = 0;
      /* Multiples of 2^-30 below 2^60: 1000 of them sum below 2^70, so the
       * exact sum needs at most 100 bits of the float128's 113. */
      for (guint i = 0; i < 1000; i++)
        {
          double v = random_double (r, g_rand_int_range (r, -30, 60 - 53));
          add (&x, v);
          ref += v;
        }
      g_assert_cmpfloat (value (&x), ==, (double) ref);
    }
#else
  g_test_skip ("this compiler has no __float128");
#endif
}

static void
test_special (void)
{
  Num x = { 0 };
  add (&x, 1.0);
  add (&x, INFINITY);
  g_assert_cmpfloat (value (&x), ==, INFINITY);
  add (&x, -INFINITY);
  g_assert_true (isnan (value (&x)));

  Num y = { 0 };
  add (&y, -INFINITY);
  add (&y, 5.0);
  g_assert_cmpfloat (value (&y), ==, -INFINITY);

  Num z = { 0 };
  add (&z, NAN);
  g_assert_true (isnan (value (&z)));
}

/* What cannot be held is refused and leaves the number alone. */
static void
test_refused (void)
{
  Num x = { 0 }, before;

  add (&x, 7.0);
  before = x;
  g_assert_false (ws_exact_add (x.pos, x.neg, &x.flags, DIGITS, LSB, ldexp (1.0, LSB - 1)));
  g_assert_false (ws_exact_add (x.pos, x.neg, &x.flags, DIGITS, LSB, ldexp (3.0, LSB - 1)));
  g_assert_false (ws_exact_add (x.pos, x.neg, &x.flags, DIGITS, LSB, ldexp (1.0, LSB + 32 * DIGITS)));
  g_assert_false (ws_exact_add (x.pos, x.neg, &x.flags, DIGITS, LSB, -ldexp (1.0, 400)));
  g_assert_false (ws_exact_add (x.pos, x.neg, &x.flags, WS_EXACT_MAX_DIGITS + 1, LSB, 1.0));
  g_assert_cmpmem (&x, sizeof x, &before, sizeof before);
  /* The top word holds the largest value whose bits all fit. */
  g_assert_true (ws_exact_add (x.pos, x.neg, &x.flags, DIGITS, LSB, ldexp (1.0, LSB + 32 * DIGITS - 1)));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/exact/round-trip", test_round_trip);
  g_test_add_func ("/exact/cancellation", test_cancellation);
  g_test_add_func ("/exact/rounding", test_rounding);
  g_test_add_func ("/exact/carries", test_carries);
  g_test_add_func ("/exact/full-words", test_full_words);
  g_test_add_func ("/exact/int128", test_int128);
  g_test_add_func ("/exact/integers", test_integers);
  g_test_add_func ("/exact/float128", test_against_float128);
  g_test_add_func ("/exact/special", test_special);
  g_test_add_func ("/exact/refused", test_refused);
  return g_test_run ();
}
