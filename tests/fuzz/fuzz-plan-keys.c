/* fuzz-plan-keys.c: plan-keys.txt, the list of a whole plan's
 * configurations beside each shard's rows that `merge` reads
 * (ws_bench_plan_keys_read).
 *
 * What reads must be what the file says — each key non-empty and on one
 * line, each shard at least 1 — and written back with
 * ws_bench_plan_keys_write it must read the same; what does not read is an
 * error a user can read.
 */
#include <glib/gstdio.h>
#include <string.h>

#include "fuzz-util.h"
#include "ws-bench-shard.h"

static void
put (const char *dir, const void *data, gsize size)
{
  g_autofree char *path = g_build_filename (dir, WS_BENCH_PLAN_KEYS_FILE, NULL);
  FILE *file = g_fopen (path, "wb");

  /* Not g_file_set_contents: its fsync would cost more than the parse. */
  ws_fuzz_check (file != NULL && (size == 0 || fwrite (data, size, 1, file) == 1)
                 && fclose (file) == 0, "cannot write %s", path);
}

static void
check_keys (const WsBenchPlanKeys *k)
{
  ws_fuzz_check (k->keys->len == k->shards->len, "%u keys but %u shards", k->keys->len,
                 k->shards->len);
  for (guint i = 0; i < k->keys->len; i++)
    {
      const char *key = k->keys->pdata[i];
      ws_fuzz_check (key[0] != '\0' && strchr (key, '\n') == NULL,
                     "key %u is not one line of text: “%s”", i, key);
      ws_fuzz_check (g_array_index (k->shards, guint, i) >= 1, "key %u has shard 0", i);
    }
}

static gboolean
same (const WsBenchPlanKeys *a, const WsBenchPlanKeys *b)
{
  if (a->keys->len != b->keys->len)
    return FALSE;
  for (guint i = 0; i < a->keys->len; i++)
    if (strcmp (a->keys->pdata[i], b->keys->pdata[i]) != 0
        || g_array_index (a->shards, guint, i) != g_array_index (b->shards, guint, i))
      return FALSE;
  return TRUE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsBenchPlanKeys) keys = NULL, back = NULL;
  char *dir;

  ws_fuzz_init ();
  dir = ws_fuzz_folder_new ();
  put (dir, data, size);
  keys = ws_bench_plan_keys_read (dir, &error);
  if (keys == NULL)
    {
      ws_fuzz_folder_remove (dir);
      ws_fuzz_check_error (error);
      return 0;
    }
  check_keys (keys);
  ws_fuzz_check (ws_bench_plan_keys_write (dir, keys, &error), "cannot write the keys back: %s",
                 error ? error->message : "");
  back = ws_bench_plan_keys_read (dir, &error);
  ws_fuzz_folder_remove (dir);
  ws_fuzz_check (back != NULL && same (keys, back), "the keys read back differ: %s",
                 error ? error->message : "");
  return 0;
}
