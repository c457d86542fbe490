/* test-cli-bench.c: `bench` and `plot` end to end — the smoke preset as CI
 * runs it, refusing to overwrite, --resume, Ctrl-C keeping finished rows,
 * and charts written in every format; the estimate said before the run and
 * a long one refused without --yes; --resume refusing a changed plan, build
 * or device (run.ini); SIGTERM and SIGHUP stopping a run as Ctrl-C does,
 * named as themselves, in error.log too; an empty -o. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli-util.h"
#include "ws-csv.h"
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
  /* The smoke preset takes 3 samples a row after the header; GPU rows
   * without a GPU have none. */
  g_assert_cmpuint ((count_lines (samples) - 1) % 3, ==, 0);
  g_assert_cmpuint (count_lines (samples) - 1, >=, 3 * 8);
  {
    g_autofree char *text = NULL;
    g_assert_true (g_file_get_contents (samples, &text, NULL, NULL));
    g_assert_true (g_str_has_prefix (text, "key,index,seconds\n"));
  }
  /* A run against itself: nothing slower, status 0. */
  g_autoptr (CliResult) same = cli_run ("compare", out, out, NULL);
  g_assert_cmpint (same->status, ==, 0);
  g_assert_null (strstr (same->out, "SLOWER"));
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
                                                g_getenv ("WS_CLI"), "bench", ini, "-o", dir,
                                                "--yes", NULL);
  g_autofree char *err = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < 600 && (!g_file_test (csv, G_FILE_TEST_EXISTS) || count_lines (csv) < 3); i++)
    g_usleep (50000);
  g_subprocess_send_signal (p, SIGINT);
  g_assert_true (g_subprocess_communicate_utf8 (p, NULL, NULL, NULL, &err, &error));
  g_assert_true (g_subprocess_get_if_exited (p));
  g_assert_cmpint (g_subprocess_get_exit_status (p), ==, 130);
  g_assert_nonnull (strstr (err, "--resume"));
  g_assert_nonnull (strstr (err, "Ctrl-C"));
  g_autofree char *text = cli_read_file (csv);
  g_assert_cmpuint (count_lines (csv), >=, 3);
  g_assert_true (g_str_has_suffix (text, "\n"));
  g_autofree char *log_path = in_dir (dir, "error.log");
  g_autofree char *log = cli_read_file (log_path);
  g_assert_nonnull (strstr (log, "interrupted: Ctrl-C (SIGINT) during bitonic cpu-seq n="));

  /* --quick is another plan: its rows could not be kept as they are. */
  g_autoptr (CliResult) refused = cli_run ("bench", ini, "-o", dir, "--resume", "--quick", NULL);
  cli_assert_fails (refused, "Cannot resume", "sizes changed from 1024, 2048", "--force", NULL);
  g_autoptr (CliResult) resumed = cli_run ("bench", ini, "-o", dir, "--resume", "--quick", "--force",
                                           NULL);
  g_assert_cmpint (resumed->status, ==, 0);
  g_assert_nonnull (strstr (resumed->err, "resuming anyway (--force)"));
  ws_test_remove_dir (dir);
}

/* -o "" is no folder: an error (a usage error, status 2), and nothing is
 * written in the current folder. */
static void
test_empty_output (void)
{
  g_autofree char *cwd = g_dir_make_tmp ("ws-bench-XXXXXX", NULL);
  const char *args[] = { "bench", "smoke", "-o", "", NULL };
  g_autoptr (CliResult) r = cli_runv_in (cwd, args);
  g_autofree char *left = ws_test_list_dir (cwd);

  g_assert_cmpint (r->status, ==, 2);
  g_assert_nonnull (strstr (r->err, "-o/--output is empty"));
  g_assert_cmpstr (left, ==, "");
  ws_test_remove_dir (cwd);
}

/* The estimate comes before the first configuration. */
static void
test_estimate_shown (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-bench-XXXXXX", NULL);
  g_autoptr (CliResult) r = cli_run ("bench", "smoke", "--quick", "-o", dir, NULL);
  const char *estimate, *first;

  g_assert_cmpint (r->status, ==, 0);
  estimate = strstr (r->out, "Estimated time: about ");
  first = strstr (r->out, "[1/");
  g_assert_nonnull (estimate);
  g_assert_nonnull (first);
  g_assert_true (estimate < first);
  ws_test_remove_dir (dir);
}

