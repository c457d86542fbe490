/* ws-diagram-tikz.c: a diagram as a standalone LaTeX document of one
 * tikzpicture, for lecture notes: x counts sub-columns (the gaps between
 * layers as in the drawings), y counts wires downwards. Only comparators
 * are \draw commands (wires and bands are \path), one each, so that a
 * document's comparators can be counted and restyled. */
#include "ws-diagram-private.h"

static const char *const preamble =
  "\\documentclass[tikz,border=6pt]{standalone}\n"
  "\\usetikzlibrary{arrows.meta}\n"
  "\\begin{document}\n"
  "\\begin{tikzpicture}[x=2.8mm, y=-4.5mm,\n"
  "  wire/.style={draw=black!45, line width=0.5pt},\n"
  "  pad/.style={wire, dashed, draw=black!30},\n"
  "  label/.style={anchor=east, font=\\scriptsize},\n"
  "  small/.style={font=\\tiny},\n"
  "  comparator/.style={line width=0.7pt, shorten <=-1.4pt,\n"
  "    {Circle[length=2.8pt]}-{Stealth[length=3.6pt]}},\n"
  "  layer/.style={fill=black!6},\n"
  "  registers/.style={fill=green!55!black, fill opacity=0.2},\n"
  "  shared/.style={fill=cyan!70!blue, fill opacity=0.18},\n"
  "  global/.style={fill=orange, fill opacity=0.25},\n"
  "  launch/.style={draw=black!50, rounded corners=2pt}]\n";

static const char *const memory_styles[] = { "global", "shared", "registers" };

/* A coordinate with a '.' whatever the locale (the CLI runs in the user's). */
typedef char Num[G_ASCII_DTOSTR_BUF_SIZE];

static const char *
num (Num    buf,
     double v)
{
  return g_ascii_formatd (buf, sizeof (Num), "%.2f", v);
}

/* Each layer's left edge, and the right end of the wires, in sub-columns. */
static double *
layer_lefts (const WsDiagram *d,
             double          *end)
{
  double *x = g_new (double, d->n_layers + 1), at = WS_DIAGRAM_GAP;

  for (guint l = 0; l < d->n_layers; l++)
    {
      x[l] = at;
      at += d->columns[l] + WS_DIAGRAM_GAP;
    }
  *end = at;
  return x;
}

static void
layers (GString         *out,
        const WsDiagram *d,
        const double    *x)
{
  Num a, b;

  g_string_append (out, "% the layers, numbered from 1\n");
  for (guint l = 0; l < d->n_layers; l++)
    {
      const char *style = d->memory != NULL ? memory_styles[d->memory[l]] : "layer";
      if (d->memory == NULL && l % 2 == 0)
        continue;
      g_string_append_printf (out, "\\path[%s] (%s,-0.5) rectangle (%s,%u.5);\n", style,
                              num (a, x[l] - 0.4), num (b, x[l] + d->columns[l] + 0.4),
                              d->n_wires - 1);
    }
  for (guint l = 0; l < d->n_layers; l++)
    g_string_append_printf (out, "\\node[small] at (%s,-1.1) {%u};\n",
                            num (a, x[l] + d->columns[l] / 2.0), l + 1);
}

static void
wires (GString         *out,
       const WsDiagram *d,
       double           end)
{
  Num e;

  g_string_append (out, "% the wires; from n on, bitonic's padding, fed +inf\n");
  for (guint w = 0; w < d->n_wires; w++)
    g_string_append_printf (out, "\\path[%s] (0,%u) -- (%s,%u); \\node[label] at (0,%u) {%u%s};\n",
                            w < d->n_keys ? "wire" : "pad", w, num (e, end), w, w, w,
                            w < d->n_keys ? "" : " $+\\infty$");
}

static void
comparators (GString         *out,
             const WsDiagram *d,
             const double    *x)
{
  for (guint l = 0; l < d->n_layers; l++)
    {
      guint n;
      const WsDiagramComparator *cmp = ws_diagram_layer (d, l, &n);
      g_autofree char *label = ws_diagram_layer_label (d, l);

      g_string_append_printf (out, "%% layer %u: %s\n", l + 1, label);
      for (guint i = 0; i < n; i++)
        {
          Num at;
          num (at, x[l] + cmp[i].column + 0.5);
          g_string_append_printf (out, "\\draw[comparator] (%s,%u) -- (%s,%u);\n", at, cmp[i].a,
                                  at, cmp[i].b);
        }
    }
}

/* A box under each launch's layers, and what the grouping stands for. */
static void
launches (GString         *out,
          const WsDiagram *d,
          const double    *x)
{
  double y = d->n_wires + 0.2;
  Num a, b, c, t, u, v;

  if (d->memory == NULL)
    return;
  g_string_append (out, "% the gpu variant's kernel launches; layers shaded by where the keys "
                        "are compared: registers, shared or global memory\n");
  for (guint i = 0; i < d->launches->len; i++)
    {
      const WsDiagramSpan *s = &g_array_index (d->launches, WsDiagramSpan, i);
      double x0 = x[s->first] - 0.4, x1 = x[s->first + s->n - 1] + d->columns[s->first + s->n - 1] + 0.4;
      g_string_append_printf (out, "\\path[launch, %s] (%s,%s) rectangle (%s,%s);\n"
                              "\\node[small] at (%s,%s) {%u};\n", memory_styles[s->memory],
                              num (a, x0), num (t, y), num (b, x1), num (u, y + 1),
                              num (c, (x0 + x1) / 2), num (v, y + 0.5), i + 1);
    }
  g_string_append_printf (out, "\\node[small, anchor=north west] at (0,%s) {GPU launches "
                          "(green: registers, blue: shared memory, orange: global memory), %s};\n",
                          num (t, y + 1.4), d->gpu_caption);
}

char *
ws_diagram_to_tikz (const WsDiagram *d)
{
  GString *out;
  g_autofree double *x = NULL;
  double end;

  g_return_val_if_fail (d != NULL, NULL);
  out = g_string_new (NULL);
  x = layer_lefts (d, &end);
  g_string_append_printf (out, "%% %s sorting network on %u keys: %u wires, %u layers, %u "
                          "comparators (a dot where the smaller key leaves, an arrow where the "
                          "larger does), written by Warpscope\n",
                          ws_network_kind_name (ws_network_kind (d->net)), d->n_keys, d->n_wires,
                          d->n_layers, ws_diagram_n_comparators (d));
  g_string_append (out, preamble);
  layers (out, d, x);
  wires (out, d, end);
  comparators (out, d, x);
  launches (out, d, x);
  g_string_append (out, "\\end{tikzpicture}\n\\end{document}\n");
  return g_string_free (out, FALSE);
}
