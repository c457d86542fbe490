/* ws-cli-roofline-table.c: the roofline table as text, markdown or CSV
 * (see ws-cli-roofline.h). */
#include <math.h>

#include "ws-bench-record.h"
#include "ws-cli-roofline.h"
#include "ws-csv.h"
#include "ws-stats.h"

#define DRIFT_WARNING 0.05 /* the two copy measurements may differ this much */

static char *
size_text (gsize n)
{
  return n > 1 && (n & (n - 1)) == 0 ? g_strdup_printf ("2^%d", g_bit_nth_lsf (n, -1))
                                     : g_strdup_printf ("%" G_GSIZE_FORMAT, n);
}

char *
ws_cli_roofline_size (const WsRooflineRow *row)
{
  g_autofree char *n = size_text (row->n);
  g_autofree char *q = NULL;

  /* A grid's side is written as people write it: 8192, not 2^13. */
  if (row->algo->shape == WS_SHAPE_STENCIL)
    return g_strdup_printf ("N = %" G_GSIZE_FORMAT ", R = %" G_GINT64_FORMAT, row->n,
                            ws_params_get (row->algo, &row->params, "radius"));
  if (row->algo->shape != WS_SHAPE_SEARCH)
    return g_strdup_printf ("n = %s", n);
  q = size_text ((gsize) ws_params_get (row->algo, &row->params, "queries"));
  return g_strdup_printf ("n = %s, %s queries", n, q);
}

static double
copy_mean (const WsRooflineTable *t)
{
  return 0.5 * (t->copy[0] + t->copy[1]);
}

/* How far apart the two copy measurements are, relative to their mean. */
static double
copy_drift (const WsRooflineTable *t)
{
  return fabs (t->copy[0] - t->copy[1]) / copy_mean (t);
}

static char *
copy_line (const WsRooflineTable *t)
{
  g_autofree char *size = g_format_size_full (t->copy_bytes, G_FORMAT_SIZE_IEC_UNITS);

  return g_strdup_printf ("%.1f GB/s at the start, %.1f GB/s at the end, %.1f GB/s their mean "
                          "(cudaMemcpy device to device of %s, read + write counted, median "
                          "of %u cop%s)", t->copy[0], t->copy[1], copy_mean (t), size, t->repeat,
                          t->repeat == 1 ? "y" : "ies");
}

char *
ws_cli_roofline_drift (const WsRooflineTable *t)
{
  if (copy_drift (t) <= DRIFT_WARNING)
    return NULL;
  return g_strdup_printf ("the copy bandwidth changed by %.1f%% between the start and the end "
                          "(clocks, heat or another job on the GPU): the shares are uncertain "
                          "by as much", 100 * copy_drift (t));
}

enum { COL_ALGO, COL_VARIANT, COL_SIZE, COL_TYPE, COL_BYTES, COL_MS, COL_GBS, COL_SHARE,
       COL_VERIFIED, N_COLS };

static const char *const headings[N_COLS] = {
  "algorithm", "variant", "size", "type", "bytes (floor)", "kernels ms", "GB/s",
  "copy share", "verified",
};

static double
gb_per_s (const WsRooflineRow *row)
{
  double bytes = (double) ws_traffic_bytes (&row->traffic);

  return row->failure ? 0.0 : ws_rate_per_second (bytes, row->kernel_s) / 1e9;
}

/* At least three figures and no exponent where a GPU's figures fall
 * (3512, 87.3, 4.21), two below 1. */
static char *
figure_text (double v)
{
  if (v >= 100)
    return g_strdup_printf ("%.0f", v);
  if (v >= 10)
    return g_strdup_printf ("%.1f", v);
  return g_strdup_printf (v >= 1 ? "%.2f" : "%.2g", v);
}