/* bench with its standard input a pipe (not a terminal), so that nobody
 * can be asked. */
static GSubprocess *
bench_piped (GError **error, const char *preset, const char *dir, const char *extra)
{
  return g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                           | G_SUBPROCESS_FLAGS_STDERR_PIPE, error, g_getenv ("WS_CLI"), "bench",
                           preset, "-o", dir, extra, NULL);
}

/* Study 003 takes many hours: without --yes and without a terminal it is
 * refused with its estimate, before anything is written. */
static void
test_long_refused (void)
{
  g_autofree char *base = g_dir_make_tmp ("ws-bench-XXXXXX", NULL);
  g_autofree char *dir = in_dir (base, "study-003");
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) p = bench_piped (&error, "study-003", dir, NULL);
  g_autofree char *out = NULL, *err = NULL;

  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (p, "", NULL, &out, &err, &error));
  g_assert_cmpint (g_subprocess_get_exit_status (p), ==, 1);
  g_assert_nonnull (strstr (out, "Estimated time: about "));
  g_assert_nonnull (strstr (err, "more than 10 minutes"));
  g_assert_nonnull (strstr (err, "--yes"));
  g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
  ws_test_remove_dir (base);
}

/* Reads what the child on the terminal master `fd` writes, into `seen`,
 * until `until` appears or it closes (or a minute passes). */
static gboolean
read_pty (int fd, GString *seen, const char *until)
{
  char buf[4096];

  for (int waited = 0; waited < 600 && (until == NULL || !strstr (seen->str, until)); )
    {
      struct pollfd p = { fd, POLLIN, 0 };
      int ready = poll (&p, 1, 100);
      gssize got;
      if (ready == 0)
        {
          waited++;
          continue;
        }
      if ((got = read (fd, buf, sizeof buf)) <= 0)
        return until == NULL;
      g_string_append_len (seen, buf, got);
    }
  return until == NULL || strstr (seen->str, until) != NULL;
}

/* On a terminal a long plan asks; "n" leaves it unrun and nothing
 * written. */
static void
test_long_asked (void)
{
  g_autofree char *base = g_dir_make_tmp ("ws-bench-XXXXXX", NULL);
  g_autofree char *dir = in_dir (base, "study-003");
  g_autoptr (GString) seen = g_string_new (NULL);
  int fd, status;
  pid_t pid = forkpty (&fd, NULL, NULL, NULL);

  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      execl (g_getenv ("WS_CLI"), "warpscope-cli", "bench", "study-003", "-o", dir, (char *) NULL);
      _exit (127);
    }
  g_assert_true (read_pty (fd, seen, "Run it? [y/N]"));
  g_assert_nonnull (strstr (seen->str, "Estimated time: about "));
  g_assert_cmpint (write (fd, "n\n", 2), ==, 2);
  read_pty (fd, seen, NULL);
  close (fd);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_test_message ("%s", seen->str);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 1);
  g_assert_nonnull (strstr (seen->str, "Not started"));
  g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
  ws_test_remove_dir (base);
}

/* Runs bench on preset with --yes until result.csv has a row, then sends
 * signum: the run stops with status 128 + signum, names the signal (not
 * Ctrl-C unless it was), and error.log says so. */
static void
interrupt_with (const char *preset, int signum, const char *name)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-bench-XXXXXX", NULL);
  g_autofree char *csv = in_dir (dir, "result.csv");
  g_autofree char *log_path = in_dir (dir, "error.log");
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) p = bench_piped (&error, preset, dir, "--yes");
  g_autofree char *out = NULL, *err = NULL, *log = NULL, *expect = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < 1200 && (!g_file_test (csv, G_FILE_TEST_EXISTS) || count_lines (csv) < 2); i++)
    g_usleep (50000);
  g_subprocess_send_signal (p, signum);
  g_assert_true (g_subprocess_communicate_utf8 (p, "", NULL, &out, &err, &error));
  g_assert_true (g_subprocess_get_if_exited (p));
  g_assert_cmpint (g_subprocess_get_exit_status (p), ==, 128 + signum);
  g_assert_nonnull (strstr (err, name));
  g_assert_null (strstr (err, "Ctrl-C"));
  log = cli_read_file (log_path);
  expect = g_strdup_printf ("interrupted: %s during ", name);
  g_assert_nonnull (strstr (log, expect));
  g_assert_nonnull (strstr (log, "rows kept in result.csv"));
  ws_test_remove_dir (dir);
}

