/* test-gpu-student.c: students' stage kernels (data/examples/stage-*.cu)
 * compiled by NVRTC and run pass by pass beside the reference
 * (ws-student.h). The correct ones match on every input of the suite, for
 * both key types; each buggy one is reported where the same bug, written
 * here as a host function (its twin), first parts from the reference — a
 * trace of the twin compared by ws_divergence_trace, independent of the
 * device's comparison. */
#include <string.h>

#include "gpu-test-util.h"
#include "ws-student-suite.h"
#include "ws-student.h"

static char *
example (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "..", "data", "examples", name, NULL);
}

static WsStudent *
open_kernel (const char *path, WsKeyType type)
{
  g_autoptr (GError) error = NULL;
  WsStudent *s = ws_student_open (path, &(WsStudentChoice) { NULL, &type, 0 }, NULL, &error);

  g_assert_no_error (error);
  return s;
}

/* The example with its keys made int (the examples are written for float). */
static char *
as_int32 (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GRegex) re = g_regex_new ("\\bfloat\\b", 0, 0, NULL);
  g_autofree char *swapped = NULL;
  char *out = g_build_filename (g_get_tmp_dir (), "ws-test-int32.cu", NULL);

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  swapped = g_regex_replace_literal (re, text, -1, 0, "int", 0, NULL);
  g_assert_true (g_file_set_contents (out, swapped, -1, &error));
  return out;
}

static void
assert_suite_matches (const char *path, WsKeyType type)
{
  g_autoptr (WsStudent) s = open_kernel (path, type);
  g_autoptr (GArray) suite = ws_student_suite (ws_student_network (s), 0, NULL);

  for (guint i = 0; i < suite->len; i++)
    {
      const WsSuiteInput *in = &g_array_index (suite, WsSuiteInput, i);
      g_autoptr (GError) error = NULL;
      g_autoptr (WsArray) keys = ws_student_suite_keys (in, type, 7, &error);
      WsStudentResult r;

      if (in->n > (1 << 16) && !g_test_slow ())
        continue; /* 2^20 keys take seconds of host replay only where asked */
      g_assert_true (ws_student_run (s, keys, NULL, NULL, NULL, &r, &error));
      g_assert_no_error (error);
      if (r.outcome != WS_STUDENT_MATCHED)
        {
          g_autofree char *words = ws_student_describe (s, keys->n, &r);
          g_autofree char *label = ws_student_suite_label (in, type, 7);
          g_error ("%s on %s: %s", path, label, words);
        }
    }
}

static void
test_correct (gconstpointer name)
{
  g_autofree char *path = example (name);
  g_autofree char *ints = NULL;

  if (gpu_test_skip_without_device ())
    return;
  assert_suite_matches (path, WS_KEY_FLOAT32);
  ints = as_int32 (path);
  assert_suite_matches (ints, WS_KEY_INT32);
}

/* ---- the bugs' twins: one pass each, on the host ---- */

typedef void (*Twin) (float *keys, unsigned n, unsigned k, unsigned j);

static void
exchange (float *keys, unsigned a, unsigned b, gboolean ascending)
{
  float x = keys[a], y = keys[b];
  if (ascending ? x > y : x < y)
    keys[a] = y, keys[b] = x;
}

static void
wrong_partner (float *keys, unsigned n, unsigned k, unsigned j)
{
  for (unsigned i = 0; i < n; i++)
    if ((i ^ k) > i && (i ^ k) < n)
      exchange (keys, i, i ^ k, (i & k) == 0);
}

static void
wrong_direction (float *keys, unsigned n, unsigned k, unsigned j)
{
  for (unsigned i = 0; i < n; i++)
    if ((i ^ j) > i)
      exchange (keys, i, i ^ j, (i & j) == 0);
}

static void
off_by_one (float *keys, unsigned n, unsigned k, unsigned j)
{
  for (unsigned i = 0; i < n; i++)
    if ((i ^ j) > i && (i ^ j) < n - 1)
      exchange (keys, i, i ^ j, (i & k) == 0);
}

