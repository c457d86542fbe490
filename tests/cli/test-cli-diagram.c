/* test-cli-diagram.c: `diagram` — the layers printed as JSON (compared
 * with a list written by hand), each file format by its magic bytes, the
 * GPU grouping's options, and every error a user can cause: its message,
 * its exit status (1, or 2 for the command line), and no file left behind.
 * The drawing itself is tests/core/test-diagram-draw.c's. */
#include <glib/gstdio.h>
#include <string.h>

#include "cli-util.h"
#include "ws-test-util.h"

static void
test_json (void)
{
  g_autoptr (CliResult) r = cli_run ("diagram", "odd-even", "--n", "4", "--format", "json", NULL);

  g_assert_cmpint (r->status, ==, 0);
  g_assert_cmpstr (r->out, ==, "[\n  [[0, 1], [2, 3]],\n  [[1, 2]],\n  [[0, 1], [2, 3]],\n  [[1, 2]]\n]\n");
}

static void
assert_written (const char *dir,
                const char *name,
                const char *magic,
                const char *extra)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (CliResult) r = cli_run ("diagram", "bitonic", "--n", "12", "-o", path, "--size", "800x450",
                                     extra, NULL);
  g_autofree char *text = NULL;
  g_autofree char *listing = NULL;

  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "written to"));
  text = cli_read_file (path);
  g_assert_true (g_str_has_prefix (text, magic));
  listing = ws_test_list_dir (dir);
  g_assert_cmpstr (listing, ==, name);
  g_assert_cmpint (g_remove (path), ==, 0);
}

static void
test_files (void)
{
  g_autofree char *dir = ws_test_make_dir ();

  assert_written (dir, "d.png", "\x89PNG\r\n\x1a\n", NULL);
  assert_written (dir, "d.svg", "<?xml", "--gpu-groups");
  assert_written (dir, "d.pdf", "%PDF-", "--gpu-tile=4");
  assert_written (dir, "d.tex", "% bitonic sorting network on 12 keys", "--gpu-groups");
  ws_test_remove_dir (dir);
}

/* The TikZ of the stand-in grouping says what it stands for. */
static void
test_gpu_tile (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "oe.tex", NULL);
  g_autoptr (CliResult) r = cli_run ("diagram", "odd-even", "--n", "8", "--gpu-tile", "2", "-o", path, NULL);
  g_autofree char *text = NULL;

  g_assert_cmpint (r->status, ==, 0);
  text = cli_read_file (path);
  g_assert_nonnull (strstr (text, "with 2 phases a launch standing for its 128"));
  ws_test_remove_dir (dir);
}

/* Fails with status and every needle in stderr, leaving dir empty. */
static void
assert_refused (const char *const *args,
                int                status,
                const char        *needle)
{
  g_autoptr (CliResult) r = cli_runv (args);

  g_assert_cmpint (r->status, ==, status);
  cli_assert_fails (r, needle, NULL);
}

static void
test_errors (void)
{
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *png = g_build_filename (dir, "d.png", NULL);
  g_autofree char *gif = g_build_filename (dir, "d.gif", NULL);
  g_autofree char *deep = g_build_filename (dir, "missing", "d.png", NULL);
  g_autofree char *listing = NULL;
  const char *const unknown[] = { "diagram", "quick", "-o", png, NULL };
  const char *const none[] = { "diagram", "bitonic", "--n", "0", "-o", png, NULL };
  const char *const big[] = { "diagram", "bitonic", "--n", "2000", "-o", png, NULL };
  const char *const word[] = { "diagram", "bitonic", "--n", "many", "-o", png, NULL };
  const char *const ext[] = { "diagram", "bitonic", "-o", gif, NULL };
  const char *const missing[] = { "diagram", "bitonic", "-o", deep, NULL };
  const char *const tile[] = { "diagram", "bitonic", "--gpu-tile", "12", "-o", png, NULL };
  const char *const size[] = { "diagram", "bitonic", "--size", "10x10", "-o", png, NULL };
  const char *const neither[] = { "diagram", "bitonic", NULL };
  const char *const both[] = { "diagram", "bitonic", "-o", png, "--format", "json", NULL };
  const char *const yaml[] = { "diagram", "bitonic", "--format", "yaml", NULL };
  const char *const two[] = { "diagram", "bitonic", "odd-even", "-o", png, NULL };

  assert_refused (unknown, 1, "“quick” is not a sorting network; use bitonic, odd-even or oddeven-merge");
  assert_refused (none, 1, "--n 0: a diagram needs at least one key");
  assert_refused (big, 1, "--n 2000: a diagram draws at most 1024 keys");
  assert_refused (word, 1, "--n");
  assert_refused (ext, 1, "end it in .png, .svg, .pdf or .tex");
  assert_refused (missing, 1, "Cannot");
  assert_refused (tile, 1, "power of two from 2 to 16384");
  assert_refused (size, 1, "--size");
  assert_refused (neither, 2, "-o FILE or --format json");
  assert_refused (both, 2, "-o FILE or --format json");
  assert_refused (yaml, 2, "--format prints json");
  assert_refused (two, 2, "one NETWORK");
  listing = ws_test_list_dir (dir);
  g_assert_cmpstr (listing, ==, "");
  ws_test_remove_dir (dir);
}

/* The command is in the help, with its summary. */
static void
test_help (void)
{
  g_autoptr (CliResult) r = cli_run ("--help", NULL);
  g_autoptr (CliResult) own = cli_run ("diagram", "--help", NULL);

  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "  diagram  draw a sorting network"));
  g_assert_cmpint (own->status, ==, 0);
  g_assert_nonnull (strstr (own->out, "--gpu-tile"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/diagram/json", test_json);
  g_test_add_func ("/cli/diagram/files", test_files);
  g_test_add_func ("/cli/diagram/gpu-tile", test_gpu_tile);
  g_test_add_func ("/cli/diagram/errors", test_errors);
  g_test_add_func ("/cli/diagram/help", test_help);
  return g_test_run ();
}
