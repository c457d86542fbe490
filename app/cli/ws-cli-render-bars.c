/* ws-cli-render-bars.c: `render bitonic|odd-even|oddeven-merge` — one frame
 * per pass of a sorting network (and the initial state), drawn by the
 * application's scene (gl/ws-network-scene.c) in a headless OpenGL context,
 * for slides: PNG files, a video, or both. A CPU variant steps the network on the host (cpu path); a GPU
 * variant steps, counts and checks it in device memory and the frames reach
 * GL by interop or staging. */
#include <stdio.h>

#include "ws-cli-render.h"
#include "ws-cli.h"
#include "ws-error.h"
#include "ws-generator.h"
#include "ws-movie.h"
#include "ws-size.h"

void
render_drop_keys (Render *r)
{
  g_clear_pointer (&r->scene, ws_network_scene_free); /* needs the context */
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
    return render_invalid (error, "--n %s: render draws up to 2^24 keys", o->n);
  *input = ws_generate (type, dist, n, seed, error);
  return *input != NULL;
}

gboolean
render_check_variant (const RenderOptions *o, WsVariant *variant, GError **error)
{
  *variant = WS_VARIANT_CPU_SEQ;
  return o->variant == NULL || ws_variant_from_string (o->variant, variant, error);
}

/* A GPU variant steps on the device when one can be used; otherwise it
 * says why and the CPU draws. */
static gboolean
make_scene (Render *r, WsNetworkKind kind, const WsArray *input, WsVariant variant,
            GError **error)
{
  g_autoptr (GError) why = NULL;
  const WsBackend *cuda = ws_backend_gpu ();
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

gboolean
render_setup_keys (Render *r, const char *algo, const RenderOptions *o, gsize n, GError **error)
{
  g_autoptr (WsArray) input = NULL;
  WsNetworkKind kind;
  WsVariant variant;

  if (!render_check_variant (o, &variant, error) || !make_input (&input, &kind, algo, o, n, error)
      || !make_scene (r, kind, input, variant, error))
    return FALSE;
  ws_network_scene_set_interop (r->scene, !o->no_interop);
  return TRUE;
}

/* Frame `pass` (ws-movie.h: what the application's export draws too),
 * to the outputs. */
static gboolean
write_frame (Render *r, guint pass, GError **error)
{
  WsMovie movie = { WS_MOVIE_NETWORK, .network = r->scene };

  return ws_movie_draw (&movie, pass, r->renderer, r->width, r->height, r->scale, error)
         && render_emit (r, pass, error);
}

/* No stage check failed, and where the frames ran to the last pass, the
 * keys are sorted, or the frames showed a wrong sort. Every network's last
 * pass ends a stage, and its check is that the keys are sorted: the scene
 * made it where the keys are (on the device for a GPU variant). */
static gboolean
check_sorted (Render *r, gboolean to_the_end, GError **error)
{
  if ((!to_the_end || ws_network_scene_finished (r->scene))
      && ws_network_scene_bad_at (r->scene) < 0)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_VERIFY, "The frames show a wrong sort: %s",
               ws_network_scene_check_text (r->scene));
  return FALSE;
}

/* Passes first … to, one frame each: pass 0 is the initial state. */
static gboolean
write_frames (Render *r, guint first, guint to, GError **error)
{
  for (guint pass = first; pass <= to; pass++)
    if (!write_frame (r, pass, error))
      return FALSE;
  return TRUE;
}

gboolean
render_bars (Render *r, const RenderOptions *o, GError **error)
{
  guint last = ws_network_scene_n_passes (r->scene), first, to;
  g_autofree char *where = render_destination (o);

  if (!render_parse_range ("--passes", o->passes, last, &first, &to, error)
      || !render_open_outputs (r, o, to - first + 1, error) || !write_frames (r, first, to, error)
      || !check_sorted (r, to == last, error) || !render_close_outputs (r, error))
    return FALSE;
  if (first == 0 && to == last)
    printf ("%u frames (the initial state and %u passes) in %s; sorted at the end\n", last + 1,
            last, where);
  else
    printf ("%u frames (passes %u … %u of %u) in %s; the stages checked\n", to - first + 1, first,
            to, last, where);
  return TRUE;
}
