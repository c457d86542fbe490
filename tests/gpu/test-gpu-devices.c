/* test-gpu-devices.c: a plan on every GPU of the host (issue 21's devices)
 * on the real CUDA backend — a host thread's GPU chosen and told apart
 * (ws_cuda_set_device, the UUID and PCI address), ws_bench_run's lanes with
 * every GPU row verified on the GPU it names, and `bench --devices 0` and
 * `--devices all` end to end (rows, the device_index column, run.ini,
 * result.json's GPUs), with CUDA_VISIBLE_DEVICES narrowing what all is and
 * a GPU past the machine's refused. Written for any number of GPUs; a
 * machine of one runs each GPU's lane alone. Each case skips without a
 * device (and the CLI's without WS_CLI). */
#include <stdlib.h>
#include <string.h>

#include "cli-util.h"
#include "gpu-test-util.h"
#include "ws-bench-csv.h"
#include "ws-bench-devices.h"
#include "ws-bench-json.h"
#include "ws-bench.h"
#include "ws-csv.h"

#define PLAN(devices)                                                                           \
  "[preset]\nname = gpus\nalgorithms = radix-sort, reduce\nvariants = cpu-seq, gpu, gpu-lib\n"   \
  "baseline = cpu-seq\nsizes = 4096, 1048576\nrepetitions = 3\nverify = true\n" devices

/* Configurations of PLAN: 2 algorithms × 2 sizes × (1 CPU + 2 GPU variants a device). */
#define CPU_ROWS 4
#define GPU_ROWS_A_DEVICE 8

/* ---- choosing a thread's GPU ---- */

typedef struct
{
  int      device;
  gboolean ok;
  int      current;
} Choice;

static gpointer
choose (gpointer data)
{
  Choice *c = data;

  c->ok = ws_cuda_set_device (c->device, NULL);
  c->current = ws_cuda_current_device ();
  return NULL;
}

/* Each GPU chosen on a thread of its own leaves the others' as they were;
 * one past the last is refused, naming those there are; every GPU has a
 * UUID and a PCI address of its own. */
