/* ws-race-window.c: Race — the window, its lanes' controls and its
 * actions (see ws-race-window.h); the lanes on one clock are
 * ws-race-window-play.c's. */
#include "ws-race-window-private.h"

#include <string.h>

#include "ws-ui-services.h"

G_DEFINE_FINAL_TYPE (WsRaceWindow, ws_race_window, GTK_TYPE_WINDOW)

guint
ws_race_window_n_lanes (WsRaceWindow *self)
{
  g_return_val_if_fail (WS_IS_RACE_WINDOW (self), 0);
  return self->n_lanes;
}

const char *
ws_race_window_verdict (WsRaceWindow *self)
{
  g_return_val_if_fail (WS_IS_RACE_WINDOW (self), NULL);
  return gtk_label_get_text (self->verdict);
}

const char *
ws_race_window_counters_text (WsRaceWindow *self, guint lane)
{
  g_return_val_if_fail (WS_IS_RACE_WINDOW (self) && lane < self->n_lanes, NULL);
  return gtk_label_get_text (self->lanes[lane].counters);
}

/* ---- a lane's controls ---- */

/* The controls say what the lane runs (without running it again). */
static void
show_choice (WsRaceLaneView *lane)
{
  WsRaceWindow *self = lane->window;

  self->seeking = TRUE;
  gtk_drop_down_set_selected (lane->network, lane->kind);
  gtk_toggle_button_set_active (lane->gpu, lane->on_gpu);
  gtk_toggle_button_set_active (lane->cpu, !lane->on_gpu);
  self->seeking = FALSE;
}

static void
lane_chosen (WsRaceLaneView *lane)
{
  WsRaceWindow *self = lane->window;

  if (self->seeking)
    return;
  ws_race_window_set_lane (self, lane->index, gtk_drop_down_get_selected (lane->network),
                           gtk_toggle_button_get_active (lane->gpu));
}

static void
remove_clicked (WsRaceLaneView *lane)
{
  ws_race_window_remove_lane (lane->window, lane->index);
}

static GtkWidget *
lane_header (WsRaceLaneView *lane)
{
  WsRaceWindow *self = lane->window;
  const char *const networks[] = { "bitonic", "odd-even", "oddeven-merge", NULL };
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *variant = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  lane->title = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (lane->title), "heading");
  lane->network = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (networks));
  gtk_widget_set_tooltip_text (GTK_WIDGET (lane->network), "The network this lane runs");
  lane->cpu = GTK_TOGGLE_BUTTON (gtk_toggle_button_new_with_label ("CPU"));
  lane->gpu = GTK_TOGGLE_BUTTON (gtk_toggle_button_new_with_label ("GPU"));
  gtk_toggle_button_set_group (lane->gpu, lane->cpu);
  gtk_widget_set_sensitive (GTK_WIDGET (lane->gpu), self->have_gpu);
  gtk_widget_set_tooltip_text (GTK_WIDGET (lane->gpu), self->gpu_words);
  gtk_widget_set_tooltip_text (GTK_WIDGET (lane->cpu), "Stepped and timed on the host");
  gtk_widget_add_css_class (variant, "linked");
  gtk_box_append (GTK_BOX (variant), GTK_WIDGET (lane->cpu));
  gtk_box_append (GTK_BOX (variant), GTK_WIDGET (lane->gpu));
  lane->counters = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (lane->counters, 0);
  gtk_label_set_wrap (lane->counters, TRUE); /* presentation's larger text takes two lines */
  gtk_label_set_width_chars (lane->counters, 30);
  gtk_widget_set_hexpand (GTK_WIDGET (lane->counters), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (lane->counters), "numeric");
  lane->remove = GTK_BUTTON (gtk_button_new_from_icon_name ("window-close-symbolic"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (lane->remove), "Take this lane out of the race");
  gtk_widget_add_css_class (GTK_WIDGET (lane->remove), "flat");
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (lane->title));
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (lane->network));
  gtk_box_append (GTK_BOX (row), variant);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (lane->counters));
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (lane->remove));
  return row;
}

