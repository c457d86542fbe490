/* ws-size.h: parsing sizes, shared by the CLI's options and the presets. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Parse a size: "65536", "2^20", "1e6", "64k", "16M" (powers of 1024). An
 * error names `what` (an option, or a preset's file:line key) and the text. */
gboolean ws_size_parse (const char *what,
                        const char *text,
                        gsize      *out,
                        GError    **error);

G_END_DECLS
