/* ws-window-sum-maps.c: the window-sum page's maps on the canvas — drawn
 * through its scene, clicked, zoomed with the wheel and dragged — and the
 * panel beside them, hidden in presentation mode (see
 * ws-window-sum-page.h). */
#include "ws-window-sum-page-private.h"

#include <math.h>

#include "ws-ui-services.h"

/* One notch of the wheel zooms by this much. */
#define ZOOM_STEP 1.25

/* ---- drawing ---- */

/* While the panel is hidden, the buttons down the canvas's right edge
 * keep their strip: no cell lies under them. */
static WsWindowSumStyle
style_of (WsWindowSumPage *self)
{
  double device = gtk_widget_get_scale_factor (GTK_WIDGET (self->canvas));
  double strip = gtk_widget_get_visible (self->canvas_transport)
                 ? gtk_widget_get_width (self->canvas_bar) + gtk_widget_get_margin_end (self->canvas_bar)
                 : 0;

  return (WsWindowSumStyle) { gtk_check_button_get_active (self->show_lines), NULL,
                              strip * device };
}

static void
paint (WsRenderer *renderer, int width, int height, double scale, gpointer data)
{
  WsWindowSumPage *self = data;
  WsWindowSumStyle style = style_of (self);
  g_autoptr (GError) error = NULL;
  gboolean had_path;

  if (self->scene == NULL)
    return;
  had_path = ws_window_sum_scene_path (self->scene) != NULL;
  if (!ws_window_sum_scene_draw (self->scene, renderer, &style, width, height, scale, &error))
    {
      g_warning ("The heat maps cannot be filled: %s", error->message);
      return;
    }
  if (!had_path)
    ws_canvas_label_later (self->path_label,
                           ws_frame_path_describe (ws_window_sum_scene_path (self->scene)));
}

static void
release (gpointer data)
{
  WsWindowSumPage *self = data;

  if (self->scene != NULL)
    ws_window_sum_scene_release_gl (self->scene);
}

/* ---- clicks ---- */

/* The view as painted on the canvas and the canvas's size in device
 * pixels; positions in logical pixels times *device land on it. Laid out
 * as painted: presentation mode widens margins. */
static WsWindowSumView
canvas_view (WsWindowSumPage *self, int *width, int *height, double *device)
{
  GtkWidget *canvas = GTK_WIDGET (self->canvas);
  WsWindowSumStyle style = style_of (self);

  *device = gtk_widget_get_scale_factor (canvas);
  *width = (int) (gtk_widget_get_width (canvas) * *device);
  *height = (int) (gtk_widget_get_height (canvas) * *device);
  return ws_window_sum_scene_view (self->scene, &style, *width, *height,
                                   *device * ws_canvas_emphasis (self->canvas));
}

void
ws_window_sum_page_click (WsWindowSumPage *self, double x, double y)
{
  WsWindowSumView v;
  double device;
  int width, height;
  guint64 row, col;

  if (self->scene == NULL)
    return;
  v = canvas_view (self, &width, &height, &device);
  /* the page's own signal: its file chooses (it calls this one, not back) */
  if (ws_window_sum_hit (&v, width, height, x * device, y * device, &row, &col))
    g_signal_emit_by_name (self, "cell-clicked", row, col);
}

/* ---- zoom and pan ---- */

static void
set_zoom (WsWindowSumPage *self, WsWindowSumZoom zoom)
{
  ws_window_sum_scene_set_zoom (self->scene, zoom);
  gtk_gl_area_queue_render (GTK_GL_AREA (self->canvas));
}

void
ws_window_sum_page_zoom_at (WsWindowSumPage *self, double x, double y, double factor)
{
  WsWindowSumView v;
  double device;
  int width, height;

  if (self->scene == NULL)
    return;
  v = canvas_view (self, &width, &height, &device);
  set_zoom (self, ws_window_sum_zoom_at (&v, width, height, x * device, y * device, factor));
}

void
ws_window_sum_page_fit (WsWindowSumPage *self)
{
  if (self->scene != NULL)
    set_zoom (self, (WsWindowSumZoom) { 0 });
}

gboolean
ws_window_sum_page_get_zoom (WsWindowSumPage *self, WsWindowSumZoom *zoom)
{
  if (self->scene != NULL)
    *zoom = ws_window_sum_scene_zoom (self->scene);
  return self->scene != NULL;
}

void
ws_window_sum_page_drag_begin (WsWindowSumPage *self, double x, double y)
{
  self->drag_x = x, self->drag_y = y, self->panning = FALSE;
  if (self->scene != NULL)
    self->drag_from = ws_window_sum_scene_zoom (self->scene);
}

/* The maps follow the pointer from where the press began, once it has
 * moved past the threshold that tells a drag from a click. */
void
ws_window_sum_page_drag_update (WsWindowSumPage *self, double dx, double dy)
{
  WsWindowSumView v;
  double device;
  int width, height;

  if (self->scene == NULL)
    return;
  self->panning = self->panning
                  || gtk_drag_check_threshold (GTK_WIDGET (self->canvas), 0, 0, (int) lround (dx),
                                               (int) lround (dy));
  if (!self->panning)
    return;
  v = canvas_view (self, &width, &height, &device);
  v.zoom = self->drag_from;
  set_zoom (self, ws_window_sum_pan (&v, width, height, self->drag_x * device,
                                     self->drag_y * device, dx * device, dy * device));
}

void
ws_window_sum_page_drag_end (WsWindowSumPage *self, double dx, double dy)
{
  ws_window_sum_page_drag_update (self, dx, dy);
  if (!self->panning)
    ws_window_sum_page_click (self, self->drag_x, self->drag_y);
  self->panning = FALSE;
}

