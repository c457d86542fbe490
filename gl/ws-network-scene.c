/* ws-network-scene.c: a sorting network's animation (see ws-network-scene.h). */
#include "ws-network-scene-private.h"

#include "ws-bar-values.h"
#include "ws-error.h"
#include "ws-stepper-private.h"

#include <math.h>

struct _WsNetworkScene
{
  WsNetworkKind    kind;
  WsArray         *input;     /* to replay from */
  const WsBackend *device;    /* NULL: the keys live on the host */
  WsStepper       *stepper;
  double           vmin, vmax;
  gboolean         allow_interop;
  WsFramePath     *path;      /* in the renderer's context */
  /* Bins a worker made ahead (host scenes). */
  WsBarBin        *ready_bins;
  guint            ready_columns;
  gboolean         ready_highlights;
  /* The widest of the keys' labels (small arrays): a network only moves
   * keys, so the input's, padding included, holds for every pass. */
  char            *widest;
  /* The last frame as painted, for drawing it again (with a copy of the
   * keys whose values it wrote: a worker may be moving the keys). */
  WsBarsView       last;
  WsArray         *last_values;
  char            *last_caption;
  gint64           last_bad_at;
  gboolean         painted;
};

static WsStepper *
make_stepper (WsNetworkScene *s, GError **error)
{
  if (s->device != NULL)
    return ws_stepper_new_on_device (s->kind, s->input, s->device, error);
  return ws_stepper_new (s->kind, s->input, error);
}

static void
find_widest (WsNetworkScene *s)
{
  g_autoptr (WsArray) padded = NULL;

  if (s->input->n <= WS_RENDERER_VALUE_KEYS
      && (padded = ws_network_pad (ws_stepper_network (s->stepper), s->input, NULL)) != NULL)
    ws_bar_values_widen (padded, &s->widest);
}

WsNetworkScene *
ws_network_scene_new (WsNetworkKind kind, const WsArray *input, const WsBackend *device,
                      GError **error)
{
  g_autoptr (WsNetworkScene) s = g_new0 (WsNetworkScene, 1);

  g_return_val_if_fail (input != NULL, NULL);
  s->kind = kind, s->device = device, s->allow_interop = TRUE;
  if ((s->input = ws_array_copy (input, error)) == NULL
      || (s->stepper = make_stepper (s, error)) == NULL)
    return NULL;
  ws_bars_range (input, &s->vmin, &s->vmax);
  find_widest (s);
  return g_steal_pointer (&s);
}

void
ws_network_scene_free (WsNetworkScene *s)
{
  if (s == NULL)
    return;
  g_clear_pointer (&s->path, ws_frame_path_free);
  g_clear_pointer (&s->stepper, ws_stepper_free);
  g_clear_pointer (&s->input, ws_array_free);
  g_free (s->ready_bins);
  g_free (s->widest);
  g_clear_pointer (&s->last_values, ws_array_free);
  g_free (s->last_caption);
  g_free (s);
}

gboolean
ws_network_scene_on_device (const WsNetworkScene *s)
{
  return s->device != NULL;
}

const WsNetwork *
ws_network_scene_network (const WsNetworkScene *s)
{
  return ws_stepper_network (s->stepper);
}

gsize
ws_network_scene_size (const WsNetworkScene *s)
{
  return s->input->n;
}

guint
ws_network_scene_pass (const WsNetworkScene *s)
{
  return ws_stepper_done (s->stepper);
}

guint
ws_network_scene_n_passes (const WsNetworkScene *s)
{
  return ws_network_n_passes (ws_stepper_network (s->stepper));
}

gboolean
ws_network_scene_finished (const WsNetworkScene *s)
{
  return ws_stepper_finished (s->stepper);
}

char *
ws_network_scene_label (const WsNetworkScene *s)
{
  return ws_stepper_label (s->stepper);
}

/* "n = 12, padded to 16" where the network pads: the padding keys are
 * drawn as the largest key, and would look like one. */
char *
ws_network_scene_caption (const WsNetworkScene *s)
{
  g_autofree char *label = ws_stepper_label (s->stepper);
  gsize width = ws_network_width (ws_stepper_network (s->stepper));
  g_autofree char *padded = width != s->input->n
    ? g_strdup_printf (", padded to %" G_GSIZE_FORMAT, width) : g_strdup ("");

  return g_strdup_printf ("%s  n = %" G_GSIZE_FORMAT "%s  ·  %s", ws_network_kind_name (s->kind),
                          s->input->n, padded, label);
}

