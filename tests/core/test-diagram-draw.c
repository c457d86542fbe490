/* test-diagram-draw.c: the diagram drawn (ws-diagram.h) — hit testing at
 * the places the drawing puts its layers, wires and bars, read back from
 * the pixels; a window of layers and wires; the live state's colours; and
 * the files: PNG, SVG, PDF by their magic bytes, TikZ with one \draw per
 * comparator, all written atomically (a failure leaves no file, and an
 * old file stays as it was). */
#include <string.h>

#include <glib/gstdio.h>

#include "plot-pixels.h"
#include "ws-diagram.h"
#include "ws-error.h"
#include "ws-test-util.h"

#define W 1280
#define H 720

static WsDiagram *
diagram_new (WsNetworkKind kind,
             gsize         n)
{
  g_autoptr (WsNetwork) net = ws_network_new (kind, n, NULL);

  return ws_diagram_new (net, NULL);
}

static cairo_surface_t *
draw (const WsDiagram       *d,
      const WsDiagramWindow *window,
      const WsDiagramState  *state)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, W, H);
  cairo_t *cr = cairo_create (s);

  ws_diagram_draw (d, cr, W, H, window, state);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  return s;
}

/* Where comparator i of a layer is drawn: its layer's sub-column, half
 * way between its wires. */
static void
bar_point (const WsDiagram       *d,
           const WsDiagramWindow *window,
           guint                  layer,
           guint                  i,
           double                *x,
           double                *y)
{
  const WsDiagramComparator *c = ws_diagram_layer (d, layer, NULL) + i;
  double x0, x1, ya, yb;

  g_assert_true (ws_diagram_layer_span (d, W, H, window, layer, &x0, &x1));
  g_assert_true (ws_diagram_wire_y (d, W, H, window, c->a, &ya));
  g_assert_true (ws_diagram_wire_y (d, W, H, window, c->b, &yb));
  *x = x0 + (c->column + 0.5) * (x1 - x0) / ws_diagram_layer_columns (d, layer);
  *y = (ya + yb) / 2;
}

static void
assert_hit (const WsDiagram       *d,
            const WsDiagramWindow *window,
            double                 x,
            double                 y,
            int                    layer,
            int                    wire,
            int                    comparator)
{
  WsDiagramHit hit;

  ws_diagram_hit (d, W, H, window, x, y, &hit);
  g_assert_cmpint (hit.layer, ==, layer);
  g_assert_cmpint (hit.wire, ==, wire);
  g_assert_cmpint (hit.comparator, ==, comparator);
}

/* Whether a dark (or rgb) pixel lies within a pixel of (x, y): lines
 * are antialiased, so their one full pixel may be beside the centre. */
static gboolean
near_point (cairo_surface_t *s,
            guint32          rgb,
            double           x,
            double           y)
{
  return count (s, rgb, (Box) { (int) x - 1, (int) y - 1, (int) x + 1, (int) y + 1 }) > 0;
}

static void
test_hit (void)
{
  g_autoptr (WsDiagram) d = diagram_new (WS_NETWORK_BITONIC, 16);
  double x0, x1, y;

  /* In layer 1's gap, on wire 5: the layer and the wire, no bar. */
  g_assert_true (ws_diagram_layer_span (d, W, H, NULL, 0, &x0, &x1));
  g_assert_true (ws_diagram_wire_y (d, W, H, NULL, 5, &y));
  g_assert_cmpfloat (x0, <, x1);
  assert_hit (d, NULL, x0 - 3, y, 0, 5, -1);
  assert_hit (d, NULL, 2, 2, -1, -1, -1);
  /* Each bar, just below its upper wire. */
  for (guint l = 0; l < ws_diagram_n_layers (d); l++)
    {
      guint n;
      const WsDiagramComparator *c = ws_diagram_layer (d, l, &n);
      for (guint i = 0; i < n; i++)
        {
          double bx, by, ya;
          bar_point (d, NULL, l, i, &bx, &by);
          g_assert_true (ws_diagram_wire_y (d, W, H, NULL, MIN (c[i].a, c[i].b), &ya));
          assert_hit (d, NULL, bx, ya + 2, (int) l, (int) MIN (c[i].a, c[i].b), (int) i);
        }
    }
}

/* Every bar whose wires are shown is drawn, and found, where
 * ws_diagram_layer_span and ws_diagram_wire_y put it. */
