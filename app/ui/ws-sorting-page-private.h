/* ws-sorting-page-private.h: what the sorting page's files share, from the
 * ground up: ws-sorting-page-play.c (the scene stepped, played and drawn),
 * ws-sorting-input.c (keys generated or loaded, preferences), and
 * ws-sorting-page.c (the widget), which calls both. */
#pragma once

#include "ws-sorting-page.h"
#include "ws-canvas.h"
#include "ws-diagram-view.h"
#include "ws-network-scene.h"
#include "ws-pacer.h"
#include "ws-sorting-work.h"
#include "ws-tone.h"

G_BEGIN_DECLS

/* From this many keys on, host passes run on a worker thread: one pass of
 * 2^24 keys takes tens of milliseconds, which the window must not wait for. */
enum { WORKER_KEYS = 1 << 18 };

typedef WsSortingAdvance Advance;
typedef WsSortingPrepared Prepared;

struct _WsSortingPage
{
  GtkBox          parent_instance;

  WsCanvas       *canvas;
  GtkDropDown    *algorithm, *key_type, *distribution, *n_presets;
  gboolean        following_size; /* the preset menu follows n: it writes no n back */
  GtkToggleButton *cpu_button, *gpu_button;
  GtkEntry       *n_entry;
  GtkSpinButton  *seed;
  GtkButton      *generate_button, *load_button, *play_button;
  GtkProgressBar *progress;
  GtkScale       *speed;
  GtkLabel       *speed_label, *pass_label, *counters_label, *check_label, *path_label;
  GtkCheckButton *show_highlights, *show_comparators, *show_boundaries;
  GtkPaned       *canvas_paned;
  GtkWidget      *diagram_box;
  WsDiagramView  *diagram;
  GtkToggleButton *show_diagram, *gpu_groups;
  GtkButton      *diagram_fit, *diagram_save;
  gint64          lit_key;     /* the bar of the wire hovered in the diagram, or -1 */
  guint           scene_serial;   /* counts the scenes installed */
  GSettings      *sound_settings; /* the "sound" key (NULL without the schema) */
  WsTonePlayer   *tones;          /* while Sound is on and a pass has sounded */
  guint           sound_pass;     /* the pass last heard */
  guint           diagram_serial; /* the scene the diagram was made for (0: none) */

  WsArray        *input;       /* the keys as generated or loaded */
  WsNetworkScene *scene;       /* the animation, or NULL before any keys */
  char           *check_shown; /* the checks' words as last shown */
  GCancellable   *generating;
  WsPacer         pacer;       /* plays the passes */
  GError         *draw_error;  /* what went wrong drawing, shown from an idle */
  Advance        *advancing;   /* host passes running on a worker, or NULL */
  gboolean        remake;      /* a new scene is due once they return */
  guint           columns;     /* the bins the canvas last drew */
  guint           pass_shown;  /* the "pass" property: passes run as last shown */
  gboolean        playing;     /* the "playing" property, as last notified */
  /* The rate the passes are shown at while playing: a window of a second
   * from meter_us at meter_pass; shown_rate NAN until one has passed. */
  gint64          meter_us;
  guint           meter_pass;
  double          shown_rate;
};

/* ws-sorting-page-play.c */
void          ws_sorting_page_report   (WsSortingPage   *page,
                                        const GError    *error);
/* The pass label and counters (not while a worker holds the scene). */
void          ws_sorting_page_show_pass (WsSortingPage  *page);
/* The speed as set, and the rate the passes are shown at where that falls
 * well behind it ("1000 passes/s · 140 shown"). */
void          ws_sorting_page_show_speed (WsSortingPage *page);
void          ws_sorting_page_redraw   (WsSortingPage   *page);
/* The pacer and the canvas's painter set up (init), and the animation's
 * state let go (dispose). */
void          ws_sorting_page_start_playing (WsSortingPage *page);
void          ws_sorting_page_stop_playing  (WsSortingPage *page);
/* A fresh scene over the input (the prepared one where it fits). */
void          ws_sorting_page_install  (WsSortingPage   *page,
                                        Prepared        *prepared);
gboolean      ws_sorting_page_gpu_chosen (WsSortingPage *page);
WsNetworkKind ws_sorting_page_kind     (WsSortingPage   *page);

/* ws-sorting-diagram.c: it follows the page's "shown" signal (a pass or a
 * new scene shown) and lights the bars through lit_key. */
void          ws_sorting_page_diagram_init    (WsSortingPage *page);
/* The pointer over the bars at (x, y) (x < 0: gone) lights the wire of
 * the key under it. */
void          ws_sorting_page_diagram_hover_bars (WsSortingPage *page,
                                                  double         x,
                                                  double         y);

/* The diagram shown, as a file by path's extension (.png, .svg, .pdf,
 * .tex), with the GPU's launches where they are shown. */
gboolean      ws_sorting_page_save_diagram (WsSortingPage *page,
                                            const char    *path,
                                            GError       **error);

/* ws-sorting-sound.c: it follows the page's "shown" signal too. */
void          ws_sorting_page_sound_init    (WsSortingPage *page);
void          ws_sorting_page_sound_dispose (WsSortingPage *page);

/* ws-sorting-input.c */
void          ws_sorting_page_busy     (WsSortingPage   *page,
                                        gboolean         on,
                                        const char      *what);
void          ws_sorting_page_load_file (WsSortingPage  *page);
void          ws_sorting_page_load_preferences (WsSortingPage *page);
void          ws_sorting_page_save_preferences (WsSortingPage *page);

/* A test hook, kept out of the public header: swaps keys i and i + 1
 * where the keys are after a pass, as a broken kernel would, and runs that
 * pass's check again (ws_network_scene_corrupt). */
void ws_sorting_page_corrupt (WsSortingPage *page,
                              gsize          i);

G_END_DECLS
