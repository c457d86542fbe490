/* ws-bench-plan.c: the benchmark page's plan — the shipped presets, and the
 * controls that build one by clicking. The controls write preset text that
 * the preset reader checks like any file, so a plan from clicks obeys the
 * rules docs/presets.md gives, and its errors name the control's key. On a
 * machine of several GPUs a dropdown chooses the GPUs a plan runs on (issue
 * 21's devices), for a preset too, as the Cold L2 switch does; with one
 * GPU or none it is not shown. */
#include "ws-bench-page-private.h"

#include <string.h>

#include "ws-bench-devices.h"
#include "ws-device-info.h"
#include "ws-ui-services.h"
#include "ws-config.h"
#include "ws-generator.h"

#define CUSTOM_NAME "custom plan"

static const struct
{
  const char *param, *label, *tooltip;
} grid_controls[N_GRIDS] = {
  [GRID_RADIUS] = { "radius", "R", "Window sum: radii R to try, e.g. 2, 8, 16" },
  [GRID_BLOCK] = { "block", "BS", "Window sum (gpu-seed): block sides BS to try, e.g. 8, 16, 32" },
  [GRID_PER_THREAD] = { "per-thread", "K", "Window sum (gpu-seed): outputs per thread K, e.g. 1, 4, 16" },
  [GRID_SEGMENTS] = { "segments", "p", "Searches: segments p probed per step, e.g. 256, 512, 1024" },
};

/* ---- building the controls ---- */

static void
form_row (WsBenchPage *self, int row, const char *label, const char *tooltip, GtkWidget *a)
{
  GtkWidget *l = gtk_label_new (label);

  gtk_label_set_xalign (GTK_LABEL (l), 0);
  gtk_widget_set_tooltip_text (l, tooltip);
  gtk_grid_attach (self->form_grid, l, 0, row, 1, 1);
  gtk_widget_set_hexpand (a, TRUE);
  gtk_grid_attach (self->form_grid, a, 1, row, 2, 1);
}

static GtkEntry *
entry (const char *text, const char *tooltip, int chars)
{
  GtkEntry *e = GTK_ENTRY (gtk_entry_new ());

  gtk_editable_set_text (GTK_EDITABLE (e), text);
  gtk_editable_set_width_chars (GTK_EDITABLE (e), chars);
  gtk_widget_set_tooltip_text (GTK_WIDGET (e), tooltip);
  return e;
}

static GtkDropDown *
drop_down (const char *const *items, guint selected)
{
  GtkDropDown *d = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (items));

  gtk_drop_down_set_selected (d, selected);
  return d;
}

static void
add_algorithm_checks (WsBenchPage *self)
{
  guint n;
  const WsAlgorithm *const *algos = ws_registry_list (&n);

  self->algorithm_checks = g_ptr_array_new ();
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *check = gtk_check_button_new_with_label (algos[i]->name);
      g_autofree char *tip = algos[i]->study
        ? g_strdup_printf ("%s (study %s)", algos[i]->title, algos[i]->study) : g_strdup (algos[i]->title);
      gtk_widget_set_tooltip_text (check, tip);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), g_str_equal (algos[i]->name, "bitonic"));
      gtk_flow_box_append (self->algorithms_box, check);
      g_ptr_array_add (self->algorithm_checks, check);
    }
}

/* GPU variants are insensitive where no GPU can run them, saying why. */
static void
add_variant_checks (WsBenchPage *self)
{
  const char *why;
  gboolean have_gpu = ws_ui_gpus (&why)->len > 0;

  for (guint v = 0; v < WS_N_VARIANTS; v++)
    {
      GtkWidget *check = gtk_check_button_new_with_label (ws_variant_name (v));
      gboolean usable = !ws_variant_is_gpu (v) || have_gpu;
      g_autofree char *tip = usable ? NULL : g_strdup_printf ("Cannot run here: %s", why);
      gtk_widget_set_sensitive (check, usable);
      gtk_widget_set_tooltip_text (check, tip);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check),
                                   v == WS_VARIANT_CPU_SEQ || v == WS_VARIANT_CPU_PAR
                                   || (usable && v == WS_VARIANT_GPU));
      gtk_flow_box_append (self->variants_box, check);
      self->variant_checks[v] = GTK_CHECK_BUTTON (check);
    }
}

