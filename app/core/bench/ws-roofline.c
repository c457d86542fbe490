/* ws-roofline.c: the bytes an algorithm must move (see ws-roofline.h). */
#include "ws-roofline.h"

#include <math.h>

#include "ws-types.h"

guint64
ws_traffic_bytes (const WsTraffic *traffic)
{
  return traffic->read + traffic->written;
}

guint64
ws_roofline_search_sectors (guint64 n_bytes,
                            guint64 queries)
{
  double sectors = (double) ((n_bytes + WS_ROOFLINE_SECTOR - 1) / WS_ROOFLINE_SECTOR);

  if (sectors == 0 || queries == 0)
    return 0;
  /* S·(1 − (1 − 1/S)^q), through log1p and expm1 so that S of millions
   * and q of one stay exact enough to round right. */
  return (guint64) llround (-sectors * expm1 ((double) queries * log1p (-1.0 / sectors)));
}

static guint64
param (const WsAlgorithm *algo, const WsParams *params, const char *name)
{
  return (guint64) ws_params_get (algo, params, name);
}

static WsTraffic
stencil_traffic (guint64 side, guint64 radius, guint64 size)
{
  guint64 out_side = side > 2 * radius ? side - 2 * radius : 0;

  return (WsTraffic) { side * side * size, out_side * out_side * size };
}

static WsTraffic
search_traffic (guint64 n, guint64 queries, guint64 size)
{
  return (WsTraffic) {
    queries * size + ws_roofline_search_sectors (n * size, queries) * WS_ROOFLINE_SECTOR,
    queries * sizeof (gint64),
  };
}

/* The model of the header, shape by shape: the registry's shape decides
 * what goes in and what comes out. */
static WsTraffic
traffic_of (const WsAlgorithm *algo, const WsParams *params, guint64 n, guint64 size)
{
  switch (algo->shape)
    {
    case WS_SHAPE_SORT:
    case WS_SHAPE_SCAN:
      return (WsTraffic) { n * size, n * size };
    case WS_SHAPE_REDUCE:
      return (WsTraffic) { n * size, sizeof (gint64) };
    case WS_SHAPE_HISTOGRAM:
      return (WsTraffic) { 2 * n * size, param (algo, params, "bins") * sizeof (guint64) };
    case WS_SHAPE_DOT:
      return (WsTraffic) { 2 * n * size, 2 * n * size + sizeof (gint64) };
    case WS_SHAPE_STENCIL:
      return stencil_traffic (n, param (algo, params, "radius"), size);
    case WS_SHAPE_SEARCH:
      return search_traffic (n, param (algo, params, "queries"), size);
    }
  g_return_val_if_reached ((WsTraffic) { 0 });
}

gboolean
ws_roofline_traffic (const char     *algorithm,
                     WsKeyType       type,
                     gsize           n,
                     const WsParams *params,
                     WsTraffic      *out,
                     GError        **error)
{
  const WsAlgorithm *algo = ws_registry_lookup (algorithm, error);
  WsParams defaults;

  g_return_val_if_fail (out != NULL, FALSE);
  if (algo == NULL)
    return FALSE;
  if (params == NULL)
    {
      ws_params_init_defaults (algo, &defaults);
      params = &defaults;
    }
  *out = traffic_of (algo, params, n, ws_key_type_size (type));
  return TRUE;
}
