/* ws-cli-compare.c: `compare BASE NEW` — each configuration a new run shares
 * with a baseline: medians, their ratio with its interval, a Mann–Whitney U
 * test and a verdict (ws-compare.h); configurations in one run only listed
 * apart. Status 1 when any is SLOWER, for CI. */
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>

#include "ws-bench-report.h"
#include "ws-cli.h"
#include "ws-compare-runs.h"
#include "ws-error.h"

typedef struct
{
  char    *threshold;
  gboolean json;
} Options;

/* "5%" or a fraction "0.05"; a bare "5" is ambiguous and refused. */
static gboolean
parse_threshold (const char *text, double *out, GError **error)
{
  char *end = NULL;
  double v = g_ascii_strtod (text, &end);
  gboolean percent = end != text && g_str_equal (end, "%");

  if (end == text || (*end != '\0' && !percent) || !isfinite (v))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "--threshold “%s” is not a threshold; write it as 5%% or 0.05", text);
      return FALSE;
    }
  if (!percent && v >= 1.0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "--threshold %s: write a percentage with its sign (%s%%) or a fraction below 1",
                   text, text);
      return FALSE;
    }
  *out = percent ? v / 100.0 : v;
  if (*out < 0.0 || *out >= 1.0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "--threshold %s is out of range; give 0%% to 99%%", text);
      return FALSE;
    }
  return TRUE;
}

static void
print_text (const WsCompareRuns *runs)
{
  printf ("%-46s %12s %12s %8s %19s %9s %7s  %s\n", "configuration", "base", "new", "new/base",
          "interval", "p", "effect", "verdict");
  for (guint i = 0; i < runs->pairs->len; i++)
    {
      const WsComparePair *p = &g_array_index (runs->pairs, WsComparePair, i);
      g_autofree char *b = ws_format_seconds (p->c.base_median);
      g_autofree char *n = ws_format_seconds (p->c.new_median);
      printf ("%-46s %12s %12s %8.3f  [%7.3f, %7.3f] %9.2g %+7.2f  %s\n", p->key, b, n, p->c.ratio,
              p->c.ratio_lo, p->c.ratio_hi, p->c.test.p, p->c.test.effect,
              ws_verdict_name (p->c.verdict));
    }
  for (guint i = 0; i < runs->only_base->len; i++)
    printf ("only in the baseline: %s\n", (const char *) runs->only_base->pdata[i]);
  for (guint i = 0; i < runs->only_new->len; i++)
    printf ("only in the new run: %s\n", (const char *) runs->only_new->pdata[i]);
  printf ("threshold %g%%; p from a two-sided Mann–Whitney U test, effect the rank-biserial "
          "correlation (+1: every new sample slower)\n",
          runs->threshold * 100.0);
}

static void
json_keys (JsonBuilder *b, const char *name, const GPtrArray *keys)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < keys->len; i++)
    json_builder_add_string_value (b, keys->pdata[i]);
  json_builder_end_array (b);
}

static void
json_pair (JsonBuilder *b, const WsComparePair *p)
{
  const struct { const char *name; double v; } f[] = {
    { "base_median", p->c.base_median }, { "new_median", p->c.new_median },
    { "ratio", p->c.ratio },             { "ratio_lo", p->c.ratio_lo },
    { "ratio_hi", p->c.ratio_hi },       { "u", p->c.test.u },
    { "p", p->c.test.p },                { "effect", p->c.test.effect },
  };

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "key");
  json_builder_add_string_value (b, p->key);
  for (guint k = 0; k < G_N_ELEMENTS (f); k++)
    {
      json_builder_set_member_name (b, f[k].name);
      if (isfinite (f[k].v))
        json_builder_add_double_value (b, f[k].v);
      else
        json_builder_add_null_value (b); /* an unbounded interval */
    }
  json_builder_set_member_name (b, "exact");
  json_builder_add_boolean_value (b, p->c.test.exact);
  json_builder_set_member_name (b, "verdict");
  json_builder_add_string_value (b, ws_verdict_name (p->c.verdict));
  json_builder_end_object (b);
}

static void
print_json (const WsCompareRuns *runs)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "threshold");
  json_builder_add_double_value (b, runs->threshold);
  json_builder_set_member_name (b, "configurations");
  json_builder_begin_array (b);
  for (guint i = 0; i < runs->pairs->len; i++)
    json_pair (b, &g_array_index (runs->pairs, WsComparePair, i));
  json_builder_end_array (b);
  json_keys (b, "only_in_base", runs->only_base);
  json_keys (b, "only_in_new", runs->only_new);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  text = json_generator_to_data (gen, NULL);
  printf ("%s\n", text);
}

/* Errors here are status 2: 1 says a configuration is slower. */
static int
fail (const char *message)
{
  fprintf (stderr, "warpscope-cli: %s\n", message);
  return 2;
}

static int
usage (const char *message)
{
  ws_cli_usage_error ("compare", message);
  return 2;
}

static int
run_compare (const Options *o, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsBenchSamples) base = NULL, fresh = NULL;
  g_autoptr (WsCompareRuns) runs = NULL;
  double threshold = WS_COMPARE_DEFAULT_THRESHOLD;

  if (o->threshold != NULL && !parse_threshold (o->threshold, &threshold, &error))
    return usage (error->message);
  if ((base = ws_compare_load_run ("BASE", argv[1], NULL, &error)) == NULL
      || (fresh = ws_compare_load_run ("NEW", argv[2], NULL, &error)) == NULL
      || (runs = ws_compare_runs (base, fresh, threshold, &error)) == NULL)
    return fail (error->message);
  if (o->json)
    print_json (runs);
  else
    print_text (runs);
  return runs->slower ? 1 : 0;
}

int
ws_cli_compare (int argc, char **argv)
{
  Options o = { 0 };
  const GOptionEntry entries[] = {
    { "threshold", 0, 0, G_OPTION_ARG_STRING, &o.threshold, "the difference that matters (default 5%)", "T" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &o.json, "print the comparison as JSON", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("BASE NEW — a run against a baseline");
  int status = 2;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (context,
    "BASE and NEW are each a run's folder (bench -o DIR), its result.json, its result.csv (the\n"
    "samples beside it) or the samples.csv of bench --samples (a folder's result.json is read\n"
    "where it has one). For each configuration both ran: the medians, new/base with an\n"
    "interval, a two-sided Mann–Whitney U test on the samples and its effect size, and a\n"
    "verdict: SAME (within the threshold), FASTER or SLOWER (a significant difference past\n"
    "it), UNCLEAR (too noisy to tell).\n"
    "Exit status: 0 nothing slower, 1 a configuration SLOWER, 2 an error.\n");
  if (ws_cli_parse_options (context, &argc, &argv, &status))
    status = argc == 3 ? run_compare (&o, argv) : usage ("compare takes two runs, BASE and NEW");
  g_free (o.threshold);
  return status;
}
