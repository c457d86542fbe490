/* test-cli-run.c: warpscope-cli list, info, run and demo doing their job. */
#include <string.h>

#include "cli-util.h"
#include "ws-registry.h"
#include "ws-test-util.h"

static void
test_list (void)
{
  g_autoptr (CliResult) r = cli_run ("list", NULL);
  guint n;
  const WsAlgorithm *const *algos = ws_registry_list (&n);

  g_assert_cmpint (r->status, ==, 0);
  for (guint i = 0; i < n; i++)
    g_assert_nonnull (strstr (r->out, algos[i]->name));
  g_assert_nonnull (strstr (r->out, "--radius     0 to 1048576, default 2"));
  g_assert_nonnull (strstr (r->out, "cpu-par"));
}

static void
test_info (void)
{
  g_autoptr (CliResult) r = cli_run ("info", NULL);

  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "CPU: "));
  g_assert_nonnull (strstr (r->out, "hardware threads"));
  /* Either a GPU table or a plain statement that there is none. */
  g_assert_true (strstr (r->out, "GPU: none") != NULL || strstr (r->out, "compute capability") != NULL);
}

static void
test_demo (void)
{
  g_autoptr (CliResult) r = cli_run ("demo", "--n", "300", NULL);
  g_auto (GStrv) rows = NULL;

  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "bitonic"));
  g_assert_nonnull (strstr (r->out, "oddeven-merge"));
  g_assert_nonnull (strstr (r->out, "odd-even"));
  /* 4 algorithms × 2 variants, each row verified. */
  rows = g_strsplit (r->out, "sorted ✓", -1);
  g_assert_cmpuint (g_strv_length (rows) - 1, ==, 8);
}

/* Every algorithm, both CPU variants, both key types it takes: exit 0, verified. */
static void
test_run_every_algorithm (void)
{
  guint n;
  const WsAlgorithm *const *algos = ws_registry_list (&n);

  for (guint i = 0; i < n; i++)
    for (WsVariant v = WS_VARIANT_CPU_SEQ; v <= WS_VARIANT_CPU_PAR; v++)
      for (WsKeyType t = WS_KEY_INT32; t <= WS_KEY_FLOAT32; t++)
        {
          const char *size = algos[i]->shape == WS_SHAPE_STENCIL ? "40" : "1000";
          g_autoptr (CliResult) r = NULL;
          if (!ws_algorithm_supports_type (algos[i], t))
            continue;
          r = cli_run ("run", algos[i]->name, "--variant", ws_variant_name (v), "--type",
                       ws_key_type_name (t), "--n", size, "--seed", "7", "--dist", "uniform16", NULL);
          g_assert_cmpint (r->status, ==, 0);
          g_assert_nonnull (strstr (r->out, "verified     ok"));
        }
}

static void
assert_run_ok (CliResult *r)
{
  g_assert_cmpint (r->status, ==, 0);
  g_assert_cmpstr (r->err, ==, "");
}

/* Sorted output read back and sorted again gives the same file. */
static void
round_trip (const char *type, const char *format)
{
  g_autofree char *a = ws_test_tmp_path ("rt-a");
  g_autofree char *b = ws_test_tmp_path ("rt-b");
  g_autoptr (CliResult) r1 = cli_run ("run", "radix-sort", "--type", type, "--n", "5000", "--format",
                                      format, "--output", a, NULL);
  g_autoptr (CliResult) r2 = NULL;
  g_autofree char *ta = NULL, *tb = NULL;
  gsize la, lb;

  assert_run_ok (r1);
  r2 = cli_run ("run", "bitonic", "--type", type, "--input", a, "--format", format, "--output", b, NULL);
  assert_run_ok (r2);
  g_assert_true (g_file_get_contents (a, &ta, &la, NULL) && g_file_get_contents (b, &tb, &lb, NULL));
  g_assert_cmpmem (ta, la, tb, lb);
  g_assert_cmpuint (la, >, 0);
}

static void
test_round_trip_text (void)
{
  round_trip ("float32", "text");
  round_trip ("int32", "text");
}

static void
test_round_trip_raw (void)
{
  round_trip ("float32", "raw-f32");
  round_trip ("int32", "raw-i32");
}

