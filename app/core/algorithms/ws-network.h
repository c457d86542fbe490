/* ws-network.h: sorting networks as schedules of passes.
 *
 * A network is a fixed list of passes; a pass is a set of disjoint
 * comparators, each of which leaves a[min_at] <= a[max_at]. The animator
 * steps through the passes one at a time (ws_network_apply_pass, with
 * ws_network_check_pass to show what each pass has achieved); benchmarks
 * run whole sorts (ws_network_sort). Three networks:
 *
 *  - bitonic (studies 000 and 003): works on a power-of-two width. Pass (k, j)
 *    for k = 2, 4, .., width and j = k/2, .., 1 pairs element i with
 *    l = i ^ j where l > i, ascending when (i & k) == 0, else descending.
 *    A width of 2^m takes m (m + 1) / 2 passes.
 *  - odd-even transposition, the brick sort of study 003: n passes; the even
 *    phase (pass % 2 == 0) pairs (0,1), (2,3), .., the odd phase (1,2), (3,4), ..
 *  - Batcher's odd-even merge sort: stages p = 1, 2, 4, .. < n, each made of
 *    steps k = p, p/2, .., 1; step k pairs (i + j, i + j + k) for
 *    j = k % p, k % p + 2k, .. and i = 0 .. k - 1 when both ends lie in one
 *    aligned run of 2p keys. It works directly on n keys by dropping the
 *    comparators that reach past n: as every one of them puts the min at its
 *    lower index, such a comparator would meet a +inf pad and never
 *    exchange, so dropping it is the same as padding with +inf.
 *
 * Padding (bitonic only): n keys are padded to the next power of two with a
 * sentinel, +inf for float32 and INT32_MAX for int32, and stripped after
 * sorting. Stripping is exact: the sentinel is >= every key, so the tail
 * width - n of the sorted array holds values equal to the sentinel, and a
 * real key equal to the sentinel is bit-identical to it (the sentinels are
 * +inf and INT32_MAX, never -0.0 against +0.0, and NaN never reaches a
 * network), so which of the equal values land in the tail changes nothing.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"
#include "ws-types.h"

G_BEGIN_DECLS

typedef enum
{
  WS_NETWORK_BITONIC,
  WS_NETWORK_ODD_EVEN,
  WS_NETWORK_ODD_EVEN_MERGE,
  WS_N_NETWORKS,
} WsNetworkKind;

/* Parameters of one pass.
 *  bitonic:  k = run length of the stage, j = comparator distance;
 *  odd-even: phase = 0 (even) or 1 (odd), k = 0, j = 1 (the distance);
 *  merge:    k = p (the stage size), j = the step k (the distance).
 * So j is always the distance max(lo, hi) - min(lo, hi) of every comparator.
 * stage: the index of the stage the pass belongs to (bitonic log2 k - 1,
 * merge log2 p, odd-even the pass index itself). */
typedef struct
{
  guint64 k;
  guint64 j;
  guint   phase;
  guint   stage;
} WsPassInfo;

/* After a comparator has acted, a[min_at] <= a[max_at]. */
typedef struct
{
  guint64 min_at;
  guint64 max_at;
} WsComparator;

typedef struct _WsNetwork WsNetwork;

/* "bitonic", "odd-even", "oddeven-merge". */
const char    *ws_network_kind_name        (WsNetworkKind    kind);
/* The network an algorithm name stands for; FALSE for other algorithms. */
gboolean       ws_network_kind_from_name   (const char      *name,
                                            WsNetworkKind   *kind);
/* The same, with an error naming the networks there are. */
gboolean       ws_network_kind_parse       (const char      *name,
                                            WsNetworkKind   *kind,
                                            GError         **error);

/* n = 0 is fine (no passes). Every kind accepts n up to 2^63 (bitonic pads
 * to 2^63, merge stages reach 2p = 2^63); odd-even also needs n <= G_MAXUINT
 * since it has n passes. Larger n: WS_ERROR_INVALID_ARGUMENT. */
WsNetwork     *ws_network_new              (WsNetworkKind    kind,
                                            gsize            n,
                                            GError         **error);
void           ws_network_free             (WsNetwork       *net);

WsNetworkKind  ws_network_kind             (const WsNetwork *net);
/* n, the number of keys sorted. */
gsize          ws_network_size             (const WsNetwork *net);
/* The array length the passes act on: n padded to a power of two for
 * bitonic (0 stays 0), n for the others. */
gsize          ws_network_width            (const WsNetwork *net);
guint          ws_network_n_passes         (const WsNetwork *net);
void           ws_network_pass_info        (const WsNetwork *net,
                                            guint            pass,
                                            WsPassInfo      *info);
