/* test-network-01.c: the 0-1 principle, exhaustively.
 *
 * A comparator network sorts every input if and only if it sorts every
 * input of zeros and ones (Knuth, TAOCP 5.3.4). So running all 2^n 0-1
 * inputs through the passes proves each network correct for every n <= 16,
 * independently of the random tests. Both key types are run, so both CPU
 * kernels are proved.
 */
#include <string.h>

#include "ws-error.h"
#include "ws-network.h"
#include "ws-test-util.h"

#define MAX_N 16

/* Fill in with the bits of mask, one key per bit. */
static void
fill_bits (WsArray *in,
           guint32  mask)
{
  for (gsize i = 0; i < in->n; i++)
    if (in->type == WS_KEY_INT32)
      in->i32[i] = (gint32) ((mask >> i) & 1);
    else
      in->f32[i] = (float) ((mask >> i) & 1);
}

static guint
count_ones (guint32 mask)
{
  guint ones = 0;

  for (; mask != 0; mask >>= 1)
    ones += mask & 1;
  return ones;
}

/* Sorted 0-1 keys: n - ones zeros, then the ones. */
static void
assert_sorted_bits (const WsArray *out,
                    guint32        mask)
{
  gsize zeros = out->n - count_ones (mask);

  for (gsize i = 0; i < out->n; i++)
    if (ws_array_get_double (out, i) != (i < zeros ? 0.0 : 1.0))
      {
        g_test_message ("n=%" G_GSIZE_FORMAT ", input bits 0x%x: key %" G_GSIZE_FORMAT
                        " is wrong", out->n, mask, i);
        g_assert_cmpfloat (ws_array_get_double (out, i), ==, i < zeros ? 0.0 : 1.0);
      }
}

/* Pad, apply every pass, strip, and check one 0-1 input. */
static void
sort_bits (const WsNetwork *net,
           WsArray         *in,
           guint32          mask)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) work = NULL;

  fill_bits (in, mask);
  work = ws_network_pad (net, in, &error);
  g_assert_no_error (error);
  for (guint pass = 0; pass < ws_network_n_passes (net); pass++)
    ws_network_apply_pass (net, work, pass, NULL);
  g_assert_true (ws_network_strip (net, work, in, &error));
  g_assert_no_error (error);
  assert_sorted_bits (in, mask);
}

static void
test_zero_one (gconstpointer data)
{
  WsNetworkKind kind = GPOINTER_TO_UINT (data);
  static const WsKeyType types[] = { WS_KEY_INT32, WS_KEY_FLOAT32 };

  for (gsize n = 0; n <= MAX_N; n++)
    for (guint t = 0; t < G_N_ELEMENTS (types); t++)
      {
        g_autoptr (GError) error = NULL;
        g_autoptr (WsNetwork) net = ws_network_new (kind, n, &error);
        g_autoptr (WsArray) in = ws_array_new (types[t], n, &error);

        g_assert_no_error (error);
        for (guint32 mask = 0; mask < ((guint32) 1 << n); mask++)
          sort_bits (net, in, mask);
      }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (WsNetworkKind kind = 0; kind < WS_N_NETWORKS; kind++)
    {
      g_autofree char *path = g_strdup_printf ("/network/%s/zero-one",
                                               ws_network_kind_name (kind));
      g_test_add_data_func (path, GUINT_TO_POINTER (kind), test_zero_one);
    }
  return g_test_run ();
}
