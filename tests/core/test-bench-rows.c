/* test-bench-rows.c: reading benchmark results (issue 15, items 6 and 9).
 * The CSV reader row by row agrees with the whole-table one on every
 * quoting case and across its buffer's edges; rows with nonsense values are
 * left out and counted, the first named; a chart's unknown algorithm or x
 * axis, and missing columns, are errors listing what there is; reordered
 * columns chart the same; instances of a point average by hashing — a
 * chart of many thousand distinct sizes has every point — and a chart read
 * straight from a file is the chart of the table. */
#define _GNU_SOURCE /* mkfifo under -std=c17 */

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>

#include "ws-bench-report.h"
#include "ws-bench-rows.h"
#include "ws-csv.h"
#include "ws-error.h"
#include "ws-test-util.h"

typedef struct
{
  char *dir;
} Fixture;

static void
set_up (Fixture *f, gconstpointer data)
{
  f->dir = ws_test_make_dir ();
}

static void
tear_down (Fixture *f, gconstpointer data)
{
  ws_test_remove_dir (f->dir);
  g_free (f->dir);
}

static char *
write_file (Fixture *f, const char *name, const char *text)
{
  char *path = g_build_filename (f->dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

/* ---- the reader ---- */

/* Every row of path through the reader, as "line: a|b|c" lines. */
static char *
read_rows (const char *path, gboolean lenient, guint *cut_line)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsCsvReader) r = ws_csv_reader_open (path, lenient, &error);
  GString *s = g_string_new (NULL);
  const char *const *fields;

  g_assert_no_error (error);
  while ((fields = ws_csv_reader_next (r, &error)) != NULL)
    {
      g_autofree char *joined = g_strjoinv ("|", (char **) fields);
      g_string_append_printf (s, "%u: %s\n", ws_csv_reader_line (r), joined);
    }
  g_assert_no_error (error);
  g_assert_cmpuint (ws_csv_reader_offset (r), ==, ws_csv_reader_size (r));
  *cut_line = ws_csv_reader_cut_line (r);
  return g_string_free (s, FALSE);
}

/* A byte order mark, CRLF, quotes with commas, doubled quotes and line
 * breaks, empty fields, and a field longer than the reader's buffer. */
static void
test_reader_quoting (Fixture *f, gconstpointer data)
{
  g_autofree char *big = g_strnfill (200 * 1024, 'x');
  g_autofree char *text = g_strdup_printf ("\xEF\xBB\xBF" "a,b,c\r\n"
                                           "1,\"x, y\",\"say \"\"hi\"\"\"\r\n"
                                           ",\"two\nlines\",\n"
                                           "%s,end,\"%s\"\n"
                                           "4,5,6", big, big);
  g_autofree char *path = write_file (f, "q.csv", text);
  g_autofree char *want = g_strdup_printf ("2: 1|x, y|say \"hi\"\n"
                                           "3: |two\nlines|\n"
                                           "5: %s|end|%s\n"
                                           "6: 4|5|6\n", big, big);
  guint cut = 0;
  g_autofree char *got = read_rows (path, FALSE, &cut);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsCsvTable) t = ws_csv_table_read (path, &error);

  g_assert_cmpstr (got, ==, want);
  g_assert_cmpuint (cut, ==, 0);
  g_assert_no_error (error);
  g_assert_cmpstr (t->header[0], ==, "a"); /* the mark is not part of the name */
  g_assert_cmpuint (t->rows->len, ==, 4);
  g_assert_cmpuint (g_array_index (t->lines, guint, 3), ==, 6);
  g_assert_cmpstr (ws_csv_table_get (t, 1, "b"), ==, "two\nlines");
}

/* A final line without its newline: lenient reading drops it and says
 * which line it was; strict reading takes it when it is whole. */
static void
test_reader_lenient (Fixture *f, gconstpointer data)
{
  g_autofree char *path = write_file (f, "cut.csv", "a,b\n1,2\n3,4");
  guint cut = 0;
  g_autofree char *lenient = read_rows (path, TRUE, &cut);
  g_autofree char *strict = NULL;

  g_assert_cmpstr (lenient, ==, "2: 1|2\n");
  g_assert_cmpuint (cut, ==, 3);
  strict = read_rows (path, FALSE, &cut);
  g_assert_cmpstr (strict, ==, "2: 1|2\n3: 3|4\n");
  g_assert_cmpuint (cut, ==, 0);
}

