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

/* ---- reading row by row ----
 *
 * For files too big to hold: only the row being read is in memory. The
 * first line names the columns; a UTF-8 byte order mark before it is
 * skipped. A row with a different number of fields, or an unterminated
 * quote, is an error naming file:line (WS_ERROR_PARSE). */
typedef struct _WsCsvReader WsCsvReader;

/* Opens path (a regular file: a FIFO or a device is refused, see
 * ws-file.h) and reads its header. lenient: a final line without its
 * newline — a row cut short by a crash while it was written — is dropped
 * at the end rather than taken (ws_csv_reader_cut_line says so). */
WsCsvReader        *ws_csv_reader_open     (const char        *path,
                                            gboolean           lenient,
                                            GError           **error);
const char *const  *ws_csv_reader_header   (const WsCsvReader *reader);
/* The next row, as many fields as the header names, valid until the next
 * call; NULL at the end and on an error (then set). */
const char *const  *ws_csv_reader_next     (WsCsvReader       *reader,
                                            GError           **error);
/* The line the last row returned starts on (the header is line 1). */
guint               ws_csv_reader_line     (const WsCsvReader *reader);
/* Bytes read so far, and the file's size when it was opened: progress. */
guint64             ws_csv_reader_offset   (const WsCsvReader *reader);
guint64             ws_csv_reader_size     (const WsCsvReader *reader);
/* Lenient, at the end: the line of the row cut short that was dropped, or
 * 0 when there was none. */
guint               ws_csv_reader_cut_line (const WsCsvReader *reader);
void                ws_csv_reader_free     (WsCsvReader       *reader);

/* ---- whole tables ---- */

/* Reads a whole CSV file as ws_csv_reader_next does, every row held. */
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
/* The same, for a row read from a file: the line it starts on there. */
void        ws_csv_table_append_line  (WsCsvTable  *table,
                                       GStrv        fields,
                                       guint        line);
/* The whole table as CSV, atomically: a temporary file renamed over path. */
gboolean    ws_csv_table_write        (const WsCsvTable *table,
                                       const char       *path,
                                       GError          **error);

/* Row r's fields, as many as the header's. */
const char *const *ws_csv_table_row   (const WsCsvTable *table,
                                       guint             r);
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
G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsCsvReader, ws_csv_reader_free)

G_END_DECLS
