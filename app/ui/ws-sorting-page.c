/* ws-sorting-page.c: the sorting networks mode (see ws-sorting-page.h) as
 * a widget: its template, properties, transport and life. The animation
 * is ws-sorting-page-play.c's, the keys and preferences ws-sorting-input.c's. */
#include "ws-sorting-page-private.h"

#include "ws-debug-window.h"
#include "ws-race-window.h"

#include <math.h>

#include "ws-size.h"
#include "ws-ui-services.h"
#include "ws-transport.h"
#include "ws-export-source.h"
#include "ws-error.h"

G_DEFINE_FINAL_TYPE (WsSortingPage, ws_sorting_page, GTK_TYPE_BOX)

/* What others observe of the page, with notify: the passes run, whether
 * it plays, and its speed in passes a second. */
enum { PROP_0, PROP_PASS, PROP_PLAYING, PROP_SPEED, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
show_speed (WsSortingPage *self)
{
  ws_sorting_page_show_speed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}


/* ---- the widget ---- */


static void
on_preset (WsSortingPage *self)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (self->n_presets);

  if (item != NULL && !self->following_size) /* none: a size of no preset */
    gtk_editable_set_text (GTK_EDITABLE (self->n_entry), gtk_string_object_get_string (item));
}

/* The preset menu follows n as typed or loaded: its size, or none. */
static void
on_size_typed (WsSortingPage *self)
{
  GListModel *presets = gtk_drop_down_get_model (self->n_presets);
  gsize n = 0, preset = 0;
  guint match = GTK_INVALID_LIST_POSITION;

  if (ws_size_parse ("n", gtk_editable_get_text (GTK_EDITABLE (self->n_entry)), &n, NULL))
    for (guint i = 0; i < g_list_model_get_n_items (presets) && match == GTK_INVALID_LIST_POSITION; i++)
      {
        g_autoptr (GtkStringObject) item = g_list_model_get_item (presets, i);
        if (ws_size_parse ("n", gtk_string_object_get_string (item), &preset, NULL) && preset == n)
          match = i;
      }
  self->following_size = TRUE;
  if (gtk_drop_down_get_selected (self->n_presets) != match)
    gtk_drop_down_set_selected (self->n_presets, match);
  self->following_size = FALSE;
}

/* The GPU button says why it cannot be used, where it cannot. */
static void
offer_gpu (WsSortingPage *self)
{
  g_autofree char *gpu = NULL;

  if (ws_ui_gpu (&gpu))
    {
      g_autofree char *tip = g_strdup_printf ("Step the network in the memory of %s", gpu);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->gpu_button), tip);
      return;
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->gpu_button), FALSE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->gpu_button), gpu);
}

static void
ws_sorting_page_dispose (GObject *object)
{
  WsSortingPage *self = WS_SORTING_PAGE (object);

  if (self->input != NULL || self->scene != NULL)
    ws_sorting_page_save_preferences (self);
  ws_sorting_page_stop_playing (self);
  ws_sorting_page_sound_dispose (self);
  if (self->generating != NULL)
    g_cancellable_cancel (self->generating);
  g_clear_object (&self->generating);
  g_clear_pointer (&self->input, ws_array_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), WS_TYPE_SORTING_PAGE);
  G_OBJECT_CLASS (ws_sorting_page_parent_class)->dispose (object);
}

/* ---- the transport (ws-transport.h) ---- */

static void
transport_play (GtkWidget *page)
{
  WsSortingPage *self = WS_SORTING_PAGE (page);

  ws_sorting_page_play (self, !ws_sorting_page_is_playing (self));
}

static void
transport_step (GtkWidget *page, int delta)
{
  if (delta > 0)
    ws_sorting_page_step (WS_SORTING_PAGE (page));
  else
    ws_sorting_page_step_back (WS_SORTING_PAGE (page));
}

static void
transport_reset (GtkWidget *page)
{
  ws_sorting_page_reset (WS_SORTING_PAGE (page));
}

static void
transport_speed (GtkWidget *page, double factor)
{
  ws_sorting_page_scale_speed (WS_SORTING_PAGE (page), factor);
}

