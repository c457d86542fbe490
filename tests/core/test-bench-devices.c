/* test-bench-devices.c: a plan run on several GPUs (issue 21's devices) —
 * the devices named (--devices and the preset's key, good and bad), listed
 * against the GPUs there are, the plan cut into lanes (CPU configurations
 * once, GPU ones once a device), and ws_bench_run's lanes on a GPU double
 * of two GPUs (fake-gpus.h): each GPU's rows from its own thread, at once,
 * the callbacks one at a time, baselines found, a cancel or one lane's
 * error stopping every lane, and a plan without devices run as before. */
#include <string.h>

#include "fake-gpus.h"
#include "ws-bench-csv.h"
#include "ws-bench-devices.h"
#include "ws-bench-estimate.h"
#include "ws-bench-record.h"
#include "ws-bench.h"
#include "ws-error.h"
#include "ws-test-util.h"

#define PLAN(more)                                                                              \
  "[preset]\nname = devices\nalgorithms = radix-sort\nvariants = cpu-seq, gpu, gpu-lib\n"        \
  "baseline = cpu-seq\nsizes = 1000, 2000\nrepetitions = 3\nwarmup = 1\nverify = false\n" more

/* ---- naming devices ---- */

static void
test_parse_good (void)
{
  static const struct
  {
    const char *text;
    const int   want[4];
    guint       n;
  } cases[] = {
    { "0", { 0 }, 1 },
    { "0,2", { 0, 2 }, 2 },
    { " 2 , 0 ,1 ", { 2, 0, 1 }, 3 },
    { "63", { 63 }, 1 },
  };
  gboolean all = TRUE;
  GArray *devices = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (ws_bench_devices_parse ("all", &all, &devices, &error));
  g_assert_no_error (error);
  g_assert_true (all);
  g_assert_null (devices);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GArray) got = NULL;
      g_assert_true (ws_bench_devices_parse (cases[i].text, &all, &got, &error));
      g_assert_no_error (error);
      g_assert_false (all);
      g_assert_cmpmem (got->data, got->len * sizeof (int), cases[i].want,
                       cases[i].n * sizeof (int));
    }
}

static void
test_parse_bad (void)
{
  static const struct
  {
    const char *text, *says;
  } cases[] = {
    { "", "no GPU is named" },
    { "  ", "no GPU is named" },
    { "0,,2", "“0,,2” has an empty item" },
    { ",0", "has an empty item" },
    { "0,", "has an empty item" },
    { "-1", "“-1” is not a GPU number (0 to 63)" },
    { "abc", "“abc” is not a GPU number" },
    { "1.5", "“1.5” is not a GPU number" },
    { "0x1", "“0x1” is not a GPU number" },
    { "64", "“64” is not a GPU number (0 to 63)" },
    { "99999999999999999999", "is not a GPU number" },
    { "0,0", "GPU 0 is named twice in “0,0”" },
    { "1, 2, 1", "GPU 1 is named twice" },
    { "all,1", "all stands alone" },
    { "ALL", "“ALL” is not a GPU number" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      gboolean all = TRUE;
      GArray *devices = (GArray *) 1;

      g_assert_false (ws_bench_devices_parse (cases[i].text, &all, &devices, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, cases[i].says));
      /* Every message says the form wanted. */
      g_assert_nonnull (strstr (error->message, "write all, or GPU numbers"));
      g_assert_false (all);
      g_assert_null (devices);
    }
}

static WsPreset *
load (const char *text, GError **error)
{
  return ws_preset_load_data ("x.ini", text, strlen (text), error);
}

/* The preset's key reads as --devices does, its errors at its line. */
static void
test_preset_key (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsPreset) all = load (PLAN ("devices = all\n"), &error);
  g_autoptr (WsPreset) two = load (PLAN ("devices = 1, 0\n"), &error);
  g_autoptr (WsPreset) none = load (PLAN (""), &error);
  g_autoptr (WsPreset) bad = NULL;

  g_assert_no_error (error);
  g_assert_true (all->all_devices);
  g_assert_null (all->devices);
  g_assert_false (two->all_devices);
  g_assert_cmpuint (two->devices->len, ==, 2);
  g_assert_cmpint (g_array_index (two->devices, int, 0), ==, 1);
  g_assert_cmpint (g_array_index (two->devices, int, 1), ==, 0);
  g_assert_null (none->devices);
  g_assert_false (none->all_devices);
  bad = load (PLAN ("devices = 0,,1\n"), &error);
  g_assert_null (bad);
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "x.ini:10: devices: “0,,1” has an empty item"));
}

