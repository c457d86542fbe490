/* ws-cli-render-heat.c: `render stencil --view heat` — study 001's window
 * sum as frames: the input and output grids as heat maps, the output
 * filling one row of blocks per frame in the launch's order, with the
 * blocks and threads drawn and one chosen output's window, thread, block
 * and tile marked.
 *
 * The output is computed by the asked variant (and verified) before any
 * frame is drawn; a GPU variant's grids then sit in device memory and the
 * frames reach GL from there (interop or staging), a CPU variant's from
 * the host.
 */
#include <stdio.h>

#include "ws-array-io.h"
#include "ws-cli-render.h"
#include "ws-cli.h"
#include "ws-error.h"
#include "ws-generator.h"
#include "ws-run-data.h"
#include "ws-size.h"
#include "ws-stencil.h"
#include "ws-window-sum-view.h"

typedef struct
{
  Render            *r;
  WsRunInput         in;
  WsRunData          data;
  WsRunOutput        out;
  WsStencilShape     shape;
  const WsDeviceOps *device;  /* the grids are on the device, or NULL */
  gpointer           d_grid, d_output;
  guint64            row, col; /* the chosen output */
  double             in_min, in_max, out_min, out_max; /* the colour scales */
  gsize              side;     /* the grid's side when set (the benchmark's), else --n */
  gboolean           verify;
} Heat;

static void
heat_clear (Heat *h)
{
  if (h->device != NULL)
    h->device->release (h->d_grid), h->device->release (h->d_output);
  ws_run_output_clear (&h->out);
  ws_run_data_clear (&h->data);
}

static gboolean
invalid (GError **error, const char *format, const char *text)
{
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, format, text);
  return FALSE;
}

/* A parameter of the registry's stencil, range-checked there. */
static gboolean
set_param (Heat *h, const char *name, const char *text, GError **error)
{
  g_autofree char *option = g_strconcat ("--", name, NULL);
  gint64 value;

  if (text == NULL)
    return TRUE;
  if (!ws_int_parse (option, text, G_MININT64, G_MAXINT64, &value, error))
    return FALSE;
  return ws_params_set (h->in.algo, &h->in.params, name, value, error);
}

/* "ROW,COL" of the output grid. */
static gboolean
parse_cell (Heat *h, const char *text, GError **error)
{
  guint64 m = ws_stencil_outputs (&h->shape);
  g_auto (GStrv) parts = text ? g_strsplit (text, ",", 0) : NULL;

  h->row = h->col = m / 2;
  if (text == NULL)
    return TRUE;
  if (g_strv_length (parts) != 2
      || !g_ascii_string_to_unsigned (g_strstrip (parts[0]), 10, 0, m - 1, &h->row, NULL)
      || !g_ascii_string_to_unsigned (g_strstrip (parts[1]), 10, 0, m - 1, &h->col, NULL))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "--cell “%s”: write ROW,COL of an output, each 0 … %" G_GUINT64_FORMAT, text,
                   m - 1);
      return FALSE;
    }
  return TRUE;
}

/* A GPU variant without a GPU (why) says so, and the CPU computes
 * instead; other errors stand. */
static gboolean
fall_back (Heat *h, GError *why, GError **error)
{
  if (!ws_variant_is_gpu (h->in.variant) || !g_error_matches (why, WS_ERROR, WS_ERROR_UNAVAILABLE))
    {
      g_propagate_error (error, why);
      return FALSE;
    }
  fprintf (stderr, "warpscope-cli: %s; the CPU computes (cpu-par) and draws instead\n",
           why->message);
  g_error_free (why);
  h->in.variant = WS_VARIANT_CPU_PAR;
  return TRUE;
}

static gboolean
check_variant (Heat *h, WsKeyType type, gsize n, GError **error)
{
  GError *why = NULL;

  return ws_algorithm_check_run (h->in.algo, h->in.variant, type, n, &why)
         || (fall_back (h, why, error)
             && ws_algorithm_check_run (h->in.algo, h->in.variant, type, n, error));
}

static gboolean
run_variant (Heat *h, GError **error)
{
  GError *why = NULL;

  if (ws_run (&h->in, &h->out, &why))
    return TRUE;
  ws_run_output_clear (&h->out);
  return fall_back (h, why, error) && ws_run (&h->in, &h->out, error);
}

static gboolean
parse (Heat *h, const RenderOptions *o, WsKeyType *type, WsDistribution *dist, gsize *n,
       guint64 *seed, GError **error)
{
  *type = WS_KEY_FLOAT32, *dist = WS_DIST_UNIFORM, *n = 64, *seed = 1;
  h->in.variant = WS_VARIANT_CPU_SEQ;
  if ((h->in.algo = ws_registry_lookup ("stencil", error)) == NULL)
    return FALSE;
  ws_params_init_defaults (h->in.algo, &h->in.params);
  /* The render's own defaults: a grid small enough to read on a slide. */
  ws_params_set (h->in.algo, &h->in.params, "block", 8, NULL);
  ws_params_set (h->in.algo, &h->in.params, "per-thread", 2, NULL);
  return (!o->variant || ws_variant_from_string (o->variant, &h->in.variant, error))
         && (!o->type || ws_key_type_from_string (o->type, type, error))
         && (!o->dist || ws_distribution_from_string (o->dist, dist, error))
         && (h->side || !o->n || ws_size_parse_range ("--n", o->n, 1, G_MAXSIZE, n, error))
         && (!o->seed || ws_cli_parse_seed (o->seed, seed, error))
         && set_param (h, "radius", o->radius, error) && set_param (h, "block", o->block, error)
         && set_param (h, "per-thread", o->per_thread, error)
         && check_variant (h, *type, *n, error);
}

