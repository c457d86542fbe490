/* gpu-test-util.h: what the gpu suite's tests share. */
#pragma once

#include <glib.h>

#include "ws-cuda.h"
#include "ws-test-util.h"

G_BEGIN_DECLS

/* TRUE, with the running test marked skipped and the reason given, when
 * no CUDA device can be used (as on CI). Call first in every GPU test. */
gboolean    gpu_test_skip_without_device (void);

/* The phases of a run are times, in order of sense: none negative, the
 * total at least the kernels, and the device named. */
void        gpu_test_assert_timing       (const WsCudaTiming *timing);

WsCudaType  gpu_test_type                (WsKeyType type);

/* Holds all but `leave` bytes of the device's free memory, through the GPU
 * backend's allocator (release it with its device->release); NULL if it
 * could not. For the out-of-memory tests. */
gpointer    gpu_test_fill_device         (guint64   leave);

G_END_DECLS
