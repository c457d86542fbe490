/* ws-bench-json.h: result.json — a run's every sample beside its rows
 * (issue 21), written with JSON-GLib and read back for `compare`, `plot`
 * and the application.
 *
 *   { "format": "warpscope-result", "version": 1,
 *     "context": { "shard": "I/N" (a shard's run only),
 *                  "host": …, "cpu": { "model", "logical_cpus",
 *                  "physical_cores", "threads" },
 *                  "gpu": { "name", "capability", "sms", "memory_bytes",
 *                           "clock_khz", "memory_clock_khz" } or null,
 *                  "devices": [ { "index", "name", "capability", "memory_bytes",
 *                                 "uuid", "pci_bus_id" }, … ] (a run that named
 *                                 its GPUs only: ws-bench-devices.h),
 *                  "cuda": …, "driver": …, "build": …, "plan_hash": …, "device": …,
 *                  "preset": …, "plan": { SETTING: VALUE, … },
 *                  "shards": [ { "shard", "host", "cpu", "gpu", "cuda",
 *                                "driver", "device" }, … ] (a merged run only) },
 *     "configurations": [ { "key": …, "row": { COLUMN: VALUE, … },
 *                           "samples": [ seconds, … ] }, … ] }
 *
 * A configuration's key is the one result.csv and samples.csv name it by
 * (ws_bench_config_key). Its row has result.csv's other columns: numbers
 * as JSON numbers (null where result.csv leaves the field empty), the
 * seed as a string (a 64-bit seed is past the 2^53 that many JSON readers
 * hold exactly), the rest as strings; so the rows read back are, field for
 * field, the text result.csv holds (a GPU row's device_index a number, a
 * CPU row's null, and empty where a file from before it has none). The
 * samples are every timed sample of the row, in the order taken (none for
 * a row that did not run).
 *
 * A run merged from shards (ws-bench-merge.h) has one context for the
 * whole: what its shards share, the fields they differ in joined
 * (ws_bench_context_merge), and each shard's machine in "shards", in the
 * shards' order; its configurations are in the plan's order.
 *
 * The whole file is replaced atomically on each write: a reader never sees
 * half of it. A run writes it as rows finish, at most as often as
 * ws_bench_json_write_due allows, and once at its end.
 */
#pragma once

#include <glib.h>

#include "ws-bench-context.h"
#include "ws-bench-samples.h"
#include "ws-bench.h"
#include "ws-csv.h"

G_BEGIN_DECLS

#define WS_BENCH_JSON_FILE    "result.json"
#define WS_BENCH_JSON_FORMAT  "warpscope-result"
#define WS_BENCH_JSON_VERSION 1

typedef struct
{
  char   *key;
  GStrv   fields;  /* result.csv's columns (ws_bench_csv_columns), as result.csv writes them */
  GArray *samples; /* double seconds; empty for a row that did not run */
} WsBenchJsonConfig;

void ws_bench_json_config_free (WsBenchJsonConfig *config);

typedef struct _WsBenchJson WsBenchJson;

/* An empty result of a run in context (taken). */
WsBenchJson          *ws_bench_json_new       (WsBenchContext        *context);
void                  ws_bench_json_free      (WsBenchJson           *json);

const WsBenchContext *ws_bench_json_context   (const WsBenchJson     *json);
guint                 ws_bench_json_n_configs (const WsBenchJson     *json);
const WsBenchJsonConfig *ws_bench_json_config (const WsBenchJson     *json,
                                               guint                  index);
/* The configuration of key, or NULL. */
const WsBenchJsonConfig *ws_bench_json_lookup (const WsBenchJson     *json,
                                               const char            *key);

/* A finished row and its samples, fields the row as result.csv has it
 * (ws_bench_csv_fields: made once for both files); a configuration of the
 * same key already there is replaced, keeping its place. */
void                  ws_bench_json_add_row   (WsBenchJson           *json,
                                               const WsBenchRow      *row,
                                               const char *const     *fields);
/* A configuration from another result (a resumed run's earlier rows),
 * copied; replaces one of the same key as add_row does. */
void                  ws_bench_json_add_config (WsBenchJson             *json,
                                                const WsBenchJsonConfig *config);

/* path, replaced atomically (ws_file_write_atomic). */
gboolean              ws_bench_json_write     (WsBenchJson           *json,
                                               const char            *path,
                                               GError               **error);
/* The same, but only when enough time has passed since the last write:
 * a second, or ten times as long as that write took, so that a run of
 * thousands of rows does not spend its time rewriting a growing file
 * (TRUE, nothing written, when it is not due). */
gboolean              ws_bench_json_write_due (WsBenchJson           *json,
                                               const char            *path,
                                               GError               **error);

/* Reads path. Errors (WS_ERROR_PARSE, WS_ERROR_IO) name the file and what
 * is wrong: not JSON (with the parser's line and column), not a Warpscope
 * result, a newer version, or a member of the wrong type or value
 * ("configurations[2].samples[5] is “-1”, not a time in seconds"). */
WsBenchJson          *ws_bench_json_load      (const char            *path,
                                               GError               **error);

/* The samples of every configuration that has some, keyed as samples.csv
 * keys them: what `compare` reads. */
WsBenchSamples       *ws_bench_json_samples   (const WsBenchJson     *json);
/* The rows as a table with result.csv's header, a row's "line" its
 * configuration's place in the file counted from 1: what the charts and
 * the application's table read. */
WsCsvTable           *ws_bench_json_table     (const WsBenchJson     *json);

/* Whether path names a result.json rather than a result.csv (by its
 * extension, as the file choosers and `plot` tell them apart). */
gboolean              ws_bench_json_is_json_path (const char         *path);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsBenchJson, ws_bench_json_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsBenchJsonConfig, ws_bench_json_config_free)

G_END_DECLS
