/* ws-nvrtc.c: NVRTC, found and loaded at run time (see ws-nvrtc.h). */
#include "ws-nvrtc.h"

#include <gmodule.h>
#include <nvrtc.h>
#include <string.h>

#include "ws-error.h"

/* The calls we make, resolved from the library. */
typedef struct
{
  GModule *module;
  char    *path;
  const char *(*error_string) (nvrtcResult);
  nvrtcResult (*create) (nvrtcProgram *, const char *, const char *, int, const char *const *,
                         const char *const *);
  nvrtcResult (*destroy) (nvrtcProgram *);
  nvrtcResult (*add_name) (nvrtcProgram, const char *);
  nvrtcResult (*compile) (nvrtcProgram, int, const char *const *);
  nvrtcResult (*log_size) (nvrtcProgram, size_t *);
  nvrtcResult (*log) (nvrtcProgram, char *);
  nvrtcResult (*cubin_size) (nvrtcProgram, size_t *);
  nvrtcResult (*cubin) (nvrtcProgram, char *);
  nvrtcResult (*lowered) (nvrtcProgram, const char *, const char **);
} Nvrtc;

/* Where the toolkit puts it: WS_NVRTC names a file; then the loader's own
 * search, then the toolkit's usual homes. */
static GModule *
open_library (char **path)
{
  const char *home = g_getenv ("CUDA_HOME");
  g_autofree char *in_home = home ? g_build_filename (home, "lib64", "libnvrtc.so.13", NULL) : NULL;
  const char *tries[] = { g_getenv ("WS_NVRTC"), "libnvrtc.so.13", in_home,
                          "/usr/local/cuda/lib64/libnvrtc.so.13",
                          "/usr/local/cuda-13/lib64/libnvrtc.so.13" };

  for (gsize i = 0; i < G_N_ELEMENTS (tries); i++)
    {
      GModule *m = tries[i] && *tries[i] ? g_module_open (tries[i], G_MODULE_BIND_LOCAL) : NULL;
      if (m != NULL)
        {
          *path = g_strdup (tries[i]);
          return m;
        }
    }
  return NULL;
}

static gboolean
resolve (GModule *m, const char *name, gpointer *to)
{
  return g_module_symbol (m, name, to);
}

static gboolean
resolve_all (Nvrtc *n)
{
  return resolve (n->module, "nvrtcGetErrorString", (gpointer *) &n->error_string)
         && resolve (n->module, "nvrtcCreateProgram", (gpointer *) &n->create)
         && resolve (n->module, "nvrtcDestroyProgram", (gpointer *) &n->destroy)
         && resolve (n->module, "nvrtcAddNameExpression", (gpointer *) &n->add_name)
         && resolve (n->module, "nvrtcCompileProgram", (gpointer *) &n->compile)
         && resolve (n->module, "nvrtcGetProgramLogSize", (gpointer *) &n->log_size)
         && resolve (n->module, "nvrtcGetProgramLog", (gpointer *) &n->log)
         && resolve (n->module, "nvrtcGetCUBINSize", (gpointer *) &n->cubin_size)
         && resolve (n->module, "nvrtcGetCUBIN", (gpointer *) &n->cubin)
         && resolve (n->module, "nvrtcGetLoweredName", (gpointer *) &n->lowered);
}

/* Loaded once per process; NULL (and stays so) where it cannot be. */
static const Nvrtc *
nvrtc_get (GError **error)
{
  static Nvrtc nvrtc;
  static gsize once;

  if (g_once_init_enter (&once))
    {
      nvrtc.module = open_library (&nvrtc.path);
      if (nvrtc.module != NULL && !resolve_all (&nvrtc))
        g_clear_pointer (&nvrtc.module, g_module_close);
      g_once_init_leave (&once, 1);
    }
  if (nvrtc.module == NULL)
    g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE,
                 "Compiling a CUDA kernel needs NVRTC (libnvrtc.so.13, part of the CUDA 13 "
                 "toolkit), which this machine does not have: install the toolkit, or set "
                 "WS_NVRTC to the library's path. Traces and C functions need no toolkit");
  return nvrtc.module ? &nvrtc : NULL;
}

/* The name NVRTC gives the text the signature check is compiled under:
 * errors there are about the student's declaration, not a line of it. */
#define CHECK_FILE "warpscope-signature-check"

/* Appended to the source: the kernel must have the network's parameters.
 * #line gives it a file of its own, so the student's lines keep their
 * numbers and its errors are told apart. */
static char *
with_check (const WsNvrtcRequest *rq)
{
  return g_strdup_printf (
    "%s\n#line 1 \"" CHECK_FILE "\"\n"
    "namespace ws_signature { template <class A, class B> struct same { static constexpr bool "
    "value = false; }; template <class A> struct same<A, A> { static constexpr bool value = "
    "true; }; }\n"
    "static_assert (ws_signature::same<decltype (&stage), %s>::value, \"signature\");\n",
    rq->source, rq->pointer);
}

typedef struct
{
  GString *errors, *warnings;
  GRegex  *diagnostic; /* "file(line): kind: text" */
  gboolean signature, undefined, not_global;
} LogReport;

/* One diagnostic: "file(line): error: text", then (in most) the source
 * line echoed two spaces in and a caret line under it, whose caret gives
 * the column. */
