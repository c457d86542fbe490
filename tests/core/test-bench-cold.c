/* test-bench-cold.c: cold runs (issue 21) from the preset to the backend
 * and into the rows. The GPU backend here is a test double: this file
 * defines ws_backend_gpu, so the linker takes it instead of the build's
 * (ws-backend-none.c, or the CUDA engine's), and each GPU run records
 * whether it was asked to be cold. CPU variants run on the real CPU
 * backend, which has no L2 of the GPU's to flush and ignores the flag.
 * Also: the key, and the cold column of result.csv and result.json,
 * written and read back, and files from before the column, which still
 * load as warm. */
#include <stdio.h>
#include <string.h>

#include "ws-backend.h"
#include "ws-bench-csv.h"
#include "ws-bench-json.h"
#include "ws-bench-record.h"
#include "ws-bench-report.h"
#include "ws-bench.h"
#include "ws-csv.h"
#include "ws-error.h"
#include "ws-test-util.h"

/* ---- the GPU double ---- */

static guint gpu_runs, gpu_cold_runs;

static char *
fake_describe (const WsBackend *self)
{
  return g_strdup ("test double");
}

static gboolean
fake_query_devices (const WsBackend *self, GArray **devices, GError **error)
{
  WsDeviceInfo info = { .name = "Fake GPU", .major = 9, .sm_count = 1,
                        .global_mem = (guint64) 1 << 34, .free_mem = (guint64) 1 << 34 };

  *devices = g_array_new (FALSE, TRUE, sizeof (WsDeviceInfo));
  g_array_append_val (*devices, info);
  return TRUE;
}

static gboolean
fake_has_variant (const WsBackend *self, const char *algorithm, WsVariant variant)
{
  return TRUE;
}

/* A sort "run": the keys ws_run copied stay as they are (the plans here do
 * not verify); a cold run takes longer, as it would on a GPU whose input no
 * longer sits in L2. */
static gboolean
fake_run (const WsBackend *self, const WsRunInput *in, WsRunOutput *out, GError **error)
{
  gpu_runs++;
  gpu_cold_runs += in->cold ? 1 : 0;
  out->times.kernel = in->cold ? 2e-3 : 1e-3;
  out->times.total = out->times.kernel + 1e-3;
  out->seconds = out->times.kernel;
  g_strlcpy (out->times.device, "Fake GPU", sizeof out->times.device);
  return TRUE;
}

static const WsBackend fake_gpu = {
  .name = "cuda",
  .describe = fake_describe,
  .query_devices = fake_query_devices,
  .has_variant = fake_has_variant,
  .run = fake_run,
};

const WsBackend *
ws_backend_gpu (void)
{
  return &fake_gpu;
}

/* ---- running a plan ---- */

#define PLAN(cold)                                                                              \
  "[preset]\nname = cold\nalgorithms = radix-sort\nvariants = cpu-seq, gpu\n"                    \
  "baseline = cpu-seq\nsizes = 1000\nrepetitions = 4\nwarmup = 1\nverify = false\n" cold

typedef struct
{
  const WsPreset *preset;
  GPtrArray      *fields; /* GStrv of each row */
} Rows;

static gboolean
keep_row (const WsBenchRow *row, gpointer data, GError **error)
{
  Rows *rows = data;

  g_assert_cmpint (row->status, ==, WS_BENCH_OK);
  g_ptr_array_add (rows->fields, ws_bench_csv_fields (rows->preset, row));
  return TRUE;
}

static GPtrArray *
run_plan (const char *text, WsBenchPlan **plan_out)
{
  WsBenchPlan *plan = ws_test_plan_of (text);
  WsBenchCallbacks cb = { .finished = keep_row };
  Rows rows = { plan->preset, g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev) };
  g_autoptr (GError) error = NULL;

  gpu_runs = gpu_cold_runs = 0;
  g_assert_true (ws_bench_run (plan, &cb, &rows, NULL, &error));
  g_assert_no_error (error);
  *plan_out = plan;
  return rows.fields;
}

static const char *
field (GPtrArray *rows, guint r, const char *column)
{
  return ws_test_row_field (rows->pdata[r], column);
}

/* Every GPU sample (the warm-up too) reaches the backend cold; the CPU row
 * says it ran warm, the GPU row cold, and only the cold key is marked. */
