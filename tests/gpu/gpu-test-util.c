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
  guint64 free_mem;

  g_assert_true (cuda->query_devices (cuda, &devices, NULL));
  free_mem = g_array_index (devices, WsDeviceInfo, 0).free_mem;
  g_assert_cmpuint (free_mem, >, leave);
  /* The context and the allocator round up: step down until it fits. */
  for (guint64 take = free_mem - leave; take > leave; take -= 64 * MIB)
    {
      gpointer p = cuda->device->alloc (take, NULL);
      if (p != NULL)
        return p;
    }
  return NULL;
}
