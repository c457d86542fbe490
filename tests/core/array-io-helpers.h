/* array-io-helpers.h: small file helpers shared by the array-io tests. */
#pragma once

#include <string.h>

#include <glib.h>

#include "ws-test-util.h"

static inline char *
write_file (const char *name,
            const char *contents,
            gssize      len)
{
  g_autoptr (GError) error = NULL;
  char *path = ws_test_tmp_path (name);

  g_file_set_contents (path, contents, len, &error);
  g_assert_no_error (error);
  return path;
}

static inline void
assert_contains (const char *message,
                 const char *needle)
{
  if (strstr (message, needle) == NULL)
    g_error ("message “%s” lacks “%s”", message, needle);
}