static void
test_special_values_file (void)
{
  g_autofree char *in = cli_write_file ("special.txt", "inf -0 3.5\n-inf 1e-45 0\n-3.4028235e38\n");
  g_autofree char *out = ws_test_tmp_path ("special-sorted.txt");
  g_autoptr (CliResult) r = cli_run ("run", "oddeven-merge", "--input", in, "--output", out, NULL);
  g_autofree char *text = NULL;

  assert_run_ok (r);
  text = cli_read_file (out);
  /* -0 and 0 compare equal, so either order is sorted; the rest is fixed. */
  g_assert_true (g_str_has_prefix (text, "-inf\n-3.40282347e+38\n"));
  g_assert_true (g_str_has_suffix (text, "1.40129846e-45\n3.5\ninf\n"));
}

static void
test_stencil_file (void)
{
  g_autofree char *in = cli_write_file ("grid.txt", "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 16\n");
  g_autofree char *out = ws_test_tmp_path ("grid-out.txt");
  g_autoptr (CliResult) r = cli_run ("run", "stencil", "--type", "int32", "--radius", "1",
                                     "--input", in, "--output", out, "--variant", "cpu-seq", NULL);
  g_autofree char *text = NULL;

  assert_run_ok (r);
  text = cli_read_file (out);
  /* 2×2 outputs: 3×3 windows around (1,1), (1,2), (2,1), (2,2). */
  g_assert_cmpstr (text, ==, "54 63\n90 99\n");
}

static void
test_stencil_radius_zero (void)
{
  g_autofree char *in = cli_write_file ("grid0.txt", "1.5 2\n-3 inf\n");
  g_autofree char *out = ws_test_tmp_path ("grid0-out.txt");
  g_autoptr (CliResult) r = cli_run ("run", "stencil", "--radius", "0", "--input", in,
                                     "--output", out, NULL);
  g_autofree char *text = NULL;

  assert_run_ok (r);
  text = cli_read_file (out);
  g_assert_cmpstr (text, ==, "1.5 2\n-3 inf\n");
}

static void
test_dot_files (void)
{
  g_autofree char *a = cli_write_file ("dot-a.txt", "3 1 2\n");
  g_autofree char *b = cli_write_file ("dot-b.txt", "10 30 20\n");
  g_autofree char *out = ws_test_tmp_path ("dot-out.txt");
  g_autoptr (CliResult) r = cli_run ("run", "dot", "--input", a, "--input", b, "--output", out, NULL);
  g_autofree char *text = NULL;

  assert_run_ok (r);
  text = cli_read_file (out);
  g_assert_cmpstr (text, ==, "140\n"); /* sorted: 1·10 + 2·20 + 3·30 */
}

static void
test_scalar_and_counts (void)
{
  g_autofree char *in = cli_write_file ("hist.txt", "0 1 2 3 4 5 6 7 8 9 10\n");
  g_autofree char *out = ws_test_tmp_path ("hist-out.txt");
  g_autofree char *sum = ws_test_tmp_path ("sum-out.txt");
  g_autoptr (CliResult) r = cli_run ("run", "histogram", "--type", "int32", "--bins", "5",
                                     "--input", in, "--output", out, NULL);
  g_autoptr (CliResult) r2 = cli_run ("run", "reduce", "--type", "int32", "--input", in,
                                      "--output", sum, NULL);
  g_autofree char *text = NULL, *text2 = NULL;

  assert_run_ok (r);
  assert_run_ok (r2);
  text = cli_read_file (out);
  text2 = cli_read_file (sum);
  g_assert_cmpstr (text, ==, "2\n2\n2\n2\n3\n"); /* max (10) lands in the last bin */
  g_assert_cmpstr (text2, ==, "55\n");
}

static void
test_scan_file (void)
{
  g_autofree char *in = cli_write_file ("scan.txt", "3 1 4 1 5\n");
  g_autofree char *out = ws_test_tmp_path ("scan-out.txt");
  g_autoptr (CliResult) r = cli_run ("run", "scan", "--type", "int32", "--variant", "cpu-seq",
                                     "--input", in, "--output", out, NULL);
  g_autofree char *text = NULL;

  assert_run_ok (r);
  text = cli_read_file (out);
  g_assert_cmpstr (text, ==, "0\n3\n4\n8\n9\n");
}

