/* test-bench-shard.c: a plan cut in shards — "I/N" read and refused, every
 * configuration in exactly one shard and in the plan's order, input groups
 * whole (each row's baseline in its own shard), the groups dealt out in
 * turn, too many shards refused, and plan-keys.txt read back as written. */
#include <glib/gstdio.h>
#include <string.h>

#include "ws-bench-shard.h"
#include "ws-error.h"
#include "ws-test-util.h"

/* Two instances and a grid the baseline does not read (block: gpu-seed
 * only): the second block's rows go back to inputs whose baseline ran
 * with the first, so a group's configurations are not neighbours. */
#define SCATTERED                                                                          \
  "[preset]\nname = scattered\nalgorithms = stencil, bitonic\n"                             \
  "variants = gpu-seed, cpu-seq, cpu-par\nbaseline = cpu-seq\nsizes = 100, 200\n"           \
  "instances = 2\nrepetitions = 3\n[params]\nradius = 2\nblock = 8, 16\n"
/* A search whose queries change the data: a group per queries value. */
#define QUERIES                                                                            \
  "[preset]\nname = queries\nalgorithms = binary-search\nvariants = cpu-seq, cpu-par\n"      \
  "sizes = 1024\nrepetitions = 3\n[params]\nqueries = 10, 20, 30\n"

static void
test_parse (void)
{
  const char *bad[] = { "", "2", "0/4", "5/4", "1/0", "a/b", "2/4/5", " 1/2", "1/2 ", "-1/2",
                        "1/10001", "1//2", "+1/2" };
  WsBenchShard s;
  g_autofree char *text = NULL;

  g_assert_true (ws_bench_shard_parse ("2/4", &s, NULL));
  g_assert_cmpuint (s.index, ==, 2);
  g_assert_cmpuint (s.count, ==, 4);
  g_assert_true (ws_bench_shard_parse ("1/1", &s, NULL));
  g_assert_true (ws_bench_shard_parse ("10000/10000", &s, NULL));
  text = ws_bench_shard_text (&s);
  g_assert_cmpstr (text, ==, "10000/10000");
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_false (ws_bench_shard_parse (bad[i], &s, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, "write I/N"));
    }
}

static const WsBenchConfig *
config (const WsBenchPlan *plan, guint i)
{
  return g_ptr_array_index (plan->configs, i);
}

/* Shard s of count, cut from a fresh plan of text. */
static WsBenchPlan *
shard_of (const char *text, guint s, guint count, WsBenchPlanKeys **all_keys)
{
  WsBenchPlan *plan = ws_test_plan_of (text);
  WsBenchShard shard = { s, count };
  g_autoptr (GError) error = NULL;

  g_assert_true (ws_bench_plan_shard (plan, &shard, all_keys, &error));
  g_assert_no_error (error);
  return plan;
}

/* The key of the row c is compared with: the baseline on the same input
 * with the parameters the baseline reads (as ws-bench.c finds it). */
static char *
baseline_key (const WsBenchPlan *plan, const WsBenchConfig *c)
{
  const WsPreset *p = plan->preset;
  g_autofree char *params = ws_bench_params_text (p, c->algo, p->baseline, &c->params);

  return ws_bench_config_key (p, c->algo, p->baseline, c->n, params, c->instance, c->device);
}

/* Every cut of the plan into 1 … groups shards: each configuration in
 * exactly one shard, each shard in the plan's order, each group in one
 * shard with the baseline row of each of its rows. */
static void
check_partition (const char *text)
{
  g_autoptr (WsBenchPlan) whole = ws_test_plan_of (text);
  g_autoptr (GArray) groups = NULL;
  guint n_groups;

  groups = ws_bench_plan_groups (whole, &n_groups);
  g_assert_cmpuint (groups->len, ==, whole->configs->len);
  for (guint count = 1; count <= n_groups; count++)
    {
      g_autoptr (GHashTable) shard_of_key = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr (GPtrArray) plans = g_ptr_array_new_with_free_func ((GDestroyNotify) ws_bench_plan_free);

      for (guint s = 1; s <= count; s++)
        {
          g_autoptr (WsBenchPlanKeys) keys = NULL;
          WsBenchPlan *plan = shard_of (text, s, count, &keys);
          guint at = 0;

          g_ptr_array_add (plans, plan);
          g_assert_cmpuint (keys->keys->len, ==, whole->configs->len);
          g_assert_cmpuint (keys->shards->len, ==, whole->configs->len);
          g_assert_cmpuint (plan->configs->len, >, 0);
          for (guint i = 0; i < plan->configs->len; i++)
            {
              const char *key = config (plan, i)->key;
              /* In the plan's order: found after the previous one. */
              while (at < whole->configs->len && strcmp (config (whole, at)->key, key) != 0)
                at++;
              g_assert_cmpuint (at, <, whole->configs->len);
              g_assert_cmpstr (keys->keys->pdata[at], ==, key);
              /* Dealt in turn: group g to shard g mod count + 1, as the keys say. */
              g_assert_cmpuint (g_array_index (groups, guint, at) % count + 1, ==, s);
              g_assert_cmpuint (g_array_index (keys->shards, guint, at), ==, s);
              g_assert_false (g_hash_table_contains (shard_of_key, key));
              g_hash_table_insert (shard_of_key, (gpointer) key, GUINT_TO_POINTER (s));
            }
        }
      /* Every configuration somewhere. */
      g_assert_cmpuint (g_hash_table_size (shard_of_key), ==, whole->configs->len);
      for (guint p = 0; p < plans->len; p++)
        {
          const WsBenchPlan *plan = plans->pdata[p];
          for (guint i = 0; i < plan->configs->len; i++)
            {
              const WsBenchConfig *c = config (plan, i);
              g_autofree char *base = baseline_key (plan, c);
              g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (shard_of_key, base)), ==, p + 1);
              /* No configuration on the same input elsewhere. */
              for (guint q = 0; q < plans->len; q++)
                for (guint j = 0; q != p && j < ((WsBenchPlan *) plans->pdata[q])->configs->len; j++)
                  g_assert_false (ws_bench_config_same_data (c, config (plans->pdata[q], j)));
            }
        }
    }
}