/* "stage k=8, distance j=2", "even phase", "merge p=4, k=2". Free with g_free. */
char          *ws_network_pass_label       (const WsNetwork *net,
                                            guint            pass);
/* TRUE for the last pass of a stage (bitonic j = 1, merge k = 1, every
 * odd-even pass). */
gboolean       ws_network_pass_ends_stage  (const WsNetwork *net,
                                            guint            pass);
/* Fill out (if non-NULL; capacity = the return value of a call with
 * out = NULL) with the comparators of the pass in increasing order of their
 * lower index, and return how many there are. */
gsize          ws_network_pass_comparators (const WsNetwork *net,
                                            guint            pass,
                                            WsComparator    *out);

/* A new copy of a (which must hold n keys) padded to the network width with
 * the sentinel (NULL with WS_ERROR_CANCELLED when the thread's run is
 * cancelled while it copies: ws-cancel.h). */
WsArray       *ws_network_pad              (const WsNetwork *net,
                                            const WsArray   *a,
                                            GError         **error);
/* Copy the first n keys of padded (width keys) into out (n keys, same type).
 * Fails with WS_ERROR_VERIFY if a key other than the sentinel sits in the
 * padded tail, which means not all passes have run yet. */
gboolean       ws_network_strip            (const WsNetwork *net,
                                            const WsArray   *padded,
                                            WsArray         *out,
                                            GError         **error);

/* Apply one pass on the CPU to work (width keys); counters (if non-NULL)
 * gain the comparators evaluated, the exchanges made and one pass. */
void           ws_network_apply_pass       (const WsNetwork *net,
                                            WsArray         *work,
                                            guint            pass,
                                            WsCounters      *counters);

/* Sort a in place with variant WS_VARIANT_CPU_SEQ or WS_VARIANT_CPU_PAR
 * (others: WS_ERROR_UNSUPPORTED). early_exit only affects odd-even: it runs
 * even+odd pass pairs and stops after a pair in which nothing was exchanged
 * (study 003's CPU loop); the result is the same as without it. counters
 * (if non-NULL) gain what actually ran. A padding buffer that cannot be
 * allocated: WS_ERROR_NO_MEMORY. The thread's current cancellable
 * (ws-cancel.h) is asked between passes: once cancelled the sort stops with
 * WS_ERROR_CANCELLED, a partly sorted a, and counters holding what ran. */
gboolean       ws_network_sort             (WsNetworkKind    kind,
                                            WsArray         *a,
                                            WsVariant        variant,
                                            gboolean         early_exit,
                                            WsCounters      *counters,
                                            GError         **error);

/* Check the invariant that must hold once pass (and every pass before it)
 * has been applied to work (width keys):
 *  bitonic (k, j): in every aligned run of k keys, the aligned sub-blocks of
 *    j keys are ordered among themselves in the run's direction (ascending
 *    when (run start & k) == 0); at j = 1 every run is sorted that way;
 *  merge, last step of stage p: every aligned run of 2p keys (the last,
 *    partial one too) is sorted ascending; other steps: every comparator of
 *    the pass is ordered;
 *  odd-even: every comparator of the pass is ordered; after pass n - 1 the
 *    array is sorted.
 * Keys compare by value, so -0.0 and +0.0 may sit in either order.
 * Returns TRUE if it holds. Otherwise FALSE, *first_bad (if non-NULL) = the
 * smallest index whose key is out of order with a key the invariant puts
 * before it (for a sorted run: the first i with a[i-1] > a[i] ascending; for
 * comparators: the lower index of the first unordered one), and a
 * WS_ERROR_VERIFY error naming the invariant, the pass and the keys. */
gboolean       ws_network_check_pass       (const WsNetwork *net,
                                            const WsArray   *work,
                                            guint            pass,
                                            gsize           *first_bad,
                                            GError         **error);

/* The invariant ws_network_check_pass holds pass to, as data, so that it
 * can be checked where the keys are (a device):
 *  BLOCKS: in every aligned run of `run` keys (run ≥ the width: one run of
 *    all) the aligned blocks of `block` keys are ordered among themselves,
 *    descending where the run's start has a bit of dir_mask set, else
 *    ascending; block 1 asks for sorted runs;
 *  COMPARATORS: every comparator of the pass is ordered. */
typedef enum
{
  WS_PASS_CHECK_BLOCKS,
  WS_PASS_CHECK_COMPARATORS,
} WsPassCheckKind;

typedef struct
{
  WsPassCheckKind kind;
  guint64         run;
  guint64         block;
  guint64         dir_mask;
} WsPassCheck;

void           ws_network_pass_check       (const WsNetwork *net,
                                            guint            pass,
                                            WsPassCheck     *check);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsNetwork, ws_network_free)

G_END_DECLS
