/* ws-student.h: a student's own sort, run pass by pass beside the
 * reference network (issue 17). Two kinds come as files:
 *
 *  - a CUDA stage kernel (.cu), compiled at run time for the GPU (NVRTC)
 *    and launched once per pass with one thread per key;
 *  - a C function in a shared object (.so), called once per pass on the
 *    host: for students without a GPU.
 *
 * Each pass's keys are compared with the reference's where they are (on
 * the device for a kernel). The memory past the keys holds a guard of
 * very small keys, so that a kernel that writes past the end — or swaps a
 * guard key in — is told. A trace (ws-trace.h) is the third way in;
 * ws-divergence.h compares it.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"
#include "ws-divergence.h"
#include "ws-header.h"
#include "ws-network.h"

G_BEGIN_DECLS

typedef struct _WsStudent WsStudent;

/* What a student's file is, by its name: CUDA source (.cu), a C
 * function's shared object (.so, .so.N), or else a trace. */
typedef enum
{
  WS_STUDENT_TRACE,
  WS_STUDENT_KERNEL,
  WS_STUDENT_FUNCTION,
} WsStudentPathKind;

WsStudentPathKind ws_student_path_kind (const char *path);

#define WS_STUDENT_DEFAULT_BLOCK 256

/* The declaration Warpscope calls: for bitonic on float32
 *   kernel:   extern "C" __global__ void stage (float *keys, unsigned n, unsigned k, unsigned j)
 *   function: void stage (float *keys, unsigned n, unsigned k, unsigned j)
 * (odd-even: n, phase; oddeven-merge: n, p, k). Free with g_free. */
char       *ws_student_signature (WsNetworkKind  network,
                                  WsKeyType      type,
                                  gboolean       kernel);

/* What the caller chose; NULL / 0 leave it to the file's header line
 * `// warpscope-kernel network=bitonic type=float32 block=256`, then to
 * the defaults (float32, 256 threads a block). A network is needed. */
typedef struct
{
  const char      *network;
  const WsKeyType *type;
  guint            block;
} WsStudentChoice;

/* A kernel source's header line, `// warpscope-kernel network=… type=…
 * block=…`, among the comments and blank lines it starts with; *header
 * untouched where there is none. */
gboolean    ws_student_source_header (const char *path,
                                      const char *text,
                                      WsHeader   *header,
                                      GError    **error);

/* Opens path: a C function where ws_student_path_kind says so, else CUDA
 * source. A
 * kernel is compiled here; *warnings (may be NULL) gets the compiler's.
 * Errors: WS_ERROR_PARSE for a source that does not compile (each error
 * "file:line:column: …") or a header that says nothing sensible,
 * WS_ERROR_UNAVAILABLE where there is no GPU, no compiler or no CUDA in
 * this build, WS_ERROR_IO for a file that cannot be read or loaded. */
WsStudent  *ws_student_open      (const char            *path,
                                  const WsStudentChoice *choice,
                                  char                 **warnings,
                                  GError               **error);
void        ws_student_free      (WsStudent             *student);
WsNetworkKind ws_student_network (const WsStudent       *student);
WsKeyType   ws_student_key_type  (const WsStudent       *student);
gboolean    ws_student_is_kernel (const WsStudent       *student);

typedef enum
{
  WS_STUDENT_MATCHED,  /* every pass as the reference's */
  WS_STUDENT_DIVERGED, /* a pass parts from it: divergence says where */
  WS_STUDENT_PAST_END, /* a pass changed memory past the keys */
  WS_STUDENT_FAULT,    /* the kernel faulted (the GPU context is lost) */
} WsStudentOutcome;

typedef struct
{
  WsStudentOutcome outcome;
  guint            pass;       /* not MATCHED: the pass (from 0) */
  WsDivergence     divergence; /* DIVERGED */
  guint64          index;      /* PAST_END, and DIVERGED where memory past the end changed
                                * too: the first changed key there (≥ width); else
                                * G_MAXUINT64 */
  char            *message;    /* FAULT: what the GPU said */
} WsStudentResult;

void        ws_student_result_clear (WsStudentResult *result);

/* Told before each pass runs (begun) and after it has (!begun): a caller
 * in another process bounds a pass's time this way (a kernel cannot be
 * stopped from inside the process that launched it). */
typedef void (*WsStudentWatch) (guint    pass,
                                gboolean begun,
                                gpointer data);

/* Runs every pass on input (padded as the engine pads), comparing each with
 * the reference until one parts; *result says how it went. With passes
 * (may be NULL) the student's keys after every pass are appended to it
 * (WsArray, the network's width), and the passes go on past a divergence,
 * as the student's sort would. FALSE only for what stopped the run itself
 * (memory, a launch the GPU refused). */
gboolean    ws_student_run       (WsStudent             *student,
                                  const WsArray         *input,
                                  WsStudentWatch         watch,
                                  gpointer               watch_data,
                                  GPtrArray             *passes,
                                  WsStudentResult       *result,
                                  GError               **error);

/* "pass 3 of 10 (stage k=4, distance j=1): …" for a result that is not
 * MATCHED, on a network of n keys. Free with g_free. */
char       *ws_student_describe  (const WsStudent       *student,
                                  gsize                  n,
                                  const WsStudentResult *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsStudent, ws_student_free)

G_END_DECLS
