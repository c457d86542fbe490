/* test-cli-check.c: `warpscope-cli check` as a course's autograder runs it
 * — a trace that matches (0), one that parts at a known pass (1, in words
 * and as JSON), and what cannot be checked (2): no network named, a pass
 * count the network does not have, a folder, a missing file, no FILE. */
#include <string.h>

#include "cli-util.h"

/* Bitonic on 4 keys (3 passes), written by hand from the reference. */
#define INPUT "# warpscope-trace network=bitonic type=int32\n4 1 3 2\n"
#define GOOD INPUT "1 4 3 2\n1 2 3 4\n1 2 3 4\n"
/* The second pass's comparator (1, 3) left undone: 4 at key 1. */
#define BAD INPUT "1 4 3 2\n1 4 3 2\n1 4 2 3\n"

static void
test_match (void)
{
  g_autofree char *path = cli_write_file ("good.txt", GOOD);
  g_autoptr (CliResult) r = cli_run ("check", path, NULL);

  g_assert_cmpint (r->status, ==, 0);
  g_assert_cmpstr (r->out, ==, "bitonic on 4 keys: all 3 passes match the reference\n");
}

static void
test_diverged (void)
{
  g_autofree char *path = cli_write_file ("bad.txt", BAD);
  g_autoptr (CliResult) r = cli_run ("check", path, NULL);
  g_autoptr (CliResult) j = cli_run ("check", "--json", path, NULL);
  g_autofree char *want = NULL;

  g_assert_cmpint (r->status, ==, 1);
  g_assert_cmpstr (r->out, ==, "pass 2 of 3 (stage k=4, distance j=2): key 1 is 4 where the "
                               "reference has 2 — comparator (1, 3) should have produced it; the "
                               "keys are in the wrong order (line 4 of the trace)\n");
  g_assert_cmpint (j->status, ==, 1);
  want = g_strdup_printf ("{\"ok\": false, \"pass\": 2, \"index\": 1, \"expected\": 2, \"got\": 4, "
                          "\"kind\": \"order\", \"input\": \"%s\", \"message\": \"pass 2 of 3 "
                          "(stage k=4, distance j=2): key 1 is 4 where the reference has 2 — "
                          "comparator (1, 3) should have produced it; the keys are in the wrong "
                          "order (line 4 of the trace)\"}\n", path);
  g_assert_cmpstr (j->out, ==, want);
}

static void
test_json_ok (void)
{
  g_autofree char *path = cli_write_file ("good.txt", GOOD);
  g_autoptr (CliResult) r = cli_run ("check", path, "--json", NULL);

  g_assert_cmpint (r->status, ==, 0);
  g_assert_true (g_str_has_prefix (r->out, "{\"ok\": true, \"pass\": null, \"index\": null, "));
}

/* Unusable: exit 2 with what to do. */
static void
test_unusable (void)
{
  g_autofree char *plain = cli_write_file ("plain.txt", "3 2 1\n2 3 1\n");
  g_autofree char *dir = g_path_get_dirname (plain);
  g_autoptr (CliResult) a = cli_run ("check", plain, NULL);
  g_autoptr (CliResult) b = cli_run ("check", plain, "--network", "odd-even", NULL);
  g_autoptr (CliResult) c = cli_run ("check", dir, "--network", "bitonic", NULL);
  g_autoptr (CliResult) d = cli_run ("check", "/nonexistent/trace.txt", NULL);
  g_autoptr (CliResult) e = cli_run ("check", NULL);
  g_autoptr (CliResult) f = cli_run ("check", plain, "--network", "quick", NULL);

  g_assert_cmpint (a->status, ==, 2);
  g_assert_nonnull (strstr (a->err, "Give --network bitonic, odd-even or oddeven-merge"));
  g_assert_cmpint (b->status, ==, 2);
  g_assert_nonnull (strstr (b->err, "The trace has 1 pass after its input; odd-even on 3 keys "
                                    "has 3"));
  g_assert_cmpint (c->status, ==, 2);
  g_assert_nonnull (strstr (c->err, "folder"));
  g_assert_cmpint (d->status, ==, 2);
  g_assert_cmpint (e->status, ==, 2);
  g_assert_cmpint (f->status, ==, 2);
  g_assert_nonnull (strstr (f->err, "“quick” is not a sorting network"));
}

/* The traces the example kernels wrote on a GPU (data/examples), checked
 * on every machine: each bug where the gpu suite finds its kernel's. */
typedef struct
{
  const char *file;
  int         status;
  const char *want; /* the JSON's start */
} ExampleTrace;

static const ExampleTrace example_traces[] = {
  { "trace-kernel-bitonic.txt", 0, "{\"ok\": true, \"pass\": null" },
  { "trace-kernel-bitonic-wrong-partner.txt", 1,
    "{\"ok\": false, \"pass\": 1, \"index\": 0, \"expected\": 40.8731689, \"got\": 148.211304, "
    "\"kind\": \"order\"" },
  { "trace-kernel-bitonic-wrong-direction.txt", 1,
    "{\"ok\": false, \"pass\": 1, \"index\": 2, \"expected\": 148.211304, \"got\": -217.342834, "
    "\"kind\": \"order\"" },
  { "trace-kernel-bitonic-off-by-one.txt", 1,
    "{\"ok\": false, \"pass\": 1, \"index\": 14, \"expected\": 781.084595, \"got\": 199.866821, "
    "\"kind\": \"order\"" },
  { "trace-kernel-odd-even-no-bounds-check.txt", 1,
    "{\"ok\": false, \"pass\": 1, \"index\": 12, \"expected\": 865.54541, \"got\": "
    "-1.00000002e+30, \"kind\": \"keys\"" },
  { "trace-kernel-bitonic-shared-race.txt", 1,
    "{\"ok\": false, \"pass\": 16, \"index\": 47, \"expected\": 40.8731689, \"got\": 10.1712036, "
    "\"kind\": \"keys\"" },
};

static void
test_example_traces (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (example_traces); i++)
    {
      const ExampleTrace *e = &example_traces[i];
      g_autofree char *path = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "data",
                                                "examples", e->file, NULL);
      g_autoptr (CliResult) r = cli_run ("check", path, "--json", NULL);

      g_test_message ("%s: %s", e->file, r->out);
      g_assert_cmpint (r->status, ==, e->status);
      g_assert_true (g_str_has_prefix (r->out, e->want));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/check/match", test_match);
  g_test_add_func ("/cli/check/diverged", test_diverged);
  g_test_add_func ("/cli/check/json-ok", test_json_ok);
  g_test_add_func ("/cli/check/unusable", test_unusable);
  g_test_add_func ("/cli/check/example-traces", test_example_traces);
  return g_test_run ();
}
