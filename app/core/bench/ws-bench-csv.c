/* ws-bench-csv.c: result.csv (see ws-bench-csv.h). */
#include "ws-bench-csv.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "ws-bench-samples.h"
#include "ws-error.h"
#include "ws-file.h"

struct _WsBenchCsv
{
  char *path;
  FILE *file;
};

static const char *const columns[] = {
  WS_BENCH_CSV_KEY, "algorithm", "variant", "type", "distribution", "n", "params", "instance",
  "seed", "timing", "cold", "baseline", "status", "samples", "median_s", "mean_s", "sd_s", "min_s", "max_s", "cv",
  "ci_lo_s", "ci_hi_s", "ci_level", "alloc_s", "upload_s", "kernel_s", "download_s", "speedup",
  "speedup_lo", "speedup_hi", "speedup_mean", "speedup_sigma", "elements_per_s", "gb_per_s",
  "peak_share", "gflop_per_s", "flop_per_byte", "device", "device_index", "message", NULL,
};
#define N_COLUMNS (G_N_ELEMENTS (columns) - 1)

/* The columns added since result.csv was first written: a file without
 * them reads as before they existed. */
static const char *const later_columns[] = { "cold", "device_index", NULL };

static char *
header_line (void)
{
  return ws_csv_record (columns);
}

static gboolean
io_error (const char *path, const char *what, int saved, GError **error)
{
  g_set_error (error, WS_ERROR, WS_ERROR_IO, "Cannot %s %s: %s", what, path, g_strerror (saved));
  return FALSE;
}

/* Written, flushed and on the disk: a crash after this keeps the line. */
static gboolean
write_durably (FILE *file, const char *path, const char *text, GError **error)
{
  if (fputs (text, file) < 0 || fflush (file) != 0 || fsync (fileno (file)) != 0)
    return io_error (path, "write to", errno, error);
  return TRUE;
}

/* An existing file must be ours: the same columns in the same order. */
static gboolean
check_header (const char *path, GError **error)
{
  g_autofree char *expect = header_line ();
  gsize want = strlen (expect);
  g_autofree char *text = g_malloc0 (want + 1);
  gssize got;
  int fd = ws_file_open_input (path, error); /* a FIFO or a device is not ours */

  if (fd < 0)
    return FALSE;
  got = read (fd, text, want); /* only the header: the rows may be many */
  close (fd);
  if (got < 0)
    return io_error (path, "read", errno, error);
  if (got > 0 && strcmp (text, expect) != 0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "%s is not a Warpscope result file of this version (its header differs); "
                   "choose another output directory", path);
      return FALSE;
    }
  return TRUE;
}

/* The run's folder: where a user can pick another (the application's
 * folder field, the command line's -o), so the message suggests that. */
static gboolean
make_folder (const char *path, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);

  if (g_mkdir_with_parents (dir, 0755) == 0)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_IO, "Cannot create the results folder %s: %s; choose "
               "another one", dir, g_strerror (errno));
  return FALSE;
}

WsBenchCsv *
ws_bench_csv_open (const char *path, GError **error)
{
  g_autoptr (WsBenchCsv) csv = NULL;
  gboolean exists;
  g_autofree char *header = NULL;

  if (!make_folder (path, error))
    return NULL;
  csv = g_new0 (WsBenchCsv, 1);
  exists = g_file_test (path, G_FILE_TEST_EXISTS);
  header = header_line ();
  csv->path = g_strdup (path);
  if (exists && !check_header (path, error))
    return NULL;
  if ((csv->file = g_fopen (path, "a")) == NULL)
    return io_error (path, "open", errno, error), NULL;
  if (ftell (csv->file) == 0 && !write_durably (csv->file, path, header, error))
    return NULL;
  return g_steal_pointer (&csv);
}

void
ws_bench_csv_close (WsBenchCsv *csv)
{
  if (csv == NULL)
    return;
  if (csv->file != NULL)
    fclose (csv->file);
  g_free (csv->path);
  g_free (csv);
}

static void
add_text (GPtrArray *f, const char *text)
{
  g_ptr_array_add (f, g_strdup (text ? text : ""));
}

