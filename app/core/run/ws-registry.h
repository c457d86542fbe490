/* ws-registry.h: every algorithm × variant × parameter Warpscope knows.
 *
 * One table, read by the CLI (`list`, `run`), and later by the application
 * and the benchmark runner, so that names, ranges and defaults live in one
 * place. Availability at run time (is there a GPU?) is the backend's word,
 * asked by ws_algorithm_check_run (ws-run.h); the registry says what an
 * algorithm defines, and asks no backend.
 */
#pragma once

#include <glib.h>

#include "ws-types.h"

G_BEGIN_DECLS

/* What goes in and what comes out, which decides how inputs are made and
 * results are written and verified. */
typedef enum
{
  WS_SHAPE_SORT,      /* keys -> the same keys ascending */
  WS_SHAPE_DOT,       /* two key arrays -> one number */
  WS_SHAPE_STENCIL,   /* N×N grid -> (N−2R)×(N−2R) grid */
  WS_SHAPE_REDUCE,    /* keys -> one number */
  WS_SHAPE_SCAN,      /* keys -> exclusive prefix sums */
  WS_SHAPE_HISTOGRAM, /* keys -> B bin counts */
  WS_SHAPE_SEARCH,    /* sorted keys + queries -> first index of each, or −1 */
} WsShape;

#define WS_MAX_PARAMS 4

/* How a variant's work grows with n (the grid side N for the window sum),
 * for estimating a benchmark's time: ws_algorithm_work gives the figure,
 * the estimator fits seconds to it. q is the number of queries of a search,
 * p its segments, R the window's radius. */
typedef enum
{
  WS_COST_OF_ALGORITHM,  /* in variant_cost only: as the algorithm's `cost` */
  WS_COST_N,             /* n: one or a few passes over the keys */
  WS_COST_N_LOG_N,       /* n log n */
  WS_COST_N_LOG2_N,      /* n log² n: sorting networks */
  WS_COST_N2,            /* n²: odd-even transposition */
  WS_COST_GRID,          /* N²: window sums by running sums */
  WS_COST_GRID_WINDOW,   /* (N−2R)²·(2R+1)²: every window summed */
  WS_COST_QUERIES_LOG_N, /* q log n: a lower-bound search per query */
  WS_COST_QUERIES_KARY,  /* q·p·log_p n: p−1 probes a step */
  WS_COST_QUERIES_SPLIT, /* q·(p + log n): a split into p segments, then interpolation */
} WsCost;

typedef struct
{
  const char *name;        /* as the CLI spells it: --radius, --bins */
  const char *description;
  gint64      min;
  gint64      max;
  gint64      def;
  guint       variants;    /* bit (1 << WsVariant) per variant that reads it; 0: all */
} WsParamSpec;

typedef struct
{
  const char        *name;          /* "bitonic" */
  const char        *title;         /* "Bitonic sorting network" */
  const char        *study;         /* "000, 003", or NULL when no study has it */
  const char        *description;
  WsShape            shape;
  guint              key_types;     /* bit (1 << WsKeyType) per supported type */
  gsize              default_n;     /* keys, or the grid side N */
  gsize              max_n;         /* keeps O(n²) algorithms to sizes that finish */
  const WsParamSpec *params;        /* n_params entries */
  guint              n_params;
  /* What each variant is, or NULL when the algorithm has none of that kind;
   * a variant not built yet says so in its text rather than being hidden. */
  const char        *variants[WS_N_VARIANTS];
  WsCost             cost;          /* how its work grows with n */
  WsCost             variant_cost[WS_N_VARIANTS]; /* where a variant's differs */
} WsAlgorithm;

/* Parameter values of one run, in the order of the algorithm's params. */
typedef struct
{
  gint64 values[WS_MAX_PARAMS];
} WsParams;

const WsAlgorithm *const *ws_registry_list          (guint *n_algorithms);
const WsAlgorithm        *ws_registry_lookup        (const char *name,
                                                     GError    **error);

gboolean                  ws_algorithm_defines      (const WsAlgorithm *algo,
                                                     WsVariant          variant);
gboolean                  ws_algorithm_supports_type (const WsAlgorithm *algo,
                                                      WsKeyType          type);
/* A short "int32, float32" for listings. */
char                     *ws_algorithm_types_string (const WsAlgorithm *algo);

const WsParamSpec        *ws_algorithm_param        (const WsAlgorithm *algo,
                                                     const char        *name,
                                                     guint             *index);
/* Whether a variant reads the parameter (a benchmark varies it only there). */
gboolean                  ws_param_applies          (const WsParamSpec *spec,
                                                     WsVariant          variant);
void                      ws_params_init_defaults   (const WsAlgorithm *algo,
                                                     WsParams          *params);
/* Set a parameter by name, checking it exists and lies in its range. */
gboolean                  ws_params_set             (const WsAlgorithm *algo,
                                                     WsParams          *params,
                                                     const char        *name,
                                                     gint64             value,
                                                     GError           **error);
gint64                    ws_params_get             (const WsAlgorithm *algo,
                                                     const WsParams    *params,
                                                     const char        *name);

/* The variant's cost model, and the work it gives for n and params (at
 * least 1): what a benchmark's time estimate scales by. */
WsCost                    ws_algorithm_cost         (const WsAlgorithm *algo,
                                                     WsVariant          variant);
double                    ws_algorithm_work         (const WsAlgorithm *algo,
                                                     WsVariant          variant,
                                                     gsize              n,
                                                     const WsParams    *params);

G_END_DECLS