/* Errors name file:line; a FIFO is refused at once, not waited on. */
static void
test_reader_errors (Fixture *f, gconstpointer data)
{
  const struct { const char *text, *needle; } cases[] = {
    { "a,b\n1,2\n\"open,2\n3,4\n", "e.csv:3: a quoted field is not closed" },
    { "a,b\n1,2\n3\n", "e.csv:3: 1 fields where the header names 2" },
    { "", "e.csv:1: no header line" },
  };
  g_autofree char *fifo = g_build_filename (f->dir, "fifo.csv", NULL);
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = write_file (f, "e.csv", cases[i].text);
      g_autoptr (WsCsvReader) r = ws_csv_reader_open (path, FALSE, &error);
      while (r != NULL && ws_csv_reader_next (r, &error) != NULL)
        ;
      g_assert_error (error, WS_ERROR, WS_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, cases[i].needle));
      g_clear_error (&error);
    }
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_null (ws_csv_reader_open (fifo, TRUE, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "FIFO"));
  g_unlink (fifo);
}

/* ---- checking rows ---- */

static char *
fault_of (const char *row)
{
  g_auto (GStrv) header = g_strsplit ("status,n,median_s,speedup,algorithm,variant,params", ",", -1);
  g_auto (GStrv) fields = g_strsplit (row, ",", -1);
  WsBenchColumns c;

  ws_bench_columns_find (&c, (const char *const *) header);
  return ws_bench_row_fault (&c, (const char *const *) fields);
}

static void
test_row_faults (void)
{
  const struct { const char *row, *fault; } cases[] = {
    { "ok,1024,1e-3,,a,v,", NULL },
    { "ok,1024,1e-3,2.5,a,v,", NULL },
    { "failed,1024,abc,,a,v,", NULL },           /* a failed row has no time to check */
    { "ok,1024,abc,,a,v,", "median_s is “abc”, not a number ≥ 0" },
    { "ok,1024,NaN,,a,v,", "median_s is “NaN”" },
    { "ok,1024,,,a,v,", "median_s is “”, not a number (it is empty)" },
    { "ok,1024,-1e-3,,a,v,", "median_s is “-1e-3”" },
    { "ok,-1024,1e-3,,a,v,", "n is “-1024”, not a size (a whole number ≥ 0)" },
    { "ok,4.0478e-05,1e-3,,a,v,", "n is “4.0478e-05”" }, /* names moved off their columns */
    { "ok,1024,1e-3,inf,a,v,", "speedup is “inf”" },
    { "ok,1024,1e-3,2x,a,v,", "speedup is “2x”" },
    { "okay,1024,1e-3,,a,v,", "status is “okay”, not one of ok, failed, unavailable, error, skipped" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *fault = fault_of (cases[i].row);
      if (cases[i].fault == NULL)
        g_assert_null (fault);
      else
        {
          g_assert_nonnull (fault);
          g_assert_true (g_str_has_prefix (fault, cases[i].fault));
        }
    }
}

/* ---- charts ---- */

#define CHART_HEADER "key,algorithm,variant,type,n,params,instance,timing,baseline,status,median_s," \
                     "sd_s,ci_lo_s,ci_hi_s,speedup,speedup_lo,speedup_hi,gb_per_s,device\n"

/* A result.csv row in CHART_HEADER's columns. */
static void
add_row (GString *s, const char *algo, const char *variant, guint64 n, const char *params,
         guint instance, const char *status, double median)
{
  g_string_append_printf (s, "k,%s,%s,float32,%" G_GUINT64_FORMAT ",%s,%u,end-to-end,cpu-seq,%s,"
                          "%g,%g,%g,%g,%g,%g,%g,%g,\n", algo, variant, n, params, instance, status,
                          median, median / 100, 0.9 * median, 1.1 * median, 2.0, 1.9, 2.1, 8 * n / median / 1e9);
}

static WsPlot *
chart_table (const char *path, const char *algo, WsChartKind kind, const char *x)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsCsvTable) t = ws_csv_table_read (path, &error);
  WsPlot *plot;

  g_assert_no_error (error);
  plot = ws_bench_chart (t, algo, kind, x, &error);
  g_assert_no_error (error);
  return plot;
}

