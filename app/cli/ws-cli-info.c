/* ws-cli-info.c: `list` (the registry) and `info` (this machine). */
#include <stdio.h>

#include "ws-backend.h"
#include "ws-cli.h"
#include "ws-registry.h"
#include "ws-system.h"

/* A 0..1 parameter is a flag on the command line; the rest take a value. */
static void
print_param (const WsParamSpec *p)
{
  if (p->min == 0 && p->max == 1)
    printf ("  --%-10s flag, off by default: %s\n", p->name, p->description);
  else
    printf ("  --%-10s %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT ", default %" G_GINT64_FORMAT
            ": %s\n", p->name, p->min, p->max, p->def, p->description);
}

static void
print_algorithm (const WsAlgorithm *algo)
{
  g_autofree char *types = ws_algorithm_types_string (algo);

  printf ("%s — %s\n", algo->name, algo->title);
  printf ("  study:      %s\n", algo->study ? algo->study : "none (ours)");
  printf ("  keys:       %s\n", types);
  printf ("  about:      %s\n", algo->description);
  for (guint v = 0; v < WS_N_VARIANTS; v++)
    if (ws_algorithm_defines (algo, (WsVariant) v))
      printf ("  %-16s %s\n", ws_variant_name ((WsVariant) v), algo->variants[v]);
  /* Say what does not exist rather than inventing it. */
  if (!ws_algorithm_defines (algo, WS_VARIANT_GPU_SEED))
    printf ("  %-16s none: no study wrote GPU code for it\n", "gpu-seed");
  if (!ws_algorithm_defines (algo, WS_VARIANT_GPU_LIB))
    printf ("  %-16s none: CUB and Thrust have no such algorithm\n", "gpu-lib");
  for (guint p = 0; p < algo->n_params; p++)
    print_param (&algo->params[p]);
  printf ("\n");
}

/* GPU variants need a GPU at run time; say once whether this machine has one. */
static void
print_gpu_availability (void)
{
  const WsBackend *cuda = ws_backend_gpu ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) devices = NULL;

  if (cuda->query_devices (cuda, &devices, &error))
    printf ("GPU variants run on %s (`warpscope-cli info` describes it).\n",
            g_array_index (devices, WsDeviceInfo, 0).name);
  else
    printf ("GPU variants cannot run here: %s\n`run --variant gpu…` falls back to cpu-par.\n",
            error->message);
}

int
ws_cli_list (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("— algorithms, variants and parameters");
  guint n;
  const WsAlgorithm *const *algos;
  int status = 0;

  if (!ws_cli_parse_options (context, &argc, &argv, &status))
    return status;
  algos = ws_registry_list (&n);
  for (guint i = 0; i < n; i++)
    print_algorithm (algos[i]);
  print_gpu_availability ();
  return 0;
}

static void
print_size (const char *label, guint64 bytes)
{
  g_autofree char *human = g_format_size_full (bytes, G_FORMAT_SIZE_IEC_UNITS);
  printf ("  %-26s %s\n", label, human);
}

static void
print_device (guint index, const WsDeviceInfo *d)
{
  printf ("GPU %u: %s\n", index, d->name);
  /* What tells two GPUs of one model apart (bench --devices numbers them). */
  if (d->uuid[0] != '\0')
    printf ("  %-26s %s\n", "UUID", d->uuid);
  if (d->pci_bus_id[0] != '\0')
    printf ("  %-26s %s\n", "PCI address", d->pci_bus_id);
  printf ("  %-26s %d.%d\n", "compute capability", d->major, d->minor);
  printf ("  %-26s %d\n", "multiprocessors (SMs)", d->sm_count);
  print_size ("global memory", d->global_mem);
  print_size ("shared memory per block", d->shared_mem_per_block);
  printf ("  %-26s %d\n", "registers per block", d->regs_per_block);
  printf ("  %-26s %d\n", "warp size", d->warp_size);
  printf ("  %-26s %d\n", "max threads per block", d->max_threads_per_block);
  print_size ("constant memory", d->const_mem);
  if (d->clock_khz > 0)
    printf ("  %-26s %.0f MHz\n", "clock", d->clock_khz / 1000.0);
  if (ws_device_peak_gbps (d) > 0)
    printf ("  %-26s %.0f GB/s (%d-bit bus)\n", "peak memory bandwidth", ws_device_peak_gbps (d),
            d->memory_bus_width);
}

static void
print_gpus (void)
{
  const WsBackend *cuda = ws_backend_gpu ();
  g_autofree char *about = cuda->describe (cuda);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) devices = NULL;

  printf ("CUDA: %s\n", about);
  if (!cuda->query_devices (cuda, &devices, &error))
    {
      printf ("GPU: none — %s\n", error->message);
      printf ("Every CPU variant works without one.\n");
      return;
    }
  for (guint i = 0; i < devices->len; i++)
    print_device (i, &g_array_index (devices, WsDeviceInfo, i));
}

int
ws_cli_info (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("— this machine's CPU and GPUs");
  WsCpuInfo cpu;
  int status = 0;

  if (!ws_cli_parse_options (context, &argc, &argv, &status))
    return status;
  ws_system_cpu_info (&cpu);
  printf ("CPU: %s\n", cpu.model);
  printf ("  %-26s %u\n", "physical cores", cpu.physical_cores);
  printf ("  %-26s %u\n", "hardware threads", cpu.logical_cpus);
  printf ("  %-26s %u (%s)\n", "cpu-par threads", cpu.omp_threads, ws_system_openmp_name ());
  print_gpus ();
  return 0;
}
