/* ws-bench-csv.h: result.csv — one row per configuration, appended and
 * flushed to the disk as each one finishes, so that an interrupted or
 * crashed run keeps every finished row; read back for --resume and plots.
 * The header names every column's unit (seconds, GB/s, …).
 */
#pragma once

#include <stdio.h>

#include "ws-bench.h"
#include "ws-csv.h"

G_BEGIN_DECLS

typedef struct _WsBenchCsv WsBenchCsv;

/* Opens path for rows: a new file gets the header; an existing one (resume)
 * must have the same header and is appended to. Creates path's folder, and
 * the folders above it, when missing; WS_ERROR_IO names the folder when it
 * cannot be made. */
WsBenchCsv *ws_bench_csv_open   (const char        *path,
                                 GError           **error);
/* A row, made into fields by ws_bench_csv_fields (which result.json and
 * the table take too). */
gboolean    ws_bench_csv_append_fields (WsBenchCsv         *csv,
                                        const char *const  *fields,
                                        GError            **error);
void        ws_bench_csv_close  (WsBenchCsv        *csv);

/* error.log beside result.csv: a failed or errored row appends a line
 * "STATUS: CONFIGURATION: MESSAGE"; other rows write nothing. A log that
 * cannot be opened is passed over: result.csv holds the message too. */
void        ws_bench_error_log_append (const char       *path,
                                       const WsBenchRow *row);
/* A line of its own in error.log, for what ends a run rather than a row
 * ("interrupted: SIGTERM during …; 3 rows kept"); passed over in the same
 * way when the log cannot be opened. */
void        ws_bench_error_log_note   (const char       *path,
                                       const char       *line);

/* result.csv's columns, NULL-terminated. */
const char *const *ws_bench_csv_columns (void);
/* A row's fields in those columns, as result.csv holds them (numbers in C
 * notation, empty where not measured): what the application's table shows
 * of a row while its run goes on. */
GStrv       ws_bench_csv_fields (const WsPreset    *preset,
                                 const WsBenchRow  *row);

/* A table of a result.csv from before some of this build's columns were
 * added (cold; device_index), in this build's columns, those it lacks
 * empty — as every reader takes such a file: warm, no GPU number; its
 * rows' lines kept. NULL where its columns are not such (another program's,
 * or a later version's). */
WsCsvTable *ws_bench_csv_upgrade (const WsCsvTable *table);

/* The column holding a row's configuration key (ws_bench_config_key). */
#define WS_BENCH_CSV_KEY "key"

/* Fills row (status, message, time statistics, device) from CSV row r, as
 * resume needs it to skip the configuration and to compare with it. */
gboolean    ws_bench_csv_row    (const WsCsvTable  *table,
                                 guint              r,
                                 WsBenchRow        *row,
                                 GError           **error);

/* One line per sample: key, index, seconds — appended like result.csv. */
gboolean    ws_bench_samples_append (FILE             *file,
                                     const WsBenchRow *row,
                                     GError          **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsBenchCsv, ws_bench_csv_close)

G_END_DECLS
