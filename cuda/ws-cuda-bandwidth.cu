// ws-cuda-bandwidth.cu: the GPU's copy bandwidth, the yardstick of the
// roofline table (warpscope-cli roofline, issue 20). A device-to-device
// cudaMemcpy reads every byte once and writes it once, so it moves 2 × bytes:
// counted that way, as the issue measured 4.23 TB/s on an H200, it is the
// most a kernel that streams its data once can hope for on this device.
#include "ws-cuda-common.cuh"

#include <vector>

namespace
{

// One copy of `bytes` from src to dst; *ms its time between the events.
bool
time_copy (void *dst, const void *src, size_t bytes, const ws::EventPair &ev, double *ms,
           GError **error)
{
  return ev.begin (error)
         && ws::check (cudaMemcpyAsync (dst, src, bytes, cudaMemcpyDeviceToDevice),
                       "The device-to-device copy failed", error)
         && ev.end ("The device-to-device copy failed", ms, error);
}

// Source and destination on the device, the source set (a copy of memory
// never written would be flagged by compute-sanitizer's initcheck).
bool
prepare (ws::DeviceBuffer<unsigned char> &src, ws::DeviceBuffer<unsigned char> &dst, size_t bytes,
         GError **error)
{
  return ws::use_device (nullptr, error)
         && src.alloc (bytes, "Cannot allocate the copy's source on the GPU", error)
         && dst.alloc (bytes, "Cannot allocate the copy's destination on the GPU", error)
         && ws::check (cudaMemset (src.get (), 0x5a, bytes), "Cannot fill the copy's source",
                       error);
}

} // namespace

gboolean
ws_cuda_copy_bandwidth (gsize bytes, guint repeat, double *gb_per_s, GError **error)
{
  ws::DeviceBuffer<unsigned char> src, dst;
  ws::EventPair ev;
  std::vector<double> ms (repeat);
  double warm_up;

  if (bytes == 0)
    return ws::invalid (error, "The copy bandwidth needs a copy of at least one byte; 0 bytes "
                               "were asked (1 GiB is the usual size)");
  if (repeat == 0)
    return ws::invalid (error, "The copy bandwidth needs at least one timed copy; 0 were asked");
  if (!prepare (src, dst, bytes, error) || !ev.create (error)
      || !time_copy (dst.get (), src.get (), bytes, ev, &warm_up, error))
    return FALSE;
  for (guint r = 0; r < repeat; r++)
    if (ws::stopped (error) || !time_copy (dst.get (), src.get (), bytes, ev, &ms[r], error))
      return FALSE;
  // Read and written: 2 × bytes, 1 GB = 1e9 B.
  *gb_per_s = 2.0 * (double) bytes / (ws::median (ms.data (), ms.size ()) * 1e-3) / 1e9;
  return TRUE;
}
