/* test-divergence.c: a student's pass against the reference network's —
 * a pass copied exactly, a pair exchanged the wrong way, a key overwritten
 * instead of swapped, a key moved where no comparator reaches, and -0.0
 * beside +0.0 — and the words that say where and what; then whole traces:
 * read (header, comments, blank lines, padding), matched, broken at a
 * pass, and what a trace cannot be. */
#include <math.h>
#include <string.h>

#include "ws-divergence.h"
#include "ws-error.h"
#include "ws-test-util.h"

typedef struct
{
  WsNetwork *net;
  WsArray   *before, *expected, *got;
} Pass;

/* Pass `pass` of kind's network on n keys: the keys before it (the
 * reference's earlier passes applied), the reference's after it, and a
 * copy of those for the test to break. */
static void
pass_set_up (Pass *p, WsNetworkKind kind, gsize n, guint pass)
{
  g_autoptr (WsArray) input = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, n, 11);

  p->net = ws_test_network_new (kind, n);
  p->before = ws_network_pad (p->net, input, NULL);
  for (guint i = 0; i < pass; i++)
    ws_network_apply_pass (p->net, p->before, i, NULL);
  p->expected = ws_array_copy (p->before, NULL);
  ws_network_apply_pass (p->net, p->expected, pass, NULL);
  p->got = ws_array_copy (p->expected, NULL);
}

static void
pass_clear (Pass *p)
{
  g_clear_pointer (&p->net, ws_network_free);
  g_clear_pointer (&p->before, ws_array_free);
  g_clear_pointer (&p->expected, ws_array_free);
  g_clear_pointer (&p->got, ws_array_free);
}

static void
test_same (void)
{
  Pass p;
  WsDivergence d;

  pass_set_up (&p, WS_NETWORK_BITONIC, 16, 3);
  g_assert_false (ws_divergence_find (p.net, 3, p.before, p.expected, p.got, &d));
  pass_clear (&p);
}

/* A comparator that exchanged the wrong way: the same keys, the lower end
 * first out of place. */
static void
test_wrong_order (void)
{
  Pass p;
  WsDivergence d;
  WsComparator c;
  g_autofree char *text = NULL;
  gint32 t;

  pass_set_up (&p, WS_NETWORK_BITONIC, 16, 3); /* k=8, j=4 */
  g_autofree WsComparator *all = g_new (WsComparator, ws_network_pass_comparators (p.net, 3, NULL));
  ws_network_pass_comparators (p.net, 3, all);
  c = all[2];
  t = p.got->i32[c.min_at], p.got->i32[c.min_at] = p.got->i32[c.max_at], p.got->i32[c.max_at] = t;
  if (p.got->i32[c.min_at] == p.got->i32[c.max_at])
    g_test_skip ("the comparator's keys are equal for this seed");
  else
    {
      g_assert_true (ws_divergence_find (p.net, 3, p.before, p.expected, p.got, &d));
      g_assert_cmpint (d.kind, ==, WS_DIVERGENCE_ORDER);
      g_assert_cmpuint (d.pass, ==, 3);
      g_assert_cmpuint (d.index, ==, MIN (c.min_at, c.max_at));
      g_assert_cmpfloat (d.expected, ==, p.expected->i32[d.index]);
      g_assert_cmpfloat (d.got, ==, p.got->i32[d.index]);
      g_assert_true (d.has_comparator);
      g_assert_cmpuint (d.comparator.min_at, ==, c.min_at);
      g_assert_cmpuint (d.comparator.max_at, ==, c.max_at);
      text = ws_divergence_describe (p.net, &d);
      g_autofree char *want = g_strdup_printf ("pass 4 of 10 (stage k=8, distance j=4): key %"
                                               G_GSIZE_FORMAT " is %d where the reference has %d",
                                               d.index, p.got->i32[d.index],
                                               p.expected->i32[d.index]);
      g_assert_true (g_str_has_prefix (text, want));
      g_assert_nonnull (strstr (text, "the keys are in the wrong order"));
    }
  pass_clear (&p);
}

