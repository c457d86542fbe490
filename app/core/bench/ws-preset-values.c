/* ws-preset-values.c: the preset keys whose values follow rules of their
 * own — sizes (a list or a range), repetitions with the [adaptive] group,
 * the [params] grids checked against the registry's ranges, and the GPUs
 * (devices). */
#include "ws-preset-private.h"

#include <math.h>
#include <string.h>

#include "ws-bench-devices.h"
#include "ws-size.h"

#define DEFAULT_REPETITIONS 5
#define MAX_REPETITIONS 1000000
#define MAX_SAMPLES 1000000
#define MAX_TIME_BUDGET 86400.0 /* a day per configuration */
#define MAX_FACTOR G_MAXUINT32
#define MAX_GRID_VALUES 1000 /* like sizes: more is no plan anyone runs */

/* ---- sizes ------------------------------------------------------------- */

/* Through ws_size_parse, whose messages then read like ours; 0 allowed. */
static gboolean
parse_size_text (const WsPresetReader *reader,
                 const char           *text,
                 gsize                *out,
                 GError              **error)
{
  g_autofree char *what = g_strdup_printf ("%s:%" G_GSIZE_FORMAT ": sizes", reader->name,
                                           ws_preset_reader_line (reader, "preset", "sizes"));

  return ws_size_parse (what, text, out, error);
}

static gboolean
parse_size (const WsPresetReader *reader,
            const char           *text,
            gsize                *out,
            GError              **error)
{
  if (!parse_size_text (reader, text, out, error))
    return FALSE;
  if (*out == 0)
    return ws_preset_fail (reader, "preset", "sizes", error,
                           "“%s” is no size to time; sizes start at 1", text);
  return TRUE;
}

static gboolean
range_syntax (const WsPresetReader *reader,
              const char           *text,
              GError              **error)
{
  return ws_preset_fail (reader, "preset", "sizes", error,
                         "“%s” is not a range; write LO..HI xF (each size F times the last) or "
                         "LO..HI +S (S more each time), e.g. 2^15..2^22 x2", text);
}

/* LO..HI xF: LO, LO·F, LO·F², … up to HI; at most 64 sizes, as F ≥ 2. */
static void
fill_geometric (GArray *sizes,
                gsize   lo,
                gsize   hi,
                guint64 factor)
{
  for (gsize n = lo;; n *= factor)
    {
      g_array_append_val (sizes, n);
      if (n > hi / factor)
        break;
    }
}

/* Only spaces and tabs separate the parts of a range: a vertical tab or a
 * form feed is a stray byte, not a blank the reader should see past. */
static char *
strip_blanks (char *text)
{
  gsize length = strlen (text);
  gsize start = strspn (text, " \t");

  while (length > start && (text[length - 1] == ' ' || text[length - 1] == '\t'))
    length--;
  memmove (text, text + start, length - start);
  text[length - start] = '\0';
  return text;
}

static gboolean
range_times (const WsPresetReader *reader,
             const char           *text,
             const char           *number,
             gsize                 lo,
             gsize                 hi,
             GArray               *sizes,
             GError              **error)
{
  guint64 factor;

  if (!ws_digits_parse (number, 2, MAX_FACTOR, &factor, NULL))
    return ws_preset_fail (reader, "preset", "sizes", error,
                           "in “%s”, the factor of xF is a whole number of at least 2", text);
  fill_geometric (sizes, lo, hi, factor);
  return TRUE;
}

/* LO..HI +S: counted, not compared with HI, as LO + k·S may wrap past 2^64. */
static gboolean
range_plus (const WsPresetReader *reader,
            const char           *text,
            const char           *number,
            gsize                 lo,
            gsize                 hi,
            GArray               *sizes,
            GError              **error)
{
  gsize add;

  if (!parse_size_text (reader, number, &add, error))
    return FALSE;
  if (add == 0)
    return ws_preset_fail (reader, "preset", "sizes", error,
                           "in “%s”, the step of +S is a size of at least 1", text);
  if ((hi - lo) / add >= WS_PRESET_MAX_SIZES)
    return ws_preset_fail (reader, "preset", "sizes", error,
                           "“%s” gives more than %d sizes; use a larger step or a shorter range",
                           text, WS_PRESET_MAX_SIZES);
  for (gsize k = 0; k <= (hi - lo) / add; k++)
    {
      gsize n = lo + k * add;

      g_array_append_val (sizes, n);
    }
  return TRUE;
}

