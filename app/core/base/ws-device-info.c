/* ws-device-info.c: what follows from a device's table (ws-device-info.h). */
#include "ws-device-info.h"

double
ws_device_peak_gbps (const WsDeviceInfo *info)
{
  g_return_val_if_fail (info != NULL, 0.0);
  if (info->memory_bus_width <= 0 || info->memory_clock_khz <= 0)
    return 0.0;
  return 2.0 * info->memory_clock_khz * 1e3 * (info->memory_bus_width / 8) / 1e9;
}
