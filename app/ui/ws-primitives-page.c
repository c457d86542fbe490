/* ws-primitives-page.c: the primitives mode (see ws-primitives-page.h). */
#include "ws-primitives-page.h"

#include "ws-canvas.h"
#include "ws-frames-scene.h"
#include "ws-generator.h"
#include "ws-pacer.h"
#include "ws-radix.h"
#include "ws-search.h"
#include "ws-transport.h"
#include "ws-error.h"
#include "ws-export-source.h"
#include "ws-ui-services.h"

enum { HISTOGRAM_CHUNKS = 16, STEPS_PER_SECOND = 2 };

struct _WsPrimitivesPage
{
  GtkBox         parent_instance;

  WsCanvas      *canvas;
  GtkDropDown   *primitive;
  GtkSpinButton *n, *bins, *segments, *seed;
  GtkWidget     *bins_label, *segments_label;
  GtkButton     *generate_button, *play_button;
  GtkLabel      *step_label, *caption_label;

  WsFramesScene *scene;     /* the primitive's frames, or NULL */
  WsPacer        pacer;
  double         speed;     /* times STEPS_PER_SECOND */
  gboolean       playing;   /* as last notified */
};

G_DEFINE_FINAL_TYPE (WsPrimitivesPage, ws_primitives_page, GTK_TYPE_BOX)

/* The steps' speed and whether they play, with notify (ws-transport.h). */
enum { PROP_0, PROP_SPEED, PROP_PLAYING, N_PROPS };
static GParamSpec *properties[N_PROPS];

static const WsAnimationFrame *
current (WsPrimitivesPage *self)
{
  return self->scene ? ws_frames_scene_frame (self->scene) : NULL;
}

static void
show_frame (WsPrimitivesPage *self)
{
  const WsAnimationFrame *f = current (self);
  g_autofree char *speed = ws_transport_speed_text (self->speed);
  g_autofree char *step = f ? g_strdup_printf ("step %u of %u%s", ws_frames_scene_at (self->scene),
                                               ws_frames_scene_n_frames (self->scene) - 1, speed)
                            : NULL;

  gtk_label_set_text (self->step_label, step ? step : "generate keys to begin");
  gtk_label_set_text (self->caption_label, f ? f->caption : "");
  gtk_gl_area_queue_render (GTK_GL_AREA (self->canvas));
}

/* ---- making the frames ---- */

static WsAnimation *
make_animation (WsPrimitivesPage *self, GError **error)
{
  WsPrimitive p = gtk_drop_down_get_selected (self->primitive);
  gsize n = (gsize) gtk_spin_button_get_value (self->n);
  guint64 seed = (guint64) gtk_spin_button_get_value (self->seed);
  g_autoptr (WsArray) keys = ws_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, n, seed, error);

  if (keys == NULL)
    return NULL;
  if (p == WS_PRIMITIVE_SCAN)
    return ws_animation_scan (keys, error);
  if (p == WS_PRIMITIVE_HISTOGRAM)
    return ws_animation_histogram (keys, (guint) gtk_spin_button_get_value (self->bins),
                                   HISTOGRAM_CHUNKS, error);
  /* A search needs sorted keys; it looks for one of them, picked by the seed. */
  if (!ws_radix_sort (keys, WS_VARIANT_CPU_SEQ, NULL, error))
    return NULL;
  return ws_animation_search (keys, ws_array_get_double (keys, (gsize) (seed * 2654435761u % n)),
                              (guint) gtk_spin_button_get_value (self->segments),
                              p == WS_PRIMITIVE_INTERPOLATION_SEARCH, error);
}

/* Only the chosen primitive's parameters: bins for the histogram, p for
 * the searches. */
static void
show_parameters (WsPrimitivesPage *self)
{
  WsPrimitive p = gtk_drop_down_get_selected (self->primitive);
  gboolean histogram = p == WS_PRIMITIVE_HISTOGRAM, search = p >= WS_PRIMITIVE_BINARY_SEARCH;

  gtk_widget_set_visible (self->bins_label, histogram);
  gtk_widget_set_visible (GTK_WIDGET (self->bins), histogram);
  gtk_widget_set_visible (self->segments_label, search);
  gtk_widget_set_visible (GTK_WIDGET (self->segments), search);
}

void
ws_primitives_page_generate (WsPrimitivesPage *self)
{
  g_autoptr (GError) error = NULL;
  gboolean search = gtk_drop_down_get_selected (self->primitive) >= WS_PRIMITIVE_BINARY_SEARCH;
  WsAnimation *a;

  ws_primitives_page_play (self, FALSE);
  show_parameters (self);
  a = make_animation (self, &error);
  if (a == NULL)
    {
      g_autofree char *text = g_strdup_printf ("✗ %s", error->message);
      gtk_label_set_text (self->caption_label, text);
      return;
    }
  if (self->scene != NULL && ws_canvas_make_current (self->canvas))
    ws_frames_scene_release_gl (self->scene);
  g_clear_pointer (&self->scene, ws_frames_scene_free);
  self->scene = ws_frames_scene_new (a, search ? "range" : "read", search ? "probed" : "written");
  show_frame (self);
}

