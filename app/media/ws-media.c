/* ws-media.c: GStreamer started once, and elements made by name with the
 * package that brings a missing one (see ws-media.h). */
#include "ws-media.h"

#include <string.h>

#include "ws-error.h"

#if defined(__SANITIZE_ADDRESS__)
#define WS_LEAK_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WS_LEAK_CHECKED 1
#endif
#endif

static gint gstreamer_started;

#ifdef WS_LEAK_CHECKED
/* LeakSanitizer asks this hook before its check at exit (make sanitize).
 * GLib gives up its first block of quarks, allocated by its constructor,
 * once more quarks are made (by design: lookups take no lock), and
 * GStreamer makes thousands. The block can be neither freed nor
 * suppressed — GLib's frames have no frame pointers, so its stack ends at
 * g_malloc — so a process that started GStreamer is not leak-checked;
 * every other process still is. */
int __lsan_is_turned_off (void);

int
__lsan_is_turned_off (void)
{
  return g_atomic_int_get (&gstreamer_started);
}
#endif

gboolean
ws_media_init (GError **error)
{
  static gsize started;
  static GError *failed;

  if (g_once_init_enter (&started))
    {
      GError *why = NULL;
      g_atomic_int_set (&gstreamer_started, TRUE);
      if (!gst_init_check (NULL, NULL, &why))
        failed = why;
      g_once_init_leave (&started, 1);
    }
  if (failed == NULL)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE, "GStreamer could not start: %s",
               failed->message);
  return FALSE;
}

/* Where each element the room uses comes from, as a Debian or Ubuntu user
 * installs it: a missing one is named with its package, not with
 * GStreamer's "no such element". */
static const struct
{
  const char *factory;
  const char *remedy;
} sources[] = {
  { "appsrc", "install the package gstreamer1.0-plugins-base" },
  { "videoconvert", "install the package gstreamer1.0-plugins-base" },
  { "capsfilter", "reinstall the package libgstreamer1.0-0" },
  { "filesink", "reinstall the package libgstreamer1.0-0" },
  { "vp8enc", "install the package gstreamer1.0-plugins-good" },
  { "webmmux", "install the package gstreamer1.0-plugins-good" },
  { "mp4mux", "install the package gstreamer1.0-plugins-good" },
  { "x264enc", "install the package gstreamer1.0-plugins-ugly" },
  /* GStreamer's only GIF encoder (gst-libav leaves FFmpeg's out on purpose). */
  { "gifenc", "it comes with the gif plugin of gst-plugins-rs, which Debian 12 does not "
              "package; write .webm or .mp4 instead" },
};

static const char *
remedy_for (const char *factory)
{
  for (guint i = 0; i < G_N_ELEMENTS (sources); i++)
    if (g_str_equal (sources[i].factory, factory))
      return sources[i].remedy;
  return "install the GStreamer plugin that provides it";
}

gboolean
ws_media_have (const char *factory, const char *purpose, GError **error)
{
  GstElementFactory *found;

  if (!ws_media_init (error))
    return FALSE;
  found = gst_element_factory_find (factory);
  if (found != NULL)
    {
      gst_object_unref (found);
      return TRUE;
    }
  g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE,
               "%s needs GStreamer's %s element, which is not installed: %s", purpose, factory,
               remedy_for (factory));
  return FALSE;
}

GstElement *
ws_media_make (const char *factory, const char *purpose, GError **error)
{
  GstElement *element;

  if (!ws_media_have (factory, purpose, error))
    return NULL;
  element = gst_element_factory_make (factory, NULL);
  if (element == NULL)
    g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE,
                 "%s needs GStreamer's %s element, which is installed but failed to load "
                 "(GST_DEBUG=2 says why)", purpose, factory);
  return element;
}

void
ws_media_configure (GstElement *element, const char *settings)
{
  g_auto (GStrv) pairs = g_strsplit (settings, " ", 0);

  for (guint i = 0; pairs[i] != NULL; i++)
    {
      char *eq = strchr (pairs[i], '=');
      if (eq == NULL)
        continue;
      *eq = '\0';
      gst_util_set_object_arg (G_OBJECT (element), pairs[i], eq + 1);
    }
}
