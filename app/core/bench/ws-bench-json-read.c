/* ws-bench-json-read.c: result.json read back, and what its readers take
 * from it — compare's samples, the charts' and the table's rows (see
 * ws-bench-json.h). Every error names the file and the member at fault,
 * the way a user would find it in the file: "configurations[2].samples[5]".
 */
#include "ws-bench-json-private.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "ws-bench-csv.h"
#include "ws-error.h"
#include "ws-file.h"

/* A result file may hold millions of samples; past this it is not ours. */
#define MAX_BYTES ((gsize) 1 << 30)

typedef struct
{
  const char *path;
  GError    **error;
} Reader;

static gboolean
fail (Reader *r, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (Reader *r, const char *format, ...)
{
  va_list args;
  g_autofree char *what = NULL;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (r->error, WS_ERROR, WS_ERROR_PARSE, "%s: %s", r->path, what);
  return FALSE;
}

/* What a node is, for "… is a string, not a number". */
static const char *
kind_of (JsonNode *node)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      return "an object";
    case JSON_NODE_ARRAY:
      return "an array";
    case JSON_NODE_NULL:
      return "null";
    case JSON_NODE_VALUE:
    default:
      if (json_node_get_value_type (node) == G_TYPE_STRING)
        return "a string";
      return json_node_get_value_type (node) == G_TYPE_BOOLEAN ? "true or false" : "a number";
    }
}

static gboolean
is_number (JsonNode *node)
{
  GType t = JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node) : G_TYPE_INVALID;

  return t == G_TYPE_INT64 || t == G_TYPE_DOUBLE;
}

/* ---- the context ---- */

/* A string member: *out stays NULL where it is missing or null. */
static gboolean
get_string (Reader *r, JsonObject *o, const char *where, const char *name, char **out)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
    return fail (r, "%s.%s is %s, not a string", where, name, kind_of (n));
  *out = g_strdup (json_node_get_string (n));
  return TRUE;
}

/* A count member (0 where missing or null). */
static gboolean
get_count (Reader *r, JsonObject *o, const char *where, const char *name, guint64 *out)
{
  JsonNode *n = json_object_get_member (o, name);
  double v;

  *out = 0;
  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return TRUE;
  v = is_number (n) ? json_node_get_double (n) : NAN;
  if (!(v >= 0 && v == floor (v) && v < 0x1p63))
    return fail (r, "%s.%s is %s, not a count", where, name, kind_of (n));
  *out = (guint64) v;
  return TRUE;
}

/* An object member, or NULL (not an error) where it is missing or null. */
static gboolean
get_object (Reader *r, JsonObject *o, const char *where, const char *name, JsonObject **out)
{
  JsonNode *n = json_object_get_member (o, name);

  *out = NULL;
  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (n))
    return fail (r, "%s%s%s is %s, not an object", where, *where ? "." : "", name, kind_of (n));
  *out = json_node_get_object (n);
  return TRUE;
}

static gboolean
read_cpu (Reader *r, JsonObject *cpu, const char *where, WsBenchContext *c)
{
  g_autofree char *at = g_strconcat (where, ".cpu", NULL);
  guint64 logical, physical, threads;

  if (cpu == NULL)
    return TRUE;
  if (!get_string (r, cpu, at, "model", &c->cpu)
      || !get_count (r, cpu, at, "logical_cpus", &logical)
      || !get_count (r, cpu, at, "physical_cores", &physical)
      || !get_count (r, cpu, at, "threads", &threads))
    return FALSE;
  c->logical_cpus = (guint) MIN (logical, G_MAXUINT);
  c->physical_cores = (guint) MIN (physical, G_MAXUINT);
  c->threads = (guint) MIN (threads, G_MAXUINT);
  return TRUE;
}

static gboolean
read_gpu (Reader *r, JsonObject *gpu, const char *where, WsBenchContext *c)
{
  g_autofree char *at = g_strconcat (where, ".gpu", NULL);
  guint64 sms, clock, memory_clock;

  if (gpu == NULL)
    return TRUE;
  if (!get_string (r, gpu, at, "name", &c->gpu)
      || !get_string (r, gpu, at, "capability", &c->gpu_capability)
      || !get_count (r, gpu, at, "sms", &sms)
      || !get_count (r, gpu, at, "memory_bytes", &c->gpu_memory)
      || !get_count (r, gpu, at, "clock_khz", &clock)
      || !get_count (r, gpu, at, "memory_clock_khz", &memory_clock))
    return FALSE;
  c->gpu_sms = (guint) MIN (sms, G_MAXUINT);
  c->gpu_clock_khz = (int) MIN (clock, G_MAXINT);
  c->gpu_memory_clock_khz = (int) MIN (memory_clock, G_MAXINT);
  return TRUE;
}

