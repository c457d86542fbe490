/* test-cli-check-student.c: `check` of a student's C function (a shared
 * object, run in a worker process): a right one passes the suite, a bug is
 * named at its pass and key, a function that never ends is stopped at the
 * time limit and one that crashes its process is reported — the check
 * itself survives both. And a kernel (.cu) where none can run says why. */
#include <string.h>

#include "cli-util.h"
#include "ws-config.h"

static char *
student (const char *name)
{
  return g_build_filename (g_getenv ("WS_STUDENTS"), name, NULL);
}

static void
test_right (void)
{
  g_autofree char *so = student ("stage-bitonic.so");
  g_autoptr (CliResult) r = cli_run ("check", so, "--network", "bitonic", NULL);
  g_autofree char *want = g_strdup_printf ("%s (bitonic, float32 keys): every pass matches the "
                                           "reference on 14 inputs, 1 to 1048576 keys\n", so);

  g_assert_cmpint (r->status, ==, 0);
  g_assert_cmpstr (r->out, ==, want);
}

/* k=2 pairs sorted all ascending: on 3 keys (padded to 4 with +inf) the
 * pair (2, 3) should be descending, so key 2 holds the smaller key where
 * the reference has +inf. */
static void
test_bug (void)
{
  g_autofree char *so = student ("student-wrong-direction.so");
  g_autoptr (CliResult) r = cli_run ("check", so, "--network", "bitonic", "--json", NULL);

  g_assert_cmpint (r->status, ==, 1);
  g_assert_true (g_str_has_prefix (r->out, "{\"ok\": false, \"pass\": 1, \"index\": 2, "
                                           "\"expected\": \"inf\", \"got\": "));
  g_assert_nonnull (strstr (r->out, "\"kind\": \"order\", \"input\": \"3 float32 keys: random, "
                                    "negatives among them (seed 1)\""));
}

static void
test_endless (void)
{
  g_autofree char *so = student ("student-endless.so");
  gint64 start = g_get_monotonic_time ();
  g_autoptr (CliResult) r = cli_run ("check", so, "--network", "bitonic", "--time-limit", "0.5",
                                     NULL);
  double took = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;

  g_assert_cmpint (r->status, ==, 1);
  /* the first input of 3 keys (width 4): pass 2 begins stage k=4 */
  g_assert_nonnull (strstr (r->out, "on 3 float32 keys: random, negatives among them (seed 1), "
                                    "padded to 4 with the largest key as the engine pads:\n"
                                    "pass 2 of 3 (stage k=4, distance j=2): it ran for more than "
                                    "0.5 s and was stopped"));
  g_assert_cmpfloat (took, <, 10.0);
}

static void
test_crash (void)
{
  g_autofree char *so = student ("student-crash.so");
  g_autoptr (CliResult) r = cli_run ("check", so, "--network", "bitonic", "--json", NULL);

  g_assert_cmpint (r->status, ==, 1);
  g_assert_true (g_str_has_prefix (r->out, "{\"ok\": false, \"pass\": 2, \"index\": null, "
                                           "\"expected\": null, \"got\": null, \"kind\": \"fault\""));
  /* SIGSEGV; where AddressSanitizer catches it first, SIGABRT or an exit */
  g_assert_true (strstr (r->out, "the function crashed the process running it (")
                 || strstr (r->out, "the function ended the process running it (exit status"));
}

/* Key n-1 exchanged with the guard's first key: a key lost, and memory
 * past the end changed. */
static void
test_past_end (void)
{
  g_autofree char *so = student ("student-past-end.so");
  g_autoptr (CliResult) r = cli_run ("check", so, "--network", "odd-even", "--n", "13", NULL);

  g_assert_cmpint (r->status, ==, 1);
  g_assert_nonnull (strstr (r->out, "pass 1 of 13 (even phase): key 12 is -1.00000002e+30"));
  g_assert_nonnull (strstr (r->out, "a key was lost or duplicated"));
  g_assert_nonnull (strstr (r->out, "memory past the end of the keys changed (key 13)"));
}

/* --write-trace: the passes as a trace, which check reads back to the same
 * verdict; options that belong to code are refused for a trace. */
static void
test_write_trace (void)
{
  g_autofree char *so = student ("student-wrong-direction.so");
  g_autofree char *trace = cli_write_file ("student.txt", "");
  g_autoptr (CliResult) w = cli_run ("check", so, "--network", "bitonic", "--n", "8",
                                     "--write-trace", trace, NULL);
  g_autoptr (CliResult) r = cli_run ("check", trace, NULL);
  g_autoptr (CliResult) bad = cli_run ("check", trace, "--n", "8", NULL);

  g_assert_cmpint (w->status, ==, 1);
  g_assert_cmpint (r->status, ==, 1);
  g_assert_true (g_str_has_prefix (r->out, "pass 1 of 6 (stage k=2, distance j=1): key 2 is "));
  g_assert_cmpint (bad->status, ==, 2);
  g_assert_nonnull (strstr (bad->err, "is read as a trace"));
}