static WsPlot *
chart_file (const char *path, const char *algo, WsChartKind kind, const char *x, char **warning)
{
  g_autoptr (GError) error = NULL;
  WsPlot *plot = ws_bench_chart_read (path, algo, kind, x, warning, &error);

  g_assert_no_error (error);
  g_assert_nonnull (plot);
  return plot;
}

static void
assert_point (const WsPlot *plot, guint series, guint i, double x, double y, double lo, double hi)
{
  double px, py, plo, phi;

  ws_plot_get_point (plot, series, i, &px, &py, &plo, &phi);
  g_assert_cmpfloat (px, ==, x);
  g_assert_cmpfloat_with_epsilon (py, y, 1e-12);
  g_assert_cmpfloat_with_epsilon (plo, lo, 1e-12);
  g_assert_cmpfloat_with_epsilon (phi, hi, 1e-12);
}

/* Both charts have the same series with the same points. */
static void
assert_same_chart (const WsPlot *a, const WsPlot *b)
{
  g_assert_cmpuint (ws_plot_n_series (a), ==, ws_plot_n_series (b));
  for (guint s = 0; s < ws_plot_n_series (a); s++)
    {
      g_assert_cmpstr (ws_plot_series_name (a, s), ==, ws_plot_series_name (b, s));
      g_assert_cmpuint (ws_plot_n_points (a, s), ==, ws_plot_n_points (b, s));
      for (guint i = 0; i < ws_plot_n_points (a, s); i++)
        {
          double x, y, lo, hi;
          ws_plot_get_point (a, s, i, &x, &y, &lo, &hi);
          assert_point (b, s, i, x, y, lo, hi);
        }
    }
}

/* Instances of a point average, their intervals join; series come in the
 * order of their first rows; the chart read from the file is the table's. */
static void
test_chart_instances (Fixture *f, gconstpointer data)
{
  GString *s = g_string_new (CHART_HEADER);
  g_autofree char *path = NULL;
  g_autoptr (WsPlot) table = NULL, file = NULL;
  g_autofree char *warning = NULL;

  add_row (s, "sort", "gpu", 1024, "", 0, "ok", 1e-3);
  add_row (s, "sort", "cpu-seq", 1024, "", 0, "ok", 4e-3);
  add_row (s, "sort", "gpu", 2048, "", 0, "ok", 2e-3);
  add_row (s, "sort", "gpu", 1024, "", 1, "ok", 2e-3);
  add_row (s, "sort", "gpu", 1024, "", 2, "ok", 3e-3);
  add_row (s, "sort", "gpu", 1024, "", 3, "failed", 9e-3);
  path = write_file (f, "result.csv", s->str);
  g_string_free (s, TRUE);
  table = chart_table (path, "sort", WS_CHART_TIME, NULL);
  file = chart_file (path, "sort", WS_CHART_TIME, NULL, &warning);
  g_assert_null (warning);
  g_assert_cmpuint (ws_plot_n_series (table), ==, 2);
  g_assert_cmpstr (ws_plot_series_name (table, 0), ==, "sort gpu");
  g_assert_cmpstr (ws_plot_series_name (table, 1), ==, "sort cpu-seq");
  g_assert_cmpuint (ws_plot_n_points (table, 0), ==, 2);
  assert_point (table, 0, 0, 1024, 2e-3, 0.9e-3, 3.3e-3);
  assert_point (table, 0, 1, 2048, 2e-3, 1.8e-3, 2.2e-3);
  assert_same_chart (table, file);
}

/* The title says the level the intervals have: 95% from six samples on,
 * the lower level of fewer samples (0.75 at three) as it is. */
