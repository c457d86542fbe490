/* ws-ui-services.h: what the pages and the window ask of the program they
 * run in — the templates' resources, the settings, the GPU — without
 * knowing the application object (which creates the window, which holds
 * the pages: asking it back made a circle of files). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define WS_APPLICATION_ID "io.github.warpscope.Warpscope"

/* Registers the templates' GResource (once). A static library's resource
 * is not linked in unless asked for: every template class calls this in
 * its class_init, so a widget works alone (the tests) as in the window. */
void       ws_ui_register_resources (void);

/* The application's settings, or NULL (with one warning) where its schema
 * is not installed — then nothing persists, and nothing breaks. */
GSettings *ws_ui_settings           (void);

/* The GPU the modes can use: TRUE with its name, or FALSE with why not
 * (no CUDA device, no driver, a build without CUDA). Free with g_free. */
gboolean   ws_ui_gpu                (char **name_or_reason);
/* Every GPU there is (WsDeviceInfo), asked of the GPU backend once for the
 * program's life (asking starts CUDA; the GPUs do not change while it
 * runs): empty, with *why (may be NULL) saying why, where there is none.
 * The program's; the free memory in it is of when it was asked. */
const GArray *ws_ui_gpus            (const char **why);

/* 1.5 where widget's window is in presentation mode (its "presentation"
 * style class), else 1: what drawings scale their text and strokes by. */
double     ws_ui_emphasis           (GtkWidget *widget);
/* Puts a window in presentation mode or takes it out (the style class
 * ws_ui_emphasis reads, and the CSS's window.presentation). */
void       ws_ui_set_presentation   (GtkWidget *window,
                                     gboolean   on);

/* Says text in a toast over the window that holds widget (its
 * AdwToastOverlay): briefly for news ("Saved chart.png"), until dismissed
 * for a failure the user must read. FALSE where widget is in no overlay
 * (alone in a test). */
gboolean   ws_ui_toast              (GtkWidget  *widget,
                                     const char *text,
                                     gboolean    failure);

G_END_DECLS
