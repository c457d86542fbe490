/* test-fuzz-replay.c: every fuzzing harness fed its seed corpus and its
 * regression inputs, as plain code, in every build (suite core).
 *
 * `make fuzz` needs clang; this needs nothing, so the inputs that once
 * crashed a parser (tests/fuzz/regressions/NAME/) are tested on every
 * `make test`, and under ASan and UBSan by `make sanitize`. A harness
 * aborts on what it finds, so a failing input ends this program: its name
 * is the last "input" message printed.
 */
#include <string.h>

#include "fuzz-util.h"

/* The entry points, each LLVMFuzzerTestOneInput renamed by the build. */
int ws_fuzz_key_text (const uint8_t *data, size_t size);
int ws_fuzz_key_raw (const uint8_t *data, size_t size);
int ws_fuzz_grid (const uint8_t *data, size_t size);
int ws_fuzz_preset (const uint8_t *data, size_t size);
int ws_fuzz_plan (const uint8_t *data, size_t size);
int ws_fuzz_csv (const uint8_t *data, size_t size);
int ws_fuzz_results (const uint8_t *data, size_t size);
int ws_fuzz_run_record (const uint8_t *data, size_t size);
int ws_fuzz_result_json (const uint8_t *data, size_t size);
int ws_fuzz_plan_keys (const uint8_t *data, size_t size);
int ws_fuzz_size (const uint8_t *data, size_t size);
int ws_fuzz_seed (const uint8_t *data, size_t size);

typedef struct
{
  const char *name; /* as in tests/fuzz/meson.build and the folders */
  int       (*run) (const uint8_t *data, size_t size);
} Harness;

static const Harness harnesses[] = {
  { "key-text", ws_fuzz_key_text },
  { "key-raw", ws_fuzz_key_raw },
  { "grid", ws_fuzz_grid },
  { "preset", ws_fuzz_preset },
  { "plan", ws_fuzz_plan },
  { "csv", ws_fuzz_csv },
  { "results", ws_fuzz_results },
  { "run-record", ws_fuzz_run_record },
  { "result-json", ws_fuzz_result_json },
  { "plan-keys", ws_fuzz_plan_keys },
  { "size", ws_fuzz_size },
  { "seed", ws_fuzz_seed },
};

static int
by_name (gconstpointer a,
         gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The files of dir, sorted; empty when dir does not exist. */
static GPtrArray *
list_files (const char *dir)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (names, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (names, by_name);
  return names;
}

/* Each file in a heap block of exactly its size, as libFuzzer passes it, so
 * that a read past the end is caught by ASan here too. */
static guint
replay_dir (const Harness *h,
            const char    *dir)
{
  g_autoptr (GPtrArray) files = list_files (dir);

  for (guint i = 0; i < files->len; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      g_autofree guint8 *exact = NULL;
      gsize length = 0;

      g_assert_true (g_file_get_contents (files->pdata[i], &text, &length, &error));
      exact = g_memdup2 (text, length);
      g_test_message ("input %s (%" G_GSIZE_FORMAT " bytes)", (char *) files->pdata[i], length);
      h->run (exact ? exact : (const guint8 *) "", length);
    }
  return files->len;
}

static void
test_corpus (gconstpointer data)
{
  const Harness *h = data;
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "fuzz", "corpus", h->name, NULL);

  /* A harness without seeds would replay nothing and pass. */
  g_assert_cmpuint (replay_dir (h, dir), >, 0);
}

static void
test_regressions (gconstpointer data)
{
  const Harness *h = data;
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "fuzz", "regressions", h->name, NULL);
  guint n = replay_dir (h, dir);

  if (n == 0)
    g_test_message ("%s: no regression inputs yet", h->name);
}

/* Every folder of inputs belongs to a harness that replays it: a folder
 * named after a harness this table lacks would never run. */
static void
test_folders (void)
{
  const char *kinds[] = { "corpus", "regressions" };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "fuzz", kinds[k], NULL);
      g_autoptr (GPtrArray) folders = list_files (dir);

      for (guint i = 0; i < folders->len; i++)
        {
          g_autofree char *name = g_path_get_basename (folders->pdata[i]);
          gboolean known = FALSE;

          for (guint j = 0; j < G_N_ELEMENTS (harnesses); j++)
            known |= g_str_equal (name, harnesses[j].name);
          if (!known)
            g_test_fail_printf ("tests/fuzz/%s/%s has no harness", kinds[k], name);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fuzz/folders", test_folders);
  for (guint i = 0; i < G_N_ELEMENTS (harnesses); i++)
    {
      g_autofree char *corpus = g_strdup_printf ("/fuzz/%s/corpus", harnesses[i].name);
      g_autofree char *regressions = g_strdup_printf ("/fuzz/%s/regressions", harnesses[i].name);

      g_test_add_data_func (corpus, &harnesses[i], test_corpus);
      g_test_add_data_func (regressions, &harnesses[i], test_regressions);
    }
  return g_test_run ();
}
