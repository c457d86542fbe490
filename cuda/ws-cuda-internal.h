// ws-cuda-internal.h: what the files of libwarpscope-cuda call of each other.
#pragma once

#include "ws-cuda-common.cuh"

namespace ws
{

// Sorts n keys of `type` in place in device memory with `impl`, launching on
// the default stream without synchronising the host between steps; adds the
// kernel launches made to *launches. Scratch memory (bitonic padding, radix
// buffers) is taken from the pool inside and given back before returning.
// Returns false with an error for an impl the algorithm lacks.
typedef bool (*DeviceSort) (WsCudaImpl impl, WsCudaType type, void *d_keys, size_t n,
                            guint64 *launches, GError **error);

// The most pooled scratch (ws-cuda-pool.cuh) the sort above holds at once
// for n keys: whole runs reserve it before their kernels phase, so that the
// pool's growth is timed as allocation. 0 when it takes none.
typedef size_t (*SortScratch) (WsCudaImpl impl, WsCudaType type, size_t n);

size_t bitonic_sort_scratch (WsCudaImpl impl, WsCudaType type, size_t n);
size_t oddeven_merge_sort_scratch (WsCudaImpl impl, WsCudaType type, size_t n);
size_t odd_even_sort_scratch (WsCudaImpl impl, WsCudaType type, size_t n);
size_t radix_sort_scratch (WsCudaImpl impl, WsCudaType type, size_t n);
size_t counting_sort_scratch (WsCudaImpl impl, WsCudaType type, size_t n);

bool bitonic_sort_device (WsCudaImpl impl, WsCudaType type, void *d_keys, size_t n,
                          guint64 *launches, GError **error);
bool oddeven_merge_sort_device (WsCudaImpl impl, WsCudaType type, void *d_keys, size_t n,
                                guint64 *launches, GError **error);
bool odd_even_sort_device (WsCudaImpl impl, WsCudaType type, void *d_keys, size_t n,
                           guint64 *launches, GError **error);
bool radix_sort_device (WsCudaImpl impl, WsCudaType type, void *d_keys, size_t n,
                        guint64 *launches, GError **error);
bool counting_sort_device (WsCudaImpl impl, WsCudaType type, void *d_keys, size_t n,
                           guint64 *launches, GError **error);

// The implementations each algorithm has (the engine's names), one table
// that ws_cuda_has and every dispatcher consult.
bool has (const char *algorithm, WsCudaImpl impl);

constexpr unsigned
impl_bit (WsCudaImpl impl)
{
  return 1u << impl;
}

// Each algorithm's file says which implementations it has, next to their
// code, as a set of impl_bit ()s; ws-cuda-registry.cu gathers them.
extern const unsigned impls_bitonic, impls_odd_even, impls_oddeven_merge, impls_radix_sort,
    impls_counting_sort, impls_dot, impls_stencil, impls_reduce, impls_scan, impls_histogram,
    impls_binary_search, impls_interpolation_search;

// TRUE when the OpenGL context current on this thread runs on the current
// CUDA device (cudaGLGetDevices), so that interop can share its objects;
// else an error saying which GPU it is on, or that it is on none (software
// OpenGL). Registration asks this first: its own error would not say why.
bool gl_context_on_device (GError **error);

} // namespace ws
