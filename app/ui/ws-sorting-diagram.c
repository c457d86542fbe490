/* ws-sorting-diagram.c: the sorting page's network diagram, live — made
 * for each new scene, lit at the layer just run with each wire in its
 * key's colour after every pass shown, a click on a layer seeking there,
 * and the wire and the bar under the pointer lighting each other. Calls
 * the page's play file (seek, redraw) and hears from it through the
 * page's "shown" signal; the widget calls its init. */
#include "ws-sorting-page-private.h"

#include "ws-error.h"
#include "ws-ui-services.h"

static gboolean
diagram_shown (WsSortingPage *self)
{
  return gtk_toggle_button_get_active (self->show_diagram);
}

/* Presentation mode's canvas draws with the high-contrast colour map: the
 * wires take their colours from the same one. */
static WsColormapStyle
colour_style (WsSortingPage *self)
{
  return ws_ui_emphasis (GTK_WIDGET (self)) > 1 ? WS_COLORMAP_HIGH_CONTRAST : WS_COLORMAP_NORMAL;
}

/* The layer just run, and the wires' colours and exchanges. */
static void
diagram_follow (WsSortingPage *self)
{
  WsDiagram *d = ws_diagram_view_get_diagram (self->diagram);
  g_autofree guint32 *rgb = NULL;
  g_autofree guint8 *swapped = NULL;
  guint wires;

  if (d == NULL || self->scene == NULL || self->advancing != NULL || !diagram_shown (self))
    return;
  wires = ws_diagram_n_wires (d);
  rgb = g_new (guint32, wires), swapped = g_new (guint8, wires);
  if (!ws_network_scene_wire_colours (self->scene, colour_style (self), rgb, swapped, wires, NULL))
    {
      g_clear_pointer (&rgb, g_free);
      g_clear_pointer (&swapped, g_free);
    }
  ws_diagram_view_set_live (self->diagram, (int) ws_network_scene_pass (self->scene) - 1, rgb,
                            swapped, wires);
}

/* A diagram of the scene's network, where it stays readable. */
static void
diagram_install (WsSortingPage *self)
{
  const WsNetwork *net = self->scene ? ws_network_scene_network (self->scene) : NULL;
  g_autofree char *why = NULL;
  WsDiagram *d = NULL;

  if (!diagram_shown (self))
    {
      self->diagram_serial = 0;
      return ws_diagram_view_set_diagram (self->diagram, NULL, NULL);
    }
  if (net == NULL)
    why = g_strdup ("Generate keys to see their network.");
  else if (ws_network_width (net) > WS_NETWORK_SCENE_COMPARATOR_KEYS)
    why = g_strdup_printf ("The diagram draws networks of up to %d keys; this one has %" G_GSIZE_FORMAT
                           ". Choose a smaller n to see it.",
                           WS_NETWORK_SCENE_COMPARATOR_KEYS, ws_network_width (net));
  else
    d = ws_diagram_new (net, NULL);
  self->diagram_serial = self->scene_serial;
  ws_diagram_view_set_diagram (self->diagram, d, why);
  ws_diagram_view_set_gpu_groups (self->diagram, gtk_toggle_button_get_active (self->gpu_groups));
  gtk_widget_set_sensitive (GTK_WIDGET (self->gpu_groups), d != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->diagram_fit), d != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->diagram_save), d != NULL);
  diagram_follow (self);
}

/* Shown, the diagram takes the lower half: once the paned has been laid
 * out with it (a position set before would not hold). */
static gboolean
split_in_half (GtkWidget *paned, GdkFrameClock *clock, gpointer data)
{
  int height = gtk_widget_get_height (paned);

  if (height <= 0 || !gtk_widget_get_visible (gtk_paned_get_end_child (GTK_PANED (paned))))
    return height <= 0 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
  gtk_paned_set_position (GTK_PANED (paned), height / 2);
  return G_SOURCE_REMOVE;
}

static void
on_show_diagram (WsSortingPage *self)
{
  gtk_widget_set_visible (self->diagram_box, diagram_shown (self));
  if (diagram_shown (self))
    gtk_widget_add_tick_callback (GTK_WIDGET (self->canvas_paned), split_in_half, NULL, NULL);
  self->lit_key = -1;
  diagram_install (self);
  ws_sorting_page_redraw (self);
}

static void
on_gpu_groups (WsSortingPage *self)
{
  ws_diagram_view_set_gpu_groups (self->diagram, gtk_toggle_button_get_active (self->gpu_groups));
}

/* Layer i is pass i + 1 run. */
static void
on_layer_activated (WsDiagramView *view, guint layer, WsSortingPage *self)
{
  ws_sorting_page_play (self, FALSE);
  ws_sorting_page_seek (self, layer + 1);
}

