/* test-gpu-frames.c: frames made on the GPU — the bars' bins from device
 * keys equal the CPU's bit for bit; on an NVIDIA EGL context the frame path
 * is interop, and its pixels equal the cpu path's; a network stepped on the
 * device matches the CPU pass by pass. Skips without a GPU (and the GL
 * cases without an NVIDIA EGL device). */
#include <string.h>

#include "gpu-test-util.h"
#include "ws-backend.h"
#include "ws-frame-path.h"
#include "ws-gl-context.h"
#include "ws-stencil.h"
#include "ws-stepper.h"
#include "ws-window-sum-view.h"

static const WsDeviceOps *
device (void)
{
  return ws_backend_gpu ()->device;
}

/* Bins of n keys over `columns`, made on the device. */
static WsBarBin *
device_bins (const WsArray *a, const guint8 *flags, double vmin, double vmax, guint columns)
{
  guint count = ws_bars_count (a->n, columns);
  WsBarBin *bins = g_new0 (WsBarBin, MAX (count, 1));
  gpointer d_keys = device ()->alloc (MAX (ws_array_bytes (a), 1), NULL);
  gpointer d_flags = device ()->alloc (MAX (a->n, 1), NULL);
  gpointer d_bins = device ()->alloc (MAX (count, 1) * sizeof (WsBarBin), NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (device ()->upload (d_keys, a->data, ws_array_bytes (a), &error));
  if (flags != NULL)
    g_assert_true (device ()->upload (d_flags, flags, a->n, &error));
  g_assert_true (device ()->bars_fill (a->type, d_keys, flags ? d_flags : NULL, a->n, vmin, vmax,
                                       columns, d_bins, &error));
  g_assert_true (device ()->download (bins, d_bins, count * sizeof (WsBarBin), &error));
  g_assert_no_error (error);
  device ()->release (d_keys), device ()->release (d_flags), device ()->release (d_bins);
  return bins;
}

static void
test_bins_equal (gconstpointer data)
{
  const WsTestCase *c = data;
  const gsize sizes[] = { 0, 1, 7, 1000, 1919, 1920, 100003, (gsize) 1 << 22 };

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (WsArray) a = ws_test_generate (c->type, c->dist, sizes[s], 5 + s);
      g_autofree guint8 *flags = g_new0 (guint8, MAX (a->n, 1));
      double vmin, vmax;
      guint count = ws_bars_count (a->n, 1920);
      for (gsize i = 0; i < a->n; i += 3)
        flags[i] = i % 2 ? WS_BAR_COMPARED : WS_BAR_COMPARED | WS_BAR_SWAPPED;
      ws_bars_range (a, &vmin, &vmax);
      g_autofree WsBarBin *host = g_new0 (WsBarBin, MAX (count, 1));
      ws_bars_fill (a, flags, vmin, vmax, 1920, host);
      g_autofree WsBarBin *gpu = device_bins (a, flags, vmin, vmax, 1920);
      g_assert_cmpmem (gpu, count * sizeof (WsBarBin), host, count * sizeof (WsBarBin));
    }
}

/* Every pass of a network on the device gives the CPU's keys and flags. */
static void
test_stepper_device (gconstpointer data)
{
  const WsTestCase *c = data;

  if (gpu_test_skip_without_device ())
    return;
  for (WsNetworkKind kind = 0; kind < WS_N_NETWORKS; kind++)
    {
      g_autoptr (WsArray) a = ws_test_generate (c->type, c->dist, 300, 9);
      g_autoptr (WsStepper) cpu = ws_stepper_new (kind, a, NULL);
      g_autoptr (WsStepper) gpu = ws_stepper_new_on_device (kind, a, ws_backend_gpu (), NULL);
      gboolean stepped = TRUE;
      g_assert_nonnull (gpu);
      while (ws_stepper_step (cpu))
        {
          g_assert_true (ws_stepper_step_device (gpu, &stepped, NULL));
          g_assert_true (stepped);
          g_assert_true (ws_stepper_sync (gpu, NULL));
          g_assert_true (ws_array_equal (ws_stepper_keys (cpu), ws_stepper_keys (gpu)));
          g_assert_cmpmem (ws_stepper_flags (cpu), ws_stepper_keys (cpu)->n,
                           ws_stepper_flags (gpu), ws_stepper_keys (gpu)->n);
        }
      g_assert_true (ws_stepper_step_device (gpu, &stepped, NULL));
      g_assert_false (stepped);
    }
}

static guint8 *
read_pixels (WsGlContext *gl, gsize *size)
{
  cairo_surface_t *image = ws_gl_context_read (gl);
  int stride = cairo_image_surface_get_stride (image), h = cairo_image_surface_get_height (image);
  guint8 *copy = g_memdup2 (cairo_image_surface_get_data (image), (gsize) stride * h);

  *size = (gsize) stride * h;
  cairo_surface_destroy (image);
  return copy;
}

