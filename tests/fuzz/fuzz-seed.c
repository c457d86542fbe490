/* fuzz-seed.c: the CLI's --seed (ws_cli_parse_seed in app/cli/ws-cli-util.c,
 * compiled into the harness). A seed is a whole number from 0 to 2^64−1 in
 * decimal digits; what is taken must be exactly that, and every refusal
 * must be a UTF-8 message (a terminal shows it).
 */
#include <string.h>

#include "fuzz-util.h"
#include "ws-cli.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *back = NULL;
  guint64 seed = 0;
  gsize n;

  ws_fuzz_init ();
  text = ws_fuzz_cstring (data, size);
  if (!ws_cli_parse_seed (text, &seed, &error))
    {
      ws_fuzz_check_error (error);
      return 0;
    }
  n = strspn (text, "0123456789");
  ws_fuzz_check (n > 0 && text[n] == '\0', "“%s” is taken as the seed %" G_GUINT64_FORMAT
                 " but is not decimal digits", text, seed);
  /* Leading zeros aside, the digits are the number. */
  back = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
  ws_fuzz_check (g_str_equal (back, text + MIN (strspn (text, "0"), n - 1)),
                 "“%s” is taken as the seed %s", text, back);
  return 0;
}
