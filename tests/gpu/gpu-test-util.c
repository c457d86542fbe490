/* gpu-test-util.c: skipping without a GPU, and timing checks. */
#include "gpu-test-util.h"

#include <string.h>

#include "ws-backend.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)

gboolean
gpu_test_skip_without_device (void)
{
  g_autoptr (GError) error = NULL;

  if (ws_cuda_device_count (&error) > 0)
    return FALSE;
  g_test_skip (error != NULL ? error->message : "no CUDA device");
  return TRUE;
}

void
gpu_test_assert_timing (const WsCudaTiming *t)
{
  g_assert_cmpfloat (t->alloc_ms, >=, 0.0);
  g_assert_cmpfloat (t->h2d_ms, >=, 0.0);
  g_assert_cmpfloat (t->kernel_ms, >=, 0.0);
  g_assert_cmpfloat (t->d2h_ms, >=, 0.0);
  g_assert_cmpfloat (t->total_ms, >=, t->kernel_ms);
  g_assert_cmpuint (strlen (t->device_name), >, 0);
}

WsCudaType
gpu_test_type (WsKeyType type)
{
  return type == WS_KEY_INT32 ? WS_CUDA_INT32 : WS_CUDA_FLOAT32;
}

/* Holds all but `leave` bytes of the device's free memory; NULL if it could not. */
gpointer
gpu_test_fill_device (guint64 leave)
{
  const WsBackend *cuda = ws_backend_gpu ();
  g_autoptr (GArray) devices = NULL;
  guint64 free_mem, lo = 0, hi;

  g_assert_true (cuda->query_devices (cuda, &devices, NULL));
  free_mem = g_array_index (devices, WsDeviceInfo, 0).free_mem;
  g_assert_cmpuint (free_mem, >, leave);
  /* The context and the allocator round up, so free - leave may not fit:
   * find the largest block that does to within 2 MiB (a bisection; stepping
   * down from the top took minutes on an H100), so that what is left stays
   * near `leave` (the cold test needs less than twice L2 left). */
  hi = free_mem - leave + 1;
  while (hi - lo > 2 * MIB)
    {
      guint64 mid = lo + (hi - lo) / 2;
      gpointer p = cuda->device->alloc (mid, NULL);
      if (p != NULL)
        cuda->device->release (p), lo = mid;
      else
        hi = mid;
    }
  if (lo > leave)
    return cuda->device->alloc (lo, NULL);
  return NULL;
}