/* One of "devices": a GPU the run named. */
static gboolean
read_device (Reader *r, JsonNode *n, const char *where, WsBenchContextGpu *g)
{
  JsonObject *o;
  guint64 index;

  if (!JSON_NODE_HOLDS_OBJECT (n))
    return fail (r, "%s is %s, not an object", where, kind_of (n));
  o = json_node_get_object (n);
  if (!get_count (r, o, where, "index", &index) || !get_string (r, o, where, "name", &g->name)
      || !get_string (r, o, where, "capability", &g->capability)
      || !get_count (r, o, where, "memory_bytes", &g->memory)
      || !get_string (r, o, where, "uuid", &g->uuid)
      || !get_string (r, o, where, "pci_bus_id", &g->pci_bus_id))
    return FALSE;
  g->index = (int) MIN (index, G_MAXINT);
  return TRUE;
}

/* The GPUs a run named (missing in others' files: NULL). */
static gboolean
read_devices (Reader *r, JsonObject *o, const char *where, WsBenchContext *c)
{
  JsonNode *n = json_object_get_member (o, "devices");
  JsonArray *a;

  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (n))
    return fail (r, "%s.devices is %s, not an array", where, kind_of (n));
  a = json_node_get_array (n);
  c->devices = g_ptr_array_new_with_free_func ((GDestroyNotify) ws_bench_context_gpu_free);
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      g_autofree char *at = g_strdup_printf ("%s.devices[%u]", where, i);
      WsBenchContextGpu *g = g_new0 (WsBenchContextGpu, 1);
      g_ptr_array_add (c->devices, g);
      if (!read_device (r, json_array_get_element (a, i), at, g))
        return FALSE;
    }
  return TRUE;
}

/* What build_machine writes: the context's, or a merged run's shard's. */
static gboolean
read_machine (Reader *r, JsonObject *o, const char *where, WsBenchContext *c)
{
  JsonObject *cpu, *gpu;

  return get_string (r, o, where, "shard", &c->shard)
         && get_string (r, o, where, "host", &c->host)
         && get_object (r, o, where, "cpu", &cpu) && read_cpu (r, cpu, where, c)
         && get_object (r, o, where, "gpu", &gpu) && read_gpu (r, gpu, where, c)
         && read_devices (r, o, where, c)
         && get_string (r, o, where, "cuda", &c->cuda)
         && get_string (r, o, where, "driver", &c->driver);
}

/* A merged run's "shards" (missing in any other run's). */
static gboolean
read_shards (Reader *r, JsonObject *o, WsBenchContext *c)
{
  JsonNode *n = json_object_get_member (o, "shards");
  JsonArray *a;

  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (n))
    return fail (r, "context.shards is %s, not an array", kind_of (n));
  a = json_node_get_array (n);
  c->shards = g_ptr_array_new_with_free_func ((GDestroyNotify) ws_bench_context_free);
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonNode *e = json_array_get_element (a, i);
      g_autofree char *where = g_strdup_printf ("context.shards[%u]", i);
      WsBenchContext *s;
      if (!JSON_NODE_HOLDS_OBJECT (e))
        return fail (r, "%s is %s, not an object", where, kind_of (e));
      s = g_new0 (WsBenchContext, 1);
      g_ptr_array_add (c->shards, s);
      if (!read_machine (r, json_node_get_object (e), where, s)
          || !get_string (r, json_node_get_object (e), where, "device", &s->device))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_plan (Reader *r, JsonObject *plan, WsBenchContext *c)
{
  g_autoptr (GList) names = plan ? json_object_get_members (plan) : NULL;
  guint n = g_list_length (names), i = 0;

  c->settings = g_new0 (char *, n + 1);
  c->values = g_new0 (char *, n + 1);
  for (GList *l = names; l != NULL; l = l->next, i++)
    {
      c->settings[i] = g_strdup (l->data);
      if (!get_string (r, plan, "context.plan", l->data, &c->values[i]))
        return FALSE;
      if (c->values[i] == NULL)
        c->values[i] = g_strdup ("");
    }
  return TRUE;
}

static gboolean
read_context (Reader *r, JsonObject *root, WsBenchContext *c)
{
  JsonObject *o, *plan;

  if (!get_object (r, root, "", "context", &o))
    return FALSE;
  if (o == NULL)
    return read_plan (r, NULL, c);
  return read_machine (r, o, "context", c)
         && get_string (r, o, "context", "build", &c->build)
         && get_string (r, o, "context", "plan_hash", &c->plan_hash)
         && get_string (r, o, "context", "device", &c->device)
         && get_string (r, o, "context", "preset", &c->preset)
         && get_object (r, o, "context", "plan", &plan) && read_plan (r, plan, c)
         && read_shards (r, o, c);
}

