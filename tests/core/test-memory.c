/* test-memory.c: a run that would not fit is refused before anything is
 * allocated (issue 15: `run bitonic --n 2^32` was killed by the OOM killer
 * after 75 s on a 23 GB machine). */
#include <string.h>

#include "array-io-helpers.h"
#include "ws-error.h"
#include "ws-memory.h"
#include "ws-run-data.h"
#include "ws-test-util.h"

#define GIB (G_GUINT64_CONSTANT (1) << 30)

static const WsAlgorithm *
algo (const char *name)
{
  const WsAlgorithm *a = ws_registry_lookup (name, NULL);

  g_assert_nonnull (a);
  return a;
}

static void
test_estimate_counts_copies (void)
{
  WsMemoryNeed sort, reduce, gpu, stencil;

  ws_memory_estimate (algo ("bitonic"), WS_VARIANT_CPU_PAR, NULL, WS_KEY_FLOAT32,
                      (gsize) 1 << 32, &sort);
  ws_memory_estimate (algo ("reduce"), WS_VARIANT_CPU_PAR, NULL, WS_KEY_FLOAT32,
                      (gsize) 1 << 32, &reduce);
  ws_memory_estimate (algo ("bitonic"), WS_VARIANT_GPU, NULL, WS_KEY_FLOAT32,
                      ((gsize) 1 << 20) + 1, &gpu);
  ws_memory_estimate (algo ("stencil"), WS_VARIANT_CPU_SEQ, NULL, WS_KEY_FLOAT32, 46340, &stencil);
  /* the keys (16 GiB), the copy sorted, the verification's two: at least 4× */
  g_assert_cmpuint (sort.host, >=, 4 * 16 * GIB);
  g_assert_cmpuint (sort.device, ==, 0);
  g_assert_cmpuint (reduce.host, >=, 16 * GIB);
  g_assert_cmpuint (reduce.host, <, sort.host);
  /* a network pads 2^20 + 1 keys to 2^21 on the device */
  g_assert_cmpuint (gpu.device, >=, 2 * ((G_GUINT64_CONSTANT (1) << 21) * 4));
  /* a window sum's n is the grid's side: N² cells, 8 GiB per grid */
  g_assert_cmpuint (stencil.host, >=, 2 * (G_GUINT64_CONSTANT (46340) * 46340 * 4));
}

static void
test_estimate_saturates (void)
{
  WsMemoryNeed need;

  ws_memory_estimate (algo ("stencil"), WS_VARIANT_GPU, NULL, WS_KEY_FLOAT32, G_MAXSIZE, &need);
  g_assert_cmpuint (need.host, ==, G_MAXUINT64);
  g_assert_cmpuint (need.device, ==, G_MAXUINT64);
}

