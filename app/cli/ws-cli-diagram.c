/* ws-cli-diagram.c: `diagram` — a sorting network drawn as Knuth draws
 * it, to PNG, SVG, PDF or TikZ, or its layers printed as JSON; optionally
 * with where the gpu variant runs each layer (app/core/diagram/). */
#include <stdio.h>

#include "ws-cli.h"
#include "ws-diagram.h"
#include "ws-error.h"
#include "ws-registry.h"
#include "ws-size.h"

#define DEFAULT_N 16

typedef struct
{
  char    *n;
  char    *output;
  char    *format;
  char    *size;
  char    *gpu_tile;
  gboolean gpu_groups;
} DiagramOptions;

static gboolean
invalid (GError    **error,
         const char *format,
         const char *text)
{
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, format, text, WS_DIAGRAM_MAX_WIRES);
  return FALSE;
}

/* n keys, 1 … WS_DIAGRAM_MAX_WIRES (bitonic pads to a power of two, which
 * stays within it). */
static gboolean
parse_n (const char *text,
         gsize      *n,
         GError    **error)
{
  *n = DEFAULT_N;
  if (text == NULL)
    return TRUE;
  if (!ws_size_parse ("--n", text, n, error))
    return FALSE;
  if (*n == 0)
    return invalid (error, "--n %s: a diagram needs at least one key (and draws up to %d)", text);
  if (*n > WS_DIAGRAM_MAX_WIRES)
    return invalid (error, "--n %s: a diagram draws at most %d keys", text);
  return TRUE;
}

static gboolean
parse_tile (const char *text,
            guint      *tile,
            GError    **error)
{
  guint64 v;

  *tile = 0;
  if (text == NULL)
    return TRUE;
  if (ws_digits_parse (text, 1, G_MAXUINT, &v, NULL))
    {
      *tile = (guint) v;
      return TRUE;
    }
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "--gpu-tile %s: give a whole number (keys a tile holds, or odd-even's phases a "
               "launch)", text);
  return FALSE;
}

/* "1 key", "16 keys". */
static const char *
plural (guint n)
{
  return n == 1 ? "" : "s";
}

/* "Bitonic sort · 12 keys on 16 wires · 10 layers, 80 comparators". */
static char *
title (const char      *name,
       const WsDiagram *d)
{
  const WsAlgorithm *algo = ws_registry_lookup (name, NULL);
  guint keys = ws_diagram_n_keys (d), wires = ws_diagram_n_wires (d);
  guint layers = ws_diagram_n_layers (d), comparators = ws_diagram_n_comparators (d);
  g_autofree char *size = keys == wires ? g_strdup_printf ("%u key%s", keys, plural (keys))
                                        : g_strdup_printf ("%u keys on %u wires", keys, wires);

  return g_strdup_printf ("%s · %s · %u layer%s, %u comparator%s",
                          algo != NULL ? algo->title : name, size, layers, plural (layers),
                          comparators, plural (comparators));
}

static WsDiagram *
make_diagram (const char           *name,
              const DiagramOptions *o,
              GError              **error)
{
  WsNetworkKind kind;
  gsize n;
  guint tile;
  g_autoptr (WsNetwork) net = NULL;
  g_autoptr (WsDiagram) d = NULL;
  g_autofree char *text = NULL;

  if (!ws_network_kind_parse (name, &kind, error) || !parse_n (o->n, &n, error)
      || !parse_tile (o->gpu_tile, &tile, error)
      || (net = ws_network_new (kind, n, error)) == NULL
      || (d = ws_diagram_new (net, error)) == NULL)
    return NULL;
  if ((o->gpu_groups || o->gpu_tile != NULL) && !ws_diagram_set_gpu_groups (d, tile, error))
    return NULL;
  text = title (name, d);
  ws_diagram_set_title (d, text);
  return g_steal_pointer (&d);
}

static int
diagram (const char           *name,
         const DiagramOptions *o)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsDiagram) d = NULL;
  int width = WS_DIAGRAM_FILE_WIDTH, height = WS_DIAGRAM_FILE_HEIGHT;

  if ((o->size != NULL && !ws_cli_parse_size (o->size, &width, &height, &error))
      || (d = make_diagram (name, o, &error)) == NULL)
    return ws_cli_fail (error);
  if (o->format != NULL)
    {
      g_autofree char *json = ws_diagram_to_json (d);
      fputs (json, stdout);
      return 0;
    }
  if (!ws_diagram_save (d, o->output, width, height, &error))
    return ws_cli_fail (error);
  printf ("%s diagram of %u key%s written to %s\n", name, ws_diagram_n_keys (d),
          plural (ws_diagram_n_keys (d)), o->output);
  /* A lecture's network fits one tile: say how to see a large sort's shape. */
  if (ws_diagram_has_gpu_groups (d) && o->gpu_tile == NULL && ws_diagram_n_launches (d) == 1)
    printf ("The gpu variant runs all of it in one launch; --gpu-tile T draws how it groups a large "
            "sort, with a tile of T standing for the kernel's\n");
  return 0;
}

/* Exactly one of -o FILE and --format json. */
static gboolean
check_usage (int                   argc,
             const DiagramOptions *o)
{
  const char *problem = argc != 2 ? "diagram takes one NETWORK (bitonic, odd-even or oddeven-merge)"
                        : (o->output == NULL) == (o->format == NULL)
                          ? "diagram takes -o FILE or --format json (one of them)"
                        : o->format != NULL && !g_str_equal (o->format, "json")
                          ? "--format prints json; images and TikZ go to -o FILE by its extension"
                          : NULL;

  if (problem == NULL)
    return TRUE;
  ws_cli_usage_error ("diagram", problem);
  return FALSE;
}

int
ws_cli_diagram (int argc, char **argv)
{
  DiagramOptions o = { 0 };
  g_autoptr (GOptionContext) context = g_option_context_new ("NETWORK — draw a sorting network (bitonic, odd-even, oddeven-merge) as wires and comparators");
  const GOptionEntry entries[] = {
    { "n", 'n', 0, G_OPTION_ARG_STRING, &o.n, "keys (default 16, at most 1024)", "N" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o.output, "the file to write: .png, .svg, .pdf or .tex (TikZ)", "FILE" },
    { "format", 0, 0, G_OPTION_ARG_STRING, &o.format, "json: print the layers as [[[a, b], …], …] (the smaller key to wire a) instead", "json" },
    { "size", 0, 0, G_OPTION_ARG_STRING, &o.size, "image size in pixels (default 1280x720)", "WxH" },
    { "gpu-groups", 0, 0, G_OPTION_ARG_NONE, &o.gpu_groups, "shade each layer by where the gpu variant runs it (registers, shared or global memory) and mark its kernel launches", NULL },
    { "gpu-tile", 0, 0, G_OPTION_ARG_STRING, &o.gpu_tile, "the same grouping with a smaller tile standing for the kernel's, to show a large sort's shape: keys a tile holds (bitonic, oddeven-merge: a power of two, 2 … 8192) or phases a launch (odd-even: 1 … 128)", "T" },
    { NULL },
  };
  int status = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!ws_cli_parse_options (context, &argc, &argv, &status))
    return status;
  status = check_usage (argc, &o) ? diagram (argv[1], &o) : 2;
  g_free (o.n), g_free (o.output), g_free (o.format), g_free (o.size), g_free (o.gpu_tile);
  return status;
}
