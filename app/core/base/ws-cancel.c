/* ws-cancel.c: the per-thread cancellable of the run in progress (see ws-cancel.h). */
#include "ws-cancel.h"

#include <string.h>

#include "ws-error.h"

typedef struct _Frame Frame;

/* One push. stop mirrors the cancellable for readers without GLib; it is
 * set by the cancelled handler, on whichever thread cancels. */
struct _Frame
{
  GCancellable *cancellable;
  gulong        handler;
  gint          stop;
  Frame        *outer;
};

/* GPrivate would need a destructor and a static key; a C11 thread-local
 * pointer is all that a stack of pushes on one thread needs. */
static _Thread_local Frame *top;

static void
on_cancelled (GCancellable *cancellable,
              gpointer      data)
{
  Frame *frame = data;

  g_atomic_int_set (&frame->stop, 1);
}

void
ws_cancel_push (GCancellable *cancellable)
{
  Frame *frame;

  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));
  frame = g_new0 (Frame, 1);
  frame->outer = top;
  if (cancellable != NULL)
    {
      frame->cancellable = g_object_ref (cancellable);
      /* Runs the handler at once (and returns 0) if already cancelled. */
      frame->handler = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), frame, NULL);
    }
  top = frame;
}

void
ws_cancel_pop (void)
{
  Frame *frame = top;

  g_return_if_fail (frame != NULL);
  top = frame->outer;
  if (frame->cancellable != NULL)
    {
      /* Waits for a handler running on the cancelling thread, so that the
       * frame is not freed under it. */
      g_cancellable_disconnect (frame->cancellable, frame->handler);
      g_object_unref (frame->cancellable);
    }
  g_free (frame);
}

GCancellable *
ws_cancel_current (void)
{
  return top != NULL ? top->cancellable : NULL;
}

gboolean
ws_cancel_requested (void)
{
  Frame *frame = top;

  return frame != NULL && g_cancellable_is_cancelled (frame->cancellable);
}

void
ws_cancel_set_error (GError **error)
{
  g_set_error_literal (error, WS_ERROR, WS_ERROR_CANCELLED, "Cancelled");
}

gboolean
ws_cancel_check (GError **error)
{
  if (!ws_cancel_requested ())
    return TRUE;
  ws_cancel_set_error (error);
  return FALSE;
}

const gint *
ws_cancel_stop_flag (void)
{
  return top != NULL ? &top->stop : NULL;
}

gboolean
ws_cancel_copy (void       *dst,
                const void *src,
                gsize       bytes,
                GError    **error)
{
  const gsize piece = (gsize) 4 << 20;

  for (gsize done = 0; done < bytes; done += piece)
    {
      if (done > 0 && !ws_cancel_check (error))
        return FALSE;
      memcpy ((char *) dst + done, (const char *) src + done, MIN (piece, bytes - done));
    }
  return TRUE;
}

gboolean
ws_cancel_check_flag (const gint *flag,
                      GError    **error)
{
  if (!ws_cancel_raised (flag))
    return TRUE;
  ws_cancel_set_error (error);
  return FALSE;
}
