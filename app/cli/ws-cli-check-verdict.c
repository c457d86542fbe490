/* ws-cli-check-verdict.c: what `check` says, for each of its files — a
 * verdict printed as words or as the JSON object course CI reads, a
 * divergence as a verdict, the engine's padding in words, an unusable
 * request's message. */
#include <math.h>
#include <stdio.h>

#include "ws-cli-check.h"

int
ws_cli_check_unusable (const GError *error)
{
  fprintf (stderr, "warpscope-cli: %s\n", error->message);
  return CHECK_UNUSABLE;
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
    else if (*p == '\n')
      g_string_append (s, "\\n");
    else if (*p < 0x20)
      g_string_append_printf (s, "\\u%04x", *p);
    else
      g_string_append_c (s, (char) *p);
  g_string_append_c (s, '"');
}

static void
print_json (const CheckVerdict *v)
{
  g_autoptr (GString) s = g_string_new ("{\"ok\": ");

  g_string_append (s, v->kind == NULL ? "true" : "false");
  g_string_append (s, ", \"pass\": ");
  v->pass ? g_string_append_printf (s, "%u", v->pass) : g_string_append (s, "null");
  g_string_append (s, ", \"index\": ");
  v->has_index ? g_string_append_printf (s, "%" G_GUINT64_FORMAT, v->index)
               : g_string_append (s, "null");
  g_string_append (s, ", \"expected\": ");
  v->has_keys ? json_key (s, v->type, v->expected) : g_string_append (s, "null");
  g_string_append (s, ", \"got\": ");
  v->has_keys ? json_key (s, v->type, v->got) : g_string_append (s, "null");
  g_string_append (s, ", \"kind\": ");
  v->kind ? json_string (s, v->kind) : g_string_append (s, "null");
  g_string_append (s, ", \"input\": ");
  json_string (s, v->input);
  g_string_append (s, ", \"message\": ");
  json_string (s, v->text);
  g_string_append_c (s, '}');
  puts (s->str);
}

void
ws_cli_check_print (const CheckVerdict *v, gboolean json)
{
  if (json)
    print_json (v);
  else
    puts (v->text);
  fflush (stdout);
}

char *
ws_cli_check_padding (WsNetworkKind network, gsize n)
{
  g_autoptr (WsNetwork) net = ws_network_new (network, n, NULL);

  if (net == NULL || ws_network_width (net) == n)
    return g_strdup ("");
  return g_strdup_printf (", padded to %" G_GSIZE_FORMAT " with the largest key as the engine "
                          "pads", ws_network_width (net));
}

CheckVerdict
ws_cli_check_diverged (const WsDivergence *d, const char *input, const char *text)
{
  return (CheckVerdict) { d->kind == WS_DIVERGENCE_ORDER ? "order" : "keys", d->pass + 1, TRUE,
                          d->index, TRUE, d->type, d->expected, d->got, input, text };
}
