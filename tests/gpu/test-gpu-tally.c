/* test-gpu-tally.c: counts and stage checks made on the device (the tally
 * of ws_cuda_network_pass, ws_cuda_check_runs and ws_cuda_check_pass, as a
 * device stepper reads it) against the host stepper's, which counts from
 * its flags and checks with ws_network_check_pass — pass by pass, for the
 * three networks, both key types, sizes of every shape, keys in order and
 * keys corrupted as a broken kernel would leave them. */
#include <string.h>

#include "gpu-test-util.h"
#include "ws-backend.h"
#include "ws-stepper-private.h"

static const WsNetworkKind kinds[] = { WS_NETWORK_BITONIC, WS_NETWORK_ODD_EVEN,
                                       WS_NETWORK_ODD_EVEN_MERGE };

typedef struct
{
  WsStepper *host, *device;
} Pair;

static void
pair_init (Pair *p, WsNetworkKind kind, const WsArray *input)
{
  g_autoptr (GError) error = NULL;

  p->host = ws_stepper_new (kind, input, &error);
  g_assert_no_error (error);
  p->device = ws_stepper_new_on_device (kind, input, ws_backend_gpu (), &error);
  g_assert_no_error (error);
  g_assert_true (ws_stepper_on_device (p->device) && !ws_stepper_on_device (p->host));
}

static void
pair_clear (Pair *p)
{
  g_clear_pointer (&p->host, ws_stepper_free);
  g_clear_pointer (&p->device, ws_stepper_free);
}

/* Both sides say the same: counts, what the checks found, where. */
static void
assert_agree (Pair *p, const char *what)
{
  g_autoptr (GError) error = NULL;
  guint64 hc, hs, dc, ds;

  g_assert_true (ws_stepper_counts (p->host, &hc, &hs, &error));
  g_assert_true (ws_stepper_counts (p->device, &dc, &ds, &error));
  g_assert_no_error (error);
  if (hc != dc || hs != ds)
    g_error ("%s, pass %u: host counted %" G_GUINT64_FORMAT " comparisons and %" G_GUINT64_FORMAT
             " swaps, the device %" G_GUINT64_FORMAT " and %" G_GUINT64_FORMAT, what,
             ws_stepper_done (p->host), hc, hs, dc, ds);
  g_assert_cmpint (ws_stepper_bad_at (p->device), ==, ws_stepper_bad_at (p->host));
  g_assert_cmpstr (ws_stepper_check_text (p->device), ==, ws_stepper_check_text (p->host));
}

static void
step_both (Pair *p, const char *what)
{
  g_autoptr (GError) error = NULL;
  gboolean host_stepped, device_stepped;

  g_assert_true (ws_stepper_next (p->host, &host_stepped, &error));
  g_assert_true (ws_stepper_next (p->device, &device_stepped, &error));
  g_assert_no_error (error);
  g_assert_cmpint (host_stepped, ==, device_stepped);
  assert_agree (p, what);
}

static WsArray *
input_for (WsKeyType type, gsize n, guint64 seed)
{
  /* The hard keys (extremes, ±0, infinities) for odd seeds, uniform otherwise. */
  return seed % 2 ? ws_test_special_array (type, n, seed)
                  : ws_test_generate (type, WS_DIST_UNIFORM, n, seed);
}

static void
run_through (WsNetworkKind kind, WsKeyType type, gsize n, guint64 seed)
{
  g_autoptr (WsArray) input = input_for (type, n, seed);
  g_autofree char *what = g_strdup_printf ("%s, %s, n = %" G_GSIZE_FORMAT,
                                           ws_network_kind_name (kind), ws_key_type_name (type), n);
  Pair p;

  pair_init (&p, kind, input);
  while (!ws_stepper_finished (p.host))
    step_both (&p, what);
  /* Every network's last pass ends a stage: the keys were checked sorted. */
  if (ws_network_n_passes (ws_stepper_network (p.host)) > 0)
    g_assert_cmpstr (ws_stepper_check_text (p.device), ==, "✓ sorted");
  g_assert_cmpint (ws_stepper_bad_at (p.device), ==, -1);
  pair_clear (&p);
}

static void
test_counts_and_checks (void)
{
  static const gsize sizes[] = { 1, 2, 3, 5, 16, 17, 64, 100, 255, 1000, 1025, 4099, 65536 + 7 };

  if (gpu_test_skip_without_device ())
    return;
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint t = 0; t < 2; t++)
      for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
        run_through (kinds[k], t ? WS_KEY_FLOAT32 : WS_KEY_INT32, sizes[s], 7 + s);
}

/* After `passes` passes, keys i and i + 1 exchanged on both sides: the
 * checks find the same key, say the same words, and keep saying them. */
static gboolean
corrupt_and_compare (WsNetworkKind kind, WsKeyType type, gsize n, guint passes, gsize i)
{
  g_autoptr (WsArray) input = input_for (type, n, 40 + i);
  g_autoptr (GError) error = NULL;
  g_autofree char *what = g_strdup_printf ("%s, n = %" G_GSIZE_FORMAT ", keys %" G_GSIZE_FORMAT
                                           " and %" G_GSIZE_FORMAT " exchanged after pass %u",
                                           ws_network_kind_name (kind), n, i, i + 1, passes);
  gboolean broken;
  Pair p;

  pair_init (&p, kind, input);
  for (guint s = 0; s < passes; s++)
    step_both (&p, what);
  g_assert_true (ws_stepper_corrupt (p.host, i, &error));
  g_assert_true (ws_stepper_corrupt (p.device, i, &error));
  g_assert_no_error (error);
  assert_agree (&p, what);
  broken = ws_stepper_bad_at (p.host) >= 0;
  while (!ws_stepper_finished (p.host))
    step_both (&p, what);
  pair_clear (&p);
  return broken;
}