/* "LO..HI xF" or "LO..HI +S", spaces allowed around the parts. */
static gboolean
read_range (const WsPresetReader *reader,
            const char           *text,
            GArray               *sizes,
            GError              **error)
{
  const char *dots = strstr (text, "..");
  g_autofree char *lo_text = strip_blanks (g_strndup (text, dots - text));
  g_autofree char *rest = strip_blanks (g_strdup (dots + 2));
  gsize hi_length = strcspn (rest, " \t");
  g_autofree char *hi_text = g_strndup (rest, hi_length);
  const char *step = rest + hi_length + strspn (rest + hi_length, " \t");
  g_autofree char *number = NULL;
  gsize lo, hi;

  if (lo_text[0] == '\0' || hi_text[0] == '\0' || (step[0] != 'x' && step[0] != '+'))
    return range_syntax (reader, text, error);
  if (!parse_size (reader, lo_text, &lo, error) || !parse_size (reader, hi_text, &hi, error))
    return FALSE;
  if (lo > hi)
    return ws_preset_fail (reader, "preset", "sizes", error,
                           "in “%s”, LO = %" G_GSIZE_FORMAT " is above HI = %" G_GSIZE_FORMAT
                           "; write the smaller size first", text, lo, hi);
  number = strip_blanks (g_strdup (step + 1));
  if (step[0] == 'x')
    return range_times (reader, text, number, lo, hi, sizes, error);
  return range_plus (reader, text, number, lo, hi, sizes, error);
}

static gboolean
read_size_list (const WsPresetReader *reader,
                GStrv                 items,
                GArray               *sizes,
                GError              **error)
{
  guint n = g_strv_length (items);

  if (n > WS_PRESET_MAX_SIZES)
    return ws_preset_fail (reader, "preset", "sizes", error, "%u sizes; at most %d, please", n,
                           WS_PRESET_MAX_SIZES);
  for (guint i = 0; i < n; i++)
    {
      gsize size;

      if (!parse_size (reader, items[i], &size, error))
        return FALSE;
      for (guint j = 0; j < sizes->len; j++)
        if (g_array_index (sizes, gsize, j) == size)
          return ws_preset_fail (reader, "preset", "sizes", error,
                                 "%" G_GSIZE_FORMAT " is listed twice; list each size once", size);
      g_array_append_val (sizes, size);
    }
  return TRUE;
}

gboolean
ws_preset_read_sizes (const WsPresetReader *reader,
                      WsPreset             *preset,
                      GError              **error)
{
  g_auto (GStrv) items = NULL;

  if (!ws_preset_reader_items (reader, "preset", "sizes", "a list such as 1000, 2000 or a range "
                               "such as 2^10..2^20 x2", &items, error))
    return FALSE;
  if (items == NULL)
    return ws_preset_fail (reader, "preset", "sizes", error,
                           "missing from [preset]; add e.g. sizes = 2^10..2^20 x2");
  for (guint i = 0; items[i] != NULL; i++)
    if (strstr (items[i], "..") != NULL && (i > 0 || items[1] != NULL))
      return ws_preset_fail (reader, "preset", "sizes", error,
                             "a range stands alone; give either a list or one LO..HI range");
  if (strstr (items[0], "..") != NULL)
    return read_range (reader, items[0], preset->sizes, error);
  return read_size_list (reader, items, preset->sizes, error);
}

/* ---- repetitions and [adaptive] ---------------------------------------- */

static gboolean
read_fixed (const WsPresetReader *reader,
            WsPreset             *preset,
            GStrv                 items,
            GError              **error)
{
  guint n = items ? g_strv_length (items) : 0, n_sizes = preset->sizes->len;

  if (n > 1 && n != n_sizes)
    return ws_preset_fail (reader, "preset", "repetitions", error,
                           "%u values for %u size%s; give one per size or a single value for all",
                           n, n_sizes, n_sizes == 1 ? "" : "s");
  for (guint i = 0; i < n_sizes; i++)
    {
      guint64 reps = DEFAULT_REPETITIONS;
      const char *text = items ? items[n == 1 ? 0 : i] : NULL;

      if (text != NULL && !g_ascii_isdigit (text[0]))
        return ws_preset_fail (reader, "preset", "repetitions", error,
                               "“%s” is not a count; give whole numbers from 1 to %d, or "
                               "adaptive alone", text, MAX_REPETITIONS);
      if (text != NULL && !ws_preset_parse_count (reader, "preset", "repetitions", text, 1,
                                                  MAX_REPETITIONS, &reps, error))
        return FALSE;
      guint value = (guint) reps;

      g_array_append_val (preset->repetitions, value);
    }
  return TRUE;
}

