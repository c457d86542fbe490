/* ws-file.c: reading the files a user names, writing them atomically, and
 * removing temporary files on signals (see ws-file.h).
 */
#define _GNU_SOURCE /* O_CLOEXEC, fsync, realpath, sigaction under -std=c17 */

#include "ws-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ws-error.h"
#include "ws-file-private.h"

gboolean
ws_file_parse_error (GError **error, const char *path, gsize line, const char *format, ...)
{
  g_autofree char *shown = g_filename_display_name (path);
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "%s:%" G_GSIZE_FORMAT ": %s", shown, line, what);
  return FALSE;
}

gboolean
ws_file_io_error (GError    **error,
                  const char *path,
                  const char *action,
                  int         err,
                  const char *advice)
{
  g_autofree char *shown = g_filename_display_name (path);

  g_set_error (error, WS_ERROR, WS_ERROR_IO, "Cannot %s “%s”: %s; %s",
               action, shown, g_strerror (err), advice);
  return FALSE;
}

/* What a path that is not a regular file is, for messages. */
static const char *
kind_of (mode_t mode)
{
  if (S_ISDIR (mode))
    return "a folder";
  if (S_ISFIFO (mode))
    return "a FIFO (named pipe)";
  if (S_ISCHR (mode))
    return "a character device";
  if (S_ISBLK (mode))
    return "a block device";
  if (S_ISSOCK (mode))
    return "a socket";
  return "not a regular file";
}

gboolean
ws_file_not_regular (GError **error, const char *path, const char *action, mode_t mode,
                     const char *advice)
{
  g_autofree char *shown = g_filename_display_name (path);

  g_set_error (error, WS_ERROR, WS_ERROR_IO, "Cannot %s “%s”: it is %s, not a regular file; %s",
               action, shown, kind_of (mode), advice);
  return FALSE;
}

/* ---- reading ----------------------------------------------------------- */

/* O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer
 * before fstat could tell what it is. Regular files ignore the flag. */
int
ws_file_open_input (const char *path,
                    GError    **error)
{
  struct stat st;
  int fd;

  g_return_val_if_fail (path != NULL, -1);
  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0);
  if (fd < 0)
    {
      ws_file_io_error (error, path, "read", errno, "check the path and its permissions");
      return -1;
    }
  if (fstat (fd, &st) != 0)
    ws_file_io_error (error, path, "read", errno, "check the path");
  else if (!S_ISREG (st.st_mode))
    ws_file_not_regular (error, path, "read", st.st_mode, "name a file that holds the data");
  else
    return fd;
  close (fd);
  return -1;
}

/* "1 MiB", "64 KiB" for limits that are whole units, else bytes. */
static char *
format_limit (gsize max)
{
  if (max % (1024 * 1024) == 0)
    return g_strdup_printf ("%" G_GSIZE_FORMAT " MiB", max / (1024 * 1024));
  if (max % 1024 == 0)
    return g_strdup_printf ("%" G_GSIZE_FORMAT " KiB", max / 1024);
  return g_strdup_printf ("%" G_GSIZE_FORMAT " bytes", max);
}

static gboolean
too_big (GError **error, const char *path, const char *what, gint64 size, gsize max)
{
  g_autofree char *shown = g_filename_display_name (path);
  g_autofree char *limit = format_limit (max);

  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "%s: the file is %" G_GINT64_FORMAT " bytes; %s may be at most %s",
               shown, size, what, limit);
  return FALSE;
}

/* Reads up to length bytes; *done says how many there were. */
static gboolean
read_all (int fd, const char *path, char *buffer, gsize length, gsize *done, GError **error)
{
  *done = 0;

  while (*done < length)
    {
      gssize got = read (fd, buffer + *done, MIN (length - *done, (gsize) G_MAXINT32));
      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0)
        return ws_file_io_error (error, path, "read", errno, "check the file");
      if (got == 0)
        break; /* shrank while read: what is there is what we have */
      *done += (gsize) got;
    }
  buffer[*done] = '\0';
  return TRUE;
}

gboolean
ws_file_read_input (const char *path,
                    gsize       max_bytes,
                    const char *what,
                    char      **contents,
                    gsize      *length,
                    GError    **error)
{
  g_autofree char *buffer = NULL;
  struct stat st;
  int fd = ws_file_open_input (path, error);
  gsize done;
  gboolean ok;

  if (fd < 0)
    return FALSE;
  if (fstat (fd, &st) != 0 || (max_bytes > 0 && (guint64) st.st_size > max_bytes))
    {
      close (fd);
      return too_big (error, path, what ? what : "it", (gint64) st.st_size, max_bytes);
    }
  buffer = g_try_malloc ((gsize) st.st_size + 1);
  if (buffer == NULL)
    {
      close (fd);
      return ws_file_io_error (error, path, "read", ENOMEM, "the file is too big to load here");
    }
  ok = read_all (fd, path, buffer, (gsize) st.st_size, &done, error);
  close (fd);
  if (!ok)
    return FALSE;
  if (length != NULL)
    *length = done;
  *contents = g_steal_pointer (&buffer);
  return TRUE;
}

