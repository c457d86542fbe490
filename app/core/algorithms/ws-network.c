/* ws-network.c: the schedule of a sorting network: its passes, their
 * parameters, labels and comparators, and the padding bitonic needs. */
#include "ws-network-private.h"

#include <math.h>
#include <string.h>

#include "ws-cancel.h"
#include "ws-error.h"

struct _WsNetwork
{
  WsNetworkKind kind;
  gsize         n;
  gsize         width;
  guint         n_passes;
  WsPassInfo   *passes; /* bitonic and merge; NULL for odd-even, whose n
                         * passes follow from their index */
};

static const char *const kind_names[WS_N_NETWORKS] = {
  "bitonic", "odd-even", "oddeven-merge",
};

/* Bitonic pads to a power of two and merge stages span 2p keys: both must
 * stay representable in gsize. */
#define MAX_KEYS ((gsize) 1 << (GLIB_SIZEOF_SIZE_T * 8 - 1))

gboolean
ws_network_kind_from_name (const char    *name,
                           WsNetworkKind *kind)
{
  for (guint k = 0; k < WS_N_NETWORKS; k++)
    if (g_strcmp0 (name, ws_network_kind_name ((WsNetworkKind) k)) == 0)
      {
        *kind = (WsNetworkKind) k;
        return TRUE;
      }
  return FALSE;
}

gboolean
ws_network_kind_parse (const char    *name,
                       WsNetworkKind *kind,
                       GError       **error)
{
  if (ws_network_kind_from_name (name, kind))
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "“%s” is not a sorting network; use bitonic, odd-even or oddeven-merge", name);
  return FALSE;
}

const char *
ws_network_kind_name (WsNetworkKind kind)
{
  g_return_val_if_fail (kind < WS_N_NETWORKS, "?");
  return kind_names[kind];
}

/* Smallest m with 2^m >= n (0 for n <= 1); n <= MAX_KEYS. */
static guint
log2_ceil (gsize n)
{
  guint m = 0;

  while (((gsize) 1 << m) < n)
    m++;
  return m;
}

static guint
log2_exact (guint64 power)
{
  guint m = 0;

  while ((G_GUINT64_CONSTANT (1) << m) < power)
    m++;
  return m;
}

static gboolean
check_size (WsNetworkKind kind,
            gsize         n,
            GError      **error)
{
  if (n > MAX_KEYS)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "Cannot build a %s network for %" G_GSIZE_FORMAT " keys: its width "
                   "(the next power of two) would overflow; sort at most %" G_GSIZE_FORMAT
                   " keys", kind_names[kind], n, MAX_KEYS);
      return FALSE;
    }
  if (kind == WS_NETWORK_ODD_EVEN && n > G_MAXUINT)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "Cannot build an odd-even network for %" G_GSIZE_FORMAT " keys: it "
                   "takes one pass per key and at most %u passes can be counted; sort "
                   "fewer keys or use bitonic", n, G_MAXUINT);
      return FALSE;
    }
  return TRUE;
}

/* Bitonic stage s sorts runs of k = 2^(s+1) with distances 2^s .. 1; merge
 * stage s merges runs of p = 2^s with steps 2^s .. 1: the same triangle of
 * m (m + 1) / 2 passes, with k meaning the run and p respectively. */
static void
build_pass_table (WsNetwork *net,
                  guint      m)
{
  guint at = 0;

  net->n_passes = m * (m + 1) / 2;
  /* At most 63 * 64 / 2 entries whatever n is, so g_new is safe. */
  net->passes = g_new0 (WsPassInfo, net->n_passes);
  for (guint s = 0; s < m; s++)
    for (guint d = s + 1; d-- > 0;)
      {
        WsPassInfo *info = &net->passes[at++];
        info->stage = s;
        info->j = G_GUINT64_CONSTANT (1) << d;
        info->k = G_GUINT64_CONSTANT (1) << (net->kind == WS_NETWORK_BITONIC ? s + 1 : s);
      }
}

WsNetwork *
ws_network_new (WsNetworkKind kind,
                gsize         n,
                GError      **error)
{
  WsNetwork *net;
  guint m;

  g_return_val_if_fail (kind < WS_N_NETWORKS, NULL);
  if (!check_size (kind, n, error))
    return NULL;
  m = log2_ceil (n);
  net = g_new0 (WsNetwork, 1);
  net->kind = kind;
  net->n = n;
  net->width = (kind == WS_NETWORK_BITONIC && n > 0) ? (gsize) 1 << m : n;
  if (kind == WS_NETWORK_ODD_EVEN)
    net->n_passes = (guint) n;
  else
    build_pass_table (net, m);
  return net;
}

