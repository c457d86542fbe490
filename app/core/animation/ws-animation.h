/* ws-animation.h: the primitives of study 002 and study 004 as sequences of
 * frames for the bars view — Blelloch's scan level by level, a histogram's
 * bins filling chunk by chunk, a search narrowing its range step by step.
 * Each frame is a whole state (values, per-value highlights, the pairs a
 * step combined), so stepping back is as cheap as stepping on. Meant for
 * arrays a lecture can follow (up to WS_ANIMATION_MAX values).
 */
#pragma once

#include <glib.h>

#include "ws-array.h"
#include "ws-network.h"

G_BEGIN_DECLS

#define WS_ANIMATION_MAX 65536

typedef struct
{
  WsArray *values;   /* what the bars show */
  guint8  *flags;    /* WS_BAR_* per value: read (compared), written (swapped) */
  GArray  *pairs;    /* WsComparator: the pairs this step combined */
  guint64  boundary; /* run length to mark, 0 for none */
  char    *caption;
} WsAnimationFrame;

typedef struct
{
  GPtrArray *frames; /* WsAnimationFrame */
  double     vmin, vmax; /* one scale for every frame */
  gboolean   has_level;  /* a value to draw a line at (a search's key): */
  double     level;
  /* The first frame (the input) shown beside every frame on a scale of
   * its own, [input_vmin, input_vmax]: a scan's sums outgrow the input up
   * to n-fold, and on their scale the input is a sliver. */
  gboolean   input_band;
  double     input_vmin, input_vmax;
} WsAnimation;

/* Blelloch's exclusive scan of in (padded to a power of two w with zeros):
 * the initial work array, then one frame per level (up-sweep, clear,
 * down-sweep); up-sweep pairs are (left child, parent), down-sweep pairs
 * the two it exchanges and adds. The last frame's first in->n values are
 * the exclusive scan. The input has a band of its own (input_band). */
WsAnimation *ws_animation_scan      (const WsArray *in,
                                     GError       **error);
/* bins equal-width bins over [min, max] of in (ws_histogram's bins),
 * counted in `chunks` chunks of keys: frame i shows the counts after the
 * first i chunks, the bins the chunk added to highlighted. */
WsAnimation *ws_animation_histogram (const WsArray *in,
                                     guint          bins,
                                     guint          chunks,
                                     GError       **error);
/* A search of sorted for key (ws_search_trace): the array with the range
 * [lo, hi] that holds the answer before each step highlighted and the
 * step's probes marked; the last frame marks
 * the answer (or says it is absent). */
WsAnimation *ws_animation_search    (const WsArray *sorted,
                                     double         key,
                                     guint          segments,
                                     gboolean       interpolation,
                                     GError       **error);
/* Another animation of the same frames (for a worker of its own). */
WsAnimation *ws_animation_copy      (const WsAnimation *animation);
void         ws_animation_free      (WsAnimation   *animation);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsAnimation, ws_animation_free)

G_END_DECLS
