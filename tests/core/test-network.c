/* test-network.c: sorting network schedules: pass counts and parameters,
 * labels, size limits, comparators, and bitonic padding. (Whole sorts and
 * pass invariants: test-network-sort.c; the 0-1 principle: test-network-01.c.)
 *
 * Comparators are checked against a literal transcription of each network's
 * definition, which shares no code with the pass geometry under test.
 */
#include <math.h>
#include <string.h>

#include "ws-error.h"
#include "ws-network.h"
#include "ws-test-util.h"

/* The sizes schedules are checked at: every n up to 70, then a few large. */
static gsize schedule_sizes[80];
static guint n_schedule_sizes;

static void
init_schedule_sizes (void)
{
  static const gsize large[] = { 1000, 1024, 1025, 65537 };

  for (gsize n = 0; n <= 70; n++)
    schedule_sizes[n_schedule_sizes++] = n;
  for (guint i = 0; i < G_N_ELEMENTS (large); i++)
    schedule_sizes[n_schedule_sizes++] = large[i];
}

/* ---- schedule ------------------------------------------------------------ */

static void
test_kind_names (void)
{
  g_assert_cmpstr (ws_network_kind_name (WS_NETWORK_BITONIC), ==, "bitonic");
  g_assert_cmpstr (ws_network_kind_name (WS_NETWORK_ODD_EVEN), ==, "odd-even");
  g_assert_cmpstr (ws_network_kind_name (WS_NETWORK_ODD_EVEN_MERGE), ==, "oddeven-merge");
}

/* Expected pass count, computed from the definitions. */
static guint
expected_passes (WsNetworkKind kind,
                 gsize         n)
{
  guint passes = 0, stage_passes = 1;

  if (kind == WS_NETWORK_ODD_EVEN)
    return (guint) n;
  /* bitonic: stages k = 2..width of log2 k passes; merge: p = 1..<n of log2 p + 1 */
  for (gsize p = 1; p < n; p *= 2)
    passes += stage_passes++;
  return passes;
}

static void
test_pass_counts (void)
{
  for (guint s = 0; s < n_schedule_sizes; s++)
    for (WsNetworkKind kind = 0; kind < WS_N_NETWORKS; kind++)
      {
        gsize n = schedule_sizes[s];
        g_autoptr (WsNetwork) net = ws_test_network_new (kind, n);
        gsize width = n;

        for (gsize w = 1; kind == WS_NETWORK_BITONIC && n > 0; w *= 2)
          if (w >= n)
            {
              width = w;
              break;
            }
        g_assert_cmpuint (ws_network_kind (net), ==, kind);
        g_assert_cmpuint (ws_network_size (net), ==, n);
        g_assert_cmpuint (ws_network_width (net), ==, width);
        g_assert_cmpuint (ws_network_n_passes (net), ==, expected_passes (kind, n));
      }
}

/* Bitonic of width 2^m has m (m + 1) / 2 passes, even at sizes never allocated. */
static void
test_pass_counts_huge (void)
{
  for (guint m = 0; m < 40; m++)
    {
      g_autoptr (WsNetwork) net = ws_test_network_new (WS_NETWORK_BITONIC, (gsize) 1 << m);
      g_autoptr (WsNetwork) merge = ws_test_network_new (WS_NETWORK_ODD_EVEN_MERGE,
                                                         ((gsize) 1 << m) + 1);

      g_assert_cmpuint (ws_network_n_passes (net), ==, m * (m + 1) / 2);
      g_assert_cmpuint (ws_network_n_passes (merge), ==, (m + 1) * (m + 2) / 2);
    }
}

