/* ws-atomic-file.c: a file another writer fills, renamed into place once
 * whole (see ws-atomic-file.h). */
#define _GNU_SOURCE /* O_CLOEXEC, fsync, fchmod under -std=c17 */

#include "ws-atomic-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ws-file-private.h"
#include "ws-file.h"

struct _WsAtomicFile
{
  char *target; /* the file replaced, links followed */
  char *temp;   /* what the writer fills, beside it */
};

/* The file path names once links are followed, with the mode of the file
 * it replaces (0 for a new one); anything but a regular file is refused. */
static char *
atomic_target (const char *path,
               mode_t     *mode,
               GError    **error)
{
  GStatBuf st;

  *mode = 0;
  if (path[0] == '\0')
    return ws_file_no_name (error), NULL;
  if (g_stat (path, &st) == 0)
    {
      if (!S_ISREG (st.st_mode))
        return ws_file_not_regular (error, path, "write", st.st_mode, "name a file to write"), NULL;
      *mode = st.st_mode;
    }
  else if (errno != ENOENT)
    return ws_file_io_error (error, path, "write", errno, "check the path"), NULL;
  return ws_file_resolve (path);
}

WsAtomicFile *
ws_atomic_file_new (const char *path,
                    GError    **error)
{
  g_autofree char *target = NULL;
  g_autofree char *tmp = NULL;
  WsAtomicFile *file;
  mode_t mode;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  if ((target = atomic_target (path, &mode, error)) == NULL)
    return NULL;
  tmp = g_strconcat (target, ".XXXXXX", NULL);
  if ((fd = ws_file_create_registered (tmp)) < 0)
    return ws_file_io_error (error, path, "write", errno,
                             "check that its folder exists and is writable"), NULL;
  if (mode != 0)
    fchmod (fd, mode & 07777);
  close (fd);
  file = g_new0 (WsAtomicFile, 1);
  file->target = g_steal_pointer (&target);
  file->temp = g_steal_pointer (&tmp);
  return file;
}

const char *
ws_atomic_file_temp (WsAtomicFile *file)
{
  g_return_val_if_fail (file != NULL, NULL);
  return file->temp;
}

/* What the writer wrote reaches the disk before the rename shows it. */
static gboolean
sync_file (const char *path,
           GError    **error)
{
  int fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  int err;

  if (fd >= 0 && fsync (fd) == 0 && close (fd) == 0)
    return TRUE;
  err = errno;
  if (fd >= 0)
    close (fd);
  return ws_file_io_error (error, path, "write", err, "check the free space on its disk");
}

gboolean
ws_atomic_file_commit (WsAtomicFile *file,
                       GError      **error)
{
  g_autofree char *temp = NULL;

  g_return_val_if_fail (file != NULL && file->temp != NULL, FALSE);
  temp = g_steal_pointer (&file->temp);
  if (sync_file (temp, error))
    return ws_file_move_into_place (temp, file->target, error);
  ws_file_discard_temporary (temp);
  return FALSE;
}

void
ws_atomic_file_free (WsAtomicFile *file)
{
  if (file == NULL)
    return;
  if (file->temp != NULL)
    ws_file_discard_temporary (file->temp);
  g_free (file->temp);
  g_free (file->target);
  g_free (file);
}
