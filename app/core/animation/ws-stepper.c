/* ws-stepper.c: a network one pass at a time (see ws-stepper.h). */
#include "ws-stepper-private.h"

#include <string.h>

#include "ws-error.h"

#include "ws-backend.h"
#include "ws-bars.h"

struct _WsStepper
{
  const WsDeviceOps *device; /* NULL: the keys live on the host */
  gpointer   d_keys;
  guint8    *d_flags;
  gpointer   d_tally;  /* WsDeviceTally: the device's counts and checks */
  gboolean   tally_stale; /* passes ran since the tally was read */
  gboolean   host_stale;  /* passes ran on the device since its keys were brought up */
  guint64    comparisons, swaps;
  gint64     bad_at;
  char      *check_text;
  WsNetwork *net;
  WsArray   *keys;
  WsArray   *before;   /* the keys before the last pass, to find swaps */
  guint8    *flags;
  WsComparator *comparators; /* allocated when first needed */
  gsize      n_comparators;    /* of pass comparators_of, once enumerated */
  guint      comparators_of;   /* pass index + 1; 0: none enumerated */
  guint      done;
};

/* The network and the padded keys; a stepper that steps on the host also
 * keeps the keys before each pass (to find swaps), one on the device does
 * not need that copy. */
static WsStepper *
stepper_new (WsNetworkKind kind, const WsArray *input, gboolean on_host, GError **error)
{
  g_autoptr (WsStepper) s = g_new0 (WsStepper, 1);

  if ((s->net = ws_network_new (kind, input->n, error)) == NULL
      || (s->keys = ws_network_pad (s->net, input, error)) == NULL
      || (on_host && (s->before = ws_array_copy (s->keys, error)) == NULL))
    return NULL;
  s->flags = g_new0 (guint8, MAX (s->keys->n, 1));
  s->bad_at = -1;
  return g_steal_pointer (&s);
}

WsStepper *
ws_stepper_new (WsNetworkKind kind, const WsArray *input, GError **error)
{
  return stepper_new (kind, input, TRUE, error);
}

/* Keys and flags in device memory, the padded keys uploaded. */
static gboolean
to_device (WsStepper *s, const WsDeviceOps *device, GError **error)
{
  gsize bytes = ws_array_bytes (s->keys);

  s->device = device;
  return (s->d_keys = device->alloc (MAX (bytes, 1), error)) != NULL
         && (s->d_flags = device->alloc (MAX (s->keys->n, 1), error)) != NULL
         && (s->d_tally = device->alloc (sizeof (WsDeviceTally), error)) != NULL
         && device->tally_reset (s->d_tally, error)
         && device->upload (s->d_keys, s->keys->data, bytes, error);
}

WsStepper *
ws_stepper_new_on_device (WsNetworkKind kind, const WsArray *input, const WsBackend *backend,
                          GError **error)
{
  g_autoptr (WsStepper) s = NULL;

  g_return_val_if_fail (backend != NULL, NULL);
  if (backend->device == NULL)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_UNAVAILABLE, "The %s backend has no device memory",
                   backend->name);
      return NULL;
    }
  if ((s = stepper_new (kind, input, FALSE, error)) == NULL || !to_device (s, backend->device, error))
    return NULL;
  return g_steal_pointer (&s);
}

void
ws_stepper_free (WsStepper *s)
{
  if (s == NULL)
    return;
  if (s->device != NULL)
    {
      if (s->d_keys != NULL)
        s->device->release (s->d_keys);
      if (s->d_flags != NULL)
        s->device->release (s->d_flags);
      if (s->d_tally != NULL)
        s->device->release (s->d_tally);
    }
  g_clear_pointer (&s->net, ws_network_free);
  g_clear_pointer (&s->keys, ws_array_free);
  g_clear_pointer (&s->before, ws_array_free);
  g_free (s->flags);
  g_free (s->comparators);
  g_free (s->check_text);
  g_free (s);
}

const WsNetwork *
ws_stepper_network (const WsStepper *s)
{
  return s->net;
}

guint
ws_stepper_done (const WsStepper *s)
{
  return s->done;
}

gboolean
ws_stepper_finished (const WsStepper *s)
{
  return s->done >= ws_network_n_passes (s->net);
}

/* The comparators of a pass, enumerated once (and their room allocated
 * the first time: a device stepper that never draws them never pays). */
static gsize
enumerate (WsStepper *s, guint pass)
{
  if (s->comparators_of == pass + 1)
    return s->n_comparators;
  if (s->comparators == NULL)
    {
      gsize most = 0;
      for (guint p = 0; p < ws_network_n_passes (s->net); p++)
        most = MAX (most, ws_network_pass_comparators (s->net, p, NULL));
      s->comparators = g_new (WsComparator, MAX (most, 1));
    }
  s->n_comparators = ws_network_pass_comparators (s->net, pass, s->comparators);
  s->comparators_of = pass + 1;
  return s->n_comparators;
}

