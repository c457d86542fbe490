/* ws-file.h: the files a user names — reading them safely, writing them
 * atomically, and never leaving a temporary file behind.
 *
 * Reading: only regular files (symbolic links followed). A FIFO without a
 * writer would hang the read, a device such as /dev/zero would never end,
 * and a folder has no contents, so each is refused with a message that says
 * what the path is and what to do.
 *
 * Writing: a regular file (or a new one) is replaced atomically — the data
 * goes to a temporary file beside it, is flushed, then renamed over it — so
 * a reader never sees half a file and a failed write leaves the old one. A
 * symbolic link is followed and the file it points to replaced (the link
 * stays). A FIFO or a character device (/dev/null, a terminal) and "-"
 * (standard output) are written straight through. Nothing else — a
 * folder, a socket, a block device — is ever replaced by a regular file.
 *
 * Temporary files are registered while they exist; ws_file_clean_on_signals
 * removes them when SIGINT, SIGTERM or SIGHUP ends the program.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* An open descriptor (close it) of the regular file at path, or -1 with
 * WS_ERROR_IO naming what the path is instead. */
int          ws_file_open_input   (const char  *path,
                                   GError     **error);
/* The whole regular file, NUL-terminated. max_bytes > 0 refuses a larger
 * one (WS_ERROR_INVALID_ARGUMENT) before reading it; what names the kind of
 * file for that message ("a preset"). */
gboolean     ws_file_read_input   (const char  *path,
                                   gsize        max_bytes,
                                   const char  *what,
                                   char       **contents,
                                   gsize       *length,
                                   GError     **error);
/* The regular file mapped read-only (an empty file maps to length 0). */
GMappedFile *ws_file_map_input    (const char  *path,
                                   GError     **error);

/* Writes data to path as described above. */
gboolean     ws_file_write_atomic (const char  *path,
                                   const char  *data,
                                   gsize        len,
                                   GError     **error);

/* A "Cannot ACTION “PATH”: REASON; ADVICE" error (WS_ERROR_IO), FALSE. */
gboolean     ws_file_io_error     (GError     **error,
                                   const char  *path,
                                   const char  *action,
                                   int          err,
                                   const char  *advice);

/* A "PATH:LINE: WHAT" error (WS_ERROR_PARSE) about a file's text, FALSE. */
gboolean     ws_file_parse_error  (GError     **error,
                                   const char  *path,
                                   gsize        line,
                                   const char  *format,
                                   ...) G_GNUC_PRINTF (4, 5);

/* Temporary files: registered from creation until renamed or removed.
 * Thread-safe; up to 64 at once (more are simply not tracked). */
void         ws_temp_file_add     (const char  *path);
void         ws_temp_file_remove  (const char  *path);
/* Removes every registered temporary file now (async-signal-safe). */
void         ws_temp_files_unlink (void);
/* Installs handlers for SIGINT, SIGTERM and SIGHUP that remove the
 * registered temporary files and then end the program by the same signal,
 * as it would have ended without them. For programs (the CLI, the
 * application), not libraries; call once at start. */
void         ws_file_clean_on_signals (void);

G_END_DECLS
