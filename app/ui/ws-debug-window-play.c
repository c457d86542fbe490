/* ws-debug-window-play.c: the student's sort and the reference one above
 * the other, seeked together (see ws-debug-window-private.h). The student's
 * passes come from a trace, the reference's from the network stepped on
 * the host over the same input; both draw on the reference's colour scale,
 * and the pass where the student's first parts is marked on both: the key
 * and the comparator that should have produced it. */
#include "ws-debug-window-private.h"

#include "ws-bars.h"
#include "ws-divergence.h"
#include "ws-student.h"

/* A lecture's pace: two passes a second. */
#define PASSES_PER_SECOND 2.0

guint
ws_debug_window_pass (WsDebugWindow *self)
{
  g_return_val_if_fail (WS_IS_DEBUG_WINDOW (self), 0);
  return self->student ? ws_trace_scene_pass (self->student) : 0;
}

guint
ws_debug_window_n_passes (WsDebugWindow *self)
{
  g_return_val_if_fail (WS_IS_DEBUG_WINDOW (self), 0);
  return self->student ? ws_trace_scene_n_passes (self->student) : 0;
}

static gboolean
at_divergence (WsDebugWindow *self, WsDivergence *d)
{
  return self->student != NULL && ws_trace_scene_divergence (self->student, d)
         && ws_trace_scene_pass (self->student) == d->pass + 1;
}

/* "pass 3 of 10 — stage k=4, distance j=1", or the input's words. */
static char *
pass_words (WsDebugWindow *self)
{
  guint pass = ws_debug_window_pass (self);
  g_autofree char *label = NULL;

  if (pass == 0)
    return g_strdup_printf ("the input · %u passes to go", ws_debug_window_n_passes (self));
  label = ws_network_pass_label (ws_trace_scene_network (self->student), pass - 1);
  return g_strdup_printf ("pass %u of %u — %s", pass, ws_debug_window_n_passes (self), label);
}

/* A trace in the editor: the line of the pass both sorts show. */
static void
show_line (WsDebugWindow *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->source));
  const WsTrace *t = self->student ? ws_trace_scene_trace (self->student) : NULL;
  guint pass = ws_debug_window_pass (self);
  GtkTextIter at;
  gsize line;

  if (t == NULL || self->file == NULL || t->pass_lines->len == 0
      || ws_student_path_kind (g_file_peek_path (self->file)) != WS_STUDENT_TRACE)
    return;
  line = pass == 0 ? t->input_line : g_array_index (t->pass_lines, gsize, pass - 1);
  gtk_text_buffer_get_iter_at_line (buffer, &at, (int) line - 1);
  gtk_text_buffer_place_cursor (buffer, &at);
  gtk_text_view_scroll_to_iter (GTK_TEXT_VIEW (self->source), &at, 0.2, FALSE, 0, 0);
}

static void
show_pass (WsDebugWindow *self)
{
  g_autofree char *words = self->student ? pass_words (self) : g_strdup ("");
  g_autofree char *text = NULL;
  WsDivergence d;

  text = at_divergence (self, &d)
           ? g_strconcat (words, " · here your sort parts from the reference", NULL)
           : g_strdup (words);
  gtk_label_set_text (self->pass_label, text);
  self->seeking = TRUE;
  gtk_adjustment_set_upper (self->pass_adjustment, ws_debug_window_n_passes (self));
  gtk_adjustment_set_value (self->pass_adjustment, ws_debug_window_pass (self));
  self->seeking = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self->student_canvas));
  gtk_widget_queue_draw (GTK_WIDGET (self->reference_canvas));
  show_line (self);
}

void
ws_debug_window_seek (WsDebugWindow *self, guint pass)
{
  g_autoptr (GError) error = NULL;

  if (self->student == NULL)
    return;
  ws_trace_scene_seek (self->student, pass);
  if (!ws_network_scene_seek (self->reference, ws_trace_scene_pass (self->student), &error))
    gtk_label_set_text (self->verdict, error->message);
  show_pass (self);
}

/* ---- the clock ---- */

static double
play_rate (gpointer data)
{
  return PASSES_PER_SECOND;
}

static gboolean
play_finished (gpointer data)
{
  WsDebugWindow *self = data;

  return self->student == NULL || ws_debug_window_pass (self) >= ws_debug_window_n_passes (self);
}

static guint64
play_step (gpointer data, guint64 due)
{
  WsDebugWindow *self = data;
  guint left = ws_debug_window_n_passes (self) - ws_debug_window_pass (self);
  guint steps = (guint) MIN (due, (guint64) left);

  ws_debug_window_seek (self, ws_debug_window_pass (self) + steps);
  return steps;
}

