/* ws-video-encoder.h: frames in, an animation file out — WebM, MP4 or GIF
 * by the file's extension, encoded by GStreamer (appsrc → videoconvert →
 * encoder → muxer → filesink), for `warpscope-cli render --video` and the
 * application's File ▸ Export Animation….
 *
 * The file appears whole or not at all: frames go to a temporary file
 * beside it, renamed into place by ws_video_encoder_finish. A cancel, an
 * error, or an encoder freed before it finished leaves no file (and the
 * file that was there, if any, as it was).
 *
 * One thread drives an encoder (any thread; GStreamer encodes on its
 * own). The application would export on a worker:
 *
 *   main thread   File ▸ Export Animation…: a file chooser whose filters
 *                 come from ws_video_format_describe/_mime_type (a format
 *                 whose ws_video_format_available fails greyed out with
 *                 its message); the size from the canvas through
 *                 ws_video_format_fit_size; frames per second from the
 *                 mode's speed; a GCancellable for the dialog's Cancel.
 *   worker (GTask)  its own headless WsGlContext, renderer and a copy of
 *                 the mode's scene seeked to the first frame;
 *                 ws_video_encoder_new with settings.cancellable and a
 *                 progress callback that hands (done, total) to the main
 *                 thread with g_idle_add; for each frame: draw the scene,
 *                 ws_gl_context_read, ws_video_encoder_push_image, step;
 *                 then ws_video_encoder_finish. Any FALSE: free the
 *                 encoder and return the GError.
 *   main thread   the task's result: a toast "Saved …", or the error (a
 *                 cancel, WS_ERROR_CANCELLED, says nothing more: there
 *                 is no file to mention).
 *
 * The CLI (app/cli/ws-cli-render*.c) does the same with a signal as the
 * Cancel button.
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "ws-video-format.h"

G_BEGIN_DECLS

typedef struct _WsVideoEncoder WsVideoEncoder;

/* How a frame's pixels lie in memory, rows top first. */
typedef enum
{
  /* 32-bit words 0xXXRRGGBB in the machine's byte order: Cairo's
   * CAIRO_FORMAT_RGB24 and (opaque) ARGB32, as ws_gl_context_read gives. */
  WS_VIDEO_PIXELS_CAIRO,
  /* Bytes R, G, B, A: glReadPixels with GL_RGBA (its rows flipped). */
  WS_VIDEO_PIXELS_RGBA,
} WsVideoPixels;

/* Frames taken so far (done) of total (0 when not known); on the thread
 * that pushes, after each frame. */
typedef void (*WsVideoProgress) (guint    done,
                                 guint    total,
                                 gpointer user_data);

typedef struct
{
  int             width, height; /* every frame's, in pixels */
  double          fps;           /* frames per second: frame i is shown from i / fps */
  WsVideoPixels   pixels;
  guint           total;         /* frames to come, for progress; 0: not known */
  WsVideoProgress progress;      /* may be NULL */
  gpointer        progress_data;
  GCancellable   *cancellable;   /* may be NULL; a cancel ends push or finish with
                                  * WS_ERROR_CANCELLED within a few tens of ms */
} WsVideoSettings;

/* An encoder writing path, its format chosen by the extension. Errors, all
 * before anything is written: WS_ERROR_INVALID_ARGUMENT (an extension, a
 * size or a rate the format does not take), WS_ERROR_UNAVAILABLE (GStreamer
 * or one of its elements missing: the package to install is named),
 * WS_ERROR_IO (a path that cannot be written). */
WsVideoEncoder *ws_video_encoder_new        (const char            *path,
                                             const WsVideoSettings *settings,
                                             GError               **error);
/* The next frame: width × height pixels (the settings' size), stride
 * bytes from one row to the next, laid out as settings.pixels says. The
 * pixels are copied; a full queue waits for the encoder (or a cancel).
 * FALSE with the error of the pipeline, a cancel, or a frame of another
 * size; after a FALSE the encoder takes nothing more. */
gboolean        ws_video_encoder_push       (WsVideoEncoder        *encoder,
                                             const guint8          *pixels,
                                             int                    width,
                                             int                    height,
                                             gsize                  stride,
                                             GError               **error);
/* The same from a Cairo image surface (RGB24 or ARGB32; settings.pixels
 * WS_VIDEO_PIXELS_CAIRO). */
gboolean        ws_video_encoder_push_image (WsVideoEncoder        *encoder,
                                             cairo_surface_t       *image,
                                             GError               **error);
/* Frames pushed so far. */
guint           ws_video_encoder_frames     (WsVideoEncoder        *encoder);
/* Waits for the encoder to write the frames' tail and the file's index,
 * then renames the file into place. FALSE with the pipeline's error or a
 * cancel (then no file). Once only; free the encoder after it either way. */
gboolean        ws_video_encoder_finish     (WsVideoEncoder        *encoder,
                                             GError               **error);
/* Stops the pipeline; a file not finished is removed. */
void            ws_video_encoder_free       (WsVideoEncoder        *encoder);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsVideoEncoder, ws_video_encoder_free)

G_END_DECLS