void
ws_network_free (WsNetwork *net)
{
  if (net == NULL)
    return;
  g_free (net->passes);
  g_free (net);
}

WsNetworkKind
ws_network_kind (const WsNetwork *net)
{
  g_return_val_if_fail (net != NULL, WS_NETWORK_BITONIC);
  return net->kind;
}

gsize
ws_network_size (const WsNetwork *net)
{
  g_return_val_if_fail (net != NULL, 0);
  return net->n;
}

gsize
ws_network_width (const WsNetwork *net)
{
  g_return_val_if_fail (net != NULL, 0);
  return net->width;
}

guint
ws_network_n_passes (const WsNetwork *net)
{
  g_return_val_if_fail (net != NULL, 0);
  return net->n_passes;
}

void
ws_network_pass_info (const WsNetwork *net,
                      guint            pass,
                      WsPassInfo      *info)
{
  g_return_if_fail (net != NULL && info != NULL);
  g_return_if_fail (pass < net->n_passes);
  if (net->passes != NULL)
    *info = net->passes[pass];
  else
    *info = (WsPassInfo) { .k = 0, .j = 1, .phase = pass % 2, .stage = pass };
}

char *
ws_network_pass_label (const WsNetwork *net,
                       guint            pass)
{
  WsPassInfo info;

  g_return_val_if_fail (net != NULL && pass < net->n_passes, NULL);
  ws_network_pass_info (net, pass, &info);
  switch (net->kind)
    {
    case WS_NETWORK_BITONIC:
      return g_strdup_printf ("stage k=%" G_GUINT64_FORMAT ", distance j=%" G_GUINT64_FORMAT,
                              info.k, info.j);
    case WS_NETWORK_ODD_EVEN:
      return g_strdup (info.phase == 0 ? "even phase" : "odd phase");
    default:
      return g_strdup_printf ("merge p=%" G_GUINT64_FORMAT ", k=%" G_GUINT64_FORMAT,
                              info.k, info.j);
    }
}

/* Every stage ends with its distance-1 pass; each odd-even pass (j = 1) is
 * a stage of its own. */
gboolean
ws_network_pass_ends_stage (const WsNetwork *net,
                            guint            pass)
{
  WsPassInfo info;

  g_return_val_if_fail (net != NULL && pass < net->n_passes, FALSE);
  ws_network_pass_info (net, pass, &info);
  return info.j == 1;
}

/* Merge step k starts its blocks at j = k % p and keeps those with
 * j + k < n, 2k apart. */
static guint64
merge_n_blocks (guint64 n,
                guint64 first,
                guint64 k)
{
  return first + k < n ? (n - first - k - 1) / (2 * k) + 1 : 0;
}

void
ws_network_pass_geometry (const WsNetwork *net,
                          guint            pass,
                          WsPassGeometry  *geo)
{
  WsPassInfo info;

  ws_network_pass_info (net, pass, &info);
  *geo = (WsPassGeometry) { .block_shift = log2_exact (info.j), .block_step = 2 * info.j,
                            .dist = info.j, .run_len = G_MAXUINT64, .limit = net->width };
  switch (net->kind)
    {
    case WS_NETWORK_BITONIC:
      geo->dir_mask = info.k;
      geo->n_slots = net->width / 2;
      break;
    case WS_NETWORK_ODD_EVEN:
      geo->first = info.phase;
      geo->stride_shift = 1;
      geo->block_shift = 63; /* one block: t >> 63 is 0 for every slot */
      geo->block_step = 0;
      geo->n_slots = net->n > info.phase ? (net->n - info.phase) / 2 : 0;
      break;
    default:
      /* Only comparators inside [0, n): every merge comparator puts the min
       * at its lower index, so one reaching past n would meet a +inf pad and
       * never exchange; dropping it is the same as padding with +inf. */
      geo->first = info.j % info.k;
      geo->run_len = 2 * info.k;
      geo->n_slots = merge_n_blocks (net->n, geo->first, info.j) << geo->block_shift;
      break;
    }
}

