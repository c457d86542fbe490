// ws-cuda-bitonic-small.cu: the gpu variant's bitonic sorts of one launch,
// n <= 2^WS_PLAN_BITONIC_SMALL_LOG keys (ws-cuda-bitonic.cu sorts the
// larger ones and dispatches here).
#include <cooperative_groups.h>
#include <utility>

#include "ws-cuda-bitonic.cuh"

namespace
{

using namespace ws::bitonic;

// The one-launch sorts, w <= 2^SMALL_LOG keys (the plan's single tile
// launch, with groups of K = SMALL_GROUP passes): w / 2^K threads in one
// block (or a cluster of them: CLUSTER_LOG, their thread index the block's
// rank above the thread's), each holding 2^K keys in registers for the
// whole sort. Each
// trip of the plan's groups, but the first, brings a thread the 2^K keys
// of one window: key bits a .. a + K - 1 its registers' index, the other
// bits its thread index (a = the group's smallest distance, jlo_log), so
// that every pass of the group compares two registers of one thread. The
// keys wait between trips in shared memory, one padding word after every
// 2^K (a key's place is then a thread's base plus a compiled constant, and
// a window's loads and stores hit 32 distinct banks, 2-way at worst). A
// stage whose direction bit is a thread bit (every stage from 2^K up) runs
// ascending on keys that a descending thread holds with their order
// reversed (flip): one XOR a key a stage instead of a choice at every
// comparator. Each size is a kernel of its own, its trips compiled in
// (small_trip): no loop, no branch, and a warp waits only for itself where
// no window reaches its warp's keys (trip_barrier). An H200 sorts 2^10
// float keys so in 4.8 µs, against 8.0 with the tile kernel's 16 keys a
// thread, and 9.8 with this kernel's trips walked at run time (32 keys a
// thread: the dispatch's branches, and one warp, whose min / max issue
// once every two cycles, doing all the work). 8 keys a thread were the
// fastest or level with 16 from 2^8 to 2^12 keys, but for int32 at 2^12
// (8.83 µs against 8.70; docs/performance.md).
constexpr unsigned SMALL_LOG = WS_PLAN_BITONIC_SMALL_LOG;
constexpr unsigned SMALL_GROUP = WS_PLAN_BITONIC_SMALL_GROUP;
// The size sorted over a cluster, and its blocks: 2^12 keys as 4 blocks of
// 1024 on four SMs (sm_90 and up), where one block took 9.4 µs and four
// take 8.4 (float32, an H100; int32 9.0 and 7.9): the trips' min / max
// and shared-memory traffic spread over four SMs, while only stage 2^11's
// and 2^12's first trips reach other blocks' keys (distributed shared
// memory, the cluster's barrier before and after). Two blocks of 2048
// were level; eight, or a barrier of the cluster's own to agree on the
// comparator before the first trip, slower.
constexpr unsigned CLUSTER_LOG = SMALL_LOG;
constexpr unsigned CLUSTER_BLOCKS_LOG = 2;

// Where key i waits in shared memory: one padding word after every 2^K.
// pad (x | y) == pad (x) + pad (y) for x and y without common bits.
template <unsigned K>
__host__ __device__ constexpr unsigned
pad (unsigned i)
{
  return i + (i >> K);
}

// Whether thread t's keys descend in stage 2^st (st >= K: bit st of every
// key it holds, bit st - K of t, whatever its window).
template <unsigned K>
__device__ __forceinline__ bool
descends (unsigned t, unsigned st)
{
  return ((t >> (st - K)) & 1u) != 0;
}

// Reverses the order of the keys where `on`: NOT for int32, the sign for
// float. order_pair (the CPU's comparator) swaps x and y exactly where it
// swaps the reversed y and x (a NaN never swaps, ±0 never swap), and
// fminf / fmaxf on a tile without NaN or −0.0 move the same bits as it
// (order): the reversed keys of one thread are all −0.0 where zero.
template <unsigned U, typename T>
__device__ __forceinline__ void
flip (T (&v)[U], bool on)
{
  if constexpr (std::is_same_v<T, float>)
    {
      unsigned mask = on ? 0x80000000u : 0u;
#pragma unroll
      for (unsigned q = 0; q < U; q++)
        v[q] = __uint_as_float (__float_as_uint (v[q]) ^ mask);
    }
  else
    {
      T mask = on ? (T) -1 : (T) 0;
#pragma unroll
      for (unsigned q = 0; q < U; q++)
        v[q] ^= mask;
    }
}

// The pass at register bit L, ascending.
template <unsigned L, bool FAST, unsigned U, typename T>
__device__ __forceinline__ void
register_pass (T (&v)[U])
{
#pragma unroll
  for (unsigned q = 0; q < U; q++)
    if ((q & (1u << L)) == 0)
      order<FAST> (v[q], v[q | (1u << L)]);
}

// A group's m passes, at register bits m - 1 .. 0 (I: 0 .. K - 1).
template <bool FAST, unsigned K, typename T, unsigned... I>
__device__ __forceinline__ void
register_passes (T (&v)[1u << K], unsigned m, std::integer_sequence<unsigned, I...>)
{
  ((K - 1 - I < m ? register_pass<K - 1 - I, FAST> (v) : void ()), ...);
}

// Thread t's keys of window A from (STORE false) or to shared memory: key
// i in block i >> (L - C) of the cluster, at pad (i mod 2^(L-C)) in its
// shared memory s (a window of key bits all below L - C: the thread's own
// block's).
template <unsigned A, bool STORE, unsigned K, unsigned L, unsigned C, typename T>
__device__ __forceinline__ void
window_move (T *s, unsigned t, T (&v)[1u << K])
{
  constexpr unsigned LOCAL = L - C;
  unsigned base = unit_base<unsigned> (t, A, K);
  T *b = s + pad<K> (base & ((1u << LOCAL) - 1));

  if constexpr (A + K <= LOCAL)
    {
#pragma unroll
      for (unsigned q = 0; q < (1u << K); q++)
        if constexpr (STORE)
          b[pad<K> (q << A)] = v[q];
        else
          v[q] = b[pad<K> (q << A)];
    }
  else
    {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
      cooperative_groups::cluster_group cluster = cooperative_groups::this_cluster ();
#pragma unroll
      for (unsigned q = 0; q < (1u << K); q++)
        {
          constexpr unsigned mask = (1u << LOCAL) - 1;
          T *p = cluster.map_shared_rank (b + pad<K> ((q << A) & mask),
                                          (base | (q << A)) >> LOCAL);
          if constexpr (STORE)
            *p = v[q];
          else
            v[q] = *p;
        }
#else
      __trap ();
#endif
    }
}

// The U keys of r to p: as 16-byte vectors where p is 16-byte aligned.
template <unsigned U, typename T>
__device__ __forceinline__ void
store_run (T *p, const T (&r)[U], bool vectors)
{
  if (U % 4 == 0 && vectors)
    {
      ws::Vec4<T> *p4 = reinterpret_cast<ws::Vec4<T> *> (p);
#pragma unroll
      for (unsigned c = 0; c < U / 4; c++)
        p4[c] = { r[4 * c], r[4 * c + 1], r[4 * c + 2], r[4 * c + 3] };
    }
  else
#pragma unroll
    for (unsigned q = 0; q < U; q++)
      p[q] = r[q];
}

// The barrier between a trip's stores in window B and its loads in window
// A, for a sort of 2^L keys over 2^C blocks: the cluster's where a window
// reaches other blocks' keys; else a warp's, unless a window puts key bits
// above K + 4 in the registers. Below that, in either window, bits K + 5
// and up of a key are the warp's number (bits 5 and up of the thread's):
// each warp loads only keys it stored itself.
template <unsigned K, unsigned L, unsigned C, unsigned A, unsigned B>
__device__ __forceinline__ void
trip_barrier ()
{
  constexpr unsigned LOCAL = L - C;

  if constexpr (A + K > LOCAL || B + K > LOCAL)
    {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
      cooperative_groups::this_cluster ().sync ();
#endif
    }
  else if constexpr (LOCAL - K < 5)
    __syncwarp ((1u << (1u << (LOCAL - K))) - 1);
  else if constexpr (LOCAL - K == 5 || (A <= 5 && B <= 5))
    __syncwarp ();
  else
    __syncthreads ();
}

// Whether no block of the cluster holds a special key: each block's
// verdict (FAST: none there), stored before the cluster's first barrier
// (the first trip that reaches other blocks' keys) and read after it.
template <unsigned C, bool FAST>
__device__ __forceinline__ bool
cluster_fast (unsigned *verdict)
{
  bool fast = FAST;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  cooperative_groups::cluster_group cluster = cooperative_groups::this_cluster ();

#pragma unroll
  for (unsigned r = 0; r < (1u << C); r++)
    fast = fast && *cluster.map_shared_rank (verdict, r) != 0;
#endif
  return fast;
}

template <unsigned K, unsigned L, unsigned C, unsigned ST, unsigned TOP, bool FAST, typename T>
__device__ __forceinline__ void trip_passes (T *s, unsigned *verdict, unsigned t,
                                             T (&v)[1u << K]);

// The trip of stage 2^ST's distances 2^(TOP-1) .. 2^A in window A, the
// keys coming from window B; then the trips after it, as the plan's groups
// (tile_log L, group K) follow: a stage's distances from the largest, K at
// a time. All known when compiled: no branch, no address but the base's.
// Over a cluster (C > 0), the first trip into other blocks' keys, stage
// 2^(L-C+1)'s first, turns FAST off in every block if one had a special
// key (verdict: the block's).
template <unsigned K, unsigned L, unsigned C, unsigned ST, unsigned TOP, unsigned B, bool FAST,
          typename T>
__device__ __forceinline__ void
small_trip (T *s, unsigned *verdict, unsigned t, T (&v)[1u << K])
{
  if constexpr (ST <= L)
    {
      constexpr unsigned M = TOP < K ? TOP : K, A = TOP - M;
      constexpr bool meets = C > 0 && ST == L - C + 1 && TOP == ST && std::is_same_v<T, float>;

      // A new stage: the last one's order undone and this one's set.
      if constexpr (TOP == ST)
        flip (v, descends<K> (t, ST - 1) != descends<K> (t, ST));
      window_move<B, true, K, L, C> (s, t, v);
      if constexpr (meets)
        if (threadIdx.x == 0)
          *verdict = FAST;
      trip_barrier<K, L, C, A, B> ();
      window_move<A, false, K, L, C> (s, t, v);
      if constexpr (meets && FAST)
        if (!cluster_fast<C, FAST> (verdict))
          return trip_passes<K, L, C, ST, TOP, false> (s, verdict, t, v);
      trip_passes<K, L, C, ST, TOP, FAST> (s, verdict, t, v);
    }
}

// small_trip from its passes on, the keys loaded.
template <unsigned K, unsigned L, unsigned C, unsigned ST, unsigned TOP, bool FAST, typename T>
__device__ __forceinline__ void
trip_passes (T *s, unsigned *verdict, unsigned t, T (&v)[1u << K])
{
  constexpr unsigned M = TOP < K ? TOP : K, A = TOP - M;

  register_passes<FAST, K> (v, M, std::make_integer_sequence<unsigned, K> ());
  if constexpr (A > 0)
    small_trip<K, L, C, ST, A, A, FAST> (s, verdict, t, v);
  else
    small_trip<K, L, C, ST + 1, ST + 1, 0, FAST> (s, verdict, t, v);
}

// The U keys of thread t's run at p, of which the first n are keys and the
// rest padding: the largest key, as bitonic_sort_device pads. (A whole run
// of 4 keys or more as load_run loads it.)
template <unsigned U, typename T>
__device__ __forceinline__ void
load_padded (const T *p, T (&r)[U], size_t n, bool vectors)
{
  if constexpr (U % 4 == 0)
    if (n >= U)
      return load_run<U> (p, r, vectors);
#pragma unroll
  for (unsigned q = 0; q < U; q++)
    r[q] = q < n ? p[q] : ws::max_key<T> ();
}

// ... and back, the padding left out.
template <unsigned U, typename T>
__device__ __forceinline__ void
store_padded (T *p, const T (&r)[U], size_t n, bool vectors)
{
  if constexpr (U % 4 == 0)
    if (n >= U)
      return store_run<U> (p, r, vectors);
#pragma unroll
  for (unsigned q = 0; q < U; q++)
    if (q < n)
      p[q] = r[q];
}

// The sort of 2^L keys on the thread's keys v (window 0: 2^K neighbours):
// the first group sorts them (stages 2 .. 2^K), each later one is a trip
// through shared memory; the last stores the keys below n.
template <unsigned K, unsigned L, unsigned C, bool FAST, typename T>
__device__ __forceinline__ void
small_sort (T *s, unsigned *verdict, T *keys, size_t n, unsigned t, T (&v)[1u << K], bool vectors)
{
  size_t first = (size_t) t << K;

  sort_stages<K, K - 1, FAST> (v);
  flip (v, descends<K> (t, K));
  register_passes<FAST, K> (v, K, std::make_integer_sequence<unsigned, K> ());
  small_trip<K, L, C, K + 1, K + 1, 0, FAST> (s, verdict, t, v);
  // The last stage, 2^L, ascends everywhere: nothing to undo.
  if (first < n)
    store_padded (keys + first, v, n - first, vectors);
}

// Sorts of n keys padded to 2^M, 2 .. 16: one thread, sort_run on the keys
// in registers.
template <unsigned M, typename T>
__device__ void
tiny_sort (T *keys, size_t n)
{
  T v[1u << M];

  load_padded (keys, v, n, false);
  sort_run<M> (v);
  store_padded (keys, v, n, false);
}

// The one-launch sort of n keys padded to 2^L, 2^K <= 2^L <=
// 2^SMALL_LOG, in 2^C blocks (a cluster, C > 0) of 2^(L-C-K) threads,
// with the plan's groups (tile_log L, group K). Float keys take the FAST
// comparator where none is special_key.
template <unsigned K, unsigned L, unsigned C, typename T>
__global__ void __launch_bounds__ (1u << (L - C - K))
small_kernel (T *keys, size_t n)
{
  __shared__ T s[L - C > K ? pad<K> (1u << (L - C)) : 1];
  __shared__ unsigned verdict;
  bool vectors = (reinterpret_cast<uintptr_t> (keys) & 15) == 0;
  unsigned t = (blockIdx.x << (L - C - K)) | threadIdx.x;
  size_t first = (size_t) t << K;
  T v[1u << K];

  load_padded (keys + first, v, first < n ? n - first : 0, vectors);
  if constexpr (std::is_same_v<T, float>)
    {
      bool special = false;
#pragma unroll
      for (unsigned q = 0; q < (1u << K); q++)
        special |= special_key (v[q]);
      if (!__syncthreads_or (special))
        return small_sort<K, L, C, true> (s, &verdict, keys, n, t, v, vectors);
    }
  small_sort<K, L, C, false> (s, &verdict, keys, n, t, v, vectors);
}

// Sorts of n keys padded to 2^log_w below 2^K, in one thread.
template <typename T>
__global__ void
tiny_kernel (T *keys, size_t n, unsigned log_w)
{
  switch (log_w)
    {
    case 1: return tiny_sort<1> (keys, n);
    case 2: return tiny_sort<2> (keys, n);
    case 3: return tiny_sort<3> (keys, n);
    default: return tiny_sort<4> (keys, n);
    }
}

// small_kernel<K, L, C> on the default stream as one cluster of 2^C blocks.
template <unsigned K, unsigned L, unsigned C, typename T>
void
launch_cluster (T *keys, size_t n)
{
  if constexpr (C == 0)
    small_kernel<K, L, 0><<<1, 1u << (L - K)>>> (keys, n);
  else
    {
      cudaLaunchConfig_t config = {};
      cudaLaunchAttribute attribute = {};

      config.gridDim = dim3 (1u << C);
      config.blockDim = dim3 (1u << (L - C - K));
      attribute.id = cudaLaunchAttributeClusterDimension;
      attribute.val.clusterDim.x = 1u << C;
      attribute.val.clusterDim.y = 1;
      attribute.val.clusterDim.z = 1;
      config.attrs = &attribute;
      config.numAttrs = 1;
      cudaLaunchKernelEx (&config, small_kernel<K, L, C, T>, keys, n);
    }
}

// small_kernel<SMALL_GROUP, L> for L = log_w, or tiny_kernel below; 2^12
// keys over a cluster of 4 blocks where `clusters` (sm_90 and up).
template <typename T, unsigned... L>
void
launch_small (T *keys, size_t n, unsigned log_w, bool clusters,
              std::integer_sequence<unsigned, L...>)
{
  constexpr unsigned K = SMALL_GROUP;

  if (log_w < K)
    tiny_kernel<<<1, 1>>> (keys, n, log_w);
  else if (clusters && log_w == CLUSTER_LOG)
    launch_cluster<K, CLUSTER_LOG, CLUSTER_BLOCKS_LOG> (keys, n);
  else
    ((log_w == K + L && (launch_cluster<K, K + L, 0> (keys, n), true)) || ...);
}

} // namespace

// gpu's sort of 2 <= n <= 2^SMALL_LOG keys: one launch, the padding to
// a power of two in registers (no scratch copy, no fill), 2^SMALL_GROUP
// keys a thread (the plan's group); 2^12 over a cluster where `sm90`.
template <typename T>
bool
ws::bitonic_small (T *keys, size_t n, bool sm90, guint64 *launches, GError **error)
{
  launch_small (keys, n, ws::log2_exact (n), sm90,
                std::make_integer_sequence<unsigned, SMALL_LOG - SMALL_GROUP + 1> ());
  ++*launches;
  return ws::check_launch ("Cannot launch the bitonic sort", error);
}

template bool ws::bitonic_small<float> (float *, size_t, bool, guint64 *, GError **);
template bool ws::bitonic_small<int32_t> (int32_t *, size_t, bool, guint64 *, GError **);
