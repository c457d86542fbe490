/* ws-bench-rows.c: a result.csv's rows as charts read them (see
 * ws-bench-rows.h). */
#include "ws-bench-rows.h"

#include <math.h>
#include <string.h>

#include "ws-bench-json.h"
#include "ws-bench.h"
#include "ws-error.h"

static const char *const col_names[WS_BENCH_N_COLS] = {
  "algorithm", "variant", "n", "params", "status", "timing", "baseline", "median_s", "sd_s",
  "ci_lo_s", "ci_hi_s", "speedup", "speedup_lo", "speedup_hi", "gb_per_s", "peak_share",
  "gflop_per_s", "ci_level", "device_index",
};

const char *
ws_bench_col_name (WsBenchCol col)
{
  g_return_val_if_fail ((guint) col < WS_BENCH_N_COLS, NULL);
  return col_names[col];
}

void
ws_bench_columns_find (WsBenchColumns *c, const char *const *header)
{
  for (guint k = 0; k < WS_BENCH_N_COLS; k++)
    {
      c->at[k] = -1;
      for (guint i = 0; header != NULL && header[i] != NULL && c->at[k] < 0; i++)
        if (strcmp (header[i], col_names[k]) == 0)
          c->at[k] = (int) i;
    }
}

gboolean
ws_bench_columns_check (const WsBenchColumns *c, const WsBenchCol *needed, guint n,
                        const char *path, GError **error)
{
  g_autoptr (GString) missing = g_string_new (NULL);
  guint count = 0;

  for (guint i = 0; i < n; i++)
    if (c->at[needed[i]] < 0)
      g_string_append_printf (missing, "%s“%s”", count++ ? ", " : "", col_names[needed[i]]);
  if (count == 0)
    return TRUE;
  if (path != NULL)
    g_set_error (error, WS_ERROR, WS_ERROR_PARSE,
                 "%s is not a Warpscope result.csv: its header (line 1) has no column%s %s. "
                 "Open a result.csv written by “warpscope-cli bench” or the application (its "
                 "columns may come in any order, but under these names)",
                 path, count > 1 ? "s" : "", missing->str);
  else
    g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "The results have no column%s %s",
                 count > 1 ? "s" : "", missing->str);
  return FALSE;
}

const char *
ws_bench_field (const WsBenchColumns *c, const char *const *fields, WsBenchCol col)
{
  return c->at[col] < 0 ? "" : fields[c->at[col]];
}

/* The text as a number: FALSE unless it is wholly a finite number in C
 * notation. */
static gboolean
parse_number (const char *text, double *out)
{
  char *end = NULL;

  *out = NAN;
  if (text[0] == '\0')
    return FALSE;
  *out = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (*out))
    return *out = NAN, FALSE;
  return TRUE;
}

double
ws_bench_number (const WsBenchColumns *c, const char *const *fields, WsBenchCol col)
{
  double v;

  parse_number (ws_bench_field (c, fields, col), &v);
  return v;
}

/* ---- checking a row ---- */

char *
ws_bench_field_shown (const char *text)
{
  enum { MOST = 40 };

  if (!g_utf8_validate (text, -1, NULL))
    return strlen (text) > MOST ? g_strdup_printf ("%.*s…", MOST, text) : g_strdup (text);
  if (g_utf8_strlen (text, -1) <= MOST)
    return g_strdup (text);
  g_autofree char *cut = g_utf8_substring (text, 0, MOST);
  return g_strconcat (cut, "…", NULL);
}

static char *
not_a (const char *column, const char *text, const char *what)
{
  g_autofree char *shown = ws_bench_field_shown (text);

  return g_strdup_printf ("%s is “%s”, not %s", column, shown, what);
}

static char *
status_fault (const char *status)
{
  WsBenchStatus s;
  g_autoptr (GString) names = g_string_new (NULL);
  g_autofree char *shown = NULL;

  if (ws_bench_status_from_string (status, &s))
    return NULL;
  for (guint i = 0; i <= WS_BENCH_SKIPPED; i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "", ws_bench_status_name (i));
  shown = ws_bench_field_shown (status);
  return g_strdup_printf ("status is “%s”, not one of %s", shown, names->str);
}

