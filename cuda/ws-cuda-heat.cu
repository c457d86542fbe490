// ws-cuda-heat.cu: the heat-map view's texels made on the device — into
// device memory, or straight into an OpenGL texture registered with CUDA —
// equal bit for bit to app/core's ws_heat_fill (ws-heat.c), whose spans,
// mask and summation order the kernel repeats.
#include <cuda_gl_interop.h>

#include "ws-cuda-internal.h"

namespace
{

constexpr unsigned TEXEL_THREADS = 16; // a side of a block of texels

// The mask reduced on the host to what a row needs: rows of blocks before
// full_rows have run whole, the one at full_rows its first partial_cols
// cells, later ones none. The same integer arithmetic as
// ws_heat_row_done, so the same counts.
struct RowMask
{
  guint64 block_rows; // 0: every cell counts
  guint64 full_rows;
  guint64 partial_cols;
};

RowMask
row_mask (const WsCudaHeatMask *mask, guint64 side)
{
  if (mask == nullptr || mask->block_rows == 0)
    return RowMask{ 0, 0, 0 };
  guint64 blocks_x = (side + mask->block_cols - 1) / mask->block_cols;
  guint64 partial = (mask->done % blocks_x) * mask->block_cols;
  return RowMask{ mask->block_rows, mask->done / blocks_x, partial < side ? partial : side };
}

__device__ guint64
row_done (const RowMask &m, guint64 side, guint64 row)
{
  if (m.block_rows == 0)
    return side;
  guint64 row_of_blocks = row / m.block_rows;
  if (row_of_blocks < m.full_rows)
    return side;
  return row_of_blocks > m.full_rows ? 0 : m.partial_cols;
}

// Where the texels go: a row-major float array, or a texture's surface.
struct LinearSink
{
  float *out;
  unsigned texels;

  __device__ void
  put (unsigned tx, unsigned ty, float v) const
  {
    out[(size_t) ty * texels + tx] = v;
  }
};

struct SurfaceSink
{
  cudaSurfaceObject_t surface;

  __device__ void
  put (unsigned tx, unsigned ty, float v) const
  {
    surf2Dwrite (v, surface, (int) (tx * sizeof (float)), (int) ty);
  }
};

// One thread per texel, texel_mean of ws-heat.c step for step: spans of
// the region in 64-bit integers, a double sum row by row and left to right
// (plain adds, nothing to contract into an FMA), the mean rounded once to
// float. The host's NAN (0x7fc00000) marks "no cell has run", so NaN
// texels compare equal bitwise too.
template <typename T, typename Sink>
__global__ void
heat_kernel (const T *grid, guint64 side, WsCudaHeatRegion g, RowMask mask, unsigned texels,
             Sink sink)
{
  unsigned tx = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned ty = blockIdx.y * blockDim.y + threadIdx.y;
  guint64 count = 0;
  double sum = 0.0;

  if (tx >= texels || ty >= texels)
    return;
  guint64 r0 = g.row + (guint64) ty * g.span / texels;
  guint64 r1 = g.row + (guint64) (ty + 1) * g.span / texels;
  guint64 c0 = g.col + (guint64) tx * g.span / texels;
  guint64 c1 = g.col + (guint64) (tx + 1) * g.span / texels;
  for (guint64 r = r0; r < r1; r++)
    {
      guint64 done = row_done (mask, side, r);
      guint64 end = c1 < done ? c1 : done;
      for (guint64 c = c0; c < end; c++)
        sum += (double) grid[r * side + c];
      count += end > c0 ? end - c0 : 0;
    }
  sink.put (tx, ty, count ? (float) (sum / (double) count) : __int_as_float (0x7fc00000));
}

// The region asked for, or the whole grid.
WsCudaHeatRegion
region_of (const WsCudaHeatRegion *region, guint64 side)
{
  return region != nullptr ? *region : WsCudaHeatRegion{ 0, 0, side };
}

bool
check_args (gconstpointer d_grid, guint64 side, WsCudaHeatRegion g, const WsCudaHeatMask *mask,
            guint texels, GError **error)
{
  if (g.span == 0 || g.row > side || g.col > side || g.span > side - (g.row > g.col ? g.row : g.col))
    return ws::invalid (error,
                        "Heat map: the region of %" G_GUINT64_FORMAT " cells a side at row %"
                        G_GUINT64_FORMAT ", col %" G_GUINT64_FORMAT " is not inside the grid of %"
                        G_GUINT64_FORMAT " cells a side",
                        g.span, g.row, g.col, side);
  if (texels == 0 || texels > g.span)
    return ws::invalid (error,
                        "Heat map: %u texels a side cannot show a region of %" G_GUINT64_FORMAT
                        " cells a side (1 to the region's side)",
                        texels, g.span);
  if (d_grid == nullptr)
    return ws::invalid (error, "Heat map: no device grid given");
  // ws_heat_row_done divides by the block width when block_rows is set.
  if (mask != nullptr && mask->block_rows != 0 && mask->block_cols == 0)
    return ws::invalid (error, "Heat map: a launch mask with blocks of %" G_GUINT64_FORMAT
                               " rows needs at least one column",
                        mask->block_rows);
  return true;
}

template <typename Sink>
bool
launch (WsCudaType type, gconstpointer d_grid, guint64 side, WsCudaHeatRegion g,
        const WsCudaHeatMask *mask, guint texels, Sink sink, GError **error)
{
  dim3 threads (TEXEL_THREADS, TEXEL_THREADS);
  dim3 blocks ((texels + TEXEL_THREADS - 1) / TEXEL_THREADS,
               (texels + TEXEL_THREADS - 1) / TEXEL_THREADS);
  RowMask m = row_mask (mask, side);

  ws::with_type (type, [&]<typename T> () {
    heat_kernel<T, Sink><<<blocks, threads>>> (static_cast<const T *> (d_grid), side, g, m,
                                                texels, sink);
    return true;
  });
  return ws::check_launch ("Cannot launch the heat-map kernel", error);
}

} // namespace

