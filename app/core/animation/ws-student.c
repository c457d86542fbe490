/* ws-student.c: opening a student's sort — a kernel compiled, a C function
 * loaded — and saying what it did (see ws-student.h). */
#include "ws-student-private.h"

#include <string.h>
#include <unistd.h>

#include "ws-error.h"
#include "ws-file.h"
#include "ws-header.h"

#define HEADER "warpscope-kernel"
#define MAX_SOURCE_BYTES (16 << 20)

/* The parameters after n, by network: names and count. */
static const char *const param_names[WS_N_NETWORKS] = {
  [WS_NETWORK_BITONIC] = "unsigned k, unsigned j",
  [WS_NETWORK_ODD_EVEN] = "unsigned phase",
  [WS_NETWORK_ODD_EVEN_MERGE] = "unsigned p, unsigned k",
};

static const char *
c_key (WsKeyType type)
{
  return type == WS_KEY_INT32 ? "int" : "float";
}

char *
ws_student_signature (WsNetworkKind network, WsKeyType type, gboolean kernel)
{
  g_return_val_if_fail (network < WS_N_NETWORKS, NULL);
  return g_strdup_printf ("%svoid stage (%s *keys, unsigned n, %s)",
                          kernel ? "extern \"C\" __global__ " : "", c_key (type),
                          param_names[network]);
}

/* The kernel's type as C++ writes it, for the signature's check. */
static char *
pointer_type (WsNetworkKind network, WsKeyType type)
{
  return g_strdup_printf ("void (*) (%s *, unsigned, unsigned%s)", c_key (type),
                          network == WS_NETWORK_ODD_EVEN ? "" : ", unsigned");
}

guint
ws_student_params (const WsStudent *s, gsize width, const WsPassInfo *info, guint *params)
{
  params[0] = (guint) width;
  if (s->network == WS_NETWORK_ODD_EVEN)
    {
      params[1] = info->phase;
      return 2;
    }
  /* bitonic: stage k, distance j; merge: stage p (info k), step k (info j) */
  params[1] = (guint) info->k;
  params[2] = (guint) info->j;
  return 3;
}

WsStudentPathKind
ws_student_path_kind (const char *path)
{
  if (g_str_has_suffix (path, ".cu"))
    return WS_STUDENT_KERNEL;
  if (g_str_has_suffix (path, ".so") || strstr (path, ".so.") != NULL)
    return WS_STUDENT_FUNCTION;
  return WS_STUDENT_TRACE;
}

WsNetworkKind
ws_student_network (const WsStudent *s)
{
  return s->network;
}

WsKeyType
ws_student_key_type (const WsStudent *s)
{
  return s->type;
}

gboolean
ws_student_is_kernel (const WsStudent *s)
{
  return s->module == NULL;
}

void
ws_student_free (WsStudent *s)
{
  if (s == NULL)
    return;
  if (s->stage != NULL)
    s->ops->free (s->stage);
  g_clear_pointer (&s->module, g_module_close);
  g_free (s->path);
  g_free (s);
}

void
ws_student_result_clear (WsStudentResult *r)
{
  g_clear_pointer (&r->message, g_free);
  memset (r, 0, sizeof *r);
}

gboolean
ws_student_source_header (const char *path, const char *text, WsHeader *h, GError **error)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", 64);

  for (gsize i = 0; lines[i] != NULL && lines[i + 1] != NULL; i++)
    {
      const char *l = lines[i] + strspn (lines[i], " \t\r");
      if (*l == '\0')
        continue;
      if (!g_str_has_prefix (l, "//"))
        break;
      if ((l = strstr (l, HEADER)) != NULL)
        return ws_header_read (h, path, i + 1, l + strlen (HEADER), TRUE, error);
    }
  return TRUE;
}

/* The choice over the header over the defaults. */
static gboolean
settle (WsStudent *s, const WsStudentChoice *c, const WsHeader *h, GError **error)
{
  const char *network = c->network ? c->network : h->network;

  s->type = c->type ? *c->type : h->type;
  s->block = c->block ? c->block : h->block ? h->block : WS_STUDENT_DEFAULT_BLOCK;
  if (network == NULL)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "Which network does %s sort by? Give --network bitonic, odd-even or "
                   "oddeven-merge, or a first line “// " HEADER " network=bitonic”", s->path);
      return FALSE;
    }
  return ws_network_kind_parse (network, &s->network, error);
}

