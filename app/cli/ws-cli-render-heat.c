/* ws-cli-render-heat.c: `render stencil --view heat` — study 001's window
 * sum as frames (PNG files, a video, or both): the input and output grids as heat maps, the output
 * filling one row of blocks per frame in the launch's order, with the
 * blocks and threads drawn and one chosen output's window, thread, block
 * and tile marked; --zoom draws the maps closer about it, as the
 * application's wheel does.
 *
 * The output is computed by the asked variant (and verified) before any
 * frame is drawn; then the grids make a window-sum scene, the one the
 * application's page draws: a GPU variant's sit in device memory and the
 * frames reach GL from there (interop or staging), a CPU variant's from
 * the host.
 */
#include <math.h>
#include <stdio.h>

#include "ws-array-io.h"
#include "ws-cli-render.h"
#include "ws-cli.h"
#include "ws-error.h"
#include "ws-generator.h"
#include "ws-movie.h"
#include "ws-run-data.h"
#include "ws-size.h"
#include "ws-stencil.h"
#include "ws-window-sum-scene.h"

typedef struct
{
  Render            *r;
  WsRunInput         in;
  WsRunData          data;
  WsRunOutput        out;
  WsStencilShape     shape;
  guint64            row, col; /* the chosen output */
  double             zoom;     /* the maps this many times closer about it */
  WsWindowSumScene  *scene;    /* the grids, once computed */
  gsize              side;     /* the grid's side when set (the benchmark's), else --n */
  gboolean           check_output; /* verify the variant's output (not for --bench) */
} Heat;

static void
heat_clear (Heat *h)
{
  g_clear_pointer (&h->scene, ws_window_sum_scene_free); /* needs the context */
  ws_run_output_clear (&h->out);
  ws_run_data_clear (&h->data);
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

/* --zoom Z: how many times closer than the whole maps, 1 or more. */
static gboolean
parse_zoom (Heat *h, const char *text, GError **error)
{
  char *end = NULL;

  h->zoom = text != NULL ? g_ascii_strtod (text, &end) : 1.0;
  if (text == NULL || (end != text && *end == '\0' && isfinite (h->zoom) && h->zoom >= 1.0))
    return TRUE;
  return render_invalid (error, "--zoom “%s”: write how many times closer, 1 or more (2, 8.5)",
                         text);
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
         && (!o->seed || ws_cli_parse_seed (o->seed, seed, error)) && parse_zoom (h, o->zoom, error)
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
  return parse_cell (h, o->cell, error) && run_variant (h, error)
         && (!h->check_output || ws_run_verify (&h->in, &h->out, &verdict, error));
}

/* The grids as a scene, in device memory for a GPU variant (when a
 * device is there and they fit). */
static void
make_scene (Heat *h, const RenderOptions *o)
{
  const WsBackend *cuda = ws_backend_gpu ();
  g_autoptr (GError) why = NULL;
  gboolean gpu = ws_variant_is_gpu (h->in.variant) && cuda->device != NULL;

  h->scene = ws_window_sum_scene_new (&h->shape, g_steal_pointer (&h->data.input),
                                      g_steal_pointer (&h->out.array), gpu ? cuda : NULL, &why);
  if (why != NULL)
    fprintf (stderr, "warpscope-cli: the grids stay on the host (%s)\n", why->message);
  ws_window_sum_scene_choose (h->scene, h->row, h->col);
  ws_window_sum_scene_set_zoom (h->scene, (WsWindowSumZoom) { h->zoom, h->row + 0.5, h->col + 0.5 });
  ws_window_sum_scene_set_interop (h->scene, !o->no_interop);
}

/* Frame `rows`: the first rows of blocks have run (ws-movie.h: what the
 * application's export draws too). */
static gboolean
write_heat_frame (Heat *h, guint rows, GError **error)
{
  WsMovie movie = { WS_MOVIE_WINDOW_SUM, .window_sum = h->scene,
                    .variant = ws_variant_name (h->in.variant) };

  return ws_movie_draw (&movie, rows, h->r->renderer, h->r->width, h->r->height, h->r->scale,
                        error)
         && render_emit (h->r, rows, error);
}

static gboolean
write_heat_frames (Heat *h, const RenderOptions *o, GError **error)
{
  guint64 blocks_x, blocks_y;
  guint first, to;
  g_autofree char *where = render_destination (o);

  ws_stencil_blocks (&h->shape, &blocks_x, &blocks_y);
  if (blocks_y > 10000)
    return render_invalid (error, "%s: more than 10000 rows of blocks would make as many frames; use a "
                           "smaller --n or a larger --block", "render");
  if (!render_parse_range ("--block-rows", o->rows, (guint) blocks_y, &first, &to, error)
      || !render_open_outputs (h->r, o, to - first + 1, error))
    return FALSE;
  for (guint rows = first; rows <= to; rows++)
    if (!write_heat_frame (h, rows, error))
      return FALSE;
  if (!render_close_outputs (h->r, error))
    return FALSE;
  if (first == 0 && to == blocks_y)
    printf ("%" G_GUINT64_FORMAT " frames (before the launch and after each of its %" G_GUINT64_FORMAT
            " rows of blocks) in %s; the output verified\n", blocks_y + 1, blocks_y, where);
  else
    printf ("%u frames (rows of blocks run: %u … %u of %" G_GUINT64_FORMAT ") in %s; the output "
            "verified\n", to - first + 1, first, to, blocks_y, where);
  return TRUE;
}

gboolean
render_heat (Render *r, const RenderOptions *o, GError **error)
{
  Heat h = { r, .check_output = TRUE };
  gboolean ok = compute (&h, o, error);

  if (ok)
    make_scene (&h, o);
  ok = ok && write_heat_frames (&h, o, error);
  if (ok)
    r->path_text = ws_frame_path_describe (ws_window_sum_scene_path (h.scene));
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
  WsWindowSumStyle style = { TRUE, "window sum" };
  WsWindowSumView v = ws_window_sum_scene_view (h->scene, &style, h->r->width, h->r->height,
                                                h->r->scale);
  double t0 = now (), t1;

  ws_window_sum_scene_set_done (h->scene, done);
  if (!ws_window_sum_scene_fill (h->scene, h->r->renderer, &v, TRUE, error)
      || !ws_window_sum_scene_wait (h->scene, error))
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
  gboolean ok = compute (&h, o, error);

  if (ok)
    make_scene (&h, o);

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
            ws_frame_path_name (ws_frame_path_kind (ws_window_sum_scene_path (h.scene))),
            ws_variant_name (h.in.variant),
            render_median (fill_s, FRAMES) * 1e3, render_median (draw_s, FRAMES) * 1e3,
            render_median (frame_s, FRAMES) * 1e3, 1.0 / render_median (frame_s, FRAMES));
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
