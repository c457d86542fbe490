/* ws-bench-record.c: run.ini (see ws-bench-record.h). */
#include "ws-bench-record.h"

#include "ws-bench-devices.h"
#include "ws-build-id.h"
#include "ws-config.h"
#include "ws-device-info.h"
#include "ws-error.h"
#include "ws-file.h"
#include "ws-system.h"

#define HASH_CHARS 16

struct _WsBenchRecord
{
  char      *hash, *build, *device;
  char      *shard;         /* "2/4"; NULL for a whole run */
  GPtrArray *keys, *values; /* the plan's settings, in order */
};

static WsBenchRecord *
record_alloc (void)
{
  WsBenchRecord *r = g_new0 (WsBenchRecord, 1);

  r->keys = g_ptr_array_new_with_free_func (g_free);
  r->values = g_ptr_array_new_with_free_func (g_free);
  return r;
}

void
ws_bench_record_free (WsBenchRecord *r)
{
  if (r == NULL)
    return;
  g_free (r->hash), g_free (r->build), g_free (r->device), g_free (r->shard);
  g_ptr_array_unref (r->keys);
  g_ptr_array_unref (r->values);
  g_free (r);
}

static void
put (WsBenchRecord *r, const char *key, char *value)
{
  g_ptr_array_add (r->keys, g_strdup (key));
  g_ptr_array_add (r->values, value);
}

/* ---- the plan, normalised ---- */

/* The algorithms in registry order: the preset's order changes no row. */
static char *
algorithms_text (const WsPreset *p)
{
  g_autoptr (GString) s = g_string_new (NULL);
  guint n;
  const WsAlgorithm *const *all = ws_registry_list (&n);

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < p->algorithms->len; j++)
      if (p->algorithms->pdata[j] == all[i])
        g_string_append_printf (s, "%s%s", s->len ? ", " : "", all[i]->name);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static char *
