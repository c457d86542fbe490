/* ws-compare-runs.h: a run beside a baseline, whole (issue 21) — each
 * run's samples found and read, and every configuration both have
 * compared (ws-compare.h), those in one run only listed apart: what
 * `warpscope-cli compare` prints and the panel's Compare with… shows.
 *
 * A run is named by its folder (bench -o DIR, or the panel's), by its
 * result.json, by its result.csv (whose samples are those of the
 * result.json or samples.csv beside it) or by the samples.csv of `bench
 * --samples`. A folder's result.json is read where it has one.
 */
#pragma once

#include <glib.h>

#include "ws-bench-samples.h"
#include "ws-compare.h"
#include "ws-csv.h"

G_BEGIN_DECLS

/* The difference that matters when none is given: 5%. */
#define WS_COMPARE_DEFAULT_THRESHOLD 0.05

/* The file that holds the samples of the run path names: a folder's
 * result.json, else its samples.csv; the same beside a result.csv; a
 * result.json or samples.csv itself. what names the run in messages
 * ("BASE", "The baseline"): a folder or a result.csv without samples is
 * an error (WS_ERROR_IO) saying how to make them, a CSV file that is
 * neither a result.csv nor a samples.csv one (WS_ERROR_PARSE). */
char           *ws_compare_samples_file (const char           *what,
                                         const char           *path,
                                         GError              **error);

/* The samples of the run path names (as ws_compare_samples_file takes
 * it): a run none of whose rows ran, a damaged file (file:line or the
 * member), a FIFO or a folder where a file is wanted, is an error. When
 * rows is not NULL it gets the run's rows too, as result.csv has them
 * (its charts and table): from the same result.json, or from the
 * result.csv beside a samples.csv — an empty table where there is none. */
WsBenchSamples *ws_compare_load_run     (const char           *what,
                                         const char           *path,
                                         WsCsvTable          **rows,
                                         GError              **error);

typedef struct
{
  char         *key;  /* the configuration's, as result.csv and samples.csv name it */
  WsComparison  c;
} WsComparePair;

typedef struct
{
  double      threshold;
  GArray     *pairs;     /* WsComparePair: each key both runs have, in the baseline's order */
  GPtrArray  *only_base; /* char *: the keys of the baseline alone, in its order */
  GPtrArray  *only_new;  /* char *: the keys of the new run alone, in its order */
  gboolean    slower;    /* a pair is SLOWER */
  GHashTable *by_key;    /* key → its WsComparePair in pairs */
} WsCompareRuns;

/* Every configuration both runs have samples of, compared at threshold
 * (0.05: 5%). Errors: the runs share no configuration (nothing to compare
 * is an error, not a pass), or ws_compare_samples refuses one (the
 * message starts with its key). */
WsCompareRuns      *ws_compare_runs        (const WsBenchSamples *base,
                                            const WsBenchSamples *fresh,
                                            double                threshold,
                                            GError              **error);
/* The comparison of key, or NULL when the runs do not share it. */
const WsComparison *ws_compare_runs_lookup (const WsCompareRuns  *runs,
                                            const char           *key);
void                ws_compare_runs_free   (WsCompareRuns        *runs);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsCompareRuns, ws_compare_runs_free)

G_END_DECLS