static void
test_host_refused (void)
{
  g_autoptr (GError) error = NULL;

  g_setenv ("WARPSCOPE_MEMORY_AVAILABLE", "1073741824", TRUE); /* 1 GiB */
  g_assert_false (ws_memory_check (algo ("bitonic"), WS_VARIANT_CPU_SEQ, NULL, WS_KEY_FLOAT32,
                                   (gsize) 1 << 32, WS_MEMORY_ALL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_NO_MEMORY);
  assert_contains (error->message, "n = 2^32");
  assert_contains (error->message, "host memory");
  assert_contains (error->message, "1.0\u00a0GiB is available"); /* g_format_size: a no-break space */
  assert_contains (error->message, "at most n = 2^25"); /* 6 × 128 MiB + 64 MiB fits in 1 GiB */
  g_clear_error (&error);
  g_assert_true (ws_memory_check (algo ("bitonic"), WS_VARIANT_CPU_SEQ, NULL, WS_KEY_FLOAT32,
                                  (gsize) 1 << 25, WS_MEMORY_ALL, &error));
  g_assert_no_error (error);
  g_assert_false (ws_memory_check (algo ("bitonic"), WS_VARIANT_CPU_SEQ, NULL, WS_KEY_FLOAT32,
                                   (gsize) 1 << 26, WS_MEMORY_ALL, NULL));
  g_unsetenv ("WARPSCOPE_MEMORY_AVAILABLE");
}

static void
test_device_refused (void)
{
  g_autoptr (GError) error = NULL;

  g_setenv ("WARPSCOPE_MEMORY_AVAILABLE", "1099511627776", TRUE); /* 1 TiB of host */
  g_setenv ("WARPSCOPE_DEVICE_MEMORY_AVAILABLE", "2147483648", TRUE); /* a 2 GiB GPU */
  g_assert_false (ws_memory_check (algo ("radix-sort"), WS_VARIANT_GPU_LIB, NULL, WS_KEY_INT32,
                                   (gsize) 1 << 30, WS_MEMORY_ALL, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_NO_MEMORY);
  assert_contains (error->message, "GPU memory");
  assert_contains (error->message, "2.0\u00a0GiB is available");
  g_clear_error (&error);
  /* the host alone is asked: fine */
  g_assert_true (ws_memory_check (algo ("radix-sort"), WS_VARIANT_GPU_LIB, NULL, WS_KEY_INT32,
                                  (gsize) 1 << 30, WS_MEMORY_HOST, &error));
  /* a CPU variant never asks the device */
  g_assert_true (ws_memory_check (algo ("radix-sort"), WS_VARIANT_CPU_PAR, NULL, WS_KEY_INT32,
                                  (gsize) 1 << 30, WS_MEMORY_ALL, &error));
  g_unsetenv ("WARPSCOPE_DEVICE_MEMORY_AVAILABLE");
  g_unsetenv ("WARPSCOPE_MEMORY_AVAILABLE");
}

static void
test_extra_params_counted (void)
{
  const WsAlgorithm *search = algo ("binary-search");
  WsParams few, many;
  WsMemoryNeed a, b;

  ws_params_init_defaults (search, &few);
  ws_params_init_defaults (search, &many);
  g_assert_true (ws_params_set (search, &many, "queries", 1 << 28, NULL));
  ws_memory_estimate (search, WS_VARIANT_CPU_SEQ, &few, WS_KEY_FLOAT32, 1024, &a);
  ws_memory_estimate (search, WS_VARIANT_CPU_SEQ, &many, WS_KEY_FLOAT32, 1024, &b);
  g_assert_cmpuint (b.host - a.host, >=, (G_GUINT64_CONSTANT (1) << 28) * 12);
}

/* Generation asks before it allocates: the refusal is immediate. */
static void
test_generate_refused (void)
{
  const WsAlgorithm *a = algo ("stencil");
  g_autoptr (GError) error = NULL;
  WsParams params;
  WsRunData data;
  gint64 start = g_get_monotonic_time ();

  ws_params_init_defaults (a, &params);
  g_setenv ("WARPSCOPE_MEMORY_AVAILABLE", "268435456", TRUE); /* 256 MiB */
  g_assert_false (ws_run_data_generate (a, &params, WS_KEY_FLOAT32, WS_DIST_UNIFORM, 40000, 1,
                                        &data, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_NO_MEMORY);
  assert_contains (error->message, "stencil on an N = 40000 grid of float32 keys needs about");
  assert_contains (error->message, "at most N = ");
  g_assert_cmpint (g_get_monotonic_time () - start, <, 2 * G_USEC_PER_SEC);
  g_unsetenv ("WARPSCOPE_MEMORY_AVAILABLE");
}

static void
test_host_available_real (void)
{
  guint64 available = ws_memory_host_available ();

  if (!g_file_test ("/proc/meminfo", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /proc/meminfo");
      return;
    }
  g_assert_cmpuint (available, >, 16 * (G_GUINT64_CONSTANT (1) << 20));
  g_assert_cmpuint (available, <, G_GUINT64_CONSTANT (1) << 50);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/memory/estimate/copies", test_estimate_counts_copies);
  g_test_add_func ("/memory/estimate/saturates", test_estimate_saturates);
  g_test_add_func ("/memory/estimate/params", test_extra_params_counted);
  g_test_add_func ("/memory/check/host", test_host_refused);
  g_test_add_func ("/memory/check/device", test_device_refused);
  g_test_add_func ("/memory/check/generate", test_generate_refused);
  g_test_add_func ("/memory/available", test_host_available_real);
  return g_test_run ();
}
