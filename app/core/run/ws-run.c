/* ws-run.c: one run, from the checks to the backend that carries it out. */
#include "ws-run.h"

#include "ws-backend.h"
#include "ws-cancel.h"
#include "ws-error.h"
#include "ws-memory.h"
#include "ws-search.h"
#include "ws-stencil.h"

static char *
defined_variants (const WsAlgorithm *algo)
{
  g_autoptr (GString) s = g_string_new (NULL);

  for (guint v = 0; v < WS_N_VARIANTS; v++)
    if (ws_algorithm_defines (algo, (WsVariant) v))
      g_string_append_printf (s, "%s%s", s->len ? ", " : "", ws_variant_name ((WsVariant) v));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static gboolean
check_variant (const WsAlgorithm *algo,
               WsVariant          variant,
               GError           **error)
{
  g_autofree char *valid = defined_variants (algo);
  const WsBackend *backend = ws_backend_for (variant);

  if (!ws_algorithm_defines (algo, variant))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED,
                   "%s has no variant “%s” in this version: choose one of %s",
                   algo->name, ws_variant_name (variant), valid);
      return FALSE;
    }
  if (!backend->has_variant (backend, algo->name, variant))
    {
      g_autoptr (GArray) devices = NULL;
      /* A build without CUDA says so; one with it lacks this kernel. */
      if (backend->query_devices (backend, &devices, error))
        g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE,
                     "%s %s is not available: this build's %s backend does not provide it",
                     algo->name, ws_variant_name (variant), backend->name);
      return FALSE;
    }
  return TRUE;
}

gboolean
ws_algorithm_check_run (const WsAlgorithm *algo,
                        WsVariant          variant,
                        WsKeyType          type,
                        gsize              n,
                        GError           **error)
{
  g_autofree char *types = ws_algorithm_types_string (algo);

  if (!ws_algorithm_supports_type (algo, type))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED,
                   "%s does not take %s keys: use --type %s",
                   algo->name, ws_key_type_name (type), types);
      return FALSE;
    }
  if (n > algo->max_n)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "%s: n = %" G_GSIZE_FORMAT " is above its limit of %" G_GSIZE_FORMAT
                   "; choose a smaller size",
                   algo->name, n, algo->max_n);
      return FALSE;
    }
  return check_variant (algo, variant, error);
}

/* A GPU variant needs a GPU now, not just code for one: say why not. */
static gboolean
backend_ready (const WsBackend *backend,
               WsVariant        variant,
               GError         **error)
{
  g_autoptr (GArray) devices = NULL;

  if (!ws_variant_is_gpu (variant))
    return TRUE;
  return backend->query_devices (backend, &devices, error);
}

/* A copy of a that a cancel can interrupt (ws-cancel.h): 2^24 keys are
 * 64 MiB to fault in and fill. */
static WsArray *
copy_input (const WsArray *a,
            GError       **error)
{
  g_autoptr (WsArray) copy = ws_array_new (a->type, a->n, error);

  if (copy == NULL || !ws_cancel_copy (copy->data, a->data, ws_array_bytes (a), error))
    return NULL;
  return g_steal_pointer (&copy);
}

/* Before the clock starts: copy the inputs an in-place algorithm would
 * change, and check a search's precondition (an O(n) scan that would
 * otherwise swamp the O(log n) per key being measured). */
static gboolean
prepare (const WsRunInput *in,
         WsRunOutput      *out,
         GError          **error)
{
  if (in->algo->shape == WS_SHAPE_SEARCH && !ws_search_check_sorted (in->input, error))
    return FALSE;
  if (in->algo->shape == WS_SHAPE_STENCIL)
    {
      gint64 radius = ws_params_get (in->algo, &in->params, "radius");
      if (!ws_stencil_check (in->side, radius, error))
        return FALSE;
      out->rows = out->cols = in->side - 2 * (gsize) radius;
    }
  if (in->algo->shape == WS_SHAPE_SORT || in->algo->shape == WS_SHAPE_DOT)
    if ((out->array = copy_input (in->input, error)) == NULL)
      return FALSE;
  if (in->algo->shape == WS_SHAPE_DOT)
    if ((out->array2 = copy_input (in->input2, error)) == NULL)
      return FALSE;
  return TRUE;
}

gboolean
ws_run (const WsRunInput *in,
        WsRunOutput      *out,
        GError          **error)
{
  const WsBackend *backend;
  gsize n;

  g_return_val_if_fail (in != NULL && in->algo != NULL && in->input != NULL, FALSE);
  *out = (WsRunOutput) { 0 };
  n = in->algo->shape == WS_SHAPE_STENCIL ? in->side : in->input->n;
  backend = ws_backend_for (in->variant);
  if (!ws_algorithm_check_run (in->algo, in->variant, in->input->type, n, error)
      || !backend_ready (backend, in->variant, error)
      /* the host's share was asked before the inputs were made */
      || !ws_memory_check (in->algo, in->variant, &in->params, in->input->type, n,
                           WS_MEMORY_DEVICE, error)
      || !prepare (in, out, error)
      || !backend->run (backend, in, out, error))
    {
      ws_run_output_clear (out);
      return FALSE;
    }
  return TRUE;
}

void
ws_run_output_clear (WsRunOutput *out)
{
  g_clear_pointer (&out->array, ws_array_free);
  g_clear_pointer (&out->array2, ws_array_free);
  g_clear_pointer (&out->counts, g_free);
  g_clear_pointer (&out->indices, g_free);
}