/* all becomes every GPU there is; a GPU that is not there, or none at all,
 * is said with what there is. */
static void
test_resolve (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsPreset) all = load (PLAN ("devices = all\n"), NULL);
  g_autoptr (WsPreset) one = load (PLAN ("devices = 1\n"), NULL);
  g_autoptr (WsPreset) past = load (PLAN ("devices = 0, 2\n"), NULL);
  g_autoptr (WsPreset) none = load (PLAN (""), NULL);
  g_autoptr (WsPreset) cpu = load ("[preset]\nname = c\nalgorithms = radix-sort\n"
                                   "variants = cpu-seq\nsizes = 100\n", NULL);
  g_autoptr (GArray) gpus = ws_bench_query_gpus (all, NULL);
  g_autoptr (GArray) empty = g_array_new (FALSE, TRUE, sizeof (WsDeviceInfo));
  g_autofree char *why = NULL;

  g_assert_cmpuint (gpus->len, ==, FAKE_GPUS);
  g_assert_true (ws_bench_devices_resolve (all, gpus, NULL, "--devices", &error));
  g_assert_no_error (error);
  g_assert_false (all->all_devices);
  g_assert_cmpuint (all->devices->len, ==, 2);
  g_assert_cmpint (g_array_index (all->devices, int, 0), ==, 0);
  g_assert_cmpint (g_array_index (all->devices, int, 1), ==, 1);
  g_assert_true (ws_bench_devices_resolve (one, gpus, NULL, "--devices", &error));
  g_assert_cmpuint (one->devices->len, ==, 1);
  g_assert_true (ws_bench_devices_resolve (none, gpus, NULL, "--devices", &error));
  g_assert_null (none->devices);
  g_assert_false (ws_bench_devices_resolve (past, gpus, NULL, "--devices", &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_true (g_str_has_prefix (error->message, "--devices 0, 2: this machine has 2 GPUs (0, 1)"));
  g_clear_error (&error);
  g_assert_false (ws_bench_devices_resolve (one, empty, "no driver here", "x.ini: devices =", &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE);
  g_assert_cmpstr (error->message, ==, "x.ini: devices = 1: there is no GPU to run on: no driver here");
  /* A plan of the CPU alone, without devices, does not ask (it would start CUDA). */
  g_assert_null (ws_bench_query_gpus (cpu, &why));
  g_assert_null (why);
}

/* ---- the plan and its lanes ---- */

static WsBenchPlan *
plan_of (const char *text)
{
  g_autoptr (GError) error = NULL;
  WsPreset *p = load (text, &error);
  g_autoptr (GArray) gpus = NULL;
  WsBenchPlan *plan;

  g_assert_no_error (error);
  gpus = ws_bench_query_gpus (p, NULL);
  g_assert_true (ws_bench_devices_resolve (p, gpus, NULL, "devices", &error));
  plan = ws_bench_plan_new (p, &error);
  g_assert_no_error (error);
  plan->gpus = g_steal_pointer (&gpus);
  return plan;
}

static const WsBenchConfig *
config_at (const WsBenchPlan *plan, guint i)
{
  return g_ptr_array_index (plan->configs, i);
}

/* CPU configurations once, GPU ones once on each device; device 0 keeps
 * the key a plan without devices gives, device 1's ends in |gpu1. */
static void
test_plan (void)
{
  g_autoptr (WsBenchPlan) plain = plan_of (PLAN (""));
  g_autoptr (WsBenchPlan) two = plan_of (PLAN ("devices = 0, 1\n"));
  g_autoptr (GHashTable) keys = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) plain_keys = g_hash_table_new (g_str_hash, g_str_equal);
  guint cpu = 0, on[FAKE_GPUS] = { 0 };

  /* 2 sizes × (cpu-seq + gpu + gpu-lib) without devices. */
  g_assert_cmpuint (plain->configs->len, ==, 6);
  for (guint i = 0; i < plain->configs->len; i++)
    {
      g_assert_cmpint (config_at (plain, i)->device, ==, -1);
      g_hash_table_add (plain_keys, config_at (plain, i)->key);
    }
  /* 2 sizes × (cpu-seq + 2 GPU variants × 2 devices). */
  g_assert_cmpuint (two->configs->len, ==, 10);
  for (guint i = 0; i < two->configs->len; i++)
    {
      const WsBenchConfig *c = config_at (two, i);
      g_assert_true (g_hash_table_add (keys, c->key)); /* no two alike */
      if (!ws_variant_is_gpu (c->variant))
        {
          g_assert_cmpint (c->device, ==, -1);
          g_assert_true (g_hash_table_contains (plain_keys, c->key));
          cpu++;
          continue;
        }
      g_assert_cmpint (c->device, >=, 0);
      g_assert_cmpint (c->device, <, FAKE_GPUS);
      on[c->device]++;
      g_assert_true (g_hash_table_contains (plain_keys, c->key) == (c->device == 0));
      g_assert_true (g_str_has_suffix (c->key, "|gpu1") == (c->device == 1));
    }
  g_assert_cmpuint (cpu, ==, 2);
  g_assert_cmpuint (on[0], ==, 4);
  g_assert_cmpuint (on[1], ==, 4);
  {
    g_autofree char *what = ws_bench_config_describe (config_at (two, 2));
    g_assert_true (g_str_has_suffix (what, " on GPU 1"));
  }
}

/* Every configuration in exactly one lane, in the plan's order: the CPU's
 * lane first, then one a device with that device's GPU configurations. */
static void
test_lanes (void)
{
  g_autoptr (WsBenchPlan) plain = plan_of (PLAN (""));
  g_autoptr (WsBenchPlan) two = plan_of (PLAN ("devices = 1, 0\n"));
  g_autoptr (GPtrArray) one_lane = ws_bench_plan_lanes (plain);
  g_autoptr (GPtrArray) lanes = ws_bench_plan_lanes (two);
  g_autofree guint *seen = g_new0 (guint, two->configs->len);
  static const int order[] = { -1, 1, 0 };

  g_assert_cmpuint (one_lane->len, ==, 1);
  g_assert_cmpint (((WsBenchLane *) one_lane->pdata[0])->device, ==, -1);
  g_assert_cmpuint (((WsBenchLane *) one_lane->pdata[0])->configs->len, ==, plain->configs->len);
  g_assert_cmpuint (lanes->len, ==, 3);
  for (guint l = 0; l < lanes->len; l++)
    {
      const WsBenchLane *lane = lanes->pdata[l];
      g_assert_cmpint (lane->device, ==, order[l]);
      g_assert_cmpuint (lane->configs->len, ==, l == 0 ? 2 : 4);
      for (guint k = 0; k < lane->configs->len; k++)
        {
          guint i = g_array_index (lane->configs, guint, k);
          const WsBenchConfig *c = config_at (two, i);
          g_assert_cmpint (c->device, ==, lane->device);
          g_assert_true (ws_variant_is_gpu (c->variant) == (lane->device >= 0));
          g_assert_true (k == 0 || i > g_array_index (lane->configs, guint, k - 1));
          seen[i]++;
        }
    }
  for (guint i = 0; i < two->configs->len; i++)
    g_assert_cmpuint (seen[i], ==, 1);
}

/* run.ini lists the devices where they change the keys: not for GPU 0
 * alone, which is where a plan without devices runs. */
static void
test_record (void)
{
  g_autoptr (WsBenchPlan) plain = plan_of (PLAN (""));
  g_autoptr (WsBenchPlan) zero = plan_of (PLAN ("devices = 0\n"));
  g_autoptr (WsBenchPlan) two = plan_of (PLAN ("devices = all\n"));
  g_autoptr (WsBenchRecord) rp = ws_bench_record_new (plain->preset, plain->gpus);
  g_autoptr (WsBenchRecord) rz = ws_bench_record_new (zero->preset, zero->gpus);
  g_autoptr (WsBenchRecord) rt = ws_bench_record_new (two->preset, two->gpus);

  g_assert_null (ws_bench_record_get (rp, "devices"));
  g_assert_null (ws_bench_record_get (rz, "devices"));
  g_assert_cmpstr (ws_bench_record_get (rt, "devices"), ==, "0, 1");
  g_assert_cmpstr (ws_bench_record_get (rp, "hash"), ==, ws_bench_record_get (rz, "hash"));
  g_assert_cmpstr (ws_bench_record_get (rp, "hash"), !=, ws_bench_record_get (rt, "hash"));
  g_assert_cmpstr (ws_bench_record_get (rp, "device"), ==, ws_bench_record_get (rz, "device"));
  g_assert_true (g_str_has_suffix (ws_bench_record_get (rp, "device"), "; GPU Fake GPU 0"));
  g_assert_true (g_str_has_suffix (ws_bench_record_get (rt, "device"),
                                   "; GPU 0 Fake GPU 0, GPU 1 Fake GPU 1"));
}

/* ---- running ---- */

typedef struct
{
  const WsPreset *preset;
  GPtrArray      *rows;      /* GStrv, in the order finished */
  GArray         *started;   /* guint: the index each start said */
  gint            inside;    /* callbacks running now */
  gboolean        overlap;   /* two ran at once */
  GCancellable   *cancel_at_gpu; /* cancelled by the first GPU row */
  GCancellable   *cancel_at_cpu; /* cancelled by the CPU row numbered cpu_rows */
  guint           cpu_rows;
  guint           rows_after_cancel;
  gboolean        fail_gpu1; /* the first row of GPU 1 fails to be written */
} Rows;

static void
enter (Rows *r)
{
  if (g_atomic_int_add (&r->inside, 1) != 0)
    r->overlap = TRUE;
  g_usleep (200); /* long enough for another thread to come in, if it could */
}

static void
leave (Rows *r)
{
  g_atomic_int_add (&r->inside, -1);
}

static void
on_started (const WsBenchConfig *c, guint index, guint total, double eta, gpointer data)
{
  Rows *r = data;

  enter (r);
  g_array_append_val (r->started, index);
  leave (r);
}

static gboolean
on_finished (const WsBenchRow *row, gpointer data, GError **error)
{
  Rows *r = data;
  gboolean ok = TRUE;

  enter (r);
  if (r->cancel_at_gpu != NULL && g_cancellable_is_cancelled (r->cancel_at_gpu))
    r->rows_after_cancel++;
  g_ptr_array_add (r->rows, ws_bench_csv_fields (r->preset, row));
  if (r->cancel_at_gpu != NULL && row->device_index >= 0)
    g_cancellable_cancel (r->cancel_at_gpu);
  if (r->cancel_at_cpu != NULL && row->device_index < 0 && --r->cpu_rows == 0)
    g_cancellable_cancel (r->cancel_at_cpu);
  if (r->fail_gpu1 && row->config->device == 1)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_IO, "Cannot write to result.csv: disk full");
      r->fail_gpu1 = FALSE, ok = FALSE;
    }
  leave (r);
  return ok;
}