static void
test_partition (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (SCATTERED);
  g_autoptr (GArray) groups = NULL;
  guint n_groups;
  gboolean apart = FALSE;

  /* 2 sizes × 2 algorithms × 2 instances. */
  groups = ws_bench_plan_groups (plan, &n_groups);
  g_assert_cmpuint (n_groups, ==, 8);
  /* The case this plan is for: a group whose rows are not neighbours. */
  for (guint i = 1; i < groups->len; i++)
    for (guint j = 0; j + 1 < i; j++)
      apart |= g_array_index (groups, guint, i) == g_array_index (groups, guint, j)
               && g_array_index (groups, guint, i - 1) != g_array_index (groups, guint, i);
  g_assert_true (apart);
  check_partition (SCATTERED);
}

static void
test_queries (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (QUERIES);
  g_autoptr (GArray) groups = NULL;
  guint n_groups;

  groups = ws_bench_plan_groups (plan, &n_groups);
  g_assert_cmpuint (n_groups, ==, 3);
  check_partition (QUERIES);
}

static void
test_too_many (void)
{
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (QUERIES);
  g_autoptr (GError) error = NULL;
  WsBenchShard shard = { 1, 4 };
  g_autoptr (WsBenchPlanKeys) keys = NULL;
  guint before = plan->configs->len;

  g_assert_false (ws_bench_plan_shard (plan, &shard, &keys, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "3 input groups"));
  g_assert_nonnull (strstr (error->message, "Use 3 shards or fewer"));
  g_assert_null (keys);
  g_assert_cmpuint (plan->configs->len, ==, before);
}

/* Written and read back; a line that is not SHARD<tab>KEY named by line. */
static void
test_keys_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-shard-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, WS_BENCH_PLAN_KEYS_FILE, NULL);
  g_autoptr (WsBenchPlan) plan = ws_test_plan_of (QUERIES);
  WsBenchShard shard = { 2, 3 };
  g_autoptr (WsBenchPlanKeys) keys = NULL, back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  const char *bad[] = { "x\tkey\n", "0\tkey\n", "1\t\n", "1 key\n" };

  g_assert_null (ws_bench_plan_keys_read (dir, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (ws_bench_plan_shard (plan, &shard, &keys, NULL));
  g_assert_true (ws_bench_plan_keys_write (dir, keys, &error));
  g_assert_no_error (error);
  back = ws_bench_plan_keys_read (dir, &error);
  g_assert_no_error (error);
  /* Three groups of two variants, one a shard. */
  g_assert_cmpuint (back->keys->len, ==, 6);
  for (guint i = 0; i < 6; i++)
    {
      g_assert_cmpstr (back->keys->pdata[i], ==, keys->keys->pdata[i]);
      g_assert_cmpuint (g_array_index (back->shards, guint, i), ==, i / 2 + 1);
    }
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *damaged = g_strconcat (text, bad[i], NULL);
      g_autofree char *where = g_strdup_printf ("%s:8: not a shard", path);
      g_assert_true (g_file_set_contents (path, damaged, -1, NULL));
      g_assert_null (ws_bench_plan_keys_read (dir, &error));
      g_assert_error (error, WS_ERROR, WS_ERROR_PARSE);
      g_assert_true (g_str_has_prefix (error->message, where));
      g_clear_error (&error);
    }
  ws_test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bench-shard/parse", test_parse);
  g_test_add_func ("/bench-shard/partition", test_partition);
  g_test_add_func ("/bench-shard/queries", test_queries);
  g_test_add_func ("/bench-shard/too-many", test_too_many);
  g_test_add_func ("/bench-shard/keys-file", test_keys_file);
  return g_test_run ();
}
