/* test-cli-render.c: `render` writes one PNG per pass plus the initial
 * state, of the size asked, and refuses what it cannot draw. Skips where no
 * headless OpenGL exists. */
#include <cairo.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cli-util.h"
#include "ws-test-util.h"

static guint
count_frames (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    n += g_str_has_prefix (name, "frame-") && g_str_has_suffix (name, ".png");
  return n;
}

/* Bitonic on 16 keys: 10 passes, 11 frames; odd-even on 16: 16 passes. */
static void
test_frames (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-render-XXXXXX", NULL);
  g_autofree char *bitonic = g_build_filename (dir, "bitonic", NULL);
  g_autofree char *oddeven = g_build_filename (dir, "odd-even", NULL);
  g_autoptr (CliResult) r = cli_run ("render", "bitonic", "--n", "16", "--size", "320x200",
                                     "--frames", bitonic, NULL);

  if (cli_skip_without_gl (r))
    return;
  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "11 frames"));
  g_assert_nonnull (strstr (r->out, "frame path: cpu"));
  g_assert_cmpuint (count_frames (bitonic), ==, 11);
  g_autofree char *last = g_build_filename (bitonic, "frame-0010.png", NULL);
  cairo_surface_t *png = cairo_image_surface_create_from_png (last);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 320);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, 200);
  cairo_surface_destroy (png);

  g_autoptr (CliResult) oe = cli_run ("render", "odd-even", "--n", "16", "--type", "int32",
                                      "--frames", oddeven, NULL);
  g_assert_cmpint (oe->status, ==, 0);
  g_assert_cmpuint (count_frames (oddeven), ==, 17);
  ws_test_remove_dir (dir);
}

/* A GPU variant steps on the device and draws by interop or staging; with
 * no GPU it says why and the CPU draws. Either way: 11 frames, sorted. */
static void
test_gpu_variant (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-render-XXXXXX", NULL);
  g_autoptr (CliResult) r = cli_run ("render", "bitonic", "--n", "16", "--variant", "gpu",
                                     "--frames", dir, NULL);

  if (cli_skip_without_gl (r))
    return;
  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "11 frames"));
  g_assert_nonnull (strstr (r->out, "sorted at the end"));
  g_autofree char *dir2 = g_dir_make_tmp ("ws-render-XXXXXX", NULL);
  g_autoptr (CliResult) staged = cli_run ("render", "bitonic", "--n", "16", "--variant", "gpu",
                                          "--no-interop", "--frames", dir2, NULL);
  g_assert_cmpint (staged->status, ==, 0);
  g_assert_true (strstr (staged->out, "frame path: staging — interop was turned off") != NULL
                 || strstr (staged->err, "no GPU to step on") != NULL);
  g_assert_true (strstr (r->out, "frame path: interop") != NULL
                 || strstr (r->out, "frame path: staging") != NULL
                 || (strstr (r->out, "frame path: cpu") != NULL
                     && strstr (r->err, "no GPU to step on") != NULL));
  ws_test_remove_dir (dir);
  ws_test_remove_dir (dir2);
}

/* --bench: a row per size with the path and the phases' medians. */
static void
test_bench (void)
{
  g_autoptr (CliResult) r = cli_run ("render", "--bench", "--up-to", "2^14", "--size", "320x200", NULL);

  if (cli_skip_without_gl (r))
    return;
  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "step ms"));
  for (guint e = 10; e <= 14; e += 2)
    {
      g_autofree char *row = g_strdup_printf ("\n2^%u", e);
      g_assert_nonnull (strstr (r->out, row));
    }
  g_assert_null (strstr (r->out, "\n2^16"));
  g_assert_nonnull (strstr (r->out, " cpu "));

  /* The window sum's: a row per grid side. */
  g_autoptr (CliResult) heat = cli_run ("render", "stencil", "--bench", "--up-to", "2048", "--size",
                                        "320x200", NULL);
  g_assert_cmpint (heat->status, ==, 0);
  g_assert_nonnull (strstr (heat->out, "fill ms"));
  g_assert_nonnull (strstr (heat->out, "\n1024      cpu      cpu-seq"));
  g_assert_nonnull (strstr (heat->out, "\n2048 "));
  g_assert_null (strstr (heat->out, "\n4096 "));
}

