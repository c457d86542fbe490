/* ws-student-run.c: a student's passes beside the reference's (see
 * ws-student.h). The keys live where the student's code runs — device
 * memory for a kernel, host memory for a C function — with a guard of
 * very small keys after them; the reference runs beside them there, and
 * the two are compared there after every pass. Only a divergence brings
 * the student's keys to the host, where the reference is replayed to say
 * what the pass should have done. */
#include "ws-student-private.h"

#include <string.h>

#include "ws-error.h"

typedef struct Run Run;

/* Where the keys are: the four things a pass needs. */
typedef struct
{
  gboolean (*student)   (Run *r, const WsPassInfo *info, GError **error);
  gboolean (*reference) (Run *r, guint pass, const WsPassInfo *info, GError **error);
  /* the first key of [from, from + count) where student and reference
   * differ (an index from 0), or G_MAXUINT64 */
  gboolean (*differ)    (Run *r, gsize from, gsize count, guint64 *at, GError **error);
  gboolean (*fetch)     (Run *r, WsArray *into, GError **error);
} Side;

struct Run
{
  WsStudent       *s;
  const WsNetwork *net;
  gsize            width, guard;
  const Side      *side;
  /* a kernel's: */
  gpointer         d_keys, d_ref, d_word;
  /* a function's (width + guard keys each): */
  WsArray         *keys, *ref;
};

/* Threads past the last key reach at most a block on, and a partner at
 * most the width away: the guard covers both. */
static gsize
guard_keys (gsize width, guint block)
{
  return width + block;
}

/* Decreasing keys, below any the suite's float32 inputs hold but -inf
 * (int32: down to the smallest int, which some inputs hold too): a thread
 * past the end that compares and swaps there leaves a mark, and one that
 * swaps a guard key in loses a key of the student's. */
static void
fill_guard (WsArray *a, gsize from)
{
  for (gsize g = 0; from + g < a->n; g++)
    if (a->type == WS_KEY_INT32)
      a->i32[from + g] = G_MININT32 + (gint32) (a->n - from - 1 - g);
    else
      a->f32[from + g] = -(1e30f + (float) g * 1e24f);
}

/* ---- a kernel: keys in device memory ---- */

static gboolean
dev_student (Run *r, const WsPassInfo *info, GError **error)
{
  guint params[3];
  guint count = ws_student_params (r->s, r->width, info, params);

  return r->s->ops->run (r->s->stage, r->d_keys, count, params, r->width, r->s->block, error);
}

static gboolean
dev_reference (Run *r, guint pass, const WsPassInfo *info, GError **error)
{
  return r->s->device->pass (r->s->network, r->s->type, r->d_ref, r->width, info, NULL, NULL,
                             error);
}

static gboolean
dev_differ (Run *r, gsize from, gsize count, guint64 *at, GError **error)
{
  gsize size = ws_key_type_size (r->s->type);

  if (!r->s->ops->differ (r->s->type, (char *) r->d_keys + from * size,
                          (char *) r->d_ref + from * size, count, r->d_word, at, error))
    return FALSE;
  *at = *at == G_MAXUINT64 ? *at : *at + from;
  return TRUE;
}

static gboolean
dev_fetch (Run *r, WsArray *into, GError **error)
{
  return r->s->device->download (into->data, r->d_keys, ws_array_bytes (into), error);
}

static const Side device_side = { dev_student, dev_reference, dev_differ, dev_fetch };

/* ---- a C function: keys in host memory ---- */

static gboolean
host_student (Run *r, const WsPassInfo *info, GError **error)
{
  guint p[3];

  if (ws_student_params (r->s, r->width, info, p) == 2)
    ((WsStageFunc1) r->s->function) (r->keys->data, p[0], p[1]);
  else
    ((WsStageFunc2) r->s->function) (r->keys->data, p[0], p[1], p[2]);
  return TRUE;
}

static gboolean
host_reference (Run *r, guint pass, const WsPassInfo *info, GError **error)
{
  WsArray view = *r->ref;

  view.n = r->width; /* the guard stays as it was filled */
  ws_network_apply_pass (r->net, &view, pass, NULL);
  return TRUE;
}

static gboolean
host_differ (Run *r, gsize from, gsize count, guint64 *at, GError **error)
{
  gsize i = ws_array_first_difference (r->keys, r->ref, from, from + count);

  *at = i == G_MAXSIZE ? G_MAXUINT64 : i;
  return TRUE;
}

static gboolean
host_fetch (Run *r, WsArray *into, GError **error)
{
  memcpy (into->data, r->keys->data, ws_array_bytes (into));
  return TRUE;
}

static const Side host_side = { host_student, host_reference, host_differ, host_fetch };

/* ---- the run ---- */

/* The padded input and its guard, as both sides start. */
static WsArray *
start_keys (Run *r, const WsArray *padded, GError **error)
{
  WsArray *a = ws_array_new (padded->type, r->width + r->guard, error);

  if (a != NULL)
    {
      memcpy (a->data, padded->data, ws_array_bytes (padded));
      fill_guard (a, r->width);
    }
  return a;
}

static gboolean
place (Run *r, const WsArray *start, GError **error)
{
  const WsDeviceOps *d = r->s->device;
  gsize bytes = ws_array_bytes (start);

  if (r->s->module != NULL)
    {
      r->side = &host_side;
      return (r->keys = ws_array_copy (start, error)) != NULL
             && (r->ref = ws_array_copy (start, error)) != NULL;
    }
  r->side = &device_side;
  return (r->d_keys = d->alloc (bytes, error)) != NULL && (r->d_ref = d->alloc (bytes, error)) != NULL
         && (r->d_word = d->alloc (sizeof (guint64), error)) != NULL
         && d->upload (r->d_keys, start->data, bytes, error)
         && d->upload (r->d_ref, start->data, bytes, error);
}

