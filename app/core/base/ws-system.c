/* ws-system.c: the host CPU, read from /proc/cpuinfo and OpenMP. */
#include "ws-system.h"

#include <string.h>
#include <time.h>

#ifdef _OPENMP
#include <omp.h>
#endif

/* Value after "key\t: " on a /proc/cpuinfo line, or NULL. */
static const char *
cpuinfo_value (const char *line,
               const char *key)
{
  gsize len = strlen (key);
  const char *colon;

  if (strncmp (line, key, len) != 0 || (line[len] != '\t' && line[len] != ' '))
    return NULL;
  colon = strchr (line, ':');
  return colon != NULL ? g_strstrip ((char *) colon + 1) : NULL;
}

/* Physical cores are the distinct (physical id, core id) pairs. */
static void
parse_cpuinfo (WsCpuInfo *info,
               char      *text)
{
  g_autoptr (GHashTable) cores = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  const char *package = "0";

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *v;
      if ((v = cpuinfo_value (lines[i], "model name")) != NULL && info->model[0] == '\0')
        g_strlcpy (info->model, v, sizeof info->model);
      else if ((v = cpuinfo_value (lines[i], "physical id")) != NULL)
        package = v;
      else if ((v = cpuinfo_value (lines[i], "core id")) != NULL)
        g_hash_table_add (cores, g_strdup_printf ("%s/%s", package, v));
    }
  info->physical_cores = g_hash_table_size (cores);
}

void
ws_system_cpu_info (WsCpuInfo *info)
{
  g_autofree char *text = NULL;

  memset (info, 0, sizeof *info);
  if (g_file_get_contents ("/proc/cpuinfo", &text, NULL, NULL))
    parse_cpuinfo (info, text);
  if (info->model[0] == '\0')
    g_strlcpy (info->model, "unknown", sizeof info->model);
  info->logical_cpus = g_get_num_processors ();
  if (info->physical_cores == 0 || info->physical_cores > info->logical_cpus)
    info->physical_cores = info->logical_cpus;
#ifdef _OPENMP
  info->omp_threads = (guint) omp_get_max_threads ();
#else
  info->omp_threads = 1;
#endif
}

/* "570.86.15": digits and dots, a dot at least, starting with a digit. */
static gboolean
is_version (const char *word)
{
  gboolean dot = FALSE;

  if (!g_ascii_isdigit (word[0]))
    return FALSE;
  for (const char *p = word; *p; p++)
    if (*p == '.')
      dot = TRUE;
    else if (!g_ascii_isdigit (*p))
      return FALSE;
  return dot;
}

/* The first line's first word that is a version: the module's name comes
 * before it in words of its own ("NVIDIA UNIX x86_64 Kernel Module", "…
 * Open Kernel Module for x86_64"), the build date after. */
char *
ws_system_parse_nvidia_driver (const char *text)
{
  g_autofree char *line = text ? g_strndup (text, strcspn (text, "\n")) : NULL;
  g_auto (GStrv) words = line ? g_strsplit_set (line, " \t", -1) : NULL;

  if (line == NULL || strstr (line, "NVRM") == NULL)
    return NULL;
  for (guint i = 0; words[i] != NULL; i++)
    if (is_version (words[i]))
      return g_strdup (words[i]);
  return NULL;
}

char *
ws_system_nvidia_driver (void)
{
  g_autofree char *text = NULL;

  if (!g_file_get_contents ("/proc/driver/nvidia/version", &text, NULL, NULL))
    return NULL;
  return ws_system_parse_nvidia_driver (text);
}

const char *
ws_system_openmp_name (void)
{
#if defined(_OPENMP) && _OPENMP >= 202011
  return "OpenMP 5.1";
#elif defined(_OPENMP) && _OPENMP >= 201811
  return "OpenMP 5.0";
#elif defined(_OPENMP) && _OPENMP >= 201511
  return "OpenMP 4.5";
#elif defined(_OPENMP)
  return "OpenMP";
#else
  return "no OpenMP";
#endif
}

double
ws_system_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}
