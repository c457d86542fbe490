/* ws-preset.c: benchmark presets — loading, the [preset] keys, --quick.
 *
 * The text and its line numbers are ws-preset-reader.c's; the list-valued
 * keys with rules of their own (sizes, repetitions and [adaptive], [params])
 * are ws-preset-values.c's. Every check a value needs happens here, at load
 * time, so that a runner given a WsPreset never meets a bad one.
 */
#include "ws-preset.h"

#include <errno.h>
#include <glib/gstdio.h>

#include "ws-error.h"
#include "ws-file.h"
#include "ws-preset-private.h"

static const char *const timing_names[] = { "end-to-end", "kernel", NULL };

typedef gboolean (*ReadStep) (const WsPresetReader *reader,
                              WsPreset             *preset,
                              GError              **error);

/* ---- lists for messages ------------------------------------------------ */

static char *
algorithm_names (gboolean (*keep) (const WsAlgorithm *, gconstpointer),
                 gconstpointer what)
{
  guint n;
  const WsAlgorithm *const *algos = ws_registry_list (&n);
  g_autoptr (GString) names = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    if (keep == NULL || keep (algos[i], what))
      g_string_append_printf (names, "%s%s", names->len ? ", " : "", algos[i]->name);
  return g_string_free (g_steal_pointer (&names), FALSE);
}

static gboolean
defines_variant (const WsAlgorithm *algo,
                 gconstpointer      variant)
{
  return ws_algorithm_defines (algo, *(const WsVariant *) variant);
}

static char *
variant_names (void)
{
  g_autoptr (GString) names = g_string_new (NULL);

  for (guint v = 0; v < WS_N_VARIANTS; v++)
    g_string_append_printf (names, "%s%s", v ? ", " : "", ws_variant_name ((WsVariant) v));
  return g_string_free (g_steal_pointer (&names), FALSE);
}

static gboolean
listed_before (GStrv items,
               guint i)
{
  for (guint j = 0; j < i; j++)
    if (g_str_equal (items[j], items[i]))
      return TRUE;
  return FALSE;
}

/* ---- [preset]: name, algorithms, type, variants, baseline --------------- */

static gboolean
require_group (const WsPresetReader *reader,
               WsPreset             *preset,
               GError              **error)
{
  if (ws_preset_reader_has (reader, "preset", NULL))
    return TRUE;
  return ws_preset_fail (reader, "preset", NULL, error,
                         "the group is missing; a preset starts with [preset] and gives at "
                         "least name, algorithms, variants and sizes");
}

static gboolean
missing (const WsPresetReader *reader,
         const char           *key,
         const char           *example,
         GError              **error)
{
  return ws_preset_fail (reader, "preset", key, error, "missing from [preset]; add e.g. %s = %s",
                         key, example);
}

static gboolean
read_name (const WsPresetReader *reader,
           WsPreset             *preset,
           GError              **error)
{
  if (!ws_preset_reader_text (reader, "preset", "name", &preset->name, error)
      || !ws_preset_reader_text (reader, "preset", "description", &preset->description, error))
    return FALSE;
  if (preset->name == NULL)
    return missing (reader, "name", "Study 003 — odd-even and bitonic sort", error);
  if (preset->name[0] == '\0')
    return ws_preset_fail (reader, "preset", "name", error,
                           "empty; give the preset a name for tables and plots");
  return TRUE;
}

static const WsAlgorithm *
find_algorithm (const char *name)
{
  guint n;
  const WsAlgorithm *const *algos = ws_registry_list (&n);

  for (guint i = 0; i < n; i++)
    if (g_str_equal (algos[i]->name, name))
      return algos[i];
  return NULL;
}

static gboolean
read_algorithms (const WsPresetReader *reader,
                 WsPreset             *preset,
                 GError              **error)
{
  g_auto (GStrv) items = NULL;

  if (!ws_preset_reader_items (reader, "preset", "algorithms", "one or more names, e.g. bitonic, "
                               "reduce", &items, error))
    return FALSE;
  if (items == NULL)
    return missing (reader, "algorithms", "bitonic, reduce", error);
  for (guint i = 0; items[i] != NULL; i++)
    {
      const WsAlgorithm *algo = find_algorithm (items[i]);
      g_autofree char *names = algo ? NULL : algorithm_names (NULL, NULL);

      if (algo == NULL)
        return ws_preset_fail (reader, "preset", "algorithms", error,
                               "“%s” is not an algorithm; use %s (warpscope-cli list describes "
                               "them)", items[i], names);
      if (listed_before (items, i))
        return ws_preset_fail (reader, "preset", "algorithms", error,
                               "%s is listed twice; list each algorithm once", items[i]);
      g_ptr_array_add (preset->algorithms, (gpointer) algo);
    }
  return TRUE;
}

