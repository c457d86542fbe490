// ws-cuda-exact.cu: the host side of ws-cuda-exact.h — adding on the host
// (for tests) and reading a number: carry the digits into 64-bit words,
// subtract the negative magnitude, round to a double.
#include "ws-cuda-exact.cuh"

#include <cmath>
#include <cstring>

namespace
{

// 64-bit words for WS_EXACT_MAX_DIGITS digits and the carries above them.
constexpr guint MAX_WORDS = WS_EXACT_MAX_DIGITS / 2 + 2;

struct HostAdd
{
  guint64 *w;
  // __device__ too only to match add_bits; it runs on the host.
  __host__ __device__ void operator() (unsigned k, unsigned d) const { w[k] += d; }
};

// w += (hi:lo) * 2^(64 at), carrying up to the top word.
void
add_at (guint64 *w, guint words, guint at, guint64 lo, guint64 hi)
{
  guint64 c = 0;

  for (guint j = at; j < words; j++)
    {
      guint64 a = j == at ? lo : j == at + 1 ? hi : 0;
      if (j > at + 1 && c == 0)
        break;
      guint64 s = w[j] + a, t = s + c;
      c = (s < a ? 1 : 0) + (t < c ? 1 : 0);
      w[j] = t;
    }
}

// The digits' sum as a plain binary number of `words` words: digit k's
// word, up to 64 bits, goes in at bit 32 k.
void
carry (const guint64 *digit, guint digits, guint64 *w, guint words)
{
  std::memset (w, 0, words * sizeof *w);
  for (guint k = 0; k < digits; k++)
    {
      if (k % 2 == 0)
        add_at (w, words, k / 2, digit[k], 0);
      else
        add_at (w, words, k / 2, digit[k] << 32, digit[k] >> 32);
    }
}

// Bit i of a number.
bool
bit (const guint64 *w, guint i)
{
  return (w[i / 64] >> (i % 64)) & 1u;
}

// count (1..64) bits of w from bit `from` up, as an integer.
guint64
bits (const guint64 *w, guint words, guint from, guint count)
{
  guint k = from / 64, s = from % 64;
  guint64 v = w[k] >> s;

  if (s != 0 && k + 1 < words)
    v |= w[k + 1] << (64 - s);
  return count == 64 ? v : v & ((1ull << count) - 1);
}

// Any bit of w below bit `end`?
bool
any_below (const guint64 *w, guint end)
{
  for (guint k = 0; k < end / 64; k++)
    if (w[k] != 0)
      return true;
  return end % 64 != 0 && (w[end / 64] & ((1ull << (end % 64)) - 1)) != 0;
}

// mag = pos - neg modulo 2^(64 words), two's complement; true when pos < neg.
bool
subtract (const guint64 *pos, const guint64 *neg, guint words, guint64 *mag)
{
  guint64 borrow = 0;

  for (guint k = 0; k < words; k++)
    {
      mag[k] = pos[k] - neg[k] - borrow;
      borrow = (pos[k] < neg[k] || (pos[k] == neg[k] && borrow)) ? 1 : 0;
    }
  return borrow != 0;
}

// |pos - neg| in mag; true when negative.
bool
difference (const guint64 *pos_digits, const guint64 *neg_digits, guint digits, guint64 *mag,
            guint words)
{
  guint64 pos[MAX_WORDS], neg[MAX_WORDS];

  carry (pos_digits, digits, pos, words);
  carry (neg_digits, digits, neg, words);
  if (!subtract (pos, neg, words, mag))
    return false;
  guint64 c = 1; // negate: invert, add one
  for (guint k = 0; k < words; k++)
    {
      mag[k] = ~mag[k] + c;
      c = (c && mag[k] == 0) ? 1 : 0;
    }
  return true;
}

// Words that hold digits digits with 2^32 adds each: 32 digits bits + 32.
guint
words_for (guint digits)
{
  return (32 * digits + 32) / 64 + 1;
}

} // namespace

gboolean
ws_exact_add (guint64 *pos, guint64 *neg, guint *flags, guint digits, gint lsb, double v)
{
  if (std::isnan (v))
    *flags |= WS_EXACT_NAN;
  else if (std::isinf (v))
    *flags |= v > 0 ? WS_EXACT_POS_INF : WS_EXACT_NEG_INF;
  else if (v != 0.0)
    return digits <= WS_EXACT_MAX_DIGITS
           && ws::exact::add_double (HostAdd{ v > 0 ? pos : neg }, digits, lsb, std::fabs (v));
  return TRUE;
}

void
ws_exact_add_int128 (guint64 *pos, guint64 *neg, guint digits, guint64 lo, gint64 hi)
{
  ws::exact::add_int128 (HostAdd{ hi < 0 ? neg : pos }, MIN (digits, WS_EXACT_MAX_DIGITS), lo, hi);
}

double
ws_exact_value (const guint64 *pos, const guint64 *neg, guint flags, guint digits, gint lsb)
{
  guint64 mag[MAX_WORDS];
  gint top;

  if ((flags & WS_EXACT_NAN) || ((flags & WS_EXACT_POS_INF) && (flags & WS_EXACT_NEG_INF)))
    return NAN;
  if (flags & (WS_EXACT_POS_INF | WS_EXACT_NEG_INF))
    return (flags & WS_EXACT_POS_INF) ? INFINITY : -INFINITY;
  digits = MIN (digits, WS_EXACT_MAX_DIGITS);
  guint words = words_for (digits);
  double sign = difference (pos, neg, digits, mag, words) ? -1.0 : 1.0;
  for (top = (gint) (64 * words) - 1; top >= 0 && !bit (mag, (guint) top); top--)
    ;
  if (top < 0)
    return 0.0;
  if (top < 53) // at most 53 bits: exact in a double
    return sign * std::ldexp ((double) bits (mag, words, 0, (guint) top + 1), lsb);

  // The 53 bits from the top, rounded to nearest, ties to even, by the bit
  // below them and whether any lower bit is set.
  guint low = (guint) top - 52;
  guint64 mant = bits (mag, words, low, 53);
  if (bit (mag, low - 1) && ((mant & 1u) || any_below (mag, low - 1)))
    mant++; // 2^53 after a carry is still exact in a double
  return sign * std::ldexp ((double) mant, (gint) low + lsb);
}

void
ws_exact_int128 (const guint64 *pos, const guint64 *neg, guint digits, guint64 *lo, gint64 *hi)
{
  guint64 p[MAX_WORDS], n[MAX_WORDS], d[MAX_WORDS];

  digits = MIN (digits, WS_EXACT_MAX_DIGITS);
  guint words = words_for (digits);
  carry (pos, digits, p, words);
  carry (neg, digits, n, words);
  subtract (p, n, words, d);
  *lo = d[0];
  *hi = words > 1 ? (gint64) d[1] : 0;
}
