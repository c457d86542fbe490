/* ws-bench-json.c: result.json (see ws-bench-json.h). */
#include "ws-bench-json-private.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "ws-bench-csv.h"
#include "ws-error.h"
#include "ws-file.h"

struct _WsBenchJson
{
  WsBenchContext *context;
  GPtrArray      *configs; /* WsBenchJsonConfig *, in the order rows finished */
  GHashTable     *index;   /* key → its place in configs + 1 */
  gint64          last_end;      /* µs, monotonic: when the last write ended; 0 none yet */
  gint64          last_duration; /* µs it took */
};

void
ws_bench_json_config_free (WsBenchJsonConfig *c)
{
  if (c == NULL)
    return;
  g_free (c->key);
  g_strfreev (c->fields);
  g_clear_pointer (&c->samples, g_array_unref);
  g_free (c);
}

WsBenchJson *
ws_bench_json_new (WsBenchContext *context)
{
  WsBenchJson *j = g_new0 (WsBenchJson, 1);

  j->context = context != NULL ? context : g_new0 (WsBenchContext, 1);
  j->configs = g_ptr_array_new_with_free_func ((GDestroyNotify) ws_bench_json_config_free);
  j->index = g_hash_table_new (g_str_hash, g_str_equal);
  return j;
}

void
ws_bench_json_free (WsBenchJson *j)
{
  if (j == NULL)
    return;
  ws_bench_context_free (j->context);
  g_hash_table_unref (j->index);
  g_ptr_array_unref (j->configs);
  g_free (j);
}

const WsBenchContext *
ws_bench_json_context (const WsBenchJson *j)
{
  return j->context;
}

guint
ws_bench_json_n_configs (const WsBenchJson *j)
{
  return j->configs->len;
}

const WsBenchJsonConfig *
ws_bench_json_config (const WsBenchJson *j, guint i)
{
  g_return_val_if_fail (i < j->configs->len, NULL);
  return j->configs->pdata[i];
}

const WsBenchJsonConfig *
ws_bench_json_lookup (const WsBenchJson *j, const char *key)
{
  guint at = GPOINTER_TO_UINT (g_hash_table_lookup (j->index, key));

  return at ? j->configs->pdata[at - 1] : NULL;
}

/* Takes c; a configuration of the same key keeps its place. The index's
 * key is the configuration's own string, so a replaced one leaves the
 * index (g_hash_table_replace puts c's key in) before it is freed:
 * g_hash_table_insert would keep, and compare with, the freed key. */
void
ws_bench_json_put_config (WsBenchJson *j, WsBenchJsonConfig *c)
{
  guint at = GPOINTER_TO_UINT (g_hash_table_lookup (j->index, c->key));

  if (at != 0)
    {
      WsBenchJsonConfig *old = j->configs->pdata[at - 1];

      j->configs->pdata[at - 1] = c;
      g_hash_table_replace (j->index, c->key, GUINT_TO_POINTER (at));
      ws_bench_json_config_free (old);
      return;
    }
  g_ptr_array_add (j->configs, c);
  g_hash_table_insert (j->index, c->key, GUINT_TO_POINTER (j->configs->len));
}

void
ws_bench_json_add_row (WsBenchJson *j, const WsBenchRow *row, const char *const *fields)
{
  WsBenchJsonConfig *c = g_new0 (WsBenchJsonConfig, 1);

  g_return_if_fail (j != NULL && row != NULL && fields != NULL);
  c->key = g_strdup (row->config->key);
  c->fields = g_strdupv ((char **) fields);
  c->samples = row->samples != NULL ? g_array_copy (row->samples)
                                    : g_array_new (FALSE, FALSE, sizeof (double));
  ws_bench_json_put_config (j, c);
}

