/* ws-system.h: what the host CPU is (and its NVIDIA driver), for `info` and
 * for benchmark records. */
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
/* The NVIDIA kernel driver's version ("570.86.15") from
 * /proc/driver/nvidia/version, or NULL where there is none (no driver, not
 * Linux). CUDA itself tells only the CUDA version a driver supports; the
 * driver's own number is what a reader of results compares. Free with
 * g_free. */
char        *ws_system_nvidia_driver (void);
/* The version in the text of that file ("NVRM version: NVIDIA UNIX x86_64
 * Kernel Module  570.86.15  Thu …"), or NULL. */
char        *ws_system_parse_nvidia_driver (const char *text);
/* "OpenMP 4.5" (from _OPENMP) or "no OpenMP". */
const char  *ws_system_openmp_name   (void);
/* Seconds on the monotonic clock, with nanosecond resolution, for timing. */
double       ws_system_now           (void);

G_END_DECLS
