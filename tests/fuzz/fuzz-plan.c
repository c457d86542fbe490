/* fuzz-plan.c: the plan text the benchmark panel builds from its controls.
 *
 * The panel writes what was clicked and typed as a preset
 * (ws_bench_page_plan_text in app/ui/ws-bench-plan.c, GTK code the
 * harness cannot link) and runs it through ws_preset_load_data, --quick and
 * ws_bench_plan_new. The harness writes the same text the same way — keep
 * it in step with that function — from fuzzed controls:
 *
 *   line 1–3  the typed fields Sizes from, to and Step
 *   line 4–7  the typed grids R, BS, K and p
 *   the rest  the clicked controls, a byte each (see Choices)
 *
 * Typed text reaches the file as field() gives it: stripped, its line
 * breaks made spaces, cut at a NUL (an entry holds none). The plan that
 * comes out must hold only what was asked for, each configuration once.
 */
#include <string.h>

#include "fuzz-util.h"
#include "ws-bench-record.h"
#include "ws-bench.h"

enum { FROM, TO, STEP, RADIUS, BLOCK, PER_THREAD, SEGMENTS, N_FIELDS };

static const char *const grid_params[] = { "radius", "block", "per-thread", "segments" };

/* The clicked controls. Zero bytes give the panel's usual start (bitonic,
 * cpu-seq, 5 repetitions), so a seed of typed fields alone makes a plan. */
typedef struct
{
  guint    algorithms; /* bit i: the registry's algorithm i is checked */
  guint    variants;   /* bit v: variant v is checked */
  guint    baseline, distribution, type;
  gboolean verify, adaptive, add_step, quick;
  guint    repetitions; /* the spin button: 1 … 1000000 */
  double   budget;      /* the spin button: 0.05 … 600 s by 0.05 */
} Choices;

static guint
byte_at (const uint8_t *bytes,
         size_t         n,
         size_t         i)
{
  return i < n ? bytes[i] : 0;
}

static void
read_choices (const uint8_t *c,
              size_t         n,
              Choices       *out)
{
  guint flags = byte_at (c, n, 6);

  out->algorithms = (byte_at (c, n, 0) | byte_at (c, n, 1) << 8) ^ 1;
  out->variants = byte_at (c, n, 2) ^ 1;
  out->baseline = byte_at (c, n, 3) % WS_N_VARIANTS;
  out->distribution = byte_at (c, n, 4) % WS_N_DISTS;
  out->type = byte_at (c, n, 5) % 2;
  out->verify = !(flags & 1);
  out->adaptive = (flags & 2) != 0;
  out->add_step = (flags & 4) != 0;
  out->quick = (flags & 8) != 0;
  out->repetitions = 1 + ((byte_at (c, n, 7) | byte_at (c, n, 8) << 8 | byte_at (c, n, 9) << 16)
                          ^ 4) % 1000000;
  out->budget = 0.05 * (1 + (byte_at (c, n, 10) | byte_at (c, n, 11) << 8) % 12000);
}

/* field() of ws-bench-plan.c. */
static char *
field (const char *start,
       gsize       len)
{
  char *text = g_strstrip (g_strndup (start, len));

  g_strdelimit (text, "\r\n", ' ');
  return text;
}

/* Splits the bytes into the typed fields; returns where the choices start. */
static gsize
read_fields (const uint8_t *data,
             size_t         size,
             char          *fields[N_FIELDS])
{
  const char *p = (const char *) data, *end = p + size;

  for (guint f = 0; f < N_FIELDS; f++)
    {
      const char *eol = p < end ? memchr (p, '\n', (gsize) (end - p)) : NULL;
      const char *stop = eol ? eol : end;

      fields[f] = field (p, (gsize) (stop - p));
      p = eol ? eol + 1 : end;
    }
  return (gsize) (p - (const char *) data);
}

static void
append_checked (GString    *s,
                const char *key,
                guint       mask,
                guint       n,
                const char *(*name) (guint))
{
  gboolean first = TRUE;

  g_string_append_printf (s, "%s = ", key);
  for (guint i = 0; i < n; i++)
    if (mask & (1u << i))
      {
        g_string_append_printf (s, "%s%s", first ? "" : ", ", name (i));
        first = FALSE;
      }
  g_string_append_c (s, '\n');
}

static const char *
algorithm_name (guint i)
{
  guint n;

  return ws_registry_list (&n)[i]->name;
}

static const char *
variant_name (guint v)
{
  return ws_variant_name ((WsVariant) v);
}

