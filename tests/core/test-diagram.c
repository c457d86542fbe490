/* test-diagram.c: the sorting network diagram's model (ws-diagram.h) —
 * its layers as JSON against lists written by hand, the same JSON read
 * back and run as a network on every 0-1 input (the 0-1 principle: an
 * independent check of each comparator's direction), sub-columns that
 * never overlap and are as few as can be, the GPU grouping as the plan
 * gives it, and the sizes refused. Drawing and files: test-diagram-draw.c. */
#include <string.h>

#include "ws-diagram.h"
#include "ws-error.h"

static WsDiagram *
diagram_new (WsNetworkKind kind,
             gsize         n)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsNetwork) net = ws_network_new (kind, n, &error);
  WsDiagram *d;

  g_assert_no_error (error);
  d = ws_diagram_new (net, &error);
  g_assert_no_error (error);
  return d;
}

static void
assert_json (WsNetworkKind kind,
             gsize         n,
             const char   *expected)
{
  g_autoptr (WsDiagram) d = diagram_new (kind, n);
  g_autofree char *json = ws_diagram_to_json (d);

  g_assert_cmpstr (json, ==, expected);
}

/* Bitonic on 8 keys: stage k runs ascending where i & k is 0, so the pairs
 * at 2..3 and 6..7 (k = 2) and 4..7 (k = 4) put their smaller key on the
 * higher wire. */
static void
test_json_bitonic (void)
{
  assert_json (WS_NETWORK_BITONIC, 8,
               "[\n"
               "  [[0, 1], [3, 2], [4, 5], [7, 6]],\n"
               "  [[0, 2], [1, 3], [6, 4], [7, 5]],\n"
               "  [[0, 1], [2, 3], [5, 4], [7, 6]],\n"
               "  [[0, 4], [1, 5], [2, 6], [3, 7]],\n"
               "  [[0, 2], [1, 3], [4, 6], [5, 7]],\n"
               "  [[0, 1], [2, 3], [4, 5], [6, 7]]\n"
               "]\n");
}

static void
test_json_odd_even (void)
{
  assert_json (WS_NETWORK_ODD_EVEN, 4,
               "[\n"
               "  [[0, 1], [2, 3]],\n"
               "  [[1, 2]],\n"
               "  [[0, 1], [2, 3]],\n"
               "  [[1, 2]]\n"
               "]\n");
}

/* Batcher's merge on 8 keys (Knuth 5.3.4): stage p = 1 pairs neighbours;
 * p = 2 pairs at distance 2, then (1, 2) in each run of 4; p = 4 pairs at
 * distance 4, then 2 from 2, then 1 from 1 inside the run of 8. */
static void
test_json_merge (void)
{
  assert_json (WS_NETWORK_ODD_EVEN_MERGE, 8,
               "[\n"
               "  [[0, 1], [2, 3], [4, 5], [6, 7]],\n"
               "  [[0, 2], [1, 3], [4, 6], [5, 7]],\n"
               "  [[1, 2], [5, 6]],\n"
               "  [[0, 4], [1, 5], [2, 6], [3, 7]],\n"
               "  [[2, 4], [3, 5]],\n"
               "  [[1, 2], [3, 4], [5, 6]]\n"
               "]\n");
}

static void
test_json_empty (void)
{
  assert_json (WS_NETWORK_BITONIC, 1, "[]\n");
  assert_json (WS_NETWORK_ODD_EVEN, 1, "[\n  []\n]\n");
}

/* ---- The 0-1 principle on the JSON ---- */

typedef struct
{
  guint a, b;
} Pair;

/* Reads [[[a, b], …], …] with nothing but brackets, commas, spaces and
 * digits: each layer's pairs, in order. */
static GPtrArray *
parse_layers (const char *json)
{
  GPtrArray *layers = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  guint depth = 0, got = 0, values[2] = { 0 };

  for (const char *c = json; *c != '\0'; c++)
    if (*c == '[' && ++depth == 2)
      g_ptr_array_add (layers, g_array_new (FALSE, FALSE, sizeof (Pair)));
    else if (*c == ']' && depth-- == 3)
      {
        Pair p = { values[0], values[1] };
        g_assert_cmpuint (got, ==, 2);
        g_array_append_val (g_ptr_array_index (layers, layers->len - 1), p);
        got = 0;
      }
    else if (g_ascii_isdigit (*c))
      {
        g_assert_cmpuint (depth, ==, 3);
        g_assert_cmpuint (got, <, 2);
        values[got++] = (guint) g_ascii_strtoull (c, (char **) &c, 10);
        c--;
      }
    else
      g_assert_true (strchr (" ,\n[]", *c) != NULL);
  g_assert_cmpuint (depth, ==, 0);
  return layers;
}

/* Every 0-1 input of the n keys (padding wires hold 2, larger than all):
 * each comparator leaves the smaller key on a; all must end sorted. */