static void
make_lane (WsRaceWindow *self, guint i)
{
  WsRaceLaneView *lane = &self->lanes[i];
  g_autofree char *title = g_strdup_printf ("Lane %u", i + 1);

  lane->window = self;
  lane->index = i;
  lane->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_box_append (GTK_BOX (lane->box), lane_header (lane));
  gtk_label_set_text (lane->title, title);
  lane->canvas = WS_CANVAS (ws_canvas_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (lane->canvas), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (lane->canvas), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (lane->canvas), -1, 120);
  gtk_box_append (GTK_BOX (lane->box), GTK_WIDGET (lane->canvas));
  gtk_box_append (self->lanes_box, lane->box);
  g_signal_connect_swapped (lane->network, "notify::selected", G_CALLBACK (lane_chosen), lane);
  g_signal_connect_swapped (lane->gpu, "toggled", G_CALLBACK (lane_chosen), lane);
  g_signal_connect_swapped (lane->remove, "clicked", G_CALLBACK (remove_clicked), lane);
}

/* Only the third lane can go: a race needs two. */
static void
show_lanes_shown (WsRaceWindow *self)
{
  for (guint i = 0; i < WS_RACE_MAX_LANES; i++)
    {
      gtk_widget_set_visible (self->lanes[i].box, i < self->n_lanes);
      gtk_widget_set_visible (GTK_WIDGET (self->lanes[i].remove), self->n_lanes > 2);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "race.add-lane",
                                 self->n_lanes < WS_RACE_MAX_LANES);
}

void
ws_race_window_set_lane (WsRaceWindow *self, guint lane, WsNetworkKind network, gboolean gpu)
{
  g_return_if_fail (WS_IS_RACE_WINDOW (self) && lane < self->n_lanes);
  self->lanes[lane].kind = network;
  self->lanes[lane].on_gpu = gpu && self->have_gpu;
  show_choice (&self->lanes[lane]);
  ws_race_window_restart (self);
}

/* A new lane runs the network no other lane runs, else the first's. */
static WsNetworkKind
unused_network (WsRaceWindow *self)
{
  for (guint k = 0; k < 3; k++)
    {
      gboolean used = FALSE;
      for (guint i = 0; i < self->n_lanes; i++)
        used |= self->lanes[i].kind == (WsNetworkKind) k;
      if (!used)
        return k;
    }
  return self->lanes[0].kind;
}

gboolean
ws_race_window_add_lane (WsRaceWindow *self)
{
  WsRaceLaneView *lane;

  g_return_val_if_fail (WS_IS_RACE_WINDOW (self), FALSE);
  if (self->n_lanes >= WS_RACE_MAX_LANES)
    return FALSE;
  lane = &self->lanes[self->n_lanes];
  lane->kind = unused_network (self);
  lane->on_gpu = FALSE;
  self->n_lanes++;
  show_choice (lane);
  show_lanes_shown (self);
  ws_race_window_restart (self);
  return TRUE;
}

void
ws_race_window_remove_lane (WsRaceWindow *self, guint lane)
{
  g_return_if_fail (WS_IS_RACE_WINDOW (self) && lane < self->n_lanes);
  if (self->n_lanes <= 2)
    return;
  /* the lanes after it move up a place (the restart makes their scenes) */
  for (guint i = lane; i + 1 < self->n_lanes; i++)
    {
      self->lanes[i].kind = self->lanes[i + 1].kind;
      self->lanes[i].on_gpu = self->lanes[i + 1].on_gpu;
      show_choice (&self->lanes[i]);
    }
  self->n_lanes--;
  show_lanes_shown (self);
  ws_race_window_restart (self);
}

void
ws_race_window_set_clock (WsRaceWindow *self, WsRaceClock clock)
{
  g_return_if_fail (WS_IS_RACE_WINDOW (self));
  gtk_drop_down_set_selected (self->clock, clock);
}

static void
clock_chosen (WsRaceWindow *self)
{
  self->clock_kind = gtk_drop_down_get_selected (self->clock) == 1 ? WS_RACE_BY_TIME
                                                                     : WS_RACE_BY_PASS;
  ws_race_window_seek (self, 0);
}

/* ---- presentation mode ---- */

