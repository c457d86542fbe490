/* ws-diagram-gpu.c: where the gpu variant runs each layer, read from the
 * launch plan its CUDA launcher walks (ws-launch-plan.h), so that the
 * picture shows the kernels' real grouping; and, for a network small enough
 * to fit one tile, the same plan with a smaller tile, labelled as a
 * stand-in. */
#include "ws-diagram-private.h"

#include "ws-error.h"

/* The largest tile of the kernel: keys for bitonic and merge, phases for
 * odd-even. */
static guint
largest_tile (WsNetworkKind kind)
{
  switch (kind)
    {
    case WS_NETWORK_BITONIC:
      return 1u << WS_PLAN_BITONIC_TILE_LOG;
    case WS_NETWORK_ODD_EVEN_MERGE:
      return 1u << WS_PLAN_MERGE_TILE_LOG;
    default:
      return WS_PLAN_ODD_EVEN_PHASES;
    }
}

/* The tile the kernel sorts this network's keys with (bitonic picks it by
 * the width). */
static guint
kernel_tile (const WsDiagram *d)
{
  WsNetworkKind kind = ws_network_kind (d->net);

  if (kind == WS_NETWORK_BITONIC)
    return 1u << ws_plan_bitonic_tile_log (d->n_wires);
  return largest_tile (kind);
}

static gboolean
check_tile (WsNetworkKind kind,
            guint         tile,
            GError      **error)
{
  guint most = largest_tile (kind);

  if (kind == WS_NETWORK_ODD_EVEN && tile >= 1 && tile <= most)
    return TRUE;
  if (kind != WS_NETWORK_ODD_EVEN && tile >= 2 && tile <= most && (tile & (tile - 1)) == 0)
    return TRUE;
  if (kind == WS_NETWORK_ODD_EVEN)
    g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                 "No GPU grouping of odd-even with %u phases a launch: give 1 to %u "
                 "(the kernel runs %u)", tile, most, most);
  else
    g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                 "No GPU grouping of %s with a tile of %u keys: give a power of two from 2 to "
                 "%u (the kernel's tile)", ws_network_kind_name (kind), tile, most);
  return FALSE;
}

/* The passes a trip the drawing groups bitonic by: the kernel's at this
 * width, or where a smaller tile stands for the kernel's, those of the
 * sorts of several launches that it then shows (the one-launch sorts hold
 * fewer keys a thread: ws_plan_bitonic_group). */
static guint
drawn_group (const WsDiagram *d,
             guint            tile)
{
  guint64 several = G_GUINT64_CONSTANT (1) << (WS_PLAN_BITONIC_SMALL_LOG + 1);

  return ws_plan_bitonic_group (tile == kernel_tile (d) ? d->n_wires : several);
}

static void
start_plan (const WsDiagram *d,
            guint            tile,
            WsLaunchPlan    *plan)
{
  switch (ws_network_kind (d->net))
    {
    case WS_NETWORK_BITONIC:
      ws_launch_plan_bitonic (plan, d->n_wires, g_bit_storage (tile) - 1, drawn_group (d, tile));
      break;
    case WS_NETWORK_ODD_EVEN_MERGE:
      ws_launch_plan_merge (plan, d->n_keys, g_bit_storage (tile) - 1);
      break;
    default:
      ws_launch_plan_odd_even (plan, d->n_keys, tile);
      break;
    }
}

/* A register group of 2+ passes is drawn as a bracket; every layer gets
 * its memory. */
static void
record_launch (WsDiagram          *d,
               const WsPlanLaunch *launch)
{
  WsDiagramSpan span = { launch->first_pass, launch->n_passes, launch->memory };

  g_array_append_val (d->launches, span);
  for (guint g = 0; g < launch->n_groups; g++)
    {
      const WsPlanGroup *group = &launch->groups[g];
      WsDiagramSpan run = { group->first_pass, group->n_passes, group->memory };

      for (guint p = 0; p < group->n_passes; p++)
        d->memory[group->first_pass + p] = group->memory;
      if (group->memory == WS_PLAN_REGISTERS)
        g_array_append_val (d->groups, run);
    }
}