static void
test_pass_info (void)
{
  static const guint64 bitonic[][2] = { { 2, 1 }, { 4, 2 }, { 4, 1 }, { 8, 4 }, { 8, 2 }, { 8, 1 } };
  static const guint64 merge[][2] = { { 1, 1 }, { 2, 2 }, { 2, 1 }, { 4, 4 }, { 4, 2 }, { 4, 1 } };
  static const guint stage[] = { 0, 1, 1, 2, 2, 2 };
  g_autoptr (WsNetwork) b = ws_test_network_new (WS_NETWORK_BITONIC, 7);
  g_autoptr (WsNetwork) m = ws_test_network_new (WS_NETWORK_ODD_EVEN_MERGE, 7);
  g_autoptr (WsNetwork) o = ws_test_network_new (WS_NETWORK_ODD_EVEN, 7);

  g_assert_cmpuint (ws_network_n_passes (b), ==, 6);
  for (guint pass = 0; pass < 6; pass++)
    {
      WsPassInfo ib, im;

      ws_network_pass_info (b, pass, &ib);
      ws_network_pass_info (m, pass, &im);
      g_assert_cmpuint (ib.k, ==, bitonic[pass][0]);
      g_assert_cmpuint (ib.j, ==, bitonic[pass][1]);
      g_assert_cmpuint (im.k, ==, merge[pass][0]);
      g_assert_cmpuint (im.j, ==, merge[pass][1]);
      g_assert_cmpuint (ib.stage, ==, stage[pass]);
      g_assert_cmpuint (im.stage, ==, stage[pass]);
      g_assert_cmpint (ws_network_pass_ends_stage (b, pass), ==, ib.j == 1);
      g_assert_cmpint (ws_network_pass_ends_stage (m, pass), ==, im.j == 1);
    }
  for (guint pass = 0; pass < 7; pass++)
    {
      WsPassInfo io;

      ws_network_pass_info (o, pass, &io);
      g_assert_cmpuint (io.phase, ==, pass % 2);
      g_assert_cmpuint (io.stage, ==, pass);
      g_assert_cmpuint (io.j, ==, 1);
      g_assert_true (ws_network_pass_ends_stage (o, pass));
    }
}

static void
test_labels (void)
{
  g_autoptr (WsNetwork) b = ws_test_network_new (WS_NETWORK_BITONIC, 16);
  g_autoptr (WsNetwork) m = ws_test_network_new (WS_NETWORK_ODD_EVEN_MERGE, 16);
  g_autoptr (WsNetwork) o = ws_test_network_new (WS_NETWORK_ODD_EVEN, 16);
  g_autofree char *b7 = ws_network_pass_label (b, 7);
  g_autofree char *m4 = ws_network_pass_label (m, 4);
  g_autofree char *o0 = ws_network_pass_label (o, 0);
  g_autofree char *o1 = ws_network_pass_label (o, 1);

  g_assert_cmpstr (b7, ==, "stage k=16, distance j=4"); /* passes 0..5 are k <= 8 */
  g_assert_cmpstr (m4, ==, "merge p=4, k=2");
  g_assert_cmpstr (o0, ==, "even phase");
  g_assert_cmpstr (o1, ==, "odd phase");
  for (WsNetworkKind kind = 0; kind < WS_N_NETWORKS; kind++)
    {
      g_autoptr (WsNetwork) net = ws_test_network_new (kind, 1025);

      for (guint pass = 0; pass < ws_network_n_passes (net); pass++)
        {
          g_autofree char *label = ws_network_pass_label (net, pass);
          g_assert_nonnull (label);
          g_assert_cmpuint (strlen (label), >, 0);
        }
    }
}