/* The last pass of stage `stage` (bitonic k = 2^(stage+1), merge p = 2^stage). */
static guint
stage_end (WsNetworkKind kind, gsize n, guint stage)
{
  g_autoptr (WsNetwork) net = ws_test_network_new (kind, n);
  guint ends = 0;

  for (guint pass = 0; pass < ws_network_n_passes (net); pass++)
    if (ws_network_pass_ends_stage (net, pass) && ends++ == stage)
      return pass + 1;
  return ws_network_n_passes (net);
}

static void
test_corrupted (void)
{
  static const gsize sizes[] = { 16, 100, 1000, 5000 };
  guint found = 0, tried = 0;

  if (gpu_test_skip_without_device ())
    return;
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      for (guint stage = 0; stage < 4; stage++)
        for (gsize i = 0; i + 1 < sizes[s]; i += sizes[s] / 5 + 1)
          {
            guint passes = stage_end (kinds[k], sizes[s], stage);
            found += corrupt_and_compare (kinds[k], s % 2 ? WS_KEY_FLOAT32 : WS_KEY_INT32,
                                          sizes[s], passes, i);
            tried++;
          }
  /* Not a test that cannot fail: most of these exchanges break a stage. */
  g_test_message ("%u of %u exchanges broke the stage's invariant", found, tried);
  g_assert_cmpuint (found, >, tried / 2);
}

/* The tally itself: counts add up over passes, a reset clears them, and a
 * check lowers first_bad only. */
static void
test_tally_calls (void)
{
  g_autoptr (GError) error = NULL;
  gint32 keys[8] = { 0, 1, 2, 3, 7, 6, 5, 4 }; /* two runs of 4: up, then down */
  WsCudaTally *d_tally, got;
  gpointer d_keys;

  if (gpu_test_skip_without_device ())
    return;
  d_tally = ws_cuda_malloc (sizeof (WsCudaTally), &error);
  d_keys = ws_cuda_malloc (sizeof keys, &error);
  g_assert_no_error (error);
  g_assert_true (ws_cuda_upload (d_keys, keys, sizeof keys, &error));
  g_assert_true (ws_cuda_tally_reset (d_tally, &error));
  /* Runs of 4, descending where the start has bit 4: holds. */
  g_assert_true (ws_cuda_check_runs (WS_CUDA_INT32, d_keys, 8, 4, 4, d_tally, &error));
  g_assert_true (ws_cuda_download (&got, d_tally, sizeof got, &error));
  g_assert_cmpuint (got.first_bad, ==, G_MAXUINT64);
  g_assert_cmpuint (got.comparisons, ==, 0);
  /* One run of all 8 ascending: key 5 (6 after 7) is the first out of order. */
  g_assert_true (ws_cuda_check_runs (WS_CUDA_INT32, d_keys, 8, 8, 0, d_tally, &error));
  /* A later check that fails at a higher index leaves it there. */
  g_assert_true (ws_cuda_check_runs (WS_CUDA_INT32, d_keys, 8, 4, 0, d_tally, &error));
  g_assert_true (ws_cuda_download (&got, d_tally, sizeof got, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (got.first_bad, ==, 5);
  /* Bitonic k = 8: j = 4 compares (0,7) (1,6) (2,5) (3,4), all in order;
   * j = 2 compares 0-2, 1-3 (in order) and 7-5, 6-4 (exchanged). */
  g_assert_true (ws_cuda_network_pass (WS_CUDA_BITONIC, WS_CUDA_INT32, d_keys, 8, 8, 4, 0, NULL,
                                       d_tally, &error));
  g_assert_true (ws_cuda_network_pass (WS_CUDA_BITONIC, WS_CUDA_INT32, d_keys, 8, 8, 2, 0, NULL,
                                       d_tally, &error));
  g_assert_true (ws_cuda_download (&got, d_tally, sizeof got, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (got.comparisons, ==, 8);
  g_assert_cmpuint (got.swaps, ==, 2);
  g_assert_true (ws_cuda_tally_reset (d_tally, &error));
  g_assert_true (ws_cuda_download (&got, d_tally, sizeof got, &error));
  g_assert_cmpuint (got.comparisons, ==, 0);
  g_assert_cmpuint (got.swaps, ==, 0);
  g_assert_cmpuint (got.first_bad, ==, G_MAXUINT64);
  /* A run that is not a power of two is refused. */
  g_assert_false (ws_cuda_check_runs (WS_CUDA_INT32, d_keys, 8, 3, 0, d_tally, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
  ws_cuda_free (d_keys);
  ws_cuda_free (d_tally);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/gpu-tally/counts-and-checks", test_counts_and_checks);
  g_test_add_func ("/gpu-tally/corrupted", test_corrupted);
  g_test_add_func ("/gpu-tally/tally-calls", test_tally_calls);
  return g_test_run ();
}
