/* test-cli-readme.c: every `$ build/app/cli/warpscope-cli …` example of the
 * README runs as printed, from the project root, in order, and succeeds;
 * `run` examples also verify their result. Paths under /tmp/ go to a
 * folder of this run's own, so that what another build or an older version
 * left in /tmp (a bench folder --resume rightly refuses) changes nothing. */
#include <string.h>

#include "cli-util.h"
#include "ws-test-util.h"

#define PROMPT "$ build/app/cli/warpscope-cli "

static char *tmp_dir;

static void
map_tmp_paths (char **args)
{
  for (guint i = 0; args[i] != NULL; i++)
    if (g_str_has_prefix (args[i], "/tmp/"))
      {
        char *mapped = g_build_filename (tmp_dir, args[i] + strlen ("/tmp/"), NULL);
        g_free (args[i]), args[i] = mapped;
      }
}

static void
run_example (gconstpointer data)
{
  const char *line = data;
  g_autofree char *root = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", NULL);
  g_auto (GStrv) args = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (CliResult) r = NULL;

  g_shell_parse_argv (line + strlen (PROMPT), NULL, &args, &error);
  g_assert_no_error (error);
  map_tmp_paths (args);
  r = cli_runv_in (root, (const char *const *) args);
  if (r->status != 0 && strstr (r->err, "built without GStreamer") != NULL)
    {
      g_test_skip ("a build without GStreamer writes no video"); /* -Dmedia=disabled */
      return;
    }
  g_assert_cmpint (r->status, ==, 0);
  if (g_str_equal (args[0], "run"))
    g_assert_nonnull (strstr (r->out, "verified     ok"));
}

int
main (int argc, char **argv)
{
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  guint examples = 0;
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("ws-readme-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  path = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "README.md", NULL);
  if (!g_file_get_contents (path, &text, NULL, NULL))
    g_error ("cannot read %s", path);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], PROMPT))
      {
        g_autofree char *name = g_strdup_printf ("/readme/example-%02u", ++examples);
        g_test_add_data_func (name, lines[i], run_example);
      }
  if (examples == 0)
    g_error ("no examples found in %s", path);
  status = g_test_run ();
  ws_test_remove_dir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