GMappedFile *
ws_file_map_input (const char *path,
                   GError    **error)
{
  g_autoptr (GError) local = NULL;
  GMappedFile *map;
  int fd = ws_file_open_input (path, error);

  if (fd < 0)
    return NULL;
  map = g_mapped_file_new_from_fd (fd, FALSE, &local);
  close (fd);
  if (map == NULL)
    {
      g_autofree char *shown = g_filename_display_name (path);
      g_set_error (error, WS_ERROR, WS_ERROR_IO, "Cannot read “%s”: %s", shown, local->message);
    }
  return map;
}

/* ---- temporary files --------------------------------------------------- */

#define MAX_TEMPS 64

enum { SLOT_FREE, SLOT_WRITING, SLOT_READY };

/* Fixed storage: a signal handler may read it at any moment, so nothing is
 * allocated or freed; a slot's path is published by its state. */
static gint temp_state[MAX_TEMPS];
static char temp_path[MAX_TEMPS][PATH_MAX];

/* Takes a free slot for a path about to be published, or -1 when all 64
 * are taken (then that file is not cleaned up on a signal). */
static int
temp_claim (void)
{
  for (guint i = 0; i < MAX_TEMPS; i++)
    if (g_atomic_int_compare_and_exchange (&temp_state[i], SLOT_FREE, SLOT_WRITING))
      return (int) i;
  return -1;
}

/* Publishes path in a claimed slot, or frees it (path NULL). */
static void
temp_publish (int slot, const char *path)
{
  if (slot < 0)
    return;
  if (path != NULL && strlen (path) < PATH_MAX)
    {
      strcpy (temp_path[slot], path);
      g_atomic_int_set (&temp_state[slot], SLOT_READY);
    }
  else
    g_atomic_int_set (&temp_state[slot], SLOT_FREE);
}

void
ws_temp_file_add (const char *path)
{
  g_return_if_fail (path != NULL);
  temp_publish (temp_claim (), path);
}

void
ws_temp_file_remove (const char *path)
{
  g_return_if_fail (path != NULL);
  for (guint i = 0; i < MAX_TEMPS; i++)
    if (g_atomic_int_get (&temp_state[i]) == SLOT_READY && strcmp (temp_path[i], path) == 0
        && g_atomic_int_compare_and_exchange (&temp_state[i], SLOT_READY, SLOT_WRITING))
      {
        temp_path[i][0] = '\0';
        g_atomic_int_set (&temp_state[i], SLOT_FREE);
        return;
      }
}

/* From a signal handler too: a slot another thread is filling (a file just
 * created, its name being published) is waited for, up to a second, so
 * that a file that exists is never missed. */
void
ws_temp_files_unlink (void)
{
  for (guint i = 0; i < MAX_TEMPS; i++)
    {
      struct timespec ms = { 0, 1000 * 1000 };

      for (guint wait = 0; wait < 1000 && g_atomic_int_get (&temp_state[i]) == SLOT_WRITING; wait++)
        nanosleep (&ms, NULL);
      if (g_atomic_int_get (&temp_state[i]) == SLOT_READY)
        unlink (temp_path[i]);
    }
}

static void
on_fatal_signal (int sig)
{
  ws_temp_files_unlink ();
  signal (sig, SIG_DFL);
  raise (sig); /* ends the program as the signal would have: status, shell message */
}

void
ws_file_clean_on_signals (void)
{
  static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
  struct sigaction action = { 0 };

  action.sa_handler = on_fatal_signal;
  sigemptyset (&action.sa_mask);
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    sigaddset (&action.sa_mask, signals[i]);
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    sigaction (signals[i], &action, NULL);
}

/* ---- writing ----------------------------------------------------------- */

static gboolean
write_all (int         fd,
           const char *data,
           gsize       len)
{
  while (len > 0)
    {
      gssize done = write (fd, data, MIN (len, (gsize) G_MAXINT32));
      if (done < 0 && errno == EINTR)
        continue;
      if (done == 0)
        errno = EIO; /* a full device that reports no error */
      if (done <= 0)
        return FALSE;
      data += done;
      len -= (gsize) done;
    }
  return TRUE;
}

/* The slot in the registry is claimed before the file is made and
 * published after, the cleanup signals held back meanwhile in this thread:
 * a Ctrl-C that lands between the two still finds the file (on another
 * thread, ws_temp_files_unlink waits for the slot). */
int
ws_file_create_registered (char *tmp)
{
  sigset_t held, old;
  int slot, fd, err;

  sigemptyset (&held);
  sigaddset (&held, SIGINT), sigaddset (&held, SIGTERM), sigaddset (&held, SIGHUP);
  pthread_sigmask (SIG_BLOCK, &held, &old);
  slot = temp_claim ();
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0666);
  err = errno;
  temp_publish (slot, fd >= 0 ? tmp : NULL);
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  errno = err;
  return fd;
}