static gboolean
read_samples (const WsPresetReader *reader,
              const char           *key,
              guint                 min,
              guint                *out,
              GError              **error)
{
  g_autofree char *text = NULL;
  guint64 value;

  if (!ws_preset_reader_text (reader, "adaptive", key, &text, error))
    return FALSE;
  if (text == NULL)
    return TRUE;
  if (!ws_preset_parse_count (reader, "adaptive", key, text, min, MAX_SAMPLES, &value, error))
    return FALSE;
  *out = (guint) value;
  return TRUE;
}

/* A finite decimal in (0, max], or (0, max) when max is excluded. */
static gboolean
read_fraction (const WsPresetReader *reader,
               const char           *key,
               double                max,
               gboolean              max_included,
               const char           *allowed,
               double               *out,
               GError              **error)
{
  g_autofree char *text = NULL;
  double value;

  if (!ws_preset_reader_text (reader, "adaptive", key, &text, error))
    return FALSE;
  if (text == NULL)
    return TRUE;
  if (!ws_decimal_parse (text, &value))
    return ws_preset_fail (reader, "adaptive", key, error, "“%s” is not a number; give %s", text,
                           allowed);
  if (value <= 0 || value > max || (value == max && !max_included))
    return ws_preset_fail (reader, "adaptive", key, error, "%s is out of range; give %s", text,
                           allowed);
  *out = value;
  return TRUE;
}

static gboolean
read_adaptive (const WsPresetReader *reader,
               WsPreset             *preset,
               GError              **error)
{
  if (!read_samples (reader, "min_samples", 1, &preset->min_samples, error))
    return FALSE;
  /* An explicit min_samples above the default maximum raises it. */
  preset->max_samples = MAX (preset->max_samples, preset->min_samples);
  return read_samples (reader, "max_samples", preset->min_samples, &preset->max_samples, error)
         && read_fraction (reader, "time_budget", MAX_TIME_BUDGET, TRUE,
                           "seconds per configuration, more than 0 and at most 86400",
                           &preset->time_budget, error)
         && read_fraction (reader, "target_noise", 1.0, FALSE,
                           "a fraction between 0 and 1, e.g. 0.02 for ±2%",
                           &preset->target_noise, error);
}

gboolean
ws_preset_read_repetitions (const WsPresetReader *reader,
                            WsPreset             *preset,
                            GError              **error)
{
  g_auto (GStrv) items = NULL;

  if (!ws_preset_reader_items (reader, "preset", "repetitions", "a count per size, one count "
                               "for all, or adaptive", &items, error))
    return FALSE;
  preset->adaptive = items != NULL && items[1] == NULL && g_str_equal (items[0], "adaptive");
  if (!preset->adaptive)
    {
      if (ws_preset_reader_has (reader, "adaptive", NULL))
        return ws_preset_fail (reader, "adaptive", NULL, error,
                               "only allowed with repetitions = adaptive; drop the group or "
                               "measure adaptively");
      return read_fixed (reader, preset, items, error);
    }
  return read_adaptive (reader, preset, error);
}

/* ---- [params] ---------------------------------------------------------- */

static gboolean
takes_param (const WsAlgorithm *algo,
             const char        *name)
{
  return ws_algorithm_param (algo, name, NULL) != NULL;
}