static void
test_cold_plan (void)
{
  WsBenchPlan *plan = NULL;
  g_autoptr (GPtrArray) rows = run_plan (PLAN ("cold = true\n"), &plan);

  g_assert_cmpuint (rows->len, ==, 2);
  g_assert_cmpuint (gpu_runs, ==, 5);
  g_assert_cmpuint (gpu_cold_runs, ==, 5);
  g_assert_cmpstr (field (rows, 0, "variant"), ==, "cpu-seq");
  g_assert_cmpstr (field (rows, 0, "cold"), ==, "false");
  g_assert_false (g_str_has_suffix (field (rows, 0, "key"), "|cold"));
  g_assert_cmpstr (field (rows, 1, "variant"), ==, "gpu");
  g_assert_cmpstr (field (rows, 1, "cold"), ==, "true");
  g_assert_true (g_str_has_suffix (field (rows, 1, "key"), "|end-to-end|cold"));
  /* The cold time is the one measured: the double's 2 ms kernels + 1 ms. */
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (field (rows, 1, "median_s"), NULL), 3e-3, 1e-9);
  /* The speedup is against the CPU row of the same input, cold or not. */
  g_assert_cmpstr (field (rows, 1, "speedup"), !=, "");
  ws_bench_plan_free (plan);
}

static void
test_warm_plan (void)
{
  WsBenchPlan *plan = NULL;
  g_autoptr (GPtrArray) rows = run_plan (PLAN (""), &plan);

  g_assert_cmpuint (gpu_runs, ==, 5);
  g_assert_cmpuint (gpu_cold_runs, ==, 0);
  g_assert_cmpstr (field (rows, 1, "cold"), ==, "false");
  /* The key a warm row had before cold runs existed. */
  g_assert_true (g_str_has_suffix (field (rows, 1, "key"), "|1000||0|1|end-to-end"));
  ws_bench_plan_free (plan);
}

/* ws_run hands the flag to the backend of the variant, unchanged. */
static void
test_run_input (void)
{
  const WsAlgorithm *algo = ws_registry_lookup ("radix-sort", NULL);
  g_autoptr (WsArray) keys = ws_array_new (WS_KEY_FLOAT32, 64, NULL);
  WsRunInput in = { .algo = algo, .variant = WS_VARIANT_GPU, .input = keys, .cold = TRUE };
  WsRunOutput out = { 0 };
  g_autoptr (GError) error = NULL;

  ws_params_init_defaults (algo, &in.params);
  gpu_runs = gpu_cold_runs = 0;
  g_assert_true (ws_run (&in, &out, &error));
  g_assert_no_error (error);
  ws_run_output_clear (&out);
  in.cold = FALSE;
  g_assert_true (ws_run (&in, &out, &error));
  ws_run_output_clear (&out);
  g_assert_cmpuint (gpu_runs, ==, 2);
  g_assert_cmpuint (gpu_cold_runs, ==, 1);
}

/* Cold and warm rows of one configuration stay apart; a CPU variant's key
 * is the same in both plans, since it runs the same. */
static void
test_keys (void)
{
  g_autoptr (WsBenchPlan) cold = ws_test_plan_of (PLAN ("cold = true\n"));
  g_autoptr (WsBenchPlan) warm = ws_test_plan_of (PLAN ("cold = false\n"));
  const WsBenchConfig *cold_cpu = cold->configs->pdata[0], *cold_gpu = cold->configs->pdata[1];
  const WsBenchConfig *warm_cpu = warm->configs->pdata[0], *warm_gpu = warm->configs->pdata[1];
  g_autofree char *describe = ws_bench_config_describe (cold_gpu);

  g_assert_cmpstr (cold_cpu->key, ==, warm_cpu->key);
  g_assert_cmpstr (cold_gpu->key, !=, warm_gpu->key);
  g_assert_false (cold_cpu->cold);
  g_assert_true (cold_gpu->cold);
  g_assert_false (warm_gpu->cold);
  g_assert_true (ws_bench_config_cold (cold->preset, WS_VARIANT_GPU_LIB));
  g_assert_false (ws_bench_config_cold (cold->preset, WS_VARIANT_CPU_PAR));
  g_assert_true (g_str_has_suffix (describe, " cold"));
}

