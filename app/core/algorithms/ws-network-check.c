/* ws-network-check.c: what must hold after each pass of a network, so that
 * the animator can show what a pass achieved and the tests can catch the
 * first pass that misbehaves, not just a wrong final result. */
#include "ws-network-private.h"

#include <math.h>

#include "ws-array-io.h"
#include "ws-error.h"

/* Two keys in the wrong order, lower index first, and the index the
 * check reports as the first bad one. */
typedef struct
{
  gsize first_at;
  gsize second_at;
  gsize bad_at;
} Disorder;

/* The running maximum of a run so far, over finished blocks and over the
 * block in progress, with where each was seen. */
typedef struct
{
  double before, in_block;
  gsize  before_at, in_block_at;
} RunScan;

/* Scan the run [r, end): is some key smaller (after sign) than a key of an
 * earlier block of the run? block is a power of two. */
static gboolean
find_in_run (const WsArray *work,
             gsize          r,
             gsize          end,
             guint64        block,
             double         sign,
             Disorder      *found)
{
  RunScan scan = { -INFINITY, -INFINITY, r, r };

  for (gsize i = r; i < end; i++)
    {
      double v = sign * ws_array_get_double (work, i);
      gboolean block_starts = ((i - r) & (block - 1)) == 0;

      /* The block just finished joins the keys no later key may undercut. */
      if (block_starts && scan.in_block > scan.before)
        {
          scan.before = scan.in_block;
          scan.before_at = scan.in_block_at;
        }
      if (v < scan.before)
        {
          *found = (Disorder) { scan.before_at, i, i };
          return TRUE;
        }
      if (block_starts || v > scan.in_block)
        {
          scan.in_block = v;
          scan.in_block_at = i;
        }
    }
  return FALSE;
}

/* Find the first key of work that is out of order with a key of an earlier
 * block of its run: runs of run keys, blocks of block keys (powers of two),
 * a run descending when (start & dir_mask) != 0. block = 1 asks for sorted
 * runs; then the culprit is the first i with a[i - 1] > a[i], since the keys
 * before it are in order. */
static gboolean
find_block_disorder (const WsArray *work,
                     guint64        run,
                     guint64        block,
                     guint64        dir_mask,
                     Disorder      *found)
{
  for (gsize r = 0; r < work->n; r += run)
    {
      /* A descending run is an ascending one of the negated keys. */
      double sign = (r & dir_mask) != 0 ? -1.0 : 1.0;

      if (find_in_run (work, r, MIN (r + run, work->n), block, sign, found))
        return TRUE;
    }
  return FALSE;
}

typedef struct
{
  const WsArray *work;
  Disorder      *found;
} SpanCheck;

