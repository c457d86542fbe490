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

/* As ws_bench_samples_load, but a file of no sample — empty, or its
 * header alone (every row of its run failed before a sample was taken),
 * which that refuses — gives an empty set of samples. */
WsBenchSamples *ws_bench_samples_load_any (const char    *path,
                                           GError       **error);

/* key's samples as samples.csv's lines, appended to out: "KEY,INDEX,SECONDS"
 * each (the key quoted where CSV needs it, seconds to 9 digits, as every
 * writer of the file puts them). */
void            ws_bench_samples_format (GString            *out,
                                         const char         *key,
                                         const GArray       *samples);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsBenchSamples, ws_bench_samples_free)

G_END_DECLS