static void
test_too_large (void)
{
  struct { WsNetworkKind kind; gsize n; } cases[] = {
    { WS_NETWORK_BITONIC, G_MAXSIZE / 2 + 2 },
    { WS_NETWORK_BITONIC, G_MAXSIZE },
    { WS_NETWORK_ODD_EVEN_MERGE, G_MAXSIZE },
    { WS_NETWORK_ODD_EVEN, G_MAXSIZE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *n_text = g_strdup_printf ("%" G_GSIZE_FORMAT, cases[i].n);
      WsNetwork *net = ws_network_new (cases[i].kind, cases[i].n, &error);

      g_assert_null (net);
      g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, n_text));
      g_assert_nonnull (strstr (error->message, ws_network_kind_name (cases[i].kind)));
    }
  /* The largest accepted bitonic size pads to 2^63 (2^31). */
  {
    g_autoptr (WsNetwork) net = ws_test_network_new (WS_NETWORK_BITONIC, G_MAXSIZE / 2 + 1);
    g_assert_cmpuint (ws_network_width (net), ==, G_MAXSIZE / 2 + 1);
  }
}

static void
test_odd_even_pass_limit (void)
{
  g_autoptr (GError) error = NULL;
  WsNetwork *net;

  if (G_MAXSIZE <= G_MAXUINT)
    {
      g_test_skip ("gsize is no wider than guint here");
      return;
    }
  net = ws_network_new (WS_NETWORK_ODD_EVEN, (gsize) G_MAXUINT + 1, &error);
  g_assert_null (net);
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "passes"));
}

/* ---- comparators ------------------------------------------------------- */

/* The comparators of a pass straight from the definitions, in order of
 * their lower index. */
static GArray *
reference_comparators (WsNetworkKind kind,
                       gsize         n,
                       gsize         width,
                       WsPassInfo   *info)
{
  GArray *list = g_array_new (FALSE, FALSE, sizeof (WsComparator));

  if (kind == WS_NETWORK_BITONIC)
    for (guint64 i = 0; i < width; i++)
      {
        guint64 l = i ^ info->j;
        WsComparator c = ((i & info->k) == 0) ? (WsComparator) { i, l } : (WsComparator) { l, i };
        if (l > i)
          g_array_append_val (list, c);
      }
  else if (kind == WS_NETWORK_ODD_EVEN)
    for (guint64 i = info->phase; i + 1 < n; i += 2)
      g_array_append_vals (list, &(WsComparator) { i, i + 1 }, 1);
  else
    {
      guint64 p = info->k, k = info->j;
      for (guint64 j = k % p; j + k < n; j += 2 * k)
        for (guint64 i = 0; i < k; i++)
          if ((i + j) / (2 * p) == (i + j + k) / (2 * p) && i + j + k < n)
            g_array_append_vals (list, &(WsComparator) { i + j, i + j + k }, 1);
    }
  return list;
}

static void
check_pass_comparators (const WsNetwork *net,
                        guint            pass,
                        guint8          *seen)
{
  gsize n = ws_network_size (net), width = ws_network_width (net);
  gsize count = ws_network_pass_comparators (net, pass, NULL);
  g_autofree WsComparator *got = g_new0 (WsComparator, count + 1);
  WsPassInfo info;
  g_autoptr (GArray) ref = NULL;

  ws_network_pass_info (net, pass, &info);
  ref = reference_comparators (ws_network_kind (net), n, width, &info);
  g_assert_cmpuint (ws_network_pass_comparators (net, pass, got), ==, count);
  g_assert_cmpuint (count, ==, ref->len);
  memset (seen, 0, width);
  for (gsize c = 0; c < count; c++)
    {
      WsComparator want = g_array_index (ref, WsComparator, c);
      g_assert_cmpuint (got[c].min_at, ==, want.min_at);
      g_assert_cmpuint (got[c].max_at, ==, want.max_at);
      g_assert_cmpuint (got[c].min_at, <, width);
      g_assert_cmpuint (got[c].max_at, <, width);
      g_assert_cmpuint (MAX (got[c].min_at, got[c].max_at)
                        - MIN (got[c].min_at, got[c].max_at), ==, info.j);
      /* Disjoint: no index appears twice in one pass. */
      g_assert_cmpuint (seen[got[c].min_at]++, ==, 0);
      g_assert_cmpuint (seen[got[c].max_at]++, ==, 0);
    }
}

