/* ws-scan.h: exclusive prefix sum, out[i] = in[0] + ... + in[i-1], out[0] = 0.
 *
 * int32 wraps modulo 2^32, as it does on the GPU (computed in guint32, never
 * undefined); float32 adds in float, so the order of the additions (the
 * Blelloch tree, or the chunks of cpu-par) shows in the rounding.
 *
 * The Blelloch schedule is exposed level by level so that the animator can
 * step it: on a work array padded with zeros to the next power of two w,
 * log2 (w) up-sweep levels build partial sums in a tree, one level clears
 * the root, and log2 (w) down-sweep levels push the prefixes back down.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"
#include "ws-types.h"

G_BEGIN_DECLS

/* out must have the same key type and length as in (else
 * WS_ERROR_INVALID_ARGUMENT); out may be in itself. cpu-seq runs the
 * Blelloch schedule below level by level (counters->passes grows by its
 * 2 log2 (w) + 1 levels); cpu-par is a chunked three-phase OpenMP scan (chunk
 * sums, a scan of the sums, a rescan of every chunk: passes grows by 3).
 * counters may be NULL; an empty array is scanned in 0 passes. */
gboolean  ws_scan_exclusive (const WsArray *in,
                             WsArray       *out,
                             WsVariant      variant,
                             WsCounters    *counters,
                             GError       **error);

typedef enum
{
  WS_SCAN_UP_SWEEP,
  WS_SCAN_CLEAR_ROOT,
  WS_SCAN_DOWN_SWEEP,
} WsScanPhase;

/* One level of the schedule. stride: the span 2^(d+1) one operation covers
 * at depth d (w for the clear); active: the operations of the level
 * (w / stride, 1 for the clear). */
typedef struct
{
  WsScanPhase phase;
  guint64     stride;
  guint64     active;
} WsScanLevelInfo;

typedef struct _WsScanSchedule WsScanSchedule;

/* The schedule for n keys: width w = the next power of two >= n (0 for
 * n = 0). WS_ERROR_NO_MEMORY when n cannot be padded to a power of two. */
WsScanSchedule *ws_scan_schedule_new         (gsize                 n,
                                              GError              **error);
void            ws_scan_schedule_free        (WsScanSchedule       *s);
gsize           ws_scan_schedule_width       (const WsScanSchedule *s);
/* log2 (w) up-sweep + 1 clear + log2 (w) down-sweep levels; 0 for n = 0. */
guint           ws_scan_schedule_n_levels    (const WsScanSchedule *s);
void            ws_scan_schedule_level_info  (const WsScanSchedule *s,
                                              guint                 level,
                                              WsScanLevelInfo      *info);
/* "up-sweep d=2 (stride 8)", "clear root", "down-sweep d=0 (stride 2)";
 * free with g_free. */
char           *ws_scan_schedule_level_label (const WsScanSchedule *s,
                                              guint                 level);
/* Runs one level on work (w keys, from ws_scan_schedule_pad) in place;
 * counters (may be NULL): passes grows by 1. After every level, in order,
 * work[0..n) holds the exclusive scan of the input. */
void            ws_scan_schedule_apply_level (const WsScanSchedule *s,
                                              WsArray              *work,
                                              guint                 level,
                                              WsCounters           *counters);
/* A new work array of w keys: in (which must hold n keys) followed by zeros
 * (NULL with WS_ERROR_CANCELLED when the thread's run is cancelled while it
 * copies: ws-cancel.h). */
WsArray        *ws_scan_schedule_pad         (const WsScanSchedule *s,
                                              const WsArray        *in,
                                              GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsScanSchedule, ws_scan_schedule_free)

G_END_DECLS