/* The same keys drawn through interop, staging and the cpu path: the same
 * pixels. Also the path and its reason. */
static void
test_interop_pixels (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsGlContext) gl = NULL;
  g_autoptr (WsRenderer) renderer = NULL;
  g_autoptr (WsArray) a = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 1 << 20, 3);
  const int w = 1600, h = 600;
  guint columns;
  double vmin, vmax;
  gsize size_gpu, size_cpu;

  if (gpu_test_skip_without_device ())
    return;
  if ((gl = ws_gl_context_new (NULL)) == NULL || !ws_gl_context_is_nvidia (gl))
    {
      g_test_skip ("no OpenGL context on an NVIDIA EGL device here");
      return;
    }
  g_assert_true (ws_gl_context_bind_target (gl, w, h, &error));
  renderer = ws_renderer_new (&error);
  g_assert_no_error (error);
  columns = ws_renderer_bar_columns (w, 1.0);
  ws_bars_range (a, &vmin, &vmax);
  WsBarsView view = { ws_bars_count (a->n, columns), a->n, 4096, 1.0 };

  g_autoptr (WsFramePath) interop = ws_frame_path_new (renderer, ws_backend_gpu (), TRUE, columns, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ws_frame_path_kind (interop), ==, WS_FRAME_PATH_INTEROP);
  g_test_message ("interop: %s", ws_frame_path_reason (interop));
  gpointer d_keys = device ()->alloc (ws_array_bytes (a), &error);
  g_assert_true (device ()->upload (d_keys, a->data, ws_array_bytes (a), &error));
  g_assert_true (ws_frame_path_fill_device (interop, a->type, d_keys, NULL, a->n, vmin, vmax, columns,
                                            &error));
  ws_renderer_draw_bars (renderer, &view, w, h);
  g_autofree guint8 *gpu = read_pixels (gl, &size_gpu);

  /* Staging, asked for: the same pixels through the host. */
  gsize size_staged;
  g_autoptr (WsFramePath) staging = ws_frame_path_new (renderer, ws_backend_gpu (), FALSE, columns, &error);
  g_assert_cmpint (ws_frame_path_kind (staging), ==, WS_FRAME_PATH_STAGING);
  g_assert_true (ws_frame_path_fill_device (staging, a->type, d_keys, NULL, a->n, vmin, vmax, columns,
                                            &error));
  ws_renderer_draw_bars (renderer, &view, w, h);
  g_autofree guint8 *staged = read_pixels (gl, &size_staged);
  g_assert_cmpmem (staged, size_staged, gpu, size_gpu);
  device ()->release (d_keys);

  g_autoptr (WsFramePath) cpu = ws_frame_path_new (renderer, NULL, TRUE, columns, &error);
  g_assert_cmpint (ws_frame_path_kind (cpu), ==, WS_FRAME_PATH_CPU);
  ws_frame_path_fill_host (cpu, a, NULL, vmin, vmax, columns);
  ws_renderer_draw_bars (renderer, &view, w, h);
  g_autofree guint8 *host = read_pixels (gl, &size_cpu);
  g_assert_cmpmem (gpu, size_gpu, host, size_cpu);
}

/* Study 001's picture of a 2048² grid and its window sum (shown at fewer
 * texels than cells, the output half computed; then zoomed in, the
 * textures holding the part shown) through interop, staging and the cpu
 * path: the same pixels. */
static void
fill_both (WsFramePath *path, const WsArray *grids[2], gpointer d_grids[2], const WsWindowSumView *v,
           const WsHeatMask *mask)
{
  g_autoptr (GError) error = NULL;

  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    {
      guint64 side = slot == WS_HEAT_INPUT ? v->shape.side : ws_stencil_outputs (&v->shape);
      const WsHeatMask *m = slot == WS_HEAT_OUTPUT ? mask : NULL;
      WsHeatRegion region = ws_window_sum_region (v, slot);
      if (ws_frame_path_kind (path) == WS_FRAME_PATH_CPU)
        ws_frame_path_fill_heat_host (path, slot, grids[slot], side, &region, m, v->texels[slot]);
      else
        g_assert_true (ws_frame_path_fill_heat_device (path, slot, grids[slot]->type, d_grids[slot],
                                                       side, &region, m, v->texels[slot], &error));
      g_assert_no_error (error);
    }
}