/* Blamed on type when the file gives one, else on the algorithm list. */
static gboolean
check_type (const WsPresetReader *reader,
            const WsPreset       *preset,
            GError              **error)
{
  const char *type = ws_key_type_name (preset->type);

  for (guint i = 0; i < preset->algorithms->len; i++)
    {
      const WsAlgorithm *algo = g_ptr_array_index (preset->algorithms, i);
      g_autofree char *types = ws_algorithm_types_string (algo);

      if (ws_algorithm_supports_type (algo, preset->type))
        continue;
      if (ws_preset_reader_has (reader, "preset", "type"))
        return ws_preset_fail (reader, "preset", "type", error,
                               "%s does not take %s keys (only %s); change the type or drop %s",
                               algo->name, type, types, algo->name);
      return ws_preset_fail (reader, "preset", "algorithms", error,
                             "%s does not take %s keys, the default type; add type = %s or drop it",
                             algo->name, type, types);
    }
  return TRUE;
}

static gboolean
read_type (const WsPresetReader *reader,
           WsPreset             *preset,
           GError              **error)
{
  g_autofree char *text = NULL;

  if (!ws_preset_reader_text (reader, "preset", "type", &text, error))
    return FALSE;
  if (text != NULL && !ws_key_type_from_string (text, &preset->type, NULL))
    return ws_preset_fail (reader, "preset", "type", error,
                           "“%s” is not a key type; use int32 or float32", text);
  return check_type (reader, preset, error);
}

static gboolean
parse_variant (const WsPresetReader *reader,
               const char           *key,
               const char           *text,
               WsVariant            *out,
               GError              **error)
{
  g_autofree char *names = NULL;

  if (ws_variant_from_string (text, out, NULL))
    return TRUE;
  names = variant_names ();
  return ws_preset_fail (reader, "preset", key, error, "“%s” is not a variant; use %s", text,
                         names);
}

static gboolean
defined_by_some (const WsPresetReader *reader,
                 const WsPreset       *preset,
                 WsVariant             variant,
                 GError              **error)
{
  g_autofree char *having = NULL;

  for (guint i = 0; i < preset->algorithms->len; i++)
    if (ws_algorithm_defines (g_ptr_array_index (preset->algorithms, i), variant))
      return TRUE;
  having = algorithm_names (defines_variant, &variant);
  return ws_preset_fail (reader, "preset", "variants", error,
                         "none of the listed algorithms has %s; drop it or list one that does (%s)",
                         ws_variant_name (variant), having);
}

static gboolean
read_variants (const WsPresetReader *reader,
               WsPreset             *preset,
               GError              **error)
{
  g_auto (GStrv) items = NULL;

  if (!ws_preset_reader_items (reader, "preset", "variants", "one or more variants, e.g. "
                               "cpu-seq, gpu", &items, error))
    return FALSE;
  if (items == NULL)
    return missing (reader, "variants", "cpu-seq, cpu-par, gpu", error);
  for (guint i = 0; items[i] != NULL; i++)
    {
      WsVariant variant;

      if (!parse_variant (reader, "variants", items[i], &variant, error))
        return FALSE;
      if (listed_before (items, i))
        return ws_preset_fail (reader, "preset", "variants", error,
                               "%s is listed twice; list each variant once", items[i]);
      if (!defined_by_some (reader, preset, variant, error))
        return FALSE;
      g_array_append_val (preset->variants, variant);
    }
  return TRUE;
}

static gboolean
read_baseline (const WsPresetReader *reader,
               WsPreset             *preset,
               GError              **error)
{
  g_autofree char *text = NULL;

  preset->baseline = g_array_index (preset->variants, WsVariant, 0);
  if (!ws_preset_reader_text (reader, "preset", "baseline", &text, error))
    return FALSE;
  if (text == NULL)
    return TRUE;
  if (!parse_variant (reader, "baseline", text, &preset->baseline, error))
    return FALSE;
  for (guint i = 0; i < preset->variants->len; i++)
    if (g_array_index (preset->variants, WsVariant, i) == preset->baseline)
      return TRUE;
  return ws_preset_fail (reader, "preset", "baseline", error,
                         "%s is not among the variants; pick one of them or list it there", text);
}

/* ---- [preset]: the plain values ---------------------------------------- */

