/* ws-divergence.c: a student's pass against the reference's (see
 * ws-divergence.h). */
#include "ws-divergence.h"

#include <string.h>

#include "ws-error.h"
#include "ws-radix.h"

/* A sorted copy (the host radix sort: a lecture's arrays are small, a
 * course's 2^20 keys take milliseconds); NULL where memory fails. */
static WsArray *
sorted_copy (const WsArray *a)
{
  g_autoptr (WsArray) copy = ws_array_copy (a, NULL);

  if (copy == NULL || !ws_radix_sort (copy, WS_VARIANT_CPU_SEQ, NULL, NULL))
    return NULL;
  return g_steal_pointer (&copy);
}

/* Whether got holds the keys before held, each as often. */
static gboolean
same_keys (const WsArray *before, const WsArray *got)
{
  g_autoptr (WsArray) a = sorted_copy (before);
  g_autoptr (WsArray) b = sorted_copy (got);

  return a != NULL && b != NULL && ws_array_first_difference (a, b, 0, a->n) == G_MAXSIZE;
}

/* The pass's comparator with an end at index, if it has one. */
static gboolean
comparator_at (const WsNetwork *net, guint pass, gsize index, WsComparator *found)
{
  gsize count = ws_network_pass_comparators (net, pass, NULL);
  g_autofree WsComparator *all = g_new (WsComparator, MAX (count, 1));

  ws_network_pass_comparators (net, pass, all);
  for (gsize c = 0; c < count; c++)
    if (all[c].min_at == index || all[c].max_at == index)
      {
        *found = all[c];
        return TRUE;
      }
  return FALSE;
}

gboolean
ws_divergence_find (const WsNetwork *net, guint pass, const WsArray *before,
                    const WsArray *expected, const WsArray *got, WsDivergence *found)
{
  gsize at;

  g_return_val_if_fail (net != NULL && before != NULL && expected != NULL && got != NULL, FALSE);
  g_return_val_if_fail (expected->n == got->n && before->n == got->n, FALSE);
  g_return_val_if_fail (pass < ws_network_n_passes (net), FALSE);
  if ((at = ws_array_first_difference (expected, got, 0, got->n)) == G_MAXSIZE)
    return FALSE;
  *found = (WsDivergence) { same_keys (before, got) ? WS_DIVERGENCE_ORDER : WS_DIVERGENCE_KEYS,
                            pass, at, got->type, ws_array_get_double (expected, at),
                            ws_array_get_double (got, at) };
  found->has_comparator = comparator_at (net, pass, found->index, &found->comparator);
  return TRUE;
}

/* An int32 key exactly (a double holds it), a float32 key in the digits
 * that tell it from its neighbours. */
static void
append_key (GString *s, WsKeyType type, double key)
{
  g_string_append_printf (s, type == WS_KEY_INT32 ? "%.0f" : "%.9g", key);
}

char *
ws_divergence_describe (const WsNetwork *net, const WsDivergence *d)
{
  g_autofree char *label = ws_network_pass_label (net, d->pass);
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "pass %u of %u (%s): key %" G_GSIZE_FORMAT " is ", d->pass + 1,
                          ws_network_n_passes (net), label, d->index);
  append_key (s, d->type, d->got);
  g_string_append (s, " where the reference has ");
  append_key (s, d->type, d->expected);
  if (d->has_comparator)
    g_string_append_printf (s, " — comparator (%" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT
                            ") should have produced it", d->comparator.min_at,
                            d->comparator.max_at);
  else
    g_string_append (s, " — no comparator of this pass touches it, so it should not have moved");
  g_string_append (s, d->kind == WS_DIVERGENCE_ORDER
                        ? "; the keys are in the wrong order"
                        : "; a key was lost or duplicated (an overwrite instead of a swap?)");
  return g_string_free (s, FALSE);
}

/* The trace fits the network: a row per pass, each the network's width. */
static gboolean
check_shape (const WsNetwork *net, const WsTrace *t, GError **error)
{
  guint want = ws_network_n_passes (net);
  gsize width = ws_network_width (net);

  if (t->passes->len != want)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "The trace has %u pass%s after its input; %s on %" G_GSIZE_FORMAT " keys has %u",
                   t->passes->len, t->passes->len == 1 ? "" : "es",
                   ws_network_kind_name (ws_network_kind (net)), t->input->n, want);
      return FALSE;
    }
  if (want > 0 && ((WsArray *) t->passes->pdata[0])->n != width)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "Line %" G_GSIZE_FORMAT ": a pass of %s on %" G_GSIZE_FORMAT " keys holds %"
                   G_GSIZE_FORMAT "%s; this one holds %" G_GSIZE_FORMAT,
                   g_array_index (t->pass_lines, gsize, 0),
                   ws_network_kind_name (ws_network_kind (net)), t->input->n, width,
                   width != t->input->n ? " (the input padded to a power of two with the largest "
                                          "key, as the engine pads)" : "",
                   ((WsArray *) t->passes->pdata[0])->n);
      return FALSE;
    }
  return TRUE;
}

gboolean
ws_divergence_trace (WsNetworkKind kind, const WsTrace *t, gboolean *diverged, WsDivergence *found,
                     GError **error)
{
  g_autoptr (WsNetwork) net = NULL;
  g_autoptr (WsArray) before = NULL, expected = NULL;

  *diverged = FALSE;
  if ((net = ws_network_new (kind, t->input->n, error)) == NULL || !check_shape (net, t, error)
      || (expected = ws_network_pad (net, t->input, error)) == NULL
      || (before = ws_array_copy (expected, error)) == NULL)
    return FALSE;
  for (guint pass = 0; pass < t->passes->len && !*diverged; pass++)
    {
      memcpy (before->data, expected->data, ws_array_bytes (expected));
      ws_network_apply_pass (net, expected, pass, NULL);
      *diverged = ws_divergence_find (net, pass, before, expected, t->passes->pdata[pass], found);
    }
  return TRUE;
}