/* ---- the configurations ---- */

/* A row member as result.csv's field: numbers in its notation (%.9g,
 * counts whole), null as empty. */
static gboolean
read_field (Reader *r, guint at, const char *column, JsonNode *n, char **out)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  double v;
  WsBenchJsonKind kind = ws_bench_json_column_kind (column);

  if (JSON_NODE_HOLDS_NULL (n))
    return *out = g_strdup (""), TRUE;
  if (kind == WS_BENCH_JSON_FLAG)
    {
      if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_BOOLEAN)
        return fail (r, "configurations[%u].row.%s is %s, not true or false", at, column,
                     kind_of (n));
      return *out = g_strdup (json_node_get_boolean (n) ? "true" : "false"), TRUE;
    }
  if (kind == WS_BENCH_JSON_TEXT)
    {
      if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
        return fail (r, "configurations[%u].row.%s is %s, not a string", at, column, kind_of (n));
      return *out = g_strdup (json_node_get_string (n)), TRUE;
    }
  if (!is_number (n))
    return fail (r, "configurations[%u].row.%s is %s, not a number", at, column, kind_of (n));
  v = json_node_get_double (n);
  if (kind == WS_BENCH_JSON_COUNT && !(v >= 0 && v == floor (v) && v < 0x1p63))
    return fail (r, "configurations[%u].row.%s is %g, not a count", at, column, v);
  *out = g_strdup (kind == WS_BENCH_JSON_COUNT ? g_ascii_formatd (buf, sizeof buf, "%.0f", v)
                                            : g_ascii_formatd (buf, sizeof buf, "%.9g", v));
  return TRUE;
}

/* The row's fields in result.csv's columns; a column the row lacks is
 * empty, as a result.csv without it reads; members of no column are
 * passed over (a later version's). */
static gboolean
read_row (Reader *r, guint at, JsonObject *row, WsBenchJsonConfig *c)
{
  const char *const *columns = ws_bench_csv_columns ();
  guint n = g_strv_length ((char **) columns);

  c->fields = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *node = json_object_get_member (row, columns[i]);
      if (g_str_equal (columns[i], WS_BENCH_CSV_KEY))
        c->fields[i] = g_strdup (c->key);
      else if (node == NULL)
        c->fields[i] = g_strdup ("");
      else if (!read_field (r, at, columns[i], node, &c->fields[i]))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_samples (Reader *r, guint at, JsonArray *a, WsBenchJsonConfig *c)
{
  guint n = json_array_get_length (a);

  c->samples = g_array_sized_new (FALSE, FALSE, sizeof (double), n);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *node = json_array_get_element (a, i);
      double v = is_number (node) ? json_node_get_double (node) : NAN;
      if (!isfinite (v) || v < 0)
        {
          if (is_number (node))
            return fail (r, "configurations[%u].samples[%u] is %g, not a time in seconds", at, i, v);
          return fail (r, "configurations[%u].samples[%u] is %s, not a time in seconds", at, i,
                       kind_of (node));
        }
      g_array_append_val (c->samples, v);
    }
  return TRUE;
}

static gboolean
read_config (Reader *r, guint at, JsonNode *node, WsBenchJson *j)
{
  g_autoptr (WsBenchJsonConfig) c = g_new0 (WsBenchJsonConfig, 1);
  g_autofree char *where = g_strdup_printf ("configurations[%u]", at);
  JsonObject *o, *row;
  JsonNode *samples;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail (r, "configurations[%u] is %s, not an object", at, kind_of (node));
  o = json_node_get_object (node);
  if (!get_string (r, o, where, "key", &c->key))
    return FALSE;
  if (c->key == NULL)
    return fail (r, "configurations[%u] has no key", at);
  if (ws_bench_json_lookup (j, c->key) != NULL)
    return fail (r, "configurations[%u]: the key “%s” appears twice", at, c->key);
  if (!get_object (r, o, where, "row", &row))
    return FALSE;
  if (row == NULL)
    return fail (r, "configurations[%u] (%s) has no row", at, c->key);
  samples = json_object_get_member (o, "samples");
  if (samples == NULL || !JSON_NODE_HOLDS_ARRAY (samples))
    return fail (r, "configurations[%u] (%s) has no samples array%s%s", at, c->key,
                 samples ? ": it is " : "", samples ? kind_of (samples) : "");
  if (!read_row (r, at, row, c) || !read_samples (r, at, json_node_get_array (samples), c))
    return FALSE;
  ws_bench_json_put_config (j, g_steal_pointer (&c)); /* read, not copied again */
  return TRUE;
}

