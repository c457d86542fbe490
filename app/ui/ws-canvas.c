/* ws-canvas.c: a GtkGLArea drawing through WsRenderer (see ws-canvas.h). */
#include "ws-canvas.h"

#include "ws-ui-services.h"

struct _WsCanvas
{
  GtkGLArea        parent_instance;
  WsRenderer      *renderer;
  char            *problem;
  WsCanvasPaint    paint;
  WsCanvasRelease  release;
  gpointer         data;
};

G_DEFINE_FINAL_TYPE (WsCanvas, ws_canvas, GTK_TYPE_GL_AREA)

static void
set_problem (WsCanvas *self, const char *what, const GError *error)
{
  g_free (self->problem);
  self->problem = g_strdup_printf ("%s: %s", what, error ? error->message : "unknown reason");
  g_warning ("%s", self->problem);
}

static void
ws_canvas_realize (GtkWidget *widget)
{
  WsCanvas *self = WS_CANVAS (widget);
  g_autoptr (GError) error = NULL;

  GTK_WIDGET_CLASS (ws_canvas_parent_class)->realize (widget);
  /* Presentation mode changes the root's classes: draw again. */
  g_signal_connect_object (gtk_widget_get_root (widget), "notify::css-classes",
                           G_CALLBACK (gtk_gl_area_queue_render), self, G_CONNECT_SWAPPED);
  gtk_gl_area_make_current (GTK_GL_AREA (self));
  if (gtk_gl_area_get_error (GTK_GL_AREA (self)) != NULL)
    {
      set_problem (self, "OpenGL is not available", gtk_gl_area_get_error (GTK_GL_AREA (self)));
      return;
    }
  self->renderer = ws_renderer_new (&error);
  if (self->renderer == NULL)
    set_problem (self, "The renderer cannot start", error);
}

static void
ws_canvas_unrealize (GtkWidget *widget)
{
  WsCanvas *self = WS_CANVAS (widget);

  gtk_gl_area_make_current (GTK_GL_AREA (self));
  if (self->release != NULL)
    self->release (self->data);
  g_clear_pointer (&self->renderer, ws_renderer_free);
  GTK_WIDGET_CLASS (ws_canvas_parent_class)->unrealize (widget);
}

/* In presentation mode (the window's CSS class) text, strokes and margins
 * grow by half again: the painters' scale is their unit of size. */
double
ws_canvas_emphasis (WsCanvas *self)
{
  return ws_ui_emphasis (GTK_WIDGET (self));
}

static gboolean
ws_canvas_render (GtkGLArea *area, GdkGLContext *context)
{
  WsCanvas *self = WS_CANVAS (area);
  double device = gtk_widget_get_scale_factor (GTK_WIDGET (area));
  int width = (int) (gtk_widget_get_width (GTK_WIDGET (area)) * device);
  int height = (int) (gtk_widget_get_height (GTK_WIDGET (area)) * device);

  if (self->renderer == NULL || width <= 0 || height <= 0)
    return FALSE;
  /* Presentation mode brings the high-contrast colours too. */
  ws_renderer_set_high_contrast (self->renderer, ws_canvas_emphasis (self) > 1.0);
  ws_renderer_clear (self->renderer, width, height);
  if (self->paint != NULL)
    self->paint (self->renderer, width, height, device * ws_canvas_emphasis (self), self->data);
  return TRUE;
}

static void
ws_canvas_finalize (GObject *object)
{
  WsCanvas *self = WS_CANVAS (object);

  g_free (self->problem);
  G_OBJECT_CLASS (ws_canvas_parent_class)->finalize (object);
}

static void
ws_canvas_class_init (WsCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = ws_canvas_finalize;
  widget_class->realize = ws_canvas_realize;
  widget_class->unrealize = ws_canvas_unrealize;
  GTK_GL_AREA_CLASS (klass)->render = ws_canvas_render;
}

static void
ws_canvas_init (WsCanvas *self)
{
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  /* The renderer needs OpenGL 3.3 core (or GLES 3). */
  gtk_gl_area_set_required_version (GTK_GL_AREA (self), 3, 3);
}

GtkWidget *
ws_canvas_new (void)
{
  return g_object_new (WS_TYPE_CANVAS, NULL);
}

void
ws_canvas_set_painter (WsCanvas *self, WsCanvasPaint paint, WsCanvasRelease release, gpointer data)
{
  g_return_if_fail (WS_IS_CANVAS (self));
  self->paint = paint;
  self->release = release;
  self->data = data;
  gtk_gl_area_queue_render (GTK_GL_AREA (self));
}

WsRenderer *
ws_canvas_get_renderer (WsCanvas *self)
{
  return self->renderer;
}

const char *
ws_canvas_get_problem (WsCanvas *self)
{
  return self->problem;
}

typedef struct
{
  GtkLabel *label;
  char     *text;
} LabelText;

static gboolean
set_label (gpointer data)
{
  LabelText *t = data;

  gtk_label_set_text (t->label, t->text);
  return G_SOURCE_REMOVE;
}

static void
label_text_free (gpointer data)
{
  LabelText *t = data;

  g_object_unref (t->label);
  g_free (t->text);
  g_free (t);
}

void
ws_canvas_label_later (GtkLabel *label, char *text)
{
  LabelText *t = g_new0 (LabelText, 1);

  t->label = g_object_ref (label);
  t->text = text;
  g_idle_add_full (G_PRIORITY_DEFAULT, set_label, t, label_text_free);
}

gboolean
ws_canvas_make_current (WsCanvas *self)
{
  if (!gtk_widget_get_realized (GTK_WIDGET (self)))
    return FALSE;
  gtk_gl_area_make_current (GTK_GL_AREA (self));
  return gtk_gl_area_get_error (GTK_GL_AREA (self)) == NULL;
}
