/* ws-bench-table.c: result.csv rows in a sortable column view (see
 * ws-bench-table.h). */
#include "ws-bench-table.h"

#include <math.h>

#include "ws-bench-cells.h"

static const WsBenchColumn *
column_at (guint i)
{
  guint n;

  return &ws_bench_columns (&n)[i];
}

static int
compare_rows (gconstpointer a, gconstpointer b, gpointer data)
{
  return ws_bench_column_compare (data, WS_BENCH_ITEM ((gpointer) a), WS_BENCH_ITEM ((gpointer) b));
}

/* ---- cells ---- */

static void
setup_cell (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
  gtk_list_item_set_child (list_item, ws_bench_cell_new (data));
}

static void
bind_cell (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
  const WsBenchColumn *column = data;
  WsBenchItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *label = gtk_list_item_get_child (list_item);
  g_autofree char *text = column->text (item);
  g_autofree char *tooltip = column->tooltip != NULL ? column->tooltip (item) : NULL;

  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_widget_set_tooltip_text (label, tooltip);
  ws_bench_cell_mark (label, column, item);
}

static void
unbind_cell (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
  GtkWidget *label = gtk_list_item_get_child (list_item);

  gtk_label_set_text (GTK_LABEL (label), "");
  gtk_widget_set_tooltip_text (label, NULL);
  ws_bench_cell_mark (label, data, NULL);
}

/* ---- the widget ---- */

struct _WsBenchTable
{
  GtkWidget            parent_instance;

  GtkWidget           *scrolled;
  GtkColumnView       *view;
  GListStore          *store;               /* WsBenchItem, in arrival order */
  GtkColumnViewColumn *columns[WS_BENCH_N_COLUMNS]; /* the view holds them */
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
add_column (WsBenchTable *self, const WsBenchColumn *column)
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
  gtk_column_view_column_set_expand (view_column, (column->flags & WS_BENCH_COLUMN_EXPAND) != 0);
  gtk_column_view_column_set_visible (view_column, (column->flags & WS_BENCH_COLUMN_BASELINE) == 0);
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
  for (guint i = 0; i < WS_BENCH_N_COLUMNS; i++)
    self->columns[i] = add_column (self, column_at (i));
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
  int i = ws_bench_column_index (column_id);

  g_return_if_fail (WS_IS_BENCH_TABLE (self));
  g_return_if_fail (i >= 0);
  gtk_column_view_sort_by_column (self->view, self->columns[i], order);
}

char *
ws_bench_table_cell_text (WsBenchTable *self, guint position, const char *column_id)
{
  int i = ws_bench_column_index (column_id);
  WsBenchItem *item = ws_bench_table_get (self, position);

  g_return_val_if_fail (i >= 0 && item != NULL, NULL);
  return column_at (i)->text (item);
}

gboolean
ws_bench_table_row_marked (WsBenchTable *self, guint position)
{
  WsBenchItem *item = ws_bench_table_get (self, position);

  g_return_val_if_fail (item != NULL, FALSE);
  return ws_bench_row_failed (item);
}

/* ---- against a baseline ---- */

void
ws_bench_table_show_baseline (WsBenchTable *self, gboolean shown)
{
  g_return_if_fail (WS_IS_BENCH_TABLE (self));
  for (guint i = 0; i < WS_BENCH_N_COLUMNS; i++)
    if (column_at (i)->flags & WS_BENCH_COLUMN_BASELINE)
      gtk_column_view_column_set_visible (self->columns[i], shown);
}

gboolean
ws_bench_table_column_shown (WsBenchTable *self, const char *column_id)
{
  int i = ws_bench_column_index (column_id);

  g_return_val_if_fail (WS_IS_BENCH_TABLE (self) && i >= 0, FALSE);
  return gtk_column_view_column_get_visible (self->columns[i]);
}

void
ws_bench_table_set_comparison (WsBenchTable *self, const WsCompareRuns *runs,
                               const WsCsvTable *baseline)
{
  GListModel *store;
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  guint n;

  g_return_if_fail (WS_IS_BENCH_TABLE (self));
  store = G_LIST_MODEL (self->store);
  n = g_list_model_get_n_items (store);
  for (guint i = 0; i < n; i++)
    {
      WsBenchItem *item = g_list_model_get_item (store, i);
      if (ws_bench_item_is_baseline_only (item))
        g_object_unref (item);
      else
        g_ptr_array_add (items, item);
    }
  ws_bench_items_compare (items, runs, baseline);
  /* The same items again: the view binds every cell anew. */
  g_list_store_splice (self->store, 0, n, items->pdata, items->len);
}

gboolean
ws_bench_table_cell_has_class (WsBenchTable *self, guint position, const char *column_id,
                               const char *css_class)
{
  int i = ws_bench_column_index (column_id);
  WsBenchItem *item = ws_bench_table_get (self, position);
  g_autoptr (GtkWidget) label = NULL;

  g_return_val_if_fail (i >= 0 && item != NULL, FALSE);
  label = g_object_ref_sink (gtk_label_new (NULL));
  ws_bench_cell_mark (label, column_at (i), item);
  return gtk_widget_has_css_class (label, css_class);
}