/* result.csv written and read back keeps the column. */
static void
test_csv_round_trip (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "result.csv", NULL);
  g_autofree char *json_path = g_build_filename (dir, "result.json", NULL);
  WsBenchPlan *plan = NULL;
  g_autoptr (GPtrArray) rows = run_plan (PLAN ("cold = true\n"), &plan);
  g_autoptr (WsBenchCsv) csv = NULL;
  g_autoptr (WsCsvTable) table = NULL;
  g_autoptr (GError) error = NULL;

  csv = ws_bench_csv_open (path, &error);
  g_assert_no_error (error);
  for (guint r = 0; r < rows->len; r++)
    g_assert_true (ws_bench_csv_append_fields (csv, rows->pdata[r], &error));
  g_clear_pointer (&csv, ws_bench_csv_close);
  table = ws_csv_table_read (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (table->rows->len, ==, 2);
  g_assert_cmpstr (ws_csv_table_get (table, 0, "cold"), ==, "false");
  g_assert_cmpstr (ws_csv_table_get (table, 1, "cold"), ==, "true");
  g_assert_cmpstr (ws_csv_table_get (table, 1, "key"), ==, field (rows, 1, "key"));
  ws_bench_plan_free (plan);
  ws_test_remove_dir (dir);
}

/* result.json holds the column as true or false and gives it back as
 * result.csv's text; a row without the member (a file from before it)
 * reads as an empty field, and anything but a boolean is named. */
static void
test_json (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "result.json", NULL);
  WsBenchPlan *plan = NULL;
  g_autoptr (GPtrArray) rows = run_plan (PLAN ("cold = true\n"), &plan);
  g_autoptr (WsBenchJson) json = ws_bench_json_new (NULL);
  g_autoptr (WsBenchJson) back = NULL;
  g_autoptr (WsCsvTable) table = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *flat = NULL;

  for (guint r = 0; r < rows->len; r++)
    {
      WsBenchJsonConfig c = { (char *) field (rows, r, "key"), rows->pdata[r],
                              g_array_new (FALSE, FALSE, sizeof (double)) };
      ws_bench_json_add_config (json, &c);
      g_array_unref (c.samples);
    }
  g_assert_true (ws_bench_json_write (json, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  flat = g_strdup (text);
  g_strdelimit (flat, " \n", '_');
  g_assert_nonnull (strstr (flat, "\"cold\"_:_false"));
  g_assert_nonnull (strstr (flat, "\"cold\"_:_true"));
  back = ws_bench_json_load (path, &error);
  g_assert_no_error (error);
  table = ws_bench_json_table (back);
  g_assert_cmpstr (ws_csv_table_get (table, 0, "cold"), ==, "false");
  g_assert_cmpstr (ws_csv_table_get (table, 1, "cold"), ==, "true");

  /* Without the member, then with a string where true or false belongs. */
  {
    g_autoptr (GString) edited = g_string_new (text);
    g_autoptr (WsBenchJson) old = NULL, bad = NULL;
    g_autoptr (WsCsvTable) old_table = NULL;
    const char *at = strstr (edited->str, "\"cold\"");
    const char *end = strchr (at, ',');

    g_string_erase (edited, at - edited->str, end + 1 - at);
    g_assert_true (g_file_set_contents (path, edited->str, -1, NULL));
    old = ws_bench_json_load (path, &error);
    g_assert_no_error (error);
    old_table = ws_bench_json_table (old);
    g_assert_cmpstr (ws_csv_table_get (old_table, 0, "cold"), ==, "");
    g_assert_cmpstr (ws_csv_table_get (old_table, 1, "cold"), ==, "true");

    g_string_replace (edited, "\"cold\" : true", "\"cold\" : \"yes\"", 1);
    g_assert_true (g_file_set_contents (path, edited->str, -1, NULL));
    bad = ws_bench_json_load (path, &error);
    g_assert_null (bad);
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "configurations[1].row.cold is a string, not true or false"));
  }
  ws_bench_plan_free (plan);
  ws_test_remove_dir (dir);
}

/* bench's console table gives a cold variant a column of its own. */
static void
test_report_table (void)
{
  WsBenchPlan *plan = NULL;
  g_autoptr (GPtrArray) rows = run_plan (PLAN ("cold = true\n"), &plan);
  g_autoptr (WsCsvTable) t = ws_csv_table_new (ws_bench_csv_columns ());
  FILE *out = tmpfile ();
  char buf[4096];
  g_autofree char *text = NULL;

  for (guint r = 0; r < rows->len; r++)
    ws_csv_table_append (t, g_strdupv (rows->pdata[r]));
  ws_bench_report_table (t, out);
  rewind (out);
  text = g_strndup (buf, fread (buf, 1, sizeof buf - 1, out));
  fclose (out);
  g_assert_nonnull (strstr (text, "gpu cold"));
  g_assert_nonnull (strstr (text, "cpu-seq"));
  g_assert_null (strstr (text, "cpu-seq cold"));
  ws_bench_plan_free (plan);
}

