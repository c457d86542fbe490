/* ws-bench-results.c: the benchmark page's results as shown — the rows
 * label, the table and the chart, emptied for new results and fed as rows
 * arrive — and the controls held while a run works or results open. Calls
 * nothing of the page's other files; the run (ws-bench-page.c) and opening
 * (ws-bench-open.c) call it. */
#include "ws-bench-page-private.h"

static void
show_rows_label (WsBenchPage *self)
{
  guint n = self->results ? self->results->rows->len : 0;
  /* Short: beside three buttons, in presentation mode's larger text too
   * (the tooltip says the rest). */
  g_autofree char *text = n == 0 ? g_strdup ("No results yet")
                                 : g_strdup_printf ("%u rows — %s", n, self->results_name);

  gtk_label_set_text (self->rows_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->rows_label),
                               n == 0 ? "Run a plan, or open a result.csv or result.json "
                                        "(Open Results…)"
                                      : self->results_name);
  gtk_widget_set_sensitive (GTK_WIDGET (self->export_csv_button), n > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->export_plot_button), n > 0);
}

/* Empties the table and the chart for new results. */
void
ws_bench_page_reset_results (WsBenchPage *self, WsCsvTable *table, const char *name)
{
  g_clear_pointer (&self->results, ws_csv_table_free);
  self->results = table;
  g_free (self->results_name), self->results_name = g_strdup (name);
  ws_bench_table_clear (self->table);
  ws_bench_chart_reset (self);
  ws_bench_compare_results_reset (self);
  show_rows_label (self);
  gtk_widget_set_visible (GTK_WIDGET (self->source_label), FALSE);
}

/* Rows from r on are new: into the table, the choices and the chart. */
void
ws_bench_page_rows_arrived (WsBenchPage *self, guint r)
{
  ws_bench_table_add_from (self->table, self->results, r);
  show_rows_label (self);
  ws_bench_chart_rows_arrived (self, r);
}

void
ws_bench_page_show_results (WsBenchPage *self, WsCsvTable *table, const char *name)
{
  g_autofree char *base = g_path_get_basename (name);
  g_autofree char *text = g_strdup_printf ("The results shown were opened from %s: they are not "
                                           "a run of this plan. Run It replaces them.", base);

  ws_bench_page_reset_results (self, table, name);
  ws_bench_page_rows_arrived (self, 0);
  ws_bench_compare_results_whole (self);
  /* The plan above describes what Run It would do, not the file's rows. */
  gtk_label_set_text (self->source_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->source_label), TRUE);
}

/* While a run works or results open (ws-bench-open.c), what would start
 * another is off. */
void
ws_bench_page_set_busy (WsBenchPage *self, gboolean running)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self->run_button), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->cancel_button), running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->open_button), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->preset), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->open_preset_button), !running);
  ws_bench_compare_show_state (self);
}
