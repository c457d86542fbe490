/* ws-atomic-file.h: a file that another writer fills by name (a GStreamer
 * pipeline's filesink), made visible whole, as ws_file_write_atomic makes
 * the files Warpscope writes itself.
 *
 * The writer fills a temporary file beside path ("PATH.XXXXXX"), and
 * ws_atomic_file_commit flushes it to the disk and renames it over path.
 * Until then path is untouched: a failed or cancelled writer's temporary
 * file goes with ws_atomic_file_free, or with the program on a signal
 * (ws_file_clean_on_signals). path is a regular file (links followed, its
 * permissions kept) or a new one; a folder, a FIFO or a device is refused
 * before anything is made, and so is a folder that cannot take the file.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _WsAtomicFile WsAtomicFile;

WsAtomicFile *ws_atomic_file_new    (const char    *path,
                                     GError       **error);
/* Where the writer writes, created empty. */
const char   *ws_atomic_file_temp   (WsAtomicFile  *file);
/* Flushes the temporary file to the disk and renames it over path; on
 * failure it is removed. Once only. */
gboolean      ws_atomic_file_commit (WsAtomicFile  *file,
                                     GError       **error);
/* Frees file; a temporary file not committed is removed. */
void          ws_atomic_file_free   (WsAtomicFile  *file);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsAtomicFile, ws_atomic_file_free)

G_END_DECLS
