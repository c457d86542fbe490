/* ws-cli.h: the subcommands of warpscope-cli. Each returns the exit status. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

int      ws_cli_list  (int argc, char **argv);
int      ws_cli_info  (int argc, char **argv);
int      ws_cli_run   (int argc, char **argv);
int      ws_cli_demo  (int argc, char **argv);
int      ws_cli_bench (int argc, char **argv);
int      ws_cli_plot  (int argc, char **argv);
int      ws_cli_render (int argc, char **argv);
int      ws_cli_check (int argc, char **argv);
int      ws_cli_diagram (int argc, char **argv);
int      ws_cli_roofline (int argc, char **argv);
int      ws_cli_compare (int argc, char **argv);
int      ws_cli_merge (int argc, char **argv);

/* Print "warpscope-cli: <message>" on stderr; returns the failure status 1. */
int      ws_cli_fail  (const GError *error);

/* Print "warpscope-cli: <message>" and where to read command's options: a
 * request the command cannot take (the caller's status is 2, or check's
 * own). */
void     ws_cli_usage_error (const char *command,
                             const char *message);

/* Parse --seed: a whole number from 0 to 2^64−1. */
gboolean ws_cli_parse_seed (const char *text,
                            guint64    *out,
                            GError    **error);

/* Whether an output file named by `option` can be written where it is
 * named, asked before long work so that a bad path fails at once, not
 * after it: its folder exists and is writable, and the path is not a
 * folder. FALSE with a message naming the path and what to do. */
gboolean ws_cli_check_output_path (const char *option,
                                   const char *path,
                                   GError    **error);

/* Parse --repeat: timed runs after a warm-up, 1 to WS_CLI_MAX_REPEAT. */
#define WS_CLI_MAX_REPEAT 100000
gboolean ws_cli_parse_repeat (const char *text,
                              guint      *out,
                              GError    **error);

/* Parse --size: "1280x720" (or with ×), each side 16 … 8192 pixels. */
gboolean ws_cli_parse_size (const char *text,
                            int        *width,
                            int        *height,
                            GError    **error);

/* Parse the options of a subcommand; usage errors are reported here. */
gboolean ws_cli_parse_options (GOptionContext *context,
                               int            *argc,
                               char         ***argv,
                               int            *status);

G_END_DECLS