static gboolean
span_ordered (const WsComparator *first,
              guint64             count,
              guint64             stride,
              gpointer            data)
{
  SpanCheck *check = data;

  for (guint64 o = 0; o < count; o++)
    {
      gsize min_at = first->min_at + o * stride, max_at = first->max_at + o * stride;
      gsize lower = MIN (min_at, max_at);

      if (ws_array_get_double (check->work, min_at) > ws_array_get_double (check->work, max_at))
        {
          *check->found = (Disorder) { lower, MAX (min_at, max_at), lower };
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
find_unordered_comparator (const WsNetwork *net,
                           const WsArray   *work,
                           guint            pass,
                           Disorder        *found)
{
  SpanCheck check = { work, found };

  return !ws_network_foreach_span (net, pass, span_ordered, &check);
}

void
ws_network_pass_check (const WsNetwork *net,
                       guint            pass,
                       WsPassCheck     *check)
{
  WsPassInfo info;
  WsNetworkKind kind = ws_network_kind (net);

  ws_network_pass_info (net, pass, &info);
  if (kind == WS_NETWORK_BITONIC)
    *check = (WsPassCheck) { WS_PASS_CHECK_BLOCKS, info.k, info.j, info.k };
  else if (kind == WS_NETWORK_ODD_EVEN && pass + 1 == ws_network_n_passes (net))
    *check = (WsPassCheck) { WS_PASS_CHECK_BLOCKS, MAX (ws_network_width (net), 1), 1, 0 };
  else if (kind == WS_NETWORK_ODD_EVEN_MERGE && info.j == 1)
    *check = (WsPassCheck) { WS_PASS_CHECK_BLOCKS, 2 * info.k, 1, 0 };
  else
    *check = (WsPassCheck) { WS_PASS_CHECK_COMPARATORS, 0, 0, 0 };
}

/* The invariant in words, for the message. */
static char *
describe_check (const WsNetwork *net, const WsPassCheck *check)
{
  if (check->kind == WS_PASS_CHECK_COMPARATORS)
    return g_strdup ("every comparator of the pass has its smaller key at its min end");
  if (ws_network_kind (net) == WS_NETWORK_BITONIC)
    return g_strdup_printf ("in every aligned run of %" G_GUINT64_FORMAT " keys the "
                            "blocks of %" G_GUINT64_FORMAT " are ordered among themselves, "
                            "ascending where the run's start has bit %" G_GUINT64_FORMAT
                            " clear, else descending", check->run, check->block, check->dir_mask);
  if (ws_network_kind (net) == WS_NETWORK_ODD_EVEN)
    return g_strdup ("after the last pass all keys are sorted ascending");
  return g_strdup_printf ("at the end of stage p=%" G_GUINT64_FORMAT " every aligned "
                          "run of %" G_GUINT64_FORMAT " keys is sorted ascending",
                          check->run / 2, check->run);
}

/* Look for a break of the pass's invariant; *what names it for the message. */
static gboolean
find_disorder (const WsNetwork *net,
               const WsArray   *work,
               guint            pass,
               Disorder        *found,
               char           **what)
{
  WsPassCheck check;

  ws_network_pass_check (net, pass, &check);
  *what = describe_check (net, &check);
  if (check.kind == WS_PASS_CHECK_COMPARATORS)
    return find_unordered_comparator (net, work, pass, found);
  return find_block_disorder (work, check.run, check.block, check.dir_mask, found);
}

/* "12 (-inf)": an index and its key as key files write it. */
static void
append_key (GString       *out,
            const WsArray *work,
            gsize          i)
{
  g_string_append_printf (out, "%" G_GSIZE_FORMAT " (", i);
  ws_format_key (out, work->type, (const char *) work->data + i * ws_key_type_size (work->type));
  g_string_append_c (out, ')');
}

static void
set_disorder_error (const WsNetwork *net,
                    const WsArray   *work,
                    guint            pass,
                    const Disorder  *found,
                    const char      *what,
                    GError         **error)
{
  g_autofree char *label = ws_network_pass_label (net, pass);
  g_autoptr (GString) keys = g_string_new ("the keys at ");

  append_key (keys, work, found->first_at);
  g_string_append (keys, " and ");
  append_key (keys, work, found->second_at);
  g_set_error (error, WS_ERROR, WS_ERROR_VERIFY,
               "Pass %u (%s) of the %s network left its invariant broken (%s): %s are "
               "out of order, so this pass or an earlier one did not exchange as scheduled",
               pass, label, ws_network_kind_name (ws_network_kind (net)), what, keys->str);
}

gboolean
ws_network_check_pass (const WsNetwork *net,
                       const WsArray   *work,
                       guint            pass,
                       gsize           *first_bad,
                       GError         **error)
{
  g_autofree char *what = NULL;
  Disorder found;

  g_return_val_if_fail (net != NULL && work != NULL, FALSE);
  g_return_val_if_fail (work->n == ws_network_width (net), FALSE);
  g_return_val_if_fail (pass < ws_network_n_passes (net), FALSE);
  if (!find_disorder (net, work, pass, &found, &what))
    return TRUE;
  if (first_bad != NULL)
    *first_bad = found.bad_at;
  set_disorder_error (net, work, pass, &found, what, error);
  return FALSE;
}
