/* ws-diagram-view.c: a network's diagram in a widget (see ws-diagram-view.h). */
#include "ws-diagram-view.h"

#include "ws-ui-services.h"

#define MIN_LAYERS 4   /* the closest zoom: four layers … */
#define MIN_WIRES  8   /* … of eight wires */
#define DRAG_SLOP  4.0 /* pixels a press may move and still be a click */
#define WHEEL_STEP 1.25

struct _WsDiagramView
{
  GtkWidget  parent_instance;

  WsDiagram *diagram;
  char      *why_none;
  int        layer;          /* lit: the layer just run, or -1 */
  GArray    *rgb, *swapped;  /* per wire, or empty */
  int        lit_wire;       /* lit from outside, or -1 */
  WsDiagramHit hover;        /* under the pointer */
  /* The window: its first layer and wire as doubles, so that a slow drag
   * adds up; n_layers/n_wires 0 for all. */
  double     first_layer, first_wire;
  guint      n_layers, n_wires;
  double     drag_x, drag_y; /* the drag's offset already applied */
  gboolean   dragged;        /* this press moved: no click */
  double     pointer_x, pointer_y;
};

G_DEFINE_FINAL_TYPE (WsDiagramView, ws_diagram_view, GTK_TYPE_WIDGET)

enum { LAYER_ACTIVATED, WIRE_HOVERED, N_SIGNALS };
static guint signals[N_SIGNALS];

static guint
total_layers (WsDiagramView *self)
{
  return ws_diagram_n_layers (self->diagram);
}

static guint
total_wires (WsDiagramView *self)
{
  return ws_diagram_n_wires (self->diagram);
}

WsDiagramWindow
ws_diagram_view_window (WsDiagramView *self)
{
  WsDiagramWindow w = { 0, 0, 0, 0 };

  if (self->diagram == NULL || (self->n_layers == 0 && self->n_wires == 0))
    return w;
  w.first_layer = (guint) (self->first_layer + 0.5), w.n_layers = self->n_layers;
  w.first_wire = (guint) (self->first_wire + 0.5), w.n_wires = self->n_wires;
  return w;
}

/* Keeps the window inside the diagram. */
static void
clamp_window (WsDiagramView *self)
{
  self->first_layer = CLAMP (self->first_layer, 0, (double) (total_layers (self) - self->n_layers));
  self->first_wire = CLAMP (self->first_wire, 0, (double) (total_wires (self) - self->n_wires));
}

static void
emphasize (WsDiagramView *self)
{
  ws_diagram_set_emphasis (self->diagram, ws_ui_emphasis (GTK_WIDGET (self)));
}

static gboolean
hit_at (WsDiagramView *self, double x, double y, WsDiagramHit *hit)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  WsDiagramWindow window = ws_diagram_view_window (self);

  *hit = (WsDiagramHit) { -1, -1, -1 };
  if (self->diagram == NULL || w <= 0 || h <= 0)
    return FALSE;
  emphasize (self);
  return ws_diagram_hit (self->diagram, w, h, &window, x, y, hit);
}

/* One axis of a zoom about the item `at` (-1: the window's middle). */
static void
zoom_axis (double *first, guint *shown, guint total, guint least, double factor, int at)
{
  guint now = *shown ? *shown : total;
  guint next = (guint) CLAMP (now / factor + 0.5, MIN (least, total), total);
  double pivot = at >= 0 ? at + 0.5 : *first + now / 2.0;
  double share = (pivot - *first) / now;

  *first = pivot - share * next;
  *shown = next == total ? 0 : next;
  if (*shown == 0)
    *first = 0;
}