/* Numbers in C locale, 9 significant digits; empty where not measured. */
static void
add_number (GPtrArray *f, double v, gboolean present)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  add_text (f, present && isfinite (v) ? g_ascii_formatd (buf, sizeof buf, "%.9g", v) : "");
}

static void
add_stats (GPtrArray *f, const WsBenchRow *row, gboolean ok)
{
  const WsStats *t = &row->time;

  add_number (f, t->n, ok);
  add_number (f, t->median, ok), add_number (f, t->mean, ok), add_number (f, t->sd, ok);
  add_number (f, t->min, ok), add_number (f, t->max, ok), add_number (f, t->cv, ok);
  add_number (f, t->ci_lo, ok), add_number (f, t->ci_hi, ok), add_number (f, t->ci_level, ok);
  add_number (f, row->alloc, ok), add_number (f, row->upload, ok);
  add_number (f, row->kernel, ok), add_number (f, row->download, ok);
}

static void
add_derived (GPtrArray *f, const WsBenchRow *row, gboolean ok)
{
  const WsSpeedup *sp = &row->speedup;
  gboolean stencil = row->config->algo->shape == WS_SHAPE_STENCIL;

  add_number (f, sp->value, row->has_speedup), add_number (f, sp->lo, row->has_speedup);
  add_number (f, sp->hi, row->has_speedup), add_number (f, sp->mean, row->has_speedup);
  add_number (f, sp->sigma, row->has_speedup);
  add_number (f, row->elements_per_s, ok), add_number (f, row->gb_per_s, ok);
  add_number (f, row->peak_share, ok && row->peak_share > 0);
  add_number (f, row->gflop_per_s, ok && stencil), add_number (f, row->flop_per_byte, ok && stencil);
}

const char *const *
ws_bench_csv_columns (void)
{
  return columns;
}

GStrv
ws_bench_csv_fields (const WsPreset *p, const WsBenchRow *row)
{
  const WsBenchConfig *c = row->config;
  gboolean ok = row->status == WS_BENCH_OK;
  GPtrArray *f = g_ptr_array_new ();
  char num[64];

  add_text (f, c->key), add_text (f, c->algo->name), add_text (f, ws_variant_name (c->variant));
  add_text (f, ws_key_type_name (p->type)), add_text (f, ws_distribution_name (p->distribution));
  g_snprintf (num, sizeof num, "%" G_GSIZE_FORMAT, c->n), add_text (f, num);
  add_text (f, c->params_text);
  g_snprintf (num, sizeof num, "%u", c->instance), add_text (f, num);
  g_snprintf (num, sizeof num, "%" G_GUINT64_FORMAT, c->seed), add_text (f, num);
  add_text (f, ws_timing_name (p->timing)), add_text (f, c->cold ? "true" : "false");
  add_text (f, ws_variant_name (p->baseline));
  add_text (f, ws_bench_status_name (row->status));
  add_stats (f, row, ok);
  add_derived (f, row, ok);
  add_text (f, row->device);
  /* The GPU's number; empty for a CPU row, as device is. */
  if (row->device_index >= 0)
    g_snprintf (num, sizeof num, "%d", row->device_index), add_text (f, num);
  else
    add_text (f, "");
  add_text (f, row->message);
  g_assert (f->len == N_COLUMNS);
  g_ptr_array_add (f, NULL);
  return (GStrv) g_ptr_array_free (f, FALSE);
}

gboolean
ws_bench_csv_append_fields (WsBenchCsv *csv, const char *const *fields, GError **error)
{
  g_autofree char *line = ws_csv_record (fields);

  return write_durably (csv->file, csv->path, line, error);
}

/* This build's columns in order, some of the later ones left out. */
static gboolean
older_header (const char *const *header)
{
  guint h = 0;

  for (guint c = 0; c < N_COLUMNS; c++)
    if (header[h] != NULL && g_str_equal (header[h], columns[c]))
      h++;
    else if (!g_strv_contains (later_columns, columns[c]))
      return FALSE;
  return header[h] == NULL;
}

