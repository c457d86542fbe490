/* ws-network-scene.h: the sorting networks' animation as one object — the
 * network stepped over a copy of the input (keys on the host, or in device
 * memory for a GPU variant), its counts and stage checks made where the
 * keys are, the keys' colour range, and the frame path that takes each
 * frame to the renderer. The application's sorting page and
 * `warpscope-cli render` both drive scenes; neither touches device
 * buffers or frame paths.
 *
 * One thread at a time: a page may hand a host scene to a worker for
 * passes over big arrays (ws_network_scene_advance, _prepare_bins) and
 * meanwhile draw the last frame again (ws_network_scene_draw_again). The
 * drawing calls need the renderer's GL context current.
 */
#pragma once

#include "ws-backend.h"
#include "ws-colormap.h"
#include "ws-frame-path.h"
#include "ws-renderer.h"
#include "ws-stepper.h"

G_BEGIN_DECLS

/* Up to this many keys a frame shows the pass's comparators too. */
#define WS_NETWORK_SCENE_COMPARATOR_KEYS 256

typedef struct _WsNetworkScene WsNetworkScene;

typedef struct
{
  gboolean    highlights;  /* compared and swapped keys coloured */
  gboolean    comparators; /* the pass's comparators (small n) */
  gboolean    boundaries;  /* the runs the pass works on */
  gboolean    values;      /* the keys' values on the bars, where they fit (small n) */
  const char *caption;     /* over the bars; NULL: ws_network_scene_caption */
  gboolean    light;       /* one key lit (the wire hovered in the network's diagram): */
  guint64     lit_key;     /*   that key */
} WsNetworkStyle;

/* A scene over a copy of input, stepped in the device memory of `device`
 * (a backend with device ops), or on the host when it is NULL. */
WsNetworkScene  *ws_network_scene_new          (WsNetworkKind     kind,
                                                const WsArray    *input,
                                                const WsBackend  *device,
                                                GError          **error);
void             ws_network_scene_free         (WsNetworkScene   *scene);

gboolean         ws_network_scene_on_device    (const WsNetworkScene *scene);
const WsNetwork *ws_network_scene_network      (const WsNetworkScene *scene);
/* The keys as given (not padded). */
gsize            ws_network_scene_size         (const WsNetworkScene *scene);
/* Passes run so far, and in all. */
guint            ws_network_scene_pass         (const WsNetworkScene *scene);
guint            ws_network_scene_n_passes     (const WsNetworkScene *scene);
gboolean         ws_network_scene_finished     (const WsNetworkScene *scene);
/* "pass 3 of 10 — stage k=4, distance j=1", or the initial state's. */
char            *ws_network_scene_label        (const WsNetworkScene *scene);
/* What a frame says over the bars, the same in the application and in
 * exported frames: "bitonic  n = 16  ·  pass 3 of 10 — stage k=4, …". */
char            *ws_network_scene_caption      (const WsNetworkScene *scene);

/* The comparators and exchanges of the passes so far. */
gboolean         ws_network_scene_counts       (WsNetworkScene   *scene,
                                                guint64          *comparisons,
                                                guint64          *swaps,
                                                GError          **error);
/* What the stage checks say (ws_stepper_check_text), NULL before the
 * first; the first key they found out of order, or -1. */
const char      *ws_network_scene_check_text   (const WsNetworkScene *scene);
gint64           ws_network_scene_bad_at       (const WsNetworkScene *scene);

/* Runs up to `passes` passes, each counted and checked, and stops early
 * once the monotonic clock passes deadline (µs; 0: none), one pass at
 * least; *ran gets how many ran. */
gboolean         ws_network_scene_advance      (WsNetworkScene   *scene,
                                                guint             passes,
                                                gint64            deadline,
                                                guint            *ran,
                                                GError          **error);
/* To pass `pass` (0: the initial state): on from here, or replayed from
 * the input when it lies behind (a network keeps no history). */
gboolean         ws_network_scene_seek         (WsNetworkScene   *scene,
                                                guint             pass,
                                                GError          **error);