gboolean
ws_network_foreach_span (const WsNetwork *net,
                         guint            pass,
                         WsSpanFunc       visit,
                         gpointer         data)
{
  WsPassGeometry geo;
  guint64 block_len;

  ws_network_pass_geometry (net, pass, &geo);
  block_len = MIN (G_GUINT64_CONSTANT (1) << geo.block_shift, geo.n_slots);
  for (guint64 t = 0; t < geo.n_slots; t += block_len)
    {
      WsComparator first = { 0, 0 };
      guint64 count = ws_pass_span (&geo, t, block_len, &first.min_at, &first.max_at);

      if (count > 0 && !visit (&first, count, G_GUINT64_CONSTANT (1) << geo.stride_shift, data))
        return FALSE;
    }
  return TRUE;
}

typedef struct
{
  WsComparator *out;
  gsize         count;
} ComparatorList;

static gboolean
list_span (const WsComparator *first,
           guint64             count,
           guint64             stride,
           gpointer            data)
{
  ComparatorList *list = data;

  for (guint64 o = 0; list->out != NULL && o < count; o++)
    list->out[list->count + o] = (WsComparator) { first->min_at + o * stride,
                                                  first->max_at + o * stride };
  list->count += count;
  return TRUE;
}

gsize
ws_network_pass_comparators (const WsNetwork *net,
                             guint            pass,
                             WsComparator    *out)
{
  ComparatorList list = { out, 0 };

  g_return_val_if_fail (net != NULL && pass < net->n_passes, 0);
  ws_network_foreach_span (net, pass, list_span, &list);
  return list.count;
}

/* ---- padding ------------------------------------------------------------ */

static gboolean
is_sentinel (const WsArray *a,
             gsize          i)
{
  return a->type == WS_KEY_INT32 ? a->i32[i] == G_MAXINT32 : a->f32[i] == INFINITY;
}

WsArray *
ws_network_pad (const WsNetwork *net,
                const WsArray   *a,
                GError         **error)
{
  WsArray *padded;

  g_return_val_if_fail (net != NULL && a != NULL, NULL);
  if (a->n != net->n)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "Cannot pad %" G_GSIZE_FORMAT " keys for a %s network built for %"
                   G_GSIZE_FORMAT ": build the network for the array's size",
                   a->n, kind_names[net->kind], net->n);
      return NULL;
    }
  padded = ws_array_new (a->type, net->width, error);
  if (padded == NULL)
    {
      g_prefix_error (error, "Padding %" G_GSIZE_FORMAT " keys to the %s width %"
                      G_GSIZE_FORMAT ": ", net->n, kind_names[net->kind], net->width);
      return NULL;
    }
  /* A cancel (ws-cancel.h) may come while 2^24 keys are copied. */
  if (!ws_cancel_copy (padded->data, a->data, ws_array_bytes (a), error))
    {
      ws_array_free (padded);
      return NULL;
    }
  for (gsize i = a->n; i < padded->n; i++)
    if (a->type == WS_KEY_INT32)
      padded->i32[i] = G_MAXINT32;
    else
      padded->f32[i] = INFINITY;
  return padded;
}

static gboolean
check_strip_shapes (const WsNetwork *net,
                    const WsArray   *padded,
                    const WsArray   *out,
                    GError         **error)
{
  if (padded->type == out->type && padded->n == net->width && out->n == net->n)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "Cannot strip a %s array of %" G_GSIZE_FORMAT " keys into a %s array of %"
               G_GSIZE_FORMAT ": the %s network expects %" G_GSIZE_FORMAT " padded keys "
               "and %" G_GSIZE_FORMAT " output keys of one type",
               ws_key_type_name (padded->type), padded->n, ws_key_type_name (out->type),
               out->n, kind_names[net->kind], net->width, net->n);
  return FALSE;
}

gboolean
ws_network_strip (const WsNetwork *net,
                  const WsArray   *padded,
                  WsArray         *out,
                  GError         **error)
{
  g_return_val_if_fail (net != NULL && padded != NULL && out != NULL, FALSE);
  if (!check_strip_shapes (net, padded, out, error))
    return FALSE;
  for (gsize i = net->n; i < net->width; i++)
    if (!is_sentinel (padded, i))
      {
        g_set_error (error, WS_ERROR, WS_ERROR_VERIFY,
                     "Padded key %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT " is not the "
                     "sentinel: a real key would be lost; strip only after every pass of "
                     "the network has run", i, net->width);
        return FALSE;
      }
  /* memmove: out may be padded itself when no padding was needed. */
  if (net->n > 0)
    memmove (out->data, padded->data, ws_array_bytes (out));
  return TRUE;
}