static void
release (Run *r)
{
  const WsDeviceOps *d = r->s->device;

  if (d != NULL)
    {
      if (r->d_keys) d->release (r->d_keys);
      if (r->d_ref) d->release (r->d_ref);
      if (r->d_word) d->release (r->d_word);
    }
  g_clear_pointer (&r->keys, ws_array_free);
  g_clear_pointer (&r->ref, ws_array_free);
}

/* What the pass should have done, replayed on the host from the input,
 * and the student's keys after it: the divergence in full. */
static gboolean
explain (Run *r, const WsArray *padded, guint pass, WsStudentResult *res, GError **error)
{
  g_autoptr (WsArray) before = ws_array_copy (padded, error);
  g_autoptr (WsArray) expected = NULL, got = ws_array_new (padded->type, r->width, error);

  if (before == NULL || got == NULL || !r->side->fetch (r, got, error))
    return FALSE;
  for (guint p = 0; p < pass; p++)
    ws_network_apply_pass (r->net, before, p, NULL);
  if ((expected = ws_array_copy (before, error)) == NULL)
    return FALSE;
  ws_network_apply_pass (r->net, expected, pass, NULL);
  res->outcome = WS_STUDENT_DIVERGED;
  res->pass = pass;
  if (!ws_divergence_find (r->net, pass, before, expected, got, &res->divergence))
    res->outcome = WS_STUDENT_MATCHED; /* the device saw a difference the host does not */
  return r->side->differ (r, r->width, r->guard, &res->index, error);
}

/* After pass `pass`: compare, and say what differs. */
static gboolean
compare (Run *r, const WsArray *padded, guint pass, const WsPassInfo *info, WsStudentResult *res,
         GError **error)
{
  guint64 at;

  if (!r->side->reference (r, pass, info, error)
      || !r->side->differ (r, 0, r->width + r->guard, &at, error))
    return FALSE;
  if (at == G_MAXUINT64)
    return TRUE;
  if (at < r->width)
    return explain (r, padded, pass, res, error);
  *res = (WsStudentResult) { WS_STUDENT_PAST_END, pass, .index = at };
  return TRUE;
}

static gboolean
keep_pass (Run *r, GPtrArray *passes, GError **error)
{
  g_autoptr (WsArray) got = ws_array_new (r->s->type, r->width, error);

  if (got == NULL || !r->side->fetch (r, got, error))
    return FALSE;
  g_ptr_array_add (passes, g_steal_pointer (&got));
  return TRUE;
}

/* One pass of the student's, watched; a fault ends the run as a result. */
static gboolean
student_pass (Run *r, guint pass, const WsPassInfo *info, WsStudentWatch watch, gpointer data,
              WsStudentResult *res, GError **error)
{
  g_autoptr (GError) local = NULL;
  gboolean ok;

  if (watch != NULL)
    watch (pass, TRUE, data);
  ok = r->side->student (r, info, &local);
  if (watch != NULL)
    watch (pass, FALSE, data);
  if (ok)
    return TRUE;
  if (!g_error_matches (local, WS_ERROR, WS_ERROR_DEVICE))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  *res = (WsStudentResult) { WS_STUDENT_FAULT, pass, .message = g_strdup (local->message) };
  return TRUE;
}

static gboolean
run_passes (Run *r, const WsArray *padded, WsStudentWatch watch, gpointer data, GPtrArray *passes,
            WsStudentResult *res, GError **error)
{
  guint n_passes = ws_network_n_passes (r->net);

  for (guint pass = 0; pass < n_passes; pass++)
    {
      WsPassInfo info;
      gboolean matching = res->outcome == WS_STUDENT_MATCHED;

      ws_network_pass_info (r->net, pass, &info);
      if (!student_pass (r, pass, &info, watch, data, res, error))
        return FALSE;
      if (res->outcome == WS_STUDENT_FAULT)
        return TRUE;
      if (matching && !compare (r, padded, pass, &info, res, error))
        return FALSE;
      if (passes != NULL && !keep_pass (r, passes, error))
        return FALSE;
      if (res->outcome != WS_STUDENT_MATCHED && passes == NULL)
        return TRUE;
    }
  return TRUE;
}

gboolean
ws_student_run (WsStudent *s, const WsArray *input, WsStudentWatch watch, gpointer data,
                GPtrArray *passes, WsStudentResult *res, GError **error)
{
  g_autoptr (WsNetwork) net = NULL;
  g_autoptr (WsArray) padded = NULL, start = NULL;
  Run r = { s };
  gboolean ok;

  g_return_val_if_fail (s != NULL && input != NULL && res != NULL, FALSE);
  g_return_val_if_fail (input->type == s->type, FALSE);
  memset (res, 0, sizeof *res);
  if ((net = ws_network_new (s->network, input->n, error)) == NULL)
    return FALSE;
  r.net = net;
  r.width = ws_network_width (net);
  if (r.width > G_MAXINT32)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "A student's sort takes fewer than "
                   "2^31 keys; this input needs %" G_GSIZE_FORMAT, r.width);
      return FALSE;
    }
  r.guard = guard_keys (r.width, s->block);
  ok = (padded = ws_network_pad (net, input, error)) != NULL
       && (start = start_keys (&r, padded, error)) != NULL && place (&r, start, error)
       && run_passes (&r, padded, watch, data, passes, res, error);
  release (&r);
  return ok;
}
