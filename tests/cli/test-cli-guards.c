/* test-cli-guards.c: the CLI against issue 15's hostile inputs — sizes
 * that are not sizes, FIFOs and devices as inputs, outputs that are not
 * regular files, and signals while a big output is being written. */
#define _GNU_SOURCE /* kill, mkfifo, symlink under -std=c17 */

#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "cli-util.h"
#include "ws-test-util.h"

static void
test_sizes_not_sizes (void)
{
  static const char *const bad[] = { "k", "M", "G", "K", "0k", "0", "0x10", "0x1p20", "  5",
                                     "+5", "-3", "1.5k" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (CliResult) r = cli_run ("run", "reduce", "--n", bad[i], NULL);
      cli_assert_fails (r, "--n", NULL);
      g_assert_null (strstr (r->out, "verified")); /* nothing ran */
    }
}

static void
test_params_forms (void)
{
  g_autoptr (CliResult) plus = cli_run ("run", "histogram", "--n", "1000", "--bins", "+5", NULL);
  g_autoptr (CliResult) hex = cli_run ("run", "histogram", "--n", "1000", "--bins", "0x10", NULL);
  g_autoptr (CliResult) k = cli_run ("run", "histogram", "--n", "1000", "--bins", "1k", NULL);
  g_autoptr (CliResult) repeat = cli_run ("run", "reduce", "--n", "64", "--repeat", " 2", NULL);
  g_autoptr (CliResult) no_queries = cli_run ("run", "binary-search", "--n", "64", "--queries", "0",
                                              NULL);

  /* a search of no queries is nothing to run, as --n 0 is */
  cli_assert_fails (no_queries, "queries = 0 is out of range: use 1 to", NULL);
  cli_assert_fails (plus, "--bins", "+5", NULL);
  cli_assert_fails (hex, "--bins", "0x10", NULL);
  cli_assert_fails (repeat, "--repeat", NULL);
  g_assert_cmpint (k->status, ==, 0);
  g_assert_nonnull (strstr (k->out, "1024 bins"));
}

/* A FIFO nobody writes to: every reader refuses it at once instead of
 * waiting for a writer forever. */
static void
test_fifo_inputs (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *fifo = g_build_filename (dir, "keys.fifo", NULL);
  g_autoptr (CliResult) run = NULL;
  g_autoptr (CliResult) bench = NULL;
  g_autoptr (CliResult) zero = NULL;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  run = cli_run ("run", "bitonic", "--input", fifo, NULL);
  cli_assert_fails (run, "FIFO", "not a regular file", NULL);
  bench = cli_run ("bench", fifo, "-o", dir, NULL);
  cli_assert_fails (bench, "FIFO", NULL);
  zero = cli_run ("run", "bitonic", "--input", "/dev/zero", NULL);
  cli_assert_fails (zero, "character device", NULL);
  ws_test_remove_dir (dir);
}

/* What a careless user hands over instead of keys: an empty or blank file,
 * a folder, a link to a FIFO, a FIFO for `plot`. Each is refused with what
 * to do; none hangs or runs nothing as a success. */
static void
test_odd_inputs (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *empty = g_build_filename (dir, "empty.txt", NULL);
  g_autofree char *blank = g_build_filename (dir, "blank.txt", NULL);
  g_autofree char *fifo = g_build_filename (dir, "results.fifo", NULL);
  g_autofree char *link = g_build_filename (dir, "link.txt", NULL);
  g_autofree char *png = g_build_filename (dir, "chart.png", NULL);
  const struct { const char *argv[8]; const char *expect[3]; } cases[] = {
    { { "run", "bitonic", "--input", empty }, { "empty.txt holds no keys", "at least one" } },
    { { "run", "radix-sort", "--type", "int32", "--input", blank }, { "blank.txt holds no keys" } },
    { { "run", "binary-search", "--n", "64", "--keys", empty }, { "holds no keys" } },
    { { "run", "bitonic", "--input", dir }, { "folder", "not a regular file" } },
    { { "run", "bitonic", "--input", link }, { "FIFO", "not a regular file" } },
    { { "plot", fifo, "-o", png }, { "FIFO", "not a regular file" } },
  };

  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  g_assert_true (g_file_set_contents (blank, "\n  \n\t\n", -1, NULL));
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink ("results.fifo", link), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *const *a = cases[i].argv;
      g_autoptr (CliResult) r = cli_run (a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], NULL);

      cli_assert_fails (r, cases[i].expect[0], cases[i].expect[1], NULL);
    }
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  ws_test_remove_dir (dir);
}

