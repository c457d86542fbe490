/* cli-util.h: run warpscope-cli from a test and look at what it did. */
#pragma once

#include <glib.h>

typedef struct
{
  int   status; /* exit status, or -1 when it did not exit normally */
  char *out;
  char *err;
} CliResult;

/* Run warpscope-cli (path in $WS_CLI) with a NULL-terminated argument list. */
CliResult *cli_run (const char *first, ...) G_GNUC_NULL_TERMINATED;
/* The same with a NULL-terminated vector; NULL entries in the middle are not allowed. */
CliResult *cli_runv (const char *const *args);
/* The same, in the working directory cwd. */
CliResult *cli_runv_in (const char        *cwd,
                        const char *const *args);
void       cli_result_free (CliResult *r);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CliResult, cli_result_free)

/* Write text to a fresh file in the test's temporary directory; returns its path. */
char      *cli_write_file (const char *name,
                           const char *contents);
char      *cli_read_file  (const char *path);

/* TRUE, the test skipped, when r failed for want of a headless OpenGL
 * (render on a machine without EGL). */
gboolean   cli_skip_without_gl (const CliResult *r);

/* Assert a failed run: non-zero exit, stderr containing every needle. */
void       cli_assert_fails (const CliResult *r,
                             const char      *needle,
                             ...) G_GNUC_NULL_TERMINATED;
