/* ws-csv.h: CSV files as benchmarks write and read them (RFC 4180: fields
 * with commas, quotes or line breaks are quoted, quotes doubled).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A field as CSV: quoted only when it must be. */
char       *ws_csv_quote     (const char *field);
/* Fields (NULL-terminated) as one CSV line, its newline included. */
char       *ws_csv_record    (const char *const *fields);

typedef struct
{
  GStrv      header;   /* column names */
  GPtrArray *rows;     /* GStrv per row, each as long as the header */
  GArray    *lines;    /* guint: the line each row starts on, for messages */
} WsCsvTable;

/* Reads a whole CSV file whose first line names the columns. A row with a
 * different number of fields, or an unterminated quote, is an error naming
 * file:line (WS_ERROR_PARSE). */
WsCsvTable *ws_csv_table_read         (const char  *path,
                                       GError     **error);
/* The same, but a final line without its newline — a row cut short by a
 * crash while it was written — is dropped, and *dropped says so. */
WsCsvTable *ws_csv_table_read_lenient (const char  *path,
                                       gboolean    *dropped,
                                       GError     **error);
void        ws_csv_table_free         (WsCsvTable  *table);

/* An empty table with these columns (NULL-terminated), to be filled row by
 * row as results arrive. */
WsCsvTable *ws_csv_table_new          (const char *const *header);
/* Takes fields, one per column. */
void        ws_csv_table_append       (WsCsvTable  *table,
                                       GStrv        fields);
/* The whole table as CSV, atomically: a temporary file renamed over path. */
gboolean    ws_csv_table_write        (const WsCsvTable *table,
                                       const char       *path,
                                       GError          **error);

/* The index of a column, or -1. */
int         ws_csv_table_column       (const WsCsvTable *table,
                                       const char       *name);
/* Row r's field in the named column; NULL for an unknown column. */
const char *ws_csv_table_get          (const WsCsvTable *table,
                                       guint             r,
                                       const char       *name);

/* Row r's field in the named column as a number: FALSE (and *out NAN) for
 * an unknown column, an empty field or text that is not wholly a finite
 * number in C notation. */
gboolean    ws_csv_table_number       (const WsCsvTable *table,
                                       guint             r,
                                       const char       *name,
                                       double           *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsCsvTable, ws_csv_table_free)

G_END_DECLS
