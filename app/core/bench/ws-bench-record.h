/* ws-bench-record.h: run.ini — what the rows of a run folder were measured
 * under.
 *
 * Beside result.csv a run writes its plan normalised (every setting that
 * changes what is measured or how, in a fixed order and spelling: sets
 * sorted, one repetition count for all sizes when they agree; the preset's
 * name, description and file are not among them), a hash of that, the build
 * (version and, in a git checkout, its commit) and the device (the CPU and
 * its threads; the GPU where the plan has GPU variants). Resuming compares
 * the record with the plan it is given: a row's key names its algorithm,
 * variant, size, parameters, key type, distribution, seed and timing, but
 * not the repetitions, warm-up, adaptive settings or verification, so rows
 * of another plan would otherwise be kept as if they were this one's.
 */
#pragma once

#include <glib.h>

#include "ws-preset.h"

G_BEGIN_DECLS

#define WS_BENCH_RECORD_FILE "run.ini"

typedef struct _WsBenchRecord WsBenchRecord;

/* The record of preset on this build and this machine, whose GPUs are
 * gpus (WsDeviceInfo, as ws_bench_query_gpus gave them; NULL where none
 * was asked: a plan without GPU variants). */
WsBenchRecord *ws_bench_record_new     (const WsPreset      *preset,
                                        const GArray        *gpus);
/* dir/run.ini; NULL with G_FILE_ERROR_NOENT where there is none, else
 * WS_ERROR_PARSE or WS_ERROR_IO saying what is wrong with it. */
WsBenchRecord *ws_bench_record_read    (const char          *dir,
                                        GError             **error);
/* dir/run.ini, replaced atomically. */
gboolean       ws_bench_record_write   (const WsBenchRecord *record,
                                        const char          *dir,
                                        GError             **error);
void           ws_bench_record_free    (WsBenchRecord       *record);

/* This build as run.ini names it: "0.9.0 (v0.9.0-12-gabc1234)", the
 * version alone outside a git checkout. Free with g_free. */
char          *ws_bench_build_text     (void);

/* A shard's record ("2/4", ws-bench-shard.h) names its shard in [run];
 * a whole run's names none (NULL). A merge sets the device it found: the
 * shards may have run on several machines. */
void           ws_bench_record_set_shard  (WsBenchRecord       *record,
                                           const char          *shard);
void           ws_bench_record_set_device (WsBenchRecord       *record,
                                           const char          *device);

/* A value: "hash", "build", "device", "shard", or a setting of the plan
 * ("repetitions", "adaptive.time_budget", "params.radius"); NULL when it
 * has none. */
const char    *ws_bench_record_get     (const WsBenchRecord *record,
                                        const char          *key);
/* The names of the plan's settings, in the order run.ini writes them
 * (each one's value from ws_bench_record_get). Free with g_strfreev. */
GStrv          ws_bench_record_settings (const WsBenchRecord *record);
/* What differs from `was` to `now`, one "KEY changed from A to B" each,
 * joined by "; " (plan settings first, then build, device and shard); NULL when
 * nothing does. */
char          *ws_bench_record_changes (const WsBenchRecord *was,
                                        const WsBenchRecord *now);
/* The same but for the device and the shard: whether two shards ran one
 * plan of one build (merge), on whichever machines. */
char          *ws_bench_record_plan_changes (const WsBenchRecord *was,
                                             const WsBenchRecord *now);

/* Whether the rows in dir may be kept for a run of `now`: TRUE when dir
 * has no result.csv, or its run.ini matches. Otherwise
 * WS_ERROR_INVALID_ARGUMENT naming what changed, or saying that dir has no
 * record (a folder of an older version) or that it cannot be read. */
gboolean       ws_bench_record_check   (const char          *dir,
                                        const WsBenchRecord *now,
                                        GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsBenchRecord, ws_bench_record_free)

G_END_DECLS
