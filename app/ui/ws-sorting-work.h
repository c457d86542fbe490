/* ws-sorting-work.h: the sorting page's work that touches no widget, so
 * that it can run on a worker thread: a host scene's passes (with their
 * counts and stage checks, which the scene makes) and the bins of the next
 * frame, and a new array's scene and first bins. Private to app/ui. */
#pragma once

#include <glib.h>

#include "ws-network-scene.h"

G_BEGIN_DECLS

/* Host passes run off the main thread: the job holds the scene while it
 * runs (the page draws the last frame again meanwhile). */
typedef struct
{
  WsNetworkScene *scene;
  guint           passes;     /* to run at most, */
  gint64          budget_us;  /* within this time (one pass at least; 0: no bound) */
  GError         *error;      /* what stopped them */
  gboolean        orphaned;   /* the page went away: free the scene */
  /* The next frame's bins, made here too: 2^24 keys take tens of ms. */
  guint           columns;    /* 0: none */
  gboolean        highlights;
} WsSortingAdvance;

void  ws_sorting_advance_run  (WsSortingAdvance *advance);
void  ws_sorting_advance_free (gpointer          advance);

/* What a generation's worker prepares for a big array stepped on the host,
 * so that the main thread only takes it: the scene (its copy of the keys
 * and their range) with the first frame's bins (columns > 0). */
typedef struct
{
  WsNetworkScene *scene;
  guint           columns;
  gboolean        highlights;
} WsSortingPrepared;

void  ws_sorting_prepare       (WsSortingPrepared *prepared,
                                WsNetworkKind      kind,
                                const WsArray     *keys);
void  ws_sorting_prepared_clear (WsSortingPrepared *prepared);

G_END_DECLS
