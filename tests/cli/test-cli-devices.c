/* test-cli-devices.c: `bench --devices` (issue 21, every GPU of a host) as
 * a user meets its refusals — values that name no GPU, a GPU this machine
 * does not have or no GPU at all, the preset's devices key, and --slurm —
 * each a message and status 2 (a preset that cannot be read: 1), never a
 * crash, and no folder made. Runs anywhere: without a GPU (CI) a GPU
 * named is one this machine does not have. tests/gpu/test-gpu-devices.c
 * runs plans on the GPUs. */
#include <string.h>

#include "cli-util.h"
#include "ws-backend.h"
#include "ws-test-util.h"

#define PRESET(more)                                                                            \
  "[preset]\nname = dk\nalgorithms = radix-sort\nvariants = cpu-seq, gpu\nsizes = 1024\n"        \
  "repetitions = 2\n" more

/* How many GPUs this process sees (0 without CUDA, a driver or a device). */
static guint
gpus_here (void)
{
  const WsBackend *gpu = ws_backend_gpu ();
  g_autoptr (GArray) devices = NULL;

  return gpu->query_devices (gpu, &devices, NULL) ? devices->len : 0;
}

/* bench PRESET [--devices TEXT] into a fresh folder: refused as a usage
 * error (status 2, where to read the options), its message holding says
 * (and also, where not NULL), nothing written. */
static void
assert_refused (const char *preset, const char *devices, const char *says, const char *also)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *out = g_build_filename (dir, "out", NULL);
  g_autoptr (CliResult) r = devices
    ? cli_run ("bench", preset, "-o", out, "--devices", devices, NULL)
    : cli_run ("bench", preset, "-o", out, NULL);

  cli_assert_fails (r, says, "Try “warpscope-cli bench --help”", also, NULL);
  g_assert_cmpint (r->status, ==, 2);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  ws_test_remove_dir (dir);
}

/* Values that name no GPU: said before anything is asked of the GPU. */
static void
test_bad_values (void)
{
  static const char *const cases[][2] = {
    { "0,,2", "--devices: “0,,2” has an empty item" },
    { "-1", "--devices: “-1” is not a GPU number" },
    { "abc", "--devices: “abc” is not a GPU number" },
    { "0,0", "--devices: GPU 0 is named twice" },
    { "all,0", "all stands alone" },
    { "", "--devices: no GPU is named" },
    { "1e3", "“1e3” is not a GPU number" },
  };
  g_autofree char *ini = cli_write_file ("devices.ini", PRESET (""));

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_refused (ini, cases[i][0], cases[i][1], NULL);
}

/* A GPU past those this machine has; without any GPU, every one. */
static void
test_missing (void)
{
  g_autofree char *ini = cli_write_file ("devices.ini", PRESET (""));
  g_autofree char *cpu = cli_write_file ("cpu.ini", "[preset]\nname = c\nalgorithms = bitonic\n"
                                                    "variants = cpu-seq\nsizes = 64\n");
  guint gpus = gpus_here ();

  if (gpus > 0)
    {
      g_autofree char *has = g_strdup_printf ("this machine has %u GPU", gpus);
      assert_refused (ini, "63", "--devices 63: ", has);
      assert_refused (ini, "0,63", "--devices 0, 63: ", has);
      return;
    }
  assert_refused (ini, "63", "--devices 63: there is no GPU to run on: ", NULL);
  assert_refused (ini, "all", "--devices all: there is no GPU to run on: ", NULL);
  assert_refused (ini, "0", "--devices 0: there is no GPU to run on: ", NULL);
  /* A plan of the CPU alone asked for GPUs: the same answer, not a silence. */
  assert_refused (cpu, "all", "--devices all: there is no GPU to run on: ", NULL);
}

/* The preset's key: read at its line (a preset that cannot be read is
 * status 1, as any), and a GPU it names that is not there is status 2. */
static void
test_preset_key (void)
{
  g_autofree char *bad = cli_write_file ("bad-devices.ini", PRESET ("devices = 0,,1\n"));
  g_autofree char *past = cli_write_file ("past-devices.ini", PRESET ("devices = 63\n"));
  g_autoptr (CliResult) r = cli_run ("bench", bad, "-o", "/nonexistent/never", NULL);

  cli_assert_fails (r, "bad-devices.ini:7: devices: “0,,1” has an empty item", NULL);
  g_assert_cmpint (r->status, ==, 1);
  assert_refused (past, NULL, "dk: devices = 63: ", NULL);
  /* --devices stands for the key: a good one over a bad key runs that. */
  if (gpus_here () == 0)
    assert_refused (past, "0", "--devices 0: there is no GPU", NULL);
}

/* --devices does not reach a job's tasks; the preset's key does, and sets
 * how many GPUs a task asks for. */
static void
test_slurm (void)
{
  g_autofree char *ini = cli_write_file ("devices.ini", PRESET (""));
  g_autofree char *two = cli_write_file ("two.ini", PRESET ("devices = 0, 1\n"));
  g_autofree char *all = cli_write_file ("all.ini", PRESET ("devices = all\n"));
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *job_two = g_build_filename (dir, "two", NULL);
  g_autofree char *job_all = g_build_filename (dir, "all", NULL);
  g_autofree char *script_two = g_build_filename (job_two, "bench.sbatch", NULL);
  g_autofree char *script_all = g_build_filename (job_all, "bench.sbatch", NULL);
  g_autofree char *text_two = NULL, *text_all = NULL;
  g_autoptr (CliResult) refused = cli_run ("bench", ini, "--slurm", "-o", dir, "--devices", "all", NULL);
  g_autoptr (CliResult) r_two = cli_run ("bench", two, "--slurm", "-o", job_two, NULL);
  g_autoptr (CliResult) r_all = cli_run ("bench", all, "--slurm", "-o", job_all, NULL);

  g_assert_cmpint (refused->status, ==, 2);
  g_assert_nonnull (strstr (refused->err, "--devices does not reach --slurm's tasks"));
  g_assert_cmpint (r_two->status, ==, 0);
  g_assert_cmpint (r_all->status, ==, 0);
  text_two = cli_read_file (script_two), text_all = cli_read_file (script_all);
  g_assert_nonnull (strstr (text_two, "#SBATCH --gpus-per-task=2\n"));
  g_assert_nonnull (strstr (text_all, "#SBATCH --gpus-per-task=1\n"));
  ws_test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/devices/bad-values", test_bad_values);
  g_test_add_func ("/cli/devices/missing", test_missing);
  g_test_add_func ("/cli/devices/preset-key", test_preset_key);
  g_test_add_func ("/cli/devices/slurm", test_slurm);
  return g_test_run ();
}
