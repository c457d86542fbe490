/* ws-cli-render.c: the `render` command — its options, what it refuses
 * before a GL context is made, and which drawing it hands the request to:
 * a sorting network's bars (ws-cli-render-bars.c), the window sum's heat
 * maps (ws-cli-render-heat.c), or either's frame times (--bench).
 *
 * Frames are drawn on a worker thread (its own GL context) while the main
 * thread turns Ctrl-C, SIGTERM and SIGHUP into a cancel (ws-cli-stop.h), as
 * the application's Cancel would: the render stops after the frame in
 * hand and leaves nothing — no frames, no video, no temporary file. */
#include <stdio.h>
#include <unistd.h>

#include "ws-cli-render.h"
#include "ws-cli-stop.h"
#include "ws-cli.h"
#include "ws-error.h"
#include "ws-file.h"

static gboolean
is_heat (const char *algo)
{
  return g_strcmp0 (algo, "stencil") == 0;
}

/* The view goes with the algorithm: bars for the networks, heat maps for
 * the window sum's grids. */
static gboolean
check_view (const char *algo, const RenderOptions *o, GError **error)
{
  const char *view = o->view ? o->view : is_heat (algo) ? "heat" : "bars";

  if (g_strcmp0 (view, "bars") != 0 && g_strcmp0 (view, "heat") != 0)
    return render_invalid (error, "--view %s: write bars (sorting networks) or heat (stencil)", view);
  if (is_heat (algo) != (g_strcmp0 (view, "heat") == 0))
    return render_invalid (error, is_heat (algo) ? "--view bars draws sorting networks; stencil's grids "
                                            "take --view heat"
                                          : "--view heat draws the window sum's grids (render "
                                            "stencil); %s takes --view bars", algo);
  if (!is_heat (algo) && (o->radius || o->block || o->per_thread || o->cell || o->zoom))
    return render_invalid (error, "--radius, --block, --per-thread, --cell and --zoom are for render "
                           "stencil, not %s", algo);
  return TRUE;
}

/* Each range goes with its kind of frames. */
static gboolean
check_ranges (const char *algo, const RenderOptions *o, GError **error)
{
  if (is_heat (algo) && o->passes != NULL)
    return render_invalid (error, "--passes %s picks a sorting network's passes; render stencil's "
                           "frames take --block-rows", o->passes);
  if (!is_heat (algo) && o->rows != NULL)
    return render_invalid (error, "--block-rows picks the window sum's frames (render stencil); "
                           "%s takes --passes", algo);
  return TRUE;
}

/* What can be refused before a GL context is made. */
static gboolean
check_request (Render *r, const char *algo, const RenderOptions *o, GError **error)
{
  WsNetworkKind kind;
  WsVariant variant;

  if (!is_heat (algo) && !ws_network_kind_from_name (algo, &kind))
    return render_invalid (error, "render: “%s” draws neither as bars nor as heat maps; use bitonic, "
                           "odd-even, oddeven-merge or stencil", algo);
  return check_view (algo, o, error) && render_check_variant (o, &variant, error)
         && check_ranges (algo, o, error)
         && (o->bench || render_check_video (r, o, is_heat (algo), error));
}

/* ---- the frames, on a worker ---- */

typedef struct
{
  Render               r;
  const RenderOptions *o;
  const char          *algo;
  WsCliJob             job;
  GError              *error; /* how the frames ended */
} Frames;

/* Everything GL on this thread: its context is current here. */
static gpointer
draw_frames (gpointer data)
{
  Frames *f = data;
  Render *r = &f->r;

  r->cancellable = f->job.cancellable;
  if (!render_setup_gl (r, f->o, &f->error)
      || (is_heat (f->algo) ? !render_heat (r, f->o, &f->error)
                            : !render_setup_keys (r, f->algo, f->o, 0, &f->error)
                                || !render_bars (r, f->o, &f->error)))
    render_discard (r);
  else
    {
      g_autofree char *path = r->scene ? ws_frame_path_describe (ws_network_scene_path (r->scene))
                                       : g_strdup (r->path_text);
      printf ("%s\nOpenGL: %s\n", path, ws_gl_context_describe (r->gl));
    }
  render_clear (r);
  return NULL;
}