static void
test_chart_levels (Fixture *f, gconstpointer data)
{
  const char *header = "algorithm,variant,n,params,status,timing,baseline,median_s,ci_lo_s,"
                       "ci_hi_s,ci_level\n";
  const struct { const char *levels[2], *want; } cases[] = {
    { { "0.96875", "0.984375" }, "sort: median time (end-to-end), 95% interval" },
    { { "0.75", "0.75" }, "sort: median time (end-to-end), 75% interval (few samples)" },
    { { "0.75", "0.96875" }, "sort: median time (end-to-end), 75–96% intervals (few samples)" },
    { { "", "" }, "sort: median time (end-to-end), interval of the median" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (GString) s = g_string_new (header);
      g_autofree char *path = NULL;
      g_autoptr (WsPlot) plot = NULL;
      for (guint r = 0; r < 2; r++)
        g_string_append_printf (s, "sort,gpu,%u,,ok,end-to-end,cpu-seq,0.002,0.0019,0.0021,%s\n",
                                1024u << r, cases[c].levels[r]);
      path = write_file (f, "levels.csv", s->str);
      plot = chart_table (path, "sort", WS_CHART_TIME, NULL);
      g_assert_cmpstr (ws_plot_title (plot), ==, cases[c].want);
    }
}

/* Every row a point of its own: thousands of sizes, each one charted (a
 * linear search per row took minutes at a million). */
static void
test_chart_distinct_sizes (Fixture *f, gconstpointer data)
{
  GString *s = g_string_new (CHART_HEADER);
  const char *const variants[] = { "cpu-seq", "cpu-par", "gpu", "gpu-lib" };
  const guint sizes = 5000;
  g_autofree char *path = NULL;
  g_autoptr (WsPlot) table = NULL, file = NULL;
  g_autofree char *warning = NULL;

  for (guint i = 0; i < sizes; i++)
    for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
      add_row (s, "sort", variants[v], 1000 + i, "", 0, "ok", 1e-6 * (i + 1) * (v + 1));
  path = write_file (f, "result.csv", s->str);
  g_string_free (s, TRUE);
  table = chart_table (path, NULL, WS_CHART_TIME, NULL);
  file = chart_file (path, NULL, WS_CHART_TIME, "n", &warning);
  g_assert_cmpuint (ws_plot_n_series (file), ==, 4);
  for (guint v = 0; v < 4; v++)
    {
      g_assert_cmpuint (ws_plot_n_points (file, v), ==, sizes);
      assert_point (file, v, sizes - 1, 1000 + sizes - 1, 1e-6 * sizes * (v + 1),
                    0.9e-6 * sizes * (v + 1), 1.1e-6 * sizes * (v + 1));
    }
  assert_same_chart (table, file);
}

/* Against a parameter, only the largest size's rows are charted, however
 * the rows come: a larger n later starts the points afresh. */
static void
test_chart_parameter (Fixture *f, gconstpointer data)
{
  GString *s = g_string_new (CHART_HEADER);
  g_autofree char *path = NULL;
  g_autoptr (WsPlot) plot = NULL;
  g_autofree char *warning = NULL;

  add_row (s, "stencil", "gpu", 64, "radius=1;block=8", 0, "ok", 1e-3);
  add_row (s, "stencil", "gpu", 128, "radius=1;block=8", 0, "ok", 2e-3);
  add_row (s, "stencil", "gpu", 64, "radius=2;block=8", 0, "ok", 3e-3);
  add_row (s, "stencil", "gpu", 128, "radius=2;block=8", 0, "ok", 4e-3);
  add_row (s, "stencil", "gpu", 128, "radius=2;block=16", 0, "ok", 5e-3);
  path = write_file (f, "result.csv", s->str);
  g_string_free (s, TRUE);
  plot = chart_file (path, "stencil", WS_CHART_TIME, "radius", &warning);
  g_assert_cmpuint (ws_plot_n_series (plot), ==, 2);
  g_assert_cmpstr (ws_plot_series_name (plot, 0), ==, "stencil gpu block=8");
  g_assert_cmpstr (ws_plot_series_name (plot, 1), ==, "stencil gpu block=16");
  g_assert_cmpuint (ws_plot_n_points (plot, 0), ==, 2);
  assert_point (plot, 0, 0, 1, 2e-3, 1.8e-3, 2.2e-3);
  assert_point (plot, 0, 1, 2, 4e-3, 3.6e-3, 4.4e-3);
}

/* The x axis says what the sizes count: keys, the window sum's grid side,
 * or both where the chart holds both; against a parameter, at which size. */
static void
assert_x_label (const char *path, const char *algo, const char *x, const char *want)
{
  g_autofree char *warning = NULL;
  g_autoptr (WsPlot) file = chart_file (path, algo, WS_CHART_TIME, x, &warning);
  g_autoptr (WsPlot) table = chart_table (path, algo, WS_CHART_TIME, x);

  g_assert_cmpstr (ws_plot_x_label (file), ==, want);
  g_assert_cmpstr (ws_plot_x_label (table), ==, want);
}

static void
test_chart_size_label (Fixture *f, gconstpointer data)
{
  GString *s = g_string_new (CHART_HEADER);
  g_autofree char *mixed = NULL, *sorts = NULL;

  add_row (s, "bitonic", "gpu", 1024, "", 0, "ok", 1e-3);
  add_row (s, "dot", "gpu", 1024, "", 0, "ok", 1e-3);
  sorts = write_file (f, "sorts.csv", s->str);
  add_row (s, "stencil", "gpu", 64, "radius=1", 0, "ok", 1e-3);
  add_row (s, "stencil", "gpu", 128, "radius=2", 0, "ok", 2e-3);
  mixed = write_file (f, "mixed.csv", s->str);
  g_string_free (s, TRUE);
  assert_x_label (mixed, NULL, NULL, "n (keys; the grid side N for stencil)");
  assert_x_label (mixed, "bitonic", NULL, "n (keys)");
  assert_x_label (mixed, "stencil", NULL, "N (the grid side)");
  assert_x_label (mixed, "stencil", "radius", "radius (at N = 128)");
  assert_x_label (sorts, NULL, NULL, "n (keys)");
}

/* The chart read from path fails with each of needles in its message. */
static void
assert_chart_fails (const char *path, const char *algo, WsChartKind kind, const char *x,
                    const char *const *needles)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *warning = NULL;
  g_autoptr (WsPlot) plot = ws_bench_chart_read (path, algo, kind, x, &warning, &error);

  g_assert_null (plot);
  g_assert_nonnull (error);
  for (guint i = 0; needles[i] != NULL; i++)
    g_assert_nonnull (strstr (error->message, needles[i]));
}