static void
test_search_keys (void)
{
  g_autofree char *in = cli_write_file ("sorted.txt", "1 3 3 3 7 9\n");
  g_autofree char *keys = cli_write_file ("keys.txt", "3 0 9 8 1 10\n");
  g_autofree char *out = ws_test_tmp_path ("idx.txt");

  for (guint i = 0; i < 2; i++)
    {
      const char *algo = i ? "interpolation-search" : "binary-search";
      g_autoptr (CliResult) r = cli_run ("run", algo, "--type", "int32", "--segments", "3",
                                         "--input", in, "--keys", keys, "--output", out, NULL);
      g_autofree char *text = NULL;
      assert_run_ok (r);
      text = cli_read_file (out);
      g_assert_cmpstr (text, ==, "1\n-1\n5\n-1\n0\n-1\n");
    }
}

/* An empty key file is refused as --n 0 is (a run of nothing reported as
 * done hides a wrong path), and no output is written. */
static void
test_empty_input (void)
{
  g_autofree char *in = cli_write_file ("empty.txt", "");
  g_autofree char *out = ws_test_tmp_path ("empty-out.txt");
  g_autoptr (CliResult) r = cli_run ("run", "bitonic", "--input", in, "--output", out, NULL);

  cli_assert_fails (r, "empty.txt holds no keys", NULL);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
}

static void
test_early_exit (void)
{
  g_autoptr (CliResult) full = cli_run ("run", "odd-even", "--n", "500", "--dist", "sorted", NULL);
  g_autoptr (CliResult) early = cli_run ("run", "odd-even", "--n", "500", "--dist", "sorted",
                                         "--early-exit", NULL);

  assert_run_ok (full);
  assert_run_ok (early);
  g_assert_nonnull (strstr (full->out, "passes       500\n"));
  g_assert_nonnull (strstr (early->out, "passes       2\n")); /* one even+odd pair, no swap */
}

static void
test_repeat_medians (void)
{
  g_autoptr (CliResult) r = cli_run ("run", "radix-sort", "--n", "5000", "--repeat", "5", NULL);
  g_autoptr (CliResult) bad = cli_run ("run", "radix-sort", "--repeat", "0", NULL);

  assert_run_ok (r);
  g_assert_nonnull (strstr (r->out, "median of 5 runs after a warm-up"));
  cli_assert_fails (bad, "--repeat", NULL);
}

/* --cold asks a GPU variant to empty L2 before its kernels; a CPU run has
 * none of the GPU's to empty and says it ignored the switch. */
static void
test_cold (void)
{
  g_autoptr (CliResult) cpu = cli_run ("run", "reduce", "--n", "5000", "--variant", "cpu-seq",
                                       "--cold", NULL);
  g_autoptr (CliResult) warm = cli_run ("run", "reduce", "--n", "5000", "--variant", "cpu-seq", NULL);

  assert_run_ok (cpu);
  g_assert_nonnull (strstr (cpu->out, "cold         ignored: a CPU run has no GPU cache to empty"));
  assert_run_ok (warm);
  g_assert_null (strstr (warm->out, "cold"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/list", test_list);
  g_test_add_func ("/cli/info", test_info);
  g_test_add_func ("/cli/demo", test_demo);
  g_test_add_func ("/cli/run/every-algorithm", test_run_every_algorithm);
  g_test_add_func ("/cli/run/round-trip-text", test_round_trip_text);
  g_test_add_func ("/cli/run/round-trip-raw", test_round_trip_raw);
  g_test_add_func ("/cli/run/special-values-file", test_special_values_file);
  g_test_add_func ("/cli/run/stencil-file", test_stencil_file);
  g_test_add_func ("/cli/run/stencil-radius-zero", test_stencil_radius_zero);
  g_test_add_func ("/cli/run/dot-files", test_dot_files);
  g_test_add_func ("/cli/run/cold", test_cold);
  g_test_add_func ("/cli/run/histogram-and-reduce", test_scalar_and_counts);
  g_test_add_func ("/cli/run/scan-file", test_scan_file);
  g_test_add_func ("/cli/run/search-keys", test_search_keys);
  g_test_add_func ("/cli/run/empty-input", test_empty_input);
  g_test_add_func ("/cli/run/early-exit", test_early_exit);
  g_test_add_func ("/cli/run/repeat-medians", test_repeat_medians);
  return g_test_run ();
}
