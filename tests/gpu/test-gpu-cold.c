/* test-gpu-cold.c: cold runs (issue 21) on a real GPU — the flush buffer
 * is at least twice the device's L2 and kept between runs, the flush
 * times as no phase of a run, a cold kernels phase over an input that fits
 * in L2 is not faster than a warm one, and a device too full for the
 * buffer gives a message, not a crash. Skipped where no CUDA device can be
 * used. */
#include <cuda_runtime_api.h>
#include <stdlib.h>
#include <string.h>

#include "gpu-test-util.h"
#include "ws-backend.h"
#include "ws-error.h"
#include "ws-generator.h"
#include "ws-run.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)
/* 2^20 float32 keys: 4 MiB, resident in the L2 of every GPU this runs on
 * (H100 50 MB), and large enough that reading it from memory shows. */
#define N_KEYS ((gsize) 1 << 20)
#define SAMPLES 31

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

static int
by_value (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *v, guint n)
{
  qsort (v, n, sizeof *v, by_value);
  return v[n / 2];
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

/* Samples alternate, cold and warm, so that clocks and other work on the
 * machine weigh on both alike. A cold kernels phase reads its 4 MiB from
 * memory, a warm one (mostly) from L2, where the upload left it: the cold
 * median may not be below the warm one by more than noise (5%). The
 * upload's median must not carry the flush (a write of 2 × L2): it stays
 * within 25% of the warm upload's. */
static void
test_cold_not_faster (void)
{
  g_autoptr (WsArray) keys = NULL;
  double cold_k[SAMPLES], warm_k[SAMPLES], cold_up[SAMPLES], warm_up[SAMPLES];
  double ck, wk, cu, wu;
  WsCudaTiming timing;

  if (gpu_test_skip_without_device ())
    return;
  keys = ws_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, N_KEYS, 1, NULL);
  reduce_once (keys, TRUE, &timing); /* the buffer made, the library loaded */
  reduce_once (keys, FALSE, &timing);
  for (guint i = 0; i < SAMPLES; i++)
    {
      reduce_once (keys, TRUE, &timing);
      cold_k[i] = timing.kernel_ms, cold_up[i] = timing.h2d_ms;
      reduce_once (keys, FALSE, &timing);
      warm_k[i] = timing.kernel_ms, warm_up[i] = timing.h2d_ms;
    }
  ck = median (cold_k, SAMPLES), wk = median (warm_k, SAMPLES);
  cu = median (cold_up, SAMPLES), wu = median (warm_up, SAMPLES);
  g_test_message ("kernels: cold %.4f ms, warm %.4f ms; upload: cold %.4f, warm %.4f", ck, wk, cu,
                  wu);
  g_assert_cmpfloat (ck, >=, 0.95 * wk);
  g_assert_cmpfloat (cu, <=, 1.25 * wu + 0.01);
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
  /* 2 × L2 is at least 2 × 2 MiB on any GPU we meet; leave less than that. */
  hog = gpu_test_fill_device ((guint64) MIN (l2_bytes (), 64 * (int) MIB) / 2 + 16 * MIB);
  if (hog == NULL)
    {
      g_test_skip ("could not fill the device");
      return;
    }
  in.cold = TRUE;
  g_assert_false (ws_run (&in, &out, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_NO_MEMORY);
  g_assert_nonnull (strstr (error->message, "L2 cache"));
  g_clear_error (&error);
  in.cold = FALSE;
  if (ws_run (&in, &out, &error))
    ws_run_output_clear (&out);
  g_assert_no_error (error);
  cuda->device->release (hog);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/gpu-cold/buffer", test_buffer);
  g_test_add_func ("/gpu-cold/not-faster", test_cold_not_faster);
  g_test_add_func ("/gpu-cold/out-of-memory", test_out_of_memory);
  return g_test_run ();
}
