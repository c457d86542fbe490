/* ws-bench-context.c: where a run was measured (see ws-bench-context.h). */
#include "ws-bench-context.h"

#include "ws-backend.h"
#include "ws-system.h"

void
ws_bench_context_gpu_free (WsBenchContextGpu *g)
{
  if (g == NULL)
    return;
  g_free (g->name), g_free (g->capability), g_free (g->uuid), g_free (g->pci_bus_id);
  g_free (g);
}

static gpointer
gpu_copy (gconstpointer data, gpointer unused)
{
  const WsBenchContextGpu *from = data;
  WsBenchContextGpu *g = g_memdup2 (from, sizeof *from);

  g->name = g_strdup (from->name), g->capability = g_strdup (from->capability);
  g->uuid = g_strdup (from->uuid), g->pci_bus_id = g_strdup (from->pci_bus_id);
  return g;
}

void
ws_bench_context_free (WsBenchContext *c)
{
  if (c == NULL)
    return;
  g_free (c->host), g_free (c->cpu), g_free (c->gpu), g_free (c->gpu_capability);
  g_free (c->cuda), g_free (c->driver), g_free (c->build), g_free (c->plan_hash), g_free (c->device);
  g_free (c->preset);
  g_strfreev (c->settings), g_strfreev (c->values);
  g_free (c->shard);
  g_clear_pointer (&c->devices, g_ptr_array_unref);
  g_clear_pointer (&c->shards, g_ptr_array_unref);
  g_free (c);
}

WsBenchContext *
ws_bench_context_copy (const WsBenchContext *from)
{
  WsBenchContext *c = g_new0 (WsBenchContext, 1);

  *c = *from;
  c->host = g_strdup (from->host), c->cpu = g_strdup (from->cpu), c->gpu = g_strdup (from->gpu);
  c->gpu_capability = g_strdup (from->gpu_capability), c->cuda = g_strdup (from->cuda);
  c->driver = g_strdup (from->driver), c->build = g_strdup (from->build);
  c->plan_hash = g_strdup (from->plan_hash), c->device = g_strdup (from->device);
  c->preset = g_strdup (from->preset), c->shard = g_strdup (from->shard);
  c->settings = g_strdupv (from->settings), c->values = g_strdupv (from->values);
  c->shards = NULL;
  if (from->devices != NULL)
    c->devices = g_ptr_array_copy (from->devices, gpu_copy, NULL);
  if (from->shards != NULL)
    {
      c->shards = g_ptr_array_new_with_free_func ((GDestroyNotify) ws_bench_context_free);
      for (guint i = 0; i < from->shards->len; i++)
        g_ptr_array_add (c->shards, ws_bench_context_copy (from->shards->pdata[i]));
    }
  return c;
}

/* Each device the preset names, from the table of the GPUs there are. */
static void
add_devices (WsBenchContext *c, const WsPreset *preset, const GArray *gpus)
{
  c->devices = g_ptr_array_new_with_free_func ((GDestroyNotify) ws_bench_context_gpu_free);
  for (guint i = 0; i < preset->devices->len; i++)
    {
      int index = g_array_index (preset->devices, int, i);
      const WsDeviceInfo *d;
      WsBenchContextGpu *g;

      if ((guint) index >= gpus->len) /* resolved against these: not for a plan made elsewhere */
        continue;
      d = &g_array_index (gpus, WsDeviceInfo, index);
      g = g_new0 (WsBenchContextGpu, 1);
      g->index = index, g->name = g_strdup (d->name), g->memory = d->global_mem;
      g->capability = g_strdup_printf ("%d.%d", d->major, d->minor);
      g->uuid = d->uuid[0] ? g_strdup (d->uuid) : NULL;
      g->pci_bus_id = d->pci_bus_id[0] ? g_strdup (d->pci_bus_id) : NULL;
      g_ptr_array_add (c->devices, g);
    }
}

/* The device a plan's GPU rows run on (the first named, else GPU 0) as
 * `gpu`, and every one named. */