static gboolean
read_count (const WsPresetReader *reader,
            const char           *key,
            guint                 min,
            guint                 max,
            guint                *out,
            GError              **error)
{
  g_autofree char *text = NULL;
  guint64 value;

  if (!ws_preset_reader_text (reader, "preset", key, &text, error))
    return FALSE;
  if (text == NULL)
    return TRUE;
  if (!ws_preset_parse_count (reader, "preset", key, text, min, max, &value, error))
    return FALSE;
  *out = (guint) value;
  return TRUE;
}

static gboolean
read_counts (const WsPresetReader *reader,
             WsPreset             *preset,
             GError              **error)
{
  g_autofree char *seed = NULL;

  if (!read_count (reader, "warmup", 0, 1000, &preset->warmup, error)
      || !read_count (reader, "instances", 1, 1000, &preset->instances, error)
      || !ws_preset_reader_text (reader, "preset", "seed", &seed, error))
    return FALSE;
  return seed == NULL
         || ws_preset_parse_count (reader, "preset", "seed", seed, 0, G_MAXUINT64, &preset->seed,
                                   error);
}

static gboolean
read_distribution (const WsPresetReader *reader,
                   WsPreset             *preset,
                   GError              **error)
{
  g_autofree char *text = NULL;
  g_autoptr (GString) names = g_string_new (NULL);

  if (!ws_preset_reader_text (reader, "preset", "distribution", &text, error))
    return FALSE;
  if (text == NULL || ws_distribution_from_string (text, &preset->distribution, NULL))
    return TRUE;
  for (guint i = 0; i < WS_N_DISTS; i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "",
                            ws_distribution_name ((WsDistribution) i));
  return ws_preset_fail (reader, "preset", "distribution", error,
                         "“%s” is not a distribution; use %s", text, names->str);
}

static gboolean
read_flag (const WsPresetReader *reader,
           const char           *key,
           gboolean             *out,
           GError              **error)
{
  g_autofree char *text = NULL;

  if (!ws_preset_reader_text (reader, "preset", key, &text, error))
    return FALSE;
  if (text == NULL)
    return TRUE;
  if (g_str_equal (text, "true") || g_str_equal (text, "false"))
    {
      *out = g_str_equal (text, "true");
      return TRUE;
    }
  return ws_preset_fail (reader, "preset", key, error, "“%s” is not a boolean; use true or false",
                         text);
}

static gboolean
read_flags (const WsPresetReader *reader,
            WsPreset             *preset,
            GError              **error)
{
  return read_flag (reader, "verify", &preset->verify, error)
         && read_flag (reader, "stop_on_failure", &preset->stop_on_failure, error)
         && read_flag (reader, "cold", &preset->cold, error);
}

static gboolean
read_timing (const WsPresetReader *reader,
             WsPreset             *preset,
             GError              **error)
{
  g_autofree char *text = NULL;

  if (!ws_preset_reader_text (reader, "preset", "timing", &text, error))
    return FALSE;
  if (text == NULL)
    return TRUE;
  for (guint i = 0; timing_names[i] != NULL; i++)
    if (g_str_equal (text, timing_names[i]))
      {
        preset->timing = (WsTiming) i;
        return TRUE;
      }
  return ws_preset_fail (reader, "preset", "timing", error,
                         "“%s” is not a timing; use end-to-end (allocation, copies and kernels) "
                         "or kernel (the kernels alone)", text);
}

/* ---- loading ----------------------------------------------------------- */

static void
param_grid_free (gpointer data)
{
  WsParamGrid *grid = data;

  g_free (grid->name);
  g_array_unref (grid->values);
  g_free (grid);
}

static WsPreset *
preset_new (void)
{
  WsPreset *preset = g_new0 (WsPreset, 1);

  preset->algorithms = g_ptr_array_new ();
  preset->variants = g_array_new (FALSE, FALSE, sizeof (WsVariant));
  preset->sizes = g_array_new (FALSE, FALSE, sizeof (gsize));
  preset->repetitions = g_array_new (FALSE, FALSE, sizeof (guint));
  preset->grids = g_ptr_array_new_with_free_func (param_grid_free);
  preset->min_samples = 5;
  preset->max_samples = 1000;
  preset->time_budget = 1.0;
  preset->target_noise = 0.02;
  preset->warmup = 1;
  preset->instances = 1;
  preset->distribution = WS_DIST_UNIFORM;
  preset->seed = 1;
  preset->type = WS_KEY_FLOAT32;
  preset->verify = TRUE;
  preset->timing = WS_TIMING_END_TO_END;
  return preset;
}

/* In this order: each step may rely on the ones before it (baseline on
 * variants, variants on algorithms, repetitions on sizes). */