/* --yes runs what the estimate would have refused; SIGTERM stops it. */
static void
test_yes_and_sigterm (void)
{
  interrupt_with ("study-003", SIGTERM, "SIGTERM");
}

static void
test_sighup (void)
{
  g_autofree char *ini = cli_write_file ("hup.ini",
      "[preset]\nname = hup\nalgorithms = bitonic\nvariants = cpu-seq\n"
      "sizes = 2^10..2^22 x2\nrepetitions = 20\n");

  interrupt_with (ini, SIGHUP, "SIGHUP");
}

/* bench --cold: the GPU rows of the plan are cold (their key marked), the
 * CPU rows warm; run.ini says so, so that a warm --resume in the folder is
 * refused; --slurm's tasks would not see the switch: refused. */
static void
test_cold (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-bench-XXXXXX", NULL);
  g_autofree char *csv_path = in_dir (dir, "result.csv");
  g_autofree char *record_path = in_dir (dir, "run.ini");
  g_autofree char *ini = cli_write_file ("cold.ini", "[preset]\nname = cold\nalgorithms = reduce\n"
                                                     "variants = cpu-seq, gpu\nsizes = 1000\n"
                                                     "repetitions = 2\n");
  g_autoptr (CliResult) r = cli_run ("bench", ini, "-o", dir, "--cold", NULL);
  g_autoptr (WsCsvTable) t = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *record = NULL;

  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "(cold: L2 emptied before each GPU sample)"));
  t = ws_csv_table_read (csv_path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (t->rows->len, ==, 2);
  g_assert_cmpstr (ws_csv_table_get (t, 0, "variant"), ==, "cpu-seq");
  g_assert_cmpstr (ws_csv_table_get (t, 0, "cold"), ==, "false");
  g_assert_cmpstr (ws_csv_table_get (t, 1, "variant"), ==, "gpu");
  g_assert_cmpstr (ws_csv_table_get (t, 1, "cold"), ==, "true");
  g_assert_true (g_str_has_suffix (ws_csv_table_get (t, 1, "key"), "|cold"));
  record = cli_read_file (record_path);
  g_assert_nonnull (strstr (record, "cold=true"));

  g_autoptr (CliResult) warm = cli_run ("bench", ini, "-o", dir, "--resume", NULL);
  cli_assert_fails (warm, "Cannot resume", "cold", NULL);
  g_autoptr (CliResult) again = cli_run ("bench", ini, "-o", dir, "--resume", "--cold", NULL);
  g_assert_cmpint (again->status, ==, 0);

  g_autoptr (CliResult) slurm = cli_run ("bench", ini, "--slurm", "-o", dir, "--cold", NULL);
  g_assert_cmpint (slurm->status, ==, 2);
  g_assert_nonnull (strstr (slurm->err, "cold = true in the preset"));
  ws_test_remove_dir (dir);
}

static const char resume_preset[] =
  "[preset]\nname = resume\nalgorithms = bitonic\nvariants = cpu-seq\nsizes = 1024, 2048\n"
  "repetitions = %u\n";

/* Replaces the value of `key = ` in dir/run.ini. */
static void
edit_record (const char *dir, const char *key, const char *value)
{
  g_autofree char *path = in_dir (dir, "run.ini");
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (g_key_file_load_from_file (file, path, G_KEY_FILE_KEEP_COMMENTS, &error));
  g_key_file_set_string (file, "run", key, value);
  g_assert_true (g_key_file_save_to_file (file, path, &error));
}

/* Repetitions 3, then 50: --resume refuses, naming the change, and keeps
 * result.csv as it was; --force resumes and records the new plan. */
