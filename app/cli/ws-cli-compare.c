/* ws-cli-compare.c: `compare BASE NEW` — each configuration a new run shares
 * with a baseline: medians, their ratio with its interval, a Mann–Whitney U
 * test and a verdict (ws-compare.h); configurations in one run only listed
 * apart. Status 1 when any is SLOWER, for CI. */
#include <errno.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ws-bench-json.h"
#include "ws-bench-report.h"
#include "ws-bench-samples.h"
#include "ws-cli.h"
#include "ws-compare.h"
#include "ws-error.h"

#define DEFAULT_THRESHOLD 0.05

typedef struct
{
  char    *threshold;
  gboolean json;
} Options;

typedef struct
{
  const char  *key;
  WsComparison c;
} Pair;

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

/* The file of a run's folder that holds its samples: result.json, which
 * every run since issue 21 writes, else the samples.csv of `bench
 * --samples` (older runs). */
static char *
samples_file_of (const char *what, const char *dir, GError **error)
{
  g_autofree char *json = g_build_filename (dir, WS_BENCH_JSON_FILE, NULL);
  g_autofree char *csv = g_build_filename (dir, "samples.csv", NULL);

  if (g_file_test (json, G_FILE_TEST_EXISTS))
    return g_steal_pointer (&json);
  if (g_file_test (csv, G_FILE_TEST_EXISTS))
    return g_steal_pointer (&csv);
  g_set_error (error, WS_ERROR, WS_ERROR_IO,
               "%s %s has neither %s nor samples.csv: compare needs every sample of a run; run "
               "`warpscope-cli bench PLAN -o %s`",
               what, dir, WS_BENCH_JSON_FILE, dir);
  return NULL;
}

/* A run's samples: its folder's, or the result.json or samples.csv named. */
static WsBenchSamples *
load_run (const char *what, const char *path, GError **error)
{
  g_autofree char *file = NULL;
  g_autoptr (WsBenchJson) json = NULL;
  g_autoptr (WsBenchSamples) samples = NULL;

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    file = samples_file_of (what, path, error);
  else
    file = g_strdup (path);
  if (file == NULL)
    return NULL;
  if (!ws_bench_json_is_json_path (file))
    return ws_bench_samples_load (file, error);
  if ((json = ws_bench_json_load (file, error)) == NULL)
    return NULL;
  samples = ws_bench_json_samples (json);
  if (samples->keys->len == 0) /* as ws_bench_samples_load says of an empty samples.csv */
    {
      g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "%s holds no samples: none of its %u rows ran",
                   file, ws_bench_json_n_configs (json));
      return NULL;
    }
  return g_steal_pointer (&samples);
}

static void
print_text (const GArray *pairs, const WsBenchSamples *base, const WsBenchSamples *fresh,
            double threshold)
{
  printf ("%-46s %12s %12s %8s %19s %9s %7s  %s\n", "configuration", "base", "new", "new/base",
          "interval", "p", "effect", "verdict");
  for (guint i = 0; i < pairs->len; i++)
    {
      const Pair *p = &g_array_index (pairs, Pair, i);
      g_autofree char *b = ws_format_seconds (p->c.base_median);
      g_autofree char *n = ws_format_seconds (p->c.new_median);
      printf ("%-46s %12s %12s %8.3f  [%7.3f, %7.3f] %9.2g %+7.2f  %s\n", p->key, b, n, p->c.ratio,
              p->c.ratio_lo, p->c.ratio_hi, p->c.test.p, p->c.test.effect,
              ws_verdict_name (p->c.verdict));
    }
  for (guint i = 0; i < base->keys->len; i++)
    if (ws_bench_samples_get (fresh, base->keys->pdata[i]) == NULL)
      printf ("only in the baseline: %s\n", (const char *) base->keys->pdata[i]);
  for (guint i = 0; i < fresh->keys->len; i++)
    if (ws_bench_samples_get (base, fresh->keys->pdata[i]) == NULL)
      printf ("only in the new run: %s\n", (const char *) fresh->keys->pdata[i]);
  printf ("threshold %g%%; p from a two-sided Mann–Whitney U test, effect the rank-biserial "
          "correlation (+1: every new sample slower)\n",
          threshold * 100.0);
}

