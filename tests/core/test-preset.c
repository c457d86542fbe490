/* test-preset.c: benchmark presets — the shipped files, defaults, every key's
 * bad values with the file:line: key: prefix of their messages, the INI
 * syntax, the text checks, and --quick. */
#include <errno.h>
#include <string.h>

#include <glib/gstdio.h>

#include "ws-error.h"
#include "ws-preset.h"
#include "ws-test-util.h"

#define NAME "x.ini"

/* ---- helpers ----------------------------------------------------------- */

static WsPreset *
load_text (const char *text,
           GError    **error)
{
  return ws_preset_load_data (NAME, text, strlen (text), error);
}

static WsPreset *
load_ok (const char *text)
{
  g_autoptr (GError) error = NULL;
  WsPreset *preset = load_text (text, &error);

  g_assert_no_error (error);
  g_assert_nonnull (preset);
  return preset;
}

/* The error must be an invalid argument whose message starts with
 * `prefix` and goes on to say something. */
static void
assert_message_prefix (const GError *error,
                       const char   *prefix)
{
  g_autofree char *head = NULL;

  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  head = g_strndup (error->message, strlen (prefix));
  g_assert_cmpstr (head, ==, prefix);
  g_assert_cmpuint (strlen (error->message), >, strlen (prefix) + 10);
}

/* Loading `text` fails at `line`, blaming `key` ("NAME:LINE: KEY: …"), or
 * with no key part when key is NULL ("NAME:LINE: …"). */
static void
assert_fails_at_len (const char *text,
                     gsize       length,
                     guint       line,
                     const char *key)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *prefix = key ? g_strdup_printf (NAME ":%u: %s: ", line, key)
                                : g_strdup_printf (NAME ":%u: ", line);
  WsPreset *preset = ws_preset_load_data (NAME, text, length, &error);

  g_assert_null (preset);
  assert_message_prefix (error, prefix);
}

static void
assert_fails_at (const char *text,
                 guint       line,
                 const char *key)
{
  assert_fails_at_len (text, strlen (text), line, key);
}

