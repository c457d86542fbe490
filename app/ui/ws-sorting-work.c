/* ws-sorting-work.c: the sorting page's widget-free work (see
 * ws-sorting-work.h). */
#include "ws-sorting-work.h"

void
ws_sorting_count (WsStepper *stepper, guint64 *comparisons, guint64 *swaps)
{
  const guint8 *flags = ws_stepper_flags (stepper);
  gsize width = ws_network_width (ws_stepper_network (stepper)), compared = 0, swapped = 0;

  for (gsize i = 0; i < width; i++)
    compared += (flags[i] & WS_BAR_COMPARED) != 0, swapped += (flags[i] & WS_BAR_SWAPPED) != 0;
  *comparisons += compared / 2;
  *swaps += swapped / 2;
}

char *
ws_sorting_check (WsStepper *stepper, gint64 *bad_at)
{
  const WsNetwork *net = ws_stepper_network (stepper);
  guint pass = ws_stepper_done (stepper) - 1;
  g_autoptr (GError) error = NULL;
  gsize bad = 0;

  if (*bad_at >= 0 || !ws_network_pass_ends_stage (net, pass))
    return NULL;
  if (!ws_network_check_pass (net, ws_stepper_keys (stepper), pass, &bad, &error))
    {
      *bad_at = (gint64) bad;
      return g_strdup_printf ("✗ broken at key %" G_GSIZE_FORMAT ": %s", bad, error->message);
    }
  return g_strdup (ws_stepper_finished (stepper) ? "✓ sorted" : "✓ the stage holds");
}

void
ws_sorting_advance_run (WsSortingAdvance *a)
{
  const WsArray *keys = ws_stepper_keys (a->stepper);

  for (guint i = 0; i < a->passes && ws_stepper_step (a->stepper); i++)
    {
      char *words;
      ws_sorting_count (a->stepper, &a->comparisons, &a->swaps);
      if ((words = ws_sorting_check (a->stepper, &a->bad_at)) != NULL)
        g_free (a->check), a->check = words;
    }
  if (a->columns == 0)
    return;
  a->bins = g_new (WsBarBin, ws_bars_count (keys->n, a->columns));
  ws_bars_fill (keys, a->flags ? ws_stepper_flags (a->stepper) : NULL, a->vmin, a->vmax,
                a->columns, a->bins);
}

void
ws_sorting_advance_free (gpointer data)
{
  WsSortingAdvance *a = data;

  if (a->orphaned)
    ws_stepper_free (a->stepper);
  g_free (a->check);
  g_free (a->bins);
  g_free (a);
}

void
ws_sorting_prepare (WsSortingPrepared *p, WsNetworkKind kind, const WsArray *keys)
{
  const WsArray *padded;

  if ((p->stepper = ws_stepper_new (kind, keys, NULL)) == NULL)
    return; /* the main thread makes it, and reports what goes wrong */
  ws_bars_range (keys, &p->vmin, &p->vmax);
  padded = ws_stepper_keys (p->stepper);
  if (p->columns == 0)
    return;
  p->bins = g_new (WsBarBin, ws_bars_count (padded->n, p->columns));
  ws_bars_fill (padded, NULL, p->vmin, p->vmax, p->columns, p->bins);
}

void
ws_sorting_prepared_clear (WsSortingPrepared *p)
{
  g_clear_pointer (&p->stepper, ws_stepper_free);
  g_clear_pointer (&p->bins, g_free);
}
