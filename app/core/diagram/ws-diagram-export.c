/* ws-diagram-export.c: a diagram to a file — an image through ws-figure.h
 * (PNG, SVG, PDF) or TikZ (ws-diagram-tikz.c), by the name's extension —
 * and its layers as JSON. */
#include "ws-diagram-private.h"

#include <string.h>

#include "ws-error.h"
#include "ws-figure.h"
#include "ws-file.h"

char *
ws_diagram_to_json (const WsDiagram *d)
{
  GString *out = g_string_new ("[");

  g_return_val_if_fail (d != NULL, NULL);
  for (guint l = 0; l < d->n_layers; l++)
    {
      guint n;
      const WsDiagramComparator *cmp = ws_diagram_layer (d, l, &n);

      g_string_append (out, l == 0 ? "\n  [" : ",\n  [");
      for (guint i = 0; i < n; i++)
        g_string_append_printf (out, "%s[%u, %u]", i == 0 ? "" : ", ", cmp[i].a, cmp[i].b);
      g_string_append_c (out, ']');
    }
  g_string_append (out, d->n_layers > 0 ? "\n]\n" : "]\n");
  return g_string_free (out, FALSE);
}

static void
draw_whole (cairo_t *cr,
            double   width,
            double   height,
            gpointer d)
{
  ws_diagram_draw (d, cr, width, height, NULL, NULL);
}

static gboolean
save_tikz (const WsDiagram *d,
           const char      *path,
           GError         **error)
{
  g_autofree char *text = ws_diagram_to_tikz (d);

  return ws_file_write_atomic (path, text, strlen (text), error);
}

gboolean
ws_diagram_save (const WsDiagram *d,
                 const char      *path,
                 int              width,
                 int              height,
                 GError         **error)
{
  WsFigureFormat format;
  g_autofree char *shown = NULL;

  g_return_val_if_fail (d != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (ws_figure_has_extension (path, ".tex"))
    return save_tikz (d, path, error);
  if (ws_figure_format_for_path (path, &format))
    return ws_figure_save (path, width, height, "diagram", draw_whole, (gpointer) d, error);
  shown = g_filename_display_name (path);
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "Cannot save the diagram as “%s”: the format is chosen by the name's extension; "
               "end it in .png, .svg, .pdf or .tex (TikZ)", shown);
  return FALSE;
}
