/* ws-cli-render.c: `render` — one PNG per pass of a sorting network (plus
 * the initial state), drawn by the same renderer and frame paths as the
 * application in a headless OpenGL context, for slides.
 *
 * A CPU variant steps the network on the host (cpu path); a GPU variant
 * steps it in device memory and the frames reach GL by interop or staging.
 */
#include <errno.h>
#include <math.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "ws-array-io.h"
#include "ws-cli-render.h"
#include "ws-cli.h"
#include "ws-error.h"
#include "ws-generator.h"
#include "ws-size.h"

void
render_drop_keys (Render *r)
{
  g_clear_pointer (&r->scene, ws_network_scene_free); /* needs the context */
}

void
render_clear (Render *r)
{
  render_drop_keys (r);
  g_clear_pointer (&r->renderer, ws_renderer_free); /* before the context */
  g_clear_pointer (&r->gl, ws_gl_context_free);
  g_clear_pointer (&r->dir, g_free);
  g_clear_pointer (&r->path_text, g_free);
}

static gboolean
invalid (GError **error, const char *format, const char *text)
{
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, format, text);
  return FALSE;
}

/* "1280x720" (or with ×), each side 16 … 8192. */
static gboolean
parse_size (const char *text, int *w, int *h, GError **error)
{
  g_auto (GStrv) parts = g_regex_split_simple ("[x×]", text, 0, 0);
  guint64 a, b;

  if (g_strv_length (parts) != 2 || !g_ascii_string_to_unsigned (parts[0], 10, 16, 8192, &a, NULL)
      || !g_ascii_string_to_unsigned (parts[1], 10, 16, 8192, &b, NULL))
    return invalid (error, "--size “%s”: write WIDTHxHEIGHT, each 16 … 8192 pixels", text);
  *w = (int) a, *h = (int) b;
  return TRUE;
}

static gboolean
make_input (WsArray **input, WsNetworkKind *kind, const char *algo, const RenderOptions *o,
            gsize keys, GError **error)
{
  WsKeyType type = WS_KEY_FLOAT32;
  WsDistribution dist = WS_DIST_UNIFORM;
  gsize n = 64;
  guint64 seed = 1;

  if (!ws_network_kind_from_name (algo, kind))
    g_return_val_if_reached (FALSE); /* check_request has said why */
  if ((o->type && !ws_key_type_from_string (o->type, &type, error))
      || (o->dist && !ws_distribution_from_string (o->dist, &dist, error))
      || (keys == 0 && o->n && !ws_size_parse_range ("--n", o->n, 1, G_MAXSIZE, &n, error))
      || (o->seed && !ws_cli_parse_seed (o->seed, &seed, error)))
    return FALSE;
  n = keys != 0 ? keys : n;
  if (n > 1 << 24)
    return invalid (error, "--n %s: render draws up to 2^24 keys", o->n);
  *input = ws_generate (type, dist, n, seed, error);
  return *input != NULL;
}

/* Device pixels per logical pixel: a screen's 1, 1.5, 2…; at 0 or below
 * nothing would be drawn, and once the frame is less than 640×360 logical
 * pixels its labels no longer fit (--scale 1000 drew blank frames). */
#define MIN_SCALE 0.5
#define MAX_SCALE 4.0

static gboolean
parse_scale (const char *text, int width, int height, double *scale, GError **error)
{
  double most = MIN (MAX_SCALE, MIN (width / 640.0, height / 360.0));

  *scale = 1.0;
  if (text == NULL)
    return TRUE;
  if (!ws_decimal_parse (text, scale) || *scale < MIN_SCALE || *scale > MAX_SCALE)
    return invalid (error, "--scale %s: give device pixels per logical pixel, a number from "
                           "0.5 to 4 (1 by default, 2 for a HiDPI screen)", text);
  if (*scale > most)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "--scale %s: a %d×%d frame holds at most scale %.3g (640×360 logical pixels); "
                   "give a larger --size, e.g. %dx%d", text, width, height, most,
                   (int) ceil (640 * *scale), (int) ceil (360 * *scale));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_options (const RenderOptions *o, WsVariant *variant, GError **error)
{
  *variant = WS_VARIANT_CPU_SEQ;
  return o->variant == NULL || ws_variant_from_string (o->variant, variant, error);
}

