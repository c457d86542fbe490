/* test-ui-bench-open.c: Open Results reads on a worker (issue 15, item
 * 6): the call returns at once and the main loop goes on — the progress
 * bar moves while the rows are read — and the rows arrive at the end;
 * Cancel stops it and keeps what was shown; a second open, a cancel or the
 * page's end drops whatever the first one still returns; rows left out of
 * the chart are said in the status line with the first one's file:line
 * (item 9). Skips where there is no display. */
#include <gtk/gtk.h>
#include <string.h>

#include "ui-test-util.h"
#include "ws-test-util.h"
#include "ws-bench-page.h"
#include "ws-csv.h"
#include "ws-error.h"

typedef struct
{
  GtkWidget   *window;
  WsBenchPage *page;
  char        *dir;
  guint        refs;      /* the page's references before an open */
  gboolean     mid_progress;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("ws-ui-open-XXXXXX", NULL);
  f->page = WS_BENCH_PAGE (ws_bench_page_new ());
  ws_bench_page_set_output_dir (f->page, f->dir);
  f->window = ui_present (GTK_WIDGET (f->page), 1400, 900);
  f->refs = G_OBJECT (f->page)->ref_count;
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  if (f->window != NULL)
    gtk_window_destroy (GTK_WINDOW (f->window));
  ws_test_remove_dir (f->dir);
  g_free (f->dir);
}

static char *
study (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "..", "..", "docs", "results", "h200", name, "result.csv", NULL);
}

static guint
shown_rows (Fixture *f)
{
  return ws_bench_table_n_rows (ws_bench_page_table (f->page));
}

/* Study 000's first row as the pattern of `rows` rows: bitonic, three
 * variants, a size of its own for each row (every row a point). */
static char *
big_results (Fixture *f, const char *name, guint rows)
{
  g_autofree char *source = study ("study-000");
  g_autoptr (WsCsvTable) t = ws_csv_table_read (source, NULL);
  const char *const variants[] = { "cpu-seq", "gpu-seed", "gpu" };
  g_auto (GStrv) row = g_strdupv (t->rows->pdata[0]);
  int n = ws_csv_table_column (t, "n"), v = ws_csv_table_column (t, "variant");
  g_autoptr (GString) s = g_string_new (NULL);
  g_autofree char *header = ws_csv_record ((const char *const *) t->header);
  char *path = g_build_filename (f->dir, name, NULL);

  g_string_append (s, header);
  for (guint i = 0; i < rows; i++)
    {
      g_autofree char *line = NULL;
      g_free (row[n]), row[n] = g_strdup_printf ("%u", 1000 + i / 3);
      g_free (row[v]), row[v] = g_strdup (variants[i % 3]);
      line = ws_csv_record ((const char *const *) row);
      g_string_append (s, line);
    }
  g_assert_true (g_file_set_contents (path, s->str, s->len, NULL));
  return path;
}

static gboolean
not_opening (gpointer page)
{
  return !ws_bench_page_opening (page);
}

/* Every task and progress report of the opens has ended: each held a
 * reference to the page. */
static gboolean
all_ended (gpointer data)
{
  Fixture *f = data;

  return G_OBJECT (f->page)->ref_count == f->refs;
}

static GtkProgressBar *
find_progress (GtkWidget *w)
{
  if (GTK_IS_PROGRESS_BAR (w))
    return GTK_PROGRESS_BAR (w);
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkProgressBar *p = find_progress (c);
      if (p != NULL)
        return p;
    }
  return NULL;
}

static void
on_fraction (GtkProgressBar *bar, GParamSpec *pspec, Fixture *f)
{
  double x = gtk_progress_bar_get_fraction (bar);

  f->mid_progress |= x > 0 && x < 1;
}

static guint
chart_points (Fixture *f)
{
  WsPlot *plot = ws_bench_page_plot (f->page);
  guint n = 0;

  for (guint s = 0; plot != NULL && s < ws_plot_n_series (plot); s++)
    n += ws_plot_n_points (plot, s);
  return n;
}

/* The open returns before a row is read; the main loop turns (the progress
 * bar moves) while the worker reads; a run cannot start meanwhile; the
 * rows and the chart arrive at the end. */
static void
test_worker (Fixture *f, gconstpointer data)
{
  g_autofree char *path = big_results (f, "big.csv", 30000);
  g_autoptr (GError) error = NULL;

  g_signal_connect (find_progress (GTK_WIDGET (f->page)), "notify::fraction",
                    G_CALLBACK (on_fraction), f);
  g_assert_true (ws_bench_page_open (f->page, path, &error));
  g_assert_no_error (error);
  g_assert_true (ws_bench_page_opening (f->page));
  g_assert_cmpuint (shown_rows (f), ==, 0);
  g_assert_true (g_str_has_prefix (ws_bench_page_status_text (f->page), "Opening "));
  ws_bench_page_run (f->page);
  g_assert_false (ws_bench_page_running (f->page));
  g_assert_true (ui_spin_until (not_opening, f->page, 120));
  g_assert_true (f->mid_progress);
  g_assert_cmpstr (ws_bench_page_status_text (f->page), ==, "Opened");
  g_assert_cmpuint (shown_rows (f), ==, 30000);
  g_assert_cmpuint (chart_points (f), ==, 30000);
  g_assert_true (ui_spin_until (all_ended, f, 30));
}

static gboolean
not_running (gpointer page)
{
  return !ws_bench_page_running (page);
}

/* The plan panel describes what Run It would do: while a file's results
 * are shown it says they are not that plan's, until a run replaces them. */
