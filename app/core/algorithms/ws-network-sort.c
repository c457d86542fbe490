/* ws-network-sort.c: sorting networks on the CPU, one pass at a time or
 * whole (cpu-seq and cpu-par).
 *
 * Passes are applied slot by slot from their geometry (ws-network-private.h)
 * rather than from a list of comparators, so no pass ever allocates: a long
 * block becomes one unit-stride loop the compiler vectorizes, and a pass is
 * split between threads by ranges of slots.
 */
#include "ws-network-private.h"

#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "ws-cancel.h"
#include "ws-error.h"

/* The fewest slots worth handing to a thread of cpu-par (about a
 * microsecond of work): below this, the barrier that ends every pass costs
 * more than the comparators save. */
#define MIN_CHUNK_SLOTS 2048

/* cpu-par's team agrees on a cancel every this many passes: the look costs
 * the team a barrier, which a small network's passes must not pay each
 * time. Inside a pass each thread watches the stop flag on its own (see
 * apply_watched), so the passes after a cancel cost little but their
 * barriers, and those can take a time slice each on a loaded machine (four
 * threads on two busy cores: 16 passes of 2^24 keys answered a cancel in
 * 0.23 s). So passes of at least WIDE_PASS_SLOTS, which cost far more than
 * a barrier, agree after each one. */
#define CANCEL_PERIOD 16
#define WIDE_PASS_SLOTS (G_GUINT64_CONSTANT (1) << 18)

/* Blocks shorter than this are visited comparator by comparator: the
 * per-block set-up would cost more than the loop over the block. */
#define SHORT_BLOCK 8

typedef struct
{
  guint64 comparisons;
  guint64 swaps;
} Tally;

/* One comparator: exchange when *mn > *mx. Only a strict > exchanges, so
 * equal keys (-0.0 against +0.0 included) stay where they are. The keys
 * trade places as 32-bit patterns under a mask, not through a select: GCC
 * turns a float select into a branch that random keys mispredict half the
 * time, while the mask form is branch-free and vectorizes. */
#define DEFINE_EXCHANGE(suffix, T)                                      \
  static inline guint64                                                 \
  exchange_##suffix (T *mn,                                             \
                     T *mx)                                             \
  {                                                                     \
    gboolean swap = *mn > *mx;                                          \
    guint32 x, y, diff;                                                 \
                                                                        \
    G_STATIC_ASSERT (sizeof (T) == sizeof (guint32));                   \
    memcpy (&x, mn, sizeof x);                                          \
    memcpy (&y, mx, sizeof y);                                          \
    diff = (x ^ y) & -(guint32) swap;                                   \
    x ^= diff;                                                          \
    y ^= diff;                                                          \
    memcpy (mn, &x, sizeof x);                                          \
    memcpy (mx, &y, sizeof y);                                          \
    return (guint64) swap;                                              \
  }                                                                     \
                                                                        \
  /* count comparators (mn[t * stride], mx[t * stride]). They are       \
   * disjoint, so restrict holds and the loop has no dependences. */    \
  static inline guint64                                                 \
  exchange_run_##suffix (T *restrict mn,                                \
                         T *restrict mx,                                \
                         guint64     count,                             \
                         guint64     stride)                            \
  {                                                                     \
    guint64 swaps = 0;                                                  \
                                                                        \
    _Pragma ("omp simd reduction(+:swaps)")                             \
    for (guint64 t = 0; t < count; t++)                                 \
      swaps += exchange_##suffix (mn + t * stride, mx + t * stride);    \
    return swaps;                                                       \
  }

DEFINE_EXCHANGE (i32, gint32)
DEFINE_EXCHANGE (f32, gfloat)

/* Strides are 1 (bitonic, merge) or 2 (odd-even); constant ones let the
 * compiler vectorize each case. */