variants_text (const WsPreset *p)
{
  g_autoptr (GString) s = g_string_new (NULL);

  for (guint v = 0; v < WS_N_VARIANTS; v++)
    for (guint j = 0; j < p->variants->len; j++)
      if (g_array_index (p->variants, WsVariant, j) == v)
        g_string_append_printf (s, "%s%s", s->len ? ", " : "", ws_variant_name (v));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

typedef struct
{
  gsize size;
  guint repetitions;
} SizeReps;

static int
by_size (gconstpointer a, gconstpointer b)
{
  gsize x = ((const SizeReps *) a)->size, y = ((const SizeReps *) b)->size;

  return x < y ? -1 : x > y;
}

/* Sizes ascending, and their repetitions in the same order: one count
 * when every size has the same. */
static void
put_sizes (WsBenchRecord *r, const WsPreset *p)
{
  g_autoptr (GArray) pairs = g_array_new (FALSE, TRUE, sizeof (SizeReps));
  g_autoptr (GString) sizes = g_string_new (NULL), reps = g_string_new (NULL);
  gboolean same = TRUE;

  for (guint i = 0; i < p->sizes->len; i++)
    {
      SizeReps sr = { g_array_index (p->sizes, gsize, i),
                      p->adaptive ? 0 : g_array_index (p->repetitions, guint, i) };
      g_array_append_val (pairs, sr);
    }
  g_array_sort (pairs, by_size);
  for (guint i = 0; i < pairs->len; i++)
    {
      SizeReps *sr = &g_array_index (pairs, SizeReps, i);
      same &= sr->repetitions == g_array_index (pairs, SizeReps, 0).repetitions;
      g_string_append_printf (sizes, "%s%" G_GSIZE_FORMAT, i ? ", " : "", sr->size);
      g_string_append_printf (reps, "%s%u", i ? ", " : "", sr->repetitions);
    }
  put (r, "sizes", g_strdup (sizes->str));
  if (p->adaptive)
    put (r, "repetitions", g_strdup ("adaptive"));
  else
    put (r, "repetitions", same ? g_strdup_printf ("%u", g_array_index (pairs, SizeReps, 0).repetitions)
                                : g_strdup (reps->str));
}

static char *
number (double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.9g", v));
}

static void
put_adaptive (WsBenchRecord *r, const WsPreset *p)
{
  if (!p->adaptive)
    return;
  put (r, "adaptive.min_samples", g_strdup_printf ("%u", p->min_samples));
  put (r, "adaptive.max_samples", g_strdup_printf ("%u", p->max_samples));
  put (r, "adaptive.time_budget", number (p->time_budget));
  put (r, "adaptive.target_noise", number (p->target_noise));
}

static int
by_value (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static int
by_grid_name (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 ((*(const WsParamGrid *const *) a)->name, (*(const WsParamGrid *const *) b)->name);
}

/* Parameter grids by name, each one's values ascending. */
static void
put_grids (WsBenchRecord *r, const WsPreset *p)
{
  g_autoptr (GPtrArray) grids = g_ptr_array_new ();

  for (guint i = 0; i < p->grids->len; i++)
    g_ptr_array_add (grids, p->grids->pdata[i]);
  g_ptr_array_sort (grids, by_grid_name);
  for (guint i = 0; i < grids->len; i++)
    {
      const WsParamGrid *g = grids->pdata[i];
      g_autoptr (GArray) values = g_array_copy (g->values);
      g_autoptr (GString) s = g_string_new (NULL);
      g_autofree char *key = g_strconcat ("params.", g->name, NULL);

      g_array_sort (values, by_value);
      for (guint v = 0; v < values->len; v++)
        g_string_append_printf (s, "%s%" G_GINT64_FORMAT, v ? ", " : "", g_array_index (values, gint64, v));
      put (r, key, g_strdup (s->str));
    }
}

static void
put_plan (WsBenchRecord *r, const WsPreset *p)
{
  put (r, "algorithms", algorithms_text (p));
  put (r, "variants", variants_text (p));
  put (r, "baseline", g_strdup (ws_variant_name (p->baseline)));
  put_sizes (r, p);
  put_adaptive (r, p);
  put (r, "warmup", g_strdup_printf ("%u", p->warmup));
  put (r, "instances", g_strdup_printf ("%u", p->instances));
  put (r, "type", g_strdup (ws_key_type_name (p->type)));
  put (r, "distribution", g_strdup (ws_distribution_name (p->distribution)));
  put (r, "seed", g_strdup_printf ("%" G_GUINT64_FORMAT, p->seed));
  put (r, "verify", g_strdup (p->verify ? "true" : "false"));
  put (r, "stop_on_failure", g_strdup (p->stop_on_failure ? "true" : "false"));
  put (r, "timing", g_strdup (ws_timing_name (p->timing)));
  /* Only when on: a warm plan keeps the hash its folders had before the
   * key existed, so that --resume and merge still take them. */
  if (p->cold)
    put (r, "cold", g_strdup ("true"));
  /* Likewise only when they change the keys: GPU 0 alone is where a plan
   * without devices runs. */
  if (ws_bench_devices_recorded (p))
    put (r, "devices", ws_bench_devices_text (p->devices));
  put_grids (r, p);
}

static char *
plan_hash (const WsBenchRecord *r)
{
  g_autoptr (GString) s = g_string_new (NULL);
  g_autofree char *sum = NULL;

  for (guint i = 0; i < r->keys->len; i++)
    g_string_append_printf (s, "%s = %s\n", (char *) r->keys->pdata[i], (char *) r->values->pdata[i]);
  sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, s->str, s->len);
  return g_strndup (sum, HASH_CHARS);
}

/* ---- the build and the machine ---- */

char *
ws_bench_build_text (void)
{
  /* WS_BUILD_COMMIT is `git describe` at build time, "" outside a checkout. */
  return WS_BUILD_COMMIT[0] ? g_strdup_printf ("%s (%s)", WS_VERSION, WS_BUILD_COMMIT)
                            : g_strdup (WS_VERSION);
}

/* "; GPU 0 NAME, GPU 1 NAME": the GPUs named, each with its number. */
static void
append_gpus (GString *s, const WsPreset *p, const GArray *gpus)
{
  for (guint i = 0; i < p->devices->len; i++)
    {
      int d = g_array_index (p->devices, int, i);
      const char *name = (guint) d < gpus->len ? g_array_index (gpus, WsDeviceInfo, d).name : "?";
      g_string_append_printf (s, "%s GPU %d %s", i ? "," : ";", d, name);
    }
}

/* The CPU and the threads cpu-par uses; the GPU a plan's GPU rows run on,
 * or the GPUs named (but GPU 0 alone, where a plan without devices runs). */
static char *
device_text (const WsPreset *p, const GArray *gpus)
{
  WsCpuInfo cpu;
  GString *s = g_string_new (NULL);

  ws_system_cpu_info (&cpu);
  g_string_printf (s, "%s, %u threads", cpu.model, cpu.omp_threads);
  if (!ws_preset_has_gpu (p))
    return g_string_free (s, FALSE);
  if (gpus == NULL || gpus->len == 0)
    g_string_append (s, "; no GPU");
  else if (ws_bench_devices_recorded (p))
    append_gpus (s, p, gpus);
  else
    g_string_append_printf (s, "; GPU %s", g_array_index (gpus, WsDeviceInfo, 0).name);
  return g_string_free (s, FALSE);
}

WsBenchRecord *
ws_bench_record_new (const WsPreset *preset, const GArray *gpus)
{
  WsBenchRecord *r = record_alloc ();

  g_return_val_if_fail (preset != NULL, NULL);
  put_plan (r, preset);
  r->hash = plan_hash (r);
  r->build = ws_bench_build_text ();
  r->device = device_text (preset, gpus);
  return r;
}

void
ws_bench_record_set_shard (WsBenchRecord *r, const char *shard)
{
  g_return_if_fail (r != NULL);
  g_free (r->shard);
  r->shard = g_strdup (shard);
}

void
ws_bench_record_set_device (WsBenchRecord *r, const char *device)
{
  g_return_if_fail (r != NULL && device != NULL);
  g_free (r->device);
  r->device = g_strdup (device);
}

/* ---- the file ---- */

#define RUN_GROUP "run"
#define PLAN_GROUP "plan"

gboolean
ws_bench_record_write (const WsBenchRecord *r, const char *dir, GError **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autofree char *path = g_build_filename (dir, WS_BENCH_RECORD_FILE, NULL);
  g_autofree char *text = NULL;
  gsize length;

  g_key_file_set_comment (file, NULL, NULL, " What the rows of result.csv beside this file were "
                          "measured under.\n warpscope-cli bench --resume compares it with the plan "
                          "it is given.", NULL);
  g_key_file_set_string (file, RUN_GROUP, "hash", r->hash);
  g_key_file_set_string (file, RUN_GROUP, "build", r->build);
  g_key_file_set_string (file, RUN_GROUP, "device", r->device);
  if (r->shard != NULL)
    g_key_file_set_string (file, RUN_GROUP, "shard", r->shard);
  for (guint i = 0; i < r->keys->len; i++)
    g_key_file_set_string (file, PLAN_GROUP, r->keys->pdata[i], r->values->pdata[i]);
  text = g_key_file_to_data (file, &length, NULL);
  return ws_file_write_atomic (path, text, length, error);
}

static char *
must_get (GKeyFile *file, const char *path, const char *key, GError **error)
{
  g_autoptr (GError) local = NULL;
  char *value = g_key_file_get_string (file, RUN_GROUP, key, &local);

  if (value == NULL)
    g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "%s: %s", path, local->message);
  return value;
}

