/* ws-bench-samples.h: a run's every sample, by configuration, as `bench
 * --samples` keeps them in samples.csv (key, index, seconds), read back for
 * `warpscope-cli compare`.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The header samples.csv starts with. */
#define WS_BENCH_SAMPLES_HEADER "key,index,seconds\n"

typedef struct
{
  GPtrArray  *keys;    /* char *, in the order the file first names them */
  GHashTable *samples; /* key → GArray of double seconds */
} WsBenchSamples;

/* Reads path. A sample that is not a time (not a number, negative, not
 * finite) is an error naming file:line; so is a file with no samples.
 * Files written before the header was added (their first line a sample)
 * are read too. */
WsBenchSamples *ws_bench_samples_load (const char     *path,
                                       GError        **error);
void            ws_bench_samples_free (WsBenchSamples *samples);

/* The samples of key (NULL when the run has none). */
GArray         *ws_bench_samples_get  (const WsBenchSamples *samples,
                                       const char           *key);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsBenchSamples, ws_bench_samples_free)

G_END_DECLS
