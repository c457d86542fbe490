/* ws-bench-item.c: one row of result.csv as a GObject (see ws-bench-item.h). */
#include "ws-bench-item.h"

#include <math.h>

#include "ws-bench-csv.h"
#include "ws-bench-devices.h"

/* The item's strings; each is a property, in this order. */
enum
{
  TEXT_CONFIGURATION,
  TEXT_ALGORITHM,
  TEXT_VARIANT,
  TEXT_BASELINE,
  TEXT_STATUS,
  TEXT_MESSAGE,
  TEXT_KEY,
  N_TEXTS
};

enum
{
  PROP_0,
  PROP_FIRST_TEXT,
  PROP_N = PROP_FIRST_TEXT + N_TEXTS,
  PROP_FIRST_NUMBER,
  N_PROPS = PROP_FIRST_NUMBER + WS_BENCH_ITEM_N_NUMBERS
};

static GParamSpec *properties[N_PROPS];

/* Property name and result.csv column of each text (configuration is made
 * from several columns) and of each number. */
static const struct
{
  const char *property;
  const char *column;
} texts[N_TEXTS] = {
  { "configuration", NULL },
  { "algorithm", "algorithm" },
  { "variant", "variant" },
  { "baseline", "baseline" },
  { "status", "status" },
  { "message", "message" },
  { "key", "key" },
}, numbers[WS_BENCH_ITEM_N_NUMBERS] = {
  { "median", "median_s" },
  { "sd", "sd_s" },
  { "ci-lo", "ci_lo_s" },
  { "ci-hi", "ci_hi_s" },
  { "ci-level", "ci_level" },
  { "speedup", "speedup" },
  { "speedup-lo", "speedup_lo" },
  { "speedup-hi", "speedup_hi" },
  { "elements-per-s", "elements_per_s" },
  { "gb-per-s", "gb_per_s" },
  { "peak-share", "peak_share" },
  { "gflop-per-s", "gflop_per_s" },
};

struct _WsBenchItem
{
  GObject  parent_instance;

  char    *texts[N_TEXTS];
  guint64  n;
  double   numbers[WS_BENCH_ITEM_N_NUMBERS];

  /* Against a baseline (Compare with…): not properties, set again when
   * the baseline or its comparison changes. */
  WsBenchItemSide side;
  WsComparison    comparison; /* COMPARED */
  double          base_median;
  gboolean        baseline_only; /* made by ws_bench_item_new_baseline_only */
};

G_DEFINE_FINAL_TYPE (WsBenchItem, ws_bench_item, G_TYPE_OBJECT)

static void
ws_bench_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  WsBenchItem *self = WS_BENCH_ITEM (object);

  if (prop_id >= PROP_FIRST_TEXT && prop_id < PROP_FIRST_TEXT + N_TEXTS)
    g_value_set_string (value, self->texts[prop_id - PROP_FIRST_TEXT]);
  else if (prop_id == PROP_N)
    g_value_set_uint64 (value, self->n);
  else if (prop_id >= PROP_FIRST_NUMBER && prop_id < N_PROPS)
    g_value_set_double (value, self->numbers[prop_id - PROP_FIRST_NUMBER]);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
ws_bench_item_finalize (GObject *object)
{
  WsBenchItem *self = WS_BENCH_ITEM (object);

  for (guint i = 0; i < N_TEXTS; i++)
    g_free (self->texts[i]);
  G_OBJECT_CLASS (ws_bench_item_parent_class)->finalize (object);
}

