/* fuzz-util.c: what the fuzzing harnesses share (see fuzz-util.h). */
#define _GNU_SOURCE /* memfd_create */

#include "fuzz-util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <glib/gstdio.h>

/* Messages below critical are what bad input is allowed to cause; they are
 * dropped rather than printed a million times. A critical (a precondition
 * that failed) or an error (a check of a harness) is printed and aborts at
 * once: GLib's own fatal path raises SIGTRAP, which the sanitizers do not
 * report by default, while SIGABRT is a crash to libFuzzer and to the
 * replay test alike. */
static GLogWriterOutput
writer (GLogLevelFlags   level,
        const GLogField *fields,
        gsize            n_fields,
        gpointer         user_data)
{
  if ((level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL)) == 0)
    return G_LOG_WRITER_HANDLED;
  g_log_writer_default (level, fields, n_fields, user_data);
  abort ();
}

void
ws_fuzz_init (void)
{
  static gsize once = 0;

  if (!g_once_init_enter (&once))
    return;
  /* g_test_init makes warnings fatal; here they are expected, and dropped. */
  g_log_set_always_fatal (G_LOG_FATAL_MASK);
  g_log_set_writer_func (writer, NULL, NULL);
  g_once_init_leave (&once, 1);
}

void
ws_fuzz_check_error (const GError *error)
{
  ws_fuzz_check (error != NULL, "refused without an error");
  ws_fuzz_check (error->message != NULL && error->message[0] != '\0', "refused without a message");
  ws_fuzz_check (g_utf8_validate (error->message, -1, NULL), "a message that is not UTF-8: %s",
                 error->message);
}

typedef struct
{
  int   fd;
  char *path;
} FuzzFile;

static void
write_all (int         fd,
           const void *data,
           gsize       size)
{
  const char *p = data;

  if (ftruncate (fd, 0) != 0)
    g_error ("ftruncate: %s", g_strerror (errno));
  for (gsize done = 0; done < size;)
    {
      ssize_t n = pwrite (fd, p + done, size - done, (off_t) done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        g_error ("pwrite: %s", g_strerror (errno));
      done += (gsize) n;
    }
}

/* A memfd lives in memory and vanishes with the process, so millions of
 * executions leave nothing on the disk, and a crash leaves no stray file. */
static const char *
fill (FuzzFile   *f,
      const void *data,
      gsize       size)
{
  if (f->path == NULL)
    {
      f->fd = memfd_create ("ws-fuzz-input", MFD_CLOEXEC);
      if (f->fd < 0)
        g_error ("memfd_create: %s", g_strerror (errno));
      f->path = g_strdup_printf ("/proc/self/fd/%d", f->fd);
    }
  write_all (f->fd, data, size);
  return f->path;
}

const char *
ws_fuzz_file (const void *data,
              gsize       size)
{
  static FuzzFile file;

  return fill (&file, data, size);
}

const char *
ws_fuzz_file2 (const void *data,
               gsize       size)
{
  static FuzzFile file;

  return fill (&file, data, size);
}

char *
ws_fuzz_folder_new (void)
{
  g_autoptr (GError) error = NULL;
  char *folder = g_dir_make_tmp ("ws-fuzz-XXXXXX", &error);

  if (folder == NULL)
    g_error ("%s", error->message);
  return folder;
}

void
ws_fuzz_folder_remove (char *folder)
{
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_unlink (path);
    }
  g_rmdir (folder);
  g_free (folder);
}

FILE *
ws_fuzz_null (void)
{
  static FILE *null;

  if (null == NULL && (null = fopen ("/dev/null", "w")) == NULL)
    g_error ("/dev/null: %s", g_strerror (errno));
  return null;
}

char *
ws_fuzz_cstring (const uint8_t *data,
                 size_t         size)
{
  return size > 0 ? g_strndup ((const char *) data, size) : g_strdup ("");
}