/* ws_bench_page_plan_text, from the fuzzed controls. */
static char *
plan_text (char *const fields[N_FIELDS], const Choices *c)
{
  GString *s = g_string_new ("# Made by Warpscope's benchmark panel\n[preset]\n"
                             "name = Custom plan\n");
  char budget[G_ASCII_DTOSTR_BUF_SIZE];
  gboolean any = FALSE;
  guint n_algos;

  ws_registry_list (&n_algos);
  append_checked (s, "algorithms", c->algorithms, MIN (n_algos, 16), algorithm_name);
  append_checked (s, "variants", c->variants, MIN (WS_N_VARIANTS, 8), variant_name);
  g_string_append_printf (s, "baseline = %s\n", ws_variant_name ((WsVariant) c->baseline));
  if (g_strcmp0 (fields[FROM], fields[TO]) == 0)
    g_string_append_printf (s, "sizes = %s\n", fields[FROM]);
  else
    g_string_append_printf (s, "sizes = %s..%s %s%s\n", fields[FROM], fields[TO],
                            c->add_step ? "+" : "x", fields[STEP]);
  g_string_append_printf (s, "distribution = %s\n",
                          ws_distribution_name ((WsDistribution) c->distribution));
  g_string_append_printf (s, "type = %s\n", ws_key_type_name ((WsKeyType) c->type));
  g_string_append_printf (s, "verify = %s\n", c->verify ? "true" : "false");
  if (!c->adaptive)
    g_string_append_printf (s, "repetitions = %u\n", c->repetitions);
  else
    g_string_append_printf (s, "repetitions = adaptive\n[adaptive]\ntime_budget = %s\n",
                            g_ascii_formatd (budget, sizeof budget, "%g", c->budget));
  for (guint g = 0; g < G_N_ELEMENTS (grid_params); g++)
    {
      if (fields[RADIUS + g][0] == '\0')
        continue;
      if (!any)
        g_string_append (s, "[params]\n");
      any = TRUE;
      g_string_append_printf (s, "%s = %s\n", grid_params[g], fields[RADIUS + g]);
    }
  return g_string_free (s, FALSE);
}

static gboolean
has_size (const WsPreset *p,
          gsize           n)
{
  for (guint i = 0; i < p->sizes->len; i++)
    if (g_array_index (p->sizes, gsize, i) == n)
      return TRUE;
  return FALSE;
}

static gboolean
has_variant (const WsPreset *p,
             WsVariant       v)
{
  for (guint i = 0; i < p->variants->len; i++)
    if (g_array_index (p->variants, WsVariant, i) == v)
      return TRUE;
  return FALSE;
}

static void
check_plan (const WsBenchPlan *plan)
{
  g_autoptr (GHashTable) keys = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (WsBenchRecord) record = ws_bench_record_new (plan->preset, NULL);

  ws_fuzz_check (plan->configs->len > 0, "a plan of no configuration");
  for (guint i = 0; i < plan->configs->len; i++)
    {
      const WsBenchConfig *c = g_ptr_array_index (plan->configs, i);
      g_autofree char *what = ws_bench_config_describe (c);

      ws_fuzz_check (has_size (plan->preset, c->n) && has_variant (plan->preset, c->variant)
                     && ws_algorithm_defines (c->algo, c->variant),
                     "configuration %s was not asked for", what);
      ws_fuzz_check (g_hash_table_add (keys, c->key), "configuration %s is planned twice", what);
    }
  ws_fuzz_check (ws_bench_record_get (record, "hash") != NULL, "a record without a hash");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  char *fields[N_FIELDS] = { NULL };
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (WsBenchPlan) plan = NULL;
  WsPreset *preset;
  Choices choices;
  gsize at;

  ws_fuzz_init ();
  at = read_fields (data, size, fields);
  read_choices (data + at, size - at, &choices);
  text = plan_text (fields, &choices);
  for (guint f = 0; f < N_FIELDS; f++)
    g_free (fields[f]);
  preset = ws_preset_load_data ("custom plan", text, strlen (text), &error);
  if (preset == NULL)
    {
      ws_fuzz_check_error (error);
      return 0;
    }
  if (choices.quick)
    ws_preset_make_quick (preset, WS_PRESET_QUICK_MAX_SIZE);
  plan = ws_bench_plan_new (preset, &error); /* takes the preset */
  if (plan == NULL)
    {
      ws_fuzz_check_error (error);
      return 0;
    }
  check_plan (plan);
  return 0;
}