static gboolean
is_heat (const char *algo)
{
  return g_strcmp0 (algo, "stencil") == 0;
}

/* A GPU variant steps on the device when one can be used; otherwise it
 * says why and the CPU draws. */
static gboolean
make_scene (Render *r, WsNetworkKind kind, const WsArray *input, WsVariant variant,
            GError **error)
{
  g_autoptr (GError) why = NULL;
  const WsBackend *cuda = ws_backend_cuda ();
  g_autoptr (GArray) devices = NULL;

  if (ws_variant_is_gpu (variant))
    {
      if (cuda->device != NULL && cuda->query_devices (cuda, &devices, &why)
          && (r->scene = ws_network_scene_new (kind, input, cuda, &why)) != NULL)
        return TRUE;
      fprintf (stderr, "warpscope-cli: no GPU to step on (%s); the CPU draws instead\n",
               why ? why->message : "not built with CUDA");
    }
  r->scene = ws_network_scene_new (kind, input, NULL, error);
  return r->scene != NULL;
}

/* The view goes with the algorithm: bars for the networks, heat maps for
 * the window sum's grids. */
static gboolean
check_view (const char *algo, const RenderOptions *o, GError **error)
{
  const char *view = o->view ? o->view : is_heat (algo) ? "heat" : "bars";

  if (g_strcmp0 (view, "bars") != 0 && g_strcmp0 (view, "heat") != 0)
    return invalid (error, "--view %s: write bars (sorting networks) or heat (stencil)", view);
  if (is_heat (algo) != (g_strcmp0 (view, "heat") == 0))
    return invalid (error, is_heat (algo) ? "--view bars draws sorting networks; stencil's grids "
                                            "take --view heat"
                                          : "--view heat draws the window sum's grids (render "
                                            "stencil); %s takes --view bars", algo);
  if (!is_heat (algo) && (o->radius || o->block || o->per_thread || o->cell))
    return invalid (error, "--radius, --block, --per-thread and --cell are for render stencil, "
                           "not %s", algo);
  return TRUE;
}

/* What can be refused before a GL context is made. */
static gboolean
check_request (const char *algo, const RenderOptions *o, GError **error)
{
  WsNetworkKind kind;
  WsVariant variant;

  if (!is_heat (algo) && !ws_network_kind_from_name (algo, &kind))
    return invalid (error, "render: “%s” draws neither as bars nor as heat maps; use bitonic, "
                           "odd-even, oddeven-merge or stencil", algo);
  return check_view (algo, o, error) && check_options (o, &variant, error);
}

gboolean
render_setup_gl (Render *r, const RenderOptions *o, GError **error)
{
  r->width = o->bench ? 1920 : 1280, r->height = o->bench ? 1080 : 720;
  if ((o->size && !parse_size (o->size, &r->width, &r->height, error))
      || !parse_scale (o->scale, r->width, r->height, &r->scale, error)
      || (r->gl = ws_gl_context_new (error)) == NULL
      || !ws_gl_context_bind_target (r->gl, r->width, r->height, error)
      || (r->renderer = ws_renderer_new (error)) == NULL)
    return FALSE;
  return TRUE;
}

gboolean
render_setup_keys (Render *r, const char *algo, const RenderOptions *o, gsize n, GError **error)
{
  g_autoptr (WsArray) input = NULL;
  WsNetworkKind kind;
  WsVariant variant;

  if (!check_options (o, &variant, error) || !make_input (&input, &kind, algo, o, n, error)
      || !make_scene (r, kind, input, variant, error))
    return FALSE;
  ws_network_scene_set_interop (r->scene, !o->no_interop);
  return TRUE;
}

