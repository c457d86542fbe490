/* ws-bench-devices.c: the GPUs a plan runs on (see ws-bench-devices.h). */
#include "ws-bench-devices.h"

#include <string.h>

#include "ws-backend.h"
#include "ws-error.h"

#define FORM "write all, or GPU numbers separated by commas such as 0,2"

static gboolean
refuse (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
refuse (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *what = NULL;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "%s: %s", what, FORM);
  return FALSE;
}

/* One item of the list: a device number not named before. */
static gboolean
parse_item (const char *text, const char *item, GArray *devices, GError **error)
{
  guint64 value;

  if (item[0] == '\0')
    return refuse (error, "“%s” has an empty item", text);
  if (g_str_equal (item, "all"))
    return refuse (error, "all stands alone in “%s”: it is every GPU", text);
  if (!g_ascii_string_to_unsigned (item, 10, 0, WS_BENCH_MAX_DEVICES - 1, &value, NULL))
    return refuse (error, "“%s” is not a GPU number (0 to %d)", item, WS_BENCH_MAX_DEVICES - 1);
  for (guint i = 0; i < devices->len; i++)
    if (g_array_index (devices, int, i) == (int) value)
      return refuse (error, "GPU %d is named twice in “%s”", (int) value, text);
  g_array_append_val (devices, (int) { (int) value });
  return TRUE;
}

gboolean
ws_bench_devices_parse (const char *text, gboolean *all, GArray **devices, GError **error)
{
  g_auto (GStrv) items = NULL;
  g_autoptr (GArray) list = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *stripped = g_strstrip (g_strdup (text ? text : ""));

  g_return_val_if_fail (all != NULL && devices != NULL, FALSE);
  *all = FALSE, *devices = NULL;
  if (stripped[0] == '\0')
    return refuse (error, "no GPU is named");
  if (g_str_equal (stripped, "all"))
    return *all = TRUE, TRUE;
  items = g_strsplit (stripped, ",", -1);
  for (guint i = 0; items[i] != NULL; i++)
    if (!parse_item (stripped, g_strstrip (items[i]), list, error))
      return FALSE;
  *devices = g_steal_pointer (&list);
  return TRUE;
}

char *
ws_bench_devices_text (const GArray *devices)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; devices != NULL && i < devices->len; i++)
    g_string_append_printf (s, "%s%d", i ? ", " : "", g_array_index (devices, int, i));
  return g_string_free (s, FALSE);
}

GArray *
ws_bench_query_gpus (const WsPreset *preset, char **why)
{
  const WsBackend *gpu = ws_backend_gpu ();
  g_autoptr (GError) local = NULL;
  GArray *gpus = NULL;

  g_return_val_if_fail (preset != NULL, NULL);
  if (why != NULL)
    *why = NULL;
  if (!ws_preset_has_gpu (preset) && preset->devices == NULL && !preset->all_devices)
    return NULL;
  if (!gpu->query_devices (gpu, &gpus, &local) || gpus == NULL)
    {
      g_clear_pointer (&gpus, g_array_unref);
      gpus = g_array_new (FALSE, TRUE, sizeof (WsDeviceInfo));
    }
  if (gpus->len == 0 && why != NULL)
    *why = g_strdup (local != NULL ? local->message : "the GPU backend found no GPU");
  return gpus;
}

/* "1 GPU (0)", "2 GPUs (0, 1)", "8 GPUs (0 … 7)". */
static char *
have_text (guint count)
{
  if (count == 1)
    return g_strdup ("1 GPU (0)");
  if (count == 2)
    return g_strdup ("2 GPUs (0, 1)");
  return g_strdup_printf ("%u GPUs (0 … %u)", count, count - 1);
}

gboolean
ws_bench_devices_resolve (WsPreset *preset, const GArray *gpus, const char *why, const char *what,
                          GError **error)
{
  g_autofree char *named = NULL, *have = NULL;
  guint count = gpus != NULL ? gpus->len : 0;

  g_return_val_if_fail (preset != NULL && what != NULL, FALSE);
  if (preset->devices == NULL && !preset->all_devices)
    return TRUE;
  named = preset->all_devices ? g_strdup ("all") : ws_bench_devices_text (preset->devices);
  if (count == 0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE, "%s %s: there is no GPU to run on: %s",
                   what, named, why ? why : "the GPU backend found none");
      return FALSE;
    }
  if (preset->all_devices)
    {
      g_clear_pointer (&preset->devices, g_array_unref);
      preset->devices = g_array_new (FALSE, FALSE, sizeof (int));
      for (int d = 0; d < (int) MIN (count, WS_BENCH_MAX_DEVICES); d++)
        g_array_append_val (preset->devices, d);
      preset->all_devices = FALSE;
      return TRUE;
    }
  for (guint i = 0; i < preset->devices->len; i++)
    if ((guint) g_array_index (preset->devices, int, i) >= count)
      {
        const char *visible = g_getenv ("CUDA_VISIBLE_DEVICES");
        have = have_text (count);
        g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                     "%s %s: this machine has %s%s%s%s", what, named, have,
                     visible ? " (CUDA_VISIBLE_DEVICES is “" : "", visible ? visible : "",
                     visible ? "”)" : "");
        return FALSE;
      }
  return TRUE;
}

gboolean
ws_bench_devices_recorded (const WsPreset *preset)
{
  const GArray *d = preset->devices;

  return d != NULL && !(d->len == 1 && g_array_index (d, int, 0) == 0);
}