/* A row's cells as the text and markdown tables show them. */
static GStrv
row_cells (const WsRooflineTable *t, const WsRooflineRow *row)
{
  GStrv cells = g_new0 (char *, N_COLS + 1);
  double gbs = gb_per_s (row);

  cells[COL_ALGO] = g_strdup (row->algo->name);
  cells[COL_VARIANT] = g_strdup (ws_variant_name (row->variant));
  cells[COL_SIZE] = ws_cli_roofline_size (row);
  cells[COL_TYPE] = g_strdup (ws_key_type_name (row->type));
  cells[COL_BYTES] = g_format_size (ws_traffic_bytes (&row->traffic)); /* 1 MB = 10^6 B */
  if (row->failure == NULL)
    {
      g_autofree char *share = figure_text (100 * gbs / copy_mean (t));
      cells[COL_MS] = g_strdup_printf ("%.3f", row->kernel_s * 1e3);
      cells[COL_GBS] = figure_text (gbs);
      cells[COL_SHARE] = g_strconcat (share, "%", NULL);
    }
  else
    for (guint c = COL_MS; c <= COL_SHARE; c++)
      cells[c] = g_strdup ("–");
  cells[COL_VERIFIED] = row->failure ? g_strdup_printf ("FAILED: %s", row->failure)
                                     : g_strdup ("ok");
  return cells;
}

/* Text: columns padded to their widest cell (counted in characters). */
static void
append_text_line (GString *s, const char *const *cells, const guint *width)
{
  for (guint c = 0; c < N_COLS; c++)
    {
      guint pad = width[c] - (guint) g_utf8_strlen (cells[c], -1);
      gboolean right = c >= COL_BYTES && c <= COL_SHARE;

      if (right)
        g_string_append_printf (s, "%*s", pad, "");
      g_string_append (s, cells[c]);
      if (!right && c + 1 < N_COLS)
        g_string_append_printf (s, "%*s", pad, "");
      g_string_append (s, c + 1 < N_COLS ? "  " : "\n");
    }
}

static void
append_text (GPtrArray *cells, GString *s)
{
  guint width[N_COLS];

  for (guint c = 0; c < N_COLS; c++)
    width[c] = (guint) g_utf8_strlen (headings[c], -1);
  for (guint i = 0; i < cells->len; i++)
    for (guint c = 0; c < N_COLS; c++)
      width[c] = MAX (width[c], (guint) g_utf8_strlen (((char **) cells->pdata[i])[c], -1));
  append_text_line (s, headings, width);
  for (guint i = 0; i < cells->len; i++)
    append_text_line (s, cells->pdata[i], width);
}

/* A markdown row; a '|' in a cell (a failure's message) is escaped, or it
 * would end the cell. */
static void
append_markdown_line (GString *s, const char *const *cells)
{
  for (guint c = 0; c < N_COLS; c++)
    {
      g_auto (GStrv) parts = g_strsplit (cells[c], "|", -1);
      g_autofree char *cell = g_strjoinv ("\\|", parts);
      g_string_append_printf (s, "| %s ", cell);
    }
  g_string_append (s, "|\n");
}

static void
append_markdown (GPtrArray *cells, GString *s)
{
  append_markdown_line (s, headings);
  for (guint c = 0; c < N_COLS; c++)
    g_string_append (s, c >= COL_BYTES && c <= COL_SHARE ? "|---:" : "|---");
  g_string_append (s, "|\n");
  for (guint i = 0; i < cells->len; i++)
    append_markdown_line (s, cells->pdata[i]);
}

static const char *const csv_header[] = {
  "algorithm", "variant", "type", "n", "radius", "queries", "bytes", "kernels_ms", "gb_per_s",
  "copy_share_pct", "verified", NULL,
};

static char *
param_text (const WsRooflineRow *row, WsShape shape, const char *name)
{
  if (row->algo->shape != shape)
    return g_strdup ("");
  return g_strdup_printf ("%" G_GINT64_FORMAT, ws_params_get (row->algo, &row->params, name));
}

