/* ui-test-util.h: what the ui tests and the screenshot tool share —
 * turning the main loop until something has happened, finding widgets,
 * rendering a widget as it shows. */
#pragma once

#include <gtk/gtk.h>

/* Iterates the default main context until done (data) is TRUE or seconds
 * pass; returns done (data). */
gboolean ui_spin_until (gboolean (*done) (gpointer),
                        gpointer   data,
                        double     seconds);
/* Lets the main loop run for seconds (frames get drawn). */
void     ui_spin       (double     seconds);
/* g_test_init and GTK; FALSE (after printing TAP's "1..0 # SKIP") where
 * there is no display, and main returns 0. */
gboolean   ui_test_init  (int        *argc,
                          char     ***argv);
/* A window of width × height holding child, shown and mapped. */
GtkWidget *ui_present    (GtkWidget  *child,
                          int         width,
                          int         height);
/* TRUE once the widget is mapped (for ui_spin_until). */
gboolean ui_mapped     (gpointer   widget);
/* The first check button under root whose label is label, or NULL: the
 * tests click through the same widgets a user does. */
GtkCheckButton *ui_find_check (GtkWidget  *root,
                               const char *label);
/* The first label under root showing exactly text, or NULL. */
GtkLabel       *ui_find_label (GtkWidget  *root,
                               const char *text);
/* The first widget of type under root whose tooltip starts with prefix. */
GtkWidget      *ui_find_tip   (GtkWidget  *root,
                               GType       type,
                               const char *prefix);
/* The widget as its window's renderer draws it, at its size: what a
 * screenshot of it would show. */
GdkTexture     *ui_render_texture (GtkWidget *widget);