/* Compared: both ends of every comparator; swapped: those whose key
 * changed. A comparator exchanges only keys that differ, so the keys that
 * changed are twice the exchanges. */
static void
mark (WsStepper *s, guint pass)
{
  gsize n = enumerate (s, pass);
  gsize size = ws_key_type_size (s->keys->type), changed = 0;

  memset (s->flags, 0, s->keys->n);
  for (gsize c = 0; c < n; c++)
    s->flags[s->comparators[c].min_at] = s->flags[s->comparators[c].max_at] = WS_BAR_COMPARED;
  for (gsize i = 0; i < s->keys->n; i++)
    if (memcmp (s->keys->i32 + i, s->before->i32 + i, size) != 0) /* both types are 32-bit */
      s->flags[i] |= WS_BAR_SWAPPED, changed++;
  s->comparisons += n;
  s->swaps += changed / 2;
}

/* ---- checks ---- */

static void
set_checked (WsStepper *s, gsize bad, const char *why)
{
  g_free (s->check_text);
  if (why == NULL)
    s->check_text = g_strdup (ws_stepper_finished (s) ? "✓ sorted" : "✓ the stage holds");
  else
    {
      s->bad_at = (gint64) bad;
      s->check_text = g_strdup_printf ("✗ broken at key %" G_GSIZE_FORMAT ": %s", bad, why);
    }
}

/* The last pass's check on the host keys. */
static void
check_host (WsStepper *s)
{
  g_autoptr (GError) broken = NULL;
  gsize bad = 0;

  ws_network_check_pass (s->net, s->keys, s->done - 1, &bad, &broken);
  set_checked (s, bad, broken ? broken->message : NULL);
}

static gboolean
read_tally (WsStepper *s, WsDeviceTally *tally, GError **error)
{
  if (!s->device->download (tally, s->d_tally, sizeof *tally, error))
    return FALSE;
  s->comparisons = tally->comparisons, s->swaps = tally->swaps;
  s->tally_stale = FALSE;
  return TRUE;
}

/* A check failed on the device: the keys come to the host once, so that
 * the message names the keys as the host's check does. */
static gboolean
explain_failure (WsStepper *s, guint64 first_bad, GError **error)
{
  g_autoptr (GError) broken = NULL;
  gsize bad = 0;

  if (!ws_stepper_sync (s, error))
    return FALSE;
  if (ws_network_check_pass (s->net, s->keys, s->done - 1, &bad, &broken))
    g_set_error (&broken, WS_ERROR, WS_ERROR_VERIFY, "the device's check found key %"
                 G_GUINT64_FORMAT " out of order", first_bad);
  set_checked (s, (gsize) first_bad, broken->message);
  return TRUE;
}

/* The last pass's check on the device, and the tally read back. */
static gboolean
check_device (WsStepper *s, GError **error)
{
  WsPassInfo info;
  WsPassCheck check;
  WsDeviceTally tally;

  ws_network_pass_info (s->net, s->done - 1, &info);
  ws_network_pass_check (s->net, s->done - 1, &check);
  if (!s->device->check (ws_network_kind (s->net), s->keys->type, s->d_keys, s->keys->n, &info,
                         &check, s->d_tally, error)
      || !read_tally (s, &tally, error))
    return FALSE;
  if (tally.first_bad != G_MAXUINT64)
    return explain_failure (s, tally.first_bad, error);
  set_checked (s, 0, NULL);
  return TRUE;
}

/* Whether the last pass is checked: it ends a stage, and no check has failed. */
static gboolean
due_check (const WsStepper *s)
{
  return s->bad_at < 0 && ws_network_pass_ends_stage (s->net, s->done - 1);
}

gboolean
ws_stepper_step (WsStepper *s)
{
  g_return_val_if_fail (s->device == NULL, FALSE); /* device steppers: ws_stepper_step_device */
  if (ws_stepper_finished (s))
    return FALSE;
  memcpy (s->before->data, s->keys->data, ws_array_bytes (s->keys));
  ws_network_apply_pass (s->net, s->keys, s->done, NULL);
  mark (s, s->done);
  s->done++;
  if (due_check (s))
    check_host (s);
  return TRUE;
}

