/* ws-preset.h: benchmark presets — INI files read with GKeyFile.
 *
 * A preset says what to run (algorithms × variants × sizes × parameter
 * grids × instances), how to measure it (warm-up, fixed or adaptive
 * repetitions, end-to-end or kernel time) and what to check (verify,
 * stop_on_failure). docs/presets.md documents every key. Loading checks every
 * value; a bad one is an error naming the file, the line, the key and what
 * is allowed ("study-003.ini:12: repetitions: …").
 */
#pragma once

#include <glib.h>

#include "ws-generator.h"
#include "ws-registry.h"
#include "ws-types.h"

G_BEGIN_DECLS

typedef enum
{
  WS_TIMING_END_TO_END, /* allocation + upload + kernels + download (study 000's clock) */
  WS_TIMING_KERNEL,     /* the kernels alone, data already on the device */
} WsTiming;

/* One parameter's grid: its values, in the order the preset lists them. */
typedef struct
{
  char   *name;     /* a registry parameter: "radius", "block", "bins", … */
  GArray *values;   /* gint64 */
} WsParamGrid;

typedef struct
{
  char        *path;          /* the file it came from (NULL from ws_preset_load_data or code) */
  char        *name;
  char        *description;   /* NULL when the file gives none */

  GPtrArray   *algorithms;    /* const WsAlgorithm *, in preset order, no repeats */
  GArray      *variants;      /* WsVariant, in preset order, no repeats */
  WsVariant    baseline;      /* speedups are against it; one of variants */

  GArray      *sizes;         /* gsize, ascending or as listed */
  GArray      *repetitions;   /* guint per size (same length as sizes); empty when adaptive */
  gboolean     adaptive;
  guint        min_samples;   /* adaptive: at least this many samples */
  guint        max_samples;   /* adaptive: at most this many */
  double       time_budget;   /* adaptive: seconds per configuration, then stop */
  double       target_noise;  /* adaptive: stop when ws_stats_relative_noise ≤ this */
  guint        warmup;        /* runs before the timed ones, not counted */

  guint        instances;     /* inputs per size, seeds seed, seed + 1, … */
  WsDistribution distribution;
  guint64      seed;
  WsKeyType    type;

  gboolean     verify;
  gboolean     stop_on_failure;
  WsTiming     timing;
  /* GPU variants flush the L2 cache before each sample's kernels (issue
   * 21's cold runs, as nvbench's); CPU variants run as ever. */
  gboolean     cold;
  /* The GPUs its GPU variants run on (issue 21's devices key, bench
   * --devices): NULL, the default, the thread's current one (device 0) as
   * ever; else device numbers as the runtime counts them, in the order
   * given, no repeats — each GPU configuration runs once on each, one
   * thread a GPU (ws-bench-devices.h). all_devices (devices = all) stands
   * for every GPU until ws_bench_devices_resolve lists them. */
  GArray      *devices;       /* int */
  gboolean     all_devices;

  GPtrArray   *grids;         /* WsParamGrid *, one per [params] key */
} WsPreset;

/* Load and check a preset. Every failure is a WS_ERROR_INVALID_ARGUMENT
 * (WS_ERROR_IO for an unreadable file) naming the file, line and key. */
WsPreset   *ws_preset_load       (const char  *path,
                                  GError     **error);
/* The same, with the file's text as it was read (*text, *length: freed
 * by the caller, also on failure), for a copy of exactly what was checked. */
WsPreset   *ws_preset_load_text  (const char  *path,
                                  char       **text,
                                  gsize       *length,
                                  GError     **error);
/* The same from text, `name` standing for the file in messages. */
WsPreset   *ws_preset_load_data  (const char  *name,
                                  const char  *text,
                                  gsize        length,
                                  GError     **error);
void        ws_preset_free       (WsPreset    *preset);

/* The grid of a parameter, or NULL when the preset has none for it. */
const WsParamGrid *ws_preset_grid (const WsPreset *preset,
                                   const char     *name);

/* Whether the plan has a GPU variant (gpu-seed…, gpu, gpu-lib): only then
 * is the GPU asked about (its peak, its name for run.ini and result.json,
 * bench --slurm's GPUs a task), which starts CUDA. */
gboolean    ws_preset_has_gpu    (const WsPreset *preset);

/* The largest size --quick (and the panel's Quick) keeps: under a minute
 * on two CPU cores for every shipped preset. */
#define WS_PRESET_QUICK_MAX_SIZE 65536

/* --quick: the same plan made small — sizes above `max_size` dropped (at
 * least the smallest kept), repetitions capped at 3, instances at 1, and an
 * adaptive budget of at most 0.2 s. */
void        ws_preset_make_quick (WsPreset    *preset,
                                  gsize        max_size);

const char *ws_timing_name       (WsTiming     timing);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsPreset, ws_preset_free)

G_END_DECLS
