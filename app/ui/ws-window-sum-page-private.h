/* ws-window-sum-page-private.h: what the window-sum page's files share —
 * the page (ws-window-sum-page.c: the runs, the launch, the labels, the
 * widget) and its maps (ws-window-sum-maps.c: drawing, clicks, zoom and
 * pan, the panel beside the canvas). Private to app/ui. */
#pragma once

#include "ws-canvas.h"
#include "ws-pacer.h"
#include "ws-window-sum-page.h"
#include "ws-window-sum-scene.h"

G_BEGIN_DECLS

struct _WsWindowSumPage
{
  GtkBox           parent_instance;

  WsCanvas        *canvas;
  GtkSpinButton   *side, *radius, *block, *per_thread;
  GtkDropDown     *variant;
  GtkButton       *run_button, *launch_reset, *launch_end;
  GtkToggleButton *launch_play;
  GtkProgressBar  *progress;
  GtkLabel        *run_label, *launch_label, *cell_label, *path_label;
  GtkCheckButton  *show_lines;
  GtkToggleButton *panel_toggle;
  GtkRevealer     *panel_revealer;
  GtkWidget       *canvas_bar, *canvas_transport;
  GtkButton       *canvas_play;

  WsWindowSumScene *scene;      /* the last run's grids as an animation, or NULL */
  WsStencilShape   shape;       /* its shape */
  WsVariant        run_variant; /* the variant that computed it */
  guint64          row, col;    /* the chosen output, as last notified */
  WsPacer          pacer;       /* plays the launch */
  GCancellable    *running;     /* the run the page waits for, or NULL */
  guint            in_flight;   /* workers not yet returned, stale ones too */
  double           speed;       /* times the launch's natural pace */
  gboolean         playing;     /* the launch, as last notified */
  double           pointer_x, pointer_y; /* over the canvas (the wheel zooms about it) */
  double           drag_x, drag_y;       /* where the press under way began */
  WsWindowSumZoom  drag_from;            /* the zoom then */
  gboolean         panning;              /* it moved past the drag threshold: a pan, no click */
  gboolean         presenting;           /* presentation mode, as last seen */
};

/* The maps' actions and keys (page.fit, page.controls), on the class. */
void ws_window_sum_maps_class_init (GtkWidgetClass  *klass);
/* The canvas's painter and gestures, the panel's toggle. */
void ws_window_sum_maps_init       (WsWindowSumPage *page);
/* The page joined or left a window: follow its presentation mode. */
void ws_window_sum_maps_rooted     (WsWindowSumPage *page);
void ws_window_sum_maps_unrooted   (WsWindowSumPage *page);

G_END_DECLS
