/* test-cli-roofline.c: `warpscope-cli roofline` — without a GPU, one clear
 * line and status 2; its help and its usage errors; and, where a CUDA
 * device is, the quick table as CSV: every row verified, its GB/s positive
 * and its share of the copy bandwidth plausible. */
#include <stdlib.h>
#include <string.h>

#include "cli-util.h"
#include "ws-backend.h"
#include "ws-test-util.h"

static gboolean
have_gpu (void)
{
  const WsBackend *gpu = ws_backend_gpu ();
  g_autoptr (GArray) devices = NULL;

  return gpu->query_devices (gpu, &devices, NULL);
}

static void
test_no_gpu (void)
{
  g_autofree char *out = ws_test_tmp_path ("roofline-no-gpu.md");
  g_autoptr (CliResult) r = NULL;

  if (have_gpu ())
    {
      g_test_skip ("this machine has a CUDA GPU");
      return;
    }
  r = cli_run ("roofline", "--quick", "--format", "markdown", "-o", out, NULL);
  g_assert_cmpint (r->status, ==, 2);
  g_assert_true (g_str_has_prefix (r->err, "warpscope-cli: roofline needs a CUDA GPU: "));
  /* One line, and nothing else said or written. */
  g_assert_nonnull (strchr (r->err, '\n'));
  g_assert_cmpstr (strchr (r->err, '\n'), ==, "\n");
  g_assert_cmpstr (r->out, ==, "");
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
}

static void
test_help (void)
{
  g_autoptr (CliResult) r = cli_run ("roofline", "--help", NULL);
  g_autoptr (CliResult) list = cli_run ("--help", NULL);

  g_assert_cmpint (r->status, ==, 0);
  for (guint i = 0; i < 4; i++)
    g_assert_nonnull (strstr (r->out, (const char *[]) { "--repeat", "--quick", "--format",
                                                         "--output" }[i]));
  g_assert_nonnull (strstr (r->out, "markdown"));
  /* Listed among the commands. */
  g_assert_cmpint (list->status, ==, 0);
  g_assert_nonnull (strstr (list->out, "  roofline "));
}

/* Usage errors name the option, whether or not there is a GPU, status 2. */
static void
assert_usage_error (const char *const *args, const char *needle)
{
  g_autoptr (CliResult) r = cli_runv (args);

  g_assert_cmpint (r->status, ==, 2);
  g_assert_nonnull (strstr (r->err, needle));
  g_assert_nonnull (strstr (r->err, "roofline --help"));
  g_assert_cmpstr (r->out, ==, "");
}

static void
test_usage_errors (void)
{
  assert_usage_error ((const char *[]) { "roofline", "--repeat", "0", NULL }, "--repeat");
  assert_usage_error ((const char *[]) { "roofline", "--repeat", "many", NULL }, "--repeat");
  assert_usage_error ((const char *[]) { "roofline", "--repeat", "100001", NULL }, "--repeat");
  assert_usage_error ((const char *[]) { "roofline", "--format", "xml", NULL }, "--format");
  assert_usage_error ((const char *[]) { "roofline", "--output", "", NULL }, "--output");
  assert_usage_error ((const char *[]) { "roofline", "bitonic", NULL }, "no arguments");
  assert_usage_error ((const char *[]) { "roofline", "--fast", NULL }, "--fast");
  /* A path the table could not be written to fails before the long run. */
  assert_usage_error ((const char *[]) { "roofline", "-o", "/nonexistent-folder/t.md", NULL },
                      "the folder /nonexistent-folder does not exist");
  assert_usage_error ((const char *[]) { "roofline", "-o", "/proc/t.md", NULL },
                      "cannot be written to");
  assert_usage_error ((const char *[]) { "roofline", "-o", "/tmp", NULL }, "is a folder");
}

/* One CSV row of the table: its share, checked, and its verdict. */
static void
check_row (const char *line, const char *const *header)
{
  g_auto (GStrv) f = g_strsplit (line, ",", -1);
  guint cols = g_strv_length ((char **) header);
  int gbs = -1, share = -1, verified = -1;

  g_assert_cmpuint (g_strv_length (f), ==, cols);
  for (guint c = 0; c < cols; c++)
    {
      gbs = g_str_equal (header[c], "gb_per_s") ? (int) c : gbs;
      share = g_str_equal (header[c], "copy_share_pct") ? (int) c : share;
      verified = g_str_equal (header[c], "verified") ? (int) c : verified;
    }
  g_assert_cmpint (gbs, >=, 0);
  g_assert_cmpstr (f[verified], ==, "ok");
  g_assert_cmpfloat (g_ascii_strtod (f[gbs], NULL), >, 0.0);
  g_assert_cmpfloat (g_ascii_strtod (f[share], NULL), >, 0.0);
  g_assert_cmpfloat (g_ascii_strtod (f[share], NULL), <=, 200.0);
}

static void
test_gpu_csv (void)
{
  g_autofree char *path = ws_test_tmp_path ("roofline.csv");
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_auto (GStrv) header = NULL;
  g_autoptr (CliResult) r = NULL;
  guint rows = 0, copy_lines = 0;

  if (!have_gpu ())
    {
      g_test_skip ("no CUDA device here");
      return;
    }
  r = cli_run ("roofline", "--quick", "--repeat", "3", "--format", "csv", "-o", path, NULL);
  g_assert_cmpint (r->status, ==, 0);
  text = cli_read_file (path);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      if (g_str_has_prefix (lines[i], "# copy bandwidth: "))
        {
          g_assert_nonnull (strstr (lines[i], "GB/s their mean"));
          copy_lines++;
        }
      else if (lines[i][0] == '#')
        continue;
      else if (header == NULL)
        header = g_strsplit (lines[i], ",", -1);
      else
        {
          check_row (lines[i], (const char *const *) header);
          rows++;
        }
    }
  g_assert_cmpuint (copy_lines, ==, 1);
  g_assert_nonnull (header);
  g_assert_cmpstr (header[0], ==, "algorithm");
  /* Every GPU variant of issue 20's list: well over thirty rows. */
  g_assert_cmpuint (rows, >=, 30);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/roofline/no-gpu", test_no_gpu);
  g_test_add_func ("/roofline/help", test_help);
  g_test_add_func ("/roofline/usage-errors", test_usage_errors);
  g_test_add_func ("/roofline/gpu-csv", test_gpu_csv);
  return g_test_run ();
}