static void
ws_bench_item_class_init (WsBenchItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->get_property = ws_bench_item_get_property;
  object_class->finalize = ws_bench_item_finalize;
  for (guint i = 0; i < N_TEXTS; i++)
    properties[PROP_FIRST_TEXT + i] = g_param_spec_string (texts[i].property, NULL, NULL, "",
                                                           flags);
  properties[PROP_N] = g_param_spec_uint64 ("n", NULL, NULL, 0, G_MAXUINT64, 0, flags);
  /* Empty fields are NAN, so the range is the whole of double. */
  for (guint i = 0; i < WS_BENCH_ITEM_N_NUMBERS; i++)
    properties[PROP_FIRST_NUMBER + i] = g_param_spec_double (numbers[i].property, NULL, NULL,
                                                             -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ws_bench_item_init (WsBenchItem *self)
{
  self->base_median = NAN;
}

/* A field, "" where the table has no such column. */
static const char *
field (const WsCsvTable *table, guint r, const char *column)
{
  const char *text = ws_csv_table_get (table, r, column);

  return text != NULL ? text : "";
}

/* The parameters are stored "radius=2;block=8": spaces read better. */
static char *
describe (const WsCsvTable *table, guint r)
{
  g_autofree char *params = g_strdelimit (g_strdup (field (table, r, "params")), ";", ' ');
  guint64 instance = g_ascii_strtoull (field (table, r, "instance"), NULL, 10);
  const char *device;
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "%s %s n=%s", field (table, r, "algorithm"),
                          field (table, r, "variant"), field (table, r, "n"));
  if (params[0] != '\0')
    g_string_append_printf (s, " %s", params);
  if (instance > 0)
    g_string_append_printf (s, " #%" G_GUINT64_FORMAT, instance);
  /* Files from before cold runs have no such column: they ran warm. */
  if (g_str_equal (field (table, r, "cold"), "true"))
    g_string_append (s, " cold");
  /* A GPU other than 0 (bench --devices), as the row's key names it:
   * GPU 0's rows read as those of a run on one GPU. */
  device = field (table, r, "device_index");
  if (device[0] != '\0' && !g_str_equal (device, "0"))
    g_string_append_printf (s, WS_BENCH_ON_GPU, device);
  return g_string_free (s, FALSE);
}

WsBenchItem *
ws_bench_item_new (const WsCsvTable *table, guint r)
{
  WsBenchItem *self;

  g_return_val_if_fail (table != NULL && r < table->rows->len, NULL);
  self = g_object_new (WS_TYPE_BENCH_ITEM, NULL);
  self->texts[TEXT_CONFIGURATION] = describe (table, r);
  for (guint i = TEXT_CONFIGURATION + 1; i < N_TEXTS; i++)
    self->texts[i] = g_strdup (field (table, r, texts[i].column));
  self->n = g_ascii_strtoull (field (table, r, "n"), NULL, 10);
  /* ws_csv_table_number leaves NAN behind for an empty field. */
  for (guint i = 0; i < WS_BENCH_ITEM_N_NUMBERS; i++)
    ws_csv_table_number (table, r, numbers[i].column, &self->numbers[i]);
  return self;
}

/* The row's names, none of its figures: they are the baseline's, not the
 * results'. */
WsBenchItem *
ws_bench_item_new_baseline_only (const WsCsvTable *baseline, guint r)
{
  WsBenchItem *self = ws_bench_item_new (baseline, r);
  double median = self->numbers[WS_BENCH_ITEM_MEDIAN];

  g_free (self->texts[TEXT_STATUS]), self->texts[TEXT_STATUS] = g_strdup ("");
  g_free (self->texts[TEXT_MESSAGE]), self->texts[TEXT_MESSAGE] = g_strdup ("");
  g_free (self->texts[TEXT_BASELINE]), self->texts[TEXT_BASELINE] = g_strdup ("");
  for (guint i = 0; i < WS_BENCH_ITEM_N_NUMBERS; i++)
    self->numbers[i] = NAN;
  self->baseline_only = TRUE;
  ws_bench_item_set_comparison (self, WS_BENCH_ITEM_ONLY_IN_BASELINE, NULL, median);
  return self;
}

gboolean
ws_bench_item_is_baseline_only (WsBenchItem *self)
{
  g_return_val_if_fail (WS_IS_BENCH_ITEM (self), FALSE);
  return self->baseline_only;
}

void
ws_bench_item_set_comparison (WsBenchItem *self, WsBenchItemSide side,
                              const WsComparison *comparison, double base_median)
{
  g_return_if_fail (WS_IS_BENCH_ITEM (self));
  g_return_if_fail ((side == WS_BENCH_ITEM_COMPARED) == (comparison != NULL));
  self->side = side;
  if (comparison != NULL)
    self->comparison = *comparison;
  self->base_median = base_median;
}

WsBenchItemSide
ws_bench_item_get_side (WsBenchItem *self)
{
  g_return_val_if_fail (WS_IS_BENCH_ITEM (self), WS_BENCH_ITEM_UNCOMPARED);
  return self->side;
}

const WsComparison *
ws_bench_item_get_comparison (WsBenchItem *self)
{
  g_return_val_if_fail (WS_IS_BENCH_ITEM (self), NULL);
  return self->side == WS_BENCH_ITEM_COMPARED ? &self->comparison : NULL;
}

double
ws_bench_item_get_base_median (WsBenchItem *self)
{
  g_return_val_if_fail (WS_IS_BENCH_ITEM (self), NAN);
  return self->base_median;
}

static const char *
text (WsBenchItem *self, guint which)
{
  g_return_val_if_fail (WS_IS_BENCH_ITEM (self), NULL);
  return self->texts[which];
}

const char *
ws_bench_item_get_configuration (WsBenchItem *self)
{
  return text (self, TEXT_CONFIGURATION);
}

const char *
ws_bench_item_get_algorithm (WsBenchItem *self)
{
  return text (self, TEXT_ALGORITHM);
}

const char *
ws_bench_item_get_variant (WsBenchItem *self)
{
  return text (self, TEXT_VARIANT);
}

const char *
ws_bench_item_get_baseline (WsBenchItem *self)
{
  return text (self, TEXT_BASELINE);
}

const char *
ws_bench_item_get_status (WsBenchItem *self)
{
  return text (self, TEXT_STATUS);
}

const char *
ws_bench_item_get_message (WsBenchItem *self)
{
  return text (self, TEXT_MESSAGE);
}

const char *
ws_bench_item_get_key (WsBenchItem *self)
{
  return text (self, TEXT_KEY);
}

guint64
ws_bench_item_get_n (WsBenchItem *self)
{
  g_return_val_if_fail (WS_IS_BENCH_ITEM (self), 0);
  return self->n;
}

double
ws_bench_item_get_number (WsBenchItem *self, WsBenchItemNumber which)
{
  g_return_val_if_fail (WS_IS_BENCH_ITEM (self), NAN);
  g_return_val_if_fail ((guint) which < WS_BENCH_ITEM_N_NUMBERS, NAN);
  return self->numbers[which];
}

double
ws_bench_item_get_median (WsBenchItem *self)
{
  return ws_bench_item_get_number (self, WS_BENCH_ITEM_MEDIAN);
}

double
ws_bench_item_get_sd (WsBenchItem *self)
{
  return ws_bench_item_get_number (self, WS_BENCH_ITEM_SD);
}

double
ws_bench_item_get_ci_lo (WsBenchItem *self)
{
  return ws_bench_item_get_number (self, WS_BENCH_ITEM_CI_LO);
}

double
ws_bench_item_get_ci_hi (WsBenchItem *self)
{
  return ws_bench_item_get_number (self, WS_BENCH_ITEM_CI_HI);
}

double
ws_bench_item_get_ci_level (WsBenchItem *self)
{
  return ws_bench_item_get_number (self, WS_BENCH_ITEM_CI_LEVEL);
}

double
ws_bench_item_get_speedup (WsBenchItem *self)
{
  return ws_bench_item_get_number (self, WS_BENCH_ITEM_SPEEDUP);
}

double
ws_bench_item_get_speedup_lo (WsBenchItem *self)
{
  return ws_bench_item_get_number (self, WS_BENCH_ITEM_SPEEDUP_LO);
}

double
ws_bench_item_get_speedup_hi (WsBenchItem *self)
{
  return ws_bench_item_get_number (self, WS_BENCH_ITEM_SPEEDUP_HI);
}

double
ws_bench_item_get_elements_per_s (WsBenchItem *self)
{
  return ws_bench_item_get_number (self, WS_BENCH_ITEM_ELEMENTS_PER_S);
}

double
ws_bench_item_get_gb_per_s (WsBenchItem *self)
{
  return ws_bench_item_get_number (self, WS_BENCH_ITEM_GB_PER_S);
}

double
ws_bench_item_get_peak_share (WsBenchItem *self)
{
  return ws_bench_item_get_number (self, WS_BENCH_ITEM_PEAK_SHARE);
}

double
ws_bench_item_get_gflop_per_s (WsBenchItem *self)
{
  return ws_bench_item_get_number (self, WS_BENCH_ITEM_GFLOP_PER_S);
}

/* ---- rows against a baseline ---- */

/* Keys as a set. */
static GHashTable *
key_set (const GPtrArray *keys)
{
  GHashTable *set = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; keys != NULL && i < keys->len; i++)
    g_hash_table_add (set, keys->pdata[i]);
  return set;
}