static guint64
exchange_span (WsArray *work,
               guint64  min_at,
               guint64  max_at,
               guint64  count,
               guint    stride_shift)
{
  if (work->type == WS_KEY_INT32)
    return stride_shift == 0
           ? exchange_run_i32 (work->i32 + min_at, work->i32 + max_at, count, 1)
           : exchange_run_i32 (work->i32 + min_at, work->i32 + max_at, count, 2);
  return stride_shift == 0
         ? exchange_run_f32 (work->f32 + min_at, work->f32 + max_at, count, 1)
         : exchange_run_f32 (work->f32 + min_at, work->f32 + max_at, count, 2);
}

/* Blocks of fewer than SHORT_BLOCK comparators (bitonic and merge passes
 * of small distance): slot by slot, each located with shifts. */
static Tally
apply_short_blocks (WsArray              *work,
                    const WsPassGeometry *geo,
                    guint64               t,
                    guint64               end)
{
  Tally tally = { 0, 0 };

  for (; t < end; t++)
    {
      guint64 min_at, max_at;

      if (ws_pass_span (geo, t, 1, &min_at, &max_at) == 0)
        continue;
      tally.comparisons++;
      tally.swaps += work->type == WS_KEY_INT32
                     ? exchange_i32 (work->i32 + min_at, work->i32 + max_at)
                     : exchange_f32 (work->f32 + min_at, work->f32 + max_at);
    }
  return tally;
}

/* Apply the comparators of slots [t, end) of a pass. */
static Tally
apply_slots (WsArray              *work,
             const WsPassGeometry *geo,
             guint64               t,
             guint64               end)
{
  guint64 block_len = G_GUINT64_CONSTANT (1) << geo->block_shift;
  Tally tally = { 0, 0 };

  if (block_len < SHORT_BLOCK)
    return apply_short_blocks (work, geo, t, end);
  while (t < end)
    {
      guint64 len = MIN (block_len - (t & (block_len - 1)), end - t);
      guint64 min_at = 0, max_at = 0;
      guint64 count = ws_pass_span (geo, t, len, &min_at, &max_at);

      tally.comparisons += count;
      tally.swaps += exchange_span (work, min_at, max_at, count, geo->stride_shift);
      t += len;
    }
  return tally;
}

/* apply_slots in pieces of WS_CANCEL_STRIDE slots, leaving the rest of the
 * range once stop is raised: a pass of a network 2^24 wide is 2^23 slots,
 * tens of milliseconds (more under a sanitizer), too long to wait out. A
 * pass left part-applied still leaves a permutation of the keys. */
static Tally
apply_watched (WsArray              *work,
               const WsPassGeometry *geo,
               guint64               t,
               guint64               end,
               const gint           *stop)
{
  Tally tally = { 0, 0 };

  while (t < end && !ws_cancel_raised (stop))
    {
      guint64 piece_end = MIN (end, t + WS_CANCEL_STRIDE);
      Tally piece = apply_slots (work, geo, t, piece_end);

      tally.comparisons += piece.comparisons;
      tally.swaps += piece.swaps;
      t = piece_end;
    }
  return tally;
}

static void
add_tally (WsCounters *counters,
           Tally       tally,
           guint64     passes)
{
  counters->comparisons += tally.comparisons;
  counters->swaps += tally.swaps;
  counters->passes += passes;
}

void
ws_network_apply_pass (const WsNetwork *net,
                       WsArray         *work,
                       guint            pass,
                       WsCounters      *counters)
{
  WsPassGeometry geo;
  Tally tally;

  g_return_if_fail (net != NULL && work != NULL);
  g_return_if_fail (work->n == ws_network_width (net));
  g_return_if_fail (pass < ws_network_n_passes (net));
  ws_network_pass_geometry (net, pass, &geo);
  tally = apply_slots (work, &geo, 0, geo.n_slots);
  if (counters != NULL)
    add_tally (counters, tally, 1);
}