/* As the main window's (F5): larger text, the canvases' emphasis. */
static void
set_presentation (WsRaceWindow *self, gboolean on)
{
  ws_ui_set_presentation (GTK_WIDGET (self), on);
  for (guint i = 0; i < WS_RACE_MAX_LANES; i++)
    gtk_widget_queue_draw (GTK_WIDGET (self->lanes[i].canvas));
}

static void
followed_changed (GtkWidget *parent, GParamSpec *pspec, WsRaceWindow *self)
{
  set_presentation (self, gtk_widget_has_css_class (parent, "presentation"));
}

/* The main window has a "presentation" property (ws-window.c): the race
 * follows it while both are open. */
static void
follow (WsRaceWindow *self, GtkWindow *parent)
{
  if (parent == NULL)
    return;
  set_presentation (self, gtk_widget_has_css_class (GTK_WIDGET (parent), "presentation"));
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (parent), "presentation") == NULL)
    return;
  self->followed = GTK_WIDGET (parent);
  g_object_add_weak_pointer (G_OBJECT (parent), (gpointer *) &self->followed);
  g_signal_connect_object (parent, "notify::presentation", G_CALLBACK (followed_changed), self,
                           0);
}

/* ---- actions ---- */

static void
action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  WsRaceWindow *self = WS_RACE_WINDOW (widget);
  guint tick = ws_race_window_tick (self);

  if (g_str_equal (name, "race.play"))
    ws_race_window_play (self);
  else if (g_str_equal (name, "race.step"))
    ws_race_window_seek (self, tick + 1);
  else if (g_str_equal (name, "race.step-back"))
    ws_race_window_seek (self, tick - (tick > 0));
  else if (g_str_equal (name, "race.reset"))
    ws_race_window_seek (self, 0);
  else if (g_str_equal (name, "race.faster"))
    ws_race_window_faster (self, 2);
  else if (g_str_equal (name, "race.slower"))
    ws_race_window_faster (self, 0.5);
  else if (g_str_equal (name, "race.add-lane"))
    ws_race_window_add_lane (self);
  else if (g_str_equal (name, "race.presentation"))
    set_presentation (self, !gtk_widget_has_css_class (widget, "presentation"));
}

/* ---- the transport keys ---- */

/* A transport key runs its action unless the speed's text has the focus
 * (there the arrows, space and the signs edit the number). */
static gboolean
transport_key (GtkWidget *widget, GVariant *args, gpointer data)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (widget));

  if (focus != NULL && GTK_IS_EDITABLE (focus))
    return FALSE;
  return gtk_widget_activate_action (widget, data, NULL);
}

/* Caught before the focused control sees them: otherwise a drop-down or
 * a button moves the focus on an arrow, or presses itself on space. */
static void
add_transport_keys (WsRaceWindow *self)
{
  static const struct { guint key; const char *action; } keys[] = {
    { GDK_KEY_space, "race.play" },        { GDK_KEY_Right, "race.step" },
    { GDK_KEY_Left, "race.step-back" },    { GDK_KEY_Home, "race.reset" },
    { GDK_KEY_plus, "race.faster" },       { GDK_KEY_KP_Add, "race.faster" },
    { GDK_KEY_minus, "race.slower" },      { GDK_KEY_KP_Subtract, "race.slower" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (controller),
      gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].key, 0),
                        gtk_callback_action_new (transport_key, (gpointer) keys[i].action, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

static void
ws_race_window_dispose (GObject *object)
{
  WsRaceWindow *self = WS_RACE_WINDOW (object);

  ws_race_window_stop (self);
  g_cancellable_cancel (self->timing);
  g_clear_object (&self->timing);
  if (self->followed != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->followed), (gpointer *) &self->followed);
  self->followed = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), WS_TYPE_RACE_WINDOW);
  G_OBJECT_CLASS (ws_race_window_parent_class)->dispose (object);
}

static void
ws_race_window_finalize (GObject *object)
{
  WsRaceWindow *self = WS_RACE_WINDOW (object);

  for (guint i = 0; i < WS_RACE_MAX_LANES; i++)
    g_free (self->lanes[i].problem);
  g_clear_pointer (&self->input, ws_array_free);
  g_free (self->gpu_words);
  G_OBJECT_CLASS (ws_race_window_parent_class)->finalize (object);
}

