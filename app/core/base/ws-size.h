/* ws-size.h: sizes and whole numbers as people write them, for the CLI's
 * options, the presets and the application's fields — one parser for all.
 *
 * A size takes exactly these forms and nothing else:
 *   65536        digits
 *   2^20         2^ then digits: a power of two
 *   1e6, 2.5e3   a decimal with an exponent (e or E) whose value is whole
 *   64k, 16M, 1G digits then k (or K), M or G: times 1024, 1024², 1024³
 * No sign, space, hexadecimal, fraction or other suffix; a suffix needs
 * digits before it. What is not one of these forms is refused with an error
 * that lists them, so "k" or "0x10" never quietly becomes a number.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The forms above, for messages: "65536, 2^20, 1e6, 64k or 16M". */
#define WS_SIZE_FORMS "65536, 2^20, 1e6, 64k or 16M"

/* Parse a size (0 allowed). An error names `what` (an option, or a preset's
 * file:line key) and the text. */
gboolean ws_size_parse       (const char *what,
                              const char *text,
                              gsize      *out,
                              GError    **error);

/* The same, within [min, max]: a size outside is an error naming the range. */
gboolean ws_size_parse_range (const char *what,
                              const char *text,
                              gsize       min,
                              gsize       max,
                              gsize      *out,
                              GError    **error);

/* A whole number in [min, max]: an optional '-' (a negative number), then
 * decimal digits, or — when it is not negative — any size form above
 * ("64k" bins). No '+', space or hexadecimal. */
gboolean ws_int_parse        (const char *what,
                              const char *text,
                              gint64      min,
                              gint64      max,
                              gint64     *out,
                              GError    **error);

/* Decimal digits alone — no sign, blank or prefix (g_ascii_string_to_unsigned
 * alone would take a leading \v, which strtoull skips) — as a number from
 * min to max. FALSE with a G_NUMBER_PARSER_ERROR otherwise: INVALID (empty
 * too) or OUT_OF_BOUNDS; the caller words the message. */
gboolean ws_digits_parse     (const char *text,
                              guint64     min,
                              guint64     max,
                              guint64    *out,
                              GError    **error);

/* A finite decimal number: [-]digits[.digits][(e|E)[+-]digits], e.g. 0.02,
 * 1.5e3. No hexadecimal, inf, nan, '+' or space. FALSE (no message: the
 * caller knows what the number was for) otherwise. */
gboolean ws_decimal_parse    (const char *text,
                              double     *out);

G_END_DECLS