/* cpu-seq: the passes in order. For bitonic this is study 000's triple loop
 * over k, j and i, visiting only the i that own a comparator. early_exit
 * (odd-even) stops after an even+odd pair that exchanged nothing: then no
 * adjacent pair is out of order, so every later pass would do nothing.
 * Returns FALSE when cancelled (ws-cancel.h) before the last pass: the
 * flag is watched before each pass and inside it (apply_watched); a pass
 * cut short counts its comparators but not itself. */
static gboolean
run_passes_seq (const WsNetwork *net,
                WsArray         *work,
                gboolean         early_exit,
                WsCounters      *counters)
{
  guint n_passes = ws_network_n_passes (net);
  guint64 pair_swaps = 0;
  const gint *stop = ws_cancel_stop_flag ();

  for (guint pass = 0; pass < n_passes; pass++)
    {
      WsPassGeometry geo;
      Tally tally;

      if (ws_cancel_raised (stop))
        return FALSE;
      ws_network_pass_geometry (net, pass, &geo);
      tally = apply_watched (work, &geo, 0, geo.n_slots, stop);
      if (ws_cancel_raised (stop))
        {
          add_tally (counters, tally, 0);
          return FALSE;
        }
      add_tally (counters, tally, 1);
      pair_swaps += tally.swaps;
      if (early_exit && pass % 2 == 1)
        {
          if (pair_swaps == 0)
            break;
          pair_swaps = 0;
        }
    }
  return TRUE;
}

/* Every thread calls this after the odd pass of a pair, once the reduction
 * into *pair_swaps is complete (the implicit barrier of the omp for). */
static gboolean
pair_settled (guint64 *pair_swaps,
              guint    pass,
              guint   *ran)
{
  gboolean settled = *pair_swaps == 0;

  /* Nobody may reset the sum before every thread has read it. */
#pragma omp barrier
#pragma omp single
  {
    if (settled)
      *ran = pass + 1;
    *pair_swaps = 0;
  }
  /* The implicit barrier of single publishes the reset before the next
   * pass reduces into it. */
  return settled;
}

/* Every thread calls this at the same pass. The stop flag was read before
 * the region: the thread-local slot is the calling thread's, which the
 * other threads of the team cannot see. One thread asks and the others
 * follow its answer, so that all leave the pass loop together (a thread
 * that went on alone would wait forever at the next pass's barrier). */
static gboolean
team_cancelled (const gint *flag,
                gboolean   *stop,
                guint       pass,
                guint      *ran)
{
#pragma omp single
  {
    *stop = ws_cancel_raised (flag);
    if (*stop)
      *ran = pass + 1;
  }
  /* The implicit barrier of single has published *stop. It is written
   * again only CANCEL_PERIOD passes later, after barriers that every
   * thread reaches once it has read it. */
  return *stop;
}

/* Slots per work item of a pass in cpu-par: an equal contiguous share for
 * each thread (long unit-stride runs, one item per thread), in multiples of
 * 64 so that threads rarely write the same cache line. */
static guint64
chunk_slots (guint64 n_slots)
{
  guint64 threads = 1;

#ifdef _OPENMP
  threads = (guint64) omp_get_num_threads ();
#endif
  return MAX (MIN_CHUNK_SLOTS, ((n_slots + threads - 1) / threads + 63) / 64 * 64);
}

#ifdef _OPENMP
/* Threads a network of this width can keep busy: each more would only make
 * the barrier of every pass dearer. */
static int
team_size (const WsNetwork *net)
{
  guint64 widest = ws_network_width (net) / 2; /* no pass has more comparators */

  return (int) CLAMP (widest / MIN_CHUNK_SLOTS, 1, (guint64) omp_get_max_threads ());
}
#endif

/* cpu-par: one parallel region for all passes; each pass's slots are shared
 * out by omp for (its comparators are disjoint, so they need no locking),
 * and its implicit barrier orders the passes. The counters are reduced once,
 * when the region ends; only early exit needs a sum per pass pair, and a
 * cancel a look every CANCEL_PERIOD passes (FALSE: cancelled). A thread
 * that sees the stop flag inside a pass skips the rest of its share; the
 * flag is looked at again after the region, for a cancel that cut passes
 * short after the last look of the team. */