static void
assert_sorts_01 (WsNetworkKind kind,
                 guint         n)
{
  g_autoptr (WsDiagram) d = diagram_new (kind, n);
  g_autofree char *json = ws_diagram_to_json (d);
  g_autoptr (GPtrArray) layers = parse_layers (json);
  guint w = ws_diagram_n_wires (d);
  guint8 keys[16];

  g_assert_cmpuint (layers->len, ==, ws_diagram_n_layers (d));
  for (guint32 mask = 0; mask < (1u << n); mask++)
    {
      for (guint i = 0; i < w; i++)
        keys[i] = i < n ? (mask >> i) & 1 : 2;
      for (guint l = 0; l < layers->len; l++)
        {
          GArray *pairs = g_ptr_array_index (layers, l);
          for (guint i = 0; i < pairs->len; i++)
            {
              Pair p = g_array_index (pairs, Pair, i);
              guint8 lo = MIN (keys[p.a], keys[p.b]), hi = MAX (keys[p.a], keys[p.b]);
              keys[p.a] = lo, keys[p.b] = hi;
            }
        }
      for (guint i = 1; i < w; i++)
        if (keys[i - 1] > keys[i])
          g_error ("%s n=%u, input 0x%x: wire %u ends above wire %u",
                   ws_network_kind_name (kind), n, mask, i - 1, i);
    }
}

static void
test_zero_one (gconstpointer data)
{
  WsNetworkKind kind = GPOINTER_TO_UINT (data);

  for (guint n = 1; n <= 16; n++)
    assert_sorts_01 (kind, n);
}

/* ---- Sub-columns ---- */

/* No two bars of a sub-column share a wire of their spans, and a layer
 * has as many sub-columns as bars cross its busiest wire (fewer cannot
 * be). Its comparators are the network's pass's. */
static void
assert_columns (const WsDiagram *d,
                guint            layer)
{
  guint n, w = ws_diagram_n_wires (d), columns = ws_diagram_layer_columns (d, layer), busiest = 1;
  const WsDiagramComparator *c = ws_diagram_layer (d, layer, &n);
  g_autofree guint *crossing = g_new0 (guint, w);

  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (c[i].column, <, columns);
      for (guint x = MIN (c[i].a, c[i].b); x <= MAX (c[i].a, c[i].b); x++)
        {
          crossing[x]++;
          busiest = MAX (busiest, crossing[x]);
        }
      for (guint j = 0; j < i; j++)
        if (c[j].column == c[i].column)
          g_assert_true (MAX (c[i].a, c[i].b) < MIN (c[j].a, c[j].b)
                         || MAX (c[j].a, c[j].b) < MIN (c[i].a, c[i].b));
    }
  g_assert_cmpuint (columns, ==, busiest);
}

static void
test_columns (void)
{
  for (guint kind = 0; kind < WS_N_NETWORKS; kind++)
    for (guint n = 1; n <= 200; n += n < 40 ? 1 : 37)
      {
        g_autoptr (WsDiagram) d = diagram_new (kind, n);
        g_autoptr (WsNetwork) net = ws_network_new (kind, n, NULL);
        guint total = 0;

        for (guint l = 0; l < ws_diagram_n_layers (d); l++)
          {
            guint count;
            ws_diagram_layer (d, l, &count);
            g_assert_cmpuint (count, ==, ws_network_pass_comparators (net, l, NULL));
            total += count;
            assert_columns (d, l);
          }
        g_assert_cmpuint (total, ==, ws_diagram_n_comparators (d));
      }
}

/* ---- The GPU grouping ---- */

/* Bitonic on 16 keys with a tile of 4 standing for the kernel's, by hand
 * (as test-launch-plan.c's shape): passes 0-2 in registers (one trip),
 * 3 on global memory, then all in registers; five launches. */