void
ws_primitives_page_choose (WsPrimitivesPage *self, WsPrimitive primitive)
{
  gtk_drop_down_set_selected (self->primitive, primitive); /* regenerates */
}

/* ---- stepping ---- */

void
ws_primitives_page_step (WsPrimitivesPage *self, int delta)
{
  if (self->scene == NULL)
    return;
  ws_frames_scene_seek (self->scene, (gint64) ws_frames_scene_at (self->scene) + delta);
  show_frame (self);
}

void
ws_primitives_page_reset (WsPrimitivesPage *self)
{
  ws_primitives_page_play (self, FALSE);
  if (self->scene != NULL)
    ws_frames_scene_seek (self->scene, 0), show_frame (self);
}

static gboolean
at_end (WsPrimitivesPage *self)
{
  return self->scene == NULL
         || ws_frames_scene_at (self->scene) + 1 >= ws_frames_scene_n_frames (self->scene);
}

static double
play_rate (gpointer data)
{
  return STEPS_PER_SECOND * ((WsPrimitivesPage *) data)->speed;
}

/* One step a frame at most: each frame is something to look at. */
static guint64
play_step (gpointer data, guint64 due)
{
  ws_primitives_page_step (data, 1);
  return 1;
}

static gboolean
play_finished (gpointer data)
{
  return at_end (data);
}

static void
play_changed (gpointer data, gboolean playing)
{
  WsPrimitivesPage *self = data;

  ws_play_button_show (self->play_button, playing);
  if (playing != self->playing) /* the pacer also says so when nothing changed */
    {
      self->playing = playing;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
    }
}

static const WsPacerSpec play_spec = {
  .rate = play_rate, .step = play_step, .finished = play_finished, .changed = play_changed,
  .first = 1.0, .cap = 2.0,
};

void
ws_primitives_page_play (WsPrimitivesPage *self, gboolean play)
{
  ws_pacer_set (&self->pacer, play);
}

gboolean
ws_primitives_page_is_playing (WsPrimitivesPage *self)
{
  return ws_pacer_playing (&self->pacer);
}

/* ---- drawing ---- */

static void
paint (WsRenderer *renderer, int width, int height, double scale, gpointer data)
{
  WsPrimitivesPage *self = data;
  g_autoptr (GError) error = NULL;

  if (self->scene != NULL
      && !ws_frames_scene_draw (self->scene, renderer, width, height, scale, &error))
    g_warning ("No frame path: %s", error->message);
}

static void
release (gpointer data)
{
  WsPrimitivesPage *self = data;

  if (self->scene != NULL)
    ws_frames_scene_release_gl (self->scene);
}

/* ---- the widget ---- */

static void
ws_primitives_page_dispose (GObject *object)
{
  WsPrimitivesPage *self = WS_PRIMITIVES_PAGE (object);

  ws_pacer_clear (&self->pacer);
  g_clear_pointer (&self->scene, ws_frames_scene_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), WS_TYPE_PRIMITIVES_PAGE);
  G_OBJECT_CLASS (ws_primitives_page_parent_class)->dispose (object);
}

/* ---- the transport (ws-transport.h) ---- */

static void
transport_play (GtkWidget *page)
{
  WsPrimitivesPage *self = WS_PRIMITIVES_PAGE (page);

  ws_primitives_page_play (self, !ws_primitives_page_is_playing (self));
}

static void
transport_step (GtkWidget *page, int delta)
{
  ws_primitives_page_step (WS_PRIMITIVES_PAGE (page), delta);
}

static void
transport_reset (GtkWidget *page)
{
  ws_primitives_page_reset (WS_PRIMITIVES_PAGE (page));
}

void
ws_primitives_page_set_speed (WsPrimitivesPage *self, double speed)
{
  double scaled = ws_transport_scale (speed, 1.0);

  if (scaled == self->speed)
    return;
  self->speed = scaled;
  show_frame (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}

static void
transport_speed (GtkWidget *page, double factor)
{
  WsPrimitivesPage *self = WS_PRIMITIVES_PAGE (page);

  ws_primitives_page_set_speed (self, self->speed * factor);
}

static const WsTransport transport = { transport_play, transport_step, transport_reset,
                                       transport_speed };

static void
ws_primitives_page_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  WsPrimitivesPage *self = WS_PRIMITIVES_PAGE (object);

  if (id == PROP_SPEED)
    g_value_set_double (value, self->speed);
  else if (id == PROP_PLAYING)
    g_value_set_boolean (value, ws_pacer_playing (&self->pacer));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
}

