/* test-cli-bench.c: `bench` and `plot` end to end — the smoke preset as CI
 * runs it, refusing to overwrite, --resume, Ctrl-C keeping finished rows,
 * and charts written in every format. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "cli-util.h"
#include "ws-test-util.h"

static guint
count_lines (const char *path)
{
  g_autofree char *text = cli_read_file (path);
  guint lines = 0;

  for (const char *p = text; *p; p++)
    lines += *p == '\n';
  return lines;
}

static char *
in_dir (const char *dir, const char *name)
{
  return g_build_filename (dir, name, NULL);
}

static void
assert_file (const char *dir, const char *name)
{
  g_autofree char *path = in_dir (dir, name);
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_size, >, 100);
}

/* The smoke preset: every row written, the table printed, the plots made;
 * a second run refuses to overwrite; --resume keeps every row. */
static void
test_smoke (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-bench-XXXXXX", NULL);
  g_autofree char *out = in_dir (dir, "smoke");
  g_autofree char *csv = in_dir (out, "result.csv");
  g_autofree char *samples = in_dir (out, "samples.csv");
  g_autoptr (CliResult) r = cli_run ("bench", "smoke", "-o", out, "--samples", NULL);
  guint rows;

  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "median ± sd"));
  g_assert_nonnull (strstr (r->out, "rows written to"));
  rows = count_lines (csv) - 1;
  g_assert_cmpuint (rows, >=, 8);
  /* The smoke preset takes 3 samples a row; GPU rows without a GPU have none. */
  g_assert_cmpuint (count_lines (samples) % 3, ==, 0);
  g_assert_cmpuint (count_lines (samples), >=, 3 * 8);
  for (guint i = 0; i < 4; i++)
    {
      const char *names[] = { "bitonic-time.png", "bitonic-time.svg", "reduce-throughput.png",
                              "stencil-speedup.png" };
      assert_file (out, names[i]);
    }

  g_autoptr (CliResult) again = cli_run ("bench", "smoke", "-o", out, NULL);
  cli_assert_fails (again, "result.csv exists", "--resume", NULL);
  g_autoptr (CliResult) resumed = cli_run ("bench", "smoke", "-o", out, "--resume", NULL);
  g_assert_cmpint (resumed->status, ==, 0);
  g_assert_nonnull (strstr (resumed->out, "Resuming"));
  g_assert_cmpuint (count_lines (csv) - 1, ==, rows);

  g_autofree char *png = in_dir (dir, "speedup.png");
  g_autofree char *pdf = in_dir (dir, "time.pdf");
  g_autoptr (CliResult) p1 = cli_run ("plot", csv, "--kind", "speedup", "-o", png, NULL);
  g_autoptr (CliResult) p2 = cli_run ("plot", csv, "-o", pdf, NULL);
  g_assert_cmpint (p1->status, ==, 0);
  g_assert_cmpint (p2->status, ==, 0);
  g_autofree char *head = cli_read_file (pdf);
  g_assert_true (g_str_has_prefix (head, "%PDF-"));
  g_autoptr (CliResult) bad_kind = cli_run ("plot", csv, "--kind", "pie", "-o", png, NULL);
  cli_assert_fails (bad_kind, "“pie” is not a chart", NULL);
  g_autoptr (CliResult) bad_ext = cli_run ("plot", csv, "-o", "chart.bmp", NULL);
  cli_assert_fails (bad_ext, "chart.bmp", NULL);
  g_autoptr (CliResult) no_out = cli_run ("plot", csv, NULL);
  g_assert_cmpint (no_out->status, ==, 2);
  ws_test_remove_dir (dir);
}

static void
test_bad_preset (void)
{
  g_autofree char *ini = cli_write_file ("bad.ini", "[preset]\nname = x\nalgorithms = bogosort\n"
                                                    "variants = cpu-seq\nsizes = 8\n");
  g_autoptr (CliResult) r = cli_run ("bench", ini, "-o", "/nonexistent/never", NULL);
  g_autoptr (CliResult) missing = cli_run ("bench", "no-such-preset", NULL);
  g_autoptr (CliResult) usage = cli_run ("bench", NULL);

  cli_assert_fails (r, "bad.ini:3: algorithms", NULL);
  cli_assert_fails (missing, "no-such-preset.ini", NULL);
  g_assert_cmpint (usage->status, ==, 2);
}

/* A row that cannot run (N ≤ 2R) is marked, logged to error.log with its
 * configuration and seed, and the run goes on. */
static void
test_error_log (void)
{
  g_autofree char *ini = cli_write_file ("narrow.ini",
      "[preset]\nname = narrow\nalgorithms = stencil\nvariants = cpu-seq\nsizes = 100, 200\n"
      "repetitions = 2\nseed = 7\n[params]\nradius = 60\n");
  g_autofree char *dir = g_dir_make_tmp ("ws-bench-XXXXXX", NULL);
  g_autofree char *log = in_dir (dir, "error.log");
  g_autofree char *csv = in_dir (dir, "result.csv");
  g_autoptr (CliResult) r = cli_run ("bench", ini, "-o", dir, NULL);
  g_autofree char *text = NULL, *rows = NULL;

  g_assert_cmpint (r->status, ==, 0);
  text = cli_read_file (log);
  g_assert_nonnull (strstr (text, "error: stencil cpu-seq n=100 radius=60 #0 seed 7: "));
  g_assert_null (strstr (text, "n=200")); /* 200 > 2·60: that one ran */
  rows = cli_read_file (csv);
  g_assert_nonnull (strstr (rows, ",error,"));
  g_assert_nonnull (strstr (rows, ",ok,"));
  ws_test_remove_dir (dir);
}

/* Ctrl-C: the run stops, says how to go on, and keeps every finished row
 * whole. */
static void
test_interrupt (void)
{
  g_autofree char *ini = cli_write_file ("slow.ini",
      "[preset]\nname = slow\nalgorithms = bitonic\nvariants = cpu-seq\n"
      "sizes = 2^10..2^22 x2\nrepetitions = 20\n");
  g_autofree char *dir = g_dir_make_tmp ("ws-bench-XXXXXX", NULL);
  g_autofree char *csv = in_dir (dir, "result.csv");
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) p = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE
                                                | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                                                g_getenv ("WS_CLI"), "bench", ini, "-o", dir, NULL);
  g_autofree char *err = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < 600 && (!g_file_test (csv, G_FILE_TEST_EXISTS) || count_lines (csv) < 3); i++)
    g_usleep (50000);
  g_subprocess_send_signal (p, SIGINT);
  g_assert_true (g_subprocess_communicate_utf8 (p, NULL, NULL, NULL, &err, &error));
  g_assert_true (g_subprocess_get_if_exited (p));
  g_assert_cmpint (g_subprocess_get_exit_status (p), ==, 130);
  g_assert_nonnull (strstr (err, "--resume"));
  g_autofree char *text = cli_read_file (csv);
  g_assert_cmpuint (count_lines (csv), >=, 3);
  g_assert_true (g_str_has_suffix (text, "\n"));

  g_autoptr (CliResult) resumed = cli_run ("bench", ini, "-o", dir, "--resume", "--quick", NULL);
  g_assert_cmpint (resumed->status, ==, 0);
  ws_test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/bench/smoke", test_smoke);
  g_test_add_func ("/cli/bench/bad-preset", test_bad_preset);
  g_test_add_func ("/cli/bench/error-log", test_error_log);
  g_test_add_func ("/cli/bench/interrupt", test_interrupt);
  return g_test_run ();
}
