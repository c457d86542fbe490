/* ws-cli-run.c: `run` — one algorithm on generated or given data, verified. */
#include <math.h>
#include <stdio.h>

#include "ws-array-io.h"
#include "ws-bench-repeat.h"
#include "ws-cli.h"
#include "ws-error.h"
#include "ws-generator.h"
#include "ws-memory.h"
#include "ws-radix.h"
#include "ws-run-data.h"
#include "ws-search.h"
#include "ws-size.h"

typedef struct
{
  char  *variant;
  char  *type;
  char  *n;
  char  *dist;
  char  *seed;
  char **inputs;
  char  *output;
  char  *format;
  char  *keys;
  char  *radius;
  char  *block;
  char  *per_thread;
  char  *bins;
  char  *segments;
  char  *queries;
  char  *repeat;
  gboolean early_exit;
  gboolean cold;
} RunOptions;

/* Everything one run owns, so that one cleanup frees it. */
typedef struct
{
  WsRunInput   in;
  WsRunOutput  out;
  WsFileFormat format;
  WsKeyType    type;
  gsize        n;
  gboolean     n_given;
  WsDistribution dist;
  guint64      seed;
  WsArray     *input;
  WsArray     *input2;
  WsArray     *keys;
  guint        repeat;
  WsRepeatTiming timing; /* over the repeats; the single run's times when repeat is 1 */
} RunState;

static void
run_state_clear (RunState *st)
{
  ws_run_output_clear (&st->out);
  g_clear_pointer (&st->input, ws_array_free);
  g_clear_pointer (&st->input2, ws_array_free);
  g_clear_pointer (&st->keys, ws_array_free);
}

static void
run_options_clear (RunOptions *o)
{
  g_free (o->variant), g_free (o->type), g_free (o->n), g_free (o->dist), g_free (o->seed);
  g_strfreev (o->inputs);
  g_free (o->output), g_free (o->format), g_free (o->keys), g_free (o->radius);
  g_free (o->bins), g_free (o->segments), g_free (o->queries);
  g_free (o->block), g_free (o->per_thread), g_free (o->repeat);
}

static GOptionContext *
run_context (RunOptions *o)
{
  const GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &o->variant, "cpu-seq, cpu-par (default), gpu-seed, gpu, gpu-lib… (see list)", "V" },
    { "type", 't', 0, G_OPTION_ARG_STRING, &o->type, "int32 or float32 (default float32 where supported)", "T" },
    { "n", 'n', 0, G_OPTION_ARG_STRING, &o->n, "keys to generate; the grid side N for stencil (65536, 2^20, 16M)", "N" },
    { "dist", 'd', 0, G_OPTION_ARG_STRING, &o->dist, "uniform, uniform16, sorted, reversed, few-unique, organ-pipe, nearly-sorted", "D" },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &o->seed, "64-bit seed of the generator (default 1)", "S" },
    { "input", 'i', 0, G_OPTION_ARG_FILENAME_ARRAY, &o->inputs, "read keys (or the grid) from FILE; dot takes two", "FILE" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o->output, "write the result to FILE (atomically)", "FILE" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &o->format, "key files: text, raw-f32 or raw-i32 (default text)", "F" },
    { "keys", 'k', 0, G_OPTION_ARG_FILENAME, &o->keys, "searches: read the query keys from FILE", "FILE" },
    { "radius", 'r', 0, G_OPTION_ARG_STRING, &o->radius, "stencil: window radius R", "R" },
    { "block", 0, 0, G_OPTION_ARG_STRING, &o->block, "stencil gpu-seed: blocks of BS×BS threads", "BS" },
    { "per-thread", 0, 0, G_OPTION_ARG_STRING, &o->per_thread, "stencil gpu-seed: K outputs per thread", "K" },
    { "bins", 'b', 0, G_OPTION_ARG_STRING, &o->bins, "histogram: number of bins B", "B" },
    { "segments", 'p', 0, G_OPTION_ARG_STRING, &o->segments, "searches: segments p per step", "P" },
    { "queries", 'q', 0, G_OPTION_ARG_STRING, &o->queries, "searches: generated query keys", "Q" },
    { "early-exit", 0, 0, G_OPTION_ARG_NONE, &o->early_exit, "odd-even: stop after a pass pair without a swap", NULL },
    { "repeat", 0, 0, G_OPTION_ARG_STRING, &o->repeat, "time R runs after one warm-up and report medians (default 1)", "R" },
    { "cold", 0, 0, G_OPTION_ARG_NONE, &o->cold, "GPU variants: empty the L2 cache before each run's kernels (a cold measurement; the CPU ignores it)", NULL },
    { NULL }
  };
  GOptionContext *context = g_option_context_new ("ALGORITHM — run one algorithm and verify it");

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (context,
    "Examples:\n  warpscope-cli run bitonic --n 2^20 --type float32\n"
    "  warpscope-cli run stencil --n 1000 --radius 8 --variant cpu-seq\n"
    "`warpscope-cli list` names every algorithm, variant and parameter.");
  return context;
}