static void
play_changed (gpointer data, gboolean playing)
{
  WsDebugWindow *self = data;

  ws_play_button_show (self->play_button, playing);
}

static const WsPacerSpec play_spec = { play_rate, play_step, play_finished, play_changed, 1, 2 };

void
ws_debug_window_play (WsDebugWindow *self)
{
  if (ws_pacer_playing (&self->pacer))
    return ws_pacer_stop (&self->pacer);
  if (play_finished (self))
    ws_debug_window_seek (self, 0); /* at the end, play starts again */
  ws_pacer_start (&self->pacer);
}

/* ---- the scenes ---- */

static void
drop_scenes (WsDebugWindow *self)
{
  if (self->student != NULL && ws_canvas_make_current (self->student_canvas))
    ws_trace_scene_release_gl (self->student);
  if (self->reference != NULL && ws_canvas_make_current (self->reference_canvas))
    ws_network_scene_release_gl (self->reference);
  g_clear_pointer (&self->student, ws_trace_scene_free);
  g_clear_pointer (&self->reference, ws_network_scene_free);
}

void
ws_debug_window_stop (WsDebugWindow *self)
{
  ws_pacer_clear (&self->pacer);
  drop_scenes (self);
}

void
ws_debug_window_clear (WsDebugWindow *self)
{
  ws_pacer_stop (&self->pacer);
  drop_scenes (self);
  show_pass (self);
}

void
ws_debug_window_show (WsDebugWindow *self, WsTraceScene *student, WsNetworkScene *reference)
{
  guint was = ws_debug_window_pass (self);

  drop_scenes (self);
  self->student = student;
  self->reference = reference;
  ws_pacer_forget (&self->pacer);
  ws_debug_window_seek (self, was);
}

/* ---- drawing ---- */

static void
report_drawing (WsDebugWindow *self, const GError *error)
{
  ws_canvas_label_later (self->verdict, g_strdup (error->message));
}

static char *
caption (WsDebugWindow *self, const char *whose)
{
  g_autofree char *words = pass_words (self);

  return g_strdup_printf ("%s  ·  %s", whose, words);
}

static void
paint_student (WsRenderer *renderer, int width, int height, double scale, gpointer data)
{
  WsDebugWindow *self = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  double vmin, vmax;

  if (self->student == NULL)
    return ws_renderer_clear (renderer, width, height);
  text = caption (self, "your sort");
  ws_bars_range (ws_trace_scene_trace (self->student)->input, &vmin, &vmax);
  if (!ws_trace_scene_draw (self->student, renderer, text, vmin, vmax, width, height, scale,
                            &error))
    report_drawing (self, error);
}

static void
paint_reference (WsRenderer *renderer, int width, int height, double scale, gpointer data)
{
  WsDebugWindow *self = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  WsNetworkStyle style = { TRUE, TRUE, FALSE, TRUE, NULL };
  WsDivergence d;

  if (self->reference == NULL)
    return ws_renderer_clear (renderer, width, height);
  style.caption = text = caption (self, "reference");
  if (!ws_network_scene_draw (self->reference, renderer, &style, width, height, scale, &error))
    return report_drawing (self, error);
  if (at_divergence (self, &d))
    ws_trace_scene_mark (renderer, ws_network_scene_view (self->reference), &d, width, height);
}

static void
release_student (gpointer data)
{
  WsDebugWindow *self = data;

  if (self->student != NULL)
    ws_trace_scene_release_gl (self->student);
}

static void
release_reference (gpointer data)
{
  WsDebugWindow *self = data;

  if (self->reference != NULL)
    ws_network_scene_release_gl (self->reference);
}

static void
scale_moved (GtkAdjustment *adjustment, WsDebugWindow *self)
{
  if (!self->seeking)
    ws_debug_window_seek (self, (guint) (gtk_adjustment_get_value (adjustment) + 0.5));
}

void
ws_debug_window_init_play (WsDebugWindow *self)
{
  ws_pacer_init (&self->pacer, &play_spec, GTK_WIDGET (self->student_canvas), self);
  ws_canvas_set_painter (self->student_canvas, paint_student, release_student, self);
  ws_canvas_set_painter (self->reference_canvas, paint_reference, release_reference, self);
  g_signal_connect (self->pass_adjustment, "value-changed", G_CALLBACK (scale_moved), self);
  show_pass (self);
}