static WsBenchRecord *
record_from (GKeyFile *file, const char *path, GError **error)
{
  g_autoptr (WsBenchRecord) r = record_alloc ();
  g_auto (GStrv) keys = g_key_file_get_keys (file, PLAN_GROUP, NULL, NULL);

  if ((r->hash = must_get (file, path, "hash", error)) == NULL
      || (r->build = must_get (file, path, "build", error)) == NULL
      || (r->device = must_get (file, path, "device", error)) == NULL)
    return NULL;
  r->shard = g_key_file_get_string (file, RUN_GROUP, "shard", NULL);
  for (guint i = 0; keys != NULL && keys[i] != NULL; i++)
    {
      /* ws_bench_record_get answers these names from [run]: a plan key of
       * the same name would make a record differ from itself (found by
       * fuzzing); no plan writes one. */
      if (g_strv_contains ((const char *const[]) { "hash", "build", "device", "shard", NULL },
                           keys[i]))
        {
          g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "%s: [%s] has %s, which belongs in [%s]",
                       path, PLAN_GROUP, keys[i], RUN_GROUP);
          return NULL;
        }
      put (r, keys[i], g_key_file_get_string (file, PLAN_GROUP, keys[i], NULL));
    }
  return g_steal_pointer (&r);
}

WsBenchRecord *
ws_bench_record_read (const char *dir, GError **error)
{
  g_autofree char *path = g_build_filename (dir, WS_BENCH_RECORD_FILE, NULL);
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autofree char *text = NULL;
  gsize length = 0;
  g_autoptr (GError) local = NULL;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "%s does not exist", path);
      return NULL;
    }
  if (!ws_file_read_input (path, 1 << 20, "a run record", &text, &length, error))
    return NULL;
  /* GKeyFile checks the values it is asked for, not the key names, which
   * a message about a changed plan would quote (found by fuzzing). */
  if (!g_utf8_validate_len (text, length, NULL))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "%s: not UTF-8 text, as Warpscope writes it",
                   path);
      return NULL;
    }
  if (!g_key_file_load_from_data (file, text, length, G_KEY_FILE_NONE, &local))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "%s: %s", path, local->message);
      return NULL;
    }
  return record_from (file, path, error);
}