static void
on_wire_hovered (WsDiagramView *view, int wire, WsSortingPage *self)
{
  self->lit_key = wire;
  ws_sorting_page_redraw (self);
}

void
ws_sorting_page_diagram_hover_bars (WsSortingPage *self, double x, double y)
{
  GtkWidget *canvas = GTK_WIDGET (self->canvas);
  int device = gtk_widget_get_scale_factor (canvas);
  const WsBarsView *view;

  if (!diagram_shown (self) || x < 0 || self->scene == NULL || self->advancing != NULL
      || (view = ws_network_scene_view (self->scene)) == NULL)
    return ws_diagram_view_set_lit_wire (self->diagram, -1);
  ws_diagram_view_set_lit_wire (self->diagram,
                                (int) ws_renderer_bars_key_at (view, gtk_widget_get_width (canvas) * device,
                                                               gtk_widget_get_height (canvas) * device,
                                                               x * device, y * device));
}

static void
on_canvas_motion (GtkEventControllerMotion *motion, double x, double y, WsSortingPage *self)
{
  ws_sorting_page_diagram_hover_bars (self, x, y);
}

static void
on_canvas_leave (GtkEventControllerMotion *motion, WsSortingPage *self)
{
  ws_sorting_page_diagram_hover_bars (self, -1, -1);
}

/* A pass or a new scene shown: a new scene needs its own diagram. */
static void
on_shown (WsSortingPage *self)
{
  if (!diagram_shown (self))
    return;
  if (self->scene_serial != self->diagram_serial)
    diagram_install (self);
  else
    diagram_follow (self);
}

/* ---- saving ---- */

gboolean
ws_sorting_page_save_diagram (WsSortingPage *self, const char *path, GError **error)
{
  WsDiagram *d = ws_diagram_view_get_diagram (self->diagram);

  if (d == NULL)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE, "No diagram is shown to save");
      return FALSE;
    }
  /* a slide's size, as the CLI writes it, whatever the widget's */
  return ws_diagram_save (d, path, WS_DIAGRAM_FILE_WIDTH, WS_DIAGRAM_FILE_HEIGHT, error);
}

static void
on_save_chosen (GtkNativeDialog *dialog, int response, WsSortingPage *self)
{
  g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_autofree char *path = file ? g_file_get_path (file) : NULL;
  g_autofree char *name = path ? g_path_get_basename (path) : NULL;
  g_autofree char *saved = NULL;
  g_autoptr (GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT && path != NULL)
    {
      if (ws_sorting_page_save_diagram (self, path, &error))
        ws_ui_toast (GTK_WIDGET (self), saved = g_strdup_printf ("Saved %s", name), FALSE);
      else
        ws_ui_toast (GTK_WIDGET (self), error->message, TRUE);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  g_object_unref (self); /* held while the dialog asked */
}

static void
on_save (WsSortingPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  WsDiagram *d = ws_diagram_view_get_diagram (self->diagram);
  g_autofree char *name = d ? g_strdup_printf ("%s-%u.svg", ws_network_kind_name (ws_diagram_kind (d)),
                                               ws_diagram_n_keys (d))
                            : NULL;
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new ("Save the Network's Diagram",
                                                              GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                              GTK_FILE_CHOOSER_ACTION_SAVE, NULL, NULL);

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  if (name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_signal_connect (dialog, "response", G_CALLBACK (on_save_chosen), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

void
ws_sorting_page_diagram_init (WsSortingPage *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->lit_key = -1;
  g_signal_connect (self, "shown", G_CALLBACK (on_shown), NULL);
  g_signal_connect_swapped (self->show_diagram, "toggled", G_CALLBACK (on_show_diagram), self);
  g_signal_connect_swapped (self->gpu_groups, "toggled", G_CALLBACK (on_gpu_groups), self);
  g_signal_connect_swapped (self->diagram_fit, "clicked", G_CALLBACK (ws_diagram_view_fit), self->diagram);
  g_signal_connect_swapped (self->diagram_save, "clicked", G_CALLBACK (on_save), self);
  g_signal_connect (self->diagram, "layer-activated", G_CALLBACK (on_layer_activated), self);
  g_signal_connect (self->diagram, "wire-hovered", G_CALLBACK (on_wire_hovered), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_canvas_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_canvas_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self->canvas), motion);
}

WsDiagramView *
ws_sorting_page_diagram_view (WsSortingPage *self)
{
  return self->diagram;
}

void
ws_sorting_page_show_diagram (WsSortingPage *self, gboolean on)
{
  gtk_toggle_button_set_active (self->show_diagram, on);
}

gint64
ws_sorting_page_lit_key (WsSortingPage *self)
{
  return self->lit_key;
}