static void
test_source (Fixture *f, gconstpointer data)
{
  g_autofree char *path = big_results (f, "other.csv", 12);
  g_autofree char *plan = g_build_filename (f->dir, "tiny.ini", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_null (ws_bench_page_source_text (f->page));
  g_assert_true (ws_bench_page_open (f->page, path, &error));
  g_assert_true (ui_spin_until (not_opening, f->page, 60));
  g_assert_nonnull (ws_bench_page_source_text (f->page));
  g_assert_nonnull (strstr (ws_bench_page_source_text (f->page), "opened from other.csv"));
  g_assert_nonnull (strstr (ws_bench_page_source_text (f->page), "not a run of this plan"));

  g_assert_true (g_file_set_contents (plan, "[preset]\nname = Tiny\nalgorithms = odd-even\n"
                                      "variants = cpu-seq\nsizes = 2^4\nrepetitions = 1\n"
                                      "type = int32\n", -1, NULL));
  g_assert_true (ws_bench_page_open_preset (f->page, plan, &error));
  g_assert_nonnull (ws_bench_page_source_text (f->page)); /* still the file's rows */
  ws_bench_page_run (f->page);
  g_assert_null (ws_bench_page_source_text (f->page));
  g_assert_true (ui_spin_until (not_running, f->page, 60));
  g_assert_null (ws_bench_page_source_text (f->page));
  g_assert_cmpuint (shown_rows (f), ==, 1);
}

/* Cancel stops the open and keeps what was shown, even when the worker
 * still returns its rows. */
static void
test_cancel (Fixture *f, gconstpointer data)
{
  g_autofree char *shown = study ("study-001");
  g_autofree char *path = big_results (f, "big.csv", 60000);
  g_autoptr (GError) error = NULL;
  guint rows;

  g_assert_true (ws_bench_page_open_csv (f->page, shown, &error));
  rows = shown_rows (f);
  g_assert_true (ws_bench_page_open (f->page, path, &error));
  ws_bench_page_cancel (f->page);
  g_assert_false (ws_bench_page_opening (f->page));
  g_assert_true (g_str_has_prefix (ws_bench_page_status_text (f->page), "Opening cancelled"));
  g_assert_true (ui_spin_until (all_ended, f, 60));
  g_assert_cmpuint (shown_rows (f), ==, rows);
  g_assert_true (g_str_has_prefix (ws_bench_page_status_text (f->page), "Opening cancelled"));
}

/* A second open replaces the first: the first one's rows, arriving later,
 * are dropped. */
static void
test_stale (Fixture *f, gconstpointer data)
{
  g_autofree char *big = big_results (f, "big.csv", 60000);
  g_autofree char *small = study ("study-001");
  g_autoptr (WsCsvTable) t = ws_csv_table_read (small, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (ws_bench_page_open (f->page, big, &error));
  g_assert_true (ws_bench_page_open (f->page, small, &error));
  g_assert_true (ui_spin_until (all_ended, f, 60));
  g_assert_false (ws_bench_page_opening (f->page));
  g_assert_cmpuint (shown_rows (f), ==, t->rows->len);
  g_assert_cmpstr (ws_bench_page_status_text (f->page), ==, "Opened");
}

/* The rows a chart leaves out (a median "abc" or "NaN", n = −1024, a last
 * line cut short) are counted in the status line, the first named. */
static void
test_left_out (Fixture *f, gconstpointer data)
{
  g_autofree char *source = study ("study-000");
  g_autoptr (WsCsvTable) t = ws_csv_table_read (source, NULL);
  g_autofree char *path = g_build_filename (f->dir, "bad.csv", NULL);
  g_autofree char *text = NULL, *want = NULL;
  g_autoptr (GError) error = NULL;
  int median = ws_csv_table_column (t, "median_s"), n = ws_csv_table_column (t, "n");
  gsize len;

  g_free (((GStrv) t->rows->pdata[2])[median]), ((GStrv) t->rows->pdata[2])[median] = g_strdup ("abc");
  g_free (((GStrv) t->rows->pdata[4])[median]), ((GStrv) t->rows->pdata[4])[median] = g_strdup ("NaN");
  g_free (((GStrv) t->rows->pdata[6])[n]), ((GStrv) t->rows->pdata[6])[n] = g_strdup ("-1024");
  g_assert_true (ws_csv_table_write (t, path, &error));
  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  g_assert_true (g_file_set_contents (path, text, len - 10, NULL)); /* the last row cut short */
  g_assert_true (ws_bench_page_open (f->page, path, &error));
  g_assert_true (ui_spin_until (not_opening, f->page, 60));
  want = g_strdup_printf ("Opened; 3 rows left out as unreadable, the first %s:4: median_s is "
                          "“abc”, not a number ≥ 0; %s:%u, the last line, is cut short", path, path,
                          t->rows->len + 1);
  g_assert_true (g_str_has_prefix (ws_bench_page_status_text (f->page), want));
  g_assert_cmpuint (shown_rows (f), ==, t->rows->len - 1);
}

/* The page goes while it reads: what the worker returns is dropped. */
static void
test_close_while_reading (Fixture *f, gconstpointer data)
{
  g_autofree char *path = big_results (f, "big.csv", 30000);
  g_autoptr (GError) error = NULL;

  g_object_ref (f->page);
  f->refs = 1;
  g_assert_true (ws_bench_page_open (f->page, path, &error));
  gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&f->window)));
  g_assert_true (ui_spin_until (all_ended, f, 60));
  g_object_unref (f->page);
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 0;
#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/ui/bench-open/worker", test_worker);
  ADD ("/ui/bench-open/cancel", test_cancel);
  ADD ("/ui/bench-open/stale", test_stale);
  ADD ("/ui/bench-open/left-out", test_left_out);
  ADD ("/ui/bench-open/close-while-reading", test_close_while_reading);
  ADD ("/ui/bench-open/source", test_source);
#undef ADD
  return g_test_run ();
}
