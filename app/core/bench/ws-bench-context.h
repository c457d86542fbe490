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
 *
 * A run that names devices (ws-bench-devices.h) lists each GPU it used, with
 * what tells two of one model apart (UUID, PCI address); `gpu` is then the
 * first of them. A shard's run (bench --shard I/N) names its shard. A merged run (merge
 * DIR… -o OUT) was measured on as many machines as it had shards: its
 * context says what they share — a field the shards differ in is each
 * different text once, joined by " | " as run.ini's device line, or 0 for
 * a number — and keeps every shard's own context in `shards`, so that no
 * machine is lost.
 */
#pragma once

#include <glib.h>

#include "ws-bench-record.h"
#include "ws-preset.h"

G_BEGIN_DECLS

/* A GPU a run used, of those it named. */
typedef struct
{
  int      index;            /* as the runtime numbered it (after CUDA_VISIBLE_DEVICES) */
  char    *name;
  char    *capability;       /* "9.0" */
  guint64  memory;           /* bytes */
  char    *uuid;             /* "GPU-…"; NULL where unknown */
  char    *pci_bus_id;       /* "0000:65:00.0"; NULL where unknown */
} WsBenchContextGpu;

void               ws_bench_context_gpu_free (WsBenchContextGpu *gpu);

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
  GPtrArray *devices;        /* WsBenchContextGpu *: the GPUs named, in order; NULL where none were */
  char    *shard;            /* "2/3" for a shard's run; NULL otherwise */
  GPtrArray *shards;         /* WsBenchContext *: a merged run's shards, in their order; NULL otherwise */
} WsBenchContext;

/* The context of a run of preset, whose record is record (its plan, hash,
 * build and device) and whose GPUs are gpus (WsDeviceInfo, as
 * ws_bench_query_gpus gave them to the record; NULL: none asked, as for a
 * plan without GPU variants). */
WsBenchContext *ws_bench_context_new  (const WsPreset       *preset,
                                       const WsBenchRecord  *record,
                                       const GArray         *gpus);
void            ws_bench_context_free (WsBenchContext       *context);
WsBenchContext *ws_bench_context_copy (const WsBenchContext *context);

/* The context of a run merged from shards (WsBenchContext *, in the
 * shards' order, at least one, of one plan and build as merge checks; the
 * array is taken and becomes `shards`) whose record is record (the merged
 * run.ini: its plan, hash, build and device line, as ws_bench_context_new
 * takes them). A shard whose folder had no result.json is a context with
 * only its shard and device set. */
WsBenchContext *ws_bench_context_merge (GPtrArray           *shards,
                                        const WsBenchRecord *record);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsBenchContext, ws_bench_context_free)

G_END_DECLS