gboolean
ws_cuda_heat_fill (WsCudaType type, gconstpointer d_grid, guint64 side,
                   const WsCudaHeatRegion *region, const WsCudaHeatMask *mask, guint texels,
                   gpointer d_out, GError **error)
{
  WsCudaHeatRegion g = region_of (region, side);

  if (!check_args (d_grid, side, g, mask, texels, error))
    return FALSE;
  if (d_out == nullptr)
    return ws::invalid (error, "Heat map: no device memory given for the texels");
  return launch (type, d_grid, side, g, mask, texels,
                 LinearSink{ static_cast<float *> (d_out), texels }, error);
}

// ---- OpenGL textures ----

// The surface of the last fill lives on until its kernel has run:
// destroying a surface object that queued work still uses is undefined (a
// test saw one texture's texels in the other's, once in 12 runs, when each
// fill destroyed its surface right after the launch).
struct _WsCudaGlImage
{
  cudaGraphicsResource_t resource;
  cudaSurfaceObject_t surface; // 0: none pending
  cudaEvent_t written;         // after the kernel that writes through it
};

// Destroys the last fill's surface once its kernel is done (by the next
// fill, nearly always: no wait then).
static void
retire_surface (WsCudaGlImage *image)
{
  if (image->surface == 0)
    return;
  if (image->written != nullptr)
    cudaEventSynchronize (image->written);
  else
    cudaDeviceSynchronize ();
  cudaDestroySurfaceObject (image->surface);
  image->surface = 0;
  cudaGetLastError ();
}

WsCudaGlImage *
ws_cuda_gl_register_image (guint gl_texture, GError **error)
{
  cudaGraphicsResource_t resource = nullptr;

  // Surface load/store: the kernel writes texels with surf2Dwrite.
  if (!ws::gl_context_on_device (error)
      || !ws::check (cudaGraphicsGLRegisterImage (&resource, gl_texture, GL_TEXTURE_2D,
                                                  cudaGraphicsRegisterFlagsSurfaceLoadStore),
                     "CUDA cannot use this OpenGL context's textures", error))
    return nullptr;
  WsCudaGlImage *image = g_new0 (WsCudaGlImage, 1);
  image->resource = resource;
  if (cudaEventCreateWithFlags (&image->written, cudaEventDisableTiming) != cudaSuccess)
    {
      image->written = nullptr; // retire_surface waits for the whole device instead
      cudaGetLastError ();
    }
  return image;
}

// The mapped texture's level 0 as a surface, once it is known to hold
// texels × texels.
static bool
open_surface (cudaGraphicsResource_t resource, guint texels, cudaSurfaceObject_t *surface,
              GError **error)
{
  cudaArray_t array = nullptr;
  cudaChannelFormatDesc desc;
  cudaExtent extent;
  unsigned flags;
  cudaResourceDesc res = {};

  if (!ws::check (cudaGraphicsSubResourceGetMappedArray (&array, resource, 0, 0),
                  "Cannot reach the mapped OpenGL texture", error)
      || !ws::check (cudaArrayGetInfo (&desc, &extent, &flags, array),
                     "Cannot query the mapped OpenGL texture", error))
    return false;
  if (texels > extent.width || texels > extent.height)
    return ws::invalid (error, "Heat map: %u × %u texels do not fit the %zu × %zu texture",
                        texels, texels, extent.width, extent.height);
  res.resType = cudaResourceTypeArray;
  res.res.array.array = array;
  return ws::check (cudaCreateSurfaceObject (surface, &res),
                    "Cannot write the OpenGL texture from CUDA", error);
}

gboolean
ws_cuda_heat_fill_image (WsCudaGlImage *image, WsCudaType type, gconstpointer d_grid,
                         guint64 side, const WsCudaHeatRegion *region, const WsCudaHeatMask *mask,
                         guint texels, GError **error)
{
  WsCudaHeatRegion g = region_of (region, side);
  cudaSurfaceObject_t surface = 0;
  GError *first = nullptr;
  bool ok;

  if (image == nullptr)
    return ws::invalid (error, "Heat map: no registered OpenGL texture given");
  if (!check_args (d_grid, side, g, mask, texels, error)
      || !ws::check (cudaGraphicsMapResources (1, &image->resource),
                     "Cannot map the OpenGL texture", error))
    return FALSE;
  retire_surface (image);
  ok = open_surface (image->resource, texels, &surface, &first)
       && launch (type, d_grid, side, g, mask, texels, SurfaceSink{ surface }, &first);
  image->surface = surface;
  if (surface != 0 && image->written != nullptr)
    cudaEventRecord (image->written);
  // Unmapping orders the kernel before OpenGL's next use of the texture:
  // no wait here. On every path, after a failure too; the first error wins.
  ok = ws::check (cudaGraphicsUnmapResources (1, &image->resource),
                  "Cannot unmap the OpenGL texture", first != nullptr ? nullptr : &first)
       && ok;
  if (first != nullptr)
    g_propagate_error (error, first);
  return ok;
}

void
ws_cuda_gl_unregister_image (WsCudaGlImage *image)
{
  if (image == nullptr)
    return;
  retire_surface (image);
  if (image->written != nullptr)
    cudaEventDestroy (image->written);
  cudaGraphicsUnregisterResource (image->resource);
  g_free (image);
}