static gboolean
open_kernel (WsStudent *s, const char *text, char **warnings, GError **error)
{
  const WsBackend *gpu = ws_backend_gpu ();
  g_autofree char *pointer = pointer_type (s->network, s->type);
  g_autofree char *signature = ws_student_signature (s->network, s->type, TRUE);
  WsStageSource src = { s->path, text, c_key (s->type), pointer, signature };

  if (gpu->stage == NULL || gpu->device == NULL)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE,
                   "This Warpscope was built without CUDA, so it cannot compile or run %s; "
                   "traces and C functions still work", s->path);
      return FALSE;
    }
  s->ops = gpu->stage;
  s->device = gpu->device;
  s->stage = s->ops->compile (&src, warnings, error);
  return s->stage != NULL;
}

static gboolean
open_function (WsStudent *s, GError **error)
{
  g_autofree char *absolute = g_canonicalize_filename (s->path, NULL);

  s->module = g_module_open (absolute, G_MODULE_BIND_LOCAL | G_MODULE_BIND_LAZY);
  if (s->module == NULL)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_IO, "Cannot load %s: %s; build it with "
                   "“cc -shared -fPIC -O2 -o stage.so stage.c”", s->path, g_module_error ());
      return FALSE;
    }
  if (!g_module_symbol (s->module, "stage", &s->function) || s->function == NULL)
    {
      g_autofree char *signature = ws_student_signature (s->network, s->type, FALSE);
      g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "%s has no function “stage”; Warpscope "
                   "calls %s once a pass", s->path, signature);
      return FALSE;
    }
  return TRUE;
}

/* A shared object is loaded by path: refuse FIFOs, folders and devices
 * as every input is refused. */
static gboolean
is_regular (const char *path, GError **error)
{
  int fd = ws_file_open_input (path, error);

  if (fd < 0)
    return FALSE;
  close (fd);
  return TRUE;
}

WsStudent *
ws_student_open (const char *path, const WsStudentChoice *choice, char **warnings, GError **error)
{
  g_autoptr (WsStudent) s = g_new0 (WsStudent, 1);
  g_autofree char *text = NULL;
  gsize len = 0;
  WsHeader h = { NULL, WS_KEY_FLOAT32, 0 };
  gboolean function = ws_student_path_kind (path) == WS_STUDENT_FUNCTION;
  gboolean ok;

  g_return_val_if_fail (path != NULL && choice != NULL, NULL);
  if (warnings != NULL)
    *warnings = NULL;
  s->path = g_strdup (path);
  if (function ? !is_regular (path, error)
               : !ws_file_read_input (path, MAX_SOURCE_BYTES, "a kernel source", &text, &len, error))
    return NULL;
  if (!function && memchr (text, '\0', len) != NULL)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "%s is not text (it holds a zero byte): "
                   "give the CUDA source of your kernel", path);
      return NULL;
    }
  ok = (function || ws_student_source_header (path, text, &h, error)) && settle (s, choice, &h, error)
       && (function ? open_function (s, error) : open_kernel (s, text, warnings, error));
  ws_header_clear (&h);
  return ok ? g_steal_pointer (&s) : NULL;
}

char *
ws_student_describe (const WsStudent *s, gsize n, const WsStudentResult *r)
{
  g_autoptr (WsNetwork) net = ws_network_new (s->network, n, NULL);
  g_autofree char *label = net ? ws_network_pass_label (net, r->pass) : NULL;
  guint passes = net ? ws_network_n_passes (net) : 0;

  switch (r->outcome)
    {
    case WS_STUDENT_DIVERGED:
      {
        g_autofree char *words = ws_divergence_describe (net, &r->divergence);
        if (r->index == G_MAXUINT64)
          return g_steal_pointer (&words);
        return g_strdup_printf ("%s; and memory past the end of the keys changed (key %"
                                G_GUINT64_FORMAT "): a thread past the last key?", words,
                                r->index);
      }
    case WS_STUDENT_PAST_END:
      return g_strdup_printf ("pass %u of %u (%s): the %s wrote past the end of the %"
                              G_GSIZE_FORMAT " keys (key %" G_GUINT64_FORMAT " changed); "
                              "threads past the last key must leave memory alone",
                              r->pass + 1, passes, label, s->module ? "function" : "kernel",
                              ws_network_width (net), r->index);
    case WS_STUDENT_FAULT:
      return g_strdup_printf ("pass %u of %u (%s): the kernel faulted — %s", r->pass + 1,
                              passes, label, r->message);
    default:
      return g_strdup ("every pass matches the reference");
    }
}