static gboolean
read_header (Reader *r, JsonNode *root)
{
  JsonObject *o;
  JsonNode *format, *version;

  if (root == NULL)
    return fail (r, "the file is empty; it is not a result.json");
  if (!JSON_NODE_HOLDS_OBJECT (root))
    return fail (r, "the file holds %s, not a Warpscope result (an object)", kind_of (root));
  o = json_node_get_object (root);
  format = json_object_get_member (o, "format");
  if (format == NULL || !JSON_NODE_HOLDS_VALUE (format)
      || json_node_get_value_type (format) != G_TYPE_STRING
      || g_strcmp0 (json_node_get_string (format), WS_BENCH_JSON_FORMAT) != 0)
    return fail (r, "not a Warpscope result (its \"format\" is not \"%s\")", WS_BENCH_JSON_FORMAT);
  version = json_object_get_member (o, "version");
  if (version == NULL || !is_number (version))
    return fail (r, "its \"version\" is missing or not a number");
  if (json_node_get_double (version) > WS_BENCH_JSON_VERSION)
    return fail (r, "written by a newer Warpscope (version %g; this one reads %d): update "
                 "Warpscope to read it", json_node_get_double (version), WS_BENCH_JSON_VERSION);
  return TRUE;
}

static WsBenchJson *
read_document (Reader *r, JsonNode *root)
{
  g_autoptr (WsBenchJson) j = NULL;
  WsBenchContext *c = g_new0 (WsBenchContext, 1);
  JsonNode *configs;

  j = ws_bench_json_new (c);
  if (!read_header (r, root) || !read_context (r, json_node_get_object (root), c))
    return NULL;
  configs = json_object_get_member (json_node_get_object (root), "configurations");
  if (configs == NULL || !JSON_NODE_HOLDS_ARRAY (configs))
    return fail (r, "it has no \"configurations\" array"), NULL;
  for (guint i = 0; i < json_array_get_length (json_node_get_array (configs)); i++)
    if (!read_config (r, i, json_array_get_element (json_node_get_array (configs), i), j))
      return NULL;
  return g_steal_pointer (&j);
}

WsBenchJson *
ws_bench_json_load (const char *path, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) local = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;
  Reader r = { path, error };

  g_return_val_if_fail (path != NULL, NULL);
  if (!ws_file_read_input (path, MAX_BYTES, "a result file", &text, &length, error))
    return NULL;
  if (!json_parser_load_from_data (parser, text, (gssize) length, &local))
    {
      /* JSON-GLib says "<data>:LINE:COLUMN: Parse error: …" of text it was
       * given: the line and column belong after the file's name. It quotes
       * the text at fault, which need not be UTF-8, and says nothing of
       * text that is not UTF-8 at all. */
      g_autofree char *m = g_utf8_make_valid (local->message, -1);
      const char *at = g_str_has_prefix (m, "<data>:") ? m + strlen ("<data>") : NULL;
      if (at == NULL && !g_utf8_validate_len (text, length, NULL))
        g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "%s: not UTF-8 text, as a result.json is "
                     "(the file is damaged, or not a result.json)", path);
      else
        g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "%s%s%s (not valid JSON: the file is "
                     "damaged, or not a result.json)", path, at ? "" : ": ", at ? at : m);
      return NULL;
    }
  return read_document (&r, json_parser_get_root (parser));
}

/* ---- what readers take ---- */

WsBenchSamples *
ws_bench_json_samples (const WsBenchJson *j)
{
  WsBenchSamples *s = g_new0 (WsBenchSamples, 1);

  s->keys = g_ptr_array_new ();
  s->samples = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                      (GDestroyNotify) g_array_unref);
  for (guint i = 0; i < ws_bench_json_n_configs (j); i++)
    {
      const WsBenchJsonConfig *c = ws_bench_json_config (j, i);
      char *key;
      if (c->samples->len == 0)
        continue;
      key = g_strdup (c->key);
      g_ptr_array_add (s->keys, key);
      g_hash_table_insert (s->samples, key, g_array_copy (c->samples));
    }
  return s;
}

WsCsvTable *
ws_bench_json_table (const WsBenchJson *j)
{
  WsCsvTable *t = ws_csv_table_new (ws_bench_csv_columns ());

  for (guint i = 0; i < ws_bench_json_n_configs (j); i++)
    ws_csv_table_append_line (t, g_strdupv (ws_bench_json_config (j, i)->fields), i + 1);
  return t;
}
