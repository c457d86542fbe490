/* ws-bench-context.c: where a run was measured (see ws-bench-context.h). */
#include "ws-bench-context.h"

#include "ws-backend.h"
#include "ws-system.h"

void
ws_bench_context_free (WsBenchContext *c)
{
  if (c == NULL)
    return;
  g_free (c->host), g_free (c->cpu), g_free (c->gpu), g_free (c->gpu_capability);
  g_free (c->cuda), g_free (c->driver), g_free (c->build), g_free (c->plan_hash), g_free (c->device);
  g_free (c->preset);
  g_strfreev (c->settings), g_strfreev (c->values);
  g_free (c);
}

/* The first device: the one a plan's GPU rows run on. */
static void
add_gpu (WsBenchContext *c)
{
  const WsBackend *gpu = ws_backend_gpu ();
  g_autoptr (GArray) devices = NULL;
  const WsDeviceInfo *d;

  c->cuda = gpu->describe (gpu);
  c->driver = ws_system_nvidia_driver ();
  if (!gpu->query_devices (gpu, &devices, NULL) || devices == NULL || devices->len == 0)
    return;
  d = &g_array_index (devices, WsDeviceInfo, 0);
  c->gpu = g_strdup (d->name);
  c->gpu_capability = g_strdup_printf ("%d.%d", d->major, d->minor);
  c->gpu_sms = (guint) MAX (d->sm_count, 0);
  c->gpu_memory = d->global_mem;
  c->gpu_clock_khz = d->clock_khz;
  c->gpu_memory_clock_khz = d->memory_clock_khz;
}

static void
add_plan (WsBenchContext *c, const WsBenchRecord *record)
{
  guint n;

  c->settings = ws_bench_record_settings (record);
  n = g_strv_length (c->settings);
  c->values = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    c->values[i] = g_strdup (ws_bench_record_get (record, c->settings[i]));
}

WsBenchContext *
ws_bench_context_new (const WsPreset *preset, const WsBenchRecord *record)
{
  WsBenchContext *c = g_new0 (WsBenchContext, 1);
  WsCpuInfo cpu;

  g_return_val_if_fail (preset != NULL && record != NULL, NULL);
  ws_system_cpu_info (&cpu);
  c->host = g_strdup (g_get_host_name ());
  c->cpu = g_strdup (cpu.model);
  c->logical_cpus = cpu.logical_cpus;
  c->physical_cores = cpu.physical_cores;
  c->threads = cpu.omp_threads;
  if (ws_preset_has_gpu (preset))
    add_gpu (c);
  c->build = g_strdup (ws_bench_record_get (record, "build"));
  c->plan_hash = g_strdup (ws_bench_record_get (record, "hash"));
  c->device = g_strdup (ws_bench_record_get (record, "device"));
  c->preset = g_strdup (preset->name);
  add_plan (c, record);
  return c;
}