static gboolean
make_frames_dir (Render *r, const RenderOptions *o, GError **error)
{
  r->made_dir = !g_file_test (o->frames, G_FILE_TEST_EXISTS);
  if (g_mkdir_with_parents (o->frames, 0755) != 0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_IO, "Cannot create the directory %s: %s", o->frames,
                   g_strerror (errno));
      return FALSE;
    }
  r->dir = g_strdup (o->frames);
  return TRUE;
}

/* A render that failed leaves nothing of its own: the frames it wrote (an
 * incomplete sequence) and the folder, where it made it. */
static void
discard_frames (Render *r)
{
  if (r->dir == NULL)
    return;
  for (guint i = 0; i < r->last_frame; i++)
    {
      g_autofree char *name = g_strdup_printf ("frame-%04u.png", i);
      g_autofree char *path = g_build_filename (r->dir, name, NULL);
      g_unlink (path);
    }
  if (r->made_dir)
    g_rmdir (r->dir);
}

static cairo_status_t
append_png (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
render_write_png (Render *r, guint frame, GError **error)
{
  g_autofree char *name = g_strdup_printf ("frame-%04u.png", frame);
  g_autofree char *path = g_build_filename (r->dir, name, NULL);
  g_autoptr (GByteArray) png = g_byte_array_new ();
  cairo_surface_t *image = ws_gl_context_read (r->gl);

  cairo_surface_write_to_png_stream (image, append_png, png);
  cairo_surface_destroy (image);
  r->last_frame = MAX (r->last_frame, frame + 1);
  return ws_file_write_atomic (path, (const char *) png->data, png->len, error);
}

/* The current state as a frame: what the application's canvas shows. */
static gboolean
write_frame (Render *r, GError **error)
{
  WsNetworkStyle style = { TRUE, TRUE, TRUE, NULL };

  return ws_network_scene_draw (r->scene, r->renderer, &style, r->width, r->height, r->scale,
                                error)
         && render_write_png (r, ws_network_scene_pass (r->scene), error);
}

gboolean
render_sync (gboolean on_device, GError **error)
{
  return !on_device || ws_backend_cuda ()->device->synchronize (error);
}

/* Sorted at the end, or the frames showed a wrong sort. Every network's
 * last pass ends a stage, and its check is that the keys are sorted: the
 * scene made it where the keys are (on the device for a GPU variant). */
static gboolean
verify (Render *r, GError **error)
{
  if (ws_network_scene_finished (r->scene) && ws_network_scene_bad_at (r->scene) < 0)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_VERIFY, "The frames show a wrong sort: %s",
               ws_network_scene_check_text (r->scene));
  return FALSE;
}

static gboolean
render_all (Render *r, const char *algo, GError **error)
{
  guint frames = 0;
  gboolean stepped = TRUE;

  while (stepped)
    {
      guint ran;
      if (!write_frame (r, error) || !ws_network_scene_advance (r->scene, 1, 0, &ran, error))
        return FALSE;
      stepped = ran > 0;
      frames++;
    }
  if (!verify (r, error))
    return FALSE;
  printf ("%u frames (the initial state and %u passes) in %s; sorted at the end\n", frames,
          frames - 1, r->dir);
  return TRUE;
}

