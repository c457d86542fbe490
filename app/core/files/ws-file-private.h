/* ws-file-private.h: what ws-file.c lends ws-atomic-file.c — the pieces of
 * an atomic write, for a file that another writer fills. Private to files/. */
#pragma once

#include <sys/types.h>

#include <glib.h>

G_BEGIN_DECLS

/* Creates the temporary file of template tmp (mkstemp's XXXXXX), registered
 * for removal on a signal; returns its descriptor, or -1 with errno. */
int      ws_file_create_registered (char        *tmp);
/* Removes the temporary file tmp and its registration. */
void     ws_file_discard_temporary (const char  *tmp);
/* Renames the written temporary file tmp over path; on failure it goes. */
gboolean ws_file_move_into_place   (const char  *tmp,
                                    const char  *path,
                                    GError     **error);
/* The file a path names once its links are followed; for a link to
 * nothing yet, the path it points to. */
char    *ws_file_resolve           (const char  *path);
/* "Cannot ACTION “PATH”: it is a folder, not a regular file; ADVICE"
 * (WS_ERROR_IO), FALSE. */
gboolean ws_file_not_regular       (GError     **error,
                                    const char  *path,
                                    const char  *action,
                                    mode_t       mode,
                                    const char  *advice);
/* "No file name was given" (WS_ERROR_INVALID_ARGUMENT), FALSE. */
gboolean ws_file_no_name           (GError     **error);

G_END_DECLS