/* The grid, the variant's output (verified), and the launch's shape. */
static gboolean
compute (Heat *h, const RenderOptions *o, GError **error)
{
  WsKeyType type;
  WsDistribution dist;
  gsize n;
  guint64 seed;
  g_autofree char *verdict = NULL;

  if (!parse (h, o, &type, &dist, &n, &seed, error))
    return FALSE;
  n = h->side ? h->side : n;
  if (!ws_run_data_generate (h->in.algo, &h->in.params, type, dist, n, seed, &h->data, error))
    return FALSE;
  ws_run_data_bind (&h->data, &h->in);
  h->shape = (WsStencilShape) { h->data.side,
                                (guint) ws_params_get (h->in.algo, &h->in.params, "radius"),
                                (guint) ws_params_get (h->in.algo, &h->in.params, "block"),
                                (guint) ws_params_get (h->in.algo, &h->in.params, "per-thread") };
  if (!ws_stencil_shape_valid (&h->shape))
    return ws_stencil_check (h->shape.side, h->shape.radius, error);
  if (!parse_cell (h, o->cell, error) || !run_variant (h, error)
      || (h->verify && !ws_run_verify (&h->in, &h->out, &verdict, error)))
    return FALSE;
  /* Fixed for the whole animation, so colours do not shift as it fills. */
  ws_bars_range (h->data.input, &h->in_min, &h->in_max);
  ws_bars_range (h->out.array, &h->out_min, &h->out_max);
  return TRUE;
}

/* A GPU variant's grids go to device memory (when a device is there). */
static gboolean
place_grids (Heat *h, const RenderOptions *o, GError **error)
{
  const WsBackend *cuda = ws_backend_cuda ();
  const WsArray *grid = h->data.input, *output = h->out.array;

  if (ws_variant_is_gpu (h->in.variant) && cuda->device != NULL)
    {
      h->device = cuda->device;
      if ((h->d_grid = h->device->alloc (ws_array_bytes (grid), error)) == NULL
          || (h->d_output = h->device->alloc (ws_array_bytes (output), error)) == NULL
          || !h->device->upload (h->d_grid, grid->data, ws_array_bytes (grid), error)
          || !h->device->upload (h->d_output, output->data, ws_array_bytes (output), error))
        return FALSE;
    }
  h->r->path = ws_frame_path_new (h->r->renderer, h->device ? cuda : NULL, !o->no_interop, 1,
                                  error);
  return h->r->path != NULL;
}

static gboolean
fill (Heat *h, WsHeatSlot slot, const WsHeatMask *mask, guint texels, GError **error)
{
  gboolean in = slot == WS_HEAT_INPUT;
  const WsArray *grid = in ? h->data.input : h->out.array;
  guint64 side = in ? h->shape.side : ws_stencil_outputs (&h->shape);

  if (h->device == NULL)
    {
      ws_frame_path_fill_heat_host (h->r->path, slot, grid, side, mask, texels);
      return TRUE;
    }
  return ws_frame_path_fill_heat_device (h->r->path, slot, grid->type, in ? h->d_grid : h->d_output,
                                         side, mask, texels, error);
}

static WsWindowSumView
view_of (Heat *h, const char *caption)
{
  WsWindowSumView v = { h->shape };

  v.in_min = h->in_min, v.in_max = h->in_max, v.out_min = h->out_min, v.out_max = h->out_max;
  v.chosen = TRUE, v.row = h->row, v.col = h->col;
  v.launch_lines = TRUE;
  v.caption = caption;
  v.scale = h->r->scale;
  for (guint slot = 0; slot < WS_HEAT_SLOTS; slot++)
    v.texels[slot] = ws_window_sum_texels (&v, slot, h->r->width, h->r->height);
  return v;
}

/* Frame `frame`: the first `rows` rows of blocks have run. */
static gboolean
write_heat_frame (Heat *h, guint frame, guint64 rows, guint64 blocks_x, guint64 blocks_y,
                  GError **error)
{
  WsHeatMask mask = { h->shape.block, (guint64) h->shape.block * h->shape.per_thread,
                      rows * blocks_x };
  g_autofree char *caption = g_strdup_printf (
    "window sum (%s)  N = %" G_GUINT64_FORMAT ", R = %u  ·  study 001's launch: BS = %u, K = %u"
    "  ·  block rows run: %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT,
    ws_variant_name (h->in.variant), h->shape.side, h->shape.radius, h->shape.block,
    h->shape.per_thread, rows, blocks_y);
  WsWindowSumView v = view_of (h, caption);

  if ((frame == 0 && !fill (h, WS_HEAT_INPUT, NULL, v.texels[WS_HEAT_INPUT], error))
      || !fill (h, WS_HEAT_OUTPUT, &mask, v.texels[WS_HEAT_OUTPUT], error))
    return FALSE;
  ws_window_sum_draw (h->r->renderer, &v, h->r->width, h->r->height);
  return render_write_png (h->r, frame, error);
}