/* The Cold L2 switch acts on GPU variants alone: where they cannot run,
 * it is off as they are, saying why (a preset's cold key still shows). */
static void
hold_cold_switch (WsBenchPage *self)
{
  GtkWidget *cold = GTK_WIDGET (self->cold);
  g_autofree char *gpu = NULL, *tip = NULL;

  if (ws_ui_gpu (&gpu))
    return;
  tip = g_strdup_printf ("Cannot run here: %s. %s", gpu, gtk_widget_get_tooltip_text (cold));
  gtk_widget_set_sensitive (cold, FALSE);
  gtk_widget_set_tooltip_text (cold, tip);
}

static void
on_rep_kind (WsBenchPage *self)
{
  gboolean adaptive = gtk_drop_down_get_selected (self->rep_kind) == 1;

  gtk_widget_set_visible (GTK_WIDGET (self->repetitions), !adaptive);
  gtk_widget_set_visible (GTK_WIDGET (self->budget), adaptive);
}

static void
add_sizes (WsBenchPage *self, int row)
{
  static const char *const steps[] = { "×", "+", NULL };
  GtkWidget *range = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);

  self->size_from = entry ("1024", "The smallest size: 65536, 2^16, 64k, 1e6, 16M", 7);
  self->size_to = entry ("2^20", "The largest size", 7);
  gtk_box_append (GTK_BOX (range), GTK_WIDGET (self->size_from));
  gtk_box_append (GTK_BOX (range), gtk_label_new ("…"));
  gtk_box_append (GTK_BOX (range), GTK_WIDGET (self->size_to));
  form_row (self, row, "Sizes", "Keys n (the grid side N for the window sum)", range);
  self->step_kind = drop_down (steps, 0);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->step_kind), "× multiplies each size by the step; + adds it");
  self->size_step = entry ("4", "The step between sizes", 5);
  range = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_box_append (GTK_BOX (range), GTK_WIDGET (self->step_kind));
  gtk_box_append (GTK_BOX (range), GTK_WIDGET (self->size_step));
  form_row (self, row + 1, "Step", "From the smallest size up to the largest", range);
}

static void
add_repetitions (WsBenchPage *self, int row)
{
  static const char *const kinds[] = { "Fixed", "Adaptive", NULL };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);

  self->rep_kind = drop_down (kinds, 0);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->rep_kind),
                               "Fixed: as many timed runs as given. Adaptive: until the median is "
                               "known within 2 %, or the time budget per configuration is spent");
  self->repetitions = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, 1000000, 1));
  gtk_spin_button_set_value (self->repetitions, 5);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->repetitions), "Timed runs per configuration");
  self->budget = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0.05, 600, 0.05));
  gtk_spin_button_set_value (self->budget, 0.5);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->budget), "Seconds per configuration at most");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->rep_kind));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->repetitions));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->budget));
  form_row (self, row, "Repeat", "How many timed runs each configuration gets", box);
  g_signal_connect_swapped (self->rep_kind, "notify::selected", G_CALLBACK (on_rep_kind), self);
  on_rep_kind (self);
}

static void
add_input (WsBenchPage *self, int row)
{
  const char *dists[WS_N_DISTS + 1] = { NULL }, *variants[WS_N_VARIANTS + 1] = { NULL };
  static const char *const types[] = { "int32", "float32", NULL };

  for (guint d = 0; d < WS_N_DISTS; d++)
    dists[d] = ws_distribution_name (d);
  for (guint v = 0; v < WS_N_VARIANTS; v++)
    variants[v] = ws_variant_name (v);
  self->distribution = drop_down (dists, WS_DIST_UNIFORM);
  form_row (self, row, "Keys", "How the input keys are distributed", GTK_WIDGET (self->distribution));
  self->key_type = drop_down (types, WS_KEY_FLOAT32);
  form_row (self, row + 1, "Type", "The key type; every chosen algorithm must take it",
            GTK_WIDGET (self->key_type));
  self->baseline = drop_down (variants, WS_VARIANT_CPU_SEQ);
  form_row (self, row + 2, "Baseline", "Speedups are against this variant; it must be chosen",
            GTK_WIDGET (self->baseline));
  self->verify = GTK_CHECK_BUTTON (gtk_check_button_new_with_label ("Verify every result"));
  gtk_check_button_set_active (self->verify, TRUE);
  gtk_grid_attach (self->form_grid, GTK_WIDGET (self->verify), 0, row + 3, 3, 1);
}

