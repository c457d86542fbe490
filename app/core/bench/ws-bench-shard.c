/* ws-bench-shard.c: a plan's shards (see ws-bench-shard.h). */
#include "ws-bench-shard.h"

#include <string.h>

#include "ws-error.h"
#include "ws-file.h"

/* A whole number in 1 … WS_BENCH_MAX_SHARDS, nothing else. */
static gboolean
parse_count (const char *text, guint *out)
{
  guint64 v;

  if (!g_ascii_string_to_unsigned (text, 10, 1, WS_BENCH_MAX_SHARDS, &v, NULL))
    return FALSE;
  *out = (guint) v;
  return TRUE;
}

gboolean
ws_bench_shard_parse (const char *text, WsBenchShard *shard, GError **error)
{
  g_auto (GStrv) parts = NULL;
  WsBenchShard s = { 0 };

  g_return_val_if_fail (text != NULL && shard != NULL, FALSE);
  parts = g_strsplit (text, "/", -1);
  if (g_strv_length (parts) != 2 || !parse_count (parts[0], &s.index)
      || !parse_count (parts[1], &s.count) || s.index > s.count)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "--shard “%s” is not a shard: "
                   "write I/N, shard I of N counted from 1 (“2/4”), N at most %u", text,
                   WS_BENCH_MAX_SHARDS);
      return FALSE;
    }
  *shard = s;
  return TRUE;
}

char *
ws_bench_shard_text (const WsBenchShard *shard)
{
  return g_strdup_printf ("%u/%u", shard->index, shard->count);
}

/* Not consecutive runs of ws_bench_config_same_data: with several
 * instances, a parameter combination that the baseline ignores comes back
 * to an earlier instance's input (whose baseline row ran with the first
 * combination), so a group's configurations need not be neighbours. */
GArray *
ws_bench_plan_groups (const WsBenchPlan *plan, guint *n_groups)
{
  g_autoptr (GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GArray *groups = g_array_sized_new (FALSE, FALSE, sizeof (guint), plan->configs->len);

  for (guint i = 0; i < plan->configs->len; i++)
    {
      char *name = ws_bench_config_data_name (g_ptr_array_index (plan->configs, i));
      gpointer id;
      guint g;

      if (g_hash_table_lookup_extended (ids, name, NULL, &id))
        g = GPOINTER_TO_UINT (id), g_free (name);
      else
        g = g_hash_table_size (ids), g_hash_table_insert (ids, name, GUINT_TO_POINTER (g));
      g_array_append_val (groups, g);
    }
  *n_groups = g_hash_table_size (ids);
  return groups;
}

static WsBenchPlanKeys *
keys_new (void)
{
  WsBenchPlanKeys *k = g_new0 (WsBenchPlanKeys, 1);

  k->keys = g_ptr_array_new_with_free_func (g_free);
  k->shards = g_array_new (FALSE, FALSE, sizeof (guint));
  return k;
}

void
ws_bench_plan_keys_free (WsBenchPlanKeys *k)
{
  if (k == NULL)
    return;
  g_ptr_array_unref (k->keys);
  g_array_unref (k->shards);
  g_free (k);
}

static void
keys_add (WsBenchPlanKeys *k, const char *key, guint shard)
{
  g_ptr_array_add (k->keys, g_strdup (key));
  g_array_append_val (k->shards, shard);
}

/* Group g goes to shard g mod count + 1. */
static guint
shard_of_group (guint group, guint count)
{
  return group % count + 1;
}

gboolean
ws_bench_plan_shard (WsBenchPlan *plan, const WsBenchShard *shard, WsBenchPlanKeys **all,
                     GError **error)
{
  guint n_groups;
  g_autoptr (GArray) groups = NULL;

  g_return_val_if_fail (plan != NULL && shard != NULL, FALSE);
  g_return_val_if_fail (shard->index >= 1 && shard->index <= shard->count, FALSE);
  groups = ws_bench_plan_groups (plan, &n_groups);
  if (shard->count > n_groups)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "%s has %u input group%s (each "
                   "size, algorithm and instance with all its variants), too few for %u shards: "
                   "a shard takes whole groups. Use %u shards or fewer",
                   plan->preset->path ? plan->preset->path : plan->preset->name, n_groups,
                   n_groups == 1 ? "" : "s", shard->count, n_groups);
      return FALSE;
    }
  if (all != NULL)
    {
      *all = keys_new ();
      for (guint i = 0; i < plan->configs->len; i++)
        keys_add (*all, ((WsBenchConfig *) g_ptr_array_index (plan->configs, i))->key,
                  shard_of_group (g_array_index (groups, guint, i), shard->count));
    }
  /* From the end, so that indices not yet visited stay valid. */
  for (guint i = plan->configs->len; i-- > 0;)
    if (shard_of_group (g_array_index (groups, guint, i), shard->count) != shard->index)
      g_ptr_array_remove_index (plan->configs, i);
  return TRUE;
}

/* ---- the plan's keys ---- */

#define KEYS_COMMENT "# Every configuration of the plan this shard is part of, in the plan's " \
                     "order, after the shard that runs it; warpscope-cli merge reads it.\n"

gboolean
ws_bench_plan_keys_write (const char *dir, const WsBenchPlanKeys *keys, GError **error)
{
  g_autofree char *path = g_build_filename (dir, WS_BENCH_PLAN_KEYS_FILE, NULL);
  g_autoptr (GString) text = g_string_new (KEYS_COMMENT);

  for (guint i = 0; i < keys->keys->len; i++)
    g_string_append_printf (text, "%u\t%s\n", g_array_index (keys->shards, guint, i),
                            (char *) keys->keys->pdata[i]);
  return ws_file_write_atomic (path, text->str, text->len, error);
}

/* "SHARD<tab>KEY", the shard a whole number from 1. */
static gboolean
read_line (WsBenchPlanKeys *k, const char *line)
{
  const char *tab = strchr (line, '\t');
  g_autofree char *number = tab ? g_strndup (line, tab - line) : NULL;
  guint shard;

  if (tab == NULL || tab[1] == '\0' || !parse_count (number, &shard))
    return FALSE;
  keys_add (k, tab + 1, shard);
  return TRUE;
}

WsBenchPlanKeys *
ws_bench_plan_keys_read (const char *dir, GError **error)
{
  g_autofree char *path = g_build_filename (dir, WS_BENCH_PLAN_KEYS_FILE, NULL);
  g_autofree char *text = NULL;
  g_autoptr (WsBenchPlanKeys) keys = keys_new ();
  g_auto (GStrv) lines = NULL;
  gsize length;

  if (!ws_file_read_input (path, 256 << 20, "a plan's keys", &text, &length, error))
    return NULL;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '\0' && lines[i][0] != '#' && !read_line (keys, lines[i]))
      {
        ws_file_parse_error (error, path, i + 1, "not a shard and a configuration's key "
                             "(SHARD<tab>KEY): was the file edited? Run the shard again");
        return NULL;
      }
  return g_steal_pointer (&keys);
}