gboolean
ws_stepper_step_device (WsStepper *s, gboolean *stepped, GError **error)
{
  WsPassInfo info;

  *stepped = FALSE;
  if (ws_stepper_finished (s))
    return TRUE;
  ws_network_pass_info (s->net, s->done, &info);
  if (!s->device->pass (ws_network_kind (s->net), s->keys->type, s->d_keys, s->keys->n, &info,
                        s->d_flags, s->d_tally, error))
    return FALSE;
  /* The keys and flags stay on the device until ws_stepper_sync asks for
   * them; the comparators are enumerated only if drawn. */
  s->done++;
  s->tally_stale = s->host_stale = TRUE;
  *stepped = TRUE;
  return !due_check (s) || check_device (s, error);
}

gboolean
ws_stepper_on_device (const WsStepper *s)
{
  return s->device != NULL;
}

gboolean
ws_stepper_next (WsStepper *s, gboolean *stepped, GError **error)
{
  if (s->device != NULL)
    return ws_stepper_step_device (s, stepped, error);
  *stepped = ws_stepper_step (s);
  return TRUE;
}

gboolean
ws_stepper_counts (WsStepper *s, guint64 *comparisons, guint64 *swaps, GError **error)
{
  WsDeviceTally tally;

  if (s->device != NULL && s->tally_stale && !read_tally (s, &tally, error))
    return FALSE;
  *comparisons = s->comparisons, *swaps = s->swaps;
  return TRUE;
}

const char *
ws_stepper_check_text (const WsStepper *s)
{
  return s->check_text;
}

gint64
ws_stepper_bad_at (const WsStepper *s)
{
  return s->bad_at;
}

/* The device's tally with its checks forgotten, its counts kept. */
static gboolean
forget_device_checks (WsStepper *s, GError **error)
{
  WsDeviceTally tally;

  if (!read_tally (s, &tally, error))
    return FALSE;
  tally.first_bad = G_MAXUINT64;
  return s->device->upload (s->d_tally, &tally, sizeof tally, error);
}

gboolean
ws_stepper_corrupt (WsStepper *s, gsize i, GError **error)
{
  gsize size = ws_key_type_size (s->keys->type);
  guint8 tmp[8], *at;

  g_return_val_if_fail (i + 1 < s->keys->n, FALSE);
  if (!ws_stepper_sync (s, error))
    return FALSE;
  at = (guint8 *) s->keys->data + i * size;
  memcpy (tmp, at, size), memcpy (at, at + size, size), memcpy (at + size, tmp, size);
  if (s->device != NULL
      && (!s->device->upload (s->d_keys, s->keys->data, ws_array_bytes (s->keys), error)
          || !forget_device_checks (s, error)))
    return FALSE;
  s->bad_at = -1;
  g_clear_pointer (&s->check_text, g_free);
  if (s->done == 0 || !due_check (s))
    return TRUE;
  if (s->device != NULL)
    return check_device (s, error);
  check_host (s);
  return TRUE;
}

gboolean
ws_stepper_sync (WsStepper *s, GError **error)
{
  /* Once a pass: a frame's values, its comparators, a hover, the diagram
   * and the sound all ask for the same keys. The device's keys change only
   * in a pass (a corruption writes the host's copy up). */
  if (s->device == NULL || !s->host_stale)
    return TRUE;
  if (!s->device->download (s->keys->data, s->d_keys, ws_array_bytes (s->keys), error)
      || !s->device->download (s->flags, s->d_flags, s->keys->n, error))
    return FALSE;
  s->host_stale = FALSE;
  return TRUE;
}

gconstpointer
ws_stepper_device_keys (const WsStepper *s)
{
  return s->d_keys;
}

const guint8 *
ws_stepper_device_flags (const WsStepper *s)
{
  return s->done > 0 ? s->d_flags : NULL;
}

const WsArray *
ws_stepper_keys (const WsStepper *s)
{
  return s->keys;
}

const guint8 *
ws_stepper_flags (const WsStepper *s)
{
  return s->flags;
}

const WsComparator *
ws_stepper_comparators (WsStepper *s, gsize *count)
{
  *count = s->done > 0 ? enumerate (s, s->done - 1) : 0;
  return s->comparators;
}

guint64
ws_stepper_run_length (const WsStepper *s)
{
  WsPassInfo info;

  if (s->done == 0 || ws_network_kind (s->net) == WS_NETWORK_ODD_EVEN)
    return 0;
  ws_network_pass_info (s->net, s->done - 1, &info);
  return ws_network_kind (s->net) == WS_NETWORK_BITONIC ? info.k : 2 * info.k;
}

char *
ws_stepper_label (const WsStepper *s)
{
  g_autofree char *what = NULL;

  if (s->done == 0)
    return g_strdup_printf ("initial state — %u passes to run", ws_network_n_passes (s->net));
  what = ws_network_pass_label (s->net, s->done - 1);
  return g_strdup_printf ("pass %u of %u — %s", s->done, ws_network_n_passes (s->net), what);
}
