/* ws-run-cpu.c: a run on the CPU — dispatched by shape to app/core's
 * algorithms and timed by the host clock (see ws-run-cpu.h). */
#include "ws-run-cpu.h"

#include "ws-dot.h"
#include "ws-network.h"
#include "ws-primitives.h"
#include "ws-radix.h"
#include "ws-scan.h"
#include "ws-search.h"
#include "ws-stencil.h"
#include "ws-system.h"

/* Sorts in place on out->array, a copy of the input. */
static gboolean
run_sort (const WsRunInput *in,
          WsRunOutput      *out,
          GError          **error)
{
  const char *name = in->algo->name;
  WsNetworkKind kind;

  if (ws_network_kind_from_name (name, &kind))
    {
      gboolean early = kind == WS_NETWORK_ODD_EVEN && ws_params_get (in->algo, &in->params, "early-exit");
      return ws_network_sort (kind, out->array, in->variant, early, &out->counters, error);
    }
  if (g_str_equal (name, "radix-sort"))
    return ws_radix_sort (out->array, in->variant, &out->counters, error);
  if (g_str_equal (name, "counting-sort"))
    return ws_counting_sort (out->array, in->variant, &out->counters, error);
  g_return_val_if_reached (FALSE);
}

static gboolean
run_dot (const WsRunInput *in,
         WsRunOutput      *out,
         GError          **error)
{
  out->has_scalar = TRUE;
  return ws_dot (out->array, out->array2, in->variant, &out->scalar, &out->counters, error);
}

static gboolean
run_stencil (const WsRunInput *in,
             WsRunOutput      *out,
             GError          **error)
{
  gint64 radius = ws_params_get (in->algo, &in->params, "radius");

  out->array = ws_stencil (in->input, in->side, (guint) radius, in->variant, &out->counters, error);
  return out->array != NULL;
}

static gboolean
run_scan (const WsRunInput *in,
          WsRunOutput      *out,
          GError          **error)
{
  out->array = ws_array_new (in->input->type, in->input->n, error);
  return out->array != NULL
         && ws_scan_exclusive (in->input, out->array, in->variant, &out->counters, error);
}

static gboolean
run_histogram (const WsRunInput *in,
               WsRunOutput      *out,
               GError          **error)
{
  guint bins = (guint) ws_params_get (in->algo, &in->params, "bins");

  out->counts = ws_try_alloc (bins, sizeof (guint64), "the histogram", error);
  out->n_counts = bins;
  return out->counts != NULL
         && ws_histogram (in->input, bins, in->variant, out->counts, &out->lo, &out->hi, error);
}

static gboolean
run_search (const WsRunInput *in,
            WsRunOutput      *out,
            GError          **error)
{
  guint p = (guint) ws_params_get (in->algo, &in->params, "segments");
  gboolean binary = g_str_equal (in->algo->name, "binary-search");

  out->n_indices = in->keys->n;
  out->indices = ws_try_alloc (in->keys->n, sizeof (gint64), "the search results", error);
  if (out->indices == NULL)
    return FALSE;
  return (binary ? ws_binary_search : ws_interpolation_search) (
      in->input, in->keys, p, in->variant, out->indices, &out->counters, error);
}

static gboolean
dispatch (const WsRunInput *in,
          WsRunOutput      *out,
          GError          **error)
{
  switch (in->algo->shape)
    {
    case WS_SHAPE_SORT: return run_sort (in, out, error);
    case WS_SHAPE_DOT: return run_dot (in, out, error);
    case WS_SHAPE_STENCIL: return run_stencil (in, out, error);
    case WS_SHAPE_REDUCE:
      out->has_scalar = TRUE;
      return ws_reduce_sum (in->input, in->variant, &out->scalar, error);
    case WS_SHAPE_SCAN: return run_scan (in, out, error);
    case WS_SHAPE_HISTOGRAM: return run_histogram (in, out, error);
    case WS_SHAPE_SEARCH: return run_search (in, out, error);
    }
  g_return_val_if_reached (FALSE);
}

gboolean
ws_run_on_cpu (const WsRunInput *in,
               WsRunOutput      *out,
               GError          **error)
{
  double start = ws_system_now ();

  if (!dispatch (in, out, error))
    return FALSE;
  out->seconds = ws_system_now () - start;
  out->times.kernel = out->times.total = out->seconds;
  return TRUE;
}

