/* ws-sorting-work.c: the sorting page's widget-free work (see
 * ws-sorting-work.h). */
#include "ws-sorting-work.h"

void
ws_sorting_advance_run (WsSortingAdvance *a)
{
  gint64 deadline = a->budget_us > 0 ? g_get_monotonic_time () + a->budget_us : 0;

  if (ws_network_scene_advance (a->scene, a->passes, deadline, NULL, &a->error) && a->columns > 0)
    ws_network_scene_prepare_bins (a->scene, a->columns, a->highlights);
}

void
ws_sorting_advance_free (gpointer data)
{
  WsSortingAdvance *a = data;

  if (a->orphaned)
    ws_network_scene_free (a->scene);
  g_clear_error (&a->error);
  g_free (a);
}

void
ws_sorting_prepare (WsSortingPrepared *p, WsNetworkKind kind, const WsArray *keys)
{
  /* Where it fails, the main thread makes it again and says why. */
  if ((p->scene = ws_network_scene_new (kind, keys, NULL, NULL)) != NULL && p->columns > 0)
    ws_network_scene_prepare_bins (p->scene, p->columns, p->highlights);
}

void
ws_sorting_prepared_clear (WsSortingPrepared *p)
{
  g_clear_pointer (&p->scene, ws_network_scene_free);
}
