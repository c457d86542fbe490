/* fake-gpus.c: a GPU backend double of two GPUs (see fake-gpus.h). */
#include "fake-gpus.h"

#include <string.h>

#include "ws-error.h"

FakeGpus fake_gpus = { .fail_device = -1 };

/* As cudaSetDevice's: per host thread, 0 until set. */
static _Thread_local int current;

void
fake_gpus_reset (void)
{
  memset (&fake_gpus, 0, sizeof fake_gpus);
  fake_gpus.fail_device = -1;
}

int
fake_gpus_current_device (void)
{
  return current;
}

static char *
fake_describe (const WsBackend *self)
{
  return g_strdup ("test double of two GPUs");
}

static gboolean
fake_query_devices (const WsBackend *self, GArray **devices, GError **error)
{
  *devices = g_array_new (FALSE, TRUE, sizeof (WsDeviceInfo));
  for (int d = 0; d < FAKE_GPUS; d++)
    {
      WsDeviceInfo info = { .major = 9, .sm_count = 132, .global_mem = (guint64) 80 << 30,
                            .memory_clock_khz = 1000000, .memory_bus_width = 1024 };
      g_snprintf (info.name, sizeof info.name, "Fake GPU %d", d);
      g_snprintf (info.uuid, sizeof info.uuid, "GPU-00000000-0000-0000-0000-00000000000%d", d);
      g_snprintf (info.pci_bus_id, sizeof info.pci_bus_id, "0000:0%d:00.0", d + 1);
      g_array_append_val (*devices, info);
    }
  return TRUE;
}

static gboolean
fake_use_device (const WsBackend *self, int device, GError **error)
{
  if (device < 0 || device >= FAKE_GPUS)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "GPU %d is not on this machine",
                   device);
      return FALSE;
    }
  if (device == fake_gpus.fail_device)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE, "GPU %d fell off the bus", device);
      return FALSE;
    }
  current = device;
  return TRUE;
}

static gboolean
fake_has_variant (const WsBackend *self, const char *algorithm, WsVariant variant)
{
  return TRUE;
}

/* The first run on each GPU waits for the others' first (see fake-gpus.h). */
static void
pass_gate (void)
{
  static _Thread_local gboolean passed;
  gint64 until = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  if (fake_gpus.gate == 0 || passed)
    return;
  passed = TRUE;
  g_atomic_int_inc (&fake_gpus.arrived);
  while (g_atomic_int_get (&fake_gpus.arrived) < fake_gpus.gate && g_get_monotonic_time () < until)
    g_usleep (1000);
  if (g_atomic_int_get (&fake_gpus.arrived) >= fake_gpus.gate)
    g_atomic_int_set (&fake_gpus.met, 1);
}

static gboolean
fake_run (const WsBackend *self, const WsRunInput *in, WsRunOutput *out, GError **error)
{
  g_atomic_int_inc (&fake_gpus.runs[current]);
  g_atomic_pointer_set (&fake_gpus.last_thread, g_thread_self ());
  pass_gate ();
  if (fake_gpus.sleep_us > 0)
    g_usleep (fake_gpus.sleep_us);
  out->times.kernel = 1e-3 * (current + 1);
  out->times.total = out->times.kernel;
  out->seconds = out->times.kernel;
  g_snprintf (out->times.device, sizeof out->times.device, "Fake GPU %d", current);
  out->times.device_index = current;
  return TRUE;
}

/* Device memory the application's pages would ask for; none of the tests
 * that use the double do, but a backend without it is one without a GPU
 * for them (ws_ui_gpus). */
static const WsDeviceOps no_device_ops;

static const WsBackend fake_gpu = {
  .name = "cuda",
  .describe = fake_describe,
  .query_devices = fake_query_devices,
  .use_device = fake_use_device,
  .has_variant = fake_has_variant,
  .run = fake_run,
  .device = &no_device_ops,
};

const WsBackend *
ws_backend_gpu (void)
{
  return &fake_gpu;
}
