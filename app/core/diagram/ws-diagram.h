/* ws-diagram.h: a sorting network as Knuth draws it — one horizontal wire
 * per key, time running left to right, one layer per pass of the network,
 * each comparator a vertical bar between its two wires.
 *
 * The model: w wires (the network's width; wires n .. w - 1 are bitonic's
 * padding, fed +inf), one layer per pass, and each layer's comparators as
 * (a, b): the smaller key leaves on wire a, the larger on wire b (an
 * ascending comparator on i < j is (i, j), a descending one (j, i)). Bars
 * of one layer whose wire spans overlap would hide each other, so each
 * comparator gets a sub-column of its layer: the first, from the left, in
 * which it overlaps no bar placed before it (in order of the lower wire,
 * which needs the fewest sub-columns).
 *
 * Optionally, where the `gpu` variant runs each layer (registers, shared
 * memory, or a trip through global memory) and which layers one kernel
 * launch covers, read from the launch plan the CUDA launcher itself walks
 * (ws-launch-plan.h).
 *
 * The drawing goes into any cairo_t: the CLI's files and the application's
 * widget. The widget passes what changes from frame to frame — the layer
 * just run, the keys' colours, the comparators that exchanged, what the
 * pointer is over — as a WsDiagramState, and can show a window of the
 * layers and wires (zoomed in on 256 wires); hit testing answers which
 * layer, wire and comparator lie under a point, laid out by the drawing's
 * own code.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "ws-launch-plan.h"
#include "ws-network.h"

G_BEGIN_DECLS

/* The most wires a diagram has: beyond, no drawing stays readable. */
#define WS_DIAGRAM_MAX_WIRES 1024

/* The size of the diagrams written to files: a 720p slide. */
#define WS_DIAGRAM_FILE_WIDTH  1280
#define WS_DIAGRAM_FILE_HEIGHT 720

typedef struct _WsDiagram WsDiagram;

typedef struct
{
  guint a;      /* the wire the smaller key leaves on */
  guint b;      /* the wire the larger key leaves on */
  guint column; /* its sub-column in the layer, from 0 (leftmost) */
} WsDiagramComparator;

/* The diagram of net: at least 1 key and at most WS_DIAGRAM_MAX_WIRES
 * wires, else NULL and WS_ERROR_INVALID_ARGUMENT saying the limit. */
WsDiagram     *ws_diagram_new             (const WsNetwork *net,
                                           GError         **error);
void           ws_diagram_free            (WsDiagram *d);

WsNetworkKind  ws_diagram_kind            (const WsDiagram *d);
/* n: the keys sorted; the wires from n on are padding. */
guint          ws_diagram_n_keys          (const WsDiagram *d);
guint          ws_diagram_n_wires         (const WsDiagram *d);
guint          ws_diagram_n_layers        (const WsDiagram *d);
guint          ws_diagram_n_comparators   (const WsDiagram *d);
/* Layer i's comparators in order of their lower wire; *n (if non-NULL)
 * their count. */
const WsDiagramComparator *
               ws_diagram_layer           (const WsDiagram *d,
                                           guint            layer,
                                           guint           *n);
/* Sub-columns of the layer (at least 1, an empty layer too). */
guint          ws_diagram_layer_columns   (const WsDiagram *d,
                                           guint            layer);
/* The pass's label ("stage k=8, distance j=2"); free with g_free. */
char          *ws_diagram_layer_label     (const WsDiagram *d,
                                           guint            layer);

/* ---- Where the gpu variant runs each layer ---- */

/* Groups the layers as the gpu variant's launch plan does. tile 0: with
 * the kernel's own constants (bitonic and oddeven-merge: tiles of 8192
 * keys; odd-even: 128 phases a launch), which run a lecture's network in
 * a single launch. Else a smaller stand-in, drawn and labelled as such,
 * for the shape of a large sort: keys a tile holds (a power of two, 2 …
 * 8192) for bitonic and oddeven-merge, phases a launch (1 … 128) for
 * odd-even. Another tile: WS_ERROR_INVALID_ARGUMENT. */
gboolean       ws_diagram_set_gpu_groups  (WsDiagram       *d,
                                           guint            tile,
                                           GError         **error);
void           ws_diagram_clear_gpu_groups (WsDiagram      *d);
gboolean       ws_diagram_has_gpu_groups  (const WsDiagram *d);
/* Where the layer's comparators find their keys (WS_PLAN_GLOBAL when no
 * groups are set). */
WsPlanMemory   ws_diagram_layer_memory    (const WsDiagram *d,
                                           guint            layer);
/* Kernel launches, and launch i's layers and memory (ws-launch-plan.h). */
guint          ws_diagram_n_launches      (const WsDiagram *d);
void           ws_diagram_launch          (const WsDiagram *d,
                                           guint            i,
                                           guint           *first_layer,
                                           guint           *n_layers,
                                           WsPlanMemory    *memory);