/* n counts keys (or a grid's side): a whole number, never negative — which
 * also catches a header whose names were moved off their columns (a time
 * under "n"). */
static char *
size_fault (const char *text, double *v)
{
  if (parse_number (text, v) && *v >= 0 && *v == floor (*v))
    return NULL;
  return not_a ("n", text, "a size (a whole number ≥ 0)");
}

/* Times, speedups and rates: numbers ≥ 0; optional ones may be empty (a
 * baseline has no speedup, a CPU no share of a GPU's peak). */
static char *
value_fault (const WsBenchColumns *c, const char *const *fields, WsBenchCol col, gboolean optional,
             double *v)
{
  const char *text = ws_bench_field (c, fields, col);

  if ((optional && text[0] == '\0') || (parse_number (text, v) && *v >= 0))
    return NULL;
  return not_a (col_names[col], text, text[0] ? "a number ≥ 0" : "a number (it is empty)");
}

char *
ws_bench_row_check (const WsBenchColumns *c, const char *const *fields, WsBenchValues *values)
{
  static const WsBenchCol optional[] = {
    WS_BENCH_COL_SD, WS_BENCH_COL_CI_LO, WS_BENCH_COL_CI_HI, WS_BENCH_COL_SPEEDUP,
    WS_BENCH_COL_SPEEDUP_LO, WS_BENCH_COL_SPEEDUP_HI, WS_BENCH_COL_GB_PER_S,
    WS_BENCH_COL_PEAK_SHARE, WS_BENCH_COL_GFLOP_PER_S, WS_BENCH_COL_CI_LEVEL,
  };
  const char *status = ws_bench_field (c, fields, WS_BENCH_COL_STATUS);
  double *v = values->v;
  char *why;

  for (guint k = 0; k < WS_BENCH_N_COLS; k++)
    v[k] = NAN;
  if ((why = status_fault (status)) != NULL || strcmp (status, "ok") != 0)
    return why;
  if ((why = size_fault (ws_bench_field (c, fields, WS_BENCH_COL_N), &v[WS_BENCH_COL_N])) != NULL
      || (why = value_fault (c, fields, WS_BENCH_COL_MEDIAN, FALSE, &v[WS_BENCH_COL_MEDIAN])) != NULL)
    return why;
  for (guint i = 0; i < G_N_ELEMENTS (optional); i++)
    if ((why = value_fault (c, fields, optional[i], TRUE, &v[optional[i]])) != NULL)
      return why;
  return NULL;
}

char *
ws_bench_row_fault (const WsBenchColumns *c, const char *const *fields)
{
  WsBenchValues values;

  return ws_bench_row_check (c, fields, &values);
}

gboolean
ws_bench_row_usable (const WsBenchColumns *c, const char *const *fields)
{
  g_autofree char *why = NULL;

  if (strcmp (ws_bench_field (c, fields, WS_BENCH_COL_STATUS), "ok") != 0)
    return FALSE;
  why = ws_bench_row_fault (c, fields);
  return why == NULL;
}

/* ---- what was left out ---- */

void
ws_bench_left_out_add (WsBenchLeftOut *l, guint line, char *why)
{
  if (l->count++ == 0)
    l->first_line = line, l->first_why = why;
  else
    g_free (why);
}

char *
ws_bench_left_out_describe (const WsBenchLeftOut *l, const char *path)
{
  g_autoptr (GString) s = g_string_new (NULL);

  if (l->count == 1)
    g_string_append_printf (s, "1 row left out as unreadable, %s:%u: %s", path, l->first_line,
                            l->first_why);
  else if (l->count > 1)
    g_string_append_printf (s, "%u rows left out as unreadable, the first %s:%u: %s", l->count,
                            path, l->first_line, l->first_why);
  if (l->cut_line != 0)
    g_string_append_printf (s, "%s%s:%u, the last line, is cut short (a run that was "
                            "interrupted) and left out", s->len ? "; " : "", path, l->cut_line);
  return s->len ? g_string_free (g_steal_pointer (&s), FALSE) : NULL;
}