static void
assert_bars_drawn (const WsDiagram       *d,
                   const WsDiagramWindow *window,
                   guint                  l0,
                   guint                  l1,
                   guint                  w0,
                   guint                  w1)
{
  g_autoptr (cairo_surface_t) s = draw (d, window, NULL);
  guint checked = 0;

  for (guint l = l0; l < l1; l++)
    {
      guint n;
      const WsDiagramComparator *c = ws_diagram_layer (d, l, &n);
      for (guint i = 0; i < n; i++)
        if (MIN (c[i].a, c[i].b) >= w0 && MAX (c[i].a, c[i].b) < w1)
          {
            double x, y;
            WsDiagramHit hit;
            bar_point (d, window, l, i, &x, &y);
            g_assert_true (near_point (s, DARK, x, y));
            g_assert_true (ws_diagram_hit (d, W, H, window, x, y, &hit));
            g_assert_cmpint (hit.layer, ==, (int) l);
            g_assert_cmpint (hit.comparator, ==, (int) i);
            checked++;
          }
    }
  g_assert_cmpuint (checked, >, 0);
}

/* The whole diagram, and a window of layers 7 to 10 and wires 8 to 23. */
static void
test_pixels (void)
{
  g_autoptr (WsDiagram) d = diagram_new (WS_NETWORK_ODD_EVEN_MERGE, 32);
  WsDiagramWindow window = { 6, 4, 8, 16 };
  double x0, x1;

  assert_bars_drawn (d, NULL, 0, ws_diagram_n_layers (d), 0, 32);
  assert_bars_drawn (d, &window, 6, 10, 8, 24);
  g_assert_false (ws_diagram_layer_span (d, W, H, &window, 5, &x0, &x1));
  g_assert_false (ws_diagram_layer_span (d, W, H, &window, 10, &x0, &x1));
  g_assert_false (ws_diagram_wire_y (d, W, H, &window, 7, &x0));
  g_assert_true (ws_diagram_wire_y (d, W, H, &window, 23, &x0));
  assert_hit (d, &window, 1, 1, -1, -1, -1);
}

/* The lit layer's bars in the accent colour, those that exchanged in the
 * warm one, other layers' in ink; a wire in its colour, a hovered one in
 * ink. */
static void
test_state (void)
{
  g_autoptr (WsDiagram) d = diagram_new (WS_NETWORK_BITONIC, 8);
  guint8 swapped[8] = { 0, 1, 0, 1, 0, 0, 0, 0 };
  guint32 rgb[8];
  WsDiagramState state;
  g_autoptr (cairo_surface_t) s = NULL;
  double x, y, ya, x0, x1, yw;

  for (guint i = 0; i < 8; i++)
    rgb[i] = i == 6 ? 0xff00ff : 0x00ff00;
  ws_diagram_state_init (&state);
  state.current_layer = 1;
  state.swapped = swapped;
  state.wire_rgb = rgb;
  state.hover.wire = 2;
  s = draw (d, NULL, &state);
  /* Layer 2 (k = 4, j = 2): (0, 2) kept its keys, (1, 3) exchanged. */
  bar_point (d, NULL, 1, 0, &x, &y);
  g_assert_true (ws_diagram_wire_y (d, W, H, NULL, 0, &ya));
  g_assert_true (near_point (s, 0x0072b2, x, (y + ya) / 2));
  bar_point (d, NULL, 1, 1, &x, &y);
  g_assert_true (near_point (s, 0xd55e00, x, y));
  bar_point (d, NULL, 3, 0, &x, &y);
  g_assert_true (near_point (s, DARK, x, y));
  /* Wire 6 in its colour and wire 2 in ink, in the gap after layer 1. */
  g_assert_true (ws_diagram_layer_span (d, W, H, NULL, 0, &x0, &x1));
  g_assert_true (ws_diagram_wire_y (d, W, H, NULL, 6, &yw));
  g_assert_true (near_point (s, 0xff00ff, x1 + 4, yw));
  g_assert_true (ws_diagram_wire_y (d, W, H, NULL, 2, &yw));
  g_assert_true (near_point (s, DARK, x1 + 4, yw));
}

/* ---- Files ---- */

static char *
read_file (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* Saves d to dir/name; the file then starts with magic and is alone in
 * dir (no temporary file left). */
static void
assert_saved (const WsDiagram *d,
              const char      *dir,
              const char      *name,
              const char      *magic)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *text = NULL;
  g_autofree char *listing = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (ws_diagram_save (d, path, 640, 360, &error));
  g_assert_no_error (error);
  text = read_file (path);
  g_assert_true (g_str_has_prefix (text, magic));
  listing = ws_test_list_dir (dir);
  g_assert_cmpstr (listing, ==, name);
  g_assert_cmpint (g_remove (path), ==, 0);
}

static void
test_files (void)
{
  g_autoptr (WsDiagram) d = diagram_new (WS_NETWORK_BITONIC, 12);
  g_autofree char *dir = ws_test_make_dir ();

  g_assert_true (ws_diagram_set_gpu_groups (d, 4, NULL));
  assert_saved (d, dir, "bitonic.png", "\x89PNG\r\n\x1a\n");
  assert_saved (d, dir, "bitonic.SVG", "<?xml");
  assert_saved (d, dir, "bitonic.pdf", "%PDF-");
  assert_saved (d, dir, "bitonic.tex", "% bitonic sorting network on 12 keys");
  ws_test_remove_dir (dir);
}