gboolean
ws_network_scene_counts (WsNetworkScene *s, guint64 *comparisons, guint64 *swaps, GError **error)
{
  return ws_stepper_counts (s->stepper, comparisons, swaps, error);
}

const char *
ws_network_scene_check_text (const WsNetworkScene *s)
{
  return ws_stepper_check_text (s->stepper);
}

gint64
ws_network_scene_bad_at (const WsNetworkScene *s)
{
  return ws_stepper_bad_at (s->stepper);
}

gboolean
ws_network_scene_advance (WsNetworkScene *s, guint passes, gint64 deadline, guint *ran,
                          GError **error)
{
  gboolean stepped = TRUE, ok = TRUE;
  guint i = 0;

  for (; ok && i < passes && stepped
         && (i == 0 || deadline == 0 || g_get_monotonic_time () < deadline);
       i += stepped)
    ok = ws_stepper_next (s->stepper, &stepped, error);
  if (ran != NULL)
    *ran = i;
  return ok;
}

gboolean
ws_network_scene_seek (WsNetworkScene *s, guint pass, GError **error)
{
  WsStepper *fresh;

  pass = MIN (pass, ws_network_scene_n_passes (s));
  if (pass < ws_stepper_done (s->stepper))
    {
      if ((fresh = make_stepper (s, error)) == NULL)
        return FALSE;
      ws_stepper_free (s->stepper);
      s->stepper = fresh;
      g_clear_pointer (&s->ready_bins, g_free);
    }
  return ws_network_scene_advance (s, pass - ws_stepper_done (s->stepper), 0, NULL, error);
}

/* ---- frames ---- */

void
ws_network_scene_set_interop (WsNetworkScene *s, gboolean allow)
{
  s->allow_interop = allow;
}

/* Bins a worker made for this width and these highlights, once. */
static gboolean
take_ready_bins (WsNetworkScene *s, WsRenderer *renderer, guint columns, gboolean highlights)
{
  gboolean fits = s->ready_bins != NULL && s->ready_columns == columns
                  && s->ready_highlights == highlights;

  if (fits)
    ws_renderer_upload_bins (renderer, s->ready_bins,
                             ws_bars_count (ws_stepper_keys (s->stepper)->n, columns));
  g_clear_pointer (&s->ready_bins, g_free);
  return fits;
}

gboolean
ws_network_scene_fill (WsNetworkScene *s, WsRenderer *renderer, int width, double scale,
                       gboolean highlights, GError **error)
{
  guint columns = ws_renderer_bar_columns (width, scale);
  const WsArray *keys = ws_stepper_keys (s->stepper);

  if (!ws_frame_path_ensure (&s->path, renderer, s->device, s->allow_interop, columns, error))
    return FALSE;
  if (take_ready_bins (s, renderer, columns, highlights))
    return TRUE;
  if (!ws_stepper_on_device (s->stepper))
    {
      ws_frame_path_fill_host (s->path, keys, highlights ? ws_stepper_flags (s->stepper) : NULL,
                               s->vmin, s->vmax, columns);
      return TRUE;
    }
  return ws_frame_path_fill_device (s->path, keys->type, ws_stepper_device_keys (s->stepper),
                                    highlights ? ws_stepper_device_flags (s->stepper) : NULL,
                                    keys->n, s->vmin, s->vmax, columns, error);
}

/* The pass's comparators over the bars (the keys' flags on the host). */
static void
paint_comparators (WsNetworkScene *s, WsRenderer *renderer, const WsBarsView *view, int width,
                   int height)
{
  const WsComparator *c;
  gsize pairs;

  c = ws_stepper_comparators (s->stepper, &pairs);
  ws_renderer_draw_comparators (renderer, c, pairs, ws_stepper_flags (s->stepper), view, width,
                                height);
}

/* Whether the frame writes the keys' values on the bars: asked of the
 * widest label, before any key comes from the device. */
static gboolean
values_fit (WsNetworkScene *s, const WsNetworkStyle *style, int width, int height)
{
  s->last.widest = s->widest;
  return style->values && s->widest != NULL
         && ws_renderer_bars_values_fit (&s->last, width, height);
}