static void
test_comparators (gconstpointer data)
{
  WsNetworkKind kind = GPOINTER_TO_UINT (data);

  /* odd-even has n passes of n/2 comparators: keep to n <= 1025. */
  for (guint s = 0; s < n_schedule_sizes && schedule_sizes[s] <= 1025; s++)
    {
      g_autoptr (WsNetwork) net = ws_test_network_new (kind, schedule_sizes[s]);
      g_autofree guint8 *seen = g_malloc0 (ws_network_width (net) + 1);

      for (guint pass = 0; pass < ws_network_n_passes (net); pass++)
        check_pass_comparators (net, pass, seen);
    }
}

/* ---- padding ------------------------------------------------------------ */

static void
test_pad_strip (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (ws_test_key_types); t++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (WsNetwork) net = ws_test_network_new (WS_NETWORK_BITONIC, 5);
      g_autoptr (WsArray) a = ws_test_special_array (ws_test_key_types[t], 5, 3);
      g_autoptr (WsArray) padded = ws_network_pad (net, a, &error);
      g_autoptr (WsArray) back = ws_test_generate (ws_test_key_types[t], WS_DIST_UNIFORM, 5, 1);

      g_assert_no_error (error);
      g_assert_cmpuint (padded->n, ==, 8);
      g_assert_cmpmem (padded->data, 5 * ws_key_type_size (a->type), a->data,
                       5 * ws_key_type_size (a->type));
      for (gsize i = 5; i < 8; i++)
        g_assert_cmpfloat (ws_array_get_double (padded, i), ==,
                           ws_test_key_types[t] == WS_KEY_INT32 ? (double) G_MAXINT32 : INFINITY);
      g_assert_true (ws_network_strip (net, padded, back, &error));
      g_assert_no_error (error);
      g_assert_true (ws_array_equal (a, back));
    }
}

static void
test_pad_strip_errors (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsNetwork) net = ws_test_network_new (WS_NETWORK_BITONIC, 5);
  g_autoptr (WsArray) four = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 4, 1);
  g_autoptr (WsArray) five = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 5, 1);
  g_autoptr (WsArray) five_f = ws_test_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 5, 1);
  g_autoptr (WsArray) padded = NULL;

  g_assert_null (ws_network_pad (net, four, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "4 keys"));
  g_clear_error (&error);

  padded = ws_network_pad (net, five, &error);
  g_assert_no_error (error);
  g_assert_false (ws_network_strip (net, padded, five_f, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (ws_network_strip (net, five, five, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* A real key in the tail means passes are missing: refuse to drop it. */
  padded->i32[6] = 12;
  g_assert_false (ws_network_strip (net, padded, five, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_VERIFY);
  g_assert_nonnull (strstr (error->message, "Padded key 6"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  init_schedule_sizes ();
  g_test_add_func ("/network/kind-names", test_kind_names);
  g_test_add_func ("/network/schedule/pass-counts", test_pass_counts);
  g_test_add_func ("/network/schedule/pass-counts-huge", test_pass_counts_huge);
  g_test_add_func ("/network/schedule/pass-info", test_pass_info);
  g_test_add_func ("/network/schedule/labels", test_labels);
  g_test_add_func ("/network/schedule/too-large", test_too_large);
  g_test_add_func ("/network/odd-even/pass-limit", test_odd_even_pass_limit);
  for (WsNetworkKind kind = 0; kind < WS_N_NETWORKS; kind++)
    {
      g_autofree char *path = g_strdup_printf ("/network/%s/comparators",
                                               ws_network_kind_name (kind));
      g_test_add_data_func (path, GUINT_TO_POINTER (kind), test_comparators);
    }
  g_test_add_func ("/network/bitonic/pad-strip", test_pad_strip);
  g_test_add_func ("/network/bitonic/pad-strip-errors", test_pad_strip_errors);
  return g_test_run ();
}