static void
test_output_kinds (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *target = g_build_filename (dir, "target.txt", NULL);
  g_autofree char *link = g_build_filename (dir, "link.txt", NULL);
  g_autoptr (CliResult) via_link = NULL;
  g_autoptr (CliResult) null = NULL;
  g_autoptr (CliResult) empty = NULL;
  g_autoptr (CliResult) folder = NULL;
  g_autoptr (CliResult) dash = NULL;
  g_autofree char *written = NULL;
  GStatBuf st;

  g_assert_cmpint (symlink ("target.txt", link), ==, 0);
  via_link = cli_run ("run", "bitonic", "--n", "3", "--type", "int32", "--output", link, NULL);
  g_assert_cmpint (via_link->status, ==, 0);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  written = cli_read_file (target);
  g_assert_cmpuint (strlen (written), >, 0);
  null = cli_run ("run", "bitonic", "--n", "3", "--output", "/dev/null", NULL);
  g_assert_cmpint (null->status, ==, 0);
  g_assert_cmpint (g_stat ("/dev/null", &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
  empty = cli_run ("run", "bitonic", "--n", "3", "--output", "", NULL);
  cli_assert_fails (empty, "No file name", NULL);
  folder = cli_run ("run", "bitonic", "--n", "3", "--output", dir, NULL);
  cli_assert_fails (folder, "folder", NULL);
  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));
  g_assert_true (g_file_set_contents (target, "2 1 3", -1, NULL));
  dash = cli_run ("run", "bitonic", "--input", target, "--type", "int32", "--output", "-", NULL);
  g_assert_cmpint (dash->status, ==, 0);
  g_assert_cmpstr (dash->out, ==, "1\n2\n3\n"); /* the keys alone: the report is on stderr */
  g_assert_nonnull (strstr (dash->err, "verified"));
  g_assert_false (g_file_test ("-", G_FILE_TEST_EXISTS));
  ws_test_remove_dir (dir);
}

/* A run that cannot fit is refused at once with what it needs, what there
 * is and what to do, instead of being killed by the OOM killer. */
static void
test_memory_refused (void)
{
  gint64 start = g_get_monotonic_time ();
  g_autoptr (CliResult) huge = cli_run ("run", "bitonic", "--n", "2^34", NULL);
  g_autoptr (CliResult) forced = NULL;
  g_autoptr (CliResult) bench = NULL;
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *preset = g_build_filename (dir, "big.ini", NULL);

  cli_assert_fails (huge, "needs about", "host memory", "choose a smaller size", NULL);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
  g_setenv ("WARPSCOPE_MEMORY_AVAILABLE", "536870912", TRUE); /* 512 MiB */
  forced = cli_run ("run", "radix-sort", "--n", "2^26", "--variant", "cpu-seq", NULL);
  cli_assert_fails (forced, "n = 2^26", "512", "at most n = 2^24", NULL);
  /* a benchmark keeps going: the configuration's row says why it failed */
  g_assert_true (g_file_set_contents (preset, "[preset]\nname = big\nalgorithms = reduce\n"
                                      "variants = cpu-seq\nsizes = 1024, 2^28\nrepetitions = 1\n",
                                      -1, NULL));
  bench = cli_run ("bench", preset, "-o", dir, "--yes", NULL);
  g_unsetenv ("WARPSCOPE_MEMORY_AVAILABLE");
  g_assert_nonnull (strstr (bench->out, "host memory"));
  ws_test_remove_dir (dir);
}

/* --scale took 0 and −3 as 1 and drew blank frames at 1000; a failed
 * render left its (empty) frames folder behind. */