static void
paint_view (WsRenderer *renderer, const WsBarsView *view, gint64 bad_at, int width, int height)
{
  ws_renderer_draw_bars (renderer, view, width, height);
  if (bad_at >= 0)
    ws_renderer_draw_key_mark (renderer, view, (guint64) bad_at, width, height);
}

gboolean
ws_network_scene_paint (WsNetworkScene *s, WsRenderer *renderer, const WsNetworkStyle *style,
                        int width, int height, double scale, GError **error)
{
  const WsArray *keys = ws_stepper_keys (s->stepper);
  guint columns = ws_renderer_bar_columns (width, scale);
  gboolean comparators = style->comparators && keys->n <= WS_NETWORK_SCENE_COMPARATOR_KEYS, values;

  g_free (s->last_caption);
  s->last_caption = style->caption ? g_strdup (style->caption) : ws_network_scene_caption (s);
  s->last = (WsBarsView) { ws_bars_count (keys->n, columns), keys->n,
                           style->boundaries ? ws_stepper_run_length (s->stepper) : 0, scale,
                           s->last_caption, TRUE, s->vmin, s->vmax };
  s->last_bad_at = ws_stepper_bad_at (s->stepper);
  values = values_fit (s, style, width, height);
  /* A device scene brings its keys and flags to the host for the
   * comparators and the values: small arrays only (s->widest is made for
   * WS_RENDERER_VALUE_KEYS keys at most), never a big one per pass. */
  if ((comparators || values) && !ws_stepper_sync (s->stepper, error))
    return FALSE;
  /* A copy: the view may be drawn again while a worker moves the keys. */
  g_clear_pointer (&s->last_values, ws_array_free);
  if (values)
    s->last.values = s->last_values = ws_array_copy (keys, NULL);
  s->painted = TRUE;
  paint_view (renderer, &s->last, s->last_bad_at, width, height);
  if (comparators)
    paint_comparators (s, renderer, &s->last, width, height);
  if (style->light && style->lit_key < s->last.keys)
    ws_renderer_draw_key_light (renderer, &s->last, style->lit_key, width, height);
  return TRUE;
}

gboolean
ws_network_scene_draw (WsNetworkScene *s, WsRenderer *renderer, const WsNetworkStyle *style,
                       int width, int height, double scale, GError **error)
{
  return ws_network_scene_fill (s, renderer, width, scale, style->highlights, error)
         && ws_network_scene_paint (s, renderer, style, width, height, scale, error);
}

/* The bins stay in the renderer's texture; the stage runs are not drawn,
 * since the passes under way may have moved on from them. */
void
ws_network_scene_draw_again (WsNetworkScene *s, WsRenderer *renderer, int width, int height)
{
  WsBarsView view = s->last;

  if (!s->painted)
    {
      ws_renderer_clear (renderer, width, height);
      return;
    }
  view.boundary = 0;
  paint_view (renderer, &view, s->last_bad_at, width, height);
}

/* The key's value, where the host has it (a device scene's keys come up
 * for small arrays only, as for the comparators). */
static gboolean
key_value (WsNetworkScene *s, guint64 key, double *value)
{
  if (ws_stepper_on_device (s->stepper)
      && (s->input->n > WS_NETWORK_SCENE_COMPARATOR_KEYS || !ws_stepper_sync (s->stepper, NULL)))
    return FALSE;
  *value = ws_array_get_double (ws_stepper_keys (s->stepper), key);
  return TRUE;
}

/* The bars' colour of a value: its place in the input's range. */
static guint32
value_rgb (const WsNetworkScene *s, double value, WsColormapStyle style)
{
  guint8 c[3];

  if (!isfinite (value))
    return 0x808080; /* padding: +inf, no colour of the map */
  ws_colormap_rgb ((value - s->vmin) / (s->vmax - s->vmin), style, c);
  return (guint32) c[0] << 16 | (guint32) c[1] << 8 | c[2];
}