static void
add_gpu (WsBenchContext *c, const WsPreset *preset, const GArray *gpus)
{
  const WsBackend *gpu = ws_backend_gpu ();
  const WsDeviceInfo *d;
  int first = preset->devices && preset->devices->len ? g_array_index (preset->devices, int, 0) : 0;

  c->cuda = gpu->describe (gpu);
  c->driver = ws_system_nvidia_driver ();
  if (gpus == NULL || (guint) first >= gpus->len)
    return;
  if (preset->devices != NULL)
    add_devices (c, preset, gpus);
  d = &g_array_index (gpus, WsDeviceInfo, first);
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
ws_bench_context_new (const WsPreset *preset, const WsBenchRecord *record, const GArray *gpus)
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
    add_gpu (c, preset, gpus);
  c->build = g_strdup (ws_bench_record_get (record, "build"));
  c->plan_hash = g_strdup (ws_bench_record_get (record, "hash"));
  c->device = g_strdup (ws_bench_record_get (record, "device"));
  c->preset = g_strdup (preset->name);
  c->shard = g_strdup (ws_bench_record_get (record, "shard"));
  add_plan (c, record);
  return c;
}

/* ---- a merged run's ---- */

/* The shards' texts of one field, each different one once in the shards'
 * order; NULL where none has one. */
static char *
joined (GPtrArray *shards, gsize offset)
{
  g_autoptr (GPtrArray) seen = g_ptr_array_new ();

  for (guint i = 0; i < shards->len; i++)
    {
      const char *text = G_STRUCT_MEMBER (const char *, shards->pdata[i], offset);
      if (text != NULL && !g_ptr_array_find_with_equal_func (seen, text, g_str_equal, NULL))
        g_ptr_array_add (seen, (gpointer) text);
    }
  if (seen->len == 0)
    return NULL;
  g_ptr_array_add (seen, NULL);
  return g_strjoinv (" | ", (GStrv) seen->pdata);
}

/* A number's value where every shard that knows it agrees (0 when they
 * do not: a sum or an average of two machines' cores describes neither). */
#define SHARED(field)                                                                        \
  G_STMT_START                                                                               \
  {                                                                                          \
    for (guint i_ = 0; i_ < shards->len; i_++)                                               \
      {                                                                                      \
        const WsBenchContext *s_ = shards->pdata[i_];                                        \
        if (s_->field == 0)                                                                  \
          continue;                                                                          \
        if (c->field != 0 && c->field != s_->field)                                          \
          {                                                                                  \
            c->field = 0;                                                                    \
            break;                                                                           \
          }                                                                                  \
        c->field = s_->field;                                                                \
      }                                                                                      \
  }                                                                                          \
  G_STMT_END

WsBenchContext *
ws_bench_context_merge (GPtrArray *shards, const WsBenchRecord *record)
{
  WsBenchContext *c = g_new0 (WsBenchContext, 1);

  g_return_val_if_fail (shards != NULL && shards->len > 0 && record != NULL, NULL);
  c->host = joined (shards, G_STRUCT_OFFSET (WsBenchContext, host));
  c->cpu = joined (shards, G_STRUCT_OFFSET (WsBenchContext, cpu));
  c->gpu = joined (shards, G_STRUCT_OFFSET (WsBenchContext, gpu));
  c->gpu_capability = joined (shards, G_STRUCT_OFFSET (WsBenchContext, gpu_capability));
  c->cuda = joined (shards, G_STRUCT_OFFSET (WsBenchContext, cuda));
  c->driver = joined (shards, G_STRUCT_OFFSET (WsBenchContext, driver));
  SHARED (logical_cpus);
  SHARED (physical_cores);
  SHARED (threads);
  SHARED (gpu_sms);
  SHARED (gpu_memory);
  SHARED (gpu_clock_khz);
  SHARED (gpu_memory_clock_khz);
  /* One plan and build by merge's checks: the merged run.ini says them,
   * as a run's own does, even where no shard had a result.json. */
  c->build = g_strdup (ws_bench_record_get (record, "build"));
  c->plan_hash = g_strdup (ws_bench_record_get (record, "hash"));
  c->device = g_strdup (ws_bench_record_get (record, "device"));
  c->preset = joined (shards, G_STRUCT_OFFSET (WsBenchContext, preset));
  add_plan (c, record);
  c->shards = shards;
  return c;
}
