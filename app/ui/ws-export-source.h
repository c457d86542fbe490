/* ws-export-source.h: what an animated page offers File ▸ Export
 * Animation… — a description of its animation, made of copies (the keys,
 * the grids, the primitive's frames) so that a worker can build a scene of
 * its own from it in its own GL context, while the page plays on. Pages
 * install a describe function on their class (as ws-transport.h installs
 * the transport); a page without one (the benchmark) has nothing to
 * export, and the window's action is off there. */
#pragma once

#include <gtk/gtk.h>

#include "ws-animation.h"
#include "ws-movie.h"
#include "ws-network.h"
#include "ws-stencil-layout.h"

G_BEGIN_DECLS

typedef struct
{
  WsMovieKind     kind;
  char           *name;     /* the file's name without extension: "bitonic-64" */
  char           *title;    /* "Bitonic sort of 64 keys": the dialog's subtitle */
  guint           last;     /* frames 0 … last (ws_movie_last of the scene made) */
  double          fps;      /* the page's pace: frames a second */
  /* WS_MOVIE_NETWORK: the keys as generated or loaded (a copy). */
  WsNetworkKind   network;
  WsArray        *keys;
  /* WS_MOVIE_WINDOW_SUM: the grid and its window sums (copies), the output
   * marked, how close the maps are, and the variant that computed them. */
  WsStencilShape  shape;
  WsArray        *grid, *sums;
  guint64         row, col;
  WsWindowSumZoom zoom;
  char           *variant;
  /* WS_MOVIE_FRAMES: the primitive's frames (its own), and the names of
   * its two highlights (ws_frames_scene_new). */
  WsAnimation    *animation;
  const char     *compared_name, *swapped_name;
} WsExportSource;

/* Another of the same, copies of copies (an export takes one). */
WsExportSource *ws_export_source_copy     (const WsExportSource *source);
void            ws_export_source_free     (WsExportSource *source);

/* The page's description, or NULL with why (nothing made yet). */
typedef WsExportSource *(*WsExportDescribe) (GtkWidget *page,
                                             GError   **error);

/* Installs describe on klass (in its class_init). */
void            ws_export_source_install  (GtkWidgetClass  *klass,
                                           WsExportDescribe describe);
/* Whether page's class offers an animation to export. */
gboolean        ws_export_source_offered  (GtkWidget       *page);
/* page's animation now, or NULL with why (page offers none, or has none
 * yet: WS_ERROR_UNAVAILABLE). */
WsExportSource *ws_export_source_describe (GtkWidget       *page,
                                           GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsExportSource, ws_export_source_free)

G_END_DECLS