static void
add_grids (WsBenchPage *self, int row)
{
  for (guint g = 0; g < N_GRIDS; g++)
    {
      self->grids[g] = entry ("", grid_controls[g].tooltip, 10);
      gtk_entry_set_placeholder_text (self->grids[g], "default");
      form_row (self, row + (int) g, grid_controls[g].label, grid_controls[g].tooltip,
                GTK_WIDGET (self->grids[g]));
    }
}

/* ---- the GPUs ---- */

/* The dropdown's items: "All (N GPUs)", then "GPU d: NAME" for each; a
 * preset that lists several (but not all) adds its list after them. */
#define DEVICE_ALL 0
#define DEVICE_ITEM(d) ((guint) (d) + 1)

/* Under the Cold L2 switch, for presets and the custom plan alike; only
 * where there is a choice to make. */
static void
add_devices (WsBenchPage *self)
{
  const GArray *gpus = ws_ui_gpus (NULL);
  GtkWidget *cold_row = gtk_widget_get_parent (GTK_WIDGET (self->cold));
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new_with_mnemonic ("_GPU devices");
  g_autoptr (GtkStringList) items = gtk_string_list_new (NULL);
  g_autofree char *all = g_strdup_printf ("All (%u)", gpus->len);

  gtk_string_list_append (items, all);
  for (guint d = 0; d < gpus->len; d++)
    {
      g_autofree char *item = g_strdup_printf ("GPU %u: %s", d, g_array_index (gpus, WsDeviceInfo, d).name);
      gtk_string_list_append (items, item);
    }
  self->devices = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&items)), NULL));
  gtk_drop_down_set_selected (self->devices, DEVICE_ITEM (0));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->devices),
                               "The GPUs the plan's GPU variants run on: all of them at once, a "
                               "thread each, or one. CPU variants run once, alone. Each row and "
                               "each series of the chart names its GPU");
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->devices));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->devices));
  gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (cold_row)), row, cold_row);
  gtk_widget_set_visible (row, gpus->len > 1);
}

/* The item a preset's list adds (past the GPUs), taken away again. */
static void
drop_preset_item (WsBenchPage *self)
{
  GtkStringList *items = GTK_STRING_LIST (gtk_drop_down_get_model (self->devices));
  guint past = DEVICE_ITEM (ws_ui_gpus (NULL)->len);

  if (g_list_model_get_n_items (G_LIST_MODEL (items)) <= past)
    return;
  if (gtk_drop_down_get_selected (self->devices) >= past)
    gtk_drop_down_set_selected (self->devices, DEVICE_ITEM (0));
  gtk_string_list_remove (items, past);
}

/* The dropdown shows a chosen preset's devices key (none: GPU 0, where a
 * plan without it runs); a custom plan keeps the last choice. */
static void
show_devices (WsBenchPage *self, const WsPreset *p)
{
  GtkStringList *items = GTK_STRING_LIST (gtk_drop_down_get_model (self->devices));
  guint n = ws_ui_gpus (NULL)->len, one;
  g_autofree char *list = NULL;

  drop_preset_item (self);
  if (p == NULL || n <= 1)
    return;
  one = p->devices && p->devices->len == 1 ? (guint) g_array_index (p->devices, int, 0) : n;
  if (p->all_devices || p->devices == NULL || one < n)
    {
      gtk_drop_down_set_selected (self->devices, p->all_devices ? DEVICE_ALL : DEVICE_ITEM (p->devices ? one : 0));
      return;
    }
  list = ws_bench_devices_text (p->devices);
  {
    g_autofree char *item = g_strdup_printf ("GPUs %s (the preset's)", list);
    gtk_string_list_append (items, item);
  }
  gtk_drop_down_set_selected (self->devices, DEVICE_ITEM (n));
}