/* The same for the table's chart (the application's, `bench`'s), as well. */
static void
assert_charts_fail (const char *path, const char *algo, WsChartKind kind, const char *x,
                    const char *const *needles)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (WsCsvTable) t = ws_csv_table_read (path, &error);
  g_autoptr (WsPlot) plot = NULL;

  g_assert_no_error (error);
  assert_chart_fails (path, algo, kind, x, needles);
  plot = ws_bench_chart (t, algo, kind, x, &error);
  g_assert_null (plot);
  for (guint i = 0; needles[i] != NULL && g_str_has_prefix (needles[i], "“"); i++)
    g_assert_nonnull (strstr (error->message, needles[i]));
}

/* An algorithm or an x the rows do not have, or a missing column, is an
 * error that lists what there is. */
static void
test_chart_choices (Fixture *f, gconstpointer data)
{
  GString *s = g_string_new (CHART_HEADER);
  g_autofree char *path = NULL, *renamed = NULL, *no_speedup = NULL;

  add_row (s, "stencil", "gpu", 64, "radius=1;block=8", 0, "ok", 1e-3);
  add_row (s, "bitonic", "gpu", 64, "", 0, "ok", 1e-3);
  path = write_file (f, "result.csv", s->str);
  assert_charts_fail (path, "bogo", WS_CHART_TIME, NULL,
                      (const char *const[]) { "“bogo” is not an algorithm of", "stencil or bitonic",
                                              NULL });
  assert_charts_fail (path, "stencil", WS_CHART_TIME, "bogus",
                      (const char *const[]) { "“bogus” is not a parameter of stencil",
                                              "n, radius or block", NULL });
  assert_charts_fail (path, "bitonic", WS_CHART_TIME, "radius",
                      (const char *const[]) { "the x axis can be n", NULL });
  renamed = g_strdup (s->str);
  memcpy (strstr (renamed, "median_s"), "median_x", 8);
  memcpy (strstr (renamed, ",n,"), ",N,", 3);
  g_free (path), path = write_file (f, "renamed.csv", renamed);
  assert_charts_fail (path, NULL, WS_CHART_TIME, NULL,
                      (const char *const[]) { "renamed.csv is not a Warpscope result.csv",
                                              "no columns “n”, “median_s”", NULL });
  no_speedup = g_strdup (s->str);
  memcpy (strstr (no_speedup, "speedup,"), "sp33dup,", 8);
  g_free (path), path = write_file (f, "no-speedup.csv", no_speedup);
  assert_charts_fail (path, NULL, WS_CHART_SPEEDUP, NULL,
                      (const char *const[]) { "no column “speedup”", NULL });
  g_string_free (s, TRUE);
}