void
ws_bench_json_add_config (WsBenchJson *j, const WsBenchJsonConfig *from)
{
  WsBenchJsonConfig *c = g_new0 (WsBenchJsonConfig, 1);

  g_return_if_fail (j != NULL && from != NULL);
  c->key = g_strdup (from->key);
  c->fields = g_strdupv (from->fields);
  c->samples = g_array_copy (from->samples);
  ws_bench_json_put_config (j, c);
}

/* ---- the columns' kinds ---- */

/* result.csv's columns that are not numbers, and the counts among the
 * numbers; the seed is text (see the header). */
WsBenchJsonKind
ws_bench_json_column_kind (const char *name)
{
  static const char *const text[] = { "key", "algorithm", "variant", "type", "distribution",
                                      "params", "seed", "timing", "baseline", "status",
                                      "device", "message", NULL };
  static const char *const integer[] = { "n", "instance", "samples", "device_index", NULL };

  if (g_str_equal (name, "cold"))
    return WS_BENCH_JSON_FLAG;
  if (g_strv_contains (text, name))
    return WS_BENCH_JSON_TEXT;
  return g_strv_contains (integer, name) ? WS_BENCH_JSON_COUNT : WS_BENCH_JSON_NUMBER;
}

/* ---- writing ---- */

static void
member_string (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
member_int (JsonBuilder *b, const char *name, gint64 value, gboolean known)
{
  json_builder_set_member_name (b, name);
  if (known)
    json_builder_add_int_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
build_gpu (JsonBuilder *b, const WsBenchContext *c)
{
  json_builder_set_member_name (b, "gpu");
  if (c->gpu == NULL)
    {
      json_builder_add_null_value (b);
      return;
    }
  json_builder_begin_object (b);
  member_string (b, "name", c->gpu);
  member_string (b, "capability", c->gpu_capability);
  member_int (b, "sms", c->gpu_sms, c->gpu_sms > 0);
  member_int (b, "memory_bytes", (gint64) c->gpu_memory, c->gpu_memory > 0);
  member_int (b, "clock_khz", c->gpu_clock_khz, c->gpu_clock_khz > 0);
  member_int (b, "memory_clock_khz", c->gpu_memory_clock_khz, c->gpu_memory_clock_khz > 0);
  json_builder_end_object (b);
}

/* The GPUs a run named (ws-bench-devices.h): only such a run has them. */
static void
build_devices (JsonBuilder *b, const GPtrArray *devices)
{
  if (devices == NULL)
    return;
  json_builder_set_member_name (b, "devices");
  json_builder_begin_array (b);
  for (guint i = 0; i < devices->len; i++)
    {
      const WsBenchContextGpu *g = devices->pdata[i];
      json_builder_begin_object (b);
      member_int (b, "index", g->index, TRUE);
      member_string (b, "name", g->name);
      member_string (b, "capability", g->capability);
      member_int (b, "memory_bytes", (gint64) g->memory, g->memory > 0);
      member_string (b, "uuid", g->uuid);
      member_string (b, "pci_bus_id", g->pci_bus_id);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* Where a run was measured: what a shard's entry in a merged run's
 * "shards" holds too. */
static void
build_machine (JsonBuilder *b, const WsBenchContext *c)
{
  if (c->shard != NULL)
    member_string (b, "shard", c->shard);
  member_string (b, "host", c->host);
  json_builder_set_member_name (b, "cpu");
  json_builder_begin_object (b);
  member_string (b, "model", c->cpu);
  member_int (b, "logical_cpus", c->logical_cpus, c->logical_cpus > 0);
  member_int (b, "physical_cores", c->physical_cores, c->physical_cores > 0);
  member_int (b, "threads", c->threads, c->threads > 0);
  json_builder_end_object (b);
  build_gpu (b, c);
  build_devices (b, c->devices);
  member_string (b, "cuda", c->cuda);
  member_string (b, "driver", c->driver);
}

static void
build_context (JsonBuilder *b, const WsBenchContext *c)
{
  json_builder_set_member_name (b, "context");
  json_builder_begin_object (b);
  build_machine (b, c);
  member_string (b, "build", c->build);
  member_string (b, "plan_hash", c->plan_hash);
  member_string (b, "device", c->device);
  member_string (b, "preset", c->preset);
  json_builder_set_member_name (b, "plan");
  json_builder_begin_object (b);
  for (guint i = 0; c->settings != NULL && c->settings[i] != NULL; i++)
    member_string (b, c->settings[i], c->values[i]);
  json_builder_end_object (b);
  /* A merged run's shards: their plan and build are the run's, so each
   * says only its machine and device. */
  if (c->shards != NULL)
    {
      json_builder_set_member_name (b, "shards");
      json_builder_begin_array (b);
      for (guint i = 0; i < c->shards->len; i++)
        {
          const WsBenchContext *s = c->shards->pdata[i];
          json_builder_begin_object (b);
          build_machine (b, s);
          member_string (b, "device", s->device);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
}

/* A field of result.csv as its JSON value: empty numbers and flags are null. */
static void
add_field (JsonBuilder *b, WsBenchJsonKind kind, const char *text)
{
  if (kind == WS_BENCH_JSON_TEXT)
    json_builder_add_string_value (b, text);
  else if (text[0] == '\0')
    json_builder_add_null_value (b);
  else if (kind == WS_BENCH_JSON_FLAG)
    json_builder_add_boolean_value (b, g_str_equal (text, "true"));
  else if (kind == WS_BENCH_JSON_COUNT)
    json_builder_add_int_value (b, g_ascii_strtoll (text, NULL, 10));
  else
    json_builder_add_double_value (b, g_ascii_strtod (text, NULL));
}

static void
build_config (JsonBuilder *b, const WsBenchJsonConfig *c)
{
  const char *const *columns = ws_bench_csv_columns ();

  json_builder_begin_object (b);
  member_string (b, "key", c->key);
  json_builder_set_member_name (b, "row");
  json_builder_begin_object (b);
  for (guint i = 0; columns[i] != NULL; i++)
    if (!g_str_equal (columns[i], WS_BENCH_CSV_KEY))
      {
        json_builder_set_member_name (b, columns[i]);
        add_field (b, ws_bench_json_column_kind (columns[i]), c->fields[i]);
      }
  json_builder_end_object (b);
  json_builder_set_member_name (b, "samples");
  json_builder_begin_array (b);
  for (guint i = 0; i < c->samples->len; i++)
    json_builder_add_double_value (b, g_array_index (c->samples, double, i));
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static char *
to_text (const WsBenchJson *j, gsize *length)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;

  json_builder_begin_object (b);
  member_string (b, "format", WS_BENCH_JSON_FORMAT);
  member_int (b, "version", WS_BENCH_JSON_VERSION, TRUE);
  build_context (b, j->context);
  json_builder_set_member_name (b, "configurations");
  json_builder_begin_array (b);
  for (guint i = 0; i < j->configs->len; i++)
    build_config (b, j->configs->pdata[i]);
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  return json_generator_to_data (gen, length);
}

gboolean
ws_bench_json_write (WsBenchJson *j, const char *path, GError **error)
{
  gint64 start = g_get_monotonic_time ();
  gsize length = 0;
  g_autofree char *text = NULL;
  gboolean ok;

  g_return_val_if_fail (j != NULL && path != NULL, FALSE);
  text = to_text (j, &length);
  ok = ws_file_write_atomic (path, text, length, error);
  j->last_end = g_get_monotonic_time ();
  j->last_duration = j->last_end - start;
  return ok;
}

gboolean
ws_bench_json_write_due (WsBenchJson *j, const char *path, GError **error)
{
  gint64 wait = MAX (G_USEC_PER_SEC, 10 * j->last_duration);

  if (j->last_end != 0 && g_get_monotonic_time () - j->last_end < wait)
    return TRUE;
  return ws_bench_json_write (j, path, error);
}

gboolean
ws_bench_json_is_json_path (const char *path)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  return g_str_has_suffix (lower, ".json");
}