static void
json_only_in (JsonBuilder *b, const char *name, const WsBenchSamples *in,
              const WsBenchSamples *other)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < in->keys->len; i++)
    if (ws_bench_samples_get (other, in->keys->pdata[i]) == NULL)
      json_builder_add_string_value (b, in->keys->pdata[i]);
  json_builder_end_array (b);
}

static void
print_json (const GArray *pairs, const WsBenchSamples *base, const WsBenchSamples *fresh,
            double threshold)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "threshold");
  json_builder_add_double_value (b, threshold);
  json_builder_set_member_name (b, "configurations");
  json_builder_begin_array (b);
  for (guint i = 0; i < pairs->len; i++)
    {
      const Pair *p = &g_array_index (pairs, Pair, i);
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
  json_builder_end_array (b);
  json_only_in (b, "only_in_base", base, fresh);
  json_only_in (b, "only_in_new", fresh, base);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  text = json_generator_to_data (gen, NULL);
  printf ("%s\n", text);
}

/* The configurations both runs have, in the baseline's order; FALSE when
 * they share none (nothing to compare is an error, not a pass). */
static gboolean
compare_runs (const WsBenchSamples *base, const WsBenchSamples *fresh, double threshold,
              GArray *pairs, gboolean *slower, GError **error)
{
  *slower = FALSE;
  for (guint i = 0; i < base->keys->len; i++)
    {
      const char *key = base->keys->pdata[i];
      GArray *b = ws_bench_samples_get (base, key), *f = ws_bench_samples_get (fresh, key);
      Pair p = { key };
      if (f == NULL)
        continue;
      if (!ws_compare_samples ((const double *) b->data, b->len, (const double *) f->data, f->len,
                               threshold, &p.c, error))
        {
          g_prefix_error (error, "%s: ", key);
          return FALSE;
        }
      *slower |= p.c.verdict == WS_VERDICT_SLOWER;
      g_array_append_val (pairs, p);
    }
  if (pairs->len == 0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "The two runs share no configuration: compare runs of the same plan");
      return FALSE;
    }
  return TRUE;
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
  g_autoptr (GArray) pairs = g_array_new (FALSE, FALSE, sizeof (Pair));
  double threshold = DEFAULT_THRESHOLD;
  gboolean slower = FALSE;

  if (o->threshold != NULL && !parse_threshold (o->threshold, &threshold, &error))
    return usage (error->message);
  if ((base = load_run ("BASE", argv[1], &error)) == NULL
      || (fresh = load_run ("NEW", argv[2], &error)) == NULL
      || !compare_runs (base, fresh, threshold, pairs, &slower, &error))
    return fail (error->message);
  if (o->json)
    print_json (pairs, base, fresh, threshold);
  else
    print_text (pairs, base, fresh, threshold);
  return slower ? 1 : 0;
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
    "BASE and NEW are each a run's folder (bench -o DIR), its result.json or the samples.csv of\n"
    "bench --samples (a folder's result.json is read where it has one). For each\n"
    "configuration both ran: the medians, new/base with an interval, a two-sided Mann–Whitney U\n"
    "test on the samples and its effect size, and a verdict: SAME (within the threshold),\n"
    "FASTER or SLOWER (a significant difference past it), UNCLEAR (too noisy to tell).\n"
    "Exit status: 0 nothing slower, 1 a configuration SLOWER, 2 an error.\n");
  if (ws_cli_parse_options (context, &argc, &argv, &status))
    status = argc == 3 ? run_compare (&o, argv) : usage ("compare takes two runs, BASE and NEW");
  g_free (o.threshold);
  return status;
}
