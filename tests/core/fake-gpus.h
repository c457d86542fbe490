/* fake-gpus.h: a GPU backend double of FAKE_GPUS GPUs, for the tests of
 * a plan run on several GPUs (issue 21's devices). fake-gpus.c defines
 * ws_backend_gpu, so a test program built with it gets this backend instead
 * of the build's (ws-backend-none.c, or the CUDA engine's) — as
 * test-bench-cold.c's double does.
 *
 * Like the CUDA runtime, it keeps the current device per host thread (0
 * until use_device), and a "run" reports the device of the thread that
 * made it: a row that names the wrong GPU was run by the wrong thread.
 * Its runs take 1 ms on GPU 0 and 2 ms on GPU 1 (nothing is sorted: the
 * plans do not verify), so each GPU's rows have their own figures.
 */
#pragma once

#include "ws-backend.h"

G_BEGIN_DECLS

#define FAKE_GPUS 2

typedef struct
{
  gint     runs[FAKE_GPUS]; /* whole runs made on each GPU */
  int      fail_device;     /* use_device fails for this GPU (-1: none) */
  /* With gate = N, each GPU's first run waits (10 s at most) until N GPUs
   * have begun one: met says whether they did, i.e. ran at once. */
  gint     gate, arrived, met;
  gulong   sleep_us;        /* each run sleeps this long (0: not at all) */
  GThread *last_thread;     /* the thread of the last run */
} FakeGpus;

extern FakeGpus fake_gpus;

/* Counts at zero, no failure, no gate, no sleep. */
void fake_gpus_reset          (void);
/* The device the calling thread is on. */
int  fake_gpus_current_device (void);

G_END_DECLS