/* The first stop signal stops the render after the frame in hand; a
 * second quits at once, its temporary files removed. */
static void
on_stop_signal (int signum, gboolean again, gpointer data)
{
  if (again)
    {
      ws_temp_files_unlink ();
      _exit (128 + signum);
    }
  fprintf (stderr, "\nwarpscope-cli: %s: stopping after this frame (send it again to quit at "
           "once)\n", ws_cli_signal_text (signum));
}

static int
render_frames (Render *r, const char *algo, const RenderOptions *o)
{
  Frames f = { .r = *r, .o = o, .algo = algo };
  g_autoptr (GError) error = NULL;

  f.job = (WsCliJob) { draw_frames, on_stop_signal, &f };
  ws_cli_job_run (&f.job, "render");
  error = g_steal_pointer (&f.error);
  if (error == NULL)
    return 0;
  if (f.job.signum == 0 || !g_error_matches (error, WS_ERROR, WS_ERROR_CANCELLED))
    return ws_cli_fail (error);
  fprintf (stderr, "warpscope-cli: render stopped by %s; nothing was kept\n",
           ws_cli_signal_text (f.job.signum));
  return 128 + f.job.signum;
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
    { "zoom", 0, 0, G_OPTION_ARG_STRING, &o.zoom, "stencil: both maps Z times closer about --cell, as the application's wheel (default 1: whole)", "Z" },
    { "size", 0, 0, G_OPTION_ARG_STRING, &o.size, "image size in pixels (default 1280x720)", "WxH" },
    { "scale", 0, 0, G_OPTION_ARG_STRING, &o.scale, "device pixels per logical pixel, 0.5 to 4 (default 1)", "S" },
    { "frames", 'o', 0, G_OPTION_ARG_FILENAME, &o.frames, "directory for frame-NNNN.png", "DIR" },
    { "video", 0, 0, G_OPTION_ARG_FILENAME, &o.video, "the frames as an animation: FILE.webm (VP8), FILE.mp4 (H.264) or FILE.gif", "FILE" },
    { "fps", 0, 0, G_OPTION_ARG_STRING, &o.fps, "--video: frames per second (default 4, a pass a frame; stencil 2)", "F" },
    { "passes", 0, 0, G_OPTION_ARG_STRING, &o.passes, "the passes drawn, FIRST..LAST (default all; 0 is the initial state)", "A..B" },
    { "block-rows", 0, 0, G_OPTION_ARG_STRING, &o.rows, "stencil: the frames by rows of blocks run, FIRST..LAST (default all)", "A..B" },
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
  if (argc > 2 || (!o.bench && (argc != 2 || (o.frames == NULL && o.video == NULL))))
    {
      ws_cli_usage_error ("render", "render takes one ALGO and --frames DIR, --video FILE or both "
                                    "(or --bench)");
      status = 2;
    }
  else if (!check_request (&r, algo, &o, &error))
    status = ws_cli_fail (error);
  else if (o.bench)
    status = !render_setup_gl (&r, &o, &error) ? ws_cli_fail (error)
             : is_heat (algo)                  ? render_heat_bench (&r, &o)
                                               : render_bench (&r, algo, &o);
  else
    status = render_frames (&r, algo, &o);
  render_clear (&r);
  g_free (o.variant), g_free (o.type), g_free (o.n), g_free (o.dist), g_free (o.seed);
  g_free (o.view), g_free (o.size), g_free (o.frames), g_free (o.up_to), g_free (o.zoom);
  g_free (o.radius), g_free (o.block), g_free (o.per_thread), g_free (o.cell), g_free (o.scale);
  g_free (o.video), g_free (o.fps), g_free (o.passes), g_free (o.rows);
  return status;
}