static gboolean
parse_int_param (RunState *st, const char *name, const char *text, GError **error)
{
  g_autofree char *option = g_strconcat ("--", name, NULL);
  gint64 value;

  if (text == NULL)
    return TRUE;
  /* Any whole number (negative ones too, for the registry's range check to
   * name), or a size written as 2^20, 64k, 1e6. */
  if (!ws_int_parse (option, text, G_MININT64, G_MAXINT64, &value, error))
    return FALSE;
  return ws_params_set (st->in.algo, &st->in.params, name, value, error);
}

static gboolean
parse_params (RunState *st, const RunOptions *o, GError **error)
{
  ws_params_init_defaults (st->in.algo, &st->in.params);
  if (o->early_exit && !ws_params_set (st->in.algo, &st->in.params, "early-exit", 1, error))
    return FALSE;
  return parse_int_param (st, "radius", o->radius, error)
         && parse_int_param (st, "block", o->block, error)
         && parse_int_param (st, "per-thread", o->per_thread, error)
         && parse_int_param (st, "bins", o->bins, error)
         && parse_int_param (st, "segments", o->segments, error)
         && parse_int_param (st, "queries", o->queries, error);
}

/* Key type: --type, else what a raw --format implies, else float32 where supported. */
static gboolean
parse_type (RunState *st, const RunOptions *o, GError **error)
{
  gboolean raw = st->format != WS_FORMAT_TEXT;
  WsKeyType implied = ws_file_format_key_type (st->format, WS_KEY_FLOAT32);

  if (o->type != NULL && !ws_key_type_from_string (o->type, &st->type, error))
    return FALSE;
  if (o->type == NULL)
    st->type = raw ? implied
               : ws_algorithm_supports_type (st->in.algo, WS_KEY_FLOAT32) ? WS_KEY_FLOAT32 : WS_KEY_INT32;
  if (raw && st->type != implied)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "--format %s holds %s keys but --type %s was asked: make them agree",
                   ws_file_format_name (st->format), ws_key_type_name (implied), o->type);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_options (RunState *st, const RunOptions *o, const char *algorithm, GError **error)
{
  if ((st->in.algo = ws_registry_lookup (algorithm, error)) == NULL)
    return FALSE;
  st->in.variant = WS_VARIANT_CPU_PAR;
  st->format = WS_FORMAT_TEXT;
  st->dist = WS_DIST_UNIFORM;
  st->seed = 1;
  st->n = st->in.algo->default_n;
  st->n_given = o->n != NULL;
  if ((o->variant && !ws_variant_from_string (o->variant, &st->in.variant, error))
      || (o->format && !ws_file_format_from_string (o->format, &st->format, error))
      || (o->dist && !ws_distribution_from_string (o->dist, &st->dist, error))
      || (o->n && !ws_size_parse_range ("--n", o->n, 1, G_MAXSIZE, &st->n, error)))
    return FALSE;
  st->in.cold = o->cold;
  st->repeat = 1;
  if (o->repeat && !ws_cli_parse_repeat (o->repeat, &st->repeat, error))
    return FALSE;
  if (o->seed && !ws_cli_parse_seed (o->seed, &st->seed, error))
    return FALSE;
  return parse_type (st, o, error) && parse_params (st, o, error);
}

static guint
expected_inputs (const WsAlgorithm *algo)
{
  return algo->shape == WS_SHAPE_DOT ? 2 : 1;
}

