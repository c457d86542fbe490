/* ws-sorting-page.h: the sorting networks mode — keys generated or loaded,
 * a network stepped pass by pass on the CPU or the GPU and drawn from
 * where the keys live, with the pass, its counters and the engine's stage
 * check beside it. */
#pragma once

#include <gtk/gtk.h>

#include "ws-diagram-view.h"

G_BEGIN_DECLS

#define WS_TYPE_SORTING_PAGE (ws_sorting_page_get_type ())
G_DECLARE_FINAL_TYPE (WsSortingPage, ws_sorting_page, WS, SORTING_PAGE, GtkBox)

GtkWidget  *ws_sorting_page_new          (void);

/* The transport, as the window's actions and keys drive it. */
void        ws_sorting_page_play         (WsSortingPage *page,
                                          gboolean       play);
gboolean    ws_sorting_page_is_playing   (WsSortingPage *page);
void        ws_sorting_page_step         (WsSortingPage *page);
void        ws_sorting_page_step_back    (WsSortingPage *page);
void        ws_sorting_page_reset        (WsSortingPage *page);
/* To pass `pass` (0: the keys as generated), on or back. */
void        ws_sorting_page_seek         (WsSortingPage *page,
                                          guint          pass);
/* Speed by a factor (the + and − keys); the speed in passes a second (the
 * "speed" property, within the slider's range). The properties "pass"
 * (passes run) and "playing" notify as they change. */
void        ws_sorting_page_scale_speed  (WsSortingPage *page,
                                          double         factor);
double      ws_sorting_page_get_speed    (WsSortingPage *page);
void        ws_sorting_page_set_speed    (WsSortingPage *page,
                                          double         passes_per_second);
/* Sets the panel's n (as typed: "1000", "2^20"). */
void        ws_sorting_page_set_size     (WsSortingPage *page,
                                          const char    *n);
/* Generates new keys as the panel says (on a worker). */
void        ws_sorting_page_generate     (WsSortingPage *page);
/* Loads keys from a text file of the panel's key type (on a worker); what
 * the file holds wrong is shown where the check's result goes. */
void        ws_sorting_page_load_path    (WsSortingPage *page,
                                          const char    *path);

/* For tests: the texts shown, and whether keys are ready. */
const char *ws_sorting_page_pass_text    (WsSortingPage *page);
const char *ws_sorting_page_counters_text (WsSortingPage *page);
const char *ws_sorting_page_check_text   (WsSortingPage *page);
gboolean    ws_sorting_page_ready        (WsSortingPage *page);

/* The network's diagram under the bars (ws-diagram-view.h), shown or
 * not, and the bar lit from it (-1: none). */
void        ws_sorting_page_show_diagram (WsSortingPage *page,
                                          gboolean       on);
WsDiagramView *ws_sorting_page_diagram_view (WsSortingPage *page);
gint64      ws_sorting_page_lit_key      (WsSortingPage *page);
/* Tones sounded since Sound (the settings' "sound") was turned on. */
guint64     ws_sorting_page_tones_played (WsSortingPage *page);

/* What hovering the canvas at (x, y) (its own logical pixels) shows: the
 * key there, its value, and its partner and direction in the last pass;
 * NULL off the bars. Free with g_free. */
char       *ws_sorting_page_tooltip_at (WsSortingPage *page,
                                        double         x,
                                        double         y);

G_END_DECLS