static void
test_set_device (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  int count;

  if (gpu_test_skip_without_device ())
    return;
  count = ws_cuda_device_count (NULL);
  for (int d = 0; d < count; d++)
    {
      Choice c = { d };
      WsDeviceInfo info;
      g_thread_join (g_thread_new ("choose", choose, &c));
      g_assert_true (c.ok);
      g_assert_cmpint (c.current, ==, d);
      g_assert_true (ws_cuda_device_info (d, &info, &error));
      g_assert_true (g_str_has_prefix (info.uuid, "GPU-"));
      g_assert_cmpuint (strlen (info.uuid), ==, 40);
      g_assert_cmpuint (strlen (info.pci_bus_id), >, 0);
      g_assert_true (g_hash_table_add (seen, g_strdup (info.uuid)));
      g_assert_true (g_hash_table_add (seen, g_strdup (info.pci_bus_id)));
    }
  g_assert_cmpint (ws_cuda_current_device (), ==, 0);
  g_assert_false (ws_cuda_set_device (count, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "is not on this machine: it has"));
  g_clear_error (&error);
  g_assert_false (ws_cuda_set_device (-1, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
  g_assert_cmpint (ws_cuda_current_device (), ==, 0);
}

/* ---- the engine ---- */

static gboolean
keep_row (const WsBenchRow *row, gpointer data, GError **error)
{
  WsBenchRow *copy = g_new0 (WsBenchRow, 1);

  g_assert_cmpint (row->status, ==, WS_BENCH_OK);
  *copy = *row;
  copy->message = NULL, copy->samples = NULL;
  g_ptr_array_add (data, copy);
  return TRUE;
}

/* Every GPU configuration on each GPU, verified, its row naming the GPU
 * the library ran it on (cudaGetDevice in the thread that ran it). */
static void
run_engine (const char *devices)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = g_strdup_printf (PLAN ("%s"), devices);
  WsPreset *p = ws_preset_load_data ("gpus.ini", text, strlen (text), &error);
  g_autoptr (GArray) gpus = NULL;
  g_autoptr (WsBenchPlan) plan = NULL;
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);
  const WsBenchCallbacks cb = { NULL, keep_row, NULL };
  guint n_devices, on[64] = { 0 }, cpu = 0;

  g_assert_no_error (error);
  gpus = ws_bench_query_gpus (p, NULL);
  g_assert_true (ws_bench_devices_resolve (p, gpus, NULL, "devices", &error));
  g_assert_no_error (error);
  n_devices = p->devices->len;
  plan = ws_bench_plan_new (p, &error);
  g_assert_no_error (error);
  plan->gpus = g_steal_pointer (&gpus);
  g_assert_true (ws_bench_run (plan, &cb, rows, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, CPU_ROWS + n_devices * GPU_ROWS_A_DEVICE);
  for (guint i = 0; i < rows->len; i++)
    {
      const WsBenchRow *row = rows->pdata[i];
      if (row->config->device < 0)
        {
          g_assert_cmpint (row->device_index, ==, -1);
          cpu++;
          continue;
        }
      g_assert_cmpint (row->device_index, ==, row->config->device);
      g_assert_cmpstr (row->device, ==,
                       g_array_index (plan->gpus, WsDeviceInfo, row->device_index).name);
      g_assert_true (row->has_speedup);
      on[row->device_index]++;
    }
  g_assert_cmpuint (cpu, ==, CPU_ROWS);
  for (guint d = 0; d < n_devices; d++)
    g_assert_cmpuint (on[g_array_index (plan->preset->devices, int, d)], ==, GPU_ROWS_A_DEVICE);
}

static void
test_engine_zero (void)
{
  if (!gpu_test_skip_without_device ())
    run_engine ("devices = 0\n");
}

static void
test_engine_all (void)
{
  if (!gpu_test_skip_without_device ())
    run_engine ("devices = all\n");
}

/* ---- the CLI ---- */

static gboolean
skip_without_cli (void)
{
  if (gpu_test_skip_without_device ())
    return TRUE;
  if (g_getenv ("WS_CLI") != NULL)
    return FALSE;
  g_test_skip ("WS_CLI does not name a warpscope-cli");
  return TRUE;
}

/* bench PLAN --devices TEXT into dir: its result.csv. */
static WsCsvTable *
bench (const char *dir, const char *devices)
{
  g_autofree char *ini = cli_write_file ("gpus.ini", PLAN (""));
  g_autofree char *csv = g_build_filename (dir, "result.csv", NULL);
  g_autoptr (CliResult) r = cli_run ("bench", ini, "-o", dir, "--devices", devices, NULL);
  g_autoptr (GError) error = NULL;
  WsCsvTable *t;

  g_assert_cmpint (r->status, ==, 0);
  t = ws_csv_table_read (csv, &error);
  g_assert_no_error (error);
  return t;
}

/* The GPU rows of each device number (index: the number) in t. */
static guint
count_gpu_rows (const WsCsvTable *t, guint *on)
{
  guint devices = 0;

  for (guint r = 0; r < t->rows->len; r++)
    {
      const char *d = ws_csv_table_get (t, r, "device_index");
      g_assert_cmpstr (ws_csv_table_get (t, r, "status"), ==, "ok");
      if (d[0] == '\0')
        {
          g_assert_true (g_str_has_prefix (ws_csv_table_get (t, r, "variant"), "cpu-"));
          continue;
        }
      if (on[atoi (d)]++ == 0)
        devices++;
      /* Keys name every GPU but 0, at their end ("…|end-to-end|gpu1"; the
       * variant's "|gpu|" is no GPU's number). */
      g_autofree char *suffix = g_strdup_printf ("|gpu%s", d);
      g_assert_true (g_str_has_suffix (ws_csv_table_get (t, r, "key"), suffix)
                     == !g_str_equal (d, "0"));
    }
  return devices;
}

/* --devices 0: every GPU row on GPU 0, keys and run.ini as a run without
 * devices has them; result.json names GPU 0 with its UUID. */
static void
test_cli_zero (void)
{
  g_autofree char *dir = NULL, *record = NULL, *json_path = NULL;
  g_autoptr (WsCsvTable) t = NULL;
  g_autoptr (WsBenchJson) json = NULL;
  g_autoptr (GError) error = NULL;
  const WsBenchContextGpu *g;
  guint on[64] = { 0 };

  if (skip_without_cli ())
    return;
  dir = ws_test_make_dir ();
  t = bench (dir, "0");
  g_assert_cmpuint (t->rows->len, ==, CPU_ROWS + GPU_ROWS_A_DEVICE);
  g_assert_cmpuint (count_gpu_rows (t, on), ==, 1);
  g_assert_cmpuint (on[0], ==, GPU_ROWS_A_DEVICE);
  record = g_build_filename (dir, "run.ini", NULL);
  {
    g_autofree char *text = cli_read_file (record);
    g_assert_null (strstr (text, "devices="));
  }
  json_path = g_build_filename (dir, WS_BENCH_JSON_FILE, NULL);
  json = ws_bench_json_load (json_path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (ws_bench_json_context (json)->devices);
  g_assert_cmpuint (ws_bench_json_context (json)->devices->len, ==, 1);
  g = ws_bench_json_context (json)->devices->pdata[0];
  g_assert_cmpint (g->index, ==, 0);
  g_assert_true (g_str_has_prefix (g->uuid, "GPU-"));
  ws_test_remove_dir (dir);
}

/* --devices all: each GPU's rows; run.ini lists them where there are
 * several; a GPU past the last is refused. */
static void
test_cli_all (void)
{
  g_autofree char *dir = NULL, *record = NULL, *text = NULL, *past = NULL, *has = NULL;
  g_autofree char *ini = cli_write_file ("gpus.ini", PLAN (""));
  g_autoptr (WsCsvTable) t = NULL;
  guint on[64] = { 0 }, count;

  if (skip_without_cli ())
    return;
  count = (guint) ws_cuda_device_count (NULL);
  dir = ws_test_make_dir ();
  t = bench (dir, "all");
  g_assert_cmpuint (t->rows->len, ==, CPU_ROWS + count * GPU_ROWS_A_DEVICE);
  g_assert_cmpuint (count_gpu_rows (t, on), ==, count);
  for (guint d = 0; d < count; d++)
    g_assert_cmpuint (on[d], ==, GPU_ROWS_A_DEVICE);
  record = g_build_filename (dir, "run.ini", NULL);
  text = cli_read_file (record);
  g_assert_true ((strstr (text, "devices=0, 1") != NULL) == (count > 1));
  past = g_strdup_printf ("%u", count);
  has = g_strdup_printf ("--devices %u: this machine has %u GPU", count, count);
  {
    g_autofree char *other = g_build_filename (dir, "past", NULL);
    g_autoptr (CliResult) r = cli_run ("bench", ini, "-o", other, "--devices", past, NULL);
    g_assert_cmpint (r->status, ==, 2);
    g_assert_nonnull (strstr (r->err, has));
  }
  ws_test_remove_dir (dir);
}

/* CUDA_VISIBLE_DEVICES narrows all to the GPUs it shows (renumbered from
 * 0), names itself where a GPU is missing, and hiding every GPU leaves
 * none to run on. */
static void
test_cli_visible (void)
{
  g_autofree char *dir = NULL, *ini = cli_write_file ("gpus.ini", PLAN (""));
  g_autoptr (WsCsvTable) t = NULL;
  guint on[64] = { 0 };

  if (skip_without_cli ())
    return;
  dir = ws_test_make_dir ();
  g_setenv ("CUDA_VISIBLE_DEVICES", "0", TRUE);
  t = bench (dir, "all");
  g_assert_cmpuint (count_gpu_rows (t, on), ==, 1);
  g_assert_cmpuint (on[0], ==, GPU_ROWS_A_DEVICE);
  {
    g_autofree char *other = g_build_filename (dir, "one", NULL);
    g_autoptr (CliResult) r = cli_run ("bench", ini, "-o", other, "--devices", "1", NULL);
    g_assert_cmpint (r->status, ==, 2);
    g_assert_nonnull (strstr (r->err, "--devices 1: this machine has 1 GPU (0) (CUDA_VISIBLE_DEVICES is “0”)"));
  }
  g_setenv ("CUDA_VISIBLE_DEVICES", "-1", TRUE);
  {
    g_autofree char *other = g_build_filename (dir, "none", NULL);
    g_autoptr (CliResult) r = cli_run ("bench", ini, "-o", other, "--devices", "all", NULL);
    g_assert_cmpint (r->status, ==, 2);
    g_assert_nonnull (strstr (r->err, "--devices all: there is no GPU to run on"));
  }
  g_unsetenv ("CUDA_VISIBLE_DEVICES");
  ws_test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/gpu/devices/set-device", test_set_device);
  g_test_add_func ("/gpu/devices/engine/zero", test_engine_zero);
  g_test_add_func ("/gpu/devices/engine/all", test_engine_all);
  g_test_add_func ("/gpu/devices/cli/zero", test_cli_zero);
  g_test_add_func ("/gpu/devices/cli/all", test_cli_all);
  g_test_add_func ("/gpu/devices/cli/visible", test_cli_visible);
  return g_test_run ();
}