/* Numbers as numbers (bytes exact); a failed row's figures empty. */
static GStrv
csv_fields (const WsRooflineTable *t, const WsRooflineRow *row)
{
  GStrv f = g_new0 (char *, G_N_ELEMENTS (csv_header));
  double gbs = gb_per_s (row);
  gboolean ok = row->failure == NULL;

  f[0] = g_strdup (row->algo->name);
  f[1] = g_strdup (ws_variant_name (row->variant));
  f[2] = g_strdup (ws_key_type_name (row->type));
  f[3] = g_strdup_printf ("%" G_GSIZE_FORMAT, row->n);
  f[4] = param_text (row, WS_SHAPE_STENCIL, "radius");
  f[5] = param_text (row, WS_SHAPE_SEARCH, "queries");
  f[6] = g_strdup_printf ("%" G_GUINT64_FORMAT, ws_traffic_bytes (&row->traffic));
  f[7] = ok ? g_strdup_printf ("%.6f", row->kernel_s * 1e3) : g_strdup ("");
  f[8] = ok ? g_strdup_printf ("%.6g", gbs) : g_strdup ("");
  f[9] = ok ? g_strdup_printf ("%.6g", 100 * gbs / copy_mean (t)) : g_strdup ("");
  f[10] = ok ? g_strdup ("ok") : g_strdup_printf ("FAILED: %s", row->failure);
  return f;
}

static void
append_csv (const WsRooflineTable *t, GString *s)
{
  g_autofree char *header = ws_csv_record (csv_header);

  g_string_append (s, header);
  for (guint i = 0; i < t->rows->len; i++)
    {
      g_auto (GStrv) fields = csv_fields (t, &g_array_index (t->rows, WsRooflineRow, i));
      g_autofree char *line = ws_csv_record ((const char *const *) fields);
      g_string_append (s, line);
    }
}

/* What the run was: the command, the device, the copy bandwidth and any
 * warning — "# " lines before a CSV's header, a paragraph in markdown. */
static void
append_header (const WsRooflineTable *t, GString *s)
{
  g_autofree char *copy = copy_line (t);
  g_autofree char *warning = ws_cli_roofline_drift (t);
  g_autofree char *build = ws_bench_build_text ();
  const char *lead = t->format == WS_ROOFLINE_CSV ? "# " : "";

  if (t->format == WS_ROOFLINE_MARKDOWN)
    {
      g_string_append_printf (s, "`warpscope-cli %s` on %s, Warpscope %s.\nCopy bandwidth: %s.\n",
                              t->command, t->device, build, copy);
      if (warning != NULL)
        g_string_append_printf (s, "**Warning:** %s.\n", warning);
      g_string_append_c (s, '\n');
      return;
    }
  g_string_append_printf (s, "%scommand: warpscope-cli %s\n%sbuild: Warpscope %s\n%sdevice: %s\n"
                          "%scopy bandwidth: %s\n", lead, t->command, lead, build, lead,
                          t->device, lead, copy);
  if (warning != NULL)
    g_string_append_printf (s, "%swarning: %s\n", lead, warning);
  if (t->format == WS_ROOFLINE_TEXT)
    g_string_append_c (s, '\n');
}

char *
ws_cli_roofline_render (const WsRooflineTable *t)
{
  g_autoptr (GString) s = g_string_new (NULL);
  g_autoptr (GPtrArray) cells = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  for (guint i = 0; i < t->rows->len; i++)
    g_ptr_array_add (cells, row_cells (t, &g_array_index (t->rows, WsRooflineRow, i)));
  append_header (t, s);
  if (t->format == WS_ROOFLINE_CSV)
    append_csv (t, s);
  else if (t->format == WS_ROOFLINE_MARKDOWN)
    append_markdown (cells, s);
  else
    append_text (cells, s);
  return g_string_free (g_steal_pointer (&s), FALSE);
}