WsCsvTable *
ws_bench_csv_upgrade (const WsCsvTable *t)
{
  WsCsvTable *up;

  g_return_val_if_fail (t != NULL, NULL);
  if (!older_header ((const char *const *) t->header))
    return NULL;
  up = ws_csv_table_new (columns);
  for (guint r = 0; r < t->rows->len; r++)
    {
      GStrv fields = g_new0 (char *, N_COLUMNS + 1);
      for (guint c = 0; c < N_COLUMNS; c++)
        {
          const char *v = ws_csv_table_get (t, r, columns[c]);
          fields[c] = g_strdup (v != NULL ? v : "");
        }
      ws_csv_table_append_line (up, fields, g_array_index (t->lines, guint, r));
    }
  return up;
}

void
ws_bench_error_log_note (const char *path, const char *line)
{
  FILE *log = g_fopen (path, "a");

  if (log == NULL)
    return;
  fprintf (log, "%s\n", line);
  fclose (log);
}

void
ws_bench_error_log_append (const char *path, const WsBenchRow *row)
{
  g_autofree char *what = NULL, *line = NULL;

  if (row->status != WS_BENCH_FAILED && row->status != WS_BENCH_ERROR)
    return;
  what = ws_bench_config_describe (row->config);
  line = g_strdup_printf ("%s: %s: %s", ws_bench_status_name (row->status), what, row->message);
  ws_bench_error_log_note (path, line);
}

/* A number of row r, 0 for an empty field; FALSE for text that is none. */
static gboolean
get_number (const WsCsvTable *t, guint r, const char *column, double *out, GError **error)
{
  const char *text = ws_csv_table_get (t, r, column);
  g_autofree char *shown = NULL;

  *out = 0.0;
  if (text == NULL || text[0] == '\0' || ws_csv_table_number (t, r, column, out))
    return TRUE;
  shown = g_utf8_make_valid (text, -1); /* a message is UTF-8, whatever the file holds */
  g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "line %u: %s: “%s” is not a number",
               g_array_index (t->lines, guint, r), column, shown);
  return FALSE;
}

/* A device_index field: -1 where empty, missing (a file from before the
 * column) or not a device number. */
static int
device_index (const char *text)
{
  guint64 v;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXINT, &v, NULL))
    return -1;
  return (int) v;
}

gboolean
ws_bench_csv_row (const WsCsvTable *t, guint r, WsBenchRow *row, GError **error)
{
  WsStats *s = &row->time;
  double n = 0;
  const char *status = ws_csv_table_get (t, r, "status");

  if (status == NULL || !ws_bench_status_from_string (status, &row->status))
    {
      g_autofree char *shown = g_utf8_make_valid (status ? status : "", -1);
      g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "line %u: status: “%s” is not a row status",
                   g_array_index (t->lines, guint, r), shown);
      return FALSE;
    }
  if (!get_number (t, r, "samples", &n, error) || !get_number (t, r, "median_s", &s->median, error)
      || !get_number (t, r, "mean_s", &s->mean, error) || !get_number (t, r, "sd_s", &s->sd, error)
      || !get_number (t, r, "min_s", &s->min, error) || !get_number (t, r, "max_s", &s->max, error)
      || !get_number (t, r, "ci_lo_s", &s->ci_lo, error)
      || !get_number (t, r, "ci_hi_s", &s->ci_hi, error))
    return FALSE;
  /* A count, or the cast below is undefined (found by fuzzing: 5e9). */
  if (n < 0 || n > G_MAXUINT || n != floor (n))
    {
      g_autofree char *shown = g_utf8_make_valid (ws_csv_table_get (t, r, "samples"), -1);
      g_set_error (error, WS_ERROR, WS_ERROR_PARSE, "line %u: samples: “%s” is not a count",
                   g_array_index (t->lines, guint, r), shown);
      return FALSE;
    }
  s->n = (guint) n;
  g_strlcpy (row->device, ws_csv_table_get (t, r, "device"), sizeof row->device);
  row->device_index = device_index (ws_csv_table_get (t, r, "device_index"));
  return TRUE;
}

gboolean
ws_bench_samples_append (FILE *file, const WsBenchRow *row, GError **error)
{
  g_autoptr (GString) s = g_string_new (NULL);

  ws_bench_samples_format (s, row->config->key, row->samples);
  if (fputs (s->str, file) < 0 || fflush (file) != 0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_IO, "Cannot write the samples file: %s",
                   g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}