static guint8 *
draw_study (WsGlContext *gl, WsRenderer *renderer, WsFramePath *path, const WsArray *grids[2],
            gpointer d_grids[2], const WsWindowSumView *v, const WsHeatMask *mask, gsize *size)
{
  fill_both (path, grids, d_grids, v, mask);
  ws_window_sum_draw (renderer, v, 1600, 900);
  return read_pixels (gl, size);
}

/* The picture through the three paths, compared. */
static void
check_paths (WsGlContext *gl, WsRenderer *renderer, const WsArray *grids[2], gpointer d_grids[2],
             const WsWindowSumView *v, const WsHeatMask *mask)
{
  g_autoptr (GError) error = NULL;
  gsize sizes[3];

  g_autoptr (WsFramePath) interop = ws_frame_path_new (renderer, ws_backend_gpu (), TRUE, 1, &error);
  g_assert_cmpint (ws_frame_path_kind (interop), ==, WS_FRAME_PATH_INTEROP);
  g_autofree guint8 *by_interop = draw_study (gl, renderer, interop, grids, d_grids, v, mask, &sizes[0]);
  g_autoptr (WsFramePath) staging = ws_frame_path_new (renderer, ws_backend_gpu (), FALSE, 1, &error);
  g_autofree guint8 *by_staging = draw_study (gl, renderer, staging, grids, d_grids, v, mask, &sizes[1]);
  g_autoptr (WsFramePath) cpu = ws_frame_path_new (renderer, NULL, TRUE, 1, &error);
  g_autofree guint8 *by_cpu = draw_study (gl, renderer, cpu, grids, d_grids, v, mask, &sizes[2]);
  g_assert_no_error (error);
  g_assert_cmpmem (by_interop, sizes[0], by_staging, sizes[1]);
  g_assert_cmpmem (by_interop, sizes[0], by_cpu, sizes[2]);
}

static void
test_heat_interop_pixels (gconstpointer data)
{
  const WsTestCase *c = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (WsGlContext) gl = NULL;
  g_autoptr (WsRenderer) renderer = NULL;
  /* uniform16 keeps int32 window sums in range. */
  g_autoptr (WsArray) grid = ws_test_generate (c->type, WS_DIST_UNIFORM16, 2048 * 2048, 9);
  g_autoptr (WsArray) out = NULL;
  WsWindowSumView v = { { 2048, 3, 16, 4 } };
  WsHeatMask mask = { 16, 64, 700 };
  gpointer d_grids[2];

  if (gpu_test_skip_without_device ())
    return;
  if ((gl = ws_gl_context_new (NULL)) == NULL || !ws_gl_context_is_nvidia (gl))
    return (void) g_test_skip ("no OpenGL context on an NVIDIA EGL device here");
  g_assert_true (ws_gl_context_bind_target (gl, 1600, 900, &error));
  renderer = ws_renderer_new (&error);
  out = ws_stencil (grid, 2048, 3, WS_VARIANT_CPU_PAR, NULL, &error);
  g_assert_no_error (error);
  const WsArray *grids[2] = { grid, out };
  ws_bars_range (grid, &v.in_min, &v.in_max);
  ws_bars_range (out, &v.out_min, &v.out_max);
  v.chosen = TRUE, v.row = 1000, v.col = 37, v.launch_lines = TRUE, v.scale = 1.0;
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    {
      v.texels[slot] = ws_window_sum_texels (&v, slot, 1600, 900);
      g_assert_cmpuint (v.texels[slot], <, 2042); /* fewer texels than cells a side */
      d_grids[slot] = device ()->alloc (ws_array_bytes (grids[slot]), &error);
      g_assert_true (device ()->upload (d_grids[slot], grids[slot]->data, ws_array_bytes (grids[slot]),
                                        &error));
    }
  check_paths (gl, renderer, grids, d_grids, &v, &mask);
  /* 40× about output (900, 1500): one texel a cell of the part shown. */
  v.zoom = (WsWindowSumZoom) { 40.0, 900.0, 1500.0 };
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    {
      v.texels[slot] = ws_window_sum_texels (&v, slot, 1600, 900);
      g_assert_cmpuint (v.texels[slot], ==, ws_window_sum_region (&v, slot).span);
    }
  check_paths (gl, renderer, grids, d_grids, &v, &mask);
  device ()->release (d_grids[0]), device ()->release (d_grids[1]);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  ws_test_add_cases ("/gpu/frames/bins", WS_TEST_PER_DIST, 0, test_bins_equal);
  ws_test_add_cases ("/gpu/frames/stepper", WS_TEST_PER_TYPE, 0, test_stepper_device);
  g_test_add_func ("/gpu/frames/interop-pixels", test_interop_pixels);
  ws_test_add_cases ("/gpu/frames/heat-interop-pixels", WS_TEST_PER_TYPE, 0, test_heat_interop_pixels);
  return g_test_run ();
}