/* An overwrite instead of a swap: a key lost, another doubled. */
static void
test_lost_key (void)
{
  Pass p;
  WsDivergence d;
  g_autofree char *text = NULL;

  pass_set_up (&p, WS_NETWORK_ODD_EVEN_MERGE, 37, 2);
  for (gsize i = 0; i + 1 < p.got->n; i++)
    if (p.got->i32[i] != p.got->i32[i + 1])
      {
        p.got->i32[i + 1] = p.got->i32[i];
        g_assert_true (ws_divergence_find (p.net, 2, p.before, p.expected, p.got, &d));
        g_assert_cmpint (d.kind, ==, WS_DIVERGENCE_KEYS);
        g_assert_cmpuint (d.index, ==, i + 1);
        text = ws_divergence_describe (p.net, &d);
        g_assert_nonnull (strstr (text, "a key was lost or duplicated"));
        break;
      }
  g_assert_nonnull (text);
  pass_clear (&p);
}

/* Odd-even's even phase leaves the last of an odd number of keys alone:
 * a change there has no comparator to blame. */
static void
test_no_comparator (void)
{
  Pass p;
  WsDivergence d;
  g_autofree char *text = NULL;
  gsize last;

  pass_set_up (&p, WS_NETWORK_ODD_EVEN, 9, 0);
  last = p.got->n - 1;
  g_assert_cmpint (p.got->i32[0], !=, p.got->i32[last]); /* seed 11's keys */
  p.got->i32[last] = p.got->i32[0];
  g_assert_true (ws_divergence_find (p.net, 0, p.before, p.expected, p.got, &d));
  g_assert_cmpuint (d.index, ==, last);
  g_assert_cmpint (d.kind, ==, WS_DIVERGENCE_KEYS);
  g_assert_false (d.has_comparator);
  text = ws_divergence_describe (p.net, &d);
  g_assert_nonnull (strstr (text, "no comparator of this pass touches it"));
  pass_clear (&p);
}

/* -0.0 where the reference has +0.0 is the same key. */
static void
test_signed_zero (void)
{
  g_autoptr (WsNetwork) net = ws_test_network_new (WS_NETWORK_BITONIC, 4);
  g_autoptr (WsArray) before = ws_array_new (WS_KEY_FLOAT32, 4, NULL);
  g_autoptr (WsArray) expected = NULL, got = NULL;
  const float keys[4] = { 1.0f, -0.0f, 0.0f, 2.0f };
  WsDivergence d;

  memcpy (before->f32, keys, sizeof keys);
  expected = ws_array_copy (before, NULL);
  ws_network_apply_pass (net, expected, 0, NULL);
  got = ws_array_copy (expected, NULL);
  for (gsize i = 0; i < 4; i++)
    if (got->f32[i] == 0.0f)
      got->f32[i] = signbit (got->f32[i]) ? 0.0f : -0.0f;
  g_assert_false (ws_divergence_find (net, 0, before, expected, got, &d));
}

/* ---- traces ---- */

/* The text of a trace of kind's network on input: the input, then the
 * keys after each pass (pass `broken`, from 0, with keys i and i + 1
 * exchanged where broken is not G_MAXUINT). */
