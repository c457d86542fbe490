/* ws-cli-check.c: `check` — a student's sort against the reference network,
 * for a course's autograder: a trace (docs/traces.md) read, every pass
 * compared, the first that parts said. Exit status 0 when every pass
 * matches, 1 at the first that does not, 2 for a file or a request that
 * cannot be checked. --json prints one object for course CI. */
#include <math.h>
#include <stdio.h>

#include "ws-cli.h"
#include "ws-divergence.h"
#include "ws-error.h"

enum { CHECK_OK = 0, CHECK_DIVERGED = 1, CHECK_UNUSABLE = 2 };

typedef struct
{
  char    *network, *type;
  gboolean json;
} CheckOptions;

static int
unusable (const GError *error)
{
  fprintf (stderr, "warpscope-cli: %s\n", error->message);
  return CHECK_UNUSABLE;
}

/* The network: --network, else the trace's header. */
static gboolean
network_of (const CheckOptions *o, const WsTrace *t, WsNetworkKind *kind, GError **error)
{
  const char *name = o->network ? o->network : t->network;

  if (name == NULL)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "Which network does the trace follow? Give --network bitonic, odd-even or "
                   "oddeven-merge, or a header line “# warpscope-trace network=bitonic”");
      return FALSE;
    }
  if (!ws_network_kind_from_name (name, kind))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "“%s” is not a sorting network; use bitonic, odd-even or oddeven-merge", name);
      return FALSE;
    }
  return TRUE;
}

/* A key for JSON: a number as key files write it, or a string for ±inf. */
static void
json_key (GString *s, WsKeyType type, double key)
{
  if (isinf (key))
    g_string_append (s, key > 0 ? "\"inf\"" : "\"-inf\"");
  else
    g_string_append_printf (s, type == WS_KEY_INT32 ? "%.0f" : "%.9g", key);
}

/* A JSON string: quotes, backslashes and control characters escaped,
 * other bytes (UTF-8) as they are. */
static void
json_string (GString *s, const char *text)
{
  g_string_append_c (s, '"');
  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    if (*p == '"' || *p == '\\')
      g_string_append_printf (s, "\\%c", *p);
    else if (*p < 0x20)
      g_string_append_printf (s, "\\u%04x", *p);
    else
      g_string_append_c (s, (char) *p);
  g_string_append_c (s, '"');
}

static void
print_json (const char *path, gboolean diverged, const WsDivergence *d)
{
  g_autoptr (GString) s = g_string_new ("{\"ok\": ");

  if (!diverged)
    g_string_append (s, "true, \"pass\": null, \"index\": null, \"expected\": null, "
                         "\"got\": null, \"kind\": null");
  else
    {
      g_string_append_printf (s, "false, \"pass\": %u, \"index\": %" G_GSIZE_FORMAT
                              ", \"expected\": ", d->pass + 1, d->index);
      json_key (s, d->type, d->expected);
      g_string_append (s, ", \"got\": ");
      json_key (s, d->type, d->got);
      g_string_append_printf (s, ", \"kind\": \"%s\"",
                              d->kind == WS_DIVERGENCE_ORDER ? "order" : "keys");
    }
  g_string_append (s, ", \"input\": ");
  json_string (s, path);
  g_string_append_c (s, '}');
  puts (s->str);
}

static void
print_text (const WsTrace *t, WsNetworkKind kind, gboolean diverged, const WsDivergence *d)
{
  g_autoptr (WsNetwork) net = ws_network_new (kind, t->input->n, NULL);
  g_autofree char *text = NULL;

  if (!diverged)
    {
      printf ("%s on %" G_GSIZE_FORMAT " key%s%s: ", ws_network_kind_name (kind), t->input->n,
              t->input->n == 1 ? "" : "s",
              ws_network_width (net) != t->input->n ? " (padded to a power of two)" : "");
      if (t->passes->len == 0)
        printf ("no passes to compare, and none in the trace\n");
      else
        printf ("all %u pass%s match the reference\n", t->passes->len,
                t->passes->len == 1 ? "" : "es");
      return;
    }
  text = ws_divergence_describe (net, d);
  printf ("%s (line %" G_GSIZE_FORMAT " of the trace)\n", text,
          g_array_index (t->pass_lines, gsize, d->pass));
}

static int
check_trace (const char *path, const CheckOptions *o)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsTrace) t = NULL;
  WsKeyType type;
  WsNetworkKind kind;
  WsDivergence d;
  gboolean diverged;

  if (o->type != NULL && !ws_key_type_from_string (o->type, &type, &error))
    return unusable (error);
  if ((t = ws_trace_load (path, o->type ? &type : NULL, &error)) == NULL
      || !network_of (o, t, &kind, &error)
      || !ws_divergence_trace (kind, t, &diverged, &d, &error))
    return unusable (error);
  if (o->json)
    print_json (path, diverged, &d);
  else
    print_text (t, kind, diverged, &d);
  return diverged ? CHECK_DIVERGED : CHECK_OK;
}

int
ws_cli_check (int argc, char **argv)
{
  CheckOptions o = { 0 };
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE — a trace of your sort, checked pass by pass against the reference network (docs/traces.md)");
  const GOptionEntry entries[] = {
    { "network", 0, 0, G_OPTION_ARG_STRING, &o.network, "bitonic, odd-even or oddeven-merge (default: the trace's header)", "NET" },
    { "type", 't', 0, G_OPTION_ARG_STRING, &o.type, "int32 or float32 (default: the trace's header, else float32)", "T" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &o.json, "print one JSON object (ok, pass, index, expected, got, kind, input)", NULL },
    { NULL },
  };
  int status = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!ws_cli_parse_options (context, &argc, &argv, &status))
    status = CHECK_UNUSABLE;
  else if (argc != 2)
    {
      fprintf (stderr, "warpscope-cli: check takes one FILE, a trace of your sort\n"
               "Try “warpscope-cli check --help”.\n");
      status = CHECK_UNUSABLE;
    }
  else
    status = check_trace (argv[1], &o);
  g_free (o.network), g_free (o.type);
  return status;
}
