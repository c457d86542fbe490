/* test-gpu-cold.c: cold runs (issue 21) on a real GPU — the flush buffer
 * is at least twice the device's L2 and kept between runs, each run says
 * whether it ran cold, and a device too full for the buffer gives a
 * message, not a crash. Skipped where no CUDA device can be used. What a
 * cold run costs is for a benchmark to show (docs/performance.md), not a
 * test: a timed assertion that a cold reduce of 4 MiB is not faster than a
 * warm one failed on an H100 (0.0098 against 0.0110 ms, mostly launch). */
#include <cuda_runtime_api.h>
#include <string.h>

#include "gpu-test-util.h"
#include "ws-backend.h"
#include "ws-error.h"
#include "ws-generator.h"
#include "ws-run.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)

static int
l2_bytes (void)
{
  int device = 0, l2 = 0;

  g_assert_cmpint (cudaGetDevice (&device), ==, cudaSuccess);
  g_assert_cmpint (cudaDeviceGetAttribute (&l2, cudaDevAttrL2CacheSize, device), ==, cudaSuccess);
  return l2;
}

static void
reduce_once (const WsArray *keys, gboolean cold, WsCudaTiming *timing)
{
  WsCudaScalar sum;
  g_autoptr (GError) error = NULL;

  ws_cuda_set_cold (cold);
  g_assert_true (ws_cuda_reduce (WS_CUDA_LIB, WS_CUDA_FLOAT32, keys->data, keys->n, &sum, timing,
                                 &error));
  ws_cuda_set_cold (FALSE);
  g_assert_no_error (error);
  gpu_test_assert_timing (timing);
  g_assert_cmpint (timing->cold, ==, cold);
}

static void
test_buffer (void)
{
  g_autoptr (WsArray) keys = NULL;
  WsCudaTiming timing;
  int device = 0;
  gsize first;

  if (gpu_test_skip_without_device ())
    return;
  keys = ws_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 4096, 1, NULL);
  cudaGetDevice (&device);
  ws_cuda_flush_release ();
  g_assert_cmpuint (ws_cuda_flush_bytes (device), ==, 0);
  reduce_once (keys, FALSE, &timing);
  g_assert_cmpuint (ws_cuda_flush_bytes (device), ==, 0); /* a warm run makes none */
  reduce_once (keys, TRUE, &timing);
  first = ws_cuda_flush_bytes (device);
  g_assert_cmpuint (first, >=, 2 * (gsize) MAX (l2_bytes (), 1));
  reduce_once (keys, TRUE, &timing);
  g_assert_cmpuint (ws_cuda_flush_bytes (device), ==, first); /* kept, not made again */
  ws_cuda_flush_release ();
  g_assert_cmpuint (ws_cuda_flush_bytes (device), ==, 0);
}

/* A device with room for the run but not for the flush buffer: the cold
 * run says so (through ws_run, as bench and the panel reach it), and a warm
 * run still works. */
static void
test_out_of_memory (void)
{
  const WsBackend *cuda = ws_backend_gpu ();
  g_autoptr (WsArray) keys = NULL;
  WsRunInput in = { ws_registry_lookup ("reduce", NULL), WS_VARIANT_GPU };
  WsRunOutput out;
  g_autoptr (GError) error = NULL;
  gpointer hog;

  if (gpu_test_skip_without_device ())
    return;
  ws_cuda_flush_release ();
  keys = ws_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 4096, 1, NULL);
  ws_params_init_defaults (in.algo, &in.params);
  in.input = keys;
  /* Leave L2's size (at least 2 MiB on any GPU we meet, and room for the
   * run's 16 KB of keys): the buffer needs twice that. */
  hog = gpu_test_fill_device ((guint64) MAX (l2_bytes (), 2 * (int) MIB));
  if (hog == NULL)
    {
      g_test_skip ("could not fill the device");
      return;
    }
  in.cold = TRUE;
  /* Past the memory check, whose estimate (a floor of some 256 MiB a run)
   * would refuse first: the flush buffer's own allocation must say why. */
  g_setenv ("WARPSCOPE_DEVICE_MEMORY_AVAILABLE", "1099511627776", TRUE);
  g_assert_false (ws_run (&in, &out, &error));
  g_test_message ("%s", error != NULL ? error->message : "(no error)");
  g_assert_error (error, WS_ERROR, WS_ERROR_NO_MEMORY);
  g_assert_nonnull (strstr (error->message, "L2 cache"));
  g_clear_error (&error);
  in.cold = FALSE; /* a warm run fits what is left */
  if (ws_run (&in, &out, &error))
    ws_run_output_clear (&out);
  g_unsetenv ("WARPSCOPE_DEVICE_MEMORY_AVAILABLE");
  g_assert_no_error (error);
  cuda->device->release (hog);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/gpu-cold/buffer", test_buffer);
  g_test_add_func ("/gpu-cold/out-of-memory", test_out_of_memory);
  return g_test_run ();
}