static void
on_drag_begin (GtkGestureDrag *drag, double x, double y, gpointer data)
{
  WsWindowSumPage *self = data;

  /* Keys such as 0 (the whole maps) reach the page from here on. */
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
  ws_window_sum_page_drag_begin (self, x, y);
}

static void
on_drag_update (GtkGestureDrag *drag, double dx, double dy, gpointer data)
{
  ws_window_sum_page_drag_update (data, dx, dy);
}

static void
on_drag_end (GtkGestureDrag *drag, double dx, double dy, gpointer data)
{
  ws_window_sum_page_drag_end (data, dx, dy);
}

/* A double click shows the whole maps again (as in GNOME's image viewers). */
static void
on_pressed (GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
  if (n_press == 2)
    ws_window_sum_page_fit (data);
}

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, gpointer data)
{
  WsWindowSumPage *self = data;

  self->pointer_x = x, self->pointer_y = y;
}

/* The wheel zooms about the pointer, with Ctrl or without, as GNOME's
 * image viewers do; a notch is ZOOM_STEP, a touchpad's scroll a part. */
static gboolean
on_scroll (GtkEventControllerScroll *scroll, double dx, double dy, gpointer data)
{
  WsWindowSumPage *self = data;

  if (dy == 0 || self->scene == NULL)
    return FALSE;
  ws_window_sum_page_zoom_at (self, self->pointer_x, self->pointer_y, pow (ZOOM_STEP, -dy));
  return TRUE;
}

static void
add_pointer_controllers (WsWindowSumPage *self)
{
  GtkWidget *canvas = GTK_WIDGET (self->canvas);
  GtkGesture *drag = gtk_gesture_drag_new (), *click = gtk_gesture_click_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);

  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (canvas, GTK_EVENT_CONTROLLER (drag));
  gtk_widget_add_controller (canvas, GTK_EVENT_CONTROLLER (click));
  gtk_widget_add_controller (canvas, motion);
  gtk_widget_add_controller (canvas, scroll);
  gtk_widget_set_focusable (canvas, TRUE);
}

gboolean
ws_window_sum_page_view (WsWindowSumPage *self, WsWindowSumView *view, int *width, int *height)
{
  double device;

  if (self->scene != NULL)
    *view = canvas_view (self, width, height, &device);
  return self->scene != NULL;
}

/* ---- the panel beside the canvas ---- */

/* Two square maps side by side need a canvas twice as wide as high to fill
 * its height; beside the panel (wider still in presentation mode's larger
 * text) they left a third of it empty at 1280 × 800. So presentation mode
 * hides the panel — the launch's steps and the whole maps stay over the
 * canvas — and F9 or the toggle brings it back, in either mode. */
void
ws_window_sum_page_show_panel (WsWindowSumPage *self, gboolean show)
{
  gtk_toggle_button_set_active (self->panel_toggle, show);
}

gboolean
ws_window_sum_page_panel_shown (WsWindowSumPage *self)
{
  return gtk_toggle_button_get_active (self->panel_toggle);
}

static void
follow_presentation (WsWindowSumPage *self)
{
  gboolean presenting = ws_ui_emphasis (GTK_WIDGET (self)) > 1.0;

  if (presenting != self->presenting)
    ws_window_sum_page_show_panel (self, !presenting);
  self->presenting = presenting;
}

void
ws_window_sum_maps_rooted (WsWindowSumPage *self)
{
  g_signal_connect_object (gtk_widget_get_root (GTK_WIDGET (self)), "notify::css-classes",
                           G_CALLBACK (follow_presentation), self, G_CONNECT_SWAPPED);
  follow_presentation (self);
}

void
ws_window_sum_maps_unrooted (WsWindowSumPage *self)
{
  g_signal_handlers_disconnect_by_func (gtk_widget_get_root (GTK_WIDGET (self)),
                                        follow_presentation, self);
}

static void
controls_activated (GtkWidget *page, const char *action, GVariant *param)
{
  WsWindowSumPage *self = WS_WINDOW_SUM_PAGE (page);

  ws_window_sum_page_show_panel (self, !ws_window_sum_page_panel_shown (self));
}

static void
bind_panel (WsWindowSumPage *self)
{
  g_object_bind_property (self->panel_toggle, "active", self->panel_revealer, "reveal-child",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->panel_toggle, "active", self->canvas_transport, "visible",
                          G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
}

static void
fit_activated (GtkWidget *page, const char *action, GVariant *param)
{
  ws_window_sum_page_fit (WS_WINDOW_SUM_PAGE (page));
}

/* ---- setting up ---- */

void
ws_window_sum_maps_class_init (GtkWidgetClass *w)
{
  gtk_widget_class_install_action (w, "page.controls", NULL, controls_activated);
  gtk_widget_class_add_binding_action (w, GDK_KEY_F9, 0, "page.controls", NULL);
  gtk_widget_class_install_action (w, "page.fit", NULL, fit_activated);
  /* 0 as in GNOME's image viewers (Ctrl+0 too: a field with the focus
   * takes a plain 0). */
  gtk_widget_class_add_binding_action (w, GDK_KEY_0, 0, "page.fit", NULL);
  gtk_widget_class_add_binding_action (w, GDK_KEY_KP_0, 0, "page.fit", NULL);
  gtk_widget_class_add_binding_action (w, GDK_KEY_0, GDK_CONTROL_MASK, "page.fit", NULL);
}

void
ws_window_sum_maps_init (WsWindowSumPage *self)
{
  ws_canvas_set_painter (self->canvas, paint, release, self);
  add_pointer_controllers (self);
  bind_panel (self);
}
