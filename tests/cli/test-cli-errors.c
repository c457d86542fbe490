/* test-cli-errors.c: every documented error says what and where, exits
 * non-zero, and leaves no output file behind. */
#include <glib/gstdio.h>
#include <string.h>

#include "cli-util.h"
#include "ws-test-util.h"

/* `run ARGS…` must fail with both needles (NULL for none) in its message. */
static void
assert_run_fails (const char *const *args, const char *needle1, const char *needle2)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (CliResult) r = NULL;

  g_ptr_array_add (argv, (gpointer) "run");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  r = cli_runv ((const char *const *) argv->pdata);
  cli_assert_fails (r, needle1, needle2, NULL);
}

/* Run with --input IN --output OUT; assert failure, messages, and that
 * neither OUT nor a temporary file beside it remains. */
static void
assert_fails_no_output (const char *algo, const char *in, const char *extra1, const char *extra2,
                        const char *needle1, const char *needle2)
{
  g_autofree char *dir = g_path_get_dirname (in);
  g_autofree char *out = g_build_filename (dir, "out-must-not-exist.txt", NULL);
  g_autoptr (CliResult) r = cli_run ("run", algo, "--input", in, "--output", out,
                                     extra1, extra2, NULL);
  g_autoptr (GDir) d = NULL;
  const char *name;

  cli_assert_fails (r, needle1, needle2, NULL);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  d = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    g_assert_false (g_str_has_prefix (name, "out-must-not-exist"));
}

static void
test_unparsable_token (void)
{
  g_autofree char *in = cli_write_file ("bad-token.txt", "1 2\n3 x4 5\n");
  assert_fails_no_output ("bitonic", in, NULL, NULL, "bad-token.txt:2", "x4");
}

static void
test_nan_rejected (void)
{
  g_autofree char *in = cli_write_file ("nan.txt", "1\n2\n\nnan\n");
  assert_fails_no_output ("radix-sort", in, NULL, NULL, "nan.txt:4", "NaN");
}

static void
test_int32_out_of_range (void)
{
  g_autofree char *in = cli_write_file ("big.txt", "1 2147483648\n");
  assert_fails_no_output ("bitonic", in, "--type", "int32", "big.txt:1", "2147483648");
}

static void
test_int32_fraction (void)
{
  g_autofree char *in = cli_write_file ("frac.txt", "1\n2.5\n");
  assert_fails_no_output ("bitonic", in, "--type", "int32", "frac.txt:2", "whole");
}

static void
test_non_square_grid (void)
{
  g_autofree char *in = cli_write_file ("ragged.txt", "1 2 3\n4 5 6\n7 8\n");
  assert_fails_no_output ("stencil", in, "--radius", "0", "ragged.txt:3", "square");
}

static void
test_n_not_above_2r (void)
{
  g_autofree char *in = cli_write_file ("small-grid.txt", "1 2 3 4\n1 2 3 4\n1 2 3 4\n1 2 3 4\n");
  assert_fails_no_output ("stencil", in, "--radius", "2", "2R", "4");
}

static void
test_negative_radius (void)
{
  g_autofree char *in = cli_write_file ("grid-r.txt", "1 2\n3 4\n");
  assert_fails_no_output ("stencil", in, "--radius", "-1", "radius", "-1");
}

static void
test_unknown_algorithm (void)
{
  const char *args[] = { "quicksort", NULL };
  assert_run_fails (args, "quicksort", "bitonic, odd-even, oddeven-merge");
}

static void
test_unknown_variant (void)
{
  const char *args[] = { "bitonic", "--variant", "gpu-turbo", NULL };
  assert_run_fails (args, "gpu-turbo", "cpu-seq, cpu-par");
}

/* A GPU variant runs on the GPU, or falls back to cpu-par saying why. */
static void
test_gpu_variant_falls_back (void)
{
  g_autoptr (CliResult) r = cli_run ("run", "bitonic", "--variant", "gpu", "--n", "100", NULL);

  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "verified     ok"));
  if (strstr (r->out, "device ") == NULL)
    {
      g_assert_nonnull (strstr (r->err, "gpu is unavailable: "));
      g_assert_nonnull (strstr (r->err, "running cpu-par instead"));
      g_assert_nonnull (strstr (r->out, "bitonic · cpu-par"));
    }
}

/* A variant the algorithm does not have is an error, not a fallback. */
static void
test_undefined_gpu_variant (void)
{
  const char *args[] = { "radix-sort", "--variant", "gpu-seed", NULL };
  assert_run_fails (args, "no variant", "gpu, gpu-lib");
}

static void
test_missing_file (void)
{
  g_autofree char *in = ws_test_tmp_path ("no-such-file.txt");
  assert_fails_no_output ("bitonic", in, NULL, NULL, "no-such-file.txt", "No such file");
}

