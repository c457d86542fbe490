/* test-system.c: what ws-system reads of the host — the NVIDIA driver's
 * version from the text of /proc/driver/nvidia/version as the proprietary
 * and the open kernel modules write it (x86_64 and aarch64), nothing from
 * text that is not that file's; the CPU's counts. */
#include <string.h>

#include "ws-system.h"

static void
assert_driver (const char *text, const char *want)
{
  g_autofree char *got = ws_system_parse_nvidia_driver (text);

  g_assert_cmpstr (got, ==, want);
}

static void
test_nvidia_driver (void)
{
  assert_driver ("NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 "
                 "01:15:15 UTC 2023\nGCC version:  gcc version 12.2.0 (Debian 12.2.0-14)\n",
                 "535.104.05");
  assert_driver ("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  570.86.15  Release "
                 "Build  (dvs-builder@U16-I2-C03-12-4)  Thu Jan 23 22:50:35 UTC 2025\n",
                 "570.86.15");
  assert_driver ("NVRM version: NVIDIA UNIX Open Kernel Module for aarch64  580.65.06  Release "
                 "Build\n", "580.65.06");
  assert_driver ("NVRM version: NVIDIA UNIX x86_64 Kernel Module\n 1.2 on the next line", NULL);
  assert_driver ("GCC version: 12.2.0\n", NULL);
  assert_driver ("", NULL);
  assert_driver (NULL, NULL);
}

/* On this machine: a version where the driver's file is there, else NULL. */
static void
test_nvidia_driver_here (void)
{
  g_autofree char *v = ws_system_nvidia_driver ();
  g_autofree char *text = NULL;

  if (g_file_get_contents ("/proc/driver/nvidia/version", &text, NULL, NULL))
    {
      g_assert_nonnull (v);
      g_assert_true (g_ascii_isdigit (v[0]) && strchr (v, '.') != NULL);
    }
  else
    g_assert_null (v);
}

static void
test_cpu (void)
{
  WsCpuInfo cpu;

  ws_system_cpu_info (&cpu);
  g_assert_cmpuint (cpu.logical_cpus, >=, 1);
  g_assert_cmpuint (cpu.physical_cores, >=, 1);
  g_assert_cmpuint (cpu.physical_cores, <=, cpu.logical_cpus);
  g_assert_cmpuint (cpu.omp_threads, >=, 1);
  g_assert_cmpuint (strlen (cpu.model), >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/system/nvidia-driver", test_nvidia_driver);
  g_test_add_func ("/system/nvidia-driver-here", test_nvidia_driver_here);
  g_test_add_func ("/system/cpu", test_cpu);
  return g_test_run ();
}