static gboolean
run_passes_par (const WsNetwork *net,
                WsArray         *work,
                gboolean         early_exit,
                WsCounters      *counters)
{
  guint n_passes = ws_network_n_passes (net);
  guint ran = n_passes;
  guint64 comparisons = 0, swaps = 0, pair_swaps = 0;
  const gint *flag = ws_cancel_stop_flag ();
  gboolean stop = FALSE;

#pragma omp parallel num_threads (team_size (net)) reduction (+:comparisons, swaps)
  {
    for (guint pass = 0; pass < n_passes; pass++)
      {
        WsPassGeometry geo;
        guint64 chunk, n_chunks;

        ws_network_pass_geometry (net, pass, &geo);
        chunk = chunk_slots (geo.n_slots);
        n_chunks = (geo.n_slots + chunk - 1) / chunk;
#pragma omp for schedule (static) reduction (+:pair_swaps)
        for (guint64 c = 0; c < n_chunks; c++)
          {
            guint64 end = MIN ((c + 1) * chunk, geo.n_slots);
            Tally tally = apply_watched (work, &geo, c * chunk, end, flag);

            comparisons += tally.comparisons;
            swaps += tally.swaps;
            pair_swaps += tally.swaps;
          }
        if (early_exit && pass % 2 == 1 && pair_settled (&pair_swaps, pass, &ran))
          break;
        if (flag != NULL
            && (pass % CANCEL_PERIOD == CANCEL_PERIOD - 1 || geo.n_slots >= WIDE_PASS_SLOTS)
            && team_cancelled (flag, &stop, pass, &ran))
          break;
      }
  }
  add_tally (counters, (Tally) { comparisons, swaps }, ran);
  return !stop && !ws_cancel_raised (flag);
}

static gboolean
check_variant (WsNetworkKind kind,
               WsVariant     variant,
               GError      **error)
{
  if (variant == WS_VARIANT_CPU_SEQ || variant == WS_VARIANT_CPU_PAR)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED,
               "The %s network sorts here only on the CPU, not as “%s”: use cpu-seq or "
               "cpu-par, and run GPU variants through the backend",
               ws_network_kind_name (kind), ws_variant_name (variant));
  return FALSE;
}

gboolean
ws_network_sort (WsNetworkKind kind,
                 WsArray      *a,
                 WsVariant     variant,
                 gboolean      early_exit,
                 WsCounters   *counters,
                 GError      **error)
{
  g_autoptr (WsNetwork) net = NULL;
  g_autoptr (WsArray) padded = NULL;
  WsCounters done = { 0 };
  WsArray *work = a;
  gboolean finished;

  g_return_val_if_fail (kind < WS_N_NETWORKS && a != NULL, FALSE);
  if (!check_variant (kind, variant, error))
    return FALSE;
  net = ws_network_new (kind, a->n, error);
  if (net == NULL)
    return FALSE;
  /* Only bitonic at a size other than a power of two needs a second buffer. */
  if (ws_network_width (net) != a->n)
    {
      work = padded = ws_network_pad (net, a, error);
      if (padded == NULL)
        return FALSE;
    }
  early_exit = early_exit && kind == WS_NETWORK_ODD_EVEN;
  finished = variant == WS_VARIANT_CPU_PAR ? run_passes_par (net, work, early_exit, &done)
                                           : run_passes_seq (net, work, early_exit, &done);
  if (finished && padded != NULL && !ws_network_strip (net, padded, a, error))
    return FALSE;
  /* A cancelled sort (a left part-sorted) still counts the passes it ran. */
  if (counters != NULL)
    ws_counters_add (counters, &done);
  if (!finished)
    ws_cancel_set_error (error);
  return finished;
}