/* What the grouping stands for, for a legend or a tooltip ("as the gpu
 * variant groups a large sort, with a tile of 16 keys standing for its
 * 8192 …"); NULL without groups. */
const char    *ws_diagram_gpu_caption     (const WsDiagram *d);

/* ---- Drawing ---- */

/* A title line over the diagram (NULL: none, the default). */
void           ws_diagram_set_title       (WsDiagram       *d,
                                           const char      *title);
/* Text, dots and strokes at emphasis times their sizes (1 by default;
 * presentation mode's 1.5), for drawing and hit testing alike. */
void           ws_diagram_set_emphasis    (WsDiagram       *d,
                                           double           emphasis);

/* The layers and wires shown: n_layers (n_wires) 0 for all from the first
 * to the last. Clamped to the diagram. */
typedef struct
{
  guint first_layer;
  guint n_layers;
  guint first_wire;
  guint n_wires;
} WsDiagramWindow;

/* What lies under a point; -1 for none. comparator: an index into
 * ws_diagram_layer (d, layer). */
typedef struct
{
  int layer;
  int wire;
  int comparator;
} WsDiagramHit;

/* What changes while a network plays, all optional: the layer just run
 * (lit; -1 none); a colour per wire as 0xRRGGBB (NULL: none), e.g. from the
 * key it holds; per wire, nonzero where the lit layer's comparator
 * exchanged its keys (NULL: none), as the animation's flags give it; and
 * what the pointer is over (its wire and comparator drawn lit). */
typedef struct
{
  int            current_layer;
  const guint32 *wire_rgb;
  const guint8  *swapped;
  WsDiagramHit   hover;
} WsDiagramState;

/* Nothing lit, no colours, nothing hovered. */
void           ws_diagram_state_init      (WsDiagramState  *state);

/* Draws the diagram into width × height user units of cr: title, stage
 * and layer numbers, wires with their labels, the comparators, the GPU
 * grouping (when set) and the legend. window NULL: everything; state NULL:
 * nothing lit. Deterministic: the same arguments give the same pixels. */
void           ws_diagram_draw            (const WsDiagram       *d,
                                           cairo_t               *cr,
                                           double                 width,
                                           double                 height,
                                           const WsDiagramWindow *window,
                                           const WsDiagramState  *state);

/* What a drawing of width × height (same window) shows at (px, py): the
 * layer whose column (with half the gaps beside it) holds px, from the
 * stage labels down to the GPU bands; the wire nearest py within half the
 * wires' spacing, across the wires' length; and the layer's comparator
 * whose bar lies within a few units of the point. Always fills hit;
 * returns whether anything was found. Text is measured as on image
 * surfaces (PNG files, GTK 4's drawing areas). */
gboolean       ws_diagram_hit             (const WsDiagram       *d,
                                           double                 width,
                                           double                 height,
                                           const WsDiagramWindow *window,
                                           double                 px,
                                           double                 py,
                                           WsDiagramHit          *hit);
/* Where a layer's column lies (x0 ≤ x1) and a wire's line (y) in such a
 * drawing; FALSE when outside the window. For scrolling to the layer
 * being played, and for tests. */
gboolean       ws_diagram_layer_span      (const WsDiagram       *d,
                                           double                 width,
                                           double                 height,
                                           const WsDiagramWindow *window,
                                           guint                  layer,
                                           double                *x0,
                                           double                *x1);
gboolean       ws_diagram_wire_y          (const WsDiagram       *d,
                                           double                 width,
                                           double                 height,
                                           const WsDiagramWindow *window,
                                           guint                  wire,
                                           double                *y);

/* ---- Exports ---- */

/* Writes the whole diagram to path by its extension: .png, .svg or .pdf
 * (width × height pixels, points for PDF) or .tex (TikZ), atomically (a
 * temporary file renamed over path: a failure leaves no file). Another
 * extension, a size out of range, a file that cannot be written: an error
 * that says so. */
gboolean       ws_diagram_save            (const WsDiagram *d,
                                           const char      *path,
                                           int              width,
                                           int              height,
                                           GError         **error);
/* The layers as JSON: [[[a, b], …], …], one layer a line; the smaller key
 * to wire a. */
char          *ws_diagram_to_json         (const WsDiagram *d);
/* A standalone LaTeX document of one tikzpicture: wires, their labels, and
 * one \draw per comparator (a dot on a, an arrow tip on b); the GPU
 * grouping shaded, when set. */
char          *ws_diagram_to_tikz         (const WsDiagram *d);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsDiagram, ws_diagram_free)

G_END_DECLS
