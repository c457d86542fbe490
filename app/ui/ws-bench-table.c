/* ws-bench-table.c: result.csv rows in a sortable column view (see
 * ws-bench-table.h). */
#include "ws-bench-table.h"

#include <math.h>

#include "ws-bench-report.h"

/* ---- what a cell shows ---- */

/* Each status's verdict and the CSS class that marks its whole row; the
 * order is the verdict column's sort order, the problems first after ok. */
static const struct
{
  const char *status;
  const char *verdict;
  const char *css_class;
} statuses[] = {
  { "ok", "✓ ok", NULL },
  { "failed", "✗ failed", "error" },
  { "error", "✗ error", "error" },
  { "unavailable", "— unavailable", "dim-label" },
  { "skipped", "— skipped", "dim-label" },
};

/* The index in statuses; an unknown status sorts after them all. */
static guint
status_rank (WsBenchItem *item)
{
  const char *status = ws_bench_item_get_status (item);
  guint i = 0;

  while (i < G_N_ELEMENTS (statuses) && g_strcmp0 (statuses[i].status, status) != 0)
    i++;
  return i;
}

/* The one place that decides how a row is marked. */
static const char *
row_class (WsBenchItem *item)
{
  guint rank = status_rank (item);

  return rank < G_N_ELEMENTS (statuses) ? statuses[rank].css_class : NULL;
}

/* Three significant digits, but "2067" rather than "%.3g"'s "2.07e+03":
 * an H200 moves thousands of GB/s. */
static char *
figure (double value)
{
  return g_strdup_printf (fabs (value) >= 999.5 ? "%.0f" : "%.3g", value);
}

/* Every number column is empty where the value is missing (NAN). */
static char *
figure_text (double value)
{
  return isnan (value) ? g_strdup ("") : figure (value);
}

static char *
seconds_text (double seconds)
{
  return isnan (seconds) ? g_strdup ("") : ws_format_seconds (seconds);
}

static char *
configuration_text (WsBenchItem *item)
{
  return g_strdup (ws_bench_item_get_configuration (item));
}

static char *
median_text (WsBenchItem *item)
{
  return seconds_text (ws_bench_item_get_median (item));
}

static char *
spread_text (WsBenchItem *item)
{
  return seconds_text (ws_bench_item_get_sd (item));
}

/* The level comes from the row: with few samples the order-statistics
 * interval is not quite 95 % (5 samples give 93.75 %). */
static char *
spread_tooltip (WsBenchItem *item)
{
  double lo = ws_bench_item_get_ci_lo (item), hi = ws_bench_item_get_ci_hi (item);
  double level = ws_bench_item_get_ci_level (item);
  g_autofree char *lo_text = NULL, *hi_text = NULL, *level_text = NULL;

  if (isnan (lo) || isnan (hi))
    return NULL;
  lo_text = ws_format_seconds (lo);
  hi_text = ws_format_seconds (hi);
  level_text = isnan (level) ? g_strdup ("") : g_strdup_printf ("%.3g %% ", level * 100);
  return g_strdup_printf ("%sCI %s … %s", level_text, lo_text, hi_text);
}

static char *
speedup_text (WsBenchItem *item)
{
  double speedup = ws_bench_item_get_speedup (item);
  double lo = ws_bench_item_get_speedup_lo (item), hi = ws_bench_item_get_speedup_hi (item);
  g_autofree char *s = NULL, *lo_text = NULL, *hi_text = NULL;

  if (isnan (speedup))
    return g_strdup ("");
  s = figure (speedup);
  if (isnan (lo) || isnan (hi))
    return g_strdup_printf ("%s×", s);
  lo_text = figure (lo);
  hi_text = figure (hi);
  return g_strdup_printf ("%s× (%s–%s)", s, lo_text, hi_text);
}

static char *
speedup_tooltip (WsBenchItem *item)
{
  const char *baseline = ws_bench_item_get_baseline (item);

  if (isnan (ws_bench_item_get_speedup (item)) || baseline[0] == '\0')
    return NULL;
  return g_strdup_printf ("Speedup over the %s baseline", baseline);
}

/* "25.3 M/s": rates span nine orders of magnitude across sizes. */
static char *
elements_text (WsBenchItem *item)
{
  double v = ws_bench_item_get_elements_per_s (item);
  g_autofree char *si = NULL;

  if (isnan (v))
    return g_strdup ("");
  si = ws_format_si (v, " ");
  return g_strdup_printf ("%s/s", si);
}