gboolean
ws_network_scene_wire_colours (WsNetworkScene *s, WsColormapStyle style, guint32 *rgb,
                               guint8 *swapped, guint n_wires, GError **error)
{
  const WsArray *keys = ws_stepper_keys (s->stepper);
  const guint8 *flags;

  g_return_val_if_fail (n_wires == keys->n && n_wires <= WS_NETWORK_SCENE_COMPARATOR_KEYS, FALSE);
  if (!ws_stepper_sync (s->stepper, error))
    return FALSE;
  flags = ws_stepper_flags (s->stepper);
  for (guint i = 0; i < n_wires; i++)
    {
      rgb[i] = i < s->input->n ? value_rgb (s, ws_array_get_double (keys, i), style) : 0x808080;
      swapped[i] = flags != NULL && (flags[i] & WS_BAR_SWAPPED) != 0;
    }
  return TRUE;
}

guint
ws_network_scene_pass_tones (WsNetworkScene *s, double *t, guint max, GError **error)
{
  const WsArray *keys = ws_stepper_keys (s->stepper);
  const WsComparator *c;
  gsize count = 0;
  guint n;

  if (keys->n > WS_NETWORK_SCENE_COMPARATOR_KEYS || max == 0 || ws_stepper_done (s->stepper) == 0
      || !ws_stepper_sync (s->stepper, error))
    return 0;
  c = ws_stepper_comparators (s->stepper, &count);
  n = (guint) MIN (count, max);
  for (guint i = 0; i < n; i++)
    {
      double v = ws_array_get_double (keys, c[i * count / n].max_at);
      t[i] = isfinite (v) ? (v - s->vmin) / (s->vmax - s->vmin) : 1.0; /* padding: the top */
    }
  return n;
}

char *
ws_network_scene_describe_key (WsNetworkScene *s, guint64 key)
{
  const WsComparator *c;
  gsize count = 0;
  double value;
  GString *text;

  if (key >= ws_stepper_keys (s->stepper)->n)
    return NULL;
  text = g_string_new (NULL);
  g_string_append_printf (text, "key %" G_GUINT64_FORMAT, key);
  if (key >= s->input->n)
    g_string_append (text, " (padding: the largest key)");
  else if (key_value (s, key, &value))
    g_string_append_printf (text, " = %.6g", value);
  c = ws_stepper_comparators (s->stepper, &count);
  for (gsize i = 0; i < count; i++)
    if (c[i].min_at == key || c[i].max_at == key)
      {
        guint64 partner = c[i].min_at == key ? c[i].max_at : c[i].min_at;
        g_string_append_printf (text, " · pass %u compared it with key %" G_GUINT64_FORMAT
                                ": %s, the smaller to key %" G_GUINT64_FORMAT,
                                ws_stepper_done (s->stepper), partner,
                                c[i].min_at < c[i].max_at ? "ascending" : "descending",
                                c[i].min_at);
        return g_string_free (text, FALSE);
      }
  if (ws_stepper_done (s->stepper) > 0)
    g_string_append_printf (text, " · pass %u did not touch it", ws_stepper_done (s->stepper));
  return g_string_free (text, FALSE);
}

const WsBarsView *
ws_network_scene_view (const WsNetworkScene *s)
{
  return s->painted ? &s->last : NULL;
}

gboolean
ws_network_scene_wait (WsNetworkScene *s, GError **error)
{
  return s->device == NULL || s->device->device->synchronize (error);
}

const WsFramePath *
ws_network_scene_path (const WsNetworkScene *s)
{
  return s->path;
}

void
ws_network_scene_release_gl (WsNetworkScene *s)
{
  g_clear_pointer (&s->path, ws_frame_path_free);
  s->painted = FALSE;
}

void
ws_network_scene_prepare_bins (WsNetworkScene *s, guint columns, gboolean highlights)
{
  const WsArray *keys = ws_stepper_keys (s->stepper);

  g_return_if_fail (!ws_stepper_on_device (s->stepper));
  g_free (s->ready_bins);
  s->ready_bins = g_new (WsBarBin, ws_bars_count (keys->n, columns));
  s->ready_columns = columns, s->ready_highlights = highlights;
  ws_bars_fill (keys, highlights ? ws_stepper_flags (s->stepper) : NULL, s->vmin, s->vmax,
                columns, s->ready_bins);
}

gboolean
ws_network_scene_corrupt (WsNetworkScene *s, gsize i, GError **error)
{
  return ws_stepper_corrupt (s->stepper, i, error);
}