static void
add_key (GtkWidgetClass *w, guint key, GdkModifierType mods, const char *name)
{
  gtk_widget_class_add_binding_action (w, key, mods, name, NULL);
}

static void
ws_race_window_class_init (WsRaceWindowClass *klass)
{
  GtkWidgetClass *w = GTK_WIDGET_CLASS (klass);
  static const char *const names[] = { "race.play", "race.step", "race.step-back", "race.reset",
                                       "race.faster", "race.slower", "race.add-lane",
                                       "race.presentation" };

  G_OBJECT_CLASS (klass)->dispose = ws_race_window_dispose;
  G_OBJECT_CLASS (klass)->finalize = ws_race_window_finalize;
  ws_ui_register_resources ();
  g_type_ensure (WS_TYPE_CANVAS);
  gtk_widget_class_set_template_from_resource (w, "/io/github/warpscope/Warpscope/ui/ws-race-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (w, WsRaceWindow, name)
  BIND (clock), BIND (input_label), BIND (clock_label), BIND (verdict), BIND (lanes_box);
  BIND (play_button), BIND (add_button), BIND (tick_adjustment), BIND (speed);
#undef BIND
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    gtk_widget_class_install_action (w, names[i], NULL, action);
  add_key (w, GDK_KEY_n, GDK_CONTROL_MASK, "race.add-lane");
  add_key (w, GDK_KEY_F5, 0, "race.presentation");
  add_key (w, GDK_KEY_w, GDK_CONTROL_MASK, "window.close");
}

static void
ws_race_window_init (WsRaceWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->have_gpu = ws_ui_gpu (&self->gpu_words);
  if (self->have_gpu)
    {
      g_autofree char *name = g_steal_pointer (&self->gpu_words);
      self->gpu_words = g_strdup_printf ("Stepped in the memory of %s; timed by its kernels", name);
    }
  for (guint i = 0; i < WS_RACE_MAX_LANES; i++)
    make_lane (self, i);
  ws_race_window_init_play (self);
  add_transport_keys (self);
  g_signal_connect_swapped (self->clock, "notify::selected", G_CALLBACK (clock_chosen), self);
}

static void
show_input (WsRaceWindow *self, gsize given)
{
  g_autofree char *text = NULL;

  if (given > self->input->n)
    text = g_strdup_printf ("the first %" G_GSIZE_FORMAT " of Sorting Networks' %" G_GSIZE_FORMAT
                            " %s keys (a race takes at most %d)", self->input->n, given,
                            ws_key_type_name (self->input->type), WS_RACE_WINDOW_MAX_KEYS);
  else
    text = g_strdup_printf ("the same %" G_GSIZE_FORMAT " %s keys from Sorting Networks in every lane",
                            self->input->n, ws_key_type_name (self->input->type));
  gtk_label_set_text (self->input_label, text);
}

GtkWidget *
ws_race_window_new (GtkWindow *parent, const WsArray *input, WsNetworkKind network)
{
  WsRaceWindow *self;

  g_return_val_if_fail (input != NULL, NULL);
  self = g_object_new (WS_TYPE_RACE_WINDOW, "transient-for", parent, NULL);
  self->input = ws_array_new (input->type, MIN (input->n, WS_RACE_WINDOW_MAX_KEYS), NULL);
  if (self->input != NULL)
    memcpy (self->input->data, input->data, ws_array_bytes (self->input));
  else
    self->input = ws_array_new (input->type, 0, NULL);
  show_input (self, input->n);
  self->n_lanes = 2;
  self->lanes[0].kind = network;
  self->lanes[1].kind = network == WS_NETWORK_ODD_EVEN ? WS_NETWORK_BITONIC : WS_NETWORK_ODD_EVEN;
  show_choice (&self->lanes[0]);
  show_choice (&self->lanes[1]);
  show_lanes_shown (self);
  follow (self, parent);
  ws_race_window_restart (self);
  return GTK_WIDGET (self);
}