static void
ws_primitives_page_set_property (GObject *object, guint id, const GValue *value,
                                 GParamSpec *pspec)
{
  if (id == PROP_SPEED)
    ws_primitives_page_set_speed (WS_PRIMITIVES_PAGE (object), g_value_get_double (value));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
}

/* File ▸ Export Animation…: the chosen primitive's frames made again on
 * the same keys, a step a frame at the speed set (ws-export-source.h). */
static WsExportSource *
describe_animation (GtkWidget *page, GError **error)
{
  WsPrimitivesPage *self = WS_PRIMITIVES_PAGE (page);
  static const char *const names[] = { "scan", "histogram", "binary-search",
                                       "interpolation-search" };
  WsPrimitive p = gtk_drop_down_get_selected (self->primitive);
  gsize n = (gsize) gtk_spin_button_get_value (self->n);
  g_autoptr (WsExportSource) source = g_new0 (WsExportSource, 1);

  if (self->scene == NULL)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE, "Generate keys first");
      return NULL;
    }
  if ((source->animation = make_animation (self, error)) == NULL)
    return NULL;
  source->kind = WS_MOVIE_FRAMES;
  source->name = g_strdup_printf ("%s-%" G_GSIZE_FORMAT, names[MIN (p, G_N_ELEMENTS (names) - 1)], n);
  source->title = g_strdup_printf ("%s of %" G_GSIZE_FORMAT " keys", names[MIN (p, G_N_ELEMENTS (names) - 1)], n);
  source->last = source->animation->frames->len - 1;
  source->fps = STEPS_PER_SECOND * self->speed;
  source->compared_name = p >= WS_PRIMITIVE_BINARY_SEARCH ? "range" : "read";
  source->swapped_name = p >= WS_PRIMITIVE_BINARY_SEARCH ? "probed" : "written";
  return g_steal_pointer (&source);
}

static void
ws_primitives_page_class_init (WsPrimitivesPageClass *klass)
{
  GtkWidgetClass *w = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ws_primitives_page_dispose;
  ws_ui_register_resources ();
  g_type_ensure (WS_TYPE_CANVAS);
  gtk_widget_class_set_template_from_resource (w, "/io/github/warpscope/Warpscope/ui/ws-primitives-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (w, WsPrimitivesPage, name)
  BIND (canvas), BIND (primitive), BIND (n), BIND (bins), BIND (segments), BIND (seed);
  BIND (bins_label), BIND (segments_label);
  BIND (generate_button), BIND (play_button), BIND (step_label), BIND (caption_label);
#undef BIND
  ws_transport_install (w, &transport);
  ws_export_source_install (w, describe_animation);
  G_OBJECT_CLASS (klass)->get_property = ws_primitives_page_get_property;
  G_OBJECT_CLASS (klass)->set_property = ws_primitives_page_set_property;
  properties[PROP_SPEED] = ws_transport_speed_pspec ();
  properties[PROP_PLAYING] = ws_transport_playing_pspec ();
  g_object_class_install_properties (G_OBJECT_CLASS (klass), N_PROPS, properties);
}

/* The first time the page shows, the chosen primitive's frames: what a
 * projector shows first is the algorithm, not an empty canvas. */
static void
start_on_first_map (WsPrimitivesPage *self)
{
  g_signal_handlers_disconnect_by_func (self, start_on_first_map, NULL);
  if (self->scene == NULL)
    ws_primitives_page_generate (self);
}

static void
ws_primitives_page_init (WsPrimitivesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->speed = 1.0;
  ws_pacer_init (&self->pacer, &play_spec, GTK_WIDGET (self->canvas), self);
  ws_canvas_set_painter (self->canvas, paint, release, self);
  g_signal_connect_swapped (self->generate_button, "clicked",
                            G_CALLBACK (ws_primitives_page_generate), self);
  g_signal_connect_swapped (self->primitive, "notify::selected",
                            G_CALLBACK (ws_primitives_page_generate), self);
  g_signal_connect (self, "map", G_CALLBACK (start_on_first_map), NULL);
  show_parameters (self);
  show_frame (self);
}

GtkWidget *
ws_primitives_page_new (void)
{
  return g_object_new (WS_TYPE_PRIMITIVES_PAGE, NULL);
}

const char *
ws_primitives_page_step_text (WsPrimitivesPage *self)
{
  return gtk_label_get_text (self->step_label);
}

const char *
ws_primitives_page_caption (WsPrimitivesPage *self)
{
  return gtk_label_get_text (self->caption_label);
}