void
ws_diagram_view_zoom_at (WsDiagramView *self, double factor, double x, double y)
{
  WsDiagramHit hit;

  g_return_if_fail (WS_IS_DIAGRAM_VIEW (self) && factor > 0);
  if (self->diagram == NULL)
    return;
  hit_at (self, x, y, &hit);
  zoom_axis (&self->first_layer, &self->n_layers, total_layers (self), MIN_LAYERS, factor, hit.layer);
  zoom_axis (&self->first_wire, &self->n_wires, total_wires (self), MIN_WIRES, factor, hit.wire);
  /* a window on one axis only: the other shows all (n 0 means all) */
  if (self->n_layers != 0 && self->n_wires == 0)
    self->n_wires = total_wires (self);
  if (self->n_wires != 0 && self->n_layers == 0)
    self->n_layers = total_layers (self);
  clamp_window (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ws_diagram_view_pan (WsDiagramView *self, double dx, double dy)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));

  g_return_if_fail (WS_IS_DIAGRAM_VIEW (self));
  if (self->diagram == NULL || self->n_layers == 0 || w <= 0 || h <= 0)
    return;
  /* The drawing's margins make these a little short of the true scale:
   * the picture lags the pointer slightly, never overshoots. */
  self->first_layer -= dx * self->n_layers / w;
  self->first_wire -= dy * self->n_wires / h;
  clamp_window (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ws_diagram_view_fit (WsDiagramView *self)
{
  self->first_layer = self->first_wire = 0;
  self->n_layers = self->n_wires = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* While playing zoomed in, the lit layer stays in sight. */
static void
follow_layer (WsDiagramView *self)
{
  if (self->n_layers == 0 || self->layer < 0)
    return;
  if (self->layer < self->first_layer)
    self->first_layer = self->layer;
  else if (self->layer >= self->first_layer + self->n_layers)
    self->first_layer = self->layer - self->n_layers + 1.0;
  clamp_window (self);
}

static void
set_array (GArray *array, gconstpointer data, guint n)
{
  g_array_set_size (array, 0);
  if (data != NULL)
    g_array_append_vals (array, data, n);
}

void
ws_diagram_view_set_live (WsDiagramView *self, int layer, const guint32 *rgb, const guint8 *swapped,
                          guint n_wires)
{
  g_return_if_fail (WS_IS_DIAGRAM_VIEW (self));
  if (self->diagram == NULL)
    return;
  g_return_if_fail (n_wires == total_wires (self) || (rgb == NULL && swapped == NULL));
  self->layer = CLAMP (layer, -1, (int) total_layers (self) - 1);
  set_array (self->rgb, rgb, n_wires);
  set_array (self->swapped, swapped, n_wires);
  follow_layer (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
ws_diagram_view_current_layer (WsDiagramView *self)
{
  return self->layer;
}

gint64
ws_diagram_view_wire_colour (WsDiagramView *self, guint wire)
{
  return wire < self->rgb->len ? (gint64) g_array_index (self->rgb, guint32, wire) : -1;
}

void
ws_diagram_view_set_lit_wire (WsDiagramView *self, int wire)
{
  g_return_if_fail (WS_IS_DIAGRAM_VIEW (self));
  wire = self->diagram ? CLAMP (wire, -1, (int) total_wires (self) - 1) : -1;
  if (wire == self->lit_wire)
    return;
  self->lit_wire = wire;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
ws_diagram_view_lit_wire (WsDiagramView *self)
{
  return self->hover.wire >= 0 ? self->hover.wire : self->lit_wire;
}

/* A stand-in a quarter of the network: a lecture's network fits one real
 * tile, which would show a single launch (the caption says what it stands
 * for). Odd-even's is phases a launch. */
static guint
stand_in_tile (WsDiagramView *self)
{
  guint quarter = MAX (total_wires (self) / 4, 2);

  if (ws_diagram_kind (self->diagram) == WS_NETWORK_ODD_EVEN)
    return MIN (quarter, 128);
  return MIN (quarter, 8192);
}

void
ws_diagram_view_set_gpu_groups (WsDiagramView *self, gboolean on)
{
  g_return_if_fail (WS_IS_DIAGRAM_VIEW (self));
  if (self->diagram == NULL)
    return;
  if (!on)
    ws_diagram_clear_gpu_groups (self->diagram);
  else if (!ws_diagram_set_gpu_groups (self->diagram, stand_in_tile (self), NULL))
    ws_diagram_clear_gpu_groups (self->diagram); /* a size no plan has: drawn without */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ws_diagram_view_set_diagram (WsDiagramView *self, WsDiagram *diagram, const char *why_none)
{
  g_return_if_fail (WS_IS_DIAGRAM_VIEW (self));
  g_clear_pointer (&self->diagram, ws_diagram_free);
  g_free (self->why_none);
  self->diagram = diagram;
  self->why_none = g_strdup (why_none);
  self->layer = self->lit_wire = -1;
  self->hover = (WsDiagramHit) { -1, -1, -1 };
  g_array_set_size (self->rgb, 0), g_array_set_size (self->swapped, 0);
  ws_diagram_view_fit (self);
}

WsDiagram *
ws_diagram_view_get_diagram (WsDiagramView *self)
{
  return self->diagram;
}

gboolean
ws_diagram_view_click_at (WsDiagramView *self, double x, double y)
{
  WsDiagramHit hit;

  if (!hit_at (self, x, y, &hit) || hit.layer < 0)
    return FALSE;
  g_signal_emit (self, signals[LAYER_ACTIVATED], 0, (guint) hit.layer);
  return TRUE;
}

void
ws_diagram_view_hover_at (WsDiagramView *self, double x, double y)
{
  WsDiagramHit hit = { -1, -1, -1 };
  int before = self->hover.wire;

  self->pointer_x = x, self->pointer_y = y;
  if (x >= 0)
    hit_at (self, x, y, &hit);
  if (hit.layer == self->hover.layer && hit.wire == self->hover.wire
      && hit.comparator == self->hover.comparator)
    return;
  self->hover = hit;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (hit.wire != before)
    g_signal_emit (self, signals[WIRE_HOVERED], 0, hit.wire);
}

char *
ws_diagram_view_tooltip_at (WsDiagramView *self, double x, double y)
{
  g_autofree char *label = NULL;
  WsDiagramHit hit;
  const WsDiagramComparator *c;

  if (!hit_at (self, x, y, &hit) || hit.layer < 0)
    return NULL;
  label = ws_diagram_layer_label (self->diagram, hit.layer);
  if (hit.comparator < 0)
    return g_strdup_printf ("layer %d: %s — click to go there", hit.layer + 1, label);
  c = ws_diagram_layer (self->diagram, hit.layer, NULL) + hit.comparator;
  return g_strdup_printf ("layer %d: %s\ncomparator (%u, %u): the smaller key leaves on wire %u",
                          hit.layer + 1, label, MIN (c->a, c->b), MAX (c->a, c->b), c->a);
}

/* ---- drawing ---- */

static void
draw_message (GtkWidget *widget, cairo_t *cr, const char *text, int w, int h)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  int tw, th;

  pango_layout_set_width (layout, (w - 24) * PANGO_SCALE);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_get_pixel_size (layout, &tw, &th);
  cairo_set_source_rgb (cr, 0.45, 0.45, 0.45);
  cairo_move_to (cr, 12, (h - th) / 2.0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

static void
ws_diagram_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  WsDiagramView *self = WS_DIAGRAM_VIEW (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  WsDiagramWindow window = ws_diagram_view_window (self);
  WsDiagramState state;
  cairo_t *cr;

  if (w <= 0 || h <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  if (self->diagram == NULL)
    draw_message (widget, cr, self->why_none ? self->why_none : "", w, h);
  else
    {
      ws_diagram_state_init (&state);
      state.current_layer = self->layer;
      state.wire_rgb = self->rgb->len ? (const guint32 *) self->rgb->data : NULL;
      state.swapped = self->swapped->len ? (const guint8 *) self->swapped->data : NULL;
      state.hover = self->hover;
      if (state.hover.wire < 0)
        state.hover.wire = self->lit_wire;
      emphasize (self);
      ws_diagram_draw (self->diagram, cr, w, h, &window, &state);
    }
  cairo_destroy (cr);
}

/* Presentation mode comes and goes as a style class of the window. */
static void
ws_diagram_view_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (ws_diagram_view_parent_class)->css_changed (widget, change);
  gtk_widget_queue_draw (widget);
}

/* ---- gestures ---- */

static gboolean
on_scroll (GtkEventControllerScroll *scroll, double dx, double dy, WsDiagramView *self)
{
  if (dy == 0)
    return FALSE;
  ws_diagram_view_zoom_at (self, dy < 0 ? WHEEL_STEP : 1 / WHEEL_STEP, self->pointer_x, self->pointer_y);
  return TRUE;
}

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, WsDiagramView *self)
{
  ws_diagram_view_hover_at (self, x, y);
}

static void
on_leave (GtkEventControllerMotion *motion, WsDiagramView *self)
{
  ws_diagram_view_hover_at (self, -1, -1);
}

static void
on_drag_begin (GtkGestureDrag *drag, double x, double y, WsDiagramView *self)
{
  self->drag_x = self->drag_y = 0;
  self->dragged = FALSE;
}

static void
on_drag_update (GtkGestureDrag *drag, double x, double y, WsDiagramView *self)
{
  if (!self->dragged && hypot (x, y) < DRAG_SLOP)
    return;
  self->dragged = TRUE;
  ws_diagram_view_pan (self, x - self->drag_x, y - self->drag_y);
  self->drag_x = x, self->drag_y = y;
}

static void
on_released (GtkGestureClick *click, int n_press, double x, double y, WsDiagramView *self)
{
  if (self->dragged)
    return;
  if (n_press == 2)
    ws_diagram_view_fit (self);
  else
    ws_diagram_view_click_at (self, x, y);
}

static gboolean
on_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip, gpointer data)
{
  g_autofree char *text = keyboard ? NULL : ws_diagram_view_tooltip_at (WS_DIAGRAM_VIEW (widget), x, y);

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
add_gestures (WsDiagramView *self)
{
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *drag = gtk_gesture_drag_new (), *click = gtk_gesture_click_new ();

  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (click, "released", G_CALLBACK (on_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

/* ---- the object ---- */

static void
ws_diagram_view_dispose (GObject *object)
{
  WsDiagramView *self = WS_DIAGRAM_VIEW (object);

  g_clear_pointer (&self->diagram, ws_diagram_free);
  g_clear_pointer (&self->why_none, g_free);
  g_clear_pointer (&self->rgb, g_array_unref);
  g_clear_pointer (&self->swapped, g_array_unref);
  G_OBJECT_CLASS (ws_diagram_view_parent_class)->dispose (object);
}

static void
ws_diagram_view_class_init (WsDiagramViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = ws_diagram_view_dispose;
  GTK_WIDGET_CLASS (klass)->snapshot = ws_diagram_view_snapshot;
  GTK_WIDGET_CLASS (klass)->css_changed = ws_diagram_view_css_changed;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "ws-diagram-view");
  signals[LAYER_ACTIVATED] = g_signal_new ("layer-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[WIRE_HOVERED] = g_signal_new ("wire-hovered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
}

static void
ws_diagram_view_init (WsDiagramView *self)
{
  self->rgb = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->swapped = g_array_new (FALSE, FALSE, sizeof (guint8));
  self->layer = self->lit_wire = -1;
  self->hover = (WsDiagramHit) { -1, -1, -1 };
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self), 320, 160);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);
  add_gestures (self);
}

GtkWidget *
ws_diagram_view_new (void)
{
  return g_object_new (WS_TYPE_DIAGRAM_VIEW, NULL);
}