/* A result.csv from before the column: every reader takes it, and its
 * rows read as warm (no "cold" field: NULL, never "true"). */
static void
test_csv_without_column (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "result.csv", NULL);
  const char *const *columns = ws_bench_csv_columns ();
  g_autoptr (GPtrArray) old = g_ptr_array_new ();
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (WsCsvTable) table = NULL;
  g_autoptr (GError) error = NULL;
  WsBenchRow row = { 0 };

  for (guint i = 0; columns[i] != NULL; i++)
    if (!g_str_equal (columns[i], "cold"))
      g_ptr_array_add (old, (gpointer) columns[i]);
  g_ptr_array_add (old, NULL);
  for (guint i = 0; old->pdata[i] != NULL; i++)
    g_string_append_printf (text, "%s%s", i ? "," : "", (char *) old->pdata[i]);
  g_string_append_c (text, '\n');
  for (guint i = 0; old->pdata[i] != NULL; i++)
    {
      const char *c = old->pdata[i];
      const char *v = g_str_equal (c, "status") ? "ok"
                      : g_str_equal (c, "key")  ? "radix-sort|gpu|float32|uniform|1000||0|1|end-to-end"
                      : g_str_equal (c, "samples") ? "3"
                      : g_str_equal (c, "median_s") ? "0.001"
                                                    : "";
      g_string_append_printf (text, "%s%s", i ? "," : "", v);
    }
  g_string_append_c (text, '\n');
  g_assert_true (g_file_set_contents (path, text->str, -1, NULL));
  table = ws_csv_table_read (path, &error);
  g_assert_no_error (error);
  g_assert_null (ws_csv_table_get (table, 0, "cold"));
  g_assert_true (ws_bench_csv_row (table, 0, &row, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (row.time.median, ==, 0.001);
  /* Appending this build's rows to it would mix two layouts: refused. */
  g_assert_null (ws_bench_csv_open (path, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  ws_bench_row_clear (&row);
  ws_test_remove_dir (dir);
}

static WsPreset *
load (const char *text)
{
  g_autoptr (GError) error = NULL;
  WsPreset *p = ws_preset_load_data ("x.ini", text, strlen (text), &error);

  g_assert_no_error (error);
  return p;
}

/* run.ini's plan says cold only when it is on, so a warm plan's hash is
 * the one its folders had before the key existed. */
static void
test_record (void)
{
  g_autoptr (WsPreset) cold = load (PLAN ("cold = true\n"));
  g_autoptr (WsPreset) warm = load (PLAN ("cold = false\n"));
  g_autoptr (WsPreset) plain = load (PLAN (""));
  g_autoptr (WsBenchRecord) rc = ws_bench_record_new (cold, NULL);
  g_autoptr (WsBenchRecord) rw = ws_bench_record_new (warm, NULL);
  g_autoptr (WsBenchRecord) rp = ws_bench_record_new (plain, NULL);

  g_assert_cmpstr (ws_bench_record_get (rc, "cold"), ==, "true");
  g_assert_null (ws_bench_record_get (rw, "cold"));
  g_assert_cmpstr (ws_bench_record_get (rw, "hash"), ==, ws_bench_record_get (rp, "hash"));
  g_assert_cmpstr (ws_bench_record_get (rc, "hash"), !=, ws_bench_record_get (rw, "hash"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bench-cold/plan/cold", test_cold_plan);
  g_test_add_func ("/bench-cold/plan/warm", test_warm_plan);
  g_test_add_func ("/bench-cold/run-input", test_run_input);
  g_test_add_func ("/bench-cold/keys", test_keys);
  g_test_add_func ("/bench-cold/csv/round-trip", test_csv_round_trip);
  g_test_add_func ("/bench-cold/csv/without-column", test_csv_without_column);
  g_test_add_func ("/bench-cold/json", test_json);
  g_test_add_func ("/bench-cold/report-table", test_report_table);
  g_test_add_func ("/bench-cold/record", test_record);
  return g_test_run ();
}