static void
test_unreadable_file (void)
{
  /* A directory cannot be read as a file, even by root (who ignores permissions). */
  g_autofree char *in = ws_test_tmp_path ("a-directory");
  g_assert_cmpint (g_mkdir (in, 0755), ==, 0);
  assert_fails_no_output ("bitonic", in, NULL, NULL, "a-directory", NULL);
}

static void
test_size_cannot_be_allocated (void)
{
  /* 2^46 keys (256 TiB) exceed any machine's memory; 2^62 overflow the size
   * type. Both are refused before anything is allocated (ws-memory.c). */
  const char *big[] = { "reduce", "--n", "2^46", NULL };
  const char *huge[] = { "reduce", "--n", "2^62", NULL };
  assert_run_fails (big, "needs about 512.0", "TiB of host memory");
  assert_run_fails (huge, "needs more than 16 EiB", "choose a smaller size");
}

static void
test_counting_sort_float (void)
{
  const char *args[] = { "counting-sort", "--type", "float32", NULL };
  assert_run_fails (args, "counting-sort", "int32");
}

static void
test_bad_size_text (void)
{
  const char *args[] = { "bitonic", "--n", "-5", NULL };
  assert_run_fails (args, "--n", "-5");
}

static void
test_dot_needs_two_inputs (void)
{
  g_autofree char *in = cli_write_file ("one.txt", "1 2 3\n");
  assert_fails_no_output ("dot", in, NULL, NULL, "2 --input files", "1 given");
}

static void
test_unsorted_search_input (void)
{
  g_autofree char *in = cli_write_file ("unsorted.txt", "1 5 3\n");
  assert_fails_no_output ("binary-search", in, NULL, NULL, "not sorted", "index 1");
}

static void
test_raw_bad_size (void)
{
  g_autofree char *in = cli_write_file ("odd.raw", "abcdef");
  assert_fails_no_output ("bitonic", in, "--format", "raw-f32", "odd.raw", "6");
}

static void
test_output_dir_missing (void)
{
  g_autoptr (CliResult) r = cli_run ("run", "bitonic", "--n", "10", "--output",
                                     "/nonexistent-dir/out.txt", NULL);
  cli_assert_fails (r, "/nonexistent-dir/out.txt", NULL);
}

static void
test_usage_errors (void)
{
  const char *const no_args[] = { NULL };
  g_autoptr (CliResult) none = cli_runv (no_args);
  g_autoptr (CliResult) bogus = cli_run ("frobnicate", NULL);
  g_autoptr (CliResult) noalgo = cli_run ("run", NULL);

  g_assert_cmpint (none->status, ==, 2);
  cli_assert_fails (bogus, "frobnicate", NULL);
  cli_assert_fails (noalgo, "ALGORITHM", NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/errors/unparsable-token", test_unparsable_token);
  g_test_add_func ("/cli/errors/nan", test_nan_rejected);
  g_test_add_func ("/cli/errors/int32-out-of-range", test_int32_out_of_range);
  g_test_add_func ("/cli/errors/int32-fraction", test_int32_fraction);
  g_test_add_func ("/cli/errors/non-square-grid", test_non_square_grid);
  g_test_add_func ("/cli/errors/n-not-above-2r", test_n_not_above_2r);
  g_test_add_func ("/cli/errors/negative-radius", test_negative_radius);
  g_test_add_func ("/cli/errors/unknown-algorithm", test_unknown_algorithm);
  g_test_add_func ("/cli/errors/unknown-variant", test_unknown_variant);
  g_test_add_func ("/cli/errors/gpu-variant-falls-back", test_gpu_variant_falls_back);
  g_test_add_func ("/cli/errors/undefined-gpu-variant", test_undefined_gpu_variant);
  g_test_add_func ("/cli/errors/missing-file", test_missing_file);
  g_test_add_func ("/cli/errors/unreadable-file", test_unreadable_file);
  g_test_add_func ("/cli/errors/size-cannot-be-allocated", test_size_cannot_be_allocated);
  g_test_add_func ("/cli/errors/counting-sort-float", test_counting_sort_float);
  g_test_add_func ("/cli/errors/bad-size-text", test_bad_size_text);
  g_test_add_func ("/cli/errors/dot-needs-two-inputs", test_dot_needs_two_inputs);
  g_test_add_func ("/cli/errors/unsorted-search-input", test_unsorted_search_input);
  g_test_add_func ("/cli/errors/raw-bad-size", test_raw_bad_size);
  g_test_add_func ("/cli/errors/output-dir-missing", test_output_dir_missing);
  g_test_add_func ("/cli/errors/usage", test_usage_errors);
  return g_test_run ();
}
