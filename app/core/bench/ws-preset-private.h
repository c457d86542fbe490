/* ws-preset-private.h: what the ws-preset*.c files share, nothing more.
 *
 * Loading runs in two layers. ws-preset-reader.c owns the text: it checks
 * it (size, UTF-8), scans it line by line for what GKeyFile cannot say or
 * would accept silently (line numbers, unknown groups and keys, repeats),
 * hands it to GKeyFile, and offers typed access to values with errors that
 * start "FILE:LINE: KEY: ". ws-preset.c and ws-preset-values.c turn those
 * values into a WsPreset and check them against the registry.
 */
#pragma once

#include <glib.h>

#include "ws-preset.h"

G_BEGIN_DECLS

#define WS_PRESET_MAX_BYTES (1024 * 1024)
#define WS_PRESET_MAX_SIZES 1000

typedef struct
{
  const char *name;       /* the file as messages call it */
  GKeyFile   *keys;
  GHashTable *lines;      /* "group" and "group\nkey" -> 1-based line */
  GPtrArray  *param_keys; /* the [params] keys, in file order */
} WsPresetReader;

WsPresetReader *ws_preset_reader_new   (const char *name,
                                        const char *text,
                                        gsize       length,
                                        GError    **error);
void            ws_preset_reader_free  (WsPresetReader *reader);

/* The line of a key, or of its group when the key is absent, or 0 when the
 * group is absent too. */
gsize           ws_preset_reader_line  (const WsPresetReader *reader,
                                        const char           *group,
                                        const char           *key);
gboolean        ws_preset_reader_has   (const WsPresetReader *reader,
                                        const char           *group,
                                        const char           *key);

/* Always FALSE: sets "NAME:LINE: KEY: <message>", the line as
 * ws_preset_reader_line gives it (1 when the group is missing), KEY bare in
 * [preset] and "group.key" elsewhere. */
gboolean        ws_preset_fail         (const WsPresetReader *reader,
                                        const char           *group,
                                        const char           *key,
                                        GError              **error,
                                        const char           *format,
                                        ...) G_GNUC_PRINTF (5, 6);

/* A value with GKeyFile's escapes undone and outer whitespace stripped;
 * *out is NULL when the key is absent. */
gboolean        ws_preset_reader_text  (const WsPresetReader *reader,
                                        const char           *group,
                                        const char           *key,
                                        char                **out,
                                        GError              **error);
/* A comma-separated list, items stripped, none empty, at least one; *out is
 * NULL when the key is absent. `example` completes "…; give …" when the
 * list is empty. */
gboolean        ws_preset_reader_items (const WsPresetReader *reader,
                                        const char           *group,
                                        const char           *key,
                                        const char           *example,
                                        GStrv                *out,
                                        GError              **error);

/* A whole decimal number in min..max; errors blame group/key. */
gboolean        ws_preset_parse_count  (const WsPresetReader *reader,
                                        const char           *group,
                                        const char           *key,
                                        const char           *text,
                                        guint64               min,
                                        guint64               max,
                                        guint64              *out,
                                        GError              **error);

/* ws-preset-values.c: the keys whose values are lists with rules of their own. */
gboolean        ws_preset_read_sizes       (const WsPresetReader *reader,
                                            WsPreset             *preset,
                                            GError              **error);
gboolean        ws_preset_read_repetitions (const WsPresetReader *reader,
                                            WsPreset             *preset,
                                            GError              **error);
gboolean        ws_preset_read_params      (const WsPresetReader *reader,
                                            WsPreset             *preset,
                                            GError              **error);
/* devices = all | 0, 2 (ws-bench-devices.h): named only; whether they are
 * there is for the machine that runs the plan to say. */
gboolean        ws_preset_read_devices     (const WsPresetReader *reader,
                                            WsPreset             *preset,
                                            GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsPresetReader, ws_preset_reader_free)

G_END_DECLS