/* The plan's GPUs: the dropdown's choice where it is shown (GPU 0 as a
 * plan without devices, so that its files are those of before), else the
 * preset's own key; listed against the GPUs there are (all, or a GPU the
 * machine lacks, is said on Run). */
static gboolean
apply_devices (WsBenchPage *self, WsPreset *p, GError **error)
{
  const char *why;
  const GArray *gpus = ws_ui_gpus (&why);
  guint choice = gtk_drop_down_get_selected (self->devices);
  g_autofree char *what = g_strdup_printf ("%s: devices =", p->name);

  if (gpus->len > 1 && choice < DEVICE_ITEM (gpus->len))
    {
      g_clear_pointer (&p->devices, g_array_unref);
      p->all_devices = choice == DEVICE_ALL;
      if (choice > DEVICE_ITEM (0))
        {
          p->devices = g_array_new (FALSE, FALSE, sizeof (int));
          g_array_append_val (p->devices, (int) { (int) choice - 1 });
        }
    }
  return ws_bench_devices_resolve (p, gpus, why, what, error);
}

void
ws_bench_page_build_form (WsBenchPage *self)
{
  add_algorithm_checks (self);
  add_variant_checks (self);
  add_devices (self);
  hold_cold_switch (self);
  add_sizes (self, 0);
  add_repetitions (self, 2);
  add_input (self, 3);
  add_grids (self, 7);
}

/* ---- the controls' plan as preset text ---- */

static void
append_checked (GString *s, const char *key, GtkCheckButton *const *checks, guint n)
{
  gboolean first = TRUE;

  g_string_append_printf (s, "%s = ", key);
  for (guint i = 0; i < n; i++)
    if (gtk_check_button_get_active (checks[i]))
      {
        g_string_append_printf (s, "%s%s", first ? "" : ", ",
                                gtk_check_button_get_label (checks[i]));
        first = FALSE;
      }
  g_string_append_c (s, '\n');
}

/* A control's text on one line of the file: no line breaks can sneak in a
 * key of their own. */
static char *
field (GtkEntry *e)
{
  char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (e))));

  g_strdelimit (text, "\r\n", ' ');
  return text;
}

static void
append_sizes (WsBenchPage *self, GString *s)
{
  g_autofree char *from = field (self->size_from), *to = field (self->size_to);
  g_autofree char *step = field (self->size_step);
  gboolean add = gtk_drop_down_get_selected (self->step_kind) == 1;

  if (g_strcmp0 (from, to) == 0)
    g_string_append_printf (s, "sizes = %s\n", from);
  else
    g_string_append_printf (s, "sizes = %s..%s %s%s\n", from, to, add ? "+" : "x", step);
}

static void
append_repetitions (WsBenchPage *self, GString *s)
{
  char budget[G_ASCII_DTOSTR_BUF_SIZE];

  /* What was typed counts even before the field lost focus (Run by its
   * accelerator, say). */
  gtk_spin_button_update (self->repetitions);
  gtk_spin_button_update (self->budget);
  if (gtk_drop_down_get_selected (self->rep_kind) == 0)
    {
      g_string_append_printf (s, "repetitions = %d\n", gtk_spin_button_get_value_as_int (self->repetitions));
      return;
    }
  g_ascii_formatd (budget, sizeof budget, "%g", gtk_spin_button_get_value (self->budget));
  g_string_append_printf (s, "repetitions = adaptive\n[adaptive]\ntime_budget = %s\n", budget);
}

