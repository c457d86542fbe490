/* ws-debug-run.h: the work behind "Debug your sort", off the main thread —
 * a trace read, or a student's kernel or C function run, and the two
 * scenes made from the passes. The code runs in `warpscope-cli check …
 * --keys … --write-trace …`, a process of its own, as the autograder runs
 * it: a kernel that faults or never ends cannot share the application's
 * GPU context. The application then animates the trace that wrote. */
#pragma once

#include <gio/gio.h>

#include "ws-network-scene.h"
#include "ws-trace-scene.h"

G_BEGIN_DECLS

typedef struct
{
  const char    *path;    /* the .cu or .so */
  WsNetworkKind  network;
  const WsArray *input;   /* copied */
} WsDebugRequest;

typedef struct
{
  WsNetworkKind   network;   /* the trace's header's, else the one asked */
  WsKeyType       type;
  WsTraceScene   *student;   /* the passes, or NULL where there are none to show */
  WsNetworkScene *reference;
  char           *verdict;   /* what check said, or why the trace cannot be shown; NULL
                              * where the scenes say it all */
  char           *text;      /* a trace's text for the editor (up to 1 MiB), or NULL */
} WsDebugOutcome;

void     ws_debug_outcome_free (WsDebugOutcome *outcome);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsDebugOutcome, ws_debug_outcome_free)

/* warpscope-cli: $WS_CLI, else beside this program (installed) or in the
 * build tree's app/cli, else on PATH; NULL with an error saying so. */
char    *ws_debug_cli_path     (GError              **error);

/* Runs the request's code on its input. */
void     ws_debug_run          (const WsDebugRequest *request,
                                GCancellable         *cancellable,
                                GAsyncReadyCallback   callback,
                                gpointer              data);
/* Reads the trace at path, as `network` unless its header names one. */
void     ws_debug_load         (const char           *path,
                                WsNetworkKind         network,
                                GCancellable         *cancellable,
                                GAsyncReadyCallback   callback,
                                gpointer              data);
/* Either one's outcome; NULL with an error where the file cannot be read
 * or the code cannot be started at all. */
WsDebugOutcome *ws_debug_finish (GAsyncResult        *result,
                                 GError             **error);

G_END_DECLS
