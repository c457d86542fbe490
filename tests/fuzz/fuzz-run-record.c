/* fuzz-run-record.c: run.ini, the record beside a result.csv that
 * `bench --resume` reads (ws_bench_record_read, ws_bench_record_check).
 *
 * The bytes are the run.ini of a folder that has a result.csv. A record
 * that reads must compare equal to itself, and checking it against the
 * record of a real plan must answer (yes, or an error saying what
 * changed), never crash.
 */
#include <glib/gstdio.h>

#include "fuzz-util.h"
#include "ws-bench-record.h"
#include "ws-preset.h"

static const char plan[] =
  "[preset]\nname = Fuzz\nalgorithms = bitonic, reduce, stencil\nvariants = cpu-seq, gpu\n"
  "sizes = 1024, 4096\nrepetitions = 3\n[params]\nradius = 2\n";

/* The record a resume compares with: of a fixed plan, made once. */
static const WsBenchRecord *
now_record (void)
{
  static WsBenchRecord *now;

  if (now == NULL)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (WsPreset) preset = ws_preset_load_data ("fuzz.ini", plan, sizeof plan - 1, &error);

      ws_fuzz_check (preset != NULL, "the harness's plan: %s", error->message);
      now = ws_bench_record_new (preset, NULL);
    }
  return now;
}

static void
put (const char *dir,
     const char *name,
     const void *data,
     gsize       size)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  FILE *file = g_fopen (path, "wb");

  /* Not g_file_set_contents: its fsync would cost more than the parse. */
  ws_fuzz_check (file != NULL && (size == 0 || fwrite (data, size, 1, file) == 1)
                 && fclose (file) == 0, "cannot write %s", path);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) check_error = NULL;
  g_autoptr (WsBenchRecord) was = NULL;
  g_autofree char *self = NULL;
  char *dir;
  gboolean same;

  ws_fuzz_init ();
  dir = ws_fuzz_folder_new ();
  put (dir, "result.csv", "", 0);
  put (dir, WS_BENCH_RECORD_FILE, data, size);
  was = ws_bench_record_read (dir, &error);
  same = ws_bench_record_check (dir, now_record (), &check_error);
  ws_fuzz_folder_remove (dir);
  ws_fuzz_check (same == (check_error == NULL), "a check that both passes and fails");
  if (!same)
    ws_fuzz_check_error (check_error);
  if (was == NULL)
    {
      ws_fuzz_check_error (error);
      ws_fuzz_check (!same, "a record that does not read matches");
      return 0;
    }
  self = ws_bench_record_changes (was, was);
  ws_fuzz_check (self == NULL, "a record differs from itself: %s", self);
  ws_fuzz_check (ws_bench_record_get (was, "hash") != NULL, "a record without a hash");
  return 0;
}