void
ws_bench_left_out_clear (WsBenchLeftOut *l)
{
  g_clear_pointer (&l->first_why, g_free);
  l->count = l->first_line = l->cut_line = 0;
}

/* ---- a whole file for the application ---- */

/* The columns every chart and the table read. */
static const WsBenchCol table_needs[] = {
  WS_BENCH_COL_ALGORITHM, WS_BENCH_COL_VARIANT, WS_BENCH_COL_N, WS_BENCH_COL_PARAMS,
  WS_BENCH_COL_STATUS, WS_BENCH_COL_MEDIAN,
};

/* Progress in steps of a hundredth: a file of a million rows would
 * otherwise flood the main loop that shows it. */
typedef struct
{
  WsBenchProgress func;
  gpointer        data;
  guint           shown; /* hundredths */
} Progress;

static void
progress_report (Progress *p, const WsCsvReader *r)
{
  guint64 size = ws_csv_reader_size (r);
  guint now = size ? (guint) (100 * MIN (ws_csv_reader_offset (r), size) / size) : 0;

  if (p->func != NULL && now > p->shown)
    p->shown = now, p->func (now / 100.0, p->data);
}

static gboolean
read_rows (WsCsvReader *r, WsCsvTable *t, const WsBenchColumns *c, GCancellable *cancellable,
           Progress *progress, WsBenchLeftOut *left_out, GError **error)
{
  const char *const *fields;
  GError *local = NULL;

  while ((fields = ws_csv_reader_next (r, &local)) != NULL)
    {
      char *why = ws_bench_row_fault (c, fields);
      if (why != NULL)
        ws_bench_left_out_add (left_out, ws_csv_reader_line (r), why);
      ws_csv_table_append_line (t, g_strdupv ((char **) fields), ws_csv_reader_line (r));
      if (t->rows->len % 1024 == 0 && g_cancellable_is_cancelled (cancellable))
        {
          g_set_error (error, WS_ERROR, WS_ERROR_CANCELLED, "Cancelled at line %u",
                       ws_csv_reader_line (r));
          return FALSE;
        }
      progress_report (progress, r);
    }
  return local == NULL || (g_propagate_error (error, local), FALSE);
}

/* A result.json, parsed whole (JSON-GLib reads a document at once, so
 * there is no progress to report or cancel between rows), its rows
 * checked as result.csv's are. */
static WsCsvTable *
read_json (const char *path, WsBenchLeftOut *left_out, GError **error)
{
  g_autoptr (WsBenchJson) json = ws_bench_json_load (path, error);
  g_autoptr (WsCsvTable) t = json ? ws_bench_json_table (json) : NULL;
  WsBenchColumns c;

  if (t == NULL)
    return NULL;
  ws_bench_columns_find (&c, (const char *const *) t->header);
  for (guint r = 0; r < t->rows->len; r++)
    {
      char *why = ws_bench_row_fault (&c, ws_csv_table_row (t, r));
      if (why != NULL)
        ws_bench_left_out_add (left_out, g_array_index (t->lines, guint, r), why);
    }
  return g_steal_pointer (&t);
}

WsCsvTable *
ws_bench_results_read (const char *path, GCancellable *cancellable, WsBenchProgress progress,
                       gpointer data, WsBenchLeftOut *left_out, GError **error)
{
  g_autoptr (WsCsvReader) r = NULL;
  g_autoptr (WsCsvTable) t = NULL;
  WsBenchColumns c;
  Progress p = { progress, data, 0 };

  if (ws_bench_json_is_json_path (path))
    return read_json (path, left_out, error);
  if ((r = ws_csv_reader_open (path, TRUE, error)) == NULL)
    return NULL;
  ws_bench_columns_find (&c, ws_csv_reader_header (r));
  if (!ws_bench_columns_check (&c, table_needs, G_N_ELEMENTS (table_needs), path, error))
    return NULL;
  t = ws_csv_table_new (ws_csv_reader_header (r));
  if (!read_rows (r, t, &c, cancellable, &p, left_out, error))
    return NULL;
  left_out->cut_line = ws_csv_reader_cut_line (r);
  return g_steal_pointer (&t);
}
