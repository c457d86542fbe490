/* test-bench-record.c: run.ini — the plan normalised (order, names and
 * spelling change nothing), each change named, the file read back as
 * written, and the resume check: a matching record passes, a changed plan
 * or a missing record does not, a folder without rows always does. */
#include <glib/gstdio.h>
#include <string.h>

#include "ws-bench-record.h"
#include "ws-config.h"
#include "ws-error.h"
#include "ws-test-util.h"

static WsBenchRecord *
record_of (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsPreset) preset = ws_preset_load_data ("test.ini", text, strlen (text), &error);

  g_assert_no_error (error);
  return ws_bench_record_new (preset, NULL);
}

#define SOME                                                                                     \
  "[preset]\nname = One\nalgorithms = bitonic, odd-even\nvariants = cpu-par, cpu-seq\n"          \
  "sizes = 2048, 1024\nrepetitions = 3\n[params]\nearly-exit = 1, 0\n"
#define SAME                                                                                     \
  "[preset]\nname = Another name\ndescription = and words\nalgorithms = odd-even, bitonic\n"    \
  "variants = cpu-seq, cpu-par\nbaseline = cpu-par\nsizes = 1024, 2048\nrepetitions = 3, 3\n"  \
  "[params]\nearly-exit = 0, 1\n"
#define MORE                                                                                     \
  "[preset]\nname = One\nalgorithms = bitonic, odd-even\nvariants = cpu-par, cpu-seq\n"          \
  "sizes = 2048, 1024\nrepetitions = 50\nwarmup = 2\n[params]\nearly-exit = 1, 0\n"

/* Sets in any order, one count or one per size, another name: the same
 * plan, the same hash. */
static void
test_normalised (void)
{
  g_autoptr (WsBenchRecord) a = record_of (SOME), b = record_of (SAME), c = record_of (MORE);

  g_assert_cmpstr (ws_bench_record_get (a, "hash"), ==, ws_bench_record_get (b, "hash"));
  g_assert_cmpuint (strlen (ws_bench_record_get (a, "hash")), ==, 16);
  g_assert_null (ws_bench_record_changes (a, b));
  g_assert_cmpstr (ws_bench_record_get (a, "algorithms"), ==, "bitonic, odd-even");
  g_assert_cmpstr (ws_bench_record_get (a, "sizes"), ==, "1024, 2048");
  g_assert_cmpstr (ws_bench_record_get (a, "repetitions"), ==, "3");
  g_assert_cmpstr (ws_bench_record_get (a, "params.early-exit"), ==, "0, 1");
  g_assert_cmpstr (ws_bench_record_get (a, "hash"), !=, ws_bench_record_get (c, "hash"));
  g_assert_nonnull (strstr (ws_bench_record_get (a, "build"), WS_VERSION));
}

/* Every change named, from what to what. */
static void
test_changes (void)
{
  g_autoptr (WsBenchRecord) a = record_of (SOME), c = record_of (MORE);
  g_autofree char *changes = ws_bench_record_changes (a, c);

  g_assert_cmpstr (changes, ==, "repetitions changed from 3 to 50; warmup changed from 1 to 2");
}

static char *
make_rows (void)
{
  char *dir = ws_test_make_dir ();
  g_autofree char *csv = g_build_filename (dir, "result.csv", NULL);

  g_assert_true (g_file_set_contents (csv, "key\n", -1, NULL));
  return dir;
}

static void
test_write_read_check (void)
{
  g_autoptr (WsBenchRecord) a = record_of (SOME), c = record_of (MORE), back = NULL;
  g_autofree char *dir = make_rows ();
  g_autoptr (GError) error = NULL;

  g_assert_true (ws_bench_record_write (a, dir, &error));
  g_assert_no_error (error);
  back = ws_bench_record_read (dir, &error);
  g_assert_no_error (error);
  g_assert_null (ws_bench_record_changes (a, back));
  g_assert_cmpstr (ws_bench_record_get (back, "device"), ==, ws_bench_record_get (a, "device"));
  g_assert_true (ws_bench_record_check (dir, a, &error));
  g_assert_false (ws_bench_record_check (dir, c, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "repetitions changed from 3 to 50"));
  ws_test_remove_dir (dir);
}

/* Rows without a record (an older version's folder) are not taken on
 * trust; no rows at all, nothing to check. A broken record says so. */
static void
test_missing_record (void)
{
  g_autoptr (WsBenchRecord) a = record_of (SOME);
  g_autofree char *dir = make_rows ();
  g_autofree char *empty = ws_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, WS_BENCH_RECORD_FILE, NULL);
  g_autoptr (GError) error = NULL, broken = NULL;

  g_assert_false (ws_bench_record_check (dir, a, &error));
  g_assert_nonnull (strstr (error->message, "has rows but no run.ini"));
  g_assert_true (ws_bench_record_check (empty, a, NULL));
  g_assert_true (g_file_set_contents (path, "[run]\nhash = 0\n", -1, NULL));
  g_assert_false (ws_bench_record_check (dir, a, &broken));
  g_assert_nonnull (strstr (broken->message, "run.ini"));
  ws_test_remove_dir (dir);
  ws_test_remove_dir (empty);
}

/* A shard's record names its shard, read back as written; a whole run's
 * names none; resuming a folder of another shard is a change. */
static void
test_shard (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ws-record-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (dir, "result.csv", NULL);
  g_autoptr (WsBenchRecord) a = record_of (SOME), b = record_of (SOME), whole = record_of (SOME);
  g_autoptr (WsBenchRecord) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *changes = NULL;

  ws_bench_record_set_shard (a, "2/4");
  ws_bench_record_set_shard (b, "3/4");
  g_assert_null (ws_bench_record_get (whole, "shard"));
  g_assert_cmpstr (ws_bench_record_get (a, "hash"), ==, ws_bench_record_get (whole, "hash"));
  g_assert_true (ws_bench_record_write (a, dir, &error));
  back = ws_bench_record_read (dir, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (ws_bench_record_get (back, "shard"), ==, "2/4");
  g_assert_null (ws_bench_record_changes (a, back));
  changes = ws_bench_record_changes (back, b);
  g_assert_cmpstr (changes, ==, "shard changed from 2/4 to 3/4");
  g_assert_true (g_file_set_contents (csv, "key\n", -1, NULL));
  g_assert_false (ws_bench_record_check (dir, whole, &error));
  g_assert_nonnull (strstr (error->message, "shard changed from 2/4 to (not set)"));
  ws_bench_record_set_device (whole, "elsewhere");
  g_assert_cmpstr (ws_bench_record_get (whole, "device"), ==, "elsewhere");
  ws_test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bench-record/normalised", test_normalised);
  g_test_add_func ("/bench-record/changes", test_changes);
  g_test_add_func ("/bench-record/write-read-check", test_write_read_check);
  g_test_add_func ("/bench-record/missing-record", test_missing_record);
  g_test_add_func ("/bench-record/shard", test_shard);
  return g_test_run ();
}