/* key → its row in the baseline's table, counted from 1. */
static GHashTable *
row_index (const WsCsvTable *baseline)
{
  GHashTable *rows = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint r = 0; baseline != NULL && r < baseline->rows->len; r++)
    {
      const char *key = ws_csv_table_get (baseline, r, WS_BENCH_CSV_KEY);
      if (key != NULL && !g_hash_table_contains (rows, key))
        g_hash_table_insert (rows, (gpointer) key, GUINT_TO_POINTER (r + 1));
    }
  return rows;
}

/* What one comparison says of the rows: the sets looked up for each. */
typedef struct
{
  const WsCompareRuns *runs;
  const WsCsvTable    *baseline;
  GHashTable          *only_base, *only_new, *base_rows;
} Sides;

static double
base_row_median (const Sides *s, const char *key)
{
  guint r = GPOINTER_TO_UINT (g_hash_table_lookup (s->base_rows, key));
  double median = NAN;

  if (r > 0)
    ws_csv_table_number (s->baseline, r - 1, "median_s", &median);
  return median;
}

static void
place (WsBenchItem *item, const Sides *s)
{
  const char *key = ws_bench_item_get_key (item);
  const WsComparison *c = s->runs ? ws_compare_runs_lookup (s->runs, key) : NULL;

  if (c != NULL)
    ws_bench_item_set_comparison (item, WS_BENCH_ITEM_COMPARED, c, c->base_median);
  else if (g_hash_table_contains (s->only_new, key))
    ws_bench_item_set_comparison (item, WS_BENCH_ITEM_NOT_IN_BASELINE, NULL, NAN);
  else if (g_hash_table_contains (s->only_base, key))
    ws_bench_item_set_comparison (item, WS_BENCH_ITEM_ONLY_IN_BASELINE, NULL,
                                  base_row_median (s, key));
  else
    ws_bench_item_set_comparison (item, WS_BENCH_ITEM_UNCOMPARED, NULL, NAN);
}