static gboolean
check_inputs (RunState *st, const RunOptions *o, GError **error)
{
  guint given = o->inputs ? g_strv_length (o->inputs) : 0, want = expected_inputs (st->in.algo);

  if (given != 0 && given != want)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "%s takes %u --input file%s, %u given", st->in.algo->name, want,
                   want > 1 ? "s" : "", given);
      return FALSE;
    }
  if (given != 0 && st->n_given)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "--n and --input both given: the input file decides the size; drop --n");
      return FALSE;
    }
  if (o->keys != NULL && st->in.algo->shape != WS_SHAPE_SEARCH)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "--keys is for binary-search and interpolation-search, not %s", st->in.algo->name);
      return FALSE;
    }
  return TRUE;
}

/* The stencil grid from a file, its side found there. */
static gboolean
load_grid (RunState *st, const RunOptions *o, GError **error)
{
  st->input = ws_grid_load (o->inputs[0], st->format, st->type, &st->in.side, error);
  return st->input != NULL;
}

/* Keys from a file; an empty one is refused, as --n 0 is: there is
 * nothing to run, and a 0-key run reported as done hides a wrong path. */
static WsArray *
load_keys (const char *path, const RunState *st, GError **error)
{
  WsArray *keys = ws_array_load (path, st->format, st->type, error);

  if (keys != NULL && keys->n == 0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "%s holds no keys; give a file with at least one", path);
      g_clear_pointer (&keys, ws_array_free);
    }
  return keys;
}

static WsArray *
load_or_generate (RunState *st, const RunOptions *o, guint which, GError **error)
{
  if (o->inputs != NULL)
    return load_keys (o->inputs[which], st, error);
  return ws_generate (st->type, st->dist, st->n, st->seed + which, error);
}

/* Searches need a sorted array: generated keys are sorted here; a file must
 * already be, which ws_run checks. */
static gboolean
prepare_search (RunState *st, const RunOptions *o, GError **error)
{
  gint64 queries = ws_params_get (st->in.algo, &st->in.params, "queries");

  if (o->inputs == NULL && !ws_radix_sort (st->input, WS_VARIANT_CPU_PAR, NULL, error))
    return FALSE;
  if (o->keys != NULL)
    st->keys = load_keys (o->keys, st, error);
  else
    st->keys = ws_search_make_keys (st->input, (gsize) queries, st->seed + 1, error);
  return st->keys != NULL;
}

/* Generated inputs are made by the engine, as benchmarks make them. */
static gboolean
generate_inputs (RunState *st, GError **error)
{
  WsRunData data;

  if (!ws_run_data_generate (st->in.algo, &st->in.params, st->type, st->dist, st->n, st->seed,
                             &data, error))
    return FALSE;
  ws_run_data_bind (&data, &st->in);
  st->input = data.input, st->input2 = data.input2, st->keys = data.keys;
  return TRUE;
}

static gboolean
prepare_inputs (RunState *st, const RunOptions *o, GError **error)
{
  const WsAlgorithm *algo = st->in.algo;

  if (!check_inputs (st, o, error))
    return FALSE;
  if (o->inputs == NULL && o->keys == NULL)
    return generate_inputs (st, error);
  if (algo->shape == WS_SHAPE_STENCIL)
    {
      if (!load_grid (st, o, error))
        return FALSE;
    }
  else if ((st->input = load_or_generate (st, o, 0, error)) == NULL)
    return FALSE;
  if (algo->shape == WS_SHAPE_DOT && (st->input2 = load_or_generate (st, o, 1, error)) == NULL)
    return FALSE;
  /* A file's size is known only now; generated inputs were asked before. */
  if (!ws_memory_check (algo, st->in.variant, &st->in.params, st->input->type,
                        algo->shape == WS_SHAPE_STENCIL ? st->in.side : st->input->n,
                        WS_MEMORY_HOST, error))
    return FALSE;
  if (algo->shape == WS_SHAPE_SEARCH && !prepare_search (st, o, error))
    return FALSE;
  st->in.input = st->input;
  st->in.input2 = st->input2;
  st->in.keys = st->keys;
  return TRUE;
}

static void
append_scalar (GString *s, const WsScalar *v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (v->is_int)
    g_string_append_printf (s, "%" G_GINT64_FORMAT, v->i);
  else
    g_string_append (s, g_ascii_formatd (buf, sizeof buf, "%.17g", v->f));
}