/* Columns in another order chart the same: they are found by name. */
static void
test_chart_reordered (Fixture *f, gconstpointer data)
{
  GString *s = g_string_new (CHART_HEADER), *r = g_string_new (NULL);
  g_auto (GStrv) lines = NULL;
  g_autofree char *path = NULL, *reordered = NULL, *w1 = NULL, *w2 = NULL;
  g_autoptr (WsPlot) a = NULL, b = NULL;

  for (guint i = 0; i < 6; i++)
    add_row (s, "sort", i % 2 ? "gpu" : "cpu-seq", 1000 << i, "", 0, "ok", 1e-3 * (i + 1));
  lines = g_strsplit (s->str, "\n", -1);
  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], ",", -1);
      guint n = g_strv_length (fields);
      for (guint k = n; k-- > 0;) /* every column, last first */
        g_string_append_printf (r, "%s%s", fields[k], k ? "," : "\n");
    }
  path = write_file (f, "result.csv", s->str);
  reordered = write_file (f, "reordered.csv", r->str);
  a = chart_file (path, "sort", WS_CHART_SPEEDUP, NULL, &w1);
  b = chart_file (reordered, "sort", WS_CHART_SPEEDUP, NULL, &w2);
  g_assert_cmpuint (ws_plot_n_points (a, 0), ==, 3);
  assert_same_chart (a, b);
  g_string_free (s, TRUE), g_string_free (r, TRUE);
}

/* Rows whose values are nonsense are left out, counted, the first named;
 * the others are charted. With nothing left, the error says why. */
static void
test_chart_left_out (Fixture *f, gconstpointer data)
{
  GString *s = g_string_new (CHART_HEADER);
  g_autofree char *path = NULL, *warning = NULL, *bad_only = NULL;
  g_autoptr (WsPlot) plot = NULL;

  add_row (s, "sort", "gpu", 1024, "", 0, "ok", 1e-3);
  g_string_append (s, "k,sort,gpu,float32,2048,,0,end-to-end,cpu-seq,ok,abc,,,,,,,,\n");
  g_string_append (s, "k,sort,gpu,float32,4096,,0,end-to-end,cpu-seq,ok,NaN,,,,,,,,\n");
  g_string_append (s, "k,sort,gpu,float32,-1024,,0,end-to-end,cpu-seq,ok,1e-3,,,,,,,,\n");
  add_row (s, "sort", "gpu", 8192, "", 0, "ok", 8e-3);
  g_string_append (s, "k,sort,gpu,float32,16384,,0,end-to-end,cpu-se"); /* cut short */
  path = write_file (f, "result.csv", s->str);
  plot = chart_file (path, NULL, WS_CHART_TIME, NULL, &warning);
  g_assert_cmpuint (ws_plot_n_points (plot, 0), ==, 2);
  g_assert_nonnull (warning);
  g_assert_nonnull (strstr (warning, "3 rows left out as unreadable, the first "));
  g_assert_nonnull (strstr (warning, "result.csv:3: median_s is “abc”, not a number ≥ 0"));
  g_assert_nonnull (strstr (warning, "result.csv:7, the last line, is cut short"));
  g_string_free (s, TRUE);

  bad_only = write_file (f, "bad.csv", CHART_HEADER
                         "k,sort,gpu,float32,2048,,0,end-to-end,cpu-seq,ok,abc,,,,,,,,\n");
  assert_chart_fails (bad_only, NULL, WS_CHART_TIME, NULL,
                      (const char *const[]) { "Nothing to chart", "bad.csv:2: median_s is “abc”", NULL });
}

/* ---- the application's read ---- */

typedef struct
{
  double last;
  guint  calls;
} Seen;

