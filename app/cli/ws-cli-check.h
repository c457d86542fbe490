/* ws-cli-check.h: what the files of `check` share — its options, and what
 * it says (ws-cli-check-verdict.c): one verdict printed as words or as the
 * JSON object course CI reads. The command (ws-cli-check.c) reads traces
 * and hands code to the watcher (-watch.c), which runs the worker
 * (-student.c); all three speak through the verdict. */
#pragma once

#include <glib.h>

#include "ws-divergence.h"
#include "ws-types.h"

G_BEGIN_DECLS

enum { CHECK_OK = 0, CHECK_DIVERGED = 1, CHECK_UNUSABLE = 2 };

typedef struct
{
  char    *network, *type, *n, *seed, *keys, *write_trace, *time_limit;
  int      block;
  int      worker_fd; /* ≥ 0: this process is the worker of another check */
  gboolean json;
} CheckOptions;

typedef struct
{
  const char *kind;     /* NULL when ok: "order", "keys", "past-end", "fault", "timeout" */
  guint       pass;     /* from 1; 0 for none */
  gboolean    has_index;
  guint64     index;
  gboolean    has_keys; /* expected and got are known */
  WsKeyType   type;
  double      expected, got;
  const char *input;    /* the trace's path, or the input's words */
  const char *text;     /* the sentence a person reads */
} CheckVerdict;

void ws_cli_check_print  (const CheckVerdict *verdict,
                          gboolean            json);
/* ", padded to 4 with the largest key as the engine pads" where the
 * network pads n keys, else "". Free with g_free. */
char *ws_cli_check_padding (WsNetworkKind network,
                            gsize         n);
/* A divergence (ws-divergence.h) as a verdict. */
CheckVerdict ws_cli_check_diverged (const WsDivergence *divergence,
                                    const char         *input,
                                    const char         *text);
int  ws_cli_check_unusable (const GError     *error);

/* A kernel's or a C function's check: run in a worker process of its own,
 * which argv (check's, unparsed, argv[0] the command) starts again, so that a kernel that hangs
 * or faults ends that process and not this one. */
int  ws_cli_check_supervise (const char         *path,
                             const CheckOptions *options,
                             char              **argv);
/* The worker: every input of the suite (or --keys), pass by pass. */
int  ws_cli_check_student   (const char         *path,
                             const CheckOptions *options);

G_END_DECLS