static void
append_grids (WsBenchPage *self, GString *s)
{
  gboolean any = FALSE;

  for (guint g = 0; g < N_GRIDS; g++)
    {
      g_autofree char *values = field (self->grids[g]);
      if (*values == '\0')
        continue;
      if (!any)
        g_string_append (s, "[params]\n");
      any = TRUE;
      g_string_append_printf (s, "%s = %s\n", grid_controls[g].param, values);
    }
}

char *
ws_bench_page_plan_text (WsBenchPage *self)
{
  GString *s = g_string_new ("# Made by Warpscope's benchmark panel\n[preset]\nname = Custom plan\n");

  g_return_val_if_fail (WS_IS_BENCH_PAGE (self), NULL);
  append_checked (s, "algorithms", (GtkCheckButton *const *) self->algorithm_checks->pdata,
                  self->algorithm_checks->len);
  append_checked (s, "variants", self->variant_checks, WS_N_VARIANTS);
  g_string_append_printf (s, "baseline = %s\n", ws_variant_name (gtk_drop_down_get_selected (self->baseline)));
  append_sizes (self, s);
  g_string_append_printf (s, "distribution = %s\n", ws_distribution_name (gtk_drop_down_get_selected (self->distribution)));
  g_string_append_printf (s, "type = %s\n", ws_key_type_name (gtk_drop_down_get_selected (self->key_type)));
  g_string_append_printf (s, "verify = %s\n", gtk_check_button_get_active (self->verify) ? "true" : "false");
  append_repetitions (self, s);
  append_grids (self, s);
  return g_string_free (s, FALSE);
}

/* ---- presets ---- */

static int
by_name (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* The dropdown's name for a preset file: its own, else the file's. */
static char *
preset_title (const char *path)
{
  g_autoptr (WsPreset) p = ws_preset_load (path, NULL);

  return p ? g_strdup (p->name) : g_path_get_basename (path);
}

/* The dropdown: "Custom plan", then every shipped preset by its name. */
void
ws_bench_page_list_presets (WsBenchPage *self)
{
  g_autoptr (GDir) dir = g_dir_open (WS_PRESETS_DIR, 0, NULL);
  g_autoptr (GtkStringList) names = gtk_string_list_new ((const char *const[]) { "Custom plan", NULL });
  const char *file;

  self->preset_paths = g_ptr_array_new_with_free_func (g_free);
  while (dir != NULL && (file = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (file, ".ini"))
      g_ptr_array_add (self->preset_paths, g_build_filename (WS_PRESETS_DIR, file, NULL));
  g_ptr_array_sort (self->preset_paths, by_name);
  for (guint i = 0; i < self->preset_paths->len; i++)
    {
      g_autofree char *title = preset_title (self->preset_paths->pdata[i]);
      gtk_string_list_append (names, title);
    }
  gtk_drop_down_set_model (self->preset, G_LIST_MODEL (names));
}

static const char *
chosen_path (WsBenchPage *self)
{
  guint i = gtk_drop_down_get_selected (self->preset);

  return i >= 1 && i <= self->preset_paths->len ? self->preset_paths->pdata[i - 1] : NULL;
}

static void
append_names (GString *s, const char *what, GPtrArray *names)
{
  g_string_append_printf (s, "%s%s: ", s->len > 0 ? "\n" : "", what);
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf (s, "%s%s", i ? ", " : "", (const char *) names->pdata[i]);
}

/* What a preset runs, in a few lines under the dropdown. */
static char *
preset_summary (const WsPreset *p)
{
  g_autoptr (GPtrArray) algos = g_ptr_array_new (), variants = g_ptr_array_new ();
  GString *s = g_string_new (p->description); /* the name is in the dropdown */
  gsize lo = g_array_index (p->sizes, gsize, 0), hi = lo;

  for (guint i = 0; i < p->algorithms->len; i++)
    g_ptr_array_add (algos, (gpointer) ((const WsAlgorithm *) p->algorithms->pdata[i])->name);
  for (guint i = 0; i < p->variants->len; i++)
    g_ptr_array_add (variants, (gpointer) ws_variant_name (g_array_index (p->variants, WsVariant, i)));
  for (guint i = 0; i < p->sizes->len; i++)
    lo = MIN (lo, g_array_index (p->sizes, gsize, i)), hi = MAX (hi, g_array_index (p->sizes, gsize, i));
  append_names (s, "Algorithms", algos);
  append_names (s, "Variants", variants);
  g_string_append_printf (s, "\nSizes: %u from %" G_GSIZE_FORMAT " to %" G_GSIZE_FORMAT
                          "; baseline %s; %s timing%s", p->sizes->len, lo, hi,
                          ws_variant_name (p->baseline), ws_timing_name (p->timing),
                          p->cold ? "; cold L2" : "");
  if (p->all_devices || p->devices != NULL)
    {
      g_autofree char *list = ws_bench_devices_text (p->devices);
      g_string_append_printf (s, "; GPUs %s", p->all_devices ? "all" : list);
    }
  return g_string_free (s, FALSE);
}

/* A preset says what it runs under the dropdown; the controls are there
 * for the custom plan only. */
void
ws_bench_page_show_preset (WsBenchPage *self)
{
  const char *path = chosen_path (self);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsPreset) p = path ? ws_preset_load (path, &error) : NULL;
  g_autofree char *summary = p ? preset_summary (p) : NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->custom_box), path == NULL);
  /* The switch shows the preset's own setting; a custom plan keeps the last. */
  if (p != NULL)
    gtk_switch_set_active (self->cold, p->cold);
  show_devices (self, p);
  if (path == NULL)
    gtk_label_set_text (self->preset_label, "Choose algorithms, variants and sizes below.");
  else
    gtk_label_set_text (self->preset_label, p ? summary : error->message);
}