/* ---- comparing ---- */

const char *
ws_bench_record_get (const WsBenchRecord *r, const char *key)
{
  g_return_val_if_fail (r != NULL && key != NULL, NULL);
  if (g_str_equal (key, "hash"))
    return r->hash;
  if (g_str_equal (key, "build"))
    return r->build;
  if (g_str_equal (key, "device"))
    return r->device;
  if (g_str_equal (key, "shard"))
    return r->shard;
  for (guint i = 0; i < r->keys->len; i++)
    if (g_str_equal (r->keys->pdata[i], key))
      return r->values->pdata[i];
  return NULL;
}

GStrv
ws_bench_record_settings (const WsBenchRecord *r)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();

  g_return_val_if_fail (r != NULL, NULL);
  for (guint i = 0; i < r->keys->len; i++)
    g_strv_builder_add (b, r->keys->pdata[i]);
  return g_strv_builder_end (b);
}

static void
compare (GString *s, const char *key, const char *was, const char *now)
{
  if (g_strcmp0 (was, now) == 0)
    return;
  g_string_append_printf (s, "%s%s changed from %s to %s", s->len ? "; " : "", key,
                          was ? was : "(not set)", now ? now : "(not set)");
}

/* The plan's settings, its hash where they agree, and the build. */
static void
plan_changes (GString *s, const WsBenchRecord *was, const WsBenchRecord *now)
{
  for (guint i = 0; i < now->keys->len; i++)
    compare (s, now->keys->pdata[i], ws_bench_record_get (was, now->keys->pdata[i]),
             now->values->pdata[i]);
  for (guint i = 0; i < was->keys->len; i++)
    if (ws_bench_record_get (now, was->keys->pdata[i]) == NULL)
      compare (s, was->keys->pdata[i], was->values->pdata[i], NULL);
  /* Every setting alike yet another hash: edited, or another version's
   * normal form. */
  if (s->len == 0)
    compare (s, "the plan's hash", was->hash, now->hash);
  compare (s, "build", was->build, now->build);
}

char *
ws_bench_record_plan_changes (const WsBenchRecord *was, const WsBenchRecord *now)
{
  g_autoptr (GString) s = g_string_new (NULL);

  g_return_val_if_fail (was != NULL && now != NULL, NULL);
  plan_changes (s, was, now);
  return s->len ? g_string_free (g_steal_pointer (&s), FALSE) : NULL;
}

char *
ws_bench_record_changes (const WsBenchRecord *was, const WsBenchRecord *now)
{
  g_autoptr (GString) s = g_string_new (NULL);

  g_return_val_if_fail (was != NULL && now != NULL, NULL);
  plan_changes (s, was, now);
  compare (s, "device", was->device, now->device);
  compare (s, "shard", was->shard, now->shard);
  return s->len ? g_string_free (g_steal_pointer (&s), FALSE) : NULL;
}

gboolean
ws_bench_record_check (const char *dir, const WsBenchRecord *now, GError **error)
{
  g_autofree char *csv = g_build_filename (dir, "result.csv", NULL);
  g_autoptr (GError) local = NULL;
  g_autoptr (WsBenchRecord) was = NULL;
  g_autofree char *changes = NULL;

  if (!g_file_test (csv, G_FILE_TEST_EXISTS))
    return TRUE;
  if ((was = ws_bench_record_read (dir, &local)) == NULL)
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "%s has rows but no %s (a run of an "
                     "older Warpscope, or not a run folder): nothing says which plan, build and "
                     "device they were measured under", dir, WS_BENCH_RECORD_FILE);
      else
        g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "%s", local->message);
      return FALSE;
    }
  if ((changes = ws_bench_record_changes (was, now)) == NULL)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "the rows in %s were measured under "
               "another plan or setup: %s", dir, changes);
  return FALSE;
}
