/* ws-export-dialog.h: File ▸ Export Animation… — a modal window over the
 * main one: the file (Choose… opens a save dialog; the format follows the
 * extension, and a format this machine's GStreamer cannot write says why),
 * frames per second, the size, the range of frames (passes, rows of
 * blocks or steps), Export and Cancel. While it exports (ws-export-job.h,
 * on a worker) a progress bar says "frame i of n"; Cancel, or closing the
 * window, stops it and leaves no file. The main window's toast says
 * "Exported NAME", or the error, which stays until dismissed. */
#pragma once

#include <adwaita.h>

#include "ws-export-source.h"

G_BEGIN_DECLS

#define WS_TYPE_EXPORT_DIALOG (ws_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (WsExportDialog, ws_export_dialog, WS, EXPORT_DIALOG, AdwWindow)

/* A dialog exporting source (taken), page's description, transient for
 * page's window; its toasts go over that window. */
GtkWidget  *ws_export_dialog_new           (GtkWidget      *page,
                                            WsExportSource *source);

/* What the controls hold, for the tests and the file chooser. */
void        ws_export_dialog_set_path      (WsExportDialog *dialog,
                                            const char     *path);
const char *ws_export_dialog_get_path      (WsExportDialog *dialog);
void        ws_export_dialog_set_range     (WsExportDialog *dialog,
                                            guint           first,
                                            guint           last);
/* The size presets: 0 1920×1080, 1 1280×720 (the default), 2 854×480. */
void        ws_export_dialog_set_size      (WsExportDialog *dialog,
                                            guint           preset);
/* The buttons: Export starts (where the format can be written), Cancel
 * stops an export or closes the window. */
void        ws_export_dialog_export        (WsExportDialog *dialog);
void        ws_export_dialog_cancel        (WsExportDialog *dialog);
gboolean    ws_export_dialog_exporting     (WsExportDialog *dialog);
/* "frame 3 of 11", or what the format row says ("WebM video (VP8)", why
 * a format cannot be written), or the last export's error. */
const char *ws_export_dialog_status        (WsExportDialog *dialog);

G_END_DECLS
