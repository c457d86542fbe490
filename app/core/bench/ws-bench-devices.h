/* ws-bench-devices.h: the GPUs a plan runs on (issue 21, every GPU of a
 * host).
 *
 * A preset's devices key (docs/presets.md) or `bench --devices` names
 * them: all, or device numbers as the CUDA runtime counts them ("0,2"), so
 * that CUDA_VISIBLE_DEVICES picks and renumbers them as it does for any
 * CUDA program. The plan then has each GPU configuration once a device,
 * each run by a worker thread of its own, and its CPU configurations once
 * (ws_bench_plan_lanes, ws-bench.h). Without them a plan runs on the
 * thread's current GPU (0), as before devices existed, and writes the same
 * files.
 *
 * Where the rows say it: a GPU row's device_index column (result.csv,
 * result.json), and its key, which ends in "|gpuN" for every device but 0
 * (ws_bench_config_key) — so that device 0's rows keep the keys a run on one
 * GPU gives them and compare with those, and no two devices' rows share a
 * key. run.ini's plan lists the devices (devices = 0, 1) unless they are
 * GPU 0 alone, and result.json's context names each one used.
 */
#pragma once

#include <glib.h>

#include "ws-preset.h"

G_BEGIN_DECLS

/* The most GPUs a list may name, and one past the largest number: more
 * than a host has (the CUDA library keeps state for 64 a process). */
#define WS_BENCH_MAX_DEVICES 64

/* What tells a series, a column or a row apart by its GPU where results
 * name several: a printf format of the row's device_index, " · GPU 1". */
#define WS_BENCH_ON_GPU " · GPU %s"

/* "all" (*all TRUE, *devices NULL) or device numbers separated by commas,
 * spaces around them allowed ("0, 2": *devices the ints in that order).
 * WS_ERROR_INVALID_ARGUMENT saying what is wrong with text, in a user's
 * words: nothing named, an empty item ("0,,2"), a word or a negative
 * number, a number named twice, all beside numbers. */
gboolean  ws_bench_devices_parse    (const char      *text,
                                     gboolean        *all,
                                     GArray         **devices,
                                     GError         **error);

/* "0, 2", as run.ini and messages write a list. */
char     *ws_bench_devices_text     (const GArray    *devices);

/* The GPUs there are (WsDeviceInfo), asked of the GPU backend once — the
 * record, the context and the rows' peak bandwidth all read this one
 * answer — and only where the preset has a GPU variant or names devices
 * (asking starts CUDA); NULL otherwise. Where there is none (no device, no
 * driver, a build without CUDA): an empty array, and *why (may be NULL)
 * says why. */
GArray   *ws_bench_query_gpus       (const WsPreset  *preset,
                                     char           **why);

/* The preset's devices made a list of gpus (ws_bench_query_gpus's; why its
 * reason where it is empty): all becomes every one. A device that is not
 * there is WS_ERROR_INVALID_ARGUMENT naming those that are ("--devices 3:
 * this machine has 1 GPU (0)", `what` the option or key that named them);
 * no GPU at all is WS_ERROR_UNAVAILABLE with why. A preset that names no
 * devices is left as it is. */
gboolean  ws_bench_devices_resolve  (WsPreset        *preset,
                                     const GArray    *gpus,
                                     const char      *why,
                                     const char      *what,
                                     GError         **error);

/* Whether the preset's devices change the plan's record and keys: devices
 * named, other than GPU 0 alone (which is where a plan without them runs). */
gboolean  ws_bench_devices_recorded (const WsPreset  *preset);

G_END_DECLS
