/* ws-run.c: dispatch one run to the algorithm's implementation and time it. */
#include "ws-run.h"

#include "ws-backend.h"

#include "ws-cancel.h"
#include "ws-dot.h"
#include "ws-error.h"
#include "ws-memory.h"
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

/* A copy of a that a cancel can interrupt (ws-cancel.h): 2^24 keys are
 * 64 MiB to fault in and fill. */
static WsArray *
copy_input (const WsArray *a,
            GError       **error)
{
  g_autoptr (WsArray) copy = ws_array_new (a->type, a->n, error);

  if (copy == NULL || !ws_cancel_copy (copy->data, a->data, ws_array_bytes (a), error))
    return NULL;
  return g_steal_pointer (&copy);
}

/* Before the clock starts: copy the inputs an in-place algorithm would
 * change, and check a search's precondition (an O(n) scan that would
 * otherwise swamp the O(log n) per key being measured). */
static gboolean
prepare (const WsRunInput *in,
         WsRunOutput      *out,
         GError          **error)
{
  if (in->algo->shape == WS_SHAPE_SEARCH && !ws_search_check_sorted (in->input, error))
    return FALSE;
  if (in->algo->shape == WS_SHAPE_STENCIL)
    {
      gint64 radius = ws_params_get (in->algo, &in->params, "radius");
      if (!ws_stencil_check (in->side, radius, error))
        return FALSE;
      out->rows = out->cols = in->side - 2 * (gsize) radius;
    }
  if (in->algo->shape == WS_SHAPE_SORT || in->algo->shape == WS_SHAPE_DOT)
    if ((out->array = copy_input (in->input, error)) == NULL)
      return FALSE;
  if (in->algo->shape == WS_SHAPE_DOT)
    if ((out->array2 = copy_input (in->input2, error)) == NULL)
      return FALSE;
  return TRUE;
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

/* A GPU variant needs a GPU now, not just code for one: say why not. */
static gboolean
backend_ready (const WsBackend *backend,
               WsVariant        variant,
               GError         **error)
{
  g_autoptr (GArray) devices = NULL;

  if (!ws_variant_is_gpu (variant))
    return TRUE;
  return backend->query_devices (backend, &devices, error);
}

gboolean
ws_run (const WsRunInput *in,
        WsRunOutput      *out,
        GError          **error)
{
  const WsBackend *backend;
  gsize n;

  g_return_val_if_fail (in != NULL && in->algo != NULL && in->input != NULL, FALSE);
  *out = (WsRunOutput) { 0 };
  n = in->algo->shape == WS_SHAPE_STENCIL ? in->side : in->input->n;
  backend = ws_backend_for (in->variant);
  if (!ws_algorithm_check_run (in->algo, in->variant, in->input->type, n, error)
      || !backend_ready (backend, in->variant, error)
      /* the host's share was asked before the inputs were made */
      || !ws_memory_check (in->algo, in->variant, &in->params, in->input->type, n,
                           WS_MEMORY_DEVICE, error)
      || !prepare (in, out, error)
      || !backend->run (backend, in, out, error))
    {
      ws_run_output_clear (out);
      return FALSE;
    }
  return TRUE;
}

void
ws_run_output_clear (WsRunOutput *out)
{
  g_clear_pointer (&out->array, ws_array_free);
  g_clear_pointer (&out->array2, ws_array_free);
  g_clear_pointer (&out->counts, g_free);
  g_clear_pointer (&out->indices, g_free);
}