static char *
gbps_text (WsBenchItem *item)
{
  return figure_text (ws_bench_item_get_gb_per_s (item));
}

/* 0 means the device's peak was not known: nothing to show. Below 1 %
 * two significant digits, so that a small GPU run does not read "0.0 %". */
static char *
peak_text (WsBenchItem *item)
{
  double share = ws_bench_item_get_peak_share (item);

  if (isnan (share) || share == 0)
    return g_strdup ("");
  if (share < 1e-5)
    return g_strdup ("< 0.001 %");
  return g_strdup_printf (share >= 0.01 ? "%.1f %%" : "%.2g %%", share * 100);
}

static char *
gflops_text (WsBenchItem *item)
{
  return figure_text (ws_bench_item_get_gflop_per_s (item));
}

static char *
verdict_text (WsBenchItem *item)
{
  guint rank = status_rank (item);
  const char *verdict = rank < G_N_ELEMENTS (statuses) ? statuses[rank].verdict
                                                       : ws_bench_item_get_status (item);
  const char *message = ws_bench_item_get_message (item);

  if (rank == 0 || message[0] == '\0')
    return g_strdup (verdict);
  return g_strdup_printf ("%s: %s", verdict, message);
}

/* The cell is ellipsized: the whole message is here. */
static char *
verdict_tooltip (WsBenchItem *item)
{
  const char *message = ws_bench_item_get_message (item);

  return message[0] != '\0' ? g_strdup (message) : NULL;
}

/* ---- how rows compare ---- */

/* NAN counts as +infinity, so that the order stays total (a sorter that
 * says NAN equals everything breaks the sort). */
static int
compare_numbers (double a, double b)
{
  a = isnan (a) ? INFINITY : a;
  b = isnan (b) ? INFINITY : b;
  return (a > b) - (a < b);
}

/* Sizes numerically: "n=1024" collates after "n=1000000". */
static int
compare_configurations (WsBenchItem *a, WsBenchItem *b)
{
  guint64 n = ws_bench_item_get_n (a), m = ws_bench_item_get_n (b);
  int order = g_utf8_collate (ws_bench_item_get_algorithm (a), ws_bench_item_get_algorithm (b));

  if (order == 0)
    order = g_utf8_collate (ws_bench_item_get_variant (a), ws_bench_item_get_variant (b));
  if (order == 0)
    order = (n > m) - (n < m);
  if (order == 0)
    order = g_utf8_collate (ws_bench_item_get_configuration (a),
                            ws_bench_item_get_configuration (b));
  return order;
}

static int
compare_verdicts (WsBenchItem *a, WsBenchItem *b)
{
  int order = (int) status_rank (a) - (int) status_rank (b);

  if (order == 0)
    order = g_utf8_collate (ws_bench_item_get_message (a), ws_bench_item_get_message (b));
  return order;
}

/* ---- the columns ---- */

enum
{
  NUMERIC = 1 << 0,    /* right-aligned, tabular figures */
  EXPAND = 1 << 1,     /* takes the width left over */
  ELLIPSIZE = 1 << 2,  /* long text ends in "…"; the tooltip has it all */
};

typedef struct
{
  const char        *id;
  const char        *title;
  char            *(*text)    (WsBenchItem *item);
  char            *(*tooltip) (WsBenchItem *item);             /* NULL: none */
  int              (*compare) (WsBenchItem *a, WsBenchItem *b); /* NULL: by number */
  WsBenchItemNumber  number;
  guint              flags;
} Column;

/* The verdict beside the configuration: at 1280 pixels the table is
 * narrower than its columns, and a failure must not be what scrolls off. */