static void
rows_init (Rows *r, const WsBenchPlan *plan)
{
  *r = (Rows) { plan->preset, g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev),
                g_array_new (FALSE, FALSE, sizeof (guint)) };
}

static void
rows_clear (Rows *r)
{
  g_ptr_array_unref (r->rows);
  g_array_unref (r->started);
}

static const char *
field (const Rows *r, guint row, const char *column)
{
  return ws_test_row_field (r->rows->pdata[row], column);
}

static gboolean
run (WsBenchPlan *plan, Rows *r, GCancellable *cancellable, GError **error)
{
  const WsBenchCallbacks cb = { on_started, on_finished, NULL };

  return ws_bench_run (plan, &cb, r, cancellable, error);
}

/* text's plan run on the double (a gate for gate GPUs: fake-gpus.h) into
 * r, which must succeed; the plan. */
static WsBenchPlan *
run_ok (const char *text, Rows *r, gint gate)
{
  WsBenchPlan *plan = plan_of (text);
  g_autoptr (GError) error = NULL;

  fake_gpus_reset ();
  fake_gpus.gate = gate;
  rows_init (r, plan);
  g_assert_true (run (plan, r, NULL, &error));
  g_assert_no_error (error);
  return plan;
}

/* The row of a GPU variant, its size and device; -1 where there is none. */
static int
gpu_row (const Rows *r, const char *variant, const char *n, const char *device)
{
  for (guint i = 0; i < r->rows->len; i++)
    if (g_str_equal (field (r, i, "variant"), variant) && g_str_equal (field (r, i, "n"), n)
        && g_str_equal (field (r, i, "device_index"), device))
      return (int) i;
  return -1;
}