static gboolean
check_param_listed (const WsPresetReader *reader,
                    const WsPreset       *preset,
                    const char           *name,
                    GError              **error)
{
  guint n;
  const WsAlgorithm *const *algos = ws_registry_list (&n);
  g_autoptr (GString) takers = g_string_new (NULL);

  for (guint i = 0; i < preset->algorithms->len; i++)
    if (takes_param (g_ptr_array_index (preset->algorithms, i), name))
      return TRUE;
  for (guint i = 0; i < n; i++)
    if (takes_param (algos[i], name))
      g_string_append_printf (takers, "%s%s", takers->len ? ", " : "", algos[i]->name);
  return ws_preset_fail (reader, "params", name, error,
                         "no listed algorithm takes %s; drop it or list one that does (%s)",
                         name, takers->str);
}

/* Decimal, 2^k for the powers of two that block sizes and bins are, or any
 * other size form (ws_int_parse). */
static gboolean
parse_param_value (const WsPresetReader *reader,
                   const char           *name,
                   const char           *text,
                   gint64               *out,
                   GError              **error)
{
  if (ws_int_parse (name, text, G_MININT64, G_MAXINT64, out, NULL))
    return TRUE;
  return ws_preset_fail (reader, "params", name, error,
                         "“%s” is not an integer; write it in decimal, as 2^k or as 64k", text);
}

/* Every listed algorithm that takes the parameter must accept the value. */
static gboolean
check_param_range (const WsPresetReader *reader,
                   const WsPreset       *preset,
                   const char           *name,
                   gint64                value,
                   GError              **error)
{
  for (guint i = 0; i < preset->algorithms->len; i++)
    {
      const WsAlgorithm *algo = g_ptr_array_index (preset->algorithms, i);
      const WsParamSpec *spec = ws_algorithm_param (algo, name, NULL);

      if (spec != NULL && (value < spec->min || value > spec->max))
        return ws_preset_fail (reader, "params", name, error,
                               "%" G_GINT64_FORMAT " is out of range for %s (%" G_GINT64_FORMAT
                               "..%" G_GINT64_FORMAT ")", value, algo->name, spec->min, spec->max);
    }
  return TRUE;
}

static gboolean
read_grid_values (const WsPresetReader *reader,
                  const WsPreset       *preset,
                  const char           *name,
                  GArray               *values,
                  GError              **error)
{
  g_auto (GStrv) items = NULL;
  g_autofree char *example = g_strdup_printf ("one or more integers, e.g. %s = 2, 8, 16", name);

  if (!ws_preset_reader_items (reader, "params", name, example, &items, error))
    return FALSE;
  if (g_strv_length (items) > MAX_GRID_VALUES)
    return ws_preset_fail (reader, "params", name, error, "%u values; at most %d, please",
                           g_strv_length (items), MAX_GRID_VALUES);
  for (guint i = 0; items[i] != NULL; i++)
    {
      gint64 value;

      if (!parse_param_value (reader, name, items[i], &value, error)
          || !check_param_range (reader, preset, name, value, error))
        return FALSE;
      for (guint j = 0; j < values->len; j++)
        if (g_array_index (values, gint64, j) == value)
          return ws_preset_fail (reader, "params", name, error,
                                 "%" G_GINT64_FORMAT " is listed twice; list each value once",
                                 value);
      g_array_append_val (values, value);
    }
  return TRUE;
}

gboolean
ws_preset_read_params (const WsPresetReader *reader,
                       WsPreset             *preset,
                       GError              **error)
{
  for (guint i = 0; i < reader->param_keys->len; i++)
    {
      const char *name = g_ptr_array_index (reader->param_keys, i);
      g_autoptr (GArray) values = g_array_new (FALSE, FALSE, sizeof (gint64));
      WsParamGrid *grid;

      if (!check_param_listed (reader, preset, name, error)
          || !read_grid_values (reader, preset, name, values, error))
        return FALSE;
      grid = g_new0 (WsParamGrid, 1);
      grid->name = g_strdup (name);
      grid->values = g_steal_pointer (&values);
      g_ptr_array_add (preset->grids, grid);
    }
  return TRUE;
}

gboolean
ws_preset_read_devices (const WsPresetReader *reader,
                        WsPreset             *preset,
                        GError              **error)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) local = NULL;

  if (!ws_preset_reader_text (reader, "preset", "devices", &text, error))
    return FALSE;
  if (text == NULL
      || ws_bench_devices_parse (text, &preset->all_devices, &preset->devices, &local))
    return TRUE;
  return ws_preset_fail (reader, "preset", "devices", error, "%s", local->message);
}
