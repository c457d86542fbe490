/* ws-primitives-page.h: the primitives mode — Blelloch's scan level by
 * level, a histogram's bins filling, binary (k-ary, study 004's p
 * segments) and interpolation search narrowing their range, probes marked;
 * frames from ws-animation.h, stepped both ways. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define WS_TYPE_PRIMITIVES_PAGE (ws_primitives_page_get_type ())
G_DECLARE_FINAL_TYPE (WsPrimitivesPage, ws_primitives_page, WS, PRIMITIVES_PAGE, GtkBox)

typedef enum
{
  WS_PRIMITIVE_SCAN,
  WS_PRIMITIVE_HISTOGRAM,
  WS_PRIMITIVE_BINARY_SEARCH,
  WS_PRIMITIVE_INTERPOLATION_SEARCH,
} WsPrimitive;

GtkWidget  *ws_primitives_page_new       (void);
/* Makes the frames of the chosen primitive on new keys. */
void        ws_primitives_page_generate  (WsPrimitivesPage *page);
void        ws_primitives_page_choose    (WsPrimitivesPage *page,
                                          WsPrimitive       primitive);
/* The window's transport on this page. */
void        ws_primitives_page_step      (WsPrimitivesPage *page,
                                          int               delta);
void        ws_primitives_page_reset     (WsPrimitivesPage *page);
void        ws_primitives_page_play      (WsPrimitivesPage *page,
                                          gboolean          play);
gboolean    ws_primitives_page_is_playing (WsPrimitivesPage *page);
/* The steps' speed, times their natural 2 a second: the "speed" property,
 * 1/16 to 16. "playing" says whether they play. */
void        ws_primitives_page_set_speed (WsPrimitivesPage *page,
                                          double            speed);
/* For tests: "step 3 of 11", and the frame's caption. */
const char *ws_primitives_page_step_text (WsPrimitivesPage *page);
const char *ws_primitives_page_caption   (WsPrimitivesPage *page);

G_END_DECLS