static const WsTransport transport = { transport_play, transport_step, transport_reset,
                                       transport_speed };

void
ws_sorting_page_set_speed (WsSortingPage *self, double passes_per_second)
{
  gtk_range_set_value (GTK_RANGE (self->speed), log10 (MAX (passes_per_second, 1e-3)));
}

static void
ws_sorting_page_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  WsSortingPage *self = WS_SORTING_PAGE (object);

  switch (id)
    {
    case PROP_PASS: g_value_set_uint (value, self->pass_shown); break;
    case PROP_PLAYING: g_value_set_boolean (value, ws_sorting_page_is_playing (self)); break;
    case PROP_SPEED: g_value_set_double (value, ws_sorting_page_get_speed (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
ws_sorting_page_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  if (id == PROP_SPEED)
    ws_sorting_page_set_speed (WS_SORTING_PAGE (object), g_value_get_double (value));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
}

static void
install_properties (GObjectClass *klass)
{
  GParamFlags read = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  klass->get_property = ws_sorting_page_get_property;
  klass->set_property = ws_sorting_page_set_property;
  properties[PROP_PASS] = g_param_spec_uint ("pass", NULL, "Passes run so far", 0, G_MAXUINT, 0,
                                             read);
  properties[PROP_PLAYING] = g_param_spec_boolean ("playing", NULL, "Whether passes play", FALSE,
                                                   read);
  /* The slider bounds what it takes; the pspec only says it is positive. */
  properties[PROP_SPEED] = g_param_spec_double ("speed", NULL, "Passes a second", 1e-3, 1e6, 4.0,
                                                read | G_PARAM_WRITABLE);
  g_object_class_install_properties (klass, N_PROPS, properties);
  /* A pass or a new scene has been shown (for the page's diagram, which
   * follows the animation without the play file calling it). */
  g_signal_new ("shown", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                G_TYPE_NONE, 0);
}

/* Debug your sort, for the network chosen here. */
static void
open_debug (GtkWidget *widget, const char *name, GVariant *parameter)
{
  WsSortingPage *self = WS_SORTING_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *window = ws_debug_window_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                           ws_sorting_page_kind (self));

  gtk_window_present (GTK_WINDOW (window));
}

/* File ▸ Export Animation…: the keys as generated, a pass a frame at the
 * speed set (ws-export-source.h). */
static WsExportSource *
describe_animation (GtkWidget *page, GError **error)
{
  WsSortingPage *self = WS_SORTING_PAGE (page);
  g_autoptr (WsExportSource) source = NULL;
  const char *name = ws_network_kind_name (ws_sorting_page_kind (self));

  if (self->input == NULL || self->scene == NULL)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE, "Generate or load keys first");
      return NULL;
    }
  source = g_new0 (WsExportSource, 1);
  source->kind = WS_MOVIE_NETWORK;
  source->network = ws_sorting_page_kind (self);
  if ((source->keys = ws_array_copy (self->input, error)) == NULL)
    return NULL;
  source->name = g_strdup_printf ("%s-%" G_GSIZE_FORMAT, name, self->input->n);
  source->title = g_strdup_printf ("%s network, %" G_GSIZE_FORMAT " keys", name, self->input->n);
  source->last = ws_network_scene_n_passes (self->scene);
  source->fps = ws_sorting_page_get_speed (self);
  return g_steal_pointer (&source);
}

/* Race: this network beside another over these keys, on one clock. */
static void
open_race (GtkWidget *widget, const char *name, GVariant *parameter)
{
  WsSortingPage *self = WS_SORTING_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *window;

  if (self->input == NULL)
    return;
  window = ws_race_window_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->input,
                               ws_sorting_page_kind (self));
  gtk_window_present (GTK_WINDOW (window));
}

/* The first time the page shows, keys of the panel's choice: what a
 * projector shows first is the network, not an empty canvas. */
static void
start_on_first_map (WsSortingPage *self)
{
  g_signal_handlers_disconnect_by_func (self, start_on_first_map, NULL);
  if (self->scene == NULL && self->generating == NULL)
    ws_sorting_page_generate (self);
}