static char *
caption (const WsDiagram *d,
         guint            tile)
{
  WsNetworkKind kind = ws_network_kind (d->net);
  guint real = kernel_tile (d);

  if (kind == WS_NETWORK_ODD_EVEN)
    return tile == real
             ? g_strdup_printf ("as the gpu variant runs it: %u phases a launch, in registers", real)
             : g_strdup_printf ("as the gpu variant groups a large sort, with %u phases a launch "
                                "standing for its %u", tile, real);
  if (kind == WS_NETWORK_ODD_EVEN_MERGE)
    return tile == real
             ? g_strdup_printf ("as the gpu variant runs it: tiles of %u keys", real)
             : g_strdup_printf ("as the gpu variant groups a large sort, with a tile of %u keys "
                                "standing for its %u", tile, real);
  return tile == real
           ? g_strdup_printf ("as the gpu variant runs it: tiles of %u keys, %u keys a thread "
                              "in registers", real, 1u << drawn_group (d, tile))
           : g_strdup_printf ("as the gpu variant groups a large sort, with a tile of %u keys "
                              "standing for its %u (%u keys a thread in registers)",
                              tile, real, 1u << drawn_group (d, tile));
}

gboolean
ws_diagram_set_gpu_groups (WsDiagram *d,
                           guint      tile,
                           GError   **error)
{
  WsNetworkKind kind;
  WsLaunchPlan plan;
  WsPlanLaunch launch;

  g_return_val_if_fail (d != NULL, FALSE);
  kind = ws_network_kind (d->net);
  tile = tile == 0 ? kernel_tile (d) : tile;
  if (!check_tile (kind, tile, error))
    return FALSE;
  ws_diagram_clear_gpu_groups (d);
  d->memory = g_new0 (WsPlanMemory, MAX (d->n_layers, 1));
  d->launches = g_array_new (FALSE, FALSE, sizeof (WsDiagramSpan));
  d->groups = g_array_new (FALSE, FALSE, sizeof (WsDiagramSpan));
  d->gpu_caption = caption (d, tile);
  start_plan (d, tile, &plan);
  while (ws_launch_plan_next (&plan, &launch))
    record_launch (d, &launch);
  return TRUE;
}

void
ws_diagram_clear_gpu_groups (WsDiagram *d)
{
  g_return_if_fail (d != NULL);
  g_clear_pointer (&d->memory, g_free);
  g_clear_pointer (&d->launches, g_array_unref);
  g_clear_pointer (&d->groups, g_array_unref);
  g_clear_pointer (&d->gpu_caption, g_free);
}

gboolean
ws_diagram_has_gpu_groups (const WsDiagram *d)
{
  g_return_val_if_fail (d != NULL, FALSE);
  return d->memory != NULL;
}

WsPlanMemory
ws_diagram_layer_memory (const WsDiagram *d,
                         guint            layer)
{
  g_return_val_if_fail (d != NULL && layer < d->n_layers, WS_PLAN_GLOBAL);
  return d->memory != NULL ? d->memory[layer] : WS_PLAN_GLOBAL;
}

guint
ws_diagram_n_launches (const WsDiagram *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->launches != NULL ? d->launches->len : 0;
}

void
ws_diagram_launch (const WsDiagram *d,
                   guint            i,
                   guint           *first_layer,
                   guint           *n_layers,
                   WsPlanMemory    *memory)
{
  const WsDiagramSpan *span;

  g_return_if_fail (d != NULL && i < ws_diagram_n_launches (d));
  span = &g_array_index (d->launches, WsDiagramSpan, i);
  if (first_layer != NULL)
    *first_layer = span->first;
  if (n_layers != NULL)
    *n_layers = span->n;
  if (memory != NULL)
    *memory = span->memory;
}

const char *
ws_diagram_gpu_caption (const WsDiagram *d)
{
  g_return_val_if_fail (d != NULL, NULL);
  return d->gpu_caption;
}
