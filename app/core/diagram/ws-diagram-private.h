/* ws-diagram-private.h: what the ws-diagram files share — the model's
 * fields and the layout of one drawing, computed once by the same code for
 * drawing (ws-diagram-draw.c, ws-diagram-bands.c) and hit testing
 * (ws-diagram-layout.c). The drawing files stand from the ground up:
 * ws-diagram-paint.c (pens) and ws-diagram-layout.c (geometry) call no
 * other drawing file, ws-diagram-bands.c calls those two, and
 * ws-diagram-draw.c all three. */
#pragma once

#include "ws-diagram.h"

G_BEGIN_DECLS

/* A row of text, in lines of the layout's font. */
#define WS_DIAGRAM_ROW 1.45
/* The gap between two layers, in sub-columns. */
#define WS_DIAGRAM_GAP 1.25

/* Colours, 0xRRGGBB. */
#define WS_DIAGRAM_INK     0x222222 /* comparators, text */
#define WS_DIAGRAM_MUTED   0x777777 /* row names, padding */
#define WS_DIAGRAM_ACCENT  0x0072b2 /* the lit layer's comparators */
#define WS_DIAGRAM_SWAPPED 0xd55e00 /* ... those that exchanged */

/* A run of layers: a kernel launch, or a group of passes in registers. */
typedef struct
{
  guint        first;
  guint        n;
  WsPlanMemory memory;
} WsDiagramSpan;

struct _WsDiagram
{
  WsNetwork           *net;
  guint                n_keys;
  guint                n_wires;
  guint                n_layers;
  guint               *starts;      /* layer i: comparators[starts[i] .. starts[i + 1]) */
  guint               *columns;     /* sub-columns per layer */
  WsDiagramComparator *comparators;
  /* The GPU grouping (ws-diagram-gpu.c); memory NULL without one. */
  WsPlanMemory        *memory;      /* per layer */
  GArray              *launches;    /* WsDiagramSpan */
  GArray              *groups;      /* register groups of 2+ passes */
  char                *gpu_caption;
  char                *title;
  double               emphasis;
};

/* One drawing's geometry, in the cairo_t's user units. */
typedef struct
{
  guint   l0, l1;      /* the layers shown: [l0, l1) */
  guint   w0, w1;      /* the wires shown: [w0, w1) */
  double  font;        /* text of the title rows, bands and legend */
  double  label_font;  /* the wires' numbers ... */
  guint   label_step;  /* ... on every label_step-th wire, where they would crowd */
  double  title_y;     /* rows' centres */
  double  stage_y;
  double  number_y;
  double  page_margin; /* around the drawing */
  double  margin_x;    /* left of the row names and chips (more when centred) */
  double  label_x;     /* right end of the wires' numbers */
  double  left;        /* the wires run from left to right */
  double  right;
  double  top;         /* the first shown wire lies at top + pitch / 2 */
  double  pitch;       /* between wires */
  double  unit;        /* one sub-column */
  double  gap;         /* between layers */
  double *layer_x;     /* left edge of layer l0 + i's first sub-column */
  double  launch_y;    /* the GPU bands' rows (when grouped) */
  double  group_y;
  double  legend_y;    /* the legend's first line */
} WsDiagramLayout;

/* Lays out a drawing of width × height (text measured with cr). */
void    ws_diagram_layout_init   (WsDiagramLayout       *lay,
                                  const WsDiagram       *d,
                                  cairo_t               *cr,
                                  double                 width,
                                  double                 height,
                                  const WsDiagramWindow *window);
void    ws_diagram_layout_clear  (WsDiagramLayout       *lay);
/* A layer's left edge and width (its sub-columns, no gaps); the layer must
 * be shown. */
double  ws_diagram_layout_x      (const WsDiagramLayout *lay,
                                  guint                  layer);
double  ws_diagram_layout_width  (const WsDiagramLayout *lay,
                                  const WsDiagram       *d,
                                  guint                  layer);
/* The centre of sub-column `column` of a shown layer, and a wire's line
 * (any wire: those outside the window lie beyond the wires' area). */
double  ws_diagram_layout_bar_x  (const WsDiagramLayout *lay,
                                  guint                  layer,
                                  guint                  column);
double  ws_diagram_layout_wire_y (const WsDiagramLayout *lay,
                                  guint                  wire);
/* The y just below the last shown wire. */
double  ws_diagram_layout_bottom (const WsDiagramLayout *lay);
/* Rows the bands and the legend take, in lines of the layout's font. */
double  ws_diagram_bands_lines   (const WsDiagram       *d);
double  ws_diagram_legend_lines  (const WsDiagram       *d);

/* The wire's label: "5", or "13  +∞" for padding. Free with g_free. */
char   *ws_diagram_wire_label    (const WsDiagram       *d,
                                  guint                  wire);
/* The stage a layer belongs to, and its label ("k = 8", "p = 4"; NULL for
 * odd-even, whose every layer is a stage). */
guint   ws_diagram_layer_stage   (const WsDiagram       *d,
                                  guint                  layer);
char   *ws_diagram_stage_label   (const WsDiagram       *d,
                                  guint                  layer);

/* The GPU bands and the legend under the wires (ws-diagram-bands.c). */
void    ws_diagram_draw_bands    (const WsDiagram       *d,
                                  cairo_t               *cr,
                                  const WsDiagramLayout *lay);
void    ws_diagram_draw_legend   (const WsDiagram       *d,
                                  cairo_t               *cr,
                                  const WsDiagramLayout *lay,
                                  double                 width);

/* ---- The pens (ws-diagram-paint.c) ---- */

/* A layer's tint by where the gpu variant runs it, 0xRRGGBB. */
guint32 ws_diagram_memory_rgb    (WsPlanMemory           memory);

/* A row's name ("stage", "launch") in the left margin, centred on y. */
void    ws_diagram_paint_row_name (cairo_t               *cr,
                                   const WsDiagramLayout *lay,
                                   const char            *name,
                                   double                 y);

/* A comparator's bar: a dot on wire a at (x, ya), the arrow's tip on b. */
void    ws_diagram_paint_bar     (cairo_t               *cr,
                                  double                 x,
                                  double                 ya,
                                  double                 yb,
                                  double                 radius);

G_END_DECLS