static const Column columns[] = {
  { "configuration", "Configuration", configuration_text, NULL, compare_configurations, 0, EXPAND },
  { "verdict", "Verdict", verdict_text, verdict_tooltip, compare_verdicts, 0, ELLIPSIZE },
  { "median", "Median", median_text, NULL, NULL, WS_BENCH_ITEM_MEDIAN, NUMERIC },
  { "spread", "±", spread_text, spread_tooltip, NULL, WS_BENCH_ITEM_SD, NUMERIC },
  { "speedup", "Speedup", speedup_text, speedup_tooltip, NULL, WS_BENCH_ITEM_SPEEDUP, NUMERIC },
  { "elements", "Elements/s", elements_text, NULL, NULL, WS_BENCH_ITEM_ELEMENTS_PER_S, NUMERIC },
  { "gbps", "GB/s", gbps_text, NULL, NULL, WS_BENCH_ITEM_GB_PER_S, NUMERIC },
  { "peak", "% of peak", peak_text, NULL, NULL, WS_BENCH_ITEM_PEAK_SHARE, NUMERIC },
  { "gflops", "GFLOP/s", gflops_text, NULL, NULL, WS_BENCH_ITEM_GFLOP_PER_S, NUMERIC },
};
#define N_COLUMNS G_N_ELEMENTS (columns)

static int
compare_rows (gconstpointer a, gconstpointer b, gpointer data)
{
  const Column *column = data;
  WsBenchItem *x = WS_BENCH_ITEM ((gpointer) a), *y = WS_BENCH_ITEM ((gpointer) b);

  if (column->compare != NULL)
    return column->compare (x, y);
  return compare_numbers (ws_bench_item_get_number (x, column->number),
                          ws_bench_item_get_number (y, column->number));
}

/* The index of the column with that id, or -1. */
static int
column_index (const char *id)
{
  for (guint i = 0; i < N_COLUMNS; i++)
    if (g_strcmp0 (columns[i].id, id) == 0)
      return (int) i;
  return -1;
}

/* ---- cells ---- */

static void
setup_cell (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
  const Column *column = data;
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), column->flags & NUMERIC ? 1.0f : 0.0f);
  if (column->flags & NUMERIC)
    gtk_widget_add_css_class (label, "numeric");
  /* Messages can run to a paragraph: the column stays narrow enough that
   * the figures after it show ("✗ failed: key 7 …"; the tooltip has it). */
  if (column->flags & ELLIPSIZE)
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
    }
  gtk_list_item_set_child (list_item, label);
}

/* Cells are reused for other rows: a mark must not stay behind. */
static void
unmark (GtkWidget *label)
{
  for (guint i = 0; i < G_N_ELEMENTS (statuses); i++)
    if (statuses[i].css_class != NULL)
      gtk_widget_remove_css_class (label, statuses[i].css_class);
}

static void
bind_cell (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
  const Column *column = data;
  WsBenchItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *label = gtk_list_item_get_child (list_item);
  g_autofree char *text = column->text (item);
  g_autofree char *tooltip = column->tooltip != NULL ? column->tooltip (item) : NULL;
  const char *css_class = row_class (item);

  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_widget_set_tooltip_text (label, tooltip);
  unmark (label);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
}

static void
unbind_cell (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
  GtkWidget *label = gtk_list_item_get_child (list_item);

  gtk_label_set_text (GTK_LABEL (label), "");
  gtk_widget_set_tooltip_text (label, NULL);
  unmark (label);
}

/* ---- the widget ---- */

struct _WsBenchTable
{
  GtkWidget            parent_instance;

  GtkWidget           *scrolled;
  GtkColumnView       *view;
  GListStore          *store;               /* WsBenchItem, in arrival order */
  GtkColumnViewColumn *columns[N_COLUMNS];  /* the view holds them */
};

G_DEFINE_FINAL_TYPE (WsBenchTable, ws_bench_table, GTK_TYPE_WIDGET)

static void
ws_bench_table_dispose (GObject *object)
{
  WsBenchTable *self = WS_BENCH_TABLE (object);

  g_clear_pointer (&self->scrolled, gtk_widget_unparent);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (ws_bench_table_parent_class)->dispose (object);
}

static void
ws_bench_table_class_init (WsBenchTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ws_bench_table_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static GtkColumnViewColumn *
add_column (WsBenchTable *self, const Column *column)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_autoptr (GtkCustomSorter) sorter = NULL;
  g_autoptr (GtkColumnViewColumn) view_column = NULL;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), (gpointer) column);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), (gpointer) column);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell), (gpointer) column);
  sorter = gtk_custom_sorter_new (compare_rows, (gpointer) column, NULL);
  view_column = gtk_column_view_column_new (column->title, factory);
  gtk_column_view_column_set_sorter (view_column, GTK_SORTER (sorter));
  gtk_column_view_column_set_resizable (view_column, TRUE);
  gtk_column_view_column_set_expand (view_column, (column->flags & EXPAND) != 0);
  gtk_column_view_append_column (self->view, view_column);
  return view_column;
}

