/* ws-diagram.c: the diagram's model — a network's passes as layers of
 * comparators, each in a sub-column where its bar overlaps no other. */
#include "ws-diagram-private.h"

#include "ws-error.h"

/* First fit in order of the lower wire: a comparator takes the leftmost
 * sub-column whose bars all end above it. For intervals taken in order of
 * their start this needs no more sub-columns than the most bars that cross
 * one wire, the least possible. last[c] is sub-column c's lowest wire + 1
 * (0: empty). Returns the sub-columns used, at least 1. */
static guint
place_columns (WsDiagramComparator *cmp,
               guint                n,
               guint               *last)
{
  guint used = 1;

  for (guint i = 0; i < n; i++)
    {
      guint lo = MIN (cmp[i].a, cmp[i].b), hi = MAX (cmp[i].a, cmp[i].b), c = 0;

      while (last[c] > lo)
        c++;
      cmp[i].column = c;
      last[c] = hi + 1;
      used = MAX (used, c + 1);
    }
  for (guint c = 0; c < used; c++)
    last[c] = 0;
  return used;
}

/* Layer `layer`'s comparators into out (smaller key to a); how many. */
static guint
fill_layer (const WsNetwork     *net,
            guint                layer,
            WsDiagramComparator *out)
{
  gsize n = ws_network_pass_comparators (net, layer, NULL);
  g_autofree WsComparator *pass = g_new (WsComparator, MAX (n, 1));

  ws_network_pass_comparators (net, layer, pass);
  for (gsize i = 0; i < n; i++)
    out[i] = (WsDiagramComparator) { (guint) pass[i].min_at, (guint) pass[i].max_at, 0 };
  return (guint) n;
}

static void
build_layers (WsDiagram *d)
{
  guint total = 0;
  g_autofree guint *last = g_new0 (guint, d->n_wires + 1);

  d->starts = g_new0 (guint, d->n_layers + 1);
  d->columns = g_new0 (guint, MAX (d->n_layers, 1));
  for (guint l = 0; l < d->n_layers; l++)
    total += (guint) ws_network_pass_comparators (d->net, l, NULL);
  d->comparators = g_new0 (WsDiagramComparator, MAX (total, 1));
  for (guint l = 0; l < d->n_layers; l++)
    {
      WsDiagramComparator *at = d->comparators + d->starts[l];
      guint n = fill_layer (d->net, l, at);

      d->starts[l + 1] = d->starts[l] + n;
      d->columns[l] = place_columns (at, n, last);
    }
}

static gboolean
check_size (const WsNetwork *net,
            GError         **error)
{
  gsize n = ws_network_size (net), w = ws_network_width (net);

  if (n == 0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "A diagram needs at least one key");
      return FALSE;
    }
  if (w > WS_DIAGRAM_MAX_WIRES)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "A diagram draws at most %d wires; %s on %" G_GSIZE_FORMAT " keys needs %"
                   G_GSIZE_FORMAT, WS_DIAGRAM_MAX_WIRES,
                   ws_network_kind_name (ws_network_kind (net)), n, w);
      return FALSE;
    }
  return TRUE;
}

WsDiagram *
ws_diagram_new (const WsNetwork *net,
                GError         **error)
{
  WsDiagram *d;

  g_return_val_if_fail (net != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_size (net, error))
    return NULL;
  d = g_new0 (WsDiagram, 1);
  /* A copy of its own: the caller's network may go before the diagram. */
  d->net = ws_network_new (ws_network_kind (net), ws_network_size (net), NULL);
  d->n_keys = (guint) ws_network_size (net);
  d->n_wires = (guint) ws_network_width (net);
  d->n_layers = ws_network_n_passes (net);
  d->emphasis = 1.0;
  build_layers (d);
  return d;
}

void
ws_diagram_free (WsDiagram *d)
{
  if (d == NULL)
    return;
  ws_diagram_clear_gpu_groups (d);
  ws_network_free (d->net);
  g_free (d->starts);
  g_free (d->columns);
  g_free (d->comparators);
  g_free (d->title);
  g_free (d);
}

WsNetworkKind
ws_diagram_kind (const WsDiagram *d)
{
  g_return_val_if_fail (d != NULL, WS_NETWORK_BITONIC);
  return ws_network_kind (d->net);
}

guint
ws_diagram_n_keys (const WsDiagram *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->n_keys;
}

guint
ws_diagram_n_wires (const WsDiagram *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->n_wires;
}

guint
ws_diagram_n_layers (const WsDiagram *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->n_layers;
}

guint
ws_diagram_n_comparators (const WsDiagram *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->starts[d->n_layers];
}

const WsDiagramComparator *
ws_diagram_layer (const WsDiagram *d,
                  guint            layer,
                  guint           *n)
{
  g_return_val_if_fail (d != NULL && layer < d->n_layers, NULL);
  if (n != NULL)
    *n = d->starts[layer + 1] - d->starts[layer];
  return d->comparators + d->starts[layer];
}

guint
ws_diagram_layer_columns (const WsDiagram *d,
                          guint            layer)
{
  g_return_val_if_fail (d != NULL && layer < d->n_layers, 1);
  return d->columns[layer];
}

char *
ws_diagram_layer_label (const WsDiagram *d,
                        guint            layer)
{
  g_return_val_if_fail (d != NULL && layer < d->n_layers, NULL);
  return ws_network_pass_label (d->net, layer);
}

guint
ws_diagram_layer_stage (const WsDiagram *d,
                        guint            layer)
{
  WsPassInfo info;

  ws_network_pass_info (d->net, layer, &info);
  return info.stage;
}

char *
ws_diagram_stage_label (const WsDiagram *d,
                        guint            layer)
{
  WsPassInfo info;

  ws_network_pass_info (d->net, layer, &info);
  switch (ws_network_kind (d->net))
    {
    case WS_NETWORK_BITONIC:
      return g_strdup_printf ("k = %" G_GUINT64_FORMAT, info.k);
    case WS_NETWORK_ODD_EVEN_MERGE:
      return g_strdup_printf ("p = %" G_GUINT64_FORMAT, info.k);
    default:
      return NULL;
    }
}

char *
ws_diagram_wire_label (const WsDiagram *d,
                       guint            wire)
{
  return wire < d->n_keys ? g_strdup_printf ("%u", wire) : g_strdup_printf ("%u  +∞", wire);
}

void
ws_diagram_set_title (WsDiagram  *d,
                      const char *title)
{
  g_return_if_fail (d != NULL);
  g_free (d->title);
  d->title = g_strdup (title);
}

void
ws_diagram_set_emphasis (WsDiagram *d,
                         double     emphasis)
{
  g_return_if_fail (d != NULL && emphasis > 0);
  d->emphasis = emphasis;
}

void
ws_diagram_state_init (WsDiagramState *state)
{
  g_return_if_fail (state != NULL);
  *state = (WsDiagramState) { .current_layer = -1, .hover = { -1, -1, -1 } };
}
