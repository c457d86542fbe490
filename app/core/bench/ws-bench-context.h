/* ws-bench-context.h: where a run was measured — the host, its CPU, the
 * GPU and CUDA where the plan ran on one, the build and the plan — as
 * result.json's "context" block holds it (ws-bench-json.h).
 *
 * run.ini (ws-bench-record.h) already says the plan, its hash, the build
 * and a line naming the device, for --resume to compare; this adds what a
 * reader of the results wants to know and a machine can tell: the host's
 * name, the CPU's cores, the GPU's memory and clocks, the CUDA runtime and
 * the driver's version. Every field may be missing from a file (an older or hand-written
 * one): NULL strings, 0 numbers.
 */
#pragma once

#include <glib.h>

#include "ws-bench-record.h"
#include "ws-preset.h"

G_BEGIN_DECLS

typedef struct
{
  char    *host;             /* g_get_host_name () */
  char    *cpu;              /* the model */
  guint    logical_cpus;
  guint    physical_cores;
  guint    threads;          /* what cpu-par runs on */
  char    *gpu;              /* NULL: the plan has no GPU variant, or there is no GPU */
  char    *gpu_capability;   /* "9.0" */
  guint    gpu_sms;
  guint64  gpu_memory;       /* bytes */
  int      gpu_clock_khz;    /* 0 where the driver does not say */
  int      gpu_memory_clock_khz;
  char    *cuda;             /* the GPU backend's line: runtime, driver, architectures */
  char    *driver;           /* the NVIDIA driver's version ("570.86.15"), where readable */
  char    *build;            /* as run.ini: "0.1.0 (v0.1.0-12-gabc1234)" */
  char    *plan_hash;        /* as run.ini */
  char    *device;           /* run.ini's device line */
  char    *preset;           /* the preset's name */
  GStrv    settings;         /* the plan as run.ini: names … */
  GStrv    values;           /* … and their values, as many */
} WsBenchContext;

/* The context of a run of preset, whose record is record (its plan, hash,
 * build and device). Asks the GPU backend for its devices only when the
 * plan has a GPU variant, as the record does. */
WsBenchContext *ws_bench_context_new  (const WsPreset       *preset,
                                       const WsBenchRecord  *record);
void            ws_bench_context_free (WsBenchContext       *context);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsBenchContext, ws_bench_context_free)

G_END_DECLS