/* A frame written by a render, read back. */
static cairo_surface_t *
png_open (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  cairo_surface_t *png = cairo_image_surface_create_from_png (path);

  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  return png;
}

static const guint32 *
png_row (cairo_surface_t *png, int y)
{
  return (const guint32 *) (cairo_image_surface_get_data (png)
                            + (gsize) y * cairo_image_surface_get_stride (png));
}

static double
png_lightness (const char *dir, const char *name, int x, int y)
{
  cairo_surface_t *png = png_open (dir, name);
  guint32 p = png_row (png, y)[x];

  cairo_surface_destroy (png);
  return 0.2126 * (p >> 16 & 255) + 0.7152 * (p >> 8 & 255) + 0.0722 * (p & 255);
}

/* The window sum: a frame before the launch and one after each row of
 * blocks (N = 64, R = 2: 60 outputs a side; BS = 8: 8 rows of blocks, 9
 * frames). The output starts hatched (dark) and ends in colour. */
static void
test_heat_frames (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-render-XXXXXX", NULL);
  g_autofree char *small = g_build_filename (dir, "small", NULL);
  g_autoptr (CliResult) r = cli_run ("render", "stencil", "--frames", dir, NULL);

  if (cli_skip_without_gl (r))
    return;
  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "9 frames"));
  g_assert_nonnull (strstr (r->out, "the output verified"));
  g_assert_nonnull (strstr (r->out, "frame path: cpu"));
  g_assert_cmpuint (count_frames (dir), ==, 9);
  g_assert_cmpfloat (png_lightness (dir, "frame-0000.png", 960, 200), <, 72);
  g_assert_cmpfloat (png_lightness (dir, "frame-0008.png", 960, 200), >, 72);
  /* N = 30, R = 3: 24 outputs a side; BS = 4: 6 rows of blocks. */
  g_autoptr (CliResult) s = cli_run ("render", "stencil", "--n", "30", "--radius", "3", "--block", "4",
                                     "--per-thread", "1", "--cell", "0,23", "--type", "int32", "--dist", "uniform16",
                                     "--size", "640x360", "--frames", small, NULL);
  g_assert_cmpint (s->status, ==, 0);
  g_assert_cmpuint (count_frames (small), ==, 7);
  ws_test_remove_dir (dir);
}

/* Colour changes along row y of a frame from x0 to x1: the cells crossed. */
static guint
png_changes (const char *dir, const char *name, int x0, int x1, int y)
{
  cairo_surface_t *png = png_open (dir, name);
  const guint32 *row = png_row (png, y);
  guint changes = 0;

  for (int x = x0 + 1; x < x1; x++)
    changes += (row[x] & 0xffffff) != (row[x - 1] & 0xffffff);
  cairo_surface_destroy (png);
  return changes;
}

/* --zoom 6 about output (30, 30) draws the maps closer: along a row of the
 * output map the colour changes once a cell — 10 cells in sight, not 60. */
static void
test_heat_zoom (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-render-XXXXXX", NULL);
  g_autofree char *whole = g_build_filename (dir, "whole", NULL);
  g_autofree char *close = g_build_filename (dir, "close", NULL);
  g_autoptr (CliResult) w = cli_run ("render", "stencil", "--cell", "30,30", "--frames", whole, NULL);
  g_autoptr (CliResult) c = cli_run ("render", "stencil", "--cell", "30,30", "--zoom", "6",
                                     "--frames", close, NULL);
  g_autoptr (CliResult) bad = cli_run ("render", "stencil", "--zoom", "0.5", "--frames", dir, NULL);
  g_autoptr (CliResult) bars = cli_run ("render", "bitonic", "--zoom", "2", "--frames", dir, NULL);

  cli_assert_fails (bars, "--zoom are for render stencil", NULL);
  if (cli_skip_without_gl (w))
    return;
  g_assert_cmpint (w->status, ==, 0);
  g_assert_cmpint (c->status, ==, 0);
  cli_assert_fails (bad, "--zoom “0.5”", NULL);
  g_assert_cmpuint (png_changes (whole, "frame-0008.png", 700, 1200, 150), >, 40);
  g_assert_cmpuint (png_changes (close, "frame-0008.png", 700, 1200, 150), <, 25);
  ws_test_remove_dir (dir);
}

