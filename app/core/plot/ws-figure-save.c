/* ws-figure-save.c: a drawing (a chart, a network's diagram) to a PNG, SVG
 * or PDF file, written atomically.
 *
 * The figure is drawn into memory first, so that a drawing failure touches
 * no file, then handed to ws_file_write_atomic: a temporary file beside
 * the target (path + ".XXXXXX", same directory, same file system), synced
 * and renamed over it, and removed on any failure. A full disk or a crash
 * leaves the old file, never half a new one.
 */
#include "ws-figure.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <string.h>

#include "ws-file.h"
#include "ws-error.h"

/* PDF files carry their creation date; a fixed one keeps two saves of the
 * same figure byte for byte identical, as ws-figure.h promises, so that a
 * course's figures only change when their data do. */
#define FIXED_DATE "2000-01-01T00:00:00Z"

/* What is drawn, and how. */
typedef struct
{
  WsFigureDrawFunc draw;
  gpointer         data;
} Figure;

static const char *const extensions[] = { ".png", ".svg", ".pdf" };

/* Where cairo's stream writers put the file's bytes. */
typedef GByteArray Sink;

gboolean
ws_figure_has_extension (const char *path,
                         const char *extension)
{
  gsize n = strlen (path), k = strlen (extension);

  return n > k && g_ascii_strcasecmp (path + n - k, extension) == 0;
}

gboolean
ws_figure_format_for_path (const char     *path,
                           WsFigureFormat *format)
{
  for (guint i = 0; i < G_N_ELEMENTS (extensions); i++)
    if (ws_figure_has_extension (path, extensions[i]))
      {
        *format = (WsFigureFormat) i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
parse_format (const char      *path,
              const char      *what,
              WsFigureFormat  *format,
              GError         **error)
{
  g_autofree char *shown = NULL;

  if (ws_figure_format_for_path (path, format))
    return TRUE;
  shown = g_filename_display_name (path);
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "Cannot save the %s as “%s”: the format is chosen by the name's extension; "
               "end it in .png, .svg or .pdf", what, shown);
  return FALSE;
}

static gboolean
check_size (const char  *path,
            const char  *what,
            int          width,
            int          height,
            GError     **error)
{
  g_autofree char *shown = NULL;

  if (width >= WS_FIGURE_MIN_SIDE && width <= WS_FIGURE_MAX_SIDE
      && height >= WS_FIGURE_MIN_SIDE && height <= WS_FIGURE_MAX_SIDE)
    return TRUE;
  shown = g_filename_display_name (path);
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "Cannot save the %s as “%s” at %d × %d: the width and the height must each "
               "be %d to %d pixels", what, shown, width, height, WS_FIGURE_MIN_SIDE,
               WS_FIGURE_MAX_SIDE);
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
draw_on (const Figure    *figure,
         cairo_surface_t *surface,
         int              width,
         int              height)
{
  cairo_t *cr = cairo_create (surface);
  cairo_status_t status;

  figure->draw (cr, width, height, figure->data);
  status = cairo_status (cr);
  cairo_destroy (cr);
  return status;
}

/* Vector surfaces write most of their bytes when finished. */
static cairo_status_t
draw_and_finish (const Figure    *figure,
                 cairo_surface_t *surface,
                 int              width,
                 int              height)
{
  cairo_status_t status = draw_on (figure, surface, width, height);

  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return status;
}

/* No alpha: figures are opaque, and RGB PNGs are smaller. */
static cairo_status_t
write_png (const Figure *figure,
           int           width,
           int           height,
           Sink         *sink)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_status_t status = draw_on (figure, surface, width, height);

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
 * appear instead, two saves of one figure give the same bytes. */
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
write_svg (const Figure *figure,
           int           width,
           int           height,
           Sink         *sink)
{
  cairo_surface_t *surface = cairo_svg_surface_create_for_stream (sink_write, sink, width, height);
  cairo_status_t status;

  /* Pixels, as asked for: cairo 1.16 would write points otherwise. */
  cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
  status = draw_and_finish (figure, surface, width, height);
  if (status == CAIRO_STATUS_SUCCESS)
    stable_svg_ids (sink);
  return status;
}

static cairo_status_t
write_pdf (const Figure *figure,
           int           width,
           int           height,
           Sink         *sink)
{
  cairo_surface_t *surface = cairo_pdf_surface_create_for_stream (sink_write, sink, width, height);

  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATE_DATE, FIXED_DATE);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_MOD_DATE, FIXED_DATE);
  return draw_and_finish (figure, surface, width, height);
}

static cairo_status_t
write_format (WsFigureFormat  format,
              const Figure   *figure,
              int             width,
              int             height,
              Sink           *sink)
{
  switch (format)
    {
    case WS_FIGURE_PNG:
      return write_png (figure, width, height, sink);
    case WS_FIGURE_SVG:
      return write_svg (figure, width, height, sink);
    case WS_FIGURE_PDF:
      return write_pdf (figure, width, height, sink);
    }
  g_return_val_if_reached (CAIRO_STATUS_INVALID_FORMAT);
}

static gboolean
report (GError         **error,
        const char      *path,
        const char      *what,
        cairo_status_t   status)
{
  g_autofree char *shown = g_filename_display_name (path);

  if (status == CAIRO_STATUS_NO_MEMORY)
    g_set_error (error, WS_ERROR, WS_ERROR_NO_MEMORY,
                 "Not enough memory to draw the %s “%s”; save it at a smaller size", what, shown);
  else
    g_set_error (error, WS_ERROR, WS_ERROR_IO, "Cannot draw the %s “%s”: %s", what, shown,
                 cairo_status_to_string (status));
  return FALSE;
}

gboolean
ws_figure_save (const char        *path,
                int                width,
                int                height,
                const char        *what,
                WsFigureDrawFunc   draw,
                gpointer           data,
                GError           **error)
{
  g_autoptr (GByteArray) bytes = NULL;
  WsFigureFormat format = WS_FIGURE_PNG;
  Figure figure = { draw, data };
  cairo_status_t status;

  g_return_val_if_fail (path != NULL && what != NULL && draw != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!parse_format (path, what, &format, error) || !check_size (path, what, width, height, error))
    return FALSE;
  bytes = g_byte_array_new ();
  status = write_format (format, &figure, width, height, bytes);
  if (status != CAIRO_STATUS_SUCCESS)
    return report (error, path, what, status);
  return ws_file_write_atomic (path, (const char *) bytes->data, bytes->len, error);
}
