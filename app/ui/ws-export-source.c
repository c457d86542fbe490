/* ws-export-source.c: the pages' animations to export (see
 * ws-export-source.h). */
#include "ws-export-source.h"

#include "ws-error.h"

void
ws_export_source_free (WsExportSource *source)
{
  if (source == NULL)
    return;
  g_free (source->name);
  g_free (source->title);
  g_free (source->variant);
  g_clear_pointer (&source->keys, ws_array_free);
  g_clear_pointer (&source->grid, ws_array_free);
  g_clear_pointer (&source->sums, ws_array_free);
  g_clear_pointer (&source->animation, ws_animation_free);
  g_free (source);
}

WsExportSource *
ws_export_source_copy (const WsExportSource *source)
{
  WsExportSource *copy = g_memdup2 (source, sizeof *source);

  copy->name = g_strdup (source->name);
  copy->title = g_strdup (source->title);
  copy->variant = g_strdup (source->variant);
  copy->keys = source->keys ? ws_array_copy (source->keys, NULL) : NULL;
  copy->grid = source->grid ? ws_array_copy (source->grid, NULL) : NULL;
  copy->sums = source->sums ? ws_array_copy (source->sums, NULL) : NULL;
  copy->animation = source->animation ? ws_animation_copy (source->animation) : NULL;
  return copy;
}

static GQuark
describe_quark (void)
{
  return g_quark_from_static_string ("ws-export-describe");
}

void
ws_export_source_install (GtkWidgetClass *klass, WsExportDescribe describe)
{
  g_type_set_qdata (G_TYPE_FROM_CLASS (klass), describe_quark (), describe);
}

static WsExportDescribe
describe_of (GtkWidget *page)
{
  return page ? (WsExportDescribe) g_type_get_qdata (G_OBJECT_TYPE (page), describe_quark ())
              : NULL;
}

gboolean
ws_export_source_offered (GtkWidget *page)
{
  return describe_of (page) != NULL;
}

WsExportSource *
ws_export_source_describe (GtkWidget *page, GError **error)
{
  WsExportDescribe describe = describe_of (page);

  if (describe == NULL)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE, "This mode has no animation to export");
      return NULL;
    }
  return describe (page, error);
}
