/* fuzz-result-json.c: result.json as `compare`, `plot` and Open Results…
 * read it (ws_bench_json_load, then ws_bench_json_samples and
 * ws_bench_json_table).
 *
 * A file that reads must give every reader what it holds — as many rows
 * in the table as configurations, as many keys of samples as
 * configurations with some — and must read back the same once written
 * again: the same keys, fields and samples. One that does not read must
 * say why.
 */
#include <string.h>

#include "fuzz-util.h"
#include "ws-bench-json.h"

static void
check_same (const WsBenchJson *a, const WsBenchJson *b)
{
  ws_fuzz_check (ws_bench_json_n_configs (a) == ws_bench_json_n_configs (b),
                 "written again, %u configurations became %u", ws_bench_json_n_configs (a),
                 ws_bench_json_n_configs (b));
  for (guint i = 0; i < ws_bench_json_n_configs (a); i++)
    {
      const WsBenchJsonConfig *x = ws_bench_json_config (a, i), *y = ws_bench_json_config (b, i);
      ws_fuzz_check (g_str_equal (x->key, y->key), "a key changed");
      for (guint f = 0; x->fields[f] != NULL; f++)
        ws_fuzz_check (g_strcmp0 (x->fields[f], y->fields[f]) == 0,
                       "written again, field %u “%s” became “%s”", f, x->fields[f], y->fields[f]);
      ws_fuzz_check (x->samples->len == y->samples->len, "a sample was lost");
      ws_fuzz_check (x->samples->len == 0
                     || memcmp (x->samples->data, y->samples->data,
                                x->samples->len * sizeof (double)) == 0,
                     "a sample changed");
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsBenchJson) json = NULL, back = NULL;
  g_autoptr (WsBenchSamples) samples = NULL;
  g_autoptr (WsCsvTable) table = NULL;
  g_autofree char *path = NULL;
  char *folder;
  guint with = 0;

  ws_fuzz_init ();
  json = ws_bench_json_load (ws_fuzz_file (data, size), &error);
  if (json == NULL)
    {
      ws_fuzz_check_error (error);
      return 0;
    }
  samples = ws_bench_json_samples (json);
  table = ws_bench_json_table (json);
  for (guint i = 0; i < ws_bench_json_n_configs (json); i++)
    with += ws_bench_json_config (json, i)->samples->len > 0;
  ws_fuzz_check (table->rows->len == ws_bench_json_n_configs (json), "rows lost in the table");
  ws_fuzz_check (samples->keys->len == with, "samples lost for compare");
  /* Written again (atomically, so into a folder: a memfd's path is no
   * place to rename over) and read back. */
  folder = ws_fuzz_folder_new ();
  path = g_build_filename (folder, WS_BENCH_JSON_FILE, NULL);
  ws_fuzz_check (ws_bench_json_write (json, path, &error), "cannot write it again: %s",
                 error->message);
  back = ws_bench_json_load (path, &error);
  ws_fuzz_folder_remove (folder);
  ws_fuzz_check (back != NULL, "written again, it does not read: %s", error->message);
  check_same (json, back);
  return 0;
}