static char *
trace_text (WsNetworkKind kind, const WsArray *input, guint broken, gsize i)
{
  g_autoptr (WsNetwork) net = ws_test_network_new (kind, input->n);
  g_autoptr (WsArray) keys = ws_network_pad (net, input, NULL);
  GString *s = g_string_new ("# warpscope-trace network=bitonic type=int32\n# a comment line\n");

  for (gsize k = 0; k < input->n; k++)
    g_string_append_printf (s, "%d ", input->i32[k]);
  g_string_append (s, "  # the input\n\n");
  for (guint pass = 0; pass < ws_network_n_passes (net); pass++)
    {
      ws_network_apply_pass (net, keys, pass, NULL);
      if (pass == broken)
        {
          gint32 t = keys->i32[i];
          keys->i32[i] = keys->i32[i + 1], keys->i32[i + 1] = t;
        }
      for (gsize k = 0; k < keys->n; k++)
        g_string_append_printf (s, "%d\t", keys->i32[k]);
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

static WsTrace *
parse (const char *text, GError **error)
{
  return ws_trace_parse ("trace.txt", text, strlen (text), NULL, error);
}

/* A trace the reference wrote: read back (its header's type, comments
 * and blank lines skipped) and no pass parts from the network. */
static void
test_trace_same (void)
{
  g_autoptr (WsArray) input = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 100, 2);
  g_autofree char *text = trace_text (WS_NETWORK_BITONIC, input, G_MAXUINT, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsTrace) t = parse (text, &error);
  WsDivergence d;
  gboolean diverged = TRUE;

  g_assert_no_error (error);
  g_assert_cmpstr (t->network, ==, "bitonic");
  g_assert_cmpint (t->input->type, ==, WS_KEY_INT32);
  g_assert_cmpuint (t->input->n, ==, 100);
  g_assert_cmpuint (t->input_line, ==, 3);
  g_assert_cmpuint (t->passes->len, ==, 28);
  g_assert_cmpuint (((WsArray *) t->passes->pdata[0])->n, ==, 128); /* padded */
  g_assert_cmpuint (g_array_index (t->pass_lines, gsize, 0), ==, 5);
  g_assert_true (ws_divergence_trace (WS_NETWORK_BITONIC, t, &diverged, &d, &error));
  g_assert_no_error (error);
  g_assert_false (diverged);
}

/* Keys exchanged after pass 7: that pass is the first to part. */
static void
test_trace_broken (void)
{
  g_autoptr (WsArray) input = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 64, 5);
  g_autofree char *text = trace_text (WS_NETWORK_BITONIC, input, 7, 10);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsTrace) t = parse (text, &error);
  WsDivergence d;
  gboolean diverged = FALSE;

  g_assert_no_error (error);
  g_assert_true (ws_divergence_trace (WS_NETWORK_BITONIC, t, &diverged, &d, &error));
  g_assert_true (diverged);
  g_assert_cmpuint (d.pass, ==, 7);
  g_assert_cmpuint (d.index, ==, 10);
  g_assert_cmpint (d.kind, ==, WS_DIVERGENCE_ORDER);
}

/* What a trace cannot be: said with the line, or what the network needs. */
static void
test_trace_errors (void)
{
  g_autoptr (WsArray) input = ws_test_generate (WS_KEY_INT32, WS_DIST_UNIFORM, 8, 5);
  g_autofree char *text = trace_text (WS_NETWORK_BITONIC, input, G_MAXUINT, 0);
  g_autoptr (WsTrace) t = NULL;
  g_autoptr (GError) error = NULL;
  gboolean diverged;
  WsDivergence d;

  g_assert_null (parse ("# only a comment\n\n", &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_PARSE);
  g_clear_error (&error);
  g_assert_null (parse ("3 1 2\n1 3 2\n1 2\n", &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "trace.txt:3: this pass has 2 keys but the "
                                   "first pass (line 2) has 3"));
  g_clear_error (&error);
  g_assert_null (parse ("3 1 2\n1 x 2\n", &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "trace.txt:2: "));
  g_clear_error (&error);
  g_assert_null (parse ("# warpscope-trace type=int64\n1 2\n", &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_PARSE);
  g_clear_error (&error);
  /* Too few passes for the network: what it has. */
  t = parse ("4 3 2 1\n3 4 2 1\n", &error);
  g_assert_no_error (error);
  g_assert_false (ws_divergence_trace (WS_NETWORK_BITONIC, t, &diverged, &d, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "The trace has 1 pass after its input; bitonic on 4 keys "
                                       "has 3");
  g_clear_error (&error);
  g_clear_pointer (&t, ws_trace_free);
  /* Passes of 5 keys for bitonic's 8: the padding is said. */
  t = parse ("5 4 3 2 1\n4 5 3 2 1\n4 5 2 3 1\n4 5 2 3 1\n4 5 2 3 1\n4 5 2 3 1\n4 5 2 3 1\n",
             &error);
  g_assert_no_error (error);
  g_assert_false (ws_divergence_trace (WS_NETWORK_BITONIC, t, &diverged, &d, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_true (g_str_has_prefix (error->message, "Line 2: a pass of bitonic on 5 keys holds 8 "
                                   "(the input padded"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/divergence/same", test_same);
  g_test_add_func ("/divergence/wrong-order", test_wrong_order);
  g_test_add_func ("/divergence/lost-key", test_lost_key);
  g_test_add_func ("/divergence/no-comparator", test_no_comparator);
  g_test_add_func ("/divergence/signed-zero", test_signed_zero);
  g_test_add_func ("/divergence/trace-same", test_trace_same);
  g_test_add_func ("/divergence/trace-broken", test_trace_broken);
  g_test_add_func ("/divergence/trace-errors", test_trace_errors);
  return g_test_run ();
}
