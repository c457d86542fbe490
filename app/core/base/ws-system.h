/* ws-system.h: what the host CPU is, for `info` and for benchmark records. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  char model[256];      /* "AMD EPYC 9454 48-Core Processor", or "unknown" */
  guint logical_cpus;   /* hardware threads the OS schedules on */
  guint physical_cores; /* distinct (package, core) pairs; = logical when unknown */
  guint omp_threads;    /* threads a cpu-par run uses (OMP_NUM_THREADS honoured); 1 without OpenMP */
} WsCpuInfo;

void         ws_system_cpu_info      (WsCpuInfo *info);
/* "OpenMP 4.5" (from _OPENMP) or "no OpenMP". */
const char  *ws_system_openmp_name   (void);
/* Seconds on the monotonic clock, with nanosecond resolution, for timing. */
double       ws_system_now           (void);

G_END_DECLS
