/* test-gpu-cub.c: gpu-lib's kernels phase beside CUB called directly
 * (issue 20). gpu-lib *is* CUB, so its kernels phase must cost what CUB
 * costs: a wrapper that allocated CUB's storage between its kernels (and
 * freed it with a device-wide wait) reported twice CUB's time. Each case
 * times CUB alone (ws_cuda_cub_direct), gpu-lib through the engine's whole
 * run, and CUB alone again, medians over REPEAT calls, in one process on
 * one device, and fails when gpu-lib is more than 10% slower than CUB. */
#include "gpu-test-util.h"
#include "ws-stats.h"

#include <string.h>

#define REPEAT 25
#define TOLERANCE 1.10

typedef struct
{
  const char   *path;
  WsCudaCubCall call;
  gsize         n;
} CubCase;

static const CubCase cases[] = {
  { "/gpu/cub/radix-sort/int32/2^24", WS_CUDA_CUB_RADIX_SORT, (gsize) 1 << 24 },
  { "/gpu/cub/radix-sort/int32/2^20", WS_CUDA_CUB_RADIX_SORT, (gsize) 1 << 20 },
  { "/gpu/cub/exclusive-sum/float32/2^26", WS_CUDA_CUB_EXCLUSIVE_SUM, (gsize) 1 << 26 },
  { "/gpu/cub/reduce-sum/float32/2^26", WS_CUDA_CUB_REDUCE_SUM, (gsize) 1 << 26 },
};

/* Uniform 32-bit int32 keys for the sort (every byte varies, as radix
 * sort's worst case), floats in [-1, 1) for the sums. */
static gpointer
make_keys (WsCudaCubCall call, gsize n)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20);
  guint32 *keys = g_new (guint32, n);

  for (gsize i = 0; i < n; i++)
    {
      if (call == WS_CUDA_CUB_RADIX_SORT)
        keys[i] = g_rand_int (rand);
      else
        {
          float f = (float) g_rand_double_range (rand, -1.0, 1.0);
          memcpy (&keys[i], &f, sizeof f);
        }
    }
  return keys;
}

/* One whole gpu-lib run of the call on a copy of keys; its kernels phase. */
static double
lib_kernels_ms (WsCudaCubCall call, const guint32 *keys, guint32 *work, gsize n)
{
  g_autoptr (GError) error = NULL;
  WsCudaTiming timing;
  WsCudaScalar sum;
  gboolean ok = FALSE;

  switch (call)
    {
    case WS_CUDA_CUB_RADIX_SORT:
      memcpy (work, keys, n * sizeof *keys);
      ok = ws_cuda_sort (WS_CUDA_RADIX_SORT, WS_CUDA_LIB, WS_CUDA_INT32, work, n, &timing, &error);
      break;
    case WS_CUDA_CUB_EXCLUSIVE_SUM:
      ok = ws_cuda_scan (WS_CUDA_LIB, WS_CUDA_FLOAT32, keys, work, n, &timing, &error);
      break;
    case WS_CUDA_CUB_REDUCE_SUM:
      ok = ws_cuda_reduce (WS_CUDA_LIB, WS_CUDA_FLOAT32, keys, n, &sum, &timing, &error);
      break;
    }
  g_assert_no_error (error);
  g_assert_true (ok);
  gpu_test_assert_timing (&timing);
  return timing.kernel_ms;
}

static double
lib_median_ms (WsCudaCubCall call, const guint32 *keys, guint32 *work, gsize n)
{
  double ms[REPEAT];
  WsStats s;

  lib_kernels_ms (call, keys, work, n); /* warm-up, as the direct calls have */
  for (guint i = 0; i < REPEAT; i++)
    ms[i] = lib_kernels_ms (call, keys, work, n);
  ws_stats_compute (ms, REPEAT, &s);
  return s.median;
}

static double
direct_median_ms (const CubCase *c, const guint32 *keys)
{
  g_autoptr (GError) error = NULL;
  double ms = 0.0;

  g_assert_true (ws_cuda_cub_direct (c->call, keys, c->n, REPEAT, &ms, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (ms, >, 0.0);
  return ms;
}

static void
test_beside_cub (gconstpointer data)
{
  const CubCase *c = data;

  if (gpu_test_skip_without_device ())
    return;
  g_autofree guint32 *keys = make_keys (c->call, c->n);
  g_autofree guint32 *work = g_new (guint32, c->n);
  /* CUB before and after gpu-lib: a clock that drifts meanwhile moves both. */
  double before = direct_median_ms (c, keys);
  double lib = lib_median_ms (c->call, keys, work, c->n);
  double after = direct_median_ms (c, keys);
  double cub = 0.5 * (before + after);

  g_test_message ("%s: gpu-lib kernels %.4f ms, CUB alone %.4f ms (%.4f, %.4f): %.3f×", c->path,
                  lib, cub, before, after, lib / cub);
  g_assert_cmpfloat (lib, <=, TOLERANCE * cub);
}

static void
test_refuses_bad_sizes (void)
{
  g_autoptr (GError) error = NULL;
  double ms = -1.0;
  guint32 key = 0;

  g_assert_false (ws_cuda_cub_direct (WS_CUDA_CUB_REDUCE_SUM, &key, 0, 3, &ms, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (ws_cuda_cub_direct (WS_CUDA_CUB_REDUCE_SUM, &key, 1, 0, &ms, &error));
  g_assert_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_INVALID);
  g_assert_cmpfloat (ms, ==, -1.0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    g_test_add_data_func (cases[i].path, &cases[i], test_beside_cub);
  g_test_add_func ("/gpu/cub/bad-sizes", test_refuses_bad_sizes);
  return g_test_run ();
}
