/* cli-util.c: spawn warpscope-cli and capture its output. */
#include "cli-util.h"

#include <stdarg.h>
#include <string.h>
#include <sys/wait.h>

#include "ws-test-util.h"

CliResult *
cli_runv (const char *const *args)
{
  return cli_runv_in (NULL, args);
}

CliResult *
cli_runv_in (const char        *cwd,
             const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  CliResult *r = g_new0 (CliResult, 1);
  const char *cli = g_getenv ("WS_CLI");
  int wait_status;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (cwd, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &r->out, &r->err, &wait_status, &error);
  g_assert_no_error (error);
  r->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
  g_test_message ("exit %d\nstdout: %s\nstderr: %s", r->status, r->out, r->err);
  return r;
}

CliResult *
cli_run (const char *first, ...)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  va_list ap;

  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  return cli_runv ((const char *const *) args->pdata);
}

void
cli_result_free (CliResult *r)
{
  g_free (r->out);
  g_free (r->err);
  g_free (r);
}

char *
cli_write_file (const char *name,
                const char *contents)
{
  g_autoptr (GError) error = NULL;
  char *path = ws_test_tmp_path (name);

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  return path;
}

char *
cli_read_file (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

void
cli_assert_fails (const CliResult *r,
                  const char      *needle,
                  ...)
{
  va_list ap;

  g_assert_cmpint (r->status, !=, 0);
  g_assert_cmpint (r->status, !=, -1); /* failed cleanly, did not crash */
  va_start (ap, needle);
  for (const char *n = needle; n != NULL; n = va_arg (ap, const char *))
    g_assert_nonnull (strstr (r->err, n));
  va_end (ap);
}

gboolean
cli_skip_without_gl (const CliResult *r)
{
  if (r->status != 0 && strstr (r->err, "No headless OpenGL") != NULL)
    {
      g_test_skip ("no headless OpenGL here");
      return TRUE;
    }
  return FALSE;
}