/* The race as the hardware runs it: across warps, the upper thread writes
 * its key back before its partner exchanged it. */
static void
shared_race (float *keys, unsigned n, unsigned k, unsigned j)
{
  g_autofree float *before = g_memdup2 (keys, n * sizeof (float));

  for (unsigned i = 0; i < n; i++)
    if ((i ^ j) > i)
      exchange (keys, i, i ^ j, (i & k) == 0);
  if (j < 32 || j >= 256 || n < 256)
    return;
  for (unsigned i = 0; i < n; i++)
    if ((i ^ j) < i)
      keys[i] = before[i];
}

/* The guard's first key, as ws-student-run.c fills it. */
#define GUARD0 (-1e30f)

static void
no_bounds_check (float *keys, unsigned n, unsigned phase, unsigned unused)
{
  for (unsigned i = phase; i < n; i += 2)
    exchange (keys, i, i + 1, TRUE); /* keys[n] is the guard's first key */
}

/* The twin's trace on input, compared as a trace is. */
static void
twin_divergence (WsNetworkKind kind, Twin twin, const WsArray *input, WsDivergence *d)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsNetwork) net = ws_network_new (kind, input->n, NULL);
  g_autoptr (WsArray) keys = ws_network_pad (net, input, NULL);
  g_autofree float *work = g_new (float, keys->n + 1);
  WsTrace t = { NULL, (WsArray *) input,
                g_ptr_array_new_with_free_func ((GDestroyNotify) ws_array_free),
                g_array_new (FALSE, TRUE, sizeof (gsize)) };
  gboolean diverged;

  memcpy (work, keys->data, ws_array_bytes (keys));
  work[keys->n] = GUARD0;
  for (guint p = 0; p < ws_network_n_passes (net); p++)
    {
      WsPassInfo info;
      WsArray *row = ws_array_new (WS_KEY_FLOAT32, keys->n, NULL);
      gsize line = p + 2;
      ws_network_pass_info (net, p, &info);
      twin (work, (unsigned) keys->n, kind == WS_NETWORK_ODD_EVEN ? info.phase : (unsigned) info.k,
            (unsigned) info.j);
      memcpy (row->data, work, ws_array_bytes (keys));
      g_ptr_array_add (t.passes, row);
      g_array_append_val (t.pass_lines, line);
    }
  g_assert_true (ws_divergence_trace (kind, &t, &diverged, d, &error));
  g_assert_no_error (error);
  g_assert_true (diverged);
  g_ptr_array_unref (t.passes), g_array_unref (t.pass_lines);
}

typedef struct
{
  const char   *file;
  WsNetworkKind kind;
  Twin          twin;
  gsize         n;
} Bug;

static const Bug bugs[] = {
  { "stage-bitonic-wrong-partner.cu", WS_NETWORK_BITONIC, wrong_partner, 300 },
  { "stage-bitonic-wrong-direction.cu", WS_NETWORK_BITONIC, wrong_direction, 300 },
  { "stage-bitonic-off-by-one.cu", WS_NETWORK_BITONIC, off_by_one, 300 },
  { "stage-bitonic-shared-race.cu", WS_NETWORK_BITONIC, shared_race, 1000 },
  { "stage-odd-even-no-bounds-check.cu", WS_NETWORK_ODD_EVEN, no_bounds_check, 301 },
};