static gboolean
write_heat_frames (Heat *h, GError **error)
{
  guint64 blocks_x, blocks_y;

  ws_stencil_blocks (&h->shape, &blocks_x, &blocks_y);
  if (blocks_y > 10000)
    return invalid (error, "%s: more than 10000 rows of blocks would make as many frames; use a "
                           "smaller --n or a larger --block", "render");
  for (guint64 rows = 0; rows <= blocks_y; rows++)
    if (!write_heat_frame (h, (guint) rows, rows, blocks_x, blocks_y, error))
      return FALSE;
  printf ("%" G_GUINT64_FORMAT " frames (before the launch and after each of its %" G_GUINT64_FORMAT
          " rows of blocks) in %s; the output verified\n", blocks_y + 1, blocks_y, h->r->dir);
  return TRUE;
}

gboolean
render_heat (Render *r, const RenderOptions *o, GError **error)
{
  Heat h = { r, .verify = TRUE };
  gboolean ok = compute (&h, o, error) && place_grids (&h, o, error)
                && write_heat_frames (&h, error);

  heat_clear (&h);
  return ok;
}

/* ---- render stencil --bench ---- */

enum { FRAMES = 32, WARMUP = 3 };

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

/* One frame of the launch animation: the output with `done` blocks run
 * and the input (both filled, as a resize or a new grid would), then
 * drawn; each phase waited for. */
static gboolean
bench_frame (Heat *h, guint64 done, double *fill_s, double *draw_s, GError **error)
{
  WsHeatMask mask = { h->shape.block, (guint64) h->shape.block * h->shape.per_thread, done };
  WsWindowSumView v = view_of (h, "window sum");
  double t0 = now (), t1;

  if (!fill (h, WS_HEAT_INPUT, NULL, v.texels[WS_HEAT_INPUT], error)
      || !fill (h, WS_HEAT_OUTPUT, &mask, v.texels[WS_HEAT_OUTPUT], error)
      || !render_sync (h->r, error))
    return FALSE;
  t1 = now ();
  ws_window_sum_draw (h->r->renderer, &v, h->r->width, h->r->height);
  ws_gl_context_finish (h->r->gl);
  *fill_s = t1 - t0, *draw_s = now () - t1;
  return TRUE;
}

static gboolean
bench_side (Render *r, const RenderOptions *o, gsize side, GError **error)
{
  Heat h = { r, .side = side };
  guint64 blocks_x, blocks_y;
  double fill_s[FRAMES], draw_s[FRAMES], frame_s[FRAMES];
  gboolean ok = compute (&h, o, error) && place_grids (&h, o, error);

  for (guint i = 0; ok && i < WARMUP + FRAMES; i++)
    {
      double f, d;
      ws_stencil_blocks (&h.shape, &blocks_x, &blocks_y);
      ok = bench_frame (&h, blocks_x * blocks_y * i / (WARMUP + FRAMES - 1), &f, &d, error);
      if (ok && i >= WARMUP)
        fill_s[i - WARMUP] = f, draw_s[i - WARMUP] = d, frame_s[i - WARMUP] = f + d;
    }
  if (ok)
    printf ("%-9" G_GSIZE_FORMAT " %-8s %-9s %9.3f %9.3f %9.3f %9.0f\n", side,
            ws_frame_path_name (ws_frame_path_kind (r->path)), ws_variant_name (h.in.variant),
            render_median (fill_s, FRAMES) * 1e3, render_median (draw_s, FRAMES) * 1e3,
            render_median (frame_s, FRAMES) * 1e3, 1.0 / render_median (frame_s, FRAMES));
  g_clear_pointer (&r->path, ws_frame_path_free);
  heat_clear (&h);
  return ok;
}

int
render_heat_bench (Render *r, const RenderOptions *o)
{
  g_autoptr (GError) error = NULL;
  gsize most = 16384;

  if (o->up_to != NULL && !ws_size_parse_range ("--up-to", o->up_to, 1, G_MAXSIZE, &most, &error))
    return ws_cli_fail (error);
  printf ("stencil, %d×%d, both maps filled and drawn, medians over %u frames after %u\n"
          "OpenGL: %s\n", r->width, r->height, FRAMES, WARMUP, ws_gl_context_describe (r->gl));
  printf ("%-9s %-8s %-9s %9s %9s %9s %9s\n", "N", "path", "variant", "fill ms", "draw ms",
          "frame ms", "fps");
  for (gsize side = 1024; side <= most && side <= 46340; side *= 2)
    if (!bench_side (r, o, side, &error))
      return ws_cli_fail (error);
  return 0;
}