/* Counts, indices and numbers are text; key arrays follow --format. */
static gboolean
write_text_result (const RunState *st, const char *path, GError **error)
{
  const WsRunOutput *out = &st->out;
  g_autoptr (GString) s = g_string_new (NULL);

  if (out->has_scalar)
    append_scalar (s, &out->scalar), g_string_append_c (s, '\n');
  for (guint b = 0; b < out->n_counts; b++)
    g_string_append_printf (s, "%" G_GUINT64_FORMAT "\n", out->counts[b]);
  for (gsize k = 0; k < out->n_indices; k++)
    g_string_append_printf (s, "%" G_GINT64_FORMAT "\n", out->indices[k]);
  return ws_file_write_atomic (path, s->str, s->len, error);
}

static gboolean
write_result (const RunState *st, const char *path, GError **error)
{
  switch (st->in.algo->shape)
    {
    case WS_SHAPE_SORT:
    case WS_SHAPE_SCAN:
      return ws_array_save (st->out.array, path, st->format, error);
    case WS_SHAPE_STENCIL:
      return ws_grid_save (st->out.array, st->out.cols, path, st->format, error);
    default:
      return write_text_result (st, path, error);
    }
}

static char *
describe_input (const RunState *st, const RunOptions *o)
{
  const char *type = ws_key_type_name (st->type);

  if (st->in.algo->shape == WS_SHAPE_STENCIL)
    return g_strdup_printf ("%" G_GSIZE_FORMAT "×%" G_GSIZE_FORMAT " %s grid%s%s", st->in.side,
                            st->in.side, type, o->inputs ? " from " : "",
                            o->inputs ? o->inputs[0] : "");
  if (o->inputs != NULL)
    {
      g_autofree char *files = g_strjoinv (", ", o->inputs);
      return g_strdup_printf ("%" G_GSIZE_FORMAT " %s keys from %s", st->input->n, type, files);
    }
  return g_strdup_printf ("%" G_GSIZE_FORMAT " %s keys, %s, seed %" G_GUINT64_FORMAT,
                          st->input->n, type, ws_distribution_name (st->dist), st->seed);
}