void
ws_bench_page_set_sizes (WsBenchPage *self, const char *from, const char *to, const char *step)
{
  gtk_editable_set_text (GTK_EDITABLE (self->size_from), from);
  gtk_editable_set_text (GTK_EDITABLE (self->size_to), to);
  gtk_editable_set_text (GTK_EDITABLE (self->size_step), step);
}

gboolean
ws_bench_page_open_preset (WsBenchPage *self, const char *path, GError **error)
{
  g_autoptr (WsPreset) p = ws_preset_load (path, error);

  g_return_val_if_fail (WS_IS_BENCH_PAGE (self), FALSE);
  if (p == NULL)
    return FALSE;
  g_ptr_array_add (self->preset_paths, g_strdup (path));
  gtk_string_list_append (GTK_STRING_LIST (gtk_drop_down_get_model (self->preset)), p->name);
  gtk_drop_down_set_selected (self->preset, self->preset_paths->len);
  return TRUE;
}

gboolean
ws_bench_page_choose_preset (WsBenchPage *self, const char *name)
{
  g_autofree char *file = name ? g_strconcat (name, ".ini", NULL) : NULL;

  g_return_val_if_fail (WS_IS_BENCH_PAGE (self), FALSE);
  for (guint i = 0; file != NULL && i < self->preset_paths->len; i++)
    {
      g_autofree char *base = g_path_get_basename (self->preset_paths->pdata[i]);
      if (g_str_equal (base, file))
        {
          gtk_drop_down_set_selected (self->preset, i + 1);
          return TRUE;
        }
    }
  if (name == NULL)
    gtk_drop_down_set_selected (self->preset, 0);
  return name == NULL;
}

WsPreset *
ws_bench_page_make_preset (WsBenchPage *self, GError **error)
{
  const char *path = chosen_path (self);
  g_autofree char *text = path ? NULL : ws_bench_page_plan_text (self);
  WsPreset *p = path ? ws_preset_load (path, error)
                     : ws_preset_load_data (CUSTOM_NAME, text, strlen (text), error);

  if (p != NULL && gtk_check_button_get_active (self->quick))
    ws_preset_make_quick (p, WS_PRESET_QUICK_MAX_SIZE);
  if (p != NULL)
    p->cold = gtk_switch_get_active (self->cold);
  if (p != NULL && !apply_devices (self, p, error))
    g_clear_pointer (&p, ws_preset_free);
  return p;
}