static void
on_progress (double fraction, gpointer data)
{
  Seen *seen = data;

  g_assert_cmpfloat (fraction, >, seen->last);
  seen->last = fraction, seen->calls++;
}

/* A whole file, with progress in hundredths, the rows left out counted,
 * and a cancel that stops it. */
static void
test_results_read (Fixture *f, gconstpointer data)
{
  GString *s = g_string_new (CHART_HEADER);
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  g_autoptr (WsCsvTable) t = NULL;
  WsBenchLeftOut left_out = { 0 };
  Seen seen = { 0, 0 };

  for (guint i = 0; i < 5000; i++)
    add_row (s, "sort", "gpu", 1000 + i, "", 0, "ok", 1e-3);
  g_string_append (s, "k,sort,gpu,float32,1,,0,end-to-end,cpu-seq,ok,NaN,,,,,,,,\n");
  path = write_file (f, "result.csv", s->str);
  g_string_free (s, TRUE);
  t = ws_bench_results_read (path, cancel, on_progress, &seen, &left_out, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (t->rows->len, ==, 5001);
  g_assert_cmpfloat (seen.last, ==, 1.0);
  g_assert_cmpuint (seen.calls, >=, 50);
  g_assert_cmpuint (seen.calls, <=, 100);
  g_assert_cmpuint (left_out.count, ==, 1);
  g_assert_cmpuint (left_out.first_line, ==, 5002);
  ws_bench_left_out_clear (&left_out);
  g_cancellable_cancel (cancel);
  g_assert_null (ws_bench_results_read (path, cancel, NULL, NULL, &left_out, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_CANCELLED);
  ws_bench_left_out_clear (&left_out);
}

/* The console table of `bench` averages a cell's instances, hashed too. */
static void
test_report_table (Fixture *f, gconstpointer data)
{
  GString *s = g_string_new (CHART_HEADER);
  g_autofree char *path = NULL, *out = NULL;
  g_autoptr (WsCsvTable) t = NULL;
  FILE *stream = tmpfile ();
  char buf[4096];
  size_t len;

  add_row (s, "sort", "gpu", 1024, "", 0, "ok", 1e-3);
  add_row (s, "sort", "gpu", 1024, "", 1, "ok", 3e-3);
  add_row (s, "sort", "cpu-seq", 2048, "", 0, "ok", 5e-3);
  path = write_file (f, "result.csv", s->str);
  g_string_free (s, TRUE);
  t = ws_csv_table_read (path, NULL);
  ws_bench_report_table (t, stream);
  rewind (stream);
  len = fread (buf, 1, sizeof buf - 1, stream);
  fclose (stream);
  out = g_strndup (buf, len);
  g_assert_nonnull (strstr (out, "sort — median ± sd"));
  g_assert_nonnull (strstr (out, "2 ms ± "));   /* gpu at 1024: (1 + 3) / 2 */
  g_assert_nonnull (strstr (out, "5 ms ± "));
  g_assert_nonnull (strstr (out, "—"));         /* cpu-seq at 1024: none */
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, fn) g_test_add (path, Fixture, NULL, set_up, fn, tear_down)
  ADD ("/bench-rows/reader/quoting", test_reader_quoting);
  ADD ("/bench-rows/reader/lenient", test_reader_lenient);
  ADD ("/bench-rows/reader/errors", test_reader_errors);
  g_test_add_func ("/bench-rows/faults", test_row_faults);
  ADD ("/bench-rows/chart/instances", test_chart_instances);
  ADD ("/bench-rows/chart/levels", test_chart_levels);
  ADD ("/bench-rows/chart/distinct-sizes", test_chart_distinct_sizes);
  ADD ("/bench-rows/chart/parameter", test_chart_parameter);
  ADD ("/bench-rows/chart/size-label", test_chart_size_label);
  ADD ("/bench-rows/chart/choices", test_chart_choices);
  ADD ("/bench-rows/chart/reordered", test_chart_reordered);
  ADD ("/bench-rows/chart/left-out", test_chart_left_out);
  ADD ("/bench-rows/results-read", test_results_read);
  ADD ("/bench-rows/report-table", test_report_table);
#undef ADD
  return g_test_run ();
}