/* Each failure leaves the folder as it was: an old file whole, no new or
 * temporary file. */
static void
assert_save_fails (const WsDiagram *d,
                   const char      *path,
                   int              width,
                   GQuark           domain,
                   int              code,
                   const char      *needle)
{
  g_autoptr (GError) error = NULL;

  g_assert_false (ws_diagram_save (d, path, width, 360, &error));
  g_assert_error (error, domain, code);
  g_assert_nonnull (strstr (error->message, needle));
}

static void
test_files_fail (void)
{
  g_autoptr (WsDiagram) d = diagram_new (WS_NETWORK_ODD_EVEN, 8);
  g_autofree char *dir = ws_test_make_dir ();
  g_autofree char *old = g_build_filename (dir, "old.png", NULL);
  g_autofree char *gif = g_build_filename (dir, "new.gif", NULL);
  g_autofree char *deep = g_build_filename (dir, "missing", "new.png", NULL);
  g_autofree char *listing = NULL;
  g_autofree char *text = NULL;

  g_assert_true (g_file_set_contents (old, "old", -1, NULL));
  assert_save_fails (d, gif, 640, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, ".png, .svg, .pdf or .tex");
  assert_save_fails (d, old, 8, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "16 to 16384 pixels");
  assert_save_fails (d, deep, 640, WS_ERROR, WS_ERROR_IO, "missing");
  listing = ws_test_list_dir (dir);
  g_assert_cmpstr (listing, ==, "old.png");
  text = read_file (old);
  g_assert_cmpstr (text, ==, "old");
  ws_test_remove_dir (dir);
}

static guint
occurrences (const char *text,
             const char *needle)
{
  guint n = 0;

  for (const char *at = strstr (text, needle); at != NULL; at = strstr (at + 1, needle))
    n++;
  return n;
}

/* A standalone document: one \draw per comparator, padding said, the GPU
 * grouping's launches and caption. */
static void
test_tikz (void)
{
  g_autoptr (WsDiagram) d = diagram_new (WS_NETWORK_BITONIC, 12);
  g_autofree char *plain = ws_diagram_to_tikz (d);
  g_autofree char *grouped = NULL;

  g_assert_nonnull (strstr (plain, "\\documentclass[tikz"));
  g_assert_nonnull (strstr (plain, "\\begin{tikzpicture}"));
  g_assert_true (g_str_has_suffix (plain, "\\end{tikzpicture}\n\\end{document}\n"));
  g_assert_cmpuint (occurrences (plain, "\\draw"), ==, ws_diagram_n_comparators (d));
  g_assert_cmpuint (occurrences (plain, "\\draw[comparator] (1.75,3) -- (1.75,2);"), ==, 1);
  g_assert_cmpuint (occurrences (plain, "$+\\infty$"), ==, 4);
  g_assert_null (strstr (plain, "GPU"));
  g_assert_true (ws_diagram_set_gpu_groups (d, 4, NULL));
  grouped = ws_diagram_to_tikz (d);
  g_assert_cmpuint (occurrences (grouped, "\\draw"), ==, ws_diagram_n_comparators (d));
  g_assert_cmpuint (occurrences (grouped, "\\path[launch"), ==, ws_diagram_n_launches (d));
  g_assert_nonnull (strstr (grouped, "tile of 4 keys standing for its 4096"));
}

/* A narrow drawing at presentation size: the legend's lines shrink, then
 * leave out or shorten what would run past the right edge (text was cut
 * there by the edge, mid-word). */
static void
test_narrow_legend (void)
{
  g_autoptr (WsDiagram) d = diagram_new (WS_NETWORK_BITONIC, 64);
  g_autoptr (cairo_surface_t) s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 480, 400);
  cairo_t *cr = cairo_create (s);

  g_assert_true (ws_diagram_set_gpu_groups (d, 16, NULL));
  ws_diagram_set_emphasis (d, 1.5);
  ws_diagram_draw (d, cr, 480, 400, NULL, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  /* the last columns are the page's margin: no ink there, from the wires'
   * labels down to the last legend line */
  g_assert_cmpint (count (s, DARK, (Box) { 476, 0, 479, 399 }), ==, 0);
  g_assert_cmpint (count (s, DARK, (Box) { 0, 300, 475, 399 }), >, 100); /* the legend is there */
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/diagram/hit", test_hit);
  g_test_add_func ("/diagram/pixels", test_pixels);
  g_test_add_func ("/diagram/state", test_state);
  g_test_add_func ("/diagram/files", test_files);
  g_test_add_func ("/diagram/files-fail", test_files_fail);
  g_test_add_func ("/diagram/tikz", test_tikz);
  g_test_add_func ("/diagram/narrow-legend", test_narrow_legend);
  return g_test_run ();
}