/* The baseline's configurations the results have no row of, as rows of
 * their own (where the baseline's table has them). */
static void
add_baseline_rows (GPtrArray *items, const Sides *s, GHashTable *shown)
{
  for (guint i = 0; s->runs != NULL && i < s->runs->only_base->len; i++)
    {
      const char *key = s->runs->only_base->pdata[i];
      guint r = GPOINTER_TO_UINT (g_hash_table_lookup (s->base_rows, key));
      if (r > 0 && !g_hash_table_contains (shown, key))
        g_ptr_array_add (items, ws_bench_item_new_baseline_only (s->baseline, r - 1));
    }
}

void
ws_bench_items_compare (GPtrArray *items, const WsCompareRuns *runs, const WsCsvTable *baseline)
{
  g_autoptr (GHashTable) shown = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) only_base = key_set (runs ? runs->only_base : NULL);
  g_autoptr (GHashTable) only_new = key_set (runs ? runs->only_new : NULL);
  g_autoptr (GHashTable) base_rows = row_index (runs ? baseline : NULL);
  Sides s = { runs, baseline, only_base, only_new, base_rows };

  g_return_if_fail (items != NULL);
  for (guint i = 0; i < items->len; i++)
    {
      place (items->pdata[i], &s);
      g_hash_table_add (shown, (gpointer) ws_bench_item_get_key (items->pdata[i]));
    }
  add_baseline_rows (items, &s, shown);
}