/* store → sorted by the column view's sorter (the headers' clicks) → view. */
static void
ws_bench_table_init (WsBenchTable *self)
{
  GtkSortListModel *sorted;
  g_autoptr (GtkSelectionModel) selection = NULL;

  self->store = g_list_store_new (WS_TYPE_BENCH_ITEM);
  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  gtk_column_view_set_show_column_separators (self->view, TRUE);
  for (guint i = 0; i < N_COLUMNS; i++)
    self->columns[i] = add_column (self, &columns[i]);
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                    g_object_ref (gtk_column_view_get_sorter (self->view)));
  selection = GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (sorted)));
  gtk_column_view_set_model (self->view, selection);

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), GTK_WIDGET (self->view));
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));
  gtk_widget_add_css_class (GTK_WIDGET (self), "ws-bench-table");
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
}

GtkWidget *
ws_bench_table_new (void)
{
  return g_object_new (WS_TYPE_BENCH_TABLE, NULL);
}

void
ws_bench_table_clear (WsBenchTable *self)
{
  GtkScrolledWindow *scrolled;

  g_return_if_fail (WS_IS_BENCH_TABLE (self));
  g_list_store_remove_all (self->store);
  /* new rows start at their first column, where the last table may have
   * been scrolled right */
  scrolled = GTK_SCROLLED_WINDOW (self->scrolled);
  gtk_adjustment_set_value (gtk_scrolled_window_get_hadjustment (scrolled), 0);
}

void
ws_bench_table_add (WsBenchTable *self, const WsCsvTable *csv, guint r)
{
  g_autoptr (WsBenchItem) item = NULL;

  g_return_if_fail (WS_IS_BENCH_TABLE (self));
  g_return_if_fail (csv != NULL && r < csv->rows->len);
  item = ws_bench_item_new (csv, r);
  g_list_store_append (self->store, item);
}

void
ws_bench_table_add_from (WsBenchTable *self, const WsCsvTable *csv, guint r)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_if_fail (WS_IS_BENCH_TABLE (self));
  g_return_if_fail (csv != NULL && r <= csv->rows->len);
  for (guint i = r; i < csv->rows->len; i++)
    g_ptr_array_add (items, ws_bench_item_new (csv, i));
  g_list_store_splice (self->store, g_list_model_get_n_items (G_LIST_MODEL (self->store)), 0,
                       items->pdata, items->len);
}

/* The rows as shown: the selection model passes the sorted rows through. */
static GListModel *
shown (WsBenchTable *self)
{
  return G_LIST_MODEL (gtk_column_view_get_model (self->view));
}

guint
ws_bench_table_n_rows (WsBenchTable *self)
{
  g_return_val_if_fail (WS_IS_BENCH_TABLE (self), 0);
  return g_list_model_get_n_items (shown (self));
}

WsBenchItem *
ws_bench_table_get (WsBenchTable *self, guint position)
{
  WsBenchItem *item;

  g_return_val_if_fail (WS_IS_BENCH_TABLE (self), NULL);
  item = g_list_model_get_item (shown (self), position);
  /* The store keeps its own reference: the caller borrows. */
  if (item != NULL)
    g_object_unref (item);
  return item;
}

void
ws_bench_table_sort (WsBenchTable *self, const char *column_id, GtkSortType order)
{
  int i = column_index (column_id);

  g_return_if_fail (WS_IS_BENCH_TABLE (self));
  g_return_if_fail (i >= 0);
  gtk_column_view_sort_by_column (self->view, self->columns[i], order);
}

char *
ws_bench_table_cell_text (WsBenchTable *self, guint position, const char *column_id)
{
  int i = column_index (column_id);
  WsBenchItem *item = ws_bench_table_get (self, position);

  g_return_val_if_fail (i >= 0 && item != NULL, NULL);
  return columns[i].text (item);
}

gboolean
ws_bench_table_row_marked (WsBenchTable *self, guint position)
{
  WsBenchItem *item = ws_bench_table_get (self, position);

  g_return_val_if_fail (item != NULL, FALSE);
  return g_strcmp0 (row_class (item), "error") == 0;
}
