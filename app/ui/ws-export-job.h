/* ws-export-job.h: File ▸ Export Animation…'s work — a page's animation
 * (ws-export-source.h) drawn frame by frame on a worker thread, in a
 * headless OpenGL context of its own with a scene of its own built from
 * the description's copies, and encoded by app/media's WsVideoEncoder (the
 * format by the file's extension). The page and its GL context are never
 * touched; the main window stays usable. A cancel, or any error, leaves no
 * file (the encoder's atomic file). */
#pragma once

#include <gio/gio.h>

#include "ws-export-source.h"

G_BEGIN_DECLS

typedef struct
{
  char   *path;          /* the file to write: .webm, .mp4 or .gif */
  int     width, height; /* pixels of every frame */
  double  fps;           /* frames per second */
  guint   first, last;   /* the frames, first … last ≤ the source's last */
} WsExportSettings;

/* Frames encoded so far, of total: on the main thread, in order, while
 * the export runs. */
typedef void (*WsExportProgress) (guint    done,
                                  guint    total,
                                  gpointer user_data);

/* Starts the export of (a copy of) source as settings say; callback comes on
 * the calling thread's main context with owner (may be NULL; kept alive
 * until then). progress (may be NULL) gets progress_data. */
void     ws_export_job_start  (GObject                *owner,
                               const WsExportSource   *source,
                               const WsExportSettings *settings,
                               GCancellable           *cancellable,
                               WsExportProgress        progress,
                               gpointer                progress_data,
                               GAsyncReadyCallback     callback,
                               gpointer                user_data);
/* TRUE once the file is in place; else FALSE with the error:
 * WS_ERROR_CANCELLED after a cancel, WS_ERROR_INVALID_ARGUMENT (a range,
 * size or rate refused), WS_ERROR_UNAVAILABLE (no headless OpenGL, a
 * GStreamer element missing), WS_ERROR_IO (the file cannot be written). */
gboolean ws_export_job_finish (GAsyncResult           *result,
                               GError                **error);

G_END_DECLS
