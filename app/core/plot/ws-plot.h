/* ws-plot.h: charts of benchmark results, drawn with Cairo.
 *
 * The model (axes, series of points with error intervals, reference lines)
 * is kept apart from the drawing, as in Sysprof's charts: the same WsPlot
 * draws into the application's widget (any cairo_t) and into PNG, SVG and
 * PDF files for the CLI. Drawing is deterministic: the same plot gives the
 * same pixels (and the same file bytes) every time.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  WS_PLOT_LINEAR,
  WS_PLOT_LOG,       /* base 10 gridlines; non-positive values are left out */
} WsPlotScale;

typedef struct _WsPlot WsPlot;

WsPlot     *ws_plot_new                 (const char *title);
void        ws_plot_free                (WsPlot *plot);

/* Axis labels name the quantity and its unit: "keys (n)", "time (ms)". */
void        ws_plot_set_x_axis          (WsPlot      *plot,
                                         const char  *label,
                                         WsPlotScale  scale);
void        ws_plot_set_y_axis          (WsPlot      *plot,
                                         const char  *label,
                                         WsPlotScale  scale);
/* The scales alone, labels kept: the application's log/linear toggles. */
void        ws_plot_set_x_scale         (WsPlot      *plot,
                                         WsPlotScale  scale);
void        ws_plot_set_y_scale         (WsPlot      *plot,
                                         WsPlotScale  scale);
WsPlotScale ws_plot_get_x_scale         (const WsPlot *plot);
WsPlotScale ws_plot_get_y_scale         (const WsPlot *plot);

/* A new series (a line with markers, its own colour and marker shape, and
 * an entry in the legend); returns its index. */
guint       ws_plot_add_series          (WsPlot     *plot,
                                         const char *name);
/* A series beside series like (a baseline beside a run): drawn in like's
 * colour and marker, its line dashed and its markers open, so that the
 * two read as one configuration measured twice. like past the series
 * there are (WS_PLOT_NO_SERIES) gives it a colour of its own, dashed all
 * the same. Returns its index. */
guint       ws_plot_add_dashed_series   (WsPlot     *plot,
                                         const char *name,
                                         guint       like);
/* Whose colour and marker series is drawn with (its own index, or the
 * like of a dashed series), and whether it is dashed. */
guint       ws_plot_series_pen          (const WsPlot *plot,
                                         guint         series);
gboolean    ws_plot_series_dashed       (const WsPlot *plot,
                                         guint         series);
guint       ws_plot_n_series            (const WsPlot *plot);
/* Text, markers and strokes at emphasis times the sizes the drawing's size
 * gives them (1 by default; presentation mode's 1.5 on screen), for draw
 * and hit testing alike. */
void        ws_plot_set_emphasis        (WsPlot       *plot,
                                         double        emphasis);
/* The title as given (NULL for none). */
const char *ws_plot_title               (const WsPlot *plot);
/* The x axis's label as given (NULL for none). */
const char *ws_plot_x_label             (const WsPlot *plot);
/* The name as given ("" for NULL); NULL for no such series. */
const char *ws_plot_series_name         (const WsPlot *plot,
                                         guint         series);
/* A hidden series is neither drawn nor counted in the axes' ranges, but
 * keeps its legend entry, dimmed, so that a click can bring it back. With
 * every series hidden the chart says "No data", as one without points. */
void        ws_plot_set_series_visible  (WsPlot   *plot,
                                         guint     series,
                                         gboolean  visible);
gboolean    ws_plot_series_visible      (const WsPlot *plot,
                                         guint         series);
/* A point of a series; y_lo ≤ y ≤ y_hi draw an error bar, NAN for none.
 * Points are drawn in x order whatever order they are added in. */
void        ws_plot_add_point           (WsPlot *plot,
                                         guint   series,
                                         double  x,
                                         double  y,
                                         double  y_lo,
                                         double  y_hi);
/* A series' points in the order added: how many, and point i's values
 * (y_lo and y_hi NAN where it has no error bar). */
guint       ws_plot_n_points            (const WsPlot *plot,
                                         guint         series);
void        ws_plot_get_point           (const WsPlot *plot,
                                         guint         series,
                                         guint         i,
                                         double       *x,
                                         double       *y,
                                         double       *y_lo,
                                         double       *y_hi);
/* A labelled horizontal reference line: speedup 1 (where the GPU overtakes
 * the CPU), the device's peak bandwidth. */
void        ws_plot_add_hline           (WsPlot     *plot,
                                         double      y,
                                         const char *label);
