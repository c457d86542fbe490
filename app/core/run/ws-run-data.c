/* ws-run-data.c: generated inputs of a run (see ws-run-data.h). */
#include "ws-run-data.h"

#include <string.h>

#include "ws-error.h"
#include "ws-memory.h"
#include "ws-radix.h"
#include "ws-search.h"

static WsArray *
generate_grid (WsKeyType type, WsDistribution dist, gsize side, guint64 seed, GError **error)
{
  gsize cells;

  if (!g_size_checked_mul (&cells, side, side))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "N = %" G_GSIZE_FORMAT " is too large for an N×N grid", side);
      return NULL;
    }
  return ws_generate (type, dist, cells, seed, error);
}

/* A search needs its array sorted, and queries drawn from it and around it. */
static gboolean
prepare_search (const WsAlgorithm *algo, const WsParams *params, guint64 seed, WsRunData *data,
                GError **error)
{
  gint64 queries = ws_params_get (algo, params, "queries");

  if (!ws_radix_sort (data->input, WS_VARIANT_CPU_PAR, NULL, error))
    return FALSE;
  data->keys = ws_search_make_keys (data->input, (gsize) queries, seed + 1, error);
  return data->keys != NULL;
}

gboolean
ws_run_data_generate (const WsAlgorithm *algo, const WsParams *params, WsKeyType type,
                      WsDistribution dist, gsize n, guint64 seed, WsRunData *data,
                      GError **error)
{
  g_return_val_if_fail (algo != NULL && params != NULL && data != NULL, FALSE);
  memset (data, 0, sizeof *data);
  /* Before anything is allocated: overcommit would let it all succeed and
   * the run be killed later. The host's need is the same for every variant. */
  if (!ws_memory_check (algo, WS_VARIANT_CPU_SEQ, params, type, n, WS_MEMORY_HOST, error))
    return FALSE;
  if (algo->shape == WS_SHAPE_STENCIL)
    {
      data->side = n;
      data->input = generate_grid (type, dist, n, seed, error);
    }
  else
    data->input = ws_generate (type, dist, n, seed, error);
  if (data->input == NULL)
    return FALSE;
  if (algo->shape == WS_SHAPE_DOT)
    return (data->input2 = ws_generate (type, dist, n, seed + 1, error)) != NULL;
  if (algo->shape == WS_SHAPE_SEARCH)
    return prepare_search (algo, params, seed, data, error);
  return TRUE;
}

void
ws_run_data_bind (const WsRunData *data, WsRunInput *in)
{
  in->input = data->input;
  in->input2 = data->input2;
  in->keys = data->keys;
  in->side = data->side;
}

void
ws_run_data_clear (WsRunData *data)
{
  g_clear_pointer (&data->input, ws_array_free);
  g_clear_pointer (&data->input2, ws_array_free);
  g_clear_pointer (&data->keys, ws_array_free);
  data->side = 0;
}