static int
by_value (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

/* Each GPU's rows from its own thread (the double's device per thread), the
 * GPUs at once, the CPU's before them, the callbacks one at a time, every
 * start counted once, each GPU row with its speedup. */
static void
test_run_two (void)
{
  Rows r;
  g_autoptr (WsBenchPlan) plan = run_ok (PLAN ("devices = all\n"), &r, FAKE_GPUS);
  guint last_cpu = 0, first_gpu = G_MAXUINT;

  g_assert_cmpuint (r.rows->len, ==, plan->configs->len);
  g_assert_true (fake_gpus.met);
  g_assert_false (r.overlap);
  /* 2 sizes × 2 GPU variants on each GPU, 1 warm-up + 3 samples each. */
  g_assert_cmpint (fake_gpus.runs[0], ==, 16);
  g_assert_cmpint (fake_gpus.runs[1], ==, 16);
  for (guint i = 0; i < r.rows->len; i++)
    {
      gboolean gpu = !g_str_has_prefix (field (&r, i, "variant"), "cpu");
      const char *device = field (&r, i, "device_index");
      g_assert_cmpstr (field (&r, i, "status"), ==, "ok");
      if (!gpu)
        {
          g_assert_cmpstr (device, ==, "");
          last_cpu = i;
          continue;
        }
      first_gpu = MIN (first_gpu, i);
      /* The GPU that ran it is the one its key names. */
      g_assert_true (g_str_has_suffix (field (&r, i, "key"), "|gpu1") == g_str_equal (device, "1"));
      g_assert_cmpstr (field (&r, i, "device"), ==,
                       g_str_equal (device, "1") ? "Fake GPU 1" : "Fake GPU 0");
      g_assert_cmpfloat (g_ascii_strtod (field (&r, i, "median_s"), NULL), ==,
                         g_str_equal (device, "1") ? 2e-3 : 1e-3);
      g_assert_cmpstr (field (&r, i, "speedup"), !=, "");
    }
  g_assert_cmpuint (last_cpu, <, first_gpu);
  g_array_sort (r.started, by_value);
  for (guint i = 0; i < r.started->len; i++)
    g_assert_cmpuint (g_array_index (r.started, guint, i), ==, i);
  g_assert_cmpuint (r.started->len, ==, plan->configs->len);
  /* This thread ran the CPU's lane and chose no GPU. */
  g_assert_cmpint (fake_gpus_current_device (), ==, 0);
  rows_clear (&r);
}

/* With the baseline a GPU variant the GPUs go first; a CPU row is compared
 * with the first GPU named, each GPU row with its own GPU's baseline. */
static void
test_run_gpu_baseline (void)
{
  Rows r;
  g_autoptr (WsBenchPlan) plan = run_ok (
    "[preset]\nname = b\nalgorithms = radix-sort\nvariants = cpu-seq, gpu, gpu-lib\n"
    "baseline = gpu\nsizes = 1000\nrepetitions = 3\nverify = false\ndevices = 1, 0\n", &r, 0);
  int cpu = -1, lib0, lib1, base1;
  double speedup;

  for (guint i = 0; i < r.rows->len; i++)
    if (g_str_equal (field (&r, i, "variant"), "cpu-seq"))
      cpu = (int) i;
  g_assert_cmpint (cpu, ==, (int) r.rows->len - 1);
  base1 = gpu_row (&r, "gpu", "1000", "1");
  lib0 = gpu_row (&r, "gpu-lib", "1000", "0");
  lib1 = gpu_row (&r, "gpu-lib", "1000", "1");
  g_assert_cmpint (base1, >=, 0);
  /* The double's GPU 1 takes twice GPU 0's time: each row against its own
   * GPU's baseline is 1×; the CPU row is against GPU 1's. */
  g_assert_cmpfloat (g_ascii_strtod (field (&r, lib0, "speedup"), NULL), ==, 1.0);
  g_assert_cmpfloat (g_ascii_strtod (field (&r, lib1, "speedup"), NULL), ==, 1.0);
  /* Both fields carry 9 significant digits (%.9g): they agree to about
   * 1e-8 of the speedup, which a CPU row 100 times faster than GPU 1 puts
   * above an absolute 1e-6 (186.115763 against 186.115764 was seen). */
  speedup = g_ascii_strtod (field (&r, cpu, "speedup"), NULL);
  g_assert_cmpfloat_with_epsilon (speedup, 2e-3 / g_ascii_strtod (field (&r, cpu, "median_s"), NULL),
                                  2e-8 * speedup);
  rows_clear (&r);
}

/* One GPU named, not 0: its worker chose it; the calling thread did not. */
static void
test_run_one (void)
{
  Rows r;
  g_autoptr (WsBenchPlan) plan = run_ok (PLAN ("devices = 1\n"), &r, 0);

  g_assert_cmpint (fake_gpus.runs[0], ==, 0);
  g_assert_cmpint (fake_gpus.runs[1], ==, 16);
  g_assert_true (fake_gpus.last_thread != g_thread_self ());
  g_assert_cmpint (fake_gpus_current_device (), ==, 0);
  for (guint i = 0; i < r.rows->len; i++)
    if (!g_str_has_prefix (field (&r, i, "variant"), "cpu"))
      g_assert_cmpstr (field (&r, i, "device_index"), ==, "1");
  rows_clear (&r);
}

/* Without devices: one lane on the calling thread, the keys as before, and
 * a GPU row names the GPU the run reported (0). */
static void
test_run_without (void)
{
  Rows r;
  g_autoptr (WsBenchPlan) plan = run_ok (PLAN (""), &r, 0);

  g_assert_true (fake_gpus.last_thread == g_thread_self ());
  g_assert_cmpint (fake_gpus.runs[0], ==, 16);
  /* The plan's order: the baseline, then the GPU variants, size by size. */
  g_assert_cmpstr (field (&r, 0, "variant"), ==, "cpu-seq");
  g_assert_cmpstr (field (&r, 1, "variant"), ==, "gpu");
  g_assert_cmpstr (field (&r, 1, "device_index"), ==, "0");
  g_assert_true (g_str_has_suffix (field (&r, 1, "key"), "|1000||0|1|end-to-end"));
  g_assert_cmpstr (field (&r, 0, "device_index"), ==, "");
  rows_clear (&r);
}

/* A cancel while both GPUs run stops both after the sample they take: no
 * row is handed over after it but one finished as it came, and the run
 * says where it stopped. */
static void
test_run_cancel (void)
{
  g_autoptr (WsBenchPlan) plan = plan_of (
    "[preset]\nname = c\nalgorithms = radix-sort\nvariants = cpu-seq, gpu, gpu-lib\n"
    "baseline = cpu-seq\nsizes = 1000, 2000, 4000, 8000\nrepetitions = 50\nverify = false\n"
    "devices = all\n");
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  Rows r;
  gint64 start;

  fake_gpus_reset ();
  fake_gpus.sleep_us = 500;
  rows_init (&r, plan);
  r.cancel_at_gpu = cancellable;
  start = g_get_monotonic_time ();
  g_assert_false (run (plan, &r, cancellable, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
  g_assert_true (g_str_has_prefix (error->message, "Stopped during radix-sort"));
  g_assert_cmpuint (r.rows_after_cancel, <=, 1);
  g_assert_cmpuint (r.rows->len, <, plan->configs->len);
  /* A lane's configuration takes 51 × 0.5 ms: ended well before the plan. */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
  g_assert_cmpint (fake_gpus.runs[0] + fake_gpus.runs[1], <, 8 * 2 * 51);
  rows_clear (&r);
}

/* A cancel as the CPU's lane hands over its last row: that row is kept and
 * no GPU lane starts, and the run is a cancelled one (it once came back as
 * finished, so that bench printed its report and offered no --resume). */
static void
test_run_cancel_between (void)
{
  g_autoptr (WsBenchPlan) plan = plan_of (
    "[preset]\nname = c\nalgorithms = radix-sort\nvariants = cpu-seq, gpu\n"
    "baseline = cpu-seq\nsizes = 1000, 2000\nrepetitions = 3\nverify = false\n"
    "devices = all\n");
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  Rows r;

  fake_gpus_reset ();
  rows_init (&r, plan);
  r.cancel_at_cpu = cancellable, r.cpu_rows = 2;
  g_assert_false (run (plan, &r, cancellable, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
  g_assert_cmpstr (error->message, ==, "Stopped before the GPUs' configurations");
  g_assert_cmpuint (r.rows->len, ==, 2);
  g_assert_cmpint (fake_gpus.runs[0] + fake_gpus.runs[1], ==, 0);
  rows_clear (&r);
}

/* A row that cannot be written on GPU 1 ends the run with that error, not
 * the cancel it sends the other lane. */
static void
test_run_lane_error (void)
{
  g_autoptr (WsBenchPlan) plan = plan_of (PLAN ("devices = all\n"));
  g_autoptr (GError) error = NULL;
  Rows r;
  guint gpu1 = 0;

  fake_gpus_reset ();
  rows_init (&r, plan);
  r.fail_gpu1 = TRUE;
  g_assert_false (run (plan, &r, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_IO);
  g_assert_cmpstr (error->message, ==, "Cannot write to result.csv: disk full");
  for (guint i = 0; i < r.rows->len; i++)
    gpu1 += g_str_equal (field (&r, i, "device_index"), "1");
  g_assert_cmpuint (gpu1, ==, 1);
  g_assert_cmpuint (r.rows->len, <, plan->configs->len);
  rows_clear (&r);
}

/* A GPU that cannot be chosen ends the run with the backend's words. */
static void
test_run_use_device_fails (void)
{
  g_autoptr (WsBenchPlan) plan = plan_of (PLAN ("devices = all\n"));
  g_autoptr (GError) error = NULL;
  Rows r;

  fake_gpus_reset ();
  fake_gpus.fail_device = 1;
  rows_init (&r, plan);
  g_assert_false (run (plan, &r, NULL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE);
  g_assert_cmpstr (error->message, ==, "GPU 1 fell off the bus");
  g_assert_cmpint (fake_gpus.runs[1], ==, 0);
  rows_clear (&r);
}

/* The time a run has left: the CPU's lane, then the GPUs' at once — the
 * CPU's configurations' time plus the longest GPU's; without devices, every
 * configuration's, as before. */
static void
test_estimate (void)
{
  Rows r, r1;
  g_autoptr (WsBenchPlan) plan = run_ok (PLAN ("devices = all\n"), &r, 0);
  g_autoptr (WsBenchPlan) plain = run_ok (PLAN (""), &r1, 0);
  g_autoptr (GPtrArray) lanes = ws_bench_plan_lanes (plan);
  g_autoptr (GPtrArray) one = ws_bench_plan_lanes (plain);
  double cpu = 0, on[FAKE_GPUS] = { 0 }, left;

  for (guint i = 0; i < plan->configs->len; i++)
    {
      const WsBenchConfig *c = config_at (plan, i);
      double t = ws_bench_estimate_config (plan->estimate, i);
      g_assert_cmpfloat (t, >, 0);
      if (c->device < 0)
        cpu += t;
      else
        on[c->device] += t;
    }
  left = ws_bench_estimate_lanes_left (plan->estimate, lanes, NULL);
  g_assert_cmpfloat_with_epsilon (left, cpu + MAX (on[0], on[1]), 1e-9 * left);
  g_assert_cmpfloat (left, <, cpu + on[0] + on[1]);
  /* What bench and the panel say before the run: the plan's own lanes. */
  g_assert_cmpfloat (ws_bench_estimate_plan_left (plan->estimate), ==, left);
  g_assert_cmpfloat (ws_bench_estimate_lanes_left (plain->estimate, one, NULL), ==,
                     ws_bench_estimate_left (plain->estimate, 0));
  rows_clear (&r), rows_clear (&r1);
}

/* The index of the configuration of variant v on device d at n. */
static guint
find (const WsBenchPlan *plan, WsVariant v, int device, guint64 n)
{
  for (guint i = 0; i < plan->configs->len; i++)
    {
      const WsBenchConfig *c = config_at (plan, i);
      if (c->variant == v && c->device == device && c->n == n)
        return i;
    }
  g_assert_not_reached ();
}

/* Each lane makes its own inputs (ws-bench.c keeps them a lane): a GPU's
 * first configuration on an input counts their generation although the
 * configuration before it in the plan, on the CPU's lane, used the same
 * input; the GPU's next on that input counts none. */
static void
test_estimate_lane_data (void)
{
  Rows r;
  g_autoptr (WsBenchPlan) plan = run_ok (PLAN ("devices = all\n"), &r, 0);
  WsBenchEstimate *e = plan->estimate;
  guint cpu = find (plan, WS_VARIANT_CPU_SEQ, -1, 2000), gpu = find (plan, WS_VARIANT_GPU, 0, 2000);
  guint lib = find (plan, WS_VARIANT_GPU_LIB, 0, 2000);
  double first = ws_bench_estimate_config (e, gpu), next = ws_bench_estimate_config (e, lib);

  g_assert_cmpuint (cpu, <, gpu);
  g_assert_cmpuint (gpu, <, lib);
  /* With the GPU's configuration before it done (resumed), lib makes the input. */
  ws_bench_estimate_set_done (e, gpu);
  g_assert_cmpfloat (ws_bench_estimate_config (e, lib), >, next);
  /* The CPU's configuration, done or not, is another lane's: gpu made its input all along. */
  ws_bench_estimate_set_done (e, cpu);
  g_assert_cmpfloat (ws_bench_estimate_config (e, gpu), ==, first);
  rows_clear (&r);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bench-devices/parse/good", test_parse_good);
  g_test_add_func ("/bench-devices/parse/bad", test_parse_bad);
  g_test_add_func ("/bench-devices/preset-key", test_preset_key);
  g_test_add_func ("/bench-devices/resolve", test_resolve);
  g_test_add_func ("/bench-devices/plan", test_plan);
  g_test_add_func ("/bench-devices/lanes", test_lanes);
  g_test_add_func ("/bench-devices/record", test_record);
  g_test_add_func ("/bench-devices/run/two", test_run_two);
  g_test_add_func ("/bench-devices/run/gpu-baseline", test_run_gpu_baseline);
  g_test_add_func ("/bench-devices/run/one", test_run_one);
  g_test_add_func ("/bench-devices/run/without", test_run_without);
  g_test_add_func ("/bench-devices/run/cancel", test_run_cancel);
  g_test_add_func ("/bench-devices/run/cancel-between", test_run_cancel_between);
  g_test_add_func ("/bench-devices/run/lane-error", test_run_lane_error);
  g_test_add_func ("/bench-devices/run/use-device-fails", test_run_use_device_fails);
  g_test_add_func ("/bench-devices/estimate", test_estimate);
  g_test_add_func ("/bench-devices/estimate-lane-data", test_estimate_lane_data);
  return g_test_run ();
}
