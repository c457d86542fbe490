/* ws-transport.h: the transport of an animated page — play, step, step
 * back, reset, faster, slower — as actions installed on the page's class
 * (page.play, page.step, page.step-back, page.reset, page.faster,
 * page.slower). The page's own buttons name them; the window's keys reach
 * the page that shows through ws_transport_activate, so a hidden page is
 * never driven (− in the window-sum mode used to slow the sorting page). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What a page does for each action. speed multiplies its playing speed by
 * factor (WS_TRANSPORT_SPEED_STEP for faster, its inverse for slower). */
typedef struct
{
  void (*play)  (GtkWidget *page);            /* play, or pause when playing */
  void (*step)  (GtkWidget *page,
                 int        delta);           /* +1 step, -1 step back */
  void (*reset) (GtkWidget *page);
  void (*speed) (GtkWidget *page,
                 double     factor);
} WsTransport;

#define WS_TRANSPORT_SPEED_STEP G_SQRT2

/* Installs the six actions on klass (in its class_init); transport is
 * static and outlives the class. */
void     ws_transport_install  (GtkWidgetClass    *klass,
                                const WsTransport *transport);
/* Whether page's class has a transport. */
gboolean ws_transport_offered  (GtkWidget         *page);
/* Activates page.NAME ("play", "step", …) on page; FALSE where page has no
 * transport or the action is disabled. */
gboolean ws_transport_activate (GtkWidget         *page,
                                const char        *name);

/* For pages whose speed is a multiple of their natural pace: speed times
 * factor, kept within 1/16 to 16 (snapped to 1 near it, so that faster
 * then slower comes back exactly). */
double   ws_transport_scale    (double             speed,
                                double             factor);
/* The "speed" property of such a page (1/16 to 16, 1 by default,
 * readwrite, notified explicitly) and the "playing" property every
 * animated page has (read-only). */
GParamSpec *ws_transport_speed_pspec   (void);
GParamSpec *ws_transport_playing_pspec (void);
/* " · 2× speed" ("" at 1×), to follow a page's step text. */
char    *ws_transport_speed_text (double           speed);

G_END_DECLS