/* Files that are no student's code: exit 2, saying what to do. */
static void
test_unusable (void)
{
  g_autofree char *text = cli_write_file ("notso.so", "not a shared object\n");
  g_autofree char *cu = cli_write_file ("kernel.cu", "extern \"C\" __global__ void stage "
                                        "(float *keys, unsigned n, unsigned k, unsigned j) {}\n");
  g_autofree char *zero = cli_write_file ("zero.cu", "");
  g_autoptr (CliResult) a = cli_run ("check", text, "--network", "bitonic", NULL);
  g_autoptr (CliResult) b = cli_run ("check", cu, NULL);
  g_autoptr (CliResult) c = cli_run ("check", cu, "--network", "bitonic", NULL);
  g_autoptr (CliResult) d = cli_run ("check", cu, "--network", "bitonic", "--block", "0", "--n",
                                     "0", NULL);
  g_autoptr (CliResult) e = cli_run ("check", cu, "--network", "bubble", NULL);

  g_assert_cmpint (a->status, ==, 2);
  g_assert_nonnull (strstr (a->err, "Cannot load"));
  g_assert_cmpint (b->status, ==, 2);
  g_assert_nonnull (strstr (b->err, "Which network"));
  /* Where it runs (a GPU, NVRTC), the kernel that does nothing leaves the
   * kernels' first input, 2 keys in reverse order, as it was; where not
   * (CI: no GPU; no CUDA in this build; no toolkit), it says why. */
  if (c->status == 1)
    {
      g_assert_nonnull (strstr (c->out, "on 2 float32 keys: in reverse order (seed 1):\n"
                                        "pass 1 of 1 (stage k=2, distance j=1): key 0 is "));
      g_assert_nonnull (strstr (c->out, "the keys are in the wrong order"));
    }
  else
    {
      g_assert_cmpint (c->status, ==, 2);
      g_assert_true (strstr (c->err, "cannot run here") || strstr (c->err, "built without CUDA")
                     || strstr (c->err, "NVRTC"));
    }
  g_assert_cmpint (d->status, ==, 2);
  g_assert_cmpint (e->status, ==, 2);
  g_assert_nonnull (strstr (e->err, "“bubble” is not a sorting network; use bitonic, odd-even or "
                                    "oddeven-merge"));
}

/* A source that does not compile: its errors by line and column — where
 * this build has CUDA and the machine the toolkit's NVRTC. */
static void
test_compile_error (void)
{
  g_autofree char *cu = cli_write_file ("broken.cu",
                                        "// warpscope-kernel network=bitonic\n"
                                        "extern \"C\" __global__ void stage (float *keys, unsigned "
                                        "n, unsigned k, unsigned j)\n{\n"
                                        "\tunsigned i = blockIdx.x * blockDim.x + threadIdx.x\n"
                                        "  keys[i] = 1;\n}\n");
  g_autofree char *sig = cli_write_file ("signature.cu",
                                         "extern \"C\" __global__ void stage (int *keys, unsigned "
                                         "n, unsigned k, unsigned j) {}\n");
  g_autoptr (CliResult) r = cli_run ("check", cu, NULL);
  g_autoptr (CliResult) s = cli_run ("check", sig, "--network", "bitonic", NULL);
  g_autofree char *where = g_strdup_printf ("%s:5:3: error: expected a \";\"", cu);

  if (!WS_HAVE_CUDA || strstr (r->err, "NVRTC") != NULL)
    {
      g_test_skip ("no CUDA build, or no NVRTC on this machine");
      return;
    }
  g_assert_cmpint (r->status, ==, 2);
  g_assert_nonnull (strstr (r->err, where));
  g_assert_cmpint (s->status, ==, 2);
  g_assert_nonnull (strstr (s->err, "the kernel “stage” has other parameters; Warpscope launches "
                                    "extern \"C\" __global__ void stage (float *keys, unsigned n, "
                                    "unsigned k, unsigned j)"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/check-student/right", test_right);
  g_test_add_func ("/cli/check-student/bug", test_bug);
  g_test_add_func ("/cli/check-student/endless", test_endless);
  g_test_add_func ("/cli/check-student/crash", test_crash);
  g_test_add_func ("/cli/check-student/past-end", test_past_end);
  g_test_add_func ("/cli/check-student/write-trace", test_write_trace);
  g_test_add_func ("/cli/check-student/unusable", test_unusable);
  g_test_add_func ("/cli/check-student/compile-error", test_compile_error);
  return g_test_run ();
}