void
ws_file_discard_temporary (const char *tmp)
{
  g_unlink (tmp);
  ws_temp_file_remove (tmp);
}

/* Writes data to a fresh temporary file beside `path` (with `mode`, the
 * replaced file's permissions); returns its name. fsync makes the content
 * durable before the rename makes it visible. */
static char *
write_temporary (const char *path,
                 mode_t      mode,
                 const char *data,
                 gsize       len,
                 GError    **error)
{
  g_autofree char *tmp = g_strconcat (path, ".XXXXXX", NULL);
  int fd = ws_file_create_registered (tmp);
  gboolean ok;
  int err;

  if (fd < 0)
    {
      ws_file_io_error (error, path, "write", errno, "check that its folder exists and is writable");
      return NULL;
    }
  if (mode != 0)
    fchmod (fd, mode & 07777);
  ok = write_all (fd, data, len) && fsync (fd) == 0;
  err = errno;
  if (close (fd) != 0 && ok)
    {
      ok = FALSE;
      err = errno;
    }
  if (ok)
    return g_steal_pointer (&tmp);
  ws_file_discard_temporary (tmp);
  ws_file_io_error (error, path, "write", err, "check the free space on its disk");
  return NULL;
}

gboolean
ws_file_move_into_place (const char *tmp,
                         const char *path,
                         GError    **error)
{
  int err;

  if (g_rename (tmp, path) == 0)
    {
      ws_temp_file_remove (tmp);
      return TRUE;
    }
  err = errno;
  ws_file_discard_temporary (tmp);
  return ws_file_io_error (error, path, "replace", err, "check that it names a file you may replace");
}

static gboolean
replace_atomically (const char *path,
                    mode_t      mode,
                    const char *data,
                    gsize       len,
                    GError    **error)
{
  g_autofree char *tmp = write_temporary (path, mode, data, len, error);

  return tmp != NULL && ws_file_move_into_place (tmp, path, error);
}

/* A FIFO, a character device or standard output: no file to replace. */
static gboolean
write_through (const char *path,
               int         fd,
               const char *data,
               gsize       len,
               GError    **error)
{
  gboolean ok = write_all (fd, data, len);
  int err = errno;

  if (!ok)
    return ws_file_io_error (error, path, "write", err, "check where it leads");
  return TRUE;
}

static gboolean
write_stream (const char *path,
              const char *data,
              gsize       len,
              GError    **error)
{
  int fd = g_open (path, O_WRONLY | O_CLOEXEC | O_NOCTTY, 0);
  gboolean ok;

  if (fd < 0)
    return ws_file_io_error (error, path, "write", errno, "check its permissions");
  ok = write_through (path, fd, data, len, error);
  if (close (fd) != 0 && ok)
    return ws_file_io_error (error, path, "write", errno, "check where it leads");
  return ok;
}

/* Where a dangling symbolic link points, made absolute, to be created. */
static char *
link_target (const char *path)
{
  g_autofree char *target = g_file_read_link (path, NULL);
  g_autofree char *dir = NULL;

  if (target == NULL || g_path_is_absolute (target))
    return g_steal_pointer (&target);
  dir = g_path_get_dirname (path);
  return g_build_filename (dir, target, NULL);
}

/* A chain of up to 40 links, as the kernel follows. */
char *
ws_file_resolve (const char *path)
{
  g_autofree char *current = g_strdup (path);
  char real[PATH_MAX];

  if (realpath (path, real) != NULL)
    return g_strdup (real);
  for (guint hops = 0; hops < 40; hops++)
    {
      GStatBuf st;
      char *next;

      if (g_lstat (current, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&current);
      if ((next = link_target (current)) == NULL)
        return g_steal_pointer (&current);
      g_free (current);
      current = next;
    }
  return g_steal_pointer (&current);
}

gboolean
ws_file_no_name (GError **error)
{
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "No file name was given; name the file to write");
  return FALSE;
}

gboolean
ws_file_write_atomic (const char *path,
                      const char *data,
                      gsize       len,
                      GError    **error)
{
  g_autofree char *target = NULL;
  GStatBuf st;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || len == 0, FALSE);
  if (path[0] == '\0')
    return ws_file_no_name (error);
  if (strcmp (path, "-") == 0)
    {
      fflush (stdout); /* what was printed before comes first */
      return write_through ("standard output", STDOUT_FILENO, data, len, error);
    }
  if (g_stat (path, &st) != 0)
    {
      if (errno != ENOENT)
        return ws_file_io_error (error, path, "write", errno, "check the path");
      target = ws_file_resolve (path); /* new, or a link to a file not made yet */
      return replace_atomically (target, 0, data, len, error);
    }
  if (S_ISFIFO (st.st_mode) || S_ISCHR (st.st_mode))
    return write_stream (path, data, len, error);
  if (!S_ISREG (st.st_mode))
    return ws_file_not_regular (error, path, "write", st.st_mode, "name a file to write");
  target = ws_file_resolve (path);
  return replace_atomically (target, st.st_mode, data, len, error);
}