static void
test_bug (gconstpointer data)
{
  const Bug *bug = data;
  g_autofree char *path = example (bug->file);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsStudent) s = NULL;
  g_autoptr (WsArray) input = NULL;
  g_autofree char *words = NULL;
  WsStudentResult r;
  WsDivergence want;

  if (gpu_test_skip_without_device ())
    return;
  s = open_kernel (path, WS_KEY_FLOAT32);
  input = ws_student_suite_keys (&(WsSuiteInput) { bug->n, WS_SUITE_UNIFORM }, WS_KEY_FLOAT32, 3,
                                 NULL);
  g_assert_true (ws_student_run (s, input, NULL, NULL, NULL, &r, &error));
  g_assert_no_error (error);
  words = ws_student_describe (s, input->n, &r);
  g_test_message ("%s: %s", bug->file, words);
  twin_divergence (bug->kind, bug->twin, input, &want);
  g_assert_cmpint (r.outcome, ==, WS_STUDENT_DIVERGED);
  g_assert_cmpuint (r.pass, ==, want.pass);
  g_assert_cmpuint (r.divergence.index, ==, want.index);
  g_assert_cmpint (r.divergence.kind, ==, want.kind);
  g_assert_cmpfloat (r.divergence.got, ==, want.got);
  if (bug->twin == no_bounds_check)
    g_assert_cmpuint (r.index, >=, ws_network_width (ws_network_new (bug->kind, bug->n, NULL)));
  ws_student_result_clear (&r);
}

/* A kernel that never ends, and one that faults: the process survives to
 * report the fault (the time limit is the CLI's watcher's: test-cli). */
static void
test_fault (void)
{
  static const char source[] =
    "// warpscope-kernel network=bitonic\n"
    "extern \"C\" __global__ void stage (float *keys, unsigned n, unsigned k, unsigned j)\n"
    "{\n"
    "  unsigned i = blockIdx.x * blockDim.x + threadIdx.x, p = i ^ j;\n"
    "  if (k == 4) keys[(1u << 31) + threadIdx.x * 4096u] = 1;\n"
    "  if (i >= n || p <= i) return;\n"
    "  float a = keys[i], b = keys[p];\n"
    "  if ((i & k) == 0 ? a > b : a < b) keys[i] = b, keys[p] = a;\n"
    "}\n";
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "ws-test-fault.cu", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsStudent) s = NULL;
  g_autoptr (WsArray) input = NULL;
  WsStudentResult r;

  if (gpu_test_skip_without_device ())
    return;
  if (!g_test_subprocess ())
    {
      /* the fault ends this process's GPU context: in a child of its own */
      g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
      g_test_trap_assert_passed ();
      return;
    }
  g_assert_true (g_file_set_contents (path, source, -1, &error));
  s = open_kernel (path, WS_KEY_FLOAT32);
  input = ws_student_suite_keys (&(WsSuiteInput) { 64, WS_SUITE_UNIFORM }, WS_KEY_FLOAT32, 1, NULL);
  g_assert_true (ws_student_run (s, input, NULL, NULL, NULL, &r, &error));
  g_assert_no_error (error);
  g_assert_cmpint (r.outcome, ==, WS_STUDENT_FAULT);
  g_assert_cmpuint (r.pass, ==, 1); /* stage k=4 begins at the second pass */
  /* The fault's kind depends on the GPU: an H100 reports an illegal memory
   * access, while on an H200 (2026-11-26) the message named none. Every
   * kind the library classes as a kernel fault carries the hint. */
  g_test_message ("fault: %s", r.message);
  if (strstr (r.message, "kernel faulted") == NULL)
    g_error ("the fault's message does not say a kernel faulted: %s", r.message);
  ws_student_result_clear (&r);
}

int
main (int argc, char **argv)
{
  static const char *correct[] = { "stage-bitonic.cu", "stage-odd-even.cu",
                                   "stage-oddeven-merge.cu" };

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (correct); i++)
    {
      g_autofree char *name = g_strdup_printf ("/gpu/student/correct/%s", correct[i]);
      g_test_add_data_func (name, correct[i], test_correct);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bugs); i++)
    {
      g_autofree char *name = g_strdup_printf ("/gpu/student/bug/%s", bugs[i].file);
      g_test_add_data_func (name, &bugs[i], test_bug);
    }
  g_test_add_func ("/gpu/student/fault", test_fault);
  return g_test_run ();
}
