/* ws-cuda-stage-ops.c: the engine's WsStageOps — a student's kernel
 * compiled by NVRTC (ws-nvrtc.c) for the GPU in use, loaded and launched
 * through libwarpscope-cuda (ws_cuda_stage_*). */
#include "ws-cuda-engine.h"
#include "ws-error.h"
#include "ws-nvrtc.h"

static GBytes *
compile_for (const WsStageSource *src, int arch, char **entry, char **warnings, GError **error)
{
  WsNvrtcRequest rq = { src->path, src->source, src->key, src->pointer, src->signature, arch };

  return ws_nvrtc_compile (&rq, entry, warnings, error);
}

/* No GPU: the source is still compiled, so that a student without one
 * learns whether it compiles before being told it cannot run here. */
static gpointer
compile_without_gpu (const WsStageSource *src, GError *no_gpu, char **warnings, GError **error)
{
  g_autoptr (GBytes) checked = compile_for (src, 0, NULL, warnings, error);

  if (checked != NULL)
    g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE,
                 "%s compiles, but cannot run here: %s", src->path, no_gpu->message);
  g_error_free (no_gpu);
  return NULL;
}

static gpointer
stage_compile (const WsStageSource *src, char **warnings, GError **error)
{
  GError *e = NULL;
  g_autofree char *entry = NULL;
  g_autoptr (GBytes) image = NULL;
  WsCudaStage *stage;
  int arch = 0;

  if (!ws_cuda_device_arch (&arch, &e))
    return compile_without_gpu (src, e, warnings, error);
  if ((image = compile_for (src, arch, &entry, warnings, error)) == NULL)
    return NULL;
  stage = ws_cuda_stage_load (g_bytes_get_data (image, NULL), entry, &e);
  ws_cuda_converted (stage != NULL, &e, error);
  return stage;
}

static gboolean
stage_run (gpointer stage, gpointer d_keys, guint n_params, const guint *params, guint64 threads,
           guint block, GError **error)
{
  GError *e = NULL;

  return ws_cuda_converted (ws_cuda_stage_run (stage, d_keys, n_params, params, threads, block, &e),
                            &e, error);
}

static void
stage_free (gpointer stage)
{
  ws_cuda_stage_free (stage);
}

static gboolean
stage_differ (WsKeyType type, gconstpointer d_a, gconstpointer d_b, gsize n, gpointer d_word,
              guint64 *at, GError **error)
{
  GError *e = NULL;

  return ws_cuda_converted (ws_cuda_first_difference (ws_cuda_engine_type (type), d_a, d_b, n,
                                                      d_word, at, &e),
                            &e, error);
}

const WsStageOps ws_cuda_stage_ops = {
  .compile = stage_compile,
  .run = stage_run,
  .free = stage_free,
  .differ = stage_differ,
};