int
ws_cli_render (int argc, char **argv)
{
  RenderOptions o = { 0 };
  Render r = { 0 };
  const char *algo;
  g_autoptr (GError) error = NULL;
  g_autoptr (GOptionContext) context = g_option_context_new ("ALGO — draw every pass of a sorting network, or the window sum block by block");
  const GOptionEntry entries[] = {
    { "variant", 0, 0, G_OPTION_ARG_STRING, &o.variant, "cpu-seq (default: the CPU steps), or gpu (the GPU steps; frames by interop or staging)", "V" },
    { "type", 't', 0, G_OPTION_ARG_STRING, &o.type, "int32 or float32 (default)", "T" },
    { "n", 'n', 0, G_OPTION_ARG_STRING, &o.n, "keys (default 64, at most 2^24)", "N" },
    { "dist", 'd', 0, G_OPTION_ARG_STRING, &o.dist, "input distribution (default uniform)", "D" },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &o.seed, "generator seed (default 1)", "S" },
    { "view", 0, 0, G_OPTION_ARG_STRING, &o.view, "bars (the networks' default) or heat (stencil's)", "VIEW" },
    { "radius", 'r', 0, G_OPTION_ARG_STRING, &o.radius, "stencil: window radius R (default 2)", "R" },
    { "block", 0, 0, G_OPTION_ARG_STRING, &o.block, "stencil: study 001's blocks of BS×BS threads (default 8)", "BS" },
    { "per-thread", 0, 0, G_OPTION_ARG_STRING, &o.per_thread, "stencil: study 001's K outputs per thread (default 2)", "K" },
    { "cell", 0, 0, G_OPTION_ARG_STRING, &o.cell, "stencil: the output ROW,COL to mark (default the centre)", "ROW,COL" },
    { "size", 0, 0, G_OPTION_ARG_STRING, &o.size, "image size in pixels (default 1280x720)", "WxH" },
    { "scale", 0, 0, G_OPTION_ARG_STRING, &o.scale, "device pixels per logical pixel, 0.5 to 4 (default 1)", "S" },
    { "frames", 'o', 0, G_OPTION_ARG_FILENAME, &o.frames, "directory for frame-NNNN.png", "DIR" },
    { "bench", 0, 0, G_OPTION_ARG_NONE, &o.bench, "time step, fill and draw for n = 2^10 … 2^24 (stencil: fill and draw for N = 1024 … 16384) instead", NULL },
    { "no-interop", 0, 0, G_OPTION_ARG_NONE, &o.no_interop, "GPU variants: the staging path even where interop works (to compare)", NULL },
    { "up-to", 0, 0, G_OPTION_ARG_STRING, &o.up_to, "--bench: the largest n (default 2^24; stencil's N 16384)", "N" },
    { NULL },
  };
  int status = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!ws_cli_parse_options (context, &argc, &argv, &status))
    return status;
  algo = argc == 2 ? argv[1] : "bitonic";
  if (argc > 2 || (!o.bench && (argc != 2 || o.frames == NULL)))
    {
      fprintf (stderr, "warpscope-cli: render takes one ALGO and --frames DIR (or --bench)\n"
               "Try “warpscope-cli render --help”.\n");
      status = 2;
    }
  else if (!check_request (algo, &o, &error))
    status = ws_cli_fail (error);
  else if (o.bench)
    status = !render_setup_gl (&r, &o, &error) ? ws_cli_fail (error)
             : is_heat (algo)                  ? render_heat_bench (&r, &o)
                                               : render_bench (&r, algo, &o);
  else if (!render_setup_gl (&r, &o, &error) || !make_frames_dir (&r, &o, &error)
           || (is_heat (algo) ? !render_heat (&r, &o, &error)
                              : !render_setup_keys (&r, algo, &o, 0, &error)
                                  || !render_all (&r, algo, &error)))
    {
      discard_frames (&r);
      status = ws_cli_fail (error);
    }
  else
    {
      g_autofree char *path = r.scene ? ws_frame_path_describe (ws_network_scene_path (r.scene))
                                      : g_strdup (r.path_text);
      printf ("%s\nOpenGL: %s\n", path, ws_gl_context_describe (r.gl));
    }
  render_clear (&r);
  g_free (o.variant), g_free (o.type), g_free (o.n), g_free (o.dist), g_free (o.seed);
  g_free (o.view), g_free (o.size), g_free (o.frames), g_free (o.up_to);
  g_free (o.radius), g_free (o.block), g_free (o.per_thread), g_free (o.cell), g_free (o.scale);
  return status;
}
