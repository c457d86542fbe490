/* ws-cli-util.c: small parsers and checks shared by the subcommands. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "ws-cli.h"
#include "ws-error.h"
#include "ws-size.h"


gboolean
ws_cli_parse_seed (const char *text,
                   guint64    *out,
                   GError    **error)
{
  g_autofree char *shown = NULL;

  /* Digits alone (a leading \v was taken once; found by fuzzing, as was a
   * message with the bytes given: messages are UTF-8). */
  if (ws_digits_parse (text, 0, G_MAXUINT64, out, NULL))
    return TRUE;
  shown = g_utf8_make_valid (text, -1);
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "--seed: “%s” is not a whole number from 0 to 2^64−1", shown);
  return FALSE;
}

gboolean
ws_cli_parse_size (const char *text,
                   int        *width,
                   int        *height,
                   GError    **error)
{
  g_auto (GStrv) parts = g_regex_split_simple ("[x×]", text, 0, 0);
  guint64 a, b;

  if (g_strv_length (parts) != 2 || !g_ascii_string_to_unsigned (parts[0], 10, 16, 8192, &a, NULL)
      || !g_ascii_string_to_unsigned (parts[1], 10, 16, 8192, &b, NULL))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "--size “%s”: write WIDTHxHEIGHT, each 16 … 8192 pixels", text);
      return FALSE;
    }
  *width = (int) a, *height = (int) b;
  return TRUE;
}

gboolean
ws_cli_check_output_path (const char *option,
                          const char *path,
                          GError    **error)
{
  g_autofree char *folder = g_path_get_dirname (path);

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "%s %s is a folder: name a file in it, such as %s/table.md", option, path,
                   path);
      return FALSE;
    }
  if (!g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "%s %s: the folder %s does not exist; create it or name a file elsewhere",
                   option, path, folder);
      return FALSE;
    }
  /* A file made and removed: permission bits alone say nothing to root,
   * for whom /proc passes access (W_OK) yet takes no file. */
  g_autofree char *probe = g_build_filename (folder, ".warpscope-probe-XXXXXX", NULL);
  int fd = g_mkstemp (probe);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "%s %s: the folder %s cannot be written to (%s); name a file elsewhere",
                   option, path, folder, g_strerror (saved));
      return FALSE;
    }
  close (fd);
  g_unlink (probe);
  return TRUE;
}

gboolean
ws_cli_parse_repeat (const char *text,
                     guint      *out,
                     GError    **error)
{
  gint64 r;

  if (!ws_int_parse ("--repeat", text, 1, WS_CLI_MAX_REPEAT, &r, error))
    return FALSE;
  *out = (guint) r;
  return TRUE;
}
