/* ws-bench-merge.h: the folders of a plan's shards (bench --shard I/N,
 * ws-bench-shard.h) made into one run folder, as if the plan had run in
 * one piece: result.csv in the plan's order, run.ini without a shard,
 * samples.csv and error.log where the shards have them, and result.json:
 * every configuration in the plan's order with its row and its shard's
 * samples, in one context that keeps every shard's machine (see
 * ws-bench-json.h). `bench --resume`, `plot`, `compare` and the
 * application open it like any run.
 *
 * Every shard must be of the same plan (run.ini's hash) and the same build,
 * cut into the same number of shards; each shard once, none missing, every
 * configuration of the plan with exactly one row; a shard's result.json,
 * where it has one, of exactly the configurations its result.csv has rows
 * of. A folder without result.json (a build before it, or the file lost)
 * is merged, not refused: its rows are whole without it, and refusing
 * would strand shards whose rows cost hours. Its configurations get the
 * samples of its samples.csv, or none, and *summary says so. Anything
 * else is refused
 * with a message naming the folder (or file:line) and what to do, and
 * nothing is written.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* dirs: NULL-terminated, in any order. out is made when missing; it must
 * not hold a result.csv. *summary (may be NULL) gets a line or two for the
 * user: the rows merged, the machines when the shards ran on several, and
 * the folders merged without a result.json. */
gboolean ws_bench_merge (const char *const *dirs,
                         const char        *out,
                         char             **summary,
                         GError           **error);

G_END_DECLS