static const ReadStep read_steps[] = {
  require_group, read_name, read_algorithms, read_type, read_variants, read_baseline,
  ws_preset_read_sizes, ws_preset_read_repetitions, read_counts, read_distribution, read_flags,
  read_timing, ws_preset_read_devices, ws_preset_read_params,
};

WsPreset *
ws_preset_load_data (const char  *name,
                     const char  *text,
                     gsize        length,
                     GError     **error)
{
  g_autoptr (WsPresetReader) reader = NULL;
  g_autoptr (WsPreset) preset = NULL;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  reader = ws_preset_reader_new (name, text ? text : "", length, error);
  if (reader == NULL)
    return NULL;
  preset = preset_new ();
  for (guint i = 0; i < G_N_ELEMENTS (read_steps); i++)
    if (!read_steps[i] (reader, preset, error))
      return NULL;
  return g_steal_pointer (&preset);
}

WsPreset *
ws_preset_load (const char  *path,
                GError     **error)
{
  g_autofree char *text = NULL;
  gsize length = 0;

  return ws_preset_load_text (path, &text, &length, error);
}

WsPreset *
ws_preset_load_text (const char  *path,
                     char       **text,
                     gsize       *length,
                     GError     **error)
{
  g_autofree char *shown = NULL;
  WsPreset *preset;

  g_return_val_if_fail (path != NULL && text != NULL && length != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  shown = g_filename_display_name (path);
  /* A regular file no bigger than a preset may be: a FIFO, a device or a
   * huge file is refused before anything is read. */
  if (!ws_file_read_input (path, WS_PRESET_MAX_BYTES, "a preset", text, length, error))
    return NULL;
  preset = ws_preset_load_data (shown, *text, *length, error);
  if (preset != NULL)
    preset->path = g_strdup (path);
  return preset;
}

void
ws_preset_free (WsPreset *preset)
{
  if (preset == NULL)
    return;
  g_free (preset->path);
  g_free (preset->name);
  g_free (preset->description);
  g_ptr_array_unref (preset->algorithms);
  g_array_unref (preset->variants);
  g_array_unref (preset->sizes);
  g_array_unref (preset->repetitions);
  g_ptr_array_unref (preset->grids);
  g_clear_pointer (&preset->devices, g_array_unref);
  g_free (preset);
}

/* ---- using a preset ---------------------------------------------------- */

gboolean
ws_preset_has_gpu (const WsPreset *p)
{
  for (guint i = 0; i < p->variants->len; i++)
    if (ws_variant_is_gpu (g_array_index (p->variants, WsVariant, i)))
      return TRUE;
  return FALSE;
}

const WsParamGrid *
ws_preset_grid (const WsPreset *preset,
                const char     *name)
{
  g_return_val_if_fail (preset != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);
  for (guint i = 0; i < preset->grids->len; i++)
    {
      const WsParamGrid *grid = g_ptr_array_index (preset->grids, i);

      if (g_str_equal (grid->name, name))
        return grid;
    }
  return NULL;
}

static guint
smallest_size (const WsPreset *preset)
{
  guint smallest = 0;

  for (guint i = 1; i < preset->sizes->len; i++)
    if (g_array_index (preset->sizes, gsize, i) < g_array_index (preset->sizes, gsize, smallest))
      smallest = i;
  return smallest;
}

/* Sizes need not be ascending, so the smallest is found rather than taken
 * first; it stays whatever max_size says, so the plan never empties. */
static void
drop_sizes_above (WsPreset *preset,
                  gsize     max_size)
{
  guint keep = smallest_size (preset);

  for (guint i = preset->sizes->len; i-- > 0;)
    if (i != keep && g_array_index (preset->sizes, gsize, i) > max_size)
      {
        g_array_remove_index (preset->sizes, i);
        if (!preset->adaptive)
          g_array_remove_index (preset->repetitions, i);
      }
}

void
ws_preset_make_quick (WsPreset *preset,
                      gsize     max_size)
{
  g_return_if_fail (preset != NULL);
  drop_sizes_above (preset, max_size);
  for (guint i = 0; i < preset->repetitions->len; i++)
    {
      guint *reps = &g_array_index (preset->repetitions, guint, i);

      *reps = MIN (*reps, 3);
    }
  preset->instances = MIN (preset->instances, 1);
  preset->time_budget = MIN (preset->time_budget, 0.2);
}

const char *
ws_timing_name (WsTiming timing)
{
  g_return_val_if_fail (timing <= WS_TIMING_KERNEL, "?");
  return timing_names[timing];
}

