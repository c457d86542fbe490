/* test-gpu-oom.c: the GPU out of memory at any step ends in a message, never
 * a crash (issue 15). The device is filled first with one big allocation,
 * then runs and steppers are asked for: refused by ws-memory.c's check
 * where it sees the shortage, and by cudaMalloc's own error where the check
 * is told there is room (WARPSCOPE_DEVICE_MEMORY_AVAILABLE). */
#include <string.h>

#include "gpu-test-util.h"
#include "ws-backend.h"
#include "ws-error.h"
#include "ws-generator.h"
#include "ws-run.h"
#include "ws-stepper.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)

static void
run_sort (const char *algorithm, WsVariant variant, gsize n, GError **error)
{
  g_autoptr (WsArray) keys = ws_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, n, 1, NULL);
  WsRunInput in = { ws_registry_lookup (algorithm, NULL), variant };
  WsRunOutput out;

  ws_params_init_defaults (in.algo, &in.params);
  in.input = keys;
  if (ws_run (&in, &out, error))
    ws_run_output_clear (&out);
}

static void
test_run_out_of_memory (void)
{
  static const struct { const char *algo; WsVariant variant; } runs[] = {
    { "bitonic", WS_VARIANT_GPU }, { "bitonic", WS_VARIANT_GPU_SEED },
    { "radix-sort", WS_VARIANT_GPU }, { "radix-sort", WS_VARIANT_GPU_LIB },
    { "scan", WS_VARIANT_GPU_LIB }, { "reduce", WS_VARIANT_GPU },
  };
  const WsBackend *cuda = ws_backend_gpu ();
  gpointer hog;

  if (gpu_test_skip_without_device ())
    return;
  hog = gpu_test_fill_device (32 * MIB);
  g_assert_nonnull (hog);
  for (guint forced = 0; forced < 2; forced++)
    {
      /* forced: the check believes there is room, so cudaMalloc fails */
      if (forced)
        g_setenv ("WARPSCOPE_DEVICE_MEMORY_AVAILABLE", "1099511627776", TRUE);
      for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
        {
          g_autoptr (GError) error = NULL;
          run_sort (runs[i].algo, runs[i].variant, (gsize) 1 << 24, &error);
          g_test_message ("%s %s%s: %s", runs[i].algo, ws_variant_name (runs[i].variant),
                          forced ? " (past the check)" : "", error ? error->message : "ran");
          g_assert_error (error, WS_ERROR, WS_ERROR_NO_MEMORY);
          g_assert_cmpuint (strlen (error->message), >, 20);
        }
      g_unsetenv ("WARPSCOPE_DEVICE_MEMORY_AVAILABLE");
    }
  cuda->device->release (hog);
  {
    /* and the device works again */
    g_autoptr (GError) error = NULL;
    run_sort ("bitonic", WS_VARIANT_GPU, (gsize) 1 << 20, &error);
    g_assert_no_error (error);
  }
}

static void
test_stepper_out_of_memory (void)
{
  const WsBackend *cuda = ws_backend_gpu ();
  g_autoptr (WsArray) keys = NULL;
  g_autoptr (GError) error = NULL;
  WsStepper *stepper;
  gpointer hog;

  if (gpu_test_skip_without_device ())
    return;
  keys = ws_generate (WS_KEY_FLOAT32, WS_DIST_UNIFORM, (gsize) 1 << 24, 1, NULL);
  hog = gpu_test_fill_device (16 * MIB);
  g_assert_nonnull (hog);
  stepper = ws_stepper_new_on_device (WS_NETWORK_BITONIC, keys, cuda, &error);
  g_assert_null (stepper);
  g_assert_nonnull (error);
  g_test_message ("stepper: %s", error->message);
  cuda->device->release (hog);
  g_clear_error (&error);
  stepper = ws_stepper_new_on_device (WS_NETWORK_BITONIC, keys, cuda, &error);
  g_assert_no_error (error);
  ws_stepper_free (stepper);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/gpu/oom/run", test_run_out_of_memory);
  g_test_add_func ("/gpu/oom/stepper", test_stepper_out_of_memory);
  return g_test_run ();
}