static char *
describe_result (const RunState *st)
{
  const WsRunOutput *out = &st->out;
  g_autoptr (GString) s = g_string_new (NULL);
  gsize found = 0;

  switch (st->in.algo->shape)
    {
    case WS_SHAPE_SORT:
      g_string_printf (s, "%" G_GSIZE_FORMAT " keys sorted", out->array->n);
      break;
    case WS_SHAPE_STENCIL:
      g_string_printf (s, "%" G_GSIZE_FORMAT "×%" G_GSIZE_FORMAT " window sums (R = %" G_GINT64_FORMAT ")",
                       out->rows, out->cols, ws_params_get (st->in.algo, &st->in.params, "radius"));
      break;
    case WS_SHAPE_SCAN:
      g_string_printf (s, "%" G_GSIZE_FORMAT " exclusive prefix sums", out->array->n);
      break;
    case WS_SHAPE_HISTOGRAM:
      g_string_printf (s, "%u bins over [%.9g, %.9g]", out->n_counts, out->lo, out->hi);
      break;
    case WS_SHAPE_SEARCH:
      for (gsize k = 0; k < out->n_indices; k++)
        found += out->indices[k] >= 0;
      g_string_printf (s, "%" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT " keys found", found, out->n_indices);
      break;
    default:
      append_scalar (s, &out->scalar);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static void
print_counter (FILE *to, const char *label, guint64 value)
{
  if (value > 0)
    fprintf (to, "  %-12s %" G_GUINT64_FORMAT "\n", label, value);
}

/* A GPU run shows where its time went; a CPU run has one figure. */
static void
print_times (FILE *to, const WsPhaseTimes *t)
{
  if (t->device[0] == '\0')
    {
      fprintf (to, "  %-12s %.6f s\n", "time", t->kernel);
      return;
    }
  fprintf (to, "  %-12s %s\n", "device", t->device);
  fprintf (to, "  %-12s %.6f s in %" G_GUINT64_FORMAT " launches\n", "kernels", t->kernel, t->launches);
  fprintf (to, "  %-12s %.6f s (allocate %.6f, upload %.6f, download %.6f)\n", "total", t->total,
          t->alloc, t->upload, t->download);
}

/* The keys written to standard output ("--output -") keep it to
 * themselves, so that they can be piped; the report goes to stderr. */
static void
print_report (const RunState *st, const RunOptions *o, const char *verdict)
{
  g_autofree char *input = describe_input (st, o);
  g_autofree char *result = describe_result (st);
  FILE *to = o->output && (strcmp (o->output, "-") == 0 || strcmp (o->output, "/dev/stdout") == 0)
               ? stderr : stdout;
  const WsPhaseTimes *median = &st->timing.median;

  fprintf (to, "%s · %s · %s\n", st->in.algo->name, ws_variant_name (st->in.variant), input);
  if (st->repeat > 1)
    fprintf (to, "  %-12s median of %u runs after a warm-up; %s %.6f to %.6f s\n", "timing",
            st->repeat, median->device[0] ? "kernels" : "time", st->timing.min_kernel,
            st->timing.max_kernel);
  print_times (to, median);
  if (st->in.cold)
    fprintf (to, "  %-12s %s\n", "cold",
             median->device[0] ? "the L2 cache emptied before the kernels of each run"
                               : "ignored: a CPU run has no GPU cache to empty");
  print_counter (to, "passes", st->out.counters.passes);
  print_counter (to, "comparisons", st->out.counters.comparisons);
  print_counter (to, "swaps", st->out.counters.swaps);
  /* A search's reads are the study's "probes"; elsewhere they are plain reads. */
  print_counter (to, st->in.algo->shape == WS_SHAPE_SEARCH ? "probes" : "reads", st->out.counters.probes);
  fprintf (to, "  %-12s %s\n", "result", result);
  fprintf (to, "  %-12s ok — %s\n", "verified", verdict);
  if (o->output != NULL)
    fprintf (to, "  %-12s %s\n", "written", o->output);
}

/* A GPU variant without a usable GPU runs on the CPU instead, saying why. */
static gboolean
run_or_fall_back (RunState *st, GError **error)
{
  g_autoptr (GError) local = NULL;

  if (ws_run (&st->in, &st->out, &local))
    return TRUE;
  if (!ws_variant_is_gpu (st->in.variant) || !g_error_matches (local, WS_ERROR, WS_ERROR_UNAVAILABLE))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  fprintf (stderr, "warpscope-cli: %s is unavailable: %s\nwarpscope-cli: running cpu-par instead\n",
           ws_variant_name (st->in.variant), local->message);
  st->in.variant = WS_VARIANT_CPU_PAR;
  return ws_run (&st->in, &st->out, error);
}

static gboolean
run_and_check (RunState *st, const RunOptions *o, const char *algorithm, GError **error)
{
  g_autofree char *verdict = NULL;

  if (!parse_options (st, o, algorithm, error) || !prepare_inputs (st, o, error)
      || !run_or_fall_back (st, error))
    return FALSE;
  st->timing.median = st->out.times;
  if (st->repeat > 1 && !ws_bench_repeat (&st->in, st->repeat, &st->out, &st->timing, error))
    return FALSE;
  if (!ws_run_verify (&st->in, &st->out, &verdict, error))
    {
      g_prefix_error (error, "Verification failed, no output written: ");
      return FALSE;
    }
  if (o->output != NULL && !write_result (st, o->output, error))
    return FALSE;
  print_report (st, o, verdict);
  return TRUE;
}

int
ws_cli_run (int argc, char **argv)
{
  RunOptions o = { 0 };
  RunState st = { 0 };
  g_autoptr (GOptionContext) context = run_context (&o);
  g_autoptr (GError) error = NULL;
  int status = 0;

  if (ws_cli_parse_options (context, &argc, &argv, &status))
    {
      if (argc != 2)
        {
          fprintf (stderr, "warpscope-cli: run needs exactly one ALGORITHM (see warpscope-cli list)\n");
          status = 2;
        }
      else if (!run_and_check (&st, &o, argv[1], &error))
        status = ws_cli_fail (error);
    }
  run_state_clear (&st);
  run_options_clear (&o);
  return status;
}
