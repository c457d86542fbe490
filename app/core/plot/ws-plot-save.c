/* ws-plot-save.c: a WsPlot to a PNG, SVG or PDF file, written atomically.
 *
 * The chart is drawn into memory first, so that a drawing failure touches
 * no file, then handed to ws_file_write_atomic: a temporary file beside
 * the target (path + ".XXXXXX", same directory, same file system), synced
 * and renamed over it, and removed on any failure. A full disk or a crash
 * leaves the old file, never half a new one.
 */
#include "ws-plot.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <string.h>

#include "ws-file.h"
#include "ws-error.h"

#define MIN_SIDE 16
#define MAX_SIDE 16384

/* PDF files carry their creation date; a fixed one keeps two saves of the
 * same plot byte for byte identical, as ws-plot.h promises, so that a
 * course's figures only change when their data do. */
#define FIXED_DATE "2000-01-01T00:00:00Z"

typedef enum
{
  FORMAT_PNG,
  FORMAT_SVG,
  FORMAT_PDF,
} Format;

static const char *const extensions[] = { ".png", ".svg", ".pdf" };

/* Where cairo's stream writers put the file's bytes. */
typedef GByteArray Sink;

static gboolean
has_suffix_nocase (const char *path,
                   const char *suffix)
{
  gsize n = strlen (path), k = strlen (suffix);

  return n > k && g_ascii_strcasecmp (path + n - k, suffix) == 0;
}

static gboolean
parse_format (const char  *path,
              Format      *format,
              GError     **error)
{
  g_autofree char *shown = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (extensions); i++)
    if (has_suffix_nocase (path, extensions[i]))
      {
        *format = (Format) i;
        return TRUE;
      }
  shown = g_filename_display_name (path);
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "Cannot save the plot as “%s”: the format is chosen by the name's extension; "
               "end it in .png, .svg or .pdf", shown);
  return FALSE;
}

static gboolean
check_size (const char  *path,
            int          width,
            int          height,
            GError     **error)
{
  g_autofree char *shown = NULL;

  if (width >= MIN_SIDE && width <= MAX_SIDE && height >= MIN_SIDE && height <= MAX_SIDE)
    return TRUE;
  shown = g_filename_display_name (path);
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "Cannot save the plot as “%s” at %d × %d: the width and the height must each "
               "be %d to %d pixels", shown, width, height, MIN_SIDE, MAX_SIDE);
  return FALSE;
}

static cairo_status_t
sink_write (void                *closure,
            const unsigned char *data,
            unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static cairo_status_t
draw_on (WsPlot          *plot,
         cairo_surface_t *surface,
         int              width,
         int              height)
{
  cairo_t *cr = cairo_create (surface);
  cairo_status_t status;

  ws_plot_draw (plot, cr, width, height);
  status = cairo_status (cr);
  cairo_destroy (cr);
  return status;
}

/* Vector surfaces write most of their bytes when finished. */
static cairo_status_t
draw_and_finish (WsPlot          *plot,
                 cairo_surface_t *surface,
                 int              width,
                 int              height)
{
  cairo_status_t status = draw_on (plot, surface, width, height);

  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return status;
}

/* No alpha: the chart is opaque, and RGB PNGs are smaller. */
static cairo_status_t
write_png (WsPlot *plot,
           int     width,
           int     height,
           Sink   *sink)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_status_t status = draw_on (plot, surface, width, height);

  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_write_to_png_stream (surface, sink_write, sink);
  cairo_surface_destroy (surface);
  return status;
}

static gboolean
renumber_surface (const GMatchInfo *info,
                  GString          *out,
                  gpointer          data)
{
  GHashTable *seen = data;
  g_autofree char *name = g_match_info_fetch (info, 0);
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (seen, name));

  if (n == 0)
    {
      n = g_hash_table_size (seen) + 1;
      g_hash_table_insert (seen, g_steal_pointer (&name), GUINT_TO_POINTER (n));
    }
  g_string_append_printf (out, "surface%u", n);
  return FALSE;
}

/* Cairo names an SVG's groups after its surfaces' serial numbers, which
 * count every surface the process ever made; numbered in the order they
 * appear instead, two saves of one plot give the same bytes. */
static void
stable_svg_ids (Sink *svg)
{
  g_autoptr (GRegex) re = g_regex_new ("(?<=[\"#])surface[0-9]+(?=\")", 0, 0, NULL);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *text = g_regex_replace_eval (re, (const char *) svg->data, svg->len, 0, 0,
                                                renumber_surface, seen, NULL);

  if (text == NULL) /* PCRE gave up: the file stays valid, only less stable */
    return;
  g_byte_array_set_size (svg, 0);
  g_byte_array_append (svg, (const guint8 *) text, strlen (text));
}

static cairo_status_t
write_svg (WsPlot *plot,
           int     width,
           int     height,
           Sink   *sink)
{
  cairo_surface_t *surface = cairo_svg_surface_create_for_stream (sink_write, sink, width, height);
  cairo_status_t status;

  /* Pixels, as asked for: cairo 1.16 would write points otherwise. */
  cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
  status = draw_and_finish (plot, surface, width, height);
  if (status == CAIRO_STATUS_SUCCESS)
    stable_svg_ids (sink);
  return status;
}

static cairo_status_t
write_pdf (WsPlot *plot,
           int     width,
           int     height,
           Sink   *sink)
{
  cairo_surface_t *surface = cairo_pdf_surface_create_for_stream (sink_write, sink, width, height);

  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATE_DATE, FIXED_DATE);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_MOD_DATE, FIXED_DATE);
  return draw_and_finish (plot, surface, width, height);
}

static cairo_status_t
write_format (Format  format,
              WsPlot *plot,
              int     width,
              int     height,
              Sink   *sink)
{
  switch (format)
    {
    case FORMAT_PNG:
      return write_png (plot, width, height, sink);
    case FORMAT_SVG:
      return write_svg (plot, width, height, sink);
    case FORMAT_PDF:
      return write_pdf (plot, width, height, sink);
    }
  g_return_val_if_reached (CAIRO_STATUS_INVALID_FORMAT);
}

static gboolean
report (GError         **error,
        const char      *path,
        cairo_status_t   status)
{
  g_autofree char *shown = g_filename_display_name (path);

  if (status == CAIRO_STATUS_NO_MEMORY)
    g_set_error (error, WS_ERROR, WS_ERROR_NO_MEMORY,
                 "Not enough memory to draw the plot “%s”; save it at a smaller size", shown);
  else
    g_set_error (error, WS_ERROR, WS_ERROR_IO, "Cannot draw the plot “%s”: %s", shown,
                 cairo_status_to_string (status));
  return FALSE;
}

gboolean
ws_plot_save (WsPlot      *plot,
              const char  *path,
              int          width,
              int          height,
              GError     **error)
{
  g_autoptr (GByteArray) bytes = NULL;
  Format format = FORMAT_PNG;
  cairo_status_t status;

  g_return_val_if_fail (plot != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!parse_format (path, &format, error) || !check_size (path, width, height, error))
    return FALSE;
  bytes = g_byte_array_new ();
  status = write_format (format, plot, width, height, bytes);
  if (status != CAIRO_STATUS_SUCCESS)
    return report (error, path, status);
  return ws_file_write_atomic (path, (const char *) bytes->data, bytes->len, error);
}