static void
report_one (const WsNvrtcRequest *rq, char **lines, guint *i, LogReport *r)
{
  g_autoptr (GMatchInfo) m = NULL;
  g_autofree char *file = NULL, *line = NULL, *kind = NULL, *text = NULL;
  long column = 0;

  if (!g_regex_match (r->diagnostic, lines[*i], 0, &m))
    return;
  file = g_match_info_fetch (m, 1), line = g_match_info_fetch (m, 2);
  kind = g_match_info_fetch (m, 3), text = g_match_info_fetch (m, 4);
  if (lines[*i + 1] != NULL && lines[*i + 2] != NULL && strchr (lines[*i + 2], '^') != NULL)
    {
      column = strchr (lines[*i + 2], '^') - lines[*i + 2] - 1;
      *i += 2;
    }
  /* The lookup of the kernel's name: about the declaration too. */
  if (strstr (text, "name expression") != NULL)
    {
      r->signature = TRUE;
      r->not_global |= strstr (text, "non-__global__") != NULL;
      return;
    }
  if (g_str_equal (file, CHECK_FILE))
    {
      r->signature = TRUE;
      r->undefined |= strstr (text, "undefined") != NULL;
      return;
    }
  g_string_append_printf (g_str_equal (kind, "error") ? r->errors : r->warnings,
                          "%s:%s:%ld: %s: %s\n", rq->path, line, MAX (column, 1), kind, text);
}

static void
report_log (const WsNvrtcRequest *rq, const char *log, LogReport *r)
{
  g_auto (GStrv) lines = g_strsplit (log, "\n", -1);

  r->diagnostic = g_regex_new ("^(.*)\\(([0-9]+)\\): (error|warning|remark)[^:]*: (.*)$", 0, 0,
                               NULL);
  for (guint i = 0; lines[i] != NULL; i++)
    report_one (rq, lines, &i, r);
  g_clear_pointer (&r->diagnostic, g_regex_unref);
  if (r->signature)
    g_string_append_printf (r->errors, "%s: %s; Warpscope launches %s\n", rq->path,
                            r->undefined    ? "there is no kernel named “stage”"
                            : r->not_global ? "“stage” is not a kernel (declare it __global__)"
                                            : "the kernel “stage” has other parameters",
                            rq->signature);
}

static char *
program_log (const Nvrtc *n, nvrtcProgram prog)
{
  size_t size = 0;
  char *log;

  if (n->log_size (prog, &size) != NVRTC_SUCCESS || size == 0)
    return g_strdup ("");
  log = g_malloc0 (size + 1);
  if (n->log (prog, log) != NVRTC_SUCCESS)
    log[0] = '\0';
  return log;
}

/* The compile itself; its log read into r, the result returned. */
static nvrtcResult
compile_program (const Nvrtc *n, nvrtcProgram prog, const WsNvrtcRequest *rq, LogReport *r)
{
  g_autofree char *arch = rq->arch ? g_strdup_printf ("-arch=sm_%d", rq->arch)
                                   : g_strdup ("-arch=compute_75");
  g_autofree char *key = g_strdup_printf ("-DWS_KEY=%s", rq->key);
  const char *options[] = { arch, key, "-std=c++17", "-lineinfo" };
  nvrtcResult status = n->compile (prog, G_N_ELEMENTS (options), options);
  g_autofree char *log = program_log (n, prog);

  report_log (rq, log, r);
  if (status != NVRTC_SUCCESS && r->errors->len == 0 && *g_strstrip (log) != '\0')
    g_string_append_printf (r->errors, "%s: %s", rq->path, log); /* ptxas's words */
  return status;
}

static GBytes *
take_image (const Nvrtc *n, nvrtcProgram prog, const WsNvrtcRequest *rq, char **entry,
            GError **error)
{
  size_t size = 0;
  const char *lowered = NULL;
  g_autofree char *image = NULL;

  if (rq->arch == 0)
    return g_bytes_new (NULL, 0);
  if (n->lowered (prog, "stage", &lowered) != NVRTC_SUCCESS || lowered == NULL
      || n->cubin_size (prog, &size) != NVRTC_SUCCESS || size == 0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_PARSE,
                   "%s: “stage” compiled, but not as a kernel: declare it __global__ (%s)",
                   rq->path, rq->signature);
      return NULL;
    }
  image = g_malloc (size);
  if (n->cubin (prog, image) != NVRTC_SUCCESS)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_DEVICE, "%s: NVRTC compiled it but gave no code",
                   rq->path);
      return NULL;
    }
  *entry = g_strdup (lowered);
  return g_bytes_new_take (g_steal_pointer (&image), size);
}

GBytes *
ws_nvrtc_compile (const WsNvrtcRequest *rq, char **entry, char **warnings, GError **error)
{
  const Nvrtc *n = nvrtc_get (error);
  g_autofree char *text = NULL;
  nvrtcProgram prog = NULL;
  LogReport r = { g_string_new (NULL), g_string_new (NULL) };
  nvrtcResult status;
  GBytes *image = NULL;

  if (warnings != NULL)
    *warnings = NULL;
  if (n == NULL)
    goto out;
  text = with_check (rq);
  if ((status = n->create (&prog, text, rq->path, 0, NULL, NULL)) != NVRTC_SUCCESS
      || (status = n->add_name (prog, "stage")) != NVRTC_SUCCESS)
    g_set_error (error, WS_ERROR, WS_ERROR_DEVICE, "NVRTC cannot take %s: %s", rq->path,
                 n->error_string (status));
  else if ((status = compile_program (n, prog, rq, &r)) != NVRTC_SUCCESS)
    g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "%s",
                 r.errors->len ? g_strchomp (r.errors->str) : n->error_string (status));
  else
    image = take_image (n, prog, rq, entry, error);
  if (image != NULL && warnings != NULL && r.warnings->len > 0)
    *warnings = g_strdup (g_strchomp (r.warnings->str));
  if (prog != NULL)
    n->destroy (&prog);
out:
  g_string_free (r.errors, TRUE), g_string_free (r.warnings, TRUE);
  return image;
}