static void
test_resume_changed_plan (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-bench-XXXXXX", NULL);
  g_autofree char *csv = in_dir (dir, "result.csv");
  g_autofree char *three = g_strdup_printf (resume_preset, 3u), *fifty = g_strdup_printf (resume_preset, 50u);
  g_autofree char *ini = cli_write_file ("resume.ini", three);
  g_autoptr (CliResult) first = cli_run ("bench", ini, "-o", dir, NULL);
  g_autofree char *before = NULL, *after = NULL, *record_path = in_dir (dir, "run.ini");

  g_assert_cmpint (first->status, ==, 0);
  before = cli_read_file (csv);
  g_free (cli_write_file ("resume.ini", fifty));
  g_autoptr (CliResult) refused = cli_run ("bench", ini, "-o", dir, "--resume", NULL);
  cli_assert_fails (refused, "Cannot resume", "repetitions changed from 3 to 50", NULL);
  g_assert_null (strstr (refused->out, "rows written"));
  after = cli_read_file (csv);
  g_assert_cmpstr (before, ==, after);

  g_autoptr (CliResult) forced = cli_run ("bench", ini, "-o", dir, "--resume", "--force", NULL);
  g_assert_cmpint (forced->status, ==, 0);
  g_assert_nonnull (strstr (forced->err, "repetitions changed from 3 to 50"));
  g_autofree char *record = cli_read_file (record_path);
  g_assert_nonnull (strstr (record, "repetitions=50"));
  ws_test_remove_dir (dir);
}

/* A record of another build or device, or none: refused, saying which. */
static void
test_resume_build_device (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-bench-XXXXXX", NULL);
  g_autofree char *text = g_strdup_printf (resume_preset, 2u);
  g_autofree char *ini = cli_write_file ("same.ini", text);
  g_autofree char *record = in_dir (dir, "run.ini");
  g_autoptr (CliResult) first = cli_run ("bench", ini, "-o", dir, NULL);
  g_autoptr (CliResult) same = cli_run ("bench", ini, "-o", dir, "--resume", NULL);

  g_assert_cmpint (first->status, ==, 0);
  g_assert_cmpint (same->status, ==, 0);
  g_assert_nonnull (strstr (same->out, "0 rows written"));
  edit_record (dir, "device", "Elsewhere CPU, 3 threads");
  g_autoptr (CliResult) device = cli_run ("bench", ini, "-o", dir, "--resume", NULL);
  cli_assert_fails (device, "device changed from Elsewhere CPU, 3 threads to ", NULL);
  edit_record (dir, "build", "0.0.1 (0123abc)");
  g_autoptr (CliResult) build = cli_run ("bench", ini, "-o", dir, "--resume", NULL);
  cli_assert_fails (build, "build changed from 0.0.1 (0123abc) to ", NULL);
  g_assert_cmpint (g_remove (record), ==, 0);
  g_autoptr (CliResult) none = cli_run ("bench", ini, "-o", dir, "--resume", NULL);
  cli_assert_fails (none, "has rows but no run.ini", "--force", NULL);
  g_autoptr (CliResult) forced = cli_run ("bench", ini, "-o", dir, "--resume", "--force", NULL);
  g_assert_cmpint (forced->status, ==, 0);
  g_assert_true (g_file_test (record, G_FILE_TEST_EXISTS));
  g_autoptr (CliResult) alone = cli_run ("bench", ini, "-o", dir, "--force", NULL);
  g_assert_cmpint (alone->status, ==, 2);
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
  g_test_add_func ("/cli/bench/empty-output", test_empty_output);
  g_test_add_func ("/cli/bench/estimate-shown", test_estimate_shown);
  g_test_add_func ("/cli/bench/long-refused", test_long_refused);
  g_test_add_func ("/cli/bench/long-asked", test_long_asked);
  g_test_add_func ("/cli/bench/yes-and-sigterm", test_yes_and_sigterm);
  g_test_add_func ("/cli/bench/sighup", test_sighup);
  g_test_add_func ("/cli/bench/resume-changed-plan", test_resume_changed_plan);
  g_test_add_func ("/cli/bench/resume-build-device", test_resume_build_device);
  g_test_add_func ("/cli/bench/cold", test_cold);
  return g_test_run ();
}
