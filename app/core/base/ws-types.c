/* ws-types.c: names of key types and variants, as the CLI and files spell them. */
#include "ws-types.h"

#include "ws-error.h"

G_DEFINE_QUARK (ws-error-quark, ws_error)

static const char *const key_type_names[] = { "int32", "float32" };

static const char *const variant_names[WS_N_VARIANTS + 1] = {
  "cpu-seq", "cpu-par", "gpu-seed", "gpu-seed-shared", "gpu-seed-v1", "gpu-seed-v2", "gpu", "gpu-lib",
  NULL,
};

gsize
ws_key_type_size (WsKeyType type)
{
  return type == WS_KEY_INT32 ? sizeof (gint32) : sizeof (gfloat);
}

const char *
ws_key_type_name (WsKeyType type)
{
  g_return_val_if_fail (type <= WS_KEY_FLOAT32, "?");
  return key_type_names[type];
}

gboolean
ws_key_type_from_string (const char *name,
                         WsKeyType  *out,
                         GError    **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (key_type_names); i++)
    if (g_strcmp0 (name, key_type_names[i]) == 0)
      {
        *out = (WsKeyType) i;
        return TRUE;
      }
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "Unknown key type “%s”: use int32 or float32", name);
  return FALSE;
}

const char *
ws_variant_name (WsVariant variant)
{
  g_return_val_if_fail (variant < WS_N_VARIANTS, "?");
  return variant_names[variant];
}

gboolean
ws_variant_from_string (const char *name,
                        WsVariant  *out,
                        GError    **error)
{
  g_autofree char *valid = NULL;

  for (guint i = 0; i < WS_N_VARIANTS; i++)
    if (g_strcmp0 (name, variant_names[i]) == 0)
      {
        *out = (WsVariant) i;
        return TRUE;
      }
  valid = g_strjoinv (", ", (char **) variant_names);
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "Unknown variant “%s”: use one of %s", name, valid);
  return FALSE;
}

gboolean
ws_variant_is_gpu (WsVariant variant)
{
  return variant >= WS_VARIANT_GPU_SEED;
}

void
ws_counters_add (WsCounters       *into,
                 const WsCounters *from)
{
  into->passes += from->passes;
  into->comparisons += from->comparisons;
  into->swaps += from->swaps;
  into->probes += from->probes;
}