/* A labelled vertical reference line, dashed as hlines are, its label near
 * the top of the plot area: where a GPU variant overtakes the CPU. It marks
 * something inside the data's range, so unlike an hline it never widens
 * the axis: outside the range (or ≤ 0 on a log axis) it is not drawn. */
void        ws_plot_add_vline           (WsPlot     *plot,
                                         double      x,
                                         const char *label);
/* A vline that says something about one series (its crossover): hidden
 * with it. */
#define WS_PLOT_NO_SERIES G_MAXUINT
void        ws_plot_add_series_vline    (WsPlot     *plot,
                                         guint       series,
                                         double      x,
                                         const char *label);
/* A series vline where the series' line, as drawn, first goes from below
 * level to level or above, in x order: the x where the segment between
 * those two points crosses level, interpolated on the axes' scales (in
 * log10 on a log axis), so that the line meets the curve on the chart —
 * where a GPU variant overtakes the baseline. Its x and its label, "LABEL
 * ≈ x" with x as ws_format_si writes it ("gpu ≥ 1× from n ≈ 12.3k"),
 * follow the points and the scales. FALSE, and nothing added, when the
 * series does not cross (a series always above or below). */
gboolean    ws_plot_add_series_crossing (WsPlot     *plot,
                                         guint       series,
                                         double      level,
                                         const char *label);
guint       ws_plot_n_vlines            (const WsPlot *plot);
double      ws_plot_vline_x             (const WsPlot *plot,
                                         guint         i);
const char *ws_plot_vline_label         (const WsPlot *plot,
                                         guint         i);
/* The series vline i belongs to, or WS_PLOT_NO_SERIES. */
guint       ws_plot_vline_series        (const WsPlot *plot,
                                         guint         i);

/* x to 3 significant digits with k, M, G, T or P, separated by sep:
 * "950", "12.3k" (sep ""), "25.3 M" (sep " "). 999.5 and up round to 1000,
 * so they take the next prefix ("1k"). */
char       *ws_format_si                (double      x,
                                         const char *sep);

/* Draws the whole chart (background, title, axes, ticks, grid, series,
 * error bars, reference lines, legend) into width × height user units. A
 * plot without points says so in the middle instead of drawing axes. */
void        ws_plot_draw                (WsPlot  *plot,
                                         cairo_t *cr,
                                         double   width,
                                         double   height);

typedef enum
{
  WS_PLOT_HIT_NONE,
  WS_PLOT_HIT_POINT,
  WS_PLOT_HIT_LEGEND,
} WsPlotHitKind;

typedef struct
{
  WsPlotHitKind kind;
  guint         series; /* POINT, LEGEND */
  guint         index;  /* POINT: the point's index in the order added */
  double        x, y;   /* POINT: its values */
  double        lo, hi; /* POINT: its error bar, NAN when it has none */
} WsPlotHit;

/* What a drawing of width × height shows at (px, py), in the same user
 * units, for tooltips and clicks: the legend entry of a series (its row:
 * line sample, marker and name; hidden series included) before anything
 * else, then the drawn point whose marker centre is nearest, within
 * radius. Lays the chart out with ws_plot_draw's own code, measuring text
 * on an image surface: positions match the pixels of a drawing on any
 * surface that measures text as image surfaces do (PNG files, GTK 4's
 * drawing areas). Always fills hit; returns whether it found something. */
gboolean    ws_plot_hit                 (WsPlot    *plot,
                                         double     width,
                                         double     height,
                                         double     px,
                                         double     py,
                                         double     radius,
                                         WsPlotHit *hit);
/* Where the data point (x, y) lands in a drawing of width × height, laid
 * out as ws_plot_hit does; FALSE when the axes cannot place it, or the
 * chart has no data. */
gboolean    ws_plot_project             (WsPlot *plot,
                                         double  width,
                                         double  height,
                                         double  x,
                                         double  y,
                                         double *px,
                                         double *py);

/* The size of the charts written to files (the CLI's, the application's
 * exports): 1600 × 1000, legible on a slide. */
#define WS_PLOT_FILE_WIDTH  1600
#define WS_PLOT_FILE_HEIGHT 1000

/* Writes the chart to path, the format from its extension (.png, .svg,
 * .pdf), width × height pixels (points for PDF), atomically: a temporary
 * file renamed over path, so that a failure never leaves half a file. */
gboolean    ws_plot_save                (WsPlot      *plot,
                                         const char  *path,
                                         int          width,
                                         int          height,
                                         GError     **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsPlot, ws_plot_free)

G_END_DECLS
