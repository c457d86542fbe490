/* fuzz-preset.c: preset files (`bench FILE.ini`, the panel's open button).
 *
 * The bytes are a preset's text, handed to ws_preset_load_data with their
 * length and no terminator after them (libFuzzer's buffer is exactly that
 * long), as ws_preset_load hands it a file. A preset that loads must be
 * one a runner can trust, as ws-preset.h promises: every list non-empty,
 * the baseline among the variants, a repetition count per size. It is then
 * made quick, and its record (run.ini, the plan normalised and hashed) is
 * made and compared with itself.
 */
#include "fuzz-util.h"
#include "ws-bench-record.h"
#include "ws-preset.h"

static void
check_preset (const WsPreset *p)
{
  gboolean baseline_listed = FALSE;

  ws_fuzz_check (p->name != NULL && p->name[0] != '\0', "a preset without a name");
  ws_fuzz_check (p->algorithms->len > 0 && p->variants->len > 0 && p->sizes->len > 0,
                 "a preset with nothing to run");
  for (guint i = 0; i < p->variants->len; i++)
    baseline_listed |= g_array_index (p->variants, WsVariant, i) == p->baseline;
  ws_fuzz_check (baseline_listed, "the baseline is not among the variants");
  ws_fuzz_check (p->adaptive ? p->repetitions->len == 0 : p->repetitions->len == p->sizes->len,
                 "%u repetition counts for %u sizes", p->repetitions->len, p->sizes->len);
  ws_fuzz_check (!p->adaptive || p->min_samples <= p->max_samples,
                 "adaptive: min_samples %u above max_samples %u", p->min_samples, p->max_samples);
  for (guint i = 0; i < p->sizes->len; i++)
    ws_fuzz_check (g_array_index (p->sizes, gsize, i) > 0, "a size of 0");
  for (guint i = 0; i < p->grids->len; i++)
    {
      const WsParamGrid *grid = g_ptr_array_index (p->grids, i);
      ws_fuzz_check (grid->values->len > 0, "an empty grid for %s", grid->name);
      ws_fuzz_check (ws_preset_grid (p, grid->name) == grid, "grid %s not found by its name",
                     grid->name);
    }
}

static void
check_quick (WsPreset *p)
{
  ws_preset_make_quick (p, WS_PRESET_QUICK_MAX_SIZE);
  ws_fuzz_check (p->sizes->len > 0, "--quick left no size");
  /* Only a lone smallest size may stay above the limit. */
  for (guint i = 0; p->sizes->len > 1 && i < p->sizes->len; i++)
    ws_fuzz_check (g_array_index (p->sizes, gsize, i) <= WS_PRESET_QUICK_MAX_SIZE,
                   "--quick kept a size above its limit");
  for (guint i = 0; i < p->repetitions->len; i++)
    ws_fuzz_check (g_array_index (p->repetitions, guint, i) <= 3, "--quick kept many repetitions");
  ws_fuzz_check (p->instances == 1, "--quick kept %u instances", p->instances);
  check_preset (p);
}

static void
check_record (const WsPreset *p)
{
  g_autoptr (WsBenchRecord) a = ws_bench_record_new (p, NULL);
  g_autoptr (WsBenchRecord) b = ws_bench_record_new (p, NULL);
  g_autofree char *changes = ws_bench_record_changes (a, b);

  ws_fuzz_check (changes == NULL, "one preset's records differ: %s", changes);
  ws_fuzz_check (ws_bench_record_get (a, "hash") != NULL, "a record without a hash");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsPreset) preset = NULL;

  ws_fuzz_init ();
  preset = ws_preset_load_data ("fuzz.ini", (const char *) data, size, &error);
  if (preset == NULL)
    {
      ws_fuzz_check_error (error);
      return 0;
    }
  check_preset (preset);
  check_record (preset);
  check_quick (preset);
  return 0;
}