static void
test_render_guards (void)
{
  static const char *const scales[] = { "0", "-3", "1000", "0x10", "abc", "4" };
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *frames = g_build_filename (dir, "frames", NULL);
  g_autofree char *listing = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (scales); i++)
    {
      g_autoptr (CliResult) r = cli_run ("render", "bitonic", "--n", "16", "--scale", scales[i],
                                         "--frames", frames, NULL);
      cli_assert_fails (r, "--scale", NULL);
    }
  {
    g_autoptr (CliResult) big = cli_run ("render", "bitonic", "--n", "2^25", "--frames", frames, NULL);
    g_autoptr (CliResult) stencil = cli_run ("render", "stencil", "--n", "5", "--radius", "3",
                                             "--frames", frames, NULL);
    cli_assert_fails (big, "2^24", NULL);
    cli_assert_fails (stencil, "radius", NULL);
  }
  g_assert_cmpstr ((listing = ws_test_list_dir (dir)), ==, ""); /* no folder left */
  ws_test_remove_dir (dir);
}

/* The name of a temporary file of `base` in dir, or NULL. */
static char *
find_temporary (const char *dir, const char *base)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, base) && strlen (name) == strlen (base) + 7)
      return g_strdup (name);
  return NULL;
}

/* Starts a run that writes a big text output, waits until its temporary
 * file exists, and signals it. FALSE when the write finished first. */
static gboolean
signal_while_writing (const char *dir, int sig, gsize n, int *wait_status)
{
  g_autofree char *out = g_build_filename (dir, "big.txt", NULL);
  g_autofree char *n_text = g_strdup_printf ("%" G_GSIZE_FORMAT, n);
  const char *argv[] = { g_getenv ("WS_CLI"), "run", "radix-sort", "--n", n_text, "--type",
                         "int32", "--variant", "cpu-seq", "--output", out, NULL };
  g_autoptr (GError) error = NULL;
  g_autofree char *tmp = NULL;
  GPid pid;

  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL,
                                G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL,
                                NULL, NULL, &pid, &error));
  for (int i = 0; i < 120000 && tmp == NULL; i++) /* up to 2 minutes on a loaded machine */
    {
      if (g_file_test (out, G_FILE_TEST_EXISTS) || waitpid (pid, wait_status, WNOHANG) == pid)
        break;
      if ((tmp = find_temporary (dir, "big.txt")) == NULL)
        g_usleep (1000);
    }
  if (tmp != NULL)
    kill (pid, sig);
  else
    kill (pid, SIGKILL);
  waitpid (pid, wait_status, 0);
  g_spawn_close_pid (pid);
  g_test_message ("signal %d, n = %" G_GSIZE_FORMAT ": %s", sig, n,
                  tmp ? tmp : "no temporary file seen");
  g_unlink (out);
  return tmp != NULL;
}

static void
test_signal_removes_temporary (gconstpointer data)
{
  int sig = GPOINTER_TO_INT (data);
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *left = NULL;
  gsize n = (gsize) 1 << 22;
  int status = 0;

  /* A bigger output keeps its temporary file longer, should the first be
   * written before the poll saw it. */
  while (!signal_while_writing (dir, sig, n, &status))
    {
      g_assert_cmpuint (n, <, (gsize) 1 << 25);
      n *= 2;
    }
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, sig); /* it still ends by the signal */
  g_assert_cmpstr ((left = ws_test_list_dir (dir)), ==, "");
  ws_test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/guards/sizes-not-sizes", test_sizes_not_sizes);
  g_test_add_func ("/cli/guards/params-forms", test_params_forms);
  g_test_add_func ("/cli/guards/fifo-inputs", test_fifo_inputs);
  g_test_add_func ("/cli/guards/odd-inputs", test_odd_inputs);
  g_test_add_func ("/cli/guards/output-kinds", test_output_kinds);
  g_test_add_func ("/cli/guards/memory", test_memory_refused);
  g_test_add_func ("/cli/guards/render", test_render_guards);
  g_test_add_data_func ("/cli/guards/sigint", GINT_TO_POINTER (SIGINT), test_signal_removes_temporary);
  g_test_add_data_func ("/cli/guards/sigterm", GINT_TO_POINTER (SIGTERM), test_signal_removes_temporary);
  g_test_add_data_func ("/cli/guards/sighup", GINT_TO_POINTER (SIGHUP), test_signal_removes_temporary);
  return g_test_run ();
}