static void
assert_message_has (const char *text,
                    const char *part)
{
  g_autoptr (GError) error = NULL;

  g_assert_null (load_text (text, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  if (strstr (error->message, part) == NULL)
    g_error ("“%s” does not contain “%s”", error->message, part);
}

/* Every key set, none to its default. Line numbers matter to the tests. */
static const char *const full_preset[] = {
  "# a preset for the tests",           /*  1 */
  "[preset]",                           /*  2 */
  "name = Test preset",                 /*  3 */
  "description = every key set",        /*  4 */
  "algorithms = bitonic, stencil",      /*  5 */
  "variants = cpu-seq, cpu-par, gpu",   /*  6 */
  "baseline = cpu-par",                 /*  7 */
  "sizes = 1000, 2000",                 /*  8 */
  "repetitions = 3, 4",                 /*  9 */
  "warmup = 2",                         /* 10 */
  "instances = 2",                      /* 11 */
  "distribution = sorted",              /* 12 */
  "seed = 42",                          /* 13 */
  "type = int32",                       /* 14 */
  "verify = false",                     /* 15 */
  "stop_on_failure = true",             /* 16 */
  "timing = kernel",                    /* 17 */
  "cold = true",                        /* 18 */
  "[params]",                           /* 19 */
  "radius = 2, 8",                      /* 20 */
  "block = 8, 16",                      /* 21 */
  "per-thread = 1, 4",                  /* 22 */
  NULL,
};

static const char *const adaptive_preset[] = {
  "[preset]",                           /*  1 */
  "name = Adaptive",                    /*  2 */
  "algorithms = reduce",                /*  3 */
  "variants = cpu-seq",                 /*  4 */
  "sizes = 1000",                       /*  5 */
  "repetitions = adaptive",             /*  6 */
  "",                                   /*  7 */
  "[adaptive]",                         /*  8 */
  "min_samples = 5",                    /*  9 */
  "max_samples = 100",                  /* 10 */
  "time_budget = 0.5",                  /* 11 */
  "target_noise = 0.05",                /* 12 */
  NULL,
};

static gboolean
line_has_key (const char *line,
              const char *key)
{
  gsize n = strlen (key);

  return strncmp (line, key, n) == 0 && line[n] == ' ' && line[n + 1] == '=';
}

/* The template as text, with the line of `key` (when not NULL) given
 * `value`; *line gets that line's number. */
static char *
text_with (const char *const *lines,
           const char        *key,
           const char        *value,
           guint             *line)
{
  g_autoptr (GString) text = g_string_new (NULL);
  gboolean found = key == NULL;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (key != NULL && line_has_key (lines[i], key))
        {
          g_string_append_printf (text, "%s = %s\n", key, value);
          *line = i + 1;
          found = TRUE;
        }
      else
        g_string_append_printf (text, "%s\n", lines[i]);
    }
  g_assert_true (found);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
presets_dir (void)
{
  return g_test_build_filename (G_TEST_DIST, "..", "data", "presets", NULL);
}

static WsPreset *
load_shipped (const char *file)
{
  g_autofree char *dir = presets_dir ();
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr (GError) error = NULL;
  WsPreset *preset = ws_preset_load (path, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (preset->path, ==, path);
  return preset;
}

static void
assert_sizes (const WsPreset *preset,
              const gsize    *sizes,
              guint           n)
{
  g_assert_cmpuint (preset->sizes->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (g_array_index (preset->sizes, gsize, i), ==, sizes[i]);
}

static void
assert_repetitions (const WsPreset *preset,
                    const guint    *reps,
                    guint           n)
{
  g_assert_cmpuint (preset->repetitions->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (g_array_index (preset->repetitions, guint, i), ==, reps[i]);
}

static void
assert_variants (const WsPreset  *preset,
                 const WsVariant *variants,
                 guint            n)
{
  g_assert_cmpuint (preset->variants->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (g_array_index (preset->variants, WsVariant, i), ==, variants[i]);
}

static void
assert_algorithms (const WsPreset    *preset,
                   const char *const *names)
{
  guint n = g_strv_length ((char **) names);

  g_assert_cmpuint (preset->algorithms->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      const WsAlgorithm *algo = g_ptr_array_index (preset->algorithms, i);
      g_assert_cmpstr (algo->name, ==, names[i]);
    }
}

static void
assert_grid (const WsPreset *preset,
             const char     *name,
             const gint64   *values,
             guint           n)
{
  const WsParamGrid *grid = ws_preset_grid (preset, name);

  g_assert_nonnull (grid);
  g_assert_cmpstr (grid->name, ==, name);
  g_assert_cmpuint (grid->values->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (g_array_index (grid->values, gint64, i), ==, values[i]);
}

static guint
grid_combinations (const WsPreset *preset)
{
  guint combos = 1;

  for (guint i = 0; i < preset->grids->len; i++)
    {
      const WsParamGrid *grid = g_ptr_array_index (preset->grids, i);
      combos *= grid->values->len;
    }
  return combos;
}

/* ---- the shipped presets ----------------------------------------------- */

static const char *const shipped[] = {
  "study-000.ini", "study-001.ini", "study-002.ini", "study-003.ini", "study-004.ini",
  "smoke.ini", "showcase.ini",
};

static void
test_shipped_all_load (void)
{
  g_autofree char *dir = presets_dir ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) listing = g_dir_open (dir, 0, &error);
  const char *file;
  guint loaded = 0;

  g_assert_no_error (error);
  while ((file = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (file, ".ini"))
      {
        g_autoptr (WsPreset) preset = load_shipped (file);
        g_assert_cmpstr (preset->name, !=, "");
        g_assert_nonnull (preset->description);
        loaded++;
      }
  for (guint i = 0; i < G_N_ELEMENTS (shipped); i++)
    {
      g_autoptr (WsPreset) preset = load_shipped (shipped[i]);
      g_assert_cmpuint (preset->sizes->len, >, 0);
    }
  g_assert_cmpuint (loaded, >=, G_N_ELEMENTS (shipped));
}

static void
test_shipped_study_000 (void)
{
  g_autoptr (WsPreset) p = load_shipped ("study-000.ini");
  static const gsize sizes[] = { 1024, 4096, 16384, 65536, 262144, 1048576, 4194304 };
  static const WsVariant variants[] = { WS_VARIANT_CPU_SEQ, WS_VARIANT_GPU_SEED, WS_VARIANT_GPU,
                                        WS_VARIANT_GPU_LIB };
  static const char *const algorithms[] = { "bitonic", "dot", NULL };

  assert_sizes (p, sizes, G_N_ELEMENTS (sizes));
  assert_variants (p, variants, G_N_ELEMENTS (variants));
  assert_algorithms (p, algorithms);
  g_assert_cmpint (p->baseline, ==, WS_VARIANT_CPU_SEQ);
  g_assert_cmpint (p->type, ==, WS_KEY_FLOAT32);
  g_assert_cmpint (p->distribution, ==, WS_DIST_UNIFORM);
  g_assert_cmpint (p->timing, ==, WS_TIMING_END_TO_END);
  g_assert_cmpuint (g_array_index (p->repetitions, guint, 6), ==, 5);
}

static void
test_shipped_study_001 (void)
{
  g_autoptr (WsPreset) p = load_shipped ("study-001.ini");
  static const gsize sizes[] = { 1000, 1500, 2000 };
  static const gint64 radius[] = { 2, 8, 16 }, block[] = { 8, 16, 32 }, k[] = { 1, 4, 16 };
  static const char *const algorithms[] = { "stencil", NULL };

  assert_sizes (p, sizes, G_N_ELEMENTS (sizes));
  assert_algorithms (p, algorithms);
  g_assert_cmpuint (p->grids->len, ==, 3);
  g_assert_cmpuint (grid_combinations (p), ==, 27);
  assert_grid (p, "radius", radius, 3);
  assert_grid (p, "block", block, 3);
  assert_grid (p, "per-thread", k, 3);
  g_assert_cmpint (p->timing, ==, WS_TIMING_KERNEL);
  g_assert_cmpint (p->baseline, ==, WS_VARIANT_CPU_SEQ);
  g_assert_cmpint (p->type, ==, WS_KEY_FLOAT32);
}

static void
test_shipped_study_002 (void)
{
  g_autoptr (WsPreset) p = load_shipped ("study-002.ini");
  static const gsize sizes[] = { 1000, 10000, 100000, 1000000 };
  static const char *const algorithms[] = { "bitonic", "counting-sort", "reduce", "scan",
                                            "histogram", NULL };

  assert_sizes (p, sizes, G_N_ELEMENTS (sizes));
  assert_algorithms (p, algorithms);
  g_assert_cmpint (p->type, ==, WS_KEY_INT32);
  g_assert_cmpint (p->distribution, ==, WS_DIST_UNIFORM16);
  g_assert_cmpuint (p->variants->len, ==, 6);
}

static void
test_shipped_study_003 (void)
{
  g_autoptr (WsPreset) p = load_shipped ("study-003.ini");
  static const gsize sizes[] = { 32768, 65536, 131072, 262144, 524288, 1048576, 2097152,
                                 4194304 };
  static const guint reps[] = { 100, 100, 100, 100, 60, 25, 10, 1 };
  static const WsVariant variants[] = { WS_VARIANT_CPU_SEQ, WS_VARIANT_CPU_PAR,
                                        WS_VARIANT_GPU_SEED, WS_VARIANT_GPU_SEED_V1,
                                        WS_VARIANT_GPU_SEED_V2, WS_VARIANT_GPU };
  static const char *const algorithms[] = { "bitonic", "odd-even", NULL };

  assert_sizes (p, sizes, G_N_ELEMENTS (sizes));
  assert_repetitions (p, reps, G_N_ELEMENTS (reps));
  assert_variants (p, variants, G_N_ELEMENTS (variants));
  assert_algorithms (p, algorithms);
  g_assert_false (p->adaptive);
  g_assert_cmpuint (p->instances, ==, 5);
  g_assert_cmpint (p->baseline, ==, WS_VARIANT_CPU_PAR);
  g_assert_cmpint (p->type, ==, WS_KEY_INT32);
  g_assert_true (p->verify);
  g_assert_true (p->stop_on_failure);
  g_assert_cmpint (p->timing, ==, WS_TIMING_END_TO_END);
}

static void
test_shipped_study_004 (void)
{
  g_autoptr (WsPreset) p = load_shipped ("study-004.ini");
  static const gsize sizes[] = { 100000, 200000, 300000, 400000, 500000,
                                 600000, 700000, 800000, 900000, 1000000 };
  static const gint64 segments[] = { 256, 512, 1024 }, queries[] = { 100 };

  assert_sizes (p, sizes, G_N_ELEMENTS (sizes));
  assert_grid (p, "segments", segments, 3);
  assert_grid (p, "queries", queries, 1);
  g_assert_cmpuint (g_array_index (p->repetitions, guint, 9), ==, 10);
  g_assert_cmpint (p->type, ==, WS_KEY_INT32);
  g_assert_cmpuint (p->variants->len, ==, 5);
}

static void
test_shipped_smoke_and_showcase (void)
{
  g_autoptr (WsPreset) smoke = load_shipped ("smoke.ini");
  g_autoptr (WsPreset) show = load_shipped ("showcase.ini");
  static const gsize smoke_sizes[] = { 1024, 4096 };
  static const gsize show_sizes[] = { 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216 };
  static const gint64 radius[] = { 2 };

  assert_sizes (smoke, smoke_sizes, 2);
  assert_grid (smoke, "radius", radius, 1);
  g_assert_cmpuint (g_array_index (smoke->repetitions, guint, 1), ==, 3);
  g_assert_true (smoke->verify);
  assert_sizes (show, show_sizes, G_N_ELEMENTS (show_sizes));
  g_assert_true (show->adaptive);
  g_assert_cmpuint (show->repetitions->len, ==, 0);
  g_assert_cmpuint (show->min_samples, ==, 5);
  g_assert_cmpuint (show->max_samples, ==, 200);
  g_assert_cmpfloat (show->time_budget, ==, 0.5);
  g_assert_cmpfloat (show->target_noise, ==, 0.02);
  g_assert_cmpint (show->baseline, ==, WS_VARIANT_CPU_PAR);
  g_assert_cmpint (show->timing, ==, WS_TIMING_KERNEL);
}

/* ---- values and defaults ----------------------------------------------- */

static void
test_every_key (void)
{
  g_autofree char *text = text_with (full_preset, NULL, NULL, NULL);
  g_autoptr (WsPreset) p = load_ok (text);
  static const gsize sizes[] = { 1000, 2000 };
  static const guint reps[] = { 3, 4 };
  static const WsVariant variants[] = { WS_VARIANT_CPU_SEQ, WS_VARIANT_CPU_PAR, WS_VARIANT_GPU };
  static const char *const algorithms[] = { "bitonic", "stencil", NULL };
  static const gint64 radius[] = { 2, 8 }, block[] = { 8, 16 }, k[] = { 1, 4 };

  g_assert_null (p->path);
  g_assert_cmpstr (p->name, ==, "Test preset");
  g_assert_cmpstr (p->description, ==, "every key set");
  assert_algorithms (p, algorithms);
  assert_variants (p, variants, 3);
  g_assert_cmpint (p->baseline, ==, WS_VARIANT_CPU_PAR);
  assert_sizes (p, sizes, 2);
  assert_repetitions (p, reps, 2);
  g_assert_cmpuint (p->warmup, ==, 2);
  g_assert_cmpuint (p->instances, ==, 2);
  g_assert_cmpint (p->distribution, ==, WS_DIST_SORTED);
  g_assert_cmpuint (p->seed, ==, 42);
  g_assert_cmpint (p->type, ==, WS_KEY_INT32);
  g_assert_false (p->verify);
  g_assert_true (p->stop_on_failure);
  g_assert_cmpint (p->timing, ==, WS_TIMING_KERNEL);
  g_assert_true (p->cold);
  g_assert_cmpuint (p->grids->len, ==, 3);
  assert_grid (p, "radius", radius, 2);
  assert_grid (p, "block", block, 2);
  assert_grid (p, "per-thread", k, 2);
  g_assert_cmpstr (((WsParamGrid *) g_ptr_array_index (p->grids, 0))->name, ==, "radius");
  g_assert_null (ws_preset_grid (p, "bins"));
}

static void
test_defaults (void)
{
  g_autoptr (WsPreset) p = load_ok ("[preset]\nname = Defaults\nalgorithms = reduce\n"
                                    "variants = gpu, cpu-seq\nsizes = 10, 20, 30\n");

  g_assert_null (p->description);
  g_assert_cmpint (p->baseline, ==, WS_VARIANT_GPU);
  assert_repetitions (p, (const guint[]) { 5, 5, 5 }, 3);
  g_assert_false (p->adaptive);
  g_assert_cmpuint (p->warmup, ==, 1);
  g_assert_cmpuint (p->instances, ==, 1);
  g_assert_cmpint (p->distribution, ==, WS_DIST_UNIFORM);
  g_assert_cmpuint (p->seed, ==, 1);
  g_assert_cmpint (p->type, ==, WS_KEY_FLOAT32);
  g_assert_true (p->verify);
  g_assert_false (p->stop_on_failure);
  g_assert_cmpint (p->timing, ==, WS_TIMING_END_TO_END);
  g_assert_false (p->cold); /* warm unless asked */
  g_assert_cmpuint (p->grids->len, ==, 0);
  g_assert_cmpuint (p->min_samples, ==, 5);
  g_assert_cmpuint (p->max_samples, ==, 1000);
  g_assert_cmpfloat (p->time_budget, ==, 1.0);
  g_assert_cmpfloat (p->target_noise, ==, 0.02);
}

static void
test_adaptive (void)
{
  g_autofree char *text = text_with (adaptive_preset, NULL, NULL, NULL);
  g_autoptr (WsPreset) p = load_ok (text);
  g_autoptr (WsPreset) d = load_ok ("[preset]\nname = A\nalgorithms = scan\nvariants = cpu-par\n"
                                    "sizes = 2^10\nrepetitions = adaptive\n");

  g_assert_true (p->adaptive);
  g_assert_cmpuint (p->repetitions->len, ==, 0);
  g_assert_cmpuint (p->min_samples, ==, 5);
  g_assert_cmpuint (p->max_samples, ==, 100);
  g_assert_cmpfloat (p->time_budget, ==, 0.5);
  g_assert_cmpfloat (p->target_noise, ==, 0.05);
  /* repetitions = adaptive without an [adaptive] group: its defaults. */
  g_assert_true (d->adaptive);
  g_assert_cmpuint (d->repetitions->len, ==, 0);
  g_assert_cmpuint (d->min_samples, ==, 5);
  g_assert_cmpuint (d->max_samples, ==, 1000);
  g_assert_cmpfloat (d->time_budget, ==, 1.0);
  g_assert_cmpfloat (d->target_noise, ==, 0.02);
}

/* The sizes a `sizes = …` line gives with a reduce preset. */
static WsPreset *
load_sizes (const char *sizes)
{
  g_autofree char *text = g_strdup_printf ("[preset]\nname = S\nalgorithms = reduce\n"
                                           "variants = cpu-seq\nsizes = %s\n", sizes);
  return load_ok (text);
}

static void
test_size_forms (void)
{
  g_autoptr (WsPreset) list = load_sizes ("1000, 2^20 ,1e6, 64k,16M");
  g_autoptr (WsPreset) times = load_sizes ("1000..5000 x2");
  g_autoptr (WsPreset) plus = load_sizes ("1 .. 10 +3");
  g_autoptr (WsPreset) exact = load_sizes ("2^15..2^22 x2");
  g_autoptr (WsPreset) one = load_sizes ("7..7 x2");
  g_autoptr (WsPreset) step_size = load_sizes ("1e5..1e6 +1e5");
  g_autoptr (WsPreset) most = load_sizes ("1..1000 +1");
  g_autoptr (WsPreset) descending = load_sizes ("300, 100, 200");

  assert_sizes (list, (const gsize[]) { 1000, 1048576, 1000000, 65536, 16777216 }, 5);
  assert_sizes (times, (const gsize[]) { 1000, 2000, 4000 }, 3);
  assert_sizes (plus, (const gsize[]) { 1, 4, 7, 10 }, 4);
  g_assert_cmpuint (exact->sizes->len, ==, 8);
  g_assert_cmpuint (g_array_index (exact->sizes, gsize, 7), ==, 4194304);
  assert_sizes (one, (const gsize[]) { 7 }, 1);
  g_assert_cmpuint (step_size->sizes->len, ==, 10);
  g_assert_cmpuint (most->sizes->len, ==, 1000);
  g_assert_cmpuint (g_array_index (most->sizes, gsize, 999), ==, 1000);
  assert_sizes (descending, (const gsize[]) { 300, 100, 200 }, 3);
  g_assert_cmpuint (most->repetitions->len, ==, 1000);
}

static void
test_line_endings_and_bom (void)
{
  g_autoptr (WsPreset) crlf = load_ok ("[preset]\r\nname = C\r\nalgorithms = reduce\r\n"
                                       "variants = cpu-seq\r\nsizes = 8, 16\r\n");
  g_autoptr (WsPreset) bom = load_ok ("\xef\xbb\xbf[preset]\nname = B\nalgorithms = reduce\n"
                                      "variants = cpu-seq\nsizes = 8\n");
  g_autoptr (WsPreset) spaced = load_ok ("\n  # indented comment\n\t[preset]  \n  name=Spaced \n"
                                         "algorithms=reduce,scan\nvariants =cpu-seq\n"
                                         "sizes= 8 ,16\n");

  g_assert_cmpstr (crlf->name, ==, "C");
  assert_sizes (crlf, (const gsize[]) { 8, 16 }, 2);
  g_assert_cmpstr (bom->name, ==, "B");
  g_assert_cmpstr (spaced->name, ==, "Spaced");
  g_assert_cmpuint (spaced->algorithms->len, ==, 2);
  assert_sizes (spaced, (const gsize[]) { 8, 16 }, 2);
}

static void
test_description_escapes (void)
{
  g_autoptr (WsPreset) p = load_ok ("[preset]\nname = E\ndescription = two\\nlines, and a comma\n"
                                    "algorithms = reduce\nvariants = cpu-seq\nsizes = 8\n");

  g_assert_cmpstr (p->description, ==, "two\nlines, and a comma");
  assert_fails_at ("[preset]\nname = bad \\q escape\nalgorithms = reduce\nvariants = cpu-seq\n"
                   "sizes = 8\n", 2, "name");
}

/* ---- every key's bad values -------------------------------------------- */

typedef struct
{
  const char *key;   /* the key as written in its group */
  const char *label; /* the key as messages name it */
  const char *bad[10];
} BadValues;

static const BadValues bad_values[] = {
  { "name", "name", { "", "  " } },
  { "algorithms", "algorithms", { "", "quicksort", "bitonic, bitonic", "bitonic,,stencil",
                                  "bitonic, stencil,", "Bitonic, stencil", "bitonic stencil" } },
  { "variants", "variants", { "", "gpu-fast", "cpu-seq, cpu-seq", "cpu-seq, gpu-seed-v1",
                              "cpu-seq, gpu-lib", "cpu-seq,,gpu", "cpu-seq, cpu-par, gpu," } },
  { "baseline", "baseline", { "", "gpu-lib", "gpu-seed", "fast", "cpu-seq, gpu" } },
  { "sizes", "sizes", { "", "abc", "1000,,2000", "1000, 2000,", "-5", "0", "1000, 1000",
                        "1..", "..5", "5..1 x2" } },
  { "sizes", "sizes", { "1..100 x1", "1..100 +0", "1..100 y2", "1..100", "1..2^40 +1",
                        "1, 2..5 +1", "1..100 x2.5", "0..100 x2", "1..100 x", "2^70" } },
  { "sizes", "sizes", { "1..100 x\v2", "1..100 x+2", "1..100 x0x2", "1..100 x 2e0",
                        "1\f..100 x2", "1..100\v x2", "1..100 +\v2" } },
  { "repetitions", "repetitions", { "0", "1000001", "3, 3, 3", "abc", "-1", "adaptiv", "3,,3",
                                    "1.5", "adaptive, 3", "" } },
  { "warmup", "warmup", { "1001", "-1", "x", "1e3", "", "1, 2", " 0x10" } },
  { "instances", "instances", { "0", "1001", "two", "" } },
  { "distribution", "distribution", { "gaussian", "", "Uniform", "uniform, sorted" } },
  { "seed", "seed", { "-1", "18446744073709551616", "0x10", "seed", "", "1.0" } },
  { "type", "type", { "int64", "double", "", "Int32", "int32, float32" } },
  { "verify", "verify", { "yes", "TRUE", "", "2" } },
  { "stop_on_failure", "stop_on_failure", { "maybe", "on" } },
  { "timing", "timing", { "wall", "kernels", "", "end to end" } },
  { "cold", "cold", { "yes", "True", "", "1", "on", "true, false" } },
  { "min_samples", "adaptive.min_samples", { "0", "1000001", "x", "" } },
  { "max_samples", "adaptive.max_samples", { "4", "1000001", "-3", "many" } },
  { "time_budget", "adaptive.time_budget", { "0", "-1", "86401", "inf", "nan", "1s", "" } },
  { "target_noise", "adaptive.target_noise", { "0", "1", "1.5", "x", "-0.1", "2%" } },
  { "radius", "params.radius", { "9999999", "-1", "", "2,,8", "2, 2", "abc", "2^30", "1.5",
                                 "2^", "2, 8," } },
  { "block", "params.block", { "0", "33", "2^6" } },
  { "per-thread", "params.per-thread", { "65", "0" } },
};

static void
test_bad_values (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_values); i++)
    {
      const BadValues *b = &bad_values[i];
      const char *const *tmpl = g_str_has_prefix (b->label, "adaptive.") ? adaptive_preset
                                                                          : full_preset;

      for (guint j = 0; j < G_N_ELEMENTS (b->bad) && b->bad[j] != NULL; j++)
        {
          guint line = 0;
          g_autofree char *text = text_with (tmpl, b->key, b->bad[j], &line);

          g_test_message ("%s = %s", b->key, b->bad[j]);
          assert_fails_at (text, line, b->label);
        }
    }
}

/* A few messages in full: they say what is wrong and what is allowed. */
static void
test_messages (void)
{
  guint line;
  g_autofree char *reps = text_with (full_preset, "repetitions", "1, 2, 3", &line);
  g_autofree char *type = text_with (full_preset, "type", "int64", &line);
  g_autofree char *radius = text_with (full_preset, "radius", "2, 9999999", &line);
  g_autofree char *variant = text_with (full_preset, "variants", "cpu-seq, gpu-lib", &line);
  g_autofree char *range = text_with (full_preset, "sizes", "5..1 x2", &line);
  g_autofree char *cold = text_with (full_preset, "cold", "yes", &line);

  assert_message_has (reps, "x.ini:9: repetitions: 3 values for 2 sizes; give one per size or a "
                            "single value for all");
  assert_message_has (type, "x.ini:14: type: “int64” is not a key type; use int32 or float32");
  assert_message_has (radius, "x.ini:20: params.radius: 9999999 is out of range for stencil "
                              "(0..1048576)");
  assert_message_has (variant, "gpu-lib");
  assert_message_has (range, "5");
  assert_message_has (cold, "x.ini:18: cold: “yes” is not a boolean; use true or false");
}

/* ---- structure --------------------------------------------------------- */

static const char minimal[] = "[preset]\n"            /* 1 */
                              "name = M\n"            /* 2 */
                              "algorithms = reduce\n" /* 3 */
                              "variants = cpu-seq\n"  /* 4 */
                              "sizes = 1000\n";       /* 5 */

static void
test_unknown_group_and_keys (void)
{
  g_autofree char *group = g_strconcat (minimal, "\n[results]\nfile = x.csv\n", NULL);
  g_autofree char *typo = g_strconcat (minimal, "repetition = 3\n", NULL);
  g_autofree char *adaptive = g_strconcat (minimal, "repetitions = adaptive\n[adaptive]\n"
                                           "min_sample = 3\n", NULL);
  g_autofree char *param = g_strconcat (minimal, "[params]\nradios = 2\n", NULL);
  g_autofree char *locale = g_strconcat (minimal, "name[fr] = M\n", NULL);

  assert_fails_at (group, 7, "[results]");
  assert_fails_at (typo, 6, "repetition");
  assert_message_has (typo, "repetitions");
  assert_fails_at (adaptive, 8, "adaptive.min_sample");
  assert_fails_at (param, 7, "params.radios");
  assert_message_has (param, "radius");
  assert_fails_at (locale, 6, "name[fr]");
}

static void
test_duplicates (void)
{
  g_autofree char *key = g_strconcat (minimal, "# again\nsizes = 2000\n", NULL);
  g_autofree char *group = g_strconcat (minimal, "[params]\n[preset]\nwarmup = 2\n", NULL);
  g_autofree char *param = g_strconcat ("[params]\nradius = 2\n[preset]\nname = D\n"
                                        "algorithms = stencil\nvariants = cpu-seq\nsizes = 9\n"
                                        "[params]\n", NULL);

  assert_fails_at (key, 7, "sizes");
  assert_message_has (key, "line 5");
  assert_fails_at (group, 7, "[preset]");
  assert_fails_at (param, 8, "[params]");
}

static void
test_missing_required (void)
{
  static const char *const required[] = { "name", "algorithms", "variants", "sizes" };

  for (guint i = 0; i < G_N_ELEMENTS (required); i++)
    {
      g_autoptr (GString) text = g_string_new ("# header\n\n[preset]\n");

      for (guint j = 0; j < G_N_ELEMENTS (required); j++)
        if (j != i)
          g_string_append_printf (text, "%s = %s\n", required[j],
                                  j == 0 ? "N" : j == 1 ? "reduce" : j == 2 ? "cpu-seq" : "8");
      assert_fails_at (text->str, 3, required[i]);
      assert_message_has (text->str, "[preset]");
    }
  assert_fails_at ("", 1, "[preset]");
  assert_fails_at ("# only a comment\n", 1, "[preset]");
  assert_fails_at ("[params]\nradius = 2\n", 1, "[preset]");
}

static void
test_adaptive_group_without_adaptive (void)
{
  g_autofree char *text = g_strconcat (minimal, "repetitions = 5\n\n[adaptive]\n"
                                       "min_samples = 3\n", NULL);
  g_autofree char *empty = g_strconcat (minimal, "[adaptive]\n", NULL);

  assert_fails_at (text, 8, "[adaptive]");
  assert_message_has (text, "repetitions = adaptive");
  assert_fails_at (empty, 6, "[adaptive]");
}

static void
test_cross_checks (void)
{
  g_autoptr (WsPreset) ok = NULL;

  /* counting-sort takes int32 only: blamed on type when given, else on algorithms. */
  assert_fails_at ("[preset]\nname = T\nalgorithms = reduce, counting-sort\nvariants = cpu-seq\n"
                   "sizes = 8\ntype = float32\n", 6, "type");
  assert_fails_at ("[preset]\nname = T\nalgorithms = reduce, counting-sort\nvariants = cpu-seq\n"
                   "sizes = 8\n", 3, "algorithms");
  assert_message_has ("[preset]\nname = T\nalgorithms = counting-sort\nvariants = cpu-seq\n"
                      "sizes = 8\n", "int32");
  /* A variant no listed algorithm defines; fine when one of them does. */
  assert_fails_at ("[preset]\nname = V\nalgorithms = odd-even\nvariants = gpu-lib\nsizes = 8\n",
                   4, "variants");
  ok = load_ok ("[preset]\nname = V\nalgorithms = odd-even, reduce\n"
                "variants = gpu-lib, gpu-seed-v1\nsizes = 8\n");
  /* Baseline not among the variants. */
  assert_fails_at ("[preset]\nname = B\nalgorithms = reduce\nvariants = gpu\nbaseline = cpu-seq\n"
                   "sizes = 8\n", 5, "baseline");
  /* A parameter no listed algorithm takes, though the registry knows it. */
  assert_fails_at ("[preset]\nname = P\nalgorithms = stencil\nvariants = cpu-seq\nsizes = 8\n"
                   "[params]\nradius = 1\nbins = 16\n", 8, "params.bins");
  assert_message_has ("[preset]\nname = P\nalgorithms = stencil\nvariants = cpu-seq\nsizes = 8\n"
                      "[params]\nbins = 16\n", "histogram");
  /* Shared parameter names are checked against every listed algorithm that has them. */
  assert_fails_at ("[preset]\nname = Q\nalgorithms = binary-search, interpolation-search\n"
                   "variants = cpu-seq\nsizes = 8\n[params]\nsegments = 1\n", 7, "params.segments");
  /* repetitions counted against the sizes it follows. */
  assert_fails_at ("[preset]\nname = R\nalgorithms = reduce\nvariants = cpu-seq\n"
                   "sizes = 1..100 +10\nrepetitions = 1, 2\n", 6, "repetitions");
}

static void
test_too_many_sizes (void)
{
  g_autoptr (GString) list = g_string_new ("[preset]\nname = L\nalgorithms = reduce\n"
                                           "variants = cpu-seq\nsizes = ");
  g_autoptr (WsPreset) wide = NULL;

  for (guint i = 1; i <= 1001; i++)
    g_string_append_printf (list, "%s%u", i > 1 ? ", " : "", i);
  g_string_append (list, "\n");
  assert_fails_at (list->str, 5, "sizes");
  assert_message_has (list->str, "1000");
  assert_fails_at ("[preset]\nname = L\nalgorithms = reduce\nvariants = cpu-seq\n"
                   "sizes = 1..1001 +1\n", 5, "sizes");
  /* Parameter grids have the same cap. */
  g_string_assign (list, "[preset]\nname = L\nalgorithms = stencil\nvariants = cpu-seq\n"
                   "sizes = 9\n[params]\nradius = 0");
  for (guint i = 1; i <= 1000; i++)
    g_string_append_printf (list, ", %u", i);
  g_string_append (list, "\n");
  assert_fails_at (list->str, 7, "params.radius");
  /* Refused at once, not after counting to 2^62. */
  assert_fails_at ("[preset]\nname = L\nalgorithms = reduce\nvariants = cpu-seq\n"
                   "sizes = 1..2^62 +1\n", 5, "sizes");
  /* Near the top of gsize: no overflow, no endless loop. */
  wide = load_sizes ("1..2^63 x2");
  g_assert_cmpuint (wide->sizes->len, ==, 64);
  g_assert_cmpuint (g_array_index (wide->sizes, gsize, 63), ==, (gsize) 1 << 63);
  g_clear_pointer (&wide, ws_preset_free);
  wide = load_sizes ("1..2^63 +2^62");
  assert_sizes (wide, (const gsize[]) { 1, ((gsize) 1 << 62) + 1 }, 2);
}

static void
test_syntax_errors (void)
{
  assert_fails_at ("[preset\nname = x\n", 1, NULL);
  assert_fails_at ("[preset]\nname = x\nthis line is neither\n", 3, NULL);
  assert_fails_at ("[preset]\nname = x\n= no key\n", 3, NULL);
  assert_fails_at ("[preset] trailing\nname = x\n", 1, NULL);
  assert_fails_at ("[preset]]\nname = x\n", 1, NULL);
  assert_fails_at ("# comment\n[]\nname = x\n", 2, NULL);
  assert_fails_at ("# comment\n\nname = x\n[preset]\n", 3, "name");
  /* A vertical tab is no blank to GKeyFile. */
  assert_fails_at ("[preset]\nname = x\n\v\n", 3, NULL);
  /* After the ']' GKeyFile allows spaces and tabs only: the scan lets a form
   * feed through and GKeyFile's own complaint still gets its line. */
  assert_fails_at ("[preset]\nname = x\nalgorithms = reduce\n[params]\f\nradius = 2\n", 4, NULL);
}

static void
test_text_checks (void)
{
  static const char nul[] = "[preset]\nname = x\nalgo\0rithms = reduce\n";
  g_autoptr (GString) big = g_string_new ("[preset]\n");
  g_autoptr (GError) error = NULL;

  assert_fails_at ("[preset]\nname = x\n\n# caf\xe9\n", 4, NULL);
  assert_fails_at ("[preset]\nname = \xff\xfe\n", 2, NULL);
  assert_fails_at_len (nul, sizeof nul - 1, 3, NULL);
  while (big->len <= 1024 * 1024)
    g_string_append (big, "# padding padding padding padding padding padding padding padding\n");
  g_assert_null (ws_preset_load_data (NAME, big->str, big->len, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_true (g_str_has_prefix (error->message, NAME ": "));
  g_assert_nonnull (strstr (error->message, "1 MiB"));
}

/* ---- files ------------------------------------------------------------- */

static void
test_load_file (void)
{
  g_autofree char *path = ws_test_tmp_path ("file.ini");
  g_autofree char *bad_path = ws_test_tmp_path ("bad.ini");
  g_autofree char *text = text_with (full_preset, NULL, NULL, NULL);
  g_autofree char *bad = text_with (full_preset, "repetitions", "1, 2, 3", &(guint) { 0 });
  g_autofree char *prefix = g_strdup_printf ("%s:9: repetitions: ", bad_path);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsPreset) preset = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_true (g_file_set_contents (bad_path, bad, -1, NULL));
  preset = ws_preset_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (preset->path, ==, path);
  g_assert_cmpstr (preset->name, ==, "Test preset");
  g_assert_null (ws_preset_load (bad_path, &error));
  assert_message_prefix (error, prefix);
}

static void
test_load_file_errors (void)
{
  g_autofree char *missing = ws_test_tmp_path ("no-such-preset.ini");
  g_autofree char *dir = ws_test_tmp_path ("a-directory.ini");
  g_autofree char *big = ws_test_tmp_path ("big.ini");
  g_autofree char *padding = g_strnfill (2 * 1024 * 1024, '#');
  g_autoptr (GError) e1 = NULL;
  g_autoptr (GError) e2 = NULL;
  g_autoptr (GError) e3 = NULL;

  g_assert_null (ws_preset_load (missing, &e1));
  g_assert_error (e1, WS_ERROR, WS_ERROR_IO);
  g_assert_nonnull (strstr (e1->message, missing));
  g_assert_nonnull (strstr (e1->message, g_strerror (ENOENT)));
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_assert_null (ws_preset_load (dir, &e2));
  g_assert_error (e2, WS_ERROR, WS_ERROR_IO);
  g_assert_nonnull (strstr (e2->message, dir));
  g_assert_true (g_file_set_contents (big, padding, -1, NULL));
  g_assert_null (ws_preset_load (big, &e3));
  g_assert_error (e3, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (e3->message, "1 MiB"));
}

/* ---- --quick and small API --------------------------------------------- */

static void
test_make_quick (void)
{
  g_autoptr (WsPreset) p = load_shipped ("study-003.ini");
  g_autoptr (WsPreset) tiny = load_shipped ("study-003.ini");
  g_autoptr (WsPreset) show = load_shipped ("showcase.ini");
  g_autoptr (WsPreset) mixed = load_sizes ("5000, 300, 100000, 200");
  g_autoptr (WsPreset) slow = load_ok ("[preset]\nname = A\nalgorithms = scan\nvariants = cpu-par\n"
                                       "sizes = 8\nrepetitions = adaptive\n[adaptive]\n"
                                       "time_budget = 0.1\n");

  ws_preset_make_quick (p, 65536);
  assert_sizes (p, (const gsize[]) { 32768, 65536 }, 2);
  assert_repetitions (p, (const guint[]) { 3, 3 }, 2);
  g_assert_cmpuint (p->instances, ==, 1);
  ws_preset_make_quick (tiny, 100);
  assert_sizes (tiny, (const gsize[]) { 32768 }, 1);
  assert_repetitions (tiny, (const guint[]) { 3 }, 1);
  ws_preset_make_quick (show, 100000);
  assert_sizes (show, (const gsize[]) { 4096, 16384, 65536 }, 3);
  g_assert_cmpuint (show->repetitions->len, ==, 0);
  g_assert_cmpfloat (show->time_budget, ==, 0.2);
  ws_preset_make_quick (slow, 100);
  g_assert_cmpfloat (slow->time_budget, ==, 0.1);
  ws_preset_make_quick (mixed, 250);
  assert_sizes (mixed, (const gsize[]) { 200 }, 1);
  assert_repetitions (mixed, (const guint[]) { 3 }, 1);
}

static void
test_make_quick_keeps_small_counts (void)
{
  g_autoptr (WsPreset) p = load_ok ("[preset]\nname = Q\nalgorithms = reduce\n"
                                    "variants = cpu-seq\nsizes = 10, 20, 30\n"
                                    "repetitions = 1, 7, 2\ninstances = 1\n");

  ws_preset_make_quick (p, 25);
  assert_sizes (p, (const gsize[]) { 10, 20 }, 2);
  assert_repetitions (p, (const guint[]) { 1, 3 }, 2);
  g_assert_cmpuint (p->instances, ==, 1);
}

static void
test_small_api (void)
{
  g_assert_cmpstr (ws_timing_name (WS_TIMING_END_TO_END), ==, "end-to-end");
  g_assert_cmpstr (ws_timing_name (WS_TIMING_KERNEL), ==, "kernel");
  ws_preset_free (NULL);
  {
    /* Only a plan with a GPU variant asks the GPU (run.ini, result.json, peaks). */
    g_autoptr (WsPreset) cpu = load_ok ("[preset]\nname = C\nalgorithms = bitonic\n"
                                        "variants = cpu-seq, cpu-par\nsizes = 16\n");
    g_autoptr (WsPreset) lib = load_ok ("[preset]\nname = G\nalgorithms = reduce\n"
                                        "variants = cpu-seq, gpu-lib\nsizes = 16\n");
    g_assert_false (ws_preset_has_gpu (cpu));
    g_assert_true (ws_preset_has_gpu (lib));
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/preset/shipped/all-load", test_shipped_all_load);
  g_test_add_func ("/preset/shipped/study-000", test_shipped_study_000);
  g_test_add_func ("/preset/shipped/study-001", test_shipped_study_001);
  g_test_add_func ("/preset/shipped/study-002", test_shipped_study_002);
  g_test_add_func ("/preset/shipped/study-003", test_shipped_study_003);
  g_test_add_func ("/preset/shipped/study-004", test_shipped_study_004);
  g_test_add_func ("/preset/shipped/smoke-and-showcase", test_shipped_smoke_and_showcase);
  g_test_add_func ("/preset/values/every-key", test_every_key);
  g_test_add_func ("/preset/values/defaults", test_defaults);
  g_test_add_func ("/preset/values/adaptive", test_adaptive);
  g_test_add_func ("/preset/values/size-forms", test_size_forms);
  g_test_add_func ("/preset/values/line-endings-and-bom", test_line_endings_and_bom);
  g_test_add_func ("/preset/values/description-escapes", test_description_escapes);
  g_test_add_func ("/preset/errors/bad-values", test_bad_values);
  g_test_add_func ("/preset/errors/messages", test_messages);
  g_test_add_func ("/preset/errors/unknown-group-and-keys", test_unknown_group_and_keys);
  g_test_add_func ("/preset/errors/duplicates", test_duplicates);
  g_test_add_func ("/preset/errors/missing-required", test_missing_required);
  g_test_add_func ("/preset/errors/adaptive-group", test_adaptive_group_without_adaptive);
  g_test_add_func ("/preset/errors/cross-checks", test_cross_checks);
  g_test_add_func ("/preset/errors/too-many-sizes", test_too_many_sizes);
  g_test_add_func ("/preset/errors/syntax", test_syntax_errors);
  g_test_add_func ("/preset/errors/text", test_text_checks);
  g_test_add_func ("/preset/file/load", test_load_file);
  g_test_add_func ("/preset/file/errors", test_load_file_errors);
  g_test_add_func ("/preset/quick/study-003", test_make_quick);
  g_test_add_func ("/preset/quick/small-counts", test_make_quick_keeps_small_counts);
  g_test_add_func ("/preset/small-api", test_small_api);
  return g_test_run ();
}
