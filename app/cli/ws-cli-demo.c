/* ws-cli-demo.c: `demo` — one random array through every CPU sorting
 * network, side by side, the table `make run` shows until the GTK
 * application exists. */
#include <stdio.h>

#include "ws-cli.h"
#include "ws-generator.h"
#include "ws-run.h"
#include "ws-size.h"
#include "ws-system.h"

static const char *const demo_algorithms[] = { "bitonic", "oddeven-merge", "odd-even", "radix-sort" };

static gboolean
demo_row (const WsAlgorithm *algo, WsVariant variant, const WsArray *keys, GError **error)
{
  WsRunInput in = { .algo = algo, .variant = variant, .input = keys };
  WsRunOutput out = { 0 };
  g_autofree char *verdict = NULL;
  gboolean ok;

  ws_params_init_defaults (algo, &in.params);
  ok = ws_run (&in, &out, error) && ws_run_verify (&in, &out, &verdict, error);
  if (ok)
    printf ("%-14s %-8s %8" G_GUINT64_FORMAT " %14" G_GUINT64_FORMAT " %12" G_GUINT64_FORMAT
            " %11.3f  %s\n", algo->name, ws_variant_name (variant), out.counters.passes,
            out.counters.comparisons, out.counters.swaps, out.seconds * 1e3, "sorted ✓");
  ws_run_output_clear (&out);
  return ok;
}

int
ws_cli_demo (int argc, char **argv)
{
  gsize n = 4096;
  g_autofree char *n_text = NULL;
  gint64 seed = 1;
  const GOptionEntry entries[] = {
    { "n", 'n', 0, G_OPTION_ARG_STRING, &n_text, "keys to sort (default 4096)", "N" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "seed of the random keys (default 1)", "S" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("— every CPU sorting network on one array");
  g_autoptr (GError) error = NULL;
  g_autoptr (WsArray) keys = NULL;
  WsCpuInfo cpu;
  int status = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!ws_cli_parse_options (context, &argc, &argv, &status))
    return status;
  if ((n_text && !ws_size_parse_range ("--n", n_text, 1, G_MAXSIZE, &n, &error))
      || (keys = ws_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, n, (guint64) seed, &error)) == NULL)
    return ws_cli_fail (error);
  ws_system_cpu_info (&cpu);
  printf ("Warpscope demo: %" G_GSIZE_FORMAT " uniform float32 keys (seed %" G_GINT64_FORMAT ") on %s, "
          "cpu-par with %u threads\n\n", n, seed, cpu.model, cpu.omp_threads);
  printf ("%-14s %-8s %8s %14s %12s %11s  %s\n", "algorithm", "variant", "passes", "comparisons",
          "swaps", "time (ms)", "result");
  for (guint a = 0; a < G_N_ELEMENTS (demo_algorithms); a++)
    for (WsVariant v = WS_VARIANT_CPU_SEQ; v <= WS_VARIANT_CPU_PAR; v++)
      if (!demo_row (ws_registry_lookup (demo_algorithms[a], NULL), v, keys, &error))
        return ws_cli_fail (error);
  printf ("\nradix-sort is not a network: it is the fastest CPU sort here, the reference GPU sorts "
          "must beat.\n`warpscope-cli list` shows every algorithm; `warpscope-cli run --help` runs one.\n");
  return 0;
}