static void
test_gpu_groups (void)
{
  static const WsPlanMemory memory[] = {
    WS_PLAN_REGISTERS, WS_PLAN_REGISTERS, WS_PLAN_REGISTERS, WS_PLAN_GLOBAL, WS_PLAN_REGISTERS,
    WS_PLAN_REGISTERS, WS_PLAN_REGISTERS, WS_PLAN_REGISTERS, WS_PLAN_REGISTERS, WS_PLAN_REGISTERS,
  };
  static const guint firsts[] = { 0, 3, 4, 6, 8 }, counts[] = { 3, 1, 2, 2, 2 };
  g_autoptr (WsDiagram) d = diagram_new (WS_NETWORK_BITONIC, 16);
  g_autoptr (GError) error = NULL;
  g_autofree char *large = NULL, *small = NULL;

  g_assert_false (ws_diagram_has_gpu_groups (d));
  g_assert_true (ws_diagram_set_gpu_groups (d, 4, &error));
  g_assert_no_error (error);
  for (guint l = 0; l < G_N_ELEMENTS (memory); l++)
    g_assert_cmpint (ws_diagram_layer_memory (d, l), ==, memory[l]);
  g_assert_cmpuint (ws_diagram_n_launches (d), ==, G_N_ELEMENTS (firsts));
  for (guint i = 0; i < G_N_ELEMENTS (firsts); i++)
    {
      guint first, n;
      ws_diagram_launch (d, i, &first, &n, NULL);
      g_assert_cmpuint (first, ==, firsts[i]);
      g_assert_cmpuint (n, ==, counts[i]);
    }
  g_assert_nonnull (strstr (ws_diagram_gpu_caption (d), "tile of 4 keys standing for its 4096"));
  /* A tile standing for the kernel's shows a sort of several launches, and
   * a thread's keys there; the kernel's own tile the one launch, and its. */
  large = g_strdup_printf ("(%u keys a thread",
                           1u << ws_plan_bitonic_group (2u << WS_PLAN_BITONIC_SMALL_LOG));
  small = g_strdup_printf (", %u keys a thread", 1u << WS_PLAN_BITONIC_SMALL_GROUP);
  g_assert_nonnull (strstr (ws_diagram_gpu_caption (d), large));
  /* The kernel's own tile: one launch for a lecture's network, said so. */
  g_assert_true (ws_diagram_set_gpu_groups (d, 0, &error));
  g_assert_cmpuint (ws_diagram_n_launches (d), ==, 1);
  g_assert_nonnull (strstr (ws_diagram_gpu_caption (d), "runs it: tiles of 4096 keys"));
  g_assert_nonnull (strstr (ws_diagram_gpu_caption (d), small));
  ws_diagram_clear_gpu_groups (d);
  g_assert_null (ws_diagram_gpu_caption (d));
}

static void
assert_bad_tile (WsNetworkKind kind,
                 guint         tile,
                 const char   *needle)
{
  g_autoptr (WsDiagram) d = diagram_new (kind, 8);
  g_autoptr (GError) error = NULL;

  g_assert_false (ws_diagram_set_gpu_groups (d, tile, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, needle));
  g_assert_false (ws_diagram_has_gpu_groups (d));
}

static void
test_gpu_bad_tiles (void)
{
  assert_bad_tile (WS_NETWORK_BITONIC, 3, "power of two from 2 to 16384");
  assert_bad_tile (WS_NETWORK_BITONIC, 32768, "power of two from 2 to 16384");
  assert_bad_tile (WS_NETWORK_ODD_EVEN_MERGE, 1, "power of two");
  assert_bad_tile (WS_NETWORK_ODD_EVEN, 129, "give 1 to 128");
}

/* ---- Sizes ---- */

static void
assert_refused (WsNetworkKind kind,
                gsize         n,
                const char   *needle)
{
  g_autoptr (WsNetwork) net = ws_network_new (kind, n, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsDiagram) d = ws_diagram_new (net, &error);

  g_assert_null (d);
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, needle));
}

static void
test_sizes (void)
{
  g_autoptr (WsDiagram) most = diagram_new (WS_NETWORK_BITONIC, 1000);
  g_autoptr (WsDiagram) pads = diagram_new (WS_NETWORK_BITONIC, 12);

  assert_refused (WS_NETWORK_ODD_EVEN, 0, "at least one key");
  assert_refused (WS_NETWORK_ODD_EVEN_MERGE, 1025, "at most 1024 wires");
  assert_refused (WS_NETWORK_BITONIC, 1025, "bitonic on 1025 keys needs 2048");
  g_assert_cmpuint (ws_diagram_n_wires (most), ==, 1024);
  g_assert_cmpuint (ws_diagram_n_keys (pads), ==, 12);
  g_assert_cmpuint (ws_diagram_n_wires (pads), ==, 16);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/diagram/json/bitonic-8", test_json_bitonic);
  g_test_add_func ("/diagram/json/odd-even-4", test_json_odd_even);
  g_test_add_func ("/diagram/json/oddeven-merge-8", test_json_merge);
  g_test_add_func ("/diagram/json/empty", test_json_empty);
  for (guint kind = 0; kind < WS_N_NETWORKS; kind++)
    {
      g_autofree char *path = g_strdup_printf ("/diagram/zero-one/%s", ws_network_kind_name (kind));
      g_test_add_data_func (path, GUINT_TO_POINTER (kind), test_zero_one);
    }
  g_test_add_func ("/diagram/columns", test_columns);
  g_test_add_func ("/diagram/gpu-groups", test_gpu_groups);
  g_test_add_func ("/diagram/gpu-bad-tiles", test_gpu_bad_tiles);
  g_test_add_func ("/diagram/sizes", test_sizes);
  return g_test_run ();
}