/* A GPU variant computes the output there and draws from device memory;
 * without a GPU it says why and the CPU computes. */
static void
test_heat_gpu_variant (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-render-XXXXXX", NULL);
  g_autoptr (CliResult) r = cli_run ("render", "stencil", "--variant", "gpu-seed", "--block", "16",
                                     "--per-thread", "4", "--frames", dir, NULL);

  if (cli_skip_without_gl (r))
    return;
  g_assert_cmpint (r->status, ==, 0);
  g_assert_cmpuint (count_frames (dir), ==, 5);
  g_assert_true (strstr (r->out, "frame path: interop") != NULL
                 || strstr (r->out, "frame path: staging") != NULL
                 || (strstr (r->out, "frame path: cpu") != NULL
                     && strstr (r->err, "the CPU computes") != NULL));
  ws_test_remove_dir (dir);
}

static void
test_heat_errors (void)
{
  g_autoptr (CliResult) bars = cli_run ("render", "stencil", "--view", "bars", "--frames", "/tmp/x", NULL);
  g_autoptr (CliResult) heat = cli_run ("render", "bitonic", "--view", "heat", "--frames", "/tmp/x", NULL);
  g_autoptr (CliResult) view = cli_run ("render", "stencil", "--view", "pie", "--frames", "/tmp/x", NULL);
  g_autoptr (CliResult) radius = cli_run ("render", "bitonic", "--radius", "2", "--frames", "/tmp/x", NULL);
  g_autofree char *dir = g_dir_make_tmp ("ws-render-XXXXXX", NULL);
  g_autoptr (CliResult) fit = cli_run ("render", "stencil", "--n", "4", "--radius", "2", "--frames", dir, NULL);
  g_autoptr (CliResult) cell = cli_run ("render", "stencil", "--cell", "60,0", "--frames", dir, NULL);
  g_autoptr (CliResult) block = cli_run ("render", "stencil", "--block", "33", "--frames", dir, NULL);

  cli_assert_fails (bars, "stencil's grids take --view heat", NULL);
  cli_assert_fails (heat, "bitonic takes --view bars", NULL);
  cli_assert_fails (view, "--view pie", NULL);
  cli_assert_fails (radius, "are for render stencil", NULL);
  if (cli_skip_without_gl (fit))
    return;
  cli_assert_fails (fit, "N must exceed 2R", NULL);
  cli_assert_fails (cell, "--cell “60,0”", "0 … 59", NULL);
  cli_assert_fails (block, "block", NULL);
  g_assert_cmpuint (count_frames (dir), ==, 0);
  ws_test_remove_dir (dir);
}

static void
test_errors (void)
{
  g_autoptr (CliResult) algo = cli_run ("render", "reduce", "--frames", "/tmp/x", NULL);
  g_autoptr (CliResult) size = cli_run ("render", "bitonic", "--size", "10x10", "--frames", "/tmp/x", NULL);
  g_autoptr (CliResult) big = cli_run ("render", "bitonic", "--n", "2^25", "--frames", "/tmp/x", NULL);
  g_autoptr (CliResult) usage = cli_run ("render", "bitonic", NULL);

  cli_assert_fails (algo, "“reduce” draws neither as bars nor as heat maps", NULL);
  cli_assert_fails (size, "--size “10x10”", NULL);
  cli_assert_fails (big, "2^24", NULL);
  g_assert_cmpint (usage->status, ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/render/frames", test_frames);
  g_test_add_func ("/cli/render/gpu-variant", test_gpu_variant);
  g_test_add_func ("/cli/render/bench", test_bench);
  g_test_add_func ("/cli/render/errors", test_errors);
  g_test_add_func ("/cli/render/heat-frames", test_heat_frames);
  g_test_add_func ("/cli/render/heat-gpu-variant", test_heat_gpu_variant);
  g_test_add_func ("/cli/render/heat-errors", test_heat_errors);
  g_test_add_func ("/cli/render/heat-zoom", test_heat_zoom);
  return g_test_run ();
}