/* ---- frames ---- */

/* Whether a device scene may use interop (TRUE by default; the CLI's
 * --no-interop turns it off to compare). Before the first frame. */
void             ws_network_scene_set_interop  (WsNetworkScene   *scene,
                                                gboolean          allow);
/* The frame's bins into the renderer, width device pixels wide. */
gboolean         ws_network_scene_fill         (WsNetworkScene   *scene,
                                                WsRenderer       *renderer,
                                                int               width,
                                                double            scale,
                                                gboolean          highlights,
                                                GError          **error);
/* Draws the bins last filled: bars, caption, legend, the stage runs, the
 * key a check found out of order, and for small n the comparators and the
 * keys' values. */
gboolean         ws_network_scene_paint        (WsNetworkScene   *scene,
                                                WsRenderer       *renderer,
                                                const WsNetworkStyle *style,
                                                int               width,
                                                int               height,
                                                double            scale,
                                                GError          **error);
/* Fill and paint: one frame. */
gboolean         ws_network_scene_draw         (WsNetworkScene   *scene,
                                                WsRenderer       *renderer,
                                                const WsNetworkStyle *style,
                                                int               width,
                                                int               height,
                                                double            scale,
                                                GError          **error);
/* The last frame again, from what it left in the renderer, without
 * reading the scene's keys (a worker may be stepping them). */
void             ws_network_scene_draw_again   (WsNetworkScene   *scene,
                                                WsRenderer       *renderer,
                                                int               width,
                                                int               height);
/* What a hover over key i says: its value, and in the last pass its
 * partner and the comparator's direction — "key 5 = 0.482 · pass 3 compared
 * it with key 4: ascending, the smaller to key 4". A device scene brings its
 * keys up for it (WS_NETWORK_SCENE_COMPARATOR_KEYS at most; larger ones
 * name the key only). NULL for no such key. Free with g_free. */
char            *ws_network_scene_describe_key (WsNetworkScene *scene,
                                                guint64         key);
/* For the network's diagram (n_wires: the network's width, at most
 * WS_NETWORK_SCENE_COMPARATOR_KEYS; a device scene brings its keys up):
 * each wire's colour as 0xRRGGBB — the colour its key's bar has in style's
 * colour map, grey for padding — and whether the last pass exchanged it. */
gboolean         ws_network_scene_wire_colours (WsNetworkScene  *scene,
                                                WsColormapStyle  style,
                                                guint32         *rgb,
                                                guint8          *swapped,
                                                guint            n_wires,
                                                GError         **error);
/* The sound of the last pass (up to WS_NETWORK_SCENE_COMPARATOR_KEYS keys;
 * a device scene brings its keys up): for up to `max` of its comparators,
 * evenly chosen, the larger key's place in the input's range (0 … 1).
 * Returns how many; 0 before the first pass or for larger arrays. */
guint            ws_network_scene_pass_tones   (WsNetworkScene  *scene,
                                                double          *t,
                                                guint            max,
                                                GError         **error);
/* The view of the last frame painted (its bins, size and scale), to draw
 * more over it; NULL before the first. */
const WsBarsView *ws_network_scene_view        (const WsNetworkScene *scene);
/* Waits for the device's work on the scene (to time a phase alone); at
 * once for a host scene. */
gboolean         ws_network_scene_wait         (WsNetworkScene   *scene,
                                                GError          **error);
/* The frame path in use, NULL before the first frame. */
const WsFramePath *ws_network_scene_path       (const WsNetworkScene *scene);
/* Drops what lives in the GL context (its context current). */
void             ws_network_scene_release_gl   (WsNetworkScene   *scene);

/* A host scene's next bins made ahead, off the main thread (2^24 keys
 * take tens of milliseconds): the next fill at that width takes them. */
void             ws_network_scene_prepare_bins (WsNetworkScene   *scene,
                                                guint             columns,
                                                gboolean          highlights);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsNetworkScene, ws_network_scene_free)

G_END_DECLS