static void
ws_sorting_page_class_init (WsSortingPageClass *klass)
{
  GtkWidgetClass *w = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ws_sorting_page_dispose;
  install_properties (G_OBJECT_CLASS (klass));
  ws_ui_register_resources ();
  g_type_ensure (WS_TYPE_CANVAS);
  g_type_ensure (WS_TYPE_DIAGRAM_VIEW);
  gtk_widget_class_set_template_from_resource (w, "/io/github/warpscope/Warpscope/ui/ws-sorting-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (w, WsSortingPage, name)
  BIND (canvas), BIND (algorithm), BIND (key_type), BIND (distribution), BIND (n_presets);
  BIND (cpu_button), BIND (gpu_button), BIND (n_entry), BIND (seed), BIND (generate_button);
  BIND (load_button), BIND (play_button), BIND (progress), BIND (speed), BIND (speed_label);
  BIND (pass_label), BIND (counters_label), BIND (check_label), BIND (path_label);
  BIND (show_highlights), BIND (show_comparators), BIND (show_boundaries);
  BIND (canvas_paned), BIND (diagram_box), BIND (diagram), BIND (show_diagram), BIND (gpu_groups);
  BIND (diagram_fit), BIND (diagram_save);
#undef BIND
  ws_transport_install (w, &transport);
  ws_export_source_install (w, describe_animation);
  gtk_widget_class_install_action (w, "page.debug", NULL, open_debug);
  gtk_widget_class_install_action (w, "page.race", NULL, open_race);
}

static void
ws_sorting_page_init (WsSortingPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ws_sorting_page_start_playing (self);
  ws_sorting_page_diagram_init (self);
  ws_sorting_page_sound_init (self);
  gtk_drop_down_set_selected (self->n_presets, 1);
  g_signal_connect_swapped (self->generate_button, "clicked", G_CALLBACK (ws_sorting_page_generate), self);
  g_signal_connect_swapped (self->load_button, "clicked", G_CALLBACK (ws_sorting_page_load_file), self);
  g_signal_connect_swapped (self->n_presets, "notify::selected", G_CALLBACK (on_preset), self);
  g_signal_connect_swapped (self->n_entry, "changed", G_CALLBACK (on_size_typed), self);
  g_signal_connect_swapped (self->algorithm, "notify::selected", G_CALLBACK (ws_sorting_page_reset), self);
  g_signal_connect_swapped (self->gpu_button, "toggled", G_CALLBACK (ws_sorting_page_reset), self);
  g_signal_connect_swapped (self->speed, "value-changed", G_CALLBACK (show_speed), self);
  g_signal_connect_swapped (self->show_highlights, "toggled", G_CALLBACK (ws_sorting_page_redraw), self);
  g_signal_connect_swapped (self->show_comparators, "toggled", G_CALLBACK (ws_sorting_page_redraw), self);
  g_signal_connect_swapped (self->show_boundaries, "toggled", G_CALLBACK (ws_sorting_page_redraw), self);
  offer_gpu (self);
  ws_sorting_page_load_preferences (self);
  show_speed (self);
  ws_sorting_page_show_pass (self);
  g_signal_connect (self, "map", G_CALLBACK (start_on_first_map), NULL);
}

GtkWidget *
ws_sorting_page_new (void)
{
  return g_object_new (WS_TYPE_SORTING_PAGE, NULL);
}

void
ws_sorting_page_set_size (WsSortingPage *self, const char *n)
{
  gtk_editable_set_text (GTK_EDITABLE (self->n_entry), n);
}

const char *
ws_sorting_page_pass_text (WsSortingPage *self)
{
  return gtk_label_get_text (self->pass_label);
}

const char *
ws_sorting_page_counters_text (WsSortingPage *self)
{
  return gtk_label_get_text (self->counters_label);
}

const char *
ws_sorting_page_check_text (WsSortingPage *self)
{
  return gtk_label_get_text (self->check_label);
}

gboolean
ws_sorting_page_ready (WsSortingPage *self)
{
  return self->scene != NULL && self->generating == NULL && self->advancing == NULL;
}
